//! Calendar time as the Slurm tools print it, from seconds since the Unix
//! epoch (UTC stands for the cluster's local time): `2026-11-30T03:32:24`
//! (`slurm_make_time_str`) and `Mon Nov 30 03:27:12 2026` (the date line
//! of `squeue -l` and `sinfo -l`), through the shared calendar.

use crate::sim::slurm::calendar::{Civil, DAY, days_from_civil};

/// `2026-11-30T03:32:24`: the form of `scontrol`, `sinfo -R` and `sacct`.
pub(crate) fn iso(t: i64) -> String {
    Civil::new(t).iso()
}

/// `Mon Nov 30 03:27:12 2026`: C's `ctime` without its newline.
pub(crate) fn ctime(t: i64) -> String {
    Civil::new(t).ctime()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transcript_dates_round_trip() {
        let t = parse_iso("2026-11-30T03:27:12");
        assert_eq!(t.map(iso).as_deref(), Some("2026-11-30T03:27:12"));
        assert_eq!(t.map(ctime).as_deref(), Some("Mon Nov 30 03:27:12 2026"));
        assert_eq!(
            parse_iso("1970-01-05").map(ctime).as_deref(),
            Some("Mon Jan  5 00:00:00 1970")
        );
        assert_eq!(parse_iso("2026-13-01"), None);
        assert_eq!(parse_iso("nonsense"), None);
        assert_eq!(
            t.map(midnight).map(iso).as_deref(),
            Some("2026-11-30T00:00:00")
        );
    }
}
