//! `sbatch`: a script from a file (read through the caller), from stdin or
//! `--wrap`, checked as sbatch checks it (empty, no `#!`), its `#SBATCH`
//! lines read first and the command line over them, then submitted:
//! `Submitted batch job N`, `--parsable`, `--test-only`, or slurmctld's
//! refusal.

use super::super::super::getopt::{self, HasArg, Opt, Order, Parsed, opt};
use super::super::clock;
use super::super::export::{self, UserEnv};
use super::super::output::{CommandOutput, Stream};
use super::super::script;
use super::super::state::{Job, Mem};
use super::super::submit::{JobOptions, JobSpec, Recorded};
use super::super::{Caller, Cluster};
use super::{VERSION, help, job_refused, usage_error};

/// The job options sbatch and srun share.
pub(super) const JOB_OPTIONS: [Opt; 46] = [
    opt("account", Some('A'), &["account"], HasArg::Required),
    opt(
        "cpus-per-task",
        Some('c'),
        &["cpus-per-task"],
        HasArg::Required,
    ),
    opt("begin", Some('b'), &["begin"], HasArg::Required),
    opt("comment", None, &["comment"], HasArg::Required),
    opt("constraint", Some('C'), &["constraint"], HasArg::Required),
    opt("cpus-per-gpu", None, &["cpus-per-gpu"], HasArg::Required),
    opt("chdir", Some('D'), &["chdir"], HasArg::Required),
    opt("dependency", Some('d'), &["dependency"], HasArg::Required),
    opt("error", Some('e'), &["error"], HasArg::Required),
    opt(
        "distribution",
        Some('m'),
        &["distribution"],
        HasArg::Required,
    ),
    opt("exclude", Some('x'), &["exclude"], HasArg::Required),
    opt("exclusive", None, &["exclusive"], HasArg::Optional),
    opt("gpu-bind", None, &["gpu-bind"], HasArg::Required),
    opt("gpus", Some('G'), &["gpus"], HasArg::Required),
    opt("gpus-per-node", None, &["gpus-per-node"], HasArg::Required),
    opt("gpus-per-task", None, &["gpus-per-task"], HasArg::Required),
    opt("gres", None, &["gres"], HasArg::Required),
    opt("help", None, &["help"], HasArg::No),
    opt("hint", None, &["hint"], HasArg::Required),
    opt("hold", Some('H'), &["hold"], HasArg::No),
    opt("job-name", Some('J'), &["job-name"], HasArg::Required),
    opt("mail-type", None, &["mail-type"], HasArg::Required),
    opt("mail-user", None, &["mail-user"], HasArg::Required),
    opt("mem", None, &["mem"], HasArg::Required),
    opt("mem-per-cpu", None, &["mem-per-cpu"], HasArg::Required),
    opt("mem-per-gpu", None, &["mem-per-gpu"], HasArg::Required),
    opt("nice", None, &["nice"], HasArg::Optional),
    opt("nodelist", Some('w'), &["nodelist"], HasArg::Required),
    opt("nodes", Some('N'), &["nodes"], HasArg::Required),
    opt("ntasks", Some('n'), &["ntasks"], HasArg::Required),
    opt(
        "ntasks-per-node",
        None,
        &["ntasks-per-node"],
        HasArg::Required,
    ),
    opt("output", Some('o'), &["output"], HasArg::Required),
    opt("partition", Some('p'), &["partition"], HasArg::Required),
    opt("priority", None, &["priority"], HasArg::Required),
    opt("qos", Some('q'), &["qos"], HasArg::Required),
    opt("quiet", Some('Q'), &["quiet"], HasArg::No),
    opt("requeue", None, &["requeue"], HasArg::No),
    opt("reservation", None, &["reservation"], HasArg::Required),
    opt("no-requeue", None, &["no-requeue"], HasArg::No),
    opt("signal", None, &["signal"], HasArg::Required),
    opt(
        "tasks-per-node",
        None,
        &["tasks-per-node"],
        HasArg::Required,
    ),
    opt("time", Some('t'), &["time"], HasArg::Required),
    opt("usage", None, &["usage"], HasArg::No),
    opt("verbose", Some('v'), &["verbose"], HasArg::No),
    opt("version", Some('V'), &["version"], HasArg::No),
    opt("wckey", None, &["wckey"], HasArg::Required),
];

pub(super) const OPTIONS: &[Opt] = &getopt::concat::<46, 6, 52>(
    JOB_OPTIONS,
    [
        opt("array", Some('a'), &["array"], HasArg::Required),
        opt("export", None, &["export"], HasArg::Required),
        opt("open-mode", None, &["open-mode"], HasArg::Required),
        opt("parsable", None, &["parsable"], HasArg::No),
        opt("test-only", None, &["test-only"], HasArg::No),
        opt("wrap", None, &["wrap"], HasArg::Required),
    ],
);

/// Reads the options of one source (the script's lines or the command
/// line) into `opts`; the first failure is the command's output.
pub(super) fn apply_all(
    prog: &str,
    parsed: &getopt::Parsed,
    opts: &mut JobOptions,
) -> Result<(), CommandOutput> {
    for (key, value) in &parsed.opts {
        opts.apply(key, value.as_deref()).map_err(|e| {
            CommandOutput::failure(&format!("{prog}: error: {}\n", e.message), e.exit)
        })?;
    }
    Ok(())
}

/// What slurm_opt.c checks once every option is read: one memory option
/// at most (`_validate_memory_options`), for sbatch and salloc no more
/// nodes named with `-w` than `-N` allows (their `_opt_verify`; srun drops
/// the extra names instead, which this model does not), and for a new
/// job, GPUs beside `--mem-per-gpu` (`gres_job_state_validate`, gres.c).
pub(super) fn verify(prog: &str, opts: &JobOptions, new_job: bool) -> Result<(), CommandOutput> {
    if opts.mem_options.count_ones() > 1 {
        return Err(CommandOutput::failure(
            &format!(
                "{prog}: fatal: --mem, --mem-per-cpu, and --mem-per-gpu are mutually exclusive.\n"
            ),
            1,
        ));
    }
    let named = u32::try_from(opts.request.nodelist.len()).unwrap_or(u32::MAX);
    if let (false, Some((min, max))) = (prog == "srun", opts.request.nodes)
        && named.max(min) > max
    {
        return Err(CommandOutput::failure(
            &format!(
                "{prog}: error: invalid number of nodes (-N {}-{max})\n",
                named.max(min)
            ),
            1,
        ));
    }
    if let (true, Some(Mem::PerGpu(mb)), None) = (new_job, opts.request.mem, opts.request.gpus) {
        return Err(CommandOutput::failure(
            &format!(
                "{prog}: error: Requested mem_per_tres=gres:gpu:{mb} but did not request any GPU.\n\
                 {prog}: error: Invalid generic resource (gres) specification\n"
            ),
            1,
        ));
    }
    Ok(())
}

/// `_opt_verify`'s node count against `-n`, as sbatch, salloc and srun
/// all do it: no more nodes than tasks, and with fewer tasks than the
/// nodes asked (by `-N` or `-w`), a node a task, the names past them
/// dropped and a warning said (returned, else empty).
pub(super) fn fit_nodes_to_tasks(prog: &str, opts: &mut JobOptions) -> String {
    let r = &mut opts.request;
    let named = u32::try_from(r.nodelist.len()).unwrap_or(u32::MAX);
    let (Some(tasks), Some(min)) = (
        r.ntasks,
        r.nodes
            .map(|(min, _)| min.max(named))
            .or((named > 0).then_some(named)),
    ) else {
        return String::new();
    };
    if tasks >= min {
        if let Some((_, max)) = r.nodes.as_mut() {
            *max = (*max).min(tasks);
        }
        return String::new();
    }
    r.nodes = Some((tasks, tasks));
    r.nodelist
        .truncate(usize::try_from(tasks).unwrap_or(usize::MAX));
    format!(
        "{prog}: Warning: can't run {tasks} processes on {min} nodes, setting nnodes to {tasks}\n"
    )
}

/// An error said after a warning.
pub(super) fn after_warning(warning: &str, mut refused: CommandOutput) -> CommandOutput {
    if !warning.is_empty() {
        refused
            .chunks
            .insert(0, (Stream::Stderr, warning.to_owned()));
    }
    refused
}

pub(super) fn run(
    c: &mut Cluster,
    argv: &[String],
    stdin: &str,
    caller: &mut Caller<'_>,
) -> CommandOutput {
    // sbatch exits -1 (255) for option mistakes.
    let parsed = match getopt::parse(argv, OPTIONS, Order::StopAtOperand) {
        Ok(p) => p,
        Err(e) => return usage_error("sbatch", &e, 255),
    };
    if parsed.has("help") {
        return help::text(help::SBATCH);
    }
    if parsed.has("usage") {
        return help::text(help::SBATCH_USAGE);
    }
    if parsed.has("version") {
        return help::text(VERSION);
    }
    let submitted =
        read_script(&parsed, stdin, caller).and_then(|script| build(c, &parsed, script, caller));
    let (job, warning) = match submitted {
        Ok(built) => built,
        Err(out) => return out,
    };
    let mut out = CommandOutput::default();
    out.err(&warning);
    if parsed.has("test-only") {
        match c.will_run(&job) {
            Some((start, nodes)) => out.err_line(&format!(
                "sbatch: Job {} to start at {} using {} processors on nodes {} in partition {}",
                job.id,
                clock::iso(start),
                job.shape.total().cpus,
                c.hostlist(&nodes),
                job.partition
            )),
            None => {
                out.err_line("allocation failure: Requested node configuration is not available");
                out.exit = 1;
            }
        }
        c.spend_job_id();
        return out;
    }
    let id = c.enqueue(job);
    if parsed.has("quiet") {
        return out;
    }
    if parsed.has("parsable") {
        out.out_line(&id.to_string());
    } else {
        out.out_line(&format!("Submitted batch job {id}"));
    }
    out
}

/// A batch script as sbatch read it.
struct Script {
    text: String,
    /// The script file's full path (`Command=`), none for `--wrap` or
    /// stdin.
    command: Option<String>,
    /// The job's name unless `-J` gives one.
    default_name: String,
}

/// The script of `--wrap`, of the file named, or of stdin, checked as
/// sbatch checks it (empty, only whitespace, no `#!`).
fn read_script(parsed: &Parsed, stdin: &str, caller: &Caller<'_>) -> Result<Script, CommandOutput> {
    let script = match (parsed.value("wrap"), parsed.operands.first()) {
        // sbatch's opt.c, before it reads any script.
        (Some(_), Some(_)) => {
            return Err(CommandOutput::failure(
                "sbatch: error: Script arguments not permitted with --wrap option\n",
                1,
            ));
        }
        (Some(cmd), None) => Script {
            text: format!("#!/bin/sh\n# This script was created by sbatch --wrap.\n\n{cmd}\n"),
            command: None,
            default_name: "wrap".to_owned(),
        },
        (None, Some(path)) => {
            let text = (caller.files)(path).ok_or_else(|| {
                CommandOutput::failure(&format!("sbatch: error: Unable to open file {path}\n"), 1)
            })?;
            let full = if path.starts_with('/') {
                path.clone()
            } else {
                format!("{}/{path}", caller.cwd.trim_end_matches('/'))
            };
            Script {
                text,
                command: Some(full),
                default_name: path.rsplit('/').next().unwrap_or(path).to_owned(),
            }
        }
        (None, None) => Script {
            text: stdin.to_owned(),
            command: None,
            default_name: "sbatch".to_owned(),
        },
    };
    if script.text.is_empty() {
        return Err(CommandOutput::failure(
            "sbatch: error: Batch script is empty!\n",
            1,
        ));
    }
    if script.text.trim().is_empty() {
        return Err(CommandOutput::failure(
            "sbatch: error: Batch script contains only whitespace!\n",
            1,
        ));
    }
    if !script::has_shebang(&script.text) {
        return Err(CommandOutput::failure(
            "sbatch: error: This does not look like a batch script.  The first\n\
             sbatch: error: line must start with #! followed by the path to an interpreter.\n\
             sbatch: error: For instance: #!/bin/sh\n",
            1,
        ));
    }
    Ok(script)
}

/// The job of a script: its `#SBATCH` lines, then the command line's
/// options over them, validated as slurmctld validates them; with the
/// warning sbatch says of them.
fn build(
    c: &mut Cluster,
    parsed: &Parsed,
    script: Script,
    caller: &Caller<'_>,
) -> Result<(Job, String), CommandOutput> {
    let mut opts = JobOptions::default();
    let directives = script::directives(&script.text);
    let from_script = getopt::parse(&directives, OPTIONS, Order::StopAtOperand)
        .map_err(|e| usage_error("sbatch", &e, 255))?;
    if let Some(bad) = from_script.operands.first() {
        return Err(CommandOutput::failure(
            &format!("sbatch: error: Invalid directive found in batch script: {bad}\n"),
            255,
        ));
    }
    apply_all("sbatch", &from_script, &mut opts)?;
    apply_all("sbatch", parsed, &mut opts)?;
    verify("sbatch", &opts, true)?;
    let warning = fit_nodes_to_tasks("sbatch", &mut opts);
    // SBATCH_EXPORT is read after the script's lines, before the options.
    let export = parsed
        .value("export")
        .map(str::to_owned)
        .or_else(|| caller.var("SBATCH_EXPORT"))
        .or_else(|| from_script.value("export").map(str::to_owned));
    let spec = JobSpec {
        user: caller.user,
        opts: &opts,
        script: Some(script.text),
        command: script.command,
        script_args: parsed.operands.iter().skip(1).cloned().collect(),
        default_name: script.default_name,
        cwd: caller.cwd,
        batch: true,
        env: caller.env.map_or_else(UserEnv::default, |env| {
            export::batch_env(export.as_deref(), env, caller.user)
        }),
    };
    let job = if parsed.has("test-only") {
        will_run_job(c, &spec)
    } else {
        (c.admit(&spec)).map_err(|e| job_refused("sbatch", "Batch job submission failed", &e))
    };
    match job {
        Ok(job) => Ok((job, warning)),
        Err(refused) => Err(after_warning(&warning, refused)),
    }
}

/// `slurm_job_will_run`'s job: slurmctld makes the record and drops it,
/// its id spent once made; what it explains itself stays unsaid.
fn will_run_job(c: &mut Cluster, spec: &JobSpec<'_>) -> Result<Job, CommandOutput> {
    c.build_job(spec).map_err(|e| {
        let mut out = CommandOutput::default();
        if e.recorded == Recorded::Nothing {
            for line in &e.details {
                out.err_line(&format!("sbatch: error: {line}"));
            }
        } else {
            c.spend_job_id();
        }
        out.err_line(&format!("allocation failure: {}", e.message));
        out.exit = 1;
        out
    })
}
