//! The book's addresses: `/<lang>/` (contents) and `/<lang>/<page>/` (a
//! page; `#<section>` is left to the browser), under an optional base path
//! such as `/course`. Each is a folder with an `index.html` in the built
//! site (`site`), so any static host serves it. Pure.

/// The path of a language's contents page (`slug` `None`) or of a page,
/// under `base`: `/course/es/`, `/course/es/running-jobs/`. Each ends
/// with a slash, as the folder it is on a static host, so following a link
/// costs no redirect.
pub fn href(base: &str, lang: &str, slug: Option<&str>) -> String {
    let base = base.trim_end_matches('/');
    match slug {
        Some(slug) => format!("{base}/{lang}/{slug}/"),
        None => format!("{base}/{lang}/"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hrefs_and_bases() {
        assert_eq!(href("", "es", None), "/es/");
        assert_eq!(
            href("/course/", "es", Some("all-reduce")),
            "/course/es/all-reduce/"
        );
        assert_eq!(
            href("/course", "en", Some("running-jobs")),
            "/course/en/running-jobs/"
        );
    }
}
