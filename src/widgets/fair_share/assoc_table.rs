//! The account tree: an editable list of associations, and the numbers
//! `sshare -a -l` would print for it.

use leptos::prelude::*;

use super::Calc;
use crate::sim::fair_share::Algorithm;
use crate::sim::fair_share::calculator::{Column, Field};

/// One editable cell of an association's row.
fn cell(calc: Calc, row: usize, column: Column, label: &'static str) -> impl IntoView {
    let i18n = calc.i18n;
    let field = Field::Assoc(row, column);
    let name = match column {
        Column::Name => "name",
        Column::Parent => "parent",
        Column::Shares => "shares",
        Column::Usage => "usage",
    };
    let id = format!("fs-assoc-{row}-{name}");
    let error_id = format!("{id}-error");
    let numeric = matches!(column, Column::Shares | Column::Usage);
    view! {
        <td class:invalid=move || calc.error(field).is_some()>
            <input
                id=id
                type="text"
                inputmode=if numeric { "decimal" } else { "text" }
                autocomplete="off"
                spellcheck="false"
                aria-label=move || {
                    let who = calc.input.with(|i| i.text(Field::Assoc(row, Column::Name)).unwrap_or_default().to_owned());
                    format!("{} ({who})", i18n.t(label))
                }
                aria-describedby=error_id.clone()
                aria-invalid=move || calc.error(field).is_some().to_string()
                prop:value=move || calc.input.with(|i| i.text(field).unwrap_or_default().to_owned())
                on:input=move |ev| calc.input.update(|i| i.set_text(field, event_target_value(&ev)))
            />
            <p class="cell-error" id=error_id role="alert">{move || calc.error(field)}</p>
        </td>
    }
}

/// The editable association list.
#[component]
pub(super) fn AssocTable(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let count = Memo::new(move |_| calc.input.with(|i| i.assocs.len()));
    let row = move |row: usize| {
        let is_user = Memo::new(move |_| {
            calc.input
                .with(|i| i.assocs.get(row).is_some_and(|a| a.is_user))
        });
        view! {
            <tr class:user=is_user>
                <th scope="row">
                    {move || i18n.t(if is_user.get() { "fs-kind-user" } else { "fs-kind-account" })}
                </th>
                {cell(calc, row, Column::Name, "fs-col-name")}
                {cell(calc, row, Column::Parent, "fs-col-parent")}
                {cell(calc, row, Column::Shares, "fs-col-shares")}
                {move || {
                    if is_user.get() {
                        cell(calc, row, Column::Usage, "fs-col-usage").into_any()
                    } else {
                        view! { <td class="muted">{move || i18n.t("fs-usage-sum")}</td> }.into_any()
                    }
                }}
                <td>
                    <button
                        type="button"
                        class="remove"
                        aria-label=move || {
                            let who = calc.input.with(|i| i.text(Field::Assoc(row, Column::Name)).unwrap_or_default().to_owned());
                            format!("{} {who}", i18n.t("fs-remove"))
                        }
                        on:click=move |_| calc.input.update(|i| i.remove(row))
                    >
                        "×"
                    </button>
                </td>
            </tr>
        }
    };
    let add = move |is_user: bool, key: &'static str| {
        view! {
            <button type="button" class="add" on:click=move |_| {
                calc.input.update(|i| {
                    i.add(is_user);
                });
            }>
                {move || i18n.t(key)}
            </button>
        }
    };
    view! {
        <div class="table-wrap" tabindex="0">
            <table class="fs-assocs">
                <caption>{move || i18n.t("fs-tree-caption")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{move || i18n.t("fs-col-kind")}</th>
                        <th scope="col">{move || i18n.t("fs-col-name")}</th>
                        <th scope="col">{move || i18n.t("fs-col-parent")}</th>
                        <th scope="col">{move || i18n.t("fs-col-shares")}</th>
                        <th scope="col">{move || i18n.t("fs-col-usage")}</th>
                        <th scope="col"><span class="visually-hidden">{move || i18n.t("fs-remove")}</span></th>
                    </tr>
                </thead>
                <tbody>
                    <For each=move || 0..count.get() key=|row| *row children=row />
                </tbody>
            </table>
        </div>
        <div class="fs-add">
            {add(false, "fs-add-account")}
            {add(true, "fs-add-user")}
        </div>
        <p class="field-error" role="alert" data-testid="fs-tree-error">{move || calc.error(Field::Tree)}</p>
    }
}

/// `sshare -a -l` for the tree, from the last valid calculation.
#[component]
pub(super) fn ShareTable(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let fair_tree = move || {
        calc.shown.with(|s| {
            s.as_ref()
                .is_some_and(|c| c.algorithm == Algorithm::FairTree)
        })
    };
    let rows = move || {
        calc.shown.with(|s| {
            s.as_ref().map(|c| {
                c.rows
                    .iter()
                    .map(|r| {
                        let indent = format!("padding-left:{}em", r.depth);
                        let d = r.detail;
                        let six = move |x: f64| calc.number(x, 6);
                        view! {
                            <tr>
                                <td style=indent>{r.account.clone()}</td>
                                <td>{r.user.clone().unwrap_or_default()}</td>
                                <td class="num">{r.raw_shares.map(|s| calc.number(f64::from(s), 0))}</td>
                                <td class="num">{six(d.norm_shares)}</td>
                                <td class="num">{calc.number(r.raw_usage, 1)}</td>
                                <td class="num">{six(d.effective_usage)}</td>
                                <td class="num fs-factor">{d.factor.map(six)}</td>
                                <Show when=fair_tree>
                                    <td class="num">{d.level_fs.map(|l| if l.is_infinite() { "inf".to_owned() } else { six(l) })}</td>
                                </Show>
                            </tr>
                        }
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    view! {
        <div class="table-wrap" tabindex="0">
            <table class="fs-sshare" data-testid="fs-sshare">
                <caption>
                    {move || {
                        i18n.t(if fair_tree() { "fs-sshare-caption-fair-tree" } else { "fs-sshare-caption-classic" })
                    }}
                </caption>
                <thead>
                    <tr>
                        <th scope="col">"Account"</th>
                        <th scope="col">"User"</th>
                        <th scope="col">"RawShares"</th>
                        <th scope="col">"NormShares"</th>
                        <th scope="col">{move || i18n.t("fs-raw-usage-gpu-h")}</th>
                        <th scope="col">"EffectvUsage"</th>
                        <th scope="col">"FairShare"</th>
                        <Show when=fair_tree>
                            <th scope="col">"LevelFS"</th>
                        </Show>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}
