//! The CUDA stack from the GPU up, in two bands as the chapter splits it
//! (running-jobs#stack-layers): the machine's layers, which an
//! administrator installs once per node, and the application's, which
//! each job brings in its container image or environment.

use super::Words;
use super::canvas::{Align, Canvas, Face, Fit, LINE, WIDTH, label};

/// A layer's box height: its name and the files it is (two lines, or
/// three where a long name wraps).
const LAYER: f64 = 62.0;
const GAP: f64 = 8.0;
/// The bands' and the layers' left edges.
const BAND_X: f64 = 6.0;
const LAYER_X: f64 = 20.0;

/// Draws the figure: its SVG and what had to fit.
pub(super) fn draw(w: &Words<'_>) -> (String, Vec<Fit>) {
    let mut c = Canvas::new("cuda-stack");
    // Top down, as a stack is read; the files are names, not words.
    let application = [
        (w.t("figure-cuda-stack-code"), "train.py"),
        (w.t("figure-cuda-stack-frameworks"), "PyTorch, JAX"),
        (
            w.t("figure-cuda-stack-libraries"),
            "cuBLAS, cuDNN, NCCL, CUTLASS",
        ),
        (w.t("figure-cuda-stack-runtime"), "libcudart, nvcc"),
    ];
    let machine = [
        (w.t("figure-cuda-stack-user-driver"), "libcuda.so"),
        (w.t("figure-cuda-stack-kernel-module"), "nvidia.ko"),
    ];
    let bands = [
        (
            "fig-band fig-band-app",
            w.t("figure-cuda-stack-app-band"),
            w.t("figure-cuda-stack-app-who"),
            &application[..],
        ),
        (
            "fig-band fig-band-host",
            w.t("figure-cuda-stack-host-band"),
            w.t("figure-cuda-stack-host-who"),
            &machine[..],
        ),
    ];
    let band_w = WIDTH - 2.0 * BAND_X;
    let layer_w = WIDTH - 2.0 * LAYER_X;
    let text_room = band_w - 2.0 * (LAYER_X - BAND_X);
    let mut y = 6.0;
    for (class, name, who, layers) in bands {
        let heading = [label(&name, Face::Strong), label(&who, Face::Plain)];
        let heading_h = Canvas::text_height(&heading, text_room);
        let band_h = 8.0 + heading_h + layers.len() as f64 * (LAYER + GAP);
        c.rect((BAND_X, y, band_w, band_h), class);
        c.text(
            LAYER_X,
            y + 4.0 + LINE * 0.8,
            text_room,
            Align::Start,
            &heading,
        );
        let mut layer_y = y + 8.0 + heading_h;
        for (layer, files) in layers {
            c.node(
                (LAYER_X, layer_y, layer_w, LAYER),
                "fig-box",
                &[label(layer, Face::Strong), label(files, Face::Code)],
            );
            layer_y += LAYER + GAP;
        }
        y += band_h + GAP;
    }
    let gpu = w.t("figure-cuda-stack-gpu");
    c.node(
        (LAYER_X, y, layer_w, 44.0),
        "fig-box fig-box-accent",
        &[label(&gpu, Face::Strong)],
    );
    y += 44.0 + 6.0;
    c.finish(
        y,
        &w.t("figure-cuda-stack-title"),
        &w.t("figure-cuda-stack-desc"),
    )
}
