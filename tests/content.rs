//! The shipped content, checked as a whole: both languages pass the content
//! check strictly, every fact of the author's seed chapter is in both
//! chapters, and a third language needs only folders.

use std::path::Path;

use gpu_book::book::check::check;
use gpu_book::book::{Labels, Library, Sources};
use gpu_book::i18n::{Arg, Catalog};

fn repo() -> Sources {
    Sources::from_dir(Path::new(env!("CARGO_MANIFEST_DIR"))).expect("read content/ and locales/")
}

fn chapter(lang: &str) -> String {
    repo()
        .get(&format!("content/{lang}/running-jobs.md"))
        .expect("chapter")
        .to_owned()
}

/// Facts, commands, variables and numbers from the author's seed chapter
/// that must appear verbatim in every language.
const SHARED_FACTS: &[&str] = &[
    "nvidia.ko",
    "UVM",
    "open-gpu-kernel-modules",
    "Turing",
    "Xid",
    "dmesg",
    "libcuda.so",
    "libcudart",
    "nvcc",
    "cuBLAS",
    "cuDNN",
    "CUTLASS",
    "PyTorch",
    "JAX",
    "nvidia-smi",
    "NVIDIA Container Toolkit",
    "sbatch script.sh",
    "#SBATCH",
    "--nodes",
    "--gpus-per-node",
    "--time",
    "--partition",
    "sinfo",
    "srun",
    "backfill",
    "idle",
    "alloc",
    "drain",
    "down",
    "squeue --me",
    "sacct",
    "scontrol show job <id>",
    "scontrol update NodeName=node-3 State=DRAIN Reason=\"gpu5 fan\"",
    "sinfo -R",
    "scontrol requeue <id>",
    "$ sbatch train.sh",
    "sbatch: error: Batch job submission failed: Requested node configuration is not available",
    "all-reduce",
    "all-gather",
    "reduce-scatter",
    "broadcast",
    "send/recv",
    "NVLink",
    "NVSwitch",
    "PCIe",
    "NCCL_DEBUG=INFO",
    "NCCL_IB_DISABLE=1",
    "InfiniBand",
    "NCCL_SOCKET_IFNAME",
    "NCCL_IB_HCA",
    "all_reduce_perf",
    "nccl-tests",
    "watchdog",
    "straggler",
    "Young/Daly",
    "√(2 × ",
    "MTBF",
    "nvidia.com/gpu",
    "GPU Operator",
    "DCGM exporter",
    "MIG manager",
    "gang scheduling",
    "Kueue",
    "Volcano",
    "NVLink",
    "MIG",
    "1,000",
    "QOS",
    "Fallen Off the Bus",
    "The Slow Lane",
    "](containers-gpus)",
    "](all-reduce)",
    "](#fair-share)",
    "](#checkpointing)",
    "](fallen-off-the-bus)",
    "](the-slow-lane)",
];

const ENGLISH_FACTS: &[&str] = &[
    "Unified Memory",
    "driver API",
    "newer driver",
    "every few hours",
    "at most one",
    "Shard",
    "Async",
    "host memory",
    "warm spare",
    "5-minute",
    "first come, first served",
    "half-life",
    "7 days",
    "Preemption",
    "checkpoint",
    "energy",
    "multifactor priority",
    "Fair-share scheduling",
    "Containers & GPUs",
    "All-reduce (ring & tree)",
    "Checkpointing & fault tolerance",
];

/// The author's Spanish terms, which Spanish readers should meet.
const SPANISH_FACTS: &[&str] = &[
    "trabajo",
    "rango",
    "colectivas",
    "planificación fair-share",
    "pool de repuestos",
    "cada pocas horas",
    "5 minutos",
    "7 días",
    "vida media",
    "Preemption",
    "prioridad multifactor",
    "energía",
    "Contenedores y GPUs",
    "All-reduce (anillo y árbol)",
    "Checkpointing y tolerancia a fallas",
];

#[test]
fn every_seed_fact_is_in_both_chapters() {
    for (lang, own) in [("en", ENGLISH_FACTS), ("es", SPANISH_FACTS)] {
        // Compare with whitespace collapsed: the markdown wraps its lines.
        let lower = chapter(lang)
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        let missing: Vec<&&str> = SHARED_FACTS
            .iter()
            .chain(own.iter())
            .filter(|f| !lower.contains(&f.to_lowercase()))
            .collect();
        assert!(
            missing.is_empty(),
            "content/{lang}/running-jobs.md lacks {missing:?}"
        );
    }
}

#[test]
fn the_chapter_has_sections_2_1_to_2_6_in_both_languages() {
    let library = Library::new(repo());
    for lang in ["en", "es"] {
        let page = library
            .render(lang, "running-jobs", "/", &Labels::default())
            .expect("chapter");
        let top: Vec<(String, String)> = page
            .doc
            .sections
            .iter()
            .filter(|s| s.level == 2)
            .map(|s| {
                (
                    s.id.clone(),
                    s.title
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_owned(),
                )
            })
            .collect();
        let ids: Vec<&str> = top.iter().map(|(id, _)| id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "cuda-stack",
                "slurm",
                "nccl",
                "checkpointing",
                "kubernetes",
                "fair-share",
                "key-points",
                "further-reading"
            ],
            "{lang}"
        );
        // Numbered: every section but the closing key points and reading.
        let numbers: Vec<&str> = top[..6].iter().map(|(_, n)| n.as_str()).collect();
        assert_eq!(
            numbers,
            ["2.1", "2.2", "2.3", "2.4", "2.5", "2.6"],
            "{lang}"
        );
    }
}

#[test]
fn the_shipped_content_passes_the_strict_check() {
    let report = check(&repo());
    let found: Vec<String> = report.diagnostics.iter().map(ToString::to_string).collect();
    assert!(!report.failed(true), "{}", found.join("\n"));
    assert_eq!(report.languages.len(), 2);
}

#[test]
fn a_third_language_is_only_folders() {
    let mut sources = repo();
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/third-language");
    let extra = Sources::from_dir(&fixture).expect("fixture");
    for prefix in ["content/", "locales/"] {
        for (path, text) in extra.under(prefix) {
            sources.insert(path, text);
        }
    }

    let library = Library::new(sources.clone());
    assert_eq!(library.languages(), ["en", "es", "pt"]);
    assert_eq!(library.title("pt"), "Clusters de GPU na prática");
    let toc = library.toc("pt");
    assert_eq!(toc[0].title, "Executar trabalhos");
    assert_eq!(
        toc[1].title, "All-reduce (ring & tree)",
        "untranslated titles fall back to English"
    );
    let page = library
        .render("pt", "running-jobs", "/pt/", &Labels::default())
        .expect("fallback page");
    assert_eq!(page.text_lang, "en", "a missing page is shown in English");
    assert!(page.doc.blocks.iter().any(
        |b| matches!(b, gpu_book::book::Block::Html(h) if h.contains("href=\"/pt/all-reduce/\""))
    ));

    let catalog = Catalog::load(&sources);
    assert_eq!(catalog.text("pt", "language-name"), "Português");
    assert_eq!(
        catalog.text("pt", "nav-previous"),
        "Previous",
        "a missing string falls back to English"
    );
    assert_eq!(
        catalog.format("pt", "contents-sections", &[("count", Arg::Num(1.0))]),
        "Uma seção"
    );
    assert_eq!(
        catalog.format("pt", "contents-sections", &[("count", Arg::Num(6.0))]),
        "6 seções"
    );

    let report = check(&sources);
    let pt = report
        .languages
        .iter()
        .find(|l| l.lang == "pt")
        .expect("pt is checked");
    assert_eq!(pt.errors, 0, "{:?}", report.diagnostics);
    assert_eq!(pt.missing_pages, 5);
    assert!(pt.missing_messages > 30);
    assert!(
        !report.failed(false),
        "an incomplete translation is not an error"
    );
    assert!(report.failed(true), "but --strict reports it");
}
