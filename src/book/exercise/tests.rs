use super::*;
use crate::book::widget::WidgetKind;

const CHOICE: &str = r#"
id = "drain-first"
kind = "choice"
question = "Why drain before requeueing?"

[[option]]
text = "So the job **cannot** land on the sick node again."
correct = true
why = "Right: a drained node takes no new work."

[[option]]
text = "Because `scontrol requeue` needs it."
why = "Tempting, but requeue works on any node."
"#;

const NUMBER: &str = r#"
id = "young-by-hand"
kind = "number"
question = "C = 5 min, M = 24 h: Young's interval?"
answer = "young 5min 24h"
unit = "h"
explanation = "sqrt(2 x 300 s x 86,400 s) = 7,200 s."
"#;

fn directive(body: &str) -> WidgetDirective {
    WidgetDirective::parse("widget exercise", body).expect("a valid exercise")
}

/// The exercise as the browser reads it back: attributes checked as any
/// widget's, texts from the first state.
fn in_the_browser(d: &WidgetDirective) -> Exercise {
    let attrs = d.attrs();
    let back = WidgetDirective::from_attrs(
        "exercise",
        attrs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )
    .expect("valid attributes");
    let back = WidgetDirective {
        texts: d.texts.clone(),
        ..back
    };
    Exercise::from_directive(&back).expect("complete")
}

/// Why an exercise block is refused.
fn err(body: &str) -> String {
    WidgetDirective::parse("widget exercise", body)
        .expect_err("refused")
        .to_string()
}

#[test]
fn a_choice_exercise_travels_as_parameters_and_texts() {
    let d = directive(CHOICE);
    assert_eq!(d.kind, WidgetKind::Exercise);
    assert_eq!(d.params["id"], ParamValue::Text("drain-first".into()));
    assert_eq!(d.params["options"], ParamValue::Int(2));
    assert_eq!(d.params["correct"], ParamValue::Int(1));
    assert_eq!(
        d.texts.keys().collect::<Vec<_>>(),
        ["option-1", "option-2", "question", "why-1", "why-2"]
    );
    // The browser's way back: attributes checked as any widget's, texts
    // from the first state.
    let exercise = in_the_browser(&d);
    let ExerciseBody::Choice(options) = exercise.body else {
        panic!("a choice");
    };
    assert!(options[0].correct && !options[1].correct);
    assert_eq!(options[1].why, "Tempting, but requeue works on any node.");
}

#[test]
fn a_number_exercise_computes_its_answer_and_reads_the_readers_number() {
    let d = directive(NUMBER);
    assert_eq!(d.params["answer"], ParamValue::Text("7200".into()));
    assert_eq!(d.params["tolerance"], ParamValue::Text("0.02".into()));
    let exercise = Exercise::from_directive(&d).expect("complete");
    let ExerciseBody::Number(answer) = exercise.body else {
        panic!("a number");
    };
    let read = |t: &str| answer.read(t, DecimalMark::Point);
    // A bare number is in the exercise's unit; any unit is accepted.
    assert!(read("2").expect("reads").right);
    assert!(read("120 min").expect("reads").right);
    assert!(read("7150s").expect("reads").right, "within 2 %");
    let wrong = read("1.6 h").expect("reads");
    assert!(!wrong.right);
    assert_eq!(wrong.value, 1.6 * 3600.0);
    assert_eq!(
        read("2 parsecs"),
        Err(InputError::UnknownUnit {
            unit: "parsecs".into(),
            kind: quantity::Kind::Duration
        })
    );
    // The page's decimal mark is the reader's.
    assert!(matches!(
        answer.read("1,5 h", DecimalMark::Point),
        Err(InputError::DecimalMark { .. })
    ));
    assert_eq!(answer.format(7200.0, &ValueFormat::default()), "2\u{a0}h");
}

#[test]
fn bad_exercises_say_what_to_write() {
    assert_eq!(
        err(&CHOICE.replace("correct = true", "correct = false")),
        "exactly one option has `correct = true` (here 0)"
    );
    assert_eq!(
        err(&CHOICE.replace("kind = \"choice\"", "kind = \"essay\"")),
        "exercise `kind` must be \"choice\", \"number\" or \"shell\", not \"essay\""
    );
    assert_eq!(
        err(&CHOICE.replace("kind = \"choice\"", "kind = \"choice\"\nunit = \"h\"")),
        "`unit` belongs to number exercises, not to choice ones"
    );
    assert_eq!(
        err(&NUMBER.replace("unit = \"h\"", "unit = \"GB/s\"")),
        "the answer is a duration, which `unit = \"GB/s\"` cannot express"
    );
    assert_eq!(
        err(&NUMBER.replace("unit = \"h\"", "unit = \"hours\"")),
        "exercise `unit` must be one of s, min, h, d, GB/s, number, not \"hours\""
    );
    assert_eq!(
        err(&format!("{NUMBER}\ntolerance = 2")),
        "exercise `tolerance` is a fraction above 0 and at most 0.5 (0.02 is 2 %), not 2"
    );
    assert!(err(&NUMBER.replace("young 5min", "young 5")).contains("argument `5`"));
    assert_eq!(
        err(&NUMBER.replace("young-by-hand", "Young")),
        "exercise id `Young` must be lowercase letters, digits and dashes"
    );
    assert!(err(&format!("{NUMBER}\nhint = \"x\"")).contains("unknown field `hint`"));
    assert_eq!(
        err(&NUMBER.replace("explanation = ", "# ")),
        "a number exercise needs `explanation`"
    );
}

#[test]
fn a_browser_directive_without_its_texts_is_refused_not_guessed() {
    let d = WidgetDirective {
        texts: crate::sorted::SortedMap::new(),
        ..directive(NUMBER)
    };
    assert_eq!(
        Exercise::from_directive(&d),
        Err(ExerciseError::MissingText(
            "young-by-hand".into(),
            "explanation".into()
        ))
    );
}

const SHELL: &str = r#"
id = "shell-two-nodes"
kind = "shell"
task = "submit"
nodes = 2
gpus-per-node = 8
minutes = 30
question = "Submit a job that gets 2 nodes x 8 GPUs for 30 minutes."
explanation = "`sbatch -N 2 --gpus-per-node=8 -t 30 --wrap hostname`"
"#;

#[test]
fn a_shell_task_travels_as_parameters_and_comes_alive_with_the_shell() {
    let d = directive(SHELL);
    assert_eq!(d.module_kind(), WidgetKind::SlurmShell);
    assert_eq!(directive(NUMBER).module_kind(), WidgetKind::Exercise);
    assert_eq!(d.params["task"], ParamValue::Text("submit".into()));
    assert_eq!(d.params["gpus-per-node"], ParamValue::Int(8));
    let exercise = in_the_browser(&d);
    assert_eq!(
        exercise.body,
        ExerciseBody::Shell {
            task: Task::Submit {
                nodes: 2,
                gpus_per_node: 8,
                minutes: 30
            },
            explanation: "`sbatch -N 2 --gpus-per-node=8 -t 30 --wrap hostname`".into(),
        }
    );
}

#[test]
fn bad_shell_tasks_say_what_to_write() {
    assert_eq!(
        err(&SHELL.replace("\"submit\"", "\"reboot\"")),
        "exercise `task` must be one of drain, submit, free-partition, not \"reboot\""
    );
    assert_eq!(
        err(&SHELL.replace("minutes = 30", "")),
        "a shell exercise needs `minutes`"
    );
    assert_eq!(
        err(&format!("{SHELL}\nnode = \"node-3\"")),
        "`node` is not a key of submit tasks"
    );
    assert_eq!(
        err(&SHELL.replace("nodes = 2", "nodes = 9")),
        "this task cannot be done on the chapter's cluster: `nodes` is 1 to 4, not 9"
    );
    assert_eq!(
        err(&SHELL.replace("kind = \"shell\"", "kind = \"number\"")),
        "`task` belongs to shell exercises, not to number ones"
    );
    assert_eq!(
        err(&CHOICE.replace("kind = \"choice\"", "kind = \"choice\"\nnode = \"node-3\"")),
        "`node` belongs to shell exercises, not to choice ones"
    );
}
