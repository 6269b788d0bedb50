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
use crate::ui::ContentNotice;
pub use fair_share::FairShareCalculator;
pub use ring_allreduce::RingAllreduceExplorer;
pub use young_daly::YoungDalyExplorer;

/// The widget a directive names, from whichever Leptos module carries it:
/// the build renders the first state of every widget but the shell's
/// ([`shell_first_state`]) through this.
#[component]
pub fn WidgetHost(
    /// The directive from the page.
    directive: WidgetDirective,
) -> impl IntoView {
    match directive.module_kind() {
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

/// The shell's module (`gpu-book-shell`), the Slurm shell with its labs
/// and tasks, carries no Leptos: the build writes each one's first state
/// with [`shell_first_state`], the browser brings it to life with
/// [`mount_shell`].
pub use slurm_shell::{first_state as shell_first_state, mount as mount_shell};

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
