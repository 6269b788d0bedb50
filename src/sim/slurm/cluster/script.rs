//! Batch scripts: the `#SBATCH` directives (read as sbatch reads them,
//! up to the first command), the `# sim:` hints, and the commands the
//! simulation runs (`sleep`, `echo`, `srun ...`, `exit N`, and programs
//! passed to the [`ProgramRunner`](super::runner::ProgramRunner)).
//!
//! A hint line `# sim: runtime=90 exit=3` fixes a job's run time (seconds,
//! or `30s`, `5m`, `2h`, `1d`, or a Slurm time like `1:30:00`) and its exit
//! code, whatever its commands say.

use crate::sim::slurm::time_spec::TimeLimit;

use super::mpi::Mpi;
use super::runner::duration_arg;

/// One command of a script.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Op {
    /// `srun [options] program args`: a job step, its program and
    /// arguments and how its tasks start (`--mpi`).
    Step(Vec<String>, Mpi),
    /// `exit N`.
    Exit(i32),
    /// Any other command, run on the batch host.
    Run(Vec<String>),
}

/// What a script says about its run.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Plan {
    /// The commands, in order.
    pub(crate) ops: Vec<Op>,
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

/// The commands and hints of a script.
pub(crate) fn plan(script: &str) -> Plan {
    let mut plan = Plan::default();
    for line in script.lines() {
        let trimmed = line.trim();
        if let Some(hint) = trimmed.strip_prefix("# sim:") {
            for pair in hint.split_whitespace() {
                match pair.split_once('=') {
                    Some(("runtime", v)) => plan.runtime_s = runtime(v),
                    Some(("exit", v)) => plan.exit = v.parse().ok(),
                    _ => {}
                }
            }
            continue;
        }
        // `a; b` and `a && b` run one after the other here.
        let code = strip_comment(trimmed);
        for part in code.split([';']).flat_map(|p| p.split("&&")) {
            let argv = words(part);
            let Some(first) = argv.first() else { continue };
            match first.as_str() {
                "srun" => {
                    let (program, mpi) = step_command(&argv[1..]);
                    plan.ops.push(Op::Step(program, mpi));
                }
                "exit" => plan.ops.push(Op::Exit(
                    argv.get(1).and_then(|c| c.parse::<i32>().ok()).unwrap_or(0) & 0xff,
                )),
                // Shell bookkeeping the simulation need not run.
                "set" | "export" | "module" | "source" | "." | "cd" | "ulimit" | "umask"
                | "trap" | "wait" => {}
                _ => plan.ops.push(Op::Run(argv)),
            }
        }
    }
    plan
}

/// The line up to a comment: an unquoted `#` that starts a word.
fn strip_comment(line: &str) -> &str {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in line.char_indices() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), _) if c == q => quote = None,
            (None, '#') if prev.is_whitespace() || prev == ';' => return &line[..i],
            _ => {}
        }
        prev = c;
    }
    line
}

/// A hint's run time: seconds with an optional unit, or a Slurm time.
fn runtime(v: &str) -> Option<u64> {
    duration_arg(v).or_else(|| TimeLimit::parse(v).ok().and_then(TimeLimit::seconds))
}

/// The options of `srun` that take a value, so that the program can be
/// found after them.
const SRUN_VALUED: &[&str] = &[
    "-N",
    "-n",
    "-c",
    "-p",
    "-t",
    "-J",
    "-w",
    "-x",
    "-o",
    "-e",
    "-G",
    "-A",
    "-q",
    "-m",
    "--nodes",
    "--ntasks",
    "--cpus-per-task",
    "--partition",
    "--time",
    "--job-name",
    "--nodelist",
    "--exclude",
    "--output",
    "--error",
    "--gpus",
    "--gpus-per-node",
    "--mem",
    "--account",
    "--qos",
    "--ntasks-per-node",
    "--distribution",
    "--gres",
    "--mpi",
];

/// The program and arguments after `srun`'s options, and the MPI plugin
/// those options name (`MpiDefault=none` without one; a plugin srun does
/// not know starts the tasks alone, as if it were none).
pub(crate) fn step_command(args: &[String]) -> (Vec<String>, Mpi) {
    let mut i = 0;
    let mut mpi = Mpi::None;
    while i < args.len() {
        let a = &args[i];
        if !a.starts_with('-') {
            break;
        }
        let takes_value = SRUN_VALUED.contains(&a.as_str()) && !a.contains('=');
        let value = if takes_value {
            args.get(i + 1).map(String::as_str)
        } else {
            a.split_once('=').map(|(_, v)| v)
        };
        if a == "--mpi" || a.starts_with("--mpi=") {
            mpi = value.and_then(Mpi::parse).unwrap_or_default();
        }
        i += if takes_value { 2 } else { 1 };
    }
    (
        args.get(i..).map(<[String]>::to_vec).unwrap_or_default(),
        mpi,
    )
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
    fn plans_steps_sleeps_and_hints() {
        let p = plan(TRAIN);
        assert_eq!(p.ops[0], Op::Step(vec!["hostname".into()], Mpi::None));
        assert_eq!(p.ops[1], Op::Run(vec!["sleep".into(), "3600".into()]));
        let p = plan(
            "#!/bin/sh\n# sim: runtime=1:30:00 exit=3\nsrun -N 2 --label --mpi pmix python x.py\nexit 7\n",
        );
        assert_eq!(p.runtime_s, Some(5400));
        assert_eq!(p.exit, Some(3));
        assert_eq!(
            p.ops[0],
            Op::Step(vec!["python".into(), "x.py".into()], Mpi::Pmi)
        );
        assert_eq!(p.ops[1], Op::Exit(7));
        let p = plan("srun --mpi=pmi2 -N 2 a\nsrun -N 2 b --mpi=pmix\n");
        assert_eq!(p.ops[0], Op::Step(vec!["a".into()], Mpi::Pmi));
        assert_eq!(
            p.ops[1],
            Op::Step(vec!["b".into(), "--mpi=pmix".into()], Mpi::None)
        );
        assert_eq!(words("echo 'a b' \"c\" # d"), ["echo", "a b", "c"]);
        // A `;` inside a comment separates nothing.
        let p = plan("# save often; a restart resumes\necho 'x # y'; echo z # w; v\n");
        assert_eq!(
            p.ops,
            [
                Op::Run(vec!["echo".into(), "x # y".into()]),
                Op::Run(vec!["echo".into(), "z".into()])
            ]
        );
    }
}
