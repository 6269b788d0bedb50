//! GNU `grep` over files or standard input, with its output prefixes, its
//! messages and its exit statuses: 0 when a line was selected, 1 when none
//! was, 2 on an error (unless `-q` found a match).

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::regex::{Regex, Scope, Syntax};
use super::{program_and_operands, read_input};

/// How many NFA steps one run of grep may take (a few tenths of a second).
const MAX_STEPS: usize = 20_000_000;

/// `grep`'s options.
pub(super) const GREP: Spec = Spec {
    flags: "ivcnoEFGwxlqsHh",
    valued: "em",
    long: &[
        ("ignore-case", 'i'),
        ("invert-match", 'v'),
        ("count", 'c'),
        ("line-number", 'n'),
        ("only-matching", 'o'),
        ("extended-regexp", 'E'),
        ("fixed-strings", 'F'),
        ("basic-regexp", 'G'),
        ("word-regexp", 'w'),
        ("line-regexp", 'x'),
        ("files-with-matches", 'l'),
        ("quiet", 'q'),
        ("silent", 'q'),
        ("no-messages", 's'),
        ("with-filename", 'H'),
        ("no-filename", 'h'),
        ("regexp", 'e'),
        ("max-count", 'm'),
    ],
};

/// `grep [OPTION]... PATTERNS [FILE]...`.
pub(super) fn grep(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, GREP, 2) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let Some((patterns, operands)) = program_and_operands(&opts) else {
        call.out
            .stderr("Usage: grep [OPTION]... PATTERNS [FILE]...\n");
        args::try_help(call);
        return 2;
    };
    // Each line of a pattern is a pattern of its own.
    let patterns: Vec<String> = patterns
        .iter()
        .flat_map(|p| p.split('\n').map(str::to_owned).collect::<Vec<_>>())
        .collect();
    let last_syntax = opts.opts.iter().rev().find_map(|(f, _)| match f {
        'E' => Some(Syntax::Extended),
        'F' => Some(Syntax::Fixed),
        'G' => Some(Syntax::Basic),
        _ => None,
    });
    let scope = if opts.has('x') {
        Scope::Line
    } else if opts.has('w') {
        Scope::Word
    } else {
        Scope::Any
    };
    let regex = match Regex::new(
        &patterns,
        last_syntax.unwrap_or(Syntax::Basic),
        opts.has('i'),
        scope,
    ) {
        Ok(r) => r,
        Err(e) => {
            call.error(&e.to_string());
            return 2;
        }
    };
    let inputs = if operands.is_empty() {
        vec!["-".to_owned()]
    } else {
        operands
    };
    // `-m NUM`: stop reading a file after NUM selected lines.
    let max_count = match opts.opts.iter().rev().find(|(f, _)| *f == 'm') {
        Some((_, value)) => match value.as_deref().map(str::parse::<u64>) {
            Some(Ok(n)) => Some(n),
            _ => {
                call.error("invalid max count");
                return 2;
            }
        },
        None => None,
    };
    if max_count == Some(0) {
        return 1;
    }
    let with_names = (inputs.len() > 1 || opts.has('H')) && !opts.has('h');
    let invert = opts.has('v');
    let (mut matched, mut failed) = (false, false);
    let mut read = 0;
    let mut steps = MAX_STEPS;
    for input in &inputs {
        let content = match read_input(call, input, &mut read) {
            Ok(content) => content,
            Err(e) => {
                if !opts.has('s') {
                    call.error(&format!("{input}: {e}"));
                }
                failed = true;
                continue;
            }
        };
        let name = if input == "-" {
            "(standard input)"
        } else {
            input
        };
        let prefix = if with_names {
            format!("{name}:")
        } else {
            String::new()
        };
        let mut text = String::new();
        let mut count = 0;
        for (i, line) in content.lines().enumerate() {
            let Some(hit) = regex.is_match(line, &mut steps) else {
                call.error("this pattern takes too long to match in this simulated shell; try a simpler one");
                return 2;
            };
            if hit == invert {
                continue;
            }
            count += 1;
            matched = true;
            if opts.has('q') {
                return 0;
            }
            if opts.has('l') {
                break;
            }
            let line_prefix = if opts.has('n') {
                format!("{prefix}{}:", i + 1)
            } else {
                prefix.clone()
            };
            if opts.has('c') {
                // Counted below.
            } else if opts.has('o') {
                // Each match on a line of its own; an inverted match has
                // none to show, and empty matches are not shown.
                if !invert
                    && only_matching(&regex, line, &line_prefix, &mut text, &mut steps).is_none()
                {
                    call.error("this pattern takes too long to match in this simulated shell; try a simpler one");
                    return 2;
                }
            } else {
                text.push_str(&line_prefix);
                text.push_str(line);
                text.push('\n');
            }
            if max_count.is_some_and(|m| count >= m) {
                break;
            }
        }
        if opts.has('l') && count > 0 {
            text.push_str(name);
            text.push('\n');
        } else if opts.has('c') && !opts.has('l') {
            text.push_str(&format!("{prefix}{count}\n"));
        }
        call.out.stdout(&text);
    }
    match (failed, matched) {
        (true, _) => 2,
        (false, true) => 0,
        (false, false) => 1,
    }
}

/// `grep -o`: every non-empty match in `line`, leftmost-longest, each
/// after `prefix` on a line of its own; `None` if the steps ran out.
fn only_matching(
    regex: &Regex,
    line: &str,
    prefix: &str,
    out: &mut String,
    steps: &mut usize,
) -> Option<()> {
    let chars: Vec<char> = line.chars().collect();
    let mut from = 0;
    while from <= chars.len() {
        let Some((start, end)) = regex.find(&chars, from, steps)? else {
            break;
        };
        if end > start {
            out.push_str(prefix);
            out.extend(&chars[start..end]);
            out.push('\n');
        }
        from = end.max(start + 1);
    }
    Some(())
}
