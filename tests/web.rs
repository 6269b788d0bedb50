//! Browser tests (wasm-bindgen-test in headless Chromium): components
//! mounted into a real DOM, clicked, and read back.
#![cfg(target_arch = "wasm32")]

use gpu_book::book::{Block, SOURCE_LANG};
use gpu_book::ui::{PageArticle, ThemeToggle, book};
use gpu_book::widgets::WidgetHost;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh element in the page to mount into.
fn container() -> web_sys::HtmlElement {
    let doc = document();
    let el = doc.create_element("div").expect("create div");
    doc.body().expect("body").append_child(&el).expect("append");
    el.unchecked_into()
}

fn rendered(slug: &str) -> gpu_book::book::RenderedPage {
    let labels = book().catalog.labels(SOURCE_LANG);
    book()
        .library
        .render(SOURCE_LANG, slug, "/en/", &labels)
        .expect("page exists")
}

#[wasm_bindgen_test]
async fn a_page_mounts_with_headings_code_and_live_widgets() {
    let root = container();
    let page = rendered("running-jobs");
    let widgets = page
        .doc
        .blocks
        .iter()
        .filter(|b| matches!(b, Block::Widget(_)))
        .count();
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <PageArticle page=page.clone() /> },
    );
    leptos::task::tick().await;
    let html = root.inner_html();
    assert!(html.contains("<h2 id=\"nccl\">"), "NCCL section missing");
    assert!(
        root.query_selector(".code-block .copy-button")
            .expect("query")
            .is_some()
    );
    let live = root
        .query_selector_all(
            ".widget.young-daly, .widget.fair-share, .widget.ring-allreduce, .widget.slurm-shell",
        )
        .expect("query")
        .length() as usize;
    assert_eq!(live, widgets, "every widget of the chapter is live");
    assert!(widgets >= 4, "the chapter places every widget");
    assert!(!html.contains("<script"), "no script from content");
    drop(handle);
}

#[wasm_bindgen_test]
async fn the_copy_button_confirms_and_resets_its_label() {
    let root = container();
    let page = rendered("running-jobs");
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <PageArticle page=page.clone() /> },
    );
    leptos::task::tick().await;
    let button: web_sys::HtmlElement = root
        .query_selector(".copy-button")
        .expect("query")
        .expect("a copy button")
        .unchecked_into();
    assert_eq!(button.text_content().as_deref(), Some("Copy"));
    button.click();
    assert_eq!(button.text_content().as_deref(), Some("Copied"));
    assert_eq!(
        button.get_attribute("data-state").as_deref(),
        Some("copied")
    );
    drop(handle);
}

#[wasm_bindgen_test]
async fn the_theme_toggle_flips_and_remembers() {
    let root = container();
    let html = document().document_element().expect("html");
    html.set_attribute("data-theme", "light").expect("set");
    let handle = leptos::mount::mount_to(root.clone(), ThemeToggle);
    leptos::task::tick().await;
    let button: web_sys::HtmlElement = root
        .query_selector("button.theme-toggle")
        .expect("query")
        .expect("toggle")
        .unchecked_into();
    assert_eq!(
        button.get_attribute("aria-label").as_deref(),
        Some("Switch to the dark theme")
    );
    button.click();
    leptos::task::tick().await;
    assert_eq!(html.get_attribute("data-theme").as_deref(), Some("dark"));
    let saved = window()
        .local_storage()
        .expect("storage")
        .expect("storage")
        .get_item("gpu-book-theme");
    assert_eq!(saved.expect("get").as_deref(), Some("dark"));
    assert_eq!(
        button.get_attribute("aria-label").as_deref(),
        Some("Switch to the light theme")
    );
    button.click();
    assert_eq!(html.get_attribute("data-theme").as_deref(), Some("light"));
    drop(handle);
}

#[wasm_bindgen_test]
async fn a_lab_directive_opens_its_prepared_cluster() {
    let mount = |params: &str| {
        let root = container();
        let directive = gpu_book::book::WidgetDirective::parse("widget slurm-shell", params)
            .expect("valid directive");
        let handle = leptos::mount::mount_to(
            root.clone(),
            move || view! { <WidgetHost directive=directive.clone() /> },
        );
        (root, handle)
    };
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage");
    // A corrupt save starts the lab fresh and says so.
    storage
        .set_item(
            "gpu-book.lab.the-slow-lane",
            "gpu-book-lab 1 the-slow-lane x\nL ls",
        )
        .expect("set");
    let (lab, lab_handle) = mount("lab = \"the-slow-lane\"");
    let (shell, shell_handle) = mount("cluster = \"default\"");
    leptos::task::tick().await;
    let text = lab.text_content().unwrap_or_default();
    assert!(
        text.contains("on call for this eight-node cluster"),
        "{text}"
    );
    assert!(text.contains("alice@login1:~$"), "{text}");
    assert!(text.contains("could not be read"), "{text}");
    let goals = lab.query_selector_all(".lab-goal").expect("query").length();
    assert_eq!(goals, 4);
    let done = lab
        .query_selector_all(".lab-goal.done")
        .expect("query")
        .length();
    assert_eq!(done, 0);
    // The fresh lab was saved over the corrupt one.
    let saved = storage
        .get_item("gpu-book.lab.the-slow-lane")
        .ok()
        .flatten()
        .unwrap_or_default();
    assert!(
        saved.starts_with("gpu-book-lab 1 the-slow-lane "),
        "{saved}"
    );
    // The chapter's shell has no checklist.
    let text = shell.text_content().unwrap_or_default();
    assert!(text.contains("four nodes of eight GPUs"), "{text}");
    assert!(shell.query_selector(".lab-panel").expect("query").is_none());
    drop(lab_handle);
    drop(shell_handle);
    let _ = storage.remove_item("gpu-book.lab.the-slow-lane");
}

#[wasm_bindgen_test]
async fn the_checkpoint_explorer_recomputes_as_the_reader_types() {
    let root = container();
    let handle = leptos::mount::mount_to(root.clone(), || {
        view! { <gpu_book::widgets::YoungDalyExplorer preset=Some("8-gpus".to_owned()) /> }
    });
    leptos::task::tick().await;
    let text = |id: &str| {
        root.query_selector(&format!("[data-testid=\"{id}\"]"))
            .expect("query")
            .and_then(|e| e.text_content())
    };
    let before = text("yd-young").expect("young's interval shown");
    let input: web_sys::HtmlInputElement = root
        .query_selector("#yd-checkpoint")
        .expect("query")
        .expect("field")
        .unchecked_into();
    let type_in = |value: &str| {
        input.set_value(value);
        let event = web_sys::Event::new_with_event_init_dict("input", &{
            let init = web_sys::EventInit::new();
            init.set_bubbles(true);
            init
        })
        .expect("event");
        input.dispatch_event(&event).expect("dispatch");
    };
    type_in("30 s");
    leptos::task::tick().await;
    assert_ne!(text("yd-young").expect("still shown"), before);
    type_in("zero");
    leptos::task::tick().await;
    let error = root
        .query_selector("#yd-checkpoint-error")
        .expect("query")
        .and_then(|e| e.text_content());
    assert_eq!(
        error.as_deref(),
        Some("This is not a number. Write a number and a unit, e.g. 5 min.")
    );
    assert!(text("yd-young").is_some(), "the last valid result stays");
    assert!(
        root.query_selector(".chart-svg svg")
            .expect("query")
            .is_some()
    );
    drop(handle);
}

#[wasm_bindgen_test]
async fn broken_content_shows_a_notice_never_a_blank_page() {
    let root = container();
    let labels = book().catalog.labels(SOURCE_LANG);
    let opts = gpu_book::book::markdown::RenderOptions {
        href_prefix: "/en/",
        page: "broken",
        labels: &labels,
    };
    let markdown =
        "# Broken\n\n## Twice {#a}\n\n## Twice {#a}\n\n```widget pie-chart\n```\n\nText stays.\n";
    let page = gpu_book::book::RenderedPage {
        doc: gpu_book::book::markdown::render(markdown, 0, &opts),
        text_lang: SOURCE_LANG.to_owned(),
        slug: "broken".to_owned(),
        path: "content/en/broken.md".to_owned(),
    };
    let handle = leptos::mount::mount_to(
        root.clone(),
        move || view! { <PageArticle page=page.clone() /> },
    );
    leptos::task::tick().await;
    let notices = root
        .query_selector_all(".content-notice")
        .expect("query")
        .length();
    assert_eq!(
        notices, 2,
        "one for the duplicate id, one for the unknown widget"
    );
    let text = root.text_content().unwrap_or_default();
    assert!(
        text.contains("content/en/broken.md:5: section id `a` is used twice"),
        "{text}"
    );
    assert!(text.contains("unknown widget `pie-chart`"), "{text}");
    assert!(text.contains("Text stays."));
    drop(handle);
}

#[wasm_bindgen_test]
fn the_embedded_book_has_both_languages_in_wasm() {
    let languages = book().library.languages();
    assert_eq!(languages, ["en", "es"]);
    assert_eq!(book().catalog.text("es", "nav-next"), "Siguiente");
}

#[wasm_bindgen_test]
async fn the_wgsl_ring_matches_the_cpu_reference_in_the_browser() {
    use gpu_book::gpu::{GpuContext, ring_allreduce};
    use gpu_book::sim::allreduce::{explorer, ring_schedule};
    // webdriver.json passes --enable-unsafe-webgpu: SwiftShader's adapter.
    let ctx = match GpuContext::new().await {
        Ok(ctx) => ctx,
        Err(why) => {
            web_sys::console::log_1(&format!("skipped, no WebGPU here: {why}").into());
            return;
        }
    };
    for (ranks, len) in [(2, 1), (3, 10), (8, 1001)] {
        let schedule = ring_schedule(ranks, len).expect("schedule");
        let initial = explorer::initial_buffers(ranks, len, |v| v as f32);
        for steps in [1, schedule.step_count()] {
            let check = ring_allreduce::check(&ctx, &schedule, &initial, steps)
                .await
                .expect("runs on the GPU");
            assert!(
                check.matches(),
                "{ranks} ranks, {len} elements, {steps} steps: {:?}",
                check.mismatch
            );
        }
    }
}
