//! The live widgets placed in pages by ```` ```widget <name> ```` blocks,
//! each a thin view over a simulation in `src/sim/`. Web only: the build
//! renders each one's first state into the page (`site`), the browser
//! mounts it live in the same place (`islands`).

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
use crate::sim::slurm::lab::LabId;
use crate::ui::ContentNotice;
pub use fair_share::FairShareCalculator;
pub use ring_allreduce::RingAllreduceExplorer;
pub use slurm_shell::SlurmShell;
pub use young_daly::YoungDalyExplorer;

/// Mounts the widget a directive names.
#[component]
pub fn WidgetHost(
    /// The directive from the page.
    directive: WidgetDirective,
) -> impl IntoView {
    let text = |key: &str| match directive.params.get(key) {
        Some(ParamValue::Text(t)) => Some(t.clone()),
        _ => None,
    };
    match directive.kind {
        WidgetKind::YoungDaly => view! { <YoungDalyExplorer preset=text("preset") /> }.into_any(),
        WidgetKind::FairShare => view! { <FairShareCalculator preset=text("preset") /> }.into_any(),
        WidgetKind::RingAllreduce => {
            let ranks = match directive.params.get("ranks") {
                Some(ParamValue::Int(n)) => Some(*n),
                _ => None,
            };
            view! { <RingAllreduceExplorer ranks=ranks algorithm=text("algorithm") /> }.into_any()
        }
        WidgetKind::SlurmShell => match text("lab") {
            None => view! { <SlurmShell /> }.into_any(),
            Some(name) => match LabId::from_slug(&name) {
                Some(id) => view! { <SlurmShell lab=id /> }.into_any(),
                // The content check refuses unknown labs; say so if one slips by.
                None => {
                    view! { <ContentNotice detail=format!("unknown lab {name:?}") /> }.into_any()
                }
            },
        },
    }
}

/// The coloured square before a legend entry (decorative: the entry's
/// text says what it is).
pub(crate) fn swatch(colour: &'static str) -> impl IntoView {
    view! { <span class="swatch" style=format!("background:{colour}") aria-hidden="true"></span> }
}
