//! The book's figures (`figure <name>` blocks, `book::figure`), drawn as
//! SVG when the site is built: a diagram is text in the page, so it costs
//! the wasm nothing, prints crisply and follows the reader's theme through
//! the classes `public/style.css` colours. Every word comes from
//! `locales/<lang>/ui.ftl` (`figure-<name>-...`), and each figure carries
//! a text alternative (`figure-<name>-desc`) that says in words all it
//! shows. One module per figure; `canvas` holds the shapes they share.

mod canvas;
mod cuda_stack;
mod job_states;
mod node_states;
mod ring_vs_tree;

use crate::book::FigureKind;
use crate::i18n::Catalog;

use super::page::escape;
pub(crate) use canvas::Fit;

/// A figure's words in one language.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Words<'a> {
    catalog: &'a Catalog,
    lang: &'a str,
}

impl<'a> Words<'a> {
    /// The words of `lang` (English's where it lacks one).
    pub(crate) fn new(catalog: &'a Catalog, lang: &'a str) -> Self {
        Self { catalog, lang }
    }

    /// Message `id`.
    fn t(&self, id: &str) -> String {
        self.catalog.text(self.lang, id)
    }
}

/// A drawn figure: its SVG and what had to fit in it.
#[derive(Debug)]
pub(crate) struct Drawn {
    /// The `<svg>` element.
    pub(crate) svg: String,
    /// Every label with the room it had: the tests prove none overflows.
    #[cfg_attr(not(test), expect(dead_code, reason = "read by the tests"))]
    pub(crate) fits: Vec<Fit>,
}

/// Draws `kind` in the language of `words`.
pub(crate) fn draw(kind: FigureKind, words: &Words<'_>) -> Drawn {
    let (svg, fits) = match kind {
        FigureKind::CudaStack => cuda_stack::draw(words),
        FigureKind::JobStates => job_states::draw(words),
        FigureKind::NodeStates => node_states::draw(words),
        FigureKind::RingVsTree => ring_vs_tree::draw(words),
    };
    Drawn { svg, fits }
}

/// The figure as the page shows it: `<figure id="fig-<name>">` holding
/// the drawing and its caption.
pub(crate) fn html(kind: FigureKind, words: &Words<'_>) -> String {
    let (svg, caption) = (draw(kind, words).svg, caption(kind, words));
    format!(
        "<figure class=\"figure\" id=\"fig-{}\">{svg}<figcaption>{}</figcaption></figure>",
        kind.name(),
        escape(&caption)
    )
}

/// The caption under `kind`.
fn caption(kind: FigureKind, words: &Words<'_>) -> String {
    words.t(match kind {
        FigureKind::CudaStack => "figure-cuda-stack-caption",
        FigureKind::JobStates => "figure-job-states-caption",
        FigureKind::NodeStates => "figure-node-states-caption",
        FigureKind::RingVsTree => "figure-ring-vs-tree-caption",
    })
}

#[cfg(test)]
mod tests;
