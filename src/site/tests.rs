//! The built site, natively: every page in every language, its head, its
//! islands and what a page without widgets leaves out.

use super::*;
use crate::book::{Sources, WasmModule};

const TRUNK: &str = "<html><head><base href=\"/course/\">\
<link rel=\"stylesheet\" href=\"/course/style-1.css\">\
<link rel=\"icon\" href=\"/course/favicon-4.svg\">\
<script src=\"/course/book-2.js\" defer></script>\
<script type=\"module\">import init from '/course/gpu-book-3.js';await init({ module_or_path: '/course/gpu-book-3_bg.wasm' });</script>\
<link rel=\"preload\" href=\"/course/gpu-book-3_bg.wasm\" as=\"fetch\" type=\"application/wasm\">\
</head><body></body></html>";

fn site_of(sources: Sources) -> Site {
    Site::new(
        Library::new(sources),
        Template::parse(TRUNK).expect("template"),
    )
}

fn book() -> Site {
    site_of(Sources::embedded())
}

fn file<'a>(files: &'a [OutputFile], path: &str) -> &'a str {
    &files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("{path} was not written"))
        .text
}

#[test]
fn every_page_of_every_language_is_written_with_its_text() {
    let files = book().files();
    for (lang, tag) in [("en", "en"), ("es", "es-419")] {
        assert!(file(&files, &format!("{lang}/index.html")).contains("class=\"contents-list\""));
        for slug in [
            "running-jobs",
            "all-reduce",
            "containers-gpus",
            "fallen-off-the-bus",
            "the-slow-lane",
        ] {
            let html = file(&files, &format!("{lang}/{slug}/index.html"));
            assert!(
                html.contains(&format!("<html lang=\"{tag}\">")),
                "{lang}/{slug}"
            );
            assert!(html.contains("class=\"page\">"), "{lang}/{slug}");
        }
    }
    let en = file(&files, "en/running-jobs/index.html");
    assert!(en.contains("<title>2. Running Jobs · GPU Clusters in Practice</title>"));
    assert!(en.contains("<h2 id=\"nccl\">"), "headings keep their ids");
    assert!(en.contains("class=\"copy-button\""));
    assert!(
        en.contains(
            "<a href=\"../../es/running-jobs/\" hreflang=\"es-419\" lang=\"es-419\"><span class=\"lang-name\">Español</span><span aria-hidden=\"true\" class=\"lang-code\">es</span></a>"
        ),
        "Spanish is declared as Latin American Spanish, named and by its code for phones"
    );
    assert!(en.contains(
        "<link rel=\"alternate\" hreflang=\"x-default\" href=\"../../en/running-jobs/\">"
    ));
    // Every message a page shows got the variables it uses (Fluent writes
    // a missing one as a raw `{$name}`).
    // The strings for the widgets come last, as lowered lines: not shown.
    for f in &files {
        let shown = f.text.split("<script type=\"text/x-strings\"").next();
        assert!(
            !shown.unwrap_or_default().contains("{$"),
            "{} shows a raw placeholder",
            f.path
        );
    }
    // Footnotes are listed in the order they are first referred to.
    for f in &files {
        let labels: Vec<usize> = f
            .text
            .split("class=\"footnote-label\"")
            .skip(1)
            .filter_map(|rest| rest.split_once('>')?.1.split('<').next()?.parse().ok())
            .collect();
        assert!(
            labels.windows(2).all(|w| w[0] < w[1]),
            "{}: {labels:?}",
            f.path
        );
    }
    // Every URL is relative: the same dist/ works at any path.
    for (path, html) in files.iter().map(|f| (&f.path, &f.text)) {
        if path.ends_with(".html") && path != "404.html" {
            assert!(
                !html.contains("=\"/course/"),
                "{path} names the build's base"
            );
        }
    }
    assert!(file(&files, "index.html").contains("<a href=\"./es/\" hreflang=\"es-419\""));
    assert!(
        file(&files, "en/index.html").contains("<link rel=\"stylesheet\" href=\"../style-1.css\">")
    );
    let es = file(&files, "es/running-jobs/index.html");
    assert!(es.contains("2. Ejecutar trabajos"));
    assert!(es.contains("<p class=\"assets-missing\" role=\"alert\">La hoja de estilos"));
    // 404.html is served at any depth: its URLs follow a <base> that its
    // script moves to the path before the address's language.
    let not_found = file(&files, "404.html");
    assert!(not_found.contains("Página no encontrada"));
    assert!(not_found.contains("<base href=\"/course/\">"));
    assert!(not_found.contains("var l=[\"en\",\"es\"]"));
    assert!(not_found.contains("<link rel=\"stylesheet\" href=\"./style-1.css\">"));
    assert!(not_found.contains("base-uri 'self'"));
    // A way on to each page, in each language.
    for page in [
        "./en/running-jobs/",
        "./es/running-jobs/",
        "./es/the-slow-lane/",
    ] {
        assert!(
            not_found.contains(&format!("<li><a href=\"{page}\">")),
            "{page}"
        );
    }
    assert!(file(&files, "robots.txt").starts_with("User-agent: *"));
    assert!(
        files.iter().all(|f| f.path != "sitemap.xml"),
        "no sitemap without a site-url"
    );
}

#[test]
fn widgets_are_islands_with_their_first_state_and_only_their_pages_load_wasm() {
    let files = book().files();
    let chapter = file(&files, "en/running-jobs/index.html");
    for name in ["young-daly", "fair-share", "ring-allreduce", "slurm-shell"] {
        assert!(
            chapter.contains(&format!("data-island=\"{name}\"")),
            "{name}"
        );
    }
    assert!(chapter.contains("data-p-preset=\"1024-gpus\""));
    // First states: the explorer's numbers, the shell's prompt.
    assert!(chapter.contains("data-testid=\"yd-daly\""));
    assert!(chapter.contains("login1"));
    // The fields show what the numbers were worked out from, not blanks:
    // text, sliders, radio buttons and check boxes alike.
    let input = |id: &str| {
        let at = chapter.find(&format!("<input id=\"{id}\""))?;
        Some(&chapter[at..at + chapter[at..].find('>')?])
    };
    for (id, value) in [
        ("yd-gpus", "value=\"1024\""),
        ("ar-ranks", "value=\"8\""),
        ("fs-assoc-0-name", "value=\"team-a\""),
    ] {
        assert!(
            input(id).is_some_and(|i| i.contains(value)),
            "{id}: {:?}",
            input(id)
        );
    }
    for tag in chapter.split("<input").skip(1) {
        let tag = &tag[..tag.find('>').unwrap_or(0)];
        let typed = tag.contains("type=\"text\"") && !tag.contains("term-input");
        assert!(!typed || tag.contains(" value=\""), "{tag}");
    }
    let checked = |name: &str| chapter.matches(&format!("name=\"{name}\" checked")).count();
    assert_eq!(
        (
            checked("ar-algorithm"),
            checked("ar-type"),
            checked("fs-algorithm")
        ),
        (1, 1, 1)
    );
    for select in chapter.split("<select").skip(1) {
        let options = &select[..select.find("</select>").unwrap_or(0)];
        // Each list shows its choice, not its first option.
        assert!(options.contains("<option"), "{options}");
        assert_eq!(options.matches(" selected").count(), 1, "{options}");
    }
    for slider in chapter.split("<input type=\"range\"").skip(1) {
        let tag = &slider[..slider.find('>').unwrap_or(0)];
        assert!(tag.contains(" value=\""), "{tag}");
    }
    // Trunk's main application is the widgets' module; the shell's was
    // not fingerprinted here, so only the widgets' files are named.
    assert!(chapter.contains(
        "<body data-wasm-widgets=\"../../gpu-book-3_bg.wasm\" data-glue-widgets=\"../../gpu-book-3.js\">"
    ));
    // The widgets' strings come with the page, in its language only (Spanish
    // has every message English has).
    assert_eq!(
        chapter.matches("<script type=\"text/x-strings\"").count(),
        1
    );
    assert!(chapter.contains("<script type=\"text/x-strings\" data-lang=\"en\">"));
    let spanish = file(&files, "es/the-slow-lane/index.html");
    assert_eq!(
        spanish.matches("<script type=\"text/x-strings\"").count(),
        1
    );
    assert!(spanish.contains("\nsh-keys="));
    // The contents page's one island is the progress file, in the
    // exercises' module (not fingerprinted here, so not named), with each
    // lab's title as a slot.
    let contents = file(&files, "en/index.html");
    assert_eq!(contents.matches("data-island=").count(), 1);
    assert!(contents.contains("data-island=\"progress\" data-module=\"exercises\""));
    let slot = contents
        .find("data-slot=\"lab-the-slow-lane\"")
        .map(|at| &contents[at..at + 80]);
    assert!(
        slot.is_some_and(|s| s.contains(">Lab: The Slow Lane</span>")),
        "{slot:?}"
    );
    assert!(
        !contents.contains(".wasm"),
        "the widgets' module is not the contents page's"
    );
    assert!(
        contents.contains("<script src=\"../book-2.js\" defer></script>"),
        "it has the chrome's script"
    );
    let root = file(&files, "index.html");
    assert!(
        !root.contains("data-island") && !root.contains(".wasm"),
        "a page without widgets loads no wasm"
    );
    // Each exercise's texts are in the page once, as its first state's slots.
    let question = "data-slot=\"question\"";
    assert_eq!(chapter.matches(question).count(), 17);
    // A task in the shell stands with its own terminal, ids its own.
    assert!(chapter.contains("data-p-task=\"drain\""));
    assert!(chapter.contains("id=\"ex-shell-drain-node-3-sh-input\""));
    assert_eq!(chapter.matches("id=\"sh-input\"").count(), 1);
    assert!(chapter.contains("data-island=\"exercise\""));
    assert!(chapter.contains("data-p-answer=\"7200\""));
    // The contents list each page's exercises for the count of those done.
    assert!(contents.contains("data-exercises=\"cuda-ceiling xid-79-next-step"));
    assert!(contents.contains(">0 of 17 exercises done<"));
    // And each lab's goals, for the count of those met.
    assert!(contents.contains("data-lab=\"the-slow-lane\""));
    assert!(contents.contains(">0 of 4 goals met<"));
}

#[test]
fn figures_are_drawn_into_their_pages_with_their_names_in_each_language() {
    let site = book();
    for (lang, names) in [
        (
            "en",
            [
                "The CUDA software stack, from the GPU up",
                "A Slurm job&#39;s states and what moves it between them",
                "A Slurm node&#39;s states and what moves it between them",
            ],
        ),
        (
            "es",
            [
                "La pila de software CUDA, desde la GPU hacia arriba",
                "Los estados de un trabajo de Slurm y qué lo lleva de uno a otro",
                "Los estados de un nodo de Slurm y qué lo lleva de uno a otro",
            ],
        ),
    ] {
        let root = Root::of(&format!("{lang}/running-jobs/index.html"));
        let page = site.page(lang, "running-jobs", &root).expect("the chapter");
        for (figure, name) in ["cuda-stack", "job-states", "node-states"]
            .iter()
            .zip(names)
        {
            let at = page
                .find(&format!(
                    "<figure class=\"figure\" id=\"fig-{figure}\"><svg "
                ))
                .unwrap_or_else(|| panic!("{lang}: no {figure}"));
            let drawn = &page[at..];
            let end = drawn.find("</figure>").unwrap_or(drawn.len());
            let drawn = &drawn[..end];
            assert!(
                drawn.contains(&format!(
                    "aria-labelledby=\"fig-{figure}-title\" aria-describedby=\"fig-{figure}-desc\""
                )) && drawn.contains(&format!("<title id=\"fig-{figure}-title\">{name}</title>"))
                    && drawn.contains("<figcaption>"),
                "{lang} {figure}: {drawn}"
            );
        }
        // The text alternative is in the page's language, inside its article.
        let desc = if lang == "en" {
            "A job starts as PENDING"
        } else {
            "Un trabajo empieza como PENDING"
        };
        assert!(page.contains(desc), "{lang}");
        let ring = site
            .page(
                lang,
                "all-reduce",
                &Root::of(&format!("{lang}/all-reduce/index.html")),
            )
            .expect("the all-reduce page");
        assert!(ring.contains("id=\"fig-ring-vs-tree\""), "{lang}");
        assert!(
            !ring.contains("id=\"fig-cuda-stack\""),
            "{lang}: figures stay on their pages"
        );
    }
}

#[test]
fn each_island_names_its_module_and_each_page_the_files_of_those_it_uses() {
    let mut template = Template::parse(TRUNK).expect("template");
    for (module, stem) in [
        (WasmModule::Exercises, "x-6"),
        (WasmModule::Widgets, "w-4"),
        (WasmModule::Shell, "s-5"),
    ] {
        let files = ModuleFiles {
            glue: format!("/course/{stem}.js"),
            wasm: format!("/course/{stem}_bg.wasm"),
        };
        template.modules.insert(module, files);
    }
    let files = Site::new(Library::new(Sources::embedded()), template).files();
    let named = |module: &str, stem: &str| {
        format!(
            " data-wasm-{module}=\"../../{stem}_bg.wasm\" data-glue-{module}=\"../../{stem}.js\""
        )
    };
    for (page, modules) in [
        (
            "en/running-jobs/index.html",
            vec![("widgets", "w-4"), ("shell", "s-5")],
        ),
        (
            "es/running-jobs/index.html",
            vec![("widgets", "w-4"), ("shell", "s-5")],
        ),
        ("en/the-slow-lane/index.html", vec![("shell", "s-5")]),
        ("es/fallen-off-the-bus/index.html", vec![("shell", "s-5")]),
        ("en/all-reduce/index.html", vec![("widgets", "w-4")]),
        ("es/containers-gpus/index.html", vec![("exercises", "x-6")]),
    ] {
        let html = file(&files, page);
        let body: String = modules.iter().map(|(m, stem)| named(m, stem)).collect();
        assert!(
            html.contains(&format!("<body{body}>")),
            "{page} should name {modules:?}"
        );
    }
    // In the chapter the shell and its tasks come alive in the shell's
    // module, every other widget, exercises included, in the widgets'.
    let chapter = file(&files, "en/running-jobs/index.html");
    assert!(chapter.contains("data-island=\"slurm-shell\" data-module=\"shell\""));
    assert!(chapter.contains("data-island=\"young-daly\" data-module=\"widgets\""));
    let tasks = chapter.matches("data-module=\"shell\"").count();
    assert_eq!(tasks, 1 + chapter.matches("data-p-kind=\"shell\"").count());
    assert!(!chapter.contains("data-module=\"exercises\""));
    // The shell's strings (`shell.ftl`) go only with the shell's pages.
    let help = "\nsh-help-cmd-sbatch=";
    for (page, carries) in [
        ("en/running-jobs/index.html", true),
        ("es/the-slow-lane/index.html", true),
        ("en/all-reduce/index.html", false),
        ("es/containers-gpus/index.html", false),
    ] {
        let html = file(&files, page);
        assert_eq!(html.contains(help), carries, "{page}");
        assert!(html.contains("\nlanguage-name="), "{page}: ui.ftl");
    }
}

#[test]
fn a_site_url_gives_canonical_links_and_a_sitemap() {
    let mut sources = Sources::embedded();
    let manifest = sources
        .get("content/en/book.toml")
        .expect("manifest")
        .to_owned();
    sources.insert(
        "content/en/book.toml",
        manifest.replacen("\n", "\nsite-url = \"https://example.org/course/\"\n", 1),
    );
    let files = site_of(sources).files();
    let page = file(&files, "es/all-reduce/index.html");
    assert!(
        page.contains(
            "<link rel=\"canonical\" href=\"https://example.org/course/es/all-reduce/\">"
        )
    );
    assert!(page.contains(
        "<meta property=\"og:url\" content=\"https://example.org/course/es/all-reduce/\">"
    ));
    let sitemap = file(&files, "sitemap.xml");
    assert_eq!(
        sitemap.matches("<url>").count(),
        12,
        "contents and five pages, in two languages"
    );
    assert!(sitemap.contains("<loc>https://example.org/course/en/the-slow-lane/</loc>"));
    assert!(file(&files, "404.html").contains("<base href=\"/course/\">"));
    assert!(file(&files, "robots.txt").contains("Sitemap: https://example.org/course/sitemap.xml"));
}

#[test]
fn broken_content_shows_a_notice_never_a_blank_page() {
    let mut sources = Sources::embedded();
    sources.insert(
        "content/en/all-reduce.md",
        "# Broken\n\n## Twice {#a}\n\n## Twice {#a}\n\n```widget pie-chart\n```\n\nText stays.\n",
    );
    let html = site_of(sources)
        .page("en", "all-reduce", &Root::of("en/all-reduce/index.html"))
        .expect("page");
    assert_eq!(
        html.matches("class=\"content-notice\"").count(),
        2,
        "{html}"
    );
    assert!(html.contains("content/en/all-reduce.md:5: section id `a` is used twice"));
    assert!(html.contains("unknown widget `pie-chart`"));
    assert!(html.contains("Text stays."));
}

#[test]
fn a_translation_in_progress_says_how_far_along_it_is() {
    let mut sources = Sources::embedded();
    let manifest = sources
        .get("content/en/book.toml")
        .unwrap_or_default()
        .replacen("title = ", "status = \"in-progress\"\ntitle = ", 1);
    sources.insert("content/pt/book.toml", manifest);
    let files = site_of(sources).files();
    let note = |path: &str| {
        let html = file(&files, path);
        let start = html.find("<small class=\"lang-progress\">")?;
        let end = html[start..].find("</small>")?;
        Some(html[start..start + end].to_owned())
    };
    // Beside Portuguese in every page's switch, and on its contents page.
    let beside = note("en/running-jobs/index.html").expect("a note beside Portuguese");
    assert!(beside.contains("translation in progress: "), "{beside}");
    assert!(beside.contains("% done"), "{beside}");
    let pt = file(&files, "pt/index.html");
    assert!(
        pt.contains("\"fallback-note\">translation in progress: 0% done</p>"),
        "nothing of it is translated yet"
    );
    // Complete languages carry no note.
    assert_eq!(
        file(&files, "en/running-jobs/index.html")
            .matches("lang-progress")
            .count(),
        1
    );
    assert!(!file(&files, "en/index.html").contains("class=\"fallback-note\""));
}

#[test]
fn each_language_has_a_manifest_and_every_page_links_its_own() {
    let files = book().files();
    for (lang, tag, name, short, update) in [
        (
            "en",
            "en",
            "GPU Clusters in Practice",
            "GPU Clusters",
            "A new version of this book is ready.",
        ),
        (
            "es",
            "es-419",
            "Clústeres de GPU en la práctica",
            "Clústeres GPU",
            "Hay una versión nueva de este libro.",
        ),
    ] {
        let json = file(&files, &format!("{lang}/manifest.webmanifest"));
        for line in [
            format!("\"name\": \"{name}\","),
            format!("\"short_name\": \"{short}\","),
            format!("\"lang\": \"{tag}\","),
            // Relative to the manifest in `<lang>/`: the contents page and
            // the whole book, at whatever path the build is served.
            "\"start_url\": \"./\",".into(),
            "\"scope\": \"../\",".into(),
            "\"src\": \"../favicon-4.svg\"".into(),
        ] {
            assert!(json.contains(&line), "{lang}: {line} in {json}");
        }
        assert!(!json.contains("/course/"), "no absolute path: {json}");
        for f in files
            .iter()
            .filter(|f| f.path.starts_with(&format!("{lang}/")) && f.path.ends_with(".html"))
        {
            let depth = f.path.matches('/').count();
            let href = format!(
                "{}/{lang}/manifest.webmanifest",
                vec![".."; depth].join("/")
            );
            assert!(
                f.text
                    .contains(&format!("<link rel=\"manifest\" href=\"{href}\">")),
                "{} links {href}",
                f.path
            );
            assert!(f.text.contains("<meta name=\"theme-color\""), "{}", f.path);
            assert!(
                f.text.contains(&format!("data-message=\"{update}\"")),
                "{} offers a new version in its language",
                f.path
            );
        }
    }
    // The language chooser and 404.html (relative to its `<base>`) link English's.
    for path in ["index.html", "404.html"] {
        assert!(
            file(&files, path)
                .contains("<link rel=\"manifest\" href=\"./en/manifest.webmanifest\">"),
            "{path}"
        );
    }
    // The worker is written after these, by render-book, never by `files`.
    assert!(files.iter().all(|f| f.path != SERVICE_WORKER));
}

#[test]
fn every_page_has_a_search_box_naming_its_languages_index() {
    let mut template = Template::parse(TRUNK).expect("template");
    template.modules.insert(
        WasmModule::Search,
        ModuleFiles {
            glue: "/course/q-7.js".into(),
            wasm: "/course/q-7_bg.wasm".into(),
        },
    );
    let files = Site::new(Library::new(Sources::embedded()), template).files();
    for (lang, name) in [("en", "Search the book"), ("es", "Buscar en el libro")] {
        let index = files
            .iter()
            .find(|f| f.path.starts_with(&format!("search-{lang}-")) && f.path.ends_with(".txt"))
            .unwrap_or_else(|| panic!("no {lang} index written"));
        assert!(crate::search::Index::parse(&index.text).is_ok(), "{lang}");
        for (page, root) in [
            (format!("{lang}/index.html"), ".."),
            (format!("{lang}/running-jobs/index.html"), "../.."),
        ] {
            let html = file(&files, &page);
            for attr in [
                format!("data-index=\"{root}/{}\"", index.path),
                format!("data-glue=\"{root}/q-7.js\""),
                format!("data-wasm=\"{root}/q-7_bg.wasm\""),
                format!("data-root=\"{root}/{lang}/\""),
                "type=\"search\"".to_owned(),
                format!("aria-label=\"{name}\""),
            ] {
                assert!(html.contains(&attr), "{page}: {attr}");
            }
            assert!(
                html.contains("role=\"status\" aria-live=\"polite\""),
                "{page}"
            );
        }
    }
    // A build without the search module shows no box that cannot answer.
    assert!(!file(&book().files(), "en/index.html").contains("type=\"search\""));
}
