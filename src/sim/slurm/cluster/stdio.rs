//! A batch job's output files, opened as slurmstepd opens them before its
//! script starts (`io_init_tasks_stdio`): standard output, then standard
//! error. A directory missing from either path fails the launch, the
//! classic `#SBATCH --output=logs/%x-%j.out` before any `mkdir logs`:
//! nothing runs and nothing is written; the job ends FAILED at once with
//! `Reason=JobLaunchFailure` and `ExitCode=0:53` (slurmstepd's
//! `ESLURMD_IO_ERROR`, 4021, read as a wait status: signal 53).

use super::Cluster;
use super::output::FileWrite;
use super::state::StepRecord;
use crate::sim::slurm::shell::{Fs, Kind, parent};

/// The signal sacct and scontrol show for `ESLURMD_IO_ERROR` (4021 & 0x7f).
pub(crate) const IO_ERROR_SIGNAL: i32 = 53;

impl Cluster {
    /// Opens a starting batch job's output files in `fs` (the files the
    /// nodes see; `None`: none to check). If one cannot be opened, the
    /// job's run is that failure and `true` is returned; the standard
    /// output, opened first, is created when only the error file fails.
    /// Jobs whose working directory `fs` does not keep (other users'
    /// homes, which the model leaves out) are not checked.
    pub(super) fn stdio_fails(&mut self, id: u32, fs: Option<&Fs>) -> bool {
        let Some(fs) = fs else {
            return false;
        };
        let Some(job) = self.jobs.get(&id).filter(|j| j.batch) else {
            return false;
        };
        let is_dir = |path: &str| {
            let dir = fs.resolve("/", path).ok();
            dir.and_then(|d| fs.meta(&d))
                .is_some_and(|m| m.kind == Kind::Dir)
        };
        if !is_dir(&job.work_dir) {
            return false;
        }
        let (out, err) = self.output_paths(id, None);
        let out_opens = is_dir(parent(&out));
        if out_opens && is_dir(parent(&err)) {
            return false;
        }
        let batch = StepRecord::batch(job, Some(0), 0, IO_ERROR_SIGNAL);
        let truncate = !job.extras.append;
        self.set_run(id, vec![batch], Vec::new(), (0, 0), Some(0));
        if let Some(job) = self.jobs.get_mut(&id) {
            job.exit = (0, IO_ERROR_SIGNAL);
        }
        if out_opens {
            self.writes.push(FileWrite {
                path: out,
                text: String::new(),
                truncate,
                dir: false,
            });
        }
        true
    }
}
