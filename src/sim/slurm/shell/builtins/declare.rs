//! The declaration builtins: `declare` (and its other name `typeset`),
//! `local`, `export` and `readonly`. One reading of bash's options and
//! `NAME[=value]` arguments serves the four; each differs only in the
//! options it takes and the attributes it gives.

use super::super::command::Output;
use super::super::exec::{ArrayAssign, Exec, trace_quote};
use super::super::expand::{Var, arith};
use super::super::lex::is_name;
use super::super::state::READONLY;

/// Which declaration builtin runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Declare,
    Local,
    Export,
    Readonly,
}

impl Kind {
    fn of(name: &str) -> Self {
        match name {
            "local" => Self::Local,
            "export" => Self::Export,
            "readonly" => Self::Readonly,
            _ => Self::Declare,
        }
    }

    /// The option letters bash 5.2 takes, then those of them this shell
    /// does not simulate.
    fn letters(self) -> (&'static str, &'static str) {
        match self {
            Self::Declare | Self::Local => ("aAfFgiIlnprtux", "AiIlntu"),
            Self::Export => ("fnp", "f"),
            Self::Readonly => ("aAfp", "Af"),
        }
    }

    /// Its usage line, as bash prints it after an invalid option.
    fn usage(self, name: &str) -> String {
        let forms = match self {
            Self::Declare if name == "typeset" => {
                "[-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]"
            }
            Self::Declare => {
                "[-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]"
            }
            Self::Local => "[option] name[=value] ...",
            Self::Export => "[-fn] [name[=value] ...] or export -p",
            Self::Readonly => "[-aAf] [name[=value] ...] or readonly -p",
        };
        format!("{name}: usage: {name} {forms}\n")
    }

    /// Whether its messages name it (`declare: x: readonly variable`);
    /// `export` and `readonly` say only `x: readonly variable`.
    fn named(self) -> bool {
        matches!(self, Self::Declare | Self::Local)
    }
}

/// Variable attributes an option turns on or off.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Attributes {
    array: bool,
    readonly: bool,
    exported: bool,
}

impl Attributes {
    /// Whether `var` has one of the attributes set here, or any
    /// variable if none is.
    fn any_in(self, var: &Var) -> bool {
        self == Self::default()
            || (self.array && var.array.is_some())
            || (self.readonly && var.readonly)
            || (self.exported && var.exported)
    }
}

/// What the options asked for.
#[derive(Debug, Clone, Copy, Default)]
struct Options {
    /// `-p`: show the variables.
    print: bool,
    /// `-f` (definitions) or `-F` (names only): functions, not variables.
    functions: Option<bool>,
    /// `-g`: a function's `declare` makes or changes a global variable.
    global: bool,
    /// Attributes given (`-x`) and taken away (`+x`, `export -n`).
    on: Attributes,
    off: Attributes,
    /// Whether any option was given.
    any: bool,
}

/// `declare`, `typeset`, `local`, `export` and `readonly`.
pub(in super::super) fn declare(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let name = argv[0].as_str();
    let kind = Kind::of(name);
    let lists = std::mem::take(&mut exec.lists);
    if kind == Kind::Local && (exec.functions == 0 || exec.locals.is_empty()) {
        out.stderr("bash: local: can only be used in a function\n");
        return 1;
    }
    let (options, first) = match options(kind, name, argv) {
        Ok(parsed) => parsed,
        Err(message) => {
            out.stderr(&message);
            return 2;
        }
    };
    let names = &argv[first..];
    if let Some(names_only) = options.functions {
        return functions(exec, names, names_only, out);
    }
    if names.is_empty() {
        list(exec, kind, &options, out);
        return 0;
    }
    if options.print && kind.named() {
        return print(exec, names, name, out);
    }
    let mut status = 0;
    for (i, arg) in names.iter().enumerate() {
        let list = lists
            .iter()
            .find(|(at, _)| *at == first + i)
            .map(|(_, a)| a);
        if let Err(message) = declare_one(exec, kind, &options, arg, list) {
            out.stderr(&format!("bash: {}\n", message.text(name)));
            status = 1;
        }
    }
    status
}

/// Reads the options (`-ax`, `+x`, up to `--` or the first other word):
/// what they ask for, and where the names start; or bash's message.
fn options(kind: Kind, name: &str, argv: &[String]) -> Result<(Options, usize), String> {
    let (letters, unsimulated) = kind.letters();
    let mut options = Options::default();
    match kind {
        Kind::Export => options.on.exported = true,
        Kind::Readonly => options.on.readonly = true,
        Kind::Declare | Kind::Local => {}
    }
    let mut first = 1;
    for arg in &argv[1..] {
        if arg == "--" {
            first += 1;
            break;
        }
        let Some(sign) = arg.chars().next().filter(|c| matches!(c, '-' | '+')) else {
            break;
        };
        if arg.len() == 1 {
            break;
        }
        for letter in arg[1..].chars() {
            if !letters.contains(letter) {
                return Err(format!(
                    "bash: {name}: {sign}{letter}: invalid option\n{}",
                    kind.usage(name)
                ));
            }
            if unsimulated.contains(letter) {
                return Err(format!(
                    "bash: {name}: -{letter}: this option is not available in this simulated shell\n"
                ));
            }
            let attributes = match sign {
                '-' => &mut options.on,
                _ => &mut options.off,
            };
            match (kind, letter) {
                (_, 'p') => options.print = true,
                (_, 'f') => options.functions = Some(false),
                (_, 'F') => options.functions = Some(true),
                (_, 'g') => options.global = true,
                (Kind::Export, 'n') => {
                    options.on.exported = false;
                    options.off.exported = true;
                }
                (_, 'a') => attributes.array = true,
                (_, 'r') => attributes.readonly = true,
                _ => attributes.exported = true,
            }
        }
        options.any = true;
        first += 1;
    }
    Ok((options, first))
}

/// `-f`/`-F`: the functions named (all of them without names), as
/// definitions or names; 1 if one is missing.
fn functions(exec: &Exec<'_>, names: &[String], names_only: bool, out: &mut Output) -> i32 {
    let show = |name: &str, body: &str| match names_only {
        true => format!("{name}\n"),
        false => format!("{name} () \n{body}\n"),
    };
    if names.is_empty() {
        let text: String = exec
            .shell
            .functions
            .iter()
            .map(|(name, body)| match names_only {
                true => format!("declare -f {name}\n"),
                false => show(name, body),
            })
            .collect();
        out.stdout(&text);
        return 0;
    }
    let mut status = 0;
    for name in names {
        match exec.shell.functions.get(name) {
            Some(body) => out.stdout(&show(name, body)),
            None => status = 1,
        }
    }
    status
}

/// The variables a declaration builtin with no names lists: `declare`
/// alone as `set` does; otherwise those with the attributes asked for
/// (`local`: the function's own), as `declare -p` shows them.
fn list(exec: &Exec<'_>, kind: Kind, options: &Options, out: &mut Output) {
    if kind == Kind::Declare && !options.any {
        out.stdout(&super::script::variables(exec));
        return;
    }
    let locals = exec.locals.last();
    let text: String = exec
        .shell
        .vars
        .iter()
        .filter(|(name, var)| match kind {
            Kind::Local => locals.is_some_and(|frame| frame.iter().any(|(n, _)| n == *name)),
            _ => options.on.any_in(var),
        })
        .map(|(name, var)| declared(name, var))
        .collect();
    out.stdout(&text);
}

/// `declare -p NAME...`: each variable as it would be declared; 1 if
/// one is not set.
fn print(exec: &Exec<'_>, names: &[String], builtin: &str, out: &mut Output) -> i32 {
    let mut status = 0;
    for name in names {
        match exec.shell.vars.get(name.as_str()) {
            Some(var) => out.stdout(&declared(name, var)),
            None => {
                out.stderr(&format!("bash: {builtin}: {name}: not found\n"));
                status = 1;
            }
        }
    }
    status
}

/// A variable as `declare -p` (and `export -p`, `readonly -p`) shows it:
/// its attributes, and its value or an array's elements (none if it was
/// given none).
pub(super) fn declared(name: &str, var: &Var) -> String {
    let flags: String = [
        (var.array.is_some(), 'a'),
        (var.readonly, 'r'),
        (var.exported, 'x'),
    ]
    .iter()
    .filter_map(|(on, flag)| on.then_some(*flag))
    .collect();
    let flags = if flags.is_empty() {
        "-".to_owned()
    } else {
        flags
    };
    let value = match &var.array {
        _ if var.valueless => String::new(),
        Some(array) => format!("={}", elements(array.iter())),
        None => format!("={}", quoted(&var.value)),
    };
    format!("declare -{flags} {name}{value}\n")
}

/// An array's elements as `declare -p` and `set` show them:
/// `([0]="a" [1]="b")`.
pub(super) fn elements<'a>(array: impl Iterator<Item = (&'a usize, &'a String)>) -> String {
    let elements: Vec<String> = array.map(|(i, v)| format!("[{i}]={}", quoted(v))).collect();
    format!("({})", elements.join(" "))
}

/// A value in double quotes, as `declare -p` shows it.
fn quoted(value: &str) -> String {
    let mut s = String::from("\"");
    for c in value.chars() {
        if matches!(c, '"' | '\\' | '$' | '`') {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

/// Why a declaration's argument was refused: bash's message, which
/// names the builtin or not.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Refusal {
    /// `declare: x: readonly variable`.
    Named(String),
    /// `a[-9]: bad array subscript`.
    Plain(String),
}

impl Refusal {
    fn text(&self, builtin: &str) -> String {
        match self {
            Self::Named(message) => format!("{builtin}: {message}"),
            Self::Plain(message) => message.clone(),
        }
    }

    /// `x: readonly variable`, named by `declare` and `local` only.
    fn readonly(kind: Kind, name: &str) -> Self {
        let message = format!("{name}{READONLY}");
        match kind.named() {
            true => Self::Named(message),
            false => Self::Plain(message),
        }
    }
}

/// One `NAME[=value]` argument (`list`: its `NAME=(...)` elements):
/// makes the variable (local, in a function, for `local` and `declare`),
/// assigns it and sets its attributes; or why not.
fn declare_one(
    exec: &mut Exec<'_>,
    kind: Kind,
    options: &Options,
    arg: &str,
    list: Option<&ArrayAssign>,
) -> Result<(), Refusal> {
    let invalid = |shown: &str| Refusal::Named(format!("`{shown}': not a valid identifier"));
    let target = Target::read(arg).ok_or_else(|| invalid(arg))?;
    // `export` and `readonly` take no element.
    if target.subscript.is_some() && !kind.named() {
        return Err(invalid(arg.split('=').next().unwrap_or(arg)));
    }
    let name = target.name;
    let assigns = target.value.is_some() || list.is_some();
    if let Some(var) = exec.shell.vars.get_mut(name)
        && var.readonly
        && (assigns || options.off.readonly)
    {
        // bash's `export` exports what it may not assign.
        var.exported |= kind == Kind::Export;
        return Err(Refusal::readonly(kind, name));
    }
    let local =
        kind == Kind::Local || (kind == Kind::Declare && exec.functions > 0 && !options.global);
    if local && let Some(frame) = exec.locals.last_mut() {
        if let Some(var) = exec.shell.vars.get(name)
            && var.readonly
        {
            return Err(Refusal::readonly(kind, name));
        }
        if !frame.iter().any(|(n, _)| n == name) {
            let old = exec.shell.vars.insert(name.to_owned(), Var::declared());
            frame.push((name.to_owned(), old));
        }
    }
    let subscript = match target.subscript {
        Some(text) => match arith::eval(text, &mut *exec.shell) {
            Ok(n) => Some(n),
            Err(message) => {
                exec.abort_line();
                return Err(Refusal::Plain(message));
            }
        },
        None => None,
    };
    let trace = exec.shell.options.xtrace && !kind.named();
    let var = exec
        .shell
        .vars
        .get_or_insert_with(name.to_owned(), Var::declared);
    if options.off.array && var.array.is_some() {
        return Err(Refusal::Named(format!(
            "{name}: cannot destroy array variables in this way"
        )));
    }
    if kind != Kind::Readonly && (options.on.array || target.subscript.is_some()) {
        var.make_array();
    }
    match (list, target.value, subscript) {
        (Some(list), ..) => var.set_list(list.values.clone(), list.append),
        (None, Some(value), Some(n)) => match var.index(n) {
            Some(i) => var.set_element(i, value, target.append),
            None => {
                let text = target.subscript.unwrap_or_default();
                return Err(Refusal::Plain(format!(
                    "{name}[{text}]: bad array subscript"
                )));
            }
        },
        (None, Some(value), None) => {
            let value = match (target.append, var.value()) {
                (true, Some(old)) => format!("{old}{value}"),
                _ => value.to_owned(),
            };
            var.set(value);
        }
        (None, None, _) => {}
    }
    if options.on.exported {
        var.exported = true;
    }
    if options.off.exported {
        var.exported = false;
    }
    if options.on.readonly {
        var.readonly = true;
    }
    // `export` and `readonly` trace what they assign, as bash 5.2 does.
    if let (true, Some(value), None) = (trace, target.value, list) {
        let op = if target.append { "+=" } else { "=" };
        exec.trace_line(&format!("{name}{op}{}", trace_quote(value)));
    }
    Ok(())
}

/// A declaration's argument read: `NAME`, `NAME=value`, `NAME+=value`,
/// `NAME[subscript]=value` (or without a value).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Target<'a> {
    name: &'a str,
    subscript: Option<&'a str>,
    append: bool,
    value: Option<&'a str>,
}

impl<'a> Target<'a> {
    fn read(arg: &'a str) -> Option<Self> {
        let (left, value) = match arg.split_once('=') {
            Some((left, value)) => (left, Some(value)),
            None => (arg, None),
        };
        let (left, append) = match (left.strip_suffix('+'), value) {
            (Some(left), Some(_)) => (left, true),
            _ => (left, false),
        };
        let (name, subscript) = match left.strip_suffix(']').and_then(|l| l.split_once('[')) {
            Some((name, subscript)) => (name, Some(subscript)),
            None => (left, None),
        };
        is_name(name).then_some(Self {
            name,
            subscript,
            append,
            value,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_read_as_bash_splits_them() {
        let t = Target::read("a[2]+=x=y").map(|t| (t.name, t.subscript, t.append, t.value));
        assert_eq!(t, Some(("a", Some("2"), true, Some("x=y"))));
        let t = Target::read("x").map(|t| (t.name, t.value));
        assert_eq!(t, Some(("x", None)));
        assert!(Target::read("1x=2").is_none());
        assert!(Target::read("b[x=1").is_none());
    }

    #[test]
    fn declared_shows_attributes_and_values_as_bash() {
        let mut var = Var::declared();
        assert_eq!(declared("x", &var), "declare -- x\n");
        var.make_array();
        assert_eq!(declared("x", &var), "declare -a x\n");
        var.set_list(vec!["1".into(), "a \"b\"".into()], false);
        var.readonly = true;
        assert_eq!(
            declared("x", &var),
            "declare -ar x=([0]=\"1\" [1]=\"a \\\"b\\\"\")\n"
        );
    }
}
