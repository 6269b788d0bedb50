//! Plural variants against CLDR. A select on a number whose keys are
//! plural categories (`[one]`, `[few]`) reaches only the categories CLDR's
//! rules give the language; the ones it does not name fall to its default
//! variant. The rules are intl_pluralrules' (CLDR 37), the same that
//! fluent-bundle selects variants with. Pure.

use std::collections::{BTreeMap, BTreeSet};

use fluent_syntax::ast;

use crate::diagnostic::{Diagnostic, line_of};
use crate::i18n::plural;
use crate::sources::{SOURCE_LANG, Sources};

/// CLDR's plural category names, as Fluent variant keys.
const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// The categories CLDR gives one language, each with a few numbers that
/// take it.
struct Rules {
    tag: String,
    categories: BTreeMap<&'static str, Vec<String>>,
}

impl Rules {
    /// `lang`'s rules as Fluent finds them: for the code itself, else for
    /// its language subtag (`pt` for `pt-BR`).
    fn of(lang: &str) -> Option<Self> {
        let (rules, tag) = plural::rules(lang)?;
        let mut categories: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
        for sample in samples() {
            if let Ok(category) = rules.select(sample.as_str()) {
                let numbers = categories
                    .entry(plural::category_name(&category))
                    .or_default();
                if numbers.len() < 3 {
                    numbers.push(sample);
                }
            }
        }
        Some(Self { tag, categories })
    }

    /// `one` (1, 21, 31), `other` (0, 2, 3): each category with examples.
    fn describe(&self) -> String {
        let listed: Vec<String> = CATEGORIES
            .iter()
            .filter_map(|c| {
                let numbers = self.categories.get(c)?;
                Some(format!("`{c}` ({}, …)", numbers.join(", ")))
            })
            .collect();
        listed.join(", ")
    }
}

/// Numbers that between them reach every category of CLDR's rules:
/// integers, round large ones and decimals.
fn samples() -> impl Iterator<Item = String> {
    let decimals = [
        "0.0",
        "0.1",
        "0.5",
        "1.0",
        "1.1",
        "1.5",
        "2.0",
        "2.5",
        "3.4",
        "0.01",
        "1.25",
        "10.0",
        "100.0",
        "1000.0",
        "1000000.0",
    ];
    (0..=200)
        .map(|n: u32| n.to_string())
        .chain([1000, 10_000, 100_000, 1_000_000].map(|n: u32| n.to_string()))
        .chain(decimals.map(str::to_owned))
}

/// A select on a number with plural-category keys, in message `id`.
struct PluralSelect {
    id: String,
    /// Category keys, in order.
    keys: Vec<String>,
    /// The default variant's key.
    default: String,
}

/// Every plural select of `lang`'s locale files: variant keys CLDR never
/// chooses for the language, and categories it has that a select leaves
/// to its default variant.
pub(super) fn check(sources: &Sources, lang: &str, found: &mut Vec<Diagnostic>) {
    let prefix = format!("locales/{lang}/");
    let files: Vec<(&str, &str)> = sources
        .under(&prefix)
        .filter(|(p, _)| p.ends_with(".ftl"))
        .collect();
    let selects: Vec<(&str, &str, PluralSelect)> = files
        .iter()
        .flat_map(|&(path, text)| {
            plural_selects(text)
                .into_iter()
                .map(move |s| (path, text, s))
        })
        .collect();
    if selects.is_empty() {
        return;
    }
    let Some(rules) = Rules::of(lang) else {
        found.push(Diagnostic::warning(
            &prefix,
            0,
            format!(
                "CLDR has no plural rules for `{lang}`: Fluent chooses plural variants by \
                 English's (`one` for 1, `other` for the rest)"
            ),
        ));
        return;
    };
    let uniform = uniform_in_english(sources);
    for (path, text, select) in selects {
        let start = message_start(text, &select.id);
        for key in &select.keys {
            if rules.categories.contains_key(key.as_str()) {
                continue;
            }
            let (line, column) = locate(text, start, &format!("[{key}]"));
            found.push(
                Diagnostic::warning(
                    path,
                    line,
                    format!(
                        "message `{}`: `[{key}]` is never chosen, CLDR's plural rules for `{}` \
                         have only {}: remove the variant or use one of these",
                        select.id,
                        rules.tag,
                        rules.describe()
                    ),
                )
                .at_column(column),
            );
        }
        // English reads the same for every number: so may the translation.
        if uniform.contains(&select.id) {
            continue;
        }
        for (category, numbers) in &rules.categories {
            if select.keys.iter().any(|k| k == category) {
                continue;
            }
            let (line, column) = locate(text, start, "->");
            found.push(
                Diagnostic::warning(
                    path,
                    line,
                    format!(
                        "message `{}` has no `[{category}]` variant: in `{}` numbers such as {} \
                         are `{category}` and read `[{}]`; add `[{category}]` with the words \
                         they take",
                        select.id,
                        rules.tag,
                        numbers.join(", "),
                        select.default
                    ),
                )
                .at_column(column),
            );
        }
    }
}

/// The messages whose English plural selects tell no numbers apart (one
/// category key at most, as `*[other]` alone): a translation that leaves
/// its categories to the default variant loses nothing English says.
/// A message English writes with no select is not among them: a
/// translation that adds one is held to its language's categories.
fn uniform_in_english(sources: &Sources) -> BTreeSet<String> {
    let mut distinguishing = BTreeSet::new();
    let mut all = BTreeSet::new();
    let prefix = format!("locales/{SOURCE_LANG}/");
    for (_, text) in sources.under(&prefix).filter(|(p, _)| p.ends_with(".ftl")) {
        for select in plural_selects(text) {
            if select.keys.len() > 1 {
                distinguishing.insert(select.id.clone());
            }
            all.insert(select.id);
        }
    }
    all.retain(|id| !distinguishing.contains(id));
    all
}

/// Byte offset of the line that defines message `id`.
fn message_start(text: &str, id: &str) -> usize {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let rest = line.strip_prefix(id).map(str::trim_start);
        if rest.is_some_and(|r| r.starts_with('=')) {
            return offset;
        }
        offset += line.len();
    }
    0
}

/// 1-based line and column of the first `needle` on a line at or after
/// byte `from`, a line's start (spaces allowed inside brackets: `[ few ]`).
fn locate(text: &str, from: usize, needle: &str) -> (usize, usize) {
    let mut offset = from;
    for line in text.get(from..).unwrap_or_default().split_inclusive('\n') {
        if let Some(at) = find_loose(line, needle) {
            return (line_of(text, offset + at), line[..at].chars().count() + 1);
        }
        offset += line.len();
    }
    (line_of(text, from), 0)
}

/// Byte index in `line` where `needle` begins; a bracketed key may have
/// spaces inside its brackets.
fn find_loose(line: &str, needle: &str) -> Option<usize> {
    if let Some(at) = line.find(needle) {
        return Some(at);
    }
    let key = needle.strip_prefix('[')?.strip_suffix(']')?;
    line.match_indices('[')
        .find(|(i, _)| {
            line[i + 1..]
                .split_once(']')
                .is_some_and(|(inside, _)| inside.trim() == key)
        })
        .map(|(i, _)| i)
}

/// The selects on a number with plural-category keys in `text`.
fn plural_selects(text: &str) -> Vec<PluralSelect> {
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(r) => r,
        // Syntax errors are reported by the catalog; check what parsed.
        Err((r, _)) => r,
    };
    let mut selects = Vec::new();
    for entry in &resource.body {
        if let ast::Entry::Message(m) = entry {
            let patterns = m.value.iter().chain(m.attributes.iter().map(|a| &a.value));
            for pattern in patterns {
                in_pattern(m.id.name, pattern, &mut selects);
            }
        }
    }
    selects
}

fn in_pattern(id: &str, pattern: &ast::Pattern<&str>, found: &mut Vec<PluralSelect>) {
    for element in &pattern.elements {
        let ast::PatternElement::Placeable { expression } = element else {
            continue;
        };
        let ast::Expression::Select { selector, variants } = expression else {
            continue;
        };
        let on_number = match selector {
            ast::InlineExpression::VariableReference { .. } => true,
            ast::InlineExpression::FunctionReference { id, .. } => id.name == "NUMBER",
            _ => false,
        };
        let key = |v: &ast::Variant<&str>| match v.key {
            ast::VariantKey::Identifier { name } => Some(name.to_owned()),
            ast::VariantKey::NumberLiteral { .. } => None,
        };
        let keys: Vec<String> = variants
            .iter()
            .filter_map(key)
            .filter(|k| CATEGORIES.contains(&k.as_str()))
            .collect();
        if on_number && !keys.is_empty() {
            let default = variants
                .iter()
                .find(|v| v.default)
                .map(|v| match v.key {
                    ast::VariantKey::Identifier { name } => name,
                    ast::VariantKey::NumberLiteral { value } => value,
                })
                .unwrap_or("other");
            found.push(PluralSelect {
                id: id.to_owned(),
                keys,
                default: default.to_owned(),
            });
        }
        for variant in variants {
            in_pattern(id, &variant.value, found);
        }
    }
}
