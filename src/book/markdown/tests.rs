use super::*;
use crate::book::widget::WidgetKind;

fn render_page(md: &str) -> Document {
    let labels = Labels::default();
    render(
        md,
        0,
        &RenderOptions {
            href_prefix: "/course/en/",
            page: "running-jobs",
            labels: &labels,
        },
    )
}

fn html_of(doc: &Document) -> String {
    doc.blocks
        .iter()
        .map(|b| match b {
            Block::Html(h) => h.clone(),
            Block::Widget(w) => format!("[widget {}]", w.kind.name()),
            Block::Figure(f) => format!("[figure {}]", f.name()),
            // Notices are text that Leptos escapes; the message is not HTML.
            Block::Notice(_) => "[notice]".to_owned(),
        })
        .collect()
}

/// Every real tag in rendered HTML. Text `<` is always escaped as `&lt;`,
/// so each literal `<` opens a tag the browser would build.
fn tags(html: &str) -> Vec<String> {
    html.split('<')
        .skip(1)
        .map(|rest| {
            rest.split('>')
                .next()
                .unwrap_or_default()
                .to_ascii_lowercase()
        })
        .collect()
}

const ALLOWED_TAGS: [&str; 36] = [
    "p",
    "a",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "ul",
    "ol",
    "li",
    "em",
    "strong",
    "code",
    "pre",
    "div",
    "span",
    "button",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "blockquote",
    "sup",
    "hr",
    "br",
    "del",
    "input",
    "img",
    "dl",
    "dt",
    "dd",
    "sub",
    "section",
];

/// The attributes of a tag body (`a href="x" class="y"`), honouring quotes:
/// the renderer escapes `"` inside values, so a literal quote ends a value.
fn attributes(tag: &str) -> Vec<(String, String)> {
    let mut rest = tag.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '/');
    let mut attrs = Vec::new();
    loop {
        rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == '/');
        if rest.is_empty() {
            return attrs;
        }
        let name_end = rest
            .find(|c: char| c == '=' || c.is_whitespace())
            .unwrap_or(rest.len());
        let name = rest[..name_end].to_owned();
        rest = &rest[name_end..];
        let mut value = String::new();
        if let Some(after) = rest.strip_prefix('=') {
            if let Some(quoted) = after.strip_prefix('"') {
                let close = quoted.find('"').unwrap_or(quoted.len());
                value = quoted[..close].to_owned();
                rest = quoted.get(close + 1..).unwrap_or_default();
            } else {
                let close = after.find(char::is_whitespace).unwrap_or(after.len());
                value = after[..close].to_owned();
                rest = &after[close..];
            }
        }
        attrs.push((name, value));
    }
}

fn assert_safe(html: &str) {
    for tag in tags(html) {
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        assert!(
            ALLOWED_TAGS.contains(&name.as_str()),
            "tag <{tag}> survived in {html}"
        );
        for (attr, value) in attributes(&tag) {
            assert!(
                !attr.starts_with("on"),
                "event handler attribute in <{tag}>"
            );
            assert!(attr != "style", "style attribute in <{tag}>");
            if attr == "href" || attr == "src" {
                let v = value.trim().to_ascii_lowercase();
                assert!(
                    !v.starts_with("javascript:")
                        && !v.starts_with("data:")
                        && !v.starts_with("vbscript:"),
                    "script URL in <{tag}>"
                );
            }
        }
    }
}

#[test]
fn headings_get_ids_sections_and_anchors() {
    let doc = render_page(
        "# 2. Running Jobs\n\n## 2.1 The `CUDA` stack {#cuda-stack}\n\ntext\n\n### Rule {#rule}\n",
    );
    assert_eq!(doc.title, "2. Running Jobs");
    assert_eq!(doc.sections.len(), 2);
    assert_eq!(doc.sections[0].id, "cuda-stack");
    assert_eq!(doc.sections[0].title, "2.1 The CUDA stack");
    assert_eq!(doc.sections[0].level, 2);
    assert_eq!(doc.sections[0].line, 3);
    assert_eq!(doc.sections[1].level, 3);
    assert_eq!(doc.top_section_of("rule"), Some("cuda-stack"));
    assert_eq!(doc.top_section_of("cuda-stack"), Some("cuda-stack"));
    assert_eq!(doc.top_section_of("nope"), None);
    let html = html_of(&doc);
    assert!(html.contains("<h2 id=\"cuda-stack\">"), "{html}");
    assert!(
        html.contains("href=\"/course/en/running-jobs/#cuda-stack\""),
        "{html}"
    );
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
}

#[test]
fn heading_problems_are_reported_with_lines() {
    let doc = render_page("# T\n\n## No id\n\n## Bad {#Bad_Id}\n\n## A {#a}\n\n## Again {#a}\n");
    let problems: Vec<_> = doc.problems.iter().map(|(l, p)| (*l, p.clone())).collect();
    assert_eq!(
        problems,
        vec![
            (3, PageProblem::HeadingWithoutId("No id".into())),
            (5, PageProblem::BadSectionId("Bad_Id".into())),
            (9, PageProblem::DuplicateSectionId("a".into())),
        ]
    );
    assert_eq!(
        render_page("no title").problems,
        vec![(1, PageProblem::NoTitle)]
    );
}

#[test]
fn book_links_become_absolute_under_the_language() {
    let doc = render_page(
        "# T\n\nSee [ring](all-reduce#ring), [page](containers-gpus), [here](#slurm) and [web](https://slurm.schedmd.com/).\n",
    );
    let html = html_of(&doc);
    assert!(
        html.contains("href=\"/course/en/all-reduce/#ring\""),
        "{html}"
    );
    assert!(
        html.contains("href=\"/course/en/containers-gpus/\""),
        "{html}"
    );
    assert!(
        html.contains("href=\"/course/en/running-jobs/#slurm\""),
        "{html}"
    );
    assert!(
        html.contains("href=\"https://slurm.schedmd.com/\""),
        "{html}"
    );
    let targets: Vec<_> = doc.links.iter().map(|l| l.target.clone()).collect();
    assert_eq!(
        targets,
        vec![
            LinkTarget::Page {
                slug: "all-reduce".into(),
                fragment: Some("ring".into())
            },
            LinkTarget::Page {
                slug: "containers-gpus".into(),
                fragment: None
            },
            LinkTarget::Section("slurm".into()),
            LinkTarget::External("https://slurm.schedmd.com/".into()),
        ]
    );
}

#[test]
fn code_blocks_get_a_copy_button_and_keep_their_language() {
    let html = html_of(&render_page("# T\n\n```bash\nsqueue --me\n```\n"));
    assert!(html.contains("<div class=\"code-block\"><button type=\"button\" class=\"copy-button\" data-copied=\"Copied\">Copy</button>"), "{html}");
    assert!(
        html.contains(
            "<pre tabindex=\"0\"><code class=\"language-bash\">squeue --me\n</code></pre></div>"
        ),
        "{html}"
    );
}

#[test]
fn callouts_tables_math_and_footnotes_render() {
    let md = "# T\n\n> [!WARNING]\n> Careful.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n$$ τ ≈ √(2 · C · M) $$\n\nA claim.[^src]\n\n[^src]: Young, 1974.\n";
    let doc = render_page(md);
    let html = html_of(&doc);
    assert!(html.contains("<div class=\"callout callout-warning\" role=\"note\"><p class=\"callout-title\">Warning</p>"), "{html}");
    assert!(
        html.contains("<div class=\"table-wrap\" tabindex=\"0\"><table>"),
        "{html}"
    );
    assert!(html.contains("class=\"math math-display\""), "{html}");
    assert!(html.contains("<sup class=\"footnote-ref\" id=\"fnref-src\"><a href=\"/course/en/running-jobs/#fn-src\">1</a></sup>"), "{html}");
    assert!(
        html.contains("<div class=\"footnote\" id=\"fn-src\">"),
        "{html}"
    );
    assert!(doc.problems.is_empty(), "{:?}", doc.problems);
}

#[test]
fn widgets_split_the_page_and_bad_ones_become_notices() {
    let md = "# T\n\nBefore.\n\n```widget young-daly\npreset = \"1024-gpus\"\n```\n\nAfter.\n\n```widget pie\n```\n\n```widget ring-allreduce\nranks = \n```\n";
    let doc = render_page(md);
    assert!(matches!(&doc.blocks[0], Block::Html(h) if h.contains("Before.")));
    assert!(matches!(&doc.blocks[1], Block::Widget(w) if w.kind == WidgetKind::YoungDaly));
    assert!(matches!(&doc.blocks[2], Block::Html(h) if h.contains("After.")));
    assert!(
        matches!(&doc.blocks[3], Block::Notice(PageProblem::Widget(WidgetError::UnknownWidget(n))) if n == "pie")
    );
    assert!(matches!(
        &doc.blocks[4],
        Block::Notice(PageProblem::Widget(WidgetError::Toml { .. }))
    ));
    assert_eq!(doc.widgets.len(), 1);
    assert_eq!(doc.widgets[0].1, 5);
    let lines: Vec<usize> = doc.problems.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, vec![11, 15], "the TOML error points at its own line");
}

#[test]
fn figures_split_the_page_and_bad_ones_become_notices_with_lines() {
    let md = "# T\n\nBefore.\n\n```figure node-states\n```\n\n```figure pie\n```\n\n- item\n\n  ```figure job-states\n  ```\n\n```figure node-states\n```\n";
    let doc = render_page(md);
    assert_eq!(doc.figures, vec![(FigureKind::NodeStates, 5)]);
    assert!(matches!(
        &doc.blocks[1],
        Block::Figure(FigureKind::NodeStates)
    ));
    assert!(matches!(
        &doc.blocks[2],
        Block::Notice(PageProblem::Figure(FigureError::Unknown(n))) if n == "pie"
    ));
    assert_eq!(
        doc.problems,
        vec![
            (8, PageProblem::Figure(FigureError::Unknown("pie".into()))),
            (13, PageProblem::Figure(FigureError::Nested)),
            (
                16,
                PageProblem::Figure(FigureError::Twice {
                    name: "node-states",
                    first: 5
                })
            ),
        ]
    );
    assert!(
        html_of(&doc).contains("content-notice"),
        "the list keeps its notice"
    );
}

#[test]
fn a_widget_inside_a_list_is_a_notice_that_keeps_the_list_whole() {
    let doc = render_page("# T\n\n- item\n\n  ```widget young-daly\n  ```\n- next\n");
    assert_eq!(doc.problems, vec![(5, PageProblem::NestedWidget)]);
    assert_eq!(doc.blocks.len(), 1, "one HTML block: the list was not cut");
    assert!(html_of(&doc).contains("content-notice"));
}

#[test]
fn line_offset_shifts_reported_lines() {
    let labels = Labels::default();
    let doc = render(
        "# T\n\n## X\n",
        3,
        &RenderOptions {
            href_prefix: "/en/",
            page: "p",
            labels: &labels,
        },
    );
    assert_eq!(doc.problems[0].0, 6);
}

#[test]
fn known_xss_payloads_never_survive() {
    let payloads = [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "<svg onload=alert(1)><circle/></svg>",
        "<svg><script>alert(1)</script></svg>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<body onload=alert(1)>",
        "<div style=\"background:url(javascript:alert(1))\">x</div>",
        "[click](javascript:alert(1))",
        "[click](JaVaScRiPt:alert(1))",
        "[click](javascript&#58;alert(1))",
        "[click]( javascript:alert(1) )",
        "[click](<javascript:alert(1)>)",
        "[click](vbscript:msgbox(1))",
        "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "<javascript:alert(1)>",
        "![x](javascript:alert(1))",
        "![x](data:image/svg+xml,<svg onload=alert(1)>)",
        "[x](page \"\\\" onmouseover=\\\"alert(1)\")",
        "## <script>alert(1)</script> {#x}",
        "| a |\n|---|\n| <img src=x onerror=alert(1)> |",
        "text[^\"><script>alert(1)</script>]\n\n[^\"><script>alert(1)</script>]: note",
        "> [!NOTE]\n> <svg/onload=alert(1)>",
        "```\n</code></pre><script>alert(1)</script>\n```",
        "`<script>alert(1)</script>`",
        "$<img src=x onerror=alert(1)>$",
    ];
    for payload in payloads {
        let doc = render_page(&format!("# T\n\n{payload}\n"));
        let html = html_of(&doc);
        assert_safe(&html);
        assert!(
            !html.to_ascii_lowercase().contains("<script"),
            "{payload} -> {html}"
        );
    }
}

#[test]
fn raw_html_and_unsafe_links_are_reported() {
    let doc = render_page("# T\n\n<b>bold</b> and [x](javascript:alert(1))\n");
    assert!(
        doc.problems
            .iter()
            .any(|(_, p)| matches!(p, PageProblem::RawHtml(_)))
    );
    assert!(
        doc.problems
            .iter()
            .any(|(_, p)| matches!(p, PageProblem::UnsafeLink(u) if u == "javascript:alert(1)"))
    );
    assert!(html_of(&doc).contains("&lt;b&gt;bold&lt;/b&gt;"));
}

#[test]
fn classify_links() {
    assert_eq!(
        classify_link("mailto:a@b.c"),
        Some(LinkTarget::External("mailto:a@b.c".into()))
    );
    assert_eq!(
        classify_link("//cdn.example/x"),
        Some(LinkTarget::External("//cdn.example/x".into()))
    );
    assert_eq!(classify_link("file:///etc/passwd"), None);
    assert_eq!(
        classify_link("all-reduce/"),
        Some(LinkTarget::Page {
            slug: "all-reduce".into(),
            fragment: None
        })
    );
}

#[cfg(not(target_arch = "wasm32"))]
proptest::proptest! {
    #[test]
    fn any_text_renders_safely(text in "\\PC{0,200}") {
        let doc = render_page(&text);
        assert_safe(&html_of(&doc));
    }

    #[test]
    fn markup_soup_renders_safely(parts in proptest::collection::vec(proptest::sample::select(vec![
        "<", ">", "script", "svg", " onload=", "javascript:", "[a](", ")", "![i](", "`", "```", "\n", "# ", "## x {#y}",
        "> [!NOTE]\n> ", "| a |\n|---|\n", "[^n]", "[^n]: ", "$", "\"", "'", "&#58;", "data:", "widget ", "```widget young-daly\n",
    ]), 0..40)) {
        let doc = render_page(&parts.concat());
        assert_safe(&html_of(&doc));
    }
}

#[test]
fn computed_values_render_and_bad_ones_are_problems() {
    let doc = render_page(
        "# T\n\nEvery `=young-daly 1024-gpus job-mtbf`, or `=young-daly nope daly`, or `plain`.\n",
    );
    let html = html_of(&doc);
    assert!(
        html.contains("<span class=\"computed\">1.8\u{a0}d</span>"),
        "{html}"
    );
    assert!(
        html.contains("<code>=young-daly nope daly</code>"),
        "{html}"
    );
    assert!(html.contains("<code>plain</code>"));
    assert!(matches!(
        doc.problems.as_slice(),
        [(3, PageProblem::Computed(ComputeError::UnknownPreset(_)))]
    ));
}

#[test]
fn footnotes_are_listed_in_the_order_they_are_first_referred_to() {
    let doc =
        render_page("# T\n\nFirst[^a], then[^b].\n\n[^b]: Bee.\n\nMiddle text.\n\n[^a]: Ay.\n");
    let html = html_of(&doc);
    let (ay, bee, middle) = (
        html.find("Ay.").expect("a"),
        html.find("Bee.").expect("b"),
        html.find("Middle text.").expect("text"),
    );
    assert!(middle < ay && ay < bee, "{html}");
    assert!(html.contains("#fnref-a\">1</a>"), "{html}");
    assert!(html.contains("#fnref-b\">2</a>"), "{html}");
}

#[test]
fn an_exercise_texts_render_as_the_page_does_and_their_problems_count_at_its_line() {
    let md = "# T\n\n```widget exercise\nid = \"e\"\nkind = \"choice\"\nquestion = \"See [the ring](all-reduce#ring): `=young 5min 24h`?\"\n\n[[option]]\ntext = \"<b>bold</b>\"\ncorrect = true\nwhy = \"Yes.\"\n\n[[option]]\ntext = \"No\"\nwhy = \"[x](javascript:alert(1))\"\n```\n";
    let doc = render_page(md);
    let [Block::Html(_), Block::Widget(w)] = doc.blocks.as_slice() else {
        panic!("{:?}", doc.blocks);
    };
    let question = &w.texts["question"];
    assert!(
        question.contains("href=\"/course/en/all-reduce/#ring\""),
        "{question}"
    );
    assert!(question.contains("2\u{a0}h"), "{question}");
    assert_safe(&w.texts["option-1"]);
    assert_safe(&w.texts["why-2"]);
    // Raw HTML and the unsafe link are reported at the block's line.
    let lines: Vec<usize> = doc.problems.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [3, 3, 3], "{:?}", doc.problems);
    assert!(doc.links.iter().any(|l| l.line == 3
        && matches!(&l.target, LinkTarget::Page { slug, .. } if slug == "all-reduce")));
}
