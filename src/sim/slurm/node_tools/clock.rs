//! Calendar time in the forms the node tools print, from seconds since the
//! Unix epoch (UTC stands for the nodes' local time): `dmesg -T` and the
//! `nvidia-smi` date line (C's `ctime`), Slurm's `%FT%T`, the glog-style
//! `MDD HH:MM:SS` of PyTorch's C++ and Python logs, torchrun's
//! `%Y-%m-%d_%H:%M:%S`. Howard Hinnant's `civil_from_days`. Pure.

const DAY: i64 = 86_400;
/// 1970-01-01 was a Thursday.
const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A moment broken into calendar fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Civil {
    year: i64,
    /// 1 to 12.
    month: i64,
    /// 1 to 31.
    day: i64,
    hour: i64,
    minute: i64,
    second: i64,
    /// Index into `WEEKDAYS`.
    weekday: usize,
}

impl Civil {
    /// The date of `t` seconds after 1970-01-01 00:00:00 UTC.
    pub(super) fn new(t: i64) -> Civil {
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
            weekday: usize::try_from(days.rem_euclid(7)).unwrap_or(0),
        }
    }

    fn month_name(&self) -> &'static str {
        let index = usize::try_from(self.month - 1).unwrap_or(0);
        MONTHS.get(index).copied().unwrap_or("Jan")
    }

    /// `Mon Nov 30 03:12:45 2026`: C's `ctime` without its newline, the day
    /// padded with a space (`Mon Aug  5`).
    pub(super) fn ctime(&self) -> String {
        format!(
            "{} {} {:>2} {:02}:{:02}:{:02} {}",
            WEEKDAYS[self.weekday % 7],
            self.month_name(),
            self.day,
            self.hour,
            self.minute,
            self.second,
            self.year
        )
    }

    /// `2026-11-30T03:12:45`: Slurm's `slurm_make_time_str` (`%FT%T`).
    pub(super) fn iso(&self) -> String {
        format!("{}T{}", self.date(), self.hms())
    }

    /// `2026-11-30`.
    pub(super) fn date(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }

    /// `03:12:45`.
    pub(super) fn hms(&self) -> String {
        format!("{:02}:{:02}:{:02}", self.hour, self.minute, self.second)
    }

    /// `1130 03:12:45`, `318 13:21:42`: the month (not padded), day and
    /// time of a c10 (PyTorch C++) log prefix.
    pub(super) fn c10_log(&self) -> String {
        format!("{}{:02} {}", self.month, self.day, self.hms())
    }

    /// `0801 13:23:17`: the month, day and time of a Python glog-style
    /// prefix (torchrun's agent).
    pub(super) fn py_log(&self) -> String {
        format!("{:02}{:02} {}", self.month, self.day, self.hms())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_known_dates() {
        // 2026-11-30T03:12:45Z, a Monday (node-tools.md section 3).
        let c = Civil::new(1_796_008_365);
        assert_eq!(c.ctime(), "Mon Nov 30 03:12:45 2026");
        assert_eq!(c.iso(), "2026-11-30T03:12:45");
        assert_eq!(c.c10_log(), "1130 03:12:45");
        assert_eq!(c.py_log(), "1130 03:12:45");
        // 2024-08-05T03:54:13Z: a space-padded day.
        assert_eq!(
            Civil::new(1_722_830_053).ctime(),
            "Mon Aug  5 03:54:13 2024"
        );
        assert_eq!(Civil::new(0).ctime(), "Thu Jan  1 00:00:00 1970");
        // 2025-03-18T13:21:42Z: c10 does not pad the month, Python does.
        assert_eq!(Civil::new(1_742_304_102).c10_log(), "318 13:21:42");
        assert_eq!(Civil::new(1_742_304_102).py_log(), "0318 13:21:42");
        assert_eq!(Civil::new(-1).iso(), "1969-12-31T23:59:59");
    }
}
