//! Stemming for search: Snowball's English and Spanish stemmers
//! (`rust-stemmers`), chosen by the page's language; any other language is
//! left unstemmed, so a translator can add one without touching Rust.
//! Pure.

use rust_stemmers::Algorithm;

/// A language's stemmer, or none.
pub struct Stemmer(Option<rust_stemmers::Stemmer>);

impl std::fmt::Debug for Stemmer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Stemmer").field(&self.0.is_some()).finish()
    }
}

impl Stemmer {
    /// The stemmer for the book's language `lang` (its folder code, `en`
    /// or `es`, or a tag such as `es-419`); none for any other.
    pub fn for_lang(lang: &str) -> Self {
        // Each algorithm is named as a constant, so the search module links
        // only these two of the crate's stemmers.
        match lang.split(['-', '_']).next().unwrap_or_default() {
            "en" => Self(Some(rust_stemmers::Stemmer::create(Algorithm::English))),
            "es" => Self(Some(rust_stemmers::Stemmer::create(Algorithm::Spanish))),
            _ => Self(None),
        }
    }

    /// The stem of a lower-case `word` (the word itself without a stemmer).
    pub fn stem(&self, word: &str) -> String {
        match &self.0 {
            Some(s) => s.stem(word).into_owned(),
            None => word.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_and_spanish_stem_their_words() {
        let en = Stemmer::for_lang("en");
        assert_eq!(en.stem("running"), en.stem("runs"));
        assert_eq!(en.stem("checkpoints"), en.stem("checkpointing"));
        let es = Stemmer::for_lang("es-419");
        assert_eq!(es.stem("trabajos"), es.stem("trabajo"));
        assert_eq!(es.stem("configuración"), es.stem("configuraciones"));
    }

    #[test]
    fn other_languages_are_left_whole() {
        for lang in ["pt", "", "zz-ZZ", "日本"] {
            assert_eq!(Stemmer::for_lang(lang).stem("running"), "running");
        }
    }
}
