use super::*;
use crate::book::exercise::{ChoiceOption, NumberAnswer};
use crate::sim::slurm::task::Task;

/// The commands that solve the bus lab drawn from `seed`.
fn solved_bus(seed: u64) -> LabProgress {
    let (lab, _) = Lab::open(LabId::FallenOffTheBus, seed).unwrap_or_else(|e| panic!("{e}"));
    let node = &lab.culprit;
    let mut saved = LabProgress::new(seed);
    saved.goals = 4;
    saved.log = [
        format!("ssh {node} dmesg -T | grep NVRM"),
        format!("scontrol update NodeName={node} State=DRAIN Reason=\"Xid 79\""),
        format!("scontrol requeue {}", lab.job_id),
        "sleep 180".to_owned(),
    ]
    .into_iter()
    .map(Event::Line)
    .collect();
    saved.met = ["inspect", "drain", "requeue", "resume"]
        .map(str::to_owned)
        .into();
    saved
}

fn book() -> BTreeMap<String, (String, Exercise)> {
    let exercise = |id: &str, body| {
        (
            id.to_owned(),
            (
                "running-jobs".to_owned(),
                Exercise {
                    id: id.to_owned(),
                    question: String::new(),
                    body,
                },
            ),
        )
    };
    let option = |correct| ChoiceOption {
        text: String::new(),
        why: String::new(),
        correct,
    };
    [
        exercise(
            "pick",
            ExerciseBody::Choice(vec![option(false), option(true)]),
        ),
        exercise(
            "young",
            ExerciseBody::Number(NumberAnswer {
                value: 1_897.0,
                unit: "s".into(),
                tolerance: 0.02,
                explanation: String::new(),
            }),
        ),
        exercise(
            "drain",
            ExerciseBody::Shell {
                task: Task::Drain {
                    node: "node-3".into(),
                },
                explanation: String::new(),
            },
        ),
    ]
    .into()
}

fn right(answer: Option<Answer>) -> ExerciseProgress {
    ExerciseProgress {
        right: true,
        tries: 1,
        answer,
        ..ExerciseProgress::default()
    }
}

#[test]
fn a_solved_lab_and_right_answers_verify() {
    let mut p = Progress::default();
    p.labs.insert("fallen-off-the-bus".into(), solved_bus(6));
    p.exercises
        .insert("pick".into(), right(Some(Answer::Choice(1))));
    p.exercises
        .insert("young".into(), right(Some(Answer::number(1_900.0))));
    let mut task = right(None);
    task.proof = vec![Event::Line(
        "sudo scontrol update NodeName=node-3 State=DRAIN Reason=\"bad gpu\"".into(),
    )];
    p.exercises.insert("drain".into(), task);
    let v = Verification::of(&p, &book(), Some(6));
    assert!(v.passed(), "{v}");
    let lab = &v.labs[0];
    assert_eq!(lab.seed, 6);
    assert_eq!(lab.commands.len(), 4);
    assert!(lab.goals.iter().all(|(_, done)| *done), "{v}");
    let text = v.to_string();
    assert!(
        text.starts_with(
            "lab fallen-off-the-bus: seed 6, 4 of 4 goals met (inspect, drain, requeue, resume), 4 commands\n  verified"
        ),
        "{text}"
    );
    assert!(
        text.ends_with("1 of 1 labs complete, 3 exercises proven right: verified"),
        "{text}"
    );
}

#[test]
fn a_claim_edited_by_hand_is_caught_by_the_replay() {
    let mut lab = solved_bus(6);
    // Stop before the requeue, but keep claiming every goal.
    lab.log.truncate(2);
    let mut p = Progress::default();
    p.labs.insert("fallen-off-the-bus".into(), lab);
    let v = Verification::of(&p, &book(), None);
    assert!(!v.passed());
    let check = &v.labs[0];
    assert_eq!(check.problem, Some(LabProblem::Unfinished));
    assert_eq!(check.unproven, ["requeue", "resume"]);
    let text = v.to_string();
    assert!(
        text.contains("FAILED: the log does not reach requeue, resume"),
        "{text}"
    );
    assert!(
        text.contains("FAILED: the file claims requeue, resume met"),
        "{text}"
    );
    assert!(text.ends_with("NOT verified"), "{text}");
}

#[test]
fn another_seed_than_the_class_was_given_fails() {
    let mut p = Progress::default();
    p.labs.insert("fallen-off-the-bus".into(), solved_bus(6));
    let v = Verification::of(&p, &book(), Some(7));
    assert_eq!(v.labs[0].problem, Some(LabProblem::OtherSeed { wanted: 7 }));
    assert!(
        v.to_string()
            .contains("FAILED: played on seed 6, not on the seed given (7)")
    );
    // The same log on another seed drains the wrong node: it proves nothing.
    let mut moved = solved_bus(6);
    moved.seed = 1;
    let culprit = Lab::open(LabId::FallenOffTheBus, 1)
        .map(|(lab, _)| lab.culprit)
        .unwrap_or_default();
    assert_ne!(culprit, "node-3", "seed 1 must draw another node");
    p.labs.insert("fallen-off-the-bus".into(), moved);
    assert!(!Verification::of(&p, &book(), None).passed());
}

#[test]
fn wrong_missing_or_foreign_answers_are_not_trusted() {
    let mut p = Progress::default();
    p.exercises
        .insert("pick".into(), right(Some(Answer::Choice(0))));
    p.exercises
        .insert("young".into(), right(Some(Answer::number(3_600.0))));
    p.exercises.insert("drain".into(), right(None));
    p.exercises.insert("gone".into(), right(None));
    p.exercises.insert(
        "open".into(),
        ExerciseProgress {
            tries: 3,
            ..ExerciseProgress::default()
        },
    );
    let v = Verification::of(&p, &book(), None);
    assert!(!v.passed());
    let outcome = |id: &str| {
        v.exercises
            .iter()
            .find(|e| e.id == id)
            .map(|e| e.outcome.clone())
    };
    assert_eq!(
        outcome("pick"),
        Some(Outcome::Unproven("option 1 is wrong".into()))
    );
    assert_eq!(
        outcome("young"),
        Some(Outcome::Unproven("3600 s is not within 2% of 1897".into()))
    );
    assert_eq!(
        outcome("drain"),
        Some(Outcome::Unproven(
            "replaying its 0 events does not do the task".into()
        ))
    );
    assert_eq!(
        outcome("gone"),
        Some(Outcome::Unproven(
            "this book has no exercise with that id".into()
        ))
    );
    assert_eq!(outcome("open"), Some(Outcome::Open));
    // An answer of the wrong kind, or one from an earlier build.
    p.exercises = [
        ("pick".to_owned(), right(Some(Answer::number(1.0)))),
        ("young".to_owned(), right(None)),
    ]
    .into();
    let v = Verification::of(&p, &book(), None);
    assert!(
        v.exercises
            .iter()
            .all(|e| matches!(e.outcome, Outcome::Unproven(_)))
    );
}
