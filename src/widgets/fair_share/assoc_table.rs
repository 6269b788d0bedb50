//! The account tree: an editable list of associations, and the numbers
//! `sshare -a -l` would print for it. A parent is chosen from a list of
//! the accounts (by identity, so renaming one moves nothing); removing an
//! account with children asks what becomes of them; new rows go under the
//! parent chosen.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::Calc;
use crate::i18n::Arg;
use crate::sim::fair_share::Algorithm;
use crate::sim::fair_share::calculator::{
    CalculatorInput, Column, Field, Orphans, Parent, RowId, Step,
};

/// A parent as an `<option>` value: `root`, `id-<n>`, or `missing`.
fn parent_value(parent: &Parent) -> String {
    match parent {
        Parent::Root => "root".to_owned(),
        Parent::Account(id) => format!("id-{}", id.0),
        Parent::Missing(_) => "missing".to_owned(),
    }
}

/// The parent an `<option>` value names, if it names one.
fn parse_parent(value: &str) -> Option<Parent> {
    if value == "root" {
        return Some(Parent::Root);
    }
    let id = value.strip_prefix("id-")?.parse().ok()?;
    Some(Parent::Account(RowId(id)))
}

/// The `<option>`s of `parents`, `current` selected, named as the reader
/// named them.
fn parent_options(
    input: &CalculatorInput,
    parents: Vec<Parent>,
    current: &Parent,
) -> impl IntoView + use<> {
    parents
        .into_iter()
        .map(|p| {
            let name = input.parent_name(&p).to_owned();
            let selected = p == *current;
            view! { <option value=parent_value(&p) selected=selected prop:selected=selected>{name}</option> }
        })
        .collect::<Vec<_>>()
}

/// Moves the focus to the element `id` once the page shows it (after the
/// edit that creates it has been drawn).
fn focus_soon(id: String) {
    request_animation_frame(move || {
        let element = document().get_element_by_id(&id);
        if let Some(el) = element.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
    });
}

/// The translated label of a column, with the row's name: "Name (alice)".
fn cell_label(calc: Calc, row: usize, label: &'static str) -> String {
    let who = calc.input.with(|i| {
        i.text(Field::Assoc(row, Column::Name))
            .unwrap_or_default()
            .to_owned()
    });
    format!("{} ({who})", calc.i18n.t(label))
}

/// One editable text cell of an association's row.
fn cell(calc: Calc, row: usize, column: Column, label: &'static str) -> impl IntoView {
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
    let text = move || {
        calc.input
            .with(|i| i.text(field).unwrap_or_default().to_owned())
    };
    view! {
        <td class:invalid=move || calc.error(field).is_some()>
            <input
                id=id
                type="text"
                inputmode=if numeric { "decimal" } else { "text" }
                autocomplete="off"
                spellcheck="false"
                aria-label=move || cell_label(calc, row, label)
                aria-describedby=error_id.clone()
                aria-invalid=move || calc.error(field).is_some().to_string()
                value=untrack(text)
                prop:value=text
                on:input=move |ev| calc.type_text(field, event_target_value(&ev))
            />
            <p class="cell-error" id=error_id role="alert">{move || calc.error(field)}</p>
        </td>
    }
}

/// The parent cell: a choice of `root` and the accounts that would make no
/// cycle (and, from an address, a parent that is no account, refused).
fn parent_cell(calc: Calc, row: usize) -> impl IntoView {
    let field = Field::Assoc(row, Column::Parent);
    let id = format!("fs-assoc-{row}-parent");
    let error_id = format!("{id}-error");
    let options = move || {
        calc.input.with(|i| {
            let current = i
                .assocs
                .get(row)
                .map(|a| a.parent.clone())
                .unwrap_or_default();
            let mut choices = i.parent_choices(row);
            if matches!(current, Parent::Missing(_)) {
                choices.push(current.clone());
            }
            parent_options(i, choices, &current)
        })
    };
    view! {
        <td class:invalid=move || calc.error(field).is_some()>
            <select
                id=id
                aria-label=move || cell_label(calc, row, "fs-col-parent")
                aria-describedby=error_id.clone()
                aria-invalid=move || calc.error(field).is_some().to_string()
                on:change=move |ev| {
                    if let Some(parent) = parse_parent(&event_target_value(&ev)) {
                        calc.edit(Step::Action, |i| i.set_parent(row, parent));
                    }
                }
            >
                {options}
            </select>
            <p class="cell-error" id=error_id role="alert">{move || calc.error(field)}</p>
        </td>
    }
}

/// The inline question when an account with children is removed: move them
/// up to its parent, or remove them too.
fn remove_choice(calc: Calc, row: usize, pending: RwSignal<Option<RowId>>) -> impl IntoView {
    let i18n = calc.i18n;
    let first = NodeRef::<leptos::html::Button>::new();
    // The choice takes the focus, so a keyboard reader lands on it.
    Effect::new(move |_| {
        if let Some(button) = first.get() {
            let _ = button.focus();
        }
    });
    let names = move || {
        calc.input.with(|i| {
            let a = i.assocs.get(row);
            let name = a.map(|a| a.name.clone()).unwrap_or_default();
            let parent = a
                .map(|a| i.parent_name(&a.parent).to_owned())
                .unwrap_or_default();
            (name, parent)
        })
    };
    let question = move || {
        let (name, _) = names();
        i18n.t_args("fs-remove-question", &[("name", Arg::Str(&name))])
    };
    let choose = move |orphans: Orphans| {
        pending.set(None);
        calc.edit(Step::Action, |i| i.remove(row, orphans));
    };
    // Cancelling (the button or Escape) gives the focus back to the row's
    // remove button.
    let cancel = move || {
        pending.set(None);
        focus_soon(format!("fs-assoc-{row}-remove"));
    };
    let question_id = format!("fs-remove-question-{row}");
    let question_id_span = question_id.clone();
    view! {
        <tr class="fs-remove-choice">
            <td colspan="6">
                <div
                    role="group"
                    aria-labelledby=question_id.clone()
                    data-testid="fs-remove-choice"
                    on:keydown=move |ev| {
                        if ev.key() == "Escape" {
                            cancel();
                        }
                    }
                >
                    <span id=question_id_span>{question}</span>
                    " "
                    <button type="button" node_ref=first on:click=move |_| choose(Orphans::MoveUp)>
                        {move || {
                            let (_, parent) = names();
                            i18n.t_args("fs-remove-move-up", &[("parent", Arg::Str(&parent))])
                        }}
                    </button>
                    " "
                    <button type="button" on:click=move |_| choose(Orphans::Remove)>
                        {move || i18n.t("fs-remove-all")}
                    </button>
                    " "
                    <button type="button" on:click=move |_| cancel()>
                        {move || i18n.t("fs-remove-cancel")}
                    </button>
                </div>
            </td>
        </tr>
    }
}

/// The controls that add a user or an account under a chosen parent.
fn add_controls(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let add = move |is_user: bool, button_key: &'static str, label_key: &'static str| {
        let id = if is_user {
            "fs-add-user-parent"
        } else {
            "fs-add-account-parent"
        };
        // The chosen parent, as an option value; a user starts under the
        // first account, an account under root.
        let chosen = RwSignal::new(None::<Parent>);
        let choices = move || {
            calc.input.with(|i| {
                let accounts = i.accounts().into_iter().map(|(id, _)| Parent::Account(id));
                if is_user {
                    accounts.chain([Parent::Root]).collect::<Vec<_>>()
                } else {
                    std::iter::once(Parent::Root).chain(accounts).collect()
                }
            })
        };
        // A parent removed meanwhile falls back to the first choice.
        let current = move || {
            let choices = choices();
            chosen
                .get()
                .filter(|p| choices.contains(p))
                .or_else(|| choices.first().cloned())
                .unwrap_or_default()
        };
        view! {
            <span class="fs-add-group">
                <button
                    type="button"
                    class="add"
                    on:click=move |_| {
                        let parent = current();
                        let mut row = 0;
                        calc.edit(Step::Action, |i| row = i.add(is_user, parent));
                        // The new row's name is the next thing to type.
                        focus_soon(format!("fs-assoc-{row}-name"));
                    }
                >
                    {move || i18n.t(button_key)}
                </button>
                " "
                <select
                    id=id
                    aria-label=move || i18n.t(label_key)
                    on:change=move |ev| chosen.set(parse_parent(&event_target_value(&ev)))
                >
                    {move || {
                        let (choices, current) = (choices(), current());
                        calc.input.with(|i| parent_options(i, choices, &current))
                    }}
                </select>
            </span>
        }
    };
    view! {
        <div class="fs-add">
            {add(true, "fs-add-user", "fs-add-user-parent")}
            {add(false, "fs-add-account", "fs-add-account-parent")}
        </div>
    }
}

/// The editable association list.
#[component]
pub(super) fn AssocTable(calc: Calc) -> impl IntoView {
    let i18n = calc.i18n;
    let count = Memo::new(move |_| calc.input.with(|i| i.assocs.len()));
    // The account whose removal waits for the reader's choice.
    let pending = RwSignal::new(None::<RowId>);
    let row = move |row: usize| {
        let is_user = Memo::new(move |_| {
            calc.input
                .with(|i| i.assocs.get(row).is_some_and(|a| a.is_user))
        });
        let id = Memo::new(move |_| calc.input.with(|i| i.assocs.get(row).map(|a| a.id)));
        let asking = move || pending.get().is_some_and(|p| id.get() == Some(p));
        let remove = move |_| {
            let Some(me) = id.get_untracked() else { return };
            if calc.input.with_untracked(|i| i.descendants(me).is_empty()) {
                calc.edit(Step::Action, |i| i.remove(row, Orphans::Remove));
            } else {
                pending.set(Some(me));
            }
        };
        view! {
            <tr class:user=is_user>
                <th scope="row">
                    {move || i18n.t(if is_user.get() { "fs-kind-user" } else { "fs-kind-account" })}
                </th>
                {cell(calc, row, Column::Name, "fs-col-name")}
                {parent_cell(calc, row)}
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
                        id=format!("fs-assoc-{row}-remove")
                        aria-expanded=move || (!is_user.get()).then(|| asking().to_string())
                        aria-label=move || {
                            let who = calc.input.with(|i| i.text(Field::Assoc(row, Column::Name)).unwrap_or_default().to_owned());
                            format!("{} {who}", i18n.t("fs-remove"))
                        }
                        on:click=remove
                    >
                        "×"
                    </button>
                </td>
            </tr>
            <Show when=asking>{move || remove_choice(calc, row, pending)}</Show>
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
        {add_controls(calc)}
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
