//! Messages the browser would write otherwise than Fluent. Pages carry
//! each message lowered to one line (`i18n::compiled`): text, variables
//! and selectors on a variable. What that does not carry, a term
//! (`{ -brand }`) or a function (`NUMBER()`), is reported at the message's
//! line. Pure.

use crate::diagnostic::Diagnostic;
use crate::i18n::Catalog;
use crate::i18n::compiled::mismatches;

/// Reports each of `lang`'s messages that the browser would write
/// otherwise than Fluent.
pub(super) fn check(catalog: &Catalog, lang: &str, found: &mut Vec<Diagnostic>) {
    for m in mismatches(catalog, lang) {
        found.push(Diagnostic::error(
            &m.site.path,
            m.site.line,
            format!(
                "`{}` would read \"{}\" in the browser where Fluent writes \"{}\" \
                 (with {}): pages carry messages as text, variables (`{{ $name }}`) \
                 and selectors on a variable (`{{ $count -> ... }}`); write a term or \
                 a function out in full",
                m.id, m.browser, m.fluent, m.args
            ),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sources::Sources;

    #[test]
    fn a_term_is_reported_at_its_line() {
        let mut s = Sources::default();
        s.insert(
            "locales/en/ui.ftl",
            "-brand = GPU Book\nok = Fine\ntitle = Welcome to { -brand }\n",
        );
        let mut found = Vec::new();
        check(&Catalog::load(&s), "en", &mut found);
        let lines: Vec<String> = found.iter().map(ToString::to_string).collect();
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with("locales/en/ui.ftl:3: error: `title` would read \"Welcome to {-brand}\" in the browser where Fluent writes \"Welcome to GPU Book\""),
            "{lines:?}"
        );
    }
}
