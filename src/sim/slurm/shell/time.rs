//! Calendar time for `date` and `ls -l`: seconds since the Unix epoch to a
//! UTC date (Howard Hinnant's `civil_from_days`), and `strftime`-style
//! formatting of the fields GNU `date` is most used with.

const DAY: u64 = 86_400;

const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A moment in UTC, broken into calendar fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DateTime {
    year: i64,
    /// 1 to 12.
    month: u32,
    /// 1 to 31.
    day: u32,
    hour: u64,
    minute: u64,
    second: u64,
    /// 0 is Sunday.
    weekday: usize,
    /// Day of the year, 1 to 366.
    yday: u64,
    epoch: u64,
}

impl DateTime {
    /// The date of `secs` seconds after 1970-01-01 00:00:00 UTC.
    pub(super) fn from_epoch(secs: u64) -> DateTime {
        let days = secs / DAY;
        let rem = secs % DAY;
        // civil_from_days, for days since 1970-01-01.
        let z = days as i64 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        const BEFORE: [u64; 12] = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
        let yday = BEFORE[(month - 1) as usize] + u64::from(day) + u64::from(leap && month > 2);
        DateTime {
            year,
            month,
            day,
            hour: rem / 3600,
            minute: rem % 3600 / 60,
            second: rem % 60,
            weekday: ((days + 4) % 7) as usize,
            yday,
            epoch: secs,
        }
    }

    fn month_name(&self) -> &'static str {
        MONTHS[(self.month - 1) as usize % 12]
    }

    /// The date as `ls -l` shows it: `Mon DD HH:MM` within six months
    /// before `now`, else `Mon DD  YYYY`.
    pub(super) fn ls(&self, now: u64) -> String {
        const HALF_YEAR: u64 = 15_778_476;
        let recent = self.epoch <= now && now - self.epoch < HALF_YEAR;
        if recent {
            self.format("%b %e %H:%M")
        } else {
            self.format("%b %e  %Y")
        }
    }

    /// `format` with `%` fields replaced, as `strftime` does for `%a %b %d
    /// %e %H %M %S %Y %m %y %j %F %T %D %R %s %Z %z %n %t %%`; other
    /// fields are kept as typed.
    pub(super) fn format(&self, format: &str) -> String {
        let mut out = String::new();
        let mut chars = format.chars();
        while let Some(c) = chars.next() {
            if c != '%' {
                out.push(c);
                continue;
            }
            let Some(f) = chars.next() else {
                out.push('%');
                break;
            };
            let field = match f {
                'a' => WEEKDAYS[self.weekday % 7].to_owned(),
                'b' | 'h' => self.month_name().to_owned(),
                'd' => format!("{:02}", self.day),
                'e' => format!("{:>2}", self.day),
                'H' => format!("{:02}", self.hour),
                'M' => format!("{:02}", self.minute),
                'S' => format!("{:02}", self.second),
                'Y' => self.year.to_string(),
                'y' => format!("{:02}", self.year.rem_euclid(100)),
                'm' => format!("{:02}", self.month),
                'j' => format!("{:03}", self.yday),
                'F' => self.format("%Y-%m-%d"),
                'T' => self.format("%H:%M:%S"),
                'D' => self.format("%m/%d/%y"),
                'R' => self.format("%H:%M"),
                's' => self.epoch.to_string(),
                'Z' => "UTC".to_owned(),
                'z' => "+0000".to_owned(),
                'n' => "\n".to_owned(),
                't' => "\t".to_owned(),
                '%' => "%".to_owned(),
                other => format!("%{other}"),
            };
            out.push_str(&field);
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn dates_like_gnu_date() {
        let epoch = DateTime::from_epoch(0);
        assert_eq!(
            epoch.format("%a %b %e %H:%M:%S %Z %Y"),
            "Thu Jan  1 00:00:00 UTC 1970"
        );
        // 2024-02-29 12:34:56 UTC, a leap day.
        let leap = DateTime::from_epoch(1_709_210_096);
        assert_eq!(leap.format("%F %T %j %a"), "2024-02-29 12:34:56 060 Thu");
        assert_eq!(leap.format("%s %q %"), "1709210096 %q %");
        assert_eq!(leap.ls(1_709_210_096 + 60), "Feb 29 12:34");
        assert_eq!(leap.ls(1_709_210_096 + 400 * 86_400), "Feb 29  2024");
    }
}
