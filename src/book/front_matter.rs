//! Front matter of a translated page: a TOML block between `+++` lines that
//! records the hash of the English text it was translated from. Pure.

use serde::Deserialize;
use sha2::{Digest, Sha256};

use crate::diagnostic::{Diagnostic, line_of};

/// What a page says about itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    /// [`source_hash`] of the English page when this translation was last
    /// brought up to date.
    #[serde(default)]
    pub source_hash: Option<String>,
}

/// A page split into its front matter and its markdown body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitPage<'a> {
    /// The parsed front matter (default when there is none).
    pub front: FrontMatter,
    /// The markdown after the front matter.
    pub body: &'a str,
    /// Lines before the body, to turn body lines into file lines.
    pub body_line_offset: usize,
}

const FENCE: &str = "+++";

/// Splits `text` into front matter and body.
pub fn split<'a>(path: &str, text: &'a str) -> Result<SplitPage<'a>, Diagnostic> {
    let Some(rest) = text
        .strip_prefix(FENCE)
        .and_then(|r| r.strip_prefix('\n').or_else(|| r.strip_prefix("\r\n")))
    else {
        return Ok(SplitPage {
            front: FrontMatter::default(),
            body: text,
            body_line_offset: 0,
        });
    };
    let close = rest
        .match_indices(FENCE)
        .find(|(i, _)| *i == 0 || rest.as_bytes()[i - 1] == b'\n')
        .map(|(i, _)| i)
        .ok_or_else(|| {
            Diagnostic::error(path, 1, "front matter opened with +++ is never closed")
        })?;
    let toml_text = &rest[..close];
    let front: FrontMatter = toml::from_str(toml_text).map_err(|e| {
        let line = 1 + e.span().map_or(1, |s| line_of(toml_text, s.start));
        Diagnostic::error(
            path,
            line,
            format!("malformed front matter: {}", e.message()),
        )
    })?;
    let after = &rest[close + FENCE.len()..];
    let body = after
        .strip_prefix("\r\n")
        .or_else(|| after.strip_prefix('\n'))
        .unwrap_or(after);
    let body_line_offset = line_of(text, text.len() - body.len()) - 1;
    Ok(SplitPage {
        front,
        body,
        body_line_offset,
    })
}

/// The hash a translation records: the first 16 hex digits of the SHA-256
/// of the English file.
pub fn source_hash(english: &str) -> String {
    let digest = Sha256::digest(english.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// `text` with its front matter's `source_hash` set to `hash` (front matter
/// added when missing), the rest untouched.
pub fn stamp(path: &str, text: &str, hash: &str) -> Result<String, Diagnostic> {
    let page = split(path, text)?;
    Ok(format!(
        "{FENCE}\nsource_hash = \"{hash}\"\n{FENCE}\n{}",
        page.body
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_without_front_matter_are_all_body() {
        let p = split("p", "# Title\n").expect("ok");
        assert_eq!(p.body, "# Title\n");
        assert_eq!(p.front, FrontMatter::default());
        assert_eq!(p.body_line_offset, 0);
    }

    #[test]
    fn front_matter_is_parsed_and_lines_offset() {
        let p = split("p", "+++\nsource_hash = \"abc\"\n+++\n# Title\n").expect("ok");
        assert_eq!(p.front.source_hash.as_deref(), Some("abc"));
        assert_eq!(p.body, "# Title\n");
        assert_eq!(p.body_line_offset, 3);
    }

    #[test]
    fn unclosed_or_bad_front_matter_is_an_error() {
        assert_eq!(
            split("p", "+++\nsource_hash = \"a\"\n# T")
                .expect_err("open")
                .line,
            1
        );
        let e = split("p", "+++\nsource_hash = \"a\"\nbogus = 1\n+++\n").expect_err("key");
        assert_eq!(e.line, 3, "{e}");
    }

    #[test]
    fn stamping_replaces_the_hash_and_keeps_the_body() {
        let stamped = stamp("p", "+++\nsource_hash = \"\"\n+++\n# T\n", "0011").expect("ok");
        assert_eq!(stamped, "+++\nsource_hash = \"0011\"\n+++\n# T\n");
        let added = stamp("p", "# T\n", "ff").expect("ok");
        assert_eq!(
            split("p", &added).expect("ok").front.source_hash.as_deref(),
            Some("ff")
        );
    }

    #[test]
    fn hash_is_stable_and_short() {
        assert_eq!(source_hash("abc"), "ba7816bf8f01cfea");
        assert_ne!(source_hash("abc"), source_hash("abd"));
    }
}
