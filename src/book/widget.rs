//! Widget directives: a fenced block whose info string is `widget <name>`
//! and whose body holds the widget's parameters in TOML. Pure: this module
//! only names and validates them; `src/widgets/` draws them.

use crate::sorted::SortedMap;
use std::fmt;

use serde::Serialize;

/// The info-string word that marks a fenced block as a widget.
pub const DIRECTIVE: &str = "widget";

/// Every widget the book knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum WidgetKind {
    /// Ring (and tree) all-reduce, on the reader's GPU where it can.
    RingAllreduce,
    /// Slurm multifactor priority and fair-share.
    FairShare,
    /// Young/Daly checkpoint interval explorer.
    YoungDaly,
    /// Mock Slurm shell over a simulated cluster (and its labs).
    SlurmShell,
    /// A self-check exercise (`book::exercise`).
    Exercise,
    /// The reader's progress: saved to a file and loaded from one. The
    /// contents page's own (`site`), not written in content.
    Progress,
}

/// The wasm modules the book is built into: three for the widgets and one
/// for the search. The shell, with its
/// cluster, shell interpreter and node tools, is larger than the other
/// three widgets together, so it has a module of its own; a page showing
/// both kinds loads each module when one of its widgets comes near
/// ([`WasmModule::for_island`]), and a reader who never reaches the shell
/// never downloads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum WasmModule {
    /// The exercises and the progress file (`src/bin/gpu_book_exercises.rs`),
    /// for pages whose only widgets, the shell aside, are these.
    Exercises,
    /// The explorer, the calculator, the ring and the exercises
    /// (`src/bin/gpu_book_widgets.rs`), Trunk's main application.
    Widgets,
    /// The Slurm shell, its labs and the tasks in the shell
    /// (`src/bin/gpu_book_shell.rs`): carrying the other exercises would
    /// cost it the number parser (22 KB brotli).
    Shell,
    /// The book's search (`src/bin/gpu_book_search.rs`): no widget, no
    /// Leptos; every page loads it when its reader first uses the search
    /// box.
    Search,
}

impl WasmModule {
    /// Every module, the widgets' smallest first, then the search.
    pub const ALL: [Self; 4] = [Self::Exercises, Self::Widgets, Self::Shell, Self::Search];

    /// The Cargo binary that builds it, which names its files.
    pub fn bin(self) -> &'static str {
        match self {
            Self::Exercises => "gpu-book-exercises",
            Self::Widgets => "gpu-book-widgets",
            Self::Shell => "gpu-book-shell",
            Self::Search => "gpu-book-search",
        }
    }

    /// Its name in a page: an island's `data-module`, and the `<body>`'s
    /// `data-wasm-<name>` and `data-glue-<name>` naming its files.
    pub fn name(self) -> &'static str {
        match self {
            Self::Exercises => "exercises",
            Self::Widgets => "widgets",
            Self::Shell => "shell",
            Self::Search => "search",
        }
    }

    /// Whether it brings `kind` to life.
    pub fn carries(self, kind: WidgetKind) -> bool {
        match self {
            Self::Exercises => matches!(kind, WidgetKind::Exercise | WidgetKind::Progress),
            Self::Widgets => !matches!(kind, WidgetKind::SlurmShell | WidgetKind::Progress),
            Self::Shell => kind == WidgetKind::SlurmShell,
            Self::Search => false,
        }
    }

    /// The module that brings an island of `kind` to life on a page whose
    /// islands are of `page` kinds (module kinds, [`WidgetDirective::module_kind`]):
    /// the smallest that carries it and every island of the page on the
    /// same side of the shell/other split, so that a page loads at most
    /// one module for the shell and one for the rest.
    pub fn for_island(kind: WidgetKind, page: &[WidgetKind]) -> Self {
        let shell = |k: WidgetKind| Self::Shell.carries(k);
        let side: Vec<WidgetKind> = page
            .iter()
            .copied()
            .filter(|&k| shell(k) == shell(kind))
            .chain([kind])
            .collect();
        Self::ALL
            .into_iter()
            .find(|m| side.iter().all(|&k| m.carries(k)))
            .unwrap_or(Self::Widgets)
    }
}

/// The type and range a parameter accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer in `min..=max`.
    Int {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// One of a fixed set of strings.
    OneOf(&'static [&'static str]),
    /// Lowercase letters, digits and dashes.
    Slug,
    /// A finite decimal number, written as Rust writes an `f64`.
    Decimal,
}

/// One parameter a widget accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParamSpec {
    /// The TOML key.
    pub key: &'static str,
    /// Its type and range.
    pub kind: ParamKind,
}

/// A validated parameter value.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(untagged)]
pub enum ParamValue {
    /// An integer parameter.
    Int(i64),
    /// A string parameter.
    Text(String),
}

impl fmt::Display for ParamValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Int(i) => write!(f, "{i}"),
            Self::Text(s) => write!(f, "{s:?}"),
        }
    }
}

/// A widget placed in a page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WidgetDirective {
    /// Which widget.
    pub kind: WidgetKind,
    /// Its parameters, validated against [`WidgetKind::params`]: the same
    /// in every language.
    pub params: SortedMap<String, ParamValue>,
    /// Page-written texts the widget shows (an exercise's question and
    /// options): markdown as parsed, HTML once the page renders them, in
    /// the page's language. In the page they are elements of the first
    /// state marked `data-slot="<key>"`, read back when it is mounted.
    pub texts: SortedMap<String, String>,
}

/// Why a widget directive was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WidgetError {
    /// The name after `widget` is not a known widget.
    #[error("unknown widget `{0}` (known: {known})", known = WidgetKind::names().join(", "))]
    UnknownWidget(String),
    /// `widget` with no name.
    #[error("a widget block needs a name after `widget` (known: {known})", known = WidgetKind::names().join(", "))]
    MissingName,
    /// The body is not valid TOML; `line` counts from the block's first body line.
    #[error("widget parameters are not valid TOML: {message}")]
    Toml {
        /// The TOML parser's message.
        message: String,
        /// 0-based line inside the body.
        line: usize,
    },
    /// A key the widget does not take.
    #[error("widget `{widget}` has no parameter `{key}` (it takes: {known})")]
    UnknownParam {
        /// The widget's name.
        widget: &'static str,
        /// The unknown key.
        key: String,
        /// Keys it takes.
        known: String,
    },
    /// An exercise block that does not make an exercise.
    #[error(transparent)]
    Exercise(#[from] super::exercise::ExerciseError),
    /// A value of the wrong type or out of range.
    #[error("widget `{widget}` parameter `{key}` must be {expected}")]
    BadValue {
        /// The widget's name.
        widget: &'static str,
        /// The key.
        key: String,
        /// What it accepts, in words.
        expected: String,
    },
}

impl WidgetKind {
    /// Every kind, in a stable order.
    pub const ALL: [Self; 6] = [
        Self::RingAllreduce,
        Self::FairShare,
        Self::YoungDaly,
        Self::SlurmShell,
        Self::Exercise,
        Self::Progress,
    ];

    /// The kebab-case name written in markdown.
    pub fn name(self) -> &'static str {
        match self {
            Self::RingAllreduce => "ring-allreduce",
            Self::FairShare => "fair-share",
            Self::YoungDaly => "young-daly",
            Self::SlurmShell => "slurm-shell",
            Self::Exercise => "exercise",
            Self::Progress => "progress",
        }
    }

    /// Whether content may place it (the progress file is the contents
    /// page's).
    pub fn in_content(self) -> bool {
        self != Self::Progress
    }

    /// Every name content may write, for error messages.
    pub fn names() -> Vec<&'static str> {
        Self::ALL
            .iter()
            .filter(|k| k.in_content())
            .map(|k| k.name())
            .collect()
    }

    /// The kind called `name`.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }

    /// The parameters this widget accepts.
    pub fn params(self) -> &'static [ParamSpec] {
        match self {
            Self::RingAllreduce => &[
                ParamSpec {
                    key: "ranks",
                    kind: ParamKind::Int { min: 2, max: 64 },
                },
                ParamSpec {
                    key: "algorithm",
                    kind: ParamKind::OneOf(&["ring", "tree"]),
                },
            ],
            Self::FairShare => &[ParamSpec {
                key: "preset",
                kind: ParamKind::OneOf(&["two-teams", "burned-share", "new-team"]),
            }],
            Self::YoungDaly => &[ParamSpec {
                key: "preset",
                kind: ParamKind::OneOf(&["8-gpus", "1024-gpus", "16384-gpus-async"]),
            }],
            Self::SlurmShell => &[
                ParamSpec {
                    key: "cluster",
                    kind: ParamKind::OneOf(&["default"]),
                },
                ParamSpec {
                    key: "lab",
                    kind: ParamKind::OneOf(&["fallen-off-the-bus", "the-slow-lane"]),
                },
            ],
            Self::Progress => &[],
            // Written from the block's TOML by `exercise::parse`.
            Self::Exercise => &[
                ParamSpec {
                    key: "id",
                    kind: ParamKind::Slug,
                },
                ParamSpec {
                    key: "kind",
                    kind: ParamKind::OneOf(&["choice", "number", "shell"]),
                },
                ParamSpec {
                    key: "task",
                    kind: ParamKind::OneOf(&crate::sim::slurm::task::NAMES),
                },
                ParamSpec {
                    key: "node",
                    kind: ParamKind::Slug,
                },
                ParamSpec {
                    key: "nodes",
                    kind: ParamKind::Int { min: 1, max: 1024 },
                },
                ParamSpec {
                    key: "gpus-per-node",
                    kind: ParamKind::Int { min: 1, max: 64 },
                },
                ParamSpec {
                    key: "minutes",
                    kind: ParamKind::Int {
                        min: 1,
                        max: 525_600,
                    },
                },
                ParamSpec {
                    key: "partition",
                    kind: ParamKind::Slug,
                },
                ParamSpec {
                    key: "options",
                    kind: ParamKind::Int {
                        min: 2,
                        max: super::exercise::MAX_OPTIONS as i64,
                    },
                },
                ParamSpec {
                    key: "correct",
                    kind: ParamKind::Int {
                        min: 1,
                        max: super::exercise::MAX_OPTIONS as i64,
                    },
                },
                ParamSpec {
                    key: "answer",
                    kind: ParamKind::Decimal,
                },
                ParamSpec {
                    key: "unit",
                    kind: ParamKind::OneOf(&super::exercise::UNITS),
                },
                ParamSpec {
                    key: "tolerance",
                    kind: ParamKind::Decimal,
                },
            ],
        }
    }
}

impl WidgetDirective {
    /// The kind whose module brings it to life: a task in the shell is an
    /// exercise that needs the shell's simulation, so it comes alive in a
    /// module that carries the shell.
    pub fn module_kind(&self) -> WidgetKind {
        let shell_task = self.kind == WidgetKind::Exercise
            && matches!(self.params.get("kind"), Some(ParamValue::Text(k)) if k == "shell");
        if shell_task {
            WidgetKind::SlurmShell
        } else {
            self.kind
        }
    }

    /// Parses a block whose info string is `info` (already known to start
    /// with [`DIRECTIVE`]) and whose body is `body`.
    pub fn parse(info: &str, body: &str) -> Result<Self, WidgetError> {
        let name = info
            .trim()
            .strip_prefix(DIRECTIVE)
            .unwrap_or_default()
            .trim();
        if name.is_empty() {
            return Err(WidgetError::MissingName);
        }
        let kind = WidgetKind::from_name(name)
            .filter(|k| k.in_content())
            .ok_or_else(|| WidgetError::UnknownWidget(name.to_owned()))?;
        if kind == WidgetKind::Exercise {
            let (params, texts) = super::exercise::parse(body)?;
            return Ok(Self {
                kind,
                params,
                texts,
            });
        }
        let table: toml::Table = toml::from_str(body).map_err(|e| WidgetError::Toml {
            message: e.message().to_owned(),
            line: e
                .span()
                .map_or(0, |s| crate::diagnostic::line_of(body, s.start) - 1),
        })?;
        let mut params = SortedMap::new();
        for (key, value) in table {
            let raw = match value {
                toml::Value::Integer(i) => Raw::Int(i),
                toml::Value::String(s) => Raw::Text(s),
                _ => Raw::Other,
            };
            let value = kind.check(&key, raw)?;
            params.insert(key, value);
        }
        Ok(Self {
            kind,
            params,
            texts: SortedMap::new(),
        })
    }

    /// The directive as an island's HTML attributes: its parameters as
    /// `(key, text)` pairs, written `data-p-<key>="<text>"` in the page.
    pub fn attrs(&self) -> Vec<(String, String)> {
        self.params
            .iter()
            .map(|(key, value)| {
                let text = match value {
                    ParamValue::Int(i) => i.to_string(),
                    ParamValue::Text(t) => t.clone(),
                };
                (key.clone(), text)
            })
            .collect()
    }

    /// Reads a directive back from an island's widget name and
    /// [`WidgetDirective::attrs`] (the browser's way in: no TOML there),
    /// with the same checks as [`WidgetDirective::parse`].
    pub fn from_attrs<'a>(
        name: &str,
        attrs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, WidgetError> {
        let kind = WidgetKind::from_name(name)
            .ok_or_else(|| WidgetError::UnknownWidget(name.to_owned()))?;
        let mut params = SortedMap::new();
        for (key, text) in attrs {
            let int = matches!(
                kind.params().iter().find(|p| p.key == key).map(|p| p.kind),
                Some(ParamKind::Int { .. })
            );
            let raw = match text.parse::<i64>() {
                Ok(i) if int => Raw::Int(i),
                _ => Raw::Text(text.to_owned()),
            };
            params.insert(key.to_owned(), kind.check(key, raw)?);
        }
        Ok(Self {
            kind,
            params,
            texts: SortedMap::new(),
        })
    }
}

/// A parameter value as written, before it is checked against its spec.
enum Raw {
    Int(i64),
    Text(String),
    /// Any other TOML type (always refused).
    Other,
}

impl WidgetKind {
    /// Checks one parameter against this widget's spec.
    fn check(self, key: &str, raw: Raw) -> Result<ParamValue, WidgetError> {
        let spec = self.params().iter().find(|p| p.key == key).ok_or_else(|| {
            WidgetError::UnknownParam {
                widget: self.name(),
                key: key.to_owned(),
                known: self
                    .params()
                    .iter()
                    .map(|p| p.key)
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        })?;
        let bad = |expected: String| WidgetError::BadValue {
            widget: self.name(),
            key: key.to_owned(),
            expected,
        };
        match (spec.kind, raw) {
            (ParamKind::Int { min, max }, Raw::Int(i)) if (min..=max).contains(&i) => {
                Ok(ParamValue::Int(i))
            }
            (ParamKind::Int { min, max }, _) => Err(bad(format!("an integer from {min} to {max}"))),
            (ParamKind::OneOf(options), Raw::Text(s)) if options.contains(&s.as_str()) => {
                Ok(ParamValue::Text(s))
            }
            (ParamKind::OneOf(options), _) => {
                Err(bad(format!("one of \"{}\"", options.join("\", \""))))
            }
            (ParamKind::Slug, Raw::Text(s)) if super::manifest::is_slug(&s) => {
                Ok(ParamValue::Text(s))
            }
            (ParamKind::Slug, _) => Err(bad("lowercase letters, digits and dashes".into())),
            (ParamKind::Decimal, Raw::Text(s)) if s.parse::<f64>().is_ok_and(f64::is_finite) => {
                Ok(ParamValue::Text(s))
            }
            (ParamKind::Decimal, _) => Err(bad("a decimal number".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for kind in WidgetKind::ALL {
            assert_eq!(WidgetKind::from_name(kind.name()), Some(kind));
        }
        assert_eq!(WidgetKind::from_name("young_daly"), None);
    }

    #[test]
    fn a_page_loads_one_module_for_the_shell_and_one_for_the_rest() {
        use WidgetKind::*;
        let module = |kind, page: &[WidgetKind]| WasmModule::for_island(kind, page);
        // The chapter: the shell's islands in its module, the others in
        // the one that carries them all, exercises included.
        let chapter = [Exercise, SlurmShell, YoungDaly, FairShare, RingAllreduce];
        assert_eq!(module(SlurmShell, &chapter), WasmModule::Shell);
        assert_eq!(module(Exercise, &chapter), WasmModule::Widgets);
        assert_eq!(module(YoungDaly, &chapter), WasmModule::Widgets);
        // Exercises beside only the shell keep to their own small module.
        assert_eq!(
            module(Exercise, &[Exercise, SlurmShell]),
            WasmModule::Exercises
        );
        assert_eq!(module(Exercise, &[Exercise]), WasmModule::Exercises);
        assert_eq!(module(SlurmShell, &[SlurmShell]), WasmModule::Shell);
        for kind in WidgetKind::ALL.into_iter().filter(|k| k.in_content()) {
            assert!(module(kind, &chapter).carries(kind), "{kind:?}");
        }
        // The contents page's progress file, in the smallest module.
        assert_eq!(module(Progress, &[Progress]), WasmModule::Exercises);
        assert!(!WasmModule::Widgets.carries(Progress));
    }

    #[test]
    fn valid_parameters_are_kept() {
        let w =
            WidgetDirective::parse("widget ring-allreduce", "ranks = 8\nalgorithm = \"tree\"\n")
                .expect("valid");
        assert_eq!(w.kind, WidgetKind::RingAllreduce);
        assert_eq!(w.params["ranks"], ParamValue::Int(8));
        assert_eq!(w.params["algorithm"], ParamValue::Text("tree".into()));
        assert!(
            WidgetDirective::parse("widget  young-daly ", "")
                .expect("empty body")
                .params
                .is_empty()
        );
    }

    #[test]
    fn bad_directives_say_why() {
        assert_eq!(
            WidgetDirective::parse("widget", ""),
            Err(WidgetError::MissingName)
        );
        assert!(
            matches!(WidgetDirective::parse("widget pie-chart", ""), Err(WidgetError::UnknownWidget(n)) if n == "pie-chart")
        );
        // The progress file is the contents page's, and not offered.
        let e = WidgetDirective::parse("widget progress", "").expect_err("not in content");
        assert!(!e.to_string().contains("exercise, progress"), "{e}");
        assert!(WidgetDirective::from_attrs("progress", []).is_ok());
        let e = WidgetDirective::parse("widget ring-allreduce", "ranks = 65").expect_err("range");
        assert_eq!(
            e.to_string(),
            "widget `ring-allreduce` parameter `ranks` must be an integer from 2 to 64"
        );
        let e = WidgetDirective::parse("widget young-daly", "preset = 3").expect_err("type");
        assert!(e.to_string().contains("one of \"8-gpus\""), "{e}");
        let e = WidgetDirective::parse("widget young-daly", "colour = \"red\"").expect_err("key");
        assert!(matches!(e, WidgetError::UnknownParam { .. }));
        let e = WidgetDirective::parse("widget young-daly", "\npreset = ").expect_err("toml");
        assert!(matches!(e, WidgetError::Toml { line: 1, .. }), "{e:?}");
    }

    #[test]
    fn island_attributes_round_trip_with_the_same_checks() {
        let w =
            WidgetDirective::parse("widget ring-allreduce", "ranks = 8\nalgorithm = \"tree\"\n")
                .expect("valid");
        let attrs = w.attrs();
        assert_eq!(
            attrs,
            [
                ("algorithm".to_owned(), "tree".to_owned()),
                ("ranks".to_owned(), "8".to_owned())
            ]
        );
        let back = WidgetDirective::from_attrs(
            "ring-allreduce",
            attrs.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        );
        assert_eq!(back, Ok(w));
        let e =
            WidgetDirective::from_attrs("ring-allreduce", [("ranks", "99")]).expect_err("range");
        assert!(matches!(e, WidgetError::BadValue { .. }), "{e:?}");
        let e = WidgetDirective::from_attrs("young-daly", [("preset", "7")]).expect_err("type");
        assert!(e.to_string().contains("one of"), "{e}");
        assert!(matches!(
            WidgetDirective::from_attrs("pie-chart", []),
            Err(WidgetError::UnknownWidget(_))
        ));
    }
}
