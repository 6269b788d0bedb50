//! The Leptos app: shell, navigation and page views over the pure book
//! model. Web only (behind the `web` feature).

mod app;
pub(crate) mod browser;
mod contents;
mod context;
mod lang_switch;
mod layout;
mod not_found;
mod page;
pub mod panic;
mod root_redirect;
mod scroll_spy;
mod theme;

pub use app::App;
pub use context::{BookData, I18n, book, use_i18n};
pub use page::PageArticle;
pub use theme::ThemeToggle;
