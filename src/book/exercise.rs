//! Self-check exercises: a ```` ```widget exercise ```` block whose TOML
//! holds a question and either options (multiple choice, each saying why
//! it is right or wrong), a numeric answer that the core computes
//! ([`computed`]), or a task in the shell checked from the simulated
//! cluster ([`Task`]). Pure.
//!
//! An exercise travels to the browser as any widget does: its facts (id,
//! kind, the correct option, the answer in base units) as parameters, and
//! its texts, rendered from markdown at build time, as the directive's
//! `texts`, which the page holds once, in the first state
//! (`islands`). [`Exercise::from_directive`] reads both back.

use crate::sorted::SortedMap;

use serde::Deserialize;

use super::computed::{self, ComputeError, Value};
use super::manifest::is_slug;
use super::widget::{ParamValue, WidgetDirective, WidgetError};
use crate::i18n::number::ValueFormat;
use crate::quantity::{self, DecimalMark, InputError};
use crate::sim::slurm::task::{self, Task};

/// The most options a multiple-choice exercise may have.
pub const MAX_OPTIONS: usize = 8;
/// The tolerance of a numeric answer when the exercise names none: 2 %.
pub const DEFAULT_TOLERANCE: f64 = 0.02;
/// The units a numeric answer may be read in; a bare number typed by the
/// reader is read in this unit.
pub const UNITS: [&str; 6] = ["s", "min", "h", "d", "GB/s", "number"];

/// An exercise, as the widget shows and checks it.
#[derive(Debug, Clone, PartialEq)]
pub struct Exercise {
    /// Its id: unique in the book, the same in every language.
    pub id: String,
    /// The question (HTML once rendered).
    pub question: String,
    /// What the reader answers.
    pub body: ExerciseBody,
}

/// The three kinds of exercise.
#[derive(Debug, Clone, PartialEq)]
pub enum ExerciseBody {
    /// Pick the one right option.
    Choice(Vec<ChoiceOption>),
    /// Type a number, with its unit.
    Number(NumberAnswer),
    /// Do something in a shell on the chapter's cluster.
    Shell {
        /// What, checked from the cluster's state.
        task: Task,
        /// How (HTML).
        explanation: String,
    },
}

/// One option of a multiple-choice exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChoiceOption {
    /// The option (HTML).
    pub text: String,
    /// Why it is right, or why it is tempting and wrong (HTML).
    pub why: String,
    /// Whether it is the right one.
    pub correct: bool,
}

/// The answer of a numeric exercise.
#[derive(Debug, Clone, PartialEq)]
pub struct NumberAnswer {
    /// The right value, in seconds, bytes per second or plain.
    pub value: f64,
    /// One of [`UNITS`]: what a bare number means.
    pub unit: String,
    /// The relative error accepted (0.02: within 2 %).
    pub tolerance: f64,
    /// How to get there (HTML).
    pub explanation: String,
}

/// What reading a typed answer found.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    /// The typed number, in the answer's base unit.
    pub value: f64,
    /// Whether it is within the tolerance.
    pub right: bool,
}

impl NumberAnswer {
    /// Reads `text` as the reader typed it, in the page's `mark`.
    pub fn read(&self, text: &str, mark: DecimalMark) -> Result<Reading, InputError> {
        let value = match self.unit.as_str() {
            "GB/s" => quantity::parse_bandwidth(text, mark)?,
            "number" => quantity::parse_amount(text, mark)?,
            unit => quantity::parse_duration(text, unit_seconds(unit), mark)?,
        };
        Ok(Reading {
            value,
            right: self.accepts(value),
        })
    }

    /// Whether `value`, in the base unit, is within the tolerance.
    pub fn accepts(&self, value: f64) -> bool {
        (value - self.value).abs() <= self.tolerance * self.value.abs()
    }

    /// `amount` written as this answer's kind of value.
    pub fn format(&self, amount: f64, format: &ValueFormat) -> String {
        match self.unit.as_str() {
            "GB/s" => Value::Bandwidth(amount),
            "number" => Value::Number(amount),
            _ => Value::Duration(amount),
        }
        .format(format)
    }
}

/// Seconds in one of the duration [`UNITS`].
fn unit_seconds(unit: &str) -> f64 {
    match unit {
        "min" => 60.0,
        "h" => 3_600.0,
        "d" => 86_400.0,
        _ => 1.0,
    }
}

/// Why an exercise block was refused (beyond its TOML).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExerciseError {
    /// `kind` is neither kind.
    #[error("exercise `kind` must be \"choice\", \"number\" or \"shell\", not {0:?}")]
    UnknownKind(String),
    /// `task` names no task.
    #[error("exercise `task` must be one of {tasks}, not {0:?}", tasks = task::NAMES.join(", "))]
    UnknownTask(String),
    /// A key another task takes.
    #[error("`{key}` is not a key of {task} tasks")]
    NotOfTask {
        /// The key.
        key: &'static str,
        /// The task.
        task: String,
    },
    /// A task the chapter's cluster cannot hold.
    #[error("this task cannot be done on the chapter's cluster: {0}")]
    Impossible(String),
    /// A key that the other kind takes.
    #[error("`{key}` belongs to {owner} exercises, not to {kind} ones")]
    WrongKind {
        /// The key.
        key: &'static str,
        /// The kind that takes it.
        owner: &'static str,
        /// This exercise's kind.
        kind: &'static str,
    },
    /// A key this kind needs.
    #[error("a {kind} exercise needs `{key}`")]
    Missing {
        /// The key.
        key: &'static str,
        /// This exercise's kind.
        kind: &'static str,
    },
    /// Too few or too many options.
    #[error("a choice exercise has 2 to {MAX_OPTIONS} `[[option]]` tables, not {0}")]
    OptionCount(usize),
    /// Not exactly one right option.
    #[error("exactly one option has `correct = true` (here {0})")]
    CorrectCount(usize),
    /// The id is not a slug.
    #[error("exercise id `{0}` must be lowercase letters, digits and dashes")]
    BadId(String),
    /// An answer unit the widget cannot read.
    #[error("exercise `unit` must be one of {units}, not {0:?}", units = UNITS.join(", "))]
    BadUnit(String),
    /// A unit of another kind than the answer's value.
    #[error("the answer is {value}, which `unit = {unit:?}` cannot express")]
    UnitMismatch {
        /// The answer's kind of value.
        value: &'static str,
        /// The unit written.
        unit: String,
    },
    /// A tolerance outside (0, 0.5].
    #[error("exercise `tolerance` is a fraction above 0 and at most 0.5 (0.02 is 2 %), not {0}")]
    BadTolerance(String),
    /// The answer does not compute.
    #[error(transparent)]
    Answer(#[from] ComputeError),
    /// The texts the page sent do not match the parameters (browser only).
    #[error("exercise `{0}` lacks its text `{1}`")]
    MissingText(String, String),
}

/// An exercise block as written in content.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    id: String,
    kind: String,
    question: String,
    #[serde(default, rename = "option")]
    options: Vec<WrittenOption>,
    answer: Option<String>,
    unit: Option<String>,
    tolerance: Option<f64>,
    explanation: Option<String>,
    task: Option<String>,
    node: Option<String>,
    nodes: Option<u32>,
    #[serde(rename = "gpus-per-node")]
    gpus_per_node: Option<u32>,
    minutes: Option<u32>,
    partition: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WrittenOption {
    text: String,
    #[serde(default)]
    correct: bool,
    why: String,
}

/// The parameters and (markdown) texts of an exercise block's `body`.
pub(super) type Parts = (SortedMap<String, ParamValue>, SortedMap<String, String>);

/// Reads an exercise block into a directive's parameters and texts.
pub(super) fn parse(body: &str) -> Result<Parts, WidgetError> {
    let written: Written = toml::from_str(body).map_err(|e| WidgetError::Toml {
        message: e.message().to_owned(),
        line: e
            .span()
            .map_or(0, |s| crate::diagnostic::line_of(body, s.start) - 1),
    })?;
    written.parts().map_err(WidgetError::Exercise)
}

impl Written {
    fn parts(self) -> Result<Parts, ExerciseError> {
        if !is_slug(&self.id) {
            return Err(ExerciseError::BadId(self.id));
        }
        let mut params = SortedMap::from([("id".to_owned(), ParamValue::Text(self.id.clone()))]);
        let mut texts = SortedMap::from([("question".to_owned(), self.question.clone())]);
        let kind = match self.kind.as_str() {
            "choice" => "choice",
            "number" => "number",
            "shell" => "shell",
            _ => return Err(ExerciseError::UnknownKind(self.kind)),
        };
        params.insert("kind".into(), ParamValue::Text(kind.into()));
        let wrong =
            |key: &'static str, owner: &'static str| ExerciseError::WrongKind { key, owner, kind };
        let missing = |key: &'static str| ExerciseError::Missing { key, kind };
        // Each key and the kind that takes it (`explanation`: number and
        // shell exercises alike).
        let keys = [
            ("option", !self.options.is_empty(), "choice"),
            ("answer", self.answer.is_some(), "number"),
            ("unit", self.unit.is_some(), "number"),
            ("tolerance", self.tolerance.is_some(), "number"),
            (
                "explanation",
                self.explanation.is_some() && kind == "choice",
                "number",
            ),
            ("task", self.task.is_some(), "shell"),
            ("node", self.node.is_some(), "shell"),
            ("nodes", self.nodes.is_some(), "shell"),
            ("gpus-per-node", self.gpus_per_node.is_some(), "shell"),
            ("minutes", self.minutes.is_some(), "shell"),
            ("partition", self.partition.is_some(), "shell"),
        ];
        if let Some((key, _, owner)) = keys
            .iter()
            .find(|(_, given, owner)| *given && *owner != kind)
        {
            return Err(wrong(key, owner));
        }
        if kind == "shell" {
            let task = self.task()?;
            for (key, value) in task_params(&task) {
                params.insert(key.to_owned(), value);
            }
            texts.insert(
                "explanation".into(),
                self.explanation.ok_or(missing("explanation"))?,
            );
            return Ok((params, texts));
        }
        if kind == "choice" {
            let n = self.options.len();
            if !(2..=MAX_OPTIONS).contains(&n) {
                return Err(ExerciseError::OptionCount(n));
            }
            let right: Vec<usize> = (1..=n).filter(|i| self.options[i - 1].correct).collect();
            let [correct] = right.as_slice() else {
                return Err(ExerciseError::CorrectCount(right.len()));
            };
            params.insert("options".into(), ParamValue::Int(n as i64));
            params.insert("correct".into(), ParamValue::Int(*correct as i64));
            for (i, option) in self.options.into_iter().enumerate() {
                texts.insert(format!("option-{}", i + 1), option.text);
                texts.insert(format!("why-{}", i + 1), option.why);
            }
            return Ok((params, texts));
        }
        let answer = computed::value(self.answer.as_deref().ok_or(missing("answer"))?)?;
        let unit = self.unit.ok_or(missing("unit"))?;
        let fits = match (&answer, unit.as_str()) {
            (_, u) if !UNITS.contains(&u) => return Err(ExerciseError::BadUnit(unit)),
            (Value::Bandwidth(_), "GB/s") => true,
            (Value::Duration(_), u) => !matches!(u, "GB/s" | "number"),
            (Value::Number(_) | Value::Count(_), "number") => true,
            _ => false,
        };
        if !fits {
            return Err(ExerciseError::UnitMismatch {
                value: match answer {
                    Value::Duration(_) => "a duration",
                    Value::Bandwidth(_) => "a bandwidth",
                    Value::Fraction(_) => "a share",
                    Value::Count(_) | Value::Number(_) => "a plain number",
                },
                unit,
            });
        }
        let tolerance = self.tolerance.unwrap_or(DEFAULT_TOLERANCE);
        if !(tolerance > 0.0 && tolerance <= 0.5) {
            return Err(ExerciseError::BadTolerance(tolerance.to_string()));
        }
        params.insert(
            "answer".into(),
            ParamValue::Text(answer.amount().to_string()),
        );
        params.insert("unit".into(), ParamValue::Text(unit));
        params.insert("tolerance".into(), ParamValue::Text(tolerance.to_string()));
        texts.insert(
            "explanation".into(),
            self.explanation.ok_or(missing("explanation"))?,
        );
        Ok((params, texts))
    }
}

/// The directive's parameters that carry `task` to the browser.
fn task_params(task: &Task) -> Vec<(&'static str, ParamValue)> {
    let int = |n: u32| ParamValue::Int(i64::from(n));
    match task {
        Task::Drain { node } => vec![
            ("task", ParamValue::Text("drain".into())),
            ("node", ParamValue::Text(node.clone())),
        ],
        Task::Submit {
            nodes,
            gpus_per_node,
            minutes,
        } => vec![
            ("task", ParamValue::Text("submit".into())),
            ("nodes", int(*nodes)),
            ("gpus-per-node", int(*gpus_per_node)),
            ("minutes", int(*minutes)),
        ],
        Task::FreePartition { partition } => vec![
            ("task", ParamValue::Text("free-partition".into())),
            ("partition", ParamValue::Text(partition.clone())),
        ],
    }
}

impl Written {
    /// The task of a shell exercise, with only the keys it reads.
    fn task(&self) -> Result<Task, ExerciseError> {
        let kind = "shell";
        let missing = |key: &'static str| ExerciseError::Missing { key, kind };
        let name = self.task.clone().ok_or(missing("task"))?;
        let task = match name.as_str() {
            "drain" => Task::Drain {
                node: self.node.clone().ok_or(missing("node"))?,
            },
            "submit" => Task::Submit {
                nodes: self.nodes.ok_or(missing("nodes"))?,
                gpus_per_node: self.gpus_per_node.ok_or(missing("gpus-per-node"))?,
                minutes: self.minutes.ok_or(missing("minutes"))?,
            },
            "free-partition" => Task::FreePartition {
                partition: self.partition.clone().ok_or(missing("partition"))?,
            },
            _ => return Err(ExerciseError::UnknownTask(name)),
        };
        let read = task_params(&task)
            .into_iter()
            .map(|(key, _)| key)
            .collect::<Vec<_>>();
        for (key, given) in [
            ("node", self.node.is_some()),
            ("nodes", self.nodes.is_some()),
            ("gpus-per-node", self.gpus_per_node.is_some()),
            ("minutes", self.minutes.is_some()),
            ("partition", self.partition.is_some()),
        ] {
            if given && !read.contains(&key) {
                return Err(ExerciseError::NotOfTask { key, task: name });
            }
        }
        if let Some(why) = task.impossible() {
            return Err(ExerciseError::Impossible(why));
        }
        Ok(task)
    }
}

impl Exercise {
    /// The exercise a directive carries (its parameters already checked
    /// against the widget's spec), with its texts.
    pub fn from_directive(directive: &WidgetDirective) -> Result<Self, ExerciseError> {
        let text = |key: &str| match directive.params.get(key) {
            Some(ParamValue::Text(t)) => t.clone(),
            Some(ParamValue::Int(i)) => i.to_string(),
            None => String::new(),
        };
        let id = text("id");
        let html = |key: &str| {
            directive
                .texts
                .get(key)
                .cloned()
                .ok_or_else(|| ExerciseError::MissingText(id.clone(), key.to_owned()))
        };
        let number = |key: &str| text(key).parse::<f64>().unwrap_or(f64::NAN);
        let body = if text("kind") == "shell" {
            let int = |key: &str| u32::try_from(number(key) as i64).unwrap_or(0);
            let task = match text("task").as_str() {
                "drain" => Task::Drain { node: text("node") },
                "submit" => Task::Submit {
                    nodes: int("nodes"),
                    gpus_per_node: int("gpus-per-node"),
                    minutes: int("minutes"),
                },
                _ => Task::FreePartition {
                    partition: text("partition"),
                },
            };
            ExerciseBody::Shell {
                task,
                explanation: html("explanation")?,
            }
        } else if text("kind") == "choice" {
            let correct = number("correct") as usize;
            let options = (1..=number("options") as usize)
                .map(|i| {
                    Ok(ChoiceOption {
                        text: html(&format!("option-{i}"))?,
                        why: html(&format!("why-{i}"))?,
                        correct: i == correct,
                    })
                })
                .collect::<Result<Vec<_>, ExerciseError>>()?;
            ExerciseBody::Choice(options)
        } else {
            ExerciseBody::Number(NumberAnswer {
                value: number("answer"),
                unit: text("unit"),
                tolerance: number("tolerance"),
                explanation: html("explanation")?,
            })
        };
        Ok(Self {
            question: html("question")?,
            id,
            body,
        })
    }
}

#[cfg(test)]
mod tests;
