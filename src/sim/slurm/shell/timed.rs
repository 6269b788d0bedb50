//! The `time` reserved word's report: how long a pipeline took on the
//! simulated clock, written as `TIMEFORMAT` says (bash's own format when
//! it is unset, POSIX's with `time -p`). No CPU time is simulated for the
//! shell's children, so user and system time are 0.

use super::exec::Exec;
use super::parse::Timed;

/// bash's format when `TIMEFORMAT` is unset.
const BASH_FORMAT: &str = "\nreal\t%3lR\nuser\t%3lU\nsys\t%3lS";
/// `time -p`'s.
const POSIX_FORMAT: &str = "real %2R\nuser %2U\nsys %2S";

/// The report of a pipeline that took `real` seconds, given how it was
/// timed and `TIMEFORMAT`: `Ok` with the text (nothing for an empty
/// format), or `Err` with the character bash calls an invalid format
/// character (and then reports nothing).
pub(super) fn report(timed: Timed, format: Option<&str>, real: u64) -> Result<String, char> {
    let format = match (timed, format) {
        (Timed::Posix, _) => POSIX_FORMAT,
        (Timed::Bash, Some(format)) => format,
        (Timed::Bash, None) => BASH_FORMAT,
    };
    if format.is_empty() {
        return Ok(String::new());
    }
    let mut text = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            text.push(c);
            continue;
        }
        let precision = match chars.peek().and_then(|d| d.to_digit(10)) {
            Some(digits) => {
                chars.next();
                digits.min(3)
            }
            None => 3,
        };
        let long = chars.next_if_eq(&'l').is_some();
        match chars.next() {
            Some('%') => text.push('%'),
            Some('R') => text.push_str(&seconds(real, precision, long)),
            Some('U' | 'S') => text.push_str(&seconds(0, precision, long)),
            // The CPU's share of the time, always two decimals.
            Some('P') => text.push_str("0.00"),
            Some(other) => return Err(other),
            None => text.push('%'),
        }
    }
    text.push('\n');
    Ok(text)
}

impl Exec<'_> {
    /// `time`'s report on standard error, for a pipeline that started at
    /// `started`.
    pub(super) fn report_time(&mut self, timed: Timed, started: u64) {
        let format = self.shell.var("TIMEFORMAT").map(str::to_owned);
        let real = self.shell.now.saturating_sub(started);
        let text = match report(timed, format.as_deref(), real) {
            Ok(text) => text,
            Err(c) => format!(
                "{}TIMEFORMAT: `{c}': invalid format character\n",
                self.prefix()
            ),
        };
        self.terminal.stderr(&text);
    }
}

/// Whole seconds as bash writes a time: `2.000`, with `precision`
/// decimals (none: no point), or `0m2.000s` long.
fn seconds(secs: u64, precision: u32, long: bool) -> String {
    let (minutes, secs) = if long {
        (secs / 60, secs % 60)
    } else {
        (0, secs)
    };
    let fraction = match precision {
        0 => String::new(),
        p => format!(".{}", "0".repeat(usize::try_from(p).unwrap_or(3))),
    };
    if long {
        format!("{minutes}m{secs}{fraction}s")
    } else {
        format!("{secs}{fraction}")
    }
}

#[cfg(test)]
mod tests {
    use super::{Timed, report};

    #[test]
    fn formats_read_as_bash_reads_them() {
        assert_eq!(
            report(Timed::Bash, None, 125),
            Ok("\nreal\t2m5.000s\nuser\t0m0.000s\nsys\t0m0.000s\n".to_owned())
        );
        assert_eq!(
            report(Timed::Posix, Some("ignored"), 2),
            Ok("real 2.00\nuser 0.00\nsys 0.00\n".to_owned())
        );
        assert_eq!(
            report(Timed::Bash, Some("%R|%0R|%1lR|%P|%%|%4R|%lR|%2lU|%S"), 62),
            Ok("62.000|62|1m2.0s|0.00|%|62.000|1m2.000s|0m0.00s|0.000\n".to_owned())
        );
        assert_eq!(report(Timed::Bash, Some(""), 5), Ok(String::new()));
        assert_eq!(report(Timed::Bash, Some("took %x"), 5), Err('x'));
    }
}
