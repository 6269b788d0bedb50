//! One markdown page -> a [`Document`]: HTML blocks, widget directives and
//! the page's sections and links. Pure. The steps:
//! 1. parse with pulldown-cmark (tables, footnotes, GFM callouts, math,
//!    `{#id}` heading attributes);
//! 2. neutralise raw HTML (shown as escaped text) and drop links whose
//!    scheme could run code (`javascript:`, `data:`, ...);
//! 3. rewrite book links (`slug`, `slug#id`, `#id`) to absolute paths under
//!    the reader's language, so they work under any `<base>` and sub-path;
//! 4. wrap code blocks with a copy button, callouts with their title,
//!    headings with an anchor link, footnotes with page-local ids;
//! 5. cut the stream at top-level widget blocks and render each run of
//!    events to HTML.

use std::collections::{BTreeMap, BTreeSet};

use pulldown_cmark::{
    BlockQuoteKind, CodeBlockKind, CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd,
};
use pulldown_cmark_escape::{escape_href, escape_html};

use super::computed::{self, ComputeError};
use super::figure::{self, FigureError, FigureKind};
use super::widget::{DIRECTIVE, WidgetDirective, WidgetError};
use crate::diagnostic::LineIndex;
use crate::i18n::Catalog;
use crate::i18n::number::ValueFormat;

/// UI words the renderer writes into the HTML, in the reader's language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Labels {
    /// Copy button on code blocks.
    pub copy: String,
    /// The copy button after a successful copy.
    pub copied: String,
    /// Screen-reader text of a heading's anchor link.
    pub anchor: String,
    /// Callout titles.
    pub note: String,
    /// Callout title for `[!TIP]`.
    pub tip: String,
    /// Callout title for `[!IMPORTANT]`.
    pub important: String,
    /// Callout title for `[!WARNING]`.
    pub warning: String,
    /// Callout title for `[!CAUTION]`.
    pub caution: String,
    /// How computed values (`` `=young-daly ...` ``) are written.
    pub values: ValueFormat,
}

impl Default for Labels {
    fn default() -> Self {
        Self {
            copy: "Copy".into(),
            copied: "Copied".into(),
            anchor: "Link to this section".into(),
            note: "Note".into(),
            tip: "Tip".into(),
            important: "Important".into(),
            warning: "Warning".into(),
            caution: "Caution".into(),
            values: ValueFormat::default(),
        }
    }
}

impl Labels {
    /// The words in `lang`, from its interface strings (English's where
    /// it lacks them).
    pub fn from_catalog(catalog: &Catalog, lang: &str) -> Self {
        Self {
            copy: catalog.text(lang, "code-copy"),
            copied: catalog.text(lang, "code-copied"),
            anchor: catalog.text(lang, "section-anchor"),
            note: catalog.text(lang, "callout-note"),
            tip: catalog.text(lang, "callout-tip"),
            important: catalog.text(lang, "callout-important"),
            warning: catalog.text(lang, "callout-warning"),
            caution: catalog.text(lang, "callout-caution"),
            values: catalog.value_format(lang),
        }
    }
}

/// Where the page lives, for the links it writes.
#[derive(Debug, Clone, Copy)]
pub struct RenderOptions<'a> {
    /// Path of the reader's language root, with slashes: `/course/en/`.
    pub href_prefix: &'a str,
    /// This page's slug.
    pub page: &'a str,
    /// UI words.
    pub labels: &'a Labels,
}

/// A heading with an id: a deep-link target.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The explicit id (`{#id}`), shared by every language.
    pub id: String,
    /// Plain-text title.
    pub title: String,
    /// 2 for `##`, 3 for `###`, ...
    pub level: u8,
    /// 1-based line in the file.
    pub line: usize,
}

/// Where a link points.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum LinkTarget {
    /// Another page of the book, maybe at a section.
    Page {
        /// The page's slug.
        slug: String,
        /// A section id on it.
        fragment: Option<String>,
    },
    /// A section of this page.
    Section(String),
    /// Outside the book (`http`, `https`, `mailto`).
    External(String),
}

/// A link and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkRef {
    /// Its target.
    pub target: LinkTarget,
    /// 1-based line in the file.
    pub line: usize,
}

/// Something wrong in a page.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PageProblem {
    /// The page has no `# Title`.
    #[error("the page has no `# Title` heading")]
    NoTitle,
    /// A `##`+ heading with no `{#id}`.
    #[error("heading \"{0}\" has no explicit id: end it with {{#some-id}}")]
    HeadingWithoutId(String),
    /// An id that is not a slug.
    #[error("section id `{0}` must be lowercase letters, digits and dashes")]
    BadSectionId(String),
    /// The same id twice.
    #[error("section id `{0}` is used twice on this page")]
    DuplicateSectionId(String),
    /// Raw HTML, which is shown as text.
    #[error("raw HTML is shown as text and never run; write markdown instead: {0}")]
    RawHtml(String),
    /// A link whose scheme could run code; dropped.
    #[error("link `{0}` was dropped: only http, https and mailto links may leave the book")]
    UnsafeLink(String),
    /// A widget directive inside a list, quote or other block.
    #[error("widget blocks must stand on their own, not inside a list, quote or footnote")]
    NestedWidget,
    /// A bad widget directive.
    #[error(transparent)]
    Widget(#[from] WidgetError),
    /// A bad figure directive.
    #[error(transparent)]
    Figure(#[from] FigureError),
    /// A computed value that does not compute.
    #[error(transparent)]
    Computed(#[from] ComputeError),
}

/// A piece of a rendered page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// Sanitised HTML.
    Html(String),
    /// A widget to mount here.
    Widget(WidgetDirective),
    /// A figure the site draws here at build time.
    Figure(FigureKind),
    /// Something that could not be shown; the reader sees a notice.
    Notice(PageProblem),
}

/// A rendered page.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Document {
    /// Plain text of the `# Title`.
    pub title: String,
    /// Headings with ids, in order.
    pub sections: Vec<Section>,
    /// The page, in order.
    pub blocks: Vec<Block>,
    /// Every link, in order.
    pub links: Vec<LinkRef>,
    /// Every widget with its 1-based line, in order.
    pub widgets: Vec<(WidgetDirective, usize)>,
    /// Every figure with its 1-based line, in order.
    pub figures: Vec<(FigureKind, usize)>,
    /// Problems with their 1-based line (file lines when a line offset was given).
    pub problems: Vec<(usize, PageProblem)>,
}

impl Document {
    /// The `##` section that holds section `id` (itself when it is one).
    pub fn top_section_of(&self, id: &str) -> Option<&str> {
        let mut top = None;
        for section in &self.sections {
            if section.level <= 2 {
                top = Some(section.id.as_str());
            }
            if section.id == id {
                return top;
            }
        }
        None
    }
}

const ALLOWED_SCHEMES: [&str; 3] = ["http", "https", "mailto"];

/// Classifies a link destination as written in markdown; `None` for a
/// scheme that is not allowed.
pub fn classify_link(dest: &str) -> Option<LinkTarget> {
    if let Some(id) = dest.strip_prefix('#') {
        return Some(LinkTarget::Section(id.to_owned()));
    }
    if dest.starts_with("//") {
        return Some(LinkTarget::External(dest.to_owned()));
    }
    if let Some((scheme, _)) = dest.split_once(':') {
        let is_scheme = scheme
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if is_scheme {
            let scheme = scheme.to_ascii_lowercase();
            return ALLOWED_SCHEMES
                .contains(&scheme.as_str())
                .then(|| LinkTarget::External(dest.to_owned()));
        }
    }
    let (slug, fragment) = match dest.split_once('#') {
        Some((slug, frag)) => (slug, Some(frag.to_owned())),
        None => (dest, None),
    };
    Some(LinkTarget::Page {
        slug: slug.trim_end_matches('/').to_owned(),
        fragment,
    })
}

/// Renders `markdown` (a page body); `line_offset` lines precede it in its file.
pub fn render(markdown: &str, line_offset: usize, opts: &RenderOptions<'_>) -> Document {
    Renderer::new(markdown, line_offset, opts).run()
}

struct Renderer<'a, 'o> {
    source: &'a str,
    line_offset: usize,
    opts: &'o RenderOptions<'o>,
    doc: Document,
    pending: Vec<Event<'a>>,
    depth: usize,
    dropped_links: Vec<bool>,
    heading: Option<HeadingState<'a>>,
    widget: Option<(String, String, usize)>,
    footnotes: BTreeMap<String, usize>,
    /// Footnote definitions with their numbers, set aside to be written
    /// at the end in the order they are first referred to.
    footnote_defs: Vec<(usize, Vec<Event<'a>>)>,
    /// The number of the footnote definition being read.
    footnote_open: Option<usize>,
    seen_ids: BTreeSet<String>,
}

struct HeadingState<'a> {
    id: Option<CowStr<'a>>,
    text: String,
    line: usize,
}

impl<'a, 'o> Renderer<'a, 'o> {
    fn new(source: &'a str, line_offset: usize, opts: &'o RenderOptions<'o>) -> Self {
        Self {
            source,
            line_offset,
            opts,
            doc: Document::default(),
            pending: Vec::new(),
            depth: 0,
            dropped_links: Vec::new(),
            heading: None,
            widget: None,
            footnotes: BTreeMap::new(),
            footnote_defs: Vec::new(),
            footnote_open: None,
            seen_ids: BTreeSet::new(),
        }
    }

    fn run(mut self) -> Document {
        let options = Options::ENABLE_TABLES
            | Options::ENABLE_FOOTNOTES
            | Options::ENABLE_STRIKETHROUGH
            | Options::ENABLE_TASKLISTS
            | Options::ENABLE_HEADING_ATTRIBUTES
            | Options::ENABLE_GFM
            | Options::ENABLE_MATH;
        let source = self.source;
        let lines = LineIndex::new(source);
        for (event, range) in Parser::new_ext(source, options).into_offset_iter() {
            let line = lines.line(range.start) + self.line_offset;
            self.event(event, line);
        }
        self.flush();
        // Footnotes in the order of their numbers, which follow the first
        // references, wherever the definitions stand in the source.
        crate::sort::by_key(&mut self.footnote_defs, |(n, _)| *n);
        for (_, events) in std::mem::take(&mut self.footnote_defs) {
            self.pending.extend(events);
        }
        self.flush();
        if self.doc.title.is_empty() {
            self.doc
                .problems
                .push((1 + self.line_offset, PageProblem::NoTitle));
        }
        self.doc
    }

    fn problem(&mut self, line: usize, problem: PageProblem) {
        self.doc.problems.push((line, problem));
    }

    fn html(&mut self, html: String) {
        self.pending.push(Event::Html(html.into()));
    }

    fn flush(&mut self) {
        if !self.pending.is_empty() {
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, self.pending.drain(..));
            self.doc.blocks.push(Block::Html(html));
        }
    }

    fn page_href(&self, fragment: &str) -> String {
        let mut href = String::new();
        let _ = escape_href(
            &mut href,
            &format!("{}{}/#{fragment}", self.opts.href_prefix, self.opts.page),
        );
        href
    }

    fn event(&mut self, event: Event<'a>, line: usize) {
        // Inside a widget block: collect its body, nothing else.
        if let Some((_, body, _)) = &mut self.widget {
            match event {
                Event::Text(text) => body.push_str(&text),
                Event::End(TagEnd::CodeBlock) => self.end_widget(),
                _ => {}
            }
            return;
        }
        if let Some(heading) = &mut self.heading
            && let Event::Text(t) | Event::Code(t) | Event::InlineMath(t) = &event
        {
            heading.text.push_str(t);
        }
        match event {
            Event::Start(tag) => {
                self.depth += 1;
                self.start(tag, line);
            }
            Event::End(tag) => {
                self.depth = self.depth.saturating_sub(1);
                self.end(tag);
            }
            Event::Html(raw) | Event::InlineHtml(raw) => {
                let shown = raw.trim().chars().take(60).collect::<String>();
                self.problem(line, PageProblem::RawHtml(shown));
                self.pending.push(Event::Text(raw));
            }
            Event::Code(code) if code.starts_with('=') => {
                match computed::evaluate(&code[1..], &self.opts.labels.values) {
                    Ok(value) => {
                        let mut html = String::from("<span class=\"computed\">");
                        let _ = escape_html(&mut html, &value);
                        html.push_str("</span>");
                        self.html(html);
                    }
                    Err(e) => {
                        self.problem(line, PageProblem::Computed(e));
                        self.pending.push(Event::Code(code));
                    }
                }
            }
            Event::FootnoteReference(name) => {
                let n = self.footnote_number(&name);
                let id = footnote_id(&name);
                let href = self.page_href(&format!("fn-{id}"));
                self.html(format!(
                    "<sup class=\"footnote-ref\" id=\"fnref-{id}\"><a href=\"{href}\">{n}</a></sup>"
                ));
            }
            other => self.pending.push(other),
        }
    }

    fn footnote_number(&mut self, name: &str) -> usize {
        let next = self.footnotes.len() + 1;
        *self.footnotes.entry(name.to_owned()).or_insert(next)
    }

    fn start(&mut self, tag: Tag<'a>, line: usize) {
        match tag {
            Tag::CodeBlock(CodeBlockKind::Fenced(info))
                if matches!(
                    info.split_whitespace().next(),
                    Some(DIRECTIVE | figure::DIRECTIVE)
                ) =>
            {
                self.widget = Some((info.to_string(), String::new(), line));
            }
            Tag::CodeBlock(kind) => {
                let labels = self.opts.labels;
                let mut html = String::from(
                    "<div class=\"code-block\"><button type=\"button\" class=\"copy-button\" data-copied=\"",
                );
                let _ = escape_html(&mut html, &labels.copied);
                html.push_str("\">");
                let _ = escape_html(&mut html, &labels.copy);
                // The block is focusable: a keyboard user can scroll a long line.
                html.push_str("</button><pre tabindex=\"0\"><code");
                let lang = match &kind {
                    CodeBlockKind::Fenced(info) => {
                        info.split_whitespace().next().unwrap_or_default()
                    }
                    CodeBlockKind::Indented => "",
                };
                if !lang.is_empty() {
                    html.push_str(" class=\"language-");
                    let _ = escape_html(&mut html, lang);
                    html.push('"');
                }
                html.push('>');
                self.html(html);
            }
            Tag::Heading {
                level,
                id,
                classes,
                attrs,
            } => {
                self.heading = Some(HeadingState {
                    id: id.clone(),
                    text: String::new(),
                    line,
                });
                self.pending.push(Event::Start(Tag::Heading {
                    level,
                    id,
                    classes,
                    attrs,
                }));
            }
            Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            } => match classify_link(&dest_url) {
                Some(target) => {
                    let href: CowStr<'a> = match &target {
                        LinkTarget::External(url) => url.clone().into(),
                        LinkTarget::Section(id) => {
                            format!("{}{}/#{id}", self.opts.href_prefix, self.opts.page).into()
                        }
                        LinkTarget::Page { slug, fragment } => match fragment {
                            Some(f) => format!("{}{slug}/#{f}", self.opts.href_prefix).into(),
                            None => format!("{}{slug}/", self.opts.href_prefix).into(),
                        },
                    };
                    self.doc.links.push(LinkRef { target, line });
                    self.dropped_links.push(false);
                    self.pending.push(Event::Start(Tag::Link {
                        link_type,
                        dest_url: href,
                        title,
                        id,
                    }));
                }
                None => {
                    self.problem(line, PageProblem::UnsafeLink(dest_url.to_string()));
                    self.dropped_links.push(true);
                }
            },
            Tag::Image {
                link_type,
                dest_url,
                title,
                id,
            } => match classify_link(&dest_url) {
                Some(LinkTarget::External(_)) => {
                    self.dropped_links.push(false);
                    self.pending.push(Event::Start(Tag::Image {
                        link_type,
                        dest_url,
                        title,
                        id,
                    }));
                }
                _ => {
                    self.problem(line, PageProblem::UnsafeLink(dest_url.to_string()));
                    self.dropped_links.push(true);
                }
            },
            Tag::BlockQuote(Some(kind)) => {
                let labels = self.opts.labels;
                let (class, title) = match kind {
                    BlockQuoteKind::Note => ("note", &labels.note),
                    BlockQuoteKind::Tip => ("tip", &labels.tip),
                    BlockQuoteKind::Important => ("important", &labels.important),
                    BlockQuoteKind::Warning => ("warning", &labels.warning),
                    BlockQuoteKind::Caution => ("caution", &labels.caution),
                };
                let mut html = format!(
                    "<div class=\"callout callout-{class}\" role=\"note\"><p class=\"callout-title\">"
                );
                let _ = escape_html(&mut html, title);
                html.push_str("</p>");
                self.html(html);
            }
            Tag::FootnoteDefinition(name) => {
                // What came before stays in place; the definition is set
                // aside at its end (see `run`).
                self.flush();
                let n = self.footnote_number(&name);
                self.footnote_open = Some(n);
                let id = footnote_id(&name);
                let back = self.page_href(&format!("fnref-{id}"));
                self.html(format!(
                    "<div class=\"footnote\" id=\"fn-{id}\"><a class=\"footnote-label\" href=\"{back}\">{n}</a>"
                ));
            }
            Tag::Table(alignments) => {
                self.html("<div class=\"table-wrap\" tabindex=\"0\">".into());
                self.pending.push(Event::Start(Tag::Table(alignments)));
            }
            other => self.pending.push(Event::Start(other)),
        }
    }

    fn end(&mut self, tag: TagEnd) {
        match tag {
            TagEnd::CodeBlock => self.html("</code></pre></div>".into()),
            TagEnd::Heading(level) => self.end_heading(level),
            TagEnd::Link | TagEnd::Image => {
                if !self.dropped_links.pop().unwrap_or(false) {
                    self.pending.push(Event::End(tag));
                }
            }
            TagEnd::BlockQuote(Some(_)) => self.html("</div>".into()),
            TagEnd::FootnoteDefinition => {
                self.html("</div>".into());
                let n = self.footnote_open.take().unwrap_or(usize::MAX);
                let events = std::mem::take(&mut self.pending);
                self.footnote_defs.push((n, events));
            }
            TagEnd::Table => {
                self.pending.push(Event::End(TagEnd::Table));
                self.html("</div>".into());
            }
            other => self.pending.push(Event::End(other)),
        }
    }

    fn end_heading(&mut self, level: HeadingLevel) {
        let Some(heading) = self.heading.take() else {
            return;
        };
        let title = heading.text.trim().to_owned();
        if level == HeadingLevel::H1 {
            if self.doc.title.is_empty() {
                self.doc.title = title;
            }
        } else {
            match heading.id.as_deref() {
                None => self.problem(heading.line, PageProblem::HeadingWithoutId(title.clone())),
                Some(id) if !super::manifest::is_slug(id) => {
                    self.problem(heading.line, PageProblem::BadSectionId(id.to_owned()));
                }
                Some(id) if !self.seen_ids.insert(id.to_owned()) => {
                    self.problem(heading.line, PageProblem::DuplicateSectionId(id.to_owned()));
                }
                Some(id) => {
                    let href = self.page_href(id);
                    let mut html = format!(
                        "<a class=\"anchor\" href=\"{href}\"><span aria-hidden=\"true\">#</span><span class=\"visually-hidden\">"
                    );
                    let _ = escape_html(&mut html, &self.opts.labels.anchor);
                    html.push_str("</span></a>");
                    self.html(html);
                    self.doc.sections.push(Section {
                        id: id.to_owned(),
                        title,
                        level: level as u8,
                        line: heading.line,
                    });
                }
            }
        }
        self.pending.push(Event::End(TagEnd::Heading(level)));
    }

    fn end_widget(&mut self) {
        let Some((info, body, line)) = self.widget.take() else {
            return;
        };
        // The closing tag of the code block was counted as a start.
        self.depth = self.depth.saturating_sub(1);
        if info.split_whitespace().next() == Some(figure::DIRECTIVE) {
            return self.end_figure(&info, &body, line);
        }
        let result = if self.depth > 0 {
            Err(PageProblem::NestedWidget)
        } else {
            WidgetDirective::parse(&info, &body).map_err(PageProblem::from)
        };
        match result {
            Ok(mut directive) => {
                for text in directive.texts.values_mut() {
                    *text = self.fragment(text, line);
                }
                self.flush();
                self.doc.widgets.push((directive.clone(), line));
                self.doc.blocks.push(Block::Widget(directive));
            }
            Err(problem) => {
                let at = match &problem {
                    PageProblem::Widget(WidgetError::Toml { line: l, .. }) => line + 1 + l,
                    _ => line,
                };
                self.problem(at, problem.clone());
                if self.depth > 0 {
                    // Keep the surrounding list or quote intact: show the notice inline.
                    self.inline_notice(&problem);
                } else {
                    self.flush();
                    self.doc.blocks.push(Block::Notice(problem));
                }
            }
        }
    }
}

impl Renderer<'_, '_> {
    /// A `figure <name>` block just read: the figure in its place, or a
    /// notice where it cannot be drawn.
    fn end_figure(&mut self, info: &str, body: &str, line: usize) {
        let result = if self.depth > 0 {
            Err(FigureError::Nested)
        } else {
            FigureKind::parse(info, body).and_then(|kind| {
                match self.doc.figures.iter().find(|(k, _)| *k == kind) {
                    Some((_, first)) => Err(FigureError::Twice {
                        name: kind.name(),
                        first: *first,
                    }),
                    None => Ok(kind),
                }
            })
        };
        match result {
            Ok(kind) => {
                self.flush();
                self.doc.figures.push((kind, line));
                self.doc.blocks.push(Block::Figure(kind));
            }
            Err(e) => {
                let problem = PageProblem::Figure(e);
                self.problem(line, problem.clone());
                if self.depth > 0 {
                    self.inline_notice(&problem);
                } else {
                    self.flush();
                    self.doc.blocks.push(Block::Notice(problem));
                }
            }
        }
    }

    /// A notice inside a list or quote, which stays intact around it.
    fn inline_notice(&mut self, problem: &PageProblem) {
        let mut html = String::from("<p class=\"content-notice\" role=\"status\">");
        let _ = escape_html(&mut html, &problem.to_string());
        html.push_str("</p>");
        self.html(html);
    }

    /// A widget's markdown text (an exercise's question, say) as HTML,
    /// rendered as a page is; its links and problems count as the
    /// widget's, at its `line`.
    fn fragment(&mut self, markdown: &str, line: usize) -> String {
        let doc = render(markdown, 0, self.opts);
        for (_, problem) in doc.problems {
            if problem != PageProblem::NoTitle {
                self.problem(line, problem);
            }
        }
        self.doc
            .links
            .extend(doc.links.into_iter().map(|link| LinkRef { line, ..link }));
        let mut html = String::new();
        for block in doc.blocks {
            match block {
                Block::Html(h) => html.push_str(&h),
                Block::Widget(_) => self.problem(line, PageProblem::NestedWidget),
                Block::Figure(_) => self.problem(line, PageProblem::Figure(FigureError::Nested)),
                // Already among the problems above.
                Block::Notice(_) => {}
            }
        }
        html
    }
}

/// A footnote name made safe for an HTML id.
fn footnote_id(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
