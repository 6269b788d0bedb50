//! The translators' content check: `.ci/check-content [--strict] [--root DIR]`
//! prints every problem as `path:line: level: message` and a summary per
//! language, and exits 1 on errors (on warnings too with `--strict`).
//! `--stamp es/page.md` records that a translation is up to date with its
//! English page.

use std::path::PathBuf;
use std::process::ExitCode;

use gpu_book::book::check::check;
use gpu_book::book::front_matter;
use gpu_book::sources::{SOURCE_LANG, Sources};

const USAGE: &str = "usage: check-content [--strict] [--root DIR] [--stamp LANG/PAGE.md ...]

Checks content/ and locales/ under DIR (default: the current directory):
every language against English. Errors fail the check; warnings (missing
or outdated translations) fail it only with --strict.

  --stamp LANG/PAGE.md   record in that page's front matter that it matches
                         the current English page (after updating it)";

fn main() -> ExitCode {
    let mut strict = false;
    let mut root = PathBuf::from(".");
    let mut stamps = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--strict" => strict = true,
            "--root" => match args.next() {
                Some(dir) => root = PathBuf::from(dir),
                None => return usage_error("--root needs a folder"),
            },
            "--stamp" => match args.next() {
                Some(page) => stamps.push(page),
                None => return usage_error("--stamp needs a page, e.g. es/running-jobs.md"),
            },
            "-h" | "--help" => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            other => return usage_error(&format!("unknown argument `{other}`")),
        }
    }
    if !stamps.is_empty() {
        return stamp(&root, &stamps);
    }
    let sources = match Sources::from_dir(&root) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("check-content: cannot read {}: {e}", root.display());
            return ExitCode::from(2);
        }
    };
    let report = check(&sources);
    for d in &report.diagnostics {
        println!("{d}");
    }
    println!();
    println!("content check: {} language(s)", report.languages.len());
    for l in &report.languages {
        println!(
            "  {:<6} {} error(s), {} warning(s): {} missing message(s), {} extra message(s), {} missing page(s), {} outdated page(s)",
            l.lang,
            l.errors,
            l.warnings,
            l.missing_messages,
            l.extra_messages,
            l.missing_pages,
            l.outdated_pages
        );
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
        ExitCode::SUCCESS
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("check-content: {message}\n\n{USAGE}");
    ExitCode::from(2)
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
