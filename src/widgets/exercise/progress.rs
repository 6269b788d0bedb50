//! What a reader did with each exercise: its entry in the reader's one
//! progress document (`crate::progress`), keyed by the exercise's id, so
//! progress follows the reader across languages. `public/book.js` counts
//! the exercises answered right for the contents page.

use crate::progress::ExerciseProgress;
use crate::ui::progress::{change, load};

/// The progress kept for exercise `id`.
pub(super) fn load_record(id: &str) -> ExerciseProgress {
    load().progress.exercises.remove(id).unwrap_or_default()
}

/// Keeps `record` for exercise `id` (a browser that refuses loses it).
pub(super) fn save(id: &str, record: &ExerciseProgress) {
    change(|p| {
        p.exercises.insert(id.to_owned(), record.clone());
    });
}
