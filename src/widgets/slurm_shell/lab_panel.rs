//! Above a lab's terminal: the learner's own incident (drawn from the
//! seed, shown once the lab is open), the goal checklist (ticked from the simulated
//! state), what the state shows going wrong or being waited on (said at
//! once, so a goal that unticks is explained), hints for the next goal one level at a time and then its
//! solution (both kept in the saved progress, so they stay shown after a
//! reload), what happened to saved progress, and the button that starts
//! the lab over.
//!
//! Each part is drawn as HTML by a pure function below, into its own
//! element ([`PARTS`]), so the page's first state and the live panel come
//! from the same code; the browser sets a part only when its HTML changes
//! (a live region is announced then, not at every clock tick), and one
//! click handler serves every button (`data-action`).

use crate::sorted::{SortedMap, SortedSet};

use super::escaped;
use super::progress::Note;
use crate::i18n::Arg;
use crate::sim::slurm::lab::{Finding, Goal, GoalId, Lab, LabId};
use crate::sim::slurm::shell::format_time;
use crate::ui::Texts;
use crate::ui::progress::reason;

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

/// What a click in the panel asks for: the `data-action` of the button.
pub(super) const ACTION_ATTR: &str = "data-action";

/// The panel's parts: the selector of each element, in the order of
/// [`Panel::parts`]. The last, the note, is hidden while empty.
pub(super) const PARTS: [&str; 7] = [
    ".lab-incident",
    ".lab-goals",
    ".lab-complete",
    ".lab-findings",
    ".lab-hints",
    ".lab-actions",
    ".lab-note",
];

/// The help the learner asked for, kept with the saved progress, and
/// whether the reset button waits for its confirmation.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Asked {
    /// Hint levels shown, by goal key.
    pub(super) hints: SortedMap<String, u8>,
    /// Goals whose solution was shown.
    pub(super) solutions: SortedSet<String>,
    /// The reset button was pressed once.
    pub(super) confirming: bool,
}

impl Asked {
    /// Shows the next hint, or the solution, for the first open goal of
    /// `goals`; `false` if there is nothing more to show.
    pub(super) fn more(&mut self, goals: &[Goal]) -> bool {
        let Some(help) = Help::next(goals, &self.hints, &self.solutions) else {
            return false;
        };
        let key = help.goal.key().to_owned();
        if help.hints < HINTS {
            self.hints.insert(key, help.hints + 1);
        } else if !help.solution {
            self.solutions.insert(key);
        } else {
            return false;
        }
        true
    }
}

/// Where the focus goes once the panel's buttons are drawn anew after
/// `action`: the button that replaces the one pressed.
pub(super) fn focus_after(action: &str) -> &'static str {
    match action {
        "help" => "help",
        "reset" => "reset-cancel",
        _ => "reset",
    }
}

/// Everything the panel shows, as the state stands.
pub(super) struct Panel<'a> {
    /// Which lab.
    pub(super) id: LabId,
    /// The lab, once open in the browser, for the learner's incident (the
    /// page's first state keeps its place, with no values).
    pub(super) incident: Option<&'a Lab>,
    /// The goals as the state stands.
    pub(super) goals: Vec<Goal>,
    /// The training job that died, and the lab's nodes, for the hints.
    pub(super) facts: Facts,
    /// The help asked for.
    pub(super) asked: &'a Asked,
    /// What the state shows now ([`Lab::diagnose`]).
    pub(super) findings: Vec<Finding>,
    /// What became of saved progress.
    pub(super) note: Option<&'a Note>,
}

impl Panel<'_> {
    /// The HTML of each part, in the order of [`PARTS`].
    pub(super) fn parts(&self, i18n: &Texts) -> [String; 7] {
        let prefix = self.id.message_prefix();
        let help = Help::next(&self.goals, &self.asked.hints, &self.asked.solutions);
        let complete = if self.goals.iter().all(|g| g.done) {
            escaped(&i18n.t(&format!("{prefix}-complete")))
        } else {
            String::new()
        };
        [
            incident_html(i18n, self.incident),
            goals_html(i18n, prefix, &self.goals),
            complete,
            findings_html(i18n, &self.findings),
            help.map(|h| hints_html(i18n, prefix, &h, &self.facts))
                .unwrap_or_default(),
            actions_html(i18n, help, self.asked.confirming),
            self.note.map(|n| note_html(i18n, n)).unwrap_or_default(),
        ]
    }

    /// The whole panel.
    pub(super) fn html(&self, i18n: &Texts) -> String {
        let [incident, goals, complete, findings, hints, actions, note] = self.parts(i18n);
        format!(
            "<section class=\"lab-panel\" aria-labelledby=\"lab-goals-title\">\
             <dl class=\"lab-incident\" data-testid=\"lab-incident\" aria-label=\"{}\">{incident}</dl>\
             <p class=\"lab-goals-title\" id=\"lab-goals-title\">{}</p>\
             <ul class=\"lab-goals\" data-testid=\"lab-goals\">{goals}</ul>\
             <p class=\"lab-complete\" role=\"status\" data-testid=\"lab-complete\">{complete}</p>\
             <div class=\"lab-findings\" aria-live=\"polite\" data-testid=\"lab-findings\">{findings}</div>\
             <ol class=\"lab-hints\" aria-live=\"polite\" data-testid=\"lab-hints\">{hints}</ol>\
             <div class=\"lab-actions\">{actions}</div>\
             <p class=\"lab-note\" role=\"status\"{}>{note}</p></section>",
            escaped(&i18n.t("lab-incident")),
            escaped(&i18n.t("lab-goals")),
            if note.is_empty() { " hidden" } else { "" },
        )
    }
}

/// The help the panel offers for the next goal not yet met.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Help {
    goal: GoalId,
    /// Hint levels shown (at most [`HINTS`]).
    hints: u8,
    /// Whether its solution is shown.
    solution: bool,
}

impl Help {
    /// The help for the first goal of `goals` not met; `None` when all are.
    fn next(
        goals: &[Goal],
        hints: &SortedMap<String, u8>,
        solutions: &SortedSet<String>,
    ) -> Option<Self> {
        let goal = goals.iter().find(|g| !g.done)?.id;
        Some(Self {
            goal,
            hints: hints.get(goal.key()).copied().unwrap_or(0).min(HINTS),
            solution: solutions.contains(goal.key()),
        })
    }

    /// What the help button offers next: a hint, then the solution.
    fn offer(self) -> Option<&'static str> {
        if self.hints < HINTS {
            Some("lab-hint")
        } else if !self.solution {
            Some("lab-solution")
        } else {
            None
        }
    }
}

/// The incident's four terms; each value "…" until the lab is open.
fn incident_html(i18n: &Texts, incident: Option<&Lab>) -> String {
    /// A term's message id, and its value.
    type Fact = (&'static str, fn(&Lab) -> String);
    let facts: [Fact; 4] = [
        ("lab-incident-job", |l| l.job_id.to_string()),
        ("lab-incident-state", |l| {
            let at = u64::try_from(l.incident.ended).unwrap_or(0);
            format!("{} {}", l.incident.state, format_time(at, "%H:%M:%S"))
        }),
        ("lab-incident-nodes", |l| l.incident.nodes.to_string()),
        ("lab-incident-seed", |l| l.incident.seed.to_string()),
    ];
    facts
        .iter()
        .map(|(label, value)| {
            let value = incident.map_or_else(|| "…".to_owned(), value);
            format!(
                "<div><dt>{}</dt><dd data-fact=\"{label}\">{}</dd></div>",
                escaped(&i18n.t(label)),
                escaped(&value)
            )
        })
        .collect()
}

/// The checklist's items, ticked or not.
fn goals_html(i18n: &Texts, prefix: &str, goals: &[Goal]) -> String {
    goals
        .iter()
        .map(|g| {
            let (class, mark, state) = if g.done {
                ("lab-goal done", "✓", "lab-goal-done")
            } else {
                ("lab-goal", "○", "lab-goal-open")
            };
            format!(
                "<li class=\"{class}\" data-goal=\"{key}\" data-done=\"{done}\">\
                 <span class=\"lab-goal-mark\" aria-hidden=\"true\">{mark}</span>\
                 <span class=\"visually-hidden\">{state}: </span>{text}</li>",
                key = g.id.key(),
                done = g.done,
                state = escaped(&i18n.t(state)),
                text = escaped(&i18n.t(&format!("{prefix}-goal-{}", g.id.key()))),
            )
        })
        .collect()
}

/// One paragraph per finding, problems marked.
fn findings_html(i18n: &Texts, findings: &[Finding]) -> String {
    findings
        .iter()
        .map(|f| {
            format!(
                "<p class=\"lab-finding{}\" data-finding=\"{}\">{}</p>",
                if f.is_problem() { " problem" } else { "" },
                f.key(),
                escaped(&finding_text(i18n, f))
            )
        })
        .collect()
}

/// The hints shown for the next goal, then its solution, naming the
/// learner's own job and nodes.
fn hints_html(i18n: &Texts, prefix: &str, help: &Help, facts: &Facts) -> String {
    let key = help.goal.key();
    let job = facts.job.to_string();
    let mut html: String = (1..=help.hints)
        .map(|n| {
            let text = i18n.t_args(
                &format!("{prefix}-hint-{key}-{n}"),
                &[("job", Arg::Str(&job))],
            );
            format!("<li>{}</li>", escaped(&text))
        })
        .collect();
    if help.solution {
        let text = i18n.t_args(
            &format!("{prefix}-solution-{key}"),
            &[
                ("job", Arg::Str(&job)),
                ("node", Arg::Str(&facts.node)),
                ("partner", Arg::Str(&facts.partner)),
                ("pair", Arg::Str(&facts.pair)),
                ("percent", Arg::Str(&facts.percent)),
            ],
        );
        html += &format!(
            "<li class=\"lab-solution\" data-testid=\"lab-solution\"><strong>{}</strong> {}</li>",
            escaped(&i18n.t("lab-solution-label")),
            escaped(&text)
        );
    }
    html
}

/// The help button (disabled once the solution is shown, or every goal
/// met) and the reset button, or its confirmation.
fn actions_html(i18n: &Texts, help: Option<Help>, confirming: bool) -> String {
    let offer = help.and_then(Help::offer);
    let mut html = format!(
        "<button type=\"button\" data-testid=\"lab-help\" {ACTION_ATTR}=\"help\"{}>{}</button>",
        if offer.is_none() { " disabled" } else { "" },
        escaped(&i18n.t(offer.unwrap_or("lab-hint")))
    );
    if confirming {
        html += &format!(
            "<span class=\"lab-confirm\" role=\"group\" aria-label=\"{}\">{} \
             <button type=\"button\" class=\"lab-danger\" data-testid=\"lab-reset-confirm\" \
             {ACTION_ATTR}=\"reset-confirm\">{}</button> \
             <button type=\"button\" {ACTION_ATTR}=\"reset-cancel\">{}</button></span>",
            escaped(&i18n.t("lab-reset")),
            escaped(&i18n.t("lab-reset-question")),
            escaped(&i18n.t("lab-reset-confirm")),
            escaped(&i18n.t("lab-reset-cancel"))
        );
    } else {
        html += &format!(
            "<button type=\"button\" {ACTION_ATTR}=\"reset\">{}</button>",
            escaped(&i18n.t("lab-reset"))
        );
    }
    html
}

/// What became of saved progress; for another incident than the
/// address's, with the button that starts the address's one.
fn note_html(i18n: &Texts, note: &Note) -> String {
    let unreadable = |why: &str| i18n.t_args("lab-unreadable", &[("why", Arg::Str(why))]);
    let mut html = escaped(&match note {
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
    });
    if let Note::OtherIncident { saved, wanted } = note {
        let label = i18n.t_args(
            "lab-other-incident-start",
            &[
                ("saved", Arg::Str(&saved.to_string())),
                ("wanted", Arg::Str(&wanted.to_string())),
            ],
        );
        html += &format!(
            " <button type=\"button\" data-testid=\"lab-other-incident\" {ACTION_ATTR}=\"other-incident\">{}</button>",
            escaped(&label)
        );
    }
    html
}

/// A finding's sentence, with the job and nodes it names.
fn finding_text(i18n: &Texts, finding: &Finding) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `f` with the English strings.
    fn english<T>(f: impl FnOnce(&Texts) -> T) -> T {
        f(&Texts::new("en"))
    }

    fn goal(id: GoalId, done: bool) -> Goal {
        Goal { id, done }
    }

    #[test]
    fn help_offers_two_hints_then_the_solution_for_the_first_open_goal() {
        let goals = [goal(GoalId::Inspect, true), goal(GoalId::Drain, false)];
        let mut asked = Asked::default();
        let offers: Vec<_> = (0..4)
            .map(|_| {
                let help =
                    Help::next(&goals, &asked.hints, &asked.solutions).expect("a goal is open");
                assert_eq!(help.goal, GoalId::Drain);
                let more = asked.more(&goals);
                assert_eq!(more, help.offer().is_some());
                help.offer()
            })
            .collect();
        assert_eq!(
            offers,
            [
                Some("lab-hint"),
                Some("lab-hint"),
                Some("lab-solution"),
                None
            ]
        );
        assert_eq!(asked.hints.get("drain"), Some(&HINTS));
        assert!(asked.solutions.contains("drain"));
        assert_eq!(
            Help::next(&[goal(GoalId::Drain, true)], &asked.hints, &asked.solutions),
            None
        );
        assert!(!asked.more(&[goal(GoalId::Drain, true)]));
    }

    #[test]
    fn goals_are_ticked_and_their_text_escaped() {
        let html = english(|i18n| {
            goals_html(
                i18n,
                "lab-bus",
                &[goal(GoalId::Inspect, true), goal(GoalId::Drain, false)],
            )
        });
        assert!(
            html.starts_with(
                "<li class=\"lab-goal done\" data-goal=\"inspect\" data-done=\"true\">\
             <span class=\"lab-goal-mark\" aria-hidden=\"true\">✓</span>\
             <span class=\"visually-hidden\">done: </span>"
            ),
            "{html}"
        );
        assert!(
            html.contains("data-goal=\"drain\" data-done=\"false\""),
            "{html}"
        );
        assert!(
            html.contains(">Drain that node, with a reason</li>"),
            "{html}"
        );
    }

    #[test]
    fn hints_name_the_learners_job_and_the_solution_its_node_as_text() {
        let facts = Facts {
            job: 42,
            node: "node-<7>".to_owned(),
            ..Facts::default()
        };
        let help = |goal, hints, solution| Help {
            goal,
            hints,
            solution,
        };
        let html =
            english(|i18n| hints_html(i18n, "lab-bus", &help(GoalId::Inspect, 2, false), &facts));
        assert_eq!(html.matches("<li>").count(), 2, "{html}");
        assert!(html.contains("sacct -j 42 -o"), "{html}");
        assert!(html.contains("ssh &lt;that host&gt; dmesg"), "{html}");
        let html =
            english(|i18n| hints_html(i18n, "lab-bus", &help(GoalId::Drain, 0, true), &facts));
        assert_eq!(
            html,
            "<li class=\"lab-solution\" data-testid=\"lab-solution\"><strong>Solution:</strong> \
             scontrol update NodeName=node-&lt;7&gt; State=DRAIN Reason=&quot;Xid 79 GPU lost&quot;</li>"
        );
    }

    #[test]
    fn the_help_button_is_disabled_with_nothing_to_offer_and_reset_asks_first() {
        let (done, asking) = english(|i18n| {
            (
                actions_html(i18n, None, false),
                actions_html(i18n, None, true),
            )
        });
        assert!(done.starts_with("<button type=\"button\" data-testid=\"lab-help\" data-action=\"help\" disabled>Show a hint</button>"), "{done}");
        assert!(
            done.ends_with(
                "<button type=\"button\" data-action=\"reset\">Start the lab over</button>"
            ),
            "{done}"
        );
        assert!(asking.contains("data-action=\"reset-confirm\""), "{asking}");
        assert!(asking.contains("data-action=\"reset-cancel\""), "{asking}");
        assert!(!asking.contains("data-action=\"reset\""), "{asking}");
    }

    #[test]
    fn a_note_on_another_incident_offers_to_start_the_addresss_one() {
        let (other, restored) = english(|i18n| {
            (
                note_html(
                    i18n,
                    &Note::OtherIncident {
                        saved: 5,
                        wanted: 6,
                    },
                ),
                note_html(i18n, &Note::Restored),
            )
        });
        assert!(
            other.starts_with("This address asks for incident 6"),
            "{other}"
        );
        assert!(
            other.contains("data-action=\"other-incident\">Start incident 6 instead"),
            "{other}"
        );
        assert!(!restored.contains("<button"), "{restored}");
    }

    #[test]
    fn the_incident_waits_with_an_ellipsis_until_the_lab_is_open() {
        let html = english(|i18n| incident_html(i18n, None));
        assert_eq!(
            html.matches("<dd data-fact=\"lab-incident-").count(),
            4,
            "{html}"
        );
        assert_eq!(html.matches(">…</dd>").count(), 4, "{html}");
    }
}
