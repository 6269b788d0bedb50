//! Command-line options read as glibc's `getopt_long` reads them for the
//! Slurm tools: short options clustered (`-lh`, `-pgpu`), long options by
//! any unambiguous prefix (`--part=gpu`), `--opt=value` or `--opt value`,
//! `--` ending the options, and glibc's messages for the mistakes
//! (`squeue: unrecognized option '--bogus'`). Options and operands may be
//! mixed, except for `sbatch` and `srun`, which stop at the first operand
//! (their option string starts with `+`).

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

/// One option: the key the command matches on, its short letter and its
/// long names (several long names may share a key, like `--node` and
/// `--nodelist`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Opt {
    /// What the command matches on.
    pub(crate) key: &'static str,
    /// The short letter, if any.
    pub(crate) short: Option<char>,
    /// The long names, without `--`.
    pub(crate) long: &'static [&'static str],
    /// Whether it takes a value.
    pub(crate) arg: HasArg,
}

/// Shorthand for an option table entry.
pub(crate) const fn opt(
    key: &'static str,
    short: Option<char>,
    long: &'static [&'static str],
    arg: HasArg,
) -> Opt {
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

/// Options and operands in the order given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Parsed {
    /// (key, value) in order.
    pub(crate) opts: Vec<(&'static str, Option<String>)>,
    /// The operands.
    pub(crate) operands: Vec<String>,
}

impl Parsed {
    /// Whether the option was given.
    pub(crate) fn has(&self, key: &str) -> bool {
        self.opts.iter().any(|(k, _)| *k == key)
    }

    /// The last value given to the option.
    pub(crate) fn value(&self, key: &str) -> Option<&str> {
        self.opts
            .iter()
            .rev()
            .find(|(k, _)| *k == key)
            .and_then(|(_, v)| v.as_deref())
    }
}

/// Every option as typed, for tab completion: `-p`, `--partition`.
pub(crate) fn spellings(table: &[Opt]) -> Vec<String> {
    let mut out: Vec<String> = table
        .iter()
        .flat_map(|o| {
            o.short
                .map(|c| format!("-{c}"))
                .into_iter()
                .chain(o.long.iter().map(|l| format!("--{l}")))
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Reads `args` (without the program name). `stop_at_operand` is the `+`
/// of sbatch's option string: the first operand and everything after it
/// are operands. Errors: glibc's message, one line with its newline.
pub(crate) fn parse(
    prog: &str,
    args: &[String],
    table: &[Opt],
    stop_at_operand: bool,
) -> Result<Parsed, String> {
    let mut parsed = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let arg = &args[i];
        i += 1;
        if arg == "--" {
            parsed.operands.extend(args[i..].iter().cloned());
            break;
        }
        if let Some(body) = arg.strip_prefix("--") {
            let (name, attached) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_owned())),
                None => (body, None),
            };
            let found = long_match(prog, arg, name, table)?;
            let value = match (found.arg, attached) {
                (HasArg::No, Some(_)) => {
                    return Err(format!(
                        "{prog}: option '--{}' doesn't allow an argument\n",
                        full_name(found, name)
                    ));
                }
                (HasArg::No, None) => None,
                (HasArg::Optional, v) => v,
                (HasArg::Required, Some(v)) => Some(v),
                (HasArg::Required, None) => match args.get(i) {
                    Some(v) => {
                        i += 1;
                        Some(v.clone())
                    }
                    None => {
                        return Err(format!(
                            "{prog}: option '--{}' requires an argument\n",
                            full_name(found, name)
                        ));
                    }
                },
            };
            parsed.opts.push((found.key, value));
        } else if arg.len() > 1 && arg.starts_with('-') {
            let letters: Vec<char> = arg.chars().skip(1).collect();
            let mut j = 0;
            while j < letters.len() {
                let c = letters[j];
                j += 1;
                let Some(found) = table.iter().find(|o| o.short == Some(c)) else {
                    return Err(format!("{prog}: invalid option -- '{c}'\n"));
                };
                let rest: String = letters[j..].iter().collect();
                let value = match found.arg {
                    HasArg::No => None,
                    HasArg::Optional => {
                        j = letters.len();
                        (!rest.is_empty()).then_some(rest)
                    }
                    HasArg::Required => {
                        j = letters.len();
                        if rest.is_empty() {
                            match args.get(i) {
                                Some(v) => {
                                    i += 1;
                                    Some(v.clone())
                                }
                                None => {
                                    return Err(format!(
                                        "{prog}: option requires an argument -- '{c}'\n"
                                    ));
                                }
                            }
                        } else {
                            Some(rest)
                        }
                    }
                };
                parsed.opts.push((found.key, value));
            }
        } else if stop_at_operand {
            parsed.operands.extend(args[i - 1..].iter().cloned());
            break;
        } else {
            parsed.operands.push(arg.clone());
        }
    }
    Ok(parsed)
}

/// The long name that `typed` (a prefix) stands for.
fn full_name<'a>(found: &'a Opt, typed: &'a str) -> &'a str {
    found
        .long
        .iter()
        .find(|l| l.starts_with(typed))
        .copied()
        .unwrap_or(typed)
}

/// The option a long name or an unambiguous prefix of one names: an exact
/// name wins; prefixes of options that share a key are not ambiguous.
fn long_match<'t>(prog: &str, arg: &str, name: &str, table: &'t [Opt]) -> Result<&'t Opt, String> {
    if let Some(exact) = table.iter().find(|o| o.long.contains(&name)) {
        return Ok(exact);
    }
    let candidates: Vec<(&'t Opt, &'static str)> = table
        .iter()
        .flat_map(|o| o.long.iter().map(move |l| (o, *l)))
        .filter(|(_, l)| !name.is_empty() && l.starts_with(name))
        .collect();
    match candidates.first() {
        None => Err(format!("{prog}: unrecognized option '{arg}'\n")),
        Some((first, _)) if candidates.iter().all(|(o, _)| o.key == first.key) => Ok(first),
        Some(_) => {
            let list: String = candidates
                .iter()
                .map(|(_, l)| format!(" '--{l}'"))
                .collect();
            Err(format!(
                "{prog}: option '--{name}' is ambiguous; possibilities:{list}\n"
            ))
        }
    }
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
            "squeue",
            &argv(&["-lpgpu", "x", "--part", "debug", "-j5", "--me"]),
            TABLE,
            false,
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
        assert_eq!(p.operands, ["x"]);
        let p =
            parse("sbatch", &argv(&["-l", "job.sh", "-p", "x"]), TABLE, true).unwrap_or_default();
        assert_eq!(p.operands, ["job.sh", "-p", "x"]);
    }

    #[test]
    fn glibc_messages() {
        let err = |words: &[&str]| parse("squeue", &argv(words), TABLE, false).err();
        assert_eq!(
            err(&["--bogus"]).as_deref(),
            Some("squeue: unrecognized option '--bogus'\n")
        );
        assert_eq!(
            err(&["-Z"]).as_deref(),
            Some("squeue: invalid option -- 'Z'\n")
        );
        assert_eq!(
            err(&["-p"]).as_deref(),
            Some("squeue: option requires an argument -- 'p'\n")
        );
        assert_eq!(
            err(&["--partition"]).as_deref(),
            Some("squeue: option '--partition' requires an argument\n")
        );
        assert_eq!(
            err(&["--me=x"]).as_deref(),
            Some("squeue: option '--me' doesn't allow an argument\n")
        );
        assert_eq!(
            err(&["--s"]).as_deref(),
            Some("squeue: option '--s' is ambiguous; possibilities: '--sort' '--start'\n")
        );
    }
}
