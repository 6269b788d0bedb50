//! The ordinary lines a training script prints into its job output:
//! start, resume from a checkpoint, one line per logged step, checkpoint
//! saved. node-tools.md gives no real format for these (every script has
//! its own), so this is a plain one in the common style:
//! `[2026-11-30 02:41:07] step 1200/20000 | loss 2.4137 | 0.84 s/step`.
//! Pure.

use serde::{Deserialize, Serialize};

use super::clock::Civil;
use super::noise;

/// One line of a training log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TrainingLine {
    /// The script starts: world size and planned steps.
    Start {
        /// Ranks in the job.
        world_size: u32,
        /// Steps planned.
        steps: u64,
    },
    /// It loaded a checkpoint and goes on after `step`.
    Resume {
        /// The step of the checkpoint.
        step: u64,
        /// The checkpoint file.
        path: String,
    },
    /// A logged step.
    Step {
        /// Steps done.
        step: u64,
        /// Steps planned.
        total: u64,
        /// The training loss.
        loss: f64,
        /// Mean wall time per step since the last line, seconds.
        seconds_per_step: f64,
    },
    /// It saved a checkpoint after `step`.
    Checkpoint {
        /// The step saved.
        step: u64,
        /// The checkpoint file.
        path: String,
    },
    /// It ran every planned step.
    Finished {
        /// Steps planned.
        steps: u64,
    },
}

impl TrainingLine {
    /// A logged step with a plausible loss: a power-law decay from about
    /// 10.4 towards 1.8, with a little seeded noise.
    pub fn step(step: u64, total: u64, seconds_per_step: f64, seed: u64) -> TrainingLine {
        let decay = 8.6 / (1.0 + step as f64 / 50.0).sqrt();
        let wobble = 0.04 * (2.0 * noise::unit(&[seed, step]) - 1.0);
        TrainingLine::Step {
            step,
            total,
            loss: 1.8 + decay + wobble,
            seconds_per_step,
        }
    }
}

/// The line printed at `at` (seconds since the Unix epoch).
pub fn training_line(at: i64, line: &TrainingLine) -> String {
    let c = Civil::new(at);
    let text = match line {
        TrainingLine::Start { world_size, steps } => {
            format!("starting training: world size {world_size}, {steps} steps")
        }
        TrainingLine::Resume { step, path } => {
            format!("resuming from checkpoint {path} (step {step})")
        }
        TrainingLine::Step {
            step,
            total,
            loss,
            seconds_per_step,
        } => format!("step {step}/{total} | loss {loss:.4} | {seconds_per_step:.2} s/step"),
        TrainingLine::Checkpoint { step, path } => {
            format!("saved checkpoint {path} (step {step})")
        }
        TrainingLine::Finished { steps } => format!("training finished after {steps} steps"),
    };
    format!("[{} {}] {text}", c.date(), c.hms())
}
