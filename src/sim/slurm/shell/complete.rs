//! Tab completion, as bash offers it: command names at the start of a
//! command (builtins, tools and plugged-in commands), a command's options
//! after `-`, variable names after `$`, command names after `man`,
//! sub-commands and module names after `module` and `ml`, and file names
//! everywhere else.

use serde::{Deserialize, Serialize};

use super::builtins::{self, BUILTINS, PAGED_BUILTINS};
use super::command::CommandSet;
use super::fs::Kind;
use super::state::Shell;
use super::tools::{self, TOOLS};

/// What tab completion offers for the word before the cursor.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Completion {
    /// Byte offset where that word starts: the terminal replaces
    /// `line[start..cursor]` with a candidate (or, when there are several,
    /// with their longest common prefix).
    pub start: usize,
    /// The candidates, sorted and without duplicates; directories end
    /// with `/`, file names are escaped for the shell.
    pub candidates: Vec<String>,
}

/// The word under the cursor and what comes before it in its command.
#[derive(Debug, Default)]
struct Context {
    /// Where the word starts.
    start: usize,
    /// The words of the command before it, quotes removed.
    before: Vec<String>,
    /// The word follows a redirection operator.
    redirect: bool,
}

/// Splits `line` (up to the cursor) like the shell would, well enough to
/// know the current word and command.
fn context(line: &str) -> Context {
    let mut ctx = Context::default();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        if escaped {
            escaped = false;
            word.push(c);
            continue;
        }
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => escaped = true,
            (Some(_), _) => word.push(c),
            (None, '\'' | '"') => quote = Some(c),
            (None, ' ' | '\t' | '\n' | '|' | '&' | ';' | '(' | ')' | '<' | '>') => {
                if !word.is_empty() {
                    if ctx.redirect {
                        ctx.redirect = false;
                    } else {
                        ctx.before.push(std::mem::take(&mut word));
                    }
                }
                word.clear();
                match c {
                    '<' | '>' => ctx.redirect = true,
                    '|' | '&' | ';' | '(' | ')' => {
                        ctx.before.clear();
                        ctx.redirect = false;
                    }
                    _ => {}
                }
                ctx.start = i + 1;
            }
            (None, _) => word.push(c),
        }
    }
    ctx
}

/// `name` with the characters the shell would interpret escaped.
fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_whitespace() || "\\'\"|&;()<>$`*?#!{}[]".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The typed word with quotes and escapes removed.
fn unquote(word: &str) -> String {
    let mut out = String::new();
    let mut chars = word.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' | '"' => {}
            '\\' => out.extend(chars.next()),
            c => out.push(c),
        }
    }
    out
}

impl Shell {
    /// The completions for the word that ends at byte `cursor` of `line`
    /// (clamped to the line), with `commands` plugged in.
    pub fn complete(&self, line: &str, cursor: usize, commands: &dyn CommandSet) -> Completion {
        let mut cursor = cursor.min(line.len());
        while !line.is_char_boundary(cursor) {
            cursor -= 1;
        }
        let line = &line[..cursor];
        let ctx = context(line);
        let word = unquote(&line[ctx.start..]);
        let command = ctx.before.iter().find(|w| !is_assignment(w));
        let mut candidates = match command {
            _ if ctx.redirect => self.files(&word),
            _ if word.starts_with('$') => self.variables(&word),
            None if !word.contains('/') => command_names(&word, commands),
            Some(name) if word.starts_with('-') => options(name, &word, commands),
            Some(name) if name == "man" => command_names(&word, commands)
                .into_iter()
                .filter(|n| builtins::find(n).is_none() || PAGED_BUILTINS.contains(&n.as_str()))
                .collect(),
            Some(name) if name == "module" || name == "ml" => {
                builtins::module_words(&ctx.before, &word)
            }
            _ => self.files(&word),
        };
        crate::sort::sort_dedup(&mut candidates);
        Completion {
            start: ctx.start,
            candidates,
        }
    }

    fn variables(&self, word: &str) -> Vec<String> {
        let prefix = &word[1..];
        self.vars
            .keys()
            .filter(|name| name.starts_with(prefix))
            .map(|name| format!("${name}"))
            .collect()
    }

    /// File names that complete `word`, keeping the directory part as typed.
    fn files(&self, word: &str) -> Vec<String> {
        let (dir, prefix) = match word.rfind('/') {
            Some(i) => (&word[..=i], &word[i + 1..]),
            None => ("", word),
        };
        let listed = match dir.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                format!("{}{rest}", self.fs().home())
            }
            _ if dir.is_empty() => ".".to_owned(),
            _ => dir.to_owned(),
        };
        let fs = self.fs();
        let Ok(entries) = fs.resolve(self.cwd(), &listed).and_then(|p| fs.list(&p)) else {
            return Vec::new();
        };
        entries
            .into_iter()
            .filter(|(name, _)| name.starts_with(prefix))
            .filter(|(name, _)| prefix.starts_with('.') || !name.starts_with('.'))
            .map(|(name, meta)| {
                let slash = if meta.kind == Kind::Dir { "/" } else { "" };
                format!("{}{}{slash}", escape(dir), escape(&name))
            })
            .collect()
    }
}

fn is_assignment(word: &str) -> bool {
    word.split_once('=')
        .is_some_and(|(name, _)| super::lex::is_name(name))
}

fn command_names(prefix: &str, commands: &dyn CommandSet) -> Vec<String> {
    let own = BUILTINS
        .iter()
        .map(|b| b.name.to_owned())
        .chain(TOOLS.iter().map(|t| t.name.to_owned()))
        .chain(super::lookup::RUNNERS.map(|(name, _)| name.to_owned()));
    own.chain(commands.commands().into_iter().map(|c| c.name))
        .filter(|name| name.starts_with(prefix))
        .collect()
}

fn options(command: &str, prefix: &str, commands: &dyn CommandSet) -> Vec<String> {
    let all = match commands.commands().into_iter().find(|c| c.name == command) {
        Some(info) => info.options,
        None => tools::find(command)
            .map(|t| t.options())
            .unwrap_or_default(),
    };
    all.into_iter().filter(|o| o.starts_with(prefix)).collect()
}
