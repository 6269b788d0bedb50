use super::*;
use crate::quantity::{DAY_S, DecimalMark, FieldErrors, InputError, Kind, Limit, MAX_GPUS, YEAR_S};

const MIN: f64 = 60.0;
const HOUR: f64 = 3_600.0;

/// `x` rounded to `decimals` decimals.
fn rounded(x: f64, decimals: i32) -> f64 {
    let scale = 10_f64.powi(decimals);
    (x * scale).round() / scale
}

fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

// --- formulas ---------------------------------------------------------------

#[test]
fn young_and_daly_match_the_reference_vectors() {
    // formulas.md: C = 5 min.
    for (mtbf_min, young_min, daly_min) in [
        (1440.0, 120.00, 116.69),
        (360.0, 60.00, 56.71),
        (15.0, 12.25, 9.14),
    ] {
        let (c, m) = (5.0 * MIN, mtbf_min * MIN);
        assert_eq!(rounded(young_interval(c, m) / MIN, 2), young_min);
        assert_eq!(rounded(daly_interval(c, m) / MIN, 2), daly_min);
    }
}

#[test]
fn optima_match_daly_2006_figures_3_to_5() {
    // Daly's figures 3 to 5 (C = 5 min, R = 10 min, Ts = 500 h): "the new
    // model predicts" 117, 57 and 9.1 min. Those are his higher-order
    // formula; the exact minimum agrees to the paper's precision for
    // M = 24 h and 6 h, but is 9.17 min (9.2) for M = 15 min, where C/M is
    // no longer small.
    let (c, r) = (5.0 * MIN, 10.0 * MIN);
    for (mtbf_min, decimals, daly_min, exact_min) in [
        (1440.0, 0, 117.0, 117.0),
        (360.0, 0, 57.0, 57.0),
        (15.0, 1, 9.1, 9.2),
    ] {
        let m = mtbf_min * MIN;
        assert_eq!(rounded(daly_interval(c, m) / MIN, decimals), daly_min);
        assert_eq!(rounded(exact_optimum(c, m, r) / MIN, decimals), exact_min);
    }
    assert_eq!(rounded(exact_optimum(c, 15.0 * MIN, r) / MIN, 2), 9.17);
}

#[test]
fn daly_checkpoints_every_mtbf_when_checkpoints_cost_two_mtbf() {
    assert_eq!(daly_interval(10.0 * MIN, 5.0 * MIN), 5.0 * MIN);
    assert_eq!(daly_interval(2.0 * HOUR, HOUR), HOUR);
    assert!(daly_interval(1.99 * HOUR, HOUR) < HOUR);
    // The exact optimum tends to M from below.
    let exact = exact_optimum(10.0 * HOUR, HOUR, 0.0);
    assert!(exact <= HOUR && exact > 0.999 * HOUR, "{exact}");
}

#[test]
fn exact_optimum_solves_the_stationarity_condition() {
    for ratio in [1e-8, 1e-4, 0.01, 0.1, 1.0, 3.0] {
        let m = 10.0 * HOUR;
        let tau = exact_optimum(ratio * m, m, 0.0);
        let x = tau / m;
        let condition = (x + ratio).exp() * (1.0 - x);
        assert_close(condition, 1.0, 1e-9);
    }
}

#[test]
fn waste_is_lowest_at_the_exact_optimum() {
    for (c, m, r) in [
        (5.0 * MIN, 24.0 * HOUR, 10.0 * MIN),
        (20.0, 2.7 * HOUR, 10.0 * MIN),
        (5.0 * MIN, 15.0 * MIN, 10.0 * MIN),
        (HOUR, 20.0 * MIN, 0.0),
    ] {
        let best = exact_optimum(c, m, r);
        let lowest = waste_fraction(best, c, m, r);
        for step in 1..=200 {
            let tau = best * 0.02 * f64::from(step);
            assert!(
                waste_fraction(tau, c, m, r) >= lowest - 1e-15,
                "C={c} M={m} tau={tau}"
            );
        }
    }
}

#[test]
fn exact_optimum_is_within_one_percent_of_daly_when_checkpoints_are_cheap() {
    let m = 24.0 * HOUR;
    for ratio in [1e-7, 1e-5, 1e-3, 1e-2] {
        let (daly, exact) = (
            daly_interval(ratio * m, m),
            exact_optimum(ratio * m, m, 10.0 * MIN),
        );
        assert!(
            (exact / daly - 1.0).abs() < 0.01,
            "C/M={ratio}: {exact} vs {daly}"
        );
    }
}

#[test]
fn restart_cost_does_not_move_the_optimum() {
    let (c, m) = (5.0 * MIN, 6.0 * HOUR);
    assert_eq!(exact_optimum(c, m, 0.0), exact_optimum(c, m, 2.0 * HOUR));
}

#[test]
fn waste_agrees_with_wall_time_and_its_first_order_form() {
    let (c, m, r, ts) = (5.0 * MIN, 24.0 * HOUR, 10.0 * MIN, 500.0 * HOUR);
    for tau in [HOUR, 2.0 * HOUR, 3.0 * HOUR] {
        let waste = waste_fraction(tau, c, m, r);
        let wall = expected_wall_time(tau, c, m, r, ts);
        assert_close(waste, 1.0 - ts / wall, 1e-12);
        // formulas.md: waste ~ C/tau + (tau + C)/(2M) + R/M when tau << M.
        let first_order = c / tau + (tau + c) / (2.0 * m) + r / m;
        assert!(
            (waste / first_order - 1.0).abs() < 0.1,
            "{waste} vs {first_order}"
        );
    }
}

#[test]
fn waste_stays_below_one_until_the_useful_fraction_underflows() {
    let waste = waste_fraction(HOUR, 10.0 * HOUR, HOUR, 2.0 * HOUR);
    assert!(waste > 0.99 && waste < 1.0, "{waste}");
    // A useful fraction of e^-1400 rounds the waste to 1, without NaN.
    assert_eq!(waste_fraction(HOUR, DAY_S, MIN, DAY_S), 1.0);
    assert_eq!(
        expected_wall_time(HOUR, DAY_S, MIN, 0.0, HOUR),
        f64::INFINITY
    );
}

#[test]
fn arguments_outside_the_domain_give_nan() {
    assert!(waste_fraction(0.0, 60.0, HOUR, 0.0).is_nan());
    assert!(waste_fraction(HOUR, -1.0, HOUR, 0.0).is_nan());
    assert!(waste_fraction(HOUR, 60.0, 0.0, 0.0).is_nan());
    assert!(waste_fraction(HOUR, 60.0, HOUR, -1.0).is_nan());
    assert!(waste_fraction(f64::NAN, 60.0, HOUR, 0.0).is_nan());
    assert!(expected_wall_time(HOUR, 60.0, HOUR, 0.0, -1.0).is_nan());
    assert!(exact_optimum(60.0, f64::INFINITY, 0.0).is_nan());
    assert!(exact_optimum(60.0, HOUR, -1.0).is_nan());
}

#[test]
fn job_mtbf_divides_by_the_parts() {
    assert_close(job_mtbf(5.0 * YEAR_S, 1024.0) / HOUR, 42.80, 0.005);
    assert_eq!(job_mtbf(1000.0, 1.0), 1000.0);
}

#[test]
fn loss_per_failure_is_half_a_segment_when_failures_are_rare() {
    let (c, m) = (5.0 * MIN, 24.0 * HOUR);
    let tau = 2.0 * HOUR;
    let lost = expected_loss_per_failure(tau, c, m);
    assert_close(lost / ((tau + c) / 2.0), 1.0, 0.05);
    assert!(lost < (tau + c) / 2.0);
    // When segments outlast the MTBF, a failure costs about M.
    assert_close(expected_loss_per_failure(50.0 * m, c, m) / m, 1.0, 1e-12);
}

#[test]
fn checkpoint_cost_from_sharding_and_async_copies() {
    // A 70B-parameter model with Adam in mixed precision: 14 bytes a
    // parameter. 1024 writers at 2 GB/s would push 2 TB/s, but the storage
    // takes 100 GB/s.
    let mut model = CheckpointCostModel {
        state_bytes: 70e9 * 14.0,
        writers: 1024.0,
        per_writer_bw: 2e9,
        storage_bw: 100e9,
        asynchronous: false,
        host_copy_bw: 25e9,
    };
    assert_close(model.write_s(), 9.8, 1e-9);
    assert_eq!(model.stall_s(), model.write_s());
    model.asynchronous = true;
    assert_close(model.stall_s(), 980e9 / 1024.0 / 25e9, 1e-12);
    assert_close(model.write_s(), 9.8, 1e-9);
    // One writer is limited by its own bandwidth.
    model.writers = 1.0;
    model.asynchronous = false;
    assert_close(model.stall_s(), 490.0, 1e-9);
}

// --- simulation --------------------------------------------------------------

/// A solve time of a whole number of intervals close to `target_s`.
fn whole_intervals(tau: f64, target_s: f64) -> f64 {
    (target_s / tau).round() * tau
}

#[test]
fn simulation_is_deterministic_for_a_seed() {
    let run = |seed| {
        simulate(
            2.0 * HOUR,
            5.0 * MIN,
            24.0 * HOUR,
            10.0 * MIN,
            500.0 * HOUR,
            50,
            seed,
        )
    };
    assert_eq!(run(7), run(7));
    assert_ne!(run(7), run(8));
    // Pinned bits: the same natively and in wasm.
    let pinned = run(7);
    assert_eq!(
        (pinned.failures, pinned.mean_waste.to_bits()),
        (1090, 4590691319701762512)
    );
}

#[test]
fn simulation_matches_daly_model_around_the_optimum() {
    let (c, m, r) = (5.0 * MIN, 24.0 * HOUR, 10.0 * MIN);
    let optimum = daly_interval(c, m);
    for (factor, seed) in [(1.0, 1), (0.3, 2), (3.0, 3)] {
        let tau = factor * optimum;
        let solve = whole_intervals(tau, 500.0 * HOUR);
        let summary = simulate(tau, c, m, r, solve, 400, seed);
        let model = waste_fraction(tau, c, m, r);
        assert!(!summary.truncated);
        assert_eq!(summary.trials, 400);
        assert!(
            (summary.mean_waste - model).abs() <= 3.0 * summary.std_err + 0.005,
            "tau = {factor} x optimum: simulated {} +- {}, model {model}",
            summary.mean_waste,
            summary.std_err
        );
    }
}

#[test]
fn simulation_matches_the_model_when_failures_are_frequent() {
    // Daly's figure 5 (M = 15 min), on a shorter run so no trial is cut.
    let (c, m, r) = (5.0 * MIN, 15.0 * MIN, 10.0 * MIN);
    let tau = exact_optimum(c, m, r);
    let summary = simulate(tau, c, m, r, whole_intervals(tau, 20.0 * HOUR), 200, 5);
    let model = waste_fraction(tau, c, m, r);
    assert!(!summary.truncated);
    assert!(
        (summary.mean_waste - model).abs() <= 3.0 * summary.std_err + 0.005,
        "simulated {} +- {}, model {model}",
        summary.mean_waste,
        summary.std_err
    );
}

#[test]
fn hopeless_runs_stop_at_the_failure_cap() {
    // A checkpoint ten times the MTBF: practically no interval completes.
    let summary = simulate(HOUR, 10.0 * HOUR, HOUR, 0.0, 500.0 * HOUR, 20, 9);
    assert!(summary.truncated);
    assert_eq!(summary.failures, 20 * MAX_FAILURES_PER_TRIAL);
    assert_eq!(summary.mean_waste, 1.0);
}

#[test]
fn simulation_refuses_arguments_outside_the_model() {
    for summary in [
        simulate(0.0, 60.0, HOUR, 0.0, HOUR, 10, 1),
        simulate(60.0, 60.0, -HOUR, 0.0, HOUR, 10, 1),
        simulate(60.0, 60.0, HOUR, 0.0, f64::INFINITY, 10, 1),
        simulate(60.0, 60.0, HOUR, 0.0, HOUR, 0, 1),
    ] {
        assert!(summary.mean_waste.is_nan());
        assert_eq!((summary.trials, summary.failures), (0, 0));
    }
    let single = simulate(60.0, 60.0, HOUR, 0.0, HOUR, 1, 1);
    assert!(single.mean_waste.is_finite() && single.std_err.is_nan());
}

// --- explorer ---------------------------------------------------------------

fn input(
    checkpoint: &str,
    gpu_mtbf: &str,
    gpus: &str,
    restart: &str,
    interval: &str,
) -> ExplorerInput {
    ExplorerInput {
        checkpoint: checkpoint.into(),
        gpu_mtbf: gpu_mtbf.into(),
        gpus: gpus.into(),
        restart: restart.into(),
        interval: interval.into(),
    }
}

#[test]
fn the_1024_gpu_preset_gives_sane_numbers() {
    let outcome = preset("1024-gpus").map(|input| explore(&input, DecimalMark::Point));
    let Some(Ok(outcome)) = outcome else {
        panic!("preset refused: {outcome:?}");
    };
    assert_close(outcome.job_mtbf_s / HOUR, 42.8, 0.05);
    assert_eq!(
        (outcome.checkpoint_s, outcome.restart_s, outcome.interval_s),
        (5.0 * MIN, 10.0 * MIN, 2.0 * HOUR)
    );
    assert_close(outcome.young_s / MIN, 160.25, 0.01);
    assert_close(outcome.daly_s / MIN, 156.94, 0.01);
    assert_close(outcome.exact_s / outcome.daly_s, 1.0, 0.001);
    assert!(outcome.waste_at_daly < outcome.waste_at_interval);
    assert!(outcome.waste_at_interval < 0.07 && outcome.waste_at_daly > 0.06);
    assert_close(outcome.failures_per_day, 24.0 / 42.8, 0.001);
    assert_close(outcome.lost_per_failure_s / (62.5 * MIN), 1.0, 0.03);
    assert_eq!(outcome.max_lost_per_failure_s, 125.0 * MIN);
    assert_eq!(outcome.regime, Regime::Normal);
    assert_eq!(outcome.side, Side::TooFrequent);
}

#[test]
fn every_preset_is_near_but_not_at_its_optimum() {
    for (name, side) in PRESETS
        .into_iter()
        .zip([Side::TooRare, Side::TooFrequent, Side::TooRare])
    {
        let Some(Ok(outcome)) = preset(name).map(|input| explore(&input, DecimalMark::Point))
        else {
            panic!("preset {name} refused");
        };
        assert_eq!(outcome.side, side, "{name}");
        assert_eq!(outcome.regime, Regime::Normal, "{name}");
        let ratio = outcome.interval_s / outcome.exact_s;
        assert!((0.5..=2.0).contains(&ratio), "{name}: {ratio}");
        assert!(
            outcome.waste_at_interval - outcome.waste_at_daly < 0.005,
            "{name}"
        );
    }
    assert_eq!(preset("9000-gpus"), None);
}

#[test]
fn bare_numbers_take_each_fields_unit() {
    let Ok(outcome) = explore(
        &input("5", "43830", "1024", "10", "120"),
        DecimalMark::Point,
    ) else {
        panic!("bare numbers refused");
    };
    assert_eq!(outcome.checkpoint_s, 5.0 * MIN);
    assert_eq!(outcome.job_mtbf_s, 5.0 * YEAR_S / 1024.0);
    assert_eq!(outcome.interval_s, 2.0 * HOUR);
}

/// The 1024-GPU preset with one field retyped.
fn retyped(field: Field, text: &str) -> ExplorerInput {
    let mut typed = input("5 min", "5 y", "1024", "10 min", "2 h");
    let slot = match field {
        Field::Checkpoint => &mut typed.checkpoint,
        Field::GpuMtbf => &mut typed.gpu_mtbf,
        Field::Gpus => &mut typed.gpus,
        Field::Restart => &mut typed.restart,
        Field::Interval => &mut typed.interval,
    };
    *slot = text.into();
    typed
}

#[test]
fn each_field_reports_its_own_error() {
    for (field, text, error) in [
        (Field::Checkpoint, "0", InputError::NotPositive),
        (Field::Checkpoint, "-3", InputError::Negative),
        (
            Field::Checkpoint,
            "abc",
            InputError::NotANumber("abc".into()),
        ),
        (
            Field::GpuMtbf,
            "5 parsecs",
            InputError::UnknownUnit {
                unit: "parsecs".into(),
                kind: Kind::Duration,
            },
        ),
        (Field::GpuMtbf, "0 h", InputError::NotPositive),
        (
            Field::Gpus,
            "10^12",
            InputError::TooLarge {
                max: Limit::Count(MAX_GPUS),
            },
        ),
        (Field::Restart, "-3", InputError::Negative),
        (Field::Interval, "0", InputError::ZeroInterval),
    ] {
        assert_eq!(
            explore(&retyped(field, text), DecimalMark::Point),
            Err(FieldErrors::from_iter([(field, error)])),
            "{text:?}"
        );
    }
    assert!(explore(&retyped(Field::Restart, "0"), DecimalMark::Point).is_ok());
}

#[test]
fn all_errors_come_back_together() {
    assert_eq!(
        explore(&input("abc", "5 y", "0", "", "0"), DecimalMark::Point),
        Err(FieldErrors::from_iter([
            (Field::Checkpoint, InputError::NotANumber("abc".into())),
            (Field::Gpus, InputError::NotPositive),
            (Field::Restart, InputError::Empty),
            (Field::Interval, InputError::ZeroInterval),
        ]))
    );
}

#[test]
fn a_checkpoint_longer_than_the_mtbf_is_explained_not_refused() {
    let Ok(outcome) = explore(
        &input("1 h", "20 min", "1", "5 min", "30 min"),
        DecimalMark::Point,
    ) else {
        panic!("refused");
    };
    assert_eq!(outcome.regime, Regime::CheckpointTooCostly);
    assert_eq!(outcome.daly_s, 20.0 * MIN);
    assert!(outcome.waste_at_interval > 0.98 && outcome.waste_at_interval < 1.0);
    assert!(outcome.exact_s < 20.0 * MIN);
}

// --- chart ------------------------------------------------------------------

#[test]
fn chart_series_brackets_the_optimum_and_the_simulation_follows_the_curve() {
    for name in PRESETS {
        let Some(Ok(outcome)) = preset(name).map(|input| explore(&input, DecimalMark::Point))
        else {
            panic!("preset {name} refused");
        };
        let (curve, points) = chart_series(&outcome, 2006);
        assert_eq!(curve.len(), CURVE_POINTS);
        assert!(curve.windows(2).all(|pair| pair[0].0 < pair[1].0));
        let (first, last) = (curve[0].0, curve[CURVE_POINTS - 1].0);
        assert!(first <= outcome.exact_s / CHART_SPAN * (1.0 + 1e-12));
        assert!(last >= outcome.exact_s * CHART_SPAN * (1.0 - 1e-12));
        assert!(first < outcome.interval_s && outcome.interval_s < last);
        assert_eq!(points.len(), SIM_POINTS, "{name}");
        for point in points {
            let model = waste_fraction(
                point.interval_s,
                outcome.checkpoint_s,
                outcome.job_mtbf_s,
                outcome.restart_s,
            );
            assert!(
                (point.mean - model).abs() <= 4.0 * point.std_err + 0.005,
                "{name}: {point:?} vs {model}"
            );
        }
    }
}

#[test]
fn chart_series_leaves_hopeless_intervals_to_the_curve() {
    let Ok(outcome) = explore(
        &input("1 h", "20 min", "1", "5 min", "30 min"),
        DecimalMark::Point,
    ) else {
        panic!("refused");
    };
    let (curve, points) = chart_series(&outcome, 1);
    assert!(
        curve
            .iter()
            .all(|(tau, waste)| tau.is_finite() && (0.0..=1.0).contains(waste))
    );
    assert!(points.is_empty());
}

#[cfg(not(target_arch = "wasm32"))]
mod properties {
    use super::*;
    use proptest::prelude::*;

    /// Log-uniform between `low` and `high`.
    fn log_uniform(low: f64, high: f64) -> impl Strategy<Value = f64> {
        (low.ln()..high.ln()).prop_map(f64::exp)
    }

    proptest! {
        #[test]
        fn outcomes_are_finite_and_the_optimum_is_lowest(
            checkpoint in log_uniform(1.0, DAY_S),
            mtbf in log_uniform(MIN, 10.0 * YEAR_S),
            restart in prop_oneof![Just(0.0), log_uniform(1e-3, DAY_S)],
            interval in log_uniform(1.0, 10.0 * YEAR_S),
            gpus in 1_u32..=8,
        ) {
            let gpu_mtbf = mtbf * f64::from(gpus);
            let typed = input(
                &format!("{checkpoint} s"),
                &format!("{gpu_mtbf} s"),
                &gpus.to_string(),
                &format!("{restart}s"),
                &format!("{interval} sec"),
            );
            let outcome = explore(&typed, DecimalMark::Point);
            prop_assert!(outcome.is_ok(), "{outcome:?}");
            let Ok(outcome) = outcome else { return Ok(()) };
            for value in [
                outcome.checkpoint_s, outcome.job_mtbf_s, outcome.restart_s, outcome.interval_s,
                outcome.young_s, outcome.daly_s, outcome.exact_s, outcome.waste_at_interval,
                outcome.waste_at_daly, outcome.lost_per_failure_s, outcome.max_lost_per_failure_s,
                outcome.failures_per_day,
            ] {
                prop_assert!(value.is_finite() && value >= 0.0, "{outcome:?}");
            }
            let (c, m, r) = (outcome.checkpoint_s, outcome.job_mtbf_s, outcome.restart_s);
            for waste in [outcome.waste_at_interval, outcome.waste_at_daly] {
                prop_assert!(waste <= 1.0);
            }
            // Strictly below 1 wherever the useful fraction is above 2^-53.
            if (outcome.interval_s + c + r) / m < 20.0 {
                prop_assert!(outcome.waste_at_interval < 1.0, "{outcome:?}");
            }
            let best = waste_fraction(outcome.exact_s, c, m, r);
            prop_assert!(best <= waste_fraction(0.5 * outcome.exact_s, c, m, r) + 1e-12);
            prop_assert!(best <= waste_fraction(2.0 * outcome.exact_s, c, m, r) + 1e-12);
            prop_assert!(best <= outcome.waste_at_daly + 1e-12);
        }
    }
}

#[test]
fn the_slider_maps_intervals_on_a_log_scale_around_the_optimum() {
    let outcome =
        explore(&preset("1024-gpus").expect("preset"), DecimalMark::Point).expect("valid");
    let middle = slider_interval(&outcome, SLIDER_STEPS / 2.0);
    assert!(
        (middle / outcome.exact_s - 1.0).abs() < 1e-9,
        "the middle is the optimum"
    );
    assert!((slider_interval(&outcome, 0.0) * SLIDER_SPAN / outcome.exact_s - 1.0).abs() < 1e-9);
    let there = slider_position(&outcome);
    assert!(
        (slider_interval(&outcome, there) / outcome.interval_s - 1.0).abs() < 1e-9,
        "round trip"
    );
    assert_eq!(
        slider_interval(&outcome, 5e9),
        slider_interval(&outcome, SLIDER_STEPS),
        "clamped"
    );
}
