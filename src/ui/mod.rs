//! What every widget and page component stands on: the page's language and
//! the interface strings, browser storage that never panics, and the notice
//! shown in place of broken content. Web only (behind the `browser`
//! feature; the Leptos parts behind `web`); below both `widgets` and the
//! page components of `site`.

pub(crate) mod browser;
mod context;
mod escape;
#[cfg(feature = "web")]
mod first_state;
mod notice;
pub(crate) mod progress;

#[cfg(not(target_arch = "wasm32"))]
pub use context::catalog;
#[cfg(feature = "web")]
pub use context::{I18n, use_i18n};
pub use context::{STRINGS_TYPE, Texts, strings, strings_loaded};
pub use escape::escaped;
#[cfg(feature = "web")]
pub use first_state::FirstState;
#[cfg(feature = "web")]
pub use notice::ContentNotice;
pub use notice::notice_html;
