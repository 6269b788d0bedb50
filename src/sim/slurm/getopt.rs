//! Command-line options read as glibc's `getopt_long` reads them, for every
//! simulated tool (the Slurm commands, the shell's own tools, the node
//! tools): short options clustered (`-lh`, `-pgpu`), long options by any
//! unambiguous prefix (`--part=gpu`), `--opt=value` or `--opt value`, `--`
//! ending the options, `-` an operand, and glibc's messages for the
//! mistakes (`unrecognized option '--bogus'`). Options and operands may be
//! mixed unless the tool's option string starts with `+` (sbatch, srun),
//! where the first operand ends the options.

/// Whether an option takes a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HasArg {
    /// A flag.
    No,
    /// Always a value (`-p gpu`, `--partition=gpu`).
    Required,
    /// A value only when attached (`-jID`, `--jobs=ID`).
    Optional,
}

/// One option: the key the tool matches on, its short letter and its long
/// names (several long names may share a key, like `--node` and
/// `--nodelist`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Opt<K = &'static str> {
    /// What the tool matches on.
    pub(crate) key: K,
    /// The short letter, if any.
    pub(crate) short: Option<char>,
    /// The long names, without `--`.
    pub(crate) long: &'static [&'static str],
    /// Whether it takes a value.
    pub(crate) arg: HasArg,
}

/// Shorthand for an option table entry.
pub(crate) const fn opt<K>(
    key: K,
    short: Option<char>,
    long: &'static [&'static str],
    arg: HasArg,
) -> Opt<K> {
    Opt {
        key,
        short,
        long,
        arg,
    }
}

/// Two option tables as one (`C` must be `A + B`).
pub(crate) const fn concat<const A: usize, const B: usize, const C: usize>(
    a: [Opt; A],
    b: [Opt; B],
) -> [Opt; C] {
    let mut all = [opt("", None, &[], HasArg::No); C];
    let mut i = 0;
    while i < A && i < C {
        all[i] = a[i];
        i += 1;
    }
    let mut j = 0;
    while j < B && A + j < C {
        all[A + j] = b[j];
        j += 1;
    }
    all
}

/// Where operands may stand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// Anywhere among the options (glibc's default, which permutes them).
    Permute,
    /// The first operand and everything after it are operands (`+`).
    StopAtOperand,
}

/// Why getopt refused a command line; `Display` is glibc's line, without
/// the program's name in front.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum GetoptError {
    /// A short letter the tool does not have.
    #[error("invalid option -- '{0}'")]
    InvalidShort(char),
    /// A long option the tool does not have, as typed (`--bogus=1`).
    #[error("unrecognized option '{0}'")]
    Unrecognized(String),
    /// A prefix of several long options.
    #[error("option '--{typed}' is ambiguous; possibilities:{}", .candidates.iter().map(|c| format!(" '--{c}'")).collect::<String>())]
    Ambiguous {
        /// The prefix as typed.
        typed: String,
        /// The long names it could be.
        candidates: Vec<&'static str>,
    },
    /// `--flag=value` for a flag.
    #[error("option '--{0}' doesn't allow an argument")]
    NoArgumentAllowed(&'static str),
    /// A short option that needs a value came last.
    #[error("option requires an argument -- '{0}'")]
    MissingShort(char),
    /// A long option that needs a value came last.
    #[error("option '--{0}' requires an argument")]
    MissingLong(&'static str),
}

/// One thing read from a command line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Item<K> {
    /// An option by its key, with its value.
    Opt(K, Option<String>),
    /// An operand.
    Operand(String),
}

/// Reads a command line one option at a time, as a C program's
/// `while ((c = getopt_long(...)) != -1)` loop does: a tool that stops at
/// `-h` never sees the mistakes after it.
pub(crate) struct Getopt<'a, K> {
    args: &'a [String],
    table: &'a [Opt<K>],
    order: Order,
    /// The next word.
    next: usize,
    /// Letters of a short cluster still to read, and where they start.
    cluster: Option<(usize, usize)>,
    /// Everything from here on is an operand.
    operands_only: bool,
}

impl<'a, K: Copy + PartialEq> Getopt<'a, K> {
    /// A reader of `args` (without the program's name) by `table`.
    pub(crate) fn new(args: &'a [String], table: &'a [Opt<K>], order: Order) -> Self {
        Self {
            args,
            table,
            order,
            next: 0,
            cluster: None,
            operands_only: false,
        }
    }

    /// Whether the word of the short option just read has more letters
    /// to come (glibc's `optind` still on it): GNU grep reads `-12` as
    /// twelve lines of context but `-1 -2` as two.
    pub(crate) fn mid_word(&self) -> bool {
        self.cluster.is_some()
    }

    /// The value of a `Required` option: attached text, else the next
    /// word.
    fn value(&mut self, attached: Option<String>) -> Option<String> {
        attached.or_else(|| {
            let word = self.args.get(self.next)?.clone();
            self.next += 1;
            Some(word)
        })
    }

    /// The next letter of the current short cluster.
    fn short(&mut self, word: usize, at: usize) -> Result<Item<K>, GetoptError> {
        let args = self.args;
        let text = &args[word];
        let c = text[at..].chars().next().unwrap_or('-');
        let rest_at = at + c.len_utf8();
        let rest = &text[rest_at..];
        self.cluster = (!rest.is_empty()).then_some((word, rest_at));
        let found = self
            .table
            .iter()
            .find(|o| o.short == Some(c))
            .ok_or(GetoptError::InvalidShort(c))?;
        let value = match found.arg {
            HasArg::No => None,
            HasArg::Optional => self.cluster.take().map(|_| rest.to_owned()),
            HasArg::Required => {
                let attached = self.cluster.take().map(|_| rest.to_owned());
                Some(self.value(attached).ok_or(GetoptError::MissingShort(c))?)
            }
        };
        Ok(Item::Opt(found.key, value))
    }

    /// A `--name[=value]` word.
    fn long(&mut self, word: &str) -> Result<Item<K>, GetoptError> {
        let body = &word[2..];
        let (typed, attached) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => (body, None),
        };
        let (found, name) = self.long_match(word, typed)?;
        let value = match (found.arg, attached) {
            (HasArg::No, Some(_)) => return Err(GetoptError::NoArgumentAllowed(name)),
            (HasArg::No, None) => None,
            (HasArg::Optional, v) => v,
            (HasArg::Required, v) => Some(self.value(v).ok_or(GetoptError::MissingLong(name))?),
        };
        Ok(Item::Opt(found.key, value))
    }

    /// The option a long name or an unambiguous prefix of one names, and
    /// its full name: an exact name wins; prefixes of names that share a
    /// key are not ambiguous.
    fn long_match(
        &self,
        word: &str,
        typed: &str,
    ) -> Result<(&'a Opt<K>, &'static str), GetoptError> {
        let table = self.table;
        if let Some((o, name)) = table
            .iter()
            .find_map(|o| o.long.iter().find(|l| **l == typed).map(|l| (o, *l)))
        {
            return Ok((o, name));
        }
        let candidates: Vec<(&'a Opt<K>, &'static str)> = table
            .iter()
            .flat_map(|o| o.long.iter().map(move |l| (o, *l)))
            .filter(|(_, l)| !typed.is_empty() && l.starts_with(typed))
            .collect();
        match candidates.first() {
            None => Err(GetoptError::Unrecognized(word.to_owned())),
            Some(&(first, name)) if candidates.iter().all(|(o, _)| o.key == first.key) => {
                Ok((first, name))
            }
            Some(_) => Err(GetoptError::Ambiguous {
                typed: typed.to_owned(),
                candidates: candidates.iter().map(|(_, l)| *l).collect(),
            }),
        }
    }
}

impl<K: Copy + PartialEq> Iterator for Getopt<'_, K> {
    type Item = Result<Item<K>, GetoptError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((word, at)) = self.cluster.take() {
            return Some(self.short(word, at));
        }
        let args = self.args;
        let word = args.get(self.next)?;
        self.next += 1;
        if self.operands_only {
            return Some(Ok(Item::Operand(word.clone())));
        }
        if word == "--" {
            self.operands_only = true;
            return self.next();
        }
        if word.starts_with("--") {
            return Some(self.long(word));
        }
        if word.len() > 1 && word.starts_with('-') {
            return Some(self.short(self.next - 1, 1));
        }
        if self.order == Order::StopAtOperand {
            self.operands_only = true;
        }
        Some(Ok(Item::Operand(word.clone())))
    }
}

/// Options and operands, each in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Parsed<K = &'static str> {
    /// (key, value) in order.
    pub(crate) opts: Vec<(K, Option<String>)>,
    /// The operands.
    pub(crate) operands: Vec<String>,
}

impl<K> Default for Parsed<K> {
    fn default() -> Self {
        Self {
            opts: Vec::new(),
            operands: Vec::new(),
        }
    }
}

impl<K: Copy + PartialEq> Parsed<K> {
    /// Whether the option was given.
    pub(crate) fn has(&self, key: K) -> bool {
        self.opts.iter().any(|(k, _)| *k == key)
    }

    /// The last value given to the option.
    pub(crate) fn value(&self, key: K) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// Reads a whole command line (without the program's name), or the first
/// mistake in it.
pub(crate) fn parse<K: Copy + PartialEq>(
    args: &[String],
    table: &[Opt<K>],
    order: Order,
) -> Result<Parsed<K>, GetoptError> {
    let mut parsed = Parsed::default();
    for item in Getopt::new(args, table, order) {
        match item? {
            Item::Opt(key, value) => parsed.opts.push((key, value)),
            Item::Operand(word) => parsed.operands.push(word),
        }
    }
    Ok(parsed)
}

/// Every option as typed, for tab completion: `-p`, `--partition`.
pub(crate) fn spellings<K>(table: &[Opt<K>]) -> Vec<String> {
    let mut out: Vec<String> = table
        .iter()
        .flat_map(|o| {
            o.short
                .map(|c| format!("-{c}"))
                .into_iter()
                .chain(o.long.iter().map(|l| format!("--{l}")))
        })
        .collect();
    crate::sort::sort_dedup(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[Opt] = &[
        opt("long", Some('l'), &["long"], HasArg::No),
        opt(
            "partition",
            Some('p'),
            &["partition", "partitions"],
            HasArg::Required,
        ),
        opt("jobs", Some('j'), &["jobs"], HasArg::Optional),
        opt("sort", Some('S'), &["sort"], HasArg::Required),
        opt("start", None, &["start"], HasArg::No),
        opt("me", None, &["me"], HasArg::No),
    ];

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| (*w).to_owned()).collect()
    }

    #[test]
    fn reads_clusters_prefixes_and_operands() {
        let p = parse(
            &argv(&[
                "-lpgpu", "x", "--part", "debug", "-j5", "--me", "-", "--", "-l",
            ]),
            TABLE,
            Order::Permute,
        );
        let p = p.unwrap_or_default();
        assert_eq!(
            p.opts,
            vec![
                ("long", None),
                ("partition", Some("gpu".to_owned())),
                ("partition", Some("debug".to_owned())),
                ("jobs", Some("5".to_owned())),
                ("me", None)
            ]
        );
        assert_eq!(p.operands, ["x", "-", "-l"]);
        assert_eq!(p.value("partition"), Some("debug"), "the last wins");
        let p = parse(
            &argv(&["-l", "job.sh", "-p", "x"]),
            TABLE,
            Order::StopAtOperand,
        )
        .unwrap_or_default();
        assert_eq!(p.operands, ["job.sh", "-p", "x"]);
        let p = parse(&argv(&["-lj", "-jl"]), TABLE, Order::Permute).unwrap_or_default();
        assert_eq!(
            p.opts,
            vec![
                ("long", None),
                ("jobs", None),
                ("jobs", Some("l".to_owned()))
            ],
            "an optional value is only ever attached"
        );
    }

    #[test]
    fn glibc_messages() {
        let err = |words: &[&str]| {
            parse(&argv(words), TABLE, Order::Permute)
                .err()
                .map(|e| e.to_string())
        };
        assert_eq!(
            err(&["--bogus=1"]).as_deref(),
            Some("unrecognized option '--bogus=1'")
        );
        assert_eq!(err(&["-lZ"]).as_deref(), Some("invalid option -- 'Z'"));
        assert_eq!(
            err(&["-p"]).as_deref(),
            Some("option requires an argument -- 'p'")
        );
        assert_eq!(
            err(&["--parti"]).as_deref(),
            Some("option '--partition' requires an argument"),
            "named in full"
        );
        assert_eq!(
            err(&["--me=x"]).as_deref(),
            Some("option '--me' doesn't allow an argument")
        );
        assert_eq!(
            err(&["--s"]).as_deref(),
            Some("option '--s' is ambiguous; possibilities: '--sort' '--start'")
        );
    }

    #[test]
    fn a_tool_may_stop_reading_at_an_option() {
        let args = argv(&["-l", "-Z"]);
        let mut getopt = Getopt::new(&args, TABLE, Order::Permute);
        assert_eq!(getopt.next(), Some(Ok(Item::Opt("long", None))));
        assert_eq!(getopt.next(), Some(Err(GetoptError::InvalidShort('Z'))));
        let keys = [opt('h', Some('h'), &["help"], HasArg::No)];
        let args = argv(&["--he"]);
        assert_eq!(
            parse(&args, &keys, Order::Permute).map(|p| p.opts),
            Ok(vec![('h', None)]),
            "keys of any type"
        );
    }

    #[test]
    fn it_tells_whether_a_word_goes_on() {
        let args = argv(&["-ll", "-l", "-pgpu"]);
        let mut getopt = Getopt::new(&args, TABLE, Order::Permute);
        let mut seen = Vec::new();
        while let Some(Ok(Item::Opt(key, _))) = getopt.next() {
            seen.push((key, getopt.mid_word()));
        }
        assert_eq!(
            seen,
            [
                ("long", true),
                ("long", false),
                ("long", false),
                ("partition", false)
            ]
        );
    }
}
