//! `tr`: translate, delete (`-d`) or squeeze (`-s`) characters of
//! standard input, with sets of characters, ranges (`a-z`), escapes
//! (`\n`) and classes (`[:upper:]`), and coreutils' messages.

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::escape::{self, Dialect};

/// `tr`'s options.
pub(super) const TR: Spec = Spec {
    flags: "cCds",
    valued: "",
    long: &[
        ("complement", 'c'),
        ("delete", 'd'),
        ("squeeze-repeats", 's'),
    ],
};

/// The ASCII characters of the class `[:name:]`, if it is one.
fn class(name: &str) -> Option<Vec<char>> {
    let test: fn(&char) -> bool = match name {
        "alpha" => char::is_ascii_alphabetic,
        "alnum" => char::is_ascii_alphanumeric,
        "digit" => char::is_ascii_digit,
        "lower" => char::is_ascii_lowercase,
        "upper" => char::is_ascii_uppercase,
        "space" => |c| c.is_ascii_whitespace() || *c == '\x0b',
        "blank" => |c| *c == ' ' || *c == '\t',
        "punct" => char::is_ascii_punctuation,
        _ => return None,
    };
    Some((0u8..128).map(char::from).filter(test).collect())
}

/// The characters of a set operand, in order, or tr's complaint.
fn expand(set: &str) -> Result<Vec<char>, String> {
    let chars: Vec<char> = escape::decode(set, Dialect::Echo).0.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        let rest: String = chars.get(i..).unwrap_or_default().iter().collect();
        if let Some(name) = rest.strip_prefix("[:").and_then(|r| r.split_once(":]")) {
            let members =
                class(name.0).ok_or_else(|| format!("invalid character class '{}'", name.0))?;
            out.extend(members);
            i += name.0.chars().count() + 4;
        } else if let (Some('-'), Some(&end)) = (chars.get(i + 1), chars.get(i + 2)) {
            if end < c {
                return Err(format!(
                    "range-endpoints of '{c}-{end}' are in reverse collating sequence order"
                ));
            }
            out.extend(c..=end);
            i += 3;
        } else {
            out.push(c);
            i += 1;
        }
    }
    Ok(out)
}

/// `tr [-cds] SET1 [SET2]`.
pub(super) fn tr(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, TR, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let (delete, squeeze) = (opts.has('d'), opts.has('s'));
    let complement = opts.has('c') || opts.has('C');
    let max = if delete && !squeeze { 1 } else { 2 };
    let usage = |call: &mut Call<'_>, message: String| {
        call.error(&message);
        args::try_help(call);
        1
    };
    let sets = &opts.operands;
    match (sets.first(), sets.get(max)) {
        (None, _) => return usage(call, "missing operand".into()),
        (_, Some(extra)) => {
            let mut message = format!("extra operand '{extra}'");
            if max == 1 {
                message.push_str(
                    "\nOnly one string may be given when deleting without squeezing repeats.",
                );
            }
            return usage(call, message);
        }
        (Some(first), None) if sets.len() == 1 && delete == squeeze => {
            let why = if delete {
                "both deleting and squeezing repeats"
            } else {
                "translating"
            };
            let message =
                format!("missing operand after '{first}'\nTwo strings must be given when {why}.");
            return usage(call, message);
        }
        _ => {}
    }
    let mut parsed = Vec::new();
    for set in sets {
        match expand(set) {
            Ok(chars) => parsed.push(chars),
            Err(message) => {
                call.error(&message);
                return 1;
            }
        }
    }
    let set1 = parsed.first().cloned().unwrap_or_default();
    let set2 = parsed.get(1).cloned();
    let in1 = |c: char| set1.contains(&c) != complement;
    let translating = !delete && set2.is_some();
    if translating && set2.as_ref().is_some_and(Vec::is_empty) {
        call.error("when not truncating set1, string2 must be non-empty");
        return 1;
    }
    if translating && complement && set2.as_ref().is_some_and(|s| s.len() > 1) {
        call.error("-c with more than one character in SET2 is not supported in this shell");
        return 1;
    }
    let map = |c: char| -> char {
        let Some(to) = set2.as_deref().filter(|_| translating) else {
            return c;
        };
        let at = if complement {
            (!set1.contains(&c)).then_some(0)
        } else {
            set1.iter().rposition(|&x| x == c)
        };
        at.map_or(c, |i| to.get(i).or(to.last()).copied().unwrap_or(c))
    };
    let squeezes = |c: char| {
        squeeze
            && match &set2 {
                Some(set) => set.contains(&c),
                None => in1(c),
            }
    };
    let mut out = String::new();
    for c in call.stdin.chars() {
        if delete && in1(c) {
            continue;
        }
        let c = map(c);
        if squeezes(c) && out.ends_with(c) {
            continue;
        }
        out.push(c);
    }
    call.out.stdout(&out);
    0
}
