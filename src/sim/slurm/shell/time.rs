//! Calendar time for `date` and `ls -l`: seconds since the Unix epoch to a
//! UTC date (the shared calendar), and `strftime`-style
//! formatting of the fields GNU `date` is most used with.

use crate::sim::slurm::calendar::Civil;

/// A moment in UTC with the seconds it came from (`%s`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct DateTime {
    civil: Civil,
    epoch: u64,
}

impl DateTime {
    /// The date of `secs` seconds after 1970-01-01 00:00:00 UTC.
    pub(super) fn from_epoch(secs: u64) -> DateTime {
        DateTime {
            civil: Civil::new(i64::try_from(secs).unwrap_or(i64::MAX / 2)),
            epoch: secs,
        }
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
                'a' => self.civil.weekday_name().to_owned(),
                'b' | 'h' => self.civil.month_name().to_owned(),
                'd' => format!("{:02}", self.civil.day),
                'e' => format!("{:>2}", self.civil.day),
                'H' => format!("{:02}", self.civil.hour),
                'M' => format!("{:02}", self.civil.minute),
                'S' => format!("{:02}", self.civil.second),
                'Y' => self.civil.year.to_string(),
                'y' => format!("{:02}", self.civil.year.rem_euclid(100)),
                'm' => format!("{:02}", self.civil.month),
                'j' => format!("{:03}", self.civil.yday),
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
