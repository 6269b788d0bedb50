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

mod lab_panel;
mod progress;
mod screen;
mod task;

use std::sync::Arc;

use leptos::ev::KeyboardEvent;
use leptos::prelude::*;

use crate::progress::LabProgress;
use crate::sim::slurm::lab::{Lab, LabId};
use crate::sim::slurm::session::{Event, Session};
use crate::sim::slurm::shell::HelpText;
use crate::ui::use_i18n;
use lab_panel::{Facts, LabPanel};
use screen::{CopyLast, Log, Scrollback};
pub use task::TaskHook;
pub(crate) use task::task_view;

/// Seed of the session: a page always starts the same cluster.
const SEED: u64 = 2205;
/// Real milliseconds between clock ticks.
const TICK_MS: u64 = 1_000;

/// The shell on the default cluster, on a lab's, or on an exercise's task.
#[component]
pub fn SlurmShell(
    /// The lab whose prepared cluster to open (the default cluster when
    /// `None`).
    #[prop(optional)]
    lab: Option<LabId>,
    /// The exercise whose task to open (`task`), instead.
    #[prop(optional)]
    task: Option<TaskHook>,
) -> impl IntoView {
    let i18n = use_i18n();
    // Element ids: the chapter's and a lab's shell (one per page) use
    // `sh-`, an exercise's its own.
    let ids = task
        .as_ref()
        .map_or_else(|| "sh".to_owned(), |t| format!("ex-{}-sh", t.id));
    // `help` in the page's language, read when a saved log is replayed or
    // the reader first types, whichever comes first.
    let help: StoredValue<Option<Arc<HelpText>>> = StoredValue::new(None);
    let help_words = move || {
        if let Some(words) = help.with_value(Clone::clone) {
            return words;
        }
        let words = Session::help_english().into_iter().filter_map(|(key, _)| {
            let text = i18n.t(&format!("sh-help-{key}"));
            (!text.starts_with("sh-help-")).then_some((key, text))
        });
        let words = Arc::new(HelpText(words.collect()));
        help.set_value(Some(words.clone()));
        words
    };
    let mut opened_task = None;
    // In the browser a lab's cluster is prepared (or its progress replayed)
    // in the task after the mount, the longest part of it: each task stays
    // short on a slow phone. Until then the shell shows the prompt, clock
    // and goals the lab opens on, as the page's first state does.
    let pending = StoredValue::new(cfg!(target_arch = "wasm32") && task.is_none() && lab.is_some());
    let opened = if pending.get_value() {
        None
    } else {
        lab.and_then(|id| progress::open(id, help_words()))
    };
    let (start, story, saved_log, opening_note) = match (&task, opened) {
        (Some(hook), _) => match hook.open(help_words()) {
            Some((t, s)) => {
                opened_task = Some(t);
                (Some(s), None, None, None)
            }
            None => (None, None, None, None),
        },
        (None, Some(o)) => (Some(o.session), Some(o.lab), Some(o.saved), o.note),
        (None, None) if lab.is_some() => (None, None, None, None),
        (None, None) => (Session::chapter(SEED).ok(), None, None, None),
    };
    let in_task = task.is_some();
    let hook = StoredValue::new(task);
    // The exercise's task as opened (`None` outside exercises).
    let quest = StoredValue::new(opened_task);
    let session = StoredValue::new(start);
    // The lab's facts and its saved log (`None` outside labs).
    let story = StoredValue::new(story);
    let saved = StoredValue::new(saved_log);
    let note = RwSignal::new(opening_note);
    // The hints and solutions shown, kept with the log.
    let hints = RwSignal::new(saved.with_value(|s: &Option<LabProgress>| {
        s.as_ref().map(|s| s.hints.clone()).unwrap_or_default()
    }));
    let solutions = RwSignal::new(saved.with_value(|s: &Option<LabProgress>| {
        s.as_ref().map(|s| s.solutions.clone()).unwrap_or_default()
    }));
    // Bumped after every change of the session, to redraw the clock and
    // the goals; `drawn` is the screen's generation last drawn.
    let version = RwSignal::new(0u64);
    // (`NEVER` matches no generation: the next refresh redraws.)
    const NEVER: u64 = u64::MAX;
    let drawn = RwSignal::new(NEVER);
    let log = Log::new();
    let full = RwSignal::new(false);
    let line = RwSignal::new(String::new());
    let speed = RwSignal::new(1u64);
    let input_ref = NodeRef::<leptos::html::Input>::new();

    // After a change: redraw, and bring the newest output into view if the
    // reader acted (`reader`) or was reading it.
    let refresh = move |reader: bool| {
        let _ = version.try_update(|v| *v += 1);
        let generation = session.with_value(|s| s.as_ref().map(|s| s.terminal.generation()));
        if let Some(g) = generation
            && drawn.try_get_untracked().is_some_and(|d| d != g)
        {
            drawn.set(g);
            log.follow(reader);
        } else if reader {
            log.follow(true);
        }
    };
    let touch = move || refresh(true);
    // Puts an opened lab in place of what the shell showed.
    let install = move |o: progress::Opened| {
        session.set_value(Some(o.session));
        story.set_value(Some(o.lab));
        hints.set(o.saved.hints.clone());
        solutions.set(o.saved.solutions.clone());
        saved.set_value(Some(o.saved));
        note.set(o.note);
        // A fresh session counts its generations from the start again.
        drawn.update_untracked(|d| *d = NEVER);
    };
    // Opens the pending lab, once: from its timer, or at once if the
    // reader acts first.
    let open_pending = move || {
        if !pending.try_get_value().unwrap_or(false) {
            return;
        }
        pending.set_value(false);
        if let Some(o) = lab.and_then(|id| progress::open(id, help_words())) {
            install(o);
            refresh(false);
            // A lab replayed from the reader's progress opens on its newest output.
            log.follow(true);
        }
    };
    if pending.get_value() {
        set_timeout(open_pending, std::time::Duration::ZERO);
    }
    // Every change goes through here, so that a lab can save and replay it.
    let act = move |event: Event| {
        open_pending();
        let words = help_words();
        let _ = session.try_update_value(|s| {
            if let Some(s) = s {
                s.set_help(words);
                s.apply(&event);
            }
        });
        let done = quest.with_value(|q: &Option<crate::sim::slurm::task::OpenTask>| {
            session.with_value(|s| Some(q.as_ref()?.done(s.as_ref()?)))
        });
        if let Some(done) = done {
            hook.with_value(|h: &Option<TaskHook>| {
                if let Some(h) = h {
                    h.keep(event.clone(), done);
                }
            });
        }
        let goals = story
            .with_value(|l: &Option<Lab>| {
                session.with_value(|s| Some(l.as_ref()?.goals(s.as_ref()?)))
            })
            .unwrap_or_default();
        let _ = saved.try_update_value(|saved: &mut Option<LabProgress>| {
            if let (Some(saved), Some(id)) = (saved.as_mut(), lab) {
                crate::progress::record(&mut saved.log, event);
                saved.goals = goals.len() as u8;
                saved.met = goals
                    .iter()
                    .filter(|g| g.done)
                    .map(|g| g.id.key().to_owned())
                    .collect();
                progress::keep(id, saved);
            }
        });
    };
    let run = move |text: String| {
        act(Event::Line(text));
        touch();
    };
    let reset = Callback::new(move |()| {
        if in_task {
            let Some((t, s)) = hook.with_value(|h: &Option<TaskHook>| h.as_ref()?.restart()) else {
                return;
            };
            session.set_value(Some(s));
            quest.set_value(Some(t));
        } else {
            pending.set_value(false);
            // The address's incident, if it names one; else a new one.
            let Some(o) = lab.and_then(|id| progress::fresh(id, progress::address_seed())) else {
                return;
            };
            install(o);
        }
        line.set(String::new());
        drawn.update_untracked(|d| *d = NEVER);
        touch();
    });

    // Simulated time flows while the page is open: `speed` seconds a
    // second (in the browser: the build renders the first state only).
    let ticker = cfg!(target_arch = "wasm32")
        .then(|| {
            set_interval_with_handle(
                move || {
                    let seconds = speed.try_get_untracked().unwrap_or(0);
                    if seconds > 0 {
                        act(Event::Advance(seconds));
                        refresh(false);
                    }
                },
                std::time::Duration::from_millis(TICK_MS),
            )
            .ok()
        })
        .flatten();
    on_cleanup(move || {
        if let Some(t) = ticker {
            t.clear();
        }
    });

    let on_keydown = move |ev: KeyboardEvent| {
        open_pending();
        let Some(input) = input_ref.get_untracked() else {
            return;
        };
        let current = input.value();
        let ctrl = ev.ctrl_key() || ev.meta_key();
        match ev.key().as_str() {
            "Enter" => {
                ev.prevent_default();
                line.set(String::new());
                input.set_value("");
                run(current);
            }
            "ArrowUp" | "ArrowDown" => {
                ev.prevent_default();
                let up = ev.key() == "ArrowUp";
                let entry = session
                    .try_update_value(|s| {
                        s.as_mut().and_then(|s| {
                            if up {
                                s.terminal.history_prev(&current)
                            } else {
                                s.terminal.history_next()
                            }
                        })
                    })
                    .flatten();
                if let Some(entry) = entry {
                    input.set_value(&entry);
                    line.set(entry);
                }
            }
            "Tab" if !current.is_empty() && !ev.shift_key() => {
                ev.prevent_default();
                let cursor = input
                    .selection_start()
                    .ok()
                    .flatten()
                    .map_or(current.len(), |c| utf16_to_byte(&current, c));
                let edit = session
                    .try_update_value(|s| s.as_mut().map(|s| s.complete(&current, cursor)))
                    .flatten();
                if let Some(edit) = edit {
                    input.set_value(&edit.line);
                    let at = byte_to_utf16(&edit.line, edit.cursor);
                    let _ = input.set_selection_range(at, at);
                    line.set(edit.line);
                    touch();
                }
            }
            "c" if ctrl && !has_selection() => {
                ev.prevent_default();
                act(Event::Interrupt(current));
                input.set_value("");
                line.set(String::new());
                touch();
            }
            "l" if ctrl => {
                ev.prevent_default();
                act(Event::Clear);
                touch();
            }
            _ => {}
        }
    };
    // Several pasted lines run one after another, as in a real terminal.
    let on_paste = move |ev: leptos::ev::ClipboardEvent| {
        let Some(text) = ev.clipboard_data().and_then(|d| d.get_data("text").ok()) else {
            return;
        };
        if !text.contains('\n') {
            return;
        }
        ev.prevent_default();
        let Some(input) = input_ref.get_untracked() else {
            return;
        };
        let mut lines: Vec<String> = text
            .replace("\r\n", "\n")
            .split('\n')
            .map(str::to_owned)
            .collect();
        let rest = lines.pop().unwrap_or_default();
        if let Some(first) = lines.first_mut() {
            *first = format!("{}{first}", input.value());
        }
        for l in lines {
            run(l);
        }
        input.set_value(&rest);
        line.set(rest);
    };

    let prompt = move || {
        version.track();
        session.with_value(|s| match s {
            Some(s) => s.terminal.prompt(),
            None if lab.is_some() => Lab::opening_prompt().0,
            None => String::new(),
        })
    };
    let clock = move || {
        version.track();
        let now = session.with_value(|s| match s {
            Some(s) => Some(s.terminal.shell.now()),
            None => lab.map(|_| u64::try_from(Lab::opening_prompt().1).unwrap_or(0)),
        });
        now.map(|t| crate::sim::slurm::shell::format_time(t, "%F %T UTC"))
    };
    // Full screen covers the page with the widget (the stylesheet); the
    // page behind it does not scroll meanwhile.
    let set_full = move |on: bool| {
        full.set(on);
        if let Some(root) = document().document_element() {
            let _ = root.class_list().toggle_with_force("term-full-open", on);
        }
        // The focus stays where it was: on a phone, focusing the input
        // would open the keyboard over half of the screen just gained.
        log.follow(false);
    };
    // A lab replayed from the reader's progress opens on its newest output.
    Effect::new(move |_| log.follow(true));
    on_cleanup(move || {
        // Only a live widget (in the browser) can have covered the page.
        if full.try_get_untracked() == Some(true)
            && let Some(root) = document().document_element()
        {
            let _ = root.class_list().remove_1("term-full-open");
        }
    });
    let speeds = [0u64, 1, 10, 60].map(|v| {
        let label = move || match v {
            0 => i18n.t("sh-speed-paused"),
            _ => format!("×{v}"),
        };
        view! { <option value=v.to_string() selected=move || speed.get() == v>{label}</option> }
    });

    view! {
        <div
            class="widget slurm-shell"
            class:full=move || full.get()
            data-widget="slurm-shell"
            role="group"
            aria-labelledby=format!("{ids}-title")
            on:keydown=move |ev: KeyboardEvent| {
                if ev.key() == "Escape" && full.get_untracked() {
                    ev.prevent_default();
                    set_full(false);
                }
            }
        >
            <p class="widget-title" id=format!("{ids}-title")>{move || i18n.t("widget-slurm-shell")}</p>
            // An exercise's question says what this shell is for.
            {(!in_task).then(|| view! {
                <p class="field-hint">
                    {move || match lab {
                        Some(id) => i18n.t(&format!("{}-intro", id.message_prefix())),
                        None => i18n.t("sh-intro"),
                    }}
                </p>
            })}
            {lab.map(|id| {
                let goals = Signal::derive(move || {
                    version.track();
                    story
                        .with_value(|l: &Option<Lab>| {
                            session.with_value(|s| Some(l.as_ref()?.goals(s.as_ref()?)))
                        })
                        .unwrap_or_else(|| id.open_goals())
                });
                let facts = Signal::derive(move || {
                    version.track();
                    story
                        .with_value(|l: &Option<Lab>| {
                            session.with_value(|s| {
                                let (l, s) = (l.as_ref()?, s.as_ref()?);
                                let healthy = l.healthy_nodes(s);
                                let name = |i: usize| healthy.get(i).cloned().unwrap_or_default();
                                Some(Facts {
                                    job: l.job_id,
                                    node: l.culprit.clone(),
                                    partner: name(0),
                                    pair: format!("{},{}", name(1), name(2)),
                                    percent: l
                                        .slow_percent(s)
                                        .map(|p| p.to_string())
                                        .unwrap_or_default(),
                                })
                            })
                        })
                        .unwrap_or_default()
                });
                // Only a live lab tells its incident: the page's first
                // state is the same for every learner. A memo: the clock's
                // ticks do not redraw it.
                let incident: Signal<Option<Lab>> = Memo::new(move |_| {
                    version.track();
                    story
                        .with_value(|l: &Option<Lab>| l.clone())
                        .filter(|_| cfg!(target_arch = "wasm32"))
                })
                .into();
                let on_help = Callback::new(move |()| {
                    saved.update_value(|saved: &mut Option<LabProgress>| {
                        if let Some(saved) = saved.as_mut() {
                            saved.hints = hints.get_untracked();
                            saved.solutions = solutions.get_untracked();
                            progress::keep(id, saved);
                        }
                    });
                });
                // A memo: the live region changes, and is announced, only
                // when the findings do, not after every command.
                let findings = Memo::new(move |_| {
                    version.track();
                    story
                        .with_value(|l: &Option<Lab>| {
                            session.with_value(|s| Some(l.as_ref()?.diagnose(s.as_ref()?)))
                        })
                        .unwrap_or_default()
                });
                view! { <LabPanel id incident goals facts hints solutions on_help findings note on_reset=reset /> }
            })}
            <div class="term-bar">
                <span class="term-clock" data-testid="sh-clock">{clock}</span>
                <label>
                    {move || i18n.t("sh-speed")}
                    " "
                    <select on:change=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse() {
                            speed.set(v);
                        }
                    }>
                        {speeds}
                    </select>
                </label>
                <CopyLast log session />
                {in_task.then(|| view! {
                    <button type="button" class="term-button" data-testid="sh-restart" on:click=move |_| reset.run(())>
                        {move || i18n.t("exercise-task-restart")}
                    </button>
                })}
                <button
                    type="button"
                    class="term-button"
                    data-testid="sh-full"
                    aria-pressed=move || full.get().to_string()
                    on:click=move |_| set_full(!full.get_untracked())
                >
                    {move || i18n.t(if full.get() { "sh-full-leave" } else { "sh-full" })}
                </button>
            </div>
            <div
                class="terminal"
                on:click=move |_| {
                    if !has_selection() && let Some(i) = input_ref.get_untracked() {
                        let _ = i.focus();
                    }
                }
            >
                <Scrollback log session drawn />
                <div class="term-input-row">
                    <label for=format!("{ids}-input") class="term-prompt">{prompt}</label>
                    <input
                        id=format!("{ids}-input")
                        class="term-input"
                        type="text"
                        node_ref=input_ref
                        autocomplete="off"
                        autocapitalize="off"
                        spellcheck="false"
                        enterkeyhint="send"
                        aria-describedby=format!("{ids}-keys")
                        prop:value=move || line.get()
                        on:input=move |ev| line.set(event_target_value(&ev))
                        on:keydown=on_keydown
                        on:paste=on_paste
                    />
                </div>
            </div>
            <p class="field-hint" id=format!("{ids}-keys")>{move || i18n.t("sh-keys")}</p>
        </div>
    }
}

/// `text` with HTML's special characters escaped, for the parts drawn as
/// HTML (the lab panel, the scrollback).
fn escaped(text: &str) -> String {
    let mut html = String::with_capacity(text.len());
    let _ = pulldown_cmark_escape::escape_html(&mut html, text);
    html
}

/// Whether the reader has selected text in the page (to copy it).
fn has_selection() -> bool {
    window()
        .get_selection()
        .ok()
        .flatten()
        .is_some_and(|s| !s.is_collapsed())
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
