use super::*;

fn sample() -> Progress {
    let mut p = Progress::default();
    p.exercises.insert(
        "young-by-hand".into(),
        ExerciseProgress {
            right: true,
            tries: 2,
            solution: true,
            log: Vec::new(),
        },
    );
    p.exercises.insert(
        "drain-node-3".into(),
        ExerciseProgress {
            log: vec![
                Event::Line("sudo scontrol update NodeName=node-3 State=DRAIN Reason=\"x\"".into()),
                Event::Advance(40),
            ],
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
        "gpu-book-progress 1\n\
         exercise drain-node-3 open tries=0\n\
         L sudo scontrol update NodeName=node-3 State=DRAIN Reason=\"x\"\n\
         A 40\n\
         exercise young-by-hand right tries=2 solution\n\
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
        Err(ProgressError::Unreadable(why)) => why,
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        unreadable(""),
        "line 1 is \"\", not \"gpu-book-progress 1\""
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
        Progress::parse("gpu-book-progress 2\nwhatever it holds"),
        Err(ProgressError::Newer(2))
    );
    assert_eq!(
        Progress::parse("gpu-book-progress 1"),
        Ok(Progress::default())
    );
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
