//! The reader's progress as a file, on the contents page: "Save to a
//! file" downloads the one progress document (`crate::progress`) as it is
//! stored, which an instructor can check with `slurm-shell --verify`;
//! "Load from a file" imports one back, merging it with what this browser
//! keeps ([`Progress::import`]): a lab that both have, differently, is
//! the reader's choice, with the one further along proposed. A file that
//! is too large, not a progress document, or from a newer book changes
//! nothing and says why. The texts it needs from the page (each lab's
//! title) arrive as the island's slots, `lab-<slug>`.

use crate::sorted::SortedMap;

use leptos::prelude::*;

use crate::book::WidgetDirective;
use crate::i18n::Arg;
use crate::progress::merge::{ImportPlan, Side};
use crate::progress::{KEY, MAX_BYTES, Progress, ProgressError};
use crate::ui::browser::stored;
use crate::ui::progress::{change, load, reason};
use crate::ui::{I18n, use_i18n};

/// The name a saved file is offered under.
const FILE_NAME: &str = "gpu-book-progress.txt";
/// The event `public/book.js` recounts the contents page's progress on.
const CHANGED_EVENT: &str = "gpu-book-progress";

/// The widget a directive carries (its slots name the labs).
pub fn progress_view(directive: &WidgetDirective) -> AnyView {
    let mut titles = SortedMap::new();
    for (key, title) in &directive.texts {
        if let Some(slug) = key.strip_prefix("lab-") {
            titles.insert(slug.to_owned(), title.clone());
        }
    }
    view! { <ProgressFile titles=titles /> }.into_any()
}

/// What the last action did.
#[derive(Debug, Clone, PartialEq)]
enum Status {
    /// Nothing yet.
    None,
    /// The file was offered for download.
    Saved,
    /// The browser would not make the file.
    NotSaved,
    /// Imported: exercises and labs taken from the file.
    Imported { exercises: usize, labs: usize },
    /// The file holds nothing this browser lacks.
    NothingNew,
    /// The reader cancelled the import.
    Cancelled,
    /// The file is larger than [`MAX_BYTES`].
    TooLarge,
    /// The browser could not read the file.
    NotRead,
    /// The file is not a progress document (why).
    Unreadable(ProgressError),
    /// The file, or what this browser keeps, is from a newer book.
    Newer,
}

/// A file read, waiting for the reader's choices.
#[derive(Debug, Clone, PartialEq)]
struct Pending {
    incoming: Progress,
    plan: ImportPlan,
}

#[component]
fn ProgressFile(titles: SortedMap<String, String>) -> impl IntoView {
    let i18n = use_i18n();
    // Kept in the page for the next mount (see `islands`).
    let slots = titles
        .iter()
        .map(|(slug, title)| {
            view! { <span hidden data-slot=format!("lab-{slug}") inner_html=title.clone()></span> }
        })
        .collect_view();
    let status = RwSignal::new(Status::None);
    let pending = RwSignal::new(None::<Pending>);
    let choices = RwSignal::new(SortedMap::<String, Side>::new());
    let save = move |_| {
        let loaded = load();
        let text = match loaded.problem {
            // A newer book's document is the reader's too: saved as it is.
            Some(ProgressError::Newer(_)) => stored(KEY).unwrap_or_default(),
            _ => loaded.progress.to_text(),
        };
        status.set(if download(FILE_NAME, &text) {
            Status::Saved
        } else {
            Status::NotSaved
        });
    };
    let on_file = move |ev: leptos::ev::Event| {
        let input = event_target::<web_sys::HtmlInputElement>(&ev);
        let file = input.files().and_then(|f| f.get(0));
        // The same file may be chosen again after a fix.
        input.set_value("");
        let Some(file) = file else { return };
        if file.size() > MAX_BYTES as f64 {
            status.set(Status::TooLarge);
            return;
        }
        let started = read_text(&file, move |text| match text {
            Some(text) => read_file(&text, status, pending, choices),
            None => status.set(Status::NotRead),
        });
        if !started {
            status.set(Status::NotRead);
        }
    };
    let apply = move |_| {
        if let Some(p) = pending.get_untracked() {
            let chosen = choices.get_untracked();
            status.set(apply_import(&p.incoming, &chosen, &p.plan));
        }
        pending.set(None);
    };
    let cancel = move |_| {
        pending.set(None);
        status.set(Status::Cancelled);
    };
    let conflicts = move || {
        pending.get().map(|p| {
            let rows = p
                .plan
                .conflicts
                .into_iter()
                .map(|c| {
                    let title = titles.get(&c.slug).cloned().unwrap_or(c.slug.clone());
                    let option = move |side: Side, lab: &crate::progress::LabProgress| {
                        let seed = lab.seed.to_string();
                        let (met, goals) = (lab.met.len() as f64, f64::from(lab.goals));
                        let label = match side {
                            Side::Kept => i18n.t_args(
                                "progress-keep-browser",
                                &[
                                    ("seed", Arg::Str(&seed)),
                                    ("met", Arg::Num(met)),
                                    ("goals", Arg::Num(goals)),
                                ],
                            ),
                            Side::Imported => i18n.t_args(
                                "progress-take-file",
                                &[
                                    ("seed", Arg::Str(&seed)),
                                    ("met", Arg::Num(met)),
                                    ("goals", Arg::Num(goals)),
                                ],
                            ),
                        };
                        let proposed = (side == c.proposed).then(|| i18n.t("progress-proposed"));
                        let slug = c.slug.clone();
                        let checked = {
                            let slug = slug.clone();
                            move || choices.with(|m| m.get(&slug) == Some(&side))
                        };
                        view! {
                            <label class="progress-choice">
                                <input
                                    type="radio"
                                    name=format!("progress-{}", c.slug)
                                    checked=untrack(checked.clone())
                                    prop:checked=checked
                                    on:change=move |_| choices.update(|m| {
                                        m.insert(slug.clone(), side);
                                    })
                                />
                                {label}
                                {proposed.map(|p| view! { " " <strong>{p}</strong> })}
                            </label>
                        }
                    };
                    view! {
                        <fieldset class="progress-conflict">
                            <legend inner_html=title></legend>
                            {option(Side::Kept, &c.kept)}
                            {option(Side::Imported, &c.imported)}
                        </fieldset>
                    }
                })
                .collect_view();
            view! {
                <div class="progress-conflicts">
                    <p>{i18n.t("progress-conflicts")}</p>
                    {rows}
                    <p class="progress-actions">
                        <button type="button" on:click=apply>{i18n.t("progress-apply")}</button>
                        <button type="button" on:click=cancel>{i18n.t("progress-cancel")}</button>
                    </p>
                </div>
            }
        })
    };
    view! {
        <div class="progress-file">
            {slots}
            <p>{i18n.t("progress-intro")}</p>
            <p class="progress-actions">
                <button type="button" class="progress-save" on:click=save>
                    {i18n.t("progress-save")}
                </button>
                <label class="progress-load button">
                    {i18n.t("progress-load")}
                    <input type="file" accept=".txt,text/plain" on:change=on_file />
                </label>
            </p>
            {conflicts}
            <p class="progress-status" role="status">{move || describe(i18n, &status.get())}</p>
        </div>
    }
}

/// Reads a chosen file: imports it at once if no lab conflicts, else
/// waits for the reader's choices (each set to the proposed side).
fn read_file(
    text: &str,
    status: RwSignal<Status>,
    pending: RwSignal<Option<Pending>>,
    choices: RwSignal<SortedMap<String, Side>>,
) {
    let incoming = match Progress::parse(text) {
        Ok(incoming) => incoming,
        Err(ProgressError::Newer(_)) => return status.set(Status::Newer),
        Err(why) => return status.set(Status::Unreadable(why)),
    };
    let loaded = load();
    if matches!(loaded.problem, Some(ProgressError::Newer(_))) {
        return status.set(Status::Newer);
    }
    let plan = loaded.progress.import_plan(&incoming);
    if plan.conflicts.is_empty() {
        status.set(apply_import(&incoming, &SortedMap::new(), &plan));
        return;
    }
    choices.update(|map| {
        map.clear();
        for c in &plan.conflicts {
            map.insert(c.slug.clone(), c.proposed);
        }
    });
    status.set(Status::None);
    pending.set(Some(Pending { incoming, plan }));
}

/// Imports `incoming` with the reader's `choices` and tells the contents
/// page to count again.
fn apply_import(
    incoming: &Progress,
    choices: &SortedMap<String, Side>,
    plan: &ImportPlan,
) -> Status {
    let labs = plan.new_labs
        + plan
            .conflicts
            .iter()
            .filter(|c| choices.get(&c.slug).copied().unwrap_or(c.proposed) == Side::Imported)
            .count();
    if plan.exercises == 0 && labs == 0 {
        return Status::NothingNew;
    }
    change(|p| *p = p.import(incoming, choices));
    if let Some(window) = web_sys::window()
        && let Ok(event) = web_sys::Event::new(CHANGED_EVENT)
    {
        let _ = window.dispatch_event(&event);
    }
    Status::Imported {
        exercises: plan.exercises,
        labs,
    }
}

/// The status line.
fn describe(i18n: I18n, status: &Status) -> String {
    match status {
        Status::None => String::new(),
        Status::Saved => i18n.t("progress-saved"),
        Status::NotSaved => i18n.t("progress-not-saved"),
        Status::Imported { exercises, labs } => i18n.t_args(
            "progress-imported",
            &[
                ("exercises", Arg::Num(*exercises as f64)),
                ("labs", Arg::Num(*labs as f64)),
            ],
        ),
        Status::NothingNew => i18n.t("progress-nothing-new"),
        Status::Cancelled => i18n.t("progress-cancelled"),
        Status::TooLarge => i18n.t_args(
            "progress-too-large",
            &[("size", Arg::Num((MAX_BYTES / 1024) as f64))],
        ),
        Status::NotRead => i18n.t("progress-not-read"),
        Status::Unreadable(why) => i18n.t_args(
            "progress-unreadable",
            &[("why", Arg::Str(&reason(&i18n.texts(), why)))],
        ),
        Status::Newer => i18n.t("progress-newer"),
    }
}

/// Reads `file` as text and calls `then` with it (`None` if the browser
/// could not); false if the read could not even start. A `FileReader`
/// with one callback rather than a future: the async executor would cost
/// the module 10 KB.
fn read_text(file: &web_sys::File, then: impl FnOnce(Option<String>) + 'static) -> bool {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::closure::Closure;
    let Ok(reader) = web_sys::FileReader::new() else {
        return false;
    };
    let read = reader.clone();
    // Called once, when the read ends either way, and freed then.
    let done = Closure::once_into_js(move || then(read.result().ok().and_then(|r| r.as_string())));
    reader.set_onloadend(Some(done.unchecked_ref()));
    reader.read_as_text(file).is_ok()
}

/// Offers `text` as a download called `name`; false if the browser
/// refused to make the file.
fn download(name: &str, text: &str) -> bool {
    use wasm_bindgen::JsCast;
    let made = || -> Option<()> {
        let document = web_sys::window()?.document()?;
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("text/plain;charset=utf-8");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).ok()?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).ok()?;
        let link = document
            .create_element("a")
            .ok()?
            .dyn_into::<web_sys::HtmlElement>()
            .ok()?;
        link.set_attribute("href", &url).ok()?;
        link.set_attribute("download", name).ok()?;
        link.click();
        // Released once the download has taken it.
        set_timeout(
            move || {
                let _ = web_sys::Url::revoke_object_url(&url);
            },
            std::time::Duration::from_secs(10),
        );
        Some(())
    };
    made().is_some()
}
