use super::*;

fn docs() -> Vec<SearchDoc> {
    let doc = |slug: &str, id: &str, title: &str, text: &str| SearchDoc {
        slug: slug.into(),
        id: id.into(),
        page: "Running jobs".into(),
        title: title.into(),
        text: text.into(),
    };
    vec![
        doc("jobs", "", "", "How a job runs."),
        doc(
            "jobs",
            "slurm",
            "Slurm",
            "Ask with --gpus-per-node and\ttabs.",
        ),
        doc(
            "jobs",
            "nccl",
            "NCCL",
            "Set NCCL_IB_HCA. Run all_reduce_perf.",
        ),
    ]
}

pub(super) fn announcements() -> Announcements {
    Announcements {
        counts: (0..=RESULT_CAP).map(|n| format!("{n} results")).collect(),
        more: "More".into(),
    }
}

#[test]
fn an_index_survives_its_file() {
    let index = Index::build("en", &docs(), announcements());
    let text = index.to_text();
    assert!(
        text.starts_with("gpu-book-search 1\nlang\ten\ncount\t0 results\n"),
        "{text}"
    );
    let back = Index::parse(&text).expect("reads back");
    assert_eq!(back.to_text(), text);
    assert_eq!(back.entries, index.entries);
    assert_eq!(back.groups, index.groups);
    assert_eq!((back.lang(), back.len(), back.is_empty()), ("en", 3, false));
    // A tab in the text became a space, so the record keeps its fields.
    assert!(back.entries[1].excerpt.ends_with("and tabs."));
}

#[test]
fn terms_carry_their_words_and_weights() {
    let index = Index::build("en", &docs(), announcements());
    let group = |key: &str| index.groups.iter().find(|g| g.key == key).expect(key);
    // "runs" and "running" share a stem; the page's title weighs on the
    // section before the first heading only.
    let run = group("run");
    assert_eq!(run.words, ["running", "runs"]);
    assert_eq!(
        run.postings,
        [(0, TITLE_WEIGHT + BODY_WEIGHT), (2, BODY_WEIGHT)]
    );
    assert_eq!(group("slurm").postings, [(1, HEADING_WEIGHT)]);
    assert_eq!(group("--gpus-per-node").postings, [(1, BODY_WEIGHT)]);
    // A part of a joined word weighs half.
    assert_eq!(group("gpus").postings, [(1, 1)]);
    // "NCCL" in the heading, and as a part of NCCL_IB_HCA in the body.
    assert_eq!(group("nccl").postings, [(2, HEADING_WEIGHT + 1)]);
}

#[test]
fn excerpts_are_cut_at_a_word() {
    assert_eq!(cut("one two three", 9), "one two");
    assert_eq!(cut("one two", 20), "one two");
    assert_eq!(cut("ééé ééé", 5), "ééé");
    let long = SearchDoc {
        text: "word ".repeat(200),
        ..SearchDoc::default()
    };
    let index = Index::build("en", &[long], announcements());
    let excerpt = &index.entries[0].excerpt;
    assert!(excerpt.chars().count() <= EXCERPT_CHARS + 1, "{excerpt}");
    assert!(excerpt.ends_with("word…"), "{excerpt}");
}

#[test]
fn broken_files_are_refused_with_where() {
    let good = Index::build("en", &docs(), announcements()).to_text();
    assert!(matches!(Index::parse(""), Err(IndexError::Header(_))));
    assert!(matches!(
        Index::parse("{\"json\": 1}"),
        Err(IndexError::Header(_))
    ));
    let e = Index::parse(&good.replace("\ndoc\t", "\ndoc \t")).expect_err("bad record");
    assert!(matches!(e, IndexError::Line { line: 25, .. }), "{e}");
    // Postings past the sections, out of digits, or with a wrong letter.
    for postings in ["9a", "99999999999999999999999a", "1?", "0a1a"] {
        let text = format!("{good}term\tzzz\t\t{postings}\n");
        let result = Index::parse(&text);
        assert_eq!(result.is_ok(), postings == "0a1a", "{postings}");
    }
    // Terms out of order, or a truncated file without its counts.
    assert!(Index::parse(&format!("{good}term\taaa\t\t0a\n")).is_err());
    let truncated: String = good.lines().take(5).collect::<Vec<_>>().join("\n");
    assert!(Index::parse(&truncated).is_err());
}

#[test]
fn the_glossarys_variants_find_the_chosen_words() {
    let doc = |id: &str, text: &str| SearchDoc {
        slug: "trabajos".into(),
        id: id.into(),
        page: "Ejecutar trabajos".into(),
        title: id.into(),
        text: text.into(),
    };
    let docs = [
        doc("lote", "El archivo de salida y los archivos de registro."),
        doc(
            "drain",
            "Haz drain del nodo lento. El costo de un checkpoint.",
        ),
        doc("orden", "Los trabajos en orden de llegada, para cada par."),
        doc("para", "Para todos, pares o no."),
        doc(
            "cuentas",
            "El operador agrega la cuenta y luego sigue agregando usuarios.",
        ),
    ];
    // The book's own glossary: fichero*, dren*, coste, ordenador*, pareja*
    // and phrases such as "volver a encolar".
    let glossary = Glossary::parse(
        "content/es/glossary.toml",
        include_str!("../../../content/es/glossary.toml"),
    )
    .expect("a glossary");
    let plain = Index::build("es", &docs, announcements());
    let index = Index::build_with("es", &docs, announcements(), &glossary);
    let ids = |query: &str| -> Vec<String> {
        let found = index.search(query);
        found
            .hits
            .iter()
            .map(|h| index.entries[h.doc].id.clone())
            .collect()
    };
    assert_eq!(ids("ficheros"), ["lote"]);
    assert_eq!(ids("fich"), ["lote"], "as the reader types");
    assert_eq!(ids("drenar"), ["drain"]);
    assert_eq!(ids("drenar nodo"), ["drain"]);
    // `añad*` has any ending, so every form of `agregar` stands for it.
    assert_eq!(ids("añadir"), ["cuentas"]);
    assert_eq!(ids("añade usuarios"), ["cuentas"]);
    let html = index.results_html(&index.search("añadir"), "/");
    assert!(html.contains("<mark>agrega</mark>"), "{html}");
    // The chosen words are marked in the result.
    let html = index.results_html(&index.search("fichero"), "/");
    assert!(html.contains("<mark>archivo</mark>"), "{html}");
    // The chosen word itself and its plural, not every word of its stem:
    // `para` stems as `par` does.
    assert_eq!(ids("pareja"), ["orden", "para"]);
    assert!(
        !index
            .results_html(&index.search("pareja"), "/")
            .contains("<mark>para")
    );
    // Phrases, a stem the text already holds (coste is costo's) and a
    // chosen word the book does not use add nothing: `ordenador` stems
    // to `orden`, a word of its own.
    assert_eq!(index.groups.len(), plain.groups.len() + 4);
    assert_eq!(ids("ordenador"), ["orden"]);
    // The file keeps them.
    let back = Index::parse(&index.to_text()).expect("reads back");
    assert_eq!(back.groups, index.groups);
}
