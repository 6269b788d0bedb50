//! Command-line options as GNU `getopt` reads them: short flags that may be
//! grouped (`-la`), flags that take a value (`-n 5`, `-n5`), options mixed
//! with operands, `--` to end options, and `-` as an operand. Long options
//! are listed by name and map to a short flag.

use super::command::Call;

/// Why the options were refused; `Display` is getopt's wording.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(super) enum OptError {
    /// A short flag the tool does not have.
    #[error("invalid option -- '{0}'")]
    Invalid(char),
    /// A long option the tool does not have.
    #[error("unrecognized option '{0}'")]
    Unrecognized(String),
    /// A flag that needs a value came last.
    #[error("option requires an argument -- '{0}'")]
    MissingValue(char),
}

/// What a tool accepts: short flags, those that take a value, and long
/// names for some of them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Spec {
    /// Flags without a value (`"lah1"`).
    pub(super) flags: &'static str,
    /// Flags with a value (`"n"`).
    pub(super) valued: &'static str,
    /// Long names and the short flag each stands for.
    pub(super) long: &'static [(&'static str, char)],
}

/// The options and operands of a command line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Opts {
    /// The flags given, in order, with their values.
    pub(super) flags: Vec<(char, Option<String>)>,
    /// The operands, in order.
    pub(super) operands: Vec<String>,
}

impl Opts {
    /// Whether flag `c` was given.
    pub(super) fn has(&self, c: char) -> bool {
        self.flags.iter().any(|(f, _)| *f == c)
    }

    /// The last value given for flag `c`.
    pub(super) fn value(&self, c: char) -> Option<&str> {
        self.flags
            .iter()
            .rev()
            .find(|(f, _)| *f == c)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// Reads `args` by `spec`.
pub(super) fn parse(args: &[String], spec: Spec) -> Result<Opts, OptError> {
    let mut opts = Opts::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "--" {
            opts.operands.extend(iter.cloned());
            break;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (long, None),
            };
            let &(_, c) = spec
                .long
                .iter()
                .find(|(n, _)| *n == name)
                .ok_or_else(|| OptError::Unrecognized(arg.clone()))?;
            let value = match value {
                Some(v) => Some(v),
                None if spec.valued.contains(c) => {
                    Some(iter.next().ok_or(OptError::MissingValue(c))?.clone())
                }
                None => None,
            };
            opts.flags.push((c, value));
            continue;
        }
        let Some(group) = arg.strip_prefix('-').filter(|g| !g.is_empty()) else {
            opts.operands.push(arg.clone());
            continue;
        };
        for (i, c) in group.char_indices() {
            if spec.valued.contains(c) {
                let rest = &group[i + c.len_utf8()..];
                let value = if rest.is_empty() {
                    iter.next().ok_or(OptError::MissingValue(c))?.clone()
                } else {
                    rest.to_owned()
                };
                opts.flags.push((c, Some(value)));
                break;
            }
            if !spec.flags.contains(c) {
                return Err(OptError::Invalid(c));
            }
            opts.flags.push((c, None));
        }
    }
    Ok(opts)
}

/// Reads the options of `call` by `spec`, or reports the error as GNU tools
/// do (with the `Try '<tool> --help'` line) and gives the exit status.
pub(super) fn parse_call(call: &mut Call<'_>, spec: Spec, status: i32) -> Result<Opts, i32> {
    parse(call.args(), spec).map_err(|e| {
        call.error(&e.to_string());
        try_help(call);
        status
    })
}

/// GNU's hint after a usage error.
pub(super) fn try_help(call: &mut Call<'_>) {
    let hint = format!("Try '{} --help' for more information.\n", call.name());
    call.out.stderr(&hint);
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const SPEC: Spec = Spec {
        flags: "la",
        valued: "n",
        long: &[("all", 'a'), ("lines", 'n')],
    };

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn reads_like_getopt() {
        let o = parse(&strings(&["-la", "x", "-n5", "--all", "--", "-l"]), SPEC).unwrap();
        assert!(o.has('l') && o.has('a'));
        assert_eq!(o.value('n'), Some("5"));
        assert_eq!(o.operands, ["x", "-l"]);
        let o = parse(&strings(&["-n", "3", "-", "--lines=4"]), SPEC).unwrap();
        assert_eq!(o.value('n'), Some("4"));
        assert_eq!(o.operands, ["-"]);
        assert_eq!(parse(&strings(&["-z"]), SPEC), Err(OptError::Invalid('z')));
        assert_eq!(
            parse(&strings(&["-n"]), SPEC),
            Err(OptError::MissingValue('n'))
        );
        assert_eq!(
            parse(&strings(&["--nope"]), SPEC).unwrap_err().to_string(),
            "unrecognized option '--nope'"
        );
    }
}
