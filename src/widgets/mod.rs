//! The live widgets placed in pages by ```` ```widget <name> ```` blocks,
//! each a thin view over a simulation in `src/sim/`. Web only: the build
//! renders each one's first state into the page (`site`), the browser
//! mounts it live in the same place (`islands`).

mod checkpoint_cost;
mod deferred;
mod exercise;
mod fair_share;
mod progress;
mod ring_allreduce;
mod slurm_shell;
mod stale;
mod text_field;
mod url_state;
mod young_daly;

use leptos::prelude::*;

use crate::book::widget::ParamValue;
use crate::book::{WasmModule, WidgetDirective, WidgetKind};
use crate::sim::slurm::lab::LabId;
use crate::ui::ContentNotice;
pub use fair_share::FairShareCalculator;
pub use ring_allreduce::RingAllreduceExplorer;
pub use slurm_shell::SlurmShell;
pub use young_daly::YoungDalyExplorer;

/// The widget a directive names, from whichever module carries it: the
/// build renders every widget's first state through this.
#[component]
pub fn WidgetHost(
    /// The directive from the page.
    directive: WidgetDirective,
) -> impl IntoView {
    match directive.module_kind() {
        WidgetKind::SlurmShell => shell_module(&directive),
        WidgetKind::Progress => exercises_module(&directive),
        _ => widgets_module(&directive),
    }
}

/// The view of the widgets module (`gpu-book-widgets`): all but the shell
/// and the progress file.
/// Each module's binary names only its own view, so the others' code is
/// left out of its wasm.
pub fn widgets_module(directive: &WidgetDirective) -> AnyView {
    let text = |key: &str| text_param(directive, key);
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
        WidgetKind::Exercise if directive.module_kind() == WidgetKind::Exercise => {
            exercise::exercise_view(directive)
        }
        kind => elsewhere(kind, WasmModule::Widgets),
    }
}

/// The view of the exercises' module (`gpu-book-exercises`): the
/// exercises and the progress file.
pub fn exercises_module(directive: &WidgetDirective) -> AnyView {
    match directive.module_kind() {
        WidgetKind::Exercise => exercise::exercise_view(directive),
        WidgetKind::Progress => progress::progress_view(directive),
        kind => elsewhere(kind, WasmModule::Exercises),
    }
}

/// The view of the shell's module (`gpu-book-shell`): the Slurm shell and
/// its labs.
pub fn shell_module(directive: &WidgetDirective) -> AnyView {
    if directive.module_kind() != WidgetKind::SlurmShell {
        return elsewhere(directive.kind, WasmModule::Shell);
    }
    if directive.kind == WidgetKind::Exercise {
        return slurm_shell::task_view(directive);
    }
    match text_param(directive, "lab") {
        None => view! { <SlurmShell /> }.into_any(),
        Some(name) => match LabId::from_slug(&name) {
            Some(id) => view! { <SlurmShell lab=id /> }.into_any(),
            // The content check refuses unknown labs; say so if one slips by.
            None => view! { <ContentNotice detail=format!("unknown lab {name:?}") /> }.into_any(),
        },
    }
}

/// A widget handed to a module that does not carry it (the page chose
/// the wrong module: a bug of the build, said in the widget's place).
fn elsewhere(kind: WidgetKind, module: WasmModule) -> AnyView {
    let detail = format!("{} is not in {}", kind.name(), module.bin());
    view! { <ContentNotice detail=detail /> }.into_any()
}

fn text_param(directive: &WidgetDirective, key: &str) -> Option<String> {
    match directive.params.get(key) {
        Some(ParamValue::Text(t)) => Some(t.clone()),
        _ => None,
    }
}

/// The coloured square before a legend entry (decorative: the entry's
/// text says what it is).
pub(crate) fn swatch(colour: &'static str) -> impl IntoView {
    view! { <span class="swatch" style=format!("background:{colour}") aria-hidden="true"></span> }
}
