//! How a non-interactive bash words its messages (the script's name and
//! the line), and `bash` started as a command with its options: what
//! bash 5.2 prints for the same lines.
#![allow(clippy::unwrap_used)]

use super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// What a fresh shell shows for `lines` typed one by one, and the last
/// status.
fn run(lines: &[&str]) -> (String, i32) {
    // A shell for a valid user name and host cannot fail to start.
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let mut said = String::new();
    let mut status = 0;
    for line in lines {
        let out = sh.run(line, &mut NoCommands);
        said.push_str(&out.transcript());
        status = out.status;
    }
    (said, status)
}

/// A script that fails in a command, a builtin, a function defined above
/// and a command substitution, in that order.
const FAILING: &str = "printf 'echo start\\npythn train.py\\ncd /nope\\nf() {\\n  nosuch \"$1\"\\n}\\nf x\\necho \"[$(alsonot)]\"\\n' > t.sh";

#[test]
fn a_script_names_itself_and_the_line() {
    let want = |name: &str| {
        format!(
            "start\n{name}: line 2: pythn: command not found\n\
             {name}: line 3: cd: /nope: No such file or directory\n\
             {name}: line 5: nosuch: command not found\n\
             {name}: line 8: alsonot: command not found\n[]\n"
        )
    };
    assert_eq!(run(&[FAILING, "bash t.sh"]).0, want("t.sh"));
    assert_eq!(run(&[FAILING, "chmod +x t.sh", "./t.sh"]).0, want("./t.sh"));
    // Sourced at the prompt, the shell stays interactive: no lines.
    assert_eq!(
        run(&[FAILING, "source t.sh"]).0,
        "start\nbash: pythn: command not found\nbash: cd: /nope: No such file or directory\n\
         bash: nosuch: command not found\nbash: alsonot: command not found\n[]\n"
    );
    // A script sourced by a script is named by its own file.
    assert_eq!(
        run(&[
            "echo 'cd /x' > lib.sh",
            "printf 'echo a\\nsource lib.sh\\n' > m.sh",
            "bash m.sh"
        ])
        .0,
        "a\nlib.sh: line 1: cd: /x: No such file or directory\n"
    );
    // `bash -c` names its `$0` and the line in the string.
    assert_eq!(
        run(&["bash -c 'true\nnope'; bash -c 'nope' job"]).0,
        "bash: line 2: nope: command not found\njob: line 1: nope: command not found\n"
    );
    // Every builtin, `read` and the PATH lookup included.
    assert_eq!(
        run(&["bash -c 'true; read -z; PATH= ls; export 1x'"]).0,
        "bash: line 1: read: -z: invalid option\nread: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n\
         bash: line 1: ls: No such file or directory\n\
         bash: line 1: export: `1x': not a valid identifier\n"
    );
    // Commands piped into bash are read as a script named `bash`.
    assert_eq!(
        run(&["echo 'nope' | bash; echo $?"]).0,
        "bash: line 1: nope: command not found\n127\n"
    );
}

#[test]
fn a_syntax_error_ends_a_script_and_shows_its_line() {
    let bad = "printf 'echo a\\nfi\\necho b\\n' > bad.sh";
    assert_eq!(
        run(&[bad, "bash bad.sh"]),
        (
            "a\nbad.sh: line 2: syntax error near unexpected token `fi'\nbad.sh: line 2: `fi'\n"
                .to_owned(),
            2
        )
    );
    assert_eq!(
        run(&[bad, "source bad.sh"]).0,
        "a\nbash: bad.sh: line 2: syntax error near unexpected token `fi'\nbash: bad.sh: line 2: `fi'\n"
    );
    assert_eq!(
        run(&["bash -c 'echo )'"]),
        (
            "bash: -c: line 1: syntax error near unexpected token `)'\nbash: -c: line 1: `echo )'\n"
                .to_owned(),
            2
        )
    );
    assert_eq!(
        run(&["bash -c 'if true'"]).0,
        "bash: -c: line 2: syntax error: unexpected end of file\n"
    );
    // A quote left open is named, on the line it opened; a `$(` on the
    // last line, as bash reads to the end for its `)`.
    assert_eq!(
        run(&[
            "printf 'echo ok\\necho \"hello\\nmore\\n' > q.sh",
            "bash q.sh"
        ])
        .0,
        "ok\nq.sh: line 2: unexpected EOF while looking for matching `\"'\n"
    );
    for (line, want) in [
        (
            "bash -c \"echo 'a\"",
            "line 1: unexpected EOF while looking for matching `''",
        ),
        (
            "bash -c 'echo `ls'",
            "line 1: unexpected EOF while looking for matching ``'",
        ),
        (
            "bash -c 'echo $(ls'",
            "line 2: unexpected EOF while looking for matching `)'",
        ),
        (
            "bash -c 'echo \"a $(b\"'",
            "line 1: unexpected EOF while looking for matching `\"'",
        ),
    ] {
        assert_eq!(run(&[line]), (format!("bash: -c: {want}\n"), 2), "{line}");
    }
    // At the prompt the next line still runs.
    assert_eq!(
        run(&["echo )\necho b"]).0,
        "bash: syntax error near unexpected token `)'\nb\n"
    );
}

#[test]
fn return_leaves_only_functions_and_sourced_files() {
    assert_eq!(
        run(&[
            "printf 'return 3\\necho after\\n' > r.sh",
            "bash r.sh; echo $?",
            "source r.sh; echo $?"
        ])
        .0,
        "r.sh: line 1: return: can only `return' from a function or sourced script\nafter\n0\n3\n"
    );
}

#[test]
fn a_script_gets_its_name_arguments_and_a_fresh_shell() {
    let script = "printf 'echo \"$0 $1 $2 $HOSTNAME\"\\necho \"${X-unset} ${Y-unset}\"\\n' > s.sh";
    assert_eq!(
        run(&[
            script,
            "chmod +x s.sh",
            "X=1; export Y=2",
            "./s.sh a b",
            "bash s.sh c"
        ])
        .0,
        "./s.sh a b login1\nunset 2\ns.sh c  login1\nunset 2\n"
    );
}

#[test]
fn bash_takes_its_options_as_bash_does() {
    let (version, status) = run(&["bash --version"]);
    assert!(
        version.starts_with("GNU bash, version 5.2.15(1)-release (x86_64-pc-linux-gnu)\n"),
        "{version}"
    );
    assert_eq!(status, 0);
    let (help, status) = run(&["bash --help"]);
    assert!(help.starts_with(
        "GNU bash, version 5.2.15(1)-release-(x86_64-pc-linux-gnu)\nUsage:\tbash [GNU long option]"
    ));
    assert!(help.ends_with("General help using GNU software: <http://www.gnu.org/gethelp/>\n"));
    assert_eq!(status, 0);
    let (said, status) = run(&["bash -z"]);
    assert!(
        said.starts_with("bash: -z: invalid option\nUsage:\tbash [GNU long option]"),
        "{said}"
    );
    assert!(said.contains("\t-abefhkmnptuvxBCEHPT or -o option\n"));
    assert_eq!(status, 2);
    assert_eq!(run(&["sh --bogus"]).1, 2);
    assert_eq!(
        run(&["bash -c"]),
        ("bash: -c: option requires an argument\n".to_owned(), 2)
    );
    assert_eq!(
        run(&["bash -o bogus -c true"]),
        (
            "bash: line 0: bash: bogus: invalid option name\n".to_owned(),
            2
        )
    );
    assert_eq!(
        run(&["bash -v -c true"]),
        (
            "bash: -v: this option is not available in this simulated shell\n".to_owned(),
            2
        )
    );
    // The `set` options it starts with: -x traces, -e and -u stop.
    assert_eq!(run(&["bash -x -c 'echo hi'"]).0, "+ echo hi\nhi\n");
    assert_eq!(
        run(&["bash -eu -o pipefail -c 'false | true; echo no'; echo $?"]).0,
        "1\n"
    );
    assert_eq!(run(&["bash -l -c 'echo $X' --login-name"]).0, "\n");
    // Its own refusals do not carry the caller's line.
    assert_eq!(
        run(&["printf 'bash nofile\\n' > s.sh", "bash s.sh; echo $?"]).0,
        "bash: nofile: No such file or directory\n127\n"
    );
}

#[test]
fn a_start_or_end_that_matches_is_removed() {
    // Each line as bash 5.2 prints it.
    for (line, want) in [
        (
            "f=train.tar.gz; echo ${f%.*} ${f%%.*} ${f#*.} ${f##*.}",
            "train.tar train tar.gz gz\n",
        ),
        (
            "p=/home/u/ckpt/step_100.pt; echo ${p##*/} ${p%/*} ${p#/} ${p%%/*}x",
            "step_100.pt /home/u/ckpt home/u/ckpt/step_100.pt x\n",
        ),
        (
            "x=abc; echo ${x%z} ${x%} ${x%c} ${x#a} ${x%?} ${x#??}",
            "abc abc ab bc ab c\n",
        ),
        ("echo ${unset%x}_ ${unset##*}_", "_ _\n"),
        ("x=a.b; y=.b; echo ${x%$y} ${x%$(echo .b)}", "a a\n"),
        ("x='a*b'; echo ${x%\\*b} ${x%'*b'} ${x%*b}", "a a a*\n"),
        ("set -- one.py; echo ${1%.py}", "one\n"),
    ] {
        assert_eq!(run(&[line]), (want.to_owned(), 0), "{line}");
    }
}

#[test]
fn a_here_document_may_end_with_the_script() {
    assert_eq!(
        run(&[
            "printf 'echo a\\ncat <<EOF\\nhello\\n' > h.sh",
            "bash h.sh; echo $?"
        ])
        .0,
        "a\nh.sh: line 3: warning: here-document at line 2 delimited by end-of-file (wanted `EOF')\nhello\n0\n"
    );
    assert_eq!(
        run(&["printf 'cat <<A <<B\\nx\\nA\\ny\\n' > h.sh", "bash h.sh"]).0,
        "h.sh: line 4: warning: here-document at line 3 delimited by end-of-file (wanted `B')\ny\n"
    );
    // A `-c` string's warning names no line.
    assert_eq!(
        run(&["bash -c $'cat <<X\\nhi'"]).0,
        "bash: warning: here-document at line 1 delimited by end-of-file (wanted `X')\nhi\n"
    );
}

#[test]
fn pwd_and_cd_answer_as_bash_builtins() {
    assert_eq!(
        run(&["bash -c 'pwd -LZ; pwd --bogus; cd \"\"; echo $?'"]).0,
        "bash: line 1: pwd: -Z: invalid option\npwd: usage: pwd [-LP]\n\
         bash: line 1: pwd: --: invalid option\npwd: usage: pwd [-LP]\n0\n"
    );
}

#[test]
fn random_draws_a_new_number_each_time() {
    let (said, status) = run(&["echo $RANDOM $RANDOM; echo $((10000 + RANDOM % 20000))"]);
    assert_eq!(status, 0);
    let numbers: Vec<u32> = said
        .split_whitespace()
        .filter_map(|n| n.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 3, "{said}");
    assert_ne!(numbers[0], numbers[1]);
    assert!(numbers[..2].iter().all(|&n| n <= 32_767), "{said}");
    assert!((10_000..30_000).contains(&numbers[2]), "{said}");
    // The same start draws the same numbers, so a lab replays alike.
    assert_eq!(run(&["echo $RANDOM"]), run(&["echo $RANDOM"]));
}
