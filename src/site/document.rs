//! One HTML document: the head every page shares (character set, viewport,
//! Content-Security-Policy, the theme applied before the first paint) with
//! the page's own title, description, language links and link-preview
//! tags, around a body rendered by the page components.

use base64::Engine as _;
use sha2::{Digest, Sha256};

use super::offline::{THEME_DARK, THEME_LIGHT};
use super::page::escape;

/// Applies a saved theme before the first paint (no flash of the wrong
/// theme) and marks that scripts run, for the stylesheet. On a page opened
/// by a followed link (not a reload or a return, which the browser scrolls
/// back to where the reader was), it lets the stylesheet lay far parts out
/// as they come near: at its top, every part but the first; at a
/// `#section`, every part but the one whose headings name it
/// (`data-ids`), through rules of their own (a constructed stylesheet,
/// which the policy does not govern). Those after it cannot move the
/// section; those before it count at an estimated height, so the section
/// lands where they put it, and the browser's scroll anchoring keeps it
/// on screen as they get their real heights. Those only in a browser that
/// anchors scrolling (`overflow-anchor`) and when a part names the
/// section (`:has`, in a rule of its own, which a browser without it
/// drops): a link to a figure or a footnote lays everything out.
/// Inline, so it costs no request; the policy allows it by its hash.
pub(crate) const THEME_SCRIPT: &str = "try{var t=localStorage.getItem(\"gpu-book-theme\");\
if(t===\"dark\"||t===\"light\")document.documentElement.setAttribute(\"data-theme\",t)}catch(e){}\
document.documentElement.classList.add(\"js\");\
try{var n=performance.getEntriesByType(\"navigation\")[0],h=location.hash.slice(1),c=document.documentElement.classList;\
if(n.type===\"navigate\")if(!h)c.add(\"lay-out-near\");else if(/^[\\w-]+$/.test(h)){var s=new CSSStyleSheet();\
var a=\".lay-out-around article.page>\",b=\"[data-ids~='\"+h+\"']\",r=\"{--far:auto}\";\
s.replaceSync(a+b+\"~*\"+r+(CSS.supports(\"overflow-anchor\",\"auto\")?a+\":has(~\"+b+\")\"+r:\"\"));\
document.adoptedStyleSheets=[s];c.add(\"lay-out-around\")}}catch(e){}";

/// What a document's head says about its page.
#[derive(Debug, Clone, Default)]
pub(crate) struct Head {
    /// `<html lang>`.
    pub(crate) lang: String,
    /// `<title>`.
    pub(crate) title: String,
    /// `<meta name="description">`, also the link preview's.
    pub(crate) description: String,
    /// The book's title, for link previews.
    pub(crate) site_name: String,
    /// The page's absolute URL, when the book has a `site-url`.
    pub(crate) canonical: Option<String>,
    /// `(hreflang, href)` of this page in every language, and `x-default`.
    pub(crate) alternates: Vec<(String, String)>,
    /// Trunk's tags this page carries (with the wasm's when it has widgets).
    pub(crate) assets: Vec<String>,
    /// The line shown when the stylesheet did not load (the stylesheet
    /// hides it): what failed and how to fix it, in the page's language.
    pub(crate) assets_missing: String,
    /// The URL of the page's language's web app manifest, relative to
    /// the page (`../../es/manifest.webmanifest`).
    pub(crate) manifest: Option<String>,
    /// A `<base>` for a page served at any depth (`404.html`), and the
    /// inline script that corrects it from the address.
    pub(crate) base: Option<Base>,
}

/// A page's `<base href>` and the script that moves it to the site's root
/// as the address shows it, before any asset is requested.
#[derive(Debug, Clone)]
pub(crate) struct Base {
    /// The root the build knows (`/`, or the path of the `site-url`).
    pub(crate) href: String,
    /// Inline script that sets the base from `location.pathname`.
    pub(crate) finder: String,
}

/// The whole document.
pub(crate) fn document(head: &Head, body_attrs: &str, body: &str) -> String {
    let mut out = String::with_capacity(body.len() + 4096);
    out.push_str("<!doctype html>\n");
    out.push_str(&format!("<html lang=\"{}\">\n<head>\n", escape(&head.lang)));
    out.push_str("<meta charset=\"utf-8\">\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    out.push_str("<meta name=\"color-scheme\" content=\"light dark\">\n");
    out.push_str(&format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"{}\">\n",
        content_security_policy(head)
    ));
    if let Some(base) = &head.base {
        out.push_str(&format!("<base href=\"{}\">\n", escape(&base.href)));
        out.push_str(&format!("<script>{}</script>\n", base.finder));
    }
    out.push_str(&format!("<title>{}</title>\n", escape(&head.title)));
    out.push_str(&format!(
        "<meta name=\"description\" content=\"{}\">\n",
        escape(&head.description)
    ));
    if let Some(url) = &head.canonical {
        out.push_str(&format!(
            "<link rel=\"canonical\" href=\"{}\">\n",
            escape(url)
        ));
    }
    for (lang, href) in &head.alternates {
        out.push_str(&format!(
            "<link rel=\"alternate\" hreflang=\"{}\" href=\"{}\">\n",
            escape(lang),
            escape(href)
        ));
    }
    for (property, content) in [
        ("og:type", "book"),
        ("og:title", head.title.as_str()),
        ("og:description", head.description.as_str()),
        ("og:site_name", head.site_name.as_str()),
        ("og:locale", head.lang.as_str()),
    ] {
        out.push_str(&format!(
            "<meta property=\"{property}\" content=\"{}\">\n",
            escape(content)
        ));
    }
    if let Some(url) = &head.canonical {
        out.push_str(&format!(
            "<meta property=\"og:url\" content=\"{}\">\n",
            escape(url)
        ));
    }
    if let Some(href) = &head.manifest {
        out.push_str(&format!(
            "<link rel=\"manifest\" href=\"{}\">\n",
            escape(href)
        ));
    }
    for (scheme, colour) in [("light", THEME_LIGHT), ("dark", THEME_DARK)] {
        out.push_str(&format!(
            "<meta name=\"theme-color\" media=\"(prefers-color-scheme: {scheme})\" content=\"{colour}\">\n"
        ));
    }
    out.push_str(&format!("<script>{THEME_SCRIPT}</script>\n"));
    for tag in &head.assets {
        out.push_str(tag);
        out.push('\n');
    }
    out.push_str("</head>\n");
    out.push_str(&format!("<body{body_attrs}>\n"));
    if !head.assets_missing.is_empty() {
        out.push_str(&format!(
            "<p class=\"assets-missing\" role=\"alert\">{}</p>\n",
            escape(&head.assets_missing)
        ));
    }
    out.push_str(body);
    out.push_str("\n</body>\n</html>\n");
    out
}

/// The page's policy: scripts from the book's own origin and the inline
/// scripts it writes itself (by hash), WebAssembly compiled from the
/// book's own files, nothing from elsewhere. Styles allow inline
/// attributes: the widgets set colours and sizes from code, and the
/// charts are SVG with presentation attributes (README, "Security").
/// The service worker (`sw.js`) and the manifest come from the book's
/// own origin too; `default-src` would allow them, the policy says so.
pub(crate) fn content_security_policy(head: &Head) -> String {
    let mut script_src = String::from("'self' 'wasm-unsafe-eval'");
    let finder = head.base.as_ref().map(|b| b.finder.as_str());
    let inline = head.assets.iter().filter_map(|t| inline_script(t));
    for script in std::iter::once(THEME_SCRIPT).chain(finder).chain(inline) {
        let digest = Sha256::digest(script.as_bytes());
        let hash = base64::engine::general_purpose::STANDARD.encode(digest);
        script_src.push_str(&format!(" 'sha256-{hash}'"));
    }
    // Only a page that sets its own `<base>` may.
    let base_uri = if head.base.is_some() {
        "'self'"
    } else {
        "'none'"
    };
    format!(
        "default-src 'self'; script-src {script_src}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri {base_uri}; form-action 'none'"
    )
}

/// The text of an inline `<script>` tag (none for `<script src>`).
fn inline_script(tag: &str) -> Option<&str> {
    let open_end = tag.find('>')?;
    if !tag.starts_with("<script") || tag[..open_end].contains(" src=") {
        return None;
    }
    tag[open_end + 1..].strip_suffix("</script>")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inline_scripts_are_allowed_by_hash_and_nothing_unsafe_runs() {
        let loader = "<script type=\"module\">import init from '/x.js';</script>".to_owned();
        let external = "<script src=\"/book.js\" defer></script>".to_owned();
        let head = Head {
            assets: vec![loader, external],
            ..Head::default()
        };
        let csp = content_security_policy(&head);
        assert_eq!(csp.matches("'sha256-").count(), 2, "{csp}");
        assert!(csp.contains("base-uri 'none'"));
        // sha256 of the loader's text, as `openssl dgst -sha256 -binary | base64` prints it.
        let digest = Sha256::digest(b"import init from '/x.js';");
        let expected = base64::engine::general_purpose::STANDARD.encode(digest);
        assert!(csp.contains(&expected), "{csp}");
        assert!(!csp.contains("'unsafe-eval'") && !csp.contains("script-src 'unsafe-inline'"));
        assert!(csp.contains("'wasm-unsafe-eval'"));
        assert!(csp.contains("worker-src 'self'; manifest-src 'self'"));
    }

    #[test]
    fn a_document_carries_its_language_title_and_alternates() {
        let head = Head {
            lang: "es".into(),
            title: "2. Ejecutar trabajos · Libro".into(),
            description: "Slurm & NCCL".into(),
            site_name: "Libro".into(),
            canonical: Some("https://example.org/c/es/running-jobs/".into()),
            alternates: vec![("en".into(), "https://example.org/c/en/running-jobs/".into())],
            ..Head::default()
        };
        let html = document(&head, "", "<main>x</main>");
        assert!(html.starts_with("<!doctype html>\n<html lang=\"es\">"));
        assert!(html.contains("<title>2. Ejecutar trabajos · Libro</title>"));
        assert!(html.contains("content=\"Slurm &amp; NCCL\""));
        assert!(
            html.contains(
                "<link rel=\"canonical\" href=\"https://example.org/c/es/running-jobs/\">"
            )
        );
        assert!(html.contains("<link rel=\"alternate\" hreflang=\"en\""));
        assert!(html.contains("<meta property=\"og:url\""));
        assert!(html.contains("<main>x</main>"));
        assert!(
            !html.contains("rel=\"manifest\""),
            "none given, none linked"
        );
        assert!(html.contains(
            "<meta name=\"theme-color\" media=\"(prefers-color-scheme: dark)\" content=\"#141817\">"
        ));
    }
}
