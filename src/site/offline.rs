//! The book offline and installable, written at build time (native only):
//! a web app manifest per language, and the service worker that keeps
//! every file of the build in the reader's browser.
//! 1. [`manifest`] writes `<lang>/manifest.webmanifest`, every URL in it
//!    relative to itself, so the same build installs at any path;
//! 2. once every other file of `dist/` is written, [`Precache::scan`]
//!    lists them all with a digest of each, and a version (a hash of
//!    those digests);
//! 3. [`Precache::service_worker`] writes `sw.js`: that list and version
//!    in front of the worker's code (`src/site/sw.js`), which caches the
//!    list into a cache named after the version and answers from it.

use std::path::Path;

use base64::Engine as _;
use sha2::{Digest, Sha256};

/// The service worker's file name, at the base of `dist/`: a worker's
/// scope is at most its own folder, and this one covers the whole book.
pub const SERVICE_WORKER: &str = "sw.js";

/// Each language's manifest, beside its contents page.
pub const MANIFEST: &str = "manifest.webmanifest";

/// The page background (`--bg` in `public/style.css`, light), which is
/// also the top bar's: the installed book's window and splash screen.
pub(crate) const THEME_LIGHT: &str = "#ffffff";

/// `--bg` in the dark theme.
pub(crate) const THEME_DARK: &str = "#141817";

/// The worker's code, after the list of files [`Precache`] puts in front.
const WORKER: &str = include_str!("sw.js");

/// What one language's manifest says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AppManifest {
    /// The book's title in that language.
    pub(crate) name: String,
    /// The title short enough for a phone's home screen.
    pub(crate) short_name: String,
    /// The book's tagline.
    pub(crate) description: String,
    /// The language's BCP 47 tag (`es-419`).
    pub(crate) lang: String,
    /// The icon's URL relative to the manifest (`../favicon-1a2b.svg`).
    pub(crate) icon: Option<String>,
}

/// The manifest as JSON. It sits in the language's folder, so its
/// contents page is `./` and the whole book, its scope, `../`.
pub(crate) fn manifest(app: &AppManifest) -> String {
    let icons = app
        .icon
        .iter()
        .map(|src| {
            format!(
                "\n    {{ \"src\": {}, \"sizes\": \"any\", \"type\": \"image/svg+xml\", \"purpose\": \"any\" }}\n  ",
                json_string(src)
            )
        })
        .collect::<String>();
    format!(
        "{{\n  \"name\": {},\n  \"short_name\": {},\n  \"description\": {},\n  \"lang\": {},\n  \
         \"dir\": \"ltr\",\n  \"start_url\": \"./\",\n  \"scope\": \"../\",\n  \
         \"display\": \"standalone\",\n  \"theme_color\": \"{THEME_LIGHT}\",\n  \
         \"background_color\": \"{THEME_LIGHT}\",\n  \"icons\": [{icons}]\n}}\n",
        json_string(&app.name),
        json_string(&app.short_name),
        json_string(&app.description),
        json_string(&app.lang),
    )
}

/// One file the worker caches: its path under `dist/` and the SHA-256 of
/// its bytes (base64), which the worker checks before it keeps the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrecacheFile {
    /// `es/running-jobs/index.html`.
    pub path: String,
    /// `base64(sha256(bytes))`.
    pub digest: String,
}

/// Every file of a build, for the service worker.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Precache {
    files: Vec<PrecacheFile>,
    bytes: u64,
    version: String,
}

impl Precache {
    /// Every file under `dir` but [`SERVICE_WORKER`] (one left by an
    /// earlier run), whatever wrote it, in path order.
    pub fn scan(dir: &Path) -> std::io::Result<Self> {
        let mut found = Vec::new();
        walk(dir, "", &mut found)?;
        Ok(Self::of(
            found.into_iter().filter(|(path, _)| path != SERVICE_WORKER),
        ))
    }

    /// The files `(path, bytes)` given.
    pub fn of(files: impl IntoIterator<Item = (String, Vec<u8>)>) -> Self {
        let mut bytes = 0;
        let mut files: Vec<PrecacheFile> = files
            .into_iter()
            .map(|(path, content)| {
                bytes += content.len() as u64;
                PrecacheFile {
                    path,
                    digest: base64::engine::general_purpose::STANDARD
                        .encode(Sha256::digest(&content)),
                }
            })
            .collect();
        files.sort_by(|a, b| a.path.cmp(&b.path));
        let mut hash = Sha256::new();
        for file in &files {
            hash.update(file.path.as_bytes());
            hash.update([0]);
            hash.update(file.digest.as_bytes());
            hash.update([b'\n']);
        }
        let version = hash.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        Self {
            files,
            bytes,
            version,
        }
    }

    /// The files, in path order.
    pub fn files(&self) -> &[PrecacheFile] {
        &self.files
    }

    /// Their size in all, in bytes (uncompressed).
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The build's version: 16 hex digits of a hash of every path and
    /// digest, so any file changed, added or removed changes it.
    pub fn version(&self) -> &str {
        &self.version
    }

    /// `sw.js`: the version and the list, then the worker's code.
    pub fn service_worker(&self) -> String {
        let list: Vec<String> = self
            .files
            .iter()
            .map(|f| format!("  [{}, {}],", json_string(&f.path), json_string(&f.digest)))
            .collect();
        format!(
            "// Written by render-book (src/site/offline.rs) from src/site/sw.js.\n\
             const VERSION = {};\n\
             // Every file of this build but this one, with the SHA-256 of its bytes.\n\
             const FILES = [\n{}\n];\n\n{WORKER}",
            json_string(&self.version),
            list.join("\n")
        )
    }
}

/// Collects `(path, bytes)` of every file under `dir/prefix`.
fn walk(dir: &Path, prefix: &str, found: &mut Vec<(String, Vec<u8>)>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir.join(prefix))? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        if entry.file_type()?.is_dir() {
            walk(dir, &path, found)?;
        } else {
            found.push((path.clone(), std::fs::read(dir.join(&path))?));
        }
    }
    Ok(())
}

/// `text` as a JSON (and JavaScript) string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            // `<` keeps `</script>` out; U+2028/9 end lines in older JavaScript.
            c if (c as u32) < 0x20 || c == '<' || c == '\u{2028}' || c == '\u{2029}' => {
                out.push_str(&format!("\\u{:04x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(list: &[(&str, &str)]) -> Precache {
        Precache::of(
            list.iter()
                .map(|(p, t)| ((*p).to_owned(), t.as_bytes().to_vec())),
        )
    }

    #[test]
    fn the_version_changes_when_any_file_changes_is_added_or_removed() {
        let base = [("en/index.html", "a"), ("x_bg.wasm", "b")];
        let version = files(&base).version().to_owned();
        assert_eq!(version.len(), 16);
        assert_eq!(
            files(&base).version(),
            version,
            "the same build, the same version"
        );
        let reordered = [("x_bg.wasm", "b"), ("en/index.html", "a")];
        assert_eq!(
            files(&reordered).version(),
            version,
            "listing order does not count"
        );
        for changed in [
            &[("en/index.html", "a!"), ("x_bg.wasm", "b")][..],
            &[("en/index.html", "a"), ("x_bg.wasm", "c")],
            &[("en/index.html", "a"), ("y_bg.wasm", "b")],
            &[("en/index.html", "a")],
            &[
                ("en/index.html", "a"),
                ("x_bg.wasm", "b"),
                ("search-en.json", ""),
            ],
        ] {
            assert_ne!(files(changed).version(), version, "{changed:?}");
        }
    }

    #[test]
    fn a_scan_lists_every_file_whatever_wrote_it_but_the_worker() {
        let dir = std::env::temp_dir().join(format!("gpu-book-precache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        for (path, text) in [
            ("index.html", "root"),
            ("404.html", "gone"),
            ("en/running-jobs/index.html", "page"),
            ("gpu-book-shell-00_bg.wasm", "wasm"),
            ("search/es.idx", "an index another step wrote"),
            (SERVICE_WORKER, "an earlier build's worker"),
        ] {
            let path = dir.join(path);
            std::fs::create_dir_all(path.parent().expect("in dir")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
        let precache = Precache::scan(&dir).expect("scan");
        let paths: Vec<&str> = precache.files().iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "404.html",
                "en/running-jobs/index.html",
                "gpu-book-shell-00_bg.wasm",
                "index.html",
                "search/es.idx",
            ]
        );
        assert_eq!(precache.bytes(), 4 + 4 + 4 + 4 + 27);
        // sha256("root"), as `printf root | openssl dgst -sha256 -binary | base64` prints it.
        let root = &precache.files()[3];
        assert_eq!(root.digest, "SBNJTRN+FjG7owHVrKtue7eqdM4RhdRWVl71HXN2d7I=");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }

    #[test]
    fn the_worker_carries_its_version_and_every_file() {
        let precache = files(&[("en/index.html", "a"), ("odd \"name\".txt", "b")]);
        let sw = precache.service_worker();
        assert!(sw.starts_with("// Written by render-book"));
        assert!(sw.contains(&format!("const VERSION = \"{}\";", precache.version())));
        assert!(
            sw.contains("  [\"en/index.html\", \"ypeBEsobvcr6wjGzmiPcTaeG7/gUfE5yuYB3ha/uSLs=\"],")
        );
        assert!(sw.contains("[\"odd \\\"name\\\".txt\", "), "{sw}");
        assert!(sw.ends_with(WORKER));
        assert!(WORKER.contains("addEventListener(\"fetch\""));
    }

    #[test]
    fn a_manifest_names_the_book_in_its_language_with_relative_urls() {
        let json = manifest(&AppManifest {
            name: "Clústeres de GPU en la práctica".into(),
            short_name: "Clústeres GPU".into(),
            description: "Un \"libro\"".into(),
            lang: "es-419".into(),
            icon: Some("../favicon-1a.svg".into()),
        });
        for line in [
            "\"name\": \"Clústeres de GPU en la práctica\",",
            "\"short_name\": \"Clústeres GPU\",",
            "\"description\": \"Un \\\"libro\\\"\",",
            "\"lang\": \"es-419\",",
            "\"start_url\": \"./\",",
            "\"scope\": \"../\",",
            "\"display\": \"standalone\",",
            "\"theme_color\": \"#ffffff\",",
            "{ \"src\": \"../favicon-1a.svg\", \"sizes\": \"any\", \"type\": \"image/svg+xml\", \"purpose\": \"any\" }",
        ] {
            assert!(json.contains(line), "{line} in {json}");
        }
        assert_eq!(
            json_string("a</script>\u{2028}"),
            "\"a\\u003c/script>\\u2028\""
        );
    }
}
