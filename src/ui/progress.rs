//! The reader's progress in the browser: one [`Progress`] document under
//! [`KEY`], read afresh before every change, so that widgets (or tabs)
//! changing different items keep each other's changes. The first read
//! migrates the one-key-per-item progress of earlier builds; a document
//! that cannot be read is kept aside under [`UNREADABLE_KEY`], and one
//! written by a newer build is never overwritten. Natively (the build's
//! first render) storage is empty and nothing is written.

use crate::i18n::Arg;
use crate::progress::{
    BadLine, KEY, LEGACY_EXERCISE_PREFIX, LEGACY_LAB_PREFIX, Progress, ProgressError,
    UNREADABLE_KEY,
};
use crate::ui::Texts;
use crate::ui::browser::{forget, store, stored, stored_with_prefix};

/// How much of a line that cannot be read a message quotes, in characters.
const QUOTED_CHARS: usize = 60;

/// What reading the stored progress found.
pub(crate) struct Loaded {
    /// The progress to show (empty when the stored one cannot be used).
    pub(crate) progress: Progress,
    /// Why the stored document was not used, if it was not.
    pub(crate) problem: Option<ProgressError>,
}

/// Reads the stored progress.
pub(crate) fn load() -> Loaded {
    let Some(text) = stored(KEY) else {
        return Loaded {
            progress: migrate(),
            problem: None,
        };
    };
    match Progress::parse(&text) {
        Ok(progress) => Loaded {
            progress,
            problem: None,
        },
        Err(problem) => {
            if matches!(problem, ProgressError::Unreadable { .. }) {
                // Kept for whoever wants to look; the reader starts afresh.
                store(UNREADABLE_KEY, &text);
                store(KEY, &Progress::default().to_text());
            }
            Loaded {
                progress: Progress::default(),
                problem: Some(problem),
            }
        }
    }
}

/// Why stored progress (or a file of it) was not used, in the page's
/// language: the line and what is wrong with it, quoting its start.
pub(crate) fn reason(i18n: &Texts, problem: &ProgressError) -> String {
    let ProgressError::Unreadable {
        line,
        problem,
        text,
    } = problem
    else {
        return i18n.t("progress-bad-newer");
    };
    let what = i18n.t(match problem {
        BadLine::Header => "progress-bad-header",
        BadLine::Exercise => "progress-bad-exercise",
        BadLine::ProofOutside => "progress-bad-proof",
        BadLine::Lab => "progress-bad-lab",
        BadLine::Event => "progress-bad-event",
        BadLine::EventOutside => "progress-bad-event-outside",
    });
    let mut quoted: String = text.chars().take(QUOTED_CHARS).collect();
    if quoted.len() < text.len() {
        quoted.push('…');
    }
    i18n.t_args(
        "progress-bad-line",
        &[
            ("line", Arg::Num(*line as f64)),
            ("problem", Arg::Str(&what)),
            ("text", Arg::Str(&quoted)),
        ],
    )
}

/// Changes the stored progress with `edit`; nothing is written over a
/// newer build's document.
pub(crate) fn change(edit: impl FnOnce(&mut Progress)) {
    let Loaded {
        mut progress,
        problem,
    } = load();
    if matches!(problem, Some(ProgressError::Newer(_))) {
        return;
    }
    edit(&mut progress);
    store(KEY, &progress.to_text());
}

/// Moves earlier builds' keys into one document; keys it cannot read
/// stay where they are.
fn migrate() -> Progress {
    let legacy = stored_with_prefix(&[LEGACY_EXERCISE_PREFIX, LEGACY_LAB_PREFIX]);
    if legacy.is_empty() {
        return Progress::default();
    }
    let (progress, unread) =
        Progress::migrate(legacy.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    store(KEY, &progress.to_text());
    if stored(KEY).is_none() {
        // Storage refused the document: the old keys stay the only copy.
        return progress;
    }
    for (key, _) in &legacy {
        if !unread.contains(key) {
            forget(key);
        }
    }
    progress
}
