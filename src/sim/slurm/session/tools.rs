//! What the login node adds to the shell (the Slurm commands and `ssh`)
//! and the programs jobs run on the compute nodes (`all_reduce_perf`,
//! `nvidia-smi`, `dmesg`, and training under `torchrun`), each noted in
//! the session's [`Activity`].

use super::Nodes;

use super::activity::{Activity, TrainingRecord};
use super::clock;
use crate::sim::slurm::cluster::{
    COMMANDS, Caller, Cluster, Launch, Mpi, OutputLine, ProgramOutput, ProgramRunner, Pty,
    write_output,
};
use crate::sim::slurm::node_tools::{
    CpuView, LOGIN_CPUS, NodeHealth, PerfLaunch, ToolOutput, TrainingLaunch, all_reduce_perf,
    dmesg_command, groups, id, is_python, is_user_tool, nproc, nvidia_smi_command, parse_torchrun,
    python_answer, python_found, simulate_training,
};
use crate::sim::slurm::shell::{
    Call, CommandInfo, CommandSet, Fs, HelpText, Origin, Shell, Stream, format_time,
};

/// The node programs' view of the session.
pub(super) struct NodePrograms<'a> {
    pub(super) nodes: &'a Nodes,
    pub(super) activity: &'a mut Activity,
    pub(super) seed: u64,
    /// The shared home the compute nodes see (`None`: inside a command,
    /// where [`NodePrograms::with_files`] lends the command's).
    pub(super) files: Option<&'a Fs>,
}

impl NodePrograms<'_> {
    /// `nvidia-smi` or `dmesg` in every task of the launch, each seeing
    /// its node as the launch's cgroup lets it (only its own GPUs when
    /// `ConstrainDevices` fences it in); the worst status.
    fn node_tool(&mut self, name: &str, launch: &Launch<'_>) -> ProgramOutput {
        let mut out = ProgramOutput {
            duration_s: Some(1),
            ..ProgramOutput::default()
        };
        for host in launch.task_nodes() {
            let Some(node) = self.nodes.get(host) else {
                continue;
            };
            self.activity.inspected.insert(host.to_owned());
            let fenced = launch
                .visible_gpus(host)
                .map(|mask| node.seen_through(mask));
            let tool = node_tool(
                name,
                fenced.as_ref().unwrap_or(node),
                &launch.argv[1..],
                launch.now,
            );
            out.stdout.push_str(&tool.stdout);
            out.stderr.push_str(&tool.stderr);
            out.exit = out.exit.max(tool.exit);
        }
        out
    }

    /// The same programs over the files `fs`.
    fn with_files<'b>(&'b mut self, fs: &'b Fs) -> NodePrograms<'b> {
        NodePrograms {
            nodes: self.nodes,
            activity: &mut *self.activity,
            seed: self.seed,
            files: Some(fs),
        }
    }

    /// Moves `cluster` on by `seconds`, running the jobs' programs; first
    /// notes which training runs have stopped.
    pub(super) fn advance(&mut self, cluster: &mut Cluster, seconds: u64) {
        self.activity.settle(cluster);
        cluster.advance_with(seconds, self);
    }
}

/// The commands of the host the shell is on: the Slurm clients
/// everywhere, the GPU tools on a compute node, and `ssh`.
pub(super) struct Tools<'a> {
    pub(super) cluster: &'a mut Cluster,
    pub(super) programs: NodePrograms<'a>,
    /// Where the shell runs now (a compute node after `ssh node-N`).
    pub(super) host: String,
    /// A compute node that `ssh` with no command asked to log in to.
    pub(super) login: Option<String>,
    /// An allocation `salloc` granted with no command: the session opens
    /// a shell holding it once the line has run.
    pub(super) hold: Option<u32>,
    /// An interactive step `srun --pty bash` started: the session's shell
    /// becomes it once the line has run.
    pub(super) pty: Option<Pty>,
    /// `help`'s words in the page's language.
    pub(super) help: &'a HelpText,
    /// The GPUs the shell's node tools see, when it runs in a fenced
    /// interactive step (`srun --pty bash`): its cgroup's.
    pub(super) fence: Option<u64>,
    /// The CPUs the shell's processes may run on where it is (`nproc`).
    pub(super) cpus: CpuView,
}

/// The programs jobs run through [`NodePrograms`].
const NODE_PROGRAMS: [&str; 4] = ["all_reduce_perf", "torchrun", "nvidia-smi", "dmesg"];

/// The GPU tools a compute node has and the login node does not.
const NODE_TOOLS: [(&str, &str); 2] = [
    ("nvidia-smi", "this node's GPUs as the driver sees them"),
    (
        "dmesg",
        "this node's kernel log (dmesg -T for readable times)",
    ),
];

/// `nproc`'s line in `help`.
const NPROC_SUMMARY: &str = "the number of CPUs your programs may use here (in a job: its share)";

/// `id`'s line in `help`.
const ID_SUMMARY: &str = "your user and group ids (id -un: your name), or another user's";

/// `groups`' line in `help`.
const GROUPS_SUMMARY: &str = "the groups you or another user belong to";

/// `python`'s line in `help`.
const PYTHON_SUMMARY: &str =
    "the Python interpreter (python --version); your scripts run in jobs: srun python train.py";

/// `ssh`'s line in `help`.
const SSH_SUMMARY: &str = "run a command on a compute node: ssh node-3 nvidia-smi";

/// Every command the session plugs into the shell, on any host, with its
/// line in `help`.
pub(super) fn plugged_commands() -> Vec<(&'static str, &'static str)> {
    COMMANDS
        .iter()
        .map(|c| (c.name, c.summary))
        .chain([
            ("ssh", SSH_SUMMARY),
            ("nproc", NPROC_SUMMARY),
            ("id", ID_SUMMARY),
            ("groups", GROUPS_SUMMARY),
            ("python", PYTHON_SUMMARY),
        ])
        .chain(NODE_TOOLS)
        .collect()
}

impl CommandSet for Tools<'_> {
    fn help_text(&self) -> Option<&HelpText> {
        Some(self.help)
    }

    fn commands(&self) -> Vec<CommandInfo> {
        let mut list: Vec<CommandInfo> = COMMANDS
            .iter()
            .map(|c| CommandInfo {
                name: c.name.to_owned(),
                summary: c.summary.to_owned(),
                options: c.options(),
            })
            .collect();
        list.push(CommandInfo {
            name: "nproc".to_owned(),
            summary: NPROC_SUMMARY.to_owned(),
            options: ["--all", "--ignore=", "--help", "--version"]
                .map(str::to_owned)
                .to_vec(),
        });
        list.push(CommandInfo {
            name: "id".to_owned(),
            summary: ID_SUMMARY.to_owned(),
            options: ["-u", "-g", "-G", "-n", "-r", "-z", "--help", "--version"]
                .map(str::to_owned)
                .to_vec(),
        });
        list.push(CommandInfo {
            name: "groups".to_owned(),
            summary: GROUPS_SUMMARY.to_owned(),
            options: ["--help", "--version"].map(str::to_owned).to_vec(),
        });
        list.push(CommandInfo {
            name: "python".to_owned(),
            summary: PYTHON_SUMMARY.to_owned(),
            options: ["--version", "--help", "-c", "-m", "-u"]
                .map(str::to_owned)
                .to_vec(),
        });
        list.push(CommandInfo {
            name: "ssh".to_owned(),
            summary: SSH_SUMMARY.to_owned(),
            options: self.programs.nodes.keys().cloned().collect(),
        });
        if self.programs.nodes.contains_key(&self.host) {
            list.extend(NODE_TOOLS.iter().map(|(name, summary)| CommandInfo {
                name: (*name).to_owned(),
                summary: (*summary).to_owned(),
                options: Vec::new(),
            }));
        }
        list
    }

    // By name alone: the shell asks for every simple command it runs, and
    // building every option list each time costs more than the command.
    fn has(&self, name: &str) -> bool {
        COMMANDS.iter().any(|c| c.name == name)
            || name == "ssh"
            || name == "nproc"
            || is_user_tool(name)
            || is_python(name)
            || (self.programs.nodes.contains_key(&self.host)
                && NODE_TOOLS.iter().any(|(tool, _)| *tool == name))
    }

    fn run(&mut self, call: &mut Call<'_>) -> i32 {
        // `sleep` in the same line has moved the shell's clock already.
        let behind = call.now.saturating_sub(clock(self.cluster.now()));
        if behind > 0 {
            self.programs
                .with_files(call.fs)
                .advance(self.cluster, behind);
        }
        self.programs.activity.settle(self.cluster);
        let now = self.cluster.now();
        match call.name() {
            "ssh" => return ssh(self, call, now),
            name if is_python(name) => return python_at_prompt(call),
            name @ ("id" | "groups") => {
                let users = &self.cluster.accounts().users;
                let output = if name == "id" {
                    id(call.args(), call.user, users)
                } else {
                    groups(call.args(), call.user, users)
                };
                call.out.stdout(&output.stdout);
                call.out.stderr(&output.stderr);
                return output.exit;
            }
            "nproc" => {
                let output = nproc(call.args(), call.env, self.cpus);
                call.out.stdout(&output.stdout);
                call.out.stderr(&output.stderr);
                return output.exit;
            }
            name @ ("nvidia-smi" | "dmesg") => {
                let Some(node) = self.programs.nodes.get(call.host) else {
                    return 127;
                };
                self.programs
                    .activity
                    .inspected
                    .insert(call.host.to_owned());
                let fenced = self.fence.map(|mask| node.seen_through(mask));
                let output = node_tool(name, fenced.as_ref().unwrap_or(node), call.args(), now);
                call.out.stdout(&output.stdout);
                call.out.stderr(&output.stderr);
                return output.exit;
            }
            _ => {}
        }
        let fs = &*call.fs;
        let cwd = call.cwd.to_owned();
        let files = |path: &str| fs.read_at(&cwd, path);
        let mut programs = self.programs.with_files(fs);
        let mut caller = Caller {
            user: call.user,
            cwd: &cwd,
            host: call.host,
            files: &files,
            env: Some(call.env),
            programs: &mut programs,
        };
        let output = self.cluster.exec_as(call.argv, call.stdin, &mut caller);
        if output.hold.is_some() {
            self.hold = output.hold;
        }
        if output.pty.is_some() {
            self.pty = output.pty.as_deref().cloned();
        }
        write_output(call, &output)
    }
}

/// `python` at an interactive prompt: what it prints without running
/// code; the user's own code runs only in jobs here.
fn python_at_prompt(call: &mut Call<'_>) -> i32 {
    let name = call.name().to_owned();
    // Called by its path, the interpreter of that directory.
    let program = call.path.unwrap_or(&name).to_owned();
    let path = call.env.get("PATH").map_or("", String::as_str);
    let Some(version) = python_found(&program, path) else {
        return call.not_found();
    };
    let fs = &*call.fs;
    let said = python_answer(&program, version, call.args(), call.cwd, |p| {
        fs.meta(p).is_some()
    });
    match said {
        Some(said) => {
            call.out.stdout(&said.stdout);
            call.out.stderr(&said.stderr);
            said.exit
        }
        None => {
            call.out.stderr(&format!(
                "{name}: this simulation runs your own code only in jobs: \
                 srun {name} ..., or in an sbatch script\n"
            ));
            1
        }
    }
}

/// `ssh NODE [COMMAND...]`: a command line on a compute node, or (with
/// none) an interactive login there, which the session starts once the
/// line has run.
fn ssh(tools: &mut Tools<'_>, call: &mut Call<'_>, now: i64) -> i32 {
    let args = call.args().to_vec();
    let Some((host, command)) = args.split_first() else {
        call.out
            .stderr("usage: ssh destination [command [argument ...]]\n");
        return 255;
    };
    let Some(node) = tools.programs.nodes.get(host) else {
        call.out.stderr(&format!(
            "ssh: Could not resolve hostname {host}: Name or service not known\n"
        ));
        return 255;
    };
    if command.is_empty() {
        call.out.stdout(&format!(
            "Linux {host} {} {} x86_64\n\nLast login: {} from {}\n",
            node.kernel_release,
            node.kernel_version,
            format_time(u64::try_from(now - 86_400).unwrap_or(0), "%a %b %e %T %Y"),
            call.host,
        ));
        tools.login = Some(host.clone());
        return 0;
    }
    // ssh hands the remote shell its words joined by spaces (`bash -c
    // LINE`): a shell of the user's on the node, in the home directory,
    // over the shared files, with the node's programs and CPUs.
    let line = command.join(" ");
    let uid = tools.cluster.accounts().user(call.user).map(|u| u.uid);
    let Ok(mut remote) = Shell::with_files(call.user, host, call.now, call.fs.clone()) else {
        return 255;
    };
    if let Some(uid) = uid {
        remote.set_uid(uid);
    }
    let cpus = tools.cluster.node_cpus(host).unwrap_or(LOGIN_CPUS);
    let here = (
        std::mem::replace(&mut tools.host, host.clone()),
        std::mem::replace(&mut tools.cpus, cpus),
        tools.fence.take(),
    );
    // ssh hands the line to the user's shell as `bash -c LINE`.
    let outcome =
        remote.run_script_reading((&line, Origin::command_string("bash")), call.stdin, tools);
    (tools.host, tools.cpus, tools.fence) = here;
    call.fs
        .apply(&remote.fs().changes_since(call.fs), remote.now());
    for chunk in &outcome.output {
        match chunk.stream {
            Stream::Stdout => call.out.stdout(&chunk.text),
            Stream::Stderr => call.out.stderr(&chunk.text),
        }
    }
    call.now = call.now.max(remote.now());
    outcome.status
}

/// `nvidia-smi` or `dmesg` on `node`.
fn node_tool(program: &str, node: &NodeHealth, args: &[String], now: i64) -> ToolOutput {
    if program == "dmesg" {
        dmesg_command(node, args, now)
    } else {
        nvidia_smi_command(node, args, now)
    }
}

impl ProgramRunner for NodePrograms<'_> {
    fn files(&self) -> Option<&Fs> {
        self.files
    }

    fn provides(&self, name: &str) -> bool {
        NODE_PROGRAMS.contains(&name)
    }

    fn run(&mut self, launch: &Launch<'_>) -> Option<ProgramOutput> {
        let program = launch.argv.first()?;
        let name = program.rsplit('/').next().unwrap_or(program);
        match name {
            _ if !self.provides(name) => None,
            "all_reduce_perf" => Some(self.all_reduce_perf(launch)),
            "torchrun" => Some(self.train(launch)),
            "nvidia-smi" | "dmesg" => Some(self.node_tool(name, launch)),
            _ => None,
        }
    }
}

impl NodePrograms<'_> {
    /// nccl-tests over the step's tasks, its node set noted.
    fn all_reduce_perf(&mut self, launch: &Launch<'_>) -> ProgramOutput {
        let tasks: Vec<&NodeHealth> = launch
            .task_nodes()
            .into_iter()
            .filter_map(|n| self.nodes.get(n))
            .collect();
        let perf = PerfLaunch {
            argv: launch.argv,
            tasks: &tasks,
            gpus_per_node: launch.gpus_per_node,
            now: launch.now,
            seed: self.seed ^ u64::from(launch.job_id),
            one_job: launch.mpi == Mpi::Pmi,
        };
        match all_reduce_perf(&perf) {
            Ok(run) => {
                // Tasks that run alone each measure their own node.
                if perf.one_job {
                    let mut hosts = launch.nodes.to_vec();
                    crate::sort::sort_dedup(&mut hosts);
                    self.activity.perf_ran(hosts);
                } else {
                    for host in launch.nodes {
                        self.activity.perf_ran(vec![host.clone()]);
                    }
                }
                ProgramOutput {
                    stdout: run.output.stdout,
                    stderr: run.output.stderr,
                    exit: run.output.exit,
                    duration_s: Some(run.duration_s),
                    computes: true,
                    ..ProgramOutput::default()
                }
            }
            Err(e) => ProgramOutput {
                stderr: format!("all_reduce_perf: {e}\n"),
                exit: 1,
                duration_s: Some(1),
                ..ProgramOutput::default()
            },
        }
    }

    /// `torchrun ... script.py ...` on every node of the step, resuming
    /// from the newest checkpoint in its directory.
    fn train(&mut self, launch: &Launch<'_>) -> ProgramOutput {
        let args = match parse_torchrun(&launch.argv[1..], launch.work_dir, launch.gpus_per_node) {
            Ok(args) => args,
            Err(usage) => {
                return ProgramOutput {
                    stderr: usage,
                    exit: 2,
                    duration_s: Some(1),
                    ..ProgramOutput::default()
                };
            }
        };
        let hosts: Vec<&NodeHealth> = launch
            .nodes
            .iter()
            .filter_map(|n| self.nodes.get(n))
            .collect();
        let resume = self.activity.latest_checkpoint(&args.ckpt_dir, launch.now);
        let run = simulate_training(&TrainingLaunch {
            args: &args,
            hosts: &hosts,
            gpus_per_node: launch.gpus_per_node,
            now: launch.now,
            resume,
            seed: self.seed ^ u64::from(launch.job_id) ^ (launch.now as u64),
        });
        let at = |offset: u64| {
            launch
                .now
                .saturating_add(i64::try_from(offset).unwrap_or(0))
        };
        self.activity.trainings.push(TrainingRecord {
            job_id: launch.job_id,
            start: launch.now,
            hosts: launch.nodes.to_vec(),
            ckpt_dir: args.ckpt_dir.clone(),
            resumed_from: resume,
            seconds_per_step: run.seconds_per_step,
            checkpoints: run
                .checkpoints
                .iter()
                .map(|&(offset, step)| (at(offset), step))
                .collect(),
            ended: None,
        });
        let mut out = ProgramOutput {
            exit: run.exit,
            duration_s: Some(run.duration_s),
            timed: run.lines,
            computes: true,
            ..ProgramOutput::default()
        };
        // srun reports a node's task as soon as its torchrun exits.
        for &(node, offset) in &run.early_exits {
            let Some(host) = launch.nodes.get(node) else {
                continue;
            };
            if let Some(text) = launch.exit_line(host, run.exit) {
                out.timed.push(OutputLine {
                    offset,
                    text,
                    stderr: true,
                });
                out.ended_early.push(host.clone());
            }
        }
        crate::sort::by_key(&mut out.timed, |l| l.offset);
        out
    }
}
