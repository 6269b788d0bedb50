//! A lab's progress in the browser: its entry in the reader's one progress
//! document (`crate::progress::LabProgress`), replayed on load. Progress
//! that cannot be read or replayed starts the lab fresh and says why;
//! nothing is lost silently (`crate::ui::progress` keeps an unreadable
//! document aside).
//!
//! An instructor can give a whole class the same incident with
//! `?lab-seed=N` in the page's address; a learner's saved work on another
//! incident still opens, with a note offering the address's one.

use std::sync::Arc;

use crate::progress::{LabProgress, ProgressError};
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
    /// The address asks for incident `wanted`, but the learner has work
    /// saved on incident `saved`: that opens, and the note offers to start
    /// the address's incident instead (which forgets it).
    OtherIncident { saved: u64, wanted: u64 },
    /// Saved progress could not be used: why.
    Unreadable(ProgressError),
    /// The saved log could not be replayed (a bug): why, in English.
    NotReplayed(String),
}

/// A lab opened in the page.
pub(crate) struct Opened {
    pub(crate) lab: Lab,
    pub(crate) session: Session,
    pub(crate) saved: LabProgress,
    pub(crate) note: Option<Note>,
}

/// The incident the page's address asks for (`?lab-seed=N`), if any.
pub(crate) fn address_seed() -> Option<u64> {
    url_state::read("lab-seed").and_then(|s| s.parse::<u64>().ok())
}

/// What to open when progress is saved, given the address's seed.
#[derive(Debug, PartialEq, Eq)]
enum Choice {
    /// Replay the saved lab, with a note.
    Replay(Note),
    /// Start a fresh lab on the address's seed.
    Fresh,
}

/// Saved work is never dropped for the address's seed: a saved lab with
/// nothing done in it gives way, one with work opens with a note.
fn choose(saved: &LabProgress, wanted: Option<u64>) -> Choice {
    match wanted {
        Some(wanted) if wanted != saved.seed && saved.has_work() => {
            Choice::Replay(Note::OtherIncident {
                saved: saved.seed,
                wanted,
            })
        }
        Some(wanted) if wanted != saved.seed => Choice::Fresh,
        _ => Choice::Replay(Note::Restored),
    }
}

/// Opens `id`: the saved progress replayed with `help` in the page's
/// language, or a fresh lab. `None` only if even a fresh lab cannot be
/// built (a bug, reported by the caller).
pub(crate) fn open(id: LabId, help: Arc<HelpText>) -> Option<Opened> {
    let wanted = address_seed();
    let loaded = load();
    let saved = loaded.progress.labs.get(id.slug());
    let note = if let Some(problem) = loaded.problem {
        Some(Note::Unreadable(problem))
    } else if let Some(saved) = saved
        && let Choice::Replay(note) = choose(saved, wanted)
    {
        match Lab::replay(id, saved.seed, &saved.log, help) {
            Ok((lab, session)) => {
                return Some(Opened {
                    lab,
                    session,
                    saved: saved.clone(),
                    note: Some(note),
                });
            }
            Err(e) => Some(Note::NotReplayed(e.to_string())),
        }
    } else {
        None
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::slurm::session::Event;

    fn worked(seed: u64) -> LabProgress {
        let mut saved = LabProgress::new(seed);
        saved.log.push(Event::Line("sinfo".into()));
        saved
    }

    #[test]
    fn saved_work_on_another_incident_opens_with_a_note() {
        assert_eq!(
            choose(&worked(17), Some(42)),
            Choice::Replay(Note::OtherIncident {
                saved: 17,
                wanted: 42
            })
        );
    }

    #[test]
    fn a_saved_lab_with_nothing_done_gives_way_to_the_address() {
        let mut idle = LabProgress::new(17);
        idle.log.push(Event::Advance(300));
        assert_eq!(choose(&idle, Some(42)), Choice::Fresh);
    }

    #[test]
    fn the_same_seed_or_none_restores() {
        assert_eq!(
            choose(&worked(17), Some(17)),
            Choice::Replay(Note::Restored)
        );
        assert_eq!(choose(&worked(17), None), Choice::Replay(Note::Restored));
    }
}
