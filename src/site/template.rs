//! Trunk's `index.html`, read for what the pages need from it: the base
//! path the book is built for (`--public-url`), the hashed stylesheet,
//! icon and chrome script tags, and the addresses of the widgets' wasm
//! module (Trunk's main application) and its JavaScript glue, which
//! Trunk's loader script names. The pages
//! do not carry that loader: `public/book.js` loads the wasm when a widget
//! comes near. Trunk writes one tag after another in the head; this reads
//! them as such, not as general HTML. The smaller modules, which Trunk
//! builds without naming them, are added by [`Template::fingerprint`].

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::book::WasmModule;

/// What the pages take from Trunk's output.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Template {
    /// The base path, with slashes (`/`, `/course/`).
    pub base: String,
    /// Tags every page carries (stylesheet, icon, chrome script).
    pub assets: Vec<String>,
    /// The wasm modules built, by the files a page names: always the
    /// widgets' one, and the others once fingerprinted.
    pub modules: BTreeMap<WasmModule, ModuleFiles>,
}

/// A wasm module's two files, as URLs under the base.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleFiles {
    /// The JavaScript glue (`/course/gpu-book-1a2b.js`).
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
        let mut main = ModuleFiles::default();
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
                main.glue = quoted_after(tag, " from ").unwrap_or_default().to_owned();
                main.wasm = quoted_after(tag, "module_or_path:")
                    .unwrap_or_default()
                    .to_owned();
            } else if tag.contains("modulepreload") || tag.contains("application/wasm") {
                // Their preloads: the pages fetch the wasm only when needed.
            } else if tag.starts_with("<link") || tag.starts_with("<script") {
                template.assets.push(tag.to_owned());
            }
        }
        if main.glue.is_empty() || main.wasm.is_empty() {
            return Err(TemplateError("no script loads the wasm".into()));
        }
        template.modules.insert(WasmModule::Widgets, main);
        if !template.base.ends_with('/') {
            template.base.push('/');
        }
        Ok(template)
    }

    /// Adds a module Trunk built as a "worker" (built, not loaded), whose
    /// files it leaves in `dir` as `<bin>.js` and `<bin>_bg.wasm` with no
    /// fingerprint: renames them `<bin>-<hash>.js` and `<bin>-<hash>_bg.wasm`
    /// after their content, as Trunk names its main module's, so a host
    /// may cache them for good. Fails, naming the file, if one is missing.
    pub fn fingerprint(&mut self, dir: &Path, module: WasmModule) -> Result<(), TemplateError> {
        let bin = module.bin();
        let (glue, wasm) = (format!("{bin}.js"), format!("{bin}_bg.wasm"));
        let read = |name: &str| {
            std::fs::read(dir.join(name)).map_err(|e| {
                TemplateError(format!(
                    "{name} was not built in {} ({e}): public/index.html needs \
                     <link data-trunk rel=\"rust\" data-bin=\"{bin}\" data-type=\"worker\" \
                     data-bindgen-target=\"web\">",
                    dir.display()
                ))
            })
        };
        let mut hash = Sha256::new();
        hash.update(read(&glue)?);
        hash.update(read(&wasm)?);
        let hex: String = hash.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let named = ModuleFiles {
            glue: format!("{bin}-{hex}.js"),
            wasm: format!("{bin}-{hex}_bg.wasm"),
        };
        for (from, to) in [(&glue, &named.glue), (&wasm, &named.wasm)] {
            std::fs::rename(dir.join(from), dir.join(to))
                .map_err(|e| TemplateError(format!("cannot rename {from} to {to}: {e}")))?;
        }
        let files = ModuleFiles {
            glue: format!("{}{}", self.base, named.glue),
            wasm: format!("{}{}", self.base, named.wasm),
        };
        self.modules.insert(module, files);
        Ok(())
    }

    /// The icon's URL under the base (`/course/favicon-3c4d.svg`), if
    /// Trunk's page links one.
    pub fn icon(&self) -> Option<&str> {
        self.assets
            .iter()
            .find(|tag| tag.starts_with("<link") && tag.contains(" rel=\"icon\""))
            .and_then(|tag| attr(tag, "href"))
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
import init, * as bindings from '/course/gpu-book-widgets-7a8b.js';
const wasm = await init({ module_or_path: '/course/gpu-book-widgets-7a8b_bg.wasm' });
window.wasmBindings = bindings;
</script>
<link rel="modulepreload" href="/course/gpu-book-widgets-7a8b.js" crossorigin="anonymous" integrity="sha384-a"><link rel="preload" href="/course/gpu-book-widgets-7a8b_bg.wasm" crossorigin="anonymous" integrity="sha384-b" as="fetch" type="application/wasm"></head>
<body></body></html>"#;

    #[test]
    fn trunk_tags_split_into_assets_and_wasm() {
        let t = Template::parse(TRUNK).expect("valid");
        assert_eq!(t.base, "/course/");
        assert_eq!(t.base_path(), "/course");
        assert_eq!(t.assets.len(), 3, "{:?}", t.assets);
        assert!(t.assets[2].starts_with("<script src=\"/course/book-5e6f.js\" defer"));
        assert_eq!(t.icon(), Some("/course/favicon-3c4d.svg"));
        let main = &t.modules[&WasmModule::Widgets];
        assert_eq!(main.glue, "/course/gpu-book-widgets-7a8b.js");
        assert_eq!(main.wasm, "/course/gpu-book-widgets-7a8b_bg.wasm");
    }

    #[test]
    fn the_other_modules_are_fingerprinted_after_their_content() {
        let dir = std::env::temp_dir().join(format!("gpu-book-template-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        std::fs::write(dir.join("gpu-book-shell.js"), "glue").expect("write");
        std::fs::write(dir.join("gpu-book-shell_bg.wasm"), "wasm").expect("write");
        let mut t = Template::parse(TRUNK).expect("valid");
        t.fingerprint(&dir, WasmModule::Shell).expect("renamed");
        let shell = t.modules[&WasmModule::Shell].clone();
        let hex = shell
            .glue
            .strip_prefix("/course/gpu-book-shell-")
            .and_then(|g| g.strip_suffix(".js"));
        assert_eq!(hex.map(str::len), Some(16), "{shell:?}");
        assert_eq!(shell.wasm, shell.glue.replace(".js", "_bg.wasm"));
        assert!(dir.join(&shell.wasm["/course/".len()..]).exists());
        assert!(!dir.join("gpu-book-shell.js").exists());
        // The exercises' module was not built: its message names the missing link.
        let e = t
            .fingerprint(&dir, WasmModule::Exercises)
            .expect_err("missing");
        assert!(
            e.to_string()
                .contains("gpu-book-exercises.js was not built"),
            "{e}"
        );
        assert!(
            e.to_string().contains("data-bin=\"gpu-book-exercises\""),
            "{e}"
        );
        std::fs::remove_dir_all(&dir).expect("clean up");
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
        let main = &root.modules[&WasmModule::Widgets];
        assert_eq!(
            (main.glue.as_str(), main.wasm.as_str()),
            ("/g.js", "/g.wasm")
        );
        assert_eq!(root.base_path(), "");
    }
}
