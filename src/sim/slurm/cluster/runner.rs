//! Programs that jobs run: the hook through which the caller supplies its
//! own tools (`all_reduce_perf`, `nvidia-smi`, ...), and the few the
//! cluster knows itself (`hostname`, `echo`, `sleep`, `true`, `false`,
//! `date`, `pwd`, `whoami`).

use super::mpi::Mpi;
use super::state::OutputLine;
pub(crate) use super::task_dist::TaskDist;
use crate::sim::slurm::calendar::Civil;
use crate::sim::slurm::node_tools::{is_python, python_answer, python_found};
use crate::sim::slurm::shell::{Fs, home_of};

/// One program launch: a step's tasks over its nodes, or a command of a
/// batch script on the batch host.
#[derive(Debug, Clone, Copy)]
pub struct Launch<'a> {
    /// The job.
    pub job_id: u32,
    /// The step (`None` for a command the batch script runs itself).
    pub step: Option<u32>,
    /// The program and its arguments.
    pub argv: &'a [String],
    /// The nodes of the step, in order.
    pub nodes: &'a [String],
    /// Tasks, laid out over the nodes as `dist` says.
    pub tasks: u32,
    /// Per node of `nodes`, the tasks its CPUs hold (the step's CPUs
    /// there over its CPUs per task); empty: as many as come.
    pub room: &'a [u32],
    /// `-m`: how the tasks are numbered over the nodes.
    pub dist: TaskDist,
    /// `-m` (or the `SLURM_DISTRIBUTION` srun inherited) as srun names it
    /// to the tasks; `None` when neither was given.
    pub dist_named: Option<&'a str>,
    /// GPUs per node the job holds.
    pub gpus_per_node: u32,
    /// Per node of `nodes`, the GPUs the launch holds there (bit `i`:
    /// GPU `i`).
    pub gpus: &'a [u64],
    /// Whether its processes see only those GPUs (cgroup.conf's
    /// `ConstrainDevices`); otherwise they see every GPU of the node.
    pub constrained: bool,
    /// The user.
    pub user: &'a str,
    /// The working directory.
    pub work_dir: &'a str,
    /// The simulated time at launch, seconds since the epoch.
    pub now: i64,
    /// How the tasks start: through a PMI they can form one MPI job.
    pub mpi: Mpi,
    /// `srun --exact`: the CPUs each task holds, so a node's are its
    /// tasks' there (`None`: all the job's on each node).
    pub cpus_per_task: Option<u32>,
}

impl Launch<'_> {
    /// The node of each task. In the block distribution `srun` uses by
    /// default, the tasks are counted out over the nodes with room one at
    /// a time (7 on 3 nodes: 3, 2, 2; 4 on nodes with room for 3 and 1:
    /// 3, 1) and numbered node by node; cyclic numbers them one node
    /// after another.
    pub fn task_nodes(&self) -> Vec<&str> {
        let tasks = usize::try_from(self.tasks).unwrap_or(1).max(1);
        if self.nodes.is_empty() {
            return vec![""; tasks];
        }
        let room = if self.room.len() == self.nodes.len() {
            self.room.to_vec()
        } else {
            vec![u32::MAX; self.nodes.len()]
        };
        (self.dist.layout(tasks, &room).into_iter())
            .filter_map(|i| self.nodes.get(i).map(String::as_str))
            .collect()
    }
}

impl Launch<'_> {
    /// The GPUs a process of this launch can open on `node`: `None` for
    /// all of the node's, or those it holds when cgroups fence it in.
    pub fn visible_gpus(&self, node: &str) -> Option<u64> {
        self.constrained.then(|| {
            self.nodes
                .iter()
                .position(|n| n == node)
                .and_then(|i| self.gpus.get(i))
                .copied()
                .unwrap_or(0)
        })
    }

    /// srun's error line for each node whose tasks all ended with `exit`,
    /// but those in `reported` (already printed when their tasks ended):
    /// `srun: error: node-2: tasks 8-15: Exited with exit code 1`.
    pub(crate) fn exit_lines(&self, exit: i32, reported: &[String]) -> String {
        self.nodes
            .iter()
            .filter(|node| !reported.contains(node))
            .filter_map(|node| self.exit_line(node, exit))
            .collect()
    }

    /// srun's error line for `node`'s tasks ended with `exit`; `None`
    /// when no task ran there.
    pub fn exit_line(&self, node: &str, exit: i32) -> Option<String> {
        let task_nodes = self.task_nodes();
        let ids: Vec<usize> = (0..task_nodes.len())
            .filter(|&t| task_nodes[t] == node)
            .collect();
        let which = match ids.as_slice() {
            [one] => format!("task {one}"),
            [a, .., b] => format!("tasks {a}-{b}"),
            [] => return None,
        };
        Some(format!(
            "srun: error: {node}: {which}: Exited with exit code {exit}\n"
        ))
    }
}

/// What a launch printed and how it ended.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ProgramOutput {
    /// Standard output, all tasks.
    pub stdout: String,
    /// Standard error, all tasks.
    pub stderr: String,
    /// The exit code (the largest of the tasks').
    pub exit: i32,
    /// How long it ran, seconds; `None` runs until the job's time limit.
    pub duration_s: Option<u64>,
    /// Lines printed over time after `stdout` and `stderr`, each due
    /// `offset` seconds after the launch.
    pub timed: Vec<OutputLine>,
    /// Nodes whose tasks ended before the others, with srun's error line
    /// for them among `timed`.
    pub ended_early: Vec<String>,
    /// Its tasks keep their CPUs busy while they run (the user's work,
    /// nccl-tests, a training run), rather than wait (`sleep`, a tool):
    /// what accounting measures of the step.
    pub computes: bool,
}

/// The hook for programs: return `None` for a program this runner does
/// not provide, and the cluster falls back to its own.
pub trait ProgramRunner {
    /// Runs one launch.
    fn run(&mut self, launch: &Launch<'_>) -> Option<ProgramOutput>;

    /// Whether this runner provides the program `name` (a node tool such
    /// as `nvidia-smi`), which a job's shell then runs through it.
    fn provides(&self, _name: &str) -> bool {
        false
    }

    /// The files the compute nodes see (the shared home directories), on
    /// which a job's shell starts; `None`: only an empty home.
    fn files(&self) -> Option<&Fs> {
        None
    }
}

/// A runner that provides nothing: only the cluster's own programs run.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoPrograms;

impl ProgramRunner for NoPrograms {
    fn run(&mut self, _launch: &Launch<'_>) -> Option<ProgramOutput> {
        None
    }
}

/// The cluster's own programs; `None` for any other.
pub(crate) fn builtin(launch: &Launch<'_>) -> Option<ProgramOutput> {
    let (prog, args) = launch.argv.split_first()?;
    let name = prog.rsplit('/').next().unwrap_or(prog);
    let per_task =
        |f: &dyn Fn(&str) -> String| -> String { launch.task_nodes().into_iter().map(f).collect() };
    let ok = |stdout: String| ProgramOutput {
        stdout,
        duration_s: Some(0),
        ..ProgramOutput::default()
    };
    Some(match name {
        // With options, `hostname` is the shell's tool.
        "hostname" if args.is_empty() => ok(per_task(&|node| format!("{node}\n"))),
        "echo" => {
            let text = args.join(" ");
            ok(per_task(&|_| format!("{text}\n")))
        }
        "true" | ":" => ok(String::new()),
        "false" => ProgramOutput {
            exit: 1,
            duration_s: Some(0),
            ..ProgramOutput::default()
        },
        "sleep" => ProgramOutput {
            duration_s: Some(args.first().and_then(|a| duration_arg(a)).unwrap_or(0)),
            ..ProgramOutput::default()
        },
        "date" => ok(per_task(&|_| format!("{}\n", date_line(launch.now)))),
        "pwd" => ok(per_task(&|_| format!("{}\n", launch.work_dir))),
        "whoami" => ok(per_task(&|_| format!("{}\n", launch.user))),
        _ => return None,
    })
}

/// Programs that stand for the user's own work (a training script): they
/// run until the job's time limit.
pub(crate) const USER_PROGRAMS: [&str; 8] = [
    "python",
    "python3",
    "accelerate",
    "deepspeed",
    "mpirun",
    "mpiexec",
    "julia",
    "Rscript",
];

/// A step of the user's own work, found along `path` (the tasks' `PATH`)
/// in the shared `files`: what each task of an interpreter prints when it
/// runs no code (`python --version`, a missing script), otherwise a run
/// until the job's time limit; `None` when no such program is there.
pub(crate) fn user_work(
    launch: &Launch<'_>,
    path: &str,
    files: Option<&Fs>,
) -> Option<ProgramOutput> {
    let (program, args) = launch.argv.split_first()?;
    let name = program.rsplit('/').next().unwrap_or(program);
    if !USER_PROGRAMS.contains(&name) {
        return None;
    }
    let work = ProgramOutput {
        duration_s: None,
        computes: true,
        ..ProgramOutput::default()
    };
    if !is_python(name) {
        return Some(work);
    }
    let version = python_found(program, path)?;
    // The files the model holds are its user's (the terminal's): another
    // user's script is taken to be where their job says it is.
    let exists =
        |p: &str| files.is_none_or(|f| f.home() != home_of(launch.user) || f.meta(p).is_some());
    let Some(said) = python_answer(program, version, args, launch.work_dir, exists) else {
        return Some(work);
    };
    let tasks = launch.task_nodes().len();
    Some(ProgramOutput {
        stdout: said.stdout.repeat(tasks),
        stderr: said.stderr.repeat(tasks),
        exit: said.exit,
        duration_s: Some(0),
        ..ProgramOutput::default()
    })
}

/// `date`'s default form, e.g. `Mon Nov 30 03:31:03 UTC 2026`.
fn date_line(t: i64) -> String {
    let c = Civil::new(t).ctime();
    // ctime is "Mon Nov 30 03:31:03 2026": put the zone before the year.
    match c.rsplit_once(' ') {
        Some((head, year)) => format!("{head} UTC {year}"),
        None => c,
    }
}

/// `sleep`'s operand: seconds with an optional `s`, `m`, `h` or `d`.
pub(crate) fn duration_arg(arg: &str) -> Option<u64> {
    let (digits, unit) = match arg.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&arg[..i], c),
        _ => (arg, 's'),
    };
    let value: f64 = digits
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v >= 0.0)?;
    let scale = match unit {
        's' => 1.0,
        'm' => 60.0,
        'h' => 3600.0,
        'd' => 86_400.0,
        _ => return None,
    };
    let secs = (value * scale).ceil();
    (secs <= 1e12).then_some(secs as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_spread_tasks_over_nodes() {
        let argv = vec!["hostname".to_owned()];
        let nodes = vec!["node-1".to_owned(), "node-2".to_owned()];
        let launch = Launch {
            job_id: 1,
            step: Some(0),
            argv: &argv,
            nodes: &nodes,
            tasks: 4,
            room: &[],
            gpus_per_node: 0,
            gpus: &[],
            constrained: false,
            user: "root",
            work_dir: "/root",
            now: 0,
            dist: TaskDist::Block,
            dist_named: None,
            mpi: Mpi::None,
            cpus_per_task: None,
        };
        let out = builtin(&launch).unwrap_or_default();
        assert_eq!(out.stdout, "node-1\nnode-1\nnode-2\nnode-2\n");
        assert_eq!(duration_arg("1.5m"), Some(90));
        assert_eq!(duration_arg("x"), None);
    }
}
