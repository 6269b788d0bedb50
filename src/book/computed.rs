//! Numbers in the prose that come from a formula: the markdown writes
//! `` `=young-daly 1024-gpus daly` `` and the page shows the value the
//! widget's core computes, in the reader's number format, so the text and
//! the widget can never disagree. Pure.
//!
//! Expressions: `young-daly <preset> <quantity>`, quantity one of
//! `job-mtbf`, `young`, `daly`, `waste-at-daly`, `failures-per-day`,
//! `gpus`, `checkpoint`, `gpu-mtbf`.

use crate::i18n::number::ValueFormat;
use crate::quantity::DecimalMark;
use crate::sim::checkpoint;

/// Why an expression could not be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ComputeError {
    /// Not `young-daly <preset> <quantity>`.
    #[error("computed value `{0}` is not `young-daly <preset> <quantity>`")]
    Syntax(String),
    /// An unknown preset.
    #[error("computed value `{0}`: unknown preset (known: {known})", known = checkpoint::PRESETS.join(", "))]
    UnknownPreset(String),
    /// An unknown quantity.
    #[error(
        "computed value `{0}`: unknown quantity (known: job-mtbf, young, daly, waste-at-daly, failures-per-day, gpus, checkpoint, gpu-mtbf)"
    )]
    UnknownQuantity(String),
    /// The preset itself does not compute (a bug in the presets).
    #[error("computed value `{0}`: the preset does not compute")]
    Invalid(String),
}

/// Evaluates one expression (the text after `=`).
pub fn evaluate(expr: &str, format: &ValueFormat) -> Result<String, ComputeError> {
    let words: Vec<&str> = expr.split_whitespace().collect();
    let [model, preset, quantity] = words.as_slice() else {
        return Err(ComputeError::Syntax(expr.to_owned()));
    };
    if *model != "young-daly" {
        return Err(ComputeError::Syntax(expr.to_owned()));
    }
    let input =
        checkpoint::preset(preset).ok_or_else(|| ComputeError::UnknownPreset(expr.to_owned()))?;
    // Presets are written the English way, whatever the page's language.
    let outcome = checkpoint::explore(&input, DecimalMark::Point)
        .map_err(|_| ComputeError::Invalid(expr.to_owned()))?;
    let nf = &format.number;
    Ok(match *quantity {
        "job-mtbf" => format.duration(outcome.job_mtbf_s),
        "young" => format.duration(outcome.young_s),
        "daly" => format.duration(outcome.daly_s),
        "checkpoint" => format.duration(outcome.checkpoint_s),
        "gpu-mtbf" => format.duration(outcome.gpu_mtbf_s),
        "waste-at-daly" => format.percent(outcome.waste_at_daly),
        "failures-per-day" => nf.format_significant(outcome.failures_per_day, 3),
        "gpus" => nf.format(outcome.gpus, 0),
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
