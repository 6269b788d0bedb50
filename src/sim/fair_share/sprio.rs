//! `sprio`'s table of a job's priority factors, in Slurm 22.05's layout:
//! the default format shows a column only for factors with a weight, `-l`
//! shows them all plus the user and nice value.
//!
//! Formats (`src/sprio/sprio.c`): default
//! `%.15i %9r %.10Y %.10S [%.10A] [%.10B] [%.10F] [%.10J] [%.10P] [%.10Q] [%.20T]`,
//! long `%.15i %9r %.8u %.10Y %.10S %.10A %.10B %.10F %.10J %.10P %.10Q %.11N %.20T`
//! (no account: later releases added it).
//! A `.` right-aligns the field; every field is cut to its width. Weighted
//! factors print as `%.0f` (half to even: 62.5 shows as 62).

use super::priority::{Contribution, PriorityBreakdown};

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

/// A column: header, width, right-aligned, and its cell for a job.
struct Column {
    header: &'static str,
    width: usize,
    right: bool,
    cell: fn(&SprioJob<'_>) -> String,
}

fn weighted(c: &Contribution) -> String {
    format!("{:.0}", c.weighted)
}

fn tres(job: &SprioJob<'_>) -> String {
    job.priority
        .tres
        .iter()
        .map(|(name, c)| format!("{name}={}", weighted(c)))
        .collect::<Vec<_>>()
        .join(",")
}

const JOBID: Column = Column {
    header: "JOBID",
    width: 15,
    right: true,
    cell: |j| j.job_id.to_string(),
};
const PARTITION: Column = Column {
    header: "PARTITION",
    width: 9,
    right: false,
    cell: |j| j.partition.to_owned(),
};
const USER: Column = Column {
    header: "USER",
    width: 8,
    right: true,
    cell: |j| j.user.to_owned(),
};
const PRIORITY: Column = Column {
    header: "PRIORITY",
    width: 10,
    right: true,
    cell: |j| j.priority.total.to_string(),
};
const SITE: Column = Column {
    header: "SITE",
    width: 10,
    right: true,
    cell: |j| j.priority.site.to_string(),
};
const AGE: Column = Column {
    header: "AGE",
    width: 10,
    right: true,
    cell: |j| weighted(&j.priority.age),
};
const ASSOC: Column = Column {
    header: "ASSOC",
    width: 10,
    right: true,
    cell: |j| weighted(&j.priority.assoc),
};
const FAIRSHARE: Column = Column {
    header: "FAIRSHARE",
    width: 10,
    right: true,
    cell: |j| weighted(&j.priority.fair_share),
};
const JOBSIZE: Column = Column {
    header: "JOBSIZE",
    width: 10,
    right: true,
    cell: |j| weighted(&j.priority.job_size),
};
const PART_FACTOR: Column = Column {
    header: "PARTITION",
    width: 10,
    right: true,
    cell: |j| weighted(&j.priority.partition),
};
const QOS: Column = Column {
    header: "QOS",
    width: 10,
    right: true,
    cell: |j| weighted(&j.priority.qos),
};
const NICE: Column = Column {
    header: "NICE",
    width: 11,
    right: true,
    cell: |j| j.priority.nice.to_string(),
};
const TRES: Column = Column {
    header: "TRES",
    width: 20,
    right: true,
    cell: tres,
};

/// The columns `sprio` prints: all of them with `long`, otherwise only the
/// factors whose weight (in `priority`, if any) is not zero.
fn columns(long: bool, priority: Option<&PriorityBreakdown>) -> Vec<&'static Column> {
    if long {
        return vec![
            &JOBID,
            &PARTITION,
            &USER,
            &PRIORITY,
            &SITE,
            &AGE,
            &ASSOC,
            &FAIRSHARE,
            &JOBSIZE,
            &PART_FACTOR,
            &QOS,
            &NICE,
            &TRES,
        ];
    }
    let mut out = vec![&JOBID, &PARTITION, &PRIORITY, &SITE];
    let Some(priority) = priority else {
        return out;
    };
    let weighted_columns = [
        (priority.age.weight, &AGE),
        (priority.assoc.weight, &ASSOC),
        (priority.fair_share.weight, &FAIRSHARE),
        (priority.job_size.weight, &JOBSIZE),
        (priority.partition.weight, &PART_FACTOR),
        (priority.qos.weight, &QOS),
    ];
    out.extend(
        weighted_columns
            .into_iter()
            .filter(|(w, _)| *w > 0)
            .map(|(_, c)| c),
    );
    if priority.tres.iter().any(|(_, c)| c.weight > 0) {
        out.push(&TRES);
    }
    out
}

/// One cell, cut to `width` characters and padded to it.
fn cell(text: &str, width: usize, right: bool) -> String {
    let cut: String = text.chars().take(width).collect();
    if right {
        format!("{cut:>width$}")
    } else {
        format!("{cut:<width$}")
    }
}

/// The header and one line per job, as `sprio` (or `sprio -l` with `long`)
/// prints them. The columns follow the first job's weights (all jobs share
/// the cluster's); with no jobs, only the header of the long format or of
/// the columns every format has.
pub fn sprio_lines(jobs: &[SprioJob<'_>], long: bool) -> Vec<String> {
    let columns = columns(long, jobs.first().map(|job| job.priority));
    let line = |cells: Vec<String>| cells.join(" ");
    let mut lines = vec![line(
        columns
            .iter()
            .map(|c| cell(c.header, c.width, c.right))
            .collect(),
    )];
    lines.extend(jobs.iter().map(|job| {
        line(
            columns
                .iter()
                .map(|c| cell(&(c.cell)(job), c.width, c.right))
                .collect(),
        )
    }));
    lines
}
