//! The browser's side of the book: the page arrives as HTML written at
//! build time (`site`), and this brings its widgets to life where they
//! stand. Each island is an element
//! `<div data-island="<widget>" data-lang="<lang>" data-p-<key>="<value>">`
//! holding the widget's first state; the widget is mounted live in its
//! place with its language and parameters read from those attributes
//! (contexts do not cross from the page into an island). `public/book.js`
//! loads the wasm once an island comes near the viewport and calls
//! [`mount_island`] for each island as it comes near; nothing else of the
//! page is touched. Web only.
//!
//! The widgets are split into wasm modules ([`WasmModule`]): each island
//! names its module ([`MODULE_ATTR`]), the page's `<body>` names each
//! module's files (`data-wasm-<module>`, `data-glue-<module>`), and each
//! module's binary exports its own `mountIsland`, passing [`mount`] the
//! view of the widgets it carries, so the others' code is left out. The
//! shell's module carries no Leptos: it takes the same steps with
//! [`Island`] and draws its widget as HTML (`widgets::mount_shell`), and
//! is built with the `browser` feature alone, which leaves [`mount`] out.
//!
//! The steps, for each island:
//! 1. read the widget, its language, its parameters (checked as the
//!    content check does; a bad one shows a notice in its place) and its
//!    page-written texts (`data-slot` elements of the first state):
//!    [`Island::read`];
//! 2. empty the element and mount the widget into it, in the same task, so
//!    no frame is painted in between (the first state and the live one
//!    have the same size: nothing moves);
//! 3. once the parts it builds in tasks of their own are live too, put
//!    back what the reader typed and mark it `data-live`, which the
//!    stylesheet and the tests read: [`Island::alive`].

pub mod panic;

use crate::sorted::SortedMap;

#[cfg(feature = "web")]
use leptos::prelude::*;

use crate::book::{SOURCE_LANG, WasmModule, WidgetDirective};
#[cfg(feature = "web")]
use crate::ui::{ContentNotice, FirstState, I18n};

/// The attribute that marks an island and names its widget.
pub const ISLAND_ATTR: &str = "data-island";
/// The attribute naming the wasm module that brings an island to life
/// ([`WasmModule::name`]).
pub const MODULE_ATTR: &str = "data-module";
/// The attribute holding an island's language.
pub const LANG_ATTR: &str = "data-lang";
/// The prefix of an island's parameter attributes.
pub const PARAM_PREFIX: &str = "data-p-";
/// The attribute that marks an element of the first state as one of the
/// widget's page-written texts.
pub const SLOT_ATTR: &str = "data-slot";

/// What a module does as it starts, before any island mounts: installs
/// its panic hook, and reads the page's strings in a task of their own
/// (on a slow phone, a fifth of a mount's work). An island that comes
/// near before that task has run reads them in a task of its own too
/// ([`mount`]).
pub fn start(module: WasmModule) {
    panic::install_hook(module);
    crate::ui::browser::after(0, || {
        let _ = crate::ui::strings();
    });
}

/// The page-written texts in an island's first state: the HTML of each
/// element marked `data-slot="<key>"` (see `WidgetDirective::texts`).
fn slots(el: &web_sys::HtmlElement) -> SortedMap<String, String> {
    use wasm_bindgen::JsCast;
    let mut texts = SortedMap::new();
    let Ok(found) = el.query_selector_all(&format!("[{SLOT_ATTR}]")) else {
        return texts;
    };
    for i in 0..found.length() {
        let Some(slot) = found
            .item(i)
            .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
        else {
            continue;
        };
        if let Some(key) = slot.get_attribute(SLOT_ATTR) {
            texts.insert(key, slot.inner_html());
        }
    }
    texts
}

/// What the reader typed or picked in an island's first state before it
/// came alive (an exercise is usable as built), put back into the live
/// widget, with the events its handlers listen for.
struct Typed(Vec<(String, Option<String>)>);

impl Typed {
    /// The text of each text input with an id, and each checked radio or
    /// checkbox, as (selector, text; `None` for checked): only what the
    /// reader changed from the page as built, so that state the live
    /// widget reads from the address is not overwritten.
    fn read(el: &web_sys::HtmlElement) -> Self {
        use wasm_bindgen::JsCast;
        let mut found = Vec::new();
        let Ok(inputs) = el.query_selector_all("input") else {
            return Self(found);
        };
        for i in 0..inputs.length() {
            let Some(input) = inputs
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                continue;
            };
            match input.type_().as_str() {
                "radio" | "checkbox" if input.checked() && !input.default_checked() => {
                    found.push((
                        format!(
                            "input[name=\"{}\"][value=\"{}\"]",
                            input.name(),
                            input.value()
                        ),
                        None,
                    ))
                }
                "text" if !input.id().is_empty() && input.value() != input.default_value() => {
                    found.push((format!("#{}", input.id()), Some(input.value())));
                }
                _ => {}
            }
        }
        Self(found)
    }

    /// Puts each back into the live widget and tells its handlers.
    fn restore(self, el: &web_sys::HtmlElement) {
        use wasm_bindgen::JsCast;
        for (selector, text) in self.0 {
            let Some(input) = el
                .query_selector(&selector)
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlInputElement>().ok())
            else {
                continue;
            };
            let event = match text {
                Some(text) => {
                    input.set_value(&text);
                    "input"
                }
                None => {
                    input.set_checked(true);
                    "change"
                }
            };
            let init = web_sys::EventInit::new();
            init.set_bubbles(true);
            if let Ok(event) = web_sys::Event::new_with_event_init_dict(event, &init) {
                let _ = input.dispatch_event(&event);
            }
        }
    }
}

/// The view of the widgets a module carries (`widgets::book_module`,
/// `widgets::exercises_module`).
#[cfg(feature = "web")]
pub type ModuleView = fn(&WidgetDirective) -> AnyView;

/// What an island's element says of its widget, read before its first
/// state is replaced: the language, the directive (or why it is not a
/// valid one) with the page-written texts, and what the reader typed.
pub struct Island {
    /// The page's language.
    pub lang: String,
    /// The widget and its parameters, checked as the content check does.
    pub directive: Result<WidgetDirective, String>,
    typed: Typed,
}

impl Island {
    /// Reads the island `el`.
    pub fn read(el: &web_sys::HtmlElement) -> Self {
        let name = el.get_attribute(ISLAND_ATTR).unwrap_or_default();
        let lang = el
            .get_attribute(LANG_ATTR)
            .unwrap_or_else(|| SOURCE_LANG.to_owned());
        let params: Vec<(String, String)> = el
            .get_attribute_names()
            .iter()
            .filter_map(|n| n.as_string())
            .filter_map(|attr| {
                let key = attr.strip_prefix(PARAM_PREFIX)?.to_owned();
                let value = el.get_attribute(&attr)?;
                Some((key, value))
            })
            .collect();
        let texts = slots(el);
        let directive = WidgetDirective::from_attrs(
            &name,
            params.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )
        .map(|directive| WidgetDirective { texts, ..directive })
        .map_err(|e| e.to_string());
        Self {
            lang,
            directive,
            typed: Typed::read(el),
        }
    }

    /// Once the widget mounted into `el` is live, in the next task (after
    /// the parts it builds in later tasks, `Deferred`, queued during the
    /// mount): what was typed put back, then the `data-live` mark.
    pub fn alive(self, el: web_sys::HtmlElement) {
        crate::ui::browser::after(0, move || {
            self.typed.restore(&el);
            let _ = el.remove_attribute("data-stopped");
            let _ = el.set_attribute("data-live", "");
        });
    }
}

/// Mounts the widget that `el` names into it, replacing its first state,
/// with `view`, the view of the widgets of the calling module. An island
/// already live is left alone.
#[cfg(feature = "web")]
pub fn mount(el: web_sys::HtmlElement, view: ModuleView) {
    if el.has_attribute("data-live") {
        return;
    }
    // The page's strings first, in this task, and the widget in the next:
    // `start`'s task may not have run yet when the first island comes near.
    if !crate::ui::strings_loaded() {
        let _ = crate::ui::strings();
        crate::ui::browser::after(0, move || mount(el, view));
        return;
    }
    let island = Island::read(&el);
    let Island {
        lang, directive, ..
    } = &island;
    let (lang, directive) = (lang.clone(), directive.clone());
    el.set_inner_html("");
    let handle = leptos::mount::mount_to(el.clone(), move || {
        provide_context(I18n {
            lang: Memo::new(move |_| lang.clone()),
            base: StoredValue::new(String::new()),
        });
        match directive.clone() {
            Ok(directive) => {
                provide_context(FirstState::new(directive.texts.clone()));
                view(&directive)
            }
            Err(detail) => view! { <ContentNotice detail /> }.into_any(),
        }
    });
    // The island lives as long as the page.
    handle.forget();
    island.alive(el);
}
