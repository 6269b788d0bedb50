//! Calendar dates from seconds since the Unix epoch, in UTC (which stands
//! for the simulated cluster's local time), shared by the shell's `date`
//! and `ls -l`, the Slurm tools and the node tools. Howard Hinnant's
//! `civil_from_days` and `days_from_civil`
//! (<https://howardhinnant.github.io/date_algorithms.html>).

/// Seconds in a day.
pub const DAY: i64 = 86_400;
const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];
/// Days of a common year before each month.
const BEFORE: [u32; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];

/// A moment broken into calendar fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Civil {
    /// The year, e.g. 2026.
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    /// 1 to 31.
    pub day: u32,
    /// 0 to 23.
    pub hour: u32,
    /// 0 to 59.
    pub minute: u32,
    /// 0 to 59.
    pub second: u32,
    /// 0 is Sunday.
    pub weekday: usize,
    /// Day of the year, 1 to 366.
    pub yday: u32,
}

impl Civil {
    /// The date `t` seconds after 1970-01-01 00:00:00 UTC (before it when
    /// negative).
    pub fn new(t: i64) -> Civil {
        let days = t.div_euclid(DAY);
        let rem = t.rem_euclid(DAY);
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        // All in range by construction: day 1..=31, month 1..=12.
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        Civil {
            year,
            month,
            day,
            hour: (rem / 3600) as u32,
            minute: (rem % 3600 / 60) as u32,
            second: (rem % 60) as u32,
            // 1970-01-01 was a Thursday.
            weekday: (days + 4).rem_euclid(7) as usize,
            yday: BEFORE[(month - 1) as usize] + day + u32::from(leap && month > 2),
        }
    }

    /// `Jan` to `Dec`.
    pub fn month_name(&self) -> &'static str {
        MONTHS[(self.month as usize + 11) % 12]
    }

    /// `Sun` to `Sat`.
    pub fn weekday_name(&self) -> &'static str {
        WEEKDAYS[self.weekday % 7]
    }

    /// `Mon Nov 30 03:12:45 2026`: C's `ctime` without its newline, the day
    /// padded with a space (`Mon Aug  5`).
    pub fn ctime(&self) -> String {
        format!(
            "{} {} {:>2} {} {}",
            self.weekday_name(),
            self.month_name(),
            self.day,
            self.hms(),
            self.year
        )
    }

    /// `2026-11-30T03:12:45`: Slurm's `slurm_make_time_str` (`%FT%T`).
    pub fn iso(&self) -> String {
        format!("{}T{}", self.date(), self.hms())
    }

    /// `2026-11-30`.
    pub fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `03:12:45`.
    pub fn hms(&self) -> String {
        format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
    }
}

/// Days from 1970-01-01 to a date (`days_from_civil`); the month and day
/// are not checked.
pub fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_dates_both_ways() {
        // 2026-11-30T03:12:45Z, a Monday.
        let c = Civil::new(1_796_008_365);
        assert_eq!(c.ctime(), "Mon Nov 30 03:12:45 2026");
        assert_eq!(c.iso(), "2026-11-30T03:12:45");
        assert_eq!(c.yday, 334);
        assert_eq!(Civil::new(0).ctime(), "Thu Jan  1 00:00:00 1970");
        assert_eq!(Civil::new(-1).iso(), "1969-12-31T23:59:59");
        // 2024-02-29, a leap day: day 60.
        let leap = Civil::new(1_709_210_096);
        assert_eq!(
            (leap.date(), leap.yday, leap.weekday_name()),
            ("2024-02-29".into(), 60, "Thu")
        );
        assert_eq!(
            days_from_civil(2026, 11, 30) * DAY,
            1_796_008_365 - 3 * 3600 - 12 * 60 - 45
        );
        for t in [-86_401, 0, 951_782_400, 4_102_444_800] {
            let c = Civil::new(t);
            let back = days_from_civil(c.year, i64::from(c.month), i64::from(c.day)) * DAY
                + i64::from(c.hour * 3600 + c.minute * 60 + c.second);
            assert_eq!(back, t);
        }
    }
}
