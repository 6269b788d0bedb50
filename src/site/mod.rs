//! The book as static files, written at build time: every page of every
//! language as a complete HTML document, the contents pages, `404.html`,
//! the language chooser at `/`, `sitemap.xml`, `robots.txt`, each
//! language's web app manifest and, last, the service worker. Runs
//! natively (a Trunk post-build hook, `src/bin/render_book.rs`); never in
//! the wasm. The steps, for each page:
//! 1. render its markdown with the pure book model (`book::Library`);
//! 2. render the frame and the page with the Leptos components here and
//!    each widget's first state with the widget itself, to HTML;
//! 3. wrap them in a document whose head carries the page's title,
//!    description, language links and policy, and Trunk's asset tags;
//!    a page with widgets also names its wasm and carries their strings.

mod contents;
mod document;
mod figures;
mod lang_switch;
mod layout;
mod not_found;
mod offline;
mod page;
mod search_box;
mod template;
mod theme;

use std::collections::{BTreeMap, BTreeSet};

use leptos::prelude::*;
use sha2::{Digest, Sha256};

use crate::book::manifest::Status;
use crate::book::route::href;
use crate::book::widget::ParamValue;
use crate::book::{
    Labels, Library, SOURCE_LANG, WasmModule, WidgetDirective, WidgetKind, progress,
};
use crate::i18n::Arg;
use crate::search::Index;
use crate::ui::{I18n, STRINGS_TYPE, catalog};
use contents::{ContentsEntry, ContentsPage};
use document::{Base, Head, document};
use layout::{Frame, LanguageLink, Layout};
use not_found::NotFound;
use offline::{AppManifest, manifest};
pub use offline::{MANIFEST, Precache, PrecacheFile, SERVICE_WORKER};
use page::{PageArticle, Pager, escape};
use search_box::SearchFiles;
pub use template::{ModuleFiles, Template, TemplateError};

/// One file of the built site.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// Its path under `dist/` (`es/running-jobs/index.html`).
    pub path: String,
    /// Its text.
    pub text: String,
}

/// The book and where it is served.
#[derive(Debug)]
pub struct Site {
    library: Library,
    template: Template,
    /// "translation in progress: 45% done", in its own words, for each
    /// language whose manifest says `status = "in-progress"`: measured
    /// once, shown on every page.
    progress: BTreeMap<String, String>,
    /// Each language's search index: its file (named after its content)
    /// and text.
    search: BTreeMap<String, OutputFile>,
}

impl Site {
    /// The book `library`, with Trunk's tags and base path from `template`.
    pub fn new(library: Library, template: Template) -> Self {
        let progress = library
            .languages()
            .iter()
            .filter(|l| library.status(l) == Status::InProgress)
            .map(|l| {
                let percent = progress::measure(&library, catalog(), l).progress.percent();
                let note = catalog().format(
                    l,
                    "lang-in-progress",
                    &[("percent", Arg::Num(f64::from(percent)))],
                );
                (l.clone(), note)
            })
            .collect();
        let search = library
            .languages()
            .iter()
            .map(|l| (l.clone(), search_index(&library, l)))
            .collect();
        Self {
            library,
            template,
            progress,
            search,
        }
    }

    /// Every file of the site, pages first; not the service worker, which
    /// lists every file of `dist/` and so is written after all of them
    /// ([`Precache`]).
    pub fn files(&self) -> Vec<OutputFile> {
        let mut files = Vec::new();
        for lang in self.library.languages() {
            let path = format!("{lang}/{MANIFEST}");
            let icon = self
                .template
                .icon()
                .map(|url| Root::of(&path).asset(&self.template, url));
            files.push(OutputFile {
                text: manifest(&AppManifest {
                    name: self.library.title(lang).to_owned(),
                    short_name: catalog().text(lang, "app-short-name"),
                    description: catalog().text(lang, "book-tagline"),
                    lang: catalog().language_tag(lang),
                    icon,
                }),
                path,
            });
            files.push(OutputFile {
                path: format!("{lang}/index.html"),
                text: self.contents(lang, &Root::of(&format!("{lang}/index.html"))),
            });
            for entry in self.library.toc(lang) {
                let path = format!("{lang}/{}/index.html", entry.slug);
                if let Some(text) = self.page(lang, &entry.slug, &Root::of(&path)) {
                    files.push(OutputFile { path, text });
                }
            }
        }
        files.extend(self.search.values().cloned());
        files.push(OutputFile {
            path: "404.html".into(),
            text: self.not_found(),
        });
        files.push(OutputFile {
            path: "index.html".into(),
            text: self.root(&Root::of("index.html")),
        });
        if let Some(sitemap) = self.sitemap() {
            files.push(OutputFile {
                path: "sitemap.xml".into(),
                text: sitemap,
            });
        }
        files.push(OutputFile {
            path: "robots.txt".into(),
            text: self.robots(),
        });
        files
    }

    /// `/<lang>/<slug>/`, or `None` if the book has no such page, with
    /// its URLs relative to the site's `root`.
    pub fn page(&self, lang: &str, slug: &str, root: &Root) -> Option<String> {
        let prefix = href(&root.0, lang, None);
        let labels = Labels::from_catalog(catalog(), lang);
        let page = self.library.render(lang, slug, &prefix, &labels)?;
        let kinds = page::module_kinds(&page.doc.blocks);
        let title = format!("{} · {}", page.doc.title, self.library.title(lang));
        let entry = self.library.toc(lang).into_iter().find(|e| e.slug == slug);
        let description = entry.map(|e| e.summary).unwrap_or_default();
        let frame = self.frame(lang, Some(slug), page.doc.sections.clone(), root);
        let neighbours = self.library.neighbours(lang, slug);
        let body = render(lang, &root.0, move || {
            view! {
                <Layout frame=frame>
                    <PageArticle page=page />
                    <Pager neighbours=neighbours />
                </Layout>
            }
        });
        let head = self.head(lang, Some(slug), title, description, root);
        let (body_attrs, strings) = self.islands(lang, &kinds, root);
        Some(document(&head, &body_attrs, &format!("{body}{strings}")))
    }

    /// What a page whose islands are of `kinds` adds to its `<body>`: the
    /// attributes naming the files of each wasm module its islands name
    /// (`WasmModule::for_island`), for `public/book.js`, which loads a
    /// module when one of its islands comes near, and the strings they
    /// need. Nothing for a page without islands.
    fn islands(&self, lang: &str, kinds: &[WidgetKind], root: &Root) -> (String, String) {
        let modules: BTreeSet<WasmModule> = kinds
            .iter()
            .map(|&k| WasmModule::for_island(k, kinds))
            .collect();
        let body_attrs: String = modules
            .iter()
            .filter_map(|&m| Some((m, self.template.modules.get(&m)?)))
            .map(|(m, files)| {
                format!(
                    " data-wasm-{name}=\"{}\" data-glue-{name}=\"{}\"",
                    escape(&root.asset(&self.template, &files.wasm)),
                    escape(&root.asset(&self.template, &files.glue)),
                    name = m.name()
                )
            })
            .collect();
        let strings = if kinds.is_empty() {
            String::new()
        } else {
            self.strings(lang, &modules)
        };
        (body_attrs, strings)
    }

    /// The interface strings a page with widgets carries for them (see
    /// [`STRINGS_TYPE`]): its language's, and English's too where its own
    /// lack messages. A file named after a wasm module (`shell.ftl`) goes
    /// only with the pages whose islands it brings to life. `</` is
    /// written `<\/`, which cannot end the element.
    fn strings(&self, lang: &str, modules: &BTreeSet<WasmModule>) -> String {
        let complete = match (catalog().messages(lang), catalog().messages(SOURCE_LANG)) {
            (Some(own), Some(english)) => english.keys().all(|id| own.contains_key(id)),
            _ => false,
        };
        let mut langs = vec![lang];
        if lang != SOURCE_LANG && !complete {
            langs.push(SOURCE_LANG);
        }
        langs
            .into_iter()
            .map(|l| {
                let text = catalog().compiled(l, |path| wanted_strings(path, modules));
                format!(
                    "\n<script type=\"{STRINGS_TYPE}\" data-lang=\"{}\">\n{}</script>",
                    escape(l),
                    text.replace("</", "<\\/")
                )
            })
            .collect()
    }

    /// `/<lang>/`.
    fn contents(&self, lang: &str, root: &Root) -> String {
        let prefix = href(&root.0, lang, None);
        let labels = Labels::from_catalog(catalog(), lang);
        let pages: Vec<_> = self
            .library
            .toc(lang)
            .into_iter()
            .map(|entry| {
                let (sections, exercises, labs) = self
                    .library
                    .render(lang, &entry.slug, &prefix, &labels)
                    .map(|p| {
                        let param = |kind: WidgetKind, key: &str| {
                            p.doc
                                .widgets
                                .iter()
                                .filter(|(w, _)| w.kind == kind)
                                .filter_map(|(w, _)| match w.params.get(key) {
                                    Some(ParamValue::Text(v)) => Some(v.clone()),
                                    _ => None,
                                })
                                .collect::<Vec<_>>()
                        };
                        let exercises = param(WidgetKind::Exercise, "id");
                        let labs = param(WidgetKind::SlurmShell, "lab")
                            .iter()
                            .filter_map(|slug| crate::sim::slurm::lab::LabId::from_slug(slug))
                            .collect();
                        let sections = p.doc.sections.into_iter().filter(|s| s.level == 2);
                        (sections.collect(), exercises, labs)
                    })
                    .unwrap_or_default();
                ContentsEntry {
                    entry,
                    sections,
                    exercises,
                    labs,
                }
            })
            .collect();
        // The progress file, where there is progress to keep; it names
        // each lab by its page's title.
        let file = pages
            .iter()
            .any(|p| !p.exercises.is_empty() || !p.labs.is_empty())
            .then(|| WidgetDirective {
                kind: WidgetKind::Progress,
                params: crate::sorted::SortedMap::new(),
                texts: pages
                    .iter()
                    .flat_map(|p| p.labs.iter().map(|lab| (lab.slug(), &p.entry.title)))
                    .map(|(slug, title)| (format!("lab-{slug}"), escape(title)))
                    .collect(),
            });
        let kinds: Vec<WidgetKind> = file.iter().map(|_| WidgetKind::Progress).collect();
        let book_title = self.library.title(lang).to_owned();
        let progress = self.progress_note(lang);
        let frame = self.frame(lang, None, Vec::new(), root);
        let body = render(lang, &root.0, move || {
            view! {
                <Layout frame=frame>
                    <ContentsPage title=book_title pages=pages progress=progress file=file />
                </Layout>
            }
        });
        let title = format!(
            "{} · {}",
            catalog().text(lang, "nav-contents"),
            self.library.title(lang)
        );
        let description = catalog().text(lang, "book-tagline");
        let head = self.head(lang, None, title, description, root);
        let (body_attrs, strings) = self.islands(lang, &kinds, root);
        document(&head, &body_attrs, &format!("{body}{strings}"))
    }

    /// `404.html`: "not found" in every language (see `not_found`). Hosts
    /// serve it at any depth, so its URLs are relative to a `<base>`: the
    /// `site-url`'s path when the book has one, else the build's, moved
    /// by an inline script to the path before the address's language
    /// (`/course/` for `/course/en/gone/`), where the book must be.
    fn not_found(&self) -> String {
        let root = Root::of("404.html");
        let blocks: String = self
            .library
            .languages()
            .iter()
            .map(|lang| {
                let toc = self.library.toc(lang);
                render(lang, &root.0, || view! { <NotFound toc=toc /> })
            })
            .collect();
        let body = format!("<main id=\"main\" tabindex=\"-1\">{blocks}</main>");
        let languages: Vec<String> = self
            .library
            .languages()
            .iter()
            .map(|l| format!("\"{l}\""))
            .collect();
        let finder = format!(
            "(function(){{var l=[{}],p=location.pathname.split(\"/\");\
             for(var i=p.length-1;i>0;i--)if(l.indexOf(p[i])>=0){{\
             document.querySelector(\"base\").href=p.slice(0,i).join(\"/\")+\"/\";return}}}})();",
            languages.join(",")
        );
        let head = Head {
            lang: SOURCE_LANG.into(),
            title: catalog().text(SOURCE_LANG, "not-found-title"),
            description: catalog().text(SOURCE_LANG, "not-found-body"),
            site_name: self.library.title(SOURCE_LANG).into(),
            assets: root.assets(&self.template),
            assets_missing: catalog().text(SOURCE_LANG, "assets-missing"),
            manifest: Some(root.manifest(SOURCE_LANG)),
            base: Some(Base {
                href: self.site_path().unwrap_or(&self.template.base).to_owned(),
                finder,
            }),
            ..Head::default()
        };
        document(&head, " data-not-found-page", &body)
    }

    /// `/`: a link to each language's contents; `public/book.js` follows
    /// the reader's (their last choice, else their browser's).
    fn root(&self, root: &Root) -> String {
        let links: String = self
            .library
            .languages()
            .iter()
            .map(|lang| {
                let tag = escape(&catalog().language_tag(lang));
                format!(
                    "<li><a href=\"{}\" hreflang=\"{tag}\" lang=\"{tag}\">{} · {}</a></li>",
                    escape(&href(&root.0, lang, None)),
                    escape(&catalog().text(lang, "language-name")),
                    escape(self.library.title(lang)),
                )
            })
            .collect();
        let choose: Vec<String> = self
            .library
            .languages()
            .iter()
            .map(|lang| escape(&catalog().text(lang, "root-choose")))
            .collect();
        let body = format!(
            "<main id=\"main\" class=\"root-page\"><h1>{}</h1><p>{}</p><ul class=\"root-languages\">{links}</ul></main>",
            escape(self.library.title(SOURCE_LANG)),
            choose.join(" · "),
        );
        let mut head = self.head(
            SOURCE_LANG,
            None,
            self.library.title(SOURCE_LANG).into(),
            catalog().text(SOURCE_LANG, "book-tagline"),
            root,
        );
        head.canonical = self.absolute("");
        document(&head, " data-root-page", &body)
    }

    /// Every page and contents page in every language, with its
    /// alternates, when the book has a `site-url`.
    fn sitemap(&self) -> Option<String> {
        self.library.site_url()?;
        let mut out = String::from(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
             <urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" \
             xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
        );
        let slugs: Vec<Option<String>> = std::iter::once(None)
            .chain(
                self.library
                    .toc(SOURCE_LANG)
                    .into_iter()
                    .map(|e| Some(e.slug)),
            )
            .collect();
        for slug in &slugs {
            let alternates = self.alternates(slug.as_deref(), &Root::of(""));
            for lang in self.library.languages() {
                let loc = self.absolute(&self.path_in(lang, slug.as_deref()))?;
                out.push_str(&format!("  <url>\n    <loc>{}</loc>\n", escape(&loc)));
                for (hreflang, href) in &alternates {
                    out.push_str(&format!(
                        "    <xhtml:link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\"/>\n",
                        escape(href)
                    ));
                }
                out.push_str("  </url>\n");
            }
        }
        out.push_str("</urlset>\n");
        Some(out)
    }

    fn robots(&self) -> String {
        let mut out = String::from("User-agent: *\nAllow: /\n");
        if let Some(url) = self
            .absolute("sitemap.xml")
            .filter(|_| self.library.site_url().is_some())
        {
            out.push_str(&format!("Sitemap: {url}\n"));
        }
        out
    }

    fn head(
        &self,
        lang: &str,
        slug: Option<&str>,
        title: String,
        description: String,
        root: &Root,
    ) -> Head {
        Head {
            lang: catalog().language_tag(lang),
            title,
            description,
            site_name: self.library.title(lang).into(),
            canonical: self.absolute(&self.path_in(lang, slug)),
            alternates: self.alternates(slug, root),
            assets: root.assets(&self.template),
            assets_missing: catalog().text(lang, "assets-missing"),
            manifest: Some(root.manifest(lang)),
            base: None,
        }
    }

    fn frame(
        &self,
        lang: &str,
        slug: Option<&str>,
        sections: Vec<crate::book::markdown::Section>,
        root: &Root,
    ) -> Frame {
        let search = self
            .search
            .get(lang)
            .zip(self.template.modules.get(&WasmModule::Search))
            .map(|(index, module)| SearchFiles {
                index: format!("{}/{}", root.0, index.path),
                glue: root.asset(&self.template, &module.glue),
                wasm: root.asset(&self.template, &module.wasm),
            });
        Frame {
            search,
            title: self.library.title(lang).into(),
            toc: self.library.toc(lang),
            slug: slug.map(str::to_owned),
            sections,
            languages: self
                .library
                .languages()
                .iter()
                .map(|l| LanguageLink {
                    code: l.clone(),
                    name: catalog().text(l, "language-name"),
                    progress: self.progress_note(l),
                })
                .collect(),
        }
    }

    /// `lang`'s "translation in progress" note, if it has one.
    fn progress_note(&self, lang: &str) -> Option<String> {
        self.progress.get(lang).cloned()
    }

    /// This page in every language, and English as `x-default`: absolute
    /// URLs with a `site-url`, else relative to the page's `root`.
    fn alternates(&self, slug: Option<&str>, root: &Root) -> Vec<(String, String)> {
        let url = |lang: &str| {
            let path = self.path_in(lang, slug);
            self.absolute(&path)
                .unwrap_or_else(|| format!("{}/{path}", root.0))
        };
        self.library
            .languages()
            .iter()
            .map(|l| (catalog().language_tag(l), url(l)))
            .chain(std::iter::once(("x-default".to_owned(), url(SOURCE_LANG))))
            .collect()
    }

    /// A page's path relative to the base: `es/running-jobs/`.
    fn path_in(&self, lang: &str, slug: Option<&str>) -> String {
        href("", lang, slug).trim_start_matches('/').to_owned()
    }

    /// The path of the `site-url` (`/course/` for
    /// `https://example.org/course/`), if the book has one.
    fn site_path(&self) -> Option<&str> {
        let url = self.library.site_url()?;
        let after_scheme = url.find("://").map_or(0, |i| i + 3);
        Some(
            url[after_scheme..]
                .find('/')
                .map_or("/", |i| &url[after_scheme + i..]),
        )
    }

    /// `path` (relative to the base) as an absolute URL, with a `site-url`.
    fn absolute(&self, path: &str) -> Option<String> {
        self.library.site_url().map(|site| format!("{site}{path}"))
    }
}

/// `lang`'s search index as a file, `search-<lang>-<hash>.txt` after its
/// content (a host may cache it for good), with the result counts in
/// `lang`'s words and plural rules.
fn search_index(library: &Library, lang: &str) -> OutputFile {
    let text = Index::of_book(library, catalog(), lang).to_text();
    let hash = Sha256::digest(text.as_bytes());
    let hex: String = hash[..8].iter().map(|b| format!("{b:02x}")).collect();
    OutputFile {
        path: format!("search-{lang}-{hex}.txt"),
        text,
    }
}

/// Whether a page whose islands use `modules` carries the strings file
/// `path`: every `.ftl` file, but one named after a module (`shell.ftl`)
/// only with that module.
fn wanted_strings(path: &str, modules: &BTreeSet<WasmModule>) -> bool {
    let Some(stem) = path.rsplit('/').next().and_then(|f| f.strip_suffix(".ftl")) else {
        return false;
    };
    WasmModule::ALL
        .iter()
        .find(|m| m.name() == stem)
        .is_none_or(|m| modules.contains(m))
}

/// Where a written file sits relative to the site's root, as the prefix
/// its URLs start with: `../..` for `en/running-jobs/index.html`, `.` for
/// `index.html`. Every URL a page holds is relative, so the same `dist/`
/// works at a host's root and under any path, with no build flag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root(String);

impl Root {
    /// The root as seen from the file at `path` (relative to `dist/`).
    pub fn of(path: &str) -> Self {
        let depth = path.matches('/').count();
        Self(match depth {
            0 => ".".to_owned(),
            _ => vec![".."; depth].join("/"),
        })
    }

    /// Trunk's `url` (under the build's base) as seen from this root.
    fn asset(&self, template: &Template, url: &str) -> String {
        match url.strip_prefix(&template.base) {
            Some(rest) => format!("{}/{rest}", self.0),
            None => url.to_owned(),
        }
    }

    /// `lang`'s web app manifest as seen from this root.
    fn manifest(&self, lang: &str) -> String {
        format!("{}/{lang}/{MANIFEST}", self.0)
    }

    /// Trunk's tags with their URLs as seen from this root.
    fn assets(&self, template: &Template) -> Vec<String> {
        let (built, here) = (format!("=\"{}", template.base), format!("=\"{}/", self.0));
        template
            .assets
            .iter()
            .map(|tag| tag.replace(&built, &here))
            .collect()
    }
}

/// Renders a view to HTML inside its own reactive owner, with the page's
/// language and root as context.
fn render<V: IntoView + 'static>(lang: &str, base: &str, view: impl FnOnce() -> V) -> String {
    let owner = Owner::new();
    let lang = lang.to_owned();
    let base = base.to_owned();
    owner.with(move || {
        provide_context(I18n {
            lang: Memo::new(move |_| lang.clone()),
            base: StoredValue::new(base),
        });
        view().into_view().to_html()
    })
}

#[cfg(test)]
mod tests;
