//! Every figure, in every language of the book: well-formed SVG with its
//! name and text alternative, every label of the locale drawn, and no
//! label wider (by the estimate) than the room it was given.

use super::*;
use crate::ui::catalog;

const LANGS: [&str; 2] = ["en", "es"];

/// The element names of `svg` balance, every `&` starts an entity and no
/// `<` or `>` stands in text. Returns the text of its `<text>` elements,
/// unescaped and joined by spaces.
fn checked_text(svg: &str) -> Result<String, String> {
    let mut open: Vec<String> = Vec::new();
    let mut texts = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        if text.contains('>') {
            return Err(format!("a bare `>` in text: {text}"));
        }
        if open.last().is_some_and(|t| t == "text") {
            texts.push(text.to_owned());
        }
        let end = rest[start..].find('>').ok_or("a tag that never closes")? + start;
        let tag = &rest[start + 1..end];
        if tag.contains('<') {
            return Err(format!("a `<` inside tag {tag}"));
        }
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default()
            .to_owned();
        if let Some(closing) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == closing => {}
                other => return Err(format!("</{closing}> closes {other:?}")),
            }
        } else if !tag.ends_with('/') {
            open.push(name);
        }
        rest = &rest[end + 1..];
    }
    if !open.is_empty() || !rest.trim().is_empty() {
        return Err(format!("left open: {open:?}"));
    }
    for (i, _) in svg.match_indices('&') {
        let entity = &svg[i..svg[i..].find(';').map_or(svg.len(), |e| i + e + 1)];
        if !["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].contains(&entity) {
            return Err(format!("a bare `&`: {entity}"));
        }
    }
    let joined = texts.join(" ");
    Ok(joined
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&"))
}

/// The figure's own messages in `lang`: (id, text).
fn messages(kind: FigureKind, lang: &str) -> Vec<(String, String)> {
    let prefix = format!("figure-{}-", kind.name());
    catalog()
        .messages(lang)
        .into_iter()
        .flat_map(|m| m.keys())
        .filter(|id| id.starts_with(&prefix))
        .map(|id| (id.clone(), catalog().text(lang, id)))
        .collect()
}

#[test]
fn every_figure_is_well_formed_svg_named_and_described() {
    for lang in LANGS {
        for kind in FigureKind::ALL {
            let words = Words::new(catalog(), lang);
            let drawn = draw(kind, &words);
            let name = kind.name();
            checked_text(&drawn.svg).unwrap_or_else(|e| panic!("{name} in {lang}: {e}"));
            let title = escape(&catalog().text(lang, &format!("figure-{name}-title")));
            let desc = escape(&catalog().text(lang, &format!("figure-{name}-desc")));
            assert!(
                drawn.svg.starts_with("<svg ")
                    && drawn.svg.contains(&format!(
                        "role=\"img\" aria-labelledby=\"fig-{name}-title\" aria-describedby=\"fig-{name}-desc\""
                    ))
                    && drawn
                        .svg
                        .contains(&format!("<title id=\"fig-{name}-title\">{title}</title>"))
                    && drawn
                        .svg
                        .contains(&format!("<desc id=\"fig-{name}-desc\">{desc}</desc>")),
                "{name} in {lang}: {}",
                drawn.svg
            );
            // A description that says something, in this language's words.
            assert!(desc.len() > 300, "{name} in {lang}: a short desc: {desc}");
            assert!(
                drawn.svg.contains(&format!("id=\"fig-{name}-head\"")),
                "{name}: its arrowheads are its own"
            );
        }
    }
}

#[test]
fn every_label_of_the_locale_is_drawn() {
    for lang in LANGS {
        for kind in FigureKind::ALL {
            let drawn = draw(kind, &Words::new(catalog(), lang));
            let shown = checked_text(&drawn.svg).unwrap_or_default();
            let labels: Vec<_> = messages(kind, lang)
                .into_iter()
                .filter(|(id, _)| {
                    !["-title", "-desc", "-caption"]
                        .iter()
                        .any(|s| id.ends_with(s))
                })
                .collect();
            assert!(labels.len() >= 5, "{} in {lang}: {labels:?}", kind.name());
            for (id, text) in labels {
                let words: Vec<&str> = text.split_whitespace().collect();
                assert!(
                    shown.contains(&words.join(" ")),
                    "{} in {lang}: `{id}` ({text}) is not drawn: {shown}",
                    kind.name()
                );
            }
        }
    }
}

#[test]
fn no_label_overflows_its_room_in_any_language() {
    for lang in LANGS {
        for kind in FigureKind::ALL {
            let drawn = draw(kind, &Words::new(catalog(), lang));
            assert!(drawn.fits.len() > 10, "{}: fits are recorded", kind.name());
            let over: Vec<_> = drawn.fits.iter().filter(|f| f.need > f.room).collect();
            assert!(over.is_empty(), "{} in {lang}: {over:#?}", kind.name());
        }
    }
}

#[test]
fn a_figure_is_a_figure_element_with_its_caption() {
    for lang in LANGS {
        let html = html(FigureKind::JobStates, &Words::new(catalog(), lang));
        let caption = escape(&catalog().text(lang, "figure-job-states-caption"));
        assert!(
            html.starts_with("<figure class=\"figure\" id=\"fig-job-states\"><svg ")
                && html.ends_with(&format!(
                    "</svg><figcaption>{caption}</figcaption></figure>"
                )),
            "{html}"
        );
    }
    let (en, es) = (
        html(FigureKind::CudaStack, &Words::new(catalog(), "en")),
        html(FigureKind::CudaStack, &Words::new(catalog(), "es")),
    );
    assert!(en.contains("Kernel module") && es.contains("El módulo del kernel"));
}

#[test]
fn the_checker_refuses_what_a_browser_would_misread() {
    assert!(checked_text("<svg><text>a &amp; b</text></svg>").is_ok());
    assert!(checked_text("<svg><text>a & b</text></svg>").is_err());
    assert!(checked_text("<svg><text>a</svg>").is_err());
    assert!(checked_text("<svg><text>a > b</text></svg>").is_err());
}
