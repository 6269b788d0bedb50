//! The terminal's scrollback on screen. It follows new output unless the
//! reader has scrolled up to read something (the reader's own commands
//! always bring it back down); it says when a line runs past its right
//! edge (a shaded edge and an arrow, until the reader scrolls there); and
//! each command's output can be copied with one click.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen::{JsValue, closure::Closure};

use super::escaped;
use crate::sim::slurm::terminal::{LineKind, TermLine};
use crate::ui::browser::next_frame;

/// How far from the bottom (in pixels) still counts as reading the newest
/// output.
const PINNED_SLACK: i32 = 8;
/// How long "Copied" shows before a copy button reads "Copy" again.
pub(super) const COPIED_MS: i32 = 2_000;

/// The scrollback's box in the page, and what it knows of the reader's
/// scrolling.
pub(super) struct Screen {
    /// The lines' element (`.term-log`).
    pub(super) log: web_sys::HtmlElement,
    /// Its frame, which shades the right edge (`.term-log-box`).
    frame: web_sys::Element,
    /// The reader is at the bottom: new output scrolls into view.
    pinned: Cell<bool>,
}

impl Screen {
    /// The scrollback of the shell drawn in `root`.
    pub(super) fn find(root: &web_sys::Element) -> Option<Rc<Self>> {
        let log = root
            .query_selector(".term-log")
            .ok()??
            .dyn_into::<web_sys::HtmlElement>()
            .ok()?;
        let frame = log.parent_element()?;
        Some(Rc::new(Self {
            log,
            frame,
            pinned: Cell::new(true),
        }))
    }

    /// Puts `html` in place of the lines, keeping where the reader had
    /// scrolled to.
    pub(super) fn redraw(&self, html: &str) {
        let (top, left) = (self.log.scroll_top(), self.log.scroll_left());
        self.log.set_inner_html(html);
        self.log.set_scroll_top(top);
        self.log.set_scroll_left(left);
    }

    /// After the screen changed: scroll to the newest output if the reader
    /// acted (`reader`) or was reading it, and check the right edge.
    pub(super) fn follow(self: &Rc<Self>, reader: bool) {
        let screen = Rc::clone(self);
        next_frame(move || {
            if reader || screen.pinned.get() {
                screen.log.set_scroll_top(screen.log.scroll_height());
                screen.pinned.set(true);
            }
            screen.measure();
        });
    }

    /// The reader scrolled.
    pub(super) fn scrolled(&self) {
        let el = &self.log;
        let bottom = el.scroll_top() + el.client_height();
        self.pinned.set(bottom >= el.scroll_height() - PINNED_SLACK);
        self.measure();
    }

    fn measure(&self) {
        let el = &self.log;
        let more = el.scroll_left() + el.client_width() < el.scroll_width() - 1;
        let _ = self
            .frame
            .class_list()
            .toggle_with_force("more-right", more);
    }
}

/// The scrollback's lines as HTML: each line a `div` of its kind, and a
/// copy button after each command that printed something. The button's
/// label is drawn by the stylesheet from `data-label`, so it is neither in
/// the line's text nor in a selection copied from the screen.
pub(super) fn lines_html(copy_label: &str, lines: &[TermLine]) -> String {
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
pub(super) fn write_clipboard(text: &str) -> bool {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return false;
    };
    if !js_sys::Reflect::has(&navigator, &"clipboard".into()).unwrap_or(false) {
        return false;
    }
    let promise = navigator.clipboard().write_text(text);
    // A refusal (no permission) leaves the button's "Copied" wrong for two
    // seconds at worst; the reader can still select the text. One handler
    // for every copy, and no futures executor in the shell's module.
    thread_local! {
        static IGNORE: Closure<dyn FnMut(JsValue)> = Closure::new(|_| {});
    }
    IGNORE.with(|ignore| {
        let _ = promise.catch(ignore);
    });
    true
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
