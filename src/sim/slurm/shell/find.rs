//! `find` as GNU findutils 4.9.0 runs it, over the simulated filesystem:
//! starting points walked in name order (a real disk's order is its
//! own), a directory before what it holds (after with `-depth` and
//! `-delete`), and an expression of tests, actions and operators.
//! Simulated: `-name -iname -path -ipath -regex -iregex -regextype -type
//! -empty -executable -readable -writable -newer -mtime -mmin -size -true
//! -false`, `-print -print0 -printf -delete -exec ... ; -exec ... {} +
//! -prune -quit`, `( ) ! -not -a -and -o -or ,`, `-maxdepth -mindepth
//! -depth`, and findutils' messages, warnings (when standard input is the
//! terminal) and statuses. Messages quote names as the locale does: `‘x’`
//! under a UTF-8 `LANG`, `'x'` in the C locale.

mod parse;
mod printf;
#[cfg(test)]
mod tests;

use self::parse::{Action, Cmp, Expr, Halt, Plan, Test, kind_is};
use self::printf::Entry;
use super::command::{Output, locale_quote as quote, utf8_locale};
use super::exec::{Exec, Input};
use super::expand::wildcard_match;
use super::fs::{Kind, Meta, join};
use crate::sorted::SortedMap;

/// find's line in `help`.
pub(super) const SUMMARY: &str = "search for files below directories: find . -name '*.out' -mtime -1, -type f, -size +1M, -exec CMD {} + (find --help lists the rest)";

/// `find --help`, in our words.
pub(super) const HELP: &str = "\
Usage: find [-H] [-L] [-P] [starting-point...] [expression]

Walks each starting point (default: the current directory) and prints, or
acts on, every file and directory the expression accepts (default: -print).
Directories are read in name order here.

Operators:  ( EXPR )  ! EXPR  -not EXPR  EXPR -a EXPR (or side by side)
            EXPR -o EXPR  EXPR , EXPR
Options:    -maxdepth N  -mindepth N  -depth  -regextype TYPE
            (and -xdev -mount -noleaf -follow -warn -nowarn, which change
            nothing here)
Tests:      -name PATTERN  -iname PATTERN  -path PATTERN  -ipath PATTERN
            -regex PATTERN  -iregex PATTERN  -type [fdc...]  -empty
            -executable  -readable  -writable  -newer FILE  -mtime N
            -mmin N  -size N[cwbkMG]  -true  -false
            (N: +N more than N, -N less than N, N exactly)
Actions:    -print  -print0  -printf FORMAT  -delete  -prune  -quit
            -exec COMMAND ;  -exec COMMAND {} +
FORMAT:     %p path  %f name  %h directory  %P path below the starting
            point  %H starting point  %s size  %k KiB used  %d depth
            %y type  %m and %M mode  %u and %g owner  %n links  %t and
            %T@ %TY %Tm %Td %TH %TM %TS %TF %TT %T+ time; \\n \\t \\0 escapes
";

/// What one walk keeps as it goes.
struct Walk<'p> {
    plan: &'p Plan,
    /// The starting point being walked, as typed.
    start: &'p str,
    status: i32,
    /// `-quit` ran: no more entries.
    quit: bool,
    /// `-prune` ran for the entry being evaluated.
    pruned: bool,
    /// The entries gathered for each `-exec ... {} +`.
    batches: Vec<Vec<String>>,
    /// Quote names as a UTF-8 locale does.
    utf8: bool,
    to_terminal: bool,
}

/// The entry being evaluated: as find names it, its canonical path, its
/// depth below the starting point and what it is.
#[derive(Clone, Copy)]
struct Here<'a> {
    shown: &'a str,
    full: &'a str,
    depth: usize,
    meta: Meta,
}

impl Walk<'_> {
    fn quote(&self, name: &str) -> String {
        quote(name, self.utf8)
    }
}

/// The last name of a path as find names it (`a/` is `a`, `/` is `/`).
fn last_name(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

impl Exec<'_> {
    /// Runs `find` with `argv` (its own name first) in the environment `env`.
    pub(super) fn find(
        &mut self,
        argv: &[String],
        env: &SortedMap<String, String>,
        to_terminal: bool,
        out: &mut Output,
    ) -> i32 {
        let utf8 = utf8_locale(env);
        let cwd = self.shell.cwd.clone();
        let (result, warnings) = {
            let fs = &self.shell.fs;
            let stat = |p: &str| fs.resolve(&cwd, p).ok().and_then(|full| fs.meta(&full));
            let quote = |s: &str| quote(s, utf8);
            let ctx = parse::Context {
                stat: &stat,
                quote: &quote,
                warnings: self.tty,
            };
            parse::parse(&argv[1..], &ctx)
        };
        for warning in warnings {
            out.stderr(&format!("find: {warning}\n"));
        }
        let plan = match result {
            Ok(plan) => plan,
            Err(Halt::Help) => {
                out.stdout(HELP);
                return 0;
            }
            Err(Halt::Version) => {
                out.stdout("find (GNU findutils) 4.9.0\n");
                return 0;
            }
            Err(Halt::Error(lines)) => {
                for line in lines {
                    out.stderr(&format!("find: {line}\n"));
                }
                return 1;
            }
        };
        let mut walk = Walk {
            plan: &plan,
            start: "",
            status: 0,
            quit: false,
            pruned: false,
            batches: vec![Vec::new(); plan.batches],
            utf8,
            to_terminal,
        };
        for start in &plan.starts {
            if walk.quit {
                break;
            }
            walk.start = start;
            match self.shell.fs.resolve(&cwd, start) {
                Ok(full) if self.shell.fs.meta(&full).is_some() => {
                    self.find_visit(&mut walk, start, &full, 0, out);
                }
                Ok(_) | Err(_) => {
                    let message =
                        format!("find: {}: No such file or directory\n", walk.quote(start));
                    out.stderr(&message);
                    walk.status = 1;
                }
            }
        }
        self.find_batches(&mut walk, &plan.expr, out);
        walk.status
    }

    /// Evaluates the entry `full` (named `shown`) at `depth`, and what it
    /// holds.
    fn find_visit(
        &mut self,
        walk: &mut Walk<'_>,
        shown: &str,
        full: &str,
        depth: usize,
        out: &mut Output,
    ) {
        let plan = walk.plan;
        let Some(meta) = self.shell.fs.meta(full) else {
            let message = format!("find: {}: No such file or directory\n", walk.quote(shown));
            out.stderr(&message);
            walk.status = 1;
            return;
        };
        let counted = depth >= plan.min_depth;
        walk.pruned = false;
        if counted && !plan.depth_first {
            let here = Here {
                shown,
                full,
                depth,
                meta,
            };
            self.find_eval(&plan.expr, walk, here, out);
        }
        let descend = meta.kind == Kind::Dir
            // -prune keeps a directory closed, except under -depth.
            && (!walk.pruned || plan.depth_first)
            && plan.max_depth.is_none_or(|max| depth < max);
        if descend && !walk.quit {
            match self.shell.fs.list(full) {
                Ok(entries) => {
                    for (name, _) in entries {
                        let child = join(shown, &name);
                        self.find_visit(walk, &child, &join(full, &name), depth + 1, out);
                        if walk.quit {
                            break;
                        }
                    }
                }
                Err(e) => {
                    let message = format!("find: {}: {e}\n", walk.quote(shown));
                    out.stderr(&message);
                    walk.status = 1;
                }
            }
        }
        if counted
            && plan.depth_first
            && !walk.quit
            && let Some(meta) = self.shell.fs.meta(full)
        {
            let here = Here {
                shown,
                full,
                depth,
                meta,
            };
            self.find_eval(&plan.expr, walk, here, out);
        }
    }

    /// The expression's value for one entry, acting as it goes.
    fn find_eval(
        &mut self,
        expr: &Expr,
        walk: &mut Walk<'_>,
        here: Here<'_>,
        out: &mut Output,
    ) -> bool {
        match expr {
            Expr::Test(test) => self.find_test(test, here),
            Expr::Action(action) => self.find_act(action, walk, here, out),
            Expr::Not(inner) => !self.find_eval(inner, walk, here, out),
            Expr::And(a, b) => {
                self.find_eval(a, walk, here, out)
                    && !walk.quit
                    && self.find_eval(b, walk, here, out)
            }
            Expr::Or(a, b) => {
                self.find_eval(a, walk, here, out)
                    || (!walk.quit && self.find_eval(b, walk, here, out))
            }
            Expr::Comma(a, b) => {
                self.find_eval(a, walk, here, out);
                !walk.quit && self.find_eval(b, walk, here, out)
            }
        }
    }

    fn find_test(&mut self, test: &Test, here: Here<'_>) -> bool {
        let Here {
            shown, full, meta, ..
        } = here;
        // Names are folded as ASCII: Unicode's tables would cost the
        // page's wasm more than non-ASCII file names are worth here.
        let fold = |s: &str, icase: bool| {
            if icase {
                s.to_ascii_lowercase()
            } else {
                s.to_owned()
            }
        };
        let age = self.shell.now().saturating_sub(meta.mtime);
        match test {
            Test::Name { pattern, icase } => {
                wildcard_match(&fold(pattern, *icase), &fold(last_name(shown), *icase))
            }
            Test::Path { pattern, icase } => {
                wildcard_match(&fold(pattern, *icase), &fold(shown, *icase))
            }
            Test::Regex(regex) => regex.is_match(shown, &mut 1_000_000).unwrap_or(false),
            Test::Type(letters) => letters.iter().any(|&l| kind_is(meta.kind, l)),
            Test::Empty => match meta.kind {
                Kind::File => meta.size == 0,
                Kind::Dir => self.shell.fs.list(full).is_ok_and(|e| e.is_empty()),
                Kind::Device => false,
            },
            Test::Executable => meta.executable,
            Test::Readable => true,
            Test::Writable => {
                let user = self.shell.user.clone();
                let inode = self.shell.fs.inode(full, meta, &user);
                let others_write = inode.mode.as_bytes().get(8) == Some(&b'w');
                user == "root" || inode.owner == user || others_write
            }
            Test::Newer(time) => meta.mtime > *time,
            Test::Days(cmp, n) => cmp.holds((age / 86_400) as f64, *n),
            Test::Minutes(Cmp::Exactly, n) => age.div_ceil(60) as f64 == *n,
            Test::Minutes(cmp, n) => cmp.holds(age as f64, n * 60.0),
            Test::Size { cmp, count, unit } => cmp.holds(
                (meta.stat_size() as u64).div_ceil(*unit) as f64,
                *count as f64,
            ),
            Test::Constant(value) => *value,
        }
    }

    fn find_act(
        &mut self,
        action: &Action,
        walk: &mut Walk<'_>,
        here: Here<'_>,
        out: &mut Output,
    ) -> bool {
        let Here {
            shown,
            full,
            depth,
            meta,
        } = here;
        match action {
            Action::Print => out.stdout(&format!("{shown}\n")),
            Action::Print0 => out.stdout(&format!("{shown}\0")),
            Action::Printf(format) => {
                let user = self.shell.user.clone();
                let inode = self.shell.fs.inode(full, meta, &user);
                let entry = Entry {
                    path: shown,
                    start: walk.start,
                    depth,
                    kind: meta.kind,
                    size: inode.size,
                    kib: inode.kib,
                    mode: inode.mode,
                    links: inode.links,
                    owner: &inode.owner,
                    mtime: meta.mtime,
                };
                out.stdout(&format.render(&entry));
            }
            Action::Delete => {
                // findutils leaves the starting point `.` in place.
                if shown == "." {
                    return true;
                }
                let now = self.shell.now();
                if let Err(e) = self.shell.fs.remove(full, false, now) {
                    let message = format!("find: cannot delete {}: {e}\n", walk.quote(shown));
                    out.stderr(&message);
                    walk.status = 1;
                    return false;
                }
            }
            Action::Exec { batch: Some(i), .. } => walk.batches[*i].push(shown.to_owned()),
            Action::Exec { argv, batch: None } => {
                let run: Vec<String> = argv.iter().map(|a| a.replace("{}", shown)).collect();
                return self.find_exec(walk, &run, out) == Some(0);
            }
            Action::Prune => walk.pruned = true,
            Action::Quit => walk.quit = true,
        }
        true
    }

    /// Runs `run` as `-exec` does: its status, or `None` if it could not
    /// start (said on standard error).
    fn find_exec(&mut self, walk: &Walk<'_>, run: &[String], out: &mut Output) -> Option<i32> {
        if !self.step() {
            return None;
        }
        if !self.runs(&run[0]) {
            let message = format!("find: {}: No such file or directory\n", walk.quote(&run[0]));
            out.stderr(&message);
            return None;
        }
        Some(self.dispatch(
            run,
            &[],
            &mut Input::new(String::new()),
            walk.to_terminal,
            out,
        ))
    }

    /// Runs each `-exec ... {} +` with the entries it gathered; a failure
    /// makes find's status 1.
    fn find_batches(&mut self, walk: &mut Walk<'_>, expr: &Expr, out: &mut Output) {
        match expr {
            Expr::Action(Action::Exec {
                argv,
                batch: Some(i),
            }) => {
                let paths = std::mem::take(&mut walk.batches[*i]);
                if paths.is_empty() {
                    return;
                }
                let run: Vec<String> = argv[..argv.len() - 1]
                    .iter()
                    .cloned()
                    .chain(paths)
                    .collect();
                if self.find_exec(walk, &run, out) != Some(0) {
                    walk.status = 1;
                }
            }
            Expr::Not(inner) => self.find_batches(walk, inner, out),
            Expr::And(a, b) | Expr::Or(a, b) | Expr::Comma(a, b) => {
                self.find_batches(walk, a, out);
                self.find_batches(walk, b, out);
            }
            Expr::Test(_) | Expr::Action(_) => {}
        }
    }
}
