//! Above a lab's terminal: the goal checklist (ticked from the simulated
//! state), hints on request, what happened to saved progress, and the
//! button that starts the lab over.

use leptos::prelude::*;

use super::progress::Note;
use crate::i18n::Arg;
use crate::sim::slurm::lab::{Goal, GoalId, LabId};
use crate::ui::use_i18n;

/// Hints per goal.
const HINTS: u8 = 2;

/// The lab's checklist, hints and reset.
#[component]
pub(crate) fn LabPanel(
    /// Which lab.
    id: LabId,
    /// The goals as the state stands.
    #[prop(into)]
    goals: Signal<Vec<Goal>>,
    /// The training job that died, for the hints.
    #[prop(into)]
    job: Signal<u32>,
    /// Copies of the training waiting or running at once, when more than
    /// one: said at once, since they would overwrite each other's
    /// checkpoints.
    #[prop(into)]
    duplicates: Signal<Vec<u32>>,
    /// What became of saved progress.
    note: RwSignal<Option<Note>>,
    /// Starts the lab over.
    on_reset: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let prefix = id.message_prefix();
    // The goal whose hints are shown, and how many of them.
    let hint = RwSignal::new(None::<(GoalId, u8)>);
    let confirming = RwSignal::new(false);
    let next_goal = move || goals.get().into_iter().find(|g| !g.done).map(|g| g.id);
    let complete = move || goals.get().iter().all(|g| g.done);

    let items = move || {
        goals
            .get()
            .into_iter()
            .map(|g| {
                let text = move || i18n.t(&format!("{prefix}-goal-{}", g.id.key()));
                let state = move || i18n.t(if g.done { "lab-goal-done" } else { "lab-goal-open" });
                view! {
                    <li class="lab-goal" class:done=g.done data-goal=g.id.key() data-done=g.done.to_string()>
                        <span class="lab-goal-mark" aria-hidden="true">{if g.done { "✓" } else { "○" }}</span>
                        <span class="visually-hidden">{state}": "</span>
                        {text}
                    </li>
                }
            })
            .collect_view()
    };
    let show_hint = move |_| {
        let Some(goal) = next_goal() else { return };
        hint.update(|h| {
            *h = match *h {
                Some((g, n)) if g == goal => Some((g, (n + 1).min(HINTS))),
                _ => Some((goal, 1)),
            }
        });
    };
    let hints = move || {
        let (goal, shown) = hint.get()?;
        // A hint for a goal already met is no longer needed.
        if next_goal() != Some(goal) {
            return None;
        }
        let job = job.get();
        Some(
            (1..=shown)
                .map(|n| {
                    let text = i18n.t_args(
                        &format!("{prefix}-hint-{}-{n}", goal.key()),
                        &[("job", Arg::Str(&job.to_string()))],
                    );
                    view! { <li>{text}</li> }
                })
                .collect_view(),
        )
    };
    let more_hints = move || match (hint.get(), next_goal()) {
        (Some((g, n)), Some(next)) if g == next => n < HINTS,
        (_, next) => next.is_some(),
    };
    let note_view = move || {
        note.get().map(|n| {
            let text = match &n {
                Note::Restored => i18n.t("lab-restored"),
                Note::Unreadable(_) => i18n.t("lab-unreadable"),
            };
            let detail = match n {
                Note::Unreadable(why) => Some(view! { <code class="lab-note-detail">{why}</code> }),
                Note::Restored => None,
            };
            view! { <p class="lab-note" role="status">{text}" "{detail}</p> }
        })
    };

    view! {
        <section class="lab-panel" aria-labelledby="lab-goals-title">
            <p class="lab-goals-title" id="lab-goals-title">{move || i18n.t("lab-goals")}</p>
            <ul class="lab-goals" data-testid="lab-goals">{items}</ul>
            <p class="lab-complete" role="status" data-testid="lab-complete">
                {move || complete().then(|| i18n.t(&format!("{prefix}-complete")))}
            </p>
            <p class="lab-warning" role="status" data-testid="lab-duplicates">
                {move || {
                    let jobs = duplicates.get();
                    (!jobs.is_empty()).then(|| {
                        let list = jobs.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                        i18n.t_args(
                            "lab-duplicates",
                            &[("count", Arg::Num(jobs.len() as f64)), ("jobs", Arg::Str(&list))],
                        )
                    })
                }}
            </p>
            <ol class="lab-hints" aria-live="polite" data-testid="lab-hints">{hints}</ol>
            <div class="lab-actions">
                <button type="button" on:click=show_hint prop:disabled=move || !more_hints()>
                    {move || i18n.t("lab-hint")}
                </button>
                <Show
                    when=move || confirming.get()
                    fallback=move || view! {
                        <button type="button" on:click=move |_| confirming.set(true)>
                            {move || i18n.t("lab-reset")}
                        </button>
                    }
                >
                    <span class="lab-confirm" role="group" aria-label=move || i18n.t("lab-reset")>
                        {move || i18n.t("lab-reset-question")}" "
                        <button type="button" class="lab-danger" data-testid="lab-reset-confirm" on:click=move |_| {
                            confirming.set(false);
                            hint.set(None);
                            on_reset.run(());
                        }>
                            {move || i18n.t("lab-reset-confirm")}
                        </button>
                        " "
                        <button type="button" on:click=move |_| confirming.set(false)>
                            {move || i18n.t("lab-reset-cancel")}
                        </button>
                    </span>
                </Show>
            </div>
            {note_view}
        </section>
    }
}
