//! Tests: the forms `sbatch -t` and slurm.conf accept, Slurm's rounding,
//! and the clocks of the reference cluster's `squeue`, `sinfo` and
//! `scontrol` transcripts (Slurm 22.05.8).

use super::*;

fn minutes(input: &str) -> Option<u32> {
    match TimeLimit::parse(input) {
        Ok(limit) => limit.minutes(),
        Err(e) => panic!("{input} should parse: {e}"),
    }
}

#[test]
fn every_sbatch_form_parses() {
    let table = [
        ("30", 30),                     // minutes
        ("1:30", 2),                    // minutes:seconds, rounded up
        ("1:00:00", 60),                // hours:minutes:seconds
        ("01:00:00", 60),               // as slurm.conf writes DefaultTime
        ("00:30:00", 30),               // debug's DefaultTime
        ("1-12", 36 * 60),              // days-hours
        ("1-2:30", 1440 + 150),         // days-hours:minutes
        ("7-00:00:00", 7 * 1440),       // days-hours:minutes:seconds (gpu's MaxTime)
        ("7-0", 7 * 1440),              // PriorityDecayHalfLife=7-0
        ("5-", 5 * 1440),               // days- (Slurm's sscanf stops at the dash)
        ("0", 0),                       // zero minutes
        ("0:99", 2),                    // fields are not range-checked: 99 s
        ("25:99:99", 25 * 60 + 99 + 2), // 25 h + 99 min + 99 s, rounded up
    ];
    for (input, expected) in table {
        assert_eq!(minutes(input), Some(expected), "{input}");
    }
}

#[test]
fn seconds_round_up_to_the_next_minute() {
    assert_eq!(minutes("0:01"), Some(1));
    assert_eq!(minutes("0:59"), Some(1));
    assert_eq!(minutes("1:00"), Some(1));
    assert_eq!(minutes("1:01"), Some(2));
    assert_eq!(minutes("0:00:01"), Some(1));
}

#[test]
fn unlimited_spellings() {
    for input in ["UNLIMITED", "unlimited", "INFINITE", "Infinite", "-1"] {
        assert_eq!(TimeLimit::parse(input), Ok(TimeLimit::Unlimited), "{input}");
    }
    assert_eq!(TimeLimit::Unlimited.minutes(), None);
    assert_eq!(TimeLimit::Unlimited.seconds(), None);
    assert_eq!(TimeLimit::Minutes(2).seconds(), Some(120));
}

#[test]
fn invalid_specs_are_refused() {
    // The first three are the reference cluster's "Invalid --time
    // specification" cases (03_sbatch_bad_time.txt).
    for input in [
        "1hour",
        "abc",
        "25:99:99:99",
        "",
        "-5",
        "1:",
        ":5",
        "1-:3",
        "1--2",
        "1:2:3-4",
        "1.5",
        " 5",
        "99999999999",
        "1-1:1:1:1",
    ] {
        assert_eq!(
            TimeLimit::parse(input),
            Err(TimeSpecError::Invalid {
                input: input.to_owned()
            }),
            "{input}"
        );
    }
    assert_eq!(
        TimeLimit::parse("1hour").map_err(|e| e.to_string()),
        Err("invalid time specification `1hour`".to_owned())
    );
}

#[test]
fn a_zero_time_option_means_no_limit() {
    assert_eq!(TimeLimit::parse_time_option("0"), Ok(TimeLimit::Unlimited));
    assert_eq!(
        TimeLimit::parse_time_option("0:00"),
        Ok(TimeLimit::Unlimited)
    );
    assert_eq!(
        TimeLimit::parse_time_option("0:01"),
        Ok(TimeLimit::Minutes(1))
    );
    assert_eq!(
        TimeLimit::parse_time_option("20"),
        Ok(TimeLimit::Minutes(20))
    );
    assert!(TimeLimit::parse_time_option("1hour").is_err());
    // slurm.conf keeps a zero limit as zero.
    assert_eq!(TimeLimit::parse("0"), Ok(TimeLimit::Minutes(0)));
}

#[test]
fn finite_limits_order_below_unlimited() {
    assert!(TimeLimit::Minutes(u32::MAX) < TimeLimit::Unlimited);
    assert!(TimeLimit::Minutes(60) < TimeLimit::Minutes(61));
}

#[test]
fn squeue_clock_matches_the_transcripts() {
    // TIME column of 32_squeue.txt, 11_squeue_multiuser_running.txt and
    // 40_scontrol_drain_node-3.txt.
    for (secs, shown) in [
        (0, "0:00"),
        (3, "0:03"),
        (27, "0:27"),
        (45, "0:45"),
        (63, "1:03"),
        (81, "1:21"),
    ] {
        assert_eq!(squeue_time(secs), shown);
    }
    assert_eq!(squeue_time(3600), "1:00:00");
    assert_eq!(squeue_time(86_399), "23:59:59");
    assert_eq!(squeue_time(7 * 86_400), "7-00:00:00");
    assert_eq!(squeue_time(YEAR_SECONDS), "365-00:00:00");
    assert_eq!(squeue_time(YEAR_SECONDS + 1), "INVALID");
    assert_eq!(squeue_time(-1), "INVALID");
    assert_eq!(TimeLimit::Minutes(60).squeue(), "1:00:00");
    assert_eq!(TimeLimit::Minutes(20).squeue(), "20:00");
    assert_eq!(TimeLimit::Unlimited.squeue(), "UNLIMITED");
}

#[test]
fn sinfo_timelimit_matches_the_transcripts() {
    // TIMELIMIT column of 01_sinfo.txt: gpu 7-00:00:00, debug 1:00:00.
    assert_eq!(TimeLimit::Minutes(7 * 1440).sinfo(), "7-00:00:00");
    assert_eq!(TimeLimit::Minutes(60).sinfo(), "1:00:00");
    assert_eq!(TimeLimit::Minutes(30).sinfo(), "30:00");
    assert_eq!(TimeLimit::Minutes(0).sinfo(), "0:00");
    assert_eq!(TimeLimit::Unlimited.sinfo(), "infinite");
}

#[test]
fn scontrol_form_matches_the_transcripts() {
    // 04_scontrol_show_partition.txt and 36_scontrol_show_job_running.txt.
    assert_eq!(TimeLimit::Minutes(60).to_string(), "01:00:00");
    assert_eq!(TimeLimit::Minutes(30).to_string(), "00:30:00");
    assert_eq!(TimeLimit::Minutes(20).to_string(), "00:20:00");
    assert_eq!(TimeLimit::Minutes(7 * 1440).to_string(), "7-00:00:00");
    assert_eq!(TimeLimit::Unlimited.to_string(), "UNLIMITED");
    assert_eq!(scontrol_time(75), "00:01:15");
    assert_eq!(scontrol_time(39), "00:00:39");
    assert_eq!(scontrol_time(0), "00:00:00");
    assert_eq!(scontrol_time(90_061), "1-01:01:01");
    assert_eq!(scontrol_time(-1), "INVALID");
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use proptest::prelude::*;

    use super::super::*;

    proptest! {
        #[test]
        fn any_text_parses_or_errs(input in "[-:0-9a-zA-Z ]{0,16}") {
            let _ = TimeLimit::parse(&input);
            let _ = TimeLimit::parse_time_option(&input);
        }

        #[test]
        fn printed_limits_read_back(m in 0u32..20_000_000) {
            let limit = TimeLimit::Minutes(m);
            prop_assert_eq!(TimeLimit::parse(&limit.to_string()), Ok(limit));
            prop_assert_eq!(TimeLimit::parse(&limit.sinfo()), Ok(limit));
        }
    }
}
