//! An interactive bilingual textbook on running work on GPU clusters.
//!
//! The pure core (`book`, `i18n`, `diagnostic`) compiles and tests without a
//! browser; the Leptos app (`ui`, `widgets`) sits behind the default `web`
//! feature, so `cargo test --no-default-features` proves the core never
//! imports web code.

pub mod book;
pub mod charts;
pub mod diagnostic;
#[cfg(feature = "web")]
pub mod gpu;
pub mod i18n;
pub mod sim;

// Leptos's `#[component]` expands to items whose visibility the
// `unreachable_pub` lint misreads (it flags even re-exported components).
#[cfg(feature = "web")]
#[allow(unreachable_pub)]
pub mod ui;
#[cfg(feature = "web")]
#[allow(unreachable_pub)]
pub mod widgets;
