//! `du`: disk use as coreutils 9.1 counts it on an ext4 disk (whole 4 KiB
//! blocks; a directory takes one), each directory after what it holds,
//! in name order. Simulated: `-a -s -c -h --si -k -m -b
//! --apparent-size -d/--max-depth -0 -x`, and each file counted once
//! however often it is named.

use std::collections::BTreeSet;

use super::super::args::{self, Spec};
use super::super::command::{Call, locale_quote, utf8_locale};
use super::super::fs::{Kind, join};

/// `du`'s options (`\u{1}`: `--apparent-size`, `\u{2}`: `--si`).
pub(super) const DU: Spec = Spec {
    flags: "asch0kmbx\u{1}\u{2}",
    valued: "d",
    long: &[
        ("all", 'a'),
        ("summarize", 's'),
        ("total", 'c'),
        ("human-readable", 'h'),
        ("null", '0'),
        ("bytes", 'b'),
        ("one-file-system", 'x'),
        ("max-depth", 'd'),
        ("apparent-size", '\u{1}'),
        ("si", '\u{2}'),
    ],
};

/// How sizes are printed: in blocks of so many bytes, or human-readable
/// in powers of 1024 or 1000.
#[derive(Clone, Copy)]
enum Scale {
    Blocks(u64),
    Human(u64),
}

/// One walk's settings and what it has counted.
struct Du {
    all: bool,
    max_depth: Option<usize>,
    apparent: bool,
    scale: Scale,
    end: char,
    /// Paths already counted.
    seen: BTreeSet<String>,
    text: String,
}

/// `du`: the use of each operand (default `.`) and the directories below.
pub(super) fn du(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, DU, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let summarize = opts.has('s');
    if summarize && opts.has('a') {
        return args::usage_error(call, "cannot both summarize and show all entries");
    }
    let mut max_depth = None;
    if let Some(text) = opts.value('d') {
        match text.parse::<usize>() {
            Ok(n) if !text.starts_with('+') => max_depth = Some(n),
            _ => {
                let utf8 = utf8_locale(call.env);
                let message = format!("invalid maximum depth {}", locale_quote(text, utf8));
                return args::usage_error(call, &message);
            }
        }
    }
    if let (true, Some(n)) = (summarize, max_depth.filter(|n| *n > 0)) {
        let message = format!("warning: summarizing conflicts with --max-depth={n}");
        return args::usage_error(call, &message);
    }
    // The last of -h, --si, -k, -m and -b wins.
    let mut scale = Scale::Blocks(1024);
    let mut apparent = opts.has('\u{1}');
    for (key, _) in &opts.opts {
        match key {
            'h' => scale = Scale::Human(1024),
            '\u{2}' => scale = Scale::Human(1000),
            'k' => scale = Scale::Blocks(1024),
            'm' => scale = Scale::Blocks(1 << 20),
            'b' => {
                scale = Scale::Blocks(1);
                apparent = true;
            }
            _ => {}
        }
    }
    let mut du = Du {
        all: opts.has('a'),
        max_depth: if summarize { Some(0) } else { max_depth },
        apparent,
        scale,
        end: if opts.has('0') { '\0' } else { '\n' },
        seen: BTreeSet::new(),
        text: String::new(),
    };
    let operands = if opts.operands.is_empty() {
        vec![".".to_owned()]
    } else {
        opts.operands.clone()
    };
    let mut status = 0;
    let mut total = 0;
    for op in &operands {
        match call.stat(op) {
            Ok((path, _)) => total += du.walk(call, op, &path, 0),
            Err(e) => {
                call.out.stdout(&std::mem::take(&mut du.text));
                call.error(&format!("cannot access '{op}': {e}"));
                status = 1;
            }
        }
    }
    if opts.has('c') {
        du.line(total, "total");
    }
    call.out.stdout(&du.text);
    status
}

impl Du {
    /// The bytes below `path` (named `shown`), listing what is to be listed.
    fn walk(&mut self, call: &Call<'_>, shown: &str, path: &str, depth: usize) -> u64 {
        if !self.seen.insert(path.to_owned()) {
            return 0;
        }
        let Some(meta) = call.fs.meta(path) else {
            return 0;
        };
        let mut bytes = if self.apparent {
            meta.stat_size() as u64
        } else {
            meta.kib() as u64 * 1024
        };
        if meta.kind == Kind::Dir {
            for (name, _) in call.fs.list(path).unwrap_or_default() {
                bytes += self.walk(call, &join(shown, &name), &join(path, &name), depth + 1);
            }
        }
        let listed = depth == 0 || meta.kind == Kind::Dir || self.all;
        if listed && self.max_depth.is_none_or(|max| depth <= max) {
            self.line(bytes, shown);
        }
        bytes
    }

    fn line(&mut self, bytes: u64, name: &str) {
        let size = match self.scale {
            Scale::Blocks(unit) => bytes.div_ceil(unit).to_string(),
            Scale::Human(base) => human(bytes, base),
        };
        self.text.push_str(&format!("{size}\t{name}{}", self.end));
    }
}

/// `bytes` as `-h` (base 1024) or `--si` (base 1000) writes them: rounded
/// up, with one decimal below 10 (`4.0K`, `20K`, `2.1M`).
fn human(bytes: u64, base: u64) -> String {
    let units: [char; 6] = if base == 1000 {
        ['k', 'M', 'G', 'T', 'P', 'E']
    } else {
        ['K', 'M', 'G', 'T', 'P', 'E']
    };
    if bytes < base {
        return bytes.to_string();
    }
    let (mut k, mut div) = (0, base);
    while bytes / div >= base && k < units.len() - 1 {
        div *= base;
        k += 1;
    }
    let tenths = (u128::from(bytes) * 10).div_ceil(u128::from(div));
    if tenths < 100 {
        return format!("{}.{}{}", tenths / 10, tenths % 10, units[k]);
    }
    let whole = bytes.div_ceil(div);
    if whole >= base && k < units.len() - 1 {
        return format!("1.0{}", units[k + 1]);
    }
    format!("{whole}{}", units[k])
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn human_sizes_round_up_as_coreutils_does() {
        let cases = [
            (0, 1024, "0"),
            (1023, 1024, "1023"),
            (4096, 1024, "4.0K"),
            (20_480, 1024, "20K"),
            (2_015_232, 1024, "2.0M"),
            (2_015_232, 1000, "2.1M"),
            (1_048_575, 1024, "1.0M"),
            (10_200, 1024, "10K"),
        ];
        for (bytes, base, want) in cases {
            assert_eq!(human(bytes, base), want, "{bytes} base {base}");
        }
    }
}
