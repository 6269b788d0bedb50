//! With the `embed` feature, embeds every language's files (`content/<lang>/**` and `locales/<lang>/**`)
//! into the binary as `(relative path, text)` pairs, content and locales in
//! two lists, so that the browser's wasm, which needs only the interface
//! strings, links no page text. Which languages exist is decided later, at
//! run time, from these paths: adding a language is adding folders, never
//! changing Rust.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn main() {
    // Without the `embed` feature (the content check) nothing is embedded
    // and content edits do not make cargo rebuild the crate.
    if env::var_os("CARGO_FEATURE_EMBED").is_none() {
        println!("cargo:rerun-if-changed=build.rs");
        return;
    }
    let root =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let mut out = String::new();
    for (top, name) in [("content", "CONTENT"), ("locales", "LOCALES")] {
        println!("cargo:rerun-if-changed={top}");
        let mut files = Vec::new();
        if let Ok(langs) = fs::read_dir(root.join(top)) {
            for lang in langs.flatten() {
                if lang.path().is_dir() {
                    collect(&lang.path(), &mut files);
                }
            }
        }
        files.sort();
        writeln!(
            out,
            "/// Every file under `{top}/`, as (path relative to the crate root, text).\n\
             pub(crate) static {name}: &[(&str, &str)] = &["
        )
        .expect("write to String");
        for file in &files {
            let rel = file.strip_prefix(&root).expect("collected under the root");
            let rel = rel.to_string_lossy().replace('\\', "/");
            writeln!(
                out,
                "    ({rel:?}, include_str!({:?})),",
                file.display().to_string()
            )
            .expect("write to String");
        }
        out.push_str("];\n");
    }
    let dest = PathBuf::from(env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("embedded.rs");
    fs::write(dest, out).expect("OUT_DIR is writable");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, files);
        } else if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("md" | "toml" | "ftl")
        ) {
            files.push(path);
        }
    }
}
