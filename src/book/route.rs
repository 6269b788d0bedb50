//! The book's addresses: `/` (pick a language), `/<lang>/` (contents),
//! `/<lang>/<page>` (a page; `#<section>` is left to the browser), under an
//! optional base path such as `/course`. Pure, so that every address the
//! app and the static host agree on is tested natively.

/// What an address shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// `/`: send the reader to their language.
    Root,
    /// `/<lang>/`: the contents page.
    Contents {
        /// Language code.
        lang: String,
    },
    /// `/<lang>/<page>`.
    Page {
        /// Language code.
        lang: String,
        /// Page slug.
        slug: String,
    },
    /// Anything else; `lang` when the first segment was a known language.
    NotFound {
        /// The language of the address, if it had one.
        lang: Option<String>,
    },
}

impl Route {
    /// Reads a `pathname` served under `base` (`""` or `/course`).
    /// `is_lang` and `is_page` say which segments exist.
    pub fn parse(
        pathname: &str,
        base: &str,
        is_lang: impl Fn(&str) -> bool,
        is_page: impl Fn(&str) -> bool,
    ) -> Self {
        let base = base.trim_end_matches('/');
        let rest = pathname.strip_prefix(base).unwrap_or(pathname);
        let rest = rest.trim_end_matches("index.html");
        let segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
        match segments.as_slice() {
            [] => Self::Root,
            [lang] if is_lang(lang) => Self::Contents {
                lang: (*lang).to_owned(),
            },
            [lang, slug] if is_lang(lang) && is_page(slug) => Self::Page {
                lang: (*lang).to_owned(),
                slug: (*slug).to_owned(),
            },
            [lang, ..] if is_lang(lang) => Self::NotFound {
                lang: Some((*lang).to_owned()),
            },
            _ => Self::NotFound { lang: None },
        }
    }

    /// The language of the address, if any.
    pub fn lang(&self) -> Option<&str> {
        match self {
            Self::Contents { lang }
            | Self::Page { lang, .. }
            | Self::NotFound { lang: Some(lang) } => Some(lang),
            Self::Root | Self::NotFound { lang: None } => None,
        }
    }

    /// The page slug, if this is a page.
    pub fn slug(&self) -> Option<&str> {
        match self {
            Self::Page { slug, .. } => Some(slug),
            _ => None,
        }
    }
}

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

/// The base path from a document's base URI path (`/course/` -> `/course`).
pub fn base_from_uri_path(path: &str) -> String {
    let trimmed = path.trim_end_matches(|c| c != '/');
    trimmed.trim_end_matches('/').to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(path: &str, base: &str) -> Route {
        Route::parse(
            path,
            base,
            |l| l == "en" || l == "es",
            |p| p == "running-jobs",
        )
    }

    #[test]
    fn addresses_with_and_without_base() {
        assert_eq!(parse("/", ""), Route::Root);
        assert_eq!(parse("/course/", "/course"), Route::Root);
        assert_eq!(parse("/course", "/course"), Route::Root);
        assert_eq!(parse("/index.html", ""), Route::Root);
        assert_eq!(parse("/es/", ""), Route::Contents { lang: "es".into() });
        assert_eq!(
            parse("/course/es", "/course"),
            Route::Contents { lang: "es".into() }
        );
        let page = Route::Page {
            lang: "en".into(),
            slug: "running-jobs".into(),
        };
        assert_eq!(parse("/course/en/running-jobs", "/course/"), page);
        assert_eq!(
            parse("/course/en/running-jobs/", "/course"),
            page,
            "static hosts add a slash"
        );
        assert_eq!(parse("/course/en/running-jobs/index.html", "/course"), page);
    }

    #[test]
    fn unknown_addresses_keep_the_language_when_they_can() {
        assert_eq!(
            parse("/en/nope", ""),
            Route::NotFound {
                lang: Some("en".into())
            }
        );
        assert_eq!(
            parse("/en/running-jobs/extra", ""),
            Route::NotFound {
                lang: Some("en".into())
            }
        );
        assert_eq!(
            parse("/fr/running-jobs", ""),
            Route::NotFound { lang: None }
        );
        assert_eq!(parse("/fr/", "").lang(), None);
        assert_eq!(parse("/es/running-jobs", "").slug(), Some("running-jobs"));
    }

    #[test]
    fn hrefs_and_bases() {
        assert_eq!(href("", "es", None), "/es/");
        assert_eq!(
            href("/course/", "es", Some("all-reduce")),
            "/course/es/all-reduce/"
        );
        assert_eq!(base_from_uri_path("/"), "");
        assert_eq!(base_from_uri_path("/course/"), "/course");
        assert_eq!(base_from_uri_path("/course/index.html"), "/course");
        assert_eq!(base_from_uri_path("/a/b/"), "/a/b");
    }
}
