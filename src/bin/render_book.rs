//! Writes every page of the book as HTML into Trunk's output: run by
//! Trunk as a post-build hook (`Trunk.toml`), after it has hashed the
//! assets and written its `index.html`, whose tags and base path every
//! page takes (`site::Template`), and fingerprints the smaller wasm
//! modules it built beside the whole one. Last, once every other file of
//! the folder is written, the service worker that keeps them all for
//! offline reading (`sw.js`, `site::Precache`): a step that adds files to
//! `dist/` must run before it. Prints what it wrote; fails with the
//! reason and a non-zero status if Trunk's page cannot be read.
//!
//!   render-book [DIR]    (default: $TRUNK_STAGING_DIR)

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    native::main()
}

/// A build-time tool: `cargo clippy --target wasm32-unknown-unknown`
/// compiles every binary, and there this one has nothing to do.
#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use std::path::PathBuf;
    use std::process::ExitCode;

    use gpu_book::book::{Library, Sources, WasmModule};
    use gpu_book::site::{Precache, SERVICE_WORKER, Site, Template};

    pub(crate) fn main() -> ExitCode {
        let dir = std::env::args()
            .nth(1)
            .or_else(|| std::env::var("TRUNK_STAGING_DIR").ok())
            .map(PathBuf::from);
        let Some(dir) = dir else {
            eprintln!(
                "render-book: give the folder Trunk built (or run as Trunk's post_build hook)"
            );
            return ExitCode::from(2);
        };
        match run(&dir) {
            Ok(summary) => {
                println!("render-book: {summary}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("render-book: {e}");
                ExitCode::FAILURE
            }
        }
    }

    fn run(dir: &std::path::Path) -> Result<String, Box<dyn std::error::Error>> {
        let index = dir.join("index.html");
        let html = std::fs::read_to_string(&index)
            .map_err(|e| format!("cannot read {}: {e}", index.display()))?;
        let mut template = Template::parse(&html)?;
        // The widgets' module is Trunk's main application, hashed by Trunk.
        for module in WasmModule::ALL
            .into_iter()
            .filter(|m| *m != WasmModule::Widgets)
        {
            template.fingerprint(dir, module)?;
        }
        let library = Library::new(Sources::embedded());
        // The content check (Trunk's pre-build hook) has already failed the
        // build on these; say so again if the renderer is run alone.
        for d in library.diagnostics() {
            eprintln!("{d}");
        }
        let site = Site::new(library, template);
        let files = site.files();
        let mut bytes = 0;
        for file in &files {
            let path = dir.join(&file.path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, &file.text)?;
            bytes += file.text.len();
        }
        // Every file the folder now holds, whatever wrote it.
        let precache = Precache::scan(dir)?;
        std::fs::write(dir.join(SERVICE_WORKER), precache.service_worker())?;
        Ok(format!(
            "{} files, {} KB of HTML, XML and text; {SERVICE_WORKER} keeps all {} files of the build \
             ({} KB) for offline reading, version {}",
            files.len(),
            bytes / 1024,
            precache.files().len(),
            precache.bytes() / 1024,
            precache.version()
        ))
    }
}
