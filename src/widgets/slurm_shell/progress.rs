//! A lab's progress in the browser: its entry in the reader's one progress
//! document (`crate::progress::LabProgress`), replayed on load. Progress
//! that cannot be read or replayed starts the lab fresh and says why;
//! nothing is lost silently (`crate::ui::progress` keeps an unreadable
//! document aside).
//!
//! An instructor can give a whole class the same incident with
//! `?lab-seed=N` in the page's address.

use std::sync::Arc;

use crate::progress::LabProgress;
use crate::sim::slurm::lab::{Lab, LabId};
use crate::sim::slurm::session::Session;
use crate::sim::slurm::shell::HelpText;
use crate::ui::progress::{change, load};
use crate::widgets::url_state;

/// What opening a lab found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Note {
    /// Saved progress was replayed.
    Restored,
    /// Saved progress could not be used: why, in English (for the page's
    /// maintainers; the notice itself is translated).
    Unreadable(String),
}

/// A lab opened in the page.
pub(crate) struct Opened {
    pub(crate) lab: Lab,
    pub(crate) session: Session,
    pub(crate) saved: LabProgress,
    pub(crate) note: Option<Note>,
}

/// Opens `id`: the saved progress replayed with `help` in the page's
/// language, or a fresh lab. `None` only if even a fresh lab cannot be
/// built (a bug, reported by the caller).
pub(crate) fn open(id: LabId, help: Arc<HelpText>) -> Option<Opened> {
    let wanted = url_state::read("lab-seed").and_then(|s| s.parse::<u64>().ok());
    let loaded = load();
    let note = match (loaded.problem, loaded.progress.labs.get(id.slug())) {
        (Some(problem), _) => Some(Note::Unreadable(problem.to_string())),
        (None, None) => None,
        // The address asks for another incident: start it.
        (None, Some(saved)) if wanted.is_some_and(|w| w != saved.seed) => None,
        (None, Some(saved)) => match Lab::replay(id, saved.seed, &saved.log, help) {
            Ok((lab, session)) => {
                return Some(Opened {
                    lab,
                    session,
                    saved: saved.clone(),
                    note: Some(Note::Restored),
                });
            }
            Err(e) => Some(Note::Unreadable(e.to_string())),
        },
    };
    let mut opened = fresh(id, wanted)?;
    opened.note = note;
    Some(opened)
}

/// A fresh lab on `seed` (a random one when `None`), saved at once.
pub(crate) fn fresh(id: LabId, seed: Option<u64>) -> Option<Opened> {
    let seed = seed.unwrap_or_else(random_seed);
    let (lab, session) = Lab::open(id, seed).ok()?;
    let saved = LabProgress {
        goals: id.goals().len() as u8,
        ..LabProgress::new(seed)
    };
    keep(id, &saved);
    Some(Opened {
        lab,
        session,
        saved,
        note: None,
    })
}

/// Stores the progress; a browser that refuses (private mode, full
/// storage) keeps the lab going without it.
pub(crate) fn keep(id: LabId, saved: &LabProgress) {
    change(|p| {
        p.labs.insert(id.slug().to_owned(), saved.clone());
    });
}

/// A seed for a new incident (a fixed one where the build renders the
/// lab's first state, which shows no incident yet).
fn random_seed() -> u64 {
    if cfg!(target_arch = "wasm32") {
        (js_sys::Math::random() * 1e6) as u64
    } else {
        0
    }
}
