//! sacctmgr's yes/no questions (`commit_check` in `src/sacctmgr/common.c`).
//! With `-i` every question is answered yes without being asked. Without
//! it sacctmgr asks on stdout and reads one character at a time from
//! stdin: `y` commits; `n`, a newline or the end of the input (Slurm's
//! 30-second timeout) discards; anything else asks again.
//!
//! This shell has no terminal to ask at: a command typed at the prompt
//! has empty stdin, and is then answered yes as with `-i`, so that
//! `sacctmgr add ...` works as a reader expects; a piped answer
//! (`echo n | sacctmgr ...`) is read as sacctmgr reads it.

use super::super::super::output::CommandOutput;

/// Where the answers to sacctmgr's questions come from.
pub(super) struct Answers<'a> {
    /// `-i`, or nothing piped in: yes without asking.
    immediate: bool,
    /// The piped input not yet read.
    input: std::str::Chars<'a>,
}

impl<'a> Answers<'a> {
    /// Answers for `-i` (`immediate`) or from `stdin`.
    pub(super) fn new(immediate: bool, stdin: &'a str) -> Self {
        Self {
            immediate: immediate || stdin.is_empty(),
            input: stdin.chars(),
        }
    }

    /// Asks `question`; true for yes.
    pub(super) fn confirm(&mut self, out: &mut CommandOutput, question: &str) -> bool {
        if self.immediate {
            return true;
        }
        out.out_line(&format!("{question} (You have 30 seconds to decide)"));
        let mut first = true;
        loop {
            if !first {
                out.out_line("Y or N please");
            }
            first = false;
            out.out("(N/y): ");
            let Some(c) = self.input.next() else {
                out.out_line("timeout");
                return false;
            };
            out.out_line("");
            match c {
                'y' | 'Y' => return true,
                'n' | 'N' | '\n' => return false,
                _ => {}
            }
        }
    }

    /// The closing question of a change: commit it, or say it is
    /// discarded. True when committed.
    pub(super) fn commit(&mut self, out: &mut CommandOutput) -> bool {
        let yes = self.confirm(out, "Would you like to commit changes?");
        if !yes {
            out.out_line(" Changes Discarded");
        }
        yes
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::super::output::Stream;
    use super::*;

    fn ask(stdin: &str) -> (bool, String) {
        let mut out = CommandOutput::default();
        let yes = Answers::new(false, stdin).commit(&mut out);
        (yes, out.text(Stream::Stdout))
    }

    #[test]
    fn answers_are_read_a_character_at_a_time() {
        let q = "Would you like to commit changes? (You have 30 seconds to decide)\n";
        assert_eq!(ask(""), (true, String::new()));
        assert_eq!(ask("y\n"), (true, format!("{q}(N/y): \n")));
        assert_eq!(
            ask("n\n"),
            (false, format!("{q}(N/y): \n Changes Discarded\n"))
        );
        assert_eq!(
            ask("x"),
            (
                false,
                format!("{q}(N/y): \nY or N please\n(N/y): timeout\n Changes Discarded\n")
            )
        );
    }
}
