//! Calendar time as the Slurm tools print it, from seconds since the Unix
//! epoch (UTC stands for the cluster's local time): `2026-11-30T03:32:24`
//! (`slurm_make_time_str`) and `Mon Nov 30 03:27:12 2026` (the date line
//! of `squeue -l` and `sinfo -l`). Howard Hinnant's civil-date algorithms.

const DAY: i64 = 86_400;
const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A moment broken into calendar fields.
struct Civil {
    year: i64,
    month: i64,
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    weekday: usize,
}

fn civil(t: i64) -> Civil {
    let days = t.div_euclid(DAY);
    let rem = t.rem_euclid(DAY);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    Civil {
        year: yoe + era * 400 + i64::from(month <= 2),
        month,
        day,
        hour: rem / 3600,
        minute: rem % 3600 / 60,
        second: rem % 60,
        // 1970-01-01 was a Thursday.
        weekday: usize::try_from(days.rem_euclid(7)).unwrap_or(0),
    }
}

/// `2026-11-30T03:32:24`: the form of `scontrol`, `sinfo -R` and `sacct`.
pub(crate) fn iso(t: i64) -> String {
    let c = civil(t);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
        c.year, c.month, c.day, c.hour, c.minute, c.second
    )
}

/// `Mon Nov 30 03:27:12 2026`: C's `ctime` without its newline (the day
/// of the month padded with a space to two characters).
pub(crate) fn ctime(t: i64) -> String {
    let c = civil(t);
    let month = usize::try_from(c.month - 1)
        .ok()
        .and_then(|m| MONTHS.get(m))
        .copied()
        .unwrap_or("???");
    format!(
        "{} {} {:>2} {:02}:{:02}:{:02} {}",
        WEEKDAYS[c.weekday], month, c.day, c.hour, c.minute, c.second, c.year
    )
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
    // days_from_civil.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
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
