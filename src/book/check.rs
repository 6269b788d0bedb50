//! The content check translators and CI run: every language against
//! English. Pure; `src/bin/check_content.rs` prints its report.
//!
//! Errors (a reader would meet something broken): malformed files, unknown
//! or bad widgets, duplicate or missing section ids, broken links, raw HTML,
//! section ids or widget directives that differ from English, messages or
//! pages that English does not have. Warnings (a fallback covers them):
//! missing messages, missing pages, translations whose English changed
//! since they were last brought up to date, and number and plural settings
//! that differ from CLDR's for the language.

use std::collections::{BTreeMap, BTreeSet};

mod lowering;
// CLDR's number marks are a native-only dependency: the check never runs
// in the browser, and the wasm build never compiles them.
#[cfg(not(target_arch = "wasm32"))]
mod numbers;
mod plurals;

use super::front_matter;
use super::glossary::{self, Glossary};
use super::library::{Library, manifest_path, page_path};
use super::manifest::Status;
use super::markdown::{Document, Labels, LinkTarget};
use super::progress;
use crate::diagnostic::{Diagnostic, Severity};
use crate::i18n::Catalog;
use crate::sources::{SOURCE_LANG, Sources};

/// Counts for one language.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LangSummary {
    /// Language code.
    pub lang: String,
    /// Problems that fail the check.
    pub errors: usize,
    /// Problems a fallback covers.
    pub warnings: usize,
    /// UI messages English has and this language lacks.
    pub missing_messages: usize,
    /// UI messages this language has and English does not.
    pub extra_messages: usize,
    /// Pages shown in English for lack of a translation.
    pub missing_pages: usize,
    /// Translations whose English changed since.
    pub outdated_pages: usize,
    /// Translations never stamped as matching their English page.
    pub unstamped_pages: usize,
    /// Messages left the same as English (not on purpose).
    pub same_messages: usize,
    /// Pages left mostly English.
    pub same_pages: usize,
    /// Whether the translation says it is finished.
    pub status: Status,
    /// How much of English is translated, in percent.
    pub percent: u8,
    /// Exercises per page, in contents order: (slug, choice, number,
    /// shell).
    pub exercises: Vec<(String, usize, usize, usize)>,
}

/// The whole report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Every problem, by path and line.
    pub diagnostics: Vec<Diagnostic>,
    /// One summary per language, English first.
    pub languages: Vec<LangSummary>,
}

impl Report {
    /// Whether any error was found, or, when `strict`, any warning of a
    /// language whose translation says it is complete (one in progress may
    /// still lack pages and messages).
    pub fn failed(&self, strict: bool) -> bool {
        let in_progress = |path: &str| {
            let lang = path.split('/').nth(1).unwrap_or_default();
            self.languages
                .iter()
                .any(|l| l.lang == lang && l.status == Status::InProgress)
        };
        self.diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error || (strict && !in_progress(&d.path)))
    }
}

/// Checks every language in `sources`.
pub fn check(sources: &Sources) -> Report {
    let library = Library::new(sources.clone());
    let catalog = Catalog::load(sources);
    let labels = Labels::default();
    let mut report = Report::default();
    let mut pending: Vec<(String, Diagnostic)> = Vec::new();
    let lang_of = |path: &str| path.split('/').nth(1).unwrap_or_default().to_owned();
    for d in library.diagnostics().iter().chain(catalog.diagnostics()) {
        pending.push((lang_of(&d.path), d.clone()));
    }

    // Render every page that exists, in every language.
    let toc = library.toc(SOURCE_LANG);
    let mut docs: BTreeMap<(String, String), Document> = BTreeMap::new();
    for lang in library.languages() {
        for entry in &toc {
            let path = page_path(lang, &entry.slug);
            let Some(text) = sources.get(&path) else {
                continue;
            };
            let (body, offset) = match front_matter::split(&path, text) {
                Ok(split) => (split.body, split.body_line_offset),
                Err(d) => {
                    pending.push((lang.clone(), d));
                    (text, 0)
                }
            };
            let opts = super::markdown::RenderOptions {
                href_prefix: "/",
                page: &entry.slug,
                labels: &labels,
            };
            let doc = super::markdown::render(body, offset, &opts);
            for (line, problem) in &doc.problems {
                pending.push((lang.clone(), Diagnostic::error(&path, *line, problem)));
            }
            docs.insert((lang.clone(), entry.slug.clone()), doc);
        }
    }

    let mut summaries: BTreeMap<String, LangSummary> = library
        .languages()
        .iter()
        .map(|l| {
            (
                l.clone(),
                LangSummary {
                    lang: l.clone(),
                    ..Default::default()
                },
            )
        })
        .collect();

    for lang in library.languages() {
        let summary = summaries.entry(lang.clone()).or_default();
        let mut found = Vec::new();
        check_folders(sources, lang, &mut found);
        check_number_format(&catalog, lang, &mut found);
        #[cfg(not(target_arch = "wasm32"))]
        numbers::check(&catalog, lang, &mut found);
        plurals::check(sources, lang, &mut found);
        lowering::check(&catalog, lang, &mut found);
        check_language_tag(&catalog, lang, &mut found);
        check_files_listed(sources, &library, lang, &mut found);
        check_links(&library, &docs, lang, &mut found);
        check_glossary(sources, lang, &mut found);
        check_exercises(&docs, &toc, lang, summary, &mut found);
        summary.status = library.status(lang);
        let measured = progress::measure(&library, &catalog, lang);
        summary.percent = measured.progress.percent();
        if lang != SOURCE_LANG {
            check_messages(&catalog, lang, summary, &mut found);
            check_manifest(&library, lang, &mut found);
            check_pages(sources, &docs, &toc, lang, summary, &mut found);
            check_same_as_english(&catalog, &measured, lang, summary, &mut found);
        } else {
            for entry in &toc {
                if !docs.contains_key(&(lang.clone(), entry.slug.clone())) {
                    found.push(Diagnostic::error(
                        page_path(lang, &entry.slug),
                        0,
                        "listed in the manifest but missing",
                    ));
                }
            }
        }
        pending.extend(found.into_iter().map(|d| (lang.clone(), d)));
    }

    for (lang, d) in pending {
        let summary = summaries
            .entry(lang.clone())
            .or_insert_with(|| LangSummary {
                lang,
                ..Default::default()
            });
        match d.severity {
            Severity::Error => summary.errors += 1,
            Severity::Warning => summary.warnings += 1,
        }
        report.diagnostics.push(d);
    }
    crate::sort::by_key(&mut report.diagnostics, |d| (d.path.clone(), d.line));
    report.languages = library
        .languages()
        .iter()
        .filter_map(|l| summaries.remove(l))
        .collect();
    report.languages.extend(summaries.into_values());
    report
}

/// Exercise ids are unique in the book (a reader's progress is kept by
/// id), and each page's exercises are counted by kind.
fn check_exercises(
    docs: &BTreeMap<(String, String), Document>,
    toc: &[super::TocEntry],
    lang: &str,
    summary: &mut LangSummary,
    found: &mut Vec<Diagnostic>,
) {
    let mut seen: BTreeMap<String, (String, usize)> = BTreeMap::new();
    for entry in toc {
        let Some(doc) = docs.get(&(lang.to_owned(), entry.slug.clone())) else {
            continue;
        };
        let path = page_path(lang, &entry.slug);
        let (mut choice, mut number, mut shell) = (0, 0, 0);
        for (widget, line) in &doc.widgets {
            if widget.kind != super::WidgetKind::Exercise {
                continue;
            }
            let param = |key: &str| {
                widget
                    .params
                    .get(key)
                    .map(|v| v.to_string().replace('"', ""))
            };
            match param("kind").as_deref() {
                Some("choice") => choice += 1,
                Some("shell") => shell += 1,
                _ => number += 1,
            }
            let id = param("id").unwrap_or_default();
            match seen.get(&id) {
                Some((first, first_line)) => found.push(Diagnostic::error(
                    &path,
                    *line,
                    format!(
                        "exercise id `{id}` is already used at {first}:{first_line}: ids are unique in the book, since progress is kept by id"
                    ),
                )),
                None => {
                    seen.insert(id, (path.clone(), *line));
                }
            }
        }
        if choice + number + shell > 0 {
            summary
                .exercises
                .push((entry.slug.clone(), choice, number, shell));
        }
    }
}

/// Messages and pages left as English's count as untranslated.
fn check_same_as_english(
    catalog: &Catalog,
    measured: &progress::Measured,
    lang: &str,
    summary: &mut LangSummary,
    found: &mut Vec<Diagnostic>,
) {
    let glossary = glossary::path(lang);
    for id in &measured.same_messages {
        summary.same_messages += 1;
        let (path, line) = catalog
            .messages(lang)
            .and_then(|m| m.get(id))
            .map_or((format!("locales/{lang}/"), 0), |s| {
                (s.path.clone(), s.line)
            });
        found.push(
            Diagnostic::warning(
                path,
                line,
                format!(
                    "message `{id}` is the same as English: translate it, or list its words \
                     under `same-as-english` in {glossary} if they stay English on purpose"
                ),
            )
            .grouped(format!("messages the same as English under {}", prefix(id))),
        );
    }
    for (slug, share) in &measured.same_pages {
        summary.same_pages += 1;
        found.push(Diagnostic::warning(
            page_path(lang, slug),
            0,
            format!(
                "{:.0}% of its sentences are English's: it counts as untranslated until \
                 they are translated",
                share * 100.0
            ),
        ));
    }
}

/// The group of a message id: `ar-*` for `ar-caption`.
fn prefix(id: &str) -> String {
    format!("{}-*", id.split('-').next().unwrap_or(id))
}

/// `language-tag`, when given, is a BCP 47 tag of the folder's language:
/// `es-419` for `es`, not `pt-BR` for `es` nor `Spanish`.
fn check_language_tag(catalog: &Catalog, lang: &str, found: &mut Vec<Diagnostic>) {
    let Some(site) = catalog.messages(lang).and_then(|m| m.get("language-tag")) else {
        return;
    };
    let tag = catalog.language_tag(lang);
    let mut parts = tag.split('-');
    let primary = parts.next().unwrap_or_default();
    let well_formed = (2..=3).contains(&primary.len())
        && primary.chars().all(|c| c.is_ascii_lowercase())
        && parts
            .all(|p| (2..=8).contains(&p.len()) && p.chars().all(|c| c.is_ascii_alphanumeric()));
    let folder = lang
        .split(['-', '_'])
        .next()
        .unwrap_or(lang)
        .to_ascii_lowercase();
    if !well_formed || primary != folder {
        found.push(Diagnostic::error(
            &site.path,
            site.line,
            format!(
                "language-tag `{tag}` must be a BCP 47 tag of `{lang}` (like `{folder}`, `{folder}-419` or `{folder}-MX`)"
            ),
        ));
    }
}

/// A language's rejected variants (`content/<lang>/glossary.toml`) in its
/// pages and interface strings.
fn check_glossary(sources: &Sources, lang: &str, found: &mut Vec<Diagnostic>) {
    let path = glossary::path(lang);
    let glossary = match Glossary::of(sources, lang) {
        None => return,
        Some(Ok(g)) => g,
        Some(Err(d)) => return found.push(d),
    };
    let (pages, locales) = (format!("content/{lang}/"), format!("locales/{lang}/"));
    for (file, text) in sources.under(&pages).chain(sources.under(&locales)) {
        let lines: Vec<(usize, String)> = if file.ends_with(".md") {
            glossary::prose_lines(text)
        } else if file.ends_with(".ftl") {
            glossary::message_lines(text)
                .into_iter()
                .map(|(n, l)| (n, l.to_owned()))
                .collect()
        } else {
            continue;
        };
        for v in glossary.variants(lines.iter().map(|(n, l)| (*n, l.as_str()))) {
            found.push(Diagnostic::warning(
                file,
                v.line,
                format!(
                    "`{}` is not this book's word for \"{}\" in this language: write `{}` (see {path})",
                    v.found, v.term.concept, v.term.chosen
                ),
            ));
        }
    }
}

/// Markdown files that the English manifest does not list.
fn check_files_listed(
    sources: &Sources,
    library: &Library,
    lang: &str,
    found: &mut Vec<Diagnostic>,
) {
    for (path, _) in sources.under(&format!("content/{lang}/")) {
        let slug = path.rsplit('/').next().and_then(|f| f.strip_suffix(".md"));
        if let Some(slug) = slug
            && !library.has_page(slug)
        {
            found.push(Diagnostic::error(
                path,
                0,
                format!("page `{slug}` is not in the English manifest"),
            ));
        }
    }
}

fn check_messages(
    catalog: &Catalog,
    lang: &str,
    summary: &mut LangSummary,
    found: &mut Vec<Diagnostic>,
) {
    let Some(english) = catalog.messages(SOURCE_LANG) else {
        return;
    };
    let Some(own) = catalog.messages(lang) else {
        summary.missing_messages = english.len();
        found.push(Diagnostic::warning(
            format!("locales/{lang}/"),
            0,
            format!(
                "no UI strings: all {} messages are shown in English",
                english.len()
            ),
        ));
        return;
    };
    for (id, site) in english {
        if !own.contains_key(id) {
            summary.missing_messages += 1;
            found.push(
                Diagnostic::warning(
                    format!("locales/{lang}/"),
                    0,
                    format!(
                        "missing message `{id}` (English: {}:{})",
                        site.path, site.line
                    ),
                )
                .grouped(format!("missing messages under {}", prefix(id))),
            );
        }
    }
    for (id, site) in own {
        let Some(source) = english.get(id) else {
            summary.extra_messages += 1;
            found.push(Diagnostic::error(
                &site.path,
                site.line,
                format!("message `{id}` is not in English"),
            ));
            continue;
        };
        // The app passes only what the English message uses: anything
        // else would reach the reader as a raw `{$name}`.
        for unknown in site.variables.difference(&source.variables) {
            let expected = if source.variables.is_empty() {
                "English's uses none".to_owned()
            } else {
                let names: Vec<String> = source
                    .variables
                    .iter()
                    .map(|v| format!("`{{ ${v} }}`"))
                    .collect();
                format!(
                    "write {} (variable names are not translated)",
                    names.join(", ")
                )
            };
            found.push(Diagnostic::error(
                &site.path,
                site.line,
                format!(
                    "message `{id}` uses `{{ ${unknown} }}`, which the book never passes: {expected}; \
                     English: {}:{}",
                    source.path, source.line
                ),
            ));
        }
    }
}

fn check_manifest(library: &Library, lang: &str, found: &mut Vec<Diagnostic>) {
    let path = manifest_path(lang);
    let Some(own) = library.own_manifest(lang) else {
        if library.sources().get(&path).is_none() {
            found.push(Diagnostic::warning(
                path,
                0,
                "no manifest: English titles are shown",
            ));
        }
        return;
    };
    for page in &own.pages {
        if !library.has_page(&page.slug) {
            found.push(Diagnostic::error(
                &path,
                0,
                format!("page `{}` is not in the English manifest", page.slug),
            ));
        }
    }
    for entry in library.toc(SOURCE_LANG) {
        if own.page(&entry.slug).is_none() {
            found.push(Diagnostic::warning(
                &path,
                0,
                format!("page `{}` has no title here", entry.slug),
            ));
        }
    }
}

fn check_pages(
    sources: &Sources,
    docs: &BTreeMap<(String, String), Document>,
    toc: &[super::TocEntry],
    lang: &str,
    summary: &mut LangSummary,
    found: &mut Vec<Diagnostic>,
) {
    for entry in toc {
        let path = page_path(lang, &entry.slug);
        let en_path = page_path(SOURCE_LANG, &entry.slug);
        let key = |l: &str| (l.to_owned(), entry.slug.clone());
        let (Some(doc), Some(en_doc)) = (docs.get(&key(lang)), docs.get(&key(SOURCE_LANG))) else {
            if sources.get(&path).is_none() {
                summary.missing_pages += 1;
                found.push(Diagnostic::warning(
                    &path,
                    0,
                    "missing page: readers get the English one",
                ));
            }
            continue;
        };
        // Freshness against the English source.
        let (Some(text), Some(en_text)) = (sources.get(&path), sources.get(&en_path)) else {
            continue;
        };
        let hash = front_matter::source_hash(en_text);
        match front_matter::split(&path, text)
            .ok()
            .and_then(|s| s.front.source_hash)
            .filter(|h| !h.is_empty())
        {
            None => {
                summary.unstamped_pages += 1;
                found.push(Diagnostic::warning(
                    &path,
                    1,
                    format!(
                        "never stamped: once it says what {en_path} says, run \
                         `.ci/check-content --stamp {}`",
                        path.trim_start_matches("content/")
                    ),
                ));
            }
            Some(h) if h != hash => {
                summary.outdated_pages += 1;
                found.push(Diagnostic::warning(
                    &path,
                    1,
                    format!(
                        "{en_path} changed since this page was translated (recorded {h}, now \
                         {hash}): bring it up to date, then run `.ci/check-content --stamp {}`",
                        path.trim_start_matches("content/")
                    ),
                ));
            }
            Some(_) => {}
        }
        // Same section ids, in the same order.
        let ids = |d: &Document| d.sections.iter().map(|s| s.id.clone()).collect::<Vec<_>>();
        let (own_ids, en_ids) = (ids(doc), ids(en_doc));
        if own_ids != en_ids {
            let own_set: BTreeSet<_> = own_ids.iter().collect();
            let en_set: BTreeSet<_> = en_ids.iter().collect();
            // An id in English's place that English does not have was
            // translated: one message that says what to write.
            let mut renamed = BTreeSet::new();
            if own_ids.len() == en_ids.len() {
                for (s, en) in doc.sections.iter().zip(&en_doc.sections) {
                    if s.id != en.id && !en_set.contains(&s.id) && !own_set.contains(&en.id) {
                        renamed.insert(en.id.clone());
                        renamed.insert(s.id.clone());
                        found.push(Diagnostic::error(
                            &path,
                            s.line,
                            format!(
                                "section id `{}` is `{}` in {en_path}:{}: ids are not \
                                 translated (links point at them), write `{{#{}}}`",
                                s.id, en.id, en.line, en.id
                            ),
                        ));
                    }
                }
            }
            for s in en_doc.sections.iter().filter(|s| !renamed.contains(&s.id)) {
                if !own_set.contains(&s.id) {
                    found.push(Diagnostic::error(
                        &path,
                        0,
                        format!("section `{}` is missing ({en_path}:{})", s.id, s.line),
                    ));
                }
            }
            for s in doc.sections.iter().filter(|s| !renamed.contains(&s.id)) {
                if !en_set.contains(&s.id) {
                    found.push(Diagnostic::error(
                        &path,
                        s.line,
                        format!("section `{}` is not in {en_path}", s.id),
                    ));
                }
            }
            if own_set == en_set {
                found.push(Diagnostic::error(
                    &path,
                    0,
                    format!("sections are in another order than in {en_path}"),
                ));
            }
        }
        // Same widget directives, in the same order.
        // Their texts (an exercise's question and options) are translated.
        let facts = |w: &&super::WidgetDirective| (w.kind, w.params.clone());
        let own_widgets: Vec<_> = doc.widgets.iter().map(|(w, _)| w).collect();
        let en_widgets: Vec<_> = en_doc.widgets.iter().map(|(w, _)| w).collect();
        if own_widgets
            .iter()
            .map(facts)
            .ne(en_widgets.iter().map(facts))
        {
            let line = doc.widgets.first().map_or(0, |(_, l)| *l);
            found.push(Diagnostic::error(
                &path,
                line,
                format!(
                    "widget directives differ from {en_path}: here [{}], English [{}]",
                    describe(&own_widgets),
                    describe(&en_widgets)
                ),
            ));
        }
        // Same figures, in the same order: their words come from the locale.
        let names = |d: &Document| d.figures.iter().map(|(f, _)| f.name()).collect::<Vec<_>>();
        let (own_figures, en_figures) = (names(doc), names(en_doc));
        if own_figures != en_figures {
            let line = doc.figures.first().map_or(0, |(_, l)| *l);
            found.push(Diagnostic::error(
                &path,
                line,
                format!(
                    "figure directives differ from {en_path}: here [{}], English [{}]",
                    own_figures.join(", "),
                    en_figures.join(", ")
                ),
            ));
        }
    }
}

fn describe(widgets: &[&super::WidgetDirective]) -> String {
    widgets
        .iter()
        .map(|w| {
            let params: Vec<String> = w.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
            if params.is_empty() {
                w.kind.name().to_owned()
            } else {
                format!("{} {}", w.kind.name(), params.join(" "))
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// A language is two folders of one name: `content/<lang>/` and
/// `locales/<lang>/`.
fn check_folders(sources: &Sources, lang: &str, found: &mut Vec<Diagnostic>) {
    let has = |top: &str| sources.under(&format!("{top}/{lang}/")).next().is_some();
    let (have, lack) = match (has("content"), has("locales")) {
        (true, false) => ("content", "locales"),
        (false, true) => ("locales", "content"),
        _ => return,
    };
    // `locales/pt` beside `content/pt-br` is one language named twice.
    let primary = |l: &str| l.split(['-', '_']).next().unwrap_or(l).to_ascii_lowercase();
    let twin = sources
        .languages()
        .into_iter()
        .find(|other| other != lang && primary(other) == primary(lang));
    let hint = match twin {
        Some(twin) => {
            format!(" (`{twin}` looks like the same language: give both folders one name)")
        }
        None => String::new(),
    };
    found.push(Diagnostic::error(
        format!("{have}/{lang}/"),
        0,
        format!(
            "there is no {lack}/{lang}/: a language is both folders, under the same name{hint}"
        ),
    ));
}

/// `number-decimal` is a decimal mark the widgets can read, and
/// `number-group` a separator that differs from it.
fn check_number_format(catalog: &Catalog, lang: &str, found: &mut Vec<Diagnostic>) {
    let Some(own) = catalog.messages(lang) else {
        return;
    };
    let decimal = catalog.text(lang, "number-decimal");
    let group = catalog.text(lang, "number-group");
    let mut wrong = |id: &str, value: &str, expected: &str| {
        if let Some(site) = own.get(id) {
            found.push(Diagnostic::error(
                &site.path,
                site.line,
                format!("`{id} = {value}`: write {expected}"),
            ));
        }
    };
    if !matches!(decimal.as_str(), "." | ",") {
        wrong("number-decimal", &decimal, "the mark itself, `.` or `,`");
    }
    let group_mark = match group.as_str() {
        "space" => " ",
        "none" => "",
        other => other,
    };
    if !matches!(group.as_str(), "," | "." | "space" | "none") || group_mark == decimal {
        wrong(
            "number-group",
            &group,
            "the mark itself (`,` or `.`, not the decimal one), `space` or `none`",
        );
    }
}

fn check_links(
    library: &Library,
    docs: &BTreeMap<(String, String), Document>,
    lang: &str,
    found: &mut Vec<Diagnostic>,
) {
    let sections_of = |slug: &str| {
        docs.get(&(lang.to_owned(), slug.to_owned()))
            .or_else(|| docs.get(&(SOURCE_LANG.to_owned(), slug.to_owned())))
    };
    for ((l, slug), doc) in docs {
        if l != lang {
            continue;
        }
        let path = page_path(lang, slug);
        for link in &doc.links {
            let (target_slug, fragment) = match &link.target {
                LinkTarget::External(_) => continue,
                LinkTarget::Section(id) => (slug.as_str(), Some(id.as_str())),
                LinkTarget::Page { slug: s, fragment } => (s.as_str(), fragment.as_deref()),
            };
            if !library.has_page(target_slug) {
                let pages: Vec<String> = library
                    .toc(SOURCE_LANG)
                    .iter()
                    .map(|e| format!("`{}`", e.slug))
                    .collect();
                found.push(Diagnostic::error(
                    &path,
                    link.line,
                    format!(
                        "broken link: no page `{target_slug}`; a link names a page by its file \
                         name, the same in every language (not translated): {}",
                        pages.join(", ")
                    ),
                ));
                continue;
            }
            let Some(fragment) = fragment else { continue };
            let known = sections_of(target_slug).is_some_and(|d| {
                d.sections.iter().any(|s| s.id == fragment) || fragment.starts_with("fn-")
            });
            if !known {
                found.push(Diagnostic::error(
                    &path,
                    link.line,
                    format!("broken link: page `{target_slug}` has no section `{fragment}`"),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests;
