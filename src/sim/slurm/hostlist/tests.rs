//! Tests: expansion and compression as Slurm 22.05's hostlist.c does them,
//! the node lists of the reference cluster's transcripts, the errors and
//! bounds, and round-trip properties.

use super::*;

fn names(expr: &str) -> Vec<String> {
    match Hostlist::parse(expr) {
        Ok(list) => list.names().to_vec(),
        Err(e) => panic!("{expr} should parse: {e}"),
    }
}

fn compressed(names: &[&str]) -> String {
    Hostlist::from_names(names.iter().copied()).to_string()
}

fn error(expr: &str) -> HostlistError {
    match Hostlist::parse(expr) {
        Ok(list) => panic!("{expr} should fail, got {list:?}"),
        Err(e) => e,
    }
}

#[test]
fn ranges_and_lists_expand_in_order() {
    assert_eq!(
        names("node-[1-4,7]"),
        ["node-1", "node-2", "node-3", "node-4", "node-7"]
    );
    assert_eq!(names("node-1,node-3"), ["node-1", "node-3"]);
    assert_eq!(names("node-[3,1]"), ["node-3", "node-1"]);
    assert_eq!(names("n[1-2] login\tgpu1"), ["n1", "n2", "login", "gpu1"]);
    assert_eq!(names("[1-3]"), ["1", "2", "3"]);
    assert_eq!(names("n[1-2],n2"), ["n1", "n2", "n2"]);
    assert!(names("").is_empty());
    assert!(names(" ,, ").is_empty());
}

#[test]
fn the_digits_of_lo_set_the_padding() {
    assert_eq!(names("node-[01-03]"), ["node-01", "node-02", "node-03"]);
    assert_eq!(names("node-[08-10]"), ["node-08", "node-09", "node-10"]);
    assert_eq!(names("node-[9-10]"), ["node-9", "node-10"]);
    assert_eq!(names("node-[001-2]"), ["node-001", "node-002"]);
    assert_eq!(names("node-[1-010]").len(), 10);
}

#[test]
fn several_brackets_expand_left_outermost() {
    assert_eq!(
        names("rack[1-2]-node[1-3]"),
        [
            "rack1-node1",
            "rack1-node2",
            "rack1-node3",
            "rack2-node1",
            "rack2-node2",
            "rack2-node3"
        ]
    );
    assert_eq!(
        names("r[01-02]n[1,3]"),
        ["r01n1", "r01n3", "r02n1", "r02n3"]
    );
}

#[test]
fn compression_matches_the_transcripts() {
    // sinfo and squeue NODELIST columns of the reference cluster.
    assert_eq!(
        compressed(&["node-1", "node-2", "node-3", "node-4"]),
        "node-[1-4]"
    );
    assert_eq!(compressed(&["node-4", "node-2", "node-1"]), "node-[1-2,4]");
    assert_eq!(compressed(&["node-3", "node-4"]), "node-[3-4]");
    assert_eq!(compressed(&["node-1"]), "node-1");
}

#[test]
fn compression_sorts_and_joins_as_slurm() {
    assert_eq!(
        compressed(&["node-7", "node-1", "node-3", "node-2", "node-4"]),
        "node-[1-4,7]"
    );
    assert_eq!(compressed(&["node-1", "node-3"]), "node-[1,3]");
    assert_eq!(compressed(&["n2", "n1", "n2", "n3"]), "n[1-3]");
    assert_eq!(
        compressed(&["node-02", "node-01", "node-10"]),
        "node-[01-02,10]"
    );
    assert_eq!(compressed(&["node-09", "node-10"]), "node-[09-10]");
    assert_eq!(compressed(&["node-9", "node-10"]), "node-[9-10]");
    assert_eq!(compressed(&["n99", "n100"]), "n[99-100]");
    // Different padding of one number: two hosts, the narrower first.
    assert_eq!(compressed(&["node-01", "node-1"]), "node-[1,01]");
    assert_eq!(
        compressed(&["node-1", "node-2", "node-01", "node-02"]),
        "node-[1-2,01-02]"
    );
    // Prefixes in natural order; a name without a number first.
    assert_eq!(
        compressed(&["rack10-n1", "rack2-n1", "rack2-n2"]),
        "rack2-n[1-2],rack10-n1"
    );
    assert_eq!(
        compressed(&["login2", "login", "login1"]),
        "login,login[1-2]"
    );
    assert_eq!(
        compressed(&["node-1", "gpu2", "login1", "gpu1", "node-3"]),
        "gpu[1-2],login1,node-[1,3]"
    );
    assert_eq!(compressed(&["1", "3", "2"]), "[1-3]");
    assert_eq!(compressed(&[]), "");
}

#[test]
fn several_brackets_compress_on_the_last_number() {
    let list = names("rack[1-2]-node[1-3]");
    assert_eq!(
        Hostlist::from_names(list).to_string(),
        "rack1-node[1-3],rack2-node[1-3]"
    );
}

#[test]
fn natural_order_of_prefixes() {
    assert_eq!(natural_cmp("rack2", "rack10"), Ordering::Less);
    assert_eq!(natural_cmp("a01", "a1"), Ordering::Less);
    assert_eq!(natural_cmp("node-", "node-a"), Ordering::Less);
    assert_eq!(natural_cmp("b", "a9"), Ordering::Greater);
    assert_eq!(natural_cmp("x7y", "x7y"), Ordering::Equal);
}

#[test]
fn list_queries() {
    let list = Hostlist::parse("node-[1-4]").unwrap_or_default();
    assert_eq!(list.len(), 4);
    assert!(!list.is_empty());
    assert!(list.contains("node-3"));
    assert!(!list.contains("node-5"));
    assert_eq!("node-[1-2]".parse::<Hostlist>().map(|l| l.len()), Ok(2));
    assert!(Hostlist::default().is_empty());
}

#[test]
fn errors_name_the_range_or_name() {
    assert_eq!(
        error("node-[4-1]"),
        HostlistError::InvalidRange {
            range: "4-1".into(),
            token: "node-[4-1]".into()
        }
    );
    assert_eq!(
        error("node-[4-1]").to_string(),
        "Invalid range: `4-1` in `node-[4-1]`"
    );
    assert_eq!(
        error("node-[1-4"),
        HostlistError::UnclosedBracket {
            token: "node-[1-4".into()
        }
    );
    assert_eq!(
        error("node-[1-4,a").to_string(),
        "unclosed `[` in `node-[1-4,a`"
    );
    assert_eq!(
        error("node-1]"),
        HostlistError::MisplacedBracket {
            token: "node-1]".into()
        }
    );
    assert_eq!(
        error("n[[1]]"),
        HostlistError::MisplacedBracket {
            token: "n[[1]]".into()
        }
    );
    assert_eq!(
        error("node[1-2]-ib"),
        HostlistError::TextAfterBracket {
            token: "node[1-2]-ib".into()
        }
    );
    for bad in [
        "n[]",
        "n[a-b]",
        "n[1-]",
        "n[-1]",
        "n[1--2]",
        "n[1,,2]",
        "n[1x2]",
        "n[99999999999999999999]",
    ] {
        assert!(
            matches!(error(bad), HostlistError::InvalidRange { .. }),
            "{bad}"
        );
    }
}

#[test]
fn expansion_is_bounded() {
    assert_eq!(
        error("n[0-999999999]"),
        HostlistError::RangeTooLarge {
            range: "0-999999999".into()
        }
    );
    assert_eq!(
        error("n[0-999999999]").to_string(),
        "Too many hosts in range `0-999999999` (at most 65536)"
    );
    assert_eq!(names("n[0-65535]").len(), MAX_HOSTS);
    assert!(matches!(
        error("n[0-65535],x"),
        HostlistError::TooManyHosts { .. }
    ));
    assert!(matches!(
        error("a[0-256]b[0-255]"),
        HostlistError::TooManyHosts { .. }
    ));
    assert!(matches!(
        error("a[0-9999]b[0-9999]c[0-9999]"),
        HostlistError::TooManyHosts { .. }
    ));
    let long_prefix = format!("{}[0-65535]", "x".repeat(100));
    assert!(matches!(
        error(&long_prefix),
        HostlistError::TooManyHosts { .. }
    ));
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::super::*;

    /// Names from a few prefixes, numbers 0-40 padded to 1-3 digits, and
    /// names without numbers.
    fn name() -> impl Strategy<Value = String> {
        let prefix = proptest::sample::select(vec!["n", "node-", "rack1-node", "gpu", "", "a-"]);
        prop_oneof![
            4 => (prefix, 0u64..40, 0usize..4).prop_map(|(p, v, w)| format!("{p}{v:0w$}")),
            1 => proptest::sample::select(vec!["login", "node-", "gpu-a"]).prop_map(str::to_owned),
        ]
    }

    proptest! {
        #[test]
        fn compressed_lists_expand_to_the_same_set(list in proptest::collection::vec(name(), 0..30)) {
            let text = Hostlist::from_names(list.iter().cloned()).to_string();
            let back = Hostlist::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let want: BTreeSet<&str> = list.iter().map(String::as_str).collect();
            let got: BTreeSet<&str> = back.names().iter().map(String::as_str).collect();
            prop_assert_eq!(&got, &want, "{}", text);
            prop_assert_eq!(back.len(), want.len(), "no duplicates in {}", text);
            prop_assert_eq!(back.to_string(), text);
        }

        #[test]
        fn any_expression_parses_or_errs(expr in "[-\\[\\],0-9a-c \t]{0,24}") {
            if let Ok(list) = Hostlist::parse(&expr) {
                let text = list.to_string();
                let back = Hostlist::parse(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
                prop_assert_eq!(back.to_string(), text);
            }
        }
    }
}
