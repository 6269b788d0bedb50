//! Transcript tests of the shell. The expected texts are what bash 5.2 with
//! GNU coreutils 9.1 and grep 3.8 print for the same lines (in the C locale,
//! with the same files), unless a comment says this shell differs on purpose.
#![allow(clippy::unwrap_used)]

use super::exec::MAX_FUNCTION_DEPTH;
use super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

fn shell() -> Shell {
    Shell::new("ada", "login1", T0).unwrap()
}

/// Runs `lines` one by one: the last outcome, with the output of all.
fn run_all(sh: &mut Shell, lines: &[&str]) -> Outcome {
    let mut output = Vec::new();
    let mut last = Outcome::default();
    for line in lines {
        last = sh.run(line, &mut NoCommands);
        output.append(&mut last.output);
    }
    Outcome { output, ..last }
}

/// What a fresh shell shows for one (possibly multi-line) input.
fn transcript(input: &str) -> String {
    shell().run(input, &mut NoCommands).transcript()
}

/// A shell with `f` (three lines), `g` ("a b"), and the directory `d`.
fn with_files() -> Shell {
    let mut sh = shell();
    let fs = sh.fs_mut();
    fs.write("/home/ada/f", "a\nb\nc\n", WriteMode::Truncate, T0)
        .unwrap();
    fs.write("/home/ada/g", "a b\n", WriteMode::Truncate, T0)
        .unwrap();
    fs.mkdir("/home/ada/d", T0).unwrap();
    sh
}

/// Runs `input` in [`with_files`] and returns what is shown and the status.
fn in_files(input: &str) -> (String, i32) {
    let out = with_files().run(input, &mut NoCommands);
    (out.transcript(), out.status)
}

// ------------------------------------------------------------ quoting

#[test]
fn quoting_and_expansion_match_bash() {
    let table: &[(&str, &str)] = &[
        (r#"echo 'a b'  "c  d" e\ f"#, "a b c  d e f\n"),
        (
            r#"echo "a\"b" 'c"d' "e\$f" "g\\h" "i\j""#,
            "a\"b c\"d e$f g\\h i\\j\n",
        ),
        (r"echo a\\b \'x\'", "a\\b 'x'\n"),
        (r#"echo \"hi\" "it's" 'a'"b"c"#, "\"hi\" it's abc\n"),
        (r#"echo "$HOME" '$HOME' \$HOME"#, "/home/ada $HOME $HOME\n"),
        (r#"X="a  b"; echo $X "$X""#, "a b a  b\n"),
        (r#"echo ${UNSET}x "${UNSET}"y"#, "x y\n"),
        (
            "echo ${UNSET:-def} ${HOME:+set} ${#USER} ${UNSET-d2} ${UNSET:+no}",
            "def set 3 d2\n",
        ),
        (
            r#"E=; echo ${E:-colon} ${E-none}"end" "${E:-"a  b"}""#,
            "colon end a  b\n",
        ),
        ("echo $'tab\\there' $\"dq\"", "tab\there dq\n"),
        ("echo a#b #comment", "a#b\n"),
        (
            r#"echo ~ ~/x "~" ~root ~ada/y"#,
            "/home/ada /home/ada/x ~ ~root /home/ada/y\n",
        ),
        ("echo $$ $0 $# $1.", "4242 bash 0 .\n"),
        ("X=1 Y=2; echo $X$Y", "12\n"),
        ("echo -n hi; echo", "hi\n"),
        (r"echo -e 'a\tb\c' x; echo -x", "a\tb-x\n"),
        (r"echo -ne 'q\n'", "q\n"),
        ("echo $ a$ \"$\"", "$ a$ $\n"),
        ("X='*'; echo \"$X\"", "*\n"),
        ("echo \"\" | wc -c", "1\n"),
        ("V=x; V=${V}y; echo $V", "xy\n"),
        ("D=~; echo $D", "/home/ada\n"),
    ];
    for (line, want) in table {
        assert_eq!(transcript(line), *want, "{line}");
    }
}

#[test]
fn unquoted_empty_expansions_vanish_but_quoted_ones_stay() {
    let mut sh = shell();
    let out = run_all(&mut sh, &["touch \"$UNSET\"x", "ls"]);
    assert_eq!(out.transcript(), "x\n");
    // `cat $UNSET` is `cat` reading standard input (empty here).
    assert_eq!(transcript("cat $UNSET; echo $?"), "0\n");
}

// ------------------------------------------------------------ continuation

#[test]
fn unfinished_lines_ask_for_more() {
    let mut sh = shell();
    for (lines, want) in [
        (&["echo 'a", "b'"][..], "a\nb\n"),
        (&["echo \"x", "y\""], "x\ny\n"),
        (&["echo a \\", "b"], "a b\n"),
        (&["echo pipe |", "", "wc -c"], "5\n"),
        (&["true &&", "echo yes"], "yes\n"),
        (&["false ||", "echo no"], "no\n"),
        (&["echo ${HOME:-", "x}"], "/home/ada\n"),
    ] {
        for (i, line) in lines.iter().enumerate() {
            let out = sh.run(line, &mut NoCommands);
            let last = i + 1 == lines.len();
            assert_eq!(out.needs_more, !last, "{lines:?} at {i}");
            if last {
                assert_eq!(out.transcript(), want, "{lines:?}");
                assert_eq!(sh.prompt(), "ada@login1:~$ ");
            } else {
                assert!(out.output.is_empty());
                assert_eq!(sh.prompt(), "> ");
            }
        }
    }
}

#[test]
fn cancel_drops_the_unfinished_command() {
    let mut sh = shell();
    assert!(sh.run("echo 'never", &mut NoCommands).needs_more);
    assert_eq!(sh.cancel().status, 130);
    assert_eq!(sh.prompt(), "ada@login1:~$ ");
    assert_eq!(sh.run("echo $?", &mut NoCommands).transcript(), "130\n");
}

#[test]
fn pasted_lines_run_one_by_one() {
    let out = shell().run("echo a\necho b; echo c\n\n# note\necho d", &mut NoCommands);
    assert_eq!(out.transcript(), "a\nb\nc\nd\n");
    // A syntax error skips its own line only.
    let out = shell().run("echo 1\necho | | x\necho 3", &mut NoCommands);
    assert_eq!(
        out.transcript(),
        "1\nbash: syntax error near unexpected token `|'\n3\n"
    );
    // Complete commands run before an unfinished one waits.
    let mut sh = shell();
    let out = sh.run("echo first\necho 'open", &mut NoCommands);
    assert!(out.needs_more);
    assert_eq!(out.transcript(), "first\n");
    assert_eq!(
        sh.run("closed'", &mut NoCommands).transcript(),
        "open\nclosed\n"
    );
}

// ------------------------------------------------------------ here-documents

#[test]
fn here_documents_expand_unless_quoted() {
    let mut sh = shell();
    let out = run_all(
        &mut sh,
        &[
            "X=42",
            "cat > job.sh <<EOF",
            "#!/bin/bash",
            "#SBATCH --job-name=$USER-test",
            "echo \"x is $X, cost \\$5\" 'q' ${X:-none}",
            "EOF",
        ],
    );
    assert_eq!(out.transcript(), "");
    assert_eq!(
        sh.fs().read("/home/ada/job.sh").unwrap(),
        "#!/bin/bash\n#SBATCH --job-name=ada-test\necho \"x is 42, cost $5\" 'q' 42\n"
    );
    run_all(
        &mut sh,
        &["cat > raw.sh <<'EOF'", "echo $HOME \\$x `x` $(y)", "EOF"],
    );
    assert_eq!(
        sh.fs().read("/home/ada/raw.sh").unwrap(),
        "echo $HOME \\$x `x` $(y)\n"
    );
    let out = run_all(
        &mut sh,
        &["cat <<-\"END\" | wc -l", "\t\tone", "\ttwo", "\tEND"],
    );
    assert_eq!(out.transcript(), "2\n");
    run_all(&mut sh, &["cat <<-END > tabs", "\tkept $X", "END"]);
    assert_eq!(sh.fs().read("/home/ada/tabs").unwrap(), "kept 42\n");
}

#[test]
fn here_documents_wait_for_their_delimiter() {
    let mut sh = shell();
    assert!(sh.run("cat <<EOF; echo after", &mut NoCommands).needs_more);
    assert!(sh.run("body", &mut NoCommands).needs_more);
    assert!(sh.run("EOF ", &mut NoCommands).needs_more);
    let out = sh.run("EOF", &mut NoCommands);
    assert_eq!(out.transcript(), "body\nEOF \nafter\n");
    // Two here-documents on one line are read in order.
    let out = shell().run("cat <<A; cat <<B\n1\nA\n2\nB", &mut NoCommands);
    assert_eq!(out.transcript(), "1\n2\n");
    // A here-string.
    assert_eq!(transcript("X=v; cat <<< \"here $X\""), "here v\n");
    // Command substitution runs in an unquoted body, not in a quoted one.
    let out = shell().run("cat <<EOF\n$(echo hi) $((2*3))\nEOF", &mut NoCommands);
    assert_eq!(out.transcript(), "hi 6\n");
    let out = shell().run("cat <<'EOF'\n$(echo hi)\nEOF", &mut NoCommands);
    assert_eq!(out.transcript(), "$(echo hi)\n");
}

// ------------------------------------------------------------ pipes

#[test]
fn pipes_carry_standard_output_only() {
    assert_eq!(in_files("cat f | grep -v b | wc -l"), ("2\n".into(), 0));
    assert_eq!(in_files("echo hi | cat -n"), ("     1\thi\n".into(), 0));
    assert_eq!(
        in_files("cat nofile | wc -l"),
        ("cat: nofile: No such file or directory\n0\n".into(), 0)
    );
    assert_eq!(in_files("cat nofile |& wc -l"), ("1\n".into(), 0));
    assert_eq!(
        in_files("cat nofile 2>&1 | grep -c such"),
        ("1\n".into(), 0)
    );
    assert_eq!(in_files("ls | cat"), ("d\nf\ng\n".into(), 0));
    assert_eq!(in_files("ls"), ("d  f  g\n".into(), 0));
    assert_eq!(
        in_files("! true; echo $?; ! false; echo $?"),
        ("1\n0\n".into(), 0)
    );
    // Each side of a pipe is a subshell.
    assert_eq!(
        in_files("cd d | true; X=1 | true; pwd; echo x$X"),
        ("/home/ada\nx\n".into(), 0)
    );
    assert_eq!(
        in_files("echo a b c | tee t | wc -w; cat t"),
        ("3\na b c\n".into(), 0)
    );
}

// ------------------------------------------------------------ redirections

#[test]
fn redirections_in_order() {
    let mut sh = with_files();
    let out = run_all(
        &mut sh,
        &[
            "echo a > o; echo b >> o; cat nofile 2> e; cat nofile > both 2>&1",
            "cat nofile 2>&1 > only_out",
            "echo x >/dev/null; echo y 1>&2 2>/dev/null",
            "wc -l < f; &> all echo hi",
        ],
    );
    assert_eq!(
        out.transcript(),
        "cat: nofile: No such file or directory\ny\n3\n"
    );
    let read = |sh: &Shell, p: &str| sh.fs().read(&format!("/home/ada/{p}")).unwrap().to_owned();
    assert_eq!(read(&sh, "o"), "a\nb\n");
    assert_eq!(read(&sh, "e"), "cat: nofile: No such file or directory\n");
    assert_eq!(
        read(&sh, "both"),
        "cat: nofile: No such file or directory\n"
    );
    assert_eq!(read(&sh, "only_out"), "");
    assert_eq!(read(&sh, "all"), "hi\n");
    // stderr of an error goes to the file, in order with stdout.
    run_all(&mut sh, &["cat f nofile g > mix 2>&1"]);
    assert_eq!(
        read(&sh, "mix"),
        "a\nb\nc\ncat: nofile: No such file or directory\na b\n"
    );
    // Redirections alone create files.
    run_all(&mut sh, &["> empty"]);
    assert_eq!(read(&sh, "empty"), "");
}

#[test]
fn redirection_errors_are_bash_errors() {
    for (line, want, status) in [
        (
            "< nofile cat",
            "bash: nofile: No such file or directory\n",
            1,
        ),
        (
            "echo hi > /nodir/x",
            "bash: /nodir/x: No such file or directory\n",
            1,
        ),
        ("echo hi > /x", "bash: /x: Permission denied\n", 1),
        ("echo hi > d", "bash: d: Is a directory\n", 1),
        ("echo > $UNSET", "bash: $UNSET: ambiguous redirect\n", 1),
        ("touch a b; echo > *", "bash: *: ambiguous redirect\n", 1),
        (
            "echo x 3> f",
            "bash: 3: only file descriptors 0, 1 and 2 are available in this simulated shell\n",
            2,
        ),
    ] {
        assert_eq!(in_files(line), (want.to_owned(), status), "{line}");
    }
}

// ------------------------------------------------------------ statuses

#[test]
fn exit_statuses_and_lists() {
    for (line, want) in [
        ("false; echo $?", "1\n"),
        ("nosuch; echo $?", "bash: nosuch: command not found\n127\n"),
        ("nosuch 2>/dev/null; echo $?", "127\n"),
        ("ls nofile 2>/dev/null; echo $?", "2\n"),
        ("grep x nofile 2>/dev/null; echo $?", "2\n"),
        ("grep zzz f; echo $?", "1\n"),
        ("grep a f >/dev/null; echo $?", "0\n"),
        ("grep -m1 -v c f; cat f f | grep -m 2 -c a", "a\n2\n"),
        ("grep --max-count=0 a f; echo $?", "1\n"),
        ("grep -m x a f; echo $?", "grep: invalid max count\n2\n"),
        // -o: each match on its own line, with -n's line number on each;
        // -v has none to show but still selects; -c counts lines.
        (
            "echo 'node-3 node-12; x' | grep -oE 'node-[0-9]+'",
            "node-3\nnode-12\n",
        ),
        ("cat f g | grep -on 'a\\|b'", "1:a\n2:b\n4:a\n4:b\n"),
        ("echo abc | grep -o 'x*'; echo $?", "0\n"),
        ("grep -ov zzz f | wc -l; grep -oc a f", "0\n1\n"),
        (
            "echo busbw 37.21 | grep --only-matching '[0-9.]*$'",
            "37.21\n",
        ),
        ("cd nodir 2>/dev/null; echo $?", "1\n"),
        ("true && echo a || echo b", "a\n"),
        ("false && echo a || echo b", "b\n"),
        ("false || false && echo x; echo $?", "1\n"),
        ("echo $?; false; echo $? $?", "0\n1 1\n"),
        (
            "./nofile; echo $?",
            "bash: ./nofile: No such file or directory\n127\n",
        ),
        ("./f; echo $?", "bash: ./f: Permission denied\n126\n"),
        ("./d; echo $?", "bash: ./d: Is a directory\n126\n"),
        // PIPESTATUS: each command's own status, before `!` and pipefail;
        // a lone command is a pipeline of one.
        (
            "false | true | (exit 3); echo ${PIPESTATUS[@]} $?",
            "1 0 3 3\n",
        ),
        (
            "set -o pipefail; true | false | true; echo ${PIPESTATUS[*]} $?",
            "0 1 0 1\n",
        ),
        ("! grep zzz f; echo $PIPESTATUS ${#PIPESTATUS[@]}", "1 1\n"),
        (
            "ls | wc -l >/dev/null; declare -p PIPESTATUS",
            "declare -a PIPESTATUS=([0]=\"0\" [1]=\"0\")\n",
        ),
    ] {
        assert_eq!(in_files(line).0, want, "{line}");
    }
    let mut sh = shell();
    assert_eq!(sh.run("| a", &mut NoCommands).status, 2);
    assert_eq!(sh.run("echo $?", &mut NoCommands).transcript(), "2\n");
}

// ------------------------------------------------------------ refusals

#[test]
fn syntax_errors_and_refusals_are_worded_like_bash() {
    let unexpected = |t: &str| format!("bash: syntax error near unexpected token `{t}'\n");
    let table: Vec<(&str, String)> = vec![
        ("| a", unexpected("|")),
        ("a | | b", unexpected("|")),
        ("echo a >", unexpected("newline")),
        ("echo a > ;", unexpected(";")),
        ("a ;; b", unexpected(";;")),
        ("; a", unexpected(";")),
        (")", unexpected(")")),
        ("fi", unexpected("fi")),
        ("done", unexpected("done")),
        ("if true; then fi", unexpected("fi")),
        ("if true; fi", unexpected("fi")),
        ("for i in 1; done", unexpected("done")),
        ("while true; do done", unexpected("done")),
        ("{ }", unexpected("}")),
        ("case a in a) echo;; b", unexpected("newline")),
        ("echo a (", unexpected("(")),
        ("f() echo", unexpected("echo")),
        ("for 1 in a; do :; done", "bash: `1': not a valid identifier\n".into()),
        ("for ((i = 0; i < 3; i++)) echo", unexpected("echo")),
        (
            "for ((i = 0; i < 3)); do :; done",
            "bash: syntax error: arithmetic expression required\nbash: syntax error: `((i = 0; i < 3))'\n"
                .into(),
        ),
        (
            "select x in a; do :; done",
            "bash: select: this compound command is not available in this simulated shell\n"
                .into(),
        ),
        ("echo a && || b", unexpected("||")),
        (
            "echo ${x@Q}",
            "bash: ${x@Q}: this form of parameter expansion is not available in this simulated shell\n"
                .into(),
        ),
        (
            "sleep 5 &",
            "bash: &: background jobs are not available at this simulated prompt; they run in batch scripts and job steps\n".into(),
        ),
        ("sleep 5 &;", unexpected(";")),
        ("& echo", unexpected("&")),
        (
            "diff <(ls) f",
            "bash: <(...): process substitution is not available in this simulated shell\n".into(),
        ),
    ];
    for (line, want) in table {
        let out = shell().run(line, &mut NoCommands);
        assert_eq!(out.transcript(), want, "{line}");
        assert_eq!(out.status, 2, "{line}");
        assert!(!out.needs_more, "{line}");
    }
    // A bad substitution is no syntax error: it fails as it is expanded.
    for (line, want) in [
        ("echo ${x y}", "bash: ${x y}: bad substitution\n"),
        ("echo ${}", "bash: ${}: bad substitution\n"),
    ] {
        let out = shell().run(line, &mut NoCommands);
        assert_eq!(out.transcript(), want, "{line}");
        assert_eq!(out.status, 1, "{line}");
    }
}

// ------------------------------------------------------------ tools

#[test]
fn gnu_tools_answer_help_and_version_after_the_options_they_take() {
    let (help, status) = in_files("ls -l --help");
    assert_eq!(status, 0);
    assert!(
        help.starts_with("Usage: ls [OPTION]... [ARG]...\nlist directory contents"),
        "{help}"
    );
    assert!(help.contains("Options simulated here: -l -a"), "{help}");
    assert_eq!(
        in_files("grep --version"),
        ("grep (GNU grep) 3.8\n".to_owned(), 0)
    );
    assert_eq!(
        in_files("sed --version"),
        ("sed (GNU sed) 4.9\n".to_owned(), 0)
    );
    assert_eq!(
        in_files("wc f --version"),
        ("wc (GNU coreutils) 9.1\n".to_owned(), 0)
    );
    // getopt stops at a wrong option before it, and at `--`.
    assert_eq!(
        in_files("ls -Z --help"),
        (
            "ls: invalid option -- 'Z'\nTry 'ls --help' for more information.\n".to_owned(),
            2
        )
    );
    assert_eq!(
        in_files("cat -- --help"),
        ("cat: --help: No such file or directory\n".to_owned(), 1)
    );
    // bash's echo is no GNU tool.
    assert_eq!(in_files("echo --help"), ("--help\n".to_owned(), 0));
}

#[test]
fn tool_errors_match_coreutils() {
    let table = [
        ("cat nofile", "cat: nofile: No such file or directory\n", 1),
        ("cat d", "cat: d: Is a directory\n", 1),
        (
            "cat -z",
            "cat: invalid option -- 'z'\nTry 'cat --help' for more information.\n",
            1,
        ),
        (
            "ls x",
            "ls: cannot access 'x': No such file or directory\n",
            2,
        ),
        ("grep a x", "grep: x: No such file or directory\n", 2),
        (
            "grep",
            "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
            2,
        ),
        ("grep -E '(' f", "grep: Unmatched ( or \\(\n", 2),
        ("grep '[a' f", "grep: Unmatched [, [^, [:, [., or [=\n", 2),
        ("head -n x f", "head: invalid number of lines: 'x'\n", 1),
        ("tail -n x f", "tail: invalid number of lines: 'x'\n", 1),
        (
            "head nofile",
            "head: cannot open 'nofile' for reading: No such file or directory\n",
            1,
        ),
        ("cd x", "bash: cd: x: No such file or directory\n", 1),
        ("cd f", "bash: cd: f: Not a directory\n", 1),
        ("cd a b", "bash: cd: too many arguments\n", 1),
        (
            "touch",
            "touch: missing file operand\nTry 'touch --help' for more information.\n",
            1,
        ),
        (
            "touch nodir/x",
            "touch: cannot touch 'nodir/x': No such file or directory\n",
            1,
        ),
        (
            "mkdir",
            "mkdir: missing operand\nTry 'mkdir --help' for more information.\n",
            1,
        ),
        (
            "mkdir d",
            "mkdir: cannot create directory 'd': File exists\n",
            1,
        ),
        (
            "mkdir a/b",
            "mkdir: cannot create directory 'a/b': No such file or directory\n",
            1,
        ),
        (
            "rm",
            "rm: missing operand\nTry 'rm --help' for more information.\n",
            1,
        ),
        ("rm -f; rm -f nofile", "", 0),
        (
            "rm x",
            "rm: cannot remove 'x': No such file or directory\n",
            1,
        ),
        ("rm d", "rm: cannot remove 'd': Is a directory\n", 1),
        (
            "rm -r .",
            "rm: refusing to remove '.' or '..' directory: skipping '.'\n",
            1,
        ),
        (
            "rm -rf /",
            "rm: it is dangerous to operate recursively on '/'\nrm: use --no-preserve-root to override this failsafe\n",
            1,
        ),
        ("rm /tmp", "rm: cannot remove '/tmp': Is a directory\n", 1),
        (
            "rm -r /tmp",
            "rm: cannot remove '/tmp': Permission denied\n",
            1,
        ),
        (
            "mv",
            "mv: missing file operand\nTry 'mv --help' for more information.\n",
            1,
        ),
        (
            "mv f",
            "mv: missing destination file operand after 'f'\nTry 'mv --help' for more information.\n",
            1,
        ),
        (
            "mv x y",
            "mv: cannot stat 'x': No such file or directory\n",
            1,
        ),
        (
            "mv f g nofile",
            "mv: target 'nofile': No such file or directory\n",
            1,
        ),
        ("mv d g f", "mv: target 'f' is not a directory\n", 1),
        (
            "mv d d/e",
            "mv: cannot move 'd' to a subdirectory of itself, 'd/e'\n",
            1,
        ),
        ("mv f f", "mv: 'f' and 'f' are the same file\n", 1),
        (
            "cp d e",
            "cp: -r not specified; omitting directory 'd'\n",
            1,
        ),
        (
            "cp -r d d",
            "cp: cannot copy a directory, 'd', into itself, 'd/d'\n",
            1,
        ),
        (
            "cp",
            "cp: missing file operand\nTry 'cp --help' for more information.\n",
            1,
        ),
        ("wc nofile", "wc: nofile: No such file or directory\n", 1),
        (
            "chmod +x",
            "chmod: missing operand after '+x'\nTry 'chmod --help' for more information.\n",
            1,
        ),
        (
            "chmod q f",
            "chmod: invalid mode: 'q'\nTry 'chmod --help' for more information.\n",
            1,
        ),
        (
            "chmod +x nofile",
            "chmod: cannot access 'nofile': No such file or directory\n",
            1,
        ),
        (
            "sleep",
            "sleep: missing operand\nTry 'sleep --help' for more information.\n",
            1,
        ),
        (
            "sleep x",
            "sleep: invalid time interval 'x'\nTry 'sleep --help' for more information.\n",
            1,
        ),
        ("date now", "date: invalid date 'now'\n", 1),
        (
            "export 1x=2",
            "bash: export: `1x=2': not a valid identifier\n",
            1,
        ),
        (
            "history x",
            "bash: history: x: numeric argument required\n",
            1,
        ),
        (
            "source",
            "bash: source: filename argument required\nsource: usage: source filename [arguments]\n",
            2,
        ),
        (
            "source nofile",
            "bash: nofile: No such file or directory\n",
            1,
        ),
        (
            "bash nofile",
            "bash: nofile: No such file or directory\n",
            127,
        ),
    ];
    for (line, want, status) in table {
        assert_eq!(in_files(line), (want.to_owned(), status), "{line}");
    }
}

#[test]
fn file_tools_change_the_filesystem() {
    let mut sh = with_files();
    let out = run_all(
        &mut sh,
        &[
            "mkdir -p a/b/c && touch a/b/c/x && cp -r a a2 && mv a2 d/ && cp f g d",
            "mv g g2; rm f; ls; ls d; ls d/a2/b/c",
        ],
    );
    assert_eq!(out.transcript(), "a  d  g2\na2  f  g\nx\n");
    let out = run_all(
        &mut sh,
        &["rm -r a d && ls -A && cd /tmp && touch t && ls && cd - && pwd"],
    );
    assert_eq!(out.transcript(), "g2\nt\n/home/ada\n/home/ada\n");
}

#[test]
fn ls_formats() {
    let mut sh = with_files();
    sh.fs_mut()
        .write("/home/ada/.hidden", "", WriteMode::Truncate, T0)
        .unwrap();
    let out = run_all(&mut sh, &["chmod 755 g; ls -l"]);
    assert_eq!(
        out.transcript(),
        "total 12\n\
         drwxr-xr-x 2 ada ada 4096 Nov 14 22:13 d\n\
         -rw-r--r-- 1 ada ada    6 Nov 14 22:13 f\n\
         -rwxr-xr-x 1 ada ada    4 Nov 14 22:13 g\n"
    );
    assert_eq!(
        run_all(&mut sh, &["ls -a; ls -A1; ls -d d f; ls f nofile d"]).transcript(),
        ".  ..  .hidden  d  f  g\n.hidden\nd\nf\ng\nd  f\n\
         ls: cannot access 'nofile': No such file or directory\nf\n\nd:\n"
    );
    assert_eq!(
        run_all(&mut sh, &["ls -la /home | head -3"]).transcript(),
        "total 12\ndrwxr-xr-x 3 root root 4096 Nov 14 22:13 .\ndrwxr-xr-x 5 root root 4096 Nov 14 22:13 ..\n"
    );
    assert_eq!(
        run_all(&mut sh, &["ls -r; ls -t /"]).transcript(),
        "g  f  d\ndev  home  tmp\n"
    );
}

#[test]
fn cat_head_tail_wc() {
    for (line, want) in [
        (
            "cat -n f g",
            "     1\ta\n     2\tb\n     3\tc\n     4\ta b\n",
        ),
        ("cat f - g <<< x", "a\nb\nc\nx\na b\n"),
        ("head -2 f; head -n 1 g", "a\nb\na b\n"),
        ("head -n -1 f", "a\nb\n"),
        ("tail -n +2 f; tail -1 f", "b\nc\nc\n"),
        ("head f g", "==> f <==\na\nb\nc\n\n==> g <==\na b\n"),
        (
            "wc f; cat f | wc; wc -l f; cat f | wc -l",
            "3 3 6 f\n      3       3       6\n3 f\n3\n",
        ),
        ("wc f f", " 3  3  6 f\n 3  3  6 f\n 6  6 12 total\n"),
        ("wc g; wc -c g; cat g | wc -w", "1 2 4 g\n4 g\n2\n"),
        ("echo -n 'no newline' | wc -lc", "      0      10\n"),
    ] {
        assert_eq!(in_files(line).0, want, "{line}");
    }
    let (text, status) = in_files("tail -f f");
    assert_eq!(status, 0);
    assert!(text.starts_with("a\nb\nc\ntail: following a file is not available"));
}

#[test]
fn grep_options() {
    let mut sh = shell();
    sh.fs_mut()
        .write(
            "/home/ada/log",
            "GPU 0 ok\ngpu1 failed\nnode gpus\nCPU fine\na.b\n",
            WriteMode::Truncate,
            T0,
        )
        .unwrap();
    for (line, want) in [
        ("grep gpu log", "gpu1 failed\nnode gpus\n"),
        ("grep -i gpu log", "GPU 0 ok\ngpu1 failed\nnode gpus\n"),
        ("grep -iw gpu log", "GPU 0 ok\n"),
        ("grep -c -v gpu log", "3\n"),
        ("grep -n 'fa.*d$' log", "2:gpu1 failed\n"),
        ("grep -E '^(GPU|CPU) ' log", "GPU 0 ok\nCPU fine\n"),
        ("grep '^\\(GPU\\|CPU\\) ' log", "GPU 0 ok\nCPU fine\n"),
        ("grep -F . log", "a.b\n"),
        ("grep -x 'a.b' log", "a.b\n"),
        ("grep -e ok -e fine log", "GPU 0 ok\nCPU fine\n"),
        ("grep -l ok log log", "log\nlog\n"),
        ("grep -c ok log - <<< ok", "log:1\n(standard input):1\n"),
        ("grep -q ok log && echo yes", "yes\n"),
        (
            "grep 'gpu[0-9]' log nofile",
            "log:gpu1 failed\ngrep: nofile: No such file or directory\n",
        ),
        ("grep -s x nofile; echo $?", "2\n"),
    ] {
        assert_eq!(run_all(&mut sh, &[line]).transcript(), want, "{line}");
    }
}

// ------------------------------------------------------------ shell state

#[test]
fn variables_and_the_environment() {
    let mut sh = shell();
    assert_eq!(
        run_all(&mut sh, &["X=1; env | grep ^X=; echo $?"]).transcript(),
        "1\n"
    );
    assert_eq!(
        run_all(&mut sh, &["export X; env | grep ^X="]).transcript(),
        "X=1\n"
    );
    assert_eq!(
        run_all(&mut sh, &["Y=2 printenv Y; echo y$Y"]).transcript(),
        "2\ny\n"
    );
    assert_eq!(
        run_all(&mut sh, &["export Z=\"a  b\" W=~/w; printenv Z W"]).transcript(),
        "a  b\n/home/ada/w\n"
    );
    assert!(
        run_all(&mut sh, &["export"])
            .transcript()
            .contains("declare -x HOME=\"/home/ada\"\n")
    );
    assert_eq!(run_all(&mut sh, &["unset X; echo x$X"]).transcript(), "x\n");
    assert_eq!(sh.var("Z"), Some("a  b"));
    sh.set_var("SLURM_JOB_ID", "17", true).unwrap();
    assert_eq!(
        run_all(&mut sh, &["echo $SLURM_JOB_ID ${SLURM_JOB_ID}"]).transcript(),
        "17 17\n"
    );
    assert!(sh.set_var("1x", "", false).is_err());
}

#[test]
fn cd_pwd_and_the_prompt() {
    let mut sh = with_files();
    assert_eq!(sh.prompt(), "ada@login1:~$ ");
    assert_eq!(
        run_all(&mut sh, &["cd d; pwd; cd ..; cd /tmp; cd -"]).transcript(),
        "/home/ada/d\n/home/ada\n"
    );
    run_all(&mut sh, &["cd d"]);
    assert_eq!(sh.prompt(), "ada@login1:~/d$ ");
    run_all(&mut sh, &["cd; cd /"]);
    assert_eq!(sh.prompt(), "ada@login1:/$ ");
    assert_eq!(
        run_all(&mut sh, &["cd ~/d/../d; echo $PWD $OLDPWD"]).transcript(),
        "/home/ada/d /\n"
    );
}

#[test]
fn sleep_moves_the_clock_a_bounded_amount_per_line() {
    let mut sh = shell();
    // A huge interval, alone or after another sleep in a nested script, is
    // refused (and no longer overflows the line's total in a debug build).
    for line in [
        "sleep 1; sh -c 'sleep 99999999999999999999'",
        "sleep 99999999999999999999",
        "sleep 20d; bash -c 'sleep 20d'",
        "sleep 31d 1",
    ] {
        let before = sh.now();
        let out = run_all(&mut sh, &[line]);
        assert_eq!(out.status, 1, "{line}");
        assert!(out.transcript().contains("at most 31 days"), "{line}");
        assert!(out.slept <= builtins::MAX_SLEEP_S, "{line}");
        assert!(sh.now() - before <= builtins::MAX_SLEEP_S, "{line}");
    }
    let out = run_all(&mut sh, &["sleep 30d; sh -c 'sleep 1d'"]);
    assert_eq!((out.status, out.slept), (0, builtins::MAX_SLEEP_S));
}

#[test]
fn date_sleep_and_the_clock() {
    let mut sh = shell();
    assert_eq!(
        run_all(&mut sh, &["date"]).transcript(),
        "Tue Nov 14 22:13:20 UTC 2023\n"
    );
    let out = run_all(&mut sh, &["sleep 5; date +%s; sleep 1m 0.5"]);
    assert_eq!(out.transcript(), "1700000005\n");
    assert_eq!(out.slept, 66);
    assert_eq!(sh.now(), T0 + 66);
    assert_eq!(
        run_all(&mut sh, &["date '+%F %T'"]).transcript(),
        "2023-11-14 22:14:26\n"
    );
    sh.set_now(0);
    assert_eq!(
        run_all(&mut sh, &["date -R"]).transcript(),
        "Thu, 01 Jan 1970 00:00:00 +0000\n"
    );
}

#[test]
fn history_clear_exit_help() {
    let mut sh = shell();
    let out = run_all(&mut sh, &["echo a", "", "  echo b  ", "history"]);
    assert_eq!(
        out.transcript(),
        "a\nb\n    1  echo a\n    2  echo b\n    3  history\n"
    );
    assert_eq!(
        run_all(&mut sh, &["history 1"]).transcript(),
        "    4  history 1\n"
    );
    run_all(&mut sh, &["history -c", "echo c"]);
    assert_eq!(sh.history(), ["echo c"]);
    let out = run_all(&mut sh, &["echo gone; clear; echo kept"]);
    assert!(out.clear);
    assert_eq!(out.transcript(), "kept\n");
    let out = run_all(&mut sh, &["exit"]);
    assert_eq!(out.status, 1);
    assert!(out.transcript().contains("stays open"));
    let help = run_all(&mut sh, &["help"]).transcript();
    for name in ["cd", "grep", "sleep", "history", "wc"] {
        assert!(help.contains(&format!("  {name} ")), "{name}");
    }
}

#[test]
fn globs_expand_unquoted_stars() {
    let mut sh = shell();
    run_all(
        &mut sh,
        &["touch b.txt a.txt c.log .h.txt; mkdir -p dir/sub; touch dir/x.txt"],
    );
    for (line, want) in [
        ("echo *.txt", "a.txt b.txt\n"),
        ("echo \"*.txt\" '*'.txt \\*.txt", "*.txt *.txt *.txt\n"),
        ("echo *.none", "*.none\n"),
        ("echo ?.log .*.txt", "c.log .h.txt\n"),
        ("X='*.txt'; echo $X \"$X\"", "a.txt b.txt *.txt\n"),
        ("echo d*/ dir/*.txt", "dir/ dir/x.txt\n"),
        ("echo ~/d*", "/home/ada/dir\n"),
        ("cd dir; echo ../*.log", "../c.log\n"),
    ] {
        assert_eq!(run_all(&mut sh, &[line]).transcript(), want, "{line}");
    }
}

#[test]
fn scripts_run_in_subshells_or_sourced() {
    let mut sh = shell();
    run_all(
        &mut sh,
        &[
            "cat > job.sh <<'EOF'",
            "echo in $PWD; cd /tmp; V=1",
            "exit 3",
            "echo never",
            "EOF",
        ],
    );
    assert_eq!(
        run_all(&mut sh, &["./job.sh; echo $?"]).transcript(),
        "bash: ./job.sh: Permission denied\n126\n"
    );
    assert_eq!(
        run_all(&mut sh, &["chmod +x job.sh && ./job.sh; echo $? $V; pwd"]).transcript(),
        "in /home/ada\n3\n/home/ada\n"
    );
    assert_eq!(
        run_all(&mut sh, &["bash job.sh > out.txt; cat out.txt"]).transcript(),
        "in /home/ada\n"
    );
    assert_eq!(
        run_all(
            &mut sh,
            &["echo 'X=5; cd /tmp' > env.sh; source env.sh; echo $X; pwd"]
        )
        .transcript(),
        "5\n/tmp\n"
    );
    // A child bash sees exported variables only.
    assert_eq!(
        run_all(
            &mut sh,
            &["bash -c 'echo x$X; exit 4'; echo $?; export X; sh -c 'echo $X'"]
        )
        .transcript(),
        "x\n4\n5\n"
    );
    // A script that runs itself stops at the nesting limit.
    run_all(&mut sh, &["echo 'source loop.sh' > loop.sh"]);
    let out = run_all(&mut sh, &["source loop.sh"]);
    assert!(out.transcript().contains("nested deeper than 16"));
    let out = sh.run_script(
        ("echo one\nexit 7\necho two", Origin::file("job.sh")),
        &mut NoCommands,
    );
    assert_eq!((out.transcript().as_str(), out.status), ("one\n", 7));
    let out = sh.run_script(("echo 'open", Origin::file("job.sh")), &mut NoCommands);
    assert_eq!(
        out.transcript(),
        "job.sh: line 1: unexpected EOF while looking for matching `''\n"
    );
}

// ------------------------------------------------------------ limits

#[test]
fn the_filesystem_fills_up_like_a_disk() {
    let mut sh = shell();
    let mb = "x".repeat(1 << 20);
    for name in ["a", "b", "c"] {
        let path = format!("/tmp/{name}");
        sh.fs_mut()
            .write(&path, &mb, WriteMode::Truncate, T0)
            .unwrap();
    }
    // Two bytes short of the cap.
    let pad = &mb[2..];
    sh.fs_mut()
        .write("/tmp/pad", pad, WriteMode::Truncate, T0)
        .unwrap();
    let out = run_all(
        &mut sh,
        &["cat /tmp/a > /tmp/copy; echo $?; echo >> /tmp/copy"],
    );
    assert_eq!(
        out.transcript(),
        "cat: write error: No space left on device\n1\n"
    );
    assert_eq!(sh.fs().read("/tmp/copy").unwrap(), "\n");
    let out = run_all(&mut sh, &["cp /tmp/a /tmp/d; echo more >> /tmp/a"]);
    assert_eq!(
        out.transcript(),
        "cp: cannot create regular file '/tmp/d': No space left on device\n\
         bash: echo: write error: No space left on device\n"
    );
}

#[test]
fn terminal_output_is_capped() {
    let mut sh = shell();
    let mb = "y\n".repeat(1 << 19);
    sh.fs_mut()
        .write("/tmp/big", &mb, WriteMode::Truncate, T0)
        .unwrap();
    let out = run_all(
        &mut sh,
        &["cat /tmp/big /tmp/big | wc -l; cat /tmp/big /tmp/big"],
    );
    let text = out.transcript();
    // The pipe is capped too: only 1 MiB of the 2 MiB reached wc.
    assert!(text.starts_with(
        "bash: cat: output cut at 1048576 bytes (the simulated shell's limit)\n524288\n"
    ));
    assert!(text.len() <= MAX_OUTPUT + 200);
    assert!(text.ends_with("(the simulated terminal's limit)\n"));
}

#[test]
fn expansions_are_capped() {
    let mut sh = shell();
    sh.set_var("X", &"x".repeat(100_000), false).unwrap();
    let line = format!("echo {}", "$X".repeat(30));
    let out = sh.run(&line, &mut NoCommands);
    assert_eq!(
        (out.transcript().as_str(), out.status),
        ("bash: echo: Argument list too long\n", 126)
    );
    let out = sh.run(
        &format!("cat <<EOF\n{}\nEOF", "$X".repeat(30)),
        &mut NoCommands,
    );
    assert_eq!(out.transcript(), "bash: <<: Argument list too long\n");
    assert_eq!(
        sh.run("echo ${#X}", &mut NoCommands).transcript(),
        "100000\n"
    );
}

#[test]
fn overlong_input_is_discarded() {
    let mut sh = shell();
    let out = sh.run(&"x".repeat(MAX_INPUT + 1), &mut NoCommands);
    assert_eq!(out.status, 1);
    assert!(out.transcript().contains("discarded"));
    assert!(!out.needs_more);
}

// ------------------------------------------------------------ plug-ins

/// A stand-in for the Slurm layer: `sbatch` reads the script it is given,
/// `squeue` lists what was submitted, and `hostname` is overridden.
#[derive(Default)]
struct MiniSlurm {
    jobs: Vec<String>,
}

impl CommandSet for MiniSlurm {
    fn commands(&self) -> Vec<CommandInfo> {
        let info = |name: &str, summary: &str, options: &[&str]| CommandInfo {
            name: name.to_owned(),
            summary: summary.to_owned(),
            options: options.iter().map(|o| (*o).to_owned()).collect(),
        };
        vec![
            info(
                "sbatch",
                "submit a batch script",
                &["--partition=", "--time=", "-p"],
            ),
            info("squeue", "show the queue", &["--me", "-u"]),
            info("hostname", "the login node's name", &[]),
            info("repl", "shouts each line read, until quit", &[]),
        ]
    }

    fn run(&mut self, call: &mut Call<'_>) -> i32 {
        match call.name() {
            "sbatch" => {
                let Some(file) = call.args().last().cloned() else {
                    call.error("error: Batch script is empty!");
                    return 1;
                };
                let script = match call
                    .stat(&file)
                    .and_then(|(p, _)| call.fs.read(&p).map(str::to_owned))
                {
                    Ok(text) => text,
                    Err(e) => {
                        call.error(&format!("error: Unable to open file {file}: {e}"));
                        return 1;
                    }
                };
                let name = script
                    .lines()
                    .find_map(|l| l.strip_prefix("#SBATCH --job-name="))
                    .unwrap_or(&file)
                    .to_owned();
                self.jobs.push(name);
                let account = call.env.get("SBATCH_ACCOUNT").cloned().unwrap_or_default();
                call.out.stdout(&format!(
                    "Submitted batch job {}{account}\n",
                    self.jobs.len()
                ));
                0
            }
            "squeue" => {
                let mut text = String::from("JOBID NAME USER\n");
                for (i, job) in self.jobs.iter().enumerate() {
                    text.push_str(&format!("{} {job} {}\n", i + 1, call.user));
                }
                call.out.stdout(&text);
                0
            }
            "repl" => {
                let lines: Vec<&str> = call.stdin.lines().take_while(|l| *l != "quit").collect();
                call.reads_terminal = (lines.len() == call.stdin.lines().count()).then(String::new);
                let shout = lines.join("\n").to_uppercase();
                call.out.stdout(&format!("{shout}\n"));
                0
            }
            _ => {
                call.out.stdout("login-override\n");
                0
            }
        }
    }
}

#[test]
fn a_command_reading_the_terminal_gets_each_line_after_its_prompt() {
    let mut sh = shell();
    let mut slurm = MiniSlurm::default();
    assert_eq!(sh.run("repl", &mut slurm).transcript(), "\n");
    assert_eq!(sh.prompt(), "repl: ");
    assert_eq!(
        sh.run("echo $HOME", &mut slurm).transcript(),
        "ECHO $HOME\n"
    );
    assert_eq!(sh.prompt(), "repl: ");
    sh.run("quit", &mut slurm);
    assert_eq!(sh.prompt(), "ada@login1:~$ ");
    assert_eq!(sh.history(), ["repl", "echo $HOME", "quit"]);
    // From a pipe or a script it reads what it is given and ends.
    let out = sh.run("echo -e 'a\\nb' | repl; echo x | repl", &mut slurm);
    assert_eq!(out.transcript(), "A\nB\nX\n");
    assert_eq!(sh.prompt(), "ada@login1:~$ ");
    sh.run_script(("repl", Origin::file("job.sh")), &mut slurm);
    sh.run("x=$(repl); true | { repl; }", &mut slurm);
    assert_eq!(sh.prompt(), "ada@login1:~$ ");
    // Ctrl+C ends it.
    sh.run("repl", &mut slurm);
    assert_eq!(sh.prompt(), "repl: ");
    sh.cancel();
    assert_eq!(sh.prompt(), "ada@login1:~$ ");
}

#[test]
fn plugged_in_commands_run_like_tools() {
    let mut sh = shell();
    let mut slurm = MiniSlurm::default();
    for line in [
        "cat > train.sh <<'EOF'",
        "#!/bin/bash",
        "#SBATCH --job-name=train",
        "EOF",
    ] {
        sh.run(line, &mut slurm);
    }
    let out = sh.run(
        "sbatch train.sh && SBATCH_ACCOUNT=+acct sbatch train.sh",
        &mut slurm,
    );
    assert_eq!(
        out.transcript(),
        "Submitted batch job 1\nSubmitted batch job 2+acct\n"
    );
    let out = sh.run(
        "squeue | grep -c train; hostname; sbatch nofile; echo $?",
        &mut slurm,
    );
    assert_eq!(
        out.transcript(),
        "2\nlogin-override\nsbatch: error: Unable to open file nofile: No such file or directory\n1\n"
    );
    // xargs runs a plugged-in command through the same dispatch.
    let out = sh.run(
        "squeue | tail -n +2 | cut -d' ' -f2 | xargs -I J sbatch J.sh; squeue | cut -d' ' -f1 | xargs",
        &mut slurm,
    );
    assert_eq!(
        out.transcript(),
        "Submitted batch job 3\nSubmitted batch job 4\nJOBID 1 2 3 4\n"
    );
    let help = sh.run("help", &mut slurm).transcript();
    assert!(help.contains("Cluster commands:\n  sbatch     submit a batch script\n"));
}

#[test]
fn completion_offers_commands_options_variables_and_files() {
    let mut sh = with_files();
    let slurm = MiniSlurm::default();
    run_all(&mut sh, &["mkdir dir2; touch 'my file' d/inner .dot"]);
    let complete = |line: &str| sh.complete(line, line.len(), &slurm);
    let c = complete("sq");
    assert_eq!(
        (c.start, c.candidates.clone()),
        (0, vec!["squeue".to_owned()])
    );
    assert_eq!(complete("ec").candidates, ["echo"]);
    assert_eq!(complete("ls | he").candidates, ["head", "help"]);
    assert_eq!(complete("X=1 wh").candidates, ["which", "whoami"]);
    assert_eq!(complete("man se").candidates, ["sed", "seq"]);
    assert_eq!(complete("module lo").candidates, ["load"]);
    assert_eq!(
        complete("ml cuda/12.").candidates,
        ["cuda/12.2", "cuda/12.4"]
    );
    assert_eq!(complete("sbatch --p").candidates, ["--partition="]);
    assert_eq!(
        complete("ls -").candidates,
        [
            "--all",
            "--almost-all",
            "--directory",
            "--reverse",
            "-1",
            "-A",
            "-a",
            "-d",
            "-l",
            "-r",
            "-t"
        ]
    );
    let c = complete("cat d");
    assert_eq!(
        (c.start, c.candidates.clone()),
        (4, vec!["d/".to_owned(), "dir2/".to_owned()])
    );
    assert_eq!(complete("cat d/").candidates, ["d/inner"]);
    assert_eq!(complete("cat my").candidates, ["my\\ file"]);
    assert_eq!(complete("cat .d").candidates, [".dot"]);
    assert_eq!(complete("cat ~/g").candidates, ["~/g"]);
    assert_eq!(complete("echo hi > f").candidates, ["f"]);
    assert_eq!(complete("echo $HO").candidates, ["$HOME", "$HOSTNAME"]);
    assert_eq!(complete("cat /t").candidates, ["/tmp/"]);
    assert!(complete("cat nothing").candidates.is_empty());
    // The cursor may sit inside the line, even inside a character.
    let c = sh.complete("ec hello", 2, &slurm);
    assert_eq!((c.start, c.candidates), (0, vec!["echo".to_owned()]));
    assert_eq!(sh.complete("é", 1, &slurm).start, 0);
}

#[test]
fn bad_user_and_host_names_are_refused() {
    assert_eq!(
        Shell::new("a/b", "h", 0),
        Err(ShellError::UserName("a/b".into()))
    );
    assert_eq!(
        Shell::new("..", "h", 0),
        Err(ShellError::UserName("..".into()))
    );
    assert_eq!(
        Shell::new("ada", "", 0),
        Err(ShellError::HostName(String::new()))
    );
}

// ------------------------------------------------------------ properties

/// Random and adversarial input: the shell never panics, never asks for
/// more memory than its caps, and its output stays bounded. Each case runs
/// 100 lines through one shell (so files and variables pile up), 1,000
/// cases: 100,000 lines.
#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;

    use super::*;

    /// Pieces of shell syntax, valid and not, that random lines are made of.
    const PIECES: &[&str] = &[
        "'",
        "\"",
        "\\",
        "$",
        "${",
        "}",
        "{",
        "$(",
        "$((",
        "`",
        "|",
        "||",
        "&&",
        ";",
        ";;",
        "&",
        "|&",
        ">",
        ">>",
        "2>",
        "2>&1",
        ">&",
        "&>",
        "<",
        "<<",
        "<<<",
        "<<EOF",
        "<<-'EOF'",
        "EOF",
        "\n",
        "\n",
        " ",
        " ",
        " ",
        "\t",
        "#",
        "*",
        "?",
        "~",
        "~/",
        "..",
        "/",
        "(",
        ")",
        "!",
        "=",
        "echo",
        "cat",
        "grep",
        "ls",
        "cd",
        "wc",
        "head",
        "tail",
        "rm -rf",
        "mkdir -p",
        "cp -r",
        "mv",
        "touch",
        "tee",
        "chmod +x",
        "source",
        "bash -c",
        "./f",
        "sleep 99999999999999999999",
        "export X=",
        "X=",
        "$X",
        "${X:-",
        "${#X}",
        "${X%",
        "$'\\",
        "-n",
        "-e",
        "-E",
        "-c",
        "-l",
        "-w",
        "f",
        "g",
        "d/f",
        "/tmp",
        "/dev/null",
        "nosuch",
        "for",
        "if",
        "history",
        "clear",
        "exit",
        "help",
        "date +%s",
        "'(a*)*'",
        "'[[:x:]]'",
        "'a\\{1,2'",
        "é",
        "\u{0}",
        "🦀",
        "-",
        "--",
        "+1",
        "-5",
        "\\\n",
        "cat f f f f f f f f",
    ];

    fn soup() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..16).prop_map(|v| v.concat())
    }

    fn line() -> impl Strategy<Value = String> {
        prop_oneof![
            8 => soup(),
            2 => prop::collection::vec(any::<char>(), 0..32).prop_map(String::from_iter),
            1 => prop::collection::vec(any::<u8>(), 0..48)
                .prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
            // Long lines: one piece repeated, or deep nesting. (The extremes,
            // megabyte lines, are in `extreme_lines` below.)
            1 => (prop::sample::select(PIECES), 1..300usize).prop_map(|(p, n)| p.repeat(n)),
            1 => (1..60usize).prop_map(|n| format!("echo {}x{}", "\"${a:-".repeat(n), "}\"".repeat(n))),
        ]
    }

    #[test]
    fn extreme_lines() {
        let mut sh = seeded();
        let lines = [
            "a".repeat(MAX_INPUT - 1),
            format!("echo {}", "\"${a:-".repeat(100_000)),
            format!("echo {}", "'x'".repeat(100_000)),
            format!("echo {}", "x ".repeat(200_000)),
            format!("cat <<EOF{}", "\nline $HOME".repeat(50_000)),
            format!("grep -E '{}' f", "(".repeat(50_000)),
            format!("ls {}", "*/".repeat(10_000)),
            "\\".repeat(100_000),
        ];
        for line in &lines {
            let out = sh.run(line, &mut NoCommands);
            let shown: usize = out.output.iter().map(|c| c.text.len()).sum();
            assert!(shown <= MAX_OUTPUT + 4096);
            sh.cancel();
        }
    }

    /// A shell with a few files to work on.
    fn seeded() -> Shell {
        let mut sh = shell();
        let fs = sh.fs_mut();
        fs.write(
            "/home/ada/f",
            "gpu0 ok\ngpu1 fail\n",
            WriteMode::Truncate,
            T0,
        )
        .unwrap();
        fs.mkdir("/home/ada/d", T0).unwrap();
        sh
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn no_line_breaks_the_shell(lines in prop::collection::vec(line(), 100)) {
            let mut sh = seeded();
            for (i, line) in lines.iter().enumerate() {
                let out = sh.run(line, &mut NoCommands);
                let shown: usize = out.output.iter().map(|c| c.text.len()).sum();
                prop_assert!(shown <= MAX_OUTPUT + 4096, "{} bytes for {line:?}", shown);
                let cursor = line.len() * (i % 7) / 6;
                let _ = sh.complete(line, cursor, &NoCommands);
                if i % 10 == 9 {
                    // Ctrl-C now and then, as a learner would.
                    sh.cancel();
                }
            }
            prop_assert!(sh.history().len() <= HISTORY_SIZE);
        }
    }
}

// ------------------------------------------------------------ scripting

/// What a script prints (both streams) and its status.
fn script(text: &str) -> (String, i32) {
    let out = with_files().run_script((text, Origin::file("job.sh")), &mut NoCommands);
    (out.transcript(), out.status)
}

#[test]
fn command_substitution_runs_in_a_subshell() {
    let table: &[(&str, &str)] = &[
        ("echo $(echo a b)", "a b\n"),
        ("echo \"[$(echo a; echo; echo)]\"", "[a]\n"),
        ("echo \"$(echo 'a  b')\"", "a  b\n"),
        ("echo $(echo 'a  b')", "a b\n"),
        ("echo `echo hi` \"`echo a\\`echo b\\``\"", "hi ab\n"),
        ("echo $(echo $(echo deep))", "deep\n"),
        ("X=1; Y=$(X=2; echo $X); echo $X $Y", "1 2\n"),
        ("echo $(cd /; pwd); pwd", "/\n/home/ada\n"),
        ("x=$(false); echo $?", "1\n"),
        ("x=$(true) y=$(exit 3); echo $?", "3\n"),
        ("echo $(echo err >&2; echo out)", "err\nout\n"),
        ("echo ${U:-$(echo dflt)} ${HOME:+$(echo set)}", "dflt set\n"),
        ("echo $(case a in a) echo A;; esac)", "A\n"),
        ("for f in $(cat f); do echo -$f; done", "-a\n-b\n-c\n"),
        ("echo $(exit 4); echo $?", "\n0\n"),
        ("echo $()x", "x\n"),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn arithmetic_expands_to_integers() {
    let table: &[(&str, &str)] = &[
        ("echo $((1 + 2 * 3)) $(( (1+2)*3 ))", "7 9\n"),
        ("N=4; echo $((N * 8)) $(($N+1)) $((N > 3))", "32 5 1\n"),
        ("i=1; i=$((i+1)); echo $i", "2\n"),
        ("echo $((7 / 2)) $((-7 % 3)) $((2 ** 10))", "3 -1 1024\n"),
        (
            "echo $((1/0)); echo dropped",
            "bash: 1/0: division by 0 (error token is \"0\")\n",
        ),
        (
            "f() { echo $((1/0)); echo in; }; f; echo dropped\necho next $?",
            "bash: 1/0: division by 0 (error token is \"0\")\nnext 1\n",
        ),
        (
            "x=$(echo $((1/0))); echo after",
            "bash: 1/0: division by 0 (error token is \"0\")\nafter\n",
        ),
        ("echo \"$((2+2))\"", "4\n"),
        ("echo $(( $(echo 6) * 7 ))", "42\n"),
        // The offsets of `${x:o:l}` are arithmetic too, and count
        // characters; `^^` changes ASCII letters only.
        (
            "x=héllo; n=1; echo ${x:n:2} ${x: -2} ${x^^}",
            "él lo HéLLO\n",
        ),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn compound_commands_run_like_bash() {
    let table: &[(&str, &str)] = &[
        ("if true; then echo y; else echo n; fi", "y\n"),
        ("if false; then echo y; elif true; then echo e; fi", "e\n"),
        ("if false; then echo y; fi; echo $?", "0\n"),
        ("for i in 1 2 3; do echo $i; done", "1\n2\n3\n"),
        ("for i in; do echo $i; done; echo end", "end\n"),
        (
            "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done",
            "0\n1\n2\n",
        ),
        (
            "i=0; until [ $i -ge 2 ]; do i=$((i+1)); done; echo $i",
            "2\n",
        ),
        (
            "for i in 1 2 3 4; do [ $i = 3 ] && break; echo $i; done",
            "1\n2\n",
        ),
        (
            "for i in 1 2 3; do [ $i = 2 ] && continue; echo $i; done",
            "1\n3\n",
        ),
        (
            "for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; done",
            "1a\n2a\n",
        ),
        (
            "for i in 1 2; do for j in a b; do break 2; done; done; echo $i$j",
            "1a\n",
        ),
        (
            "case gpu in gpu|batch) echo ok ;; *) echo other ;; esac",
            "ok\n",
        ),
        ("case x.out in *.err) echo e;; *.out) echo o;; esac", "o\n"),
        ("case '*' in \\*) echo star;; esac", "star\n"),
        ("case abc in (a*) echo a;; esac", "a\n"),
        ("case z in a) echo a;; esac; echo $?", "0\n"),
        ("{ echo a; echo b; } > out; cat out", "a\nb\n"),
        (
            "(cd /; X=1; pwd); pwd; echo ${X:-unset}",
            "/\n/home/ada\nunset\n",
        ),
        ("(exit 3); echo $?", "3\n"),
        ("( (echo inner) )", "inner\n"),
        (
            "while read -r line; do echo \"got $line\"; done < f",
            "got a\ngot b\ngot c\n",
        ),
        ("cat f | while read l; do echo -$l; done", "-a\n-b\n-c\n"),
        ("for i in 1 2; do echo $i; done | wc -l", "2\n"),
        (
            "if [ -f f ]; then echo file; fi; if [ -d d ]; then echo dir; fi",
            "file\ndir\n",
        ),
        ("{ echo out; echo err >&2; } 2>/dev/null", "out\n"),
        (
            "break; echo $?",
            "bash: break: only meaningful in a `for', `while', or `until' loop\n0\n",
        ),
        ("! { false; }; echo $?", "0\n"),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn compound_commands_continue_on_the_next_line() {
    let mut sh = shell();
    for line in ["for i in 1 2; do", "  echo $i", "done"] {
        let out = sh.run(line, &mut NoCommands);
        if line == "done" {
            assert!(!out.needs_more);
            assert_eq!(out.transcript(), "1\n2\n");
        } else {
            assert!(out.needs_more, "{line}");
            assert_eq!(sh.prompt(), "> ");
        }
    }
    for start in [
        "if true",
        "if true; then",
        "while false; do",
        "case a in",
        "{ echo",
        "(echo a",
        "f() {",
        "echo $(echo",
        "echo `echo",
        "echo $((1 +",
        "for i in 1 2",
        "if true; then echo; else",
    ] {
        assert!(shell().run(start, &mut NoCommands).needs_more, "{start}");
    }
}

#[test]
fn functions_take_positional_parameters() {
    let table: &[(&str, &str)] = &[
        ("f() { echo \"$1-$2 ($#)\"; }; f a b", "a-b (2)\n"),
        ("function g { echo g$1; }; g 1", "g1\n"),
        ("function h() { echo h; }; h", "h\n"),
        (
            "f() { for a in \"$@\"; do echo \"[$a]\"; done; }; f 'x y' z",
            "[x y]\n[z]\n",
        ),
        ("f() { for a; do echo $a; done; }; f 1 2", "1\n2\n"),
        (
            "f() { echo $*; shift; echo $@; shift 5; echo $?; }; f a b c",
            "a b c\nb c\n1\n",
        ),
        (
            "f() { echo ${10} $#; }; f 1 2 3 4 5 6 7 8 9 ten",
            "ten 10\n",
        ),
        ("f() { return 3; echo no; }; f; echo $?", "3\n"),
        (
            "f() { local x=in; echo $x; }; x=out; f; echo $x",
            "in\nout\n",
        ),
        ("f() { local y=1; }; f; echo ${y:-unset}", "unset\n"),
        ("f() { X=set; }; f; echo $X", "set\n"),
        (
            "f() { echo out; echo err >&2; }; f 2>/dev/null | grep -c out",
            "1\n",
        ),
        ("f() { echo a; }; f > o; cat o", "a\n"),
        ("f() {\n  echo multi\n}\nf", "multi\n"),
        (
            "log() { echo \"[x] $*\"; }; log starting on \"$(hostname)\"",
            "[x] starting on login1\n",
        ),
        ("f() { echo \"$@\"; }; f; echo \"[$#]\"", "\n[0]\n"),
        (
            "return",
            "bash: return: can only `return' from a function or sourced script\n",
        ),
        ("local x", "bash: local: can only be used in a function\n"),
        ("f() { read a; echo $a; }; f < f", "a\n"),
        (
            "readonly X=1; f() { local X=8; echo in $X; }; f; echo $?",
            "bash: local: X: readonly variable\nin 1\n0\n",
        ),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn seconds_counts_the_simulated_clock_from_the_shells_start() {
    let mut sh = shell();
    let out = run_all(
        &mut sh,
        &[
            "sleep 90; echo $SECONDS",
            "SECONDS=5; sleep 10; echo $SECONDS",
            "bash -c 'sleep 3; echo $SECONDS'; echo $SECONDS",
        ],
    );
    assert_eq!(out.transcript(), "90\n15\n3\n18\n");
}

#[test]
fn declaration_options_this_shell_lacks_say_so() {
    // bash takes these; this shell says plainly that it does not.
    for (line, option) in [
        ("declare -A m", "declare: -A"),
        ("declare -i n=1+2", "declare: -i"),
        ("f() { local -n r=x; }; f", "local: -n"),
        ("export -f f", "export: -f"),
    ] {
        let (said, status) = in_files(&format!("{line}; echo $?"));
        assert_eq!(
            said,
            format!("bash: {option}: this option is not available in this simulated shell\n2\n"),
            "{line}"
        );
        assert_eq!(status, 0);
    }
}

#[test]
fn functions_stay_defined_between_lines() {
    let mut sh = shell();
    let out = run_all(&mut sh, &["greet() { echo hi $1; }", "greet ada"]);
    assert_eq!(out.transcript(), "hi ada\n");
}

#[test]
fn set_options_change_how_scripts_run() {
    let table: &[(&str, (&str, i32))] = &[
        ("set -e\necho a\nfalse\necho b", ("a\n", 1)),
        (
            "set -e\nif false; then :; fi\nfalse || true\n! true\nfalse && true\necho ok",
            ("ok\n", 0),
        ),
        ("set -e\nwhile false; do :; done\necho ok", ("ok\n", 0)),
        ("set -e\n(exit 2)\necho no", ("", 2)),
        ("set -e\nf() { return 1; }\nf\necho no", ("", 1)),
        ("set -e\nset +e\nfalse\necho yes", ("yes\n", 0)),
        (
            "set -u\necho ${X:-d}\necho $X\necho no",
            ("d\njob.sh: line 3: X: unbound variable\n", 1),
        ),
        (
            "echo $((1/0))\necho next",
            (
                "job.sh: line 1: 1/0: division by 0 (error token is \"0\")\nnext\n",
                0,
            ),
        ),
        ("set -euo pipefail\nfalse | true\necho no", ("", 1)),
        (
            "false | true; echo $?; set -o pipefail; false | true; echo $?",
            ("0\n1\n", 0),
        ),
        (
            "set -x\necho \"a b\" c\nX=1",
            ("+ echo 'a b' c\na b c\n+ X=1\n", 0),
        ),
        ("set -- a b c\necho $# $2", ("3 b\n", 0)),
        (
            "set -o bogus",
            ("job.sh: line 1: set: bogus: invalid option name\n", 2),
        ),
    ];
    for (text, (want, status)) in table {
        assert_eq!(script(text), (want.to_string(), *status), "{text}");
    }
    // `set -e` does not end the interactive shell; `set -u` drops the line.
    assert_eq!(in_files("set -e; false; echo still"), ("still\n".into(), 0));
    assert_eq!(
        in_files("set -u; echo $X; echo dropped"),
        ("bash: X: unbound variable\n".into(), 1)
    );
    assert!(in_files("set").0.contains("HOME=/home/ada\n"));
}

#[test]
fn bash_c_and_scripts_get_their_arguments() {
    let table: &[(&str, &str)] = &[
        ("bash -c 'echo $0 $1 $2' name x y", "name x y\n"),
        ("bash -c 'echo $0 $#'", "bash 0\n"),
        (
            "echo 'echo $0 $1' > s.sh; bash s.sh a; echo $0",
            "s.sh a\nbash\n",
        ),
        ("X=1; export Y=2; bash -c 'echo ${X:-none} $Y'", "none 2\n"),
        ("bash -c 'exit 7'; echo $?", "7\n"),
        ("sh -c 'for i in 1 2; do echo $i; done'", "1\n2\n"),
        ("echo 'echo $# $1' > s.sh; bash s.sh a b", "2 a\n"),
        (
            "bash -c 'f() { echo in; }; f'; f",
            "in\nbash: f: command not found\n",
        ),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn test_and_brackets_match_bash() {
    let table: &[(&str, &str)] = &[
        ("[ a = a ]; echo $?", "0\n"),
        ("[ a != a ]; echo $?", "1\n"),
        ("[ -z '' ] && [ -n x ]; echo $?", "0\n"),
        ("[ 3 -gt 2 ] && [ 2 -le 2 ] && [ 1 -ne 2 ]; echo $?", "0\n"),
        ("test -e f && test ! -e nope; echo $?", "0\n"),
        ("[ -s f ] && [ -x f ]; echo $?", "1\n"),
        ("[ ]; echo $?", "1\n"),
        ("[ x ]; echo $?", "0\n"),
        ("[ a = a -a b = c ]; echo $?", "1\n"),
        ("[ a = b -o \\( c = c \\) ]; echo $?", "0\n"),
        ("[ a = a; echo $?", "bash: [: missing `]'\n2\n"),
        (
            "[ x -eq 1 ]; echo $?",
            "bash: [: x: integer expression expected\n2\n",
        ),
        (
            "[ a b ]; echo $?",
            "bash: [: a: unary operator expected\n2\n",
        ),
        (
            "[ a b c ]; echo $?",
            "bash: [: b: binary operator expected\n2\n",
        ),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn seq_and_read() {
    let table: &[(&str, &str)] = &[
        ("seq 3", "1\n2\n3\n"),
        ("seq 2 4", "2\n3\n4\n"),
        ("seq 10 -5 1", "10\n5\n"),
        (
            "for i in $(seq 1 3); do echo \"attempt $i\"; done",
            "attempt 1\nattempt 2\nattempt 3\n",
        ),
        (
            "seq 1 0 3",
            "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n",
        ),
        (
            "read a b <<< 'one two three'; echo \"$a|$b\"",
            "one|two three\n",
        ),
        ("read -r x <<< 'a\\b'; echo $x", "a\\b\n"),
        ("read x <<< 'a\\b'; echo $x", "ab\n"),
        ("read <<< '  sp  '; echo \"[$REPLY]\"", "[  sp  ]\n"),
        ("read x < /dev/null; echo $? \"[$x]\"", "1 []\n"),
        ("{ read a; read b; } < f; echo $a$b", "ab\n"),
    ];
    for (line, want) in table {
        assert_eq!(in_files(line).0, *want, "{line}");
    }
}

#[test]
fn endless_work_stops() {
    let out = shell().run("while true; do :; done; echo after", &mut NoCommands);
    assert_eq!(
        out.transcript(),
        "bash: stopped after 100000 commands: this simulated shell caps a command line's work (an endless loop?)\n"
    );
    assert_eq!(out.status, 1);
    // The next line runs again.
    let mut sh = shell();
    run_all(&mut sh, &["until false; do :; done"]);
    assert_eq!(sh.run("echo ok", &mut NoCommands).transcript(), "ok\n");
    let out = shell().run("f() { f; }; f; echo after", &mut NoCommands);
    assert_eq!(
        out.transcript(),
        format!("bash: f: maximum function nesting level exceeded ({MAX_FUNCTION_DEPTH})\n")
    );
    assert_eq!(out.status, 1);
    // Recursion through substitutions, pipes and compound commands stops
    // too, within wasm's 1 MiB stack (a debug build's frames are bigger).
    let stack = if cfg!(debug_assertions) {
        3 << 20
    } else {
        1 << 20
    };
    let deep = std::thread::Builder::new().stack_size(stack).spawn(|| {
        for line in [
            "f() { f; }; f",
            "f() { echo $(f); }; f",
            "f() { f | f; }; f",
            "f() { (f); }; f",
            "f() { x=`f`; }; f",
            "f() { if true; then for i in 1; do case a in a) { f; } > /dev/null;; esac; done; fi; }; f",
            "echo 'bash s.sh' > s.sh; bash s.sh",
            &format!(
                "f() {{ {} f; {} }}; f",
                "if true; then while true; do ".repeat(15),
                "done; fi; ".repeat(15)
            ),
            &format!(
                "echo '{} bash s.sh; {}' > s.sh; bash s.sh",
                "{ ( ".repeat(15),
                ") }; ".repeat(15)
            ),
        ] {
            let out = shell().run(line, &mut NoCommands);
            assert_eq!(out.status, 1, "{line}");
            // At the prompt, or in the script that went too deep.
            let said = out.transcript();
            assert!(said.starts_with("bash: ") || said.starts_with("s.sh: line 1: "), "{said}");
        }
    });
    assert!(deep.unwrap().join().is_ok());
    let out = shell().run_script(
        ("while :; do echo x; done", Origin::file("job.sh")),
        &mut NoCommands,
    );
    assert_eq!(out.status, 1);
}

#[test]
fn a_job_script_runs() {
    let mut sh = with_files();
    sh.set_var("SLURM_JOB_ID", "42", true).unwrap();
    sh.set_var("SLURM_NNODES", "2", true).unwrap();
    sh.set_var("SLURM_JOB_PARTITION", "gpu", true).unwrap();
    let text = r#"#!/bin/bash
#SBATCH --nodes=2
set -euo pipefail
export MASTER_ADDR=$(hostname | head -n 1)
MASTER_PORT=29500
for i in $(seq 1 2); do echo "attempt $i"; done
if [ -z "${SLURM_JOB_ID:-}" ]; then echo "not in a job" >&2; exit 1; fi
log() { echo "[log] $*"; }
log starting on "$(hostname)" port $MASTER_PORT
bash -c 'echo $MASTER_ADDR from child'
case "$SLURM_JOB_PARTITION" in gpu|batch) echo ok ;; *) echo other ;; esac
while read -r line; do echo "got $line"; done < f
echo $((SLURM_NNODES * 8)) GPUs
"#;
    let out = sh.run_script((text, Origin::file("job.sh")), &mut NoCommands);
    assert_eq!(
        out.transcript(),
        "attempt 1\nattempt 2\n[log] starting on login1 port 29500\nlogin1 from child\nok\n\
         got a\ngot b\ngot c\n16 GPUs\n"
    );
    assert_eq!(out.status, 0);
}

#[test]
fn substitutions_and_functions_reach_plugged_in_commands() {
    let mut sh = shell();
    let mut slurm = MiniSlurm::default();
    let lines = [
        "echo 'echo hi' > j.sh",
        "ID=$(sbatch j.sh); echo \"[$ID]\"",
        "submit() { sbatch \"$@\"; }",
        "submit j.sh",
        "echo \"host $(hostname)\"; for j in $(squeue | grep -c j.sh); do echo $j jobs; done",
    ];
    let mut out = Vec::new();
    for line in lines {
        out.push(sh.run(line, &mut slurm).transcript());
    }
    assert_eq!(out[1], "[Submitted batch job 1]\n");
    assert_eq!(out[3], "Submitted batch job 2\n");
    assert_eq!(out[4], "host login-override\n2 jobs\n");
    let big = "x\n".repeat(200_000);
    sh.fs_mut()
        .write("/home/ada/big", &big, WriteMode::Truncate, T0)
        .unwrap();
    // Reading a big file line by line stops at the step cap, quickly.
    let out = sh.run(
        "n=0; while read l; do n=$((n+1)); done < big; echo $n",
        &mut slurm,
    );
    assert!(out.transcript().starts_with("bash: stopped after"));
    let out = sh.run("wc -l < big", &mut slurm);
    assert_eq!(out.transcript(), "200000\n");
}
