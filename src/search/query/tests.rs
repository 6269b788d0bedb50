use super::*;
use crate::search::{Announcements, SearchDoc};

fn doc(slug: &str, id: &str, page: &str, title: &str, text: &str) -> SearchDoc {
    SearchDoc {
        slug: slug.into(),
        id: id.into(),
        page: page.into(),
        title: title.into(),
        text: text.into(),
    }
}

fn counts() -> Announcements {
    Announcements {
        counts: (0..=RESULT_CAP)
            .map(|n| match n {
                0 => "No results".to_owned(),
                1 => "1 result".to_owned(),
                n => format!("{n} results"),
            })
            .collect(),
        more: "More than 20 results".into(),
    }
}

fn english() -> Index {
    Index::build(
        "en",
        &[
            doc(
                "jobs",
                "",
                "Running jobs",
                "",
                "A cluster runs jobs on GPUs.",
            ),
            doc(
                "jobs",
                "sbatch",
                "Running jobs",
                "Submitting with sbatch",
                "Ask for --gpus-per-node=8 and a time limit.",
            ),
            doc(
                "jobs",
                "gpus",
                "Running jobs",
                "Counting GPUs",
                "Each node has eight GPUs.",
            ),
            doc(
                "nccl",
                "",
                "NCCL",
                "",
                "Set NCCL_IB_HCA to pick the adapters; all_reduce_perf measures the bus. <script>alert(1)</script>",
            ),
            doc(
                "nccl",
                "scontrol",
                "NCCL",
                "Draining",
                "scontrol update nodename=node-3 state=drain",
            ),
        ],
        counts(),
    )
}

fn found(index: &Index, query: &str) -> Vec<String> {
    index
        .search(query)
        .hits
        .iter()
        .map(|h| {
            let e = &index.entries[h.doc];
            format!("{}#{}", e.slug, e.id)
        })
        .collect()
}

#[test]
fn spanish_folds_accents_and_stems() {
    let index = Index::build(
        "es",
        &[
            doc("a", "", "Trabajos", "", "La configuración de los nodos."),
            doc("a", "otra", "Trabajos", "Otra", "Nada que ver."),
        ],
        counts(),
    );
    for q in [
        "configuracion",
        "Configuración",
        "CONFIGURACIONES ",
        "configurac",
        "nodo ",
    ] {
        assert_eq!(found(&index, q), ["a#"], "{q}");
    }
    let results = index.search("configuracion");
    let html = index.results_html(&results, "../../es/");
    assert!(html.contains("<mark>configuración</mark>"), "{html}");
}

#[test]
fn slurm_tokens_are_found_as_typed_and_by_their_parts() {
    let index = english();
    assert_eq!(found(&index, "--gpus-per-node"), ["jobs#sbatch"]);
    assert_eq!(found(&index, "--gpus-per"), ["jobs#sbatch"]);
    assert_eq!(found(&index, "gpus-per-node"), ["jobs#sbatch"]);
    assert_eq!(found(&index, "NCCL_IB_HCA"), ["nccl#"]);
    assert_eq!(found(&index, "nccl_ib_hca "), ["nccl#"]);
    assert_eq!(found(&index, "all_reduce_perf"), ["nccl#"]);
    assert_eq!(found(&index, "scontrol"), ["nccl#scontrol"]);
    // `gpus` finds the joined word too, below the sections about GPUs.
    assert_eq!(
        found(&index, "gpus "),
        ["jobs#gpus", "jobs#", "jobs#sbatch"]
    );
    let html = index.results_html(&index.search("--gpus-per-node"), "/");
    assert!(html.contains("<mark>--gpus-per-node</mark>=8"), "{html}");
}

#[test]
fn titles_and_headings_rank_above_the_body() {
    let index = english();
    // "jobs" is the page's title at jobs# and in the body there; the
    // other sections of the page do not say it.
    assert_eq!(found(&index, "jobs "), ["jobs#"]);
    assert_eq!(found(&index, "sbatch "), ["jobs#sbatch"]);
    assert_eq!(found(&index, "nccl ")[0], "nccl#");
    let hits = index.search("gpus ").hits;
    assert!(hits[0].score > hits[1].score, "{hits:?}");
}

#[test]
fn every_term_must_match_and_the_last_is_a_prefix() {
    let index = english();
    assert_eq!(found(&index, "eight gpus"), ["jobs#gpus"]);
    assert!(found(&index, "eight sbatch").is_empty());
    assert_eq!(found(&index, "scont"), ["nccl#scontrol"]);
    // A space after the word: it is whole, not a prefix.
    assert!(found(&index, "scont ").is_empty());
    assert!(found(&index, "").is_empty() && found(&index, " -- ").is_empty());
}

#[test]
fn results_link_to_sections_escaped_and_marked() {
    let index = english();
    let results = index.search("alert");
    let html = index.results_html(&results, "../../en/");
    assert!(
        html.starts_with("<li><a href=\"../../en/nccl/\">"),
        "{html}"
    );
    assert!(
        html.contains("&lt;script&gt;<mark>alert</mark>(1)&lt;/script&gt;"),
        "{html}"
    );
    assert!(!html.contains("<script>"));
    let html = index.results_html(&index.search("draining"), "/course/en/");
    assert!(
        html.contains("href=\"/course/en/nccl/#scontrol\""),
        "{html}"
    );
    assert!(
        html.contains("<span class=\"search-section\"><mark>Draining</mark></span>"),
        "{html}"
    );
}

#[test]
fn long_excerpts_start_near_the_match() {
    let text = format!("{} needle {}", "hay ".repeat(40), "straw ".repeat(40));
    let index = Index::build("en", &[doc("p", "s", "P", "S", &text)], counts());
    let html = index.results_html(&index.search("needle"), "/");
    let excerpt = html.split("search-excerpt\">").nth(1).expect("an excerpt");
    assert!(excerpt.starts_with("…hay"), "{excerpt}");
    assert!(excerpt.contains("<mark>needle</mark>"), "{excerpt}");
    assert!(excerpt.ends_with("…</span></a></li>"), "{excerpt}");
}

#[test]
fn counts_are_announced_in_the_index_words() {
    let many: Vec<SearchDoc> = (0..30)
        .map(|n| doc("p", &format!("s{n}"), "P", "S", "common word"))
        .collect();
    let index = Index::build("en", &many, counts());
    let results = index.search("common");
    assert_eq!((results.hits.len(), results.total), (RESULT_CAP, 30));
    assert_eq!(index.announcement(&results), "More than 20 results");
    assert_eq!(index.announcement(&index.search("nothing")), "No results");
    let english = english();
    assert_eq!(english.announcement(&english.search("sbatch")), "1 result");
}

#[test]
fn any_query_answers_quickly() {
    let index = english();
    let started = std::time::Instant::now();
    let huge = "gpus --gpus-per-node ".repeat(100_000);
    let garbage: String = (0..50_000u32).filter_map(char::from_u32).collect();
    for q in [
        huge.as_str(),
        garbage.as_str(),
        "a",
        "-",
        "\u{0}",
        "ﷺ",
        "\u{202e}",
        "<mark>",
    ] {
        let results = index.search(q);
        assert!(results.hits.len() <= RESULT_CAP);
        let _ = index.results_html(&results, "/");
    }
    assert!(started.elapsed().as_secs() < 2, "{:?}", started.elapsed());
}

#[test]
fn a_language_without_a_stemmer_still_searches() {
    let index = Index::build(
        "pt",
        &[doc("p", "", "Trabalhos", "", "Configurações")],
        counts(),
    );
    assert_eq!(found(&index, "configuracoes"), ["p#"]);
    assert_eq!(found(&index, "config"), ["p#"]);
}
