//! The calculator's refusals in the reader's language.

use crate::i18n::Arg;
use crate::sim::fair_share::calculator::{CalcError, MAX_ASSOCS};
use crate::ui::I18n;
use crate::widgets::text_field::input_message;

/// The translated message of one error.
pub(super) fn message(i18n: &I18n, error: &CalcError) -> String {
    let format = i18n.number_format();
    let count = |n: u64| format.format(n as f64, 0);
    let name = |key: &str, name: &str| i18n.t_args(key, &[("name", Arg::Str(name))]);
    let number = |key: &str, n: u64| i18n.t_args(key, &[("n", Arg::Str(&count(n)))]);
    match error {
        CalcError::Input(input) => input_message(i18n, input),
        CalcError::NotAFactor => i18n.t("fs-error-factor"),
        CalcError::EmptyName => i18n.t("fs-error-empty-name"),
        CalcError::BadName => i18n.t("fs-error-bad-name"),
        CalcError::Duplicate => i18n.t("fs-error-duplicate"),
        CalcError::UnknownParent(parent) => name("fs-error-unknown-parent", parent),
        CalcError::Cycle => i18n.t("fs-error-cycle"),
        CalcError::UsageWithoutShares => i18n.t("fs-error-usage-without-shares"),
        CalcError::ZeroLevelShares(parent) => name("fs-error-zero-shares", parent),
        CalcError::EmptyTree => i18n.t("fs-error-empty-tree"),
        CalcError::TooManyAssocs => number("fs-error-too-many", MAX_ASSOCS as u64),
        CalcError::NeverDecays => i18n.t("fs-error-never-decays"),
        CalcError::NoSuchUser => i18n.t("fs-error-no-such-user"),
        CalcError::MoreThanCluster(total) => number("fs-error-more-than-cluster", *total),
        CalcError::CapBelowJob(gpus) => number("fs-error-cap-below-job", *gpus),
        CalcError::StoryNeedsTwoTeams => i18n.t("fs-error-two-teams"),
    }
}
