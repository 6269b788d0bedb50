//! Arithmetic of `$((...))`, `((...))`, `let` and `for ((...))`, on 64-bit
//! integers that wrap as bash's do: numbers (`10`, `0x1f`, `017`,
//! `2#101`), variables by name (unset or empty is 0), parentheses, the
//! unary `+ - ! ~` and `++ --` (before or after a name), the binary `** *
//! / % + - << >> < <= > >= == != & ^ | && ||`, `?:`, the assignments `= *=
//! /= %= += -= <<= >>= &= ^= |=` and `,`, with C's precedence. `&&`, `||`
//! and `?:` evaluate only the side they need, as bash does (no assignment
//! and no division error on the other). Errors are bash's whole messages,
//! after `bash: `.

/// How deep parentheses, operators and variables holding expressions may
/// nest: the evaluation recurses, and the stack is small.
const MAX_DEPTH: usize = 64;

/// A token.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Num(i64),
    Name(String),
    Op(&'static str),
}

/// Binary operators, longest first, with their precedence (higher binds
/// tighter).
const BINARY: [(&str, u8); 18] = [
    ("**", 12),
    ("<<", 9),
    (">>", 9),
    ("<=", 8),
    (">=", 8),
    ("==", 7),
    ("!=", 7),
    ("&&", 3),
    ("||", 2),
    ("*", 11),
    ("/", 11),
    ("%", 11),
    ("+", 10),
    ("-", 10),
    ("<", 8),
    (">", 8),
    ("&", 6),
    ("|", 4),
];

/// The assignment operators, each with the binary operator it applies
/// (`=` none).
const ASSIGN: [(&str, &str); 11] = [
    ("=", ""),
    ("*=", "*"),
    ("/=", "/"),
    ("%=", "%"),
    ("+=", "+"),
    ("-=", "-"),
    ("<<=", "<<"),
    (">>=", ">>"),
    ("&=", "&"),
    ("^=", "^"),
    ("|=", "|"),
];

/// Other operators the tokenizer knows.
const OTHER: [&str; 10] = ["++", "--", "^", "!", "~", "(", ")", "?", ":", ","];

/// Where an expression reads and writes its variables.
pub(in super::super) trait Vars {
    /// The value of `name` (or of the element `name[n]`), if set.
    fn get(&self, name: &str) -> Option<String>;
    /// Sets `name` (or the element `name[n]`) to `value`; bash's message
    /// if it may not be (`x: readonly variable`).
    fn set(&mut self, name: &str, value: i64) -> Result<(), String>;
}

struct Parser<'a> {
    text: &'a str,
    toks: Vec<(usize, Tok)>,
    pos: usize,
    vars: &'a mut dyn Vars,
    depth: usize,
    /// Inside the side of `&&`, `||` or `?:` that is not evaluated: no
    /// assignment happens and no division fails.
    skip: usize,
}

/// Evaluates `text`, reading and assigning variables in `vars`.
pub(in super::super) fn eval(text: &str, vars: &mut dyn Vars) -> Result<i64, String> {
    eval_at(text, vars, 0)
}

fn eval_at(text: &str, vars: &mut dyn Vars, depth: usize) -> Result<i64, String> {
    // bash's messages quote the expression without its leading blanks.
    let text = text.trim_start();
    let toks = tokenize(text)?;
    if toks.is_empty() {
        return Ok(0);
    }
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        vars,
        depth,
        skip: 0,
    };
    let value = p.comma()?;
    if p.pos < p.toks.len() {
        return Err(p.error("syntax error in expression"));
    }
    Ok(value)
}

/// The length of the `[...]` that `text` starts with, brackets nested.
fn subscript_len(text: &str) -> Option<usize> {
    let mut open = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '[' => open += 1,
            ']' if open == 1 => return Some(i + 1),
            ']' => open -= 1,
            _ => {}
        }
    }
    None
}

fn tokenize(text: &str) -> Result<Vec<(usize, Tok)>, String> {
    let mut toks = Vec::new();
    let mut i = 0;
    let bytes = text.as_bytes();
    while i < text.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let rest = &text[i..];
        if c.is_ascii_digit() {
            let mut len = rest
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(rest.len());
            // `base#digits`, whose digits may be `@` and `_` too.
            if rest[len..].starts_with('#') {
                len += 1 + rest[len + 1..]
                    .find(|c: char| !c.is_ascii_alphanumeric() && c != '_' && c != '@')
                    .unwrap_or(rest.len() - len - 1);
            }
            let digits = &rest[..len];
            let value = number(digits).ok_or_else(|| {
                format!("{text}: value too great for base (error token is \"{digits}\")")
            })?;
            toks.push((i, Tok::Num(value)));
            i += len;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let mut len = rest
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(rest.len());
            // An array's element, `a[i+1]`: the name keeps its subscript.
            if rest[len..].starts_with('[') {
                len += subscript_len(&rest[len..]).ok_or_else(|| {
                    format!("{text}: bad array subscript (error token is \"{rest}\")")
                })?;
            }
            toks.push((i, Tok::Name(rest[..len].to_owned())));
            i += len;
        } else if let Some(op) = BINARY
            .iter()
            .map(|(op, _)| *op)
            .chain(ASSIGN.iter().map(|(op, _)| *op))
            .chain(OTHER)
            .filter(|op| rest.starts_with(op))
            .max_by_key(|op| op.len())
        {
            toks.push((i, Tok::Op(op)));
            i += op.len();
        } else {
            return Err(format!(
                "{text}: syntax error: invalid arithmetic operator (error token is \"{rest}\")"
            ));
        }
    }
    Ok(toks)
}

/// A number as bash reads it: decimal, `0x` hexadecimal, `0` octal,
/// `base#digits` (bases 2 to 64: `0-9`, `a-z`, `A-Z`, `@`, `_`, letters
/// of either case alike up to base 36).
fn number(digits: &str) -> Option<i64> {
    if let Some((base, body)) = digits.split_once('#') {
        let base: u32 = base.parse().ok().filter(|b| (2..=64).contains(b))?;
        return body.chars().try_fold(0i64, |n, c| {
            let d = match c {
                '0'..='9' => c as u32 - '0' as u32,
                'a'..='z' => c as u32 - 'a' as u32 + 10,
                'A'..='Z' if base <= 36 => c as u32 - 'A' as u32 + 10,
                'A'..='Z' => c as u32 - 'A' as u32 + 36,
                '@' => 62,
                _ => 63,
            };
            (d < base).then(|| n.wrapping_mul(i64::from(base)).wrapping_add(i64::from(d)))
        });
    }
    let (radix, body) = if let Some(hex) = digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        (16, hex)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    u64::from_str_radix(body, radix).ok().map(|v| v as i64)
}

impl Parser<'_> {
    fn peek_op(&self) -> Option<&'static str> {
        match self.toks.get(self.pos) {
            Some((_, Tok::Op(op))) => Some(op),
            _ => None,
        }
    }

    /// The message `what` at the current token.
    fn error(&self, what: &str) -> String {
        self.error_at(self.pos, what)
    }

    /// The message `what`, with the text from token `pos` on as bash's
    /// "error token".
    fn error_at(&self, pos: usize, what: &str) -> String {
        let at = self.toks.get(pos).map_or(self.text.len(), |(at, _)| *at);
        let rest = &self.text[at..];
        let token = if rest.trim().is_empty() {
            self.toks.last().map_or("", |(at, _)| &self.text[*at..])
        } else {
            rest
        };
        format!("{}: {what} (error token is \"{token}\")", self.text)
    }

    fn deeper(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!(
                "{}: expression nested deeper than {MAX_DEPTH} levels",
                self.text
            ));
        }
        Ok(())
    }

    /// Expressions separated by `,`: the last one's value.
    fn comma(&mut self) -> Result<i64, String> {
        let mut value = self.assignment()?;
        while self.peek_op() == Some(",") {
            self.pos += 1;
            value = self.assignment()?;
        }
        Ok(value)
    }

    /// `name op= value` (grouping to the right), or a conditional.
    fn assignment(&mut self) -> Result<i64, String> {
        let assign =
            |op: Option<&str>| ASSIGN.iter().find(|(a, _)| Some(*a) == op).map(|(_, b)| *b);
        let target = match (self.toks.get(self.pos), self.toks.get(self.pos + 1)) {
            (Some((_, Tok::Name(name))), Some((_, Tok::Op(op)))) => {
                assign(Some(op)).map(|binary| (name.clone(), binary))
            }
            _ => None,
        };
        let Some((name, binary)) = target else {
            let value = self.ternary()?;
            if assign(self.peek_op()).is_some() {
                return Err(self.error("attempted assignment to non-variable"));
            }
            return Ok(value);
        };
        self.deeper()?;
        self.pos += 2;
        let name = self.element(&name)?;
        let operand_at = self.pos;
        let right = self.assignment()?;
        let value = if binary.is_empty() {
            right
        } else {
            let left = self.variable(&name)?;
            self.apply(binary, left, right, operand_at)?
        };
        self.store(&name, value)?;
        self.depth -= 1;
        Ok(value)
    }

    /// Assigns `value` to `name`, unless on a side not evaluated.
    fn store(&mut self, name: &str, value: i64) -> Result<(), String> {
        if self.skip == 0 {
            self.vars.set(name, value)?;
        }
        Ok(())
    }

    /// Parses what `parse` reads without evaluating it (`skip`): the side
    /// of `&&`, `||` or `?:` that is not taken.
    fn maybe<T>(
        &mut self,
        skip: bool,
        parse: fn(&mut Self) -> Result<T, String>,
    ) -> Result<T, String> {
        self.skip += usize::from(skip);
        let value = parse(self);
        self.skip -= usize::from(skip);
        value
    }

    fn ternary(&mut self) -> Result<i64, String> {
        self.deeper()?;
        let condition = self.binary(0)?;
        let value = if self.peek_op() == Some("?") {
            self.pos += 1;
            let yes = self.maybe(condition == 0, Self::comma)?;
            if self.peek_op() != Some(":") {
                return Err(self.error("syntax error in expression"));
            }
            self.pos += 1;
            let no = self.maybe(condition != 0, Self::ternary)?;
            if condition != 0 { yes } else { no }
        } else {
            condition
        };
        self.depth -= 1;
        Ok(value)
    }

    /// Binary operators of precedence at least `min`.
    fn binary(&mut self, min: u8) -> Result<i64, String> {
        let mut left = self.unary()?;
        loop {
            let Some(op) = self.peek_op() else {
                return Ok(left);
            };
            let Some(&(_, prec)) = BINARY.iter().find(|(o, _)| *o == op) else {
                return Ok(left);
            };
            if prec < min {
                return Ok(left);
            }
            self.pos += 1;
            let operand_at = self.pos;
            // `**` groups to the right, the others to the left.
            let next = if op == "**" { prec } else { prec + 1 };
            let skip = (op == "&&" && left == 0) || (op == "||" && left != 0);
            self.skip += usize::from(skip);
            let right = self.binary(next);
            self.skip -= usize::from(skip);
            let right = right?;
            left = self.apply(op, left, right, operand_at)?;
        }
    }

    fn apply(&self, op: &str, a: i64, b: i64, operand_at: usize) -> Result<i64, String> {
        Ok(match op {
            "**" | "/" | "%" if self.skip > 0 => 0,
            "**" => {
                if b < 0 {
                    return Err(self.error_at(operand_at, "exponent less than 0"));
                }
                // By squaring, wrapping as bash's repeated multiplication.
                let (mut result, mut base, mut e) = (1i64, a, b as u64);
                while e > 0 {
                    if e & 1 == 1 {
                        result = result.wrapping_mul(base);
                    }
                    base = base.wrapping_mul(base);
                    e >>= 1;
                }
                result
            }
            "*" => a.wrapping_mul(b),
            "/" | "%" => {
                if b == 0 {
                    return Err(self.error_at(operand_at, "division by 0"));
                }
                if op == "/" {
                    a.wrapping_div(b)
                } else {
                    a.wrapping_rem(b)
                }
            }
            "+" => a.wrapping_add(b),
            "-" => a.wrapping_sub(b),
            "<<" => a.wrapping_shl(b as u32),
            ">>" => a.wrapping_shr(b as u32),
            "<" => i64::from(a < b),
            "<=" => i64::from(a <= b),
            ">" => i64::from(a > b),
            ">=" => i64::from(a >= b),
            "==" => i64::from(a == b),
            "!=" => i64::from(a != b),
            "&" => a & b,
            "^" => a ^ b,
            "|" => a | b,
            "&&" => i64::from(a != 0 && b != 0),
            _ => i64::from(a != 0 || b != 0),
        })
    }

    fn unary(&mut self) -> Result<i64, String> {
        self.deeper()?;
        let value = match self.toks.get(self.pos).cloned() {
            Some((_, Tok::Op(op @ ("-" | "+" | "!" | "~")))) => {
                self.pos += 1;
                let v = self.unary()?;
                match op {
                    "-" => v.wrapping_neg(),
                    "+" => v,
                    "!" => i64::from(v == 0),
                    _ => !v,
                }
            }
            Some((_, Tok::Op("("))) => {
                self.pos += 1;
                let v = self.comma()?;
                if self.peek_op() != Some(")") {
                    return Err(self.error("missing `)'"));
                }
                self.pos += 1;
                v
            }
            Some((_, Tok::Num(n))) => {
                self.pos += 1;
                n
            }
            // `++name`, `--name`: the new value.
            Some((_, Tok::Op(op @ ("++" | "--")))) => {
                self.pos += 1;
                match self.toks.get(self.pos).cloned() {
                    Some((_, Tok::Name(name))) => {
                        self.pos += 1;
                        let name = self.element(&name)?;
                        let value = self.step(&name, op)?;
                        self.store(&name, value)?;
                        value
                    }
                    // Before anything else, two signs that cancel: `--5` is 5.
                    _ => self.unary()?,
                }
            }
            Some((_, Tok::Name(name))) => {
                self.pos += 1;
                let name = self.element(&name)?;
                match self.peek_op() {
                    // `name++`, `name--`: the old value.
                    Some(op @ ("++" | "--")) => {
                        self.pos += 1;
                        let value = self.variable(&name)?;
                        let new = self.step(&name, op)?;
                        self.store(&name, new)?;
                        value
                    }
                    _ => self.variable(&name)?,
                }
            }
            _ => return Err(self.error("syntax error: operand expected")),
        };
        self.depth -= 1;
        Ok(value)
    }

    /// An array element's name with its subscript evaluated (`a[i+1]` is
    /// `a[3]`, which [`Vars`] reads and sets); any other name as it is.
    fn element(&mut self, name: &str) -> Result<String, String> {
        let Some((base, subscript)) = name.strip_suffix(']').and_then(|n| n.split_once('[')) else {
            return Ok(name.to_owned());
        };
        let n = if self.skip > 0 {
            0
        } else {
            eval_at(subscript, &mut *self.vars, self.depth + 1)?
        };
        Ok(format!("{base}[{n}]"))
    }

    /// `name` plus or minus one (`op` is `++` or `--`).
    fn step(&mut self, name: &str, op: &str) -> Result<i64, String> {
        let value = self.variable(name)?;
        Ok(if op == "++" {
            value.wrapping_add(1)
        } else {
            value.wrapping_sub(1)
        })
    }

    /// A variable's value: its text evaluated as an expression (0 on a
    /// side not evaluated).
    fn variable(&mut self, name: &str) -> Result<i64, String> {
        if self.skip > 0 {
            return Ok(0);
        }
        let value = self.vars.get(name).unwrap_or_default();
        let value = value.trim();
        if value.is_empty() {
            return Ok(0);
        }
        if let Ok(n) = value.parse::<i64>() {
            return Ok(n);
        }
        eval_at(value, &mut *self.vars, self.depth + 1)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// Variables for the tests: `n`, `e` (an expression) and `loop`
    /// (itself) set, and whatever an expression assigns.
    struct Table(Vec<(String, String)>);

    impl Vars for Table {
        fn get(&self, name: &str) -> Option<String> {
            self.0
                .iter()
                .rev()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
        }
        fn set(&mut self, name: &str, value: i64) -> Result<(), String> {
            self.0.push((name.to_owned(), value.to_string()));
            Ok(())
        }
    }

    fn table() -> Table {
        Table(
            [("n", "4"), ("e", "n*2"), ("loop", "loop")]
                .map(|(n, v)| (n.to_owned(), v.to_owned()))
                .into(),
        )
    }

    fn calc(text: &str) -> Result<i64, String> {
        eval(text, &mut table())
    }

    #[test]
    fn arithmetic_follows_c_precedence() {
        for (text, want) in [
            ("1+2*3", 7),
            ("(1+2)*3", 9),
            ("2**3**2", 512),
            ("-2**2", 4),
            ("7/2", 3),
            ("-7%3", -1),
            ("n*8", 32),
            ("e+1", 9),
            ("unset+1", 1),
            ("1<2 && 3>=3", 1),
            ("0 || 0", 0),
            ("!0", 1),
            ("~0", -1),
            ("0x1f", 31),
            ("010", 8),
            ("1 ? 2 : 3", 2),
            ("0 ? 2 : 3", 3),
            ("1<<4", 16),
            ("", 0),
        ] {
            assert_eq!(calc(text), Ok(want), "{text}");
        }
    }

    #[test]
    fn errors_are_worded_like_bash() {
        assert_eq!(
            calc("1/0"),
            Err("1/0: division by 0 (error token is \"0\")".to_owned())
        );
        assert_eq!(
            calc("1 +"),
            Err("1 +: syntax error: operand expected (error token is \"+\")".to_owned())
        );
        assert!(calc("loop").unwrap_err().contains("nested deeper"));
        assert!(
            calc(&"(".repeat(10_000))
                .unwrap_err()
                .contains("nested deeper")
        );
        assert!(calc("1 2").unwrap_err().contains("syntax error"));
        assert_eq!(
            calc("1=2"),
            Err("1=2: attempted assignment to non-variable (error token is \"=2\")".to_owned())
        );
        // Leading blanks go, trailing ones stay, as bash quotes them.
        assert_eq!(
            calc(" 1/0 "),
            Err("1/0 : division by 0 (error token is \"0 \")".to_owned())
        );
        assert_eq!(
            calc("2#2"),
            Err("2#2: value too great for base (error token is \"2#2\")".to_owned())
        );
        assert_eq!(
            calc("x++y"),
            Err("x++y: syntax error in expression (error token is \"y\")".to_owned())
        );
    }

    #[test]
    fn assignments_write_the_variables_and_return_their_value() {
        let mut vars = table();
        let mut run = |text: &str| eval(text, &mut vars);
        assert_eq!(run("i = j = 7"), Ok(7));
        assert_eq!(run("i++ + ++j"), Ok(15));
        assert_eq!(run("i-- , j--"), Ok(8));
        assert_eq!(run("--i"), Ok(6));
        assert_eq!(run("n *= 3"), Ok(12));
        assert_eq!(run("n <<= 1"), Ok(24));
        assert_eq!(run("n %= 5"), Ok(4));
        assert_eq!(run("n |= 8"), Ok(12));
        assert_eq!(run("(k = 4) + 1"), Ok(5));
        assert_eq!(run("--5"), Ok(5));
        assert_eq!(vars.get("i").as_deref(), Some("6"));
        assert_eq!(vars.get("j").as_deref(), Some("7"));
        assert_eq!(vars.get("k").as_deref(), Some("4"));
    }

    #[test]
    fn the_side_not_taken_is_not_evaluated() {
        let mut vars = table();
        assert_eq!(eval("0 && (z = 1)", &mut vars), Ok(0));
        assert_eq!(eval("1 || 1/0", &mut vars), Ok(1));
        assert_eq!(eval("0 ? 1/0 : (w = 4)", &mut vars), Ok(4));
        assert_eq!(eval("1 ? (y = 2) : (w = 5)", &mut vars), Ok(2));
        assert_eq!(vars.get("z"), None);
        assert_eq!(vars.get("w").as_deref(), Some("4"));
    }

    #[test]
    fn numbers_in_any_base_from_2_to_64() {
        for (text, want) in [
            ("2#101", 5),
            ("16#ff", 255),
            ("16#FF", 255),
            ("36#z", 35),
            ("64#@", 62),
            ("64#_", 63),
            ("64#A", 36),
        ] {
            assert_eq!(calc(text), Ok(want), "{text}");
        }
    }
}
