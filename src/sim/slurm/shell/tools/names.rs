//! `basename` and `dirname`: the last part of a file name and what comes
//! before it, as coreutils 9.1 cuts them (gnulib's `last_component`,
//! `base_len` and `dir_len` on a system where `//` is `/`), with their
//! options and messages.

use super::super::args::{self, Spec};
use super::super::command::Call;
use crate::sim::slurm::getopt::{self, Order};

/// `basename`'s options (`+as:z`: options end at the first operand).
pub(super) const BASENAME: Spec = Spec {
    flags: "az",
    valued: "s",
    long: &[("multiple", 'a'), ("suffix", 's'), ("zero", 'z')],
};

/// `dirname`'s options.
pub(super) const DIRNAME: Spec = Spec {
    flags: "z",
    valued: "",
    long: &[("zero", 'z')],
};

/// The last part of `name` without trailing slashes: `/` for a name made
/// of slashes, nothing for nothing.
fn base(name: &str) -> &str {
    let trimmed = name.trim_end_matches('/');
    if trimmed.is_empty() {
        return if name.is_empty() { "" } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// What comes before the last part of `name`, without the slashes that
/// end it: `.` when nothing does, `/` when only slashes do.
fn dir(name: &str) -> &str {
    let trimmed = name.trim_end_matches('/');
    if trimmed.is_empty() {
        return if name.starts_with('/') { "/" } else { "." };
    }
    match trimmed.rfind('/') {
        None => ".",
        Some(at) => match trimmed[..at].trim_end_matches('/') {
            "" => "/",
            before => before,
        },
    }
}

/// `base` less `suffix`, when the name ends with it and is more than it
/// (coreutils' `remove_suffix`; never from `/`).
fn strip_suffix<'a>(base: &'a str, suffix: &str) -> &'a str {
    match base.strip_suffix(suffix) {
        Some(rest) if !rest.is_empty() && base != "/" => rest,
        _ => base,
    }
}

/// Each line as the tool ends it: a newline, or with `-z` a NUL.
fn lines<'a>(parts: impl Iterator<Item = &'a str>, zero: bool) -> String {
    let end = if zero { '\0' } else { '\n' };
    let mut text = String::new();
    for part in parts {
        text.push_str(part);
        text.push(end);
    }
    text
}

/// `basename NAME [SUFFIX]`, or `basename -a|-s SUFFIX NAME...`.
pub(super) fn basename(call: &mut Call<'_>) -> i32 {
    let opts = match getopt::parse(call.args(), &BASENAME.table(), Order::StopAtOperand) {
        Ok(opts) => opts,
        Err(e) => return args::usage_error(call, &e.to_string()),
    };
    let suffix = opts.value('s').map(str::to_owned);
    let multiple = opts.has('a') || suffix.is_some();
    let names = &opts.operands;
    let (names, suffix) = match names.len() {
        0 => return args::usage_error(call, "missing operand"),
        _ if multiple => (&names[..], suffix),
        1 => (&names[..], None),
        2 => (&names[..1], Some(names[1].clone())),
        _ => return args::usage_error(call, &format!("extra operand '{}'", names[2])),
    };
    let parts = names.iter().map(|name| {
        let base = base(name);
        suffix.as_deref().map_or(base, |s| strip_suffix(base, s))
    });
    let text = lines(parts, opts.has('z'));
    call.out.stdout(&text);
    0
}

/// `dirname NAME...`.
pub(super) fn dirname(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, DIRNAME, 1) {
        Ok(opts) => opts,
        Err(status) => return status,
    };
    if opts.operands.is_empty() {
        return args::usage_error(call, "missing operand");
    }
    let text = lines(opts.operands.iter().map(|n| dir(n)), opts.has('z'));
    call.out.stdout(&text);
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_part_is_cut_as_coreutils_cuts_it() {
        for (name, want) in [
            ("/home/alice/train.py", "train.py"),
            ("dir/", "dir"),
            ("a//b//", "b"),
            ("/", "/"),
            ("///", "/"),
            ("", ""),
            ("plain", "plain"),
        ] {
            assert_eq!(base(name), want, "basename {name:?}");
        }
    }

    #[test]
    fn what_comes_before_is_cut_as_coreutils_cuts_it() {
        for (name, want) in [
            ("/home/alice/train.py", "/home/alice"),
            ("/a/b/", "/a"),
            ("a//b", "a"),
            ("//a", "/"),
            ("/a", "/"),
            ("/", "/"),
            ("a", "."),
            ("a/", "."),
            ("", "."),
        ] {
            assert_eq!(dir(name), want, "dirname {name:?}");
        }
    }

    #[test]
    fn a_suffix_goes_only_when_something_is_left() {
        assert_eq!(strip_suffix("train.py", ".py"), "train");
        assert_eq!(strip_suffix(".py", ".py"), ".py");
        assert_eq!(strip_suffix("train.sh", ".py"), "train.sh");
        assert_eq!(strip_suffix("/", "/"), "/");
    }

    #[test]
    fn lines_end_in_newlines_or_nuls() {
        assert_eq!(lines(["a", "b"].into_iter(), false), "a\nb\n");
        assert_eq!(lines(["a", ""].into_iter(), true), "a\0\0");
    }
}
