//! Folding for search: lower case, with the accents of the Latin
//! alphabets dropped, so "Configuración" and "configuracion" are the same
//! word. Pure. Combining marks (as in decomposed text) are dropped, and
//! the precomposed letters of Latin-1 and Latin Extended-A (every accent
//! of the European languages written in Latin letters) become their base
//! letter; other scripts are only lower-cased. A table, not Unicode's
//! decompositions: `unicode-normalization`'s tables added 131 KB to the
//! search module (51 KB after brotli, more than the rest of it).

/// The base letter of U+00C0 to U+017F, `*` where there is none to fold
/// to (æ, ß, ĳ, œ, þ, ...: kept as they are).
const LATIN: &str = concat!(
    // U+00C0..U+00DF, U+00E0..U+00FF
    "aaaaaa*ceeeeiiiidnooooo*ouuuuy**",
    "aaaaaa*ceeeeiiiidnooooo*ouuuuy*y",
    // U+0100..U+017F
    "aaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiii**jjkk*llllllllll",
    "nnnnnn***oooooo**rrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs",
);

/// Whether `c` is a combining mark (an accent written after its letter).
pub(crate) fn is_combining_mark(c: char) -> bool {
    matches!(c, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}

/// `text` folded: lower case, without combining marks, Latin letters
/// without their accents.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
        } else if is_combining_mark(c) {
            continue;
        } else {
            let base = (c as usize)
                .checked_sub(0xc0)
                .and_then(|i| LATIN.as_bytes().get(i))
                .filter(|&&b| b != b'*');
            match base {
                Some(&b) => out.push(char::from(b)),
                None => out.extend(c.to_lowercase()),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_and_accents_fold_away() {
        assert_eq!(fold("Configuración"), "configuracion");
        assert_eq!(fold("CONFIGURACIÓN"), "configuracion");
        assert_eq!(fold("configuracio\u{301}n"), "configuracion");
        assert_eq!(fold("pingüino año ÀÉÎÕÜÇ"), "pinguino ano aeiouc");
        assert_eq!(
            fold("Łódź Šťastný Œuvre straße ÿ ſ"),
            "lodz stastny œuvre straße y s"
        );
        assert_eq!(fold("NCCL_IB_HCA"), "nccl_ib_hca");
        assert_eq!(fold("--gpus-per-node"), "--gpus-per-node");
    }

    #[test]
    fn the_table_covers_latin_1_and_extended_a() {
        assert_eq!(LATIN.len(), 0x180 - 0xc0);
        // Every letter folds to an ASCII letter or is kept, lower case.
        for c in ('\u{c0}'..='\u{17f}').filter(|c| c.is_alphabetic()) {
            let f = fold(&c.to_string());
            assert!(f.chars().all(|c| !c.is_uppercase()), "{c} -> {f}");
        }
        assert_eq!(fold("×÷"), "×÷");
    }

    #[test]
    fn other_scripts_are_lower_cased() {
        assert_eq!(fold("Ελληνικά"), "ελληνικά");
        assert_eq!(fold("計算機"), "計算機");
        assert_eq!(fold(""), "");
    }
}
