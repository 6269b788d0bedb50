//! The calculator: presets, the reference cluster's `sprio` through the
//! widget's own fields, every refusal on its field, the address, the decay
//! series and the story's settings.

use super::*;
use crate::quantity::DecimalMark;

fn input(name: &str) -> CalculatorInput {
    preset(name, DecimalMark::Point).unwrap_or_else(|| panic!("preset {name} exists"))
}

fn errors_of(input: &CalculatorInput) -> Vec<(Field, CalcError)> {
    match calculate(input, DecimalMark::Point) {
        Ok(_) => Vec::new(),
        Err(e) => e.into_iter().collect(),
    }
}

fn ok(input: &CalculatorInput) -> Calculation {
    match calculate(input, DecimalMark::Point) {
        Ok(c) => c,
        Err(e) => panic!("should compute: {e:?}"),
    }
}

#[test]
fn every_preset_computes() {
    for name in PRESETS {
        let c = ok(&input(name));
        assert!(c.priority.total >= 1, "{name}");
        assert_eq!(c.sprio.len(), 2, "{name}");
        assert!(!c.decay.teams.is_empty());
        assert!(
            story_config(&input(name), DecimalMark::Point).is_ok(),
            "{name}"
        );
    }
    assert_eq!(preset("nope", DecimalMark::Point), None);
}

#[test]
fn reference_cluster_job_32_through_the_fields() {
    // 33_sprio.txt's job 32: team-a's `root` user, 2 nodes, 2 CPUs, 16
    // GPUs, QOS normal (0.1), partition gpu; shares and usage of 34_sshare.txt.
    let mut i = input("two-teams");
    i.assocs = link(vec![
        NamedAssoc {
            is_user: false,
            name: "team-a".into(),
            parent: "root".into(),
            shares: "3".into(),
            usage: String::new(),
        },
        NamedAssoc {
            is_user: true,
            name: "alice".into(),
            parent: "team-a".into(),
            shares: "1".into(),
            usage: "87".into(),
        },
        NamedAssoc {
            is_user: true,
            name: "root".into(),
            parent: "team-a".into(),
            shares: "1".into(),
            usage: "185".into(),
        },
        NamedAssoc {
            is_user: false,
            name: "team-b".into(),
            parent: "root".into(),
            shares: "1".into(),
            usage: String::new(),
        },
        NamedAssoc {
            is_user: true,
            name: "bob".into(),
            parent: "team-b".into(),
            shares: "1".into(),
            usage: "201".into(),
        },
        NamedAssoc {
            is_user: true,
            name: "root".into(),
            parent: "root".into(),
            shares: "1".into(),
            usage: "0".into(),
        },
    ]);
    i.job = i.find_user(&UserAssoc::new("team-a", "root"));
    for (field, text) in [
        (Scalar::JobNodes, "2"),
        (Scalar::JobCpus, "2"),
        (Scalar::JobGpus, "16"),
        (Scalar::JobAge, "0"),
    ] {
        i.set_text(Field::Scalar(field), text.to_owned());
    }
    let c = ok(&i);
    assert_eq!(c.priority.total, 6853);
    assert_eq!(
        c.sprio,
        [
            "          JOBID PARTITION     USER   PRIORITY       SITE        AGE      ASSOC  FAIRSHARE    JOBSIZE  PARTITION        QOS        NICE                 TRES",
            "           1001 gpu           root       6853          0          0          0       5000        254       1000        100           0         gres/gpu=500",
        ]
    );
}

#[test]
fn short_sprio_matches_the_transcript_columns() {
    let c = ok(&input("two-teams"));
    let job = super::super::sprio::SprioJob {
        job_id: 32,
        partition: "gpu",
        user: "root",
        priority: &c.priority,
    };
    let lines = super::super::sprio::sprio_lines(&[job], false);
    assert_eq!(
        lines[0],
        "          JOBID PARTITION   PRIORITY       SITE        AGE  FAIRSHARE    JOBSIZE  PARTITION        QOS                 TRES"
    );
}

#[test]
fn each_refusal_sits_on_its_field() {
    let cases: Vec<(Field, &str, CalcError)> = vec![
        (
            Field::Assoc(0, Column::Shares),
            "-3",
            CalcError::Input(InputError::Negative),
        ),
        (
            Field::Assoc(0, Column::Shares),
            "lots",
            CalcError::Input(InputError::NotANumber("lots".into())),
        ),
        (
            Field::Assoc(1, Column::Usage),
            "-1",
            CalcError::Input(InputError::Negative),
        ),
        (Field::Assoc(1, Column::Name), "", CalcError::EmptyName),
        (Field::Assoc(1, Column::Name), "a b", CalcError::BadName),
        (
            Field::Assoc(1, Column::Parent),
            "team-z",
            CalcError::UnknownParent("team-z".into()),
        ),
        (
            Field::Scalar(Scalar::WeightFairShare),
            "4294967296",
            CalcError::Input(InputError::TooLarge {
                max: Limit::Count(4_294_967_295),
            }),
        ),
        (Field::Scalar(Scalar::JobQos), "1.5", CalcError::NotAFactor),
        (
            Field::Scalar(Scalar::JobGpus),
            "64",
            CalcError::MoreThanCluster(32),
        ),
        (
            Field::Scalar(Scalar::ClusterNodes),
            "0",
            CalcError::Input(InputError::NotPositive),
        ),
    ];
    for (field, text, want) in cases {
        let mut i = input("two-teams");
        i.set_text(field, text.to_owned());
        let errors = errors_of(&i);
        assert!(
            errors.contains(&(field, want.clone())),
            "{field:?} {want:?}: got {errors:?}"
        );
    }
}

#[test]
fn tree_wide_refusals() {
    let mut i = input("two-teams");
    i.set_text(Field::Assoc(1, Column::Shares), "0".into());
    assert!(errors_of(&i).contains(&(
        Field::Assoc(1, Column::Shares),
        CalcError::UsageWithoutShares
    )));

    let mut i = input("two-teams");
    i.set_text(Field::Assoc(0, Column::Shares), "0".into());
    i.set_text(Field::Assoc(2, Column::Shares), "0".into());
    assert!(errors_of(&i).contains(&(
        Field::Assoc(0, Column::Shares),
        CalcError::ZeroLevelShares("root".into())
    )));

    let mut i = input("two-teams");
    i.assocs.retain(|a| !a.is_user);
    let errors = errors_of(&i);
    assert!(
        errors.contains(&(Field::Tree, CalcError::EmptyTree)),
        "{errors:?}"
    );
    assert!(errors.contains(&(Field::JobAssoc, CalcError::NoSuchUser)));

    let mut i = input("two-teams");
    i.assocs[0].parent = Parent::Account(i.assocs[2].id);
    i.assocs[2].parent = Parent::Account(i.assocs[0].id);
    let errors = errors_of(&i);
    assert!(
        errors
            .iter()
            .any(|(f, e)| *e == CalcError::Cycle && matches!(f, Field::Assoc(_, Column::Parent))),
        "{errors:?}"
    );

    let mut i = input("two-teams");
    let mut twin = i.assocs[0].clone();
    twin.id = RowId(99);
    i.assocs.push(twin);
    assert!(errors_of(&i).contains(&(Field::Assoc(4, Column::Name), CalcError::Duplicate)));

    let mut i = input("two-teams");
    for _ in 0..MAX_ASSOCS {
        i.add(true, Parent::Root);
    }
    assert_eq!(errors_of(&i), [(Field::Tree, CalcError::TooManyAssocs)]);
}

#[test]
fn no_decay_needs_a_reset_period() {
    let mut i = input("two-teams");
    i.set_text(Field::Scalar(Scalar::HalfLife), "0".into());
    assert_eq!(
        errors_of(&i),
        [(Field::Scalar(Scalar::HalfLife), CalcError::NeverDecays)]
    );
    i.reset = UsageReset::Weekly;
    let c = ok(&i);
    // Two weekly periods: usage starts over at day 7.
    assert!((c.decay.days.last().copied().unwrap_or(0.0) - 14.0).abs() < 1e-9);
}

#[test]
fn renames_move_nothing_and_the_job_follows_its_row() {
    let mut i = input("two-teams");
    i.set_text(Field::Assoc(2, Column::Name), "team-blue".into());
    assert_eq!(i.text(Field::Assoc(3, Column::Parent)), Some("team-blue"));
    assert_eq!(i.job_assoc(), Some(UserAssoc::new("team-blue", "bob")));
    i.set_text(Field::Assoc(3, Column::Name), "robert".into());
    assert_eq!(i.job_assoc(), Some(UserAssoc::new("team-blue", "robert")));
    assert!(calculate(&i, DecimalMark::Point).is_ok());
    // A parent typed by name finds the account; a name that is none is said.
    i.set_text(Field::Assoc(3, Column::Parent), "team-a".into());
    assert_eq!(i.assocs[3].parent, Parent::Account(i.assocs[0].id));
    assert_eq!(i.job_assoc(), Some(UserAssoc::new("team-a", "robert")));
    i.set_text(Field::Assoc(3, Column::Parent), "root".into());
    assert_eq!(i.assocs[3].parent, Parent::Root);
    i.set_text(Field::Assoc(99, Column::Parent), "root".into());
    assert_eq!(i.assocs.len(), 4);
}

#[test]
fn an_address_saved_before_identities_still_loads() {
    let old = |k: &str| match k {
        "fs-tree" => {
            Some("a:team-a:root:3:;u:alice:team-a:1:600;a:team-b:root:1:;u:bob:team-b:1:400".into())
        }
        "fs-job" => Some("team-b:bob".into()),
        _ => None,
    };
    let loaded = from_query(input("new-team"), old);
    let two = input("two-teams");
    assert_eq!(loaded.assocs, two.assocs);
    assert_eq!(loaded.job_assoc(), Some(UserAssoc::new("team-b", "bob")));
    // Without fs-job, the base's job is kept by name when the tree has it.
    let loaded = from_query(input("two-teams"), |k| {
        (k == "fs-tree").then(|| "a:team-b:root:1:;u:bob:team-b:1:4".into())
    });
    assert_eq!(loaded.job_assoc(), Some(UserAssoc::new("team-b", "bob")));
    assert_eq!(loaded.job, Some(RowId(1)));
}

#[test]
fn address_round_trip_keeps_typed_text() {
    let mut i = input("new-team");
    i.algorithm = Algorithm::Classic;
    i.reset = UsageReset::Monthly;
    i.qos_cap = true;
    i.set_text(Field::Assoc(0, Column::Name), "a:b;c,d%".into());
    i.set_text(Field::Scalar(Scalar::JobAge), "1,5 h".into());
    let pairs = to_query(&i);
    let back = from_query(CalculatorInput::default(), |k| {
        pairs
            .iter()
            .find(|(key, _)| *key == k)
            .map(|(_, v)| v.clone())
    });
    assert_eq!(back, i);
    // Malformed parameters leave the base alone.
    let base = input("two-teams");
    let bad = from_query(base.clone(), |k| match k {
        "fs-tree" => Some("x:1".into()),
        "fs-v" => Some("1,2".into()),
        "fs-story" => Some("1".into()),
        "fs-reset" => Some("HOURLY".into()),
        _ => None,
    });
    assert_eq!(bad, base);
}

#[test]
fn decay_forgives_the_burned_share() {
    let mut i = input("burned-share");
    i.algorithm = Algorithm::Classic;
    let c = ok(&i);
    let (a, b) = (&c.decay.teams[0], &c.decay.teams[1]);
    assert_eq!(c.decay.days.len(), DECAY_SAMPLES);
    assert!((c.decay.days[DECAY_SAMPLES - 1] - 28.0).abs() < 1e-9);
    // Team A's effective usage falls toward its half, its factor rises.
    assert!(a.effective_usage[0] > 0.9);
    assert!((a.effective_usage[DECAY_SAMPLES - 1] - 0.5).abs() < 0.1);
    assert!(a.factor.windows(2).all(|w| w[1] >= w[0] - 1e-12));
    assert!(a.factor[0] < b.factor[0]);
    assert!((a.factor[DECAY_SAMPLES - 1] - b.factor[DECAY_SAMPLES - 1]).abs() < 0.1);
}

#[test]
fn story_follows_the_tree_and_toggles() {
    let mut i = input("two-teams");
    i.qos_cap = true;
    i.preemption = true;
    let config = match story_config(&i, DecimalMark::Point) {
        Ok(c) => c,
        Err(e) => panic!("{e:?}"),
    };
    assert_eq!((config.team_a.shares, config.team_b.shares), (3, 1));
    assert_eq!(config.team_a.past_usage_gpu_s, 600.0 * 3600.0);
    assert_eq!(config.team_b.past_usage_gpu_s, 400.0 * 3600.0);
    assert_eq!(config.qos_max_gpus_per_account, Some(32));
    assert!(config.preemption.is_some());
    i.set_text(Field::Scalar(Scalar::QosCap), "4".into());
    assert_eq!(
        story_config(&i, DecimalMark::Point).err(),
        Some(CalcErrors::from_iter([(
            Field::Scalar(Scalar::QosCap),
            CalcError::CapBelowJob(8)
        )]))
    );
    let mut i = input("two-teams");
    i.assocs.truncate(2);
    i.job = i.find_user(&UserAssoc::new("team-a", "alice"));
    assert_eq!(
        story_config(&i, DecimalMark::Point).err(),
        Some(CalcErrors::from_iter([(
            Field::Tree,
            CalcError::StoryNeedsTwoTeams
        )]))
    );
}

#[test]
fn fcfs_ignores_what_fcfs_inputs_neutralises() {
    let mut i = input("two-teams");
    i.preemption = true;
    let config = story_config(&i, DecimalMark::Point).unwrap_or_default();
    let run = |c: &StoryConfig| {
        crate::sim::fair_share::simulate(c, crate::sim::fair_share::Policy::Fcfs)
            .map(|r| (r.teams.clone(), r.end_s))
            .ok()
    };
    assert!(run(&config).is_some());
    assert_eq!(run(&config), run(&config.fcfs_inputs()));
}

#[test]
fn more_shares_shorten_team_b_s_wait() {
    // B has used 400 GPU-hours against A's 600 with a quarter of the
    // shares: under fair share it waits until A's usage passes three
    // times its own. With equal shares it goes first at the first free slot.
    let wait = |b_shares: &str| {
        let mut i = input("two-teams");
        i.set_text(Field::Assoc(2, Column::Shares), b_shares.to_owned());
        let config = story_config(&i, DecimalMark::Point).unwrap_or_default();
        let run =
            crate::sim::fair_share::simulate(&config, crate::sim::fair_share::Policy::FairShare);
        run.ok()
            .and_then(|r| r.team_b().first_wait_s)
            .unwrap_or(u64::MAX)
    };
    let (quarter, equal) = (wait("1"), wait("3"));
    assert!(quarter > 8 * 3600, "{quarter}");
    assert!(equal <= 3600, "{equal}");
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;

    use super::*;
    use crate::quantity::DecimalMark;

    fn assoc() -> impl Strategy<Value = NamedAssoc> {
        (
            any::<bool>(),
            prop::sample::select(vec!["a", "b", "c", "u", "v", ""]),
            prop::sample::select(vec!["root", "a", "b", "c", "x"]),
            prop::sample::select(vec!["0", "1", "3", "100", "-1", "x", "4294967295"]),
            prop::sample::select(vec!["0", "5", "1e6", "-2", "", "1,5", "1e400"]),
        )
            .prop_map(|(is_user, name, parent, shares, usage)| NamedAssoc {
                is_user,
                name: name.into(),
                parent: parent.into(),
                shares: shares.into(),
                usage: usage.into(),
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        #[test]
        fn factors_stay_in_range(
            assocs in prop::collection::vec(assoc(), 0..10),
            weights in prop::collection::vec(prop::sample::select(vec!["0", "1", "1000", "4294967295", "4294967296"]), 6),
            classic in any::<bool>(),
            job in 0usize..10,
        ) {
            let mut i = input("two-teams");
            i.assocs = link(assocs);
            i.algorithm = if classic { Algorithm::Classic } else { Algorithm::FairTree };
            for (s, w) in Scalar::ALL.iter().zip(&weights) {
                i.set_text(Field::Scalar(*s), (*w).to_owned());
            }
            if let Some((id, _)) = i.users().get(job) {
                i.job = Some(*id);
            }
            if let Ok(c) = calculate(&i, DecimalMark::Point) {
                let b = &c.priority;
                for f in [b.age.factor, b.fair_share.factor, b.job_size.factor, b.partition.factor, b.qos.factor] {
                    prop_assert!((0.0..=1.0).contains(&f));
                }
                for row in &c.rows {
                    if let Some(f) = row.detail.factor {
                        prop_assert!((0.0..=1.0).contains(&f));
                    }
                }
                for t in &c.decay.teams {
                    prop_assert!(t.factor.iter().chain(&t.effective_usage).all(|f| (0.0..=1.0).contains(f)));
                }
                prop_assert!(b.total >= 1);
            }
            let _ = story_config(&i, DecimalMark::Point);
        }
    }
}
