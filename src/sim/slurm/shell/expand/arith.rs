//! Arithmetic of `$((...))`, on 64-bit integers that wrap as bash's do:
//! numbers (`10`, `0x1f`, `017`), variables by name (unset or empty is 0),
//! parentheses, the unary `+ - ! ~`, the binary `** * / % + - << >> < <=
//! > >= == != & ^ | && ||` and `?:`, with C's precedence. Assignments
//! (`=`, `+=`, `++`) are refused with a message. Errors are bash's whole
//! messages, after `bash: `.

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

/// Other operators the tokenizer knows.
const OTHER: [&str; 14] = [
    "++", "--", "+=", "-=", "*=", "/=", "=", "^", "!", "~", "(", ")", "?", ":",
];

struct Parser<'a> {
    text: &'a str,
    toks: Vec<(usize, Tok)>,
    pos: usize,
    lookup: &'a dyn Fn(&str) -> Option<String>,
    depth: usize,
}

/// Evaluates `text`, looking variables up with `lookup`.
pub(in super::super) fn eval(
    text: &str,
    lookup: &dyn Fn(&str) -> Option<String>,
) -> Result<i64, String> {
    eval_at(text, lookup, 0)
}

fn eval_at(
    text: &str,
    lookup: &dyn Fn(&str) -> Option<String>,
    depth: usize,
) -> Result<i64, String> {
    let toks = tokenize(text)?;
    if toks.is_empty() {
        return Ok(0);
    }
    let mut p = Parser {
        text,
        toks,
        pos: 0,
        lookup,
        depth,
    };
    let value = p.ternary()?;
    if p.pos < p.toks.len() {
        return Err(p.error("syntax error in expression"));
    }
    Ok(value)
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
            let len = rest
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(rest.len());
            let digits = &rest[..len];
            let value = number(digits).ok_or_else(|| {
                format!(
                    "{}: value too great for base (error token is \"{digits}\")",
                    text.trim()
                )
            })?;
            toks.push((i, Tok::Num(value)));
            i += len;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let len = rest
                .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .unwrap_or(rest.len());
            toks.push((i, Tok::Name(rest[..len].to_owned())));
            i += len;
        } else if let Some(op) = BINARY
            .iter()
            .map(|(op, _)| *op)
            .chain(OTHER)
            .filter(|op| rest.starts_with(op))
            .max_by_key(|op| op.len())
        {
            toks.push((i, Tok::Op(op)));
            i += op.len();
        } else {
            return Err(format!(
                "{}: syntax error: invalid arithmetic operator (error token is \"{}\")",
                text.trim(),
                rest.trim_end()
            ));
        }
    }
    Ok(toks)
}

/// A number as bash reads it: decimal, `0x` hexadecimal, `0` octal.
fn number(digits: &str) -> Option<i64> {
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
        let rest = self.text[at..].trim();
        let token = if rest.is_empty() {
            self.toks
                .last()
                .map_or("", |(at, _)| self.text[*at..].trim())
        } else {
            rest
        };
        format!("{}: {what} (error token is \"{token}\")", self.text.trim())
    }

    fn deeper(&mut self) -> Result<(), String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!(
                "{}: expression nested deeper than {MAX_DEPTH} levels",
                self.text.trim()
            ));
        }
        Ok(())
    }

    fn ternary(&mut self) -> Result<i64, String> {
        self.deeper()?;
        let condition = self.binary(0)?;
        let value = if self.peek_op() == Some("?") {
            self.pos += 1;
            let yes = self.ternary()?;
            if self.peek_op() != Some(":") {
                return Err(self.error("syntax error in expression"));
            }
            self.pos += 1;
            let no = self.ternary()?;
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
            let right = if op == "**" {
                self.binary(prec)?
            } else {
                self.binary(prec + 1)?
            };
            left = self.apply(op, left, right, operand_at)?;
        }
    }

    fn apply(&self, op: &str, a: i64, b: i64, operand_at: usize) -> Result<i64, String> {
        Ok(match op {
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
                let v = self.ternary()?;
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
            Some((_, Tok::Name(name))) => {
                self.pos += 1;
                if matches!(
                    self.peek_op(),
                    Some("=" | "+=" | "-=" | "*=" | "/=" | "++" | "--")
                ) {
                    return Err(format!(
                        "{}: assignment in $((...)) is not available in this simulated shell; write {name}=$((...))",
                        self.text.trim()
                    ));
                }
                self.variable(&name)?
            }
            Some((_, Tok::Op("++" | "--"))) => {
                return Err(format!(
                    "{}: ++ and -- are not available in this simulated shell; write i=$((i+1))",
                    self.text.trim()
                ));
            }
            _ => return Err(self.error("syntax error: operand expected")),
        };
        self.depth -= 1;
        Ok(value)
    }

    /// A variable's value: its text evaluated as an expression.
    fn variable(&self, name: &str) -> Result<i64, String> {
        let value = (self.lookup)(name).unwrap_or_default();
        let value = value.trim();
        if value.is_empty() {
            return Ok(0);
        }
        if let Ok(n) = value.parse::<i64>() {
            return Ok(n);
        }
        eval_at(value, self.lookup, self.depth + 1)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn calc(text: &str) -> Result<i64, String> {
        let lookup = |name: &str| match name {
            "n" => Some("4".to_owned()),
            "e" => Some("n*2".to_owned()),
            "loop" => Some("loop".to_owned()),
            _ => None,
        };
        eval(text, &lookup)
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
        assert!(calc("i++").is_err());
        assert!(calc("1 2").unwrap_err().contains("syntax error"));
    }
}
