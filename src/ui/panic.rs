//! What the reader sees if the app panics: the panic goes to the console
//! and the page is replaced by a short, translated apology, never a frozen
//! or blank page.

use crate::book::SOURCE_LANG;
use crate::book::route::Route;

/// Installs the panic hook. Call first thing in `main`.
pub fn install_hook() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_error_page();
    }));
}

fn show_error_page() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(document) = window.document() else {
        return;
    };
    let book = super::book();
    let pathname = window.location().pathname().unwrap_or_default();
    let base = super::browser::base_path();
    let route = Route::parse(&pathname, &base, |l| book.library.has_language(l), |_| true);
    let lang = route.lang().unwrap_or(SOURCE_LANG);
    let mut html = String::from("<div class=\"panic-page\" role=\"alert\"><h1>");
    let _ = pulldown_cmark_escape::escape_html(&mut html, &book.catalog.text(lang, "error-title"));
    html.push_str("</h1><p>");
    let _ = pulldown_cmark_escape::escape_html(&mut html, &book.catalog.text(lang, "error-body"));
    html.push_str("</p></div>");
    if let Some(body) = document.body() {
        body.set_inner_html(&html);
    }
}
