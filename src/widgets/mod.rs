//! The live widgets placed in pages by ```` ```widget <name> ```` blocks.
//! Each will be a thin view over a simulation in `src/sim/`; until a
//! widget exists its directive shows an honest "coming in a later version"
//! notice in the reader's language. Web only.

mod checkpoint_cost;
mod fair_share;
mod ring_allreduce;
mod slurm_shell;
mod text_field;
mod url_state;
mod young_daly;

use leptos::prelude::*;

use crate::book::widget::ParamValue;
use crate::book::{WidgetDirective, WidgetKind};
use crate::ui::use_i18n;
pub use fair_share::FairShareCalculator;
pub use ring_allreduce::RingAllreduceExplorer;
pub use slurm_shell::SlurmShell;
pub use young_daly::YoungDalyExplorer;

/// Locale key of a widget's display name.
fn name_key(kind: WidgetKind) -> &'static str {
    match kind {
        WidgetKind::RingAllreduce => "widget-ring-allreduce",
        WidgetKind::FairShare => "widget-fair-share",
        WidgetKind::YoungDaly => "widget-young-daly",
        WidgetKind::SlurmShell => "widget-slurm-shell",
    }
}

/// Mounts the widget a directive names.
#[component]
pub fn WidgetHost(
    /// The directive from the page.
    directive: WidgetDirective,
) -> impl IntoView {
    let i18n = use_i18n();
    let kind = directive.kind;
    let text = |key: &str| match directive.params.get(key) {
        Some(ParamValue::Text(t)) => Some(t.clone()),
        _ => None,
    };
    match kind {
        WidgetKind::YoungDaly => {
            return view! { <YoungDalyExplorer preset=text("preset") /> }.into_any();
        }
        WidgetKind::FairShare => {
            return view! { <FairShareCalculator preset=text("preset") /> }.into_any();
        }
        WidgetKind::RingAllreduce => {
            let ranks = match directive.params.get("ranks") {
                Some(ParamValue::Int(n)) => Some(*n),
                _ => None,
            };
            return view! { <RingAllreduceExplorer ranks=ranks algorithm=text("algorithm") /> }
                .into_any();
        }
        // The labs' prepared clusters come later; their pages keep the notice.
        WidgetKind::SlurmShell if text("lab").is_none() => {
            return view! { <SlurmShell /> }.into_any();
        }
        WidgetKind::SlurmShell => {}
    }
    view! {
        <div class="widget widget-coming" role="note" data-widget=kind.name()>
            <p class="widget-title">{move || i18n.t(name_key(kind))}</p>
            <p class="widget-notice">{move || i18n.t("widget-coming")}</p>
        </div>
    }
    .into_any()
}

/// The coloured square before a legend entry (decorative: the entry's
/// text says what it is).
pub(crate) fn swatch(colour: &'static str) -> impl IntoView {
    view! { <span class="swatch" style=format!("background:{colour}") aria-hidden="true"></span> }
}

/// A piece of content that could not be shown: a translated notice, with
/// the technical detail for the page's author.
#[component]
pub fn ContentNotice(
    /// What went wrong, in English.
    detail: String,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="content-notice" role="status">
            <p>{move || i18n.t("content-notice")}</p>
            <p class="content-notice-detail"><code>{detail}</code></p>
        </div>
    }
}
