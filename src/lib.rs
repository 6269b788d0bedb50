//! An interactive bilingual textbook on running work on GPU clusters.
//!
//! The pure core (`book`, `i18n`, `progress`, `quantity`, `search`, `sim`, `charts`,
//! `diagnostic`) compiles
//! and tests without a browser; everything that renders views sits behind
//! the default `web` feature, so `cargo test --no-default-features` proves
//! the core never imports web code. Of that, `site` runs natively at build
//! time and writes every page as HTML; `islands` runs in the browser and
//! brings the pages' widgets to life. The layers, each using only those
//! below it: `ui` (language, strings, storage, notices) < `widgets` <
//! `site` and `islands`.

// The widgets' view types are deep; rendering them to HTML at build time
// (tachys's `ssr`) walks them further than rustc's default limit of 128.
#![recursion_limit = "256"]

pub mod book;
pub mod charts;
pub mod diagnostic;
#[cfg(feature = "web")]
pub mod gpu;
pub mod i18n;
pub mod progress;
pub mod quantity;
pub mod search;
pub mod sim;
pub mod sort;
pub mod sorted;
pub mod sources;

// Leptos's `#[component]` expands to items whose visibility the
// `unreachable_pub` lint misreads (it flags even re-exported components).
#[cfg(feature = "browser")]
#[allow(unreachable_pub)]
pub mod islands;
#[cfg(all(feature = "web", not(target_arch = "wasm32")))]
#[allow(unreachable_pub)]
pub mod site;
#[cfg(feature = "browser")]
#[allow(unreachable_pub)]
pub mod ui;
#[cfg(feature = "browser")]
#[allow(unreachable_pub)]
pub mod widgets;
