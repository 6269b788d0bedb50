//! The ring all-reduce, step by step, on the reader's GPU: a thin view over
//! `sim::allreduce::explorer` and `gpu`. The reader picks the ranks, the
//! buffer, the type, ring or tree and a slow link; plays, pauses or steps
//! the schedule and watches each rank's chunks fill with partial sums; each
//! step runs on the GPU (or the CPU, where there is none) and is checked
//! against the CPU reference. A modelled chart compares ring and tree, and
//! a measured run prints an nccl-tests table.

mod device;
mod measured;
mod model_chart;
mod ring_svg;

use leptos::prelude::*;

use super::text_field::{TextField, input_message};
use super::url_state;
use crate::gpu::{AdapterSummary, GpuError};
use crate::i18n::Arg;
use crate::i18n::number::ValueFormat;
use crate::sim::allreduce::explorer::{
    self, DType, RingField, RingInput, RingInputError, RingSetup, step_view,
};
use crate::sim::allreduce::{Algorithm, Phase};
use crate::ui::{I18n, use_i18n};
use crate::widgets::stale::Stale;
use device::{Device, StepRun};
use measured::{MeasureError, Measured};
use model_chart::ModelChart;
use ring_svg::RingSvg;

/// The signals the parts of the widget share.
#[derive(Clone, Copy)]
struct Ring {
    i18n: I18n,
    /// The last valid setup.
    setup: RwSignal<Option<RingSetup>>,
    /// Steps completed, 0 to the schedule's step count.
    step: RwSignal<usize>,
    /// How far the current step's messages have travelled, 0 to 1.
    progress: RwSignal<f64>,
    /// Number format of the reader's language.
    vf: Memo<ValueFormat>,
}

/// The largest message sizes the measured run offers, bytes per rank.
const SWEEP_MAX: [u64; 4] = [1 << 20, 16 << 20, 64 << 20, 256 << 20];

/// How the text names the reader's adapter: its name; where the browser
/// gives none (Chromium's SwiftShader gives ""), its vendor and
/// architecture with what kind it is; and, knowing nothing else, the kind.
fn adapter_label(i18n: &I18n, adapter: &AdapterSummary) -> String {
    let software = adapter.device_type == wgpu::DeviceType::Cpu;
    let described = adapter.described.trim();
    match adapter.name.trim() {
        "" if described.is_empty() && software => i18n.t("ar-device-software"),
        "" if described.is_empty() => i18n.t("ar-device-unnamed"),
        "" if software => i18n.t_args(
            "ar-device-software-described",
            &[("adapter", crate::i18n::Arg::Str(described))],
        ),
        "" => i18n.t_args(
            "ar-device-described",
            &[("adapter", crate::i18n::Arg::Str(described))],
        ),
        name => name.to_owned(),
    }
}

/// The reader's-language message of a field error.
fn error_text(i18n: &I18n, error: &RingInputError) -> String {
    let format = i18n.number_format();
    match error {
        RingInputError::Input(input) => input_message(i18n, input),
        RingInputError::Ranks => i18n.t("ar-error-ranks"),
        RingInputError::TooManyElements(max) => i18n.t_args(
            "ar-error-too-many-elements",
            &[("n", crate::i18n::Arg::Str(&format.format(*max as f64, 0)))],
        ),
        RingInputError::Fraction => i18n.t("ar-error-fraction"),
    }
}

/// How a field's value was read, in the reader's words: "8 ranks",
/// "4 kB per rank" (the elements in bytes of the chosen type), "25 % of
/// the other links' bandwidth", "400 GB/s per link", "5 µs per message".
fn reading(i18n: &I18n, vf: &ValueFormat, field: RingField, value: f64, dtype: DType) -> String {
    let (key, name, text) = match field {
        RingField::Ranks => return i18n.t_args("ar-ranks-reading", &[("ranks", Arg::Num(value))]),
        RingField::SlowFraction if value >= 1.0 => return i18n.t("ar-slow-reading-none"),
        RingField::Elements => (
            "ar-elements-reading",
            "size",
            vf.bytes(value * dtype.perf_type().size_bytes() as f64, false),
        ),
        RingField::SlowFraction => ("ar-slow-reading", "percent", vf.percent(value)),
        RingField::Bandwidth => (
            "ar-bw-reading",
            "rate",
            vf.number.format_significant(value, 4),
        ),
        RingField::Latency => (
            "ar-alpha-reading",
            "micros",
            vf.number.format_significant(value, 4),
        ),
    };
    i18n.t_args(key, &[(name, Arg::Str(&text))])
}

/// A GPU failure in the reader's language.
fn gpu_error_text(i18n: &I18n, error: &GpuError, vf: &ValueFormat) -> String {
    match error {
        GpuError::BufferTooLarge {
            limit,
            limit_bytes,
            requested_bytes,
        } => {
            let mib = |b: u64| vf.number.format(b as f64 / f64::from(1u32 << 20), 0);
            i18n.t_args(
                "ar-error-too-large-for-gpu",
                &[
                    ("limit", crate::i18n::Arg::Str(&mib(*limit_bytes))),
                    ("requested", crate::i18n::Arg::Str(&mib(*requested_bytes))),
                    ("which", crate::i18n::Arg::Str(&limit.to_string())),
                ],
            )
        }
        other => i18n.t(gpu_failure_key(other)),
    }
}

/// What a GPU failure means for the reader, as a message key: each says
/// what happened and that the same schedule goes on on the CPU. The
/// driver's own words go behind a "details" disclosure.
fn gpu_failure_key(error: &GpuError) -> &'static str {
    match error {
        GpuError::Schedule(_) | GpuError::Device(_) => "ar-gpu-rejected",
        GpuError::BufferTooLarge { .. } | GpuError::OutOfMemory(_) => "ar-gpu-out-of-memory",
        GpuError::DeviceLost(_) => "ar-gpu-lost",
        GpuError::Map(_) => "ar-gpu-readback",
    }
}

/// The widget, starting from the directive's rank count and algorithm.
#[component]
pub fn RingAllreduceExplorer(
    /// Ranks to start with (2 to 64).
    ranks: Option<i64>,
    /// `ring` or `tree`.
    algorithm: Option<String>,
) -> impl IntoView {
    let i18n = use_i18n();
    let ranks = ranks.and_then(|r| usize::try_from(r).ok()).unwrap_or(8);
    let algorithm = match algorithm.as_deref() {
        Some("tree") => Algorithm::Tree,
        _ => Algorithm::Ring,
    };
    // The address's parameters over the directive's.
    let mark = i18n.decimal_mark();
    let start = explorer::from_query(RingInput::with(ranks, algorithm), url_state::read);
    let input = RwSignal::new(start.clone());
    let result = Memo::new(move |_| input.with(|i| explorer::setup(i, mark)));
    let vf = Memo::new(move |_| i18n.value_format());
    let ring = Ring {
        i18n,
        // A shared link whose fields are wrong still shows the directive's
        // ring, with the errors beside the fields.
        setup: RwSignal::new(
            explorer::setup(&start, mark)
                .or_else(|_| explorer::setup(&RingInput::with(ranks, algorithm), mark))
                .ok(),
        ),
        step: RwSignal::new(0),
        progress: RwSignal::new(0.0),
        vf,
    };
    let playing = RwSignal::new(false);
    let speed = RwSignal::new(2.0_f64);
    let device: RwSignal<Device, LocalStorage> = RwSignal::new_local(Device::Probing);
    let cpu = StoredValue::new(device::CpuState::default());
    // The first step on the CPU at once: the first state the build writes
    // into the page, and what the reader sees until a GPU answers.
    let first = ring
        .setup
        .get_untracked()
        .and_then(|setup| cpu.try_update_value(|c| c.run(&setup, 0)));
    let run: RwSignal<Option<StepRun>> = RwSignal::new(first);
    let gpu_error: RwSignal<Option<String>> = RwSignal::new(None);
    Effect::new(move |_| {
        if let Ok(setup) = result.get() {
            ring.setup.set(Some(setup));
            ring.step.set(0);
            ring.progress.set(0.0);
            playing.set(false);
        }
        if input.with(|i| *i != start) {
            url_state::write_soon(move || input.try_with_untracked(explorer::to_query));
        }
    });
    device::acquire(device);

    // Each step runs where the widget runs; results of older requests are dropped.
    let generation = StoredValue::new(0u64);
    Effect::new(move |_| {
        let step = ring.step.get();
        let Some(setup) = ring.setup.get() else {
            return;
        };
        let on = device.get();
        generation.update_value(|g| *g += 1);
        let mine = generation.get_value();
        match on {
            Device::Gpu(ctx) => {
                leptos::task::spawn_local(async move {
                    let outcome = device::on_gpu(&ctx, &setup, step).await;
                    if generation.try_get_value() != Some(mine) {
                        return;
                    }
                    match outcome {
                        Ok(r) => {
                            let _ = run.try_set(Some(r));
                            let _ = gpu_error.try_set(None);
                        }
                        Err(e @ GpuError::BufferTooLarge { .. }) => {
                            let text = vf.try_with_untracked(|vf| gpu_error_text(&i18n, &e, vf));
                            let _ = gpu_error.try_set(text);
                            let cpu_run = cpu.try_update_value(|c| c.run(&setup, step));
                            let _ = run.try_set(cpu_run);
                        }
                        Err(e) => {
                            let _ = device.try_set(Device::Cpu(gpu_failure_key(&e), e.to_string()));
                        }
                    }
                });
            }
            Device::Cpu(..) | Device::Probing => {
                run.set(cpu.try_update_value(|c| c.run(&setup, step)))
            }
        }
    });

    let steps = move || {
        ring.setup
            .with(|s| s.as_ref().map_or(0, |s| s.schedule.step_count()))
    };
    animate(ring, playing, speed);

    let errors = move |field: RingField| {
        result
            .with(|r| r.as_ref().err()?.get(field).map(|e| error_text(&i18n, e)))
            .or_else(|| {
                (field == RingField::Elements)
                    .then(|| gpu_error.get())
                    .flatten()
            })
    };
    let field = move |field: RingField, numeric_hint: &'static str| {
        let key = field.key();
        view! {
            <TextField
                id=format!("ar-{key}")
                label=Signal::derive(move || i18n.t(&format!("ar-{key}-label")))
                hint=Signal::derive(move || i18n.t(numeric_hint))
                value=Signal::derive(move || input.with(|i| i.text(field).to_owned()))
                on_input=Callback::new(move |text| input.update(|i| *i.text_mut(field) = text))
                error=Signal::derive(move || errors(field))
                reading=Signal::derive(move || {
                    input.with(|i| {
                        let value = explorer::read_field(i, field, mark).ok()?;
                        Some(vf.with(|vf| reading(&i18n, vf, field, value, i.dtype)))
                    })
                })
            />
        }
    };
    let choice = move |name: &'static str,
                       options: Vec<(&'static str, &'static str)>,
                       get: fn(&RingInput) -> &'static str,
                       set: fn(&mut RingInput, &str)| {
        let buttons = options
            .into_iter()
            .map(|(value, key)| {
                let checked = move || input.with(|i| get(i) == value);
                view! {
                    <label class="radio">
                        <input
                            type="radio"
                            name=name
                            checked=untrack(checked)
                            prop:checked=checked
                            on:change=move |_| input.update(|i| set(i, value))
                        />
                        {move || i18n.t(key)}
                    </label>
                }
            })
            .collect_view();
        view! {
            <fieldset class="ar-choice">
                <legend>{move || i18n.t(name)}</legend>
                {buttons}
            </fieldset>
        }
    };

    let caption = move || {
        let k = ring.step.get();
        let total = steps();
        let phase = ring.setup.with(|s| {
            s.as_ref()
                .and_then(|s| step_view(&s.schedule, k))
                .map(|v| v.phase)
        });
        let number = |v: usize| vf.with(|vf| vf.number.format(v as f64, 0));
        let position = i18n.t_args(
            "ar-step-of",
            &[
                ("step", crate::i18n::Arg::Str(&number(k))),
                ("total", crate::i18n::Arg::Str(&number(total))),
            ],
        );
        let what = match phase {
            Some(Phase::ReduceScatter) => i18n.t("ar-phase-reduce-scatter"),
            Some(Phase::AllGather) => i18n.t("ar-phase-all-gather"),
            Some(Phase::Reduce) => i18n.t("ar-phase-reduce"),
            Some(Phase::Broadcast) => i18n.t("ar-phase-broadcast"),
            None => i18n.t("ar-phase-done"),
        };
        format!("{position} {what}")
    };
    let where_text = move || {
        device.with(|d| match d {
            Device::Probing => i18n.t("ar-device-probing"),
            Device::Gpu(ctx) => i18n.t_args(
                "ar-device-gpu",
                &[(
                    "name",
                    crate::i18n::Arg::Str(&adapter_label(&i18n, ctx.adapter())),
                )],
            ),
            Device::Cpu(key, _) => i18n.t(key),
        })
    };
    // The browser's own words for why there is no GPU, folded: they are
    // for the curious, and can run to several lines.
    let where_detail = move || {
        device.with(|d| match d {
            Device::Cpu(_, detail) if !detail.is_empty() => {
                let detail = detail.clone();
                Some(view! {
                    " "
                    <details class="ar-device-detail">
                        <summary>{i18n.t("ar-device-why")}</summary>
                        <code>{detail}</code>
                    </details>
                })
            }
            _ => None,
        })
    };
    let check_text = move || {
        run.with(|r| {
            let r = r.as_ref()?;
            Some(match (&r.mismatch, r.on_gpu) {
                (Some((rank, index, gpu, cpu)), _) => i18n.t_args(
                    "ar-check-mismatch",
                    &[
                        ("rank", crate::i18n::Arg::Num(*rank as f64)),
                        ("index", crate::i18n::Arg::Num(*index as f64)),
                        ("gpu", crate::i18n::Arg::Str(gpu)),
                        ("cpu", crate::i18n::Arg::Str(cpu)),
                    ],
                ),
                (None, true) => i18n.t("ar-check-gpu-match"),
                (None, false) => i18n.t("ar-check-cpu"),
            })
        })
    };
    let preview = move || {
        run.with(|r| {
            r.as_ref().map(|r| {
                r.preview
                    .iter()
                    .enumerate()
                    .map(|(rank, values)| {
                        view! {
                            <tr>
                                <th scope="row">{rank}</th>
                                <td><code>{values.join("  ")}</code></td>
                            </tr>
                        }
                    })
                    .collect_view()
            })
        })
    };

    let controls = view! {
        <div class="ar-controls" role="group" aria-label=move || i18n.t("ar-controls")>
            <button type="button" on:click=move |_| { playing.set(false); ring.progress.set(0.0); ring.step.set(0); }>
                {move || i18n.t("ar-reset")}
            </button>
            <button type="button" prop:disabled=move || { ring.step.get() == 0 } on:click=move |_| {
                playing.set(false);
                ring.progress.set(0.0);
                ring.step.update(|s| *s = s.saturating_sub(1));
            }>
                {move || i18n.t("ar-back")}
            </button>
            <button type="button" data-testid="ar-play" on:click=move |_| {
                if ring.step.get_untracked() >= steps() { ring.step.set(0); }
                playing.update(|p| *p = !*p);
            }>
                {move || i18n.t(if playing.get() { "ar-pause" } else { "ar-play" })}
            </button>
            <button type="button" data-testid="ar-forward" prop:disabled=move || { ring.step.get() >= steps() } on:click=move |_| {
                playing.set(false);
                ring.progress.set(0.0);
                ring.step.update(|s| *s = (*s + 1).min(steps()));
            }>
                {move || i18n.t("ar-forward")}
            </button>
            <label class="ar-speed">
                {move || i18n.t("ar-speed")}
                <input type="range" min="0.25" max="8" step="0.25"
                    value=speed.get_untracked().to_string()
                    prop:value=move || speed.get().to_string()
                    on:input=move |ev| {
                        if let Ok(v) = event_target_value(&ev).parse::<f64>() {
                            speed.set(v.clamp(0.25, 8.0));
                        }
                    }
                />
            </label>
        </div>
    };

    let sweep_max = RwSignal::new(SWEEP_MAX[1]);
    let measuring = RwSignal::new(false);
    let measured: RwSignal<Option<Result<Measured, MeasureError>>> = RwSignal::new(None);
    let measure = move |_| {
        let Some(setup) = ring.setup.get_untracked() else {
            return;
        };
        let on = device.get_untracked();
        measuring.set(true);
        let max = sweep_max.get_untracked();
        leptos::task::spawn_local(async move {
            let outcome = measured::run(&on, setup.schedule.ranks(), setup.dtype, max).await;
            if let Err(MeasureError::Gpu(e)) = &outcome
                && !matches!(e, GpuError::BufferTooLarge { .. })
            {
                let _ = device.try_set(Device::Cpu(gpu_failure_key(e), e.to_string()));
            }
            let _ = measured.try_set(Some(outcome));
            let _ = measuring.try_set(false);
        });
    };
    let sweep_options = SWEEP_MAX.map(|b| {
        let label = format!("{}\u{a0}MiB", b >> 20);
        view! { <option value=b.to_string() selected=move || sweep_max.get() == b>{label}</option> }
    });
    let measured_view = move || {
        measured.with(|m| {
            m.as_ref().map(|m| match m {
                Ok(m) => {
                    let label = match &m.gpu {
                        Some(adapter) => i18n.t_args(
                            "ar-measured-gpu",
                            &[("name", crate::i18n::Arg::Str(&adapter_label(&i18n, adapter)))],
                        ),
                        None => i18n.t("ar-measured-cpu"),
                    };
                    let versus = m.versus_copy.map(|(reduce, copy)| {
                        let gbs = |b: f64| vf.with(|vf| vf.number.format(b / 1e9, 2));
                        let percent = vf.with(|vf| vf.number.format(100.0 * reduce / copy, 0));
                        i18n.t_args(
                            "ar-versus-copy",
                            &[
                                ("reduce", crate::i18n::Arg::Str(&gbs(reduce))),
                                ("copy", crate::i18n::Arg::Str(&gbs(copy))),
                                ("percent", crate::i18n::Arg::Str(&percent)),
                            ],
                        )
                    });
                    view! {
                        <p class="field-hint">{label}</p>
                        <pre class="ar-perf" tabindex="0" data-testid="ar-perf">{m.lines.join("\n")}</pre>
                        <p data-testid="ar-versus-copy">{versus}</p>
                    }
                    .into_any()
                }
                Err(MeasureError::CpuTooLarge) => view! { <p class="field-error" role="alert">{i18n.t("ar-error-cpu-too-large")}</p> }.into_any(),
                Err(MeasureError::Gpu(e)) => {
                    let text = vf.with(|vf| gpu_error_text(&i18n, e, vf));
                    let raw = e.to_string();
                    view! {
                        <p class="field-error" role="alert">{text}</p>
                        <details class="ar-device-detail">
                            <summary>{i18n.t("ar-gpu-details")}</summary>
                            <code>{raw}</code>
                        </details>
                    }
                    .into_any()
                }
            })
        })
    };

    view! {
        <div class="widget ring-allreduce" role="group" aria-labelledby="ar-title" data-widget="ring-allreduce">
            <p class="widget-title" id="ar-title">{move || i18n.t("widget-ring-allreduce")}</p>
            <div class="ar-device" data-testid="ar-device" aria-live="polite">{where_text}{where_detail}</div>
            <div class="fields">
                {field(RingField::Ranks, "ar-ranks-hint")}
                {field(RingField::Elements, "ar-elements-hint")}
                {field(RingField::SlowFraction, "ar-slow-hint")}
                {field(RingField::Bandwidth, "ar-bw-hint")}
                {field(RingField::Latency, "ar-alpha-hint")}
            </div>
            <div class="ar-choices">
                {choice("ar-algorithm", vec![("ring", "ar-algorithm-ring"), ("tree", "ar-algorithm-tree")],
                    |i| match i.algorithm { Algorithm::Ring => "ring", Algorithm::Tree => "tree" },
                    |i, v| i.algorithm = if v == "tree" { Algorithm::Tree } else { Algorithm::Ring })}
                {choice("ar-type", vec![("f32", "ar-type-f32"), ("i32", "ar-type-i32")],
                    |i| i.dtype.name(),
                    |i, v| i.dtype = if v == "i32" { DType::I32 } else { DType::F32 })}
            </div>
            <Stale id="ar-stale" stale=Signal::derive(move || result.with(Result::is_err))>
                {controls}
                <p class="ar-caption" data-testid="ar-caption" aria-live="polite">{caption}</p>
                <RingSvg ring=ring />
                <p class="field-hint">{move || i18n.t("ar-legend-fill")}</p>
                <p class="ar-check" data-testid="ar-check" aria-live="polite">{check_text}</p>
                <div class="table-wrap" tabindex="0">
                    <table class="ar-buffers">
                        // At step 0 nothing has moved yet: the starting data.
                        <caption>
                            {move || i18n.t(if ring.step.get() == 0 { "ar-buffers-caption-start" } else { "ar-buffers-caption" })}
                        </caption>
                        <tbody>{preview}</tbody>
                    </table>
                </div>
                <ModelChart ring=ring />
            </Stale>
            <section class="ar-measure" aria-labelledby="ar-measure-title">
                <p class="fs-heading" id="ar-measure-title">{move || i18n.t("ar-measure-title")}</p>
                <p>{move || i18n.t("ar-measure-intro")}</p>
                <label>
                    {move || i18n.t("ar-measure-max")}
                    " "
                    <select on:change=move |ev| {
                        if let Ok(b) = event_target_value(&ev).parse() {
                            sweep_max.set(b);
                        }
                    }>
                        {sweep_options}
                    </select>
                </label>
                " "
                <button type="button" data-testid="ar-measure" prop:disabled=move || measuring.get() on:click=measure>
                    {move || i18n.t(if measuring.get() { "ar-measuring" } else { "ar-measure" })}
                </button>
                {measured_view}
            </section>
        </div>
    }
}

/// Moves the messages along while playing: `progress` goes from 0 to 1 in
/// 1/speed seconds per step, then the step completes.
fn animate(ring: Ring, playing: RwSignal<bool>, speed: RwSignal<f64>) {
    fn frame(ring: Ring, playing: RwSignal<bool>, speed: RwSignal<f64>, last: f64) {
        request_animation_frame(move || {
            if playing.try_get_untracked() != Some(true) {
                return;
            }
            let now = window().performance().map_or(last, |p| p.now());
            let dt = ((now - last) / 1000.0).clamp(0.0, 0.1);
            let total = ring
                .setup
                .with_untracked(|s| s.as_ref().map_or(0, |s| s.schedule.step_count()));
            let mut p = ring.progress.get_untracked() + dt * speed.get_untracked();
            if p >= 1.0 {
                p = 0.0;
                let next = ring.step.get_untracked() + 1;
                ring.step.set(next.min(total));
                if next >= total {
                    playing.set(false);
                }
            }
            ring.progress.set(p);
            frame(ring, playing, speed, now);
        });
    }
    Effect::new(move |_| {
        if playing.get() {
            let now = window().performance().map_or(0.0, |p| p.now());
            frame(ring, playing, speed, now);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Catalog;
    use crate::sim::allreduce::AllReduceError;
    use crate::sources::Sources;

    /// Every way the GPU can fail reads as a sentence of its own, in every
    /// language, never as the driver's raw text.
    #[test]
    fn every_gpu_failure_has_a_message_in_each_language() {
        let failures = [
            GpuError::Schedule(AllReduceError::EmptyBuffer),
            GpuError::OutOfMemory("Out of memory".into()),
            GpuError::Device("Validation Error".into()),
            GpuError::DeviceLost("Device lost".into()),
            GpuError::Map("Buffer mapping failed".into()),
        ];
        let catalog = Catalog::load(&Sources::embedded_locales());
        for lang in ["en", "es"] {
            let messages = catalog.messages(lang).expect("shipped strings");
            for failure in &failures {
                let key = gpu_failure_key(failure);
                assert!(messages.contains_key(key), "{lang}: {key}");
                let text = catalog.text(lang, key);
                assert!(!text.contains(&failure.to_string()), "{lang}: {text}");
            }
        }
        assert_ne!(
            gpu_failure_key(&GpuError::DeviceLost(String::new())),
            gpu_failure_key(&GpuError::OutOfMemory(String::new())),
            "what the reader can do differs"
        );
    }
}
