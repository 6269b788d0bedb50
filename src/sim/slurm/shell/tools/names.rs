//! `basename` and `dirname`: the last part of a file name and what comes
//! before it, as coreutils 9.1 cuts them (gnulib's `last_component`,
//! `base_len` and `dir_len` on a system where `//` is `/`), with their
//! options and messages; and `realpath`, the whole name.

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::fs::FsError;
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

/// `realpath`'s options (`--relative-to` is long only).
pub(super) const REALPATH: Spec = Spec {
    flags: "emqsz",
    valued: "\u{1}",
    long: &[
        ("canonicalize-existing", 'e'),
        ("canonicalize-missing", 'm'),
        ("quiet", 'q'),
        ("strip", 's'),
        ("no-symlinks", 's'),
        ("zero", 'z'),
        ("relative-to", '\u{1}'),
    ],
};

/// `realpath`: each name as an absolute path without `.` or `..`; every
/// directory on the way must exist (`-e`: the name itself too; `-m`:
/// nothing need), and `--relative-to=DIR` shows it from there. This
/// filesystem has no symbolic links to follow.
pub(super) fn realpath(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, REALPATH, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if opts.operands.is_empty() {
        return args::usage_error(call, "missing operand");
    }
    let base = match opts.value('\u{1}').map(|dir| call.path(dir)) {
        Some(Ok(dir)) => Some(dir),
        Some(Err(e)) => {
            let dir = opts.value('\u{1}').unwrap_or_default();
            call.error(&format!("{dir}: {e}"));
            return 1;
        }
        None => None,
    };
    let end = if opts.has('z') { '\0' } else { '\n' };
    let mut status = 0;
    for op in &opts.operands {
        let found = if opts.has('m') {
            Ok(lexical(call.cwd, op))
        } else {
            call.path(op).and_then(|path| match call.fs.meta(&path) {
                None if opts.has('e') => Err(FsError::NotFound),
                _ => Ok(path),
            })
        };
        match found {
            Ok(path) => {
                let shown = base.as_deref().map_or(path.clone(), |b| relative(&path, b));
                call.out.stdout(&format!("{shown}{end}"));
            }
            Err(e) => {
                if !opts.has('q') {
                    call.error(&format!("{op}: {e}"));
                }
                status = 1;
            }
        }
    }
    status
}

/// `path` from `cwd` with `.` and `..` folded away, nothing looked up.
fn lexical(cwd: &str, path: &str) -> String {
    let start = if path.starts_with('/') { "" } else { cwd };
    let mut parts: Vec<&str> = Vec::new();
    for name in start.split('/').chain(path.split('/')) {
        match name {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            name => parts.push(name),
        }
    }
    format!("/{}", parts.join("/"))
}

/// The absolute `path` as seen from the directory `base`.
fn relative(path: &str, base: &str) -> String {
    let parts = |p: &'_ str| -> Vec<String> {
        p.split('/')
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .collect()
    };
    let (to, from) = (parts(path), parts(base));
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    let mut shown: Vec<&str> = vec![".."; from.len() - common];
    shown.extend(to[common..].iter().map(String::as_str));
    if shown.is_empty() {
        ".".to_owned()
    } else {
        shown.join("/")
    }
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
