//! "Checkpoint cost from its parts", folded under the explorer's fields: the
//! reader describes their checkpoint (state size, sharded writers,
//! bandwidths, asynchronous or not), reads the stall and the write time,
//! and sends the stall to the explorer as its checkpoint cost. A thin view
//! over `sim::checkpoint::cost_from_parts`.

use leptos::prelude::*;

use super::text_field::{TextField, input_message};
use crate::sim::checkpoint::{CostField, cost_from_parts, default_cost_input};
use crate::ui::use_i18n;

/// The parts panel; `on_use` receives the stall as text for the
/// explorer's checkpoint field.
#[component]
pub fn CheckpointCostParts(
    /// Called with the computed stall ("11 s") when the reader uses it.
    on_use: Callback<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let mark = i18n.decimal_mark();
    let input = RwSignal::new(default_cost_input(mark));
    let result = Memo::new(move |_| input.with(|i| cost_from_parts(i, mark)));
    let vf = Memo::new(move |_| i18n.value_format());
    let error = move |field: CostField| {
        result.with(|r| {
            r.as_ref()
                .err()?
                .get(field)
                .map(|e| input_message(&i18n, e))
        })
    };
    let field = move |field: CostField, id: &'static str, key: &'static str| {
        view! {
            <TextField
                id=id
                label=Signal::derive(move || i18n.t(&format!("{key}-label")))
                hint=Signal::derive(move || i18n.t(&format!("{key}-hint")))
                value=Signal::derive(move || input.with(|i| i.text(field).clone()))
                on_input=Callback::new(move |t| input.update(|i| *i.text_mut(field) = t))
                error=Signal::derive(move || error(field))
                reading=Signal::derive(move || {
                    let value = input.with(|i| field.read(i.text(field), mark)).ok()?;
                    Some(vf.with(|vf| match field {
                        CostField::State => vf.bytes(value, false),
                        CostField::Writers => vf.number.format(value, 0),
                        _ => vf.bytes(value, true),
                    }))
                })
            />
        }
    };
    let outcome = move || {
        result.get().ok().map(|o| {
            let vf = vf.get();
            let stall = vf.duration(o.stall_s);
            let write = vf.duration(o.write_s);
            let typed = stall.replace('\u{a0}', " ");
            view! {
                <p class="cost-result">
                    {i18n.t("cost-stall")} " " <strong data-testid="cost-stall">{stall}</strong> " · "
                    {i18n.t("cost-write")} " " <strong data-testid="cost-write">{write}</strong>
                </p>
                <button type="button" class="preset" on:click=move |_| on_use.run(typed.clone())>
                    {i18n.t("cost-use")}
                </button>
            }
        })
    };
    view! {
        <details class="cost-parts">
            <summary>{move || i18n.t("cost-title")}</summary>
            <div class="fields">
                {field(CostField::State, "cost-state", "cost-state")}
                {field(CostField::Writers, "cost-writers", "cost-writers")}
                {field(CostField::WriterBw, "cost-writer-bw", "cost-writer-bw")}
                {field(CostField::StorageBw, "cost-storage-bw", "cost-storage-bw")}
            </div>
            <label class="checkbox">
                <input
                    type="checkbox"
                    checked=input.with_untracked(|i| i.asynchronous)
                    prop:checked=move || input.with(|i| i.asynchronous)
                    on:change=move |ev| input.update(|i| i.asynchronous = event_target_checked(&ev))
                />
                {move || i18n.t("cost-async")}
            </label>
            {move || input.with(|i| i.asynchronous).then(|| field(CostField::HostBw, "cost-host-bw", "cost-host-bw"))}
            {outcome}
        </details>
    }
}
