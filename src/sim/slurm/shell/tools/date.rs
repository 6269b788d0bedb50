//! `date` as GNU coreutils 9.1 prints it, in UTC, on the simulated clock;
//! `-d/--date` reads the dates job scripts give it: `@SECONDS`,
//! `YYYY-MM-DD`, a time `HH:MM[:SS]` (after the date, or with a `T`),
//! `now`, `today`, `yesterday`, `tomorrow`, and relative items (`+2
//! hours`, `90 min ago`, `next week`, `3 months`). Other words GNU's
//! parser knows (weekdays, months, time zones) are refused in plain words
//! rather than misread; what it would not know is an invalid date.

use super::super::args::{self, Spec};
use super::super::command::{Call, locale_quote, utf8_locale};
use super::super::time::DateTime;
use crate::sim::slurm::calendar::{Civil, DAY, days_from_civil};

/// `date`'s options.
pub(super) const DATE: Spec = Spec {
    flags: "uR",
    valued: "d",
    long: &[("utc", 'u'), ("rfc-email", 'R'), ("date", 'd')],
};

/// Why a `-d` date was not read.
#[derive(Debug, PartialEq)]
enum DateError {
    /// GNU would not read it either.
    Invalid,
    /// GNU would; this model does not.
    NotSimulated,
}

/// Words of GNU's date grammar that this model does not read.
const GNU_WORDS: &[&str] = &[
    "sunday",
    "sun",
    "monday",
    "mon",
    "tuesday",
    "tue",
    "tues",
    "wednesday",
    "wed",
    "wednes",
    "thursday",
    "thu",
    "thur",
    "thurs",
    "friday",
    "fri",
    "saturday",
    "sat",
    "january",
    "jan",
    "february",
    "feb",
    "march",
    "mar",
    "april",
    "apr",
    "may",
    "june",
    "jun",
    "july",
    "jul",
    "august",
    "aug",
    "september",
    "sep",
    "sept",
    "october",
    "oct",
    "november",
    "nov",
    "december",
    "dec",
    "am",
    "pm",
    "a.m.",
    "p.m.",
    "utc",
    "gmt",
    "ut",
    "z",
    "est",
    "edt",
    "cst",
    "cdt",
    "mst",
    "mdt",
    "pst",
    "pdt",
    "cet",
    "cest",
    "first",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
    "twelfth",
];

/// GNU `date` in UTC: the default format, `-R`, or `+FORMAT`, of now or
/// of `-d`'s date.
pub(super) fn date(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, DATE, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let format = match opts.operands.as_slice() {
        [] if opts.has('R') => "%a, %d %b %Y %H:%M:%S +0000",
        [] => "%a %b %e %H:%M:%S %Z %Y",
        [f] if f.starts_with('+') => &f[1..],
        [f, ..] if f.starts_with('+') => {
            let msg = format!("extra operand '{}'", opts.operands[1]);
            return args::usage_error(call, &msg);
        }
        [other, ..] => {
            // An operand without `+` would set the clock.
            let msg = format!("invalid date '{other}'");
            call.error(&msg);
            return 1;
        }
    };
    let when = match opts.value('d') {
        None => call.now,
        Some(text) => match parse(text, call.now) {
            Ok(t) => t,
            Err(DateError::Invalid) => {
                let quoted = locale_quote(text, utf8_locale(call.env));
                call.error(&format!("invalid date {quoted}"));
                return 1;
            }
            Err(DateError::NotSimulated) => {
                call.error(&format!("this simulated date does not read '{text}': it reads @SECONDS, YYYY-MM-DD [HH:MM[:SS]], HH:MM[:SS], now, today, yesterday, tomorrow and N UNITS [ago] (seconds to years)"));
                return 1;
            }
        },
    };
    let line = format!("{}\n", DateTime::from_epoch(when).format(format));
    call.out.stdout(&line);
    0
}

/// The relative items of a date: calendar months, and seconds.
#[derive(Default)]
struct Relative {
    months: i64,
    seconds: i64,
}

/// The seconds (or, as a negative count, the months) of a unit's name.
fn unit(word: &str) -> Option<i64> {
    let word = word.strip_suffix('s').unwrap_or(word);
    Some(match word {
        "sec" | "second" => 1,
        "min" | "minute" => 60,
        "hour" => 3600,
        "day" => DAY,
        "week" => 7 * DAY,
        "fortnight" => 14 * DAY,
        "month" => -1,
        "year" => -12,
        _ => return None,
    })
}

/// `YYYY-MM-DD` as its first second, if the date exists.
fn calendar_date(word: &str) -> Option<Result<i64, DateError>> {
    let mut parts = word.splitn(3, '-');
    let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
    let numbers = [y, m, d]
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    if !numbers || y.len() < 4 {
        return None;
    }
    // Years past nine digits would overflow the calendar's arithmetic.
    if y.len() > 9 {
        return Some(Err(DateError::Invalid));
    }
    let (Ok(y), Ok(m), Ok(d)) = (y.parse::<i64>(), m.parse::<u32>(), d.parse::<u32>()) else {
        return Some(Err(DateError::Invalid));
    };
    let day = days_from_civil(y, i64::from(m), i64::from(d));
    let civil = Civil::new(day * DAY);
    let exists = (civil.year, civil.month, civil.day) == (y, m, d);
    Some(if exists {
        Ok(day * DAY)
    } else {
        Err(DateError::Invalid)
    })
}

/// `HH:MM[:SS]` as seconds into the day.
fn time_of_day(word: &str) -> Result<i64, DateError> {
    let parts: Vec<&str> = word.split(':').collect();
    let valid = (2..=3).contains(&parts.len())
        && parts
            .iter()
            .all(|p| (1..=2).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()));
    if !valid {
        return Err(DateError::NotSimulated);
    }
    let n: Vec<i64> = parts.iter().map(|p| p.parse().unwrap_or(99)).collect();
    let (h, m, s) = (n[0], n[1], n.get(2).copied().unwrap_or(0));
    if h > 23 || m > 59 || s > 59 {
        return Err(DateError::Invalid);
    }
    Ok(h * 3600 + m * 60 + s)
}

/// `-d TEXT` as seconds since the epoch, `now` being the clock.
fn parse(text: &str, now: u64) -> Result<u64, DateError> {
    let text = text.trim().to_ascii_lowercase();
    if let Some(number) = text.strip_prefix('@') {
        let whole = number.split('.').next().unwrap_or(number);
        return whole.parse::<u64>().map_err(|_| DateError::Invalid);
    }
    let now = i64::try_from(now).unwrap_or(i64::MAX / 2);
    let today = now - now.rem_euclid(DAY);
    let (mut date, mut time) = (None, None);
    let mut relative = Relative::default();
    // The last relative item, which `ago` turns around.
    let mut last: Option<(i64, i64)> = None;
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        i += 1;
        let (day_part, time_part) = match word.split_once('t') {
            Some((d, t)) if calendar_date(d).is_some() => (d, Some(t)),
            _ => (word, None),
        };
        if let Some(day) = calendar_date(day_part) {
            date = Some(day?);
            if let Some(t) = time_part {
                time = Some(time_of_day(t)?);
            }
            continue;
        }
        if word.contains(':') {
            time = Some(time_of_day(word)?);
            continue;
        }
        let (count, unit_word) = match word {
            "now" | "today" => continue,
            "yesterday" => (-1, "day"),
            "tomorrow" => (1, "day"),
            "ago" => {
                let (count, size) = last.take().ok_or(DateError::Invalid)?;
                add(&mut relative, -2 * count, size)?;
                continue;
            }
            "next" | "last" | "this" => {
                let count = match word {
                    "next" => 1,
                    "last" => -1,
                    _ => 0,
                };
                let next = words.get(i).copied().ok_or(DateError::Invalid)?;
                i += 1;
                (count, next)
            }
            w if unit(w).is_some() => (1, w),
            w => {
                let digits = w.trim_start_matches(['+', '-']);
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    let count: i64 = w.parse().map_err(|_| DateError::Invalid)?;
                    match words.get(i).copied().filter(|u| unit(u).is_some()) {
                        Some(u) => {
                            i += 1;
                            (count, u)
                        }
                        None => return Err(DateError::NotSimulated),
                    }
                } else if GNU_WORDS.contains(&w) {
                    return Err(DateError::NotSimulated);
                } else {
                    return Err(DateError::Invalid);
                }
            }
        };
        let size = unit(unit_word).ok_or_else(|| match GNU_WORDS.contains(&unit_word) {
            true => DateError::NotSimulated,
            false => DateError::Invalid,
        })?;
        add(&mut relative, count, size)?;
        last = Some((count, size));
    }
    // A date alone is its midnight; a time alone is today's; neither
    // (nor a word) is now, and an empty date today's midnight.
    let base = match (date, time) {
        (Some(d), t) => d + t.unwrap_or(0),
        (None, Some(t)) => today + t,
        (None, None) if words.is_empty() => today,
        (None, None) => now,
    };
    let moved = add_months(base, relative.months) + relative.seconds;
    u64::try_from(moved).map_err(|_| DateError::NotSimulated)
}

/// The most a date may be moved: about ten thousand years either way,
/// past which the calendar's arithmetic would overflow.
const MAX_MONTHS: i64 = 120_000;

/// Adds `count` units of `size` (seconds, or minus the months); a move
/// too far to compute is an invalid date.
fn add(relative: &mut Relative, count: i64, size: i64) -> Result<(), DateError> {
    let (total, by, limit) = if size < 0 {
        (&mut relative.months, -size, MAX_MONTHS)
    } else {
        (&mut relative.seconds, size, MAX_MONTHS * 31 * DAY)
    };
    let moved = count
        .checked_mul(by)
        .and_then(|n| total.checked_add(n))
        .filter(|n| n.abs() <= limit)
        .ok_or(DateError::Invalid)?;
    *total = moved;
    Ok(())
}

/// `t` moved by calendar months, the day of the month kept (and carried
/// over into the next month where it does not exist, as mktime does).
fn add_months(t: i64, months: i64) -> i64 {
    if months == 0 {
        return t;
    }
    let c = Civil::new(t);
    let index = c.year * 12 + i64::from(c.month) - 1 + months;
    let (year, month) = (index.div_euclid(12), index.rem_euclid(12) + 1);
    days_from_civil(year, month, i64::from(c.day)) * DAY + t.rem_euclid(DAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2023-11-14 22:13:20 UTC, a Tuesday.
    const NOW: u64 = 1_700_000_000;

    #[test]
    fn dates_jobs_scripts_give_are_read_as_gnu_date_reads_them() {
        let cases: [(&str, u64); 14] = [
            ("@1700000000", NOW),
            ("@86400.5", 86_400),
            ("2023-11-14 10:00", 1_699_956_000),
            ("2023-11-14", 1_699_920_000),
            ("2023-11-14T10:00:05", 1_699_956_005),
            ("now", NOW),
            ("", 1_699_920_000),
            ("1 hour ago", NOW - 3600),
            ("-90 min", NOW - 5400),
            ("+2 days", NOW + 2 * 86_400),
            ("tomorrow", NOW + 86_400),
            ("1 week ago 2 days", NOW - 5 * 86_400),
            ("10:30", 1_699_957_800),
            ("2024-01-31 3 months", 1_714_521_600),
        ];
        for (text, want) in cases {
            assert_eq!(parse(text, NOW), Ok(want), "{text}");
        }
    }

    #[test]
    fn what_gnu_refuses_is_invalid_and_what_it_reads_otherwise_is_said() {
        for text in [
            "nope",
            "2023-02-30",
            "2023-11-14 25:00",
            "midnight",
            "ago",
            "@x",
        ] {
            assert_eq!(parse(text, NOW), Err(DateError::Invalid), "{text}");
        }
        for text in ["next monday", "Nov 14", "10:00 UTC", "14:00:00.5", "2023"] {
            assert_eq!(parse(text, NOW), Err(DateError::NotSimulated), "{text}");
        }
    }
}
