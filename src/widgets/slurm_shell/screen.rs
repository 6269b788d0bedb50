//! The terminal's scrollback on screen. It follows new output unless the
//! reader has scrolled up to read something (the reader's own commands
//! always bring it back down); it says when a line runs past its right
//! edge (a shaded edge and an arrow, until the reader scrolls there); and
//! each command's output can be copied with one click.

use leptos::html::Div;
use leptos::prelude::*;

use crate::sim::slurm::session::Session;
use crate::sim::slurm::terminal::LineKind;
use crate::ui::use_i18n;

/// How far from the bottom (in pixels) still counts as reading the newest
/// output.
const PINNED_SLACK: i32 = 8;
/// How long "Copied" shows before the button reads "Copy" again.
const COPIED_MS: u64 = 2_000;

/// The scrollback's box and what it knows of the reader's scrolling.
#[derive(Clone, Copy)]
pub(super) struct Log {
    node: NodeRef<Div>,
    /// The reader is at the bottom: new output scrolls into view.
    pinned: StoredValue<bool>,
    /// A line runs past the right edge of what is shown.
    more_right: RwSignal<bool>,
    /// The command whose output was just copied (`usize::MAX`: the last
    /// command, from the bar's button), or `Err` with it if copying failed.
    copied: RwSignal<Option<Result<usize, usize>>>,
}

/// The bar button's key in [`Log::copied`].
const LAST: usize = usize::MAX;

impl Log {
    pub(super) fn new() -> Self {
        Self {
            node: NodeRef::new(),
            pinned: StoredValue::new(true),
            more_right: RwSignal::new(false),
            copied: RwSignal::new(None),
        }
    }

    /// After the screen changed: scroll to the newest output if the reader
    /// acted (`reader`) or was reading it, and check the right edge.
    pub(super) fn follow(self, reader: bool) {
        request_animation_frame(move || {
            // The shell may be gone by the next frame.
            let Some(el) = self.node.try_get_untracked().flatten() else {
                return;
            };
            if reader || self.pinned.try_get_value().unwrap_or(true) {
                el.set_scroll_top(el.scroll_height());
                let _ = self.pinned.try_set_value(true);
            }
            self.measure(&el);
        });
    }

    fn on_scroll(self) {
        if let Some(el) = self.node.get_untracked() {
            let bottom = el.scroll_top() + el.client_height();
            self.pinned
                .set_value(bottom >= el.scroll_height() - PINNED_SLACK);
            self.measure(&el);
        }
    }

    fn measure(self, el: &web_sys::HtmlDivElement) {
        let more = el.scroll_left() + el.client_width() < el.scroll_width() - 1;
        if self.more_right.try_get_untracked() != Some(more) {
            self.more_right.set(more);
        }
    }

    /// Copies what the command at `index` of the scrollback printed
    /// ([`LAST`]: the last command's) and says so on its button.
    fn copy(self, session: StoredValue<Option<Session>>, index: usize) {
        let text = session
            .with_value(|s| {
                s.as_ref().map(|s| match index {
                    LAST => s.terminal.last_output(),
                    i => s.terminal.output_of(i),
                })
            })
            .unwrap_or_default();
        let done = if write_clipboard(&text) {
            Ok(index)
        } else {
            Err(index)
        };
        self.copied.set(Some(done));
        set_timeout(
            move || {
                if self.copied.try_get_untracked() == Some(Some(done)) {
                    self.copied.set(None);
                }
            },
            std::time::Duration::from_millis(COPIED_MS),
        );
    }

    /// The label of the copy button for `index`: `idle` until it is used.
    fn label(self, index: usize, idle: &'static str) -> &'static str {
        match self.copied.get() {
            Some(Ok(i)) if i == index => "sh-copied",
            Some(Err(i)) if i == index => "sh-copy-failed",
            _ => idle,
        }
    }
}

/// Writes `text` to the clipboard; `false` where the browser offers none
/// (a page served over plain http is not a secure context).
fn write_clipboard(text: &str) -> bool {
    let navigator = window().navigator();
    if !js_sys::Reflect::has(&navigator, &"clipboard".into()).unwrap_or(false) {
        return false;
    }
    let promise = navigator.clipboard().write_text(text);
    leptos::task::spawn_local(async move {
        // A refusal (no permission) leaves the button's "Copied" wrong for
        // two seconds at worst; the reader can still select the text.
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    });
    true
}

/// The bar's button that copies the last command's output (the one a
/// keyboard reaches; the buttons beside each command are for the mouse).
#[component]
pub(super) fn CopyLast(log: Log, session: StoredValue<Option<Session>>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <button type="button" class="term-button" data-testid="sh-copy-last" on:click=move |_| log.copy(session, LAST)>
            {move || i18n.t(log.label(LAST, "sh-copy-last"))}
        </button>
    }
}

/// The scrollback, redrawn when `drawn` changes.
#[component]
pub(super) fn Scrollback(
    log: Log,
    session: StoredValue<Option<Session>>,
    drawn: RwSignal<u64>,
) -> impl IntoView {
    let i18n = use_i18n();
    let lines = move || {
        drawn.track();
        session.with_value(|s| {
            let lines = s.as_ref().map(|s| s.terminal.lines()).unwrap_or_default();
            lines
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    let class = match l.kind {
                        LineKind::Input => "term-line term-input-line",
                        LineKind::Stdout => "term-line",
                        LineKind::Stderr => "term-line term-stderr",
                    };
                    let printed = l.kind == LineKind::Input
                        && lines.get(i + 1).is_some_and(|n| n.kind != LineKind::Input);
                    // For the mouse: the bar's button is the keyboard's way.
                    let copy = printed.then(|| {
                        view! {
                            // Its label is drawn by the stylesheet from
                            // `data-label`, so it is neither in the line's
                            // text nor in a selection copied from the screen.
                            <button
                                type="button"
                                class="term-copy"
                                tabindex="-1"
                                aria-hidden="true"
                                data-label=move || i18n.t(log.label(i, "sh-copy"))
                                on:click=move |ev| {
                                    ev.stop_propagation();
                                    log.copy(session, i);
                                }
                            ></button>
                        }
                    });
                    view! { <div class=class>{l.text.clone()}{copy}</div> }
                })
                .collect_view()
        })
    };
    view! {
        <div class="term-log-box" class:more-right=move || log.more_right.get()>
            <div
                class="term-log"
                role="log"
                aria-live="polite"
                node_ref=log.node
                data-testid="sh-log"
                tabindex="0"
                on:scroll=move |_| log.on_scroll()
            >
                {lines}
            </div>
            <span class="term-more" aria-hidden="true">"→"</span>
        </div>
    }
}
