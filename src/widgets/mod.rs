//! The live widgets placed in pages by ```` ```widget <name> ```` blocks,
//! each a thin view over a simulation in `src/sim/`. Web only: the build
//! renders each one's first state into the page (`site`), the browser
//! mounts it live in the same place (`islands`).
//!
//! The shell is drawn without Leptos, so its module is built with the
//! `browser` feature alone; everything else here is behind `web`.

#[cfg(feature = "web")]
mod checkpoint_cost;
#[cfg(feature = "web")]
mod deferred;
#[cfg(feature = "web")]
mod exercise;
#[cfg(feature = "web")]
mod fair_share;
#[cfg(feature = "web")]
mod progress;
#[cfg(feature = "web")]
mod ring_allreduce;
mod slurm_shell;
#[cfg(feature = "web")]
mod stale;
#[cfg(feature = "web")]
mod text_field;
mod url_state;
#[cfg(feature = "web")]
mod young_daly;

#[cfg(feature = "web")]
use leptos::prelude::*;

#[cfg(feature = "web")]
use crate::book::widget::ParamValue;
#[cfg(feature = "web")]
use crate::book::{WasmModule, WidgetDirective, WidgetKind};
#[cfg(feature = "web")]
use crate::ui::ContentNotice;
#[cfg(feature = "web")]
pub use fair_share::FairShareCalculator;
#[cfg(feature = "web")]
pub use ring_allreduce::RingAllreduceExplorer;
#[cfg(feature = "web")]
pub use young_daly::YoungDalyExplorer;

/// The widget a directive names, from whichever Leptos module carries it:
/// the build renders the first state of every widget but the shell's
/// ([`shell_first_state`]) through this.
#[cfg(feature = "web")]
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
#[cfg(feature = "web")]
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
#[cfg(feature = "web")]
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
#[cfg(feature = "web")]
fn elsewhere(kind: WidgetKind, module: WasmModule) -> AnyView {
    let detail = format!("{} is not in {}", kind.name(), module.bin());
    view! { <ContentNotice detail=detail /> }.into_any()
}

#[cfg(feature = "web")]
fn text_param(directive: &WidgetDirective, key: &str) -> Option<String> {
    match directive.params.get(key) {
        Some(ParamValue::Text(t)) => Some(t.clone()),
        _ => None,
    }
}

/// One preset's button: its label the message `key`, `apply` on a click.
#[cfg(feature = "web")]
pub(crate) fn preset_button(
    i18n: crate::ui::I18n,
    key: String,
    apply: impl Fn() + 'static,
) -> impl IntoView {
    view! {
        <button type="button" class="preset" on:click=move |_| apply()>
            {move || i18n.t(&key)}
        </button>
    }
}

/// The coloured square before a legend entry (decorative: the entry's
/// text says what it is).
#[cfg(feature = "web")]
pub(crate) fn swatch(colour: &'static str) -> impl IntoView {
    view! { <span class="swatch" style=format!("background:{colour}") aria-hidden="true"></span> }
}
