//! A hand-in checked by replay: every lab's log is played again on its
//! seed and its goals read from the cluster it leaves, every exercise
//! answer is judged again by the core, and every task in the shell is
//! replayed on its cluster. Nothing the document claims (`right`, a lab's
//! `met`) is trusted: a file edited by hand to claim a goal is caught
//! because the replay does not reach it. Pure; `slurm-shell --verify`
//! prints it.

use std::collections::BTreeMap;
use std::fmt;

use super::{Answer, ExerciseProgress, LabProgress, Progress};
use crate::book::exercise::{Exercise, ExerciseBody};
use crate::sim::slurm::lab::{Lab, LabId};
use crate::sim::slurm::session::Event;

/// What replaying one lab found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabCheck {
    /// The lab's slug, as the file names it.
    pub slug: String,
    /// The seed it was played on.
    pub seed: u64,
    /// Each goal of the lab and whether the replay reaches it.
    pub goals: Vec<(&'static str, bool)>,
    /// Goals the file says were met that the replay does not reach.
    pub unproven: Vec<String>,
    /// The command lines entered, in order.
    pub commands: Vec<String>,
    /// Why the lab does not count, if it does not.
    pub problem: Option<LabProblem>,
}

/// Why a lab does not count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LabProblem {
    /// The book has no lab by that name.
    Unknown,
    /// It was played on another incident than the one the class was given.
    OtherSeed {
        /// The seed the instructor gave.
        wanted: u64,
    },
    /// The lab could not be opened on its seed (why).
    Unplayable(String),
    /// The replay does not reach every goal.
    Unfinished,
}

/// What re-checking one exercise found.
#[derive(Debug, Clone, PartialEq)]
pub struct ExerciseCheck {
    /// The exercise's id.
    pub id: String,
    /// Its page's slug, if the book has it.
    pub page: Option<String>,
    /// What the check found.
    pub outcome: Outcome,
}

/// An exercise's outcome.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// Not claimed as done: nothing to prove.
    Open,
    /// Claimed and proven: the answer is right, or the task's log does it.
    Proven(String),
    /// Claimed but not proven (why).
    Unproven(String),
}

/// The whole hand-in.
#[derive(Debug, Clone, PartialEq)]
pub struct Verification {
    /// Each lab in the file.
    pub labs: Vec<LabCheck>,
    /// Each exercise in the file.
    pub exercises: Vec<ExerciseCheck>,
}

impl Verification {
    /// Checks `progress` against the book's `exercises` (by id, with their
    /// page), and every lab against `seed` when one is given.
    pub fn of(
        progress: &Progress,
        exercises: &BTreeMap<String, (String, Exercise)>,
        seed: Option<u64>,
    ) -> Self {
        Self {
            labs: progress
                .labs
                .iter()
                .map(|(slug, lab)| check_lab(slug, lab, seed))
                .collect(),
            exercises: progress
                .exercises
                .iter()
                .map(|(id, record)| {
                    let found = exercises.get(id);
                    ExerciseCheck {
                        id: id.clone(),
                        page: found.map(|(page, _)| page.clone()),
                        outcome: check_exercise(record, found.map(|(_, e)| e)),
                    }
                })
                .collect(),
        }
    }

    /// Whether every lab reaches all its goals on the right seed and every
    /// claim holds.
    pub fn passed(&self) -> bool {
        self.labs
            .iter()
            .all(|l| l.problem.is_none() && l.unproven.is_empty())
            && self
                .exercises
                .iter()
                .all(|e| !matches!(e.outcome, Outcome::Unproven(_)))
    }
}

fn check_lab(slug: &str, saved: &LabProgress, seed: Option<u64>) -> LabCheck {
    let mut check = LabCheck {
        slug: slug.to_owned(),
        seed: saved.seed,
        goals: Vec::new(),
        unproven: Vec::new(),
        commands: saved
            .log
            .iter()
            .filter_map(|e| match e {
                Event::Line(line) => Some(line.clone()),
                _ => None,
            })
            .collect(),
        problem: None,
    };
    let Some(id) = LabId::from_slug(slug) else {
        check.problem = Some(LabProblem::Unknown);
        check.unproven = saved.met.iter().cloned().collect();
        return check;
    };
    let (lab, session) = match Lab::replay(id, saved.seed, &saved.log, Default::default()) {
        Ok(replayed) => replayed,
        Err(e) => {
            check.problem = Some(LabProblem::Unplayable(e.to_string()));
            check.unproven = saved.met.iter().cloned().collect();
            return check;
        }
    };
    check.goals = lab
        .goals(&session)
        .into_iter()
        .map(|g| (g.id.key(), g.done))
        .collect();
    check.unproven = saved
        .met
        .iter()
        .filter(|key| !check.goals.contains(&(key.as_str(), true)))
        .cloned()
        .collect();
    check.problem = match seed {
        Some(wanted) if wanted != saved.seed => Some(LabProblem::OtherSeed { wanted }),
        _ if check.goals.iter().any(|(_, done)| !done) => Some(LabProblem::Unfinished),
        _ => None,
    };
    check
}

fn check_exercise(record: &ExerciseProgress, exercise: Option<&Exercise>) -> Outcome {
    if !record.right {
        return Outcome::Open;
    }
    let Some(exercise) = exercise else {
        return Outcome::Unproven("this book has no exercise with that id".into());
    };
    match (&exercise.body, &record.answer) {
        (ExerciseBody::Shell { task, .. }, _) => {
            let log = if record.proof.is_empty() {
                &record.log
            } else {
                &record.proof
            };
            let Ok((open, mut session)) = task.open() else {
                return Outcome::Unproven("the task's cluster cannot be built".into());
            };
            let mut done = open.done(&session);
            for event in log {
                if done {
                    break;
                }
                session.apply(event);
                done = open.done(&session);
            }
            if done {
                Outcome::Proven(format!("the task is done after {} events", log.len()))
            } else {
                Outcome::Unproven(format!(
                    "replaying its {} events does not do the task",
                    log.len()
                ))
            }
        }
        (_, None) => Outcome::Unproven(
            "no answer kept (saved by an earlier version of the book): cannot be re-checked".into(),
        ),
        (ExerciseBody::Choice(options), Some(Answer::Choice(i))) => match options.get(*i) {
            Some(option) if option.correct => Outcome::Proven(format!("option {} is right", i + 1)),
            Some(_) => Outcome::Unproven(format!("option {} is wrong", i + 1)),
            None => Outcome::Unproven(format!(
                "option {} does not exist (it has {})",
                i + 1,
                options.len()
            )),
        },
        (ExerciseBody::Number(answer), Some(Answer::Number(text))) => match text.parse::<f64>() {
            Ok(value) if answer.accepts(value) => {
                Outcome::Proven(format!("{text} {} is right", answer.unit))
            }
            _ => Outcome::Unproven(format!(
                "{text} {} is not within {}% of {}",
                answer.unit,
                answer.tolerance * 100.0,
                answer.value
            )),
        },
        (_, Some(_)) => Outcome::Unproven("the answer is of another kind of exercise".into()),
    }
}

impl fmt::Display for Verification {
    /// One paragraph per lab (seed, goals, commands) and one line per
    /// exercise, then the verdict.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for lab in &self.labs {
            let met: Vec<&str> = lab
                .goals
                .iter()
                .filter(|(_, done)| *done)
                .map(|(key, _)| *key)
                .collect();
            writeln!(
                f,
                "lab {}: seed {}, {} of {} goals met ({}), {} commands",
                lab.slug,
                lab.seed,
                met.len(),
                lab.goals.len(),
                if met.is_empty() {
                    "none".to_owned()
                } else {
                    met.join(", ")
                },
                lab.commands.len()
            )?;
            match &lab.problem {
                None => writeln!(f, "  verified: every goal reached on seed {}", lab.seed)?,
                Some(LabProblem::Unknown) => writeln!(f, "  FAILED: the book has no such lab")?,
                Some(LabProblem::OtherSeed { wanted }) => writeln!(
                    f,
                    "  FAILED: played on seed {}, not on the seed given ({wanted})",
                    lab.seed
                )?,
                Some(LabProblem::Unplayable(why)) => writeln!(f, "  FAILED: {why}")?,
                Some(LabProblem::Unfinished) => {
                    let missing: Vec<&str> = lab
                        .goals
                        .iter()
                        .filter(|(_, done)| !done)
                        .map(|(key, _)| *key)
                        .collect();
                    writeln!(f, "  FAILED: the log does not reach {}", missing.join(", "))?;
                }
            }
            if !lab.unproven.is_empty() {
                writeln!(
                    f,
                    "  FAILED: the file claims {} met, which the replay does not reach",
                    lab.unproven.join(", ")
                )?;
            }
            for command in &lab.commands {
                writeln!(f, "  $ {}", command.replace('\n', "\n    "))?;
            }
        }
        for e in &self.exercises {
            let page = e.page.as_deref().unwrap_or("?");
            match &e.outcome {
                Outcome::Open => writeln!(f, "exercise {} ({page}): not done", e.id)?,
                Outcome::Proven(how) => writeln!(f, "exercise {} ({page}): right: {how}", e.id)?,
                Outcome::Unproven(why) => writeln!(
                    f,
                    "exercise {} ({page}): FAILED: claimed right, but {why}",
                    e.id
                )?,
            }
        }
        let proven = self
            .exercises
            .iter()
            .filter(|e| matches!(e.outcome, Outcome::Proven(_)))
            .count();
        let complete = self.labs.iter().filter(|l| l.problem.is_none()).count();
        write!(
            f,
            "{} of {} labs complete, {proven} exercises proven right: {}",
            complete,
            self.labs.len(),
            if self.passed() {
                "verified"
            } else {
                "NOT verified"
            }
        )
    }
}

#[cfg(test)]
mod tests;
