//! The raw files behind the book: `content/<lang>/*` and `locales/<lang>/*`,
//! keyed by their path from the repository root. Pure, and below both the
//! book model and the interface strings: the build uses the copy embedded
//! at compile time (the `embed` feature, part of `web`), the content check
//! and tests read a folder. The check is built without it, so editing a
//! page does not recompile the crate before the check can run.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

#[cfg(feature = "embed")]
mod embedded {
    include!(concat!(env!("OUT_DIR"), "/embedded.rs"));
}

/// The language every other language is translated from and falls back to.
pub const SOURCE_LANG: &str = "en";

/// A set of content and locale files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Sources {
    files: BTreeMap<String, Cow<'static, str>>,
}

impl Sources {
    /// The files compiled into this binary (see `build.rs`).
    #[cfg(feature = "embed")]
    pub fn embedded() -> Self {
        Self::borrowed(embedded::CONTENT.iter().chain(embedded::LOCALES))
    }

    /// Only the interface strings compiled into this binary: all the
    /// browser needs, so no page text is linked into the wasm.
    #[cfg(feature = "embed")]
    pub fn embedded_locales() -> Self {
        Self::borrowed(embedded::LOCALES.iter())
    }

    #[cfg(feature = "embed")]
    fn borrowed<'a>(files: impl Iterator<Item = &'a (&'static str, &'static str)>) -> Self {
        let files = files
            .map(|(path, text)| ((*path).to_owned(), Cow::Borrowed(*text)))
            .collect();
        Self { files }
    }

    /// Reads `content/` and `locales/` under `root` (a native tool's way in).
    pub fn from_dir(root: &std::path::Path) -> std::io::Result<Self> {
        fn walk(
            root: &std::path::Path,
            dir: &std::path::Path,
            out: &mut Sources,
        ) -> std::io::Result<()> {
            for entry in std::fs::read_dir(dir)? {
                let path = entry?.path();
                if path.is_dir() {
                    walk(root, &path, out)?;
                } else if matches!(
                    path.extension().and_then(|e| e.to_str()),
                    Some("md" | "toml" | "ftl")
                ) {
                    let rel = path
                        .strip_prefix(root)
                        .unwrap_or(&path)
                        .to_string_lossy()
                        .replace('\\', "/");
                    // Only files inside a language folder count, not notes such as content/FORMAT.md.
                    if rel.split('/').count() >= 3 {
                        out.insert(rel, std::fs::read_to_string(&path)?);
                    }
                }
            }
            Ok(())
        }
        let mut sources = Self::default();
        for top in ["content", "locales"] {
            let dir = root.join(top);
            if dir.is_dir() {
                walk(root, &dir, &mut sources)?;
            }
        }
        Ok(sources)
    }

    /// Adds or replaces one file.
    pub fn insert(&mut self, path: impl Into<String>, text: impl Into<String>) {
        self.files.insert(path.into(), Cow::Owned(text.into()));
    }

    /// Removes one file, if present.
    pub fn remove(&mut self, path: &str) {
        self.files.remove(path);
    }

    /// The text of one file.
    pub fn get(&self, path: &str) -> Option<&str> {
        self.files.get(path).map(|t| t.as_ref())
    }

    /// A fingerprint of every file's path and text: equal exactly when
    /// the sources are (to a SHA-256 collision).
    pub fn digest(&self) -> String {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        for (path, text) in &self.files {
            for part in [path.as_bytes(), &[0], text.as_bytes(), &[0]] {
                hash.update(part);
            }
        }
        hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
    }

    /// Every file whose path starts with `prefix`, in path order.
    pub fn under<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = (&'a str, &'a str)> + 'a {
        self.files
            .range::<str, _>((
                std::ops::Bound::Included(prefix),
                std::ops::Bound::Unbounded,
            ))
            .take_while(move |(path, _)| path.starts_with(prefix))
            .map(|(path, text)| (path.as_str(), text.as_ref()))
    }

    /// Language codes that have a `content/<lang>/` or `locales/<lang>/`
    /// folder: English first, the rest in code order.
    pub fn languages(&self) -> Vec<String> {
        // Inserted one by one: collecting would bring a sort of its own
        // into every wasm module.
        let mut set = BTreeSet::new();
        for path in self.files.keys() {
            let mut parts = path.split('/');
            if let (Some("content" | "locales"), Some(lang)) = (parts.next(), parts.next()) {
                set.insert(lang);
            }
        }
        let mut langs: Vec<String> = set.into_iter().map(str::to_owned).collect();
        crate::sort::by_key(&mut langs, |l| (l != SOURCE_LANG, l.clone()));
        langs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_comes_first_and_languages_come_from_folders() {
        let mut s = Sources::default();
        s.insert("content/pt/book.toml", "");
        s.insert("locales/es/ui.ftl", "");
        s.insert("content/en/book.toml", "");
        assert_eq!(s.languages(), ["en", "es", "pt"]);
    }

    #[test]
    fn under_lists_only_the_prefix() {
        let mut s = Sources::default();
        s.insert("content/en/a.md", "A");
        s.insert("content/es/a.md", "B");
        s.insert("content/en/b.md", "C");
        let got: Vec<_> = s.under("content/en/").map(|(p, _)| p).collect();
        assert_eq!(got, ["content/en/a.md", "content/en/b.md"]);
    }

    #[test]
    fn the_digest_changes_with_any_path_or_text() {
        let mut s = Sources::default();
        s.insert("content/en/a.md", "A");
        let first = s.digest();
        assert_eq!(first.len(), 64);
        assert_eq!(s.clone().digest(), first);
        s.insert("content/en/a.md", "A ");
        assert_ne!(s.digest(), first);
        let mut moved = Sources::default();
        moved.insert("content/en/aA", "");
        assert_ne!(
            moved.digest(),
            first,
            "a path and its text do not run together"
        );
    }

    #[cfg(feature = "embed")]
    #[test]
    fn the_embedded_book_has_english() {
        let s = Sources::embedded();
        assert!(s.get("content/en/book.toml").is_some());
        assert!(s.get("locales/en/ui.ftl").is_some());
        let locales = Sources::embedded_locales();
        assert!(locales.get("locales/es/ui.ftl").is_some());
        assert!(locales.under("content/").next().is_none());
        assert_eq!(locales.languages(), s.languages());
    }
}
