//! An interactive bilingual textbook on running work on GPU clusters.
//!
//! The pure core (`book`, `i18n`, `diagnostic`) compiles and tests without a
//! browser; the Leptos app (`ui`, `widgets`) sits behind the default `web`
//! feature, so `cargo test --no-default-features` proves the core never
//! imports web code.

pub mod book;
pub mod diagnostic;
pub mod i18n;

#[cfg(feature = "web")]
pub mod ui;
#[cfg(feature = "web")]
pub mod widgets;
