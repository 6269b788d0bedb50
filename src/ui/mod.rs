//! What every widget and page component stands on: the page's language and
//! the interface strings, browser storage that never panics, and the notice
//! shown in place of broken content. Web only (behind the `web` feature);
//! below both `widgets` and the page components of `site`.

pub(crate) mod browser;
mod context;
mod escape;
mod first_state;
mod notice;
pub(crate) mod progress;

#[cfg(not(target_arch = "wasm32"))]
pub use context::catalog;
pub use context::{I18n, STRINGS_TYPE, Texts, strings, strings_loaded, use_i18n};
pub use escape::escaped;
pub use first_state::FirstState;
pub use notice::{ContentNotice, notice_html};
