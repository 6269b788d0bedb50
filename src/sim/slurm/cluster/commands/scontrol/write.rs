//! `scontrol write batch_script JOBID [FILE|-]`: a batch job's script,
//! written to `slurm-JOBID.sh` in the working directory (or FILE), or
//! printed with `-` (scontrol's `scontrol_batch_script`, and the
//! controller's `_slurm_rpc_dump_batch_script` for who may read it).
//! scontrol ignores the result: a refusal is said, and the status stays 0.

use super::super::super::output::{CommandOutput, FileWrite};
use super::super::super::{Caller, Cluster};
use super::is;
use crate::sim::slurm::c_num::atoi;

/// `write WHAT ...`; only `batch_script` is simulated.
pub(super) fn write(
    c: &mut Cluster,
    tag: &str,
    args: &[String],
    (caller, quiet): (&Caller<'_>, bool),
    out: &mut CommandOutput,
) {
    let Some(what) = args.first() else {
        out.err_line(&format!("too few arguments for keyword:{tag}"));
        out.exit = 1;
        return;
    };
    if what.len() >= 5 && is(what, "batch_script", 5) {
        match &args[1..] {
            // scontrol_batch_script returns at once without a job id.
            [] => {}
            [job, rest @ ..] if rest.len() <= 1 => {
                batch_script(c, job, rest.first(), (caller, quiet), out);
            }
            _ => {
                out.err_line(&format!("too many arguments for keyword:{tag}"));
                out.exit = 1;
            }
        }
    } else if what.len() >= 6 && is(what, "config", 6) {
        out.err_line("scontrol: write config is not available on this simulated cluster; scontrol show config prints it");
        out.exit = 1;
    } else {
        out.err_line(&format!("invalid write argument:{what}"));
        out.exit = 1;
    }
}

fn batch_script(
    c: &mut Cluster,
    job: &str,
    file: Option<&String>,
    (caller, quiet): (&Caller<'_>, bool),
    out: &mut CommandOutput,
) {
    // atoll, kept to 32 bits as the job id it is stored in.
    let id = atoi(job) as u32;
    let script = match c.job(id) {
        None => Err("Invalid job id specified"),
        Some(j) if j.user != caller.user && !c.is_operator(caller.user) => Err("Invalid user id"),
        Some(j) => j
            .script
            .clone()
            .filter(|_| j.batch)
            .ok_or("Job script not specified"),
    };
    let name = file.cloned().unwrap_or_else(|| format!("slurm-{id}.sh"));
    match script {
        Err(why) => out.err_line(&format!("job script retrieval failed: {why}")),
        Ok(text) if name == "-" => out.out(&text),
        Ok(text) => {
            let path = if name.starts_with('/') {
                name.clone()
            } else {
                format!("{}/{name}", caller.cwd.trim_end_matches('/'))
            };
            c.writes.push(FileWrite {
                path,
                text,
                truncate: true,
                dir: false,
            });
            if !quiet {
                out.out_line(&format!("batch script for job {id} written to {name}"));
            }
        }
    }
}
