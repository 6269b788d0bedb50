//! Browser tests (wasm-bindgen-test in headless Chromium): components
//! mounted into a real DOM, clicked, and read back.
#![cfg(target_arch = "wasm32")]

use gpu_book::ui::strings;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

/// The interface strings, as a page with widgets carries them (the wasm
/// has none of its own): lowered from the locale files as the build
/// lowers them.
fn carry_strings() {
    let doc = document();
    let selector = format!("script[type=\"{}\"]", gpu_book::ui::STRINGS_TYPE);
    if doc.query_selector(&selector).expect("query").is_some() {
        return;
    }
    let mut sources = gpu_book::sources::Sources::default();
    sources.insert("locales/en/ui.ftl", include_str!("../locales/en/ui.ftl"));
    sources.insert("locales/es/ui.ftl", include_str!("../locales/es/ui.ftl"));
    let catalog = gpu_book::i18n::Catalog::load(&sources);
    for lang in ["en", "es"] {
        let el = doc.create_element("script").expect("script");
        el.set_attribute("type", gpu_book::ui::STRINGS_TYPE)
            .expect("type");
        el.set_attribute("data-lang", lang).expect("lang");
        el.set_text_content(Some(&catalog.compiled(lang, |_| true)));
        doc.body().expect("body").append_child(&el).expect("append");
    }
}

/// A fresh element in the page to mount into.
fn container() -> web_sys::HtmlElement {
    carry_strings();
    let doc = document();
    let el = doc.create_element("div").expect("create div");
    doc.body().expect("body").append_child(&el).expect("append");
    el.unchecked_into()
}

/// An island as the build writes it: a widget's name, language and
/// parameters as attributes, around its first state.
fn island(attrs: &[(&str, &str)]) -> web_sys::HtmlElement {
    let el = container();
    for (name, value) in attrs {
        el.set_attribute(name, value).expect("set attribute");
    }
    el.set_inner_html("<p class=\"first-state\">as built</p>");
    el
}

#[wasm_bindgen_test]
async fn an_island_comes_alive_in_its_own_language_in_place_of_its_first_state() {
    let el = island(&[
        ("data-island", "young-daly"),
        ("data-lang", "es"),
        ("data-p-preset", "8-gpus"),
    ]);
    gpu_book::islands::mount(el.clone(), gpu_book::widgets::widgets_module);
    leptos::task::tick().await;
    // Marked live once the parts it builds in later tasks are live too.
    for _ in 0..3 {
        if el.has_attribute("data-live") {
            break;
        }
        next_task().await;
    }
    assert!(el.has_attribute("data-live"));
    assert!(
        el.query_selector(".first-state").expect("query").is_none(),
        "the first state is replaced, not kept beside the live widget"
    );
    let text = el.text_content().unwrap_or_default();
    assert!(
        text.contains("Explorador del intervalo de checkpoint"),
        "{text}"
    );
    // The preset arrived: 8 GPUs in the GPUs field.
    let gpus: web_sys::HtmlInputElement = el
        .query_selector("#yd-gpus")
        .expect("query")
        .expect("field")
        .unchecked_into();
    assert_eq!(gpus.value(), "8");
}

#[wasm_bindgen_test]
async fn an_island_with_a_bad_parameter_shows_a_notice_in_its_place() {
    let el = island(&[
        ("data-island", "ring-allreduce"),
        ("data-lang", "en"),
        ("data-p-ranks", "999"),
    ]);
    gpu_book::islands::mount(el.clone(), gpu_book::widgets::widgets_module);
    leptos::task::tick().await;
    let text = el.text_content().unwrap_or_default();
    assert!(
        text.contains("This part of the page could not be shown."),
        "{text}"
    );
    assert!(text.contains("must be an integer from 2 to 64"), "{text}");
    let unknown = island(&[("data-island", "pie-chart")]);
    gpu_book::islands::mount(unknown.clone(), gpu_book::widgets::widgets_module);
    leptos::task::tick().await;
    let text = unknown.text_content().unwrap_or_default();
    assert!(text.contains("unknown widget `pie-chart`"), "{text}");
}

#[wasm_bindgen_test]
async fn each_module_mounts_its_own_widgets_and_names_the_other_for_the_rest() {
    let shell = island(&[("data-island", "slurm-shell"), ("data-lang", "en")]);
    gpu_book::widgets::mount_shell(shell.clone());
    assert!(
        shell
            .query_selector("input, textarea")
            .expect("query")
            .is_some(),
        "the shell's module brings the shell to life"
    );
    let elsewhere = island(&[("data-island", "young-daly"), ("data-lang", "en")]);
    gpu_book::widgets::mount_shell(elsewhere.clone());
    let text = elsewhere.text_content().unwrap_or_default();
    assert!(
        text.contains("young-daly is not in gpu-book-shell"),
        "{text}"
    );
    let shell_in_book = island(&[("data-island", "slurm-shell"), ("data-lang", "en")]);
    gpu_book::islands::mount(shell_in_book.clone(), gpu_book::widgets::widgets_module);
    leptos::task::tick().await;
    let text = shell_in_book.text_content().unwrap_or_default();
    assert!(
        text.contains("slurm-shell is not in gpu-book-widgets"),
        "{text}"
    );
}

/// Waits for the browser's next task (a zero timeout), where widgets put
/// off work that would lengthen their mount.
async fn next_task() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 0);
        }
    });
    let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    leptos::task::tick().await;
}

#[wasm_bindgen_test]
async fn a_lab_directive_opens_its_prepared_cluster() {
    let mount = |param: (&str, &str)| {
        let root = island(&[("data-island", "slurm-shell"), ("data-lang", "en"), param]);
        gpu_book::widgets::mount_shell(root.clone());
        root
    };
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .expect("localStorage");
    // A corrupt progress document starts the lab fresh and says so.
    storage
        .set_item(
            "gpu-book.progress",
            "gpu-book-progress 1\nlab the-slow-lane seed=x\nL ls",
        )
        .expect("set");
    let lab = mount(("data-p-lab", "the-slow-lane"));
    let shell = mount(("data-p-cluster", "default"));
    // Until the next task the lab shows what it opens on, with no incident.
    let text = lab.text_content().unwrap_or_default();
    assert!(
        text.contains("on call for this eight-node cluster"),
        "{text}"
    );
    assert!(text.contains("alice@login1:~$"), "{text}");
    let seed = || {
        lab.query_selector("[data-fact=lab-incident-seed]")
            .ok()
            .flatten()
            .and_then(|e| e.text_content())
            .unwrap_or_default()
    };
    assert_eq!(seed(), "…");
    next_task().await;
    let text = lab.text_content().unwrap_or_default();
    assert!(text.contains("alice@login1:~$"), "{text}");
    assert!(text.contains("could not be read"), "{text}");
    assert!(seed().parse::<u64>().is_ok(), "{}", seed());
    let goals = lab.query_selector_all(".lab-goal").expect("query").length();
    assert_eq!(goals, 4);
    let done = lab
        .query_selector_all(".lab-goal.done")
        .expect("query")
        .length();
    assert_eq!(done, 0);
    // The fresh lab was saved in a fresh document; the corrupt one is kept
    // aside.
    let stored = |key: &str| storage.get_item(key).ok().flatten().unwrap_or_default();
    let saved = stored("gpu-book.progress");
    assert!(
        saved.starts_with("gpu-book-progress 2\nlab the-slow-lane seed="),
        "{saved}"
    );
    assert!(
        stored("gpu-book.progress.unreadable").contains("seed=x"),
        "kept aside"
    );
    // The chapter's shell has no checklist.
    let text = shell.text_content().unwrap_or_default();
    assert!(text.contains("four nodes of eight GPUs"), "{text}");
    assert!(shell.query_selector(".lab-panel").expect("query").is_none());
    let _ = storage.remove_item("gpu-book.progress");
    let _ = storage.remove_item("gpu-book.progress.unreadable");
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
    let reading = |root: &web_sys::Element| {
        root.query_selector("#yd-checkpoint-reading")
            .expect("query")
            .and_then(|e| e.text_content())
    };
    assert_eq!(
        reading(&root).as_deref(),
        Some("= 30\u{a0}s"),
        "how the field read it"
    );
    type_in("zero");
    leptos::task::tick().await;
    let error = root
        .query_selector("#yd-checkpoint-error")
        .expect("query")
        .and_then(|e| e.text_content());
    assert_eq!(error.as_deref(), Some("This is not a number."));
    assert_eq!(
        reading(&root).as_deref(),
        Some(""),
        "no reading beside an error"
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
fn the_interface_strings_come_with_the_page() {
    carry_strings();
    assert_eq!(strings().text("es", "nav-next"), "Siguiente");
    assert_eq!(strings().text("en", "nav-next"), "Next");
    // Plural forms by the browser's own rules (Intl.PluralRules).
    let sections = |lang: &str, n: f64| {
        strings().format(
            lang,
            "contents-sections",
            &[("count", gpu_book::i18n::Arg::Num(n))],
        )
    };
    assert_eq!(sections("es", 1.0), "Una sección");
    assert_eq!(sections("es", 3.0), "3 secciones");
    assert_eq!(sections("en", 1.0), "One section");
    assert_eq!(sections("en", 0.0), "0 sections");
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
