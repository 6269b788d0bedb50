//! Trunk's `index.html`, read for what the pages need from it: the base
//! path the book is built for (`--public-url`), the hashed stylesheet,
//! icon and chrome script tags, and the addresses of the wasm and its
//! JavaScript glue, which Trunk's loader script names. The pages do not
//! carry that loader: `public/book.js` loads the wasm when a widget comes
//! near. Trunk writes one tag after another in the head; this reads them
//! as such, not as general HTML.

use std::fmt;

/// What the pages take from Trunk's output.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Template {
    /// The base path, with slashes (`/`, `/course/`).
    pub base: String,
    /// Tags every page carries (stylesheet, icon, chrome script).
    pub assets: Vec<String>,
    /// The wasm's JavaScript glue (`/course/gpu-book-1a2b.js`).
    pub glue: String,
    /// The wasm (`/course/gpu-book-1a2b_bg.wasm`).
    pub wasm: String,
}

/// Why Trunk's page could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateError(String);

impl fmt::Display for TemplateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Trunk's index.html: {}", self.0)
    }
}

impl std::error::Error for TemplateError {}

impl Template {
    /// Reads Trunk's generated `index.html`.
    pub fn parse(html: &str) -> Result<Self, TemplateError> {
        let head = between(html, "<head>", "</head>")
            .ok_or_else(|| TemplateError("no <head> found".into()))?;
        let mut template = Self {
            base: "/".into(),
            ..Self::default()
        };
        let mut rest = head;
        while let Some(start) = rest.find('<') {
            rest = &rest[start..];
            let end = if rest.starts_with("<script") {
                rest.find("</script>").map(|e| e + "</script>".len())
            } else if rest.starts_with("<!--") {
                rest.find("-->").map(|e| e + 3)
            } else {
                rest.find('>').map(|e| e + 1)
            }
            .ok_or_else(|| TemplateError(format!("unclosed tag: {}", first_line(rest))))?;
            let tag = &rest[..end];
            rest = &rest[end..];
            if tag.starts_with("<base") {
                template.base = attr(tag, "href")
                    .ok_or_else(|| TemplateError("<base> has no href".into()))?
                    .to_owned();
            } else if tag.starts_with("<script") && tag.contains("type=\"module\"") {
                // Trunk's loader: `import init, * as bindings from '<glue>';`
                // then `init({ module_or_path: '<wasm>' })`.
                template.glue = quoted_after(tag, " from ").unwrap_or_default().to_owned();
                template.wasm = quoted_after(tag, "module_or_path:")
                    .unwrap_or_default()
                    .to_owned();
            } else if tag.contains("modulepreload") || tag.contains("application/wasm") {
                // Their preloads: the pages fetch the wasm only when needed.
            } else if tag.starts_with("<link") || tag.starts_with("<script") {
                template.assets.push(tag.to_owned());
            }
        }
        if template.glue.is_empty() || template.wasm.is_empty() {
            return Err(TemplateError("no script loads the wasm".into()));
        }
        if !template.base.ends_with('/') {
            template.base.push('/');
        }
        Ok(template)
    }

    /// The base path without its last slash (`""`, `/course`), as
    /// [`crate::book::route::href`] takes it.
    pub fn base_path(&self) -> &str {
        self.base.trim_end_matches('/')
    }
}

/// The first quoted text (`'...'` or `"..."`) after `marker` in `text`.
fn quoted_after<'a>(text: &'a str, marker: &str) -> Option<&'a str> {
    let rest = &text[text.find(marker)? + marker.len()..];
    let start = rest.find(['\'', '"'])?;
    let quote = rest[start..].chars().next()?;
    let rest = &rest[start + 1..];
    Some(&rest[..rest.find(quote)?])
}

/// The value of `name="..."` in a tag.
fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = tag[start..].find('"')?;
    Some(&tag[start..start + len])
}

fn between<'a>(text: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = text.find(open)? + open.len();
    let end = text[start..].find(close)? + start;
    Some(&text[start..end])
}

fn first_line(text: &str) -> &str {
    text.lines().next().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Trunk 0.21's output for `public/index.html`, abridged.
    const TRUNK: &str = r#"<!DOCTYPE html><html lang="en"><head>
<base href="/course/">
<link rel="stylesheet" href="/course/style-1a2b.css" integrity="sha384-x"/>
<link rel="icon" href="/course/favicon-3c4d.svg" integrity="sha384-y"/>
<script src="/course/book-5e6f.js" defer integrity="sha384-z"></script>
<script type="module">
import init, * as bindings from '/course/gpu-book-7a8b.js';
const wasm = await init({ module_or_path: '/course/gpu-book-7a8b_bg.wasm' });
window.wasmBindings = bindings;
</script>
<link rel="modulepreload" href="/course/gpu-book-7a8b.js" crossorigin="anonymous" integrity="sha384-a"><link rel="preload" href="/course/gpu-book-7a8b_bg.wasm" crossorigin="anonymous" integrity="sha384-b" as="fetch" type="application/wasm"></head>
<body></body></html>"#;

    #[test]
    fn trunk_tags_split_into_assets_and_wasm() {
        let t = Template::parse(TRUNK).expect("valid");
        assert_eq!(t.base, "/course/");
        assert_eq!(t.base_path(), "/course");
        assert_eq!(t.assets.len(), 3, "{:?}", t.assets);
        assert!(t.assets[2].starts_with("<script src=\"/course/book-5e6f.js\" defer"));
        assert_eq!(t.glue, "/course/gpu-book-7a8b.js");
        assert_eq!(t.wasm, "/course/gpu-book-7a8b_bg.wasm");
    }

    #[test]
    fn a_page_without_wasm_or_head_is_refused() {
        assert!(Template::parse("<html><body></body></html>").is_err());
        let e =
            Template::parse("<head><link rel=\"icon\" href=\"x\"></head>").expect_err("no wasm");
        assert!(e.to_string().contains("no script loads the wasm"), "{e}");
        let root = Template::parse(
            "<head><base href=\"/\"><script type=\"module\">import init from \"/g.js\"; \
             init({module_or_path: \"/g.wasm\"})</script></head>",
        )
        .expect("at the root");
        assert_eq!(
            (root.glue.as_str(), root.wasm.as_str()),
            ("/g.js", "/g.wasm")
        );
        assert_eq!(root.base_path(), "");
    }
}
