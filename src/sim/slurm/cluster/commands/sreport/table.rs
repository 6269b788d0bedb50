//! The one table every report prints, as 22.05's `sreport` builds it: the
//! `Format=` list read into columns (`_setup_print_fields_list` in
//! `cluster_reports.c` and `user_reports.c`), the usage columns sized to
//! the largest value (`sreport_set_usage_col_width` in `common.c`), and
//! the cells printed by `print_fields_str` and
//! `slurmdb_report_print_time`.

use super::super::super::fields::{Parsable, print_fields_header, print_fields_row};
use super::super::super::output::CommandOutput;
use super::super::keyword;
use super::{Percent, Style};
use crate::sim::slurm::c_num::atoi;

/// A column a report can print. A report that has no value for a column
/// prints it blank (text) or as 0 (times and counts), as sreport's
/// `default:` cases do. In the order of [`SPECS`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Column {
    Account,
    Allocated,
    Cluster,
    Down,
    Idle,
    Login,
    OverCommitted,
    PlannedDown,
    Proper,
    Reported,
    Planned,
    TresCount,
    TresName,
    Used,
    WCKey,
    Energy,
}

/// How a column's cells print.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `print_fields_str`: cut with a `+` when too long.
    Text,
    /// `slurmdb_report_print_time`, with its width in a `-t ...Per` unit.
    Time(i32),
    /// `print_fields_uint`.
    Count,
}

/// Each column's header, default width and cells, in [`Column`]'s order
/// (a table, not a match: smaller in wasm).
const SPECS: [(&str, i32, Kind); 16] = [
    ("Account", 15, Kind::Text),
    ("Allocated", 12, Kind::Time(20)),
    ("Cluster", 9, Kind::Text),
    ("Down", 10, Kind::Time(18)),
    ("Idle", 12, Kind::Time(20)),
    ("Login", 9, Kind::Text),
    ("Over Comm", 9, Kind::Time(18)),
    ("PLND Down", 10, Kind::Time(18)),
    ("Proper Name", 15, Kind::Text),
    ("Reported", 12, Kind::Time(20)),
    ("Planned", 9, Kind::Time(18)),
    ("TRES Count", 10, Kind::Count),
    ("TRES Name", 14, Kind::Text),
    ("Used", 10, Kind::Time(18)),
    ("WCKey", 15, Kind::Text),
    ("Energy", 10, Kind::Time(18)),
];

impl Column {
    /// The header, the default width and how the cells print.
    fn spec(self) -> (&'static str, i32, Kind) {
        SPECS[self as usize]
    }
}

/// The field names the cluster reports accept, in the order
/// `cluster_reports.c` tries them: (name, letters needed, column). The
/// first match wins, so `planned` is PlannedDown and `res` is Planned.
pub(super) const CLUSTER_FIELDS: &[(&str, usize, Column)] = &[
    ("Accounts", 2, Column::Account),
    ("allocated", 2, Column::Allocated),
    ("Cluster", 2, Column::Cluster),
    ("down", 1, Column::Down),
    ("idle", 1, Column::Idle),
    ("Login", 1, Column::Login),
    ("overcommitted", 1, Column::OverCommitted),
    ("PlannedDown", 2, Column::PlannedDown),
    ("Proper", 2, Column::Proper),
    ("reported", 3, Column::Reported),
    ("reserved", 3, Column::Planned),
    ("planned", 4, Column::Planned),
    ("TresCount", 5, Column::TresCount),
    ("cpucount", 2, Column::TresCount),
    ("count", 2, Column::TresCount),
    ("TresName", 5, Column::TresName),
    ("Used", 1, Column::Used),
    ("WCKey", 2, Column::WCKey),
    ("Energy", 1, Column::Energy),
];

/// The field names `user TopUsage` accepts (`user_reports.c`).
pub(super) const USER_FIELDS: &[(&str, usize, Column)] = &[
    ("Accounts", 1, Column::Account),
    ("Cluster", 1, Column::Cluster),
    ("Energy", 1, Column::Energy),
    ("Login", 1, Column::Login),
    ("Proper", 1, Column::Proper),
    ("TresName", 5, Column::TresName),
    ("Used", 1, Column::Used),
];

/// A value of one cell.
pub(super) enum Value {
    Text(String),
    /// CPU-seconds and the total a percentage is of.
    Time(i64, i64),
    Count(u32),
}

/// A row: the values the report has, by column.
pub(super) type Row = Vec<(Column, Value)>;

/// A printed column: its header and width (negative: left-aligned).
pub(super) struct Field {
    column: Column,
    name: &'static str,
    len: i32,
}

/// The columns of `format` (the report's default when empty) among
/// `names`: `name%N` sets the width; an unknown name is reported and
/// skipped (` Unknown field 'x'`, exit 1). With `tree`, Account is 20
/// wide and left-aligned and WCKey 20 wide.
pub(super) fn fields(
    format: &[String],
    default: &str,
    names: &[(&str, usize, Column)],
    (style, tree): (Style, bool),
    out: &mut CommandOutput,
) -> Vec<Field> {
    let mut list = format.to_vec();
    if list.is_empty() {
        super::char_list::add(&mut list, default);
    }
    let mut fields = Vec::new();
    for object in &list {
        let (word, width) = match object.split_once('%') {
            Some((word, rest)) => (word, i32::try_from(atoi(rest)).unwrap_or(0)),
            None => (object.as_str(), 0),
        };
        let Some((_, _, column)) = names
            .iter()
            .find(|(full, min, _)| keyword(word, full, *min))
        else {
            out.err_line(&format!(" Unknown field '{word}'"));
            out.exit = 1;
            continue;
        };
        let (name, mut len, kind) = column.spec();
        if let Kind::Time(per) = kind
            && style.unit.percent == Percent::With
        {
            len = per;
        }
        if tree && *column == Column::Account {
            len = -20;
        } else if tree && *column == Column::WCKey {
            len = 20;
        }
        if width != 0 {
            len = width;
        }
        fields.push(Field {
            column: *column,
            name,
            len,
        });
    }
    fields
}

/// Sizes the columns in `sizes` (column, largest CPU-seconds) as
/// `sreport_set_usage_col_width` does, over any `%N`: 8, one more for each
/// digit past eight, and 9 more in a `-t ...Per` unit.
pub(super) fn size_usage(fields: &mut [Field], style: Style, sizes: &[(Column, i64)]) {
    for field in fields.iter_mut() {
        if let Some((_, most)) = sizes.iter().find(|(c, _)| *c == field.column) {
            field.len = usage_width(*most);
            if style.unit.percent == Percent::With {
                field.len += 9;
            }
        }
    }
}

/// The width for a largest value of `seconds`: 8, and one more for each
/// digit past eight.
fn usage_width(seconds: i64) -> i32 {
    let mut width = 8;
    let mut order: i64 = 100_000_000;
    while seconds >= order && width < 25 {
        width += 1;
        order = order.saturating_mul(10);
    }
    width
}

/// The column names (unless `-n`), then one line per row.
/// Every row's Cluster is `cluster` and its TresName `cpu`, the one TRES
/// reported.
pub(super) fn print(
    out: &mut CommandOutput,
    (style, cluster): (Style, &str),
    fields: &[Field],
    rows: &[Row],
) {
    if style.header {
        let names: Vec<(&str, i32)> = fields.iter().map(|f| (f.name, f.len)).collect();
        for line in print_fields_header(&names, style.parsable) {
            out.out_line(&line);
        }
    }
    for row in rows {
        let cells: Vec<(Option<String>, i32)> = fields
            .iter()
            .map(|f| (Some(cell(row, f, (style, cluster))), f.len))
            .collect();
        out.out_line(&print_fields_row(&cells, style.parsable));
    }
}

/// The text of `field` in `row`. Times are cut to the width without a
/// `+` (`%*.*s`), as `slurmdb_report_print_time` prints them.
fn cell(row: &Row, field: &Field, (style, cluster): (Style, &str)) -> String {
    match field.column {
        Column::Cluster => return cluster.to_owned(),
        Column::TresName => return "cpu".to_owned(),
        _ => {}
    }
    let value = row.iter().find(|(c, _)| *c == field.column).map(|(_, v)| v);
    let (_, _, kind) = field.column.spec();
    match (value, kind) {
        (Some(Value::Text(text)), _) => text.clone(),
        (Some(Value::Count(n)), _) => n.to_string(),
        (Some(Value::Time(secs, total)), _) => time_cell(*secs, *total, style, field.len),
        (None, Kind::Time(_)) => time_cell(0, 0, style, field.len),
        (None, Kind::Count) => "0".to_owned(),
        (None, Kind::Text) => String::new(),
    }
}

/// [`time_text`] cut to a column `len` wide when the table is not
/// parsable.
pub(super) fn time_cell(seconds: i64, total: i64, style: Style, len: i32) -> String {
    let text = time_text(seconds, total, style);
    if style.parsable != Parsable::No {
        return text;
    }
    let width = usize::try_from(len.unsigned_abs()).unwrap_or(0);
    text.chars().take(width).collect()
}

/// CPU-seconds in the `-t` unit, as `slurmdb_report_print_time` prints
/// them: whole seconds, or minutes and hours rounded to the nearest
/// (`%.0lf`); a percentage of `total` (1 when 0) with two decimals, alone
/// (`Percent`) or after the time (`SecPer`, `MinPer`, `HourPer`).
fn time_text(seconds: i64, total: i64, style: Style) -> String {
    let time = if style.unit.seconds == 1 {
        seconds.to_string()
    } else {
        #[allow(clippy::cast_precision_loss)]
        let value = seconds as f64 / style.unit.seconds as f64;
        format!("{value:.0}")
    };
    #[allow(clippy::cast_precision_loss)]
    let percent = seconds as f64 / total.max(1) as f64 * 100.0;
    match style.unit.percent {
        Percent::No => time,
        Percent::Only => format!("{percent:.2}%"),
        Percent::With => format!("{time}({percent:.2}%)"),
    }
}

#[cfg(test)]
mod tests {
    use super::Column;

    #[test]
    fn each_column_has_its_own_header() {
        let headers = [
            (Column::Account, "Account"),
            (Column::Allocated, "Allocated"),
            (Column::Cluster, "Cluster"),
            (Column::Down, "Down"),
            (Column::Idle, "Idle"),
            (Column::Login, "Login"),
            (Column::OverCommitted, "Over Comm"),
            (Column::PlannedDown, "PLND Down"),
            (Column::Proper, "Proper Name"),
            (Column::Reported, "Reported"),
            (Column::Planned, "Planned"),
            (Column::TresCount, "TRES Count"),
            (Column::TresName, "TRES Name"),
            (Column::Used, "Used"),
            (Column::WCKey, "WCKey"),
            (Column::Energy, "Energy"),
        ];
        for (column, header) in headers {
            assert_eq!(column.spec().0, header);
        }
    }
}
