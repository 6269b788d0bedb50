//! Calendar time in the forms the node tools print, from seconds since the
//! Unix epoch (UTC stands for the nodes' local time): `dmesg -T` and the
//! `nvidia-smi` date line (C's `ctime`), Slurm's `%FT%T`, the glog-style
//! `MDD HH:MM:SS` of PyTorch's C++ and Python logs, torchrun's
//! `%Y-%m-%d_%H:%M:%S`. The dates come from the shared calendar. Pure.

pub(super) use crate::sim::slurm::calendar::Civil;

/// `1130 03:12:45`, `318 13:21:42`: the month (not padded), day and time
/// of a c10 (PyTorch C++) log prefix.
pub(super) fn c10_log(c: &Civil) -> String {
    format!("{}{:02} {}", c.month, c.day, c.hms())
}

/// `0801 13:23:17`: the month, day and time of a Python glog-style prefix
/// (torchrun's agent).
pub(super) fn py_log(c: &Civil) -> String {
    format!("{:02}{:02} {}", c.month, c.day, c.hms())
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
        assert_eq!(c10_log(&c), "1130 03:12:45");
        assert_eq!(py_log(&c), "1130 03:12:45");
        // 2024-08-05T03:54:13Z: a space-padded day.
        assert_eq!(
            Civil::new(1_722_830_053).ctime(),
            "Mon Aug  5 03:54:13 2024"
        );
        assert_eq!(Civil::new(0).ctime(), "Thu Jan  1 00:00:00 1970");
        // 2025-03-18T13:21:42Z: c10 does not pad the month, Python does.
        assert_eq!(c10_log(&Civil::new(1_742_304_102)), "318 13:21:42");
        assert_eq!(py_log(&Civil::new(1_742_304_102)), "0318 13:21:42");
        assert_eq!(Civil::new(-1).iso(), "1969-12-31T23:59:59");
    }
}
