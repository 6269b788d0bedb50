//! A record as `scontrol show` prints it: lines of `Key=value` pairs, laid
//! out by one function, one line per group on screen (each continued line
//! indented by three spaces, a blank line after the record) or all on one
//! line with `-o`.

/// One line of a record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Line {
    pairs: Vec<(&'static str, String)>,
    /// Two more spaces in front (`-d`'s per-node lines).
    indented: bool,
    /// A space after the last pair, where Slurm's format has one.
    padded: bool,
}

/// Lines of `Key=value` pairs in Slurm's order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Record {
    lines: Vec<Line>,
}

impl Record {
    /// Adds a line of pairs.
    pub(super) fn line(&mut self, pairs: impl IntoIterator<Item = (&'static str, String)>) {
        self.lines.push(Line {
            pairs: pairs.into_iter().collect(),
            ..Line::default()
        });
    }

    /// Adds a line of pairs that Slurm ends with a space.
    pub(super) fn padded_line(&mut self, pairs: impl IntoIterator<Item = (&'static str, String)>) {
        self.line(pairs);
        if let Some(last) = self.lines.last_mut() {
            last.padded = true;
        }
    }

    /// Adds a line indented two more spaces (`-d`'s per-node details).
    pub(super) fn indented_line(
        &mut self,
        pairs: impl IntoIterator<Item = (&'static str, String)>,
    ) {
        self.line(pairs);
        if let Some(last) = self.lines.last_mut() {
            last.indented = true;
        }
    }

    /// Adds an empty line (a job record ends with one).
    pub(super) fn blank_line(&mut self) {
        self.lines.push(Line::default());
    }

    /// The record as printed: on screen, or on one line (`-o`).
    pub(super) fn layout(&self, one_line: bool) -> String {
        let (end, close) = if one_line {
            (" ", "\n")
        } else {
            ("\n   ", "\n\n")
        };
        let lines: Vec<String> = self
            .lines
            .iter()
            .map(|line| {
                let pairs: Vec<String> =
                    line.pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
                let indent = if line.indented { "  " } else { "" };
                let pad = if line.padded { " " } else { "" };
                format!("{indent}{}{pad}", pairs.join(" "))
            })
            .collect();
        let mut text = lines.join(end);
        text.push_str(close);
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_layout_for_the_screen_and_for_one_line() {
        let mut r = Record::default();
        r.padded_line([("NodeName", "n1".to_owned()), ("Arch", "x86_64".to_owned())]);
        r.line([("Reason", "gpu5 fan [root@2026-11-30T03:32:24]".to_owned())]);
        r.indented_line([("Nodes", "n1".to_owned())]);
        r.line([("Power", String::new())]);
        r.blank_line();
        assert_eq!(
            r.layout(false),
            "NodeName=n1 Arch=x86_64 \n   Reason=gpu5 fan [root@2026-11-30T03:32:24]\n     Nodes=n1\n   Power=\n   \n\n"
        );
        assert_eq!(
            r.layout(true),
            "NodeName=n1 Arch=x86_64  Reason=gpu5 fan [root@2026-11-30T03:32:24]   Nodes=n1 Power= \n"
        );
    }
}
