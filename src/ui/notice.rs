//! A piece of content that could not be shown: a translated notice, with
//! the technical detail for the page's author.

#[cfg(feature = "web")]
use leptos::prelude::*;

use super::context::Texts;
#[cfg(feature = "web")]
use super::context::use_i18n;
use super::escape::escaped;

/// The notice, in place of what could not be shown.
#[cfg(feature = "web")]
#[component]
pub fn ContentNotice(
    /// What went wrong, in English.
    detail: String,
) -> impl IntoView {
    let i18n = use_i18n();
    view! { <div class="content-notice" role="status" inner_html=notice_body(&i18n.texts(), &detail)></div> }
}

/// The notice as HTML, for the widgets drawn without Leptos.
pub fn notice_html(i18n: &Texts, detail: &str) -> String {
    format!(
        "<div class=\"content-notice\" role=\"status\">{}</div>",
        notice_body(i18n, detail)
    )
}

/// What the notice says: that a part could not be shown, and the detail.
fn notice_body(i18n: &Texts, detail: &str) -> String {
    format!(
        "<p>{}</p><p class=\"content-notice-detail\"><code>{}</code></p>",
        escaped(&i18n.t("content-notice")),
        escaped(detail)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_says_what_failed_in_the_pages_language_and_escapes_the_detail() {
        let html = notice_html(&Texts::new("en"), "unknown lab \"<x>\"");
        assert!(
            html.starts_with("<div class=\"content-notice\" role=\"status\"><p>"),
            "{html}"
        );
        assert!(html.contains("could not be shown"), "{html}");
        assert!(
            html.ends_with("<code>unknown lab &quot;&lt;x&gt;&quot;</code></p></div>"),
            "{html}"
        );
    }
}
