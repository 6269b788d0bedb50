//! find's walk, tests and actions on a small tree, with times from the
//! simulated clock; what findutils 4.9.0 printed for the same tree, unless
//! a comment says otherwise (its own order of a directory is its disk's;
//! here names are in order). The bash oracle (`tests/bash/lines.txt`)
//! compares the rest with the real find.
#![allow(clippy::unwrap_used)]

use super::super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// A shell whose home holds `a/x.sh` (old), `a/b/y.sh` (3 bytes, a day
/// and a half later), `c/z.txt` and `.hidden`; what `line` shows and its
/// status, two days after `T0`.
fn run(line: &str) -> (String, i32) {
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let setup = "mkdir -p a/b c; touch a/x.sh; sleep 129600; echo hi > a/b/y.sh; touch c/z.txt .hidden; sleep 43200";
    sh.run(setup, &mut NoCommands);
    let out = sh.run(line, &mut NoCommands);
    (out.transcript(), out.status)
}

fn check(table: &[(&str, &str, i32)]) {
    super::super::text_tests::check_each(table, run);
}

#[test]
fn walks_in_name_order_a_directory_first_or_last() {
    check(&[
        (
            "find",
            ".\n./.hidden\n./a\n./a/b\n./a/b/y.sh\n./a/x.sh\n./c\n./c/z.txt\n",
            0,
        ),
        ("find a/ c", "a/\na/b\na/b/y.sh\na/x.sh\nc\nc/z.txt\n", 0),
        (
            "find . -depth -path './a*'",
            "./a/b/y.sh\n./a/b\n./a/x.sh\n./a\n",
            0,
        ),
        ("find -maxdepth 1 -mindepth 1", "./.hidden\n./a\n./c\n", 0),
        ("find ~/c /tmp", "/home/ada/c\n/home/ada/c/z.txt\n/tmp\n", 0),
        (
            "find . -name b -prune -o -type f -print",
            "./.hidden\n./a/x.sh\n./c/z.txt\n",
            0,
        ),
    ]);
}

#[test]
fn times_come_from_the_simulated_clock() {
    check(&[
        ("find . -type f -mtime +1", "./a/x.sh\n", 0),
        (
            "find . -type f -mtime 0",
            "./.hidden\n./a/b/y.sh\n./c/z.txt\n",
            0,
        ),
        (
            "find . -type f -mmin -721",
            "./.hidden\n./a/b/y.sh\n./c/z.txt\n",
            0,
        ),
        (
            "find . -type f -mmin 720",
            "./.hidden\n./a/b/y.sh\n./c/z.txt\n",
            0,
        ),
        (
            "find . -type f -newer a/x.sh",
            "./.hidden\n./a/b/y.sh\n./c/z.txt\n",
            0,
        ),
        (
            "find a -name '*.sh' -printf '%TF %TT %p\\n'",
            "2023-11-16 10:13:20.0000000000 a/b/y.sh\n2023-11-14 22:13:20.0000000000 a/x.sh\n",
            0,
        ),
        (
            "find a/x.sh -printf '%t|%T@\\n'",
            "Tue Nov 14 22:13:20.0000000000 2023|1700000000.0000000000\n",
            0,
        ),
    ]);
}

#[test]
fn actions_change_the_tree_and_run_commands() {
    check(&[
        (
            "find . -name '*.sh' -delete; find . -type f",
            "./.hidden\n./c/z.txt\n",
            0,
        ),
        (
            "find . -name a -delete",
            "find: cannot delete ‘./a’: Directory not empty\n",
            1,
        ),
        (
            "find . -empty -delete; find .",
            ".\n./a\n./a/b\n./a/b/y.sh\n",
            0,
        ),
        (
            "find . -type f -name '*.sh' -exec wc -c {} +",
            "3 ./a/b/y.sh\n0 ./a/x.sh\n3 total\n",
            0,
        ),
        (
            "find . -name '*.sh' -exec echo got {} \\;",
            "got ./a/b/y.sh\ngot ./a/x.sh\n",
            0,
        ),
        (
            "find . -type d -name b -exec rm -r {} \\;; ls a",
            "find: ‘./a/b’: No such file or directory\nx.sh\n",
            0,
        ),
        (
            "find . -exec nope {} +",
            "find: ‘nope’: No such file or directory\n",
            1,
        ),
        ("find . -exec false {} +", "", 1),
        ("find . -name x.sh -exec false \\;", "", 0),
        ("find . -name '*.sh' -print -quit", "./a/b/y.sh\n", 0),
        (
            "f=$(find . -name z.txt); cat \"$f\"; echo \"[$f]\"",
            "[./c/z.txt]\n",
            0,
        ),
        (
            "find /home -maxdepth 1 -writable; find / -maxdepth 1 -writable; find /dev -writable",
            "/home/ada\n/tmp\n/dev/null\n",
            0,
        ),
    ]);
}

#[test]
fn messages_quote_as_the_locale_does_and_warn_at_the_terminal() {
    check(&[
        ("find nope", "find: ‘nope’: No such file or directory\n", 1),
        (
            "LANG=C find nope",
            "find: 'nope': No such file or directory\n",
            1,
        ),
        (
            "LC_ALL=C.UTF-8 LANG=C find nope",
            "find: ‘nope’: No such file or directory\n",
            1,
        ),
        (
            "find . -name '*.sh' -maxdepth 1",
            "find: warning: you have specified the global option -maxdepth after the argument -name, but global options are not positional, i.e., -maxdepth affects tests specified before it as well as those specified after it.  Please specify global options before other arguments.\n",
            0,
        ),
        ("echo | find . -name '*.sh' -maxdepth 1", "", 0),
        (
            "find . -name a/x.sh",
            "find: warning: ‘-name’ matches against basenames only, but the given pattern contains a directory separator (‘/’), thus the expression will evaluate to false all the time.  Did you mean ‘-wholename’?\n",
            0,
        ),
        ("find . -name *.sh", "./a/b/y.sh\n./a/x.sh\n", 0),
        ("cd a; find . -name *.sh", "./x.sh\n", 0),
        (
            "cd a; touch z.sh; find . -name *.sh",
            "find: paths must precede expression: `z.sh'\nfind: possible unquoted pattern after predicate `-name'?\n",
            1,
        ),
        (
            "find . -ls",
            "find: -ls is not available in this simulated find (see find --help)\n",
            1,
        ),
        ("find --version", "find (GNU findutils) 4.9.0\n", 0),
        (
            "find . -help | head -n 1",
            "Usage: find [-H] [-L] [-P] [starting-point...] [expression]\n",
            0,
        ),
    ]);
}
