//! A language's `number-decimal` and `number-group` against CLDR's marks
//! for its `language-tag` (num-format's tables). A difference is a warning,
//! not an error: an author may choose another usage on purpose. Pure.

use num_format::Locale;

use crate::diagnostic::Diagnostic;
use crate::i18n::Catalog;

/// How `number-group` writes CLDR's group mark: `space` for any space,
/// `none` for none, else the mark itself (`None`: not writable there).
fn group_setting(cldr: &str) -> Option<&str> {
    match cldr {
        "," | "." => Some(cldr),
        "" => Some("none"),
        s if s.chars().all(char::is_whitespace) => Some("space"),
        _ => None,
    }
}

/// CLDR's marks for `tag`, else for its language subtag, with the tag
/// found.
fn cldr_marks(tag: &str) -> Option<(String, &'static str, &'static str)> {
    let language = tag.split('-').next().unwrap_or(tag);
    [tag, language].into_iter().find_map(|t| {
        let locale = Locale::from_name(t).ok()?;
        Some((t.to_owned(), locale.decimal(), locale.separator()))
    })
}

/// Warns where `lang`'s own number settings differ from CLDR's for its
/// language tag. Values the check already rejects are left to it.
pub(super) fn check(catalog: &Catalog, lang: &str, found: &mut Vec<Diagnostic>) {
    let Some(own) = catalog.messages(lang) else {
        return;
    };
    let Some((tag, decimal, group)) = cldr_marks(&catalog.language_tag(lang)) else {
        return;
    };
    let example = format!(
        "1{}234{}5",
        if group.is_empty() { "" } else { group },
        decimal
    );
    let wanted = [
        (
            "number-decimal",
            matches!(decimal, "." | ",").then_some(decimal),
            format!("`{decimal}`"),
        ),
        ("number-group", group_setting(group), format!("`{group}`")),
    ];
    for (id, setting, shown) in wanted {
        let Some(site) = own.get(id) else { continue };
        let value = catalog.text(lang, id);
        let valid = match id {
            "number-decimal" => matches!(value.as_str(), "." | ","),
            _ => matches!(value.as_str(), "," | "." | "space" | "none"),
        };
        if !valid || setting == Some(value.as_str()) {
            continue;
        }
        let advice = match setting {
            Some(s) => {
                format!("write `{id} = {s}` unless this book's readers write numbers otherwise")
            }
            None => format!("{id} cannot write {shown}; keep it if it reads well"),
        };
        found.push(Diagnostic::warning(
            &site.path,
            site.line,
            format!(
                "`{id} = {value}` differs from CLDR for `{tag}`, which writes {example} \
                 (decimal `{decimal}`, group {}): {advice}",
                describe_group(group)
            ),
        ));
    }
}

/// CLDR's group mark in words: `,`, a narrow space, none.
fn describe_group(group: &str) -> String {
    match group {
        "" => "none".to_owned(),
        "\u{a0}" => "a no-break space".to_owned(),
        "\u{202f}" => "a narrow no-break space".to_owned(),
        g if g.trim().is_empty() => "a space".to_owned(),
        g => format!("`{g}`"),
    }
}
