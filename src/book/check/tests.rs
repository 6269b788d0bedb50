use super::*;

fn base() -> Sources {
    let mut s = Sources::default();
    s.insert("content/en/book.toml", "title = \"Book\"\n[[pages]]\nslug = \"a\"\ntitle = \"A\"\n[[pages]]\nslug = \"b\"\ntitle = \"B\"\n");
    s.insert("content/en/a.md", "# A\n\n## One {#one}\n\nSee [two](b#two).\n\n```widget young-daly\npreset = \"8-gpus\"\n```\n");
    s.insert(
        "content/en/b.md",
        "# B\n\n## Two {#two}\n\nBack to [one](a#one) and [here](#two).\n",
    );
    s.insert("locales/en/ui.ftl", "hello = Hello\nbye = Bye\n");
    let hash_a = front_matter::source_hash(s.get("content/en/a.md").unwrap_or_default());
    let hash_b = front_matter::source_hash(s.get("content/en/b.md").unwrap_or_default());
    s.insert("content/es/book.toml", "title = \"Libro\"\n[[pages]]\nslug = \"a\"\ntitle = \"A\"\n[[pages]]\nslug = \"b\"\ntitle = \"B\"\n");
    s.insert(
        "content/es/a.md",
        format!("+++\nsource_hash = \"{hash_a}\"\n+++\n# A\n\n## Uno {{#one}}\n\nVer [dos](b#two).\n\n```widget young-daly\npreset = \"8-gpus\"\n```\n"),
    );
    s.insert("content/es/b.md", format!("+++\nsource_hash = \"{hash_b}\"\n+++\n# B\n\n## Dos {{#two}}\n\n[uno](a#one) [aquí](#two)\n"));
    s.insert("locales/es/ui.ftl", "hello = Hola\nbye = Adiós\n");
    s
}

fn messages(report: &Report) -> Vec<String> {
    report.diagnostics.iter().map(ToString::to_string).collect()
}

#[test]
fn translated_variables_and_unindented_lines_are_explained() {
    let mut s = base();
    s.insert(
        "locales/en/ui.ftl",
        "hello = Hello\nbye = Bye\njobs = { $count } jobs in { $queue }\n",
    );
    s.insert(
        "locales/pt/ui.ftl",
        "hello = Olá\nbye = Tchau, { $name }\njobs = { $quantidade } trabalhos\nlong = uma frase\ncontinua aqui\n",
    );
    let all = messages(&check(&s)).join("\n");
    assert!(
        all.contains(
            "locales/pt/ui.ftl:3: error: message `jobs` uses `{ $quantidade }`, which the book \
             never passes: write `{ $count }`, `{ $queue }` (variable names are not translated); \
             English: locales/en/ui.ftl:3"
        ),
        "{all}"
    );
    assert!(
        all.contains("locales/pt/ui.ftl:2: error: message `bye` uses `{ $name }`, which the book never passes: English's uses none"),
        "{all}"
    );
    assert!(
        all.contains("locales/pt/ui.ftl:5: error: Fluent syntax: ")
            && all.contains("indent it with spaces: a line at the margin starts a new message"),
        "{all}"
    );
}

#[test]
fn folders_number_settings_and_translated_slugs_are_explained() {
    let mut s = base();
    s.insert(
        "locales/pt/ui.ftl",
        "hello = Olá\nnumber-decimal = ,\nnumber-group = ponto\n",
    );
    s.insert("content/pt-br/book.toml", "title = \"Livro\"\n");
    s.insert("locales/Portuguese/ui.ftl", "hello = Olá\n");
    let es_b = s
        .get("content/es/b.md")
        .unwrap_or_default()
        .replace("(a#one)", "(uno#one)");
    s.insert("content/es/b.md", es_b);
    let all = messages(&check(&s)).join("\n");
    for expected in [
        "locales/pt/ui.ftl:3: error: `number-group = ponto`: write the mark itself (`,` or `.`, not the decimal one), `space` or `none`",
        "locales/pt/: error: there is no content/pt/: a language is both folders, under the same name (`pt-br` looks like the same language: give both folders one name)",
        "content/pt-br/: error: there is no locales/pt-br/: a language is both folders, under the same name (`pt` looks like the same language: give both folders one name)",
        "`Portuguese` is not a language code: name the folders with a BCP 47 tag such as `pt`, `pt-BR` or `es-419`",
        "content/es/b.md:8: error: broken link: no page `uno`; a link names a page by its file name, the same in every language (not translated): `a`, `b`",
    ] {
        assert!(all.contains(expected), "{expected}\n---\n{all}");
    }
}

#[test]
fn a_page_never_stamped_is_told_the_command_not_called_outdated() {
    let mut s = base();
    let body = s.get("content/es/b.md").unwrap_or_default();
    let unstamped = body.split("+++\n").last().unwrap_or_default().to_owned();
    s.insert("content/es/b.md", unstamped);
    let report = check(&s);
    let es = &report.languages[1];
    assert_eq!((es.unstamped_pages, es.outdated_pages), (1, 0));
    assert!(
        messages(&report).join("\n").contains(
            "content/es/b.md:1: warning: never stamped: once it says what content/en/b.md says, \
             run `.ci/check-content --stamp es/b.md`"
        ),
        "{:?}",
        messages(&report)
    );
}

#[test]
fn a_complete_translation_passes_strictly() {
    let report = check(&base());
    assert!(report.diagnostics.is_empty(), "{:?}", messages(&report));
    assert!(!report.failed(true));
    assert_eq!(
        report
            .languages
            .iter()
            .map(|l| l.lang.as_str())
            .collect::<Vec<_>>(),
        ["en", "es"]
    );
}

#[test]
fn missing_work_is_a_warning_and_counted() {
    let mut s = base();
    s.insert("locales/es/ui.ftl", "hello = Hola\n");
    s.remove("content/es/b.md");
    s.insert(
        "content/en/a.md",
        format!("{}\nMore.\n", s.get("content/en/a.md").unwrap_or_default()),
    );
    let report = check(&s);
    let es = &report.languages[1];
    assert_eq!(
        (
            es.missing_messages,
            es.missing_pages,
            es.outdated_pages,
            es.errors
        ),
        (1, 1, 1, 0),
        "{:?}",
        messages(&report)
    );
    assert!(!report.failed(false));
    assert!(report.failed(true));
    let all = messages(&report).join("\n");
    assert!(
        all.contains("locales/es/: warning: missing message `bye` (English: locales/en/ui.ftl:2)"),
        "{all}"
    );
    assert!(
        all.contains("content/es/b.md: warning: missing page"),
        "{all}"
    );
    assert!(
        all.contains(
            "content/es/a.md:1: warning: content/en/a.md changed since this page was translated"
        ),
        "{all}"
    );
}

#[test]
fn structural_differences_are_errors_with_lines() {
    let mut s = base();
    let es_a = s
        .get("content/es/a.md")
        .unwrap_or_default()
        .replace("{#one}", "{#uno}")
        .replace("8-gpus", "1024-gpus");
    s.insert("content/es/a.md", es_a);
    s.insert(
        "locales/es/ui.ftl",
        "hello = Hola\nbye = Adiós\nextra = Más\n",
    );
    let report = check(&s);
    let all = messages(&report).join("\n");
    // A translated id is one error that says what to write.
    assert!(
        all.contains(
            "content/es/a.md:6: error: section id `uno` is `one` in content/en/a.md:3: ids are \
             not translated (links point at them), write `{#one}`"
        ),
        "{all}"
    );
    assert_eq!(all.matches("`uno`").count(), 1, "{all}");
    assert!(
        all.contains("content/es/a.md:10: error: widget directives differ"),
        "{all}"
    );
    assert!(
        all.contains("locales/es/ui.ftl:3: error: message `extra` is not in English"),
        "{all}"
    );
    assert!(
        all.contains("content/es/b.md:8: error: broken link: page `a` has no section `one`"),
        "{all}"
    );
    assert!(report.failed(false));
}

#[test]
fn broken_links_bad_widgets_and_bad_manifests_fail_with_path_and_line() {
    let mut s = base();
    s.insert(
        "content/en/b.md",
        "# B\n\n## Two {#two}\n\n[x](nowhere) [y](#nope)\n\n```widget pie\n```\n\n## Two {#two}\n",
    );
    s.insert(
        "content/es/book.toml",
        "title = \"Libro\"\n[[pages]]\nslug = 3\n",
    );
    s.insert("content/es/c.md", "# C\n");
    let all = messages(&check(&s)).join("\n");
    assert!(
        all.contains("content/en/b.md:5: error: broken link: no page `nowhere`"),
        "{all}"
    );
    assert!(
        all.contains("content/en/b.md:5: error: broken link: page `b` has no section `nope`"),
        "{all}"
    );
    assert!(
        all.contains("content/en/b.md:7: error: unknown widget `pie`"),
        "{all}"
    );
    assert!(
        all.contains("content/en/b.md:10: error: section id `two` is used twice"),
        "{all}"
    );
    assert!(
        all.contains("content/es/book.toml:3: error: malformed manifest"),
        "{all}"
    );
    assert!(
        all.contains("content/es/c.md: error: page `c` is not in the English manifest"),
        "{all}"
    );
}

#[test]
fn a_glossary_flags_rejected_words_in_pages_and_strings_but_not_in_code() {
    let mut s = base();
    s.insert(
        "content/es/glossary.toml",
        "[[terms]]\nconcept = \"file\"\nuse = \"archivo\"\navoid = [\"fichero*\"]\n",
    );
    s.insert(
        "locales/es/ui.ftl",
        "hello = Hola\nbye = Guarda el fichero\n",
    );
    let page = s.get("content/es/b.md").unwrap_or_default().to_owned();
    s.insert(
        "content/es/b.md",
        format!("{page}\nLos ficheros de `fichero.txt`:\n\n```text\nfichero\n```\n"),
    );
    let report = check(&s);
    let all = messages(&report).join("\n");
    assert!(
        all.contains("locales/es/ui.ftl:2: warning: `fichero` is not this book's word for \"file\" in this language: write `archivo` (see content/es/glossary.toml)"),
        "{all}"
    );
    assert!(
        all.contains("content/es/b.md:10: warning: `ficheros`"),
        "{all}"
    );
    assert_eq!(
        all.matches("fichero").count(),
        2,
        "code is not prose: {all}"
    );
    assert!(report.failed(true) && !report.failed(false), "a warning");
    s.insert(
        "content/es/glossary.toml",
        "[[terms]]\nconcept = \"file\"\nuse = \"archivo\"\navoid = [\"archivo\"]\n",
    );
    assert!(
        messages(&check(&s)).join("\n").contains("content/es/glossary.toml:2: error: `file`: avoid `archivo` is empty or matches the chosen term `archivo`"),
    );
}

#[test]
fn a_language_tag_must_name_the_folder_s_language() {
    let mut s = base();
    s.insert(
        "locales/en/ui.ftl",
        "hello = Hello\nbye = Bye\nlanguage-tag = en\n",
    );
    s.insert(
        "locales/es/ui.ftl",
        "hello = Hola\nbye = Adiós\nlanguage-tag = es-419\n",
    );
    assert!(
        check(&s).diagnostics.is_empty(),
        "{:?}",
        messages(&check(&s))
    );
    for bad in ["pt-BR", "Spanish", "es_419"] {
        s.insert(
            "locales/es/ui.ftl",
            format!("hello = Hola\nbye = Adiós\nlanguage-tag = {bad}\n"),
        );
        let all = messages(&check(&s)).join("\n");
        assert!(
            all.contains(&format!(
                "locales/es/ui.ftl:3: error: language-tag `{bad}` must be a BCP 47 tag of `es`"
            )),
            "{all}"
        );
    }
}

#[test]
fn plural_keys_are_checked_against_cldr() {
    let mut s = base();
    let jobs = "jobs = { $count ->\n    [one] one job\n   *[other] { $count } jobs\n}\n";
    s.insert(
        "locales/en/ui.ftl",
        format!("hello = Hello\nbye = Bye\n{jobs}"),
    );
    s.insert(
        "locales/es/ui.ftl",
        "hello = Hola\nbye = Adiós\njobs = { $count ->\n    [one] un trabajo\n    [ few ] unos trabajos\n   *[other] { $count } trabajos\n}\n",
    );
    s.insert(
        "locales/pl/ui.ftl",
        "hello = Cześć\njobs = { $count ->\n    [one] jedno zadanie\n   *[other] { $count } zadań\n}\n",
    );
    s.insert("content/pl/book.toml", "title = \"Książka\"\n");
    let all = messages(&check(&s)).join("\n");
    for expected in [
        "locales/es/ui.ftl:5:5: warning: message `jobs`: `[few]` is never chosen, CLDR's plural rules for `es` have only `one` (1, 1.0, …), `other` (0, 2, 3, …): remove the variant or use one of these",
        "locales/pl/ui.ftl:2:17: warning: message `jobs` has no `[few]` variant: in `pl` numbers such as 2, 3, 4 are `few` and read `[other]`; add `[few]` with the words they take",
        "locales/pl/ui.ftl:2:17: warning: message `jobs` has no `[many]` variant: in `pl` numbers such as 0, 5, 6 are `many` and read `[other]`; add `[many]` with the words they take",
    ] {
        assert!(all.contains(expected), "{expected}\n---\n{all}");
    }
    assert!(
        all.lines().all(|l| !l.starts_with("locales/en/")),
        "English's one/other are CLDR's: {all}"
    );
}

#[test]
fn a_select_english_reads_the_same_for_every_number_needs_no_more_categories() {
    let mut s = base();
    // English tells no numbers apart in `size`, and does in `jobs`.
    s.insert(
        "locales/en/ui.ftl",
        "hello = Hello\nbye = Bye\nsize = { $count ->\n   *[other] { $count } GB\n}\njobs = { $count ->\n    [one] one job\n   *[other] { $count } jobs\n}\n",
    );
    s.insert(
        "locales/pl/ui.ftl",
        "hello = Cześć\nsize = { $count ->\n   *[other] { $count } GB\n}\njobs = { $count ->\n    [one] jedno zadanie\n   *[other] { $count } zadań\n}\n",
    );
    s.insert("content/pl/book.toml", "title = \"Książka\"\n");
    let all = messages(&check(&s)).join("\n");
    assert!(!all.contains("message `size` has no"), "{all}");
    assert!(
        all.contains("message `jobs` has no `[few]` variant"),
        "{all}"
    );
}

#[test]
fn number_marks_that_differ_from_cldr_are_a_warning() {
    let mut s = base();
    let marks = "number-decimal = .\nnumber-group = ,\n";
    s.insert(
        "locales/en/ui.ftl",
        format!("hello = Hello\nbye = Bye\n{marks}"),
    );
    s.insert(
        "locales/es/ui.ftl",
        format!("hello = Hola\nbye = Adiós\nlanguage-tag = es-419\n{marks}"),
    );
    let cldr = |s: &Sources| -> Vec<String> {
        let all = messages(&check(s));
        all.into_iter().filter(|m| m.contains("CLDR")).collect()
    };
    assert!(cldr(&s).is_empty(), "es-419 writes 1,234.5: {:?}", cldr(&s));
    s.insert(
        "locales/es/ui.ftl",
        format!("hello = Hola\nbye = Adiós\nlanguage-tag = es\n{marks}"),
    );
    assert_eq!(
        cldr(&s),
        [
            "locales/es/ui.ftl:4: warning: `number-decimal = .` differs from CLDR for `es`, which writes 1.234,5 (decimal `,`, group `.`): write `number-decimal = ,` unless this book's readers write numbers otherwise",
            "locales/es/ui.ftl:5: warning: `number-group = ,` differs from CLDR for `es`, which writes 1.234,5 (decimal `,`, group `.`): write `number-group = .` unless this book's readers write numbers otherwise",
        ]
    );
}

#[test]
fn unknown_and_missing_figures_are_errors_with_lines() {
    let mut s = base();
    let en_a = format!(
        "{}\n```figure job-states\n```\n",
        s.get("content/en/a.md").unwrap_or_default()
    );
    s.insert("content/en/a.md", en_a.clone());
    // The translation is stamped, so only the figures differ.
    let es_a = format!(
        "+++\nsource_hash = \"{}\"\n+++\n# A\n\n## Uno {{#one}}\n\nVer [dos](b#two).\n\n```widget young-daly\npreset = \"8-gpus\"\n```\n\n```figure pie-chart\n```\n",
        front_matter::source_hash(&en_a)
    );
    s.insert("content/es/a.md", es_a);
    let report = check(&s);
    let all = messages(&report).join("\n");
    assert!(
        all.contains("content/es/a.md:14: error: unknown figure `pie-chart` (known: cuda-stack, job-states, node-states, ring-vs-tree)"),
        "{all}"
    );
    assert!(
        all.contains(
            "content/es/a.md: error: figure directives differ from content/en/a.md: here [], English [job-states]"
        ),
        "{all}"
    );
    assert!(report.failed(false));
}
