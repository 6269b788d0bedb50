//! The terminal's scrollback on screen. It follows new output unless the
//! reader has scrolled up to read something (the reader's own commands
//! always bring it back down); it says when a line runs past its right
//! edge (a shaded edge and an arrow, until the reader scrolls there); and
//! each command's output can be copied with one click.

use leptos::html::Div;
use leptos::prelude::*;

use super::escaped;
use crate::sim::slurm::session::Session;
use crate::sim::slurm::terminal::{LineKind, TermLine};
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
    /// Whether the bar's button just copied the last command's output
    /// (`Ok(LAST)`), or failed to (`Err(LAST)`).
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
        let done = if copy_output(session, index) {
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

    /// The label of the bar's copy button: `idle` until it is used.
    fn label(self, idle: &'static str) -> &'static str {
        match self.copied.get() {
            Some(Ok(LAST)) => "sh-copied",
            Some(Err(LAST)) => "sh-copy-failed",
            _ => idle,
        }
    }
}

/// Copies what the command at `index` of the scrollback printed
/// ([`LAST`]: the last command's); `false` if the browser would not.
fn copy_output(session: StoredValue<Option<Session>>, index: usize) -> bool {
    let text = session
        .with_value(|s| {
            s.as_ref().map(|s| match index {
                LAST => s.terminal.last_output(),
                i => s.terminal.output_of(i),
            })
        })
        .unwrap_or_default();
    write_clipboard(&text)
}

/// The scrollback's lines as HTML: each line a `div` of its kind, and a
/// copy button after each command that printed something. The button's
/// label is drawn by the stylesheet from `data-label`, so it is neither in
/// the line's text nor in a selection copied from the screen.
fn lines_html(copy_label: &str, lines: &[TermLine]) -> String {
    let mut html = String::new();
    for (i, l) in lines.iter().enumerate() {
        let class = match l.kind {
            LineKind::Input => "term-line term-input-line",
            LineKind::Stdout => "term-line",
            LineKind::Stderr => "term-line term-stderr",
        };
        html += &format!("<div class=\"{class}\">{}", escaped(&l.text));
        let printed = l.kind == LineKind::Input
            && lines.get(i + 1).is_some_and(|n| n.kind != LineKind::Input);
        if printed {
            html += &format!(
                "<button type=\"button\" class=\"term-copy\" tabindex=\"-1\" aria-hidden=\"true\" \
                 data-copy=\"{i}\" data-label=\"{copy_label}\"></button>"
            );
        }
        html += "</div>";
    }
    html
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
            {move || i18n.t(log.label("sh-copy-last"))}
        </button>
    }
}

/// The scrollback, redrawn when `drawn` changes (in the browser, where
/// the reader's scrolling is kept across the redraw); one click handler
/// serves the lines' copy buttons (`data-copy`).
#[component]
pub(super) fn Scrollback(
    log: Log,
    session: StoredValue<Option<Session>>,
    drawn: RwSignal<u64>,
) -> impl IntoView {
    let i18n = use_i18n();
    let html = move || {
        let label = escaped(&i18n.t("sh-copy"));
        session.with_value(|s| {
            lines_html(
                &label,
                s.as_ref().map(|s| s.terminal.lines()).unwrap_or_default(),
            )
        })
    };
    let first = html();
    Effect::new(move |drawn_before: Option<()>| {
        drawn.track();
        // The first state is drawn already.
        if drawn_before.is_none() {
            return;
        }
        if let Some(el) = log.node.get_untracked() {
            let (top, left) = (el.scroll_top(), el.scroll_left());
            el.set_inner_html(&html());
            el.set_scroll_top(top);
            el.set_scroll_left(left);
        }
    });
    let on_click = move |ev: leptos::ev::MouseEvent| {
        use wasm_bindgen::JsCast;
        let Some(button) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-copy]").ok().flatten())
        else {
            return;
        };
        ev.stop_propagation();
        let Some(index) = button
            .get_attribute("data-copy")
            .and_then(|i| i.parse().ok())
        else {
            return;
        };
        let said = if copy_output(session, index) {
            "sh-copied"
        } else {
            "sh-copy-failed"
        };
        let _ = button.set_attribute("data-label", &i18n.t(said));
        set_timeout(
            move || {
                let _ = button.set_attribute("data-label", &i18n.t("sh-copy"));
            },
            std::time::Duration::from_millis(COPIED_MS),
        );
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
                inner_html=first
                on:click=on_click
                on:scroll=move |_| log.on_scroll()
            ></div>
            <span class="term-more" aria-hidden="true">"→"</span>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(kind: LineKind, text: &str) -> TermLine {
        TermLine {
            kind,
            text: text.to_owned(),
        }
    }

    #[test]
    fn each_command_that_printed_gets_a_copy_button_and_text_is_escaped() {
        let lines = [
            line(LineKind::Input, "$ echo '<b>'"),
            line(LineKind::Stdout, "<b>"),
            line(LineKind::Input, "$ true"),
            line(LineKind::Input, "$ nope"),
            line(LineKind::Stderr, "bash: nope: command not found"),
        ];
        let html = lines_html("Copy", &lines);
        assert!(html.starts_with(
            "<div class=\"term-line term-input-line\">$ echo &#39;&lt;b&gt;&#39;<button type=\"button\" \
             class=\"term-copy\" tabindex=\"-1\" aria-hidden=\"true\" data-copy=\"0\" data-label=\"Copy\"></button></div>\
             <div class=\"term-line\">&lt;b&gt;</div>"
        ), "{html}");
        assert_eq!(html.matches("data-copy=").count(), 2, "{html}");
        assert!(html.contains("data-copy=\"3\""), "{html}");
        assert!(
            html.ends_with(
                "<div class=\"term-line term-stderr\">bash: nope: command not found</div>"
            ),
            "{html}"
        );
    }
}
