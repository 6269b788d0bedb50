//! `help` in the page's language: the English strings file says what the
//! shell says, and a session given another language's words prints them.

use std::sync::Arc;

use super::Session;
use super::tests::session;
use crate::i18n::Catalog;
use crate::sim::slurm::shell::HelpText;
use crate::sources::Sources;

/// The shell's strings files of English and Spanish.
fn catalog() -> Catalog {
    let mut sources = Sources::default();
    for lang in ["en", "es"] {
        let path = format!("locales/{lang}/shell.ftl");
        let file = format!("{}/{path}", env!("CARGO_MANIFEST_DIR"));
        sources.insert(path, std::fs::read_to_string(file).unwrap_or_default());
    }
    Catalog::load(&sources)
}

/// `help`'s words in `lang`, as the page gives them.
fn words(catalog: &Catalog, lang: &str) -> Arc<HelpText> {
    Arc::new(HelpText(
        Session::help_english()
            .into_iter()
            .map(|(key, _)| {
                let text = catalog.text(lang, &format!("sh-help-{key}"));
                (key, text)
            })
            .collect(),
    ))
}

#[test]
fn the_english_file_says_what_the_shell_says() {
    let catalog = catalog();
    assert!(
        catalog.diagnostics().is_empty(),
        "{:?}",
        catalog.diagnostics()
    );
    for (key, english) in Session::help_english() {
        assert_eq!(
            catalog.text("en", &format!("sh-help-{key}")),
            english,
            "locales/en/shell.ftl: sh-help-{key} differs from the shell's own line"
        );
    }
    // And the English words change nothing.
    let mut plain = session();
    plain.submit("help");
    let mut given = session();
    given.set_help(words(&catalog, "en"));
    given.submit("help");
    assert_eq!(plain.terminal.last_output(), given.terminal.last_output());
}

#[test]
fn help_speaks_the_page_s_language() {
    let catalog = catalog();
    let mut s = session();
    s.set_help(words(&catalog, "es"));
    s.submit("help");
    let said = s.terminal.last_output();
    assert!(
        said.starts_with("Esta es una terminal bash simulada."),
        "{said}"
    );
    assert!(said.contains("\nComandos de la terminal:\n"), "{said}");
    assert!(said.contains("\nComandos del clúster:\n"), "{said}");
    assert!(
        said.contains("  sbatch     envía un script de lote\n"),
        "{said}"
    );
    assert!(said.contains("(f() { ...; })"), "{said}");
    // It is output like any other: a pipe reads it.
    s.submit("help | grep -c '^  s'");
    assert_eq!(s.terminal.last_output().trim(), "25");
    // Slurm's own words stay as Slurm prints them.
    s.submit("sbatch --bogus");
    assert!(s.terminal.last_output().contains("unrecognized option"));
}

#[test]
fn a_replayed_help_speaks_the_page_s_language() {
    use crate::sim::slurm::lab::{Lab, LabId};
    use crate::sim::slurm::session::Event;
    let log = [Event::Line("help".to_owned())];
    let (_, s) = Lab::replay(LabId::SlowLane, 9, &log, words(&catalog(), "es"))
        .unwrap_or_else(|e| panic!("{e}"));
    let said = s.terminal.last_output();
    assert!(
        said.starts_with("Esta es una terminal bash simulada."),
        "{said}"
    );
}
