//! Aliases against bash 5.2 at an interactive prompt.
#![allow(clippy::unwrap_used)]

use super::super::super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// What one shell shows for `lines` typed one after another, and the
/// last status.
fn typed(lines: &[&str]) -> (String, i32) {
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let mut shown = String::new();
    let mut status = 0;
    for line in lines {
        let out = sh.run(line, &mut NoCommands);
        shown.push_str(&out.transcript());
        status = out.status;
    }
    (shown, status)
}

#[test]
fn aliases_replace_the_first_word_typed_at_the_prompt() {
    for (lines, want) in [
        (&["alias sq='echo q'", "sq --me"][..], "q --me\n"),
        (
            &["alias e='echo one'", "alias f='e two'", "f three"],
            "one two three\n",
        ),
        (&["alias echo='echo x'", "echo y"], "x y\n"),
        (&["alias both='echo a; echo b'", "both c"], "a\nb c\n"),
        (&["alias q='echo a | tr a b'", "q"], "b\n"),
        (&["alias e='echo hi'", "e > f", "cat f"], "hi\n"),
        (
            &["alias e='echo hi'", "'e'"],
            "bash: e: command not found\n",
        ),
        (&["alias e='echo hi'", "x=1 e $x"], "hi\n"),
        (
            &["alias ll='ls -l'", "alias s=\"echo 'a b'\"", "alias"],
            "alias ll='ls -l'\nalias s='echo '\\''a b'\\'''\n",
        ),
        (
            &["alias ll='ls -l'", "type ll", "type -t ll", "command -v ll"],
            "ll is aliased to `ls -l'\nalias\nalias ll='ls -l'\n",
        ),
        (&["alias ll='ls -l'", "unalias ll", "alias"], ""),
        (&["alias a=1 b=2", "unalias -a", "alias"], ""),
        (
            &["alias q='echo a | tr a b'", "q | cat"],
            "bash: q: an alias of more than one command runs only alone on its line in this simulated shell\n",
        ),
    ] {
        assert_eq!(typed(lines).0, want, "{lines:?}");
    }
}

#[test]
fn bad_alias_lines_get_bashs_answers() {
    for (lines, want, status) in [
        (
            &["alias x=y", "alias x z"][..],
            "alias x='y'\nbash: alias: z: not found\n",
            1,
        ),
        (
            &["alias a/b=c"],
            "bash: alias: `a/b': invalid alias name\n",
            1,
        ),
        (
            &["alias -x"],
            "bash: alias: -x: invalid option\nalias: usage: alias [-p] [name[=value] ... ]\n",
            2,
        ),
        (&["unalias nope"], "bash: unalias: nope: not found\n", 1),
        (
            &["unalias"],
            "unalias: usage: unalias [-a] name [name ...]\n",
            2,
        ),
    ] {
        assert_eq!(typed(lines), (want.to_owned(), status), "{lines:?}");
    }
}

#[test]
fn scripts_do_not_expand_aliases() {
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let out = sh.run_script(
        ("alias e='echo hi'\ne\n", Origin::file("job.sh")),
        &mut NoCommands,
    );
    assert_eq!(out.status, 127, "{}", out.transcript());
}
