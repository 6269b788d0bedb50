//! Transcript tests of the text tools people pipe into (`sort`, `uniq`,
//! `cut`, `tr`, `sed`, `awk`, `xargs`, grep's context). Each expected text
//! and status is what bash with GNU coreutils 9.1, sed 4.8 and grep 3.8
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
    ]);
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
    check(&[
        (
            "seq 12 | grep -n -C1 '[37]'",
            "2-2\n3:3\n4-4\n--\n6-6\n7:7\n8-8\n",
            0,
        ),
        ("seq 12 | grep -A0 '[37]'", "3\n--\n7\n", 0),
        ("seq 9 | grep -e 5 -A 1 -e 7 -n", "5:5\n6-6\n7:7\n8-8\n", 0),
        (
            "seq 15 | grep -A2 -B1 '^1[02]$'",
            "9\n10\n11\n12\n13\n14\n",
            0,
        ),
        (
            "seq 12 | grep -v -n -C1 '[3-9]'",
            "1:1\n2:2\n3-3\n--\n9-9\n10:10\n11:11\n12:12\n",
            0,
        ),
        (
            "seq 10 | grep -2 -v '[2-8]'",
            "1\n2\n3\n--\n7\n8\n9\n10\n",
            0,
        ),
        (
            "seq 5 > s; grep -A1 -n -e 1 -e b s f t",
            "s:1:1\ns-2-2\n--\nf:2:b\nf-3-c\n--\nt:2:ada 4 10\nt:3:bob 16 2\nt-4-cy 4 7\nt:5:ada 2 1\n",
            0,
        ),
        ("seq 5 | grep -B1 -n 1 - f", "(standard input):1:1\n", 0),
        (
            "seq 5 | grep -H -A1 -n 2",
            "(standard input):2:2\n(standard input)-3-3\n",
            0,
        ),
        ("seq 12 | grep -m1 -A3 '[23]'", "2\n3\n4\n5\n", 0),
        (
            "seq 12 | grep -m2 -A3 -n '[235]'",
            "2:2\n3:3\n4-4\n5-5\n6-6\n",
            0,
        ),
        ("seq 10 | grep -m 2 -B 2 -v 1", "1\n2\n3\n", 0),
        (
            "seq 12 | grep -o -n -C1 1",
            "1:1\n--\n10:1\n11:1\n11:1\n12:1\n",
            0,
        ),
        ("seq 12 | grep -o -v -n -A1 '[2-9]'", "2-2\n--\n12-2\n", 0),
        (
            "seq 12 | grep --group-separator=X --no-group-separator -A0 '[37]'",
            "3\n7\n",
            0,
        ),
        (
            "seq 12 | grep --no-group-separator --group-separator=X -A0 '[37]'",
            "3\nX\n7\n",
            0,
        ),
        (
            "seq 10 | grep -B1 -A0 --group-separator='=== x' -e 3 -e 7",
            "2\n3\n=== x\n6\n7\n",
            0,
        ),
        (
            "seq 12 | grep --group-separator= -A1 '[37]'",
            "3\n4\n\n7\n8\n",
            0,
        ),
        ("seq 12 | grep -c -A1 1", "4\n", 0),
        ("seq 5 > s; grep -l -C3 -e 2 -e c s f", "s\nf\n", 0),
        ("seq 3 | grep -q -A1 1; echo $?", "0\n", 0),
        ("seq 9 | grep -5A1 5", "1\n2\n3\n4\n5\n6\n", 0),
        ("seq 9 | grep -A1 -2 5", "3\n4\n5\n6\n", 0),
        ("seq 9 | grep -1 -2 5", "3\n4\n5\n6\n7\n", 0),
        ("seq 9 | grep -1n2 5", "3-3\n4-4\n5:5\n6-6\n7-7\n", 0),
        (
            "seq 9 | grep -00000000000000000000000000001 5",
            "4\n5\n6\n",
            0,
        ),
        ("seq 9 | grep --cont=1 5", "4\n5\n6\n", 0),
        ("seq 9 | grep --after-context 1 5", "5\n6\n", 0),
        ("seq 9 | grep --before-context=1 5", "4\n5\n", 0),
        ("seq 9 | grep -A ' 1' 5", "5\n6\n", 0),
        ("seq 9 | grep -A +1 -B -0 5", "5\n6\n", 0),
        ("seq 9 | grep -A 99999999999999 -m1 5", "5\n6\n7\n8\n9\n", 0),
        (
            "seq 9 | grep -A 99999999999999999999999999 -B 99999999999999999999999 5",
            "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
            0,
        ),
        (
            "seq 9 | grep -123456789012345678901 5",
            "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
            0,
        ),
        (
            "seq 9 | grep -1234567890123456789012 5",
            "grep: 123456789012345678901...: invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep -C -1 5",
            "grep: -1: invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep -A ' -1' 5",
            "grep:  -1: invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep -A '5 ' 5",
            "grep: 5 : invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep -C '' 5",
            "grep: : invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep -B 0x5 5",
            "grep: 0x5: invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep --context=2x 5",
            "grep: 2x: invalid context length argument\n",
            2,
        ),
        ("seq 12 | grep -m x -A y 1", "grep: invalid max count\n", 2),
        (
            "seq 12 | grep -A y -m x 1",
            "grep: y: invalid context length argument\n",
            2,
        ),
        (
            "seq 9 | grep -A",
            "grep: option requires an argument -- 'A'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
            2,
        ),
        (
            "seq 20 | grep -A x -j 5",
            "grep: x: invalid context length argument\n",
            2,
        ),
        (
            "seq 20 | grep -j -A x 5",
            "grep: invalid option -- 'j'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
            2,
        ),
        (
            "seq 9 | grep --group 5",
            "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
            2,
        ),
    ]);
}
