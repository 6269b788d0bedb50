//! The builtins that scripts lean on: `break`, `continue`, `return`,
//! `local`, `shift`, `set`, `read`, `mapfile` (also `readarray`), and
//! `test` (also `[`), with bash's messages.

use super::super::command::Output;
use super::super::exec::{Exec, Flow, Input};
use super::super::expand::{Var, arith};
use super::super::fs::Kind;
use super::super::lex::is_name;
use super::super::state::{Options, READONLY};

/// How deep `test`'s parentheses may nest.
const MAX_TEST_DEPTH: usize = 64;

/// A count argument of `break`, `continue`, `shift` or `return`: `Ok(None)`
/// when absent, the message when not a number.
fn count(argv: &[String]) -> Result<Option<i64>, String> {
    match argv.get(1) {
        None => Ok(None),
        Some(arg) => arg
            .parse::<i64>()
            .map(Some)
            .map_err(|_| format!("bash: {}: {arg}: numeric argument required\n", argv[0])),
    }
}

/// `break [n]` and `continue [n]`.
fn jump(exec: &mut Exec<'_>, argv: &[String], out: &mut Output, flow: fn(usize) -> Flow) -> i32 {
    let n = match count(argv) {
        Ok(n) => n.unwrap_or(1),
        Err(message) => {
            out.stderr(&message);
            return 1;
        }
    };
    if n < 1 {
        out.stderr(&format!(
            "bash: {}: {n}: loop count out of range\n",
            argv[0]
        ));
        return 1;
    }
    if exec.loops == 0 {
        out.stderr(&format!(
            "bash: {}: only meaningful in a `for', `while', or `until' loop\n",
            argv[0]
        ));
        return 0;
    }
    let n = usize::try_from(n).unwrap_or(usize::MAX).min(exec.loops);
    exec.flow = Some(flow(n));
    0
}

pub(in super::super) fn break_(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    jump(exec, argv, out, Flow::Break)
}

pub(in super::super) fn continue_(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    jump(exec, argv, out, Flow::Continue)
}

/// `return [n]`: leaves the function (or sourced script) with status `n`
/// (`$?` without it).
pub(in super::super) fn return_(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    if exec.functions == 0 && !exec.sourced {
        out.stderr("bash: return: can only `return' from a function or sourced script\n");
        return 2;
    }
    let status = match count(argv) {
        Ok(n) => n.map_or(exec.shell.status, |n| n.rem_euclid(256) as i32),
        Err(message) => {
            out.stderr(&message);
            2
        }
    };
    exec.flow = Some(Flow::Return);
    status
}

/// `let expression...`: evaluates each as arithmetic, in order; 0 when
/// the last one's value is not 0.
pub(in super::super) fn let_(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let exprs = argv.get(1..).unwrap_or_default();
    if exprs.is_empty() {
        out.stderr("bash: let: expression expected\n");
        return 1;
    }
    let mut last = 0;
    for expr in exprs {
        match arith::eval(expr, &mut *exec.shell) {
            Ok(value) => last = value,
            Err(message) => {
                let form = if message.ends_with(READONLY) {
                    ""
                } else {
                    "let: "
                };
                out.stderr(&format!("bash: {form}{message}\n"));
                return 1;
            }
        }
    }
    i32::from(last == 0)
}

/// `shift [n]`: drops the first `n` positional parameters.
pub(in super::super) fn shift(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let n = match count(argv) {
        Ok(n) => n.unwrap_or(1),
        Err(message) => {
            out.stderr(&message);
            return 1;
        }
    };
    if n < 0 {
        out.stderr(&format!("bash: shift: {n}: shift count out of range\n"));
        return 1;
    }
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    if n > exec.shell.args.len() {
        return 1;
    }
    exec.shell.args.drain(..n);
    0
}

/// What `set` (and `declare`) with no arguments lists, as bash does:
/// the variables that have a value, then the functions.
pub(super) fn variables(exec: &Exec<'_>) -> String {
    let mut text = String::new();
    for (name, var) in exec.shell.vars.iter().filter(|(_, v)| !v.valueless) {
        let value = match &var.array {
            Some(array) => super::declare::elements(array.iter()),
            None => set_quote(&var.value),
        };
        text.push_str(&format!("{name}={value}\n"));
    }
    for (name, body) in exec.shell.functions.iter() {
        text.push_str(&format!("{name} () \n{body}\n"));
    }
    text
}

/// A value as `set` shows it: in single quotes if it needs them.
fn set_quote(value: &str) -> String {
    let plain = value
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "-_./:=,+@%^~".contains(c));
    if plain {
        value.to_owned()
    } else {
        format!("'{}'", value.replace('\'', "'\\''"))
    }
}

/// `set -o` with no name: the options and whether each is on.
pub(super) fn list_options(o: Options, out: &mut Output) {
    let mut text = String::new();
    for (name, on) in [
        ("errexit", o.errexit),
        ("nounset", o.nounset),
        ("pipefail", o.pipefail),
        ("xtrace", o.xtrace),
    ] {
        let state = if on { "on" } else { "off" };
        text.push_str(&format!("{name:<15}\t{state}\n"));
    }
    out.stdout(&text);
}

const SET_USAGE: &str =
    "set: usage: set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]\n";

/// `set [-eux] [-o name] [--] [args]`: the options errexit, nounset,
/// xtrace and pipefail, and the positional parameters.
pub(in super::super) fn set(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    if argv.len() == 1 {
        out.stdout(&variables(exec));
        return 0;
    }
    let mut i = 1;
    while i < argv.len() {
        let arg = argv[i].as_str();
        i += 1;
        if arg == "--" {
            exec.shell.args = argv[i..].to_vec();
            return 0;
        }
        let on = arg.starts_with('-');
        if !(on || arg.starts_with('+')) || arg.len() < 2 {
            exec.shell.args = argv[i - 1..].to_vec();
            return 0;
        }
        for letter in arg[1..].chars() {
            let known = match letter {
                'o' => {
                    let Some(name) = argv.get(i) else {
                        list_options(exec.shell.options, out);
                        return 0;
                    };
                    i += 1;
                    if !exec.shell.options.set(name, on) {
                        out.stderr(&format!("bash: set: {name}: invalid option name\n"));
                        return 2;
                    }
                    true
                }
                other => Options::of_letter(other).is_some_and(|o| exec.shell.options.set(o, on)),
            };
            if !known {
                out.stderr(&format!(
                    "bash: set: {}{letter}: invalid option\n{SET_USAGE}",
                    if on { '-' } else { '+' }
                ));
                return 2;
            }
        }
    }
    0
}

/// `read [-rs] [-a ARRAY] [-p PROMPT] [NAME...]`: one line of `stdin`
/// split by `IFS` into the names (the last takes the rest of the line),
/// or into an array.
pub(in super::super) fn read(
    exec: &mut Exec<'_>,
    argv: &[String],
    stdin: &mut Input,
    out: &mut Output,
) -> i32 {
    const USAGE: &str = "read: usage: read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]\n";
    let mut raw = false;
    let mut array = None;
    let mut names = Vec::new();
    let mut args = argv[1..].iter();
    while let Some(arg) = args.next() {
        let Some(flags) = arg
            .strip_prefix('-')
            .filter(|f| !f.is_empty() && names.is_empty())
        else {
            names.push(arg.clone());
            continue;
        };
        for (i, flag) in flags.char_indices() {
            match flag {
                'r' => raw = true,
                's' => {}
                // The prompt shows only when the input is a terminal.
                'a' | 'p' => {
                    let attached = &flags[i + 1..];
                    let value = if attached.is_empty() {
                        args.next().cloned()
                    } else {
                        Some(attached.to_owned())
                    };
                    let Some(value) = value else {
                        out.stderr(&format!(
                            "bash: read: -{flag}: option requires an argument\n{USAGE}"
                        ));
                        return 2;
                    };
                    if flag == 'a' {
                        array = Some(value);
                    }
                    break;
                }
                other => {
                    out.stderr(&format!("bash: read: -{other}: invalid option\n{USAGE}"));
                    return 2;
                }
            }
        }
    }
    if let Some(name) = array.iter().chain(&names).find(|n| !is_name(n)) {
        out.stderr(&format!("bash: read: `{name}': not a valid identifier\n"));
        return 1;
    }
    let (line, complete) = take_line(stdin, raw);
    let status = i32::from(!complete);
    if let Some(Err(message)) = array
        .iter()
        .chain(&names)
        .map(|n| exec.shell.writable(n))
        .find(Result::is_err)
    {
        out.stderr(&format!("bash: {message}\n"));
        return 1;
    }
    let ifs = exec.shell.var("IFS").unwrap_or(" \t\n").to_owned();
    if let Some(array) = array {
        let fields = ifs_fields(&line, &ifs, usize::MAX);
        exec.shell.set_array(&array, fields);
        return status;
    }
    if names.is_empty() {
        exec.shell.assign("REPLY", line);
        return status;
    }
    let mut fields = ifs_fields(&line, &ifs, names.len()).into_iter();
    for name in &names {
        exec.shell.assign(name, fields.next().unwrap_or_default());
    }
    status
}

/// `read`'s fields of `line`, split by `ifs`: blanks in it (space, tab,
/// newline) trimmed at both ends and, in a run, one delimiter; each other
/// character of it one delimiter. The `limit`-th field takes the rest of
/// the line (less one delimiter that merely ends it).
fn ifs_fields(line: &str, ifs: &str, limit: usize) -> Vec<String> {
    let white = |c: char| matches!(c, ' ' | '\t' | '\n') && ifs.contains(c);
    let delimiter = |c: char| ifs.contains(c);
    // Past a field's end: blanks, at most one other delimiter, blanks.
    let past = |rest: &str| -> usize {
        let after = rest.trim_start_matches(white);
        let after = match after.chars().next() {
            Some(c) if delimiter(c) && !white(c) => after[c.len_utf8()..].trim_start_matches(white),
            _ => after,
        };
        rest.len() - after.len()
    };
    let mut rest = line.trim_start_matches(white);
    let mut fields = Vec::new();
    while !rest.is_empty() {
        if fields.len() + 1 >= limit {
            let last = rest.trim_end_matches(white);
            let field = match last.char_indices().last() {
                Some((i, c)) if !white(c) && delimiter(c) && !last[..i].contains(delimiter) => {
                    &last[..i]
                }
                _ => last,
            };
            fields.push(field.to_owned());
            break;
        }
        let end = rest.find(delimiter).unwrap_or(rest.len());
        fields.push(rest[..end].to_owned());
        rest = &rest[end..];
        rest = &rest[past(rest)..];
    }
    fields
}

/// `mapfile` and `readarray` (`-t`, `-n COUNT`, `-s COUNT`, `-O ORIGIN`):
/// the lines of `stdin` into an array, `MAPFILE` unless named.
pub(in super::super) fn mapfile(
    exec: &mut Exec<'_>,
    argv: &[String],
    stdin: &mut Input,
    out: &mut Output,
) -> i32 {
    let command = argv[0].as_str();
    let usage = format!(
        "{command}: usage: {command} [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]\n"
    );
    let (mut trim, mut count, mut skip, mut origin) = (false, 0usize, 0usize, None);
    let mut names = Vec::new();
    let mut args = argv[1..].iter();
    while let Some(arg) = args.next() {
        let Some(flags) = arg
            .strip_prefix('-')
            .filter(|f| !f.is_empty() && names.is_empty())
        else {
            names.push(arg.as_str());
            continue;
        };
        for (i, flag) in flags.char_indices() {
            if flag == 't' {
                trim = true;
                continue;
            }
            if !matches!(flag, 'n' | 's' | 'O') {
                out.stderr(&format!(
                    "bash: {command}: -{flag}: invalid option\n{usage}"
                ));
                return 2;
            }
            let attached = &flags[i + 1..];
            let Some(value) = (if attached.is_empty() {
                args.next().map(String::as_str)
            } else {
                Some(attached)
            }) else {
                out.stderr(&format!(
                    "bash: {command}: -{flag}: option requires an argument\n{usage}"
                ));
                return 2;
            };
            let Ok(n) = value.parse::<usize>() else {
                let what = if flag == 'O' {
                    "array origin"
                } else {
                    "line count"
                };
                out.stderr(&format!("bash: {command}: {value}: invalid {what}\n"));
                return 1;
            };
            match flag {
                'n' => count = n,
                's' => skip = n,
                _ => origin = Some(n),
            }
            break;
        }
    }
    let name = names.first().copied().unwrap_or("MAPFILE");
    if !is_name(name) {
        out.stderr(&format!(
            "bash: {command}: `{name}': not a valid identifier\n"
        ));
        return 1;
    }
    let text = stdin.rest().to_owned();
    stdin.consume(text.len());
    if let Err(message) = exec.shell.writable(name) {
        out.stderr(&format!("bash: {message}\n"));
        return 1;
    }
    let lines = text
        .split_inclusive('\n')
        .skip(skip)
        .take(if count == 0 { usize::MAX } else { count })
        .map(|l| {
            if trim {
                l.strip_suffix('\n').unwrap_or(l)
            } else {
                l
            }
            .to_owned()
        });
    let var = exec
        .shell
        .vars
        .get_or_insert_with(name.to_owned(), Var::array);
    match origin {
        None => var.set_list(lines.collect(), false),
        Some(origin) => {
            for (i, line) in (origin..).zip(lines) {
                var.set_element(i, &line, false);
            }
        }
    }
    0
}

/// Takes one line from `stdin`: its text (without `-r`, backslashes
/// removed and `\` newline joining lines) and whether it ended with a
/// newline.
fn take_line(stdin: &mut Input, raw: bool) -> (String, bool) {
    let mut line = String::new();
    let rest = stdin.rest();
    let mut end = rest.len();
    let mut complete = false;
    let mut chars = rest.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\n' => {
                end = i + 1;
                complete = true;
                break;
            }
            '\\' if !raw => match chars.next() {
                Some((_, '\n')) => {}
                Some((_, e)) => line.push(e),
                None => {}
            },
            c => line.push(c),
        }
    }
    stdin.consume(end);
    (line, complete)
}

/// `test EXPR` and `[ EXPR ]`: 0 when true, 1 when false, 2 on an error.
pub(in super::super) fn test(exec: &mut Exec<'_>, argv: &[String], out: &mut Output) -> i32 {
    let name = argv[0].as_str();
    let mut args: Vec<&str> = argv[1..].iter().map(String::as_str).collect();
    if name == "[" {
        if args.last() != Some(&"]") {
            out.stderr("bash: [: missing `]'\n");
            return 2;
        }
        args.pop();
    }
    let test = Test { exec, depth: 0 };
    match test.eval(&args) {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(message) => {
            out.stderr(&format!("bash: {name}: {message}\n"));
            2
        }
    }
}

/// A unary test (`-f file`, `-z text`) of `test` and `[[`; false for an
/// operator with nothing to test here (`-b`, `-p`).
pub(in super::super) fn unary_test(exec: &Exec<'_>, op: &str, arg: &str) -> bool {
    let test = Test { exec, depth: 0 };
    test.unary(op, arg).unwrap_or(false)
}

struct Test<'e, 'a> {
    exec: &'e Exec<'a>,
    depth: usize,
}

const UNARY: [&str; 14] = [
    "-z", "-n", "-e", "-f", "-d", "-s", "-x", "-r", "-w", "-a", "-L", "-h", "-v", "-t",
];
const BINARY: [&str; 11] = [
    "=", "==", "!=", "<", ">", "-eq", "-ne", "-lt", "-le", "-gt", "-ge",
];

impl Test<'_, '_> {
    /// By the number of arguments, as POSIX and bash decide.
    fn eval(&self, args: &[&str]) -> Result<bool, String> {
        match args {
            [] => Ok(false),
            [a] => Ok(!a.is_empty()),
            ["!", a] => Ok(a.is_empty()),
            [op, a] if UNARY.contains(op) => self.unary(op, a),
            [op, _] => Err(format!("{op}: unary operator expected")),
            [a, op, b] if BINARY.contains(op) => self.binary(a, op, b),
            [a, "-a", b] => Ok(!a.is_empty() && !b.is_empty()),
            [a, "-o", b] => Ok(!a.is_empty() || !b.is_empty()),
            ["!", rest @ ..] if args.len() <= 4 => self.eval(rest).map(|v| !v),
            ["(", a, ")"] => Ok(!a.is_empty()),
            [_, op, _] => Err(format!("{op}: binary operator expected")),
            ["(", a, b, ")"] => self.eval(&[a, b]),
            _ => {
                let mut parser = General {
                    test: self,
                    args,
                    pos: 0,
                    depth: self.depth,
                };
                let value = parser.or()?;
                match args.get(parser.pos) {
                    None => Ok(value),
                    Some(extra) => Err(format!("{extra}: binary operator expected")),
                }
            }
        }
    }

    fn unary(&self, op: &str, arg: &str) -> Result<bool, String> {
        let shell = &self.exec.shell;
        let meta = || {
            shell
                .fs()
                .resolve(shell.cwd(), arg)
                .ok()
                .and_then(|p| shell.fs().meta(&p))
        };
        Ok(match op {
            "-z" => arg.is_empty(),
            "-n" => !arg.is_empty(),
            "-e" | "-a" | "-r" | "-w" => meta().is_some(),
            "-f" => meta().is_some_and(|m| m.kind == Kind::File),
            "-d" => meta().is_some_and(|m| m.kind == Kind::Dir),
            "-s" => meta().is_some_and(|m| m.size > 0),
            "-x" => meta().is_some_and(|m| m.executable),
            "-v" => shell.var(arg).is_some(),
            // No symbolic links, and no descriptor is a terminal to test.
            _ => false,
        })
    }

    fn binary(&self, a: &str, op: &str, b: &str) -> Result<bool, String> {
        let int = |s: &str| {
            s.trim()
                .parse::<i64>()
                .map_err(|_| format!("{s}: integer expression expected"))
        };
        Ok(match op {
            "=" | "==" => a == b,
            "!=" => a != b,
            "<" => a < b,
            ">" => a > b,
            "-eq" => int(a)? == int(b)?,
            "-ne" => int(a)? != int(b)?,
            "-lt" => int(a)? < int(b)?,
            "-le" => int(a)? <= int(b)?,
            "-gt" => int(a)? > int(b)?,
            _ => int(a)? >= int(b)?,
        })
    }
}

/// `test` with more than four arguments: `!`, `( )`, `-a` and `-o`.
struct General<'t, 'e, 'a, 's> {
    test: &'t Test<'e, 'a>,
    args: &'s [&'s str],
    pos: usize,
    depth: usize,
}

impl General<'_, '_, '_, '_> {
    fn peek(&self) -> Option<&str> {
        self.args.get(self.pos).copied()
    }

    fn or(&mut self) -> Result<bool, String> {
        let mut value = self.and()?;
        while self.peek() == Some("-o") {
            self.pos += 1;
            let right = self.and()?;
            value = value || right;
        }
        Ok(value)
    }

    fn and(&mut self) -> Result<bool, String> {
        let mut value = self.not()?;
        while self.peek() == Some("-a") {
            self.pos += 1;
            let right = self.not()?;
            value = value && right;
        }
        Ok(value)
    }

    fn not(&mut self) -> Result<bool, String> {
        let mut negations = 0;
        while self.peek() == Some("!") {
            self.pos += 1;
            negations += 1;
        }
        let value = self.primary()?;
        Ok(value ^ (negations % 2 == 1))
    }

    fn primary(&mut self) -> Result<bool, String> {
        let args = self.args;
        let Some(&first) = args.get(self.pos) else {
            return Err("argument expected".to_owned());
        };
        if first == "(" {
            self.depth += 1;
            if self.depth > MAX_TEST_DEPTH {
                return Err("expression nested too deeply".to_owned());
            }
            self.pos += 1;
            let value = self.or()?;
            if self.peek() != Some(")") {
                return Err("`)' expected".to_owned());
            }
            self.pos += 1;
            self.depth -= 1;
            return Ok(value);
        }
        if let (Some(op), Some(b)) = (args.get(self.pos + 1), args.get(self.pos + 2))
            && BINARY.contains(op)
        {
            self.pos += 3;
            return self.test.binary(first, op, b);
        }
        if UNARY.contains(&first)
            && let Some(arg) = args.get(self.pos + 1)
        {
            self.pos += 2;
            return self.test.unary(first, arg);
        }
        self.pos += 1;
        Ok(!first.is_empty())
    }
}
