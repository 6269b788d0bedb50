//! The book's pages as search documents: each page of the same document
//! model the site renders (`book::Library::render`) cut into sections, the
//! text before its first heading and then each `##` and `###`, with the
//! plain text of its paragraphs, lists, code, tables and callouts. Pure.
//! The model's HTML is the renderer's own (sanitised, escaped by
//! pulldown-cmark), read here as such, not as general HTML: headings with
//! ids open sections, and what the renderer adds for the reader's hands
//! (copy buttons, anchor links, footnote marks) is left out. Widgets and
//! figures are not indexed: their text is not the page's prose.

use crate::book::{Block, Labels, Library};

/// One section of one page, as the search index takes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SearchDoc {
    /// The page's slug.
    pub slug: String,
    /// The section's id (empty for the text before the page's first heading).
    pub id: String,
    /// The page's title.
    pub page: String,
    /// The section's title (empty for the text before the first heading).
    pub title: String,
    /// Its plain text, with runs of white space as one space.
    pub text: String,
}

/// Every page of the book in `lang`, in reading order, cut into sections.
pub fn documents(library: &Library, lang: &str, labels: &Labels) -> Vec<SearchDoc> {
    library
        .toc(lang)
        .into_iter()
        .filter_map(|entry| library.render(lang, &entry.slug, "/", labels))
        .flat_map(|page| {
            let html: String = page
                .doc
                .blocks
                .iter()
                .filter_map(|b| match b {
                    Block::Html(html) => Some(html.as_str()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join(" ");
            sections(&page.slug, &page.doc.title, &html)
        })
        .collect()
}

/// Elements the renderer adds for the reader's hands, not the page's text:
/// their opening tag's start and their closing tag.
const SKIPPED: [(&str, &str); 3] = [
    ("<button", "</button>"),
    ("<a class=\"anchor\"", "</a>"),
    ("<sup class=\"footnote-ref\"", "</sup>"),
];

/// A page's rendered `html` cut into sections at its `<h2 id>` and `<h3 id>`.
fn sections(slug: &str, page_title: &str, html: &str) -> Vec<SearchDoc> {
    let new = |id: &str| SearchDoc {
        slug: slug.to_owned(),
        id: id.to_owned(),
        page: page_title.to_owned(),
        ..SearchDoc::default()
    };
    let mut docs = vec![new("")];
    // Where the text goes: the section's title while in its heading.
    let mut in_heading = false;
    let mut in_title = false;
    let mut rest = html;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            push_text(&mut docs, in_heading, in_title, rest);
            break;
        };
        push_text(&mut docs, in_heading, in_title, &rest[..lt]);
        rest = &rest[lt..];
        if let Some((_, close)) = SKIPPED.iter().find(|(open, _)| rest.starts_with(open)) {
            rest = rest.find(close).map_or("", |e| &rest[e + close.len()..]);
            continue;
        }
        let end = rest.find('>').map_or(rest.len(), |e| e + 1);
        let tag = &rest[..end];
        rest = &rest[end..];
        if tag.starts_with("<h1") {
            in_title = true;
        } else if tag.starts_with("</h1") {
            in_title = false;
        } else if let Some(id) = heading_id(tag) {
            docs.push(new(id));
            in_heading = true;
        } else if tag.starts_with("</h2") || tag.starts_with("</h3") {
            in_heading = false;
        }
        // A block's tag ends a word (`<li>a</li><li>b</li>` is "a b"); an
        // inline one does not (`<code>x</code>,` is "x,").
        if !is_inline(tag) {
            push_text(&mut docs, in_heading, in_title, " ");
        }
    }
    for doc in &mut docs {
        doc.title = collapse(&doc.title);
        doc.text = collapse(&doc.text);
    }
    docs
}

/// Whether `tag` (opening or closing) is of an element inside a line of text.
fn is_inline(tag: &str) -> bool {
    let name = tag
        .trim_start_matches(['<', '/'])
        .split([' ', '>', '/'])
        .next()
        .unwrap_or_default();
    matches!(
        name,
        "a" | "code" | "em" | "strong" | "span" | "sup" | "sub" | "del" | "kbd" | "mark" | "small"
    )
}

/// The id of an `<h2 id="...">` or `<h3 id="...">` tag.
fn heading_id(tag: &str) -> Option<&str> {
    let rest = tag
        .strip_prefix("<h2 id=\"")
        .or_else(|| tag.strip_prefix("<h3 id=\""))?;
    rest.split('"').next()
}

/// Adds text (still escaped) to the last section's title or text; the
/// page's `# Title` is left out, as each document carries it.
fn push_text(docs: &mut [SearchDoc], in_heading: bool, in_title: bool, escaped: &str) {
    if in_title || escaped.is_empty() {
        return;
    }
    if let Some(doc) = docs.last_mut() {
        let to = if in_heading {
            &mut doc.title
        } else {
            &mut doc.text
        };
        to.push_str(&unescape(escaped));
    }
}

/// pulldown-cmark's escapes undone.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Runs of white space as one space, none at the ends.
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::Sources;

    #[test]
    fn a_page_is_cut_at_its_headings_without_the_renderers_additions() {
        let mut s = Sources::default();
        s.insert(
            "content/en/book.toml",
            "title = \"Book\"\n[[pages]]\nslug = \"jobs\"\ntitle = \"Jobs\"\n",
        );
        s.insert(
            "content/en/jobs.md",
            "# Running jobs\n\nIntro &amp; `<more>`.\n\n## Slurm {#slurm}\n\n- `--gpus-per-node`\n- two\n\n\
             ```sh\nscontrol show job\n```\n\n### Fair *share* {#fair}\n\n| a | b |\n|---|---|\n| x | y |\n\n\
             > [!NOTE]\n> Noted.[^1]\n\n[^1]: Foot.\n",
        );
        let docs = documents(&Library::new(s), "en", &Labels::default());
        let summary: Vec<(&str, &str, &str)> = docs
            .iter()
            .map(|d| (d.id.as_str(), d.title.as_str(), d.text.as_str()))
            .collect();
        assert_eq!(summary[0].0, "");
        assert!(summary[0].2.starts_with("Intro &"), "{summary:?}");
        assert_eq!(
            summary[1],
            ("slurm", "Slurm", "--gpus-per-node two scontrol show job")
        );
        assert!(summary[0].2.ends_with("Intro & <more>."), "{summary:?}");
        assert_eq!(summary[2].0, "fair");
        assert_eq!(summary[2].1, "Fair share");
        assert!(
            summary[2].2.starts_with("a b x y Note Noted."),
            "{summary:?}"
        );
        assert!(!summary[2].2.contains("Copy") && !summary[2].2.contains("Link to"));
        assert!(
            docs.iter()
                .all(|d| d.page == "Running jobs" && d.slug == "jobs")
        );
    }
}
