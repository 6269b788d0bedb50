//! The content check as translators run it: `--stamp` with pages written
//! either way, several at once, or a whole language; `--once` as a build
//! runs it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A copy of the book's content/ and locales/ in a fresh folder.
fn workspace(name: &str) -> PathBuf {
    let root = std::env::temp_dir().join(format!("gpu-book-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&root);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["content", "locales"] {
        copy(&repo.join(dir), &root.join(dir));
    }
    root
}

fn copy(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("mkdir");
    for entry in fs::read_dir(from).expect("read dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            copy(&path, &to.join(entry.file_name()));
        } else {
            fs::copy(&path, to.join(entry.file_name())).expect("copy");
        }
    }
}

fn run(root: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_check-content"))
        .arg("--root")
        .arg(root)
        .args(args)
        // Where `--once` keeps its memo: this workspace's own.
        .env("CARGO_TARGET_DIR", root.join("target"))
        .output()
        .expect("run check-content");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), text)
}

#[test]
fn stamping_takes_pages_either_way_several_at_once_or_a_language() {
    let root = workspace("stamp");
    let pt = root.join("content/pt");
    fs::create_dir_all(&pt).expect("mkdir");
    fs::write(pt.join("book.toml"), "title = \"Clusters de GPU\"\n").expect("manifest");
    for page in ["all-reduce.md", "containers-gpus.md", "running-jobs.md"] {
        fs::copy(root.join("content/en").join(page), pt.join(page)).expect("copy page");
    }
    // A translated section id: the language stamp leaves that page alone.
    let broken = fs::read_to_string(pt.join("running-jobs.md")).expect("page");
    let start = broken.find("{#").expect("an id") + 2;
    let end = start + broken[start..].find('}').expect("the id ends");
    let broken = format!("{}traduzido{}", &broken[..start], &broken[end..]);
    fs::write(pt.join("running-jobs.md"), broken).expect("write");

    let (_, before) = run(&root, &[]);
    assert!(
        before.contains(
            "content/pt/all-reduce.md:1: warning: never stamped: once it says what \
             content/en/all-reduce.md says, run `.ci/check-content --stamp pt/all-reduce.md`"
        ),
        "{before}"
    );

    let (ok, out) = run(
        &root,
        &[
            "--stamp",
            "content/pt/all-reduce.md",
            "./pt/containers-gpus.md",
        ],
    );
    assert!(ok, "{out}");
    assert!(
        out.contains("stamped") && out.matches("stamped").count() == 2,
        "{out}"
    );
    let stamped = fs::read_to_string(pt.join("all-reduce.md")).expect("page");
    assert!(stamped.starts_with("+++\nsource_hash = \""), "{stamped}");

    let (ok, out) = run(&root, &["--stamp", "pt"]);
    assert!(ok, "{out}");
    assert!(
        out.contains("not stamped content/pt/running-jobs.md: fix its errors first"),
        "{out}"
    );

    let (ok, out) = run(&root, &["--stamp", "pt/no-such-page.md"]);
    assert!(!ok);
    assert!(
        out.contains("there is no content/pt/no-such-page.md"),
        "{out}"
    );
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn a_translation_in_progress_is_counted_honestly_and_lands_under_strict() {
    let root = workspace("progress");
    let en_ui = fs::read_to_string(root.join("locales/en/ui.ftl")).expect("English strings");
    // Portuguese: every string but the ring's, a few left in English, and
    // one page copied from English as it is.
    // A message's continuation lines (indented, or its closing `}`) go
    // with it.
    let mut dropping = false;
    let pt_ui: String = en_ui
        .lines()
        .filter(|l| {
            if !(l.starts_with(char::is_whitespace) || l.starts_with('}')) {
                dropping = l.starts_with("ar-");
            }
            !dropping
        })
        .map(|l| match l.split_once(" = ") {
            Some((id, _)) if id == "nav-next" || id == "nav-previous" => format!("{l}\n"),
            Some(("language-tag", _)) => "language-tag = pt-BR\n".to_owned(),
            Some((id, _)) if id.starts_with("number-") => format!("{l}\n"),
            Some((id, value)) if !id.starts_with('#') => format!("{id} = pt {value}\n"),
            _ => format!("{l}\n"),
        })
        .collect();
    fs::create_dir_all(root.join("locales/pt")).expect("mkdir");
    fs::write(root.join("locales/pt/ui.ftl"), pt_ui).expect("write");
    fs::create_dir_all(root.join("content/pt")).expect("mkdir");
    let manifest = fs::read_to_string(root.join("content/en/book.toml")).expect("manifest");
    let manifest = manifest.replacen("title = ", "status = \"in-progress\"\ntitle = ", 1);
    fs::write(root.join("content/pt/book.toml"), &manifest).expect("write");
    fs::copy(
        root.join("content/en/all-reduce.md"),
        root.join("content/pt/all-reduce.md"),
    )
    .expect("copy");

    let (ok, out) = run(&root, &["--strict"]);
    assert!(ok, "an unfinished language lands: {out}");
    let summary = out
        .lines()
        .find(|l| l.trim_start().starts_with("pt "))
        .expect("pt summary");
    assert!(summary.contains("% translated (in progress)"), "{summary}");
    let percent: u32 = summary
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.strip_suffix('%'))
        .and_then(|p| p.parse().ok())
        .expect("a percentage");
    assert!((10..90).contains(&percent), "{summary}");
    // One line per group, naming the first few.
    let grouped = out
        .lines()
        .find(|l| l.contains("missing messages under ar-*"))
        .expect("a grouped line");
    assert!(grouped.starts_with("locales/pt/: warning: "), "{grouped}");
    assert!(
        grouped.contains("(--verbose: each with its line and what to do)"),
        "{grouped}"
    );
    assert_eq!(out.matches("missing message `ar-").count(), 0, "{out}");
    assert!(
        out.contains("2 messages the same as English under nav-*: nav-next, nav-previous")
            || out.contains("2 messages the same as English under nav-*: nav-previous, nav-next"),
        "{out}"
    );
    assert!(
        out.contains("content/pt/all-reduce.md: warning: 100% of its sentences are English's"),
        "{out}"
    );
    let (_, verbose) = run(&root, &["--strict", "--verbose"]);
    assert!(
        verbose.matches("missing message `ar-").count() > 20,
        "{verbose}"
    );

    // Declared complete, the same gaps fail --strict.
    fs::write(
        root.join("content/pt/book.toml"),
        manifest.replace("in-progress", "complete"),
    )
    .expect("write");
    let (ok, out) = run(&root, &["--strict"]);
    assert!(!ok, "{out}");
    assert!(out.contains("% translated (complete)"), "{out}");
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn once_prints_the_report_only_when_the_content_changed_since_it_passed() {
    let root = workspace("once");
    fs::create_dir_all(root.join("target")).expect("mkdir");
    let (ok, first) = run(&root, &["--once"]);
    assert!(
        ok && first.contains("content check: 2 language(s)"),
        "{first}"
    );
    let (ok, again) = run(&root, &["--once"]);
    assert!(ok, "{again}");
    assert_eq!(again.lines().count(), 1, "{again}");
    assert!(again.contains("unchanged since it passed"), "{again}");
    // A lenient pass does not stand for a strict one.
    let (_, strict) = run(&root, &["--strict", "--once"]);
    assert!(strict.contains("content check: 2 language(s)"), "{strict}");
    // An edit brings the report back, with the warning it causes.
    let page = root.join("content/en/all-reduce.md");
    let text = fs::read_to_string(&page).expect("page") + "\nOne more sentence.\n";
    fs::write(&page, text).expect("write");
    let (_, edited) = run(&root, &["--once"]);
    assert!(edited.contains("1 outdated page(s)"), "{edited}");
    let _ = fs::remove_dir_all(&root);
}

#[test]
fn number_and_plural_settings_are_checked_against_cldr() {
    let root = workspace("cldr");
    // Portuguese (Brazil) copied from English: English's number marks, and
    // a `[few]` variant that Portuguese never chooses.
    let pt_ui = fs::read_to_string(root.join("locales/en/ui.ftl"))
        .expect("English strings")
        .replace("language-tag = en", "language-tag = pt-BR")
        .replace(
            "    [one] One section\n",
            "    [one] One section\n    [few] A few sections\n",
        );
    fs::create_dir_all(root.join("locales/pt")).expect("mkdir");
    fs::write(root.join("locales/pt/ui.ftl"), pt_ui).expect("write");
    fs::create_dir_all(root.join("content/pt")).expect("mkdir");
    let manifest = fs::read_to_string(root.join("content/en/book.toml")).expect("manifest");
    let manifest = manifest.replacen("title = ", "status = \"in-progress\"\ntitle = ", 1);
    fs::write(root.join("content/pt/book.toml"), &manifest).expect("write");

    let (ok, out) = run(&root, &["--verbose"]);
    assert!(ok, "warnings only: {out}");
    for expected in [
        "locales/pt/ui.ftl:13: warning: `number-decimal = .` differs from CLDR for `pt`, which \
         writes 1.234,5 (decimal `,`, group `.`): write `number-decimal = ,` unless this book's \
         readers write numbers otherwise",
        "locales/pt/ui.ftl:14: warning: `number-group = ,` differs from CLDR for `pt`, which \
         writes 1.234,5 (decimal `,`, group `.`): write `number-group = .` unless this book's \
         readers write numbers otherwise",
        "locales/pt/ui.ftl:45:5: warning: message `contents-sections`: `[few]` is never chosen, \
         CLDR's plural rules for `pt` have only `one` (0, 1, 0.0, …), `other` (2, 3, 4, …): \
         remove the variant or use one of these",
    ] {
        assert!(out.lines().any(|l| l == expected), "{expected}\n---\n{out}");
    }
    // English and Spanish (es-419: 1,234.5) agree with CLDR.
    assert!(
        out.lines()
            .all(|l| !l.starts_with("locales/en/") && !l.starts_with("locales/es/")),
        "{out}"
    );
    let _ = fs::remove_dir_all(&root);
}
