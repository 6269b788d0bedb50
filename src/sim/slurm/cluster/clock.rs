//! Calendar time as the Slurm tools print it, from seconds since the Unix
//! epoch (UTC stands for the cluster's local time): `2026-11-30T03:32:24`
//! (`slurm_make_time_str`) and `Mon Nov 30 03:27:12 2026` (the date line
//! of `squeue -l` and `sinfo -l`), through the shared calendar.

use crate::sim::slurm::calendar::{Civil, DAY, days_from_civil};

/// `2026-11-30T03:32:24`: the form of `scontrol`, `sinfo -R` and `sacct`.
pub(crate) fn iso(t: i64) -> String {
    Civil::new(t).iso()
}

/// `Mon Dec 07 03:27:12 2026`: the date line atop `squeue -l` and `sinfo
/// -l` (`slurm_ctime2`, strftime's `%a %b %d %T %Y`: unlike C's `ctime`,
/// the day is padded with a zero).
pub(crate) fn print_date(t: i64) -> String {
    let c = Civil::new(t);
    let (weekday, month) = (c.weekday_name(), c.month_name());
    format!("{weekday} {month} {:02} {} {}", c.day, c.hms(), c.year)
}

/// The start of the day holding `t`.
pub(crate) fn midnight(t: i64) -> i64 {
    t - t.rem_euclid(DAY)
}

/// Reads `YYYY-MM-DDTHH:MM:SS` (or `YYYY-MM-DD`, midnight) back into
/// seconds since the epoch; `None` for anything else.
pub(crate) fn parse_iso(text: &str) -> Option<i64> {
    let (date, time) = text.split_once('T').unwrap_or((text, "00:00:00"));
    let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
    let (y, m, day) = (d.next()??, d.next()??, d.next()??);
    if d.next().is_some() || !(1..=12).contains(&m) || !(1..=31).contains(&day) {
        return None;
    }
    let mut t = time.split(':').map(|p| p.parse::<i64>().ok());
    let (hh, mm) = (t.next()??, t.next().unwrap_or(Some(0))?);
    let ss = t.next().unwrap_or(Some(0))?;
    if t.next().is_some() || hh > 23 || mm > 59 || ss > 59 || hh < 0 || mm < 0 || ss < 0 {
        return None;
    }
    let days = days_from_civil(y, m, day);
    Some(days * DAY + hh * 3600 + mm * 60 + ss)
}

/// The units `now+N` takes (parse_time.c's `un`), by prefix: longest
/// names first, as the table lists them.
const UNITS: [(&str, i64); 10] = [
    ("seconds", 1),
    ("second", 1),
    ("minutes", 60),
    ("minute", 60),
    ("hours", 3600),
    ("hour", 3600),
    ("days", DAY),
    ("day", DAY),
    ("weeks", 7 * DAY),
    ("week", 7 * DAY),
];

/// The named times of day parse_time.c knows, in seconds after midnight.
const NAMED: [(&str, i64); 5] = [
    ("midnight", 0),
    ("noon", 12 * 3600),
    ("elevenses", 11 * 3600),
    ("fika", 15 * 3600),
    ("teatime", 16 * 3600),
];

/// A time as Slurm's `parse_time` reads it at `now` (`--begin`, `sacct
/// -S`): `now`, `now+N` or `now-N` with a unit (`seconds` by default,
/// `minutes`, `hours`, `days`, `weeks`, singular too), `today`,
/// `tomorrow`, `midnight`, `noon`, `teatime`..., `HH:MM[:SS]` (today, or
/// tomorrow once its minute has come, unless `past`: sacct looks back),
/// and `YYYY-MM-DD[THH:MM[:SS]]`; `None` otherwise.
pub(crate) fn parse_time(now: i64, text: &str, past: bool) -> Option<i64> {
    let lower = text.trim().to_ascii_lowercase();
    if let Some(rest) = lower.strip_prefix("now") {
        let sign = match rest.chars().next() {
            None => return Some(now),
            Some('+') => 1,
            Some('-') => -1,
            Some(_) => return None,
        };
        let rest = &rest[1..];
        let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let count: i64 = rest[..digits].parse().ok()?;
        let unit = &rest[digits..];
        let multiplier = if unit.is_empty() {
            1
        } else {
            UNITS.iter().find(|(name, _)| *name == unit)?.1
        };
        return now.checked_add(sign * count.checked_mul(multiplier)?);
    }
    let today = midnight(now);
    match lower.as_str() {
        "today" => return Some(today),
        "tomorrow" => return Some(today + DAY),
        _ => {}
    }
    let of_day = match NAMED.iter().find(|(name, _)| *name == lower) {
        Some((_, at)) => *at,
        None if !lower.contains('-') => parse_iso(&format!("1970-01-01T{lower}"))?,
        None => return parse_iso(&lower.replace('t', "T")),
    };
    // The soonest such time: today while its minute is still to come.
    let minute = |t: i64| t.div_euclid(60);
    let soonest = past || minute(of_day) > minute(now - today);
    Some(today + of_day + if soonest { 0 } else { DAY })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_parse_time_reads_them() {
        let now = parse_iso("2026-11-30T15:30:00").unwrap_or(0);
        let at = |text: &str| parse_time(now, text, false).map(iso);
        assert_eq!(at("now").as_deref(), Some("2026-11-30T15:30:00"));
        assert_eq!(at("now+1hour").as_deref(), Some("2026-11-30T16:30:00"));
        assert_eq!(at("now+90").as_deref(), Some("2026-11-30T15:31:30"));
        assert_eq!(at("now-2days").as_deref(), Some("2026-11-28T15:30:00"));
        assert_eq!(at("teatime").as_deref(), Some("2026-11-30T16:00:00"));
        assert_eq!(at("noon").as_deref(), Some("2026-12-01T12:00:00"));
        assert_eq!(at("tomorrow").as_deref(), Some("2026-12-01T00:00:00"));
        assert_eq!(at("16:45").as_deref(), Some("2026-11-30T16:45:00"));
        assert_eq!(at("09:00:30").as_deref(), Some("2026-12-01T09:00:30"));
        assert_eq!(
            at("2026-12-24T18:00").as_deref(),
            Some("2026-12-24T18:00:00")
        );
        assert_eq!(at("15:30").as_deref(), Some("2026-12-01T15:30:00"));
        for bad in ["now+1h", "now+", "later", "25:00", "now*2"] {
            assert_eq!(at(bad), None, "{bad}");
        }
        let back = parse_time(now, "midnight", true).map(iso);
        assert_eq!(back.as_deref(), Some("2026-11-30T00:00:00"));
    }

    #[test]
    fn transcript_dates_round_trip() {
        let t = parse_iso("2026-11-30T03:27:12");
        assert_eq!(t.map(iso).as_deref(), Some("2026-11-30T03:27:12"));
        assert_eq!(
            t.map(print_date).as_deref(),
            Some("Mon Nov 30 03:27:12 2026")
        );
        // Debian's Slurm 22.05.8 printed `Mon Dec 07 11:27:39 2026`.
        assert_eq!(
            parse_iso("1970-01-05").map(print_date).as_deref(),
            Some("Mon Jan 05 00:00:00 1970")
        );
        assert_eq!(parse_iso("2026-13-01"), None);
        assert_eq!(parse_iso("nonsense"), None);
        assert_eq!(
            t.map(midnight).map(iso).as_deref(),
            Some("2026-11-30T00:00:00")
        );
    }
}
