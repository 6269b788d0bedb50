//! `scontrol suspend` and `resume` of a running job, as slurmctld does
//! them (`_job_suspend_op`, `_suspend_job_nodes` and `_resume_job_nodes`
//! in job_mgr.c): a suspended job keeps its nodes, memory and GPUs but
//! gives back its cores (cons_tres's `JOB_RES_ACTION_RESUME`), its
//! priority drops to 0, its run stops (no output, steps or end), and on
//! resume its time limit counts on from where it stopped.

use super::Cluster;
use super::resources::Res;
use super::scheduler::NEVER;
use super::state::{JobState, Pause};

impl Cluster {
    /// Suspends a running job; suspending a suspended job changes
    /// nothing. Errors: slurmctld's words.
    pub(crate) fn suspend(&mut self, id: u32) -> Result<(), &'static str> {
        let now = self.now;
        let job = self.jobs.get(&id).ok_or("Invalid job id specified")?;
        match job.state {
            JobState::Pending => return Err("Job is pending execution"),
            JobState::Suspended => return Ok(()),
            JobState::Running => {}
            _ => return Err("Job/step already completing or completed"),
        }
        // What it wrote before it stopped, and its usage until now.
        self.flush_output(id);
        self.charge_job(id, now);
        let Some(job) = self.jobs.get_mut(&id) else {
            return Ok(());
        };
        let ran = job.run_time(now);
        job.suspension.pauses.push(Pause {
            ran,
            from: now,
            to: None,
        });
        job.state = JobState::Suspended;
        job.priority = 0;
        let mut held = job.holdings();
        let nodes = job.nodes.clone();
        for (&n, res) in nodes.iter().zip(&mut held) {
            if let Some(node) = self.nodes.get_mut(n) {
                node.alloc = node.alloc - Res::new(res.cpus, 0, 0);
                if node.alloc.cpus == 0 {
                    node.last_busy = now;
                }
            }
            res.cpus = 0;
        }
        self.runs.set_end(id, NEVER);
        self.runs.relimit(id, &nodes, NEVER, &held);
        self.queue.resources_changed();
        self.queue.changed();
        Ok(())
    }

    /// Resumes a suspended job: its cores back, its end later by the
    /// time it was stopped. Errors: slurmctld's words.
    pub(crate) fn resume(&mut self, id: u32) -> Result<(), &'static str> {
        let now = self.now;
        let job = self.jobs.get(&id).ok_or("Invalid job id specified")?;
        match job.state {
            JobState::Pending => return Err("Job is pending execution"),
            JobState::Suspended => {}
            JobState::Running => return Err("Job is not suspended"),
            _ => return Err("Job/step already completing or completed"),
        }
        let Some(job) = self.jobs.get_mut(&id) else {
            return Ok(());
        };
        let Some(pause) = job.suspension.pauses.last_mut() else {
            return Err("Job is not suspended");
        };
        pause.to = Some(now);
        let (ran, stopped) = (pause.ran, now - pause.from);
        job.state = JobState::Running;
        job.charged_until = now;
        let limit_end = job
            .time_limit
            .seconds()
            .and_then(|s| i64::try_from(s).ok())
            .map_or(NEVER, |s| now.saturating_add(s).saturating_sub(ran));
        job.end_time = (limit_end < NEVER).then_some(limit_end);
        job.natural_end = job.natural_end.map(|t| t.saturating_add(stopped));
        let end = job.natural_end.map_or(limit_end, |t| t.min(limit_end));
        let held = job.holdings();
        let nodes = job.nodes.clone();
        for (&n, res) in nodes.iter().zip(&held) {
            if let Some(node) = self.nodes.get_mut(n) {
                node.alloc = node.alloc + Res::new(res.cpus, 0, 0);
            }
        }
        self.runs.relimit(id, &nodes, limit_end, &held);
        self.runs.set_end(id, end);
        self.set_priority(id);
        self.queue.resources_changed();
        self.queue.changed();
        Ok(())
    }
}
