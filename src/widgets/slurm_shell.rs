//! The mock Slurm shell: a terminal in the page over `sim::slurm::session`.
//! The reader types at a bash prompt on the login node of a simulated GPU
//! cluster; Slurm's commands answer as Slurm 22.05 does, time flows while
//! the page is open, and `ssh node-N <tool>` reaches the compute nodes.
//! Keys: Enter runs, arrows walk the history, Tab completes (when the line
//! is not empty, so Tab still leaves an empty terminal), Ctrl+C abandons
//! the line, Ctrl+L clears, Escape leaves full screen. Pasted lines run
//! one after another.
//!
//! In a lab the cluster is the lab's prepared one, a checklist above the
//! terminal ticks itself from the simulated state, and everything the
//! learner does is saved in the browser and replayed on the next visit.
//!
//! The widget carries no Leptos: [`Shell`] holds its whole state and draws
//! it as HTML with pure functions, which the build writes as the page's
//! first state and the browser draws live ([`live`] wires the page's
//! events to it and redraws each part only when its HTML changes). The
//! shell's wasm module is the largest; without a view framework it has
//! room for the shell's own features.

mod lab_panel;
mod live;
mod progress;
mod screen;
mod task;

use std::sync::Arc;

use crate::book::{WidgetDirective, WidgetKind};
use crate::progress::LabProgress;
use crate::sim::slurm::lab::{Goal, Lab, LabId};
use crate::sim::slurm::session::{Event, Session};
use crate::sim::slurm::shell::{HelpText, format_time};
use crate::sim::slurm::task::OpenTask;
use crate::ui::{Texts, escaped};
use lab_panel::{Asked, Facts, Panel};
pub use live::mount;
use progress::Note;
use task::TaskHook;

/// Seed of the session: a page always starts the same cluster.
const SEED: u64 = 2205;
/// Real milliseconds between clock ticks.
const TICK_MS: i32 = 1_000;
/// The simulated seconds per real second the reader can pick.
const SPEEDS: [u64; 4] = [0, 1, 10, 60];

/// Where a shell opens: the chapter's cluster, a lab's prepared one, or
/// an exercise's task.
pub(crate) enum Place {
    Chapter,
    Lab(LabId),
    Task(TaskHook),
}

impl Place {
    /// The place a directive of the shell's module names, or what is
    /// wrong with it (shown in a notice in the widget's place).
    pub(crate) fn of(directive: &WidgetDirective) -> Result<Self, String> {
        if directive.module_kind() != WidgetKind::SlurmShell {
            return Err(format!(
                "{} is not in {}",
                directive.kind.name(),
                crate::book::WasmModule::Shell.bin()
            ));
        }
        if directive.kind == WidgetKind::Exercise {
            return TaskHook::of(directive).map(Self::Task);
        }
        match directive.params.get("lab") {
            None => Ok(Self::Chapter),
            Some(crate::book::widget::ParamValue::Text(name)) => LabId::from_slug(name)
                .map(Self::Lab)
                // The content check refuses unknown labs; say so if one slips by.
                .ok_or_else(|| format!("unknown lab {name:?}")),
            Some(other) => Err(format!("unknown lab {other:?}")),
        }
    }
}

/// A shell's whole state: what the build draws as the page's first state
/// and the browser keeps live.
pub(crate) struct Shell {
    /// The page's strings.
    texts: Texts,
    /// The prefix of its element ids: `sh` for the chapter's and a lab's
    /// shell (one per page), `ex-<id>-sh` for an exercise's.
    ids: String,
    /// The lab whose cluster it opens, if any.
    lab: Option<LabId>,
    /// The exercise it serves, if any.
    hook: Option<TaskHook>,
    /// The exercise's task as opened.
    quest: Option<OpenTask>,
    session: Option<Session>,
    /// The lab, once open.
    story: Option<Lab>,
    /// The lab's saved progress, kept after every change.
    saved: Option<LabProgress>,
    /// What became of saved progress.
    note: Option<Note>,
    /// The help asked for in the lab.
    asked: Asked,
    /// In the browser a lab's cluster is prepared (or its progress
    /// replayed) in the task after the mount, the longest part of it:
    /// each task stays short on a slow phone. Until then the shell shows
    /// the prompt, clock and goals the lab opens on, as the page's first
    /// state does.
    pending: bool,
    /// `help` in the page's language, read when a saved log is replayed
    /// or the reader first types, whichever comes first.
    words: Option<Arc<HelpText>>,
    /// Simulated seconds per real second.
    pub(crate) speed: u64,
    /// Whether it covers the page.
    full: bool,
    /// Whether it runs in the browser (the build draws the first state,
    /// the same for every reader: no incident, no saved progress).
    live: bool,
}

impl Shell {
    /// The shell at `place`, in the language of `texts`; `live` in the
    /// browser.
    pub(crate) fn new(place: Place, texts: Texts, live: bool) -> Self {
        let (lab, hook) = match place {
            Place::Chapter => (None, None),
            Place::Lab(id) => (Some(id), None),
            Place::Task(hook) => (None, Some(hook)),
        };
        let ids = hook
            .as_ref()
            .map_or_else(|| "sh".to_owned(), |t| format!("ex-{}-sh", t.id));
        let mut shell = Self {
            texts,
            ids,
            lab,
            hook,
            quest: None,
            session: None,
            story: None,
            saved: None,
            note: None,
            asked: Asked::default(),
            pending: live && lab.is_some(),
            words: None,
            speed: 1,
            full: false,
            live,
        };
        if shell.hook.is_some() {
            let words = shell.words();
            if let Some((task, session)) = shell.hook.as_mut().and_then(|h| h.open(words)) {
                shell.quest = Some(task);
                shell.session = Some(session);
            }
        } else if let Some(id) = lab {
            if !shell.pending {
                let words = shell.words();
                if let Some(o) = progress::open(id, words) {
                    shell.install(o);
                }
            }
        } else {
            shell.session = Session::chapter(SEED).ok();
        }
        shell
    }

    /// `help`'s words in the page's language.
    fn words(&mut self) -> Arc<HelpText> {
        let texts = &self.texts;
        self.words
            .get_or_insert_with(|| {
                let words = Session::help_english().into_iter().filter_map(|(key, _)| {
                    let text = texts.t(&format!("sh-help-{key}"));
                    (!text.starts_with("sh-help-")).then_some((key, text))
                });
                Arc::new(HelpText(words.collect()))
            })
            .clone()
    }

    /// Puts an opened lab in place of what the shell showed.
    fn install(&mut self, o: progress::Opened) {
        self.session = Some(o.session);
        self.story = Some(o.lab);
        self.asked = Asked {
            hints: o.saved.hints.clone(),
            solutions: o.saved.solutions.clone(),
            confirming: false,
        };
        self.saved = Some(o.saved);
        self.note = o.note;
    }

    /// Opens the pending lab, once: from its timer, or at once if the
    /// reader acts first. Whether it opened.
    pub(crate) fn open_pending(&mut self) -> bool {
        if !self.pending {
            return false;
        }
        self.pending = false;
        let words = self.words();
        match self.lab.and_then(|id| progress::open(id, words)) {
            Some(o) => {
                self.install(o);
                true
            }
            None => false,
        }
    }

    /// Every change goes through here, so that a lab or a task can save
    /// and replay it.
    pub(crate) fn act(&mut self, event: Event) {
        self.open_pending();
        let words = self.words();
        if let Some(s) = self.session.as_mut() {
            s.set_help(words);
            s.apply(&event);
        }
        if let (Some(quest), Some(s), Some(hook)) = (&self.quest, &self.session, &mut self.hook) {
            hook.keep(event.clone(), quest.done(s));
        }
        let goals = self.goals();
        if let (Some(saved), Some(id)) = (self.saved.as_mut(), self.lab) {
            crate::progress::record(&mut saved.log, event);
            saved.goals = goals.len() as u8;
            saved.met = goals
                .iter()
                .filter(|g| g.done)
                .map(|g| g.id.key().to_owned())
                .collect();
            progress::keep(id, saved);
        }
    }

    /// Starts over: the task afresh, or the lab on the address's
    /// incident (a new one if it names none). Whether it did.
    pub(crate) fn reset(&mut self) -> bool {
        self.asked.confirming = false;
        if let Some(hook) = self.hook.as_mut() {
            let Some((task, session)) = hook.restart() else {
                return false;
            };
            self.session = Some(session);
            self.quest = Some(task);
        } else {
            self.pending = false;
            let Some(o) = self
                .lab
                .and_then(|id| progress::fresh(id, progress::address_seed()))
            else {
                return false;
            };
            self.install(o);
        }
        true
    }

    /// Shows the next hint or solution of the lab, and keeps it.
    pub(crate) fn ask_more(&mut self) {
        let goals = self.goals();
        if !self.asked.more(&goals) {
            return;
        }
        if let (Some(saved), Some(id)) = (self.saved.as_mut(), self.lab) {
            saved.hints = self.asked.hints.clone();
            saved.solutions = self.asked.solutions.clone();
            progress::keep(id, saved);
        }
    }

    /// The lab's goals as the state stands (as the lab opens, until it is
    /// open).
    fn goals(&self) -> Vec<Goal> {
        match (&self.story, &self.session, self.lab) {
            (Some(l), Some(s), _) => l.goals(s),
            (_, _, Some(id)) => id.open_goals(),
            _ => Vec::new(),
        }
    }

    /// What the lab's hints and solutions name.
    fn facts(&self) -> Facts {
        let (Some(l), Some(s)) = (&self.story, &self.session) else {
            return Facts::default();
        };
        let healthy = l.healthy_nodes(s);
        let name = |i: usize| healthy.get(i).cloned().unwrap_or_default();
        Facts {
            job: l.job_id,
            node: l.culprit.clone(),
            partner: name(0),
            pair: format!("{},{}", name(1), name(2)),
            percent: l.slow_percent(s).map(|p| p.to_string()).unwrap_or_default(),
        }
    }

    /// The lab's panel as the state stands; `None` outside labs.
    fn panel(&self) -> Option<Panel<'_>> {
        let id = self.lab?;
        let findings = match (&self.story, &self.session) {
            (Some(l), Some(s)) => l.diagnose(s),
            _ => Vec::new(),
        };
        Some(Panel {
            id,
            // Only a live lab tells its incident: the page's first state
            // is the same for every learner.
            incident: self.story.as_ref().filter(|_| self.live),
            goals: self.goals(),
            facts: self.facts(),
            asked: &self.asked,
            findings,
            note: self.note.as_ref(),
        })
    }

    /// The prompt before the input.
    fn prompt(&self) -> String {
        match &self.session {
            Some(s) => s.terminal.prompt(),
            None if self.lab.is_some() => Lab::opening_prompt().0,
            None => String::new(),
        }
    }

    /// The simulated clock.
    fn clock(&self) -> String {
        let now = match &self.session {
            Some(s) => Some(s.terminal.shell.now()),
            None => self
                .lab
                .map(|_| u64::try_from(Lab::opening_prompt().1).unwrap_or(0)),
        };
        now.map(|t| format_time(t, "%F %T UTC")).unwrap_or_default()
    }

    /// The scrollback's lines as HTML.
    fn lines_html(&self) -> String {
        let label = escaped(&self.texts.t("sh-copy"));
        screen::lines_html(
            &label,
            self.session
                .as_ref()
                .map(|s| s.terminal.lines())
                .unwrap_or_default(),
        )
    }

    /// The full-screen button's label.
    fn full_label(&self) -> String {
        self.texts.t(if self.full {
            "sh-full-leave"
        } else {
            "sh-full"
        })
    }

    /// The whole widget as HTML (in an exercise, with the exercise around
    /// it).
    pub(crate) fn html(&self) -> String {
        let t = |id: &str| escaped(&self.texts.t(id));
        let ids = &self.ids;
        let intro = match (&self.hook, self.lab) {
            // An exercise's question says what this shell is for.
            (Some(_), _) => String::new(),
            (None, Some(id)) => format!(
                "<p class=\"field-hint\">{}</p>",
                t(&format!("{}-intro", id.message_prefix()))
            ),
            (None, None) => format!("<p class=\"field-hint\">{}</p>", t("sh-intro")),
        };
        let panel = self
            .panel()
            .map(|p| p.html(&self.texts))
            .unwrap_or_default();
        let speeds: String = SPEEDS
            .iter()
            .map(|&v| {
                let label = match v {
                    0 => t("sh-speed-paused"),
                    _ => format!("×{v}"),
                };
                let selected = if v == self.speed { " selected" } else { "" };
                format!("<option value=\"{v}\"{selected}>{label}</option>")
            })
            .collect();
        let restart = if self.hook.is_some() {
            format!(
                "<button type=\"button\" class=\"term-button\" data-testid=\"sh-restart\">{}</button>",
                t("exercise-task-restart")
            )
        } else {
            String::new()
        };
        let shell = format!(
            "<div class=\"widget slurm-shell{full}\" data-widget=\"slurm-shell\" role=\"group\" \
             aria-labelledby=\"{ids}-title\">\
             <p class=\"widget-title\" id=\"{ids}-title\">{title}</p>{intro}{panel}\
             <div class=\"term-bar\"><span class=\"term-clock\" data-testid=\"sh-clock\">{clock}</span>\
             <label>{speed} <select>{speeds}</select></label>\
             <button type=\"button\" class=\"term-button\" data-testid=\"sh-copy-last\">{copy}</button>\
             {restart}\
             <button type=\"button\" class=\"term-button\" data-testid=\"sh-full\" aria-pressed=\"{pressed}\">{full_label}</button></div>\
             <div class=\"terminal\"><div class=\"term-log-box\">\
             <div class=\"term-log\" role=\"log\" aria-live=\"polite\" data-testid=\"sh-log\" tabindex=\"0\">{lines}</div>\
             <span class=\"term-more\" aria-hidden=\"true\">→</span></div>\
             <div class=\"term-input-row\"><label for=\"{ids}-input\" class=\"term-prompt\">{prompt}</label>\
             <input id=\"{ids}-input\" class=\"term-input\" type=\"text\" autocomplete=\"off\" autocapitalize=\"off\" \
             spellcheck=\"false\" enterkeyhint=\"send\" aria-describedby=\"{ids}-keys\"></div></div>\
             <p class=\"field-hint\" id=\"{ids}-keys\">{keys}</p></div>",
            full = if self.full { " full" } else { "" },
            title = t("widget-slurm-shell"),
            clock = escaped(&self.clock()),
            speed = t("sh-speed"),
            copy = t("sh-copy-last"),
            pressed = self.full,
            full_label = escaped(&self.full_label()),
            lines = self.lines_html(),
            prompt = escaped(&self.prompt()),
            keys = t("sh-keys"),
        );
        match &self.hook {
            Some(hook) => hook.html(&self.texts, &shell),
            None => shell,
        }
    }
}

/// The first state of the widget a directive of the shell's module names,
/// in `lang`, as HTML (a notice if the directive is not one of its own).
pub fn first_state(directive: &WidgetDirective, lang: &str) -> String {
    let texts = Texts::new(lang);
    match Place::of(directive) {
        Ok(place) => Shell::new(place, texts, false).html(),
        Err(detail) => crate::ui::notice_html(&texts, &detail),
    }
}

/// A UTF-16 offset (what the DOM counts) as a byte offset into `text`.
fn utf16_to_byte(text: &str, utf16: u32) -> usize {
    let mut units = 0u32;
    for (i, c) in text.char_indices() {
        if units >= utf16 {
            return i;
        }
        units += c.len_utf16() as u32;
    }
    text.len()
}

/// A byte offset into `text` as a UTF-16 offset.
fn byte_to_utf16(text: &str, byte: usize) -> u32 {
    text.char_indices()
        .take_while(|(i, _)| *i < byte)
        .map(|(_, c)| c.len_utf16() as u32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn directive(name: &str, body: &str) -> WidgetDirective {
        WidgetDirective::parse(&format!("widget {name}"), body).expect("a valid directive")
    }

    fn shell(place: Place) -> Shell {
        Shell::new(place, Texts::new("en"), false)
    }

    #[test]
    fn the_chapters_first_state_is_its_prompt_over_an_empty_screen() {
        let html = first_state(&directive("slurm-shell", "cluster = \"default\""), "en");
        assert!(html.contains("four nodes of eight GPUs"), "{html}");
        assert!(
            html.contains("<label for=\"sh-input\" class=\"term-prompt\">alice@login1:~$ </label>"),
            "{html}"
        );
        assert!(
            html.contains("data-testid=\"sh-log\" tabindex=\"0\"></div>"),
            "{html}"
        );
        assert!(
            html.contains("<option value=\"1\" selected>×1</option>"),
            "{html}"
        );
        assert!(
            html.contains("aria-pressed=\"false\">Full screen</button>"),
            "{html}"
        );
        assert!(
            !html.contains("lab-panel") && !html.contains("sh-restart"),
            "{html}"
        );
    }

    #[test]
    fn a_labs_first_state_shows_its_goals_and_keeps_the_incident_and_note_for_later() {
        let html = first_state(&directive("slurm-shell", "lab = \"the-slow-lane\""), "es");
        assert_eq!(html.matches("<li class=\"lab-goal\"").count(), 4, "{html}");
        assert_eq!(html.matches(">…</dd>").count(), 4, "{html}");
        assert!(
            html.contains("<p class=\"lab-note\" role=\"status\" hidden></p>"),
            "{html}"
        );
        assert!(html.contains("Tiempo simulado"), "{html}");
    }

    #[test]
    fn a_task_is_drawn_inside_its_exercise_with_a_restart_button() {
        let body = "id = \"drain-3\"\nkind = \"shell\"\ntask = \"drain\"\nnode = \"node-3\"\n\
                    question = \"Drain node-3.\"\nexplanation = \"Use scontrol.\"\n";
        let html = first_state(&directive("exercise", body), "en");
        assert!(
            html.starts_with(
                "<div class=\"exercise exercise-task\" role=\"group\" aria-labelledby=\"ex-drain-3-title\" \
                 data-exercise=\"drain-3\" data-state=\"open\">"
            ),
            "{html}"
        );
        assert!(
            html.contains("<span class=\"exercise-done\" hidden>"),
            "{html}"
        );
        assert!(html.contains("id=\"ex-drain-3-sh-input\""), "{html}");
        assert!(html.contains("data-testid=\"sh-restart\""), "{html}");
        assert!(
            html.contains("<div class=\"exercise-feedback\" role=\"status\"></div>"),
            "{html}"
        );
    }

    #[test]
    fn a_directive_the_shell_cannot_show_becomes_a_notice() {
        // The directive's own check refuses it: as if one slipped by.
        let mut lab = directive("slurm-shell", "lab = \"the-slow-lane\"");
        lab.params.insert(
            "lab".to_owned(),
            crate::book::widget::ParamValue::Text("the-fast-lane".to_owned()),
        );
        let html = first_state(&lab, "en");
        assert!(html.contains("content-notice"), "{html}");
        assert!(
            html.contains("unknown lab &quot;the-fast-lane&quot;"),
            "{html}"
        );
        let html = first_state(&directive("young-daly", ""), "en");
        assert!(
            html.contains("young-daly is not in gpu-book-shell"),
            "{html}"
        );
    }

    #[test]
    fn what_the_reader_types_is_drawn_and_ctrl_l_clears_it() {
        let mut shell = shell(Place::Chapter);
        shell.act(Event::Line("echo '<hi>'".into()));
        let lines = shell.lines_html();
        assert!(lines.contains("$ echo &#39;&lt;hi&gt;&#39;"), "{lines}");
        assert!(lines.contains("data-copy=\"0\""), "{lines}");
        assert!(
            lines.contains("<div class=\"term-line\">&lt;hi&gt;</div>"),
            "{lines}"
        );
        shell.act(Event::Clear);
        assert_eq!(shell.lines_html(), "");
    }

    #[test]
    fn a_lab_gives_its_hints_one_at_a_time_and_starts_over_without_them() {
        let mut shell = shell(Place::Lab(LabId::FallenOffTheBus));
        let hints = |shell: &Shell| {
            let panel = shell.panel().expect("a lab has a panel");
            panel.parts(&shell.texts)[4].matches("<li").count()
        };
        assert_eq!(hints(&shell), 0);
        shell.ask_more();
        shell.ask_more();
        assert_eq!(hints(&shell), 2);
        shell.asked.confirming = true;
        assert!(shell.reset());
        assert_eq!(hints(&shell), 0);
        assert!(!shell.asked.confirming);
    }
}
