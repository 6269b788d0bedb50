//! Above a lab's terminal: the learner's own incident (drawn from the
//! seed, shown once the lab is open), the goal checklist (ticked from the simulated
//! state), what the state shows going wrong or being waited on (said at
//! once, so a goal that unticks is explained), hints for the next goal one level at a time and then its
//! solution (both kept in the saved progress, so they stay shown after a
//! reload), what happened to saved progress, and the button that starts
//! the lab over.

use crate::sorted::{SortedMap, SortedSet};

use leptos::prelude::*;

use super::progress::Note;
use crate::i18n::Arg;
use crate::sim::slurm::lab::{Finding, Goal, GoalId, Lab, LabId};
use crate::sim::slurm::shell::format_time;
use crate::ui::progress::reason;
use crate::ui::{I18n, use_i18n};

/// Hints per goal, before its solution.
const HINTS: u8 = 2;

/// What the hints and solutions name: the training job that died, the
/// node at fault, a healthy node to pair it with, two healthy nodes, and
/// how slow the slow node is.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Facts {
    pub(crate) job: u32,
    pub(crate) node: String,
    pub(crate) partner: String,
    pub(crate) pair: String,
    /// The slow node's busbw as a share of a healthy pair's, in percent.
    pub(crate) percent: String,
}

/// The lab's checklist, hints and reset.
#[component]
pub(crate) fn LabPanel(
    /// Which lab.
    id: LabId,
    /// The lab, once open in the browser, for the learner's incident (the
    /// page's first state keeps its place, with no values).
    #[prop(into)]
    incident: Signal<Option<Lab>>,
    /// The goals as the state stands.
    #[prop(into)]
    goals: Signal<Vec<Goal>>,
    /// The training job that died, and the lab's nodes ([`Facts`]), for
    /// the hints and solutions.
    #[prop(into)]
    facts: Signal<Facts>,
    /// Hint levels shown, by goal key.
    hints: RwSignal<SortedMap<String, u8>>,
    /// Goals whose solution was shown.
    solutions: RwSignal<SortedSet<String>>,
    /// Keeps `hints` and `solutions` after they change.
    on_help: Callback<()>,
    /// What the state shows now ([`crate::sim::slurm::lab::Lab::diagnose`]).
    #[prop(into)]
    findings: Signal<Vec<Finding>>,
    /// What became of saved progress.
    note: RwSignal<Option<Note>>,
    /// Starts the lab over.
    on_reset: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let prefix = id.message_prefix();
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
    // Hint levels shown for `goal`, and whether its solution is.
    let help_for = move |goal: GoalId| {
        let shown = hints.with(|h| h.get(goal.key()).copied().unwrap_or(0));
        (shown.min(HINTS), solutions.with(|s| s.contains(goal.key())))
    };
    // The next hint, or the solution after the last one.
    let show_more = move |_| {
        let Some(goal) = next_goal() else { return };
        match help_for(goal) {
            (n, _) if n < HINTS => hints.update(|h| {
                h.insert(goal.key().to_owned(), n + 1);
            }),
            (_, false) => solutions.update(|s| {
                s.insert(goal.key().to_owned());
            }),
            _ => return,
        }
        on_help.run(());
    };
    let hints_view = move || {
        let goal = next_goal()?;
        let (shown, solution) = help_for(goal);
        let Facts {
            job,
            node,
            partner,
            pair,
            percent,
        } = facts.get();
        let job = job.to_string();
        let mut items: Vec<AnyView> = (1..=shown)
            .map(|n| {
                let text = i18n.t_args(
                    &format!("{prefix}-hint-{}-{n}", goal.key()),
                    &[("job", Arg::Str(&job))],
                );
                view! { <li>{text}</li> }.into_any()
            })
            .collect();
        if solution {
            let text = i18n.t_args(
                &format!("{prefix}-solution-{}", goal.key()),
                &[
                    ("job", Arg::Str(&job)),
                    ("node", Arg::Str(&node)),
                    ("partner", Arg::Str(&partner)),
                    ("pair", Arg::Str(&pair)),
                    ("percent", Arg::Str(&percent)),
                ],
            );
            let label = i18n.t("lab-solution-label");
            items.push(
                view! { <li class="lab-solution" data-testid="lab-solution"><strong>{label}</strong>" "{text}</li> }
                    .into_any(),
            );
        }
        Some(items)
    };
    // What the help button offers next for the next goal.
    let offer = move || {
        let goal = next_goal()?;
        match help_for(goal) {
            (n, _) if n < HINTS => Some("lab-hint"),
            (_, false) => Some("lab-solution"),
            _ => None,
        }
    };
    let note_view = move || {
        note.get().map(|n| {
            let unreadable = |why: &str| i18n.t_args("lab-unreadable", &[("why", Arg::Str(why))]);
            let text = match &n {
                Note::Restored => i18n.t("lab-restored"),
                Note::OtherIncident { saved, wanted } => i18n.t_args(
                    "lab-other-incident",
                    &[
                        ("saved", Arg::Str(&saved.to_string())),
                        ("wanted", Arg::Str(&wanted.to_string())),
                    ],
                ),
                Note::Unreadable(why) => unreadable(&reason(i18n, why)),
                Note::NotReplayed(why) => unreadable(why),
            };
            let start = match n {
                Note::OtherIncident { saved, wanted } => {
                    let label = i18n.t_args(
                        "lab-other-incident-start",
                        &[
                            ("saved", Arg::Str(&saved.to_string())),
                            ("wanted", Arg::Str(&wanted.to_string())),
                        ],
                    );
                    Some(view! {
                        " "
                        <button type="button" data-testid="lab-other-incident" on:click=move |_| on_reset.run(())>
                            {label}
                        </button>
                    })
                }
                _ => None,
            };
            view! { <p class="lab-note" role="status">{text}{start}</p> }
        })
    };

    // One term and its value, "…" until the lab is open.
    let fact = move |label: &'static str, value: fn(&Lab) -> String| {
        let value = move || incident.with(|i| i.as_ref().map_or_else(|| "…".to_owned(), value));
        view! {
            <div>
                <dt>{move || i18n.t(label)}</dt>
                <dd data-fact=label>{value}</dd>
            </div>
        }
    };

    view! {
        <section class="lab-panel" aria-labelledby="lab-goals-title">
            <dl class="lab-incident" data-testid="lab-incident" aria-label=move || i18n.t("lab-incident")>
                {fact("lab-incident-job", |l| l.job_id.to_string())}
                {fact("lab-incident-state", |l| {
                    let at = u64::try_from(l.incident.ended).unwrap_or(0);
                    format!("{} {}", l.incident.state, format_time(at, "%H:%M:%S"))
                })}
                {fact("lab-incident-nodes", |l| l.incident.nodes.to_string())}
                {fact("lab-incident-seed", |l| l.incident.seed.to_string())}
            </dl>
            <p class="lab-goals-title" id="lab-goals-title">{move || i18n.t("lab-goals")}</p>
            <ul class="lab-goals" data-testid="lab-goals">{items}</ul>
            <p class="lab-complete" role="status" data-testid="lab-complete">
                {move || complete().then(|| i18n.t(&format!("{prefix}-complete")))}
            </p>
            <div class="lab-findings" aria-live="polite" data-testid="lab-findings">
                {move || {
                    findings
                        .get()
                        .into_iter()
                        .map(|f| view! {
                            <p class="lab-finding" class:problem=f.is_problem() data-finding=f.key()>
                                {finding_text(i18n, &f)}
                            </p>
                        })
                        .collect_view()
                }}
            </div>
            <ol class="lab-hints" aria-live="polite" data-testid="lab-hints">{hints_view}</ol>
            <div class="lab-actions">
                <button type="button" data-testid="lab-help" on:click=show_more prop:disabled=move || offer().is_none()>
                    {move || i18n.t(offer().unwrap_or("lab-hint"))}
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

/// A finding's sentence, with the job and nodes it names.
fn finding_text(i18n: I18n, finding: &Finding) -> String {
    match finding {
        Finding::Duplicates { jobs } => {
            let list: Vec<String> = jobs.iter().map(u32::to_string).collect();
            i18n.t_args(
                "lab-finding-duplicates",
                &[
                    ("count", Arg::Num(jobs.len() as f64)),
                    ("jobs", Arg::Str(&list.join(", "))),
                ],
            )
        }
        Finding::FailedAgain { job } => i18n.t_args(
            "lab-finding-failed-again",
            &[("job", Arg::Str(&job.to_string()))],
        ),
        Finding::OnCulprit { job } => i18n.t_args(
            "lab-finding-on-culprit",
            &[("job", Arg::Str(&job.to_string()))],
        ),
        Finding::Unguarded { job } => i18n.t_args(
            "lab-finding-unguarded",
            &[("job", Arg::Str(&job.to_string()))],
        ),
        Finding::HealthyDrained {
            node,
            culprit_in_service: true,
        } => i18n.t_args("lab-finding-wrong-drain", &[("node", Arg::Str(node))]),
        Finding::HealthyDrained { node, .. } => {
            i18n.t_args("lab-finding-extra-drain", &[("node", Arg::Str(node))])
        }
        Finding::Starved { job, node } => i18n.t_args(
            "lab-finding-starved",
            &[
                ("job", Arg::Str(&job.to_string())),
                ("node", Arg::Str(node)),
            ],
        ),
        Finding::Delayed { job } => i18n.t_args(
            "lab-finding-delayed",
            &[("job", Arg::Str(&job.to_string()))],
        ),
        Finding::Waiting { job, reason } => i18n.t_args(
            "lab-finding-waiting",
            &[
                ("job", Arg::Str(&job.to_string())),
                ("reason", Arg::Str(reason)),
            ],
        ),
    }
}
