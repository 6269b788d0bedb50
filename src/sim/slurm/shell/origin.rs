//! Where the commands a shell runs come from, which decides how bash
//! starts its own messages about them (`error.c`'s `error_prolog` and
//! `parser_error` in bash 5.2, Debian 12's). At the prompt an error reads
//! `bash: nosuch: command not found`; a script names itself and the line
//! (`job.sh: line 4: nosuch: command not found`), a batch job's script by
//! the path slurmstepd runs it from, and `bash -c` by its `$0` with the
//! line in the string (`bash: line 1: ...`).

/// The name and input of a non-interactive shell, or the prompt's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origin {
    /// `$0`, or the file being sourced (`BASH_SOURCE`), of a
    /// non-interactive shell; none in an interactive one, whose messages
    /// start `bash: ` with no line.
    name: Option<String>,
    /// What is being read: a file, or `-c` for a command string; none at
    /// the prompt. Syntax errors name it when it is not the name.
    input: Option<String>,
    /// The string of an `eval` run by a shell of this name and input.
    eval: bool,
}

impl Origin {
    /// `bash FILE`, `./FILE`, or a batch script: reads `path`, named so.
    pub fn file(path: &str) -> Origin {
        Origin {
            name: Some(path.to_owned()),
            input: Some(path.to_owned()),
            eval: false,
        }
    }

    /// `bash -c STRING` with `$0` set to `name`.
    pub fn command_string(name: &str) -> Origin {
        Origin {
            name: Some(name.to_owned()),
            input: Some("-c".to_owned()),
            eval: false,
        }
    }

    /// `source FILE` run by a shell of this origin: an interactive shell
    /// stays interactive; a script's messages name the sourced file.
    pub(super) fn sourcing(&self, file: &str) -> Origin {
        Origin {
            name: self.name.as_ref().map(|_| file.to_owned()),
            input: Some(file.to_owned()),
            eval: false,
        }
    }

    /// `eval STRING` run by a shell of this origin: the string is read
    /// as a script of its own, which a syntax error ends.
    pub(super) fn evaluating(&self) -> Origin {
        Origin {
            eval: true,
            ..self.clone()
        }
    }

    /// Whether a syntax error shows the text it stopped at on a second
    /// line: in what a script or `-c` reads, not at the prompt.
    pub(super) fn quotes_errors(&self) -> bool {
        self.input.is_some() && !(self.eval && self.name.is_none())
    }

    /// Whether commands come from a file or string rather than the
    /// prompt: a syntax error then ends the reading.
    pub(super) fn reads_input(&self) -> bool {
        self.input.is_some()
    }

    /// Whether a syntax error ends what is being read: a file, a string,
    /// or an `eval`'s string even at the prompt.
    pub(super) fn ends_at_error(&self) -> bool {
        self.input.is_some() || self.eval
    }

    /// Whether commands come from a `-c` string.
    pub(super) fn reads_string(&self) -> bool {
        self.input.as_deref() == Some("-c")
    }

    /// How bash starts a message about the command on `line`.
    pub(super) fn prefix(&self, line: usize) -> String {
        match &self.name {
            Some(name) if line > 0 => format!("{name}: line {line}: "),
            Some(name) => format!("{name}: "),
            None => "bash: ".to_owned(),
        }
    }

    /// How bash starts a syntax error found on `line`.
    pub(super) fn syntax_prefix(&self, line: usize) -> String {
        if self.eval {
            // A script or `-c` names the eval and its line; the prompt
            // only the shell.
            return match &self.name {
                Some(name) => format!("{name}: eval: line {line}: "),
                None => "bash: ".to_owned(),
            };
        }
        match (&self.name, &self.input) {
            (_, None) => "bash: ".to_owned(),
            (None, Some(input)) => format!("bash: {input}: line {line}: "),
            (Some(name), Some(input)) if name == input => format!("{name}: line {line}: "),
            (Some(name), Some(input)) => format!("{name}: {input}: line {line}: "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Origin;

    #[test]
    fn each_origin_starts_its_messages_as_bash_does() {
        let prompt = Origin::default();
        assert_eq!(prompt.prefix(3), "bash: ");
        assert_eq!(prompt.syntax_prefix(3), "bash: ");
        let sourced = prompt.sourcing("env.sh");
        assert_eq!(sourced.prefix(3), "bash: ");
        assert_eq!(sourced.syntax_prefix(3), "bash: env.sh: line 3: ");
        let script = Origin::file("./job.sh");
        assert_eq!(script.prefix(4), "./job.sh: line 4: ");
        assert_eq!(script.syntax_prefix(4), "./job.sh: line 4: ");
        assert_eq!(script.sourcing("lib.sh").prefix(2), "lib.sh: line 2: ");
        let string = Origin::command_string("bash");
        assert_eq!(string.prefix(1), "bash: line 1: ");
        assert_eq!(string.syntax_prefix(1), "bash: -c: line 1: ");
        assert_eq!(string.prefix(0), "bash: ");
    }

    #[test]
    fn an_eval_names_itself_in_syntax_errors_except_at_the_prompt() {
        let at_prompt = Origin::default().evaluating();
        assert_eq!(at_prompt.syntax_prefix(1), "bash: ");
        assert!(at_prompt.ends_at_error() && !at_prompt.quotes_errors());
        let in_script = Origin::file("job.sh").evaluating();
        assert_eq!(in_script.syntax_prefix(5), "job.sh: eval: line 5: ");
        assert_eq!(in_script.prefix(5), "job.sh: line 5: ");
        assert!(in_script.quotes_errors());
        let in_string = Origin::command_string("bash").evaluating();
        assert_eq!(in_string.syntax_prefix(1), "bash: eval: line 1: ");
    }
}
