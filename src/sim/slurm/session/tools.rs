//! What the login node adds to the shell (the Slurm commands and `ssh`)
//! and the programs jobs run on the compute nodes (`all_reduce_perf`,
//! `nvidia-smi`, `dmesg`, and training under `torchrun`), each noted in
//! the session's [`Activity`].

use std::collections::BTreeMap;

use super::activity::{Activity, TrainingRecord};
use super::clock;
use crate::sim::slurm::cluster::{
    COMMANDS, Caller, Cluster, Launch, ProgramOutput, ProgramRunner, Stream as ClusterStream,
};
use crate::sim::slurm::node_tools::{
    NodeHealth, PerfLaunch, ToolOutput, TrainingLaunch, all_reduce_perf, dmesg_command,
    nvidia_smi_command, parse_torchrun, simulate_training,
};
use crate::sim::slurm::shell::{Call, CommandInfo, CommandSet};

/// The node programs' view of the session.
pub(super) struct NodePrograms<'a> {
    pub(super) nodes: &'a BTreeMap<String, NodeHealth>,
    pub(super) activity: &'a mut Activity,
    pub(super) seed: u64,
}

impl NodePrograms<'_> {
    /// Moves `cluster` on by `seconds`, running the jobs' programs; first
    /// notes which training runs have stopped.
    pub(super) fn advance(&mut self, cluster: &mut Cluster, seconds: u64) {
        self.activity.settle(cluster);
        cluster.advance_with(seconds, self);
    }
}

/// The commands of the login node.
pub(super) struct Tools<'a> {
    pub(super) cluster: &'a mut Cluster,
    pub(super) programs: NodePrograms<'a>,
}

impl CommandSet for Tools<'_> {
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
            name: "ssh".to_owned(),
            summary: "run a command on a compute node: ssh node-3 nvidia-smi".to_owned(),
            options: self.programs.nodes.keys().cloned().collect(),
        });
        list
    }

    fn run(&mut self, call: &mut Call<'_>) -> i32 {
        // `sleep` in the same line has moved the shell's clock already.
        let behind = call.now.saturating_sub(clock(self.cluster.now()));
        if behind > 0 {
            self.programs.advance(self.cluster, behind);
        }
        self.programs.activity.settle(self.cluster);
        if call.name() == "ssh" {
            return ssh(&mut self.programs, call, self.cluster.now());
        }
        let fs = &*call.fs;
        let cwd = call.cwd.to_owned();
        let files = |path: &str| {
            let full = fs.resolve(&cwd, path).ok()?;
            fs.read(&full).ok().map(str::to_owned)
        };
        let mut caller = Caller {
            user: call.user,
            cwd: &cwd,
            files: &files,
            programs: &mut self.programs,
        };
        let output = self.cluster.exec_as(call.argv, call.stdin, &mut caller);
        for (stream, text) in &output.chunks {
            match stream {
                ClusterStream::Stdout => call.out.stdout(text),
                ClusterStream::Stderr => call.out.stderr(text),
            }
        }
        output.exit
    }
}

/// `ssh NODE COMMAND...`: the node tools on a compute node. An interactive
/// login (no command) is not simulated and says so.
fn ssh(programs: &mut NodePrograms<'_>, call: &mut Call<'_>, now: i64) -> i32 {
    let args = call.args().to_vec();
    let Some((host, command)) = args.split_first() else {
        call.out
            .stderr("usage: ssh destination [command [argument ...]]\n");
        return 255;
    };
    let Some(node) = programs.nodes.get(host) else {
        call.out.stderr(&format!(
            "ssh: Could not resolve hostname {host}: Name or service not known\n"
        ));
        return 255;
    };
    let Some((program, rest)) = command.split_first() else {
        call.out.stderr(&format!(
            "This terminal does not open interactive logins; run one command at a time: ssh {host} nvidia-smi\n"
        ));
        return 1;
    };
    let output = match program.as_str() {
        "nvidia-smi" | "dmesg" => {
            programs.activity.inspected.insert(host.clone());
            node_tool(program, node, rest, now)
        }
        "hostname" => ToolOutput {
            stdout: format!("{host}\n"),
            ..ToolOutput::default()
        },
        other => ToolOutput {
            stderr: format!("bash: line 1: {other}: command not found\n"),
            exit: 127,
            ..ToolOutput::default()
        },
    };
    call.out.stdout(&output.stdout);
    call.out.stderr(&output.stderr);
    output.exit
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
    fn run(&mut self, launch: &Launch<'_>) -> Option<ProgramOutput> {
        let program = launch.argv.first()?;
        let name = program.rsplit('/').next().unwrap_or(program);
        match name {
            "all_reduce_perf" => Some(self.all_reduce_perf(launch)),
            "torchrun" => Some(self.train(launch)),
            "nvidia-smi" | "dmesg" => {
                let host = launch.nodes.first()?;
                let node = self.nodes.get(host)?;
                self.activity.inspected.insert(host.clone());
                let tool = node_tool(name, node, &launch.argv[1..], launch.now);
                Some(ProgramOutput {
                    stdout: tool.stdout,
                    stderr: tool.stderr,
                    exit: tool.exit,
                    duration_s: Some(1),
                    ..ProgramOutput::default()
                })
            }
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
        };
        match all_reduce_perf(&perf) {
            Ok(run) => {
                let mut hosts = launch.nodes.to_vec();
                hosts.sort();
                hosts.dedup();
                self.activity.perf_runs.insert(hosts);
                ProgramOutput {
                    stdout: run.output.stdout,
                    stderr: run.output.stderr,
                    exit: run.output.exit,
                    duration_s: Some(run.duration_s),
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
        ProgramOutput {
            exit: run.exit,
            duration_s: Some(run.duration_s),
            timed: run.lines,
            ..ProgramOutput::default()
        }
    }
}
