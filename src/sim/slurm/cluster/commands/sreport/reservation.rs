//! `sreport reservation Utilization`: each reservation's TRES, allocated
//! and idle time in the window (`resv_reports.c`). This model's clusters
//! have no reservations (`scontrol show reservation` says so), so the
//! report is its header block and column names.

use super::super::super::Cluster;
use super::super::super::fields::print_fields_header;
use super::super::super::output::CommandOutput;
use super::{Conditions, Percent, Style, char_list, keyword, names, not_valid, window};
use crate::sim::slurm::c_num::atoi;

/// The fields `_setup_print_fields_list` knows, in the order it tries
/// them: (name, letters needed, header, width, width in a `-t ...Per`
/// unit).
const FIELDS: [(&str, usize, &str, i32, i32); 15] = [
    ("allocated", 2, "Allocated", 20, 29),
    ("Associations", 2, "Associations", 15, 15),
    ("Cluster", 2, "Cluster", 9, 9),
    ("End", 2, "End", 19, 19),
    ("Flags", 2, "Flags", 20, 20),
    ("Idle", 1, "Idle", 20, 29),
    ("Name", 2, "Name", 9, 9),
    ("Nodes", 2, "Nodes", 15, 15),
    ("ReservationId", 2, "Id", 8, 8),
    ("Start", 2, "Start", 19, 19),
    ("TotalTime", 2, "TotalTime", 9, 9),
    ("TresCount", 5, "TRES count", 10, 10),
    ("CpuCount", 2, "TRES count", 10, 10),
    ("count", 2, "TRES count", 10, 10),
    ("TresName", 5, "TRES Name", 14, 14),
];

/// The time fields, tried after [`FIELDS`].
const TIME_FIELDS: [(&str, usize); 2] = [("TresTime", 2), ("CpuTime", 5)];

/// Runs the reservation report `report` with its conditions `words`.
pub(super) fn run(
    c: &Cluster,
    report: &str,
    words: &[String],
    style: Style,
    out: CommandOutput,
) -> CommandOutput {
    if !names(report, "Utilization", 1) {
        return not_valid(out, report, "reservation reports are, \"Utilization\"");
    }
    utilization(c, words, style, out)
}

/// `reservation Utilization [Names=] [Clusters=] [Start=] [End=] [Flags=]
/// [Ids=] [Nodes=] [Format=]`: the header block, the errors of `Format=`,
/// then the column names.
fn utilization(
    c: &Cluster,
    words: &[String],
    style: Style,
    mut out: CommandOutput,
) -> CommandOutput {
    let mut cond = Conditions::default();
    for word in words {
        let Some((key, value)) = word.split_once('=') else {
            continue; // `all_clusters`, or a reservation's name
        };
        if keyword(key, "End", 1) || keyword(key, "Start", 1) || keyword(key, "Format", 2) {
            cond.read_common(c, key, value);
        } else if !["Names", "Clusters", "Ids", "Nodes"]
            .iter()
            .any(|k| keyword(key, k, 1))
            && !keyword(key, "Flags", 2)
        {
            out.err_line(&format!(
                " Unknown condition: {word}\nUse keyword set to modify value"
            ));
            out.exit = 1;
        }
    }
    let (start, end) = window(c, cond.start, cond.end);
    if style.header {
        let rule = "-".repeat(80);
        out.out_line(&rule);
        out.out_line(&format!(
            "Reservation Utilization {} - {}",
            super::clock::iso(start),
            super::clock::iso(end - 1)
        ));
        let tres = if style.unit.percent == Percent::Only {
            ""
        } else {
            "TRES "
        };
        out.out_line(&format!("Usage reported in {tres}{}", style.unit.name));
        out.out_line(&rule);
    }
    if cond.format.is_empty() {
        char_list::add(&mut cond.format, "Cl,name,start,end,TresName,al,i");
    }
    let per = style.unit.percent == Percent::With;
    let mut columns: Vec<(&str, i32)> = Vec::new();
    for object in &cond.format {
        let (word, width) = match object.split_once('%') {
            Some((word, rest)) => (word, i32::try_from(atoi(rest)).unwrap_or(0)),
            None => (object.as_str(), 0),
        };
        let field = FIELDS
            .iter()
            .find(|f| keyword(word, f.0, f.1))
            .map(|&(_, _, name, len, len_per)| (name, if per { len_per } else { len }))
            .or_else(|| {
                TIME_FIELDS
                    .iter()
                    .any(|f| keyword(word, f.0, f.1))
                    .then_some(("TRES Time", 9))
            });
        match field {
            Some((name, len)) => columns.push((name, if width == 0 { len } else { width })),
            None => {
                out.err_line(&format!(" Unknown field '{word}'"));
                out.exit = 1;
            }
        }
    }
    if style.header {
        for line in print_fields_header(&columns, style.parsable) {
            out.out_line(&line);
        }
    }
    out
}
