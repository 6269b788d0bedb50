//! Tests: the classic page's worked example, the Fair Tree tie rules, the
//! reference cluster's `sshare` and `sprio` (Slurm 22.05.8), decay and
//! resets, the priority sum, the queue story, and property tests.

use super::*;

/// Rounds as C's `printf("%.6f")` does for these values: 6 decimals.
fn six(x: f64) -> String {
    format!("{x:.6}")
}

fn tree(specs: &[AssocSpec]) -> AccountTree {
    match AccountTree::from_specs(specs) {
        Ok(t) => t,
        Err(e) => panic!("tree should build: {e}"),
    }
}

fn factor_of(map: &std::collections::BTreeMap<UserAssoc, FactorDetail>, a: &str, u: &str) -> f64 {
    map[&UserAssoc::new(a, u)].factor.unwrap_or(f64::NAN)
}

// ---------------------------------------------------------------- the tree

#[test]
fn tree_errors_name_the_association() {
    let err = |specs: &[AssocSpec]| AccountTree::from_specs(specs).err().map(|e| e.to_string());
    assert_eq!(AccountTree::from_specs(&[]), Err(FairShareError::EmptyTree));
    assert_eq!(
        AccountTree::from_specs(&[AssocSpec::account("root", "a", 1)]),
        Err(FairShareError::EmptyTree)
    );
    let dup_account = err(&[
        AssocSpec::account("root", "a", 1),
        AssocSpec::account("root", "a", 2),
        AssocSpec::user("a", "u", 1, 0.0),
    ]);
    assert_eq!(dup_account.as_deref(), Some("account a is listed twice"));
    let dup_user = err(&[
        AssocSpec::account("root", "a", 1),
        AssocSpec::user("a", "u", 1, 0.0),
        AssocSpec::user("a", "u", 1, 0.0),
    ]);
    assert_eq!(
        dup_user.as_deref(),
        Some("user u in account a is listed twice")
    );
    let unknown = err(&[AssocSpec::user("nope", "u", 1, 0.0)]);
    assert_eq!(
        unknown.as_deref(),
        Some("user u in account nope names parent account `nope`, which does not exist")
    );
    let cycle = AccountTree::from_specs(&[
        AssocSpec::account("y", "x", 1),
        AssocSpec::account("x", "y", 1),
        AssocSpec::user("root", "u", 1, 0.0),
    ]);
    assert!(matches!(cycle, Err(FairShareError::Cycle { ref assoc }) if assoc.contains("account")));
    for bad in [-1.0, f64::NAN, f64::INFINITY] {
        let e = AccountTree::from_specs(&[AssocSpec::user("root", "u", 1, bad)]);
        assert!(
            matches!(e, Err(FairShareError::InvalidUsage { ref assoc, .. }) if assoc == "user u in account root")
        );
    }
    let overflow = AccountTree::from_specs(&[
        AssocSpec::user("root", "u", 1, f64::MAX),
        AssocSpec::user("root", "v", 1, f64::MAX),
    ]);
    assert!(
        matches!(overflow, Err(FairShareError::InvalidUsage { ref assoc, .. }) if assoc == "account root")
    );
    let zero_level = err(&[
        AssocSpec::account("root", "a", 1),
        AssocSpec::user("a", "u", 0, 5.0),
        AssocSpec::user("a", "v", 0, 0.0),
    ]);
    assert_eq!(
        zero_level.as_deref(),
        Some(
            "the children of account a have zero shares in total, yet user u in account a has usage"
        )
    );
    let no_shares = err(&[
        AssocSpec::account("root", "a", 1),
        AssocSpec::user("a", "u", 0, 5.0),
        AssocSpec::user("a", "v", 1, 0.0),
    ]);
    assert_eq!(
        no_shares.as_deref(),
        Some("user u in account a has usage but no shares")
    );
    let empty_name = AccountTree::from_specs(&[AssocSpec::user("root", "", 1, 0.0)]);
    assert_eq!(
        empty_name,
        Err(FairShareError::EmptyName {
            parent: "root".into()
        })
    );
    // A second `root` line, or one with a parent, is a duplicate.
    let twice = AccountTree::from_specs(&[
        AssocSpec::account("", "root", 0),
        AssocSpec::account("", "root", 0),
        AssocSpec::user("root", "u", 1, 0.0),
    ]);
    assert!(matches!(
        twice,
        Err(FairShareError::DuplicateAssociation { .. })
    ));
}

#[test]
fn zero_shares_are_fine_without_usage_and_one_user_may_be_in_two_accounts() {
    let t = tree(&[
        AssocSpec::account("root", "a", 0),
        AssocSpec::user("a", "root", 0, 0.0),
        AssocSpec::user("root", "root", 1, 3.0),
    ]);
    assert_eq!(t.user_count(), 2);
    assert_eq!(t.nodes()[0].raw_usage, 3.0);
    // Classic: no shares, factor 0. Fair Tree: LF 0, so last of two: 1/2.
    let f = fair_share(&t, Algorithm::Classic).unwrap_or_default();
    assert_eq!(factor_of(&f, "a", "root"), 0.0);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "a", "root"), 0.5);
    assert_eq!(factor_of(&f, "root", "root"), 1.0);
}

#[test]
fn set_own_usage_re_sums_and_keeps_the_tree_on_error() {
    let mut t = tree(&[
        AssocSpec::account("root", "a", 1),
        AssocSpec::user("a", "u", 1, 1.0),
        AssocSpec::user("a", "z", 0, 0.0),
    ]);
    let u = t
        .find(&AssocId {
            account: "a".into(),
            user: Some("u".into()),
        })
        .unwrap_or(0);
    let z = t
        .find(&AssocId {
            account: "a".into(),
            user: Some("z".into()),
        })
        .unwrap_or(0);
    assert_eq!(t.set_own_usage(u, 5.0), Ok(()));
    assert_eq!(t.nodes()[0].raw_usage, 5.0);
    assert!(matches!(
        t.set_own_usage(z, 1.0),
        Err(FairShareError::UsageWithoutShares { .. })
    ));
    assert_eq!(t.nodes()[0].raw_usage, 5.0);
    assert!(t.set_own_usage(u, -1.0).is_err());
    assert!(t.set_own_usage(99, 1.0).is_err());
}

#[test]
fn trees_round_trip_through_their_specs() {
    let t = classic_page_tree();
    assert_eq!(AccountTree::from_specs(&t.to_specs()), Ok(t.clone()));
    let specs: Vec<AssocSpec> = t.clone().into();
    assert_eq!(AccountTree::try_from(specs), Ok(t));
    let bad = vec![AssocSpec::user("root", "u", 0, 1.0)];
    assert!(AccountTree::try_from(bad).is_err());
}

// ------------------------------------------------------ classic fair share

/// The example of <https://slurm.schedmd.com/classic_fair_share.html>:
/// accounts A (40) and D (60); B (30) and C (10) under A; E (25) and F (35)
/// under D; user 1 in B, users 2 and 3 in C, user 4 in E, user 5 in F, one
/// share each. Usage as fractions of the machine: user 1 0.2, user 2 0.25,
/// user 4 0.25; the remaining 0.3 was idle, charged here to root itself so
/// that U = usage / total matches the page.
fn classic_page_tree() -> AccountTree {
    tree(&[
        AssocSpec {
            parent: String::new(),
            name: "root".into(),
            is_user: false,
            shares: 0,
            usage: 0.3,
        },
        AssocSpec::account("root", "A", 40),
        AssocSpec::account("root", "D", 60),
        AssocSpec::account("A", "B", 30),
        AssocSpec::account("A", "C", 10),
        AssocSpec::account("D", "E", 25),
        AssocSpec::account("D", "F", 35),
        AssocSpec::user("B", "user1", 1, 0.2),
        AssocSpec::user("C", "user2", 1, 0.25),
        AssocSpec::user("C", "user3", 1, 0.0),
        AssocSpec::user("E", "user4", 1, 0.25),
        AssocSpec::user("F", "user5", 1, 0.0),
    ])
}

#[test]
fn classic_reproduces_the_worked_example() {
    let t = classic_page_tree();
    let f = fair_share(&t, Algorithm::Classic).unwrap_or_default();
    let expect = [
        ("B", "user1", 0.3, 0.3875, "0.408479"),
        ("C", "user2", 0.05, 0.275, "0.022097"),
        ("C", "user3", 0.05, 0.15, "0.125000"),
        ("E", "user4", 0.25, 0.25, "0.500000"),
        ("F", "user5", 0.35, 0.25 * 35.0 / 60.0, "0.749154"),
    ];
    for (account, user, s, ue, factor) in expect {
        let d = f[&UserAssoc::new(account, user)];
        assert!(
            (d.norm_shares - s).abs() < 1e-12,
            "{user} S = {}",
            d.norm_shares
        );
        assert!(
            (d.effective_usage - ue).abs() < 1e-12,
            "{user} U_E = {}",
            d.effective_usage
        );
        assert_eq!(six(d.factor.unwrap_or(f64::NAN)), factor, "{user}");
        assert_eq!(d.level_fs, None);
    }
    // The accounts' effective usage, from the page.
    let rows = share_rows(&t, Algorithm::Classic, 1).unwrap_or_default();
    let ue = |a: &str| {
        rows.iter()
            .find(|r| r.account == a && r.user.is_none())
            .map_or(f64::NAN, |r| r.detail.effective_usage)
    };
    assert!((ue("A") - 0.45).abs() < 1e-12);
    assert!((ue("D") - 0.25).abs() < 1e-12);
    assert!((ue("B") - 0.3875).abs() < 1e-12);
    assert!((ue("C") - 0.3).abs() < 1e-12);
    assert!((ue("E") - 0.25).abs() < 1e-12);
    assert_eq!(format!("{:.4}", ue("F")), "0.1458");
}

#[test]
fn classic_factor_formula_and_dampening() {
    // The page's numbers, straight through F = 2^(-U_E/S).
    assert_eq!(six(classic::classic_factor(0.3875, 0.3, 1.0)), "0.408479");
    assert_eq!(six(classic::classic_factor(0.275, 0.05, 1.0)), "0.022097");
    assert_eq!(six(classic::classic_factor(0.15, 0.05, 1.0)), "0.125000");
    assert_eq!(six(classic::classic_factor(0.25, 0.25, 1.0)), "0.500000");
    assert_eq!(
        six(classic::classic_factor(0.25 * 35.0 / 60.0, 0.35, 1.0)),
        "0.749154"
    );
    // The page prints U_E = 0.1458 rounded; with it the factor is 0.749203.
    assert_eq!(six(classic::classic_factor(0.1458, 0.35, 1.0)), "0.749203");
    assert_eq!(classic::classic_factor(0.5, 0.0, 1.0), 0.0);
    // Dampening d: 2^(-U_E/S/d).
    let t = classic_page_tree();
    let f = fair_share_with(&t, Algorithm::Classic, 2).unwrap_or_default();
    let expected = (-(0.3875 / 0.3) / 2.0f64).exp2();
    assert!((factor_of(&f, "B", "user1") - expected).abs() < 1e-12);
    assert_eq!(
        fair_share_with(&t, Algorithm::Classic, 0),
        Err(FairShareError::InvalidDampening { value: 0 })
    );
    // Fair Tree ignores the dampening factor, as Slurm does.
    assert_eq!(
        fair_share_with(&t, Algorithm::FairTree, 3),
        fair_share(&t, Algorithm::FairTree)
    );
}

#[test]
fn classic_zero_level_shares_take_the_parents_effective_usage() {
    let t = tree(&[
        AssocSpec::account("root", "a", 1),
        AssocSpec::user("a", "u", 1, 2.0),
        AssocSpec::account("a", "sub", 1),
        AssocSpec::user("sub", "z", 0, 0.0),
        AssocSpec::user("root", "r", 1, 2.0),
    ]);
    let f = fair_share(&t, Algorithm::Classic).unwrap_or_default();
    let z = f[&UserAssoc::new("sub", "z")];
    let rows = share_rows(&t, Algorithm::Classic, 1).unwrap_or_default();
    let sub = rows.iter().find(|r| r.account == "sub" && r.user.is_none());
    assert_eq!(
        Some(z.effective_usage),
        sub.map(|r| r.detail.effective_usage)
    );
    assert_eq!(z.norm_shares, 0.0);
    assert_eq!(z.factor, Some(0.0));
}

// --------------------------------------------------------------- Fair Tree

#[test]
fn fair_tree_ranks_and_ties_follow_the_documented_rules() {
    // Rule 1: sibling users with equal LF share a rank; the next user skips.
    let t = tree(&[
        AssocSpec::user("root", "u1", 1, 0.0),
        AssocSpec::user("root", "u2", 1, 0.0),
        AssocSpec::user("root", "u3", 1, 10.0),
    ]);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "root", "u1"), 1.0);
    assert_eq!(factor_of(&f, "root", "u2"), 1.0);
    assert_eq!(factor_of(&f, "root", "u3"), 1.0 / 3.0);
    assert_eq!(
        f[&UserAssoc::new("root", "u1")].level_fs,
        Some(f64::INFINITY)
    );

    // Rule 3: a user tied with a sibling account shares its rank with the
    // account's first user. x: LF = 0.5/0.5; acc: LF = 0.5/0.5.
    let t = tree(&[
        AssocSpec::user("root", "x", 1, 1.0),
        AssocSpec::account("root", "acc", 1),
        AssocSpec::user("acc", "y", 1, 1.0),
        AssocSpec::user("acc", "z", 1, 0.0),
    ]);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "root", "x"), 1.0);
    assert_eq!(factor_of(&f, "acc", "z"), 1.0);
    assert_eq!(factor_of(&f, "acc", "y"), 1.0 / 3.0);

    // Rule 2: tied sibling accounts have their children merged before
    // sorting. acc1 and acc2 both have LF 1; merged, the users sort as
    // a1 (LF 2), b1 (1.5), a2 (0.667), b2 (0.5). (Slurm's C code never
    // merges, see the fair_tree module: it would give a1 1.0, a2 0.75,
    // b1 0.75 (tied with a2 by rule 3's mechanism), b2 0.25.)
    let t = tree(&[
        AssocSpec::account("root", "acc1", 1),
        AssocSpec::account("root", "acc2", 1),
        AssocSpec::user("acc1", "a1", 1, 0.5),
        AssocSpec::user("acc1", "a2", 1, 1.5),
        AssocSpec::user("acc2", "b1", 3, 1.0),
        AssocSpec::user("acc2", "b2", 1, 1.0),
    ]);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "acc1", "a1"), 1.0);
    assert_eq!(factor_of(&f, "acc2", "b1"), 0.75);
    assert_eq!(factor_of(&f, "acc1", "a2"), 0.5);
    assert_eq!(factor_of(&f, "acc2", "b2"), 0.25);

    // Every user of a higher-LF account ranks above every user of a lower one.
    let t = tree(&[
        AssocSpec::account("root", "hi", 1),
        AssocSpec::account("root", "lo", 1),
        AssocSpec::user("hi", "h1", 1, 9.0),
        AssocSpec::user("hi", "h2", 1, 1.0),
        AssocSpec::user("lo", "l1", 1, 0.0),
        AssocSpec::user("lo", "l2", 1, 90.0),
    ]);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "hi", "h2"), 1.0);
    assert_eq!(factor_of(&f, "hi", "h1"), 0.75);
    assert_eq!(factor_of(&f, "lo", "l1"), 0.5);
    assert_eq!(factor_of(&f, "lo", "l2"), 0.25);

    // No usage anywhere: everyone ties at 1.0. No shares: LF 0, last.
    let t = tree(&[
        AssocSpec::user("root", "a", 1, 0.0),
        AssocSpec::user("root", "b", 1, 0.0),
        AssocSpec::user("root", "c", 0, 0.0),
    ]);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "root", "a"), 1.0);
    assert_eq!(factor_of(&f, "root", "b"), 1.0);
    assert_eq!(factor_of(&f, "root", "c"), 1.0 / 3.0);
    assert_eq!(f[&UserAssoc::new("root", "c")].level_fs, Some(0.0));
}

#[test]
fn deep_trees_do_not_overflow_the_stack() {
    let depth = 20_000;
    let mut specs: Vec<AssocSpec> = (0..depth)
        .map(|i| {
            let parent = if i == 0 {
                "root".to_owned()
            } else {
                format!("a{}", i - 1)
            };
            AssocSpec::account(&parent, &format!("a{i}"), 1)
        })
        .collect();
    specs.push(AssocSpec::user(&format!("a{}", depth - 1), "deep", 1, 5.0));
    specs.push(AssocSpec::user("root", "shallow", 1, 1.0));
    let t = tree(&specs);
    for alg in [Algorithm::Classic, Algorithm::FairTree] {
        assert!(fair_share(&t, alg).is_ok());
        assert_eq!(share_rows(&t, alg, 1).map(|r| r.len()), Ok(depth + 3));
    }
}

// ------------------------------------------ the reference cluster's sshare

/// `34_sshare.txt` (Slurm 22.05.8), root's view, with alice's line from her
/// own view; the full listing with `-a` would show all four users.
///
/// The transcript prints RawUsage truncated to integers (185, 87, 201) but
/// EffectvUsage from the full values, so the integers alone give
/// 273/474 = 0.575949 for team-a, not 0.575644. The fractions are
/// reconstructed from the printed columns: total T in [475, 476) (we take
/// 475.5), team-a = 0.575644 T, its root user 0.678823 of that; these
/// truncate back to every printed RawUsage.
fn reference_usage() -> (f64, f64, f64) {
    let total = 475.5;
    let team_a = 0.575_644 * total;
    let root_in_a = 0.678_823 * team_a;
    (root_in_a, team_a - root_in_a, total - team_a)
}

fn reference_tree(root: f64, alice: f64, bob: f64) -> AccountTree {
    tree(&[
        AssocSpec::user("root", "root", 1, 0.0),
        AssocSpec::account("root", "team-a", 3),
        AssocSpec::user("team-a", "root", 1, root),
        AssocSpec::user("team-a", "alice", 1, alice),
        AssocSpec::account("root", "team-b", 1),
        AssocSpec::user("team-b", "bob", 1, bob),
    ])
}

/// One printed `sshare` row: account, user, RawShares, NormShares,
/// RawUsage, EffectvUsage, FairShare.
type Printed = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    u64,
    &'static str,
    &'static str,
);

const SSHARE: [Printed; 7] = [
    ("root", "", "", "0.000000", 475, "1.000000", ""),
    ("root", "root", "1", "0.200000", 0, "0.000000", "1.000000"),
    ("team-a", "", "3", "0.600000", 273, "0.575644", ""),
    (
        "team-a", "alice", "1", "0.500000", 87, "0.321177", "0.750000",
    ),
    (
        "team-a", "root", "1", "0.500000", 185, "0.678823", "0.500000",
    ),
    ("team-b", "", "1", "0.200000", 201, "0.424356", ""),
    (
        "team-b", "bob", "1", "1.000000", 201, "1.000000", "0.250000",
    ),
];

/// The priority lines of the reference cluster's slurm.conf, verbatim. It
/// sets no `PriorityFlags`, so Slurm 22.05 runs Fair Tree.
const SLURM_CONF_PRIORITY: &str = "\
PriorityType=priority/multifactor
PriorityDecayHalfLife=7-0
PriorityCalcPeriod=1
PriorityMaxAge=7-0
PriorityWeightAge=1000
PriorityWeightFairshare=10000
PriorityWeightJobSize=1000
PriorityWeightPartition=1000
PriorityWeightQOS=1000
PriorityWeightTRES=GRES/gpu=1000
";

#[test]
fn reference_cluster_weights_and_algorithm() {
    let mut weights = Weights::default();
    for line in SLURM_CONF_PRIORITY.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let w = || parse_weight(value).unwrap_or_else(|e| panic!("{e}"));
        match key {
            "PriorityWeightAge" => weights.age = w(),
            "PriorityWeightFairshare" => weights.fair_share = w(),
            "PriorityWeightJobSize" => weights.job_size = w(),
            "PriorityWeightPartition" => weights.partition = w(),
            "PriorityWeightQOS" => weights.qos = w(),
            "PriorityWeightTRES" => {
                weights.tres = parse_tres_weights(value).unwrap_or_else(|e| panic!("{e}"));
            }
            _ => {}
        }
    }
    assert_eq!(weights, Weights::reference_cluster());
    assert!(!SLURM_CONF_PRIORITY.contains("PriorityFlags"));
    // sshare's NormShares are per level (team-a's two users 0.5 each), which
    // is Fair Tree's; classic would print 0.6 * 0.5 = 0.3.
    let (r, a, b) = reference_usage();
    let t = reference_tree(r, a, b);
    let classic = fair_share(&t, Algorithm::Classic).unwrap_or_default();
    assert_eq!(
        six(classic[&UserAssoc::new("team-a", "root")].norm_shares),
        "0.300000"
    );
    let fair_tree = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(
        six(fair_tree[&UserAssoc::new("team-a", "root")].norm_shares),
        "0.500000"
    );
}

#[test]
fn reference_sshare_matches_to_the_printed_digits() {
    let (r, a, b) = reference_usage();
    let t = reference_tree(r, a, b);
    let rows = share_rows(&t, Algorithm::FairTree, 1).unwrap_or_default();
    assert_eq!(rows.len(), SSHARE.len());
    for (row, want) in rows.iter().zip(SSHARE) {
        let (account, user, raw_shares, norm, raw_usage, effective, fs) = want;
        assert_eq!(row.account, account);
        assert_eq!(row.user.as_deref().unwrap_or(""), user);
        assert_eq!(
            row.raw_shares.map(|s| s.to_string()).unwrap_or_default(),
            raw_shares
        );
        assert_eq!(six(row.detail.norm_shares), norm, "{account}/{user}");
        // sshare prints (uint64_t)usage_raw.
        assert_eq!(row.raw_usage as u64, raw_usage, "{account}/{user}");
        assert_eq!(
            six(row.detail.effective_usage),
            effective,
            "{account}/{user}"
        );
        assert_eq!(
            row.detail.factor.map(six).unwrap_or_default(),
            fs,
            "{account}/{user}"
        );
    }
    let depths: Vec<usize> = rows.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [0, 1, 1, 2, 2, 1, 2]);
}

#[test]
fn reference_fair_share_column_needs_only_the_printed_integers() {
    // The FairShare column depends on the order of LF only, so the
    // truncated RawUsage already gives it exactly, and EffectvUsage to
    // within the truncation (less than 1 in 273).
    let t = reference_tree(185.0, 87.0, 201.0);
    let f = fair_share(&t, Algorithm::FairTree).unwrap_or_default();
    assert_eq!(factor_of(&f, "root", "root"), 1.0);
    assert_eq!(factor_of(&f, "team-a", "alice"), 0.75);
    assert_eq!(factor_of(&f, "team-a", "root"), 0.5);
    assert_eq!(factor_of(&f, "team-b", "bob"), 0.25);
    let rows = share_rows(&t, Algorithm::FairTree, 1).unwrap_or_default();
    for (row, want) in rows.iter().zip(SSHARE) {
        let printed: f64 = want.5.parse().unwrap_or(f64::NAN);
        assert!(
            (row.detail.effective_usage - printed).abs() < 0.004,
            "{want:?}"
        );
    }
}

// ------------------------------------------- the reference cluster's sprio

/// One pending job of `33_sprio.txt` with what `scontrol show job` and
/// `squeue` say about it.
struct SprioJob {
    id: u32,
    account: &'static str,
    user: &'static str,
    nodes: u32,
    cpus: u32,
    gpus: u64,
    /// QOS factor: `normal` shows QOS 100 and `high` 1000 with weight 1000,
    /// so 0.1 and 1.0 (the QOS priorities are not in the transcripts).
    qos: f64,
    /// PRIORITY, then the printed FAIRSHARE, JOBSIZE, PARTITION, QOS, TRES.
    printed: (
        u32,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
        &'static str,
    ),
}

const SPRIO: [SprioJob; 4] = [
    SprioJob {
        id: 32,
        account: "team-a",
        user: "root",
        nodes: 2,
        cpus: 2,
        gpus: 16,
        qos: 0.1,
        printed: (6853, "5000", "254", "1000", "100", "gres/gpu=500"),
    },
    SprioJob {
        id: 33,
        account: "team-b",
        user: "bob",
        nodes: 1,
        cpus: 1,
        gpus: 4,
        qos: 0.1,
        printed: (3851, "2500", "127", "1000", "100", "gres/gpu=125"),
    },
    SprioJob {
        id: 34,
        account: "team-a",
        user: "root",
        nodes: 1,
        cpus: 1,
        gpus: 8,
        qos: 1.0,
        printed: (7376, "5000", "127", "1000", "1000", "gres/gpu=250"),
    },
    SprioJob {
        id: 38,
        account: "team-a",
        user: "root",
        nodes: 1,
        cpus: 1,
        gpus: 2,
        qos: 0.1,
        printed: (6289, "5000", "127", "1000", "100", "gres/gpu=62"),
    },
];

fn sprio_factors(job: &SprioJob, fair_share: f64, age_s: u64) -> JobFactors {
    JobFactors {
        age_s,
        // 4 nodes of 64 CPUs; the jobs' NumNodes and NumCPUs from scontrol.
        job_size: job_size_factor(job.nodes, job.cpus, 4, 256, false),
        // One PriorityJobFactor for every partition: 1.0.
        partition: norm_priority(1, 1),
        qos: job.qos,
        assoc: 0.0,
        fair_share,
        // The gpu partition has 4 nodes x 8 GPUs.
        tres: vec![("gres/gpu".into(), tres_factor(job.gpus, 32))],
        nice: 0,
        site: 0,
    }
}

#[test]
fn reference_sprio_follows_from_the_weights() {
    let config = PriorityConfig::reference_cluster();
    assert_eq!(config.validate(), Ok(()));
    let weights = parse_tres_weights("GRES/gpu=1000").unwrap_or_default();
    assert_eq!(weights, config.weights.tres);
    let (r, a, b) = reference_usage();
    let fs = fair_share(&reference_tree(r, a, b), Algorithm::FairTree).unwrap_or_default();
    for job in &SPRIO {
        let fair_share = factor_of(&fs, job.account, job.user);
        // AGE prints 0: the priorities were last computed within half a
        // minute of submission (PriorityCalcPeriod=1), see below.
        let p = match priority(&sprio_factors(job, fair_share, 0), &config) {
            Ok(p) => p,
            Err(e) => panic!("job {}: {e}", job.id),
        };
        let (total, fs_col, js, part, qos, tres) = job.printed;
        assert_eq!(p.total, total, "job {} sum {}", job.id, p.sum);
        // sprio prints each weighted factor with %.0f (half to even: 62.5 -> 62).
        assert_eq!(format!("{:.0}", p.age.weighted), "0");
        assert_eq!(
            format!("{:.0}", p.fair_share.weighted),
            fs_col,
            "job {}",
            job.id
        );
        assert_eq!(format!("{:.0}", p.job_size.weighted), js, "job {}", job.id);
        assert_eq!(
            format!("{:.0}", p.partition.weighted),
            part,
            "job {}",
            job.id
        );
        assert_eq!(format!("{:.0}", p.qos.weighted), qos, "job {}", job.id);
        let (name, c) = &p.tres[0];
        assert_eq!(format!("{name}={:.0}", c.weighted), tres, "job {}", job.id);
    }
}

#[test]
fn reference_sprio_table_is_printed_exactly() {
    let config = PriorityConfig::reference_cluster();
    let (r, a, b) = reference_usage();
    let fs = fair_share(&reference_tree(r, a, b), Algorithm::FairTree).unwrap_or_default();
    let priorities: Vec<PriorityBreakdown> = SPRIO
        .iter()
        .filter_map(|job| {
            let factors = sprio_factors(job, factor_of(&fs, job.account, job.user), 0);
            priority(&factors, &config).ok()
        })
        .collect();
    let jobs: Vec<crate::sim::fair_share::SprioJob<'_>> = SPRIO
        .iter()
        .zip(&priorities)
        .map(|(job, p)| crate::sim::fair_share::SprioJob {
            job_id: job.id,
            partition: "gpu",
            user: job.user,
            priority: p,
        })
        .collect();
    // 33_sprio.txt, byte for byte.
    assert_eq!(
        sprio_lines(&jobs, false),
        [
            "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  PARTITION        QOS                 TRES",
            "             32 gpu             6853          0          0       5000        254       1000        100         gres/gpu=500",
            "             33 gpu             3851          0          0       2500        127       1000        100         gres/gpu=125",
            "             34 gpu             7376          0          0       5000        127       1000       1000         gres/gpu=250",
            "             38 gpu             6289          0          0       5000        127       1000        100          gres/gpu=62",
        ]
    );
}

#[test]
fn a_sprio_format_reads_as_parse_format_does() {
    let weights = Weights::reference_cluster();
    let row = |spec: &str| {
        let (format, unknown) = SprioFormat::parse(spec);
        (format.line(SprioRow::Weights(&weights)), unknown)
    };
    // Text before the first % is printed once; %% pieces are empty and
    // skipped; a width of 0 neither cuts nor pads.
    assert_eq!(row("w:%%S%a"), ("w:11000".to_owned(), vec![]));
    assert_eq!(row("%.9T|"), ("GRES/gpu=|".to_owned(), vec![]));
    assert_eq!(row("%6F!%x%3"), ("10000 !".to_owned(), vec!['x', ' ']));
    assert_eq!(row("no fields"), ("no fields".to_owned(), vec![]));
    // The defaults follow the weights: no ASSOC column without its weight,
    // normalized columns left-aligned.
    let short = SprioFormat::default_for(&weights, FormatChoice::default());
    assert_eq!(
        short.line(SprioRow::Header),
        "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  PARTITION        QOS                 TRES"
    );
    let norm = FormatChoice {
        normalized: true,
        users: true,
        ..FormatChoice::default()
    };
    assert_eq!(
        SprioFormat::default_for(&Weights::default(), norm).line(SprioRow::Header),
        "          JOBID PARTITION     USER PRIORITY  "
    );
}

#[test]
fn reference_scontrol_priorities_follow_too() {
    // `scontrol show job` prints Priority= for jobs sprio leaves out: 30
    // (running; priorities of running jobs are not recomputed), 35 (running
    // in the debug partition, 4 CPUs, no GPU) and 37 (waiting on a
    // dependency, 1 GPU). Job 36 is held: Priority=0, which Slurm sets
    // directly rather than computing it.
    let config = PriorityConfig::reference_cluster();
    let jobs = [
        (30, 2, 2, 16, 6853),
        (35, 1, 4, 0, 6232),
        (37, 1, 1, 1, 6258),
    ];
    for (id, nodes, cpus, gpus, printed) in jobs {
        let job = SprioJob {
            id,
            account: "team-a",
            user: "root",
            nodes,
            cpus,
            gpus,
            qos: 0.1,
            printed: (printed, "", "", "", "", ""),
        };
        let p = priority(&sprio_factors(&job, 0.5, 0), &config).map(|p| p.total);
        assert_eq!(p, Ok(printed), "job {id}");
    }
}

#[test]
fn reference_sprio_totals_bound_the_age() {
    // Job 34 sums to 7376.953 without age; the printed 7376 means its age
    // contribution was below 0.047, i.e. under 28 s of the 7-day
    // PriorityMaxAge when its priority was last computed.
    let config = PriorityConfig::reference_cluster();
    let job = &SPRIO[2];
    for age in [0, 10, 28] {
        let p = priority(&sprio_factors(job, 0.5, age), &config).map(|p| p.total);
        assert_eq!(p, Ok(7376), "age {age}");
    }
    let p = priority(&sprio_factors(job, 0.5, 29), &config).map(|p| p.total);
    assert_eq!(p, Ok(7377));
}

// ------------------------------------------------------------ the priority

#[test]
fn priority_sums_truncates_and_clamps() {
    let config = PriorityConfig {
        weights: Weights {
            age: 1000,
            assoc: 100,
            fair_share: 10_000,
            job_size: 0,
            partition: 0,
            qos: 0,
            tres: vec![("gres/gpu".into(), 1000), ("cpu".into(), 10)],
        },
        ..PriorityConfig::default()
    };
    let job = JobFactors {
        age_s: DEFAULT_MAX_AGE_S / 2,
        job_size: 1.0,
        partition: 1.0,
        qos: 1.0,
        assoc: 0.5,
        fair_share: 0.25,
        tres: vec![("GRES/gpu".into(), 0.5), ("mem".into(), 1.0)],
        nice: 100,
        site: 7,
    };
    let p = priority(&job, &config).unwrap_or_else(|e| panic!("{e}"));
    // 7 + 500 + 50 + 2500 + 0 + 0 + 0 + (500 + 0) - 100
    assert_eq!(p.sum, 3457.0);
    assert_eq!(p.total, 3457);
    assert_eq!(p.tres.len(), 2);
    assert_eq!(p.tres[1].1.weighted, 0.0);

    let mut nice = job.clone();
    nice.nice = 1_000_000;
    assert_eq!(priority(&nice, &config).map(|p| p.total), Ok(1));
    nice.nice = -1_000_000;
    assert_eq!(priority(&nice, &config).map(|p| p.total), Ok(1_003_557));

    let huge = PriorityConfig {
        weights: Weights {
            age: u32::MAX,
            assoc: u32::MAX,
            fair_share: u32::MAX,
            job_size: u32::MAX,
            partition: u32::MAX,
            qos: u32::MAX,
            tres: vec![("gres/gpu".into(), u32::MAX)],
        },
        ..PriorityConfig::default()
    };
    let mut max = job.clone();
    max.site = u32::MAX;
    max.nice = i64::MIN;
    assert_eq!(priority(&max, &huge).map(|p| p.total), Ok(u32::MAX));
    // Everything zero: priority 1, as Slurm keeps 0 for held jobs.
    let zero = JobFactors {
        age_s: 0,
        tres: Vec::new(),
        nice: 0,
        site: 0,
        ..job.clone()
    };
    assert_eq!(
        priority(&zero, &PriorityConfig::default()).map(|p| p.total),
        Ok(1)
    );
}

#[test]
fn priority_refuses_factors_outside_zero_one() {
    let job = JobFactors {
        age_s: 0,
        job_size: 0.0,
        partition: 0.0,
        qos: 0.0,
        assoc: 0.0,
        fair_share: 0.0,
        tres: Vec::new(),
        nice: 0,
        site: 0,
    };
    let config = PriorityConfig::default();
    for bad in [-0.1, 1.1, f64::NAN, f64::INFINITY] {
        let j = JobFactors {
            fair_share: bad,
            ..job.clone()
        };
        assert!(matches!(
            priority(&j, &config),
            Err(FairShareError::FactorOutOfRange { ref factor, .. }) if factor == "fair_share"
        ));
        let j = JobFactors {
            tres: vec![("gres/gpu".into(), bad)],
            ..job.clone()
        };
        let e = priority(&j, &config).err().map(|e| e.to_string());
        assert!(e.is_some_and(|e| e.contains("tres gres/gpu")));
    }
}

#[test]
fn factor_helpers() {
    assert_eq!(age_factor(0, DEFAULT_MAX_AGE_S), 0.0);
    assert_eq!(age_factor(DEFAULT_MAX_AGE_S / 4, DEFAULT_MAX_AGE_S), 0.25);
    assert_eq!(age_factor(10 * DEFAULT_MAX_AGE_S, DEFAULT_MAX_AGE_S), 1.0);
    assert_eq!(age_factor(5, 0), 1.0);
    assert_eq!(job_size_factor(1, 1, 4, 256, false), 0.126_953_125);
    assert_eq!(job_size_factor(2, 2, 4, 256, false), 0.253_906_25);
    assert_eq!(job_size_factor(1, 0, 4, 256, false), 0.25);
    assert_eq!(job_size_factor(4, 256, 4, 256, true), 0.0);
    assert_eq!(job_size_factor(9, 999, 4, 256, false), 1.0);
    assert_eq!(job_size_factor(1, 1, 0, 0, false), 0.0);
    assert_eq!(tres_factor(16, 32), 0.5);
    assert_eq!(tres_factor(2, 0), 0.0);
    assert_eq!(tres_factor(64, 32), 1.0);
    assert_eq!(norm_priority(10, 100), 0.1);
    assert_eq!(norm_priority(1, 0), 0.0);
}

#[test]
fn weights_parse_as_unsigned_32_bit() {
    assert_eq!(parse_weight("10000"), Ok(10_000));
    assert_eq!(parse_weight(" 0 "), Ok(0));
    assert_eq!(parse_weight("4294967295"), Ok(u32::MAX));
    for bad in [
        "-1",
        "4294967296",
        "abc",
        "",
        "1.5",
        "+5",
        "1e3",
        "99999999999999999999",
    ] {
        assert_eq!(
            parse_weight(bad),
            Err(FairShareError::InvalidWeight { input: bad.into() }),
            "{bad}"
        );
    }
    assert_eq!(
        parse_tres_weights("CPU=1000, Mem=2000,GRES/gpu=3000"),
        Ok(vec![
            ("cpu".into(), 1000),
            ("mem".into(), 2000),
            ("gres/gpu".into(), 3000)
        ])
    );
    assert_eq!(parse_tres_weights(""), Ok(Vec::new()));
    for bad in [
        "gpu",
        "=5",
        "gpu=-1",
        "gres/=1",
        "cpu=1,,mem=2",
        "cpu=4294967296",
    ] {
        assert!(
            matches!(
                parse_tres_weights(bad),
                Err(FairShareError::InvalidTresWeight { .. })
            ),
            "{bad}"
        );
    }
}

// ---------------------------------------------------- decay and resets

#[test]
fn decay_halves_per_half_life() {
    let week = DEFAULT_DECAY_HALF_LIFE_S as f64;
    assert_eq!(decay(100.0, week, week), 50.0);
    assert_eq!(decay(100.0, 2.0 * week, week), 25.0);
    assert_eq!(decay(100.0, week, 0.0), 100.0);
    assert_eq!(decay(100.0, -5.0, week), 100.0);
    assert_eq!(decay(100.0, f64::NAN, week), 100.0);
    // Slurm's per-second factor 1 - 0.693/T is within 1e-4 over a week.
    let slurm = slurm_decay_per_second(DEFAULT_DECAY_HALF_LIFE_S).powf(week);
    assert!((slurm - 0.5).abs() < 1e-4, "{slurm}");
    assert_eq!(slurm_decay_per_second(0), 1.0);
}

#[test]
fn accrue_integrates_usage_with_decay() {
    let hl = 3600.0;
    // No accrual: plain decay.
    assert!((accrue(80.0, 0.0, 1800.0, hl) - decay(80.0, 1800.0, hl)).abs() < 1e-9);
    // No decay: linear.
    assert_eq!(accrue(10.0, 8.0, 100.0, 0.0), 810.0);
    // Two steps equal one.
    let one = accrue(5.0, 64.0, 7200.0, hl);
    let two = accrue(accrue(5.0, 64.0, 3000.0, hl), 64.0, 4200.0, hl);
    assert!((one - two).abs() < 1e-6 * one);
    // The steady state is rate / lambda.
    let steady = 64.0 * hl / std::f64::consts::LN_2;
    assert!((accrue(0.0, 64.0, 200.0 * hl, hl) - steady).abs() < 1e-6 * steady);
    // Short intervals: about rate * dt.
    assert!((accrue(0.0, 64.0, 1.0, hl) - 64.0).abs() < 0.01);
}

#[test]
fn usage_resets_on_fixed_periods_from_the_epoch() {
    let day = 86_400;
    assert!(UsageReset::Daily.reset_between(0, day - 1, day));
    assert!(!UsageReset::Daily.reset_between(0, day, 2 * day - 1));
    assert!(UsageReset::Daily.reset_between(0, 10, 3 * day));
    assert!(!UsageReset::Daily.reset_between(0, 5, 5));
    assert!(UsageReset::Weekly.reset_between(0, 6 * day, 7 * day));
    assert!(!UsageReset::Weekly.reset_between(0, day, 6 * day));
    assert!(UsageReset::Monthly.reset_between(0, 29 * day, 30 * day));
    assert!(UsageReset::Quarterly.reset_between(0, 90 * day, 91 * day));
    assert!(UsageReset::Yearly.reset_between(0, 364 * day, 365 * day));
    // Counted from the epoch argument.
    assert!(UsageReset::Daily.reset_between(1000, day, day + 1000));
    assert!(!UsageReset::Daily.reset_between(1000, day + 1000, 2 * day + 999));
    // NOW: once, at the epoch.
    assert!(UsageReset::Now.reset_between(100, 50, 100));
    assert!(!UsageReset::Now.reset_between(100, 100, 10 * day));
    assert!(!UsageReset::None.reset_between(0, 0, u64::MAX));
    assert_eq!(UsageReset::Daily.next_reset_after(0, 0), Some(day));
    assert_eq!(UsageReset::Daily.next_reset_after(0, day), Some(2 * day));
    assert_eq!(UsageReset::Weekly.next_reset_after(50, 10), Some(50));
    assert_eq!(UsageReset::None.next_reset_after(0, 10), None);
    assert_eq!(UsageReset::Now.next_reset_after(0, 10), None);
    assert_eq!(UsageReset::Yearly.next_reset_after(0, u64::MAX - 1), None);
}

#[test]
fn reset_periods_parse_and_no_decay_needs_a_reset() {
    for r in UsageReset::ALL {
        assert_eq!(r.name().parse::<UsageReset>(), Ok(r));
        assert_eq!(r.name().to_lowercase().parse::<UsageReset>(), Ok(r));
    }
    assert!(matches!(
        "HOURLY".parse::<UsageReset>(),
        Err(FairShareError::InvalidResetPeriod { .. })
    ));
    assert_eq!(
        check_decay(0, UsageReset::None),
        Err(FairShareError::NeverDecaysNorResets)
    );
    assert_eq!(
        FairShareError::NeverDecaysNorResets.to_string(),
        "usage never decays nor resets (PriorityDecayHalfLife=0 needs a PriorityUsageResetPeriod)"
    );
    assert_eq!(check_decay(0, UsageReset::Weekly), Ok(()));
    assert_eq!(check_decay(3600, UsageReset::None), Ok(()));
    let config = PriorityConfig {
        decay_half_life_s: 0,
        ..PriorityConfig::default()
    };
    assert_eq!(config.validate(), Err(FairShareError::NeverDecaysNorResets));
    let config = PriorityConfig {
        dampening_factor: 0,
        ..PriorityConfig::default()
    };
    assert_eq!(
        config.validate(),
        Err(FairShareError::InvalidDampening { value: 0 })
    );
}

// ------------------------------------------------------------ the story

fn run(config: &StoryConfig) -> StoryResult {
    story(config).unwrap_or_else(|e| panic!("story: {e}"))
}

const HOUR: u64 = 3600;

#[test]
fn story_fcfs_makes_team_b_wait_for_the_backlog() {
    let r = run(&StoryConfig::default());
    let b = r.fcfs.team_b();
    // 1000 jobs * 8 GPUs / 64 GPUs = 125 one-hour waves.
    assert_eq!(b.first_start_s, Some(125 * HOUR));
    assert_eq!(b.first_wait_s, Some(125 * HOUR - 60));
    assert_eq!(b.median_completion_s, Some((126 * HOUR) as f64));
    assert_eq!(b.last_completion_s, Some(127 * HOUR));
    assert_eq!(r.fcfs.team_a().last_completion_s, Some(125 * HOUR));
    assert_eq!(r.fcfs.team_a().completed, 1000);
    assert_eq!(b.completed, 10);
    assert!(!r.fcfs.truncated);
    assert_eq!(r.fcfs.end_s, 127 * HOUR);
}

#[test]
fn story_fair_share_starts_team_b_within_one_job() {
    let r = run(&StoryConfig::default());
    let b = r.fair_share.team_b();
    // B has no usage, so at the 5-minute recalculation its factor beats A's
    // and its jobs take the slots the first wave of A frees at 1 h.
    assert_eq!(b.first_start_s, Some(HOUR));
    assert!(b.first_wait_s.is_some_and(|w| w <= HOUR));
    // Eight jobs run 1-2 h; the last two follow when B's usage is the lower
    // again (A runs 2-3 h), finishing at 4 h.
    assert_eq!(b.last_completion_s, Some(4 * HOUR));
    assert_eq!(b.median_completion_s, Some((2 * HOUR) as f64));
    assert_eq!(r.fair_share.team_a().completed, 1000);
    // Same total work: the cluster is never idle, so the end is the same.
    assert_eq!(r.fair_share.end_s, 127 * HOUR);
    // The factor under Fair Tree with two users: 1.0 for the lower usage
    // share, 0.5 for the other; both 1.0 while nobody has usage.
    let at = |t: u64| r.fair_share.samples.iter().find(|s| s.t_s == t);
    assert_eq!(at(0).map(|s| s.factor), Some([1.0, 1.0]));
    assert_eq!(at(HOUR / 2).map(|s| s.factor), Some([0.5, 1.0]));
    assert_eq!(at(HOUR + 900).map(|s| s.running_gpus), Some([0, 64]));
}

#[test]
fn story_shares_move_team_b_the_expected_way() {
    let base = run(&StoryConfig::default()).fair_share;
    // A holding 3 shares to B's 1 (the reference cluster's ratio): B's
    // unused share still lifts it first, but its remaining jobs wait longer.
    let mut three_one = StoryConfig::default();
    three_one.team_a.shares = 3;
    let a_favoured = run(&three_one).fair_share;
    assert_eq!(a_favoured.team_b().first_start_s, Some(HOUR));
    assert!(a_favoured.team_b().last_completion_s > base.team_b().last_completion_s);
    // B holding 3 shares: it finishes no later than with 1:1.
    let mut one_three = StoryConfig::default();
    one_three.team_b.shares = 3;
    let b_favoured = run(&one_three).fair_share;
    assert!(b_favoured.team_b().last_completion_s <= base.team_b().last_completion_s);
    assert!(b_favoured.team_b().median_completion_s <= base.team_b().median_completion_s);
    // Classic gives the same order for two flat teams (F falls as U/S rises).
    let classic = StoryConfig {
        algorithm: Algorithm::Classic,
        ..StoryConfig::default()
    };
    let c = run(&classic).fair_share;
    assert_eq!(c.team_b().first_start_s, base.team_b().first_start_s);
    let f = c
        .samples
        .iter()
        .find(|s| s.t_s == HOUR / 2)
        .map(|s| s.factor);
    assert!(f.is_some_and(|[a, b]| a < 0.5 && b == 1.0));
}

#[test]
fn story_qos_cap_shortens_team_bs_wait() {
    let capped = StoryConfig {
        qos_max_gpus_per_account: Some(32),
        ..StoryConfig::default()
    };
    let plain = run(&StoryConfig::default());
    let r = run(&capped);
    // A can hold at most 32 GPUs, so B starts on submission under both.
    assert_eq!(r.fcfs.team_b().first_wait_s, Some(0));
    assert_eq!(r.fair_share.team_b().first_wait_s, Some(0));
    assert!(r.fcfs.team_b().first_wait_s < plain.fcfs.team_b().first_wait_s);
    assert!(r.fair_share.team_b().first_wait_s < plain.fair_share.team_b().first_wait_s);
    assert!(
        r.fcfs
            .samples
            .iter()
            .all(|s| s.running_gpus.iter().all(|&g| g <= 32))
    );
    // The price: idle GPUs, so A finishes later.
    assert!(r.fcfs.team_a().last_completion_s > plain.fcfs.team_a().last_completion_s);
}

#[test]
fn story_preemption_shortens_team_bs_wait_and_costs_work() {
    let plain = run(&StoryConfig::default()).fair_share;
    let no_checkpoint = StoryConfig {
        preemption: Some(Preemption {
            margin: 0.1,
            checkpoint_interval_s: 0,
            requeue_delay_s: 120,
        }),
        ..StoryConfig::default()
    };
    let r = run(&no_checkpoint);
    // At the 5-minute recalculation B's factor (1.0) beats A's (0.5) by more
    // than the margin: four of A's jobs are requeued, bringing A down to its
    // half of the cluster, and four of B's start.
    assert_eq!(r.fair_share.team_b().first_start_s, Some(300));
    assert!(r.fair_share.team_b().first_wait_s < plain.team_b().first_wait_s);
    assert!(r.fair_share.team_b().last_completion_s < plain.team_b().last_completion_s);
    let a = r.fair_share.team_a();
    assert_eq!(a.preemptions, 4);
    assert_eq!(a.lost_gpu_s, 4 * 8 * 300);
    assert_eq!(a.completed, 1000);
    assert_eq!(r.fair_share.team_b().preemptions, 0);
    let at = |t: u64| {
        r.fair_share
            .samples
            .iter()
            .find(|s| s.t_s == t)
            .map(|s| s.running_gpus)
    };
    assert_eq!(at(900), Some([32, 32]));
    // FCFS ignores preemption.
    assert_eq!(r.fcfs, run(&StoryConfig::default()).fcfs);
    // Checkpoints every minute keep the work: nothing is lost.
    let checkpointed = StoryConfig {
        preemption: Some(Preemption {
            checkpoint_interval_s: 60,
            ..Preemption::default()
        }),
        ..StoryConfig::default()
    };
    let c = run(&checkpointed).fair_share;
    assert_eq!(c.team_b().first_start_s, Some(300));
    assert!(c.team_a().lost_gpu_s < a.lost_gpu_s);
    // A margin the factors never exceed turns preemption off.
    let wide = StoryConfig {
        preemption: Some(Preemption {
            margin: 0.9,
            ..Preemption::default()
        }),
        ..StoryConfig::default()
    };
    assert_eq!(
        run(&wide).fair_share.team_b().first_start_s,
        plain.team_b().first_start_s
    );
}

#[test]
fn story_samples_are_regular_and_bounded() {
    let config = StoryConfig::default();
    let r = run(&config);
    for runs in [&r.fcfs, &r.fair_share] {
        let s = &runs.samples;
        assert_eq!(s.first().map(|s| s.t_s), Some(0));
        assert_eq!(s.last().map(|s| s.t_s), Some(runs.end_s));
        assert!(s.windows(2).all(|w| w[0].t_s < w[1].t_s));
        assert!(
            s.iter()
                .all(|s| s.t_s % config.sample_every_s == 0 || s.t_s == runs.end_s)
        );
        assert!(
            s.iter()
                .all(|s| s.running_gpus[0] + s.running_gpus[1] <= config.gpus)
        );
        assert!(
            s.iter()
                .all(|s| s.usage.iter().all(|u| u.is_finite() && *u >= 0.0))
        );
        assert!(
            s.iter()
                .all(|s| s.factor.iter().all(|f| (0.0..=1.0).contains(f)))
        );
        assert_eq!(s.last().map(|s| s.running_gpus), Some([0, 0]));
    }
    // Deterministic.
    assert_eq!(run(&config), r);
}

#[test]
fn story_usage_resets_without_decay() {
    let config = StoryConfig {
        decay_half_life_s: 0,
        usage_reset: UsageReset::Daily,
        ..StoryConfig::default()
    };
    let r = run(&config);
    // No decay: A's usage grows by 64 GPU-hours an hour, then resets daily.
    let at = |t: u64| {
        r.fcfs
            .samples
            .iter()
            .find(|s| s.t_s == t)
            .map(|s| s.usage[0])
    };
    assert_eq!(at(HOUR), Some(64.0 * 3600.0));
    assert_eq!(at(86_400 - 900), Some(64.0 * (86_400.0 - 900.0)));
    assert_eq!(at(86_400 + 900), Some(64.0 * 900.0));
    let never = StoryConfig {
        decay_half_life_s: 0,
        ..StoryConfig::default()
    };
    assert_eq!(story(&never), Err(FairShareError::NeverDecaysNorResets));
}

#[test]
fn story_refuses_what_cannot_run() {
    let field = |c: StoryConfig| match story(&c) {
        Err(FairShareError::InvalidStory { field, .. }) => field,
        other => panic!("expected an error, got {other:?}"),
    };
    let d = StoryConfig::default;
    assert_eq!(field(StoryConfig { gpus: 0, ..d() }), "gpus");
    let mut c = d();
    c.team_b.gpus_per_job = 65;
    assert_eq!(field(c), "team_b.gpus_per_job");
    let mut c = d();
    c.team_a.shares = 0;
    assert_eq!(field(c), "team_a.shares");
    let mut c = d();
    c.team_a.duration_s = 0;
    assert_eq!(field(c), "team_a.duration_s");
    let mut c = d();
    c.team_a.jobs = 1_000_000;
    assert_eq!(field(c), "team_a.jobs");
    assert_eq!(
        field(StoryConfig {
            qos_max_gpus_per_account: Some(4),
            ..d()
        }),
        "qos_max_gpus_per_account"
    );
    assert_eq!(
        field(StoryConfig {
            calc_period_s: 0,
            ..d()
        }),
        "calc_period_s"
    );
    assert_eq!(
        field(StoryConfig {
            sample_every_s: 0,
            ..d()
        }),
        "sample_every_s"
    );
    assert_eq!(
        field(StoryConfig {
            sample_every_s: 1,
            ..d()
        }),
        "sample_every_s"
    );
    assert_eq!(
        field(StoryConfig {
            max_sim_s: 0,
            ..d()
        }),
        "max_sim_s"
    );
    let bad_margin = Preemption {
        margin: f64::NAN,
        ..Preemption::default()
    };
    assert_eq!(
        field(StoryConfig {
            preemption: Some(bad_margin),
            ..d()
        }),
        "preemption.margin"
    );
}

#[test]
fn story_stops_at_max_sim_time() {
    let config = StoryConfig {
        max_sim_s: 10 * HOUR,
        ..StoryConfig::default()
    };
    let r = run(&config);
    assert!(r.fcfs.truncated);
    assert_eq!(r.fcfs.end_s, 10 * HOUR);
    assert_eq!(r.fcfs.team_b().first_start_s, None);
    assert_eq!(r.fcfs.samples.last().map(|s| s.t_s), Some(10 * HOUR));
}

// `Instant` is not available on wasm32-unknown-unknown.
#[cfg(not(target_arch = "wasm32"))]
#[test]
fn story_defaults_run_fast() {
    // The widget recomputes on every input; the defaults take a few ms in
    // release builds (a generous bound here, for debug builds).
    let start = std::time::Instant::now();
    let _ = run(&StoryConfig::default());
    assert!(start.elapsed().as_millis() < 2000, "{:?}", start.elapsed());
}

// ------------------------------------------------------------ properties

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;

    use super::super::*;

    /// Random trees: up to 8 accounts at most 3 levels below root (so 1-4
    /// levels), 1-20 users, shares 0-4, usage 0 or up to 1e6. `sane` sets
    /// the usage of zero-share associations to 0 and gives zero-share
    /// accounts with usage below them one share, so the tree is valid.
    fn specs(sane: bool) -> impl Strategy<Value = Vec<AssocSpec>> {
        let account = (any::<u16>(), 0u32..5);
        let usage = prop_oneof![Just(0.0), 0.0..1e6f64, Just(1e-300)];
        let user = (any::<u16>(), 0u32..5, usage);
        (
            prop::collection::vec(account, 0..8),
            prop::collection::vec(user, 1..=20),
        )
            .prop_map(move |(accounts, users)| {
                let mut names = vec!["root".to_owned()];
                let mut depth = vec![0usize];
                let mut parents: Vec<usize> = Vec::new();
                let mut shares: Vec<u32> = Vec::new();
                for (i, (pick, s)) in accounts.iter().enumerate() {
                    let choices: Vec<usize> = (0..names.len()).filter(|&k| depth[k] < 3).collect();
                    let parent = choices[usize::from(*pick) % choices.len()];
                    names.push(format!("acct{i}"));
                    depth.push(depth[parent] + 1);
                    parents.push(parent);
                    shares.push(*s);
                }
                let mut user_specs: Vec<(usize, String, u32, f64)> = users
                    .iter()
                    .enumerate()
                    .map(|(i, (pick, s, u))| {
                        let account = usize::from(*pick) % names.len();
                        let usage = if sane && *s == 0 { 0.0 } else { *u };
                        (account, format!("user{i}"), *s, usage)
                    })
                    .collect();
                if sane {
                    // Usage below each account, then a share where needed.
                    let mut below = vec![0.0f64; names.len()];
                    for (account, _, _, usage) in &user_specs {
                        let mut at = *account;
                        below[at] += usage;
                        while at != 0 {
                            let parent = parents[at - 1];
                            below[parent] += usage;
                            at = parent;
                        }
                    }
                    for (k, s) in shares.iter_mut().enumerate() {
                        if *s == 0 && below[k + 1] > 0.0 {
                            *s = 1;
                        }
                    }
                }
                let mut out: Vec<AssocSpec> = parents
                    .iter()
                    .enumerate()
                    .map(|(k, &p)| AssocSpec::account(&names[p], &names[k + 1], shares[k]))
                    .collect();
                out.extend(
                    user_specs
                        .drain(..)
                        .map(|(a, name, s, u)| AssocSpec::user(&names[a], &name, s, u)),
                );
                out
            })
    }

    fn check_tree(tree: &AccountTree) -> Result<(), TestCaseError> {
        for alg in [Algorithm::Classic, Algorithm::FairTree] {
            let map = fair_share(tree, alg).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(map.len(), tree.user_count());
            let mut top = 0.0f64;
            for (who, d) in &map {
                let f = d.factor.unwrap_or(f64::NAN);
                prop_assert!((0.0..=1.0).contains(&f), "{:?} {:?}: {}", alg, who, f);
                prop_assert!(d.norm_shares.is_finite() && (0.0..=1.0).contains(&d.norm_shares));
                prop_assert!(d.norm_usage.is_finite() && (0.0..=1.0).contains(&d.norm_usage));
                prop_assert!(d.effective_usage.is_finite() && d.effective_usage >= 0.0);
                top = top.max(f);
            }
            if alg == Algorithm::FairTree {
                // The first user found always gets 1.0.
                prop_assert_eq!(top, 1.0);
            }
            let rows = share_rows(tree, alg, 2).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(rows.len(), tree.nodes().len());
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn valid_trees_give_factors_in_zero_one(specs in specs(true)) {
            let tree = AccountTree::from_specs(&specs)
                .map_err(|e| TestCaseError::fail(e.to_string()))?;
            check_tree(&tree)?;
        }

        #[test]
        fn any_tree_is_an_error_or_sound(specs in specs(false)) {
            if let Ok(tree) = AccountTree::from_specs(&specs) {
                check_tree(&tree)?;
            }
        }

        #[test]
        fn any_priority_is_in_range(
            weights in prop::array::uniform7(any::<u32>()),
            factors in prop::array::uniform6(prop_oneof![0.0..=1.0f64, any::<f64>()]),
            age_s in any::<u64>(),
            max_age_s in any::<u64>(),
            nice in any::<i64>(),
            site in any::<u32>(),
        ) {
            let config = PriorityConfig {
                weights: Weights {
                    age: weights[0],
                    assoc: weights[1],
                    fair_share: weights[2],
                    job_size: weights[3],
                    partition: weights[4],
                    qos: weights[5],
                    tres: vec![("gres/gpu".into(), weights[6])],
                },
                max_age_s,
                ..PriorityConfig::default()
            };
            let job = JobFactors {
                age_s,
                job_size: factors[0],
                partition: factors[1],
                qos: factors[2],
                assoc: factors[3],
                fair_share: factors[4],
                tres: vec![("gres/gpu".into(), factors[5])],
                nice,
                site,
            };
            let valid = factors.iter().all(|f| (0.0..=1.0).contains(f));
            match priority(&job, &config) {
                Ok(p) => {
                    prop_assert!(valid);
                    prop_assert!(p.total >= 1);
                    prop_assert!(p.sum.is_finite());
                    for c in [p.age, p.assoc, p.fair_share, p.job_size, p.partition, p.qos] {
                        prop_assert!((0.0..=1.0).contains(&c.factor));
                    }
                }
                Err(FairShareError::FactorOutOfRange { .. }) => prop_assert!(!valid),
                Err(e) => prop_assert!(false, "unexpected error {}", e),
            }
        }

        #[test]
        fn any_weight_text_parses_or_errs(text in ".{0,12}") {
            match parse_weight(&text) {
                Ok(w) => prop_assert_eq!(text.trim().parse::<u32>().ok(), Some(w)),
                Err(FairShareError::InvalidWeight { input }) => prop_assert_eq!(&input, &text),
                Err(e) => prop_assert!(false, "unexpected error {}", e),
            }
            let _ = parse_tres_weights(&text);
        }

        #[test]
        fn small_stories_finish_or_stop(
            gpus in 1u32..40,
            a in (0u32..4, 0u32..30, 0u64..5000, 1u32..40, 1u64..20_000),
            b in (0u32..4, 0u32..10, 0u64..5000, 1u32..40, 1u64..20_000),
            calc in 1u64..2000,
            cap in prop::option::of(1u32..40),
            preempt in prop::option::of((0.0..1.0f64, 0u64..5000, 0u64..600)),
            classic in any::<bool>(),
        ) {
            let team = |t: (u32, u32, u64, u32, u64)| Team {
                shares: t.0, jobs: t.1, submit_s: t.2, gpus_per_job: t.3, duration_s: t.4,
                past_usage_gpu_s: f64::from(t.1) * 3600.0,
            };
            let config = StoryConfig {
                gpus,
                team_a: team(a),
                team_b: team(b),
                algorithm: if classic { Algorithm::Classic } else { Algorithm::FairTree },
                calc_period_s: calc,
                qos_max_gpus_per_account: cap,
                preemption: preempt.map(|(margin, ckpt, delay)| Preemption {
                    margin, checkpoint_interval_s: ckpt, requeue_delay_s: delay,
                }),
                sample_every_s: 600,
                max_sim_s: 30 * 24 * 3600,
                ..StoryConfig::default()
            };
            match story(&config) {
                Ok(r) => {
                    for run in [&r.fcfs, &r.fair_share] {
                        for (i, t) in run.teams.iter().enumerate() {
                            let team = if i == 0 { &config.team_a } else { &config.team_b };
                            prop_assert!(run.truncated || t.completed == team.jobs);
                        }
                        for s in &run.samples {
                            prop_assert!(s.running_gpus[0] + s.running_gpus[1] <= gpus);
                            prop_assert!(s.factor.iter().all(|f| (0.0..=1.0).contains(f)));
                        }
                    }
                }
                Err(FairShareError::InvalidStory { .. }) => {}
                Err(e) => prop_assert!(false, "unexpected error {}", e),
            }
        }
    }
}
