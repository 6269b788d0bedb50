//! Slurm hostlist expressions such as `node-[1-4,7]`, `gpu[01-16]` or
//! `rack[1-2]-node[1-3]`: expanded into host names and compressed back into
//! the shortest form Slurm prints, following `src/common/hostlist.c` of
//! Slurm 22.05. Pure.
//!
//! Reading (`hostlist_create`):
//! 1. The expression splits at commas, spaces and tabs outside brackets.
//! 2. Each bracket holds comma-separated numbers and `lo-hi` ranges; the
//!    digits written for `lo` set the zero padding (`[01-10]` gives `01` to
//!    `10`, `[1-10]` gives `1` to `10`).
//! 3. A name may hold several brackets (`rack[1-2]-node[1-3]`), expanded
//!    left bracket outermost; as in Slurm 22.05, nothing may follow the last
//!    `]` (Slurm 23.02 later allowed such suffixes).
//!
//! Printing (`hostlist_uniq` then `hostlist_ranged_string`): names are
//! sorted by prefix in natural order (`strnatcmp`), then by the width and
//! value of their numeric suffix, duplicates dropped, consecutive numbers
//! joined into `lo-hi` and runs sharing a prefix put in one bracket:
//! `node-[1-4,7]`, `node-1`, `a[1-2],b3`.
//!
//! Expansion is bounded: a range over [`MAX_RANGE`] hosts, or an expression
//! over [`MAX_HOSTS`] hosts or [`MAX_EXPANDED_BYTES`] bytes of names, is
//! refused before anything is allocated.

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

#[cfg(test)]
mod tests;

/// Most hosts one `lo-hi` range may hold: Slurm's `MAX_RANGE` (64K).
pub const MAX_RANGE: u64 = 64 * 1024;
/// Most hosts one expression may expand to.
pub const MAX_HOSTS: usize = 64 * 1024;
/// Most bytes of names one expression may expand to (long prefixes times
/// many hosts would otherwise claim unbounded memory).
pub const MAX_EXPANDED_BYTES: usize = 4 * 1024 * 1024;

/// Why a hostlist expression could not be read. Each variant names the
/// offending name (`token`) or range as written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HostlistError {
    /// A `[` without its `]`.
    #[error("unclosed `[` in `{token}`")]
    UnclosedBracket {
        /// The name as written.
        token: String,
    },
    /// A `]` without a `[`, or a `[` inside brackets.
    #[error("misplaced bracket in `{token}`")]
    MisplacedBracket {
        /// The name as written.
        token: String,
    },
    /// Text after the last `]`, which Slurm 22.05 refuses.
    #[error("text after `]` in `{token}` (a bracket must end the name)")]
    TextAfterBracket {
        /// The name as written.
        token: String,
    },
    /// A range that is not `N` or `N-M` with N <= M (e.g. `4-1`, `a-b`, `1-`).
    #[error("Invalid range: `{range}` in `{token}`")]
    InvalidRange {
        /// The range as written.
        range: String,
        /// The name as written.
        token: String,
    },
    /// A range of more than [`MAX_RANGE`] hosts.
    #[error("Too many hosts in range `{range}` (at most {MAX_RANGE})")]
    RangeTooLarge {
        /// The range as written.
        range: String,
    },
    /// An expression of more than [`MAX_HOSTS`] hosts or
    /// [`MAX_EXPANDED_BYTES`] bytes of names.
    #[error(
        "`{token}` makes the list too long (at most {MAX_HOSTS} hosts and {MAX_EXPANDED_BYTES} bytes of names)"
    )]
    TooManyHosts {
        /// The name whose expansion crossed the bound.
        token: String,
    },
}

/// A list of host names, kept in the order written (duplicates too, as
/// Slurm's `hostlist_t` keeps them). [`Display`](fmt::Display) prints the
/// sorted, deduplicated, compressed form that `squeue` and `sinfo` show.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Hostlist {
    names: Vec<String>,
}

impl Hostlist {
    /// Expands an expression such as `node-[1-4,7],login1`; an empty or
    /// blank expression gives an empty list.
    pub fn parse(expr: &str) -> Result<Self, HostlistError> {
        let mut names = Vec::new();
        let mut bytes = 0;
        for token in tokens(expr) {
            expand_token(token, &mut names, &mut bytes)?;
        }
        Ok(Self { names })
    }

    /// A list of the given names, in the given order.
    pub fn from_names<I, S>(names: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Self {
            names: names.into_iter().map(Into::into).collect(),
        }
    }

    /// The names, in the order written.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// How many names (duplicates counted).
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the list has no names.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether `name` is in the list.
    pub fn contains(&self, name: &str) -> bool {
        self.names.iter().any(|n| n == name)
    }
}

impl FromStr for Hostlist {
    type Err = HostlistError;

    fn from_str(expr: &str) -> Result<Self, Self::Err> {
        Self::parse(expr)
    }
}

impl fmt::Display for Hostlist {
    /// The compressed form, e.g. `node-[1-4,7]`; empty for an empty list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut hosts: Vec<Host<'_>> = self.names.iter().map(|n| Host::split(n)).collect();
        crate::sort::by(&mut hosts, Host::slurm_order);
        hosts.dedup();
        let mut runs: Vec<Run<'_>> = Vec::new();
        for host in hosts {
            if !runs.last_mut().is_some_and(|run| run.extend(&host)) {
                runs.push(Run::start(host));
            }
        }
        let mut rest = runs.as_slice();
        let mut first = true;
        while let Some(run) = rest.first() {
            if !first {
                f.write_str(",")?;
            }
            first = false;
            let group = match run.numbers {
                None => 1,
                Some(_) => rest
                    .iter()
                    .take_while(|r| r.numbers.is_some() && r.prefix == run.prefix)
                    .count(),
            };
            write_group(f, &rest[..group])?;
            rest = &rest[group..];
        }
        Ok(())
    }
}

/// Writes runs sharing one prefix: `node-3`, or `node-[1-4,7]` when there
/// is more than one host.
fn write_group(f: &mut fmt::Formatter<'_>, group: &[Run<'_>]) -> fmt::Result {
    let Some(first) = group.first() else {
        return Ok(());
    };
    f.write_str(first.prefix)?;
    let bracket = group.len() > 1 || first.numbers.is_some_and(|n| n.lo != n.hi);
    if bracket {
        f.write_str("[")?;
    }
    for (i, numbers) in group.iter().filter_map(|r| r.numbers).enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        let w = numbers.width;
        write!(f, "{:0w$}", numbers.lo)?;
        if numbers.hi != numbers.lo {
            write!(f, "-{:0w$}", numbers.hi)?;
        }
    }
    if bracket {
        f.write_str("]")?;
    }
    Ok(())
}

/// The names of an expression: split at commas, spaces and tabs outside
/// brackets (`_next_tok`). An unclosed bracket runs to the end.
fn tokens(expr: &str) -> impl Iterator<Item = &str> {
    let mut inside = false;
    expr.split(move |c: char| {
        match c {
            '[' => inside = true,
            ']' => inside = false,
            _ => {}
        }
        !inside && matches!(c, ',' | ' ' | '\t')
    })
    .filter(|t| !t.is_empty())
}

/// One numeric range inside brackets: `lo` to `hi`, printed `width` digits
/// wide at least.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Range {
    lo: u64,
    hi: u64,
    width: usize,
}

impl Range {
    fn count(self) -> u64 {
        self.hi - self.lo + 1
    }

    /// Length of the longest number printed.
    fn max_len(self) -> usize {
        self.width.max(digits(self.hi))
    }
}

/// A piece of a name: literal text or a bracket of ranges.
enum Segment<'a> {
    Text(&'a str),
    Bracket(Vec<Range>),
}

/// Splits a name into text and brackets, checking the brackets.
fn segments(token: &str) -> Result<Vec<Segment<'_>>, HostlistError> {
    let owned = || token.to_owned();
    let mut out = Vec::new();
    let mut rest = token;
    while let Some(open) = rest.find(['[', ']']) {
        if rest[open..].starts_with(']') {
            return Err(HostlistError::MisplacedBracket { token: owned() });
        }
        if open > 0 {
            out.push(Segment::Text(&rest[..open]));
        }
        let after = &rest[open + 1..];
        let close = after
            .find(']')
            .ok_or_else(|| HostlistError::UnclosedBracket { token: owned() })?;
        let inner = &after[..close];
        if inner.contains('[') {
            return Err(HostlistError::MisplacedBracket { token: owned() });
        }
        out.push(Segment::Bracket(ranges(inner, token)?));
        rest = &after[close + 1..];
    }
    if !rest.is_empty() {
        if !out.is_empty() {
            return Err(HostlistError::TextAfterBracket { token: owned() });
        }
        out.push(Segment::Text(rest));
    }
    Ok(out)
}

/// Reads the inside of a bracket: `1-4,7` (`_parse_range_list`).
fn ranges(inner: &str, token: &str) -> Result<Vec<Range>, HostlistError> {
    inner.split(',').map(|item| range(item, token)).collect()
}

/// Reads `N` or `N-M` (`_parse_single_range`): digits only, N <= M, at most
/// [`MAX_RANGE`] hosts; the digits of N set the width.
fn range(item: &str, token: &str) -> Result<Range, HostlistError> {
    let invalid = || HostlistError::InvalidRange {
        range: item.to_owned(),
        token: token.to_owned(),
    };
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid());
        }
        s.parse::<u64>().map_err(|_| invalid())
    };
    let (lo_text, hi_text) = item.split_once('-').unwrap_or((item, item));
    let (lo, hi) = (number(lo_text)?, number(hi_text)?);
    if lo > hi {
        return Err(invalid());
    }
    if hi - lo >= MAX_RANGE {
        return Err(HostlistError::RangeTooLarge {
            range: item.to_owned(),
        });
    }
    Ok(Range {
        lo,
        hi,
        width: lo_text.len(),
    })
}

/// Expands one name onto `names`, first checking that the hosts and bytes
/// it adds stay within [`MAX_HOSTS`] and [`MAX_EXPANDED_BYTES`].
fn expand_token(
    token: &str,
    names: &mut Vec<String>,
    bytes: &mut usize,
) -> Result<(), HostlistError> {
    let segments = segments(token)?;
    let too_many = || HostlistError::TooManyHosts {
        token: token.to_owned(),
    };
    let mut count: usize = 1;
    let mut name_len: usize = 0;
    for segment in &segments {
        match segment {
            Segment::Text(text) => name_len = name_len.saturating_add(text.len()),
            Segment::Bracket(ranges) => {
                let hosts: u64 = ranges.iter().map(|r| r.count()).sum();
                let hosts = usize::try_from(hosts).map_err(|_| too_many())?;
                count = count.checked_mul(hosts).ok_or_else(too_many)?;
                let widest = ranges.iter().map(|r| r.max_len()).max().unwrap_or(0);
                name_len = name_len.saturating_add(widest);
            }
        }
        if count > MAX_HOSTS {
            return Err(too_many());
        }
    }
    let added_bytes = count.checked_mul(name_len).ok_or_else(too_many)?;
    *bytes = bytes.checked_add(added_bytes).ok_or_else(too_many)?;
    if names.len() + count > MAX_HOSTS || *bytes > MAX_EXPANDED_BYTES {
        return Err(too_many());
    }
    let mut expanded = vec![String::new()];
    for segment in &segments {
        match segment {
            Segment::Text(text) => expanded.iter_mut().for_each(|n| n.push_str(text)),
            Segment::Bracket(ranges) => {
                expanded = expanded
                    .iter()
                    .flat_map(|prefix| {
                        ranges.iter().flat_map(move |r| {
                            (r.lo..=r.hi).map(move |v| format!("{prefix}{v:0w$}", w = r.width))
                        })
                    })
                    .collect();
            }
        }
    }
    names.extend(expanded);
    Ok(())
}

/// Number of decimal digits of `v` (1 for 0).
fn digits(v: u64) -> usize {
    v.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// A numeric suffix: its value and the digits written (`007`: 7, width 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Suffix {
    value: u64,
    width: usize,
}

/// A host name split as `hostname_create` splits it: the prefix, and the
/// trailing digits if any (a name whose digits overflow 64 bits counts as
/// having none).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Host<'a> {
    prefix: &'a str,
    suffix: Option<Suffix>,
}

impl<'a> Host<'a> {
    fn split(name: &'a str) -> Self {
        let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
        let digits = &name[stem.len()..];
        match digits.parse::<u64>() {
            Ok(value) if !digits.is_empty() => Self {
                prefix: stem,
                suffix: Some(Suffix {
                    value,
                    width: digits.len(),
                }),
            },
            _ => Self {
                prefix: name,
                suffix: None,
            },
        }
    }

    /// Slurm's order (`hostrange_cmp`): prefixes in natural order, a name
    /// without a number before numbered ones, then by width (so `9` and
    /// `10` precede `010`) and value.
    fn slurm_order(a: &Self, b: &Self) -> Ordering {
        natural_cmp(a.prefix, b.prefix)
            .then_with(|| a.prefix.cmp(b.prefix))
            .then_with(|| match (a.suffix, b.suffix) {
                (None, None) => Ordering::Equal,
                (None, Some(_)) => Ordering::Less,
                (Some(_), None) => Ordering::Greater,
                (Some(x), Some(y)) => (x.width, x.value).cmp(&(y.width, y.value)),
            })
    }
}

/// Consecutive hosts compressed into one range, or one host without a number.
#[derive(Debug, Clone, Copy)]
struct Run<'a> {
    prefix: &'a str,
    numbers: Option<Range>,
}

impl<'a> Run<'a> {
    fn start(host: Host<'a>) -> Self {
        Self {
            prefix: host.prefix,
            numbers: host.suffix.map(|s| Range {
                lo: s.value,
                hi: s.value,
                width: s.width,
            }),
        }
    }

    /// Adds `host` if it is the next number with the same prefix and prints
    /// the same at this run's width (`hostrange_join` with `_width_equiv`).
    fn extend(&mut self, host: &Host<'a>) -> bool {
        let (Some(numbers), Some(suffix)) = (self.numbers.as_mut(), host.suffix) else {
            return false;
        };
        let next = numbers.hi.checked_add(1) == Some(suffix.value);
        let same_text = numbers.width.max(digits(suffix.value)) == suffix.width;
        if self.prefix == host.prefix && next && same_text {
            numbers.hi = suffix.value;
            true
        } else {
            false
        }
    }
}

/// Natural order as Slurm's `strnatcmp`: runs of digits compare as numbers
/// (longer run first decides, then digit by digit), except that a run
/// starting with `0` compares digit by digit from the left.
fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    loop {
        match (a.get(i), b.get(j)) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let run_a = digit_run(&a[i..]);
                let run_b = digit_run(&b[j..]);
                let order = if run_a[0] == b'0' || run_b[0] == b'0' {
                    run_a.cmp(run_b)
                } else {
                    run_a.len().cmp(&run_b.len()).then_with(|| run_a.cmp(run_b))
                };
                if order != Ordering::Equal {
                    return order;
                }
                i += run_a.len();
                j += run_b.len();
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(y);
                }
                i += 1;
                j += 1;
            }
        }
    }
}

/// The leading ASCII digits of `s`.
fn digit_run(s: &[u8]) -> &[u8] {
    let end = s
        .iter()
        .position(|b| !b.is_ascii_digit())
        .unwrap_or(s.len());
    &s[..end]
}
