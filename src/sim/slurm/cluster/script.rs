//! Batch scripts as Slurm reads them before they run: the `#SBATCH`
//! directives (read as sbatch reads them, up to the first command) and the
//! `# sim:` hints. The script itself runs in the job's shell
//! ([`job_shell`](super::job_shell)).
//!
//! A hint line `# sim: runtime=90 exit=3` fixes a job's run time (seconds,
//! or `30s`, `5m`, `2h`, `1d`, or a Slurm time like `1:30:00`) and its exit
//! code, whatever its commands say.

use crate::sim::slurm::time_spec::TimeLimit;

use super::runner::duration_arg;

/// What a script's `# sim:` hints fix about its run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Hints {
    /// `# sim: runtime=`.
    pub(crate) runtime_s: Option<u64>,
    /// `# sim: exit=`.
    pub(crate) exit: Option<i32>,
}

/// Whether the first line starts with `#!`.
pub(crate) fn has_shebang(script: &str) -> bool {
    script.starts_with("#!")
}

/// The options of the `#SBATCH` lines, split as sbatch splits them, up to
/// the first line that is neither blank nor a comment.
pub(crate) fn directives(script: &str) -> Vec<String> {
    let mut args = Vec::new();
    for line in script.lines() {
        if let Some(rest) = line.strip_prefix("#SBATCH") {
            args.extend(words(rest));
        } else if !line.trim_start().is_empty() && !line.trim_start().starts_with('#') {
            break;
        }
    }
    args
}

/// Shell-like words: blanks separate, quotes group, an unquoted `#` ends
/// the line.
pub(crate) fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None => match c {
                '"' | '\'' => {
                    quote = Some(c);
                    in_word = true;
                }
                '#' if !in_word => break,
                c if c.is_whitespace() => {
                    if in_word {
                        out.push(std::mem::take(&mut cur));
                        in_word = false;
                    }
                }
                c => {
                    cur.push(c);
                    in_word = true;
                }
            },
        }
    }
    if in_word {
        out.push(cur);
    }
    out
}

/// The `# sim:` hints of a script.
pub(crate) fn hints(script: &str) -> Hints {
    let mut hints = Hints::default();
    for line in script.lines() {
        let Some(hint) = line.trim().strip_prefix("# sim:") else {
            continue;
        };
        for pair in hint.split_whitespace() {
            match pair.split_once('=') {
                Some(("runtime", v)) => hints.runtime_s = runtime(v),
                Some(("exit", v)) => hints.exit = v.parse().ok(),
                _ => {}
            }
        }
    }
    hints
}

/// A hint's run time: seconds with an optional unit, or a Slurm time.
fn runtime(v: &str) -> Option<u64> {
    duration_arg(v).or_else(|| TimeLimit::parse(v).ok().and_then(TimeLimit::seconds))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRAIN: &str = "#!/bin/bash\n#SBATCH --job-name=train-llm\n#SBATCH --nodes=2 # two\n#SBATCH --gpus-per-node=8\nsrun hostname\n#SBATCH --ignored\nsleep 3600\n";

    #[test]
    fn directives_stop_at_the_first_command() {
        assert_eq!(
            directives(TRAIN),
            ["--job-name=train-llm", "--nodes=2", "--gpus-per-node=8"]
        );
        assert!(has_shebang(TRAIN));
        assert!(!has_shebang("#SBATCH -N1\nhostname\n"));
    }

    #[test]
    fn hints_fix_the_run_time_and_exit() {
        let h = hints("#!/bin/sh\n# sim: runtime=1:30:00 exit=3\nsrun x\n");
        assert_eq!(h.runtime_s, Some(5400));
        assert_eq!(h.exit, Some(3));
        assert_eq!(hints("  # sim: runtime=90s\n").runtime_s, Some(90));
        assert_eq!(hints(TRAIN), Hints::default());
        assert_eq!(words("echo 'a b' \"c\" # d"), ["echo", "a b", "c"]);
    }
}
