//! Text -> search tokens, the one cut the index and the queries share.
//! Pure. A token is a run of letters and digits, joined by `-`, `_` or `.`
//! inside it (and `-` before it, as in `--gpus-per-node`). A plain word is
//! folded and stemmed; a joined one (`--gpus-per-node`, `NCCL_IB_HCA`,
//! `all_reduce_perf`, `nvidia.ko`) is kept whole, folded but not stemmed,
//! so it is found as typed, and its parts are stemmed beside it, so `gpus`
//! finds it too.

use std::ops::Range;

use super::fold::{fold, is_combining_mark};
use super::stem::Stemmer;

/// One token of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Where it is in the text (bytes).
    pub span: Range<usize>,
    /// As written, folded (`--gpus-per-node`, `configuracion`).
    pub word: String,
    /// What the index keys it by: a plain word's stem, a joined word whole.
    pub term: String,
    /// A joined word's parts, each folded and stemmed (empty for a plain
    /// word): `gpus`, `per`, `node` for `--gpus-per-node`.
    pub parts: Vec<String>,
}

impl Token {
    /// Whether it is a joined word, kept whole beside its parts.
    pub fn is_joined(&self) -> bool {
        !self.parts.is_empty()
    }
}

/// Cuts text into tokens for one language.
#[derive(Debug)]
pub struct Analyzer {
    stemmer: Stemmer,
}

/// Characters that join the parts of one token.
fn is_joiner(c: char) -> bool {
    matches!(c, '-' | '_' | '.')
}

/// Characters of a token: letters and digits, the marks that may follow
/// them in decomposed text, and joiners.
fn is_token_char(c: char) -> bool {
    c.is_alphanumeric() || is_combining_mark(c) || is_joiner(c)
}

impl Analyzer {
    /// The analyzer for the book's language `lang` (stemmed in English and
    /// Spanish, left unstemmed in any other).
    pub fn for_lang(lang: &str) -> Self {
        Self {
            stemmer: Stemmer::for_lang(lang),
        }
    }

    /// What the index keys a plain word by: its stem, folded. Stemmed
    /// before folding, as Snowball's Spanish suffixes carry their accents
    /// (`-ación`); a word typed without them is still found by its folded
    /// form, which the index keeps beside the stem.
    fn key(&self, word: &str) -> String {
        let lower: String = word.chars().flat_map(char::to_lowercase).collect();
        fold(&self.stemmer.stem(&lower))
    }

    /// Every token of `text`, in order.
    pub fn tokens(&self, text: &str) -> Vec<Token> {
        spans(text)
            .into_iter()
            .map(|span| {
                let kept = &text[span.clone()];
                let word = fold(kept);
                let joined = kept.contains(is_joiner);
                let (term, parts) = if joined {
                    (word.clone(), split(kept).map(|p| self.key(p)).collect())
                } else {
                    (self.key(kept), Vec::new())
                };
                Token {
                    span,
                    word,
                    term,
                    parts,
                }
            })
            .collect()
    }
}

/// Where each token of `text` is, and its word folded (not stemmed): what
/// marking a match needs, without the cost of stemming.
pub(crate) fn words(text: &str) -> Vec<(Range<usize>, String)> {
    spans(text)
        .into_iter()
        .map(|span| {
            let word = fold(&text[span.clone()]);
            (span, word)
        })
        .collect()
}

/// The parts of a joined word (`--gpus-per-node`: `gpus`, `per`, `node`).
pub(crate) fn split(word: &str) -> impl Iterator<Item = &str> {
    word.split(is_joiner).filter(|p| !p.is_empty())
}

/// Where the tokens of `text` are: each run of letters, digits and
/// joiners, less the joiners at its ends (but the `-`s before it), if a
/// letter or digit is left.
fn spans(text: &str) -> Vec<Range<usize>> {
    let mut spans = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if !is_token_char(c) {
            chars.next();
            continue;
        }
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if !is_token_char(c) {
                break;
            }
            end = i + c.len_utf8();
            chars.next();
        }
        let raw = &text[start..end];
        let trimmed_end = raw.trim_end_matches(is_joiner);
        let body = trimmed_end.trim_start_matches(is_joiner);
        // A run of marks alone (after a symbol) is no word.
        if !body.chars().any(char::is_alphanumeric) {
            continue;
        }
        // Keep the dashes of an option (`--gpus`, `-N`), drop a stray `.` or `_`.
        let lead = &trimmed_end[..trimmed_end.len() - body.len()];
        let dashes = lead.len() - lead.trim_end_matches('-').len();
        let from = start + lead.len() - dashes;
        spans.push(from..start + trimmed_end.len());
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(lang: &str, text: &str) -> Vec<String> {
        Analyzer::for_lang(lang)
            .tokens(text)
            .into_iter()
            .map(|t| t.term)
            .collect()
    }

    #[test]
    fn words_are_folded_and_stemmed() {
        assert_eq!(terms("en", "Running JOBS."), ["run", "job"]);
        assert_eq!(terms("es", "Configuración"), terms("es", "configuraciones"));
        assert_eq!(terms("es", "CONFIGURACIÓN"), ["configur"]);
        assert_eq!(terms("pt", "Configurações"), ["configuracoes"]);
    }

    #[test]
    fn slurm_tokens_are_kept_whole_with_their_parts() {
        let a = Analyzer::for_lang("en");
        let text = "Use --gpus-per-node=4, NCCL_IB_HCA and all_reduce_perf; scontrol.";
        let tokens = a.tokens(text);
        let words: Vec<&str> = tokens.iter().map(|t| t.word.as_str()).collect();
        assert_eq!(
            words,
            [
                "use",
                "--gpus-per-node",
                "4",
                "nccl_ib_hca",
                "and",
                "all_reduce_perf",
                "scontrol"
            ]
        );
        assert_eq!(&text[tokens[1].span.clone()], "--gpus-per-node");
        assert_eq!(&text[tokens[3].span.clone()], "NCCL_IB_HCA");
        assert_eq!(&text[tokens[6].span.clone()], "scontrol");
        assert_eq!(tokens[1].term, "--gpus-per-node");
        assert_eq!(tokens[1].parts, ["gpus", "per", "node"]);
        assert!(tokens[3].is_joined() && !tokens[6].is_joined());
    }

    #[test]
    fn stray_joiners_are_not_tokens() {
        let a = Analyzer::for_lang("en");
        assert!(a.tokens("- . _ -- ...").is_empty());
        let t = a.tokens("(see _this_.)");
        assert_eq!(t[1].word, "this");
        assert_eq!(t[1].span, 6..10);
        let t = a.tokens("-N 2");
        assert_eq!(t[0].word, "-n");
        assert_eq!(t[0].parts, ["n"]);
    }

    #[test]
    fn any_text_tokenizes_without_panicking() {
        let a = Analyzer::for_lang("es");
        let text = "é\u{301}--\u{0}🙂x-ñ_.\u{200b}日本語 ᾈ-";
        for t in a.tokens(text) {
            assert!(text.is_char_boundary(t.span.start) && text.is_char_boundary(t.span.end));
        }
    }
}
