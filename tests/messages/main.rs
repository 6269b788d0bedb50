//! The app passes every variable its messages use, in every language.
//!
//! The app's message calls are found by scanning `src/**/*.rs` (see
//! `calls.rs`) rather than kept in a registry: a registry would be a
//! second list of ids beside the calls, and it could drift from them. Ids
//! the scan cannot read at the call (a variable, a helper's closure) are
//! listed in [`DYNAMIC`], and the test fails when a call is neither
//! readable nor listed, or a listing matches no call. Then every message
//! of every locale is rendered through the app's own
//! [`Catalog::format_own`] with the arguments the app passes.

mod calls;
mod lex;
mod selects;

use std::collections::BTreeMap;
use std::path::Path;

use calls::{Call, Kind};
use gpu_book::i18n::{Arg, Catalog, MessageSite};
use gpu_book::sources::{SOURCE_LANG, Sources};
use lex::Tok;

/// A message call whose id is a variable: its file, its id expression as
/// [`Call::id_text`] writes it, and each id it can take with the names of
/// the arguments it passes to that id.
struct Dynamic {
    file: &'static str,
    id: &'static str,
    ids: &'static [(&'static str, &'static [&'static str])],
}

/// Every message call the scan cannot read. Each id below is written as a
/// literal beside the call (a match arm, a closure's caller). Two calls
/// of one file with the same id expression are told apart by the names
/// they pass.
const DYNAMIC: &[Dynamic] = &[
    // The contents' `labels`: a sentence per count, for book.js to pick.
    Dynamic {
        file: "src/site/contents.rs",
        id: "id",
        ids: &[
            ("contents-exercises", &["done", "count"]),
            ("contents-lab-goals", &["done", "count"]),
        ],
    },
    // `reading`: each field's key and argument name come from one match.
    Dynamic {
        file: "src/widgets/ring_allreduce.rs",
        id: "key",
        ids: &[
            ("ar-elements-reading", &["size"]),
            ("ar-slow-reading", &["percent"]),
            ("ar-bw-reading", &["rate"]),
            ("ar-alpha-reading", &["micros"]),
        ],
    },
    // The `name` closure of the calculator's errors.
    Dynamic {
        file: "src/widgets/fair_share/errors.rs",
        id: "key",
        ids: &[
            ("fs-error-unknown-parent", &["name"]),
            ("fs-error-zero-shares", &["name"]),
        ],
    },
    // Its `number` closure.
    Dynamic {
        file: "src/widgets/fair_share/errors.rs",
        id: "key",
        ids: &[
            ("fs-error-too-many", &["n"]),
            ("fs-error-more-than-cluster", &["n"]),
            ("fs-error-cap-below-job", &["n"]),
        ],
    },
    Dynamic {
        file: "src/widgets/ring_allreduce/model_chart.rs",
        id: "key(c.below==Algorithm::Tree)",
        ids: &[
            ("ar-crossover-tree", &["size"]),
            ("ar-crossover-tree-slow", &["size"]),
            ("ar-crossover-ring", &["size"]),
            ("ar-crossover-ring-slow", &["size"]),
        ],
    },
    Dynamic {
        file: "src/widgets/exercise.rs",
        id: "key",
        ids: &[
            ("exercise-option-right", &["n"]),
            ("exercise-option-wrong", &["n"]),
        ],
    },
    // The `limit` closure of the number fields' errors.
    Dynamic {
        file: "src/widgets/text_field.rs",
        id: "key",
        ids: &[
            ("input-error-too-large", &["n"]),
            ("input-error-too-long", &["n"]),
            ("input-error-too-many-bytes", &["n"]),
        ],
    },
];

/// Numbers that between them select every CLDR plural category of the
/// usual languages (0, one, two, few, many, other; fractions).
const NUMBERS: [f64; 9] = [0.0, 1.0, 2.0, 3.0, 5.0, 11.0, 21.0, 1.5, 1e6];

/// One way the app calls a message with arguments: where, and which.
#[derive(Debug, Clone)]
struct Passing {
    site: String,
    args: Vec<(String, Kind)>,
}

/// What the scan learned: ids the app names, and how it passes arguments.
#[derive(Default)]
struct Usage {
    /// Every id the app names, with one place it does.
    named: BTreeMap<String, String>,
    /// Each id the app passes arguments to, per call.
    passing: BTreeMap<String, Vec<Passing>>,
    /// Ids named in a call that passes no arguments.
    plain: BTreeMap<String, String>,
    failures: Vec<String>,
}

fn rust_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// `ar-*-label` for `format!("ar-{key}-label")`'s literal.
fn matches_pattern(pattern: &str, id: &str) -> bool {
    let mut parts = Vec::new();
    let mut rest = pattern;
    while let Some(open) = rest.find('{') {
        parts.push(&rest[..open]);
        rest = rest[open..].split_once('}').map_or("", |(_, r)| r);
    }
    parts.push(rest);
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return id == first;
    }
    let Some(mut tail) = id.strip_prefix(first) else {
        return false;
    };
    for middle in &parts[1..parts.len() - 1] {
        match tail.find(middle) {
            Some(at) if !middle.is_empty() => tail = &tail[at + middle.len()..],
            _ if middle.is_empty() => {}
            _ => return false,
        }
    }
    tail.ends_with(last) && tail.len() > last.len()
}

/// Whether a `format!` literal looks like an id: a word and a dash
/// outside its `{}` (`fs-preset-{name}`, not `{}-{}`).
fn is_id_pattern(pattern: &str) -> bool {
    let fixed: String = pattern
        .split('{')
        .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
        .collect();
    fixed.contains('-') && fixed.chars().any(|c| c.is_ascii_lowercase())
}

/// The `format!` literal of an id expression, if it is one.
fn format_literal(id: &[Tok]) -> Option<&str> {
    id.windows(4).find_map(|w| match w {
        [Tok::Ident(f), Tok::Punct('!'), Tok::Punct('('), Tok::Str(s)] if f == "format" => {
            Some(s.as_str())
        }
        _ => None,
    })
}

impl Usage {
    fn scan(repo: &Path, english: &BTreeMap<String, MessageSite>) -> Self {
        let mut usage = Usage::default();
        let mut files = Vec::new();
        rust_files(&repo.join("src"), &mut files);
        files.sort();
        let mut listed_used = vec![false; DYNAMIC.len()];
        for path in files {
            let rel = path
                .strip_prefix(repo)
                .expect("under the repo")
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&path).expect("a readable source");
            let tokens = lex::tokens(&text);
            for (i, (t, line)) in tokens.iter().enumerate() {
                if let Tok::Str(s) = t
                    && english.contains_key(s)
                    && !is_attribute_value(&tokens, i)
                {
                    usage
                        .named
                        .entry(s.clone())
                        .or_insert(format!("{rel}:{line}"));
                }
            }
            // An id built ahead of its call (`let key = format!("fs-preset-{name}")`)
            // names the messages it matches; those with variables need a
            // call that passes them, found below.
            for w in tokens.windows(4) {
                let pattern = format_literal(&w.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>())
                    .map(str::to_owned);
                let Some(pattern) = pattern.filter(|p| is_id_pattern(p)) else {
                    continue;
                };
                for (id, en) in english {
                    if en.variables.is_empty() && matches_pattern(&pattern, id) {
                        let site = format!("{rel}:{}", w[3].1);
                        usage.named.entry(id.clone()).or_insert(site);
                    }
                }
            }
            let (calls, stray) = calls::find(&tokens);
            // The catalog and its lowering define and match on `Arg`.
            if !rel.starts_with("src/i18n/") {
                for line in stray {
                    usage.failures.push(format!(
                        "{rel}:{line}: an `Arg` outside a message call this test can read: \
                         pass arguments as `t_args(ID, &[(\"name\", Arg::..)])`"
                    ));
                }
            }
            for call in calls {
                usage.call(&rel, &call, english, &mut listed_used);
            }
        }
        for (d, used) in DYNAMIC.iter().zip(listed_used) {
            if !used {
                usage.failures.push(format!(
                    "DYNAMIC lists a call in {} with id `{}`, and there is none: update the list",
                    d.file, d.id
                ));
            }
        }
        usage
    }

    fn call(
        &mut self,
        rel: &str,
        call: &Call,
        english: &BTreeMap<String, MessageSite>,
        listed: &mut [bool],
    ) {
        let site = format!("{rel}:{}", call.line);
        let ids: Vec<String> = match (call.id.as_slice(), format_literal(&call.id)) {
            ([Tok::Str(id)], _) => vec![id.clone()],
            (_, Some(pattern)) => {
                // A call with no arguments cannot mean a message with
                // variables: `format!("{key}-hint")` is not `exercise-number-hint`.
                let ids: Vec<String> = english
                    .iter()
                    .filter(|(id, en)| {
                        matches_pattern(pattern, id) && (call.with_args || en.variables.is_empty())
                    })
                    .map(|(id, _)| id.clone())
                    .collect();
                if ids.is_empty() {
                    self.failures.push(format!(
                        "{site}: the id `format!(\"{pattern}\", ..)` matches no English message"
                    ));
                }
                ids
            }
            _ if !call.with_args => {
                // `.t(if x { "a" } else { "b" })`: its literals.
                call.id
                    .iter()
                    .filter_map(|t| match t {
                        Tok::Str(s) => Some(s.clone()),
                        _ => None,
                    })
                    .collect()
            }
            _ => return self.dynamic(rel, call, listed),
        };
        for id in ids {
            self.named.entry(id.clone()).or_insert(site.clone());
            if !english.contains_key(&id) {
                self.failures.push(format!(
                    "{site}: the app uses message `{id}`, which locales/{SOURCE_LANG}/ does not define"
                ));
            }
            if !call.with_args {
                self.plain.entry(id).or_insert(site.clone());
                continue;
            }
            let args: Option<Vec<(String, Kind)>> = call
                .args
                .iter()
                .map(|p| p.name.clone().map(|n| (n, p.kind)))
                .collect();
            match args {
                Some(args) => self.passing.entry(id).or_default().push(Passing {
                    site: site.clone(),
                    args,
                }),
                None => self.failures.push(format!(
                    "{site}: the call to `{id}` names an argument with a variable: write the name"
                )),
            }
        }
    }

    fn dynamic(&mut self, rel: &str, call: &Call, listed: &mut [bool]) {
        let site = format!("{rel}:{}", call.line);
        let text = call.id_text();
        // A listing names what the call passes; a name written at the call
        // must agree with it.
        let agrees = |names: &[&str]| {
            names.len() == call.args.len()
                && call
                    .args
                    .iter()
                    .zip(names)
                    .all(|(p, n)| p.name.as_deref().is_none_or(|w| w == *n))
        };
        let found = DYNAMIC.iter().position(|d| {
            d.file == rel && d.id == text && d.ids.iter().all(|(_, names)| agrees(names))
        });
        let Some(k) = found else {
            let passed: Vec<String> = call.args.iter().map(|p| format!("{:?}", p.name)).collect();
            return self.failures.push(format!(
                "{site}: a message call with id `{text}` and arguments [{}] this test cannot \
                 read: list it in DYNAMIC in tests/messages/main.rs with the ids it takes",
                passed.join(", ")
            ));
        };
        listed[k] = true;
        for (id, names) in DYNAMIC[k].ids {
            let args = names
                .iter()
                .zip(&call.args)
                .map(|(n, p)| ((*n).to_owned(), p.kind))
                .collect();
            self.named.entry((*id).to_owned()).or_insert(site.clone());
            self.passing
                .entry((*id).to_owned())
                .or_default()
                .push(Passing {
                    site: site.clone(),
                    args,
                });
        }
    }
}

/// The argument lists to render a call with: each number in [`NUMBERS`]
/// for every numeric argument, `x` for text.
fn samples(args: &[(String, Kind)]) -> Vec<Vec<(&str, Arg<'static>)>> {
    let numeric = args.iter().any(|(_, k)| *k == Kind::Num);
    let rounds: &[f64] = if numeric { &NUMBERS } else { &[0.0] };
    rounds
        .iter()
        .map(|&n| {
            args.iter()
                .map(|(name, kind)| {
                    let value = match kind {
                        Kind::Num => Arg::Num(n),
                        Kind::Str => Arg::Str("x"),
                    };
                    (name.as_str(), value)
                })
                .collect()
        })
        .collect()
}

/// The first problem rendering `id` in `lang` with `args` meets: a Fluent
/// error, or a placeholder left in the text.
fn render_problem(
    catalog: &Catalog,
    lang: &str,
    id: &str,
    args: &[(String, Kind)],
) -> Option<String> {
    samples(args).into_iter().find_map(|sample| {
        let (text, errors) = catalog.format_own(lang, id, &sample)?;
        if let Some(e) = errors.first() {
            Some(e.clone())
        } else if text.contains("{$") || text.contains("{ $") {
            Some(format!("reads \"{text}\": a placeholder is left"))
        } else {
            None
        }
    })
}

/// Whether the string at `tokens[i]` is an attribute's value in a view
/// (`data-testid="lab-incident"`, `class="lab-goals"`): a name and `=`
/// before it, not `let name =`. Such a string names an element, not a
/// message, even when it reads like one, so it does not keep a message
/// off the unused list.
fn is_attribute_value(tokens: &[(Tok, usize)], i: usize) -> bool {
    let before = |k: usize| i.checked_sub(k).and_then(|j| tokens.get(j)).map(|(t, _)| t);
    let binding = |t: Option<&Tok>| matches!(t, Some(Tok::Ident(w)) if w == "let" || w == "mut");
    matches!(before(1), Some(Tok::Punct('=')))
        && matches!(before(2), Some(Tok::Ident(_)))
        && !binding(before(3))
}

fn check(repo: &Path) -> (Vec<String>, Vec<String>) {
    let sources = Sources::from_dir(repo).expect("the book's files");
    let catalog = Catalog::load(&sources);
    let english_sites = catalog.messages(SOURCE_LANG).expect("English messages");
    let mut usage = Usage::scan(repo, english_sites);
    let mut failures = std::mem::take(&mut usage.failures);

    for (id, site) in &usage.plain {
        let Some(en) = english_sites.get(id) else {
            continue;
        };
        if let Some(v) = en.variables.iter().next() {
            failures.push(format!(
                "{site}: `{id}` is called with no arguments, but English uses `{{ ${v} }}` \
                 ({}:{}): pass it",
                en.path, en.line
            ));
        }
    }
    for (id, site) in &usage.named {
        let needs = english_sites
            .get(id)
            .is_some_and(|en| !en.variables.is_empty());
        if needs && !usage.passing.contains_key(id) {
            failures.push(format!(
                "{site}: `{id}` uses variables, but no call this test reads passes them: \
                 if the app passes them through a variable id, list the call in DYNAMIC"
            ));
        }
    }

    let mut unused = Vec::new();
    for lang in sources.languages() {
        let Some(own) = catalog.messages(&lang) else {
            continue;
        };
        for (id, site) in own {
            let at = format!("{}:{}", site.path, site.line);
            if !usage.named.contains_key(id) {
                unused.push(format!("{at}: `{id}` is never used by the app"));
                continue;
            }
            let no_args = [Passing {
                site: usage.named[id].clone(),
                args: Vec::new(),
            }];
            let passings = usage.passing.get(id).map_or(&no_args[..], Vec::as_slice);
            for p in passings {
                // One mistake, one line: a variable not passed is named,
                // and what Fluent then says about it is not repeated.
                let missing: Vec<&String> = site
                    .variables
                    .iter()
                    .filter(|v| !p.args.iter().any(|(n, _)| n == *v))
                    .collect();
                for v in &missing {
                    failures.push(format!(
                        "{at}: `{id}` in {lang} uses `{{ ${v} }}`, which the app does not \
                         pass at {}: it passes [{}]",
                        p.site,
                        p.args
                            .iter()
                            .map(|(n, _)| n.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                if missing.is_empty()
                    && let Some(problem) = render_problem(&catalog, &lang, id, &p.args)
                {
                    failures.push(format!("{at}: `{id}` in {lang} ({}): {problem}", p.site));
                }
            }
        }
    }
    // A plural select on an argument passed as text never matches `[one]`:
    // every count would read the default variant.
    for (path, text) in sources.under("locales/") {
        let lang = path.split('/').nth(1).unwrap_or_default();
        for (id, var) in selects::plural_selectors(text) {
            let line = catalog
                .messages(lang)
                .and_then(|m| m.get(&id))
                .map_or(0, |m| m.line);
            for p in usage.passing.get(&id).into_iter().flatten() {
                if p.args.iter().any(|(n, k)| *n == var && *k == Kind::Str) {
                    failures.push(format!(
                        "{path}:{line}: `{id}` chooses plural forms by `{{ ${var} }}`, but {} passes it \
                         as text (Arg::Str), so it always reads the default variant: pass \
                         Arg::Num",
                        p.site
                    ));
                }
            }
        }
    }
    failures.sort();
    failures.dedup();
    (failures, unused)
}

#[test]
fn every_message_renders_with_the_arguments_the_app_passes() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (failures, unused) = check(repo);
    for u in &unused {
        eprintln!("warning: {u}");
    }
    assert!(failures.is_empty(), "\n{}\n", failures.join("\n"));
}

#[test]
fn attribute_values_are_not_message_uses() {
    let at = |src: &str| {
        let tokens = lex::tokens(src);
        let i = tokens
            .iter()
            .position(|(t, _)| matches!(t, Tok::Str(_)))
            .expect("a string");
        is_attribute_value(&tokens, i)
    };
    assert!(at(r#"view! { <dl data-testid="lab-incident"></dl> }"#));
    assert!(at(r#"view! { <p class="lab-goals"></p> }"#));
    assert!(!at(r#"let key = "lab-goals";"#));
    assert!(!at(r#"let mut key = "lab-goals";"#));
    assert!(!at(r#"i18n.t("lab-goals")"#));
    assert!(!at(r#"fact("lab-incident-job", f)"#));
}

#[test]
fn format_patterns_match_ids() {
    assert!(matches_pattern(
        "{prefix}-hint-{}-{n}",
        "lab-bus-hint-drain-1"
    ));
    assert!(matches_pattern("ar-{key}-label", "ar-ranks-label"));
    assert!(!matches_pattern("ar-{key}-label", "ar--label"));
    assert!(!matches_pattern("{}-intro", "sh-intro-more"));
}
