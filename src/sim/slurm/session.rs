//! A learner's session: the terminal and its shell on the login node, the
//! simulated cluster behind the Slurm commands, and the GPU nodes with
//! their tools (`ssh node-N nvidia-smi`, `srun ... all_reduce_perf`). Pure:
//! the clock moves only when the caller (or `sleep`) moves it.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::cluster::{
    Accounts, COMMANDS, Caller, Cluster, ClusterError, Launch, ProgramOutput, ProgramRunner,
    Stream as ClusterStream,
};
use super::conf::ClusterConfig;
use super::node_tools::{
    NodeHealth, PerfLaunch, ToolOutput, all_reduce_perf, dmesg_command, nvidia_smi_command,
};
use super::shell::{Call, CommandInfo, CommandSet, Outcome, Shell, ShellError, WriteMode};
use super::terminal::{Edit, Terminal};

/// The login node's name, in the prompt.
pub const LOGIN_HOST: &str = "login1";
/// The learner's login.
pub const USER: &str = "alice";
/// When the default cluster's clock starts: the reference transcripts'
/// first timestamp, 2026-11-30T03:32:06Z.
pub const EPOCH: i64 = 1_796_009_526;

/// Why a session could not start.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SessionError {
    /// The cluster's configuration or accounts.
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    /// The shell.
    #[error(transparent)]
    Shell(#[from] ShellError),
}

/// The terminal, the cluster and its nodes' health.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// What the learner sees and types into.
    pub terminal: Terminal,
    /// The cluster behind the Slurm commands.
    pub cluster: Cluster,
    /// Each compute node's GPUs, kernel log and links, by host name.
    pub nodes: BTreeMap<String, NodeHealth>,
    /// The seed of the node tools' jitter.
    seed: u64,
}

impl Session {
    /// The reference cluster of the transcripts (`node-[1-4]`, 8 GPUs
    /// each) with healthy nodes, `alice` logged in to `login1`.
    pub fn reference(seed: u64) -> Result<Self, SessionError> {
        Self::with_config(
            ClusterConfig::reference().map_err(ClusterError::from)?,
            seed,
        )
    }

    /// A cluster described by `config` (the lines of a slurm.conf), with
    /// the reference accounts and healthy nodes, `alice` logged in to
    /// `login1`.
    pub fn with_config(config: ClusterConfig, seed: u64) -> Result<Self, SessionError> {
        let accounts = Accounts::reference().map_err(ClusterError::from)?;
        let cluster = Cluster::new(config, accounts, EPOCH, seed)?;
        let nodes = cluster
            .nodes()
            .iter()
            .map(|n| {
                let boot = EPOCH - 3 * 86_400;
                (n.name.clone(), NodeHealth::dgx_h100(&n.name, boot, seed))
            })
            .collect();
        let shell = Shell::new(USER, LOGIN_HOST, clock(EPOCH))?;
        Ok(Self {
            terminal: Terminal::new(shell),
            cluster,
            nodes,
            seed,
        })
    }

    /// Runs one line as a script would, without the terminal's echo: what
    /// the command-line program prints.
    pub fn run_line(&mut self, line: &str) -> Outcome {
        let mut commands = Tools {
            cluster: &mut self.cluster,
            nodes: &self.nodes,
            seed: self.seed,
        };
        let outcome = self.terminal.shell.run(line, &mut commands);
        self.catch_up(0);
        outcome
    }

    /// Runs one input line, then lets the cluster catch up with the
    /// shell's clock (moved by `sleep`) and delivers job output files.
    pub fn submit(&mut self, line: &str) -> Outcome {
        let mut commands = Tools {
            cluster: &mut self.cluster,
            nodes: &self.nodes,
            seed: self.seed,
        };
        let outcome = self.terminal.submit(line, &mut commands);
        self.catch_up(0);
        outcome
    }

    /// Ctrl+C.
    pub fn interrupt(&mut self, current: &str) -> Outcome {
        self.terminal.interrupt(current)
    }

    /// Tab completion over the shell's and the cluster's commands.
    pub fn complete(&mut self, line: &str, cursor: usize) -> Edit {
        let commands = Tools {
            cluster: &mut self.cluster,
            nodes: &self.nodes,
            seed: self.seed,
        };
        self.terminal.complete(line, cursor, &commands)
    }

    /// Time flows: `seconds` more of simulated time.
    pub fn advance(&mut self, seconds: u64) {
        self.catch_up(seconds);
    }

    /// Moves the cluster to the shell's clock plus `extra` seconds, the
    /// shell to the cluster's, and writes the jobs' output files.
    fn catch_up(&mut self, extra: u64) {
        let shell_now = self.terminal.shell.now();
        let behind = shell_now.saturating_sub(clock(self.cluster.now()));
        let mut programs = NodePrograms {
            nodes: &self.nodes,
            seed: self.seed,
        };
        self.cluster
            .advance_with(behind.saturating_add(extra), &mut programs);
        let now = clock(self.cluster.now());
        self.terminal.shell.set_now(now);
        for write in self.cluster.drain_file_writes() {
            let fs = self.terminal.shell.fs_mut();
            let mode = if write.truncate {
                WriteMode::Truncate
            } else {
                WriteMode::Append
            };
            // A full disk or a missing directory loses the job's output, as
            // it would on a real cluster.
            let _ = fs.write(&write.path, &write.text, mode, now);
        }
    }
}

/// Seconds since 1970 as the shell counts them (never negative).
fn clock(seconds: i64) -> u64 {
    u64::try_from(seconds).unwrap_or(0)
}

/// The commands the login node adds to the shell: the Slurm tools, and
/// `ssh` to run a tool on a compute node.
struct Tools<'a> {
    cluster: &'a mut Cluster,
    nodes: &'a BTreeMap<String, NodeHealth>,
    seed: u64,
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
            options: self.nodes.keys().cloned().collect(),
        });
        list
    }

    fn run(&mut self, call: &mut Call<'_>) -> i32 {
        // `sleep` in the same line has moved the shell's clock already.
        let behind = call.now.saturating_sub(clock(self.cluster.now()));
        let mut programs = NodePrograms {
            nodes: self.nodes,
            seed: self.seed,
        };
        if behind > 0 {
            self.cluster.advance_with(behind, &mut programs);
        }
        if call.name() == "ssh" {
            return ssh(self.nodes, call, self.cluster.now());
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
            programs: &mut programs,
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
fn ssh(nodes: &BTreeMap<String, NodeHealth>, call: &mut Call<'_>, now: i64) -> i32 {
    let args = call.args().to_vec();
    let Some((host, command)) = args.split_first() else {
        call.out
            .stderr("usage: ssh destination [command [argument ...]]\n");
        return 255;
    };
    let Some(node) = nodes.get(host) else {
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
        "nvidia-smi" => nvidia_smi_command(node, rest, now),
        "dmesg" => dmesg_command(node, rest, now),
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

/// The programs jobs run on the compute nodes.
struct NodePrograms<'a> {
    nodes: &'a BTreeMap<String, NodeHealth>,
    seed: u64,
}

impl ProgramRunner for NodePrograms<'_> {
    fn run(&mut self, launch: &Launch<'_>) -> Option<ProgramOutput> {
        let program = launch.argv.first()?;
        let name = program.rsplit('/').next().unwrap_or(program);
        let first = launch.nodes.first().and_then(|n| self.nodes.get(n));
        let tool = match name {
            "all_reduce_perf" => {
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
                return Some(match all_reduce_perf(&perf) {
                    Ok(run) => ProgramOutput {
                        stdout: run.output.stdout,
                        stderr: run.output.stderr,
                        exit: run.output.exit,
                        duration_s: Some(run.duration_s),
                    },
                    Err(e) => ProgramOutput {
                        stderr: format!("{name}: {e}\n"),
                        exit: 1,
                        duration_s: Some(1),
                        ..ProgramOutput::default()
                    },
                });
            }
            "nvidia-smi" => nvidia_smi_command(first?, &launch.argv[1..], launch.now),
            "dmesg" => dmesg_command(first?, &launch.argv[1..], launch.now),
            _ => return None,
        };
        Some(ProgramOutput {
            stdout: tool.stdout,
            stderr: tool.stderr,
            exit: tool.exit,
            duration_s: Some(1),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::slurm::terminal::LineKind;

    fn session() -> Session {
        match Session::reference(7) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    fn last_output(s: &Session) -> String {
        let lines = s.terminal.lines();
        let from = lines
            .iter()
            .rposition(|l| l.kind == LineKind::Input)
            .map_or(0, |i| i + 1);
        lines[from..]
            .iter()
            .map(|l| format!("{}\n", l.text))
            .collect()
    }

    #[test]
    fn sinfo_and_a_batch_job_from_a_heredoc() {
        let mut s = session();
        s.submit("sinfo");
        assert!(last_output(&s).starts_with("PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST"));
        for line in [
            "cat > job.sh <<'EOF'",
            "#!/bin/bash",
            "#SBATCH -N 1 --gpus-per-node=8 -t 10",
            "sleep 60",
            "echo done",
            "EOF",
        ] {
            s.submit(line);
        }
        let out = s.submit("sbatch job.sh");
        assert_eq!(out.status, 0);
        assert!(
            last_output(&s).starts_with("Submitted batch job "),
            "{}",
            last_output(&s)
        );
        s.submit("sleep 120");
        s.submit("ls");
        assert!(last_output(&s).contains("slurm-"), "{}", last_output(&s));
        s.submit("cat slurm-*.out");
        assert!(last_output(&s).contains("done"), "{}", last_output(&s));
    }

    #[test]
    fn ssh_runs_node_tools_and_refuses_the_rest() {
        let mut s = session();
        s.submit("ssh node-3 nvidia-smi -L | wc -l");
        assert_eq!(last_output(&s), "8\n");
        s.submit("ssh node-9 hostname");
        assert!(last_output(&s).contains("Could not resolve hostname node-9"));
        let out = s.submit("ssh node-2");
        assert_eq!(out.status, 1);
        s.submit("nvidia-smi");
        assert_eq!(last_output(&s), "bash: nvidia-smi: command not found\n");
    }

    #[test]
    fn the_clock_moves_the_cluster_and_the_shell() {
        let mut s = session();
        let start = s.cluster.now();
        s.advance(600);
        assert_eq!(s.cluster.now(), start + 600);
        assert_eq!(s.terminal.shell.now(), clock(start + 600));
        s.submit("sleep 60; date +%s");
        assert_eq!(s.cluster.now(), start + 660);
    }
}
