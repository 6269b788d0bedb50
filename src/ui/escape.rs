//! HTML escaping, for the parts of the page drawn as strings (the page
//! writer's, the Slurm shell's).

/// `text` with HTML's special characters escaped, for an element's text
/// or an attribute's value.
pub fn escaped(text: &str) -> String {
    let mut html = String::with_capacity(text.len());
    let _ = pulldown_cmark_escape::escape_html(&mut html, text);
    html
}
