//! Importing a progress file into the progress a browser keeps, without
//! losing either side: exercises merge on their own (right on either side
//! is right, the most tries, a shown answer stays shown), and a lab that
//! both sides have, differently, is the reader's choice, with the one
//! further along proposed. Pure; the import button is `widgets::progress`.

use crate::sorted::SortedMap;

use super::{ExerciseProgress, LabProgress, Progress};

/// Which side of an import to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// What this browser has.
    Kept,
    /// What the file has.
    Imported,
}

/// A lab both sides have, differently.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LabConflict {
    /// The lab's slug.
    pub slug: String,
    /// This browser's.
    pub kept: LabProgress,
    /// The file's.
    pub imported: LabProgress,
    /// The one further along: more goals met, then the longer log; this
    /// browser's when they tie.
    pub proposed: Side,
}

/// What importing `incoming` would change, before the reader chooses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportPlan {
    /// The labs both sides have, differently.
    pub conflicts: Vec<LabConflict>,
    /// Exercises the file adds or takes further.
    pub exercises: usize,
    /// Labs only the file has.
    pub new_labs: usize,
}

impl Progress {
    /// What importing `incoming` into this progress would do.
    pub fn import_plan(&self, incoming: &Progress) -> ImportPlan {
        let conflicts = incoming
            .labs
            .iter()
            .filter_map(|(slug, imported)| {
                let kept = self.labs.get(slug).filter(|kept| *kept != imported)?;
                let further = |l: &LabProgress| (l.met.len(), l.log.len());
                Some(LabConflict {
                    slug: slug.clone(),
                    kept: kept.clone(),
                    imported: imported.clone(),
                    proposed: if further(imported) > further(kept) {
                        Side::Imported
                    } else {
                        Side::Kept
                    },
                })
            })
            .collect();
        let exercises = incoming
            .exercises
            .iter()
            .filter(|(id, theirs)| match self.exercises.get(*id) {
                None => true,
                Some(ours) => merge_exercise(ours, theirs) != *ours,
            })
            .count();
        let new_labs = incoming
            .labs
            .keys()
            .filter(|slug| !self.labs.contains_key(*slug))
            .count();
        ImportPlan {
            conflicts,
            exercises,
            new_labs,
        }
    }

    /// This progress with `incoming` imported: each conflicting lab as
    /// `choices` says (the proposed side where it says nothing).
    pub fn import(&self, incoming: &Progress, choices: &SortedMap<String, Side>) -> Progress {
        let mut merged = self.clone();
        for (id, theirs) in &incoming.exercises {
            let record = match self.exercises.get(id) {
                Some(ours) => merge_exercise(ours, theirs),
                None => theirs.clone(),
            };
            merged.exercises.insert(id.clone(), record);
        }
        let plan = self.import_plan(incoming);
        for (slug, theirs) in &incoming.labs {
            let side = match plan.conflicts.iter().find(|c| c.slug == *slug) {
                Some(conflict) => choices.get(slug).copied().unwrap_or(conflict.proposed),
                None => Side::Imported,
            };
            if side == Side::Imported {
                merged.labs.insert(slug.clone(), theirs.clone());
            }
        }
        merged
    }
}

/// One exercise from both sides: right if either is, the most tries, the
/// answer shown if either showed it, the right side's answer and proof,
/// and this browser's log unless it has none.
fn merge_exercise(ours: &ExerciseProgress, theirs: &ExerciseProgress) -> ExerciseProgress {
    let proving = if ours.right || !theirs.right {
        ours
    } else {
        theirs
    };
    ExerciseProgress {
        right: ours.right || theirs.right,
        tries: ours.tries.max(theirs.tries),
        solution: ours.solution || theirs.solution,
        answer: proving.answer.clone(),
        log: if ours.log.is_empty() {
            theirs.log.clone()
        } else {
            ours.log.clone()
        },
        proof: proving.proof.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::progress::Answer;
    use crate::sim::slurm::session::Event;

    fn lab(seed: u64, met: &[&str], commands: usize) -> LabProgress {
        let mut lab = LabProgress::new(seed);
        lab.goals = 4;
        lab.met = met.iter().map(|m| (*m).to_owned()).collect();
        lab.log = (0..commands)
            .map(|i| Event::Line(format!("c{i}")))
            .collect();
        lab
    }

    fn right(answer: usize) -> ExerciseProgress {
        let mut e = ExerciseProgress::default();
        e.checked(true, Answer::Choice(answer));
        e
    }

    #[test]
    fn the_lab_further_along_is_proposed_and_the_choice_respected() {
        let mut here = Progress::default();
        here.labs.insert("bus".into(), lab(7, &["inspect"], 3));
        here.labs.insert("same".into(), lab(1, &[], 1));
        let mut file = Progress::default();
        file.labs
            .insert("bus".into(), lab(7, &["inspect", "drain"], 2));
        file.labs.insert("same".into(), lab(1, &[], 1));
        file.labs.insert("new".into(), lab(2, &[], 0));
        let plan = here.import_plan(&file);
        assert_eq!(plan.conflicts.len(), 1, "identical labs do not conflict");
        assert_eq!(plan.conflicts[0].slug, "bus");
        assert_eq!(plan.conflicts[0].proposed, Side::Imported);
        assert_eq!(plan.new_labs, 1);
        let proposed = here.import(&file, &SortedMap::new());
        assert_eq!(proposed.labs["bus"].met.len(), 2);
        assert!(proposed.labs.contains_key("new"));
        let kept = here.import(&file, &[("bus".to_owned(), Side::Kept)].into());
        assert_eq!(kept.labs["bus"], here.labs["bus"]);
        // A tie keeps this browser's.
        let mut tie = Progress::default();
        tie.labs.insert("bus".into(), lab(9, &["inspect"], 3));
        assert_eq!(here.import_plan(&tie).conflicts[0].proposed, Side::Kept);
    }

    #[test]
    fn exercises_merge_without_losing_either_side() {
        let mut here = Progress::default();
        let mut open = ExerciseProgress::default();
        open.checked(false, Answer::Choice(0));
        open.checked(false, Answer::Choice(1));
        here.exercises.insert("a".into(), open);
        here.exercises.insert("b".into(), right(2));
        let mut file = Progress::default();
        file.exercises.insert("a".into(), right(3));
        let shown = ExerciseProgress {
            solution: true,
            ..ExerciseProgress::default()
        };
        file.exercises.insert("b".into(), shown);
        file.exercises.insert("c".into(), right(0));
        assert_eq!(here.import_plan(&file).exercises, 3);
        let merged = here.import(&file, &SortedMap::new());
        let a = &merged.exercises["a"];
        assert_eq!(
            (a.right, a.tries, a.answer.clone()),
            (true, 2, Some(Answer::Choice(3)))
        );
        let b = &merged.exercises["b"];
        assert_eq!(
            (b.right, b.solution, b.answer.clone()),
            (true, true, Some(Answer::Choice(2)))
        );
        assert!(merged.exercises["c"].right);
        // Importing the same file again changes nothing.
        assert_eq!(merged.import_plan(&file).exercises, 0);
        assert_eq!(merged.import(&file, &SortedMap::new()), merged);
    }
}
