//! The translators' content check: `.ci/check-content [--strict] [--root DIR]`
//! prints every problem as `path:line: level: message` and a summary per
//! language, and exits 1 on errors (on warnings too with `--strict`).
//! `--stamp es/page.md ...` records that translations are up to date with
//! their English pages; `--stamp es` stamps every page of a language whose
//! structure matches English. `--once` (Trunk's pre-build hook) prints one
//! line instead of the report when the same content already passed.

use std::path::PathBuf;
use std::process::ExitCode;

use gpu_book::book::check::{Report, check};
use gpu_book::book::front_matter;
use gpu_book::book::manifest::Status;
use gpu_book::diagnostic::{Diagnostic, Severity};
use gpu_book::sources::{SOURCE_LANG, Sources};

const USAGE: &str =
    "usage: check-content [--strict] [--verbose] [--once] [--root DIR] [--stamp PAGE|LANG ...]

Checks content/ and locales/ under DIR (default: the current directory):
every language against English. Errors fail the check; warnings (missing
or outdated translations) fail it only with --strict, and then only for
languages whose book.toml does not say status = \"in-progress\".

  --verbose          list every warning of a group (missing messages under
                     ar-*, ...) instead of one line per group
  --once             if content/ and locales/ are as they were when the check
                     last passed (as strictly), say so in one line instead of
                     printing the report again (a build shows it once)

  --stamp PAGE ...   record in each page's front matter that it matches the
                     current English page (after bringing it up to date);
                     a page is es/running-jobs.md or content/es/running-jobs.md
  --stamp LANG       the same for every page of LANG whose sections and
                     widgets match English (the check finds no error in it)";

fn main() -> ExitCode {
    let mut strict = false;
    let mut verbose = false;
    let mut once = false;
    let mut root = PathBuf::from(".");
    let mut stamps = Vec::new();
    let mut args = std::env::args().skip(1).peekable();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--strict" => strict = true,
            "--verbose" => verbose = true,
            "--once" => once = true,
            "--root" => match args.next() {
                Some(dir) => root = PathBuf::from(dir),
                None => return usage_error("--root needs a folder"),
            },
            "--stamp" => {
                // Every argument up to the next option is a page or language.
                while let Some(page) = args.next_if(|a| !a.starts_with("--")) {
                    stamps.push(page);
                }
                if stamps.is_empty() {
                    return usage_error(
                        "--stamp needs a page or a language, e.g. es/running-jobs.md or es",
                    );
                }
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => return usage_error(&format!("unknown argument `{other}`")),
        }
    }
    let sources = match Sources::from_dir(&root) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("check-content: cannot read {}: {e}", root.display());
            return ExitCode::from(2);
        }
    };
    let report = check(&sources);
    if !stamps.is_empty() {
        return match stamp_targets(&sources, &report, &stamps) {
            Ok(pages) => stamp(&root, &pages),
            Err(message) => usage_error(&message),
        };
    }
    let passed = PassedMemo::at(&root, &sources, strict);
    if once && passed.recorded() {
        println!(
            "content check: content/ and locales/ unchanged since it passed (.ci/check-content for the report)"
        );
        return ExitCode::SUCCESS;
    }
    for line in shown(&report, verbose) {
        println!("{line}");
    }
    println!();
    println!("content check: {} language(s)", report.languages.len());
    for l in &report.languages {
        let status = match l.status {
            Status::Complete => "complete",
            Status::InProgress => "in progress",
        };
        println!(
            "  {:<6} {}% translated ({status}): {} error(s), {} warning(s): {} missing message(s), {} extra message(s), {} message(s) same as English, {} missing page(s), {} page(s) mostly English, {} outdated page(s), {} never stamped",
            l.lang,
            l.percent,
            l.errors,
            l.warnings,
            l.missing_messages,
            l.extra_messages,
            l.same_messages,
            l.missing_pages,
            l.same_pages,
            l.outdated_pages,
            l.unstamped_pages
        );
        if !l.exercises.is_empty() {
            let (choice, number, shell) = l
                .exercises
                .iter()
                .fold((0, 0, 0), |(c, n, s), (_, pc, pn, ps)| {
                    (c + pc, n + pn, s + ps)
                });
            let pages: Vec<String> = l
                .exercises
                .iter()
                .map(|(slug, c, n, s)| format!("{slug} {}", c + n + s))
                .collect();
            println!(
                "  {:<6} {} exercise(s): {choice} multiple choice, {number} numeric, {shell} in the shell; per page: {}",
                "",
                choice + number + shell,
                pages.join(", ")
            );
        }
    }
    if report.failed(strict) {
        println!(
            "content check FAILED{}",
            if strict {
                " (--strict: warnings count)"
            } else {
                ""
            }
        );
        ExitCode::FAILURE
    } else {
        println!("content check passed");
        passed.record();
        ExitCode::SUCCESS
    }
}

/// What the last passing check saw, kept in Cargo's target folder: the
/// sources' digest and whether it was strict (a strict pass stands for a
/// lenient one, not the reverse).
struct PassedMemo {
    file: PathBuf,
    line: String,
    strict: bool,
}

impl PassedMemo {
    fn at(root: &std::path::Path, sources: &Sources, strict: bool) -> Self {
        let target =
            std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
        Self {
            file: target.join("content-check-passed"),
            line: sources.digest(),
            strict,
        }
    }

    /// Whether these sources passed a check at least this strict.
    fn recorded(&self) -> bool {
        std::fs::read_to_string(&self.file).is_ok_and(|memo| {
            memo.lines()
                .any(|l| l == format!("{} strict", self.line) || (!self.strict && l == self.line))
        })
    }

    /// Records a pass; a memo that cannot be written only costs a report
    /// printed again.
    fn record(&self) {
        let memo = if self.strict {
            format!("{} strict\n", self.line)
        } else {
            format!("{}\n", self.line)
        };
        let _ = std::fs::write(&self.file, memo);
    }
}

/// The report's lines: each problem, except that problems of one group in
/// one file are one line (`locales/pt/: warning: 64 missing messages under
/// ar-* ...`) unless `verbose`.
fn shown(report: &Report, verbose: bool) -> Vec<String> {
    enum Item<'a> {
        One(&'a Diagnostic),
        Group(&'a str, &'a str, Vec<&'a Diagnostic>),
    }
    let mut items: Vec<Item<'_>> = Vec::new();
    for d in &report.diagnostics {
        let Some(group) = d.group.as_deref().filter(|_| !verbose) else {
            items.push(Item::One(d));
            continue;
        };
        let same = items.iter_mut().find_map(|item| match item {
            Item::Group(path, name, members) if *path == d.path && *name == group => Some(members),
            _ => None,
        });
        match same {
            Some(members) => members.push(d),
            None => items.push(Item::Group(&d.path, group, vec![d])),
        }
    }
    items
        .into_iter()
        .map(|item| match item {
            Item::One(d) => d.to_string(),
            Item::Group(_, _, members) if members.len() == 1 => members[0].to_string(),
            Item::Group(path, name, members) => {
                // Each names what it is about first, in backquotes.
                let names: Vec<&str> = members
                    .iter()
                    .filter_map(|d| d.message.split('`').nth(1))
                    .collect();
                let listed = if names.len() > 6 {
                    format!("{}, …", names[..6].join(", "))
                } else {
                    names.join(", ")
                };
                format!(
                    "{path}: warning: {} {name}: {listed} (--verbose: each with its line and what to do)",
                    members.len()
                )
            }
        })
        .collect()
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("check-content: {message}\n\n{USAGE}");
    ExitCode::from(2)
}

/// The pages `args` name, as `LANG/PAGE.md`: pages with or without
/// `content/`, and languages, which stand for each of their pages with no
/// error in `report` (a page whose structure differs from English must be
/// fixed, not stamped).
fn stamp_targets(
    sources: &Sources,
    report: &Report,
    args: &[String],
) -> Result<Vec<String>, String> {
    let mut pages = Vec::new();
    for arg in args {
        let arg = arg.trim_start_matches("./");
        let arg = arg
            .strip_prefix("content/")
            .unwrap_or(arg)
            .trim_end_matches('/');
        if arg.contains('/') {
            if sources.get(&format!("content/{arg}")).is_none() {
                return Err(format!("there is no content/{arg}"));
            }
            pages.push(arg.to_owned());
            continue;
        }
        let prefix = format!("content/{arg}/");
        let own: Vec<&str> = sources
            .under(&prefix)
            .map(|(path, _)| path)
            .filter(|p| p.ends_with(".md") && !p.ends_with("FORMAT.md"))
            .collect();
        if own.is_empty() || arg == SOURCE_LANG {
            return Err(format!(
                "`{arg}` is not a translated language with pages under content/"
            ));
        }
        for path in own {
            let english = path.replacen(&prefix, &format!("content/{SOURCE_LANG}/"), 1);
            let broken = report
                .diagnostics
                .iter()
                .any(|d| d.path == path && d.severity == Severity::Error);
            if sources.get(&english).is_none() {
                continue;
            } else if broken {
                println!("not stamped {path}: fix its errors first");
            } else {
                pages.push(path.trim_start_matches("content/").to_owned());
            }
        }
    }
    Ok(pages)
}

fn stamp(root: &std::path::Path, pages: &[String]) -> ExitCode {
    for page in pages {
        let Some((lang, file)) = page.split_once('/') else {
            return usage_error(&format!("`{page}` is not LANG/PAGE.md"));
        };
        let path = root.join("content").join(lang).join(file);
        let english = root.join("content").join(SOURCE_LANG).join(file);
        let result = std::fs::read_to_string(&english).and_then(|en| {
            let text = std::fs::read_to_string(&path)?;
            let stamped = front_matter::stamp(page, &text, &front_matter::source_hash(&en))
                .map_err(|d| std::io::Error::other(d.to_string()))?;
            std::fs::write(&path, stamped)
        });
        match result {
            Ok(()) => println!("stamped {}", path.display()),
            Err(e) => {
                eprintln!("check-content: cannot stamp {}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
