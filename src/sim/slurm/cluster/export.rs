//! `--export`: which variables of the submitting shell a job's processes
//! start with, as Slurm 22.05 passes them on.
//!
//! - sbatch and srun pass the whole environment by default (`ALL`), and
//!   Slurm's own variables over it; salloc has no `--export`, its command
//!   runs with the whole environment.
//! - sbatch's `NONE` passes only the `SLURM*` variables and a list
//!   (`--export=EDITOR,ARG1=test`, `ALL,...`) those named, with their
//!   values or the shell's, and the `SLURM_*` ones; the batch script then
//!   starts from the user's login environment under them (sbatch asks
//!   slurmd to load it: `SLURM_GET_USER_ENV=1`), and sbatch leaves the
//!   setting in `SLURM_EXPORT_ENV`, which the script's `srun` reads in
//!   turn: its steps get only the `SLURM*` variables, not even `PATH`.
//! - srun's `NONE` or list passes only what it names and the `SLURM*`
//!   variables (`ALL` in the list: all), nothing loaded under them; srun
//!   reads `SRUN_EXPORT_ENV`, then `SLURM_EXPORT_ENV`, when the option is
//!   not given, sbatch `SBATCH_EXPORT` (over its script's `#SBATCH`
//!   lines, under its command line).
//! - No value is refused (`NIL` is a variable's name in 22.05).
//!
//! A batch job keeps its environment as captured at submission, stored as
//! it differs from the login shell's ([`UserEnv`]).

use crate::sorted::SortedMap;

use serde::{Deserialize, Serialize};

use crate::sim::slurm::shell::Shell;

/// A process's environment, by name.
pub(crate) type Env = SortedMap<String, String>;

/// The environment a job's shell starts with, as it differs from the
/// user's login shell (the default: exactly the login shell's).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct UserEnv {
    /// None of the login shell's variables: only `set`.
    #[serde(default)]
    pub(crate) bare: bool,
    /// The login shell's variables it lacks.
    #[serde(default)]
    pub(crate) unset: Vec<String>,
    /// Variables over the login shell's.
    #[serde(default)]
    pub(crate) set: Vec<(String, String)>,
}

impl UserEnv {
    /// Exactly `env`.
    pub(crate) fn exact(env: &Env) -> UserEnv {
        UserEnv {
            bare: true,
            unset: Vec::new(),
            set: pairs(env, |_, _| true),
        }
    }

    /// `env` as it differs from what `user`'s login shell exports; `PWD`
    /// aside, which a job's shell sets to its directory.
    fn over_login(env: &Env, user: &str) -> UserEnv {
        let login = Shell::new(user, "login1", 0)
            .map(|s| s.exported())
            .unwrap_or_default();
        UserEnv {
            bare: false,
            unset: login
                .keys()
                .filter(|k| *k != "PWD" && !env.contains_key(*k))
                .cloned()
                .collect(),
            set: pairs(env, |k, v| {
                k != "PWD" && login.get(k).map(String::as_str) != Some(v)
            }),
        }
    }

    /// Gives `shell` this environment.
    pub(crate) fn apply(&self, shell: &mut Shell) {
        if self.bare {
            for name in shell.exported().keys() {
                shell.unset_var(name);
            }
        }
        for name in &self.unset {
            shell.unset_var(name);
        }
        for (name, value) in &self.set {
            // A name the shell cannot hold is one no process could read.
            let _ = shell.set_var(name, value, true);
        }
        shell.default_path();
    }
}

/// Whether slurmstepd finds `program` for a step whose environment is
/// `env` (`None`: no shell's, so the login shell's): it looks a bare name
/// up in the step's `PATH`, where every program of the model lies, so with
/// no `PATH` (`--export=NONE`) only a path reaches one, as srun's manual
/// warns.
pub(crate) fn stepd_finds(program: &str, env: Option<&Env>) -> bool {
    program.contains('/') || env.is_none_or(|env| env.contains_key("PATH"))
}

/// The variables of `env` that `keep` keeps.
fn pairs(env: &Env, keep: impl Fn(&str, &str) -> bool) -> Vec<(String, String)> {
    env.iter()
        .filter(|(k, v)| keep(k, v))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// The words of an `--export` value: split at commas outside quotes, a
/// word wholly in quotes without them (as `find_quote_token` reads it).
fn words(spec: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut start, mut single, mut double) = (0, false, false);
    for (i, c) in spec.char_indices().chain([(spec.len(), ',')]) {
        match c {
            '\'' => single = !single,
            '"' => double = !double,
            ',' if i == spec.len() || !(single || double) => {
                let word = &spec[start..i];
                let quoted = ['\'', '"']
                    .iter()
                    .any(|&q| word.len() > 1 && word.starts_with(q) && word.ends_with(q));
                out.push(if quoted {
                    &word[1..word.len() - 1]
                } else {
                    word
                });
                start = i + 1;
            }
            _ => {}
        }
    }
    out
}

/// Copies `env`'s variables whose names `keep` keeps into `out`.
fn merge(out: &mut Env, env: &Env, keep: impl Fn(&str) -> bool) {
    for (name, value) in env.iter().filter(|(k, _)| keep(k)) {
        out.insert(name.clone(), value.clone());
    }
}

/// A named word's variable: `NAME=value`, or `NAME` with the value in
/// `env` (none if unset there).
fn named(out: &mut Env, word: &str, env: &Env) {
    match word.split_once('=') {
        Some((name, value)) => {
            out.insert(name.to_owned(), value.to_owned());
        }
        None => {
            if let Some(value) = env.get(word) {
                out.insert(word.to_owned(), value.clone());
            }
        }
    }
}

/// The batch script's environment for sbatch's `--export` value `spec`
/// (`None`: `ALL`) from the caller's environment `env`, for `user`.
pub(crate) fn batch_env(spec: Option<&str>, env: &Env, user: &str) -> UserEnv {
    let Some(spec) = spec.filter(|s| !s.eq_ignore_ascii_case("ALL")) else {
        return UserEnv::over_login(env, user);
    };
    let mut env = env.clone();
    // sbatch leaves its setting for the script's sruns, unless set.
    if !env.contains_key("SLURM_EXPORT_ENV") {
        env.insert("SLURM_EXPORT_ENV".to_owned(), spec.to_owned());
    }
    let mut out = Env::new();
    if spec.eq_ignore_ascii_case("NONE") {
        merge(&mut out, &env, |k| k.starts_with("SLURM"));
    } else {
        for word in words(spec) {
            if word.eq_ignore_ascii_case("ALL") {
                merge(&mut out, &env, |_| true);
            } else {
                named(&mut out, word, &env);
            }
        }
        merge(&mut out, &env, |k| k.starts_with("SLURM_"));
    }
    out.insert("SLURM_GET_USER_ENV".to_owned(), "1".to_owned());
    // slurmd loads the login environment under it.
    let mut user_env = UserEnv::over_login(&out, user);
    user_env.unset.clear();
    user_env
}

/// What an srun step's tasks start with, from the caller's environment
/// `env`: by its `--export` value `spec`, or `SRUN_EXPORT_ENV` or
/// `SLURM_EXPORT_ENV` there (none: all of it).
pub(crate) fn step_env(spec: Option<&str>, env: &Env) -> Env {
    let from_env = |name: &str| env.get(name).map(String::as_str);
    let Some(spec) = spec
        .or_else(|| from_env("SRUN_EXPORT_ENV"))
        .or_else(|| from_env("SLURM_EXPORT_ENV"))
    else {
        return env.clone();
    };
    let mut out = Env::new();
    let mut all = false;
    for word in words(spec) {
        all |= word.eq_ignore_ascii_case("ALL");
        if word.eq_ignore_ascii_case("NONE") {
            break;
        }
        named(&mut out, word, env);
    }
    merge(&mut out, env, |k| all || k.starts_with("SLURM"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Env {
        let mut env = Env::new();
        for (k, v) in pairs {
            env.insert((*k).to_owned(), (*v).to_owned());
        }
        env
    }

    #[test]
    fn words_split_outside_quotes() {
        assert_eq!(
            words("A,B=1,'C=2,3',D=\"x\""),
            ["A", "B=1", "C=2,3", "D=\"x\""]
        );
        assert_eq!(words(""), [""]);
    }

    #[test]
    fn srun_passes_what_the_value_names() {
        let caller = env(&[("PATH", "/p"), ("FOO", "1"), ("SLURM_JOB_ID", "7")]);
        assert_eq!(step_env(None, &caller), caller);
        assert_eq!(step_env(Some("ALL"), &caller), caller);
        let none = env(&[("SLURM_JOB_ID", "7")]);
        assert_eq!(step_env(Some("NONE"), &caller), none);
        assert_eq!(step_env(Some("nil"), &caller), none);
        let listed = env(&[("FOO", "1"), ("BAR", "2"), ("SLURM_JOB_ID", "7")]);
        assert_eq!(step_env(Some("FOO,BAR=2,NOPE"), &caller), listed);
        // The caller's values win over ALL's list; NONE ends the list.
        let mut all = caller.clone();
        all.insert("BAR".to_owned(), "2".to_owned());
        assert_eq!(step_env(Some("FOO=9,ALL,BAR=2"), &caller), all);
        assert_eq!(step_env(Some("NONE,FOO"), &caller), none);
        // From the environment: SRUN_EXPORT_ENV over SLURM_EXPORT_ENV.
        let mut inside = caller.clone();
        inside.insert("SLURM_EXPORT_ENV".to_owned(), "NONE".to_owned());
        assert_eq!(step_env(None, &inside).get("PATH"), None);
        inside.insert("SRUN_EXPORT_ENV".to_owned(), "ALL".to_owned());
        assert_eq!(
            step_env(None, &inside).get("PATH").map(String::as_str),
            Some("/p")
        );
    }

    #[test]
    fn sbatch_keeps_what_differs_from_the_login() {
        let mut caller = Shell::new("alice", "login1", 0)
            .map(|s| s.exported())
            .unwrap_or_default();
        caller.insert("FOO".to_owned(), "1".to_owned());
        caller.insert("PATH".to_owned(), "/cuda/bin:/usr/bin".to_owned());
        caller.insert("PWD".to_owned(), "/home/alice/x".to_owned());
        caller.remove("LANG");
        let all = batch_env(None, &caller, "alice");
        assert!(!all.bare);
        assert_eq!(all.unset, ["LANG"]);
        assert_eq!(
            all.set,
            [
                ("FOO".to_owned(), "1".to_owned()),
                ("PATH".to_owned(), "/cuda/bin:/usr/bin".to_owned())
            ]
        );
        let none = batch_env(Some("none"), &caller, "alice");
        let set = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            none,
            UserEnv {
                set: set(&[("SLURM_EXPORT_ENV", "none"), ("SLURM_GET_USER_ENV", "1")]),
                ..UserEnv::default()
            }
        );
        let listed = batch_env(Some("FOO,BAR=x"), &caller, "alice");
        assert_eq!(
            listed.set,
            set(&[
                ("BAR", "x"),
                ("FOO", "1"),
                ("SLURM_EXPORT_ENV", "FOO,BAR=x"),
                ("SLURM_GET_USER_ENV", "1")
            ])
        );
        // A SLURM_EXPORT_ENV set already stays.
        caller.insert("SLURM_EXPORT_ENV".to_owned(), "ALL".to_owned());
        let kept = batch_env(Some("NONE"), &caller, "alice");
        assert_eq!(
            kept.set,
            set(&[("SLURM_EXPORT_ENV", "ALL"), ("SLURM_GET_USER_ENV", "1")])
        );
    }
}
