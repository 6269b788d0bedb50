//! `[[ ]]` against bash 5.2: the expected texts are what it prints for the
//! same lines, unless a comment says otherwise.
#![allow(clippy::unwrap_used)]

use super::super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// What a shell with the file `f` and the directory `d` shows for `input`.
fn run(input: &str) -> (String, i32) {
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let fs = sh.fs_mut();
    fs.write("/home/ada/f", "a\n", WriteMode::Truncate, T0)
        .unwrap();
    fs.mkdir("/home/ada/d", T0).unwrap();
    let out = sh.run(input, &mut NoCommands);
    (out.transcript(), out.status)
}

#[test]
fn conditions_match_patterns_regexes_numbers_and_files_as_bash_does() {
    for (line, want) in [
        ("x=abc; [[ $x == a* ]] && echo yes", "yes\n"),
        ("x=abc; [[ $x == \"a*\" ]] || echo literal", "literal\n"),
        ("x=abc; [[ $x = a?c && $x != b* ]]; echo $?", "0\n"),
        ("[[ -z $nothing ]] && echo empty", "empty\n"),
        ("y='a b'; [[ $y == 'a b' ]] && echo whole", "whole\n"),
        ("[[ 10 -gt 9 && 2 -lt 3 ]]; echo $?", "0\n"),
        ("n=4; [[ n*2 -eq 8 ]]; echo $?", "0\n"),
        ("[[ unset_name -eq 0 ]]; echo $?", "0\n"),
        ("re='^a(b|x)c$'; [[ abc =~ $re ]]; echo $?", "0\n"),
        ("[[ abc =~ ^a.c$ ]]; echo $?", "0\n"),
        ("[[ abc =~ \"a.c\" ]]; echo $?", "1\n"),
        ("[[ a.c =~ a\".\"c ]]; echo $?", "0\n"),
        ("[[ abc =~ [ ]]; echo $?", "2\n"),
        ("[[ ! -d f ]] && echo notdir", "notdir\n"),
        ("[[ -f f && ( -d nope || -d d ) ]]; echo $?", "0\n"),
        ("[[ ! ! -f f ]]; echo $?", "0\n"),
        ("[[ a < b && b > a ]]; echo $?", "0\n"),
        ("[[ f -ef ./f && ! f -ef d ]]; echo $?", "0\n"),
        ("[[ word ]] && [[ ! '' ]]; echo $?", "0\n"),
        ("if [[ -f f &&\n  -d d ]]; then echo both; fi", "both\n"),
        (
            "[[ \"1 2\" -eq 1 ]]; echo $?",
            "bash: [[: 1 2: syntax error in expression (error token is \"2\")\n1\n",
        ),
    ] {
        assert_eq!(run(line).0, want, "{line}");
    }
}

#[test]
fn malformed_conditions_get_bashs_messages() {
    for (line, want) in [
        ("[[ a b ]]", "bash: conditional binary operator expected\n"),
        (
            "[[ -f ]]",
            "bash: unexpected argument `]]' to conditional unary operator\n",
        ),
        (
            "[[ a == ]]",
            "bash: unexpected argument `]]' to conditional binary operator\n",
        ),
        (
            "[[ ]]",
            "bash: unexpected token `]]' in conditional command\n",
        ),
        (
            "[[ a == b c ]]",
            "bash: syntax error in conditional expression: unexpected token `c'\n",
        ),
        ("[[ ( a ]]", "bash: expected `)'\n"),
        (
            "[[ a ; ]]",
            "bash: syntax error near unexpected token `;'\n",
        ),
    ] {
        let (shown, status) = run(line);
        assert!(shown.starts_with(want), "{line}: {shown}");
        assert_eq!(status, 2, "{line}");
    }
    // A line that ends inside `[[` asks for more, as an open quote does.
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let out = sh.run("[[ -n x &&", &mut NoCommands);
    assert!(out.needs_more, "{out:?}");
}
