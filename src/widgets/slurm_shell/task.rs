//! A self-check exercise done in the shell: the exercise's question, a
//! terminal on the task's cluster ([`Task::open`]), a line that says when
//! the cluster shows the task done, and the worked answer. What the
//! learner typed is kept in the exercise's entry of the reader's progress
//! and replayed on return, as a lab's is.

use std::sync::Arc;

use super::escaped;
use crate::book::WidgetDirective;
use crate::book::exercise::{Exercise, ExerciseBody};
use crate::progress::record;
use crate::sim::slurm::session::{Event, Session};
use crate::sim::slurm::shell::HelpText;
use crate::sim::slurm::task::{OpenTask, Task};
use crate::ui::Texts;
use crate::ui::progress::{change, load};

/// The exercise a shell serves, and how far the learner got.
#[derive(Debug, Clone)]
pub(crate) struct TaskHook {
    /// The exercise's id: where its progress is kept.
    pub(crate) id: String,
    /// The task.
    task: Task,
    /// The question, as HTML.
    question: String,
    /// The worked answer, as HTML.
    explanation: String,
    /// Whether the cluster shows it done now.
    pub(super) done: bool,
    /// Whether it was ever done (kept in progress).
    ever: bool,
    /// Whether its answer was ever shown (kept in progress).
    shown: bool,
}

impl TaskHook {
    /// The exercise a shell-task directive carries, with the learner's
    /// saved result; or what is wrong with it.
    pub(crate) fn of(directive: &WidgetDirective) -> Result<Self, String> {
        match Exercise::from_directive(directive) {
            Ok(Exercise {
                id,
                question,
                body: ExerciseBody::Shell { task, explanation },
            }) => {
                let saved = load().progress.exercises.remove(&id).unwrap_or_default();
                Ok(Self {
                    id,
                    task,
                    question,
                    explanation,
                    done: false,
                    ever: saved.right,
                    shown: saved.solution,
                })
            }
            Ok(_) => Err("not a task in the shell".to_owned()),
            Err(e) => Err(e.to_string()),
        }
    }

    /// The task's cluster with the learner's saved log replayed (`help` in
    /// the page's language); a log that no longer replays starts the task
    /// afresh.
    pub(super) fn open(&mut self, help: Arc<HelpText>) -> Option<(OpenTask, Session)> {
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
        self.done = opened.0.done(&opened.1);
        Some(opened)
    }

    /// Keeps `event` and whether the task is now `done`. Clock steps
    /// before the learner's first action are not kept: they change
    /// nothing a task checks.
    pub(super) fn keep(&mut self, event: Event, done: bool) {
        self.done = done;
        self.ever |= done;
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
    pub(super) fn restart(&mut self) -> Option<(OpenTask, Session)> {
        change(|p| {
            if let Some(entry) = p.exercises.get_mut(&self.id) {
                entry.log.clear();
            }
        });
        let opened = self.task.open().ok()?;
        self.done = false;
        Some(opened)
    }

    /// The learner opened the worked answer: kept, the first time.
    pub(super) fn answer_shown(&mut self) {
        if self.shown {
            return;
        }
        self.shown = true;
        change(|p| {
            p.exercises
                .get_or_insert_with(self.id.clone(), Default::default)
                .solution = true
        });
    }

    /// The exercise's state, as its `data-state` says it.
    pub(super) fn state(&self) -> &'static str {
        if self.done {
            "right"
        } else if self.ever {
            "done"
        } else {
            "open"
        }
    }

    /// Whether the "done" mark beside the title shows.
    pub(super) fn ever(&self) -> bool {
        self.ever
    }

    /// What the feedback line says: that the cluster shows the task done.
    pub(super) fn feedback_html(&self, i18n: &Texts) -> String {
        if !self.done {
            return String::new();
        }
        format!(
            "<div class=\"exercise-said\"><p class=\"exercise-verdict\">{}</p><p>{}</p></div>",
            escaped(&i18n.t("exercise-right")),
            escaped(&i18n.t("exercise-task-done"))
        )
    }

    /// The exercise around `shell`, the shell's own HTML.
    pub(super) fn html(&self, i18n: &Texts, shell: &str) -> String {
        let id = escaped(&self.id);
        format!(
            "<div class=\"exercise exercise-task\" role=\"group\" aria-labelledby=\"ex-{id}-title\" \
             data-exercise=\"{id}\" data-state=\"{state}\">\
             <p class=\"exercise-title\" id=\"ex-{id}-title\">{title}\
             <span class=\"exercise-done\"{hidden}>{done}</span></p>\
             <div class=\"exercise-question md\" data-slot=\"question\">{question}</div>\
             {shell}\
             <div class=\"exercise-feedback\" role=\"status\">{feedback}</div>\
             <details class=\"exercise-solution\"><summary>{show}</summary>\
             <div class=\"md\" data-slot=\"explanation\">{explanation}</div></details></div>",
            state = self.state(),
            title = escaped(&i18n.t("exercise-title")),
            hidden = if self.ever { "" } else { " hidden" },
            done = escaped(&i18n.t("exercise-done")),
            question = self.question,
            feedback = self.feedback_html(i18n),
            show = escaped(&i18n.t("exercise-show-answer")),
            explanation = self.explanation,
        )
    }
}
