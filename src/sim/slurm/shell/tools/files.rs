//! Tools that work on files and directories: `ls`, `cat`, `touch`,
//! `mkdir`, `mktemp`, `rm`, `mv`, `cp` and `chmod`, with coreutils' messages.

use super::super::args::{self, Spec};
use super::super::command::Call;
use super::super::fs::{FsError, Kind, Meta, WriteMode, base_name, is_within, join, parent};
use super::super::time::DateTime;
use super::read_input;

/// `ls`'s options.
pub(super) const LS: Spec = Spec {
    flags: "laA1dtr",
    valued: "",
    long: &[
        ("all", 'a'),
        ("almost-all", 'A'),
        ("directory", 'd'),
        ("reverse", 'r'),
    ],
};

/// One entry to list: the name to show, its path and what it is.
struct Listed {
    name: String,
    path: String,
    meta: Meta,
}

/// `ls`: directories' entries and other operands' names; `-l` in the long
/// format. One name per line unless standard output is the terminal.
pub(super) fn ls(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, LS, 2) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let operands = if opts.operands.is_empty() {
        vec![".".to_owned()]
    } else {
        opts.operands.clone()
    };
    let mut status = 0;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for op in &operands {
        match call.stat(op) {
            Err(e) => {
                call.error(&format!("cannot access '{op}': {e}"));
                status = 2;
            }
            Ok((path, meta)) if meta.kind == Kind::Dir && !opts.has('d') => {
                dirs.push((op.clone(), path));
            }
            Ok((path, meta)) => files.push(Listed {
                name: op.clone(),
                path,
                meta,
            }),
        }
    }
    let long = opts.has('l');
    let mut text = String::new();
    if !files.is_empty() {
        sort(&mut files, opts.has('t'), opts.has('r'));
        text.push_str(&format_listing(call, &files, long, opts.has('1'), false));
    }
    for (op, path) in &dirs {
        if !text.is_empty() {
            text.push('\n');
        }
        if operands.len() > 1 {
            text.push_str(&format!("{op}:\n"));
        }
        let mut entries: Vec<Listed> = call
            .fs
            .list(path)
            .unwrap_or_default()
            .into_iter()
            .filter(|(name, _)| opts.has('a') || opts.has('A') || !name.starts_with('.'))
            .map(|(name, meta)| Listed {
                path: join(path, &name),
                name,
                meta,
            })
            .collect();
        if opts.has('a') {
            for (name, dir) in [(".", path.as_str()), ("..", parent(path))] {
                if let Some(meta) = call.fs.meta(dir) {
                    entries.push(Listed {
                        name: name.to_owned(),
                        path: dir.to_owned(),
                        meta,
                    });
                }
            }
        }
        sort(&mut entries, opts.has('t'), opts.has('r'));
        text.push_str(&format_listing(call, &entries, long, opts.has('1'), true));
    }
    call.out.stdout(&text);
    status
}

/// By name (bytewise, as in the C locale), or newest first with `by_time`.
fn sort(entries: &mut [Listed], by_time: bool, reverse: bool) {
    crate::sort::by(entries, |a, b| {
        if by_time {
            b.meta.mtime.cmp(&a.meta.mtime).then(a.name.cmp(&b.name))
        } else {
            a.name.cmp(&b.name)
        }
    });
    if reverse {
        entries.reverse();
    }
}

fn format_listing(
    call: &Call<'_>,
    entries: &[Listed],
    long: bool,
    one: bool,
    total: bool,
) -> String {
    if !long {
        let names: Vec<&str> = entries.iter().map(|e| e.name.as_str()).collect();
        return match names.is_empty() {
            true => String::new(),
            false if call.to_terminal && !one => names.join("  ") + "\n",
            false => names.join("\n") + "\n",
        };
    }
    let rows: Vec<[String; 6]> = entries
        .iter()
        .map(|e| {
            let inode = call.fs.inode(&e.path, e.meta, call.user);
            [
                inode.mode.to_owned(),
                inode.links.to_string(),
                inode.owner,
                inode.size.to_string(),
                DateTime::from_epoch(e.meta.mtime).ls(call.now),
                e.name.clone(),
            ]
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].len()).max().unwrap_or(0);
    let (wl, wo, ws) = (width(1), width(2), width(3));
    let mut text = String::new();
    if total {
        let blocks: usize = entries
            .iter()
            .map(|e| call.fs.inode(&e.path, e.meta, call.user).kib)
            .sum();
        text.push_str(&format!("total {blocks}\n"));
    }
    for [mode, links, owner, size, date, name] in rows {
        text.push_str(&format!(
            "{mode} {links:>wl$} {owner:<wo$} {owner:<wo$} {size:>ws$} {date} {name}\n"
        ));
    }
    text
}

/// `cat`'s options.
pub(super) const CAT: Spec = Spec {
    flags: "n",
    valued: "",
    long: &[("number", 'n')],
};

/// `cat`: files (`-` or none for standard input) one after another; `-n`
/// numbers the lines across all of them.
pub(super) fn cat(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, CAT, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let operands = if opts.operands.is_empty() {
        vec!["-".to_owned()]
    } else {
        opts.operands
    };
    let mut status = 0;
    let mut line_no = 0;
    let mut read = 0;
    for op in &operands {
        if call.out.is_truncated() {
            break;
        }
        match read_input(call, op, &mut read) {
            Ok(text) if opts.opts.is_empty() => call.out.stdout(&text),
            Ok(text) => {
                let mut numbered = String::with_capacity(text.len() + text.len() / 4);
                for line in text.split_inclusive('\n') {
                    line_no += 1;
                    numbered.push_str(&format!("{line_no:>6}\t{line}"));
                }
                call.out.stdout(&numbered);
            }
            Err(e) => {
                call.error(&format!("{op}: {e}"));
                status = 1;
            }
        }
    }
    status
}

/// `touch`: make empty files, or update the time of existing ones.
pub(super) fn touch(call: &mut Call<'_>) -> i32 {
    if call.args().is_empty() {
        return args::usage_error(call, "missing file operand");
    }
    let mut status = 0;
    for op in call.args().to_vec() {
        let now = call.now;
        let done = call.path(&op).and_then(|p| call.fs.touch(&p, now));
        if let Err(e) = done {
            call.error(&format!("cannot touch '{op}': {e}"));
            status = 1;
        }
    }
    status
}

/// `mkdir`'s options.
pub(super) const MKDIR: Spec = Spec {
    flags: "pv",
    valued: "",
    long: &[("parents", 'p'), ("verbose", 'v')],
};

/// `mkdir`: make directories; `-p` makes missing parents and accepts
/// existing ones.
pub(super) fn mkdir(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, MKDIR, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if opts.operands.is_empty() {
        return args::usage_error(call, "missing operand");
    }
    let mut status = 0;
    for op in &opts.operands {
        let made = if opts.has('p') {
            make_parents(call, op)
        } else {
            let now = call.now;
            call.path(op).and_then(|p| call.fs.mkdir(&p, now))
        };
        match made {
            Ok(()) if opts.has('v') => {
                call.out
                    .stdout(&format!("mkdir: created directory '{op}'\n"));
            }
            Ok(()) => {}
            Err(e) => {
                call.error(&format!("cannot create directory '{op}': {e}"));
                status = 1;
            }
        }
    }
    status
}

/// `mkdir -p`: each directory on the way to `op`, made if missing.
fn make_parents(call: &mut Call<'_>, op: &str) -> Result<(), FsError> {
    let mut prefix = if op.starts_with('/') {
        "/".to_owned()
    } else {
        String::new()
    };
    for name in op.split('/').filter(|n| !n.is_empty()) {
        prefix = if prefix.is_empty() {
            name.to_owned()
        } else {
            join(&prefix, name)
        };
        let path = call.path(&prefix)?;
        match call.fs.meta(&path) {
            Some(m) if m.kind == Kind::Dir => {}
            Some(_) => return Err(FsError::Exists),
            None => call.fs.mkdir(&path, call.now)?,
        }
    }
    Ok(())
}

/// `rm`'s options.
pub(super) const RM: Spec = Spec {
    flags: "rRfv",
    valued: "",
    long: &[("recursive", 'r'), ("force", 'f'), ("verbose", 'v')],
};

/// `rm`: remove files; `-r` directories with their contents; `-f` is
/// quiet about missing files.
pub(super) fn rm(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, RM, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let force = opts.has('f');
    let recursive = opts.has('r') || opts.has('R');
    if opts.operands.is_empty() {
        return if force {
            0
        } else {
            args::usage_error(call, "missing operand")
        };
    }
    let mut status = 0;
    for op in &opts.operands {
        let name = base_name(op.trim_end_matches('/'));
        if name == "." || name == ".." {
            call.error(&format!(
                "refusing to remove '.' or '..' directory: skipping '{op}'"
            ));
            status = 1;
            continue;
        }
        let (path, meta) = match call.stat(op) {
            Ok(found) => found,
            Err(FsError::NotFound) if force => continue,
            Err(e) => {
                call.error(&format!("cannot remove '{op}': {e}"));
                status = 1;
                continue;
            }
        };
        let is_dir = meta.kind == Kind::Dir;
        let result = if path == "/" && recursive {
            call.error("it is dangerous to operate recursively on '/'");
            call.error("use --no-preserve-root to override this failsafe");
            status = 1;
            continue;
        } else if is_dir && !recursive {
            Err(FsError::IsADirectory)
        } else {
            let now = call.now;
            call.fs.remove(&path, recursive, now)
        };
        match result {
            Ok(()) if opts.has('v') => call.out.stdout(&format!("removed '{op}'\n")),
            Ok(()) => {}
            Err(e) => {
                call.error(&format!("cannot remove '{op}': {e}"));
                status = 1;
            }
        }
    }
    status
}

/// One source of `mv` or `cp` and where it goes, as typed and resolved.
struct Transfer {
    src: String,
    dst: String,
    src_path: String,
    dst_path: String,
    src_meta: Meta,
}

/// The sources of `mv` or `cp` and their destinations: into the last
/// operand if it is a directory, else onto it (one source only). Reports
/// operand errors; the sources that cannot be moved are skipped with a
/// message and status 1.
fn transfers(call: &mut Call<'_>, operands: &[String]) -> (Vec<Transfer>, i32) {
    let (target, sources) = match operands {
        [] => return (Vec::new(), args::usage_error(call, "missing file operand")),
        [only] => {
            let msg = format!("missing destination file operand after '{only}'");
            return (Vec::new(), args::usage_error(call, &msg));
        }
        [sources @ .., target] => (target, sources),
    };
    let target_meta = call.stat(target).map(|(_, m)| m);
    let into_dir = target_meta.is_ok_and(|m| m.kind == Kind::Dir);
    if sources.len() > 1 && !into_dir {
        let why = match target_meta {
            Ok(_) => " is not a directory".to_owned(),
            Err(e) => format!(": {e}"),
        };
        call.error(&format!("target '{target}'{why}"));
        return (Vec::new(), 1);
    }
    let mut status = 0;
    let mut out = Vec::new();
    for src in sources {
        let dst = if into_dir {
            join(target, base_name(src.trim_end_matches('/')))
        } else {
            target.clone()
        };
        let (src_path, src_meta) = match call.stat(src) {
            Ok(found) => found,
            Err(e) => {
                call.error(&format!("cannot stat '{src}': {e}"));
                status = 1;
                continue;
            }
        };
        let dst_path = match call.path(&dst) {
            Ok(p) => p,
            Err(e) => {
                call.error(&format!("cannot create '{dst}': {e}"));
                status = 1;
                continue;
            }
        };
        if src_path == dst_path {
            call.error(&format!("'{src}' and '{dst}' are the same file"));
            status = 1;
            continue;
        }
        out.push(Transfer {
            src: src.clone(),
            dst,
            src_path,
            dst_path,
            src_meta,
        });
    }
    (out, status)
}

/// `mv`'s options.
pub(super) const MV: Spec = Spec {
    flags: "fv",
    valued: "",
    long: &[("force", 'f'), ("verbose", 'v')],
};

/// `mv`: rename, or move into a directory.
pub(super) fn mv(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, MV, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let (moves, mut status) = transfers(call, &opts.operands);
    for t in moves {
        let (src, dst) = (&t.src, &t.dst);
        if is_within(&t.dst_path, &t.src_path) {
            call.error(&format!(
                "cannot move '{src}' to a subdirectory of itself, '{dst}'"
            ));
            status = 1;
            continue;
        }
        let now = call.now;
        match call.fs.rename(&t.src_path, &t.dst_path, now) {
            Ok(()) if opts.has('v') => call.out.stdout(&format!("renamed '{src}' -> '{dst}'\n")),
            Ok(()) => {}
            Err(e) => {
                call.error(&format!("cannot move '{src}' to '{dst}': {e}"));
                status = 1;
            }
        }
    }
    status
}

/// `cp`'s options.
pub(super) const CP: Spec = Spec {
    flags: "rRafv",
    valued: "",
    long: &[
        ("recursive", 'r'),
        ("archive", 'a'),
        ("force", 'f'),
        ("verbose", 'v'),
    ],
};

/// `cp`: copy files, and with `-r` directories.
pub(super) fn cp(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, CP, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    let recursive = opts.has('r') || opts.has('R') || opts.has('a');
    let (copies, mut status) = transfers(call, &opts.operands);
    for t in copies {
        let (src, dst) = (&t.src, &t.dst);
        let is_dir = t.src_meta.kind == Kind::Dir;
        if is_dir && !recursive {
            call.error(&format!("-r not specified; omitting directory '{src}'"));
            status = 1;
            continue;
        }
        if is_within(&t.dst_path, &t.src_path) {
            call.error(&format!(
                "cannot copy a directory, '{src}', into itself, '{dst}'"
            ));
            status = 1;
            continue;
        }
        let now = call.now;
        match call.fs.copy(&t.src_path, &t.dst_path, now) {
            Ok(()) if opts.has('v') => call.out.stdout(&format!("'{src}' -> '{dst}'\n")),
            Ok(()) => {}
            Err(e) => {
                let what = if is_dir { "directory" } else { "regular file" };
                call.error(&format!("cannot create {what} '{dst}': {e}"));
                status = 1;
            }
        }
    }
    status
}

/// The effect of a `chmod` mode on the execute bit: set it, clear it, or
/// leave it; `None` for a malformed mode.
fn execute_bit(mode: &str) -> Option<Option<bool>> {
    if !mode.is_empty() && mode.len() <= 4 && mode.chars().all(|c| ('0'..='7').contains(&c)) {
        let bits = u32::from_str_radix(mode, 8).ok()?;
        return Some(Some(bits & 0o111 != 0));
    }
    let mut effect = None;
    for clause in mode.split(',') {
        let ops = clause.trim_start_matches(['u', 'g', 'o', 'a']);
        let mut chars = ops.chars().peekable();
        chars.peek()?;
        while let Some(op) = chars.next() {
            if !"+-=".contains(op) {
                return None;
            }
            let mut has_x = false;
            while let Some(&p) = chars.peek().filter(|p| "rwxXst".contains(**p)) {
                has_x |= p == 'x' || p == 'X';
                chars.next();
            }
            effect = match (op, has_x) {
                ('+', true) | ('=', true) => Some(true),
                ('-', true) | ('=', false) => Some(false),
                _ => effect,
            };
        }
    }
    Some(effect)
}

/// `chmod MODE FILE...`: octal or symbolic modes; only the execute bit is
/// kept, since that is what running `./job.sh` needs.
pub(super) fn chmod(call: &mut Call<'_>) -> i32 {
    let args = call.args().to_vec();
    let (mode, files) = match args.as_slice() {
        [] => return args::usage_error(call, "missing operand"),
        [mode] => return args::usage_error(call, &format!("missing operand after '{mode}'")),
        [mode, files @ ..] => (mode, files),
    };
    let Some(effect) = execute_bit(mode) else {
        call.error(&format!("invalid mode: '{mode}'"));
        args::try_help(call);
        return 1;
    };
    let mut status = 0;
    for op in files {
        let path = match call.stat(op) {
            Ok((path, _)) => path,
            Err(e) => {
                call.error(&format!("cannot access '{op}': {e}"));
                status = 1;
                continue;
            }
        };
        if let Some(on) = effect
            && let Err(e) = call.fs.set_executable(&path, on)
        {
            call.error(&format!("changing permissions of '{op}': {e}"));
            status = 1;
        }
    }
    status
}

/// `mktemp`'s options (`--suffix` is long only).
pub(super) const MKTEMP: Spec = Spec {
    flags: "dqtu",
    valued: "p\u{1}",
    long: &[
        ("directory", 'd'),
        ("quiet", 'q'),
        ("dry-run", 'u'),
        ("tmpdir", 'p'),
        ("suffix", '\u{1}'),
    ],
};

/// What `mktemp` fills a template's `X`s from.
const TEMP_CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// `mktemp`: makes a new file (`-d`: directory) from a template whose
/// last run of at least three `X`s becomes random letters and digits
/// (`tmp.XXXXXXXXXX` in `$TMPDIR` or `/tmp` without one), and prints its
/// name. The letters come from the clock and the template, so a run
/// replays the same.
pub(super) fn mktemp(call: &mut Call<'_>) -> i32 {
    let opts = match args::parse_call(call, MKTEMP, 1) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if opts.operands.len() > 1 {
        return args::usage_error(call, "too many templates");
    }
    let suffix = opts.value('\u{1}').unwrap_or_default();
    let given = opts.operands.first();
    let template = format!("{}{suffix}", given.map_or("tmp.XXXXXXXXXX", String::as_str));
    let tmpdir = || {
        call.env
            .get("TMPDIR")
            .map_or("/tmp", String::as_str)
            .to_owned()
    };
    // Under a directory: -p's (or $TMPDIR's), always without a template.
    let dir = match (opts.value('p'), given) {
        (Some(dir), _) if !dir.is_empty() => Some(dir.to_owned()),
        (Some(_), _) | (None, None) => Some(tmpdir()),
        (None, Some(_)) if opts.has('t') => Some(tmpdir()),
        (None, Some(_)) => None,
    };
    let template = match dir {
        Some(dir) => join(&dir, &template),
        None => template,
    };
    let Some((start, len)) = last_xs(&template, suffix.len()) else {
        call.error(&format!("too few X's in template '{template}'"));
        return 1;
    };
    let quiet = opts.has('q');
    for attempt in 0..100u64 {
        let mut name = template.clone();
        let mut seed = call.now ^ attempt.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for b in template.bytes() {
            seed = (seed ^ u64::from(b)).wrapping_mul(0x100_0000_01B3);
        }
        let letters: String = (0..len)
            .map(|_| {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                let i = usize::try_from(seed >> 58).unwrap_or(0) % TEMP_CHARS.len();
                char::from(TEMP_CHARS[i])
            })
            .collect();
        name.replace_range(start..start + len, &letters);
        let made = call.path(&name).and_then(|path| {
            if call.fs.meta(&path).is_some() {
                return Err(FsError::Exists);
            }
            if opts.has('u') {
                return Ok(());
            }
            let now = call.now;
            match opts.has('d') {
                true => call.fs.mkdir(&path, now),
                false => call.fs.write(&path, "", WriteMode::Truncate, now),
            }
        });
        match made {
            Ok(()) => {
                call.out.stdout(&format!("{name}\n"));
                return 0;
            }
            Err(FsError::Exists) => {}
            Err(e) => {
                if !quiet {
                    let kind = if opts.has('d') { "directory" } else { "file" };
                    call.error(&format!(
                        "failed to create {kind} via template '{template}': {e}"
                    ));
                }
                return 1;
            }
        }
    }
    1
}

/// Where the last run of `X`s in `template`'s last component (before a
/// suffix of `suffix` bytes) starts, and its length: at least three.
fn last_xs(template: &str, suffix: usize) -> Option<(usize, usize)> {
    let stem = &template[..template.len() - suffix];
    let end = match suffix {
        0 => stem.rfind('X')? + 1,
        _ => stem.len(),
    };
    let start = stem[..end].trim_end_matches('X').len();
    let component = stem.rfind('/').map_or(0, |i| i + 1);
    (end - start >= 3 && start >= component).then_some((start, end - start))
}
