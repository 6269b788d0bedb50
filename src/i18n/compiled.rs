//! The interface strings as the browser reads them. The build lowers each
//! Fluent message of a language ([`Catalog::compiled`]) to one line,
//! `id=pattern`, of a format with nothing but text, `{$var}` and selectors
//! `{$var->[key]pattern*[key]pattern}` (the `*` marks the default); message
//! references are written out in full. [`Strings`] reads those lines and
//! formats them as Fluent would, with the plural categories of the
//! browser's `Intl.PluralRules`, so the wasm links neither Fluent's parser
//! nor its resolver (about 25 KB of brotli in each module).

use std::collections::BTreeMap;

use fluent_syntax::ast;

use super::number::{NumberFormat, ValueFormat};
use super::{Arg, Catalog, MessageSite};
use crate::sources::SOURCE_LANG;

/// How deep message references are followed (a cycle stops here).
const MAX_DEPTH: usize = 8;

impl Catalog {
    /// The messages of `lang` defined in the files `wanted` accepts, lowered
    /// to the lines [`Strings`] reads, sorted by id.
    pub fn compiled(&self, lang: &str, wanted: impl Fn(&str) -> bool) -> String {
        let Some(language) = self.languages.get(lang) else {
            return String::new();
        };
        let mut out = String::new();
        for (id, site) in &language.messages {
            let Some(pattern) = language.bundle.get_message(id).and_then(|m| m.value()) else {
                continue;
            };
            if wanted(&site.path) {
                out.push_str(id);
                out.push('=');
                self.write_pattern(lang, pattern, &mut out, 0);
                out.push('\n');
            }
        }
        out
    }

    fn write_pattern(
        &self,
        lang: &str,
        pattern: &ast::Pattern<&str>,
        out: &mut String,
        depth: usize,
    ) {
        for element in &pattern.elements {
            match element {
                ast::PatternElement::TextElement { value } => escape_into(value, out),
                ast::PatternElement::Placeable { expression } => {
                    self.write_expression(lang, expression, out, depth);
                }
            }
        }
    }

    fn write_expression(
        &self,
        lang: &str,
        expression: &ast::Expression<&str>,
        out: &mut String,
        depth: usize,
    ) {
        match expression {
            ast::Expression::Inline(inline) => self.write_inline(lang, inline, out, depth),
            ast::Expression::Select { selector, variants } => {
                let ast::InlineExpression::VariableReference { id } = selector else {
                    // A literal selector picks its variant once and for all.
                    let literal = match selector {
                        ast::InlineExpression::StringLiteral { value } => Some(*value),
                        _ => None,
                    };
                    let chosen = variants
                        .iter()
                        .find(|v| matches!(v.key, ast::VariantKey::Identifier { name } if Some(name) == literal))
                        .or_else(|| variants.iter().find(|v| v.default));
                    if let Some(v) = chosen {
                        self.write_pattern(lang, &v.value, out, depth);
                    }
                    return;
                };
                out.push_str("{$");
                out.push_str(id.name);
                out.push_str("->");
                for variant in variants {
                    if variant.default {
                        out.push('*');
                    }
                    let key = match &variant.key {
                        ast::VariantKey::Identifier { name } => name,
                        ast::VariantKey::NumberLiteral { value } => value,
                    };
                    out.push('[');
                    out.push_str(key);
                    out.push(']');
                    self.write_pattern(lang, &variant.value, out, depth);
                }
                out.push('}');
            }
        }
    }

    fn write_inline(
        &self,
        lang: &str,
        inline: &ast::InlineExpression<&str>,
        out: &mut String,
        depth: usize,
    ) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                out.push_str("{$");
                out.push_str(id.name);
                out.push('}');
            }
            ast::InlineExpression::StringLiteral { value } => {
                escape_into(
                    &fluent_syntax::unicode::unescape_unicode_to_string(value),
                    out,
                );
            }
            ast::InlineExpression::NumberLiteral { value } => escape_into(value, out),
            ast::InlineExpression::Placeable { expression } => {
                self.write_expression(lang, expression, out, depth);
            }
            ast::InlineExpression::MessageReference { id, attribute } => {
                let message = self
                    .languages
                    .get(lang)
                    .and_then(|l| l.bundle.get_message(id.name));
                let pattern = match attribute {
                    Some(a) => message
                        .and_then(|m| m.get_attribute(a.name))
                        .map(|a| a.value()),
                    None => message.and_then(|m| m.value()),
                };
                match pattern {
                    Some(p) if depth < MAX_DEPTH => self.write_pattern(lang, p, out, depth + 1),
                    // What Fluent writes for a reference it cannot resolve.
                    _ => {
                        let attribute = attribute.as_ref().map(|a| format!(".{}", a.name));
                        let name = format!("{{{}{}}}", id.name, attribute.unwrap_or_default());
                        escape_into(&name, out);
                    }
                }
            }
            ast::InlineExpression::TermReference { id, .. } => {
                escape_into(&format!("{{-{}}}", id.name), out);
            }
            ast::InlineExpression::FunctionReference { id, .. } => {
                escape_into(&format!("{{{}()}}", id.name), out);
            }
        }
    }
}

/// `text` with the format's marks escaped.
fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\\' | '{' | '}' | '[' | '*' => {
                out.push('\\');
                out.push(c);
            }
            _ => out.push(c),
        }
    }
}

/// A piece of a pattern.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Text(String),
    Var(String),
    Select {
        var: String,
        variants: Vec<(String, Vec<Part>)>,
        default: usize,
    },
}

/// Reads one pattern from `chars`, up to the end of the line or, inside
/// a variant (`nested`), up to the next variant or the selector's end.
fn parse(chars: &mut std::iter::Peekable<std::str::Chars<'_>>, nested: bool) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut text = String::new();
    while let Some(&c) = chars.peek() {
        if nested && matches!(c, '[' | '*' | '}') {
            break;
        }
        chars.next();
        match c {
            '\\' => match chars.next() {
                Some('n') => text.push('\n'),
                Some(other) => text.push(other),
                None => {}
            },
            '{' => {
                if !text.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut text)));
                }
                parts.push(parse_placeable(chars));
            }
            _ => text.push(c),
        }
    }
    if !text.is_empty() {
        parts.push(Part::Text(text));
    }
    parts
}

/// Reads `$var}` or `$var->` and its variants, after the `{`.
fn parse_placeable(chars: &mut std::iter::Peekable<std::str::Chars<'_>>) -> Part {
    chars.next_if_eq(&'$');
    let mut var = String::new();
    while let Some(c) = chars.next_if(|&c| c != '}' && c != '-') {
        var.push(c);
    }
    if chars.next_if_eq(&'}').is_some() {
        return Part::Var(var);
    }
    chars.next_if_eq(&'-');
    chars.next_if_eq(&'>');
    let mut variants = Vec::new();
    let mut default = 0;
    loop {
        if chars.next_if_eq(&'*').is_some() {
            default = variants.len();
        }
        if chars.next_if_eq(&'[').is_none() {
            break;
        }
        let mut key = String::new();
        while let Some(c) = chars.next_if(|&c| c != ']') {
            key.push(c);
        }
        chars.next_if_eq(&']');
        variants.push((key, parse(chars, true)));
    }
    chars.next_if_eq(&'}');
    Part::Select {
        var,
        variants,
        default,
    }
}

/// A message the browser would write otherwise than Fluent.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch {
    /// The message.
    pub id: String,
    /// Where it is defined.
    pub site: MessageSite,
    /// The arguments it was formatted with.
    pub args: String,
    /// What the browser writes, from the lowered line.
    pub browser: String,
    /// What Fluent writes.
    pub fluent: String,
}

/// Every message of `lang` that formats otherwise from its lowered line
/// than in Fluent, tried with no arguments and with each of a few numbers
/// and texts for all its variables: what the lowering does not carry
/// (a term, a function) shows here.
pub fn mismatches(catalog: &Catalog, lang: &str) -> Vec<Mismatch> {
    const VALUES: [Arg<'static>; 8] = [
        Arg::Num(0.0),
        Arg::Num(1.0),
        Arg::Num(2.0),
        Arg::Num(5.0),
        Arg::Num(1.5),
        Arg::Num(1_000_000.0),
        Arg::Str("one"),
        Arg::Str("x{y}[z]*\\"),
    ];
    let mut strings = Strings::default();
    strings.insert(lang, &catalog.compiled(lang, |_| true));
    let mut found = Vec::new();
    for (id, site) in catalog.messages(lang).into_iter().flatten() {
        let names: Vec<&str> = site.variables.iter().map(String::as_str).collect();
        let mut arg_sets: Vec<Vec<(&str, Arg<'_>)>> = vec![Vec::new()];
        arg_sets.extend(
            VALUES
                .iter()
                .map(|v| names.iter().map(|n| (*n, *v)).collect()),
        );
        for args in &arg_sets {
            let Some((fluent, _)) = catalog.format_own(lang, id, args) else {
                continue;
            };
            let browser = strings.format(lang, id, args);
            if browser != fluent {
                found.push(Mismatch {
                    id: id.clone(),
                    site: site.clone(),
                    args: format!("{args:?}"),
                    browser,
                    fluent,
                });
                break;
            }
        }
    }
    found
}

/// The interface strings of the languages a page carries, as lowered by
/// [`Catalog::compiled`].
#[derive(Debug, Default)]
pub struct Strings {
    languages: BTreeMap<String, BTreeMap<String, Vec<Part>>>,
}

impl Strings {
    /// Adds `lang`'s messages from the lines of `compiled`.
    pub fn insert(&mut self, lang: &str, compiled: &str) {
        let messages = self.languages.entry(lang.to_owned()).or_default();
        for line in compiled.lines() {
            if let Some((id, pattern)) = line.split_once('=') {
                messages.insert(id.to_owned(), parse(&mut pattern.chars().peekable(), false));
            }
        }
    }

    /// The languages read, by code.
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.languages.keys().map(String::as_str)
    }

    /// The message `id` in `lang`, else in English, else the id itself.
    pub fn text(&self, lang: &str, id: &str) -> String {
        self.format(lang, id, &[])
    }

    /// Like [`Strings::text`], with arguments (`{ $count }`).
    pub fn format(&self, lang: &str, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        [lang, SOURCE_LANG]
            .into_iter()
            .find_map(|l| {
                let parts = self.languages.get(l)?.get(id)?;
                let mut out = String::new();
                self.write(l, parts, args, &mut out);
                Some(out)
            })
            .unwrap_or_else(|| id.to_owned())
    }

    fn write(&self, lang: &str, parts: &[Part], args: &[(&str, Arg<'_>)], out: &mut String) {
        let arg = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
        for part in parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Var(name) => match arg(name) {
                    Some(Arg::Num(n)) => out.push_str(&n.to_string()),
                    Some(Arg::Str(s)) => out.push_str(s),
                    // What Fluent writes for a variable not passed.
                    None => {
                        out.push_str("{$");
                        out.push_str(name);
                        out.push('}');
                    }
                },
                Part::Select {
                    var,
                    variants,
                    default,
                } => {
                    let chosen = arg(var)
                        .and_then(|value| self.variant(lang, variants, value))
                        .unwrap_or(*default);
                    if let Some((_, pattern)) = variants.get(chosen) {
                        self.write(lang, pattern, args, out);
                    }
                }
            }
        }
    }

    /// The first of `variants` whose key `value` matches, by Fluent's
    /// rule: a text equals its key; a number equals a numeric key or has
    /// the plural category its key names.
    fn variant(
        &self,
        lang: &str,
        variants: &[(String, Vec<Part>)],
        value: Arg<'_>,
    ) -> Option<usize> {
        let category = match value {
            Arg::Num(n) => plural_category(lang, n),
            Arg::Str(_) => None,
        };
        variants.iter().position(|(key, _)| match value {
            Arg::Str(s) => s == key,
            Arg::Num(n) => key
                .parse::<f64>()
                .map_or_else(|_| category.as_deref() == Some(key.as_str()), |k| k == n),
        })
    }

    /// How `lang` writes numbers.
    pub fn number_format(&self, lang: &str) -> NumberFormat {
        NumberFormat::from_messages(|id| self.text(lang, id))
    }

    /// How `lang` writes computed values.
    pub fn value_format(&self, lang: &str) -> ValueFormat {
        ValueFormat::from_messages(|id| self.text(lang, id))
    }
}

/// The CLDR plural category (`one`, `other`, ...) of `n` in the language
/// `tag` (a folder's code, as Fluent takes it): the browser's own rules.
#[cfg(all(target_arch = "wasm32", feature = "web"))]
fn plural_category(tag: &str, n: f64) -> Option<String> {
    use wasm_bindgen::JsCast;
    // Constructed through Reflect, which turns the RangeError of a bad tag
    // into an `Err` instead of a trap.
    let intl = js_sys::Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let class: js_sys::Function = js_sys::Reflect::get(&intl, &"PluralRules".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let rules = js_sys::Reflect::construct(&class, &js_sys::Array::of1(&tag.into())).ok()?;
    rules
        .unchecked_into::<js_sys::Intl::PluralRules>()
        .select(n)
        .as_string()
}

/// The CLDR plural category of `n` in the language `tag`, from
/// intl_pluralrules (the rules Fluent uses) where there is no browser.
#[cfg(not(all(target_arch = "wasm32", feature = "web")))]
fn plural_category(tag: &str, n: f64) -> Option<String> {
    let (rules, _) = super::plural::rules(tag)?;
    Some(super::plural::category_name(&rules.select(n).ok()?).to_owned())
}

// Inline, not in a file of their own: the messages test reads separate
// files as the app's code, and these format messages of their own.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::Sources;

    /// Every language's mismatches, as lines.
    fn differences(catalog: &Catalog) -> Vec<String> {
        catalog
            .languages()
            .flat_map(|lang| mismatches(catalog, lang))
            .map(|m| format!("{} {}: {:?} != {:?}", m.id, m.args, m.browser, m.fluent))
            .collect()
    }

    #[test]
    fn the_shipped_strings_format_as_fluent_formats_them() {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let catalog = Catalog::load(&Sources::from_dir(repo).expect("the book's files"));
        assert!(catalog.languages().count() >= 2);
        assert_eq!(differences(&catalog), Vec::<String>::new());
    }

    #[test]
    fn every_construct_formats_as_fluent_formats_it() {
        let mut s = Sources::default();
        s.insert(
            "locales/en/ui.ftl",
            "language-tag = en\n\
             marks = Braces { \"{\" }and{ \"}\" }, [brackets], *stars* and \\ a backslash\n\
             lines = First line\n    second line\n\n    after a blank\n\
             nested = { $a ->\n    [one] { $b ->\n        [one] one and one\n       *[other] one and { $b }\n    }\n   *[other] { $a } then { $b ->\n        [0] none\n       *[other] some\n    }\n}\n\
             exact = { $n ->\n    [1] exactly one\n    [one] one by rule\n   *[other] other\n}\n\
             text = { $kind ->\n    [gpu] a GPU\n   *[cpu] a CPU\n}\n\
             literal = { \"x\" ->\n    [x] chosen\n   *[y] not chosen\n}\n\
             reference = See: { marks }\n\
             attribute = { lines2.hint } or { lines.hint }\n\
             missing = { nowhere } and { -term } and { NUMBER($n) }\n\
             unicode = { \"\\u00e9\" } { 42 }\n\
             lines2 = { lines }\n    .hint = The hint\n",
        );
        s.insert(
            "locales/es/ui.ftl",
            "language-tag = es-419\nexact = { $n ->\n    [one] uno\n   *[other] { $n } más\n}\n",
        );
        let catalog = Catalog::load(&s);
        assert!(
            catalog.diagnostics().is_empty(),
            "{:?}",
            catalog.diagnostics()
        );
        assert_eq!(differences(&catalog), Vec::<String>::new());
        // And the cases themselves, so that a common mistake cannot hide them.
        let mut strings = Strings::default();
        strings.insert("en", &catalog.compiled("en", |_| true));
        strings.insert("es", &catalog.compiled("es", |_| true));
        assert_eq!(
            strings.text("en", "marks"),
            "Braces {and}, [brackets], *stars* and \\ a backslash"
        );
        assert_eq!(
            strings.text("en", "lines"),
            "First line\nsecond line\n\nafter a blank"
        );
        let n = |v: f64| [("n", Arg::Num(v))];
        assert_eq!(strings.format("en", "exact", &n(1.0)), "exactly one");
        assert_eq!(strings.format("es", "exact", &n(1.0)), "uno");
        assert_eq!(strings.format("es", "exact", &n(3.0)), "3 más");
        assert_eq!(strings.text("es", "text"), "a CPU", "English's, by default");
        let kind = |k: &'static str| [("kind", Arg::Str(k))];
        assert_eq!(strings.format("en", "text", &kind("gpu")), "a GPU");
        assert_eq!(strings.format("en", "text", &kind("tpu")), "a CPU");
        assert_eq!(strings.text("es", "nowhere"), "nowhere");
    }

    #[test]
    fn a_term_is_found_as_a_mismatch_with_its_line() {
        let mut s = Sources::default();
        s.insert(
            "locales/en/ui.ftl",
            "-brand = GPU Book\nok = Fine\ntitle = Welcome to { -brand }\n",
        );
        let catalog = Catalog::load(&s);
        let found = mismatches(&catalog, "en");
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].id.as_str(), found[0].site.line), ("title", 3));
        assert_eq!(found[0].fluent, "Welcome to GPU Book");
    }

    #[test]
    fn compiled_lines_are_one_per_message_and_only_from_the_wanted_files() {
        let mut s = Sources::default();
        s.insert("locales/en/ui.ftl", "a = A\nb = B\n    and more\n");
        s.insert("locales/en/shell.ftl", "c = C\n");
        let catalog = Catalog::load(&s);
        assert_eq!(
            catalog.compiled("en", |_| true),
            "a=A\nb=B\\nand more\nc=C\n"
        );
        assert_eq!(
            catalog.compiled("en", |p| p.ends_with("ui.ftl")),
            "a=A\nb=B\\nand more\n"
        );
        assert_eq!(catalog.compiled("pt", |_| true), "");
    }

    #[test]
    fn damaged_lines_format_without_panicking() {
        let marks = [
            '{', '}', '$', '-', '>', '[', ']', '*', '\\', 'n', 'a', '=', '1',
        ];
        let mut seed = 7_u64;
        for _ in 0..2_000 {
            let mut line = String::from("m=");
            for _ in 0..12 {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                line.push(marks[(seed >> 33) as usize % marks.len()]);
            }
            let mut strings = Strings::default();
            strings.insert("en", &line);
            let _ = strings.format("en", "m", &[("a", Arg::Num(1.0)), ("n", Arg::Str("x"))]);
        }
    }
}
