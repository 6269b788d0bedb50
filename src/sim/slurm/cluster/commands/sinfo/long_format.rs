//! `sinfo -O`/`--Format`: Slurm 22.05's long field names, matched without
//! regard to case, read into the same [`Field`]s as `-o`. A name that
//! `src/sinfo` prints with a `-o` letter's function becomes that letter;
//! the few only `-O` names get a private-use code (which `-o` never
//! accepts) whose header and per-node value live here. An unknown name is
//! reported and prints only its suffix.

use super::super::super::Cluster;
use super::super::super::fields::Field;
use super::super::super::long_fields::{LongNames, Source, parse_long_format};
use super::super::super::output::CommandOutput;
use super::super::super::state::Node;
use super::super::scontrol::index_ranges;

/// The values of the fields only `-O` names, all per node.
#[derive(Clone, Copy)]
enum Own {
    /// `ALLOCMEM`: megabytes the node's jobs hold.
    AllocMem,
    /// `COMMENT`, `EXTRA`: never set in the model.
    Unset,
    /// `GRES_USED`: `gpu:2(IDX:0-1)`.
    GresUsed,
    /// `PORT`: the node's slurmd port.
    Port,
    /// `STATECOMPLETE`: the base state and its flags, `mixed+drain`.
    StateComplete,
}

/// Slurm's long names (lower case) and what each prints.
const NAMES: LongNames<Own> = LongNames {
    by_prefix: None,
    names: &[
        ("allocnodes", Source::Letter('S')),
        ("available", Source::Letter('a')),
        ("cluster", Source::Letter('V')),
        ("cpus", Source::Letter('c')),
        ("cpusload", Source::Letter('O')),
        ("freemem", Source::Letter('e')),
        ("cpusstate", Source::Letter('C')),
        ("cores", Source::Letter('Y')),
        ("defaulttime", Source::Letter('L')),
        ("disk", Source::Letter('d')),
        ("features", Source::Letter('f')),
        ("features_act", Source::Letter('b')),
        ("groups", Source::Letter('g')),
        ("gres", Source::Letter('G')),
        ("maxcpuspernode", Source::Letter('B')),
        ("memory", Source::Letter('m')),
        ("nodes", Source::Letter('D')),
        ("nodeaddr", Source::Letter('o')),
        ("nodeai", Source::Letter('A')),
        ("nodeaiot", Source::Letter('F')),
        ("nodehost", Source::Letter('n')),
        ("nodelist", Source::Letter('N')),
        ("partition", Source::Letter('P')),
        ("partitionname", Source::Letter('R')),
        ("preemptmode", Source::Letter('M')),
        ("priorityjobfactor", Source::Letter('I')),
        ("prioritytier", Source::Letter('p')),
        ("reason", Source::Letter('E')),
        ("root", Source::Letter('r')),
        ("oversubscribe", Source::Letter('h')),
        ("share", Source::Letter('h')),
        ("size", Source::Letter('s')),
        ("statecompact", Source::Letter('t')),
        ("statelong", Source::Letter('T')),
        ("sockets", Source::Letter('X')),
        ("socketcorethread", Source::Letter('z')),
        ("time", Source::Letter('l')),
        ("timestamp", Source::Letter('H')),
        ("threads", Source::Letter('Z')),
        ("user", Source::Letter('u')),
        ("userlong", Source::Letter('U')),
        ("version", Source::Letter('v')),
        ("weight", Source::Letter('w')),
        ("allocmem", Source::Own("ALLOCMEM", Own::AllocMem)),
        ("comment", Source::Own("COMMENT", Own::Unset)),
        ("extra", Source::Own("EXTRA", Own::Unset)),
        ("gresused", Source::Own("GRES_USED", Own::GresUsed)),
        ("port", Source::Own("PORT", Own::Port)),
        (
            "statecomplete",
            Source::Own("STATECOMPLETE", Own::StateComplete),
        ),
    ],
};

/// Reads a `-O` format into fields, unknown names reported on `out`;
/// `all` stands for every field, as `-o %all`.
pub(super) fn fields(format: &str, out: &mut CommandOutput) -> Vec<Field> {
    let mut fields = Vec::new();
    for item in parse_long_format(format) {
        if item.name.eq_ignore_ascii_case("all") {
            fields.extend(all());
        } else {
            fields.push(NAMES.field("sinfo", &item, out));
        }
    }
    fields
}

/// sinfo's `%all`: every letter it knows, as long as its text, `a` to `z`
/// followed by `|`, then `A` to `Z` by ` |` (the last by a space).
fn all() -> Vec<Field> {
    ('a'..='z')
        .chain('A'..='Z')
        .filter(|&letter| super::header(letter).is_some())
        .map(|letter| Field {
            letter,
            width: 0,
            right: false,
            suffix: match letter {
                'Z' => " ",
                'A'..='Y' => " |",
                _ => "|",
            }
            .to_owned(),
        })
        .collect()
}

/// The header of a code of this module: empty for an unknown name.
pub(super) fn header(code: char) -> Option<&'static str> {
    NAMES.header(code)
}

/// Whether nodes that differ in a code of this module print on separate
/// lines: `Port` sets a flag that only `-e` compares, the others one that
/// is always compared (`_match_node_data`).
pub(super) fn compared(code: char, exact: bool) -> bool {
    match NAMES.own(code) {
        Some((_, Own::Port)) => exact,
        Some(_) => true,
        None => false,
    }
}

/// The value of a code of this module for one node.
pub(super) fn node_value(c: &Cluster, code: char, n: &Node) -> String {
    let Some((_, what)) = NAMES.own(code) else {
        return String::new();
    };
    match what {
        Own::AllocMem => n.alloc.mem_mb.to_string(),
        Own::Unset => "(null)".to_owned(),
        Own::GresUsed if n.gpus == 0 => "(null)".to_owned(),
        Own::GresUsed => {
            let held = c.node_index(&n.name).map_or(0, |i| c.gpus_held(i));
            if held == 0 {
                "gpu:0(IDX:N/A)".to_owned()
            } else {
                format!("gpu:{}(IDX:{})", held.count_ones(), index_ranges(held))
            }
        }
        Own::Port => n.port.to_string(),
        Own::StateComplete => n.state_complete().to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_its_letter_or_header() {
        for (name, source) in NAMES.names {
            let mut out = CommandOutput::default();
            let field = &fields(&name.to_ascii_uppercase(), &mut out)[0];
            match source {
                Source::Letter(l) => assert_eq!(field.letter, *l, "{name}"),
                Source::Own(h, _) => assert_eq!(header(field.letter), Some(*h), "{name}"),
            }
        }
    }
}
