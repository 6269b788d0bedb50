//! Numbers in the prose that come from a formula: the markdown writes
//! `` `=young-daly 1024-gpus daly` `` and the page shows the value the
//! widget's core computes, in the reader's number format, so the text and
//! the widget can never disagree. A numeric exercise's `answer` is one of
//! these expressions too. Pure.
//!
//! Expressions (arguments written the English way, with units):
//! - `young-daly <preset> <quantity>`, quantity one of `job-mtbf`,
//!   `young`, `daly`, `waste-at-daly`, `failures-per-day`, `gpus`,
//!   `checkpoint`, `gpu-mtbf`: the explorer's presets;
//! - `young <C> <M>` and `daly <C> <M>` (`young 5min 24h`): the intervals;
//! - `job-mtbf <part-MTBF> <parts>` (`job-mtbf 50000h 1024`);
//! - `algbw <size> <time>` (`algbw 1GB 0.01s`) and `busbw <algbw> <ranks>`
//!   (`busbw 100GB/s 16`): nccl-tests' bandwidths;
//! - `classic-factor <usage> <shares>` (`classic-factor 0.3 0.2`):
//!   classic fair-share's 2^(-U/S).

use crate::i18n::number::ValueFormat;
use crate::quantity::{self, DecimalMark};
use crate::sim::{allreduce, checkpoint, fair_share};

/// Why an expression could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComputeError {
    /// Not a known formula with the right number of arguments.
    #[error(
        "computed value `{0}` is not one of: young-daly <preset> <quantity>, young|daly <C> <M>, job-mtbf <MTBF> <parts>, algbw <size> <time>, busbw <algbw> <ranks>, classic-factor <usage> <shares>"
    )]
    Syntax(String),
    /// An unknown preset.
    #[error("computed value `{0}`: unknown preset (known: {known})", known = checkpoint::PRESETS.join(", "))]
    UnknownPreset(String),
    /// An unknown quantity.
    #[error(
        "computed value `{0}`: unknown quantity (known: job-mtbf, young, daly, waste-at-daly, failures-per-day, gpus, checkpoint, gpu-mtbf)"
    )]
    UnknownQuantity(String),
    /// An argument that does not read as what the formula takes.
    #[error("computed value `{expr}`: argument `{arg}` is not {expected}")]
    BadArgument {
        /// The whole expression.
        expr: String,
        /// The argument as written.
        arg: String,
        /// What it should be, in words.
        expected: &'static str,
    },
    /// The preset itself does not compute (a bug in the presets).
    #[error("computed value `{0}`: the preset does not compute")]
    Invalid(String),
}

/// A computed value and what it measures, which says how it is written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value {
    /// Seconds.
    Duration(f64),
    /// Bytes per second.
    Bandwidth(f64),
    /// A share, written as a percentage.
    Fraction(f64),
    /// A whole number.
    Count(f64),
    /// Any other number, written to three significant digits.
    Number(f64),
}

impl Value {
    /// The number, in seconds, bytes per second or plain.
    pub fn amount(self) -> f64 {
        match self {
            Self::Duration(v)
            | Self::Bandwidth(v)
            | Self::Fraction(v)
            | Self::Count(v)
            | Self::Number(v) => v,
        }
    }

    /// The value as the reader's language writes it.
    pub fn format(self, format: &ValueFormat) -> String {
        match self {
            Self::Duration(s) => format.duration(s),
            Self::Bandwidth(b) => format.bytes(b, true),
            Self::Fraction(f) => format.percent(f),
            Self::Count(n) => format.number.format(n, 0),
            Self::Number(n) => format.number.format_significant(n, 3),
        }
    }
}

/// Evaluates one expression (the text after `=`) as the reader reads it.
pub fn evaluate(expr: &str, format: &ValueFormat) -> Result<String, ComputeError> {
    value(expr).map(|v| v.format(format))
}

/// Evaluates one expression to its value.
pub fn value(expr: &str) -> Result<Value, ComputeError> {
    let words: Vec<&str> = expr.split_whitespace().collect();
    let arg = Args { expr };
    match words.as_slice() {
        ["young-daly", preset, quantity] => preset_value(expr, preset, quantity),
        ["young", c, m] => Ok(Value::Duration(checkpoint::young_interval(
            arg.duration(c)?,
            arg.duration(m)?,
        ))),
        ["daly", c, m] => Ok(Value::Duration(checkpoint::daly_interval(
            arg.duration(c)?,
            arg.duration(m)?,
        ))),
        ["job-mtbf", mtbf, parts] => Ok(Value::Duration(checkpoint::job_mtbf(
            arg.duration(mtbf)?,
            arg.count(parts)?,
        ))),
        ["algbw", size, time] => Ok(Value::Bandwidth(allreduce::algorithm_bandwidth(
            arg.read(size, "a size (1GB)", |t| {
                quantity::parse_bytes(t, DecimalMark::Point)
            })?,
            arg.duration(time)?,
        ))),
        ["busbw", algbw, ranks] => Ok(Value::Bandwidth(allreduce::bus_bandwidth(
            arg.read(algbw, "a bandwidth (100GB/s)", |t| {
                quantity::parse_bandwidth(t, DecimalMark::Point)
            })?,
            arg.count(ranks)? as usize,
        ))),
        ["classic-factor", usage, shares] => Ok(Value::Number(fair_share::classic_factor(
            arg.amount(usage)?,
            arg.amount(shares)?,
            1.0,
        ))),
        _ => Err(ComputeError::Syntax(expr.to_owned())),
    }
}

/// The arguments of one expression, read the English way.
struct Args<'a> {
    expr: &'a str,
}

impl Args<'_> {
    fn read(
        &self,
        arg: &str,
        expected: &'static str,
        parse: impl Fn(&str) -> Result<f64, quantity::InputError>,
    ) -> Result<f64, ComputeError> {
        parse(arg).map_err(|_| ComputeError::BadArgument {
            expr: self.expr.to_owned(),
            arg: arg.to_owned(),
            expected,
        })
    }

    /// A duration with its unit (`5min`): a bare number is refused, so
    /// that no expression depends on a default unit.
    fn duration(&self, arg: &str) -> Result<f64, ComputeError> {
        // NaN as the default unit: a bare number reads as no number.
        self.read(arg, "a duration with its unit (5min, 24h)", |t| {
            quantity::parse_duration(t, f64::NAN, DecimalMark::Point).and_then(|s| {
                if s.is_nan() {
                    Err(quantity::InputError::Empty)
                } else {
                    Ok(s)
                }
            })
        })
    }

    fn count(&self, arg: &str) -> Result<f64, ComputeError> {
        self.read(arg, "a count (1024)", |t| {
            quantity::parse_count(t, DecimalMark::Point)
        })
    }

    fn amount(&self, arg: &str) -> Result<f64, ComputeError> {
        self.read(arg, "a number (0.25)", |t| {
            quantity::parse_amount(t, DecimalMark::Point)
        })
    }
}

/// One quantity of one of the explorer's presets.
fn preset_value(expr: &str, preset: &str, quantity: &str) -> Result<Value, ComputeError> {
    let input =
        checkpoint::preset(preset).ok_or_else(|| ComputeError::UnknownPreset(expr.to_owned()))?;
    // Presets are written the English way, whatever the page's language.
    let outcome = checkpoint::explore(&input, DecimalMark::Point)
        .map_err(|_| ComputeError::Invalid(expr.to_owned()))?;
    Ok(match quantity {
        "job-mtbf" => Value::Duration(outcome.job_mtbf_s),
        "young" => Value::Duration(outcome.young_s),
        "daly" => Value::Duration(outcome.daly_s),
        "checkpoint" => Value::Duration(outcome.checkpoint_s),
        "gpu-mtbf" => Value::Duration(outcome.gpu_mtbf_s),
        "waste-at-daly" => Value::Fraction(outcome.waste_at_daly),
        "failures-per-day" => Value::Number(outcome.failures_per_day),
        "gpus" => Value::Count(outcome.gpus),
        _ => return Err(ComputeError::UnknownQuantity(expr.to_owned())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::number::NumberFormat;

    #[test]
    fn values_come_from_the_explorer_presets() {
        let en = ValueFormat::default();
        let input = checkpoint::preset("1024-gpus").expect("preset");
        let outcome = checkpoint::explore(&input, DecimalMark::Point).expect("valid preset");
        assert_eq!(
            evaluate("young-daly 1024-gpus daly", &en),
            Ok(en.duration(outcome.daly_s))
        );
        assert_eq!(
            evaluate("young-daly 1024-gpus gpus", &en),
            Ok("1,024".into())
        );
        assert_eq!(
            evaluate("young-daly 1024-gpus job-mtbf", &en),
            Ok("1.8\u{a0}d".into())
        );
        let es = ValueFormat {
            number: NumberFormat {
                decimal: ",".into(),
                group: ".".into(),
            },
            ..en.clone()
        };
        assert_eq!(
            evaluate("young-daly 16384-gpus-async gpus", &es),
            Ok("16.384".into())
        );
    }

    #[test]
    fn formulas_take_their_arguments_with_units() {
        let en = ValueFormat::default();
        assert_eq!(value("young 5min 24h"), Ok(Value::Duration(7200.0)));
        assert_eq!(evaluate("young 5min 24h", &en), Ok("2\u{a0}h".into()));
        assert_eq!(
            value("daly 5min 24h"),
            Ok(Value::Duration(checkpoint::daly_interval(300.0, 86_400.0)))
        );
        assert_eq!(
            value("job-mtbf 50000h 1000"),
            Ok(Value::Duration(50.0 * 3600.0))
        );
        assert_eq!(value("algbw 1GB 0.01s"), Ok(Value::Bandwidth(1e11)));
        assert_eq!(value("busbw 100GB/s 16"), Ok(Value::Bandwidth(187.5e9)));
        assert_eq!(
            evaluate("busbw 100GB/s 16", &en),
            Ok("187.5\u{a0}GB/s".into())
        );
        let Ok(Value::Number(f)) = value("classic-factor 0.3 0.2") else {
            panic!("a number");
        };
        assert!((f - 2f64.powf(-1.5)).abs() < 1e-12, "{f}");
    }

    #[test]
    fn arguments_that_do_not_read_say_what_they_should_be() {
        let e = value("young 5 24h").expect_err("no unit");
        assert_eq!(
            e.to_string(),
            "computed value `young 5 24h`: argument `5` is not a duration with its unit (5min, 24h)"
        );
        assert!(matches!(
            value("busbw fast 8"),
            Err(ComputeError::BadArgument {
                expected: "a bandwidth (100GB/s)",
                ..
            })
        ));
        assert!(matches!(value("young 5min"), Err(ComputeError::Syntax(_))));
    }

    #[test]
    fn bad_expressions_are_errors() {
        let f = ValueFormat::default();
        assert!(matches!(
            evaluate("young-daly", &f),
            Err(ComputeError::Syntax(_))
        ));
        assert!(matches!(
            evaluate("fair-share two-teams x", &f),
            Err(ComputeError::Syntax(_))
        ));
        assert!(matches!(
            evaluate("young-daly 3-gpus daly", &f),
            Err(ComputeError::UnknownPreset(_))
        ));
        assert!(matches!(
            evaluate("young-daly 8-gpus speed", &f),
            Err(ComputeError::UnknownQuantity(_))
        ));
    }
}
