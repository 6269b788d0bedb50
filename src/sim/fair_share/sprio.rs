//! `sprio`'s table of the priority factors of jobs, in Slurm 22.05's
//! layout: a format of `%` fields (`-o`, or the defaults of
//! `src/sprio/sprio.c`), each printing its header, its configured weight
//! (`-w`) or a job's value.
//!
//! Default formats: `%.15i %9r [%.8u] %.10Y %.10S [%.10A] [%.10B]
//! [%.10F] [%.10J] [%.10P] [%.10Q] [%.20T]`, a factor only when it has a
//! weight and the user only with `-u`; long
//! `%.15i %9r %.8u %.10Y %.10S %.10A %.10B %.10F %.10J %.10P %.10Q %.11N %.20T`
//! (no account: later releases added it). With `-n` the factors are the
//! lower-case letters, normalized (`%.7f`), in plain `%10` columns.
//! A `.` right-aligns a field; every field is cut to its width. Weighted
//! factors print as `%.0f` (half to even: 62.5 shows as 62).

use std::cmp::Ordering;

use super::priority::{Contribution, PriorityBreakdown, Weights};
use crate::sim::format_spec::{Field, cell, parse_format};

/// One job as `sprio` lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct SprioJob<'a> {
    /// `JOBID`.
    pub job_id: u32,
    /// `PARTITION`.
    pub partition: &'a str,
    /// `USER`.
    pub user: &'a str,
    /// The job's priority and its parts.
    pub priority: &'a PriorityBreakdown,
}

/// What one line shows: the header, the configured weights (`-w`), or a
/// job.
#[derive(Debug, Clone, Copy)]
pub enum SprioRow<'a> {
    /// The column names.
    Header,
    /// `Weights` in the JOBID column, each factor's weight, `SITE` 1.
    Weights(&'a Weights),
    /// A job's values.
    Job(&'a SprioJob<'a>),
}

/// A parsed `sprio` format: the text before the first `%`, then fields.
pub struct SprioFormat {
    prefix: String,
    fields: Vec<Field>,
}

/// The letters a format may use, as `parse_format` knows them.
const LETTERS: &str = "aAbBcfFijJNpPrSqQuyYtT";

/// What sprio's options ask of the default format.
#[derive(Debug, Clone, Copy, Default)]
pub struct FormatChoice {
    /// `-l`.
    pub long: bool,
    /// `-n`.
    pub normalized: bool,
    /// `-u` was given: the user column joins the short format.
    pub users: bool,
    /// `--sibling` without `--local`: the cluster column joins it.
    pub sibling: bool,
}

impl SprioFormat {
    /// sprio's default format for the options and the cluster's weights.
    pub fn default_for(weights: &Weights, choice: FormatChoice) -> Self {
        let spec = match (choice.long, choice.normalized) {
            (true, false) => {
                "%.15i %9r %.8u %.10Y %.10S %.10A %.10B %.10F %.10J %.10P %.10Q %.11N %.20T".into()
            }
            (true, true) => "%.15i %9r %.8u %10y %10a %10b %10f %10j %10p %10q %20t".into(),
            (false, normalized) => {
                let mut spec = String::from("%.15i %9r");
                if choice.sibling {
                    spec.push_str(" %.8c");
                }
                if choice.users {
                    spec.push_str(" %.8u");
                }
                spec.push_str(if normalized { " %10y" } else { " %.10Y %.10S" });
                let factors = [
                    (weights.age, 'a'),
                    (weights.assoc, 'b'),
                    (weights.fair_share, 'f'),
                    (weights.job_size, 'j'),
                    (weights.partition, 'p'),
                    (weights.qos, 'q'),
                ];
                let tres = (!weights.tres.is_empty()).then_some((1, 't'));
                for (_, letter) in factors.into_iter().chain(tres).filter(|(w, _)| *w > 0) {
                    let width = if letter == 't' { 20 } else { 10 };
                    spec.push_str(&if normalized {
                        format!(" %{width}{letter}")
                    } else {
                        format!(" %.{width}{}", letter.to_ascii_uppercase())
                    });
                }
                spec
            }
        };
        Self::parse(&spec).0
    }

    /// Reads `-o`'s format as `parse_format` does: text before the first
    /// `%` is printed first, the rest splits at every `%` (empty pieces
    /// skipped), each piece an optional `.`, a width and a letter, with
    /// what follows the letter printed after the field. Returns the format
    /// and the letters sprio does not know, which it reports and leaves
    /// out (a space for a piece that ends before its letter).
    pub fn parse(spec: &str) -> (Self, Vec<char>) {
        let (prefix, all) = parse_format(spec);
        let (fields, unknown): (Vec<Field>, Vec<Field>) =
            all.into_iter().partition(|f| LETTERS.contains(f.letter));
        let format = Self { prefix, fields };
        (format, unknown.into_iter().map(|f| f.letter).collect())
    }

    /// One line of the table.
    pub fn line(&self, row: SprioRow<'_>) -> String {
        let mut line = self.prefix.clone();
        for field in &self.fields {
            line.push_str(&cell(&value(field.letter, row), field.width, field.right));
            line.push_str(&field.suffix);
        }
        line
    }
}

/// A weighted factor as sprio prints it, `%.0f`.
fn weighted(c: &Contribution) -> String {
    format!("{:.0}", c.weighted)
}

/// A normalized factor, the weighted value over the weight (0 without a
/// weight), `%.7f`.
fn normalized(c: &Contribution) -> String {
    let factor = if c.weight == 0 {
        0.0
    } else {
        c.weighted / f64::from(c.weight)
    };
    format!("{factor:.7}")
}

/// The TRES that add to the priority, weighted (`name=%.0f`) or
/// normalized (`name=%.2f`).
fn tres(b: &PriorityBreakdown, normalize: bool) -> String {
    b.tres
        .iter()
        .filter(|(_, c)| c.weighted != 0.0)
        .map(|(name, c)| {
            if normalize {
                format!("{name}={:.2}", c.weighted / f64::from(c.weight))
            } else {
                format!("{name}={:.0}", c.weighted)
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `PriorityWeightTRES` as slurm.conf writes it (the weights keep the type
/// in lower case; `GRES/gpu=1000` is the convention the reference has).
fn tres_setting(w: &Weights) -> String {
    w.tres
        .iter()
        .map(|(name, weight)| match name.split_once('/') {
            Some((kind, rest)) => format!("{}/{rest}={weight}", kind.to_ascii_uppercase()),
            None => format!("{}={weight}", name.to_ascii_uppercase()),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The factor of a letter (either case) of a breakdown, with its weight.
fn factor(letter: char, b: &PriorityBreakdown) -> Option<&Contribution> {
    Some(match letter.to_ascii_lowercase() {
        'a' => &b.age,
        'b' => &b.assoc,
        'f' => &b.fair_share,
        'j' => &b.job_size,
        'p' => &b.partition,
        'q' => &b.qos,
        _ => return None,
    })
}

/// The weight of a factor letter.
fn weight_of(letter: char, w: &Weights) -> u32 {
    match letter.to_ascii_lowercase() {
        'a' => w.age,
        'b' => w.assoc,
        'f' => w.fair_share,
        'j' => w.job_size,
        'p' => w.partition,
        _ => w.qos,
    }
}

/// A field's text for a row, before it is cut to its width.
fn value(letter: char, row: SprioRow<'_>) -> String {
    match row {
        SprioRow::Header => header(letter).to_owned(),
        SprioRow::Weights(w) => match letter {
            'i' => "Weights".to_owned(),
            'S' => "1".to_owned(),
            'T' => tres_setting(w),
            // A federation's cluster name; a lone cluster's is unset.
            'c' => "(null)".to_owned(),
            'r' | 'u' | 'y' | 'Y' | 'N' | 't' => String::new(),
            _ => weight_of(letter, w).to_string(),
        },
        SprioRow::Job(job) => {
            let b = job.priority;
            match letter {
                'i' => job.job_id.to_string(),
                'r' => job.partition.to_owned(),
                'u' => job.user.to_owned(),
                'c' => "(null)".to_owned(),
                'Y' => b.total.to_string(),
                // The sum over the largest priority, `%16.14f`.
                'y' => format!("{:16.14}", b.sum.max(1.0) / f64::from(u32::MAX)),
                'S' => b.site.to_string(),
                'N' => b.nice.to_string(),
                't' | 'T' => tres(b, letter == 't'),
                _ => factor(letter, b).map_or_else(String::new, |c| {
                    if letter.is_ascii_lowercase() {
                        normalized(c)
                    } else {
                        weighted(c)
                    }
                }),
            }
        }
    }
}

/// A field's column name.
fn header(letter: char) -> &'static str {
    match letter {
        'i' => "JOBID",
        'r' | 'p' | 'P' => "PARTITION",
        'u' => "USER",
        'c' => "CLUSTER",
        'y' | 'Y' => "PRIORITY",
        'S' => "SITE",
        'N' => "NICE",
        'a' | 'A' => "AGE",
        'b' | 'B' => "ASSOC",
        'f' | 'F' => "FAIRSHARE",
        'j' | 'J' => "JOBSIZE",
        'q' | 'Q' => "QOS",
        _ => "TRES",
    }
}

/// Why `-S` was refused: the letter sort.c does not know.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadSortKey(pub char);

/// Sorts jobs by `-S` as `sort_job_list` does: the keys read from last to
/// first, each a stable sort, descending when a `-` comes just before the
/// letter; `,` and `+` are skipped. Factors compare their weighted values
/// (equal within 1e-6), a key's letter in either case.
pub fn sort_jobs(jobs: &mut [SprioJob<'_>], spec: &str) -> Result<(), BadSortKey> {
    let keys: Vec<char> = spec.chars().collect();
    for (i, &key) in keys.iter().enumerate().rev() {
        if matches!(key, ',' | '-' | '+') {
            continue;
        }
        let descending = i > 0 && keys[i - 1] == '-';
        let order: fn(&SprioJob<'_>, &SprioJob<'_>) -> Ordering = match key {
            // One cluster: every job has the same (unset) name.
            'c' => |_, _| Ordering::Equal,
            'i' => |a, b| a.job_id.cmp(&b.job_id),
            'N' => |a, b| a.priority.nice.cmp(&b.priority.nice),
            'r' => |a, b| a.partition.cmp(b.partition),
            'u' => |a, b| a.user.cmp(b.user),
            'y' | 'Y' => |a, b| fuzzy(a.priority.sum.max(1.0), b.priority.sum.max(1.0)),
            't' | 'T' => |a, b| fuzzy(tres_sum(a.priority), tres_sum(b.priority)),
            'a' | 'A' => |a, b| fuzzy(a.priority.age.weighted, b.priority.age.weighted),
            'f' | 'F' => |a, b| {
                fuzzy(
                    a.priority.fair_share.weighted,
                    b.priority.fair_share.weighted,
                )
            },
            'j' | 'J' => |a, b| fuzzy(a.priority.job_size.weighted, b.priority.job_size.weighted),
            'p' | 'P' => |a, b| fuzzy(a.priority.partition.weighted, b.priority.partition.weighted),
            'q' | 'Q' => |a, b| fuzzy(a.priority.qos.weighted, b.priority.qos.weighted),
            other => return Err(BadSortKey(other)),
        };
        crate::sort::by(jobs, |a, b| {
            let o = order(a, b);
            if descending { o.reverse() } else { o }
        });
    }
    Ok(())
}

/// What a job's TRES add.
fn tres_sum(b: &PriorityBreakdown) -> f64 {
    b.tres.iter().map(|(_, c)| c.weighted).sum()
}

/// `_compare_double`: equal within 1e-6.
fn fuzzy(a: f64, b: f64) -> Ordering {
    if (a - b).abs() < 1e-6 {
        Ordering::Equal
    } else {
        a.total_cmp(&b)
    }
}

/// The weights a breakdown was computed with.
fn weights_of(b: &PriorityBreakdown) -> Weights {
    Weights {
        age: b.age.weight,
        assoc: b.assoc.weight,
        fair_share: b.fair_share.weight,
        job_size: b.job_size.weight,
        partition: b.partition.weight,
        qos: b.qos.weight,
        tres: b.tres.iter().map(|(n, c)| (n.clone(), c.weight)).collect(),
    }
}

/// The header and one line per job, as `sprio` (or `sprio -l` with `long`)
/// prints them. The columns follow the first job's weights (all jobs share
/// the cluster's); with no jobs, only the columns every format has.
pub fn sprio_lines(jobs: &[SprioJob<'_>], long: bool) -> Vec<String> {
    let weights = jobs
        .first()
        .map(|job| weights_of(job.priority))
        .unwrap_or_default();
    let choice = FormatChoice {
        long,
        ..FormatChoice::default()
    };
    let format = SprioFormat::default_for(&weights, choice);
    std::iter::once(SprioRow::Header)
        .chain(jobs.iter().map(SprioRow::Job))
        .map(|row| format.line(row))
        .collect()
}
