//! The book's content: files -> manifests and pages -> a document model the
//! UI draws, plus the translators' content check. Pure (mdBook keeps its
//! model apart from its renderers in the same way).

pub mod check;
pub mod computed;
pub mod exercise;
pub mod figure;
pub mod front_matter;
pub mod glossary;
pub mod library;
pub mod manifest;
pub mod markdown;
pub mod progress;
pub mod route;
pub mod widget;

pub use library::{Library, RenderedPage, TocEntry};
pub use markdown::{Block, Document, Labels};
// The files behind the book live on their own (`crate::sources`), below
// both the book model and the interface strings.
pub use crate::sources::{SOURCE_LANG, Sources};
pub use figure::FigureKind;
pub use widget::{WasmModule, WidgetDirective, WidgetKind};
