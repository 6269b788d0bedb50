//! The shell in the browser: [`mount`] draws a [`Shell`] into its island
//! and wires the page's events to it. After each change every part is
//! drawn anew as HTML and set in its element only if it differs from what
//! the element holds (a live region is announced then, not at every clock
//! tick); the scrollback keeps the reader's scroll position.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, Element, HtmlElement, HtmlInputElement, KeyboardEvent, MouseEvent};

use super::lab_panel::{ACTION_ATTR, PARTS, focus_after};
use super::screen::{COPIED_MS, Screen, write_clipboard};
use super::{Place, Shell, TICK_MS, byte_to_utf16, utf16_to_byte};
use crate::islands::Island;
use crate::sim::slurm::session::Event;
use crate::ui::browser::{after, every, listen, next_frame};
use crate::ui::{Texts, notice_html};

/// Brings the shell island `el` to life in its place (a notice there if
/// its directive is not one of the shell's). An island already live is
/// left alone.
pub fn mount(el: HtmlElement) {
    if el.has_attribute("data-live") {
        return;
    }
    // The page's strings first, in this task, and the shell in the next
    // (as `islands::mount` does).
    if !crate::ui::strings_loaded() {
        let _ = crate::ui::strings();
        after(0, move || mount(el));
        return;
    }
    let island = Island::read(&el);
    let texts = Texts::new(&island.lang);
    let place = island.directive.clone().and_then(|d| Place::of(&d));
    match place {
        Ok(place) => {
            let shell = Shell::new(place, texts, true);
            el.set_inner_html(&shell.html());
            if let Some(live) = Live::find(&el, shell) {
                live.wire();
            }
        }
        Err(detail) => el.set_inner_html(&notice_html(&texts, &detail)),
    }
    island.alive(el);
}

/// The generation of a scrollback never drawn: the next redraw draws it.
const NEVER: u64 = u64::MAX;

/// A shell live in the page: its state and the elements it draws into.
struct Live {
    shell: RefCell<Shell>,
    /// The widget's element (`.slurm-shell`).
    widget: HtmlElement,
    input: HtmlInputElement,
    prompt: Element,
    clock: Element,
    screen: Rc<Screen>,
    /// The lab panel's parts, in the order of [`PARTS`] (none outside labs),
    /// each with the HTML last set in it (the browser's own serialization
    /// of an element differs from ours: it cannot tell what changed).
    panel: Vec<(Element, RefCell<String>)>,
    /// The exercise around the shell, if any.
    exercise: Option<Element>,
    /// The terminal's generation last drawn.
    drawn: Cell<u64>,
    /// Bumped at each use of the bar's copy button, so that only the
    /// newest puts its label back.
    copies: Cell<u32>,
}

impl Live {
    /// The elements of `shell` as drawn in `root`.
    fn find(root: &HtmlElement, shell: Shell) -> Option<Rc<Self>> {
        let one = |selector: &str| root.query_selector(selector).ok().flatten();
        let panel = PARTS
            .iter()
            .filter_map(|p| one(p))
            .map(|el| {
                let html = RefCell::new(el.inner_html());
                (el, html)
            })
            .collect();
        let drawn = shell
            .session
            .as_ref()
            .map_or(NEVER, |s| s.terminal.generation());
        Some(Rc::new(Self {
            widget: one(".slurm-shell")?.dyn_into().ok()?,
            input: one(".term-input")?.dyn_into().ok()?,
            prompt: one(".term-prompt")?,
            clock: one(".term-clock")?,
            screen: Screen::find(root)?,
            panel,
            exercise: one(".exercise-task"),
            drawn: Cell::new(drawn),
            copies: Cell::new(0),
            shell: RefCell::new(shell),
        }))
    }

    /// Listens to the page, starts the clock, and opens a pending lab in a
    /// task of its own.
    fn wire(self: &Rc<Self>) {
        let on = |target: &Element, event: &str, f: fn(&Rc<Self>, web_sys::Event)| {
            let live = Rc::clone(self);
            listen(target, event, move |ev: web_sys::Event| f(&live, ev));
        };
        let input: &Element = &self.input;
        on(input, "keydown", |live, ev| {
            if let Some(ev) = ev.dyn_ref::<KeyboardEvent>() {
                live.key(ev);
            }
        });
        on(input, "paste", |live, ev| {
            if let Some(ev) = ev.dyn_ref::<ClipboardEvent>() {
                live.paste(ev);
            }
        });
        on(&self.widget, "keydown", |live, ev| {
            let escape = ev
                .dyn_ref::<KeyboardEvent>()
                .is_some_and(|k| k.key() == "Escape");
            if escape && live.shell.borrow().full {
                ev.prevent_default();
                live.set_full(false);
            }
        });
        on(&self.widget, "click", Self::click);
        on(&self.widget, "change", |live, ev| {
            let speed = ev
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
                .and_then(|s| s.value().parse().ok());
            if let Some(speed) = speed {
                live.shell.borrow_mut().speed = speed;
            }
        });
        let log: &Element = &self.screen.log;
        on(log, "scroll", |live, _| live.screen.scrolled());
        if let Some(answer) = self
            .exercise
            .as_ref()
            .and_then(|e| e.query_selector("details").ok().flatten())
        {
            on(&answer, "toggle", |live, ev| {
                let open = ev
                    .target()
                    .and_then(|t| t.dyn_into::<Element>().ok())
                    .is_some_and(|d| d.has_attribute("open"));
                if let (true, Some(hook)) = (open, live.shell.borrow_mut().hook.as_mut()) {
                    hook.answer_shown();
                }
            });
        }
        // Simulated time flows while the page is open: `speed` seconds a
        // second.
        let live = Rc::clone(self);
        every(TICK_MS, move || {
            let seconds = live.shell.borrow().speed;
            if seconds > 0 {
                live.shell.borrow_mut().act(Event::Advance(seconds));
                live.redraw(false);
            }
        });
        let live = Rc::clone(self);
        after(0, move || live.open_pending());
        // A lab or task replayed from the reader's progress opens on its
        // newest output.
        self.screen.follow(true);
    }

    /// Opens a pending lab; the reader's progress replayed, it shows its
    /// newest output.
    fn open_pending(self: &Rc<Self>) {
        if self.shell.borrow_mut().open_pending() {
            self.redraw(true);
        }
    }

    /// After a change: draws every part that changed, and brings the
    /// newest output into view if the reader acted (`reader`) or was
    /// reading it.
    fn redraw(self: &Rc<Self>, reader: bool) {
        let shell = self.shell.borrow();
        set_text(&self.clock, &shell.clock());
        set_text(&self.prompt, &shell.prompt());
        if let Some(panel) = shell.panel() {
            for ((el, drawn), html) in self.panel.iter().zip(panel.parts(&shell.texts)) {
                if *drawn.borrow() != html {
                    el.set_inner_html(&html);
                    *drawn.borrow_mut() = html;
                }
            }
            if let Some((note, drawn)) = self.panel.last() {
                let _ = note.toggle_attribute_with_force("hidden", drawn.borrow().is_empty());
            }
        }
        if let (Some(exercise), Some(hook)) = (&self.exercise, &shell.hook) {
            let _ = exercise.set_attribute("data-state", hook.state());
            if let Ok(Some(mark)) = exercise.query_selector(".exercise-done") {
                let _ = mark.toggle_attribute_with_force("hidden", !hook.ever());
            }
            // Drawn only when the verdict changes: it is a live region.
            if let Ok(Some(feedback)) = exercise.query_selector(".exercise-feedback")
                && (feedback.child_element_count() > 0) != hook.done
            {
                feedback.set_inner_html(&hook.feedback_html(&shell.texts));
            }
        }
        let generation = shell.session.as_ref().map(|s| s.terminal.generation());
        if let Some(g) = generation
            && self.drawn.get() != g
        {
            self.drawn.set(g);
            self.screen.redraw(&shell.lines_html());
            self.screen.follow(reader);
        } else if reader {
            self.screen.follow(true);
        }
    }

    /// Runs one line the reader entered.
    fn run(self: &Rc<Self>, line: String) {
        self.shell.borrow_mut().act(Event::Line(line));
        self.redraw(true);
    }

    /// The input's keys: Enter, the history, Tab, Ctrl+C and Ctrl+L.
    fn key(self: &Rc<Self>, ev: &KeyboardEvent) {
        self.open_pending();
        let input = &self.input;
        let current = input.value();
        let ctrl = ev.ctrl_key() || ev.meta_key();
        match ev.key().as_str() {
            "Enter" => {
                ev.prevent_default();
                input.set_value("");
                self.run(current);
            }
            key @ ("ArrowUp" | "ArrowDown") => {
                ev.prevent_default();
                let entry = self.shell.borrow_mut().session.as_mut().and_then(|s| {
                    if key == "ArrowUp" {
                        s.terminal.history_prev(&current)
                    } else {
                        s.terminal.history_next()
                    }
                });
                if let Some(entry) = entry {
                    input.set_value(&entry);
                }
            }
            "Tab" if !current.is_empty() && !ev.shift_key() => {
                ev.prevent_default();
                let cursor = input
                    .selection_start()
                    .ok()
                    .flatten()
                    .map_or(current.len(), |c| utf16_to_byte(&current, c));
                let edit = self
                    .shell
                    .borrow_mut()
                    .session
                    .as_mut()
                    .map(|s| s.complete(&current, cursor));
                if let Some(edit) = edit {
                    input.set_value(&edit.line);
                    let at = byte_to_utf16(&edit.line, edit.cursor);
                    let _ = input.set_selection_range(at, at);
                    self.redraw(true);
                }
            }
            "c" if ctrl && !has_selection() => {
                ev.prevent_default();
                self.shell.borrow_mut().act(Event::Interrupt(current));
                input.set_value("");
                self.redraw(true);
            }
            "l" if ctrl => {
                ev.prevent_default();
                self.shell.borrow_mut().act(Event::Clear);
                self.redraw(true);
            }
            _ => {}
        }
    }

    /// Several pasted lines run one after another, as in a real terminal.
    fn paste(self: &Rc<Self>, ev: &ClipboardEvent) {
        let Some(text) = ev.clipboard_data().and_then(|d| d.get_data("text").ok()) else {
            return;
        };
        if !text.contains('\n') {
            return;
        }
        ev.prevent_default();
        let mut lines: Vec<String> = text
            .replace("\r\n", "\n")
            .split('\n')
            .map(str::to_owned)
            .collect();
        let rest = lines.pop().unwrap_or_default();
        if let Some(first) = lines.first_mut() {
            *first = format!("{}{first}", self.input.value());
        }
        for line in lines {
            self.run(line);
        }
        self.input.set_value(&rest);
    }

    /// A click anywhere in the widget: a button of the bar, of a line of
    /// the scrollback or of the lab's panel, or the terminal (which
    /// focuses the input).
    fn click(self: &Rc<Self>, ev: web_sys::Event) {
        let Some(target) = ev.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let closest = |selector: &str| target.closest(selector).ok().flatten();
        if let Some(button) = closest("[data-copy]") {
            self.copy_line(button);
        } else if let Some(button) = closest(&format!("[{ACTION_ATTR}]")) {
            self.panel_action(&button);
        } else if let Some(button) = closest("[data-testid]") {
            match button.get_attribute("data-testid").as_deref() {
                Some("sh-copy-last") => self.copy_last(button),
                Some("sh-restart") => self.reset(),
                Some("sh-full") => {
                    let full = self.shell.borrow().full;
                    self.set_full(!full);
                }
                _ => self.focus_input(&ev, &target),
            }
        } else {
            self.focus_input(&ev, &target);
        }
    }

    /// A click in the terminal, not on a button, puts the focus in the
    /// input, unless the reader is selecting text to copy.
    fn focus_input(&self, ev: &web_sys::Event, target: &Element) {
        let in_terminal = target.closest(".terminal").ok().flatten().is_some();
        if in_terminal && !has_selection() && ev.dyn_ref::<MouseEvent>().is_some() {
            let _ = self.input.focus();
        }
    }

    /// Copies what the line's command printed, and says so on its button.
    fn copy_line(&self, button: Element) {
        let Some(index) = button
            .get_attribute("data-copy")
            .and_then(|i| i.parse::<usize>().ok())
        else {
            return;
        };
        let shell = self.shell.borrow();
        let text = shell
            .session
            .as_ref()
            .map(|s| s.terminal.output_of(index))
            .unwrap_or_default();
        let said = if write_clipboard(&text) {
            "sh-copied"
        } else {
            "sh-copy-failed"
        };
        let _ = button.set_attribute("data-label", &shell.texts.t(said));
        let label = shell.texts.t("sh-copy");
        after(COPIED_MS, move || {
            let _ = button.set_attribute("data-label", &label);
        });
    }

    /// The bar's button: copies the last command's output (the one a
    /// keyboard reaches; the buttons beside each command are for the
    /// mouse), and says so for a while.
    fn copy_last(self: &Rc<Self>, button: Element) {
        let shell = self.shell.borrow();
        let text = shell
            .session
            .as_ref()
            .map(|s| s.terminal.last_output())
            .unwrap_or_default();
        let said = if write_clipboard(&text) {
            "sh-copied"
        } else {
            "sh-copy-failed"
        };
        button.set_text_content(Some(&shell.texts.t(said)));
        let copy = self.copies.get().wrapping_add(1);
        self.copies.set(copy);
        let label = shell.texts.t("sh-copy-last");
        let live = Rc::clone(self);
        after(COPIED_MS, move || {
            if live.copies.get() == copy {
                button.set_text_content(Some(&label));
            }
        });
    }

    /// The task's restart button.
    fn reset(self: &Rc<Self>) {
        if self.shell.borrow_mut().reset() {
            self.input.set_value("");
            self.drawn.set(NEVER);
            self.redraw(true);
        }
    }

    /// A button of the lab's panel: help, or reset with its confirmation.
    /// The buttons are drawn anew, so the focus, if it was lost with the
    /// button pressed, goes to the one that replaces it.
    fn panel_action(self: &Rc<Self>, button: &Element) {
        let action = button.get_attribute(ACTION_ATTR).unwrap_or_default();
        // Found before the redraw takes the button out of the page.
        let panel = button.closest(".lab-panel").ok().flatten();
        match action.as_str() {
            "help" => self.shell.borrow_mut().ask_more(),
            "reset" => self.shell.borrow_mut().asked.confirming = true,
            "reset-cancel" => self.shell.borrow_mut().asked.confirming = false,
            "reset-confirm" | "other-incident" => {
                if self.shell.borrow_mut().reset() {
                    self.input.set_value("");
                    self.drawn.set(NEVER);
                }
            }
            _ => return,
        }
        // Only a new lab brings the newest output into view.
        self.redraw(matches!(
            action.as_str(),
            "reset-confirm" | "other-incident"
        ));
        let Some(panel) = panel else {
            return;
        };
        let next = focus_after(&action);
        next_frame(move || {
            // Only a focus lost with the button it was on is moved: the
            // reader may have gone on already.
            let lost = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .is_none_or(|e| e.tag_name() == "BODY");
            if !lost {
                return;
            }
            let selector = format!("[{ACTION_ATTR}=\"{next}\"]:not(:disabled)");
            if let Some(b) = panel
                .query_selector(&selector)
                .ok()
                .flatten()
                .and_then(|b| b.dyn_into::<HtmlElement>().ok())
            {
                let _ = b.focus();
            }
        });
    }

    /// Full screen covers the page with the widget (the stylesheet); the
    /// page behind it does not scroll meanwhile. The focus stays where it
    /// was: on a phone, focusing the input would open the keyboard over
    /// half of the screen just gained.
    fn set_full(self: &Rc<Self>, on: bool) {
        let label = {
            let mut shell = self.shell.borrow_mut();
            shell.full = on;
            shell.full_label()
        };
        let _ = self.widget.class_list().toggle_with_force("full", on);
        if let Some(root) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = root.class_list().toggle_with_force("term-full-open", on);
        }
        if let Ok(Some(button)) = self.widget.query_selector("[data-testid=sh-full]") {
            let _ = button.set_attribute("aria-pressed", &on.to_string());
            button.set_text_content(Some(&label));
        }
        self.screen.follow(false);
    }
}

/// Sets the text of `el` if it differs.
fn set_text(el: &Element, text: &str) {
    if el.text_content().as_deref() != Some(text) {
        el.set_text_content(Some(text));
    }
}

/// Whether the reader has selected text in the page (to copy it).
fn has_selection() -> bool {
    web_sys::window()
        .and_then(|w| w.get_selection().ok().flatten())
        .is_some_and(|s| !s.is_collapsed())
}
