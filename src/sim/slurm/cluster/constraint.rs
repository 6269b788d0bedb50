//! `-C`/`--constraint`: the node features a job needs (`Features=` of
//! slurm.conf's node lines), as slurmctld's `build_feature_list` reads
//! them: names joined by `&` or `,` (all of them) and `|` (any group),
//! `&` binding tighter. A name no node has, or a form this model does not
//! read (brackets, counts `a*2`, parentheses, `!`), is refused with
//! slurmctld's `Invalid feature specification`.

use super::Cluster;

impl Cluster {
    /// `text` read against the features of this cluster's nodes.
    pub(crate) fn constraint(&self, text: &str) -> Option<Constraint> {
        Constraint::parse(text, self.nodes.iter().flat_map(|n| n.features.iter()))
    }
}

/// A parsed constraint: any of these groups, each needing all its names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Constraint {
    groups: Vec<Vec<String>>,
}

impl Constraint {
    /// Reads `text`, knowing the features of every node (`known`); `None`
    /// where slurmctld refuses it.
    pub(crate) fn parse<'a>(
        text: &str,
        known: impl Iterator<Item = &'a String> + Clone,
    ) -> Option<Constraint> {
        let groups: Vec<Vec<String>> = text
            .split('|')
            .map(|group| group.split(['&', ',']).map(str::to_owned).collect())
            .collect();
        let valid = |name: &String| {
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'))
                && known.clone().any(|k| k == name)
        };
        groups
            .iter()
            .all(|group| group.iter().all(valid))
            .then_some(Constraint { groups })
    }

    /// Whether a node with `features` can run the job.
    pub(crate) fn admits(&self, features: &[String]) -> bool {
        self.groups
            .iter()
            .any(|group| group.iter().all(|name| features.contains(name)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn known() -> Vec<String> {
        ["a100", "h100", "nvlink"].map(str::to_owned).to_vec()
    }

    fn features(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn and_binds_tighter_than_or() {
        let known = known();
        let c = Constraint::parse("a100&nvlink|h100", known.iter()).unwrap_or_else(|| panic!());
        assert!(c.admits(&features(&["a100", "nvlink"])));
        assert!(c.admits(&features(&["h100"])));
        assert!(!c.admits(&features(&["a100"])));
        let comma = Constraint::parse("a100,nvlink", known.iter()).unwrap_or_else(|| panic!());
        assert!(!comma.admits(&features(&["nvlink"])));
    }

    #[test]
    fn unknown_names_and_forms_are_refused() {
        let known = known();
        for bad in ["v100", "", "a100&", "[a100|h100]", "a100*2", "!a100"] {
            assert_eq!(Constraint::parse(bad, known.iter()), None, "{bad}");
        }
    }
}
