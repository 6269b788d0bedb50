//! A comma-separated list of names as `slurm_addto_char_list` reads one
//! for sreport's conditions and `Format=`: names lowercased, a repeated
//! name (in any case) moved to the end, empty names skipped and a final
//! comma ignored; a list that opens with a quote ends at the matching
//! quote, and other quotes read as a backtick; `node[1-3]` expands as a
//! hostlist; the last name is added even when empty if nothing else was
//! added (so `Users=` asks for a user named '').

use crate::sim::slurm::hostlist::Hostlist;

/// Adds the names of `value` to `list`.
pub(super) fn add(list: &mut Vec<String>, value: &str) {
    let mut chars: Vec<char> = value.chars().collect();
    let quote = chars.first().copied().filter(|q| matches!(q, '"' | '\''));
    let count = list.len();
    let mut start = usize::from(quote.is_some());
    let mut i = start;
    // Inside `[...]`, and just after one (whose names are in already).
    let (mut in_brackets, mut after_brackets) = (false, false);
    while i < chars.len() {
        let ch = chars[i];
        if Some(ch) == quote {
            break;
        } else if matches!(ch, '"' | '\'') {
            chars[i] = '`';
        } else if ch == '[' {
            in_brackets = true;
        } else if ch == ',' && !in_brackets {
            if after_brackets {
                after_brackets = false;
            } else if i + 1 == chars.len() {
                break;
            } else if i != start {
                move_to_end(list, &text(&chars[start..i]));
            }
            start = i + 1;
        } else if ch == ']' {
            (in_brackets, after_brackets) = (false, true);
            if let Ok(hosts) = Hostlist::parse(&text(&chars[start..=i])) {
                for host in hosts.names() {
                    move_to_end(list, host);
                    start = i + 1;
                }
            }
        }
        i += 1;
    }
    if list.len() == count || i > start {
        move_to_end(list, &text(chars.get(start..i).unwrap_or_default()));
    }
}

fn text(chars: &[char]) -> String {
    chars.iter().collect()
}

/// Appends `name` lowercased, first removing the same name in any case.
fn move_to_end(list: &mut Vec<String>, name: &str) {
    if let Some(at) = list.iter().position(|n| n.eq_ignore_ascii_case(name)) {
        list.remove(at);
    }
    list.push(name.to_ascii_lowercase());
}

#[cfg(test)]
mod tests {
    use super::add;

    fn read(values: &[&str]) -> Vec<String> {
        let mut list = Vec::new();
        for value in values {
            add(&mut list, value);
        }
        list
    }

    #[test]
    fn names_keep_slurm_addto_char_lists_order() {
        assert_eq!(read(&["Used,Login,,USED,"]), ["login", "used"]);
        // A second list adds to the first; an empty one adds ''.
        assert_eq!(read(&["Used,Login,,USED,", "login"]), ["used", "login"]);
        assert_eq!(read(&["used,login", ""]), ["used", "login", ""]);
        assert_eq!(read(&[","]), [""]);
        assert_eq!(read(&[",,this"]), ["this"]);
    }

    #[test]
    fn a_leading_quote_ends_the_list_and_other_quotes_read_as_backticks() {
        assert_eq!(read(&["\"Login,Used\",Energy"]), ["login", "used"]);
        assert_eq!(read(&["'a,b'c"]), ["a", "b"]);
        assert_eq!(read(&["it's,x"]), ["it`s", "x"]);
        assert_eq!(read(&["\"\""]), [""]);
    }

    #[test]
    fn brackets_expand_as_a_hostlist() {
        assert_eq!(read(&["u[1-3],bob"]), ["u1", "u2", "u3", "bob"]);
        assert_eq!(read(&["a,u[1,3]"]), ["a", "u1", "u3"]);
        assert_eq!(read(&["U[2-1]x"]), ["u[2-1]x"]);
    }
}
