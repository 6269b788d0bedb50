//! CLDR's cardinal plural rules as Fluent finds them (intl_pluralrules,
//! CLDR 37): for a language's code, else for its language subtag (`pt`
//! for `pt-BR`). The content check and the native reader of the lowered
//! strings share them; the browser uses its own `Intl.PluralRules`.

use intl_pluralrules::{PluralCategory, PluralRuleType, PluralRules};
use unic_langid::LanguageIdentifier;

/// `lang`'s rules and the tag they were found for.
pub fn rules(lang: &str) -> Option<(PluralRules, String)> {
    let id: LanguageIdentifier = lang.parse().ok()?;
    let language = LanguageIdentifier::from_parts(id.language, None, None, &[]);
    [id, language].into_iter().find_map(|l| {
        let tag = l.to_string();
        PluralRules::create(l, PluralRuleType::CARDINAL)
            .ok()
            .map(|r| (r, tag))
    })
}

/// A category's name, as Fluent's variant keys write it.
pub fn category_name(category: &PluralCategory) -> &'static str {
    match category {
        PluralCategory::ZERO => "zero",
        PluralCategory::ONE => "one",
        PluralCategory::TWO => "two",
        PluralCategory::FEW => "few",
        PluralCategory::MANY => "many",
        PluralCategory::OTHER => "other",
    }
}
