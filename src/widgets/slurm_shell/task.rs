//! A self-check exercise done in the shell: the exercise's question, a
//! terminal on the task's cluster ([`Task::open`]), a line that says when
//! the cluster shows the task done, and the worked answer. What the
//! learner typed is kept in the exercise's entry of the reader's progress
//! and replayed on return, as a lab's is.

use std::sync::Arc;

use leptos::prelude::*;

use super::SlurmShell;
use crate::book::WidgetDirective;
use crate::book::exercise::{Exercise, ExerciseBody};
use crate::progress::record;
use crate::sim::slurm::session::{Event, Session};
use crate::sim::slurm::shell::HelpText;
use crate::sim::slurm::task::{OpenTask, Task};
use crate::ui::progress::{change, load};
use crate::ui::{ContentNotice, use_i18n};

/// What the shell needs to know of the exercise it serves.
#[derive(Debug, Clone)]
pub struct TaskHook {
    /// The exercise's id: where its progress is kept.
    pub(crate) id: String,
    /// The task.
    pub(crate) task: Task,
    /// Whether the cluster shows it done now.
    pub(crate) done: RwSignal<bool>,
    /// Whether it was ever done (kept in progress).
    pub(crate) ever: RwSignal<bool>,
}

impl TaskHook {
    /// The task's cluster with the learner's saved log replayed (`help` in
    /// the page's language); a log that no longer replays starts the task
    /// afresh.
    pub(crate) fn open(&self, help: Arc<HelpText>) -> Option<(OpenTask, Session)> {
        let log = load()
            .progress
            .exercises
            .remove(&self.id)
            .map(|e| e.log)
            .unwrap_or_default();
        let opened = self
            .task
            .replay(&log, help)
            .or_else(|_| self.task.open())
            .ok()?;
        self.done.set(opened.0.done(&opened.1));
        Some(opened)
    }

    /// Keeps `event` and whether the task is now `done`. Clock steps
    /// before the learner's first action are not kept: they change
    /// nothing a task checks.
    pub(crate) fn keep(&self, event: Event, done: bool) {
        self.done.set(done);
        if done {
            self.ever.set(true);
        }
        change(|p| {
            let entry = p
                .exercises
                .get_or_insert_with(self.id.clone(), Default::default);
            if entry.log.is_empty() && matches!(event, Event::Advance(_)) && !done {
                return;
            }
            record(&mut entry.log, event);
            if done {
                entry.task_done();
            }
        });
    }

    /// Starts the task over: its log forgotten, its result kept.
    pub(crate) fn restart(&self) -> Option<(OpenTask, Session)> {
        change(|p| {
            if let Some(entry) = p.exercises.get_mut(&self.id) {
                entry.log.clear();
            }
        });
        let opened = self.task.open().ok()?;
        self.done.set(false);
        Some(opened)
    }
}

/// The exercise a shell-task directive carries, or a notice saying what
/// is wrong.
pub(crate) fn task_view(directive: &WidgetDirective) -> AnyView {
    match Exercise::from_directive(directive) {
        Ok(Exercise {
            id,
            question,
            body: ExerciseBody::Shell { task, explanation },
        }) => view! { <ShellTask id question task explanation /> }.into_any(),
        Ok(_) => view! { <ContentNotice detail="not a task in the shell".to_owned() /> }.into_any(),
        Err(e) => view! { <ContentNotice detail=e.to_string() /> }.into_any(),
    }
}

/// One task in the shell, with the chrome every exercise has.
#[component]
fn ShellTask(id: String, question: String, task: Task, explanation: String) -> impl IntoView {
    let i18n = use_i18n();
    let saved = load().progress.exercises.remove(&id).unwrap_or_default();
    let hook = TaskHook {
        id: id.clone(),
        task,
        done: RwSignal::new(false),
        ever: RwSignal::new(saved.right),
    };
    let (done, ever) = (hook.done, hook.ever);
    let shown = RwSignal::new(saved.solution);
    let title_id = format!("ex-{id}-title");
    let on_toggle = {
        let id = id.clone();
        move |ev: leptos::ev::Event| {
            let open = event_target::<web_sys::Element>(&ev).has_attribute("open");
            if open && !shown.get_untracked() {
                shown.set(true);
                change(|p| {
                    p.exercises
                        .get_or_insert_with(id.clone(), Default::default)
                        .solution = true
                });
            }
        }
    };
    view! {
        <div
            class="exercise exercise-task"
            role="group"
            aria-labelledby=title_id
            data-exercise=id
            data-state=move || if done.get() { "right" } else if ever.get() { "done" } else { "open" }
        >
            <p class="exercise-title" id=title_id.clone()>
                {move || i18n.t("exercise-title")}
                <span class="exercise-done" hidden=move || !ever.get()>
                    {move || i18n.t("exercise-done")}
                </span>
            </p>
            <div class="exercise-question md" data-slot="question" inner_html=question></div>
            <SlurmShell task=hook />
            <div class="exercise-feedback" role="status">
                {move || done.get().then(|| view! {
                    <div class="exercise-said">
                        <p class="exercise-verdict">{i18n.t("exercise-right")}</p>
                        <p>{i18n.t("exercise-task-done")}</p>
                    </div>
                })}
            </div>
            <details class="exercise-solution" on:toggle=on_toggle>
                <summary>{move || i18n.t("exercise-show-answer")}</summary>
                <div class="md" data-slot="explanation" inner_html=explanation></div>
            </details>
        </div>
    }
}
