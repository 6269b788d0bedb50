//! The variables a locale file's messages choose plural forms by:
//! `{ $count -> [one] .. *[other] .. }` selects on `count` by CLDR's
//! categories, which works only when the app passes a number.

use fluent_syntax::ast;

/// CLDR's plural category names, as Fluent variant keys.
const CATEGORIES: [&str; 6] = ["zero", "one", "two", "few", "many", "other"];

/// `(message id, variable)` for each select on a variable with a plural
/// category key in `text`.
pub(crate) fn plural_selectors(text: &str) -> Vec<(String, String)> {
    let resource = fluent_syntax::parser::parse(text).unwrap_or_else(|(r, _)| r);
    let mut found = Vec::new();
    for entry in &resource.body {
        if let ast::Entry::Message(m) = entry {
            for pattern in m.value.iter().chain(m.attributes.iter().map(|a| &a.value)) {
                in_pattern(m.id.name, pattern, &mut found);
            }
        }
    }
    found
}

fn in_pattern(id: &str, pattern: &ast::Pattern<&str>, found: &mut Vec<(String, String)>) {
    for element in &pattern.elements {
        let ast::PatternElement::Placeable {
            expression: ast::Expression::Select { selector, variants },
        } = element
        else {
            continue;
        };
        let plural = variants.iter().any(
            |v| matches!(v.key, ast::VariantKey::Identifier { name } if CATEGORIES.contains(&name)),
        );
        if let ast::InlineExpression::VariableReference { id: var } = selector
            && plural
        {
            found.push((id.to_owned(), var.name.to_owned()));
        }
        for variant in variants {
            in_pattern(id, &variant.value, found);
        }
    }
}

#[test]
fn finds_plural_selects_nested_or_not() {
    let text = "a = { $n ->\n  [one] x\n *[other] { $k ->\n    [few] y\n   *[other] z\n  }\n}\nb = { $s ->\n  [yes] y\n *[no] n\n}\n";
    assert_eq!(
        plural_selectors(text),
        [("a".into(), "n".into()), ("a".into(), "k".into())]
    );
}
