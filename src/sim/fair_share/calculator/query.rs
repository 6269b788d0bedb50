//! The calculator's state in the page address, so an instructor can link
//! to one exact configuration. Six parameters:
//! - `fs-alg`: `fair-tree` or `classic`;
//! - `fs-tree`: one association per `;`, fields `a|u:name:parent:shares:usage`;
//! - `fs-v`: the scalar fields in [`Scalar::ALL`]'s order, `,`-separated;
//! - `fs-reset`: a `PriorityUsageResetPeriod` name;
//! - `fs-job`: `account:user`;
//! - `fs-story`: the QOS-cap and preemption toggles as two digits, `10`.
//!
//! Parents and the job are written by name, as addresses always were; the
//! rows' identities are derived again on load ([`link`]).
//!
//! Text is kept as typed (even when invalid, so a shared link shows the same
//! message); `%`, `,`, `;` and `:` inside it are percent-escaped. A missing
//! or malformed parameter leaves that part of the base state alone.

use super::{CalculatorInput, NamedAssoc, Scalar, link};
use crate::sim::fair_share::{Algorithm, UsageReset, UserAssoc};

/// The parameter names, in [`to_query`]'s order.
pub const QUERY_KEYS: [&str; 6] = [
    "fs-alg", "fs-tree", "fs-v", "fs-reset", "fs-job", "fs-story",
];

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '%' => out.push_str("%25"),
            ',' => out.push_str("%2C"),
            ';' => out.push_str("%3B"),
            ':' => out.push_str("%3A"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(text: &str) -> String {
    text.replace("%2C", ",")
        .replace("%3B", ";")
        .replace("%3A", ":")
        .replace("%25", "%")
}

/// The state as `(key, value)` pairs, one per [`QUERY_KEYS`] entry.
pub fn to_query(input: &CalculatorInput) -> [(&'static str, String); 6] {
    let algorithm = match input.algorithm {
        Algorithm::FairTree => "fair-tree",
        Algorithm::Classic => "classic",
    };
    let tree = input
        .assocs
        .iter()
        .map(|a| {
            let kind = if a.is_user { "u" } else { "a" };
            [&a.name, input.parent_name(&a.parent), &a.shares, &a.usage]
                .map(escape)
                .into_iter()
                .fold(kind.to_owned(), |line, t| format!("{line}:{t}"))
        })
        .collect::<Vec<_>>()
        .join(";");
    let values = input
        .scalars
        .iter()
        .map(|t| escape(t))
        .collect::<Vec<_>>()
        .join(",");
    let job = input.job_assoc().unwrap_or_else(|| UserAssoc::new("", ""));
    let job = format!("{}:{}", escape(&job.account), escape(&job.user));
    let story = format!("{}{}", u8::from(input.qos_cap), u8::from(input.preemption));
    let values = [
        algorithm.to_owned(),
        tree,
        values,
        input.reset.name().to_owned(),
        job,
        story,
    ];
    let mut pairs = QUERY_KEYS.map(|k| (k, String::new()));
    for (pair, value) in pairs.iter_mut().zip(values) {
        pair.1 = value;
    }
    pairs
}

/// `base` with every well-formed parameter that `get` finds applied.
pub fn from_query(
    mut base: CalculatorInput,
    get: impl Fn(&str) -> Option<String>,
) -> CalculatorInput {
    match get("fs-alg").as_deref() {
        Some("fair-tree") => base.algorithm = Algorithm::FairTree,
        Some("classic") => base.algorithm = Algorithm::Classic,
        _ => {}
    }
    // The job is kept by name across a new tree, as the address names it.
    let mut job = base.job_assoc();
    if let Some(assocs) = get("fs-tree").and_then(|t| read_tree(&t)) {
        base.assocs = link(assocs);
    }
    if let Some(values) = get("fs-v") {
        let cells: Vec<String> = values.split(',').map(unescape).collect();
        if let Ok(scalars) = <[String; Scalar::ALL.len()]>::try_from(cells) {
            base.scalars = scalars;
        }
    }
    if let Some(reset) = get("fs-reset").and_then(|r| r.parse::<UsageReset>().ok()) {
        base.reset = reset;
    }
    if let Some((account, user)) = get("fs-job").as_deref().and_then(|j| j.split_once(':')) {
        job = Some(UserAssoc::new(&unescape(account), &unescape(user)));
    }
    base.job = job.and_then(|j| base.find_user(&j));
    if let Some(story) = get("fs-story") {
        let flag = |i: usize| story.as_bytes().get(i).map(|b| *b == b'1');
        if let (Some(cap), Some(preempt), 2) = (flag(0), flag(1), story.len()) {
            base.qos_cap = cap;
            base.preemption = preempt;
        }
    }
    base
}

/// Reads `fs-tree`; `None` if any line is malformed or there are too many.
fn read_tree(text: &str) -> Option<Vec<NamedAssoc>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    let lines: Vec<&str> = text.split(';').collect();
    if lines.len() > super::MAX_ASSOCS {
        return None;
    }
    lines
        .into_iter()
        .map(|line| {
            let cells: Vec<&str> = line.split(':').collect();
            let [kind, name, parent, shares, usage] = cells[..] else {
                return None;
            };
            let is_user = match kind {
                "u" => true,
                "a" => false,
                _ => return None,
            };
            Some(NamedAssoc {
                is_user,
                name: unescape(name),
                parent: unescape(parent),
                shares: unescape(shares),
                usage: unescape(usage),
            })
        })
        .collect()
}
