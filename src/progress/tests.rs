use super::*;

fn sample() -> Progress {
    let mut p = Progress::default();
    p.exercises.insert(
        "young-by-hand".into(),
        ExerciseProgress {
            right: true,
            tries: 2,
            solution: true,
            answer: Some(Answer::number(6_000.5)),
            ..ExerciseProgress::default()
        },
    );
    p.exercises.insert(
        "drain-node-3".into(),
        ExerciseProgress {
            log: vec![
                Event::Line("sudo scontrol update NodeName=node-3 State=DRAIN Reason=\"x\"".into()),
                Event::Advance(40),
            ],
            proof: vec![Event::Line("sinfo".into())],
            right: true,
            ..ExerciseProgress::default()
        },
    );
    let mut lab = LabProgress::new(9_007_199_254_740_991);
    lab.log = vec![
        Event::Line("echo 'a\\nb' \\".into()),
        Event::Line("multi\nline ñ → 🚀".into()),
        Event::Interrupt("squeue -".into()),
        Event::Clear,
    ];
    lab.hints.insert("drain".into(), 2);
    lab.solutions.insert("drain".into());
    lab.met.insert("inspect".into());
    lab.goals = 4;
    p.labs.insert("fallen-off-the-bus".into(), lab);
    p
}

#[test]
fn a_document_round_trips_through_its_text() {
    let p = sample();
    let text = p.to_text();
    assert_eq!(
        text,
        "gpu-book-progress 2\n\
         exercise drain-node-3 right tries=0\n\
         L sudo scontrol update NodeName=node-3 State=DRAIN Reason=\"x\"\n\
         A 40\n\
         proof\n\
         L sinfo\n\
         exercise young-by-hand right tries=2 solution answer=number:6000.5\n\
         lab fallen-off-the-bus seed=9007199254740991 goals=4 met=inspect hints=drain:2 solutions=drain\n\
         L echo 'a\\\\nb' \\\\\n\
         L multi\\nline ñ → 🚀\n\
         I squeue -\n\
         C\n"
    );
    assert_eq!(Progress::parse(&text), Ok(p));
}

#[test]
fn a_bad_or_newer_document_is_refused_with_why() {
    let unreadable = |text: &str| match Progress::parse(text) {
        Err(e @ ProgressError::Unreadable { .. }) => e
            .to_string()
            .trim_start_matches("not a progress document: ")
            .to_owned(),
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        unreadable(""),
        "line 1: not the header \"gpu-book-progress 2\": \"\""
    );
    // What the page translates: the line, what is wrong, the text.
    assert_eq!(
        Progress::parse("gpu-book-progress 2\nexercise x right\nZ"),
        Err(ProgressError::Unreadable {
            line: 3,
            problem: BadLine::Event,
            text: "Z".into()
        })
    );
    assert_eq!(
        unreadable("gpu-book-progress 1\nlab x seed=1\nQ no"),
        "line 3: cannot read the line: \"Q no\""
    );
    assert_eq!(
        unreadable("gpu-book-progress 1\nL sinfo"),
        "line 2: an event before any exercise or lab: \"L sinfo\""
    );
    assert_eq!(
        unreadable("gpu-book-progress 1\nexercise x maybe"),
        "line 2: cannot read the exercise: \"exercise x maybe\""
    );
    assert_eq!(
        unreadable("gpu-book-progress 1\nlab x goals=4"),
        "line 2: cannot read the lab: \"lab x goals=4\""
    );
    assert_eq!(
        Progress::parse("gpu-book-progress 3\nwhatever it holds"),
        Err(ProgressError::Newer(3))
    );
    assert_eq!(
        unreadable("gpu-book-progress 2\nexercise x right answer=number:NaN"),
        "line 2: cannot read the exercise: \"exercise x right answer=number:NaN\""
    );
    assert_eq!(
        unreadable("gpu-book-progress 2\nlab x seed=1\nproof"),
        "line 3: a proof outside an exercise: \"proof\""
    );
    assert_eq!(
        Progress::parse("gpu-book-progress 1"),
        Ok(Progress::default())
    );
}

/// Version 1 had no answers or proofs: it reads as it is.
#[test]
fn a_version_1_document_still_reads() {
    let p = Progress::parse("gpu-book-progress 1\nexercise a right tries=1\nL sinfo\n")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(p.exercises["a"].right);
    assert_eq!(p.exercises["a"].answer, None);
    assert_eq!(p.exercises["a"].log, [Event::Line("sinfo".into())]);
}

#[test]
fn the_first_right_answer_is_kept_and_a_task_keeps_its_proof() {
    let mut e = ExerciseProgress::default();
    e.checked(false, Answer::Choice(0));
    e.checked(true, Answer::Choice(2));
    e.checked(false, Answer::Choice(1));
    assert_eq!(
        (e.tries, e.right, e.answer),
        (3, true, Some(Answer::Choice(2)))
    );
    let mut task = ExerciseProgress {
        log: vec![Event::Line("sinfo".into())],
        ..ExerciseProgress::default()
    };
    task.task_done();
    task.log.clear();
    task.task_done();
    assert_eq!(task.proof, [Event::Line("sinfo".into())]);
    assert_eq!(task.tries, 1);
}

#[test]
fn earlier_builds_keys_migrate_without_loss() {
    let entries = [
        (
            "gpu-book.exercise.young-by-hand",
            "1 right tries=2 solution",
        ),
        ("gpu-book.exercise.busbw", "1 open tries=0"),
        ("gpu-book.exercise.broken", "2 right"),
        (
            "gpu-book.lab.fallen-off-the-bus",
            "gpu-book-lab 1 fallen-off-the-bus 42\nL sinfo\nA 15\nL echo 'a\\nb'\nI squeue -\nC",
        ),
        (
            "gpu-book.lab.the-slow-lane",
            "gpu-book-lab 1 fallen-off-the-bus 1",
        ),
        ("gpu-book.theme", "dark"),
    ];
    let (p, unread) = Progress::migrate(entries);
    assert_eq!(
        unread,
        ["gpu-book.exercise.broken", "gpu-book.lab.the-slow-lane"]
    );
    assert_eq!(p.exercises["young-by-hand"].tries, 2);
    assert!(p.exercises["young-by-hand"].right && p.exercises["young-by-hand"].solution);
    assert!(!p.exercises["busbw"].right);
    let lab = &p.labs["fallen-off-the-bus"];
    assert_eq!(lab.seed, 42);
    assert_eq!(
        lab.log,
        [
            Event::Line("sinfo".into()),
            Event::Advance(15),
            Event::Line("echo 'a\nb'".into()),
            Event::Interrupt("squeue -".into()),
            Event::Clear,
        ]
    );
    assert_eq!(p.exercises_done(["young-by-hand", "busbw", "absent"]), 1);
}

#[test]
fn only_typing_or_help_counts_as_work_in_a_lab() {
    let mut lab = LabProgress::new(3);
    assert!(!lab.has_work());
    record(&mut lab.log, Event::Advance(60));
    record(&mut lab.log, Event::Clear);
    assert!(!lab.has_work(), "time passing and Ctrl+L are not work");
    record(&mut lab.log, Event::Line("sinfo".into()));
    assert!(lab.has_work());
    let mut helped = LabProgress::new(3);
    helped.hints.insert("inspect".into(), 1);
    assert!(helped.has_work());
}
