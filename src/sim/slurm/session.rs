//! A learner's session: the terminal and its shell on the login node, the
//! simulated cluster behind the Slurm commands, and the GPU nodes with
//! their tools (`ssh node-N nvidia-smi`, `srun ... all_reduce_perf`). Pure:
//! the clock moves only when the caller (or `sleep`) moves it.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::cluster::{Accounts, Caller, Cluster, ClusterError, JobState, Pty};
use super::conf::{CONF_DIR, ClusterConfig};
use super::node_tools::{CpuView, LOGIN_CPUS, NodeHealth};
use super::shell::{
    CLUSTER_HEADING, Chunk, HelpText, INTRO, Outcome, SHELL_HEADING, Shell, ShellError, Stream,
    WriteMode, shell_commands,
};
use super::terminal::{Edit, LineKind, Terminal};

mod activity;
#[cfg(test)]
mod alloc_env_tests;
#[cfg(test)]
mod env_names_tests;
#[cfg(test)]
mod export_tests;
#[cfg(test)]
mod help_tests;
#[cfg(test)]
mod nproc_tests;
#[cfg(test)]
mod pty_tests;
#[cfg(test)]
mod python_tests;
#[cfg(test)]
mod stdio_tests;
#[cfg(test)]
mod step_tests;
mod tools;

pub use activity::{Activity, TrainingRecord};
use tools::{NodePrograms, Tools};

/// What the learner may run as root with `sudo`, as on a training
/// cluster: Slurm's operator commands (drain, resume, requeue, cancel)
/// and a root shell (`sudo -i`).
const SUDO_COMMANDS: [&str; 3] = ["scontrol", "scancel", "/bin/bash"];

pub use super::cluster::LOGIN_HOST;
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

/// Something the learner did that changes the session: replaying the same
/// events on the same seed gives the same session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A line typed and entered.
    Line(String),
    /// Ctrl+C over the line being typed.
    Interrupt(String),
    /// Simulated time passing, seconds.
    Advance(u64),
    /// Ctrl+L.
    Clear,
}

impl Event {
    /// One line: `L line`, `I line`, `A seconds` or `C`, with backslashes
    /// and newlines escaped.
    pub fn to_line(&self) -> String {
        match self {
            Event::Line(text) => format!("L {}", escape(text)),
            Event::Interrupt(text) => format!("I {}", escape(text)),
            Event::Advance(seconds) => format!("A {seconds}"),
            Event::Clear => "C".to_owned(),
        }
    }

    /// Reads [`Self::to_line`]'s form.
    pub fn from_line(line: &str) -> Option<Self> {
        match line.split_at_checked(1)? {
            ("L", rest) => rest.strip_prefix(' ').map(|t| Event::Line(unescape(t))),
            ("I", rest) => rest
                .strip_prefix(' ')
                .map(|t| Event::Interrupt(unescape(t))),
            ("A", rest) => rest.trim().parse().ok().map(Event::Advance),
            ("C", "") => Some(Event::Clear),
            _ => None,
        }
    }
}

/// `\\` for a backslash and `\n` for a newline.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\n', "\\n")
}

/// The reverse of [`escape`]; an unknown escape keeps its backslash.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Each compute node's health by host name, in name order: a sorted list,
/// as a cluster here has a few dozen nodes at most.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Nodes(Vec<(String, NodeHealth)>);

impl Nodes {
    fn find(&self, name: &str) -> Result<usize, usize> {
        self.0.binary_search_by(|(n, _)| n.as_str().cmp(name))
    }

    /// Adds (or replaces) the health of node `name`.
    pub fn insert(&mut self, name: String, health: NodeHealth) {
        match self.find(&name) {
            Ok(i) => self.0[i].1 = health,
            Err(i) => self.0.insert(i, (name, health)),
        }
    }

    /// The health of node `name`.
    pub fn get(&self, name: &str) -> Option<&NodeHealth> {
        self.find(name).ok().map(|i| &self.0[i].1)
    }

    /// The health of node `name`, to change it.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut NodeHealth> {
        self.find(name).ok().map(|i| &mut self.0[i].1)
    }

    /// Whether node `name` is one of them.
    pub fn contains_key(&self, name: &str) -> bool {
        self.find(name).is_ok()
    }

    /// The node names, in order.
    pub fn keys(&self) -> impl Iterator<Item = &String> {
        self.0.iter().map(|(n, _)| n)
    }
}

/// The terminal, the cluster and its nodes' health.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// What the learner sees and types into.
    pub terminal: Terminal,
    /// The cluster behind the Slurm commands.
    pub cluster: Cluster,
    /// Each compute node's GPUs, kernel log and links, by host name.
    pub nodes: Nodes,
    /// What ran on the nodes.
    pub activity: Activity,
    /// The seed of the node tools' jitter.
    seed: u64,
    /// The allocations interactive `salloc` shells hold, innermost last.
    #[serde(default)]
    held: Vec<u32>,
    /// The interactive steps (`srun --pty bash`) the shell is in, each
    /// with the depth of its nested shell, innermost last.
    #[serde(default)]
    ptys: Vec<(Pty, usize)>,
    /// `help`'s words in the page's language (none: English). Not saved:
    /// the page gives them.
    #[serde(skip)]
    help: Arc<HelpText>,
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

    /// The chapter's cluster: the reference cluster run under cgroups
    /// ([`ClusterConfig::training`]), so a step sees only its own GPUs.
    pub fn chapter(seed: u64) -> Result<Self, SessionError> {
        Self::with_config(ClusterConfig::training().map_err(ClusterError::from)?, seed)
    }

    /// A cluster described by `config` (the lines of a slurm.conf), with
    /// the reference accounts and healthy nodes, `alice` logged in to
    /// `login1`.
    pub fn with_config(config: ClusterConfig, seed: u64) -> Result<Self, SessionError> {
        Self::starting_at(config, EPOCH, seed)
    }

    /// [`Self::with_config`] with the clocks at `epoch`, the nodes booted
    /// three days before.
    pub fn starting_at(config: ClusterConfig, epoch: i64, seed: u64) -> Result<Self, SessionError> {
        let accounts = Accounts::reference().map_err(ClusterError::from)?;
        let cluster = Cluster::new(config, accounts, epoch, seed)?;
        let mut nodes = Nodes::default();
        for n in cluster.nodes() {
            let boot = epoch - 3 * 86_400;
            nodes.insert(n.name.clone(), NodeHealth::dgx_h100(&n.name, boot, seed));
        }
        Ok(Self {
            terminal: Terminal::new(login_shell(&cluster, USER)?),
            cluster,
            nodes,
            activity: Activity::default(),
            seed,
            held: Vec::new(),
            ptys: Vec::new(),
            help: Arc::default(),
        })
    }

    /// Gives `help` the words of the page's language.
    pub fn set_help(&mut self, help: Arc<HelpText>) {
        self.help = help;
    }

    /// Everything `help` may say, each by its [`HelpText`] key, in
    /// English: what a page translates.
    pub fn help_english() -> Vec<(String, &'static str)> {
        let commands = shell_commands()
            .into_iter()
            .chain(tools::plugged_commands());
        [
            ("intro", INTRO),
            ("shell", SHELL_HEADING),
            ("cluster", CLUSTER_HEADING),
        ]
        .into_iter()
        .map(|(key, text)| (key.to_owned(), text))
        .chain(commands.map(|(name, summary)| (HelpText::key(name), summary)))
        .collect()
    }

    /// Logs `user` in to the login node instead, in a fresh shell: root,
    /// or any user name (one the cluster's accounts do not know gets
    /// Slurm's refusals). Users other than root get the operator
    /// commands through `sudo`.
    pub fn log_in_as(&mut self, user: &str) -> Result<(), SessionError> {
        self.terminal = Terminal::new(login_shell(&self.cluster, user)?);
        Ok(())
    }

    /// Runs one line as a script would, without the terminal's echo: what
    /// the command-line program prints.
    pub fn run_line(&mut self, line: &str) -> Outcome {
        let outcome = self.with_tools(|terminal, tools| terminal.shell.run(line, tools));
        self.after_line(outcome)
    }

    /// Runs one input line, then lets the cluster catch up with the
    /// shell's clock (moved by `sleep`) and delivers job output files.
    pub fn submit(&mut self, line: &str) -> Outcome {
        let outcome = self.with_tools(|terminal, tools| terminal.submit(line, tools));
        self.after_line(outcome)
    }

    /// A line's outcome with what salloc says about allocations the line
    /// gave back or lost.
    fn after_line(&mut self, mut outcome: Outcome) -> Outcome {
        let said = self.settle_allocations();
        if !said.is_empty() {
            outcome.output.push(Chunk {
                stream: Stream::Stderr,
                text: said,
                at: self.terminal.shell.now(),
            });
        }
        outcome
    }

    /// Runs `f` with the commands of the host the shell is on, then starts
    /// the `ssh` login it asked for, if any, and lets the cluster catch up.
    fn with_tools<T>(&mut self, f: impl FnOnce(&mut Terminal, &mut Tools<'_>) -> T) -> T {
        let fence = self.step_fence();
        let cpus = self.shell_cpus();
        let mut tools = Tools {
            cluster: &mut self.cluster,
            programs: NodePrograms {
                nodes: &self.nodes,
                activity: &mut self.activity,
                seed: self.seed,
                files: None,
            },
            host: self.terminal.shell.host().to_owned(),
            login: None,
            hold: None,
            pty: None,
            help: &self.help,
            fence,
            cpus,
        };
        let result = f(&mut self.terminal, &mut tools);
        let pty = tools.pty.take();
        if let Some(host) = tools.login.take() {
            self.terminal.shell.ssh_login(&host);
        }
        if let Some(id) = tools.hold.take() {
            let env = self
                .cluster
                .job_facts(id)
                .map(|f| f.env)
                .unwrap_or_default();
            self.terminal.shell.enter_nested(&env, Some(id), None);
            self.held.push(id);
        }
        if let Some(pty) = pty {
            let shell = &mut self.terminal.shell;
            shell.enter_nested(&pty.env, None, Some(&pty.host));
            if pty.pid != 0 {
                shell.set_pid(pty.pid);
            }
            let depth = shell.nested_depth();
            self.ptys.push((
                Pty {
                    env: Vec::new(),
                    ..pty
                },
                depth,
            ));
        }
        self.catch_up(0);
        result
    }

    /// The GPUs the shell may see where it is: those of the interactive
    /// step it is in, on that step's node, when its cgroup fences them.
    fn step_fence(&self) -> Option<u64> {
        let shell = &self.terminal.shell;
        let (pty, depth) = self.ptys.last()?;
        (shell.nested_depth() == *depth && shell.host() == pty.host)
            .then_some(pty.gpus)
            .flatten()
    }

    /// The CPUs the shell's processes may run on where it is: the
    /// interactive step's, a compute node's (after `ssh`), or the login
    /// node's.
    fn shell_cpus(&self) -> CpuView {
        let shell = &self.terminal.shell;
        let in_pty = self
            .ptys
            .last()
            .filter(|(pty, depth)| shell.nested_depth() == *depth && shell.host() == pty.host);
        let node = self.cluster.node_cpus(shell.host());
        let step = in_pty.map(|(pty, _)| pty.cpus).filter(|&n| n > 0);
        match (step, node) {
            (Some(usable), Some(node)) => CpuView { usable, ..node },
            (None, Some(node)) => node,
            (_, None) => LOGIN_CPUS,
        }
    }

    /// Gives back the allocations whose salloc shell `exit` closed, and
    /// closes the shells of those that ended on their own (time limit,
    /// scancel); what salloc printed about them.
    fn settle_allocations(&mut self) -> String {
        let mut said = String::new();
        // The interactive steps first: they may run in a held allocation.
        while let Some((pty, depth)) = self.ptys.last() {
            let shell = &mut self.terminal.shell;
            let open = shell.nested_depth() >= *depth;
            let job = self.cluster.job(pty.job);
            if open && job.is_some_and(|j| j.state == JobState::Running) {
                break;
            }
            if open {
                shell.leave_nested();
                said.push_str(&self.cluster.pty_lost(pty));
            } else {
                let mut programs = NodePrograms {
                    nodes: &self.nodes,
                    activity: &mut self.activity,
                    seed: self.seed,
                    files: Some(shell.fs()),
                };
                said.push_str(&self.cluster.end_pty(pty, shell.status(), &mut programs));
            }
            self.ptys.pop();
        }
        while let Some(&id) = self.held.last() {
            let open = self.terminal.shell.holds_allocation(id);
            let mut programs = NodePrograms {
                nodes: &self.nodes,
                activity: &mut self.activity,
                seed: self.seed,
                files: Some(self.terminal.shell.fs()),
            };
            let running = self
                .cluster
                .job(id)
                .is_some_and(|j| j.state == JobState::Running);
            if open && running {
                break;
            }
            self.held.pop();
            if open {
                self.terminal.shell.leave_nested();
                said.push_str(&format!("salloc: Job allocation {id} has been revoked.\n"));
            } else if let Some(line) = self.cluster.relinquish(id, &mut programs) {
                said.push_str(&line);
            }
        }
        if !said.is_empty() {
            self.terminal.write(LineKind::Stderr, &said);
        }
        said
    }

    /// Ctrl+C.
    pub fn interrupt(&mut self, current: &str) -> Outcome {
        self.terminal.interrupt(current)
    }

    /// Tab completion over the shell's and the cluster's commands.
    pub fn complete(&mut self, line: &str, cursor: usize) -> Edit {
        self.with_tools(|terminal, tools| terminal.complete(line, cursor, tools))
    }

    /// Time flows: `seconds` more of simulated time.
    pub fn advance(&mut self, seconds: u64) {
        self.catch_up(seconds);
        // salloc says at once when an allocation runs out, as it does at a
        // real prompt, not when the next line is typed.
        self.settle_allocations();
    }

    /// Runs a Slurm command as `user` from their home directory, outside
    /// the terminal, with `file` standing for any file it reads: how a
    /// lab's back story submits other users' jobs.
    pub(crate) fn exec_as(&mut self, user: &str, argv: &[String], file: &str) {
        let home = self
            .cluster
            .accounts()
            .user(user)
            .map_or_else(|| "/".to_owned(), |u| u.home.clone());
        let files = |_: &str| Some(file.to_owned());
        let mut programs = NodePrograms {
            nodes: &self.nodes,
            activity: &mut self.activity,
            seed: self.seed,
            files: Some(self.terminal.shell.fs()),
        };
        let mut caller = Caller {
            user,
            cwd: &home,
            host: "",
            files: &files,
            env: None,
            programs: &mut programs,
        };
        self.cluster.exec_as(argv, "", &mut caller);
    }

    /// Ctrl+L or `clear`: an empty screen.
    pub fn clear(&mut self) {
        self.terminal.clear();
    }

    /// Does what `event` records.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::Line(line) => {
                self.submit(line);
            }
            Event::Interrupt(current) => {
                self.interrupt(current);
            }
            Event::Advance(seconds) => self.advance(*seconds),
            Event::Clear => self.clear(),
        }
    }

    /// Moves the cluster to the shell's clock plus `extra` seconds, the
    /// shell to the cluster's, and writes the jobs' output files.
    fn catch_up(&mut self, extra: u64) {
        let shell_now = self.terminal.shell.now();
        let behind = shell_now.saturating_sub(clock(self.cluster.now()));
        NodePrograms {
            nodes: &self.nodes,
            activity: &mut self.activity,
            seed: self.seed,
            files: Some(self.terminal.shell.fs()),
        }
        .advance(&mut self.cluster, behind.saturating_add(extra));
        let now = clock(self.cluster.now());
        self.terminal.shell.set_now(now);
        for write in self.cluster.drain_file_writes() {
            let fs = self.terminal.shell.fs_mut();
            if write.dir {
                // An existing directory is fine; a missing parent loses it.
                let _ = fs.mkdir(&write.path, now);
                continue;
            }
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

/// A fresh shell of `user` on the login node, with the cluster's
/// configuration files in [`CONF_DIR`] (written when the hosts were set
/// up, a day before they booted). Users other than root get the operator
/// commands through `sudo`.
fn login_shell(cluster: &Cluster, user: &str) -> Result<Shell, SessionError> {
    let now = clock(cluster.now());
    let mut shell = Shell::new(user, LOGIN_HOST, now)?;
    let written = now.saturating_sub(4 * 86_400);
    for (name, text) in &cluster.config().files {
        shell
            .fs_mut()
            .install(&format!("{CONF_DIR}/{name}"), text, written);
    }
    if user != "root" {
        shell.allow_sudo(&SUDO_COMMANDS);
    }
    match cluster.accounts().user(user) {
        Some(known) => shell.set_uid(known.uid),
        None if user == "root" => shell.set_uid(0),
        None => {}
    }
    Ok(shell)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference cluster's session (the other test modules' too).
    pub(super) fn session() -> Session {
        match Session::reference(7) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    /// What `line` printed.
    pub(super) fn printed(s: &mut Session, line: &str) -> String {
        s.submit(line);
        s.terminal.last_output()
    }

    /// The chapter's cluster, whose cgroups fence steps' GPUs.
    pub(super) fn chapter() -> Session {
        match Session::chapter(7) {
            Ok(s) => s,
            Err(e) => panic!("{e}"),
        }
    }

    fn last_output(s: &Session) -> String {
        s.terminal.last_output()
    }

    #[test]
    fn the_cluster_configuration_is_read_in_etc_slurm() {
        let mut s = chapter();
        let ls = printed(&mut s, "ls /etc/slurm");
        assert_eq!(ls, "cgroup.conf  slurm.conf\n");
        let conf = printed(&mut s, "cat /etc/slurm/slurm.conf");
        let files = &s.cluster.config().files;
        assert_eq!(conf, files[0].1);
        assert!(
            conf.contains("TaskPlugin=task/cgroup,task/affinity\n"),
            "{conf}"
        );
        assert_eq!(
            printed(&mut s, "grep Devices /etc/slurm/cgroup.conf"),
            "ConstrainDevices=yes\n"
        );
        // On the nodes too, and read-only for the user and root alike.
        assert_eq!(
            printed(&mut s, "srun grep -c PartitionName /etc/slurm/slurm.conf"),
            "2\n"
        );
        assert_eq!(
            printed(&mut s, "echo x >> /etc/slurm/slurm.conf"),
            "bash: /etc/slurm/slurm.conf: Permission denied\n"
        );
        s.log_in_as("root").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(printed(&mut s, "cat /etc/slurm/slurm.conf"), conf);
        assert_eq!(
            printed(&mut s, "rm /etc/slurm/cgroup.conf"),
            "rm: cannot remove '/etc/slurm/cgroup.conf': Permission denied\n"
        );
        // The reference cluster has no cgroup.conf.
        assert_eq!(printed(&mut session(), "ls /etc/slurm"), "slurm.conf\n");
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
    fn jobs_run_in_the_same_bash_over_the_shared_home() {
        let mut s = session();
        s.submit("srun -N 2 bash -c 'echo $SLURM_PROCID on $SLURMD_NODENAME'");
        assert_eq!(last_output(&s), "0 on node-1\n1 on node-2\n");
        for line in [
            "echo 'export RUN=exp7' > env.sh",
            "cat > job.sh <<'EOF'",
            "#!/bin/bash",
            "#SBATCH -N 1 -t 10",
            "source env.sh",
            "cd /tmp && pwd",
            "echo \"$RUN in $SLURM_SUBMIT_DIR\" | grep -c exp7",
            "EOF",
        ] {
            s.submit(line);
        }
        assert_eq!(s.submit("sbatch job.sh").status, 0);
        s.submit("sleep 5");
        s.submit("cat slurm-*.out");
        assert_eq!(last_output(&s), "/tmp\n1\n");
    }

    /// Loaded modules are exported variables, so a batch script's `srun`
    /// steps see what the script loaded.
    #[test]
    fn modules_a_script_loads_reach_its_steps() {
        let mut s = session();
        for line in [
            "cat > job.sh <<'EOF'",
            "#!/bin/bash",
            "#SBATCH -N 2 -t 10",
            "module load cuda/12.2 nccl",
            "srun bash -c 'echo $SLURM_PROCID $CUDA_HOME $LOADEDMODULES'",
            "module list 2>&1",
            "EOF",
        ] {
            s.submit(line);
        }
        assert_eq!(s.submit("sbatch job.sh").status, 0);
        s.submit("sleep 5");
        s.submit("cat slurm-*.out");
        assert_eq!(
            last_output(&s),
            "0 /usr/local/cuda-12.2 cuda/12.2:nccl/2.21.5\n1 /usr/local/cuda-12.2 cuda/12.2:nccl/2.21.5\n\n\
             Currently Loaded Modules:\n  1) cuda/12.2   2) nccl/2.21.5\n\n \n\n"
        );
    }

    #[test]
    fn salloc_holds_an_allocation_while_its_command_runs() {
        let mut s = session();
        let out = s.submit("salloc -N 2 -t 10 srun hostname");
        assert_eq!(out.status, 0);
        assert_eq!(
            last_output(&s),
            "salloc: Granted job allocation 1\nnode-1\nnode-2\nsalloc: Relinquishing job allocation 1\n"
        );
        s.submit("salloc -N 1 bash -c 'echo $SLURM_JOB_NODELIST on $HOSTNAME; exit 4'");
        assert!(
            last_output(&s).contains("node-1 on login1\n"),
            "{}",
            last_output(&s)
        );
        assert_eq!(s.terminal.shell.status(), 4);
        s.submit("sacct -X -n -o JobID,JobName,State");
        assert!(
            last_output(&s).contains("1            interacti+  COMPLETED"),
            "{}",
            last_output(&s)
        );
        // salloc starts its command without a shell: one it cannot find
        // is its own error.
        assert_eq!(s.submit("salloc -N1 ./nosuch").status, 1);
        assert_eq!(
            last_output(&s),
            "salloc: Granted job allocation 3\n\
             salloc: error: _fork_command: Unable to find command \"./nosuch\"\n\
             salloc: Relinquishing job allocation 3\n"
        );
    }

    #[test]
    fn a_batch_script_launches_torchrun_on_every_node() {
        let mut s = session();
        for line in [
            "cat > train.sh <<'EOF'",
            "#!/bin/bash",
            "#SBATCH -N 2 --gpus-per-node=8 -t 30",
            "set -euo pipefail",
            "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)",
            "srun torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 \\",
            "  --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:29500 train.py --ckpt-dir ckpt",
            "EOF",
        ] {
            s.submit(line);
        }
        assert_eq!(s.submit("sbatch train.sh").status, 0);
        s.submit("sleep 600");
        s.submit("cat slurm-1.out");
        let out = last_output(&s);
        assert!(out.contains("step"), "{out}");
        assert_eq!(s.activity.trainings.len(), 1);
        assert_eq!(s.activity.trainings[0].hosts, ["node-1", "node-2"]);
    }

    #[test]
    fn an_interactive_salloc_holds_its_allocation_until_exit() {
        let mut s = session();
        s.submit("cd /tmp");
        s.submit("salloc -N 2 -t 10");
        assert_eq!(last_output(&s), "salloc: Granted job allocation 1\n");
        s.submit("cd; echo $SLURM_JOB_ID $SLURM_JOB_NODELIST");
        assert_eq!(last_output(&s), "1 node-[1-2]\n");
        s.submit("srun hostname");
        assert_eq!(last_output(&s), "node-1\nnode-2\n");
        s.submit("squeue -h -o '%i %j %T'");
        assert_eq!(last_output(&s), "1 interactive RUNNING\n");
        s.submit("exit");
        assert_eq!(
            last_output(&s),
            "exit\nsalloc: Relinquishing job allocation 1\n"
        );
        s.submit("pwd; echo ${SLURM_JOB_ID:-none}");
        assert_eq!(last_output(&s), "/tmp\nnone\n");
        s.submit("sacct -j 1 -n -o JobID,JobName,State");
        assert_eq!(
            last_output(&s),
            "1            interacti+  COMPLETED \n1.0            hostname  COMPLETED \n"
        );
        s.submit("salloc -t 1");
        s.submit("sleep 120");
        assert_eq!(
            last_output(&s),
            "salloc: Job allocation 2 has been revoked.\n"
        );
        assert_eq!(s.terminal.shell.nested_depth(), 0);
        // Waiting at the prompt, salloc says so as the time runs out.
        s.submit("salloc -t 1");
        s.advance(30);
        assert_eq!(s.terminal.shell.nested_depth(), 1);
        s.advance(60);
        assert_eq!(s.terminal.shell.nested_depth(), 0);
        assert_eq!(
            s.terminal.lines().last().map(|l| l.text.as_str()),
            Some("salloc: Job allocation 3 has been revoked.")
        );
    }

    #[test]
    fn root_logs_in_with_its_own_home_and_prompt() {
        let mut s = session();
        assert_eq!(s.terminal.shell.prompt(), "alice@login1:~$ ");
        assert!(s.log_in_as("root").is_ok());
        assert_eq!(s.terminal.shell.prompt(), "root@login1:~# ");
        s.submit("pwd");
        assert_eq!(last_output(&s), "/root\n");
        assert!(s.log_in_as("no body").is_err());
    }

    #[test]
    fn what_a_job_writes_lands_in_the_shared_home() {
        let mut s = session();
        s.submit(
            "sbatch -N 2 --wrap \"mkdir -p results && echo 42 > results/answer; \
             srun bash -c 'hostname > results/rank-\\$SLURM_PROCID'\"",
        );
        s.submit("sleep 5");
        s.submit("ls results; cat results/answer results/rank-1");
        assert_eq!(last_output(&s), "answer  rank-0  rank-1\n42\nnode-2\n");
    }

    #[test]
    fn ssh_runs_a_command_on_the_node_and_refuses_unknown_hosts() {
        let mut s = session();
        s.submit("ssh node-3 nvidia-smi -L | wc -l");
        assert_eq!(last_output(&s), "8\n");
        // The shell's programs run on the node, in the home directory.
        s.submit("cd /tmp; ssh node-3 'hostname'; ssh node-3 pwd; ssh node-2 uname -n");
        assert_eq!(last_output(&s), "node-3\n/home/alice\nnode-2\n");
        s.submit("ssh node-2 nproc; ssh node-2 id -un; echo a | ssh node-2 wc -l");
        assert_eq!(last_output(&s), "64\nalice\n1\n");
        // The words make one command line for the node's shell: its
        // pipes, lists and variables are the node's.
        s.submit("ssh node-3 'nvidia-smi -L | wc -l; echo $HOSTNAME'; ssh node-2 echo $HOSTNAME");
        assert_eq!(last_output(&s), "8\nnode-3\nlogin1\n");
        s.submit("ssh node-2 timeout 5 sleep 10; echo $?");
        assert_eq!(last_output(&s), "124\n");
        // ssh's `bash -c` names the line of its string.
        s.submit("ssh node-2 nope");
        assert_eq!(last_output(&s), "bash: line 1: nope: command not found\n");
        s.submit("ssh node-9 hostname");
        assert!(last_output(&s).contains("Could not resolve hostname node-9"));
        s.submit("nvidia-smi");
        assert_eq!(last_output(&s), "bash: nvidia-smi: command not found\n");
    }

    #[test]
    fn sudo_runs_the_operator_commands_as_root_and_refuses_the_rest() {
        let mut s = session();
        let drain = "scontrol update NodeName=node-3 State=DRAIN Reason=\"gpu5 fan\"";
        assert_eq!(s.submit(drain).status, 1, "alice alone is no operator");
        assert_eq!(
            last_output(&s),
            "slurm_update error: Access/permission denied\n"
        );
        assert_eq!(s.submit(&format!("sudo {drain}")).status, 0);
        s.submit("sinfo -R -h -o '%9u %N'");
        assert_eq!(
            last_output(&s),
            "root      node-3\n",
            "slurmctld records root"
        );
        s.submit("whoami");
        assert_eq!(last_output(&s), "alice\n", "sudo ran one command only");
        s.submit("sudo -l");
        assert!(
            last_output(&s)
                .ends_with("(root) NOPASSWD: /usr/bin/scontrol, /usr/bin/scancel, /bin/bash\n")
        );
        for (line, refusal) in [
            (
                "sudo ls /",
                "Sorry, user alice is not allowed to execute '/usr/bin/ls /' as root on login1.\n",
            ),
            (
                "sudo -u bob scancel 1",
                "Sorry, user alice is not allowed to execute '/usr/bin/scancel 1' as bob on login1.\n",
            ),
            ("sudo frob", "sudo: frob: command not found\n"),
        ] {
            assert_eq!(s.submit(line).status, 1, "{line}");
            assert_eq!(last_output(&s), refusal, "{line}");
        }
    }

    #[test]
    fn an_interactive_ssh_login_runs_the_node_tools_until_exit() {
        let mut s = session();
        s.submit("cd /tmp");
        let out = s.submit("ssh node-2");
        assert_eq!(out.status, 0);
        assert!(last_output(&s).starts_with("Linux node-2 6.1.0-18-amd64 #1 SMP"));
        assert!(
            last_output(&s).contains("from login1\n"),
            "{}",
            last_output(&s)
        );
        assert_eq!(s.terminal.prompt(), "alice@node-2:~$ ");
        s.submit("nvidia-smi -L | wc -l; hostname; echo $HOSTNAME");
        assert_eq!(last_output(&s), "8\nnode-2\nnode-2\n");
        assert!(s.activity.inspected.contains("node-2"));
        // No partition field: gpu and debug share one line, node-1 once.
        s.submit("sinfo -h -o %D");
        assert_eq!(last_output(&s), "4\n");
        s.submit("exit");
        assert_eq!(last_output(&s), "logout\nConnection to node-2 closed.\n");
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        s.submit("dmesg");
        assert_eq!(last_output(&s), "bash: dmesg: command not found\n");
        let out = s.submit("logout");
        assert_eq!(out.status, 1);
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

    /// The lines of what `line` printed on both streams.
    fn said(s: &mut Session, line: &str) -> (String, i32) {
        let out = s.run_line(line);
        let text: String = out.output.iter().map(|c| c.text.as_str()).collect();
        (text, out.status)
    }

    /// With four GPUs of node-1 taken by a job, what a step given two
    /// there sees: `$CUDA_VISIBLE_DEVICES $SLURM_STEP_GPUS
    /// $GPU_DEVICE_ORDINAL ${SLURM_JOB_GPUS-unset}`.
    fn second_job_gpus(s: &mut Session) -> String {
        said(s, "sbatch -N1 -w node-1 --gres=gpu:4 --wrap 'sleep 1000'");
        let line = "srun -w node-1 --gres=gpu:2 bash -c \
                    'echo $CUDA_VISIBLE_DEVICES $SLURM_STEP_GPUS $GPU_DEVICE_ORDINAL ${SLURM_JOB_GPUS-unset}'";
        said(s, line).0
    }

    #[test]
    fn under_cgroups_a_step_sees_only_its_own_gpus() {
        let mut s = chapter();
        let (one, _) = said(&mut s, "srun --gres=gpu:1 nvidia-smi -L");
        assert_eq!(one.lines().count(), 1, "{one}");
        assert!(one.starts_with("GPU 0: NVIDIA H100"), "{one}");
        let (two, _) = said(&mut s, "srun -N2 --gpus-per-node=2 nvidia-smi -L");
        let indices: Vec<&str> = two.lines().map(|l| l.get(..6).unwrap_or(l)).collect();
        assert_eq!(indices, ["GPU 0:", "GPU 1:", "GPU 0:", "GPU 1:"], "{two}");
        let (none, status) = said(&mut s, "srun -N1 nvidia-smi -L");
        assert_eq!(
            (none.as_str(), status),
            (
                "No devices were found\nsrun: error: node-1: task 0: Exited with exit code 6\n",
                6
            )
        );
        // A second job on the node gets the next free GPUs, numbered from
        // 0 inside its cgroup; SLURM_STEP_GPUS keeps their real indices,
        // and srun's own allocation has no SLURM_JOB_GPUS.
        let env = second_job_gpus(&mut s);
        assert_eq!(env, "0,1 4,5 0,1 unset\n");
        // A step may take fewer GPUs than its allocation holds.
        said(&mut s, "salloc -N1 --gpus-per-node=4");
        let (step, _) = said(&mut s, "srun --gres=gpu:1 nvidia-smi -L | wc -l");
        assert_eq!(step, "1\n");
        let (all, _) = said(&mut s, "srun nvidia-smi -L | wc -l");
        assert_eq!(all, "4\n");
    }

    #[test]
    fn without_cgroups_every_step_sees_the_whole_node() {
        let mut s = session();
        let (all, _) = said(&mut s, "srun --gres=gpu:1 nvidia-smi -L | wc -l");
        assert_eq!(all, "8\n");
        let env = second_job_gpus(&mut s);
        assert_eq!(env, "4,5 4,5 4,5 unset\n");
    }

    #[test]
    fn sudo_i_opens_a_root_shell_until_exit() {
        let mut s = session();
        said(&mut s, "salloc -N1");
        let (_, status) = said(&mut s, "sudo -i");
        assert_eq!(status, 0);
        assert_eq!(s.terminal.prompt(), "root@login1:~# ");
        let (who, _) = said(
            &mut s,
            "whoami; echo $HOME; scontrol update NodeName=node-4 State=DRAIN Reason=fan",
        );
        assert_eq!(who, "root\n/root\n");
        // The root shell's exit leaves the salloc shell open.
        assert_eq!(said(&mut s, "exit"), ("logout\n".to_owned(), 0));
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        assert_eq!(said(&mut s, "squeue -h -o %i").0, "1\n");
        let (left, _) = said(&mut s, "exit");
        assert_eq!(left, "exit\nsalloc: Relinquishing job allocation 1\n");
        let (refused, status) = said(&mut s, "sudo -u bob -i");
        assert_eq!(status, 1);
        assert_eq!(
            refused,
            "Sorry, user alice is not allowed to execute '/bin/bash' as bob on login1.\n"
        );
    }

    #[test]
    fn srun_pty_bash_is_the_step_on_the_first_node_until_exit() {
        let mut s = session();
        s.submit("cd /tmp");
        assert_eq!(
            said(&mut s, "srun --pty -N1 --gres=gpu:1 bash"),
            (String::new(), 0)
        );
        assert_eq!(s.terminal.prompt(), "alice@node-1:/tmp$ ");
        let env = "hostname; echo $HOSTNAME $SLURM_JOB_ID $SLURMD_NODENAME $SLURM_JOB_NODELIST \
                   $SLURM_STEP_ID $SLURM_PROCID $CUDA_VISIBLE_DEVICES";
        assert_eq!(
            said(&mut s, env).0,
            "node-1\nnode-1 1 node-1 node-1 0 0 0\n"
        );
        assert_eq!(
            said(&mut s, "squeue -h -o '%i %j %T %N'").0,
            "1 bash RUNNING node-1\n"
        );
        assert_eq!(said(&mut s, "srun hostname").0, "node-1\n");
        s.submit("exit");
        assert_eq!(last_output(&s), "exit\n");
        assert_eq!(s.terminal.prompt(), "alice@login1:/tmp$ ");
        assert_eq!(said(&mut s, "squeue -h").0, "");
        let (sacct, _) = said(&mut s, "sacct -j 1 -n -o JobID,JobName,State,ExitCode");
        assert_eq!(
            sacct,
            "1                  bash  COMPLETED      0:0 \n1.0                bash  COMPLETED      0:0 \n\
             1.1            hostname  COMPLETED      0:0 \n"
        );
        // A login shell, its status srun's.
        said(&mut s, "srun --pty /bin/bash -l");
        assert_eq!(s.terminal.prompt(), "alice@node-1:/tmp$ ");
        assert_eq!(
            said(&mut s, "exit 3"),
            (
                "exit\nsrun: error: node-1: task 0: Exited with exit code 3\n".to_owned(),
                3
            )
        );
        let (state, _) = said(&mut s, "sacct -X -j 2 -n -o State,ExitCode");
        assert_eq!(state, "    FAILED      3:0 \n");
    }

    #[test]
    fn srun_pty_waits_for_nodes_and_ends_at_the_time_limit() {
        let mut s = session();
        said(
            &mut s,
            "sbatch -N4 --gpus-per-node=8 -t 2 --wrap 'sleep 100'",
        );
        let (waited, status) = said(&mut s, "srun --pty -t 1 --gres=gpu:1 bash");
        assert_eq!(
            (waited.as_str(), status),
            (
                "srun: job 2 queued and waiting for resources\nsrun: job 2 has been allocated resources\n",
                0
            )
        );
        assert_eq!(s.terminal.prompt(), "alice@node-1:~$ ");
        let (killed, _) = said(&mut s, "sleep 90");
        assert!(
            killed.starts_with(
                "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n\
                                slurmstepd-node-1: error: *** STEP 2.0 ON node-1 CANCELLED AT "
            ),
            "{killed}"
        );
        assert!(
            killed.ends_with(" DUE TO TIME LIMIT ***\nsrun: error: node-1: task 0: Terminated\n"),
            "{killed}"
        );
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        assert_eq!(s.terminal.shell.nested_depth(), 0);
        // scancel from inside ends it too.
        said(&mut s, "srun --pty bash");
        let (cancelled, _) = said(&mut s, "scancel $SLURM_JOB_ID");
        assert!(
            cancelled.contains("*** STEP 3.0 ON node-1 CANCELLED AT ")
                && cancelled.ends_with(" ***\nsrun: error: node-1: task 0: Terminated\n"),
            "{cancelled}"
        );
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        let (state, _) = said(&mut s, "sacct -j 3 -n -o JobID,State");
        assert_eq!(
            state,
            "3            CANCELLED+ \n3.0           CANCELLED \n"
        );
    }

    #[test]
    fn an_interactive_step_sees_only_its_own_gpus_under_cgroups() {
        let mut s = chapter();
        said(
            &mut s,
            "sbatch -N1 -w node-1 --gres=gpu:4 --wrap 'sleep 1000'",
        );
        said(&mut s, "srun --pty -w node-1 --gres=gpu:2 bash");
        assert_eq!(s.terminal.prompt(), "alice@node-1:~$ ");
        let (gpus, _) = said(
            &mut s,
            "nvidia-smi -L | cut -c 1-6; echo $CUDA_VISIBLE_DEVICES",
        );
        assert_eq!(gpus, "GPU 0:\nGPU 1:\n0,1\n");
        // Another node, reached by ssh, is not the step's.
        assert_eq!(said(&mut s, "ssh node-2 nvidia-smi -L | wc -l").0, "8\n");
        said(&mut s, "exit");
        assert_eq!(said(&mut s, "ssh node-1 nvidia-smi -L | wc -l").0, "8\n");
        // Without cgroups (the reference cluster) a step sees the node's all.
        let mut open = session();
        said(&mut open, "srun --pty --gres=gpu:1 bash");
        assert_eq!(said(&mut open, "nvidia-smi -L | wc -l").0, "8\n");
    }

    #[test]
    fn srun_pty_in_an_allocation_is_a_step_of_it() {
        let mut s = session();
        said(&mut s, "salloc -N2");
        said(&mut s, "srun --pty bash");
        assert_eq!(s.terminal.prompt(), "alice@node-1:~$ ");
        assert_eq!(said(&mut s, "echo $SLURM_JOB_ID.$SLURM_STEP_ID").0, "1.0\n");
        assert_eq!(said(&mut s, "exit"), ("exit\n".to_owned(), 0));
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        assert_eq!(said(&mut s, "squeue -h -o '%i %T'").0, "1 RUNNING\n");
        let left = "exit\nsalloc: Relinquishing job allocation 1\n";
        assert_eq!(said(&mut s, "exit"), (left.to_owned(), 0));
        let (steps, _) = said(&mut s, "sacct -j 1 -n -o JobID,State");
        assert_eq!(
            steps,
            "1             COMPLETED \n1.0           COMPLETED \n"
        );
    }

    #[test]
    fn srun_pty_with_no_shell_runs_a_plain_step() {
        let mut s = session();
        let refused = ("srun: fatal: No command given to execute.\n".to_owned(), 1);
        assert_eq!(said(&mut s, "srun --pty"), refused);
        assert_eq!(
            said(&mut s, "srun --pty hostname"),
            ("node-1\n".to_owned(), 0)
        );
        assert_eq!(
            said(&mut s, "srun --pty bash -c 'echo $SLURM_STEP_ID'"),
            ("0\n".to_owned(), 0)
        );
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
    }

    #[test]
    fn scontrol_with_no_command_reads_commands_at_its_prompt() {
        let mut s = session();
        let (ping, _) = said(&mut s, "scontrol ping");
        assert_eq!(said(&mut s, "scontrol"), (String::new(), 0));
        assert_eq!(s.terminal.prompt(), "scontrol: ");
        assert_eq!(said(&mut s, "ping").0, ping);
        // `!!`: the line before, though scontrol runs anew for each line.
        assert_eq!(said(&mut s, "!!").0, ping);
        let (show, _) = said(&mut s, "show partition 'gpu'");
        assert!(show.starts_with("PartitionName=gpu\n"), "{show}");
        assert_eq!(said(&mut s, "!!").0, show);
        assert_eq!(said(&mut s, "quit"), (String::new(), 0));
        // A new scontrol has no line before.
        said(&mut s, "scontrol");
        assert_eq!(said(&mut s, "!!"), (String::new(), 1));
        said(&mut s, "quit");
        // A blank line is no command, and a wrong one fails: scontrol
        // leaves with status 1, as its exit_code stays set.
        said(&mut s, "scontrol");
        assert_eq!(said(&mut s, ""), (String::new(), 1));
        assert_eq!(said(&mut s, "ping").0, ping);
        assert_eq!(said(&mut s, "quit"), (String::new(), 1));
        said(&mut s, "scontrol");
        s.submit("frobnicate");
        assert_eq!(last_output(&s), "invalid keyword: frobnicate\n");
        assert_eq!(s.terminal.prompt(), "scontrol: ");
        assert_eq!(said(&mut s, "quit"), (String::new(), 1));
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        // `ex` is `exit`; Ctrl+C leaves too.
        said(&mut s, "scontrol -o");
        said(&mut s, "ex");
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        said(&mut s, "sacctmgr");
        assert_eq!(s.terminal.prompt(), "sacctmgr: ");
        s.interrupt("show qos");
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
    }

    #[test]
    fn sreport_keeps_its_settings_from_line_to_line_at_its_prompt() {
        let mut s = session();
        let report = "cluster utilization start=now-2days";
        let (minutes, _) = said(&mut s, &format!("sreport {report}"));
        assert!(
            minutes.contains("Usage reported in CPU Minutes"),
            "{minutes}"
        );
        assert_eq!(said(&mut s, "sreport"), (String::new(), 0));
        assert_eq!(s.terminal.prompt(), "sreport: ");
        assert_eq!(said(&mut s, "time percent"), (String::new(), 0));
        assert_eq!(said(&mut s, "parsable2"), (String::new(), 0));
        let (shares, _) = said(&mut s, report);
        assert!(
            shares.contains("Usage reported in Percentage of Total"),
            "{shares}"
        );
        assert!(
            shares.contains("Cluster|Allocated|Down|PLND Down|"),
            "{shares}"
        );
        assert_eq!(s.terminal.prompt(), "sreport: ");
        // A blank line is no command: the status sreport leaves with.
        said(&mut s, "");
        assert_eq!(said(&mut s, "quit"), (String::new(), 1));
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        // A new sreport starts from its options again.
        said(&mut s, "sreport -n");
        let (again, _) = said(&mut s, report);
        assert!(!again.contains("Usage reported"), "{again}");
        assert!(again.contains("  cluster "), "{again}");
        s.interrupt("");
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
    }

    #[test]
    fn scontrol_keeps_oneliner_details_and_quiet_for_the_commands_after() {
        let mut s = session();
        said(&mut s, "sbatch --wrap 'sleep 600'");
        let (long, _) = said(&mut s, "scontrol show job 1");
        let (one, _) = said(&mut s, "scontrol -o show job 1");
        let (detailed, _) = said(&mut s, "scontrol -o -d show job 1");
        // As commands on the command line they set a flag and do nothing.
        assert_eq!(said(&mut s, "scontrol oneliner"), (String::new(), 0));
        said(&mut s, "scontrol");
        for (line, shown) in [
            ("oneliner", String::new()),
            ("show job 1", one.clone()),
            ("details", String::new()),
            ("show job 1", detailed),
            ("hide", String::new()),
            ("show job 1", one),
        ] {
            assert_eq!(said(&mut s, line), (shown, 0), "{line}");
        }
        said(&mut s, "exit");
        said(&mut s, "scontrol -d");
        for line in ["hide", "\\q", "details extra"] {
            said(&mut s, line);
        }
        assert_eq!(said(&mut s, "show job 1").0, long);
        s.submit("exit now");
        assert_eq!(last_output(&s), "too many arguments for keyword:exit\n");
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
    }

    #[test]
    fn sudo_scontrol_reads_commands_as_root_at_its_prompt() {
        let mut s = session();
        let (refused, _) = said(
            &mut s,
            "scontrol update nodename=node-2 state=drain reason=x",
        );
        assert!(refused.contains("Access/permission denied"), "{refused}");
        said(&mut s, "sudo scontrol");
        assert_eq!(s.terminal.prompt(), "scontrol: ");
        let line = "update nodename=node-2 state=drain reason=\"bad fan\"";
        assert_eq!(said(&mut s, line), (String::new(), 0));
        assert_eq!(s.terminal.prompt(), "scontrol: ");
        said(&mut s, "quit");
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        let (reason, _) = said(&mut s, "sinfo -R -h -o '%n %E'");
        assert_eq!(reason, "node-2 bad fan\n");
    }

    #[test]
    fn scontrol_reads_commands_from_a_pipe_without_a_prompt() {
        let mut s = session();
        let (ping, _) = said(&mut s, "scontrol ping");
        let (piped, status) = said(
            &mut s,
            "echo -e 'ping\\n!!\\n  PING \\nquit\\nping' | scontrol",
        );
        assert_eq!((piped, status), (ping.repeat(3), 0));
        // A blank line is no command (`_process_command`): status 1.
        let (piped, status) = said(&mut s, "echo -e 'ping\\n\\nquit' | scontrol");
        assert_eq!((piped, status), (ping.clone(), 1));
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
        let (first, _) = said(&mut s, "echo 'show partition' | scontrol | head -n 1");
        assert_eq!(first, "PartitionName=gpu\n");
        assert_eq!(said(&mut s, "echo nonsense | scontrol").1, 1);
        assert_eq!(said(&mut s, "scontrol quit"), (String::new(), 0));
        let (qos, _) = said(&mut s, "echo 'show qos format=name' | sacctmgr -n");
        assert!(qos.contains("normal"), "{qos}");
        // To sacctmgr a # line is no command, as a blank one is: status 1.
        let line = "printf '# the names\\nshow qos format=name\\n' | sacctmgr -n";
        assert_eq!(said(&mut s, line), (qos.clone(), 1));
        let line = "printf 'show qos format=name\\n\\n' | sacctmgr -n";
        assert_eq!(said(&mut s, line), (qos, 1));
        assert_eq!(s.terminal.prompt(), "alice@login1:~$ ");
    }

    #[test]
    fn help_and_man_pages_name_the_new_modes() {
        let mut s = session();
        for (line, count) in [
            ("man srun | grep -c -e --pty", "3\n"),
            ("srun --help | grep -c -e --pty", "4\n"),
            ("scontrol --help | grep -c 'scontrol: '", "1\n"),
            ("sacctmgr --help | grep -c 'sacctmgr: '", "1\n"),
            ("sreport --help | grep -c 'sreport: '", "1\n"),
            ("man scontrol | grep -c prompt", "1\n"),
        ] {
            assert_eq!(said(&mut s, line).0, count, "{line}");
        }
    }

    #[test]
    fn which_finds_slurm_at_the_login_and_the_gpu_tools_on_nodes() {
        let mut s = session();
        for (line, found) in [
            ("which sbatch squeue", "/usr/bin/sbatch\n/usr/bin/squeue\n"),
            ("which nvidia-smi; echo $?", "1\n"),
            (
                "srun bash -c 'which nvidia-smi all_reduce_perf'",
                "/usr/bin/nvidia-smi\n/usr/local/bin/all_reduce_perf\n",
            ),
            ("command -v scontrol", "/usr/bin/scontrol\n"),
        ] {
            assert_eq!(said(&mut s, line).0, found, "{line}");
        }
    }
}
