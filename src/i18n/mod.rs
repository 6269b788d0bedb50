//! UI strings: one Project Fluent catalog per language, read from
//! `locales/<lang>/*.ftl`, with English standing in for any missing message.
//! Plural rules come from CLDR through fluent-bundle. Pure. The build and
//! the content check read the files here; pages carry each message lowered
//! to one line for the browser ([`compiled`]), which the web side reads
//! through a `use_i18n()` hook.

pub mod compiled;
pub mod number;
pub mod plural;

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use unic_langid::LanguageIdentifier;

use crate::diagnostic::{Diagnostic, line_of};
use crate::sources::{SOURCE_LANG, Sources};

/// Adds the variables `pattern` uses to `found`.
fn pattern_variables(pattern: &ast::Pattern<&str>, found: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, found);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, found: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Inline(inline) => inline_variables(inline, found),
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, found);
            for variant in variants {
                pattern_variables(&variant.value, found);
            }
        }
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, found: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            found.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for argument in &arguments.positional {
                inline_variables(argument, found);
            }
            for named in &arguments.named {
                inline_variables(&named.value, found);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            expression_variables(expression, found);
        }
        _ => {}
    }
}

/// What to do about a syntax error on `line` of `text`, when the likely
/// cause is a continuation line written at the margin.
/// The line (from 1) of each message defined in `text`: a line that
/// starts with an identifier and `=`. One pass, where looking each message
/// up in the text would read it once per message (the browser parses a
/// page's strings as its first widget mounts).
fn definition_lines(text: &str) -> BTreeMap<&str, usize> {
    let mut lines = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let id_end = line
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(line.len());
        let id = &line[..id_end];
        if id.starts_with(|c: char| c.is_ascii_alphabetic())
            && line[id_end..].trim_start().starts_with('=')
        {
            lines.entry(id).or_insert(i + 1);
        }
    }
    lines
}

fn syntax_hint(text: &str, line: usize) -> &'static str {
    let at = text.lines().nth(line.saturating_sub(1)).unwrap_or_default();
    let starts_at_margin = !at.starts_with([' ', '#', '-', '[', '*', '}']) && !at.is_empty();
    if starts_at_margin && !at.contains('=') {
        " (if this line continues the message above, indent it with spaces: \
         a line at the margin starts a new message)"
    } else {
        ""
    }
}

/// One message id and where it is defined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageSite {
    /// The file.
    pub path: String,
    /// 1-based line.
    pub line: usize,
    /// The variables it uses (`count` for `{ $count }`), in its value,
    /// attributes and selectors.
    pub variables: BTreeSet<String>,
}

struct Language {
    bundle: FluentBundle<FluentResource>,
    messages: BTreeMap<String, MessageSite>,
}

/// Every language's UI strings.
pub struct Catalog {
    languages: BTreeMap<String, Language>,
    diagnostics: Vec<Diagnostic>,
}

impl std::fmt::Debug for Catalog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalog")
            .field("languages", &self.languages.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// A value passed into a message.
#[derive(Debug, Clone, Copy)]
pub enum Arg<'a> {
    /// A number (selects plural forms).
    Num(f64),
    /// Text.
    Str(&'a str),
}

impl Catalog {
    /// Reads every `locales/<lang>/*.ftl`; parse problems are kept as
    /// diagnostics and the valid messages still load.
    pub fn load(sources: &Sources) -> Self {
        let mut languages = BTreeMap::new();
        let mut diagnostics = Vec::new();
        for lang in sources.languages() {
            let prefix = format!("locales/{lang}/");
            if sources.under(&prefix).next().is_none() {
                continue;
            }
            let langid: LanguageIdentifier = match lang.parse() {
                Ok(id) => id,
                Err(_) => {
                    diagnostics.push(Diagnostic::error(
                        prefix,
                        0,
                        format!(
                            "`{lang}` is not a language code: name the folders with a BCP 47 \
                             tag such as `pt`, `pt-BR` or `es-419`"
                        ),
                    ));
                    continue;
                }
            };
            let mut bundle = FluentBundle::new_concurrent(vec![langid]);
            // Unicode isolation marks around arguments would end up in
            // copied text and tests; our arguments are never bidi-mixed.
            bundle.set_use_isolating(false);
            let mut messages = BTreeMap::new();
            for (path, text) in sources.under(&prefix).filter(|(p, _)| p.ends_with(".ftl")) {
                let resource = match FluentResource::try_new(text.to_owned()) {
                    Ok(r) => r,
                    Err((r, errors)) => {
                        for e in errors {
                            let line = line_of(text, e.pos.start);
                            diagnostics.push(Diagnostic::error(
                                path,
                                line,
                                format!("Fluent syntax: {e}{}", syntax_hint(text, line)),
                            ));
                        }
                        r
                    }
                };
                let lines = definition_lines(text);
                for entry in resource.entries() {
                    if let fluent_syntax::ast::Entry::Message(m) = entry {
                        let line = lines.get(m.id.name).copied().unwrap_or(1);
                        let mut variables = BTreeSet::new();
                        let patterns = m.value.iter().chain(m.attributes.iter().map(|a| &a.value));
                        for pattern in patterns {
                            pattern_variables(pattern, &mut variables);
                        }
                        let site = MessageSite {
                            path: path.to_owned(),
                            line,
                            variables,
                        };
                        if let Some(first) = messages.insert(m.id.name.to_owned(), site) {
                            diagnostics.push(Diagnostic::error(
                                path,
                                line,
                                format!(
                                    "message `{}` is already defined at {}:{}",
                                    m.id.name, first.path, first.line
                                ),
                            ));
                        }
                    }
                }
                // Duplicates were reported above; the first definition wins.
                bundle.add_resource_overriding(resource);
            }
            languages.insert(lang, Language { bundle, messages });
        }
        Self {
            languages,
            diagnostics,
        }
    }

    /// Problems met while reading the files.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Message ids defined for `lang`, with where.
    pub fn messages(&self, lang: &str) -> Option<&BTreeMap<String, MessageSite>> {
        self.languages.get(lang).map(|l| &l.messages)
    }

    /// The message `id` in `lang`, else in English, else the id itself.
    pub fn text(&self, lang: &str, id: &str) -> String {
        self.format(lang, id, &[])
    }

    /// Like [`Catalog::text`], with arguments (`{ $count }`).
    pub fn format(&self, lang: &str, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        [lang, SOURCE_LANG]
            .iter()
            .find_map(|l| self.format_own(l, id, args))
            .map_or_else(|| id.to_owned(), |(text, _)| text)
    }

    /// The message `id` of `lang` itself (no fallback) with `args`, and the
    /// problems Fluent met formatting it (a variable not passed, a
    /// reference to an unknown message); `None` when `lang` lacks it.
    pub fn format_own(
        &self,
        lang: &str,
        id: &str,
        args: &[(&str, Arg<'_>)],
    ) -> Option<(String, Vec<String>)> {
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            match value {
                Arg::Num(n) => fluent_args.set(*name, FluentValue::from(*n)),
                Arg::Str(s) => fluent_args.set(*name, FluentValue::from(*s)),
            }
        }
        let bundle = &self.languages.get(lang)?.bundle;
        let pattern = bundle.get_message(id)?.value()?;
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some((
            text.into_owned(),
            errors.iter().map(ToString::to_string).collect(),
        ))
    }

    /// How `lang` writes numbers (its `number-decimal` and `number-group`
    /// messages; English's when missing).
    pub fn number_format(&self, lang: &str) -> number::NumberFormat {
        number::NumberFormat::from_messages(|id| self.text(lang, id))
    }

    /// The BCP 47 tag of the variety `lang`'s files are written in (its own
    /// `language-tag` message, `es-419` for the `es` folder), for `lang`
    /// and `hreflang` attributes; the folder's code when it names none.
    pub fn language_tag(&self, lang: &str) -> String {
        self.messages(lang)
            .filter(|m| m.contains_key("language-tag"))
            .map_or_else(|| lang.to_owned(), |_| self.text(lang, "language-tag"))
    }

    /// How `lang` writes computed values: number separators and time units.
    pub fn value_format(&self, lang: &str) -> number::ValueFormat {
        number::ValueFormat::from_messages(|id| self.text(lang, id))
    }

    /// The languages read, by code.
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.languages.keys().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources() -> Sources {
        let mut s = Sources::default();
        s.insert("locales/en/ui.ftl", "hello = Hello\nonly-en = Only English\npages = { $count ->\n    [one] one page\n   *[other] { $count } pages\n}\n");
        s.insert("locales/es/ui.ftl", "hello = Hola\npages = { $count ->\n    [one] una página\n   *[other] { $count } páginas\n}\n");
        s
    }

    #[test]
    fn each_message_knows_its_line() {
        let c = Catalog::load(&sources());
        let en = c.messages("en").expect("English is loaded");
        let lines: Vec<(&str, usize)> = en.iter().map(|(k, v)| (k.as_str(), v.line)).collect();
        assert_eq!(lines, [("hello", 1), ("only-en", 2), ("pages", 3)]);
        // Variants, comments, terms and continuation lines define nothing.
        let text = "# a = b\n-term = T\nx=1\n  y = 2\nz =\n    [one] w = 3\n";
        let found: Vec<_> = definition_lines(text).into_iter().collect();
        assert_eq!(found, [("x", 3), ("z", 5)]);
    }

    #[test]
    fn messages_fall_back_to_english_then_to_the_id() {
        let c = Catalog::load(&sources());
        assert_eq!(c.text("es", "hello"), "Hola");
        assert_eq!(c.text("es", "only-en"), "Only English");
        assert_eq!(c.text("pt", "hello"), "Hello");
        assert_eq!(c.text("es", "nowhere"), "nowhere");
    }

    #[test]
    fn plurals_follow_cldr() {
        let c = Catalog::load(&sources());
        assert_eq!(
            c.format("es", "pages", &[("count", Arg::Num(1.0))]),
            "una página"
        );
        assert_eq!(
            c.format("es", "pages", &[("count", Arg::Num(5.0))]),
            "5 páginas"
        );
        assert_eq!(
            c.format("en", "pages", &[("count", Arg::Num(1.0))]),
            "one page"
        );
    }

    #[test]
    fn syntax_errors_and_duplicates_are_located() {
        let mut s = sources();
        s.insert(
            "locales/es/extra.ftl",
            "ok = Bien\n\nbroken = { $x\nhello = Otra vez\n",
        );
        let c = Catalog::load(&s);
        let found: Vec<String> = c.diagnostics().iter().map(ToString::to_string).collect();
        assert!(
            found
                .iter()
                .any(|d| d.starts_with("locales/es/extra.ftl:4: error: Fluent syntax")),
            "{found:?}"
        );
        assert!(
            found
                .iter()
                .any(|d| d.contains("`hello` is already defined at locales/es/extra.ftl")),
            "{found:?}"
        );
        assert_eq!(c.text("es", "ok"), "Bien");
    }

    #[test]
    fn the_shipped_catalog_has_every_label_in_both_languages() {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let c = Catalog::load(&Sources::from_dir(repo).expect("the book's files"));
        assert!(c.diagnostics().is_empty(), "{:?}", c.diagnostics());
        assert_eq!(c.text("es", "code-copy"), "Copiar");
        assert_eq!(c.language_tag("es"), "es-419");
        assert_eq!(c.language_tag("en"), "en");
        assert_eq!(c.language_tag("pt"), "pt", "the folder's code when missing");
        assert_eq!(c.number_format("es").format(1000.5, 1), "1,000.5", "es-419");
        assert_eq!(c.number_format("en").format(1000.5, 1), "1,000.5");
        assert_eq!(
            c.number_format("pt").format(1000.5, 1),
            "1,000.5",
            "English's when missing"
        );
    }
}
