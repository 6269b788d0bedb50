//! Transcript tests of the text tools people pipe into (`sort`, `uniq`,
//! `cut`, `tr`, `sed`, `awk`, `xargs`, grep's context). Each expected text
//! and status is what bash with GNU coreutils 9.1, sed 4.9 and grep 3.8
//! printed for the same line in the C locale, with the same files, unless
//! a comment says otherwise.
#![allow(clippy::unwrap_used)]

use super::*;

/// 2023-11-14 22:13:20 UTC.
const T0: u64 = 1_700_000_000;

/// Runs `line` in a shell with `f` (three lines), `t` (a table with a
/// header) and `p` (a passwd-like file); what it shows and its status.
fn run(line: &str) -> (String, i32) {
    let mut sh = Shell::new("ada", "login1", T0).unwrap();
    let files = [
        ("f", "a\nb\nc\n"),
        ("t", "name cpu mem\nada 4 10\nbob 16 2\ncy 4 7\nada 2 1\n"),
        ("p", "root:x:0:0\nada:x:1000:1000\nbin:x:2:2\n"),
    ];
    for (name, text) in files {
        let path = format!("/home/ada/{name}");
        sh.fs_mut()
            .write(&path, text, WriteMode::Truncate, T0)
            .unwrap();
    }
    let out = sh.run(line, &mut NoCommands);
    (out.transcript(), out.status)
}

/// Checks each (line, transcript, status) of `table`.
fn check(table: &[(&str, &str, i32)]) {
    check_each(table, run);
}

/// Checks each (line, transcript, status) of `table` against what `run`
/// makes of the line, listing every line that differs.
pub(super) fn check_each(table: &[(&str, &str, i32)], run: impl Fn(&str) -> (String, i32)) {
    let wrong: Vec<String> = table
        .iter()
        .filter_map(|&(line, want, status)| {
            let got = run(line);
            (got != (want.to_owned(), status)).then(|| format!("{line}\n  got {got:?}"))
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn sort_uniq_cut_and_tr_match_coreutils() {
    check(&[
        (
            "sort t",
            "ada 2 1\nada 4 10\nbob 16 2\ncy 4 7\nname cpu mem\n",
            0,
        ),
        ("sort -r f", "c\nb\na\n", 0),
        ("echo -ne 'b 2\\na 1\\n' | sort -k2n", "a 1\nb 2\n", 0),
        (
            "sort -k2,2n t",
            "name cpu mem\nada 2 1\nada 4 10\ncy 4 7\nbob 16 2\n",
            0,
        ),
        (
            "sort -k2,2nr -k1,1 t",
            "bob 16 2\nada 4 10\ncy 4 7\nada 2 1\nname cpu mem\n",
            0,
        ),
        (
            "sort -n -r -k3 t",
            "ada 4 10\ncy 4 7\nbob 16 2\nada 2 1\nname cpu mem\n",
            0,
        ),
        (
            "echo -ne '10\\n9\\n-1\\nx\\n1.5\\n' | sort -n",
            "-1\nx\n1.5\n9\n10\n",
            0,
        ),
        ("echo -ne 'a 1\\nb 1\\n' | sort -k2,2n -u", "a 1\n", 0),
        ("echo -ne 'b\\na\\nb\\n' | sort -u", "a\nb\n", 0),
        (
            "sort -t: -k3,3n p",
            "root:x:0:0\nbin:x:2:2\nada:x:1000:1000\n",
            0,
        ),
        (
            "sort -t: -k3 p",
            "root:x:0:0\nada:x:1000:1000\nbin:x:2:2\n",
            0,
        ),
        (
            "echo -ne ' b 2\\na  1\\nB 10\\n' | sort -k2",
            "a  1\nB 10\n b 2\n",
            0,
        ),
        ("echo -ne 'B\\na\\nC\\n' | sort", "B\nC\na\n", 0),
        (
            "sort nofile; echo $?",
            "sort: cannot read: nofile: No such file or directory\n2\n",
            0,
        ),
        (
            "sort -j f",
            "sort: invalid option -- 'j'\nTry 'sort --help' for more information.\n",
            2,
        ),
        (
            "sort -k 0 f",
            "sort: field number is zero: invalid field specification '0'\n",
            2,
        ),
        (
            "sort -k x f",
            "sort: invalid number at field start: invalid count at start of 'x'\n",
            2,
        ),
        (
            "sort -k1,x f",
            "sort: invalid number after ',': invalid count at start of 'x'\n",
            2,
        ),
        (
            "sort -k1z f",
            "sort: stray character in field spec: invalid field specification '1z'\n",
            2,
        ),
        ("sort -t ab f", "sort: multi-character tab 'ab'\n", 2),
        (
            "sort -k",
            "sort: option requires an argument -- 'k'\nTry 'sort --help' for more information.\n",
            2,
        ),
        (
            "echo -ne 'a\\na\\nb\\nc\\nc\\nc\\n' | uniq -c",
            "      2 a\n      1 b\n      3 c\n",
            0,
        ),
        ("echo -ne 'a\\na\\nb\\nc\\nc\\nc\\n' | uniq -d", "a\nc\n", 0),
        ("echo -ne 'a\\na\\nb\\nc\\nc\\nc\\n' | uniq -u", "b\n", 0),
        (
            "cut -d' ' -f1 t | sort | uniq -c | sort -rn",
            "      2 ada\n      1 name\n      1 cy\n      1 bob\n",
            0,
        ),
        (
            "uniq nofile",
            "uniq: nofile: No such file or directory\n",
            1,
        ),
        (
            "uniq f g h",
            "uniq: extra operand 'h'\nTry 'uniq --help' for more information.\n",
            1,
        ),
        (
            "uniq -j f",
            "uniq: invalid option -- 'j'\nTry 'uniq --help' for more information.\n",
            1,
        ),
        ("uniq f out; cat out", "a\nb\nc\n", 0),
        ("cut -d: -f1,3 p", "root:0\nada:1000\nbin:2\n", 0),
        ("cut -d: -f2- p", "x:0:0\nx:1000:1000\nx:2:2\n", 0),
        (
            "cut -d' ' -f 1-2 t",
            "name cpu\nada 4\nbob 16\ncy 4\nada 2\n",
            0,
        ),
        ("cut -c1-3 t", "nam\nada\nbob\ncy \nada\n", 0),
        (
            "cut -c -2,4- t",
            "nae cpu mem\nad 4 10\nbo 16 2\ncy4 7\nad 2 1\n",
            0,
        ),
        ("echo -ne 'a:b\\nxyz\\n' | cut -d: -f2", "b\nxyz\n", 0),
        ("echo -ne 'a:b\\nxyz\\n' | cut -d: -s -f1", "a\n", 0),
        ("echo -ne 'a\\tb\\tc\\n' | cut -f2", "b\n", 0),
        (
            "cut f",
            "cut: you must specify a list of bytes, characters, or fields\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -f",
            "cut: option requires an argument -- 'f'\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -f x f",
            "cut: invalid field value 'x'\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -f 0 f",
            "cut: fields are numbered from 1\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -c 3-1 f",
            "cut: invalid decreasing range\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -c1 -f2 f",
            "cut: only one list may be specified\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -d ab -f1 f",
            "cut: the delimiter must be a single character\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -d: -c1 f",
            "cut: an input delimiter may be specified only when operating on fields\nTry 'cut --help' for more information.\n",
            1,
        ),
        (
            "cut -f1 nofile f",
            "cut: nofile: No such file or directory\na\nb\nc\n",
            1,
        ),
        ("echo hello | tr a-z A-Z", "HELLO\n", 0),
        ("echo hello | tr -d l", "heo\n", 0),
        ("echo 'aa  bb' | tr -s ' '", "aa bb\n", 0),
        ("echo hello | tr el x", "hxxxo\n", 0),
        ("echo hello | tr -s l x", "hexo\n", 0),
        ("echo 'a:b:c' | tr : '\\n'", "a\nb\nc\n", 0),
        (
            "echo Hi There | tr '[:upper:]' '[:lower:]'",
            "hi there\n",
            0,
        ),
        ("echo 'a  b' | tr -ds a ' '", " b\n", 0),
        ("echo abc1 | tr -cd 'a-z\\n'", "abc\n", 0),
        ("echo abc | tr -c a x", "axxx", 0),
        (
            "tr",
            "tr: missing operand\nTry 'tr --help' for more information.\n",
            1,
        ),
        (
            "tr a",
            "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n",
            1,
        ),
        (
            "tr -d",
            "tr: missing operand\nTry 'tr --help' for more information.\n",
            1,
        ),
        (
            "tr -ds a",
            "tr: missing operand after 'a'\nTwo strings must be given when both deleting and squeezing repeats.\nTry 'tr --help' for more information.\n",
            1,
        ),
        (
            "tr -z a b",
            "tr: invalid option -- 'z'\nTry 'tr --help' for more information.\n",
            1,
        ),
        (
            "echo abc | tr abc ''",
            "tr: when not truncating set1, string2 must be non-empty\n",
            1,
        ),
        (
            "echo abc | tr z-a x",
            "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n",
            1,
        ),
        (
            "echo abc | tr -d a b",
            "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n",
            1,
        ),
        (
            "echo abc | tr a b c",
            "tr: extra operand 'c'\nTry 'tr --help' for more information.\n",
            1,
        ),
    ]);
}

#[test]
fn basename_and_dirname_cut_names_like_coreutils() {
    check(&[
        ("basename /home/ada/train.py .py", "train\n", 0),
        ("basename -s .out a.out b/c.out d", "a\nc\nd\n", 0),
        ("basename -a x/y// /", "y\n/\n", 0),
        // Options end at the first name (`+as:z`): -a is the suffix here.
        ("basename x -a", "x\n", 0),
        ("basename .py .py", ".py\n", 0),
        (
            "basename a b c",
            "basename: extra operand 'c'\nTry 'basename --help' for more information.\n",
            1,
        ),
        (
            "basename",
            "basename: missing operand\nTry 'basename --help' for more information.\n",
            1,
        ),
        ("dirname /home/ada/f a //b /", "/home/ada\n.\n/\n/\n", 0),
        ("cd \"$(dirname /home/ada/f)\" && pwd", "/home/ada\n", 0),
        ("dirname -z a/b | tr '\\0' '!'", "a!", 0),
        (
            "dirname",
            "dirname: missing operand\nTry 'dirname --help' for more information.\n",
            1,
        ),
    ]);
}

#[test]
fn xargs_runs_commands_through_the_shell_like_gnu_xargs() {
    check(&[
        ("echo a b c | xargs", "a b c\n", 0),
        ("echo a b c | xargs -n1 echo", "a\nb\nc\n", 0),
        (
            "echo a b c d e | xargs -n 2 echo x",
            "x a b\nx c d\nx e\n",
            0,
        ),
        (
            "echo -ne 'f\\np\\n' | xargs wc -l",
            " 3 f\n 3 p\n 6 total\n",
            0,
        ),
        (
            "echo -ne 'a b\\nc\\n' | xargs -I {} echo 'got {} here'",
            "got a b here\ngot c here\n",
            0,
        ),
        (
            "echo -ne '  a b\\n\\nc\\n' | xargs -I X echo [X]",
            "[a b]\n[c]\n",
            0,
        ),
        (
            "echo \"'a b' c\\\\ d \\\"e  f\\\"\" | xargs -n1 echo",
            "a b\nc d\ne  f\n",
            0,
        ),
        ("echo | xargs echo hi", "hi\n", 0),
        ("echo | xargs -r echo hi", "", 0),
        (
            "echo a | xargs nosuch",
            "xargs: nosuch: No such file or directory\n",
            127,
        ),
        ("echo a | xargs false; echo $?", "123\n", 0),
        (
            "echo a | xargs -n 0 echo",
            "xargs: value 0 for -n option should be >= 1\nTry 'xargs --help' for more information.\n",
            1,
        ),
        (
            "echo a | xargs -n x echo",
            "xargs: invalid number \"x\" for -n option\nTry 'xargs --help' for more information.\n",
            1,
        ),
        (
            "echo a | xargs -z",
            "xargs: invalid option -- 'z'\nTry 'xargs --help' for more information.\n",
            1,
        ),
        (
            "echo a | xargs -I",
            "xargs: option requires an argument -- 'I'\nTry 'xargs --help' for more information.\n",
            1,
        ),
        (
            "echo \"'a\" | xargs echo",
            "xargs: unmatched single quote; by default quotes are special to xargs unless you use the -0 option\n",
            1,
        ),
        ("echo f | xargs cat", "a\nb\nc\n", 0),
        (
            "echo f nofile | xargs cat; echo $?",
            "a\nb\nc\ncat: nofile: No such file or directory\n123\n",
            0,
        ),
    ]);
}

#[test]
fn awk_prints_fields_and_sums_like_awk() {
    check(&[
        ("awk '{print $1}' t", "name\nada\nbob\ncy\nada\n", 0),
        ("awk -F: '{print $1, $3}' p", "root 0\nada 1000\nbin 2\n", 0),
        ("awk '{print $NF}' t", "mem\n10\n2\n7\n1\n", 0),
        ("awk '{print $(NF-1)}' t", "cpu\n4\n16\n4\n2\n", 0),
        ("awk 'NR>1 {print $1}' t", "ada\nbob\ncy\nada\n", 0),
        ("awk '$1 == \"ada\" {print $2}' t", "4\n2\n", 0),
        ("awk '/^b/' t", "bob 16 2\n", 0),
        ("awk '$2 > 4' t", "name cpu mem\nbob 16 2\n", 0),
        ("awk '{s+=$2} END {print s}' t", "26\n", 0),
        (
            "awk 'NR>1 {s += $3; n++} END {print \"total:\", s, \"avg\", s/n}' t",
            "total: 20 avg 5\n",
            0,
        ),
        ("awk '{print NR \": \" $0}' f", "1: a\n2: b\n3: c\n", 0),
        ("awk '{print NF}' t", "3\n3\n3\n3\n3\n", 0),
        (
            "awk 'BEGIN {print \"start\"} END {print NR}' f",
            "start\n3\n",
            0,
        ),
        (
            "awk '$1 ~ /a/ && NR > 1 {print $1 \"-\" $2}' t",
            "ada-4\nada-2\n",
            0,
        ),
        (
            "awk -F: '$3 >= 2 || $1 == \"root\"' p",
            "root:x:0:0\nada:x:1000:1000\nbin:x:2:2\n",
            0,
        ),
        ("echo '  a   b  ' | awk '{print $2 \"|\" $1}'", "b|a\n", 0),
        ("echo 'a::b' | awk -F: '{print $3, NF}'", "b 3\n", 0),
        (
            "echo 'x 3.5' | awk '{print $2 * 2, $2 / 4, 1/3}'",
            "7 0.875 0.333333\n",
            0,
        ),
        (
            "awk 1 nofile",
            "awk: cannot open nofile (No such file or directory)\n",
            2,
        ),
        ("echo 'a,b' | awk -F, '{print $2}'", "b\n", 0),
        // One character separates as itself, even one regular
        // expressions give a meaning (sacct -P's `|`).
        ("echo '1|FAILED' | awk -F'|' '{print $2}'", "FAILED\n", 0),
        ("echo 'a.b' | awk -F. '{print $1}'", "a\n", 0),
    ]);
}

/// A program mawk 1.3.4 cannot read is refused in its words (`yyerror`,
/// `unexpected_char`, the scanner's runaways), after the line it stopped
/// on, with status 2.
#[test]
fn awk_syntax_errors_are_worded_as_mawk_words_them() {
    for (program, said) in [
        ("{print $1", "line 1: missing } near end of file"),
        ("BEGIN { x = }", "line 1: syntax error at or near }"),
        ("BEGIN { print (1 }", "line 1: missing ) near }"),
        ("BEGIN { x = 1 2 +  }", "line 1: syntax error at or near }"),
        (
            "BEGIN\n{ print }",
            "line 1: syntax error at or near end of line",
        ),
        (
            "BEGIN { print 1\n}\nEND",
            "line 3: syntax error at or near end of file",
        ),
        (
            "BEGIN { print \"abcdefghijkl",
            "line 1: runaway string constant \"abcdefghij ...",
        ),
        ("/ab", "line 1: runaway regular expression /ab ..."),
        ("BEGIN { print @ }", "1: unexpected character '@'"),
        ("{ x = \"a\" = 2 }", "line 1: syntax error at or near ="),
    ] {
        let line = format!("awk '{program}' f");
        assert_eq!(run(&line), (format!("awk: {said}\n"), 2), "{line}");
    }
    // A number is read as strtod reads it: 1.2.3 is 1.2 then .3.
    assert_eq!(
        run("awk 'BEGIN { print 1.2.3, 3 .5 }'"),
        ("1.20.3 30.5\n".into(), 0)
    );
}

/// What this awk does not run, it refuses with status 2 (where awk would
/// print something); it never prints a wrong answer.
#[test]
fn awk_refuses_what_it_does_not_support() {
    for line in [
        "awk '{printf \"%s\\n\", $1}' t",
        "awk '{print $1 > \"out\"}' t",
        "awk '{if ($2 > 4) print}' t",
        "awk '{print length($1)}' t",
        "awk -F'[:,]' '{print $1}' p",
        "awk '{print $1' t",
        "awk '{x[$1]++}' t",
    ] {
        let (shown, status) = run(line);
        assert_eq!(status, 2, "{line}: {shown}");
        assert!(shown.starts_with("awk: "), "{line}: {shown}");
    }
    // Deep nesting and long programs are refused before they recurse.
    let deep = format!("awk '{{print {}1}}' f", "(-$".repeat(200));
    let long = format!("awk '{{print 1{}}}' f", "+1".repeat(600));
    for line in [deep, long] {
        assert_eq!(run(&line).1, 2);
    }
    assert_eq!(
        run("awk '{printf \"%s\", $1}' t").0,
        "awk: printf is not supported in this shell\n"
    );
}

#[test]
fn sed_edits_streams_like_gnu_sed() {
    check(&[
        (
            "sed 's/a/x/' t",
            "nxme cpu mem\nxda 4 10\nbob 16 2\ncy 4 7\nxda 2 1\n",
            0,
        ),
        ("echo aaa | sed 's/a/b/g'", "bbb\n", 0),
        ("echo aaa | sed 's/a/b/2'", "aba\n", 0),
        ("echo aaaa | sed 's/a/b/2g'", "abbb\n", 0),
        ("echo abc | sed 's/x*/-/g'", "-a-b-c-\n", 0),
        ("echo baaac | sed 's/a*/x/g'", "xbxcx\n", 0),
        ("echo Hello | sed 's/hello/bye/I'", "bye\n", 0),
        ("echo /usr/bin | sed 's|/usr|/opt|'", "/opt/bin\n", 0),
        ("echo node-12 | sed 's/[0-9]*$/<&>/'", "node-<12>\n", 0),
        (
            "echo node-12 | sed 's/\\([a-z]*\\)-\\([0-9]*\\)/\\2 \\1/'",
            "12 node\n",
            0,
        ),
        (
            "echo node-12 | sed -E 's/([a-z]+)-([0-9]+)/\\2.\\1/'",
            "12.node\n",
            0,
        ),
        ("echo a.b | sed -r 's/(a)\\.(b)/\\2\\1/'", "ba\n", 0),
        ("echo ab | sed 's/a/\\n/'", "\nb\n", 0),
        ("echo 'a&b' | sed 's/&/\\&\\&/'", "a&&b\n", 0),
        ("sed -n 2p f", "b\n", 0),
        ("sed -n '$p' f", "c\n", 0),
        (
            "sed -n '2,$p' t",
            "ada 4 10\nbob 16 2\ncy 4 7\nada 2 1\n",
            0,
        ),
        ("sed -n '/bob/,/ada/p' t", "bob 16 2\ncy 4 7\nada 2 1\n", 0),
        ("sed -n '3,1p' t", "bob 16 2\n", 0),
        ("sed -n '0,/b/p' f", "a\nb\n", 0),
        ("sed -n '0,/a/p' f", "a\n", 0),
        ("sed -n '1,/a/p' f", "a\nb\nc\n", 0),
        ("sed -n '/^ada/p' t", "ada 4 10\nada 2 1\n", 0),
        ("sed '/ada/d' t", "name cpu mem\nbob 16 2\ncy 4 7\n", 0),
        ("sed '1d' t", "ada 4 10\nbob 16 2\ncy 4 7\nada 2 1\n", 0),
        ("sed '1!d' t", "name cpu mem\n", 0),
        ("sed 2q t", "name cpu mem\nada 4 10\n", 0),
        ("sed -n '2{p}' f", "b\n", 0),
        ("sed -n '/b/{p;q}' t", "bob 16 2\n", 0),
        (
            "sed '1{s/a/A/;s/e/E/}' t",
            "nAmE cpu mem\nada 4 10\nbob 16 2\ncy 4 7\nada 2 1\n",
            0,
        ),
        ("sed -n '/ada/!{/o/!p}' t", "name cpu mem\ncy 4 7\n", 0),
        ("sed -n '2,3{=;2!{p}}' t", "2\n3\nbob 16 2\n", 0),
        ("sed -n -e '1{' -e p -e '}' f", "a\n", 0),
        ("echo hello | sed 'y/elo/ELO/'", "hELLO\n", 0),
        ("echo 'a b' | sed 'y/ \\//:\\n/'", "a:b\n", 0),
        ("sed '2a hello; p' f", "a\nb\nhello; p\nc\n", 0),
        ("sed '$a\\  end' f", "a\nb\nc\n  end\n", 0),
        ("sed '1i top' f", "top\na\nb\nc\n", 0),
        ("sed '/b/c\\\nnew\\\nlines' f", "a\nnew\nlines\nc\n", 0),
        ("sed '1,2c gone' f", "gone\nc\n", 0),
        ("sed '2!c X' f", "X\nb\nX\n", 0),
        (
            "sed -e '1a\\' -e 'first\\' -e 'second' f",
            "a\nfirst\nsecond\nb\nc\n",
            0,
        ),
        ("sed '1a x\\ty' f | head -2", "a\nx\ty\n", 0),
        ("sed -e 2q -e '1a after' f", "a\nafter\nb\n", 0),
        ("echo -n a | sed 'a b'", "a\nb\n", 0),
        ("echo -n a | sed 'i b'", "b\na", 0),
        ("sed q5 f; echo $?", "a\n5\n", 0),
        ("sed p f", "a\na\nb\nb\nc\nc\n", 0),
        ("sed -n '$=' t", "5\n", 0),
        ("sed -n 's/a/A/p; s/b/B/p' f", "A\nB\n", 0),
        ("sed -e 's/a/1/' -e 's/b/2/' f", "1\n2\nc\n", 0),
        ("sed 's/a/1/\ns/b/2/' f", "1\n2\nc\n", 0),
        ("sed -n '/a/s//X/p' f", "X\n", 0),
        ("echo -ne 'a\\nb' | sed p", "a\na\nb\nb", 0),
        ("echo -ne 'a\\nb' | sed -n '$='", "2\n", 0),
        (
            "sed -n 1p f nofile",
            "sed: can't read nofile: No such file or directory\na\n",
            2,
        ),
        ("cat f | sed -n '$p' - f", "c\n", 0),
    ]);
}

#[test]
fn sed_reports_errors_like_gnu_sed() {
    check(&[
        (
            "sed 's/a/b' f",
            "sed: -e expression #1, char 5: unterminated `s' command\n",
            1,
        ),
        (
            "sed -e p -e 's/a/b/x' f",
            "sed: -e expression #2, char 7: unknown option to `s'\n",
            1,
        ),
        (
            "sed 's/a/\\1/' f",
            "sed: -e expression #1, char 7: invalid reference \\1 on `s' command's RHS\n",
            1,
        ),
        (
            "sed -E 's/(a/b/' f",
            "sed: -e expression #1, char 7: Unmatched ( or \\(\n",
            1,
        ),
        (
            "sed k f",
            "sed: -e expression #1, char 1: unknown command: `k'\n",
            1,
        ),
        (
            "sed -n p nofile",
            "sed: can't read nofile: No such file or directory\n",
            2,
        ),
        (
            "sed -n '/a/{p' f",
            "sed: -e expression #1, char 0: unmatched `{'\n",
            1,
        ),
        (
            "sed -e p -e '2{' -e '1{' f",
            "sed: -e expression #3, char 0: unmatched `{'\n",
            1,
        ),
        (
            "sed 'p;}' f",
            "sed: -e expression #1, char 3: unexpected `}'\n",
            1,
        ),
        (
            "sed '1{p;2}' f",
            "sed: -e expression #1, char 6: `}' doesn't want any addresses\n",
            1,
        ),
        (
            "sed '1{p}x' f",
            "sed: -e expression #1, char 5: extra characters after command\n",
            1,
        ),
        (
            "sed 'y/abc/xy/' f",
            "sed: -e expression #1, char 9: strings for `y' command are different lengths\n",
            1,
        ),
        (
            "sed 'y/a/' f",
            "sed: -e expression #1, char 4: unterminated `y' command\n",
            1,
        ),
        (
            "sed '1{y/a/b/}' f",
            "sed: -e expression #1, char 9: extra characters after command\n",
            1,
        ),
        (
            "sed 1a f",
            "sed: -e expression #1, char 2: expected \\ after `a', `c' or `i'\n",
            1,
        ),
        (
            "sed -e p -e 'i ' f",
            "sed: -e expression #2, char 2: expected \\ after `a', `c' or `i'\n",
            1,
        ),
        (
            "sed p /home",
            "sed: read error on /home: Is a directory\n",
            2,
        ),
        (
            "sed -i s/a/b/ f",
            "sed: -i (editing files in place) is not available in this simulated shell; write to a new file with > instead\n",
            1,
        ),
    ]);
    let (usage, status) = run("sed");
    assert!(usage.starts_with("Usage: sed [OPTION]..."), "{usage}");
    assert_eq!(status, 1);
    let (shown, status) = run("sed -k p f");
    assert!(
        shown.starts_with("sed: invalid option -- 'k'\nUsage: sed"),
        "{shown}"
    );
    assert_eq!(status, 1);
    assert_eq!(run("sed --help").1, 0);
    assert!(run("sed --help").0.contains("--regexp-extended"));
}

/// `-A`, `-B`, `-C` and `-NUM`, with GNU grep 3.8's group separators,
/// prefixes, `-m`, `-v`, `-o` and messages (`s` is `seq 5`).
#[test]
fn grep_context_matches_gnu_grep() {
    let cases = transcript(include_str!("grep_context.txt"));
    assert!(cases.len() > 40, "{} cases", cases.len());
    let table: Vec<(&str, &str, i32)> = cases
        .iter()
        .map(|(line, want, status)| (line.as_str(), want.as_str(), *status))
        .collect();
    check(&table);
}

/// The cases of a transcript: `$ LINE`, the lines it prints, `? STATUS`;
/// `#` lines and blank lines before a `$` are comments.
fn transcript(text: &str) -> Vec<(String, String, i32)> {
    let mut cases = Vec::new();
    let mut case: Option<(String, String)> = None;
    for line in text.lines() {
        match (&mut case, line) {
            (None, l) if l.is_empty() || l.starts_with('#') => {}
            (None, l) => {
                let line = l
                    .strip_prefix("$ ")
                    .unwrap_or_else(|| panic!("not a `$` line: {l}"));
                case = Some((line.to_owned(), String::new()));
            }
            (Some(_), l) if l.starts_with("? ") => {
                let status = l[2..].parse().unwrap_or_else(|e| panic!("{l}: {e}"));
                if let Some((line, want)) = case.take() {
                    cases.push((line, want, status));
                }
            }
            (Some((_, want)), l) => {
                want.push_str(l);
                want.push('\n');
            }
        }
    }
    assert!(case.is_none(), "the last case has no `? STATUS` line");
    cases
}

#[test]
fn which_and_command_find_programs_along_path_as_bash_and_debian_do() {
    check(&[
        ("which ls sort", "/usr/bin/ls\n/usr/bin/sort\n", 0),
        // A merged /usr shows each program in /bin too.
        ("which -a ls", "/usr/bin/ls\n/bin/ls\n", 0),
        ("PATH=/bin which ls", "/bin/ls\n", 0),
        ("which nope", "", 1),
        // A PATH without the program's directory hides it from bash too.
        (
            "PATH=/nowhere which ls",
            "bash: which: command not found\n",
            127,
        ),
        // Builtins and Lmod's functions are no programs.
        ("which cd module ls", "/usr/bin/ls\n", 1),
        ("which -s ls; echo $?", "0\n", 0),
        ("which -x ls", "Usage: /usr/bin/which [-as] args\n", 2),
        (
            "command -v ls cd if module sleep nope",
            "/usr/bin/ls\ncd\nif\nmodule\n/usr/bin/sleep\n",
            1,
        ),
        (
            "command -V ls echo while nope",
            "ls is /usr/bin/ls\necho is a shell builtin\nwhile is a shell keyword\nbash: command: nope: not found\n",
            1,
        ),
        // command runs the program past a function of the same name.
        ("ls() { echo mine; }; ls f; command ls f", "mine\nf\n", 0),
        (
            "command -q ls",
            "bash: command: -q: invalid option\ncommand: usage: command [-pVv] command [arg ...]\n",
            2,
        ),
    ]);
}

#[test]
fn type_says_what_each_name_is_and_hash_remembers_programs_found() {
    check(&[
        (
            "type if cd module ls nope",
            "if is a shell keyword\ncd is a shell builtin\nmodule is a function\n\
             ls is /usr/bin/ls\nbash: type: nope: not found\n",
            1,
        ),
        // Once run, a program is in bash's table, and type says so.
        ("ls >/dev/null; type ls", "ls is hashed (/usr/bin/ls)\n", 0),
        (
            "type -a echo",
            "echo is a shell builtin\necho is /usr/bin/echo\necho is /bin/echo\n",
            0,
        ),
        (
            "f() { :; }; type -t f if cd ls nope",
            "function\nkeyword\nbuiltin\nfile\n",
            1,
        ),
        ("f() { :; }; type -f f", "bash: type: f: not found\n", 1),
        ("type -p cd ls", "/usr/bin/ls\n", 0),
        ("type -P ls cd", "/usr/bin/ls\n", 1),
        (
            "type -q",
            "bash: type: -q: invalid option\ntype: usage: type [-afptP] name [name ...]\n",
            2,
        ),
        ("hash", "hash: hash table empty\n", 0),
        (
            "ls >/dev/null; ls >/dev/null; hash sort; hash",
            "hits\tcommand\n   2\t/usr/bin/ls\n   0\t/usr/bin/sort\n",
            0,
        ),
        (
            "ls >/dev/null; hash -t ls; hash -d ls; hash -r; hash",
            "/usr/bin/ls\nhash: hash table empty\n",
            0,
        ),
        ("hash nope", "bash: hash: nope: not found\n", 1),
        // A new PATH empties the table; a line's own PATH= is not remembered.
        (
            "ls >/dev/null; PATH=/bin; hash",
            "hash: hash table empty\n",
            0,
        ),
        (
            "PATH=/bin ls >/dev/null; hash",
            "hash: hash table empty\n",
            0,
        ),
    ]);
}

#[test]
fn bash_runs_a_program_only_where_path_or_its_own_path_finds_it() {
    check(&[
        (
            "export PATH=$HOME/bin; sort </dev/null",
            "bash: sort: command not found\n",
            127,
        ),
        (
            "PATH=/opt/x; sleep 1; echo $?",
            "bash: sleep: command not found\n127\n",
            0,
        ),
        (
            "PATH=/opt/x; /usr/bin/sort </dev/null; /bin/echo hi; echo ok",
            "hi\nok\n",
            0,
        ),
        ("cd; ../../usr/bin/echo x", "x\n", 0),
        (
            "unset PATH; ls",
            "bash: ls: No such file or directory\n",
            127,
        ),
        // bash's builtins need no PATH.
        ("PATH=; echo hi; type cd", "hi\ncd is a shell builtin\n", 0),
    ]);
}

/// `uname` of the cluster's Debian 12 image: the fields in uname's order
/// whatever the options' order, `-a` without the unknown two.
#[test]
fn uname_prints_the_fields_asked_for_in_its_own_order() {
    let kernel = "6.1.0-18-amd64 #1 SMP PREEMPT_DYNAMIC Debian 6.1.76-1 (2024-02-01)";
    for (line, shown, status) in [
        ("uname", "Linux\n".to_owned(), 0),
        (
            "uname -a",
            format!("Linux login1 {kernel} x86_64 GNU/Linux\n"),
            0,
        ),
        ("uname -m -n", "login1 x86_64\n".to_owned(), 0),
        ("uname -rp", "6.1.0-18-amd64 unknown\n".to_owned(), 0),
        ("uname --operating-system", "GNU/Linux\n".to_owned(), 0),
        (
            "uname now",
            "uname: extra operand 'now'\nTry 'uname --help' for more information.\n".to_owned(),
            1,
        ),
    ] {
        assert_eq!(run(line), (shown, status), "{line}");
    }
}

/// `hostname`'s names and address as Debian's hostname 3.23 prints them
/// (`hostname.c`): `-I` ends each address with a space, `-d` prints
/// nothing without a DNS domain, the last option wins, and its usage
/// answers `-h` and a bad command line with status 255.
#[test]
fn hostname_prints_names_and_addresses_like_debians() {
    check(&[
        ("hostname", "login1\n", 0),
        ("hostname -f", "login1\n", 0),
        ("hostname -i", "10.0.1.1\n", 0),
        ("hostname -I", "10.0.1.1 \n", 0),
        ("hostname -d", "", 0),
        ("hostname -I -s", "login1\n", 0),
        ("hostname --version", "hostname 3.23\n", 0),
        (
            "hostname node-9",
            "hostname: you must be root to change the host name\n",
            1,
        ),
        (
            "hostname -x | head -n 1",
            "hostname: invalid option -- 'x'\nUsage: hostname [OPTION]... [ARG]...\n",
            0,
        ),
        ("hostname -h >/dev/null", "", 255),
    ]);
}

/// The pagers print what they would page, as into a pipe; their messages
/// and statuses follow less 590's and util-linux 2.38.1's more's source
/// (`edit.c`, `filename.c`, `text-utils/more.c`).
#[test]
fn less_and_more_print_what_they_would_page_with_their_own_messages() {
    check(&[
        ("less f", "a\nb\nc\n", 0),
        ("less -N f", "      1 a\n      2 b\n      3 c\n", 0),
        ("less -N f | cat", "a\nb\nc\n", 0),
        ("less -SR -p b +G f", "a\nb\nc\n", 0),
        ("seq 2 | less", "1\n2\n", 0),
        ("less", "Missing filename (\"less --help\" for help)\n", 0),
        ("less nope", "nope: No such file or directory\n", 1),
        ("less nope | cat", "nope: No such file or directory\n", 0),
        ("less /tmp f", "/tmp is a directory\na\nb\nc\n", 0),
        (
            "less --version | head -n 1",
            "less 590 (GNU regular expressions)\n",
            0,
        ),
        ("more f", "a\nb\nc\n", 0),
        (
            "more f p",
            "::::::::::::::\nf\n::::::::::::::\na\nb\nc\n::::::::::::::\np\n::::::::::::::\nroot:x:0:0\nada:x:1000:1000\nbin:x:2:2\n",
            0,
        ),
        (
            "echo in | more f",
            "in\n::::::::::::::\nf\n::::::::::::::\na\nb\nc\n",
            0,
        ),
        ("more -5 +2 +/b -d f", "a\nb\nc\n", 0),
        (
            "more nope /tmp",
            "more: cannot open nope: No such file or directory\n\n*** /tmp: directory ***\n\n",
            0,
        ),
        (
            "more",
            "more: bad usage\nTry 'more --help' for more information.\n",
            1,
        ),
        (
            "more -z f",
            "more: invalid option -- 'z'\nTry 'more --help' for more information.\n",
            1,
        ),
        ("more -n x f", "more: argument error: 'x'\n", 1),
        (
            "more -n 70000 f",
            "more: argument error: '70000': Numerical result out of range\n",
            1,
        ),
        ("more -V", "more from util-linux 2.38.1\n", 0),
    ]);
}
