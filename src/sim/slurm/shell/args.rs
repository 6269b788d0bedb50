//! The shell's tools' options, read by the one getopt of the simulation:
//! each tool lists its short flags, those that take a value, and long
//! names that stand for a short flag.

use super::super::getopt::{self, GetoptError, HasArg, Opt, Order, Parsed};
use super::command::Call;

/// What a tool accepts: short flags, those that take a value, and long
/// names for some of them.
#[derive(Debug, Clone, Copy)]
pub(super) struct Spec {
    /// Flags without a value (`"lah1"`).
    pub(super) flags: &'static str,
    /// Flags with a value (`"n"`), and the keys of long-only options
    /// that take one.
    pub(super) valued: &'static str,
    /// Long names and the short flag each stands for. A long-only
    /// option's key is a control character, which no one types as a
    /// flag (grep's `--group-separator`).
    pub(super) long: &'static [(&'static str, char)],
}

impl Spec {
    /// The short flags that can be typed: `flags` and `valued` without
    /// the keys of long-only options.
    pub(super) fn shorts(self) -> impl Iterator<Item = char> {
        let typed = |c: &char| !c.is_control();
        self.flags.chars().chain(self.valued.chars()).filter(typed)
    }

    /// Whether the option of key `c` takes a value.
    pub(super) fn takes_value(self, c: char) -> bool {
        self.valued.contains(c)
    }

    /// The spec as getopt's table, keyed by short flag.
    pub(super) fn table(self) -> Vec<Opt<char>> {
        let takes = |c: char| {
            if self.takes_value(c) {
                HasArg::Required
            } else {
                HasArg::No
            }
        };
        let short = self
            .shorts()
            .map(|c| getopt::opt(c, Some(c), &[], takes(c)));
        let long = self
            .long
            .iter()
            .map(|(name, c)| getopt::opt(*c, None, std::slice::from_ref(name), takes(*c)));
        short.chain(long).collect()
    }
}

/// The options (by short flag) and operands of a command line.
pub(super) type Opts = Parsed<char>;

/// Reads `args` by `spec`, as GNU tools do (options and operands mixed).
pub(super) fn parse(args: &[String], spec: Spec) -> Result<Opts, GetoptError> {
    getopt::parse(args, &spec.table(), Order::Permute)
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

/// A GNU tool's refusal of its command line: `message` after the tool's
/// name, then the hint; exit status 1.
pub(super) fn usage_error(call: &mut Call<'_>, message: &str) -> i32 {
    call.error(message);
    try_help(call);
    1
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
        assert_eq!(
            parse(&strings(&["-z"]), SPEC),
            Err(GetoptError::InvalidShort('z'))
        );
        assert_eq!(
            parse(&strings(&["-n"]), SPEC),
            Err(GetoptError::MissingShort('n'))
        );
        assert_eq!(
            parse(&strings(&["--li"]), SPEC).map(|o| o.value('n').map(str::to_owned)),
            Err(GetoptError::MissingLong("lines")),
            "a prefix names its option in full"
        );
        assert_eq!(
            parse(&strings(&["--nope"]), SPEC).unwrap_err().to_string(),
            "unrecognized option '--nope'"
        );
    }
}
