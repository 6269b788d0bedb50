//! Typed settings: each value read as its key's type says
//! (`src/common/parse_value.c`), kept in tables where a later setting of a
//! key replaces an earlier one, as Slurm's hash tables do.

use super::error::ConfErrorKind;
use super::keys::{self, Kind, Spec};
use super::lines::{Pair, next_pair};

/// A value read by its key's type; text stays in [`Setting::text`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Value {
    /// Text, not interpreted here.
    Text,
    /// A 16-bit number.
    U16(u16),
    /// A 32-bit number.
    U32(u32),
    /// A 64-bit number.
    U64(u64),
    /// A yes/no value.
    Bool(bool),
}

/// One key set on one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Setting {
    /// The key as Slurm spells it.
    pub(super) key: &'static str,
    /// The value as written (without quotes).
    pub(super) text: String,
    /// The value read by type.
    pub(super) value: Value,
    /// The line it is on.
    pub(super) line: usize,
}

/// Settings by key, in the order first set.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct Table {
    settings: Vec<Setting>,
}

impl Table {
    /// Sets a key, replacing an earlier setting of it.
    pub(super) fn set(&mut self, setting: Setting) {
        match self.settings.iter_mut().find(|s| s.key == setting.key) {
            Some(old) => *old = setting,
            None => self.settings.push(setting),
        }
    }

    /// Sets every key of `newer` (a later `DEFAULT` line over earlier ones).
    pub(super) fn merge(&mut self, newer: Self) {
        newer.settings.into_iter().for_each(|s| self.set(s));
    }

    /// The settings, in the order first set.
    pub(super) fn iter(&self) -> impl Iterator<Item = &Setting> {
        self.settings.iter()
    }
}

/// A line's own settings over those of the `DEFAULT` line before it.
pub(super) struct Layered<'a> {
    /// The line's own settings.
    pub(super) own: &'a Table,
    /// The `NodeName=DEFAULT` or `PartitionName=DEFAULT` settings.
    pub(super) defaults: &'a Table,
}

/// Typed reads of settings by key (the key as Slurm spells it).
pub(super) trait Lookup {
    /// The setting of `key`, if set.
    fn get(&self, key: &str) -> Option<&Setting>;

    /// The text of `key`.
    fn text(&self, key: &str) -> Option<&str> {
        self.get(key).map(|s| s.text.as_str())
    }

    /// The 16-bit number of `key`.
    fn u16(&self, key: &str) -> Option<u16> {
        match self.get(key)?.value {
            Value::U16(v) => Some(v),
            _ => None,
        }
    }

    /// The 32-bit number of `key`.
    fn u32(&self, key: &str) -> Option<u32> {
        match self.get(key)?.value {
            Value::U32(v) => Some(v),
            _ => None,
        }
    }

    /// The 64-bit number of `key`.
    fn u64(&self, key: &str) -> Option<u64> {
        match self.get(key)?.value {
            Value::U64(v) => Some(v),
            _ => None,
        }
    }

    /// The yes/no value of `key`.
    fn flag(&self, key: &str) -> Option<bool> {
        match self.get(key)?.value {
            Value::Bool(v) => Some(v),
            _ => None,
        }
    }
}

impl Lookup for Table {
    fn get(&self, key: &str) -> Option<&Setting> {
        self.settings.iter().find(|s| s.key == key)
    }
}

impl Lookup for Layered<'_> {
    fn get(&self, key: &str) -> Option<&Setting> {
        self.own.get(key).or_else(|| self.defaults.get(key))
    }
}

/// Reads one pair against the keys in `specs`.
pub(super) fn read_pair(
    specs: &'static [Spec],
    pair: Pair<'_>,
    line: usize,
) -> Result<Setting, ConfErrorKind> {
    let &(key, kind) =
        keys::find(specs, pair.key).ok_or_else(|| ConfErrorKind::UnrecognizedKey {
            key: pair.key.to_owned(),
        })?;
    Ok(Setting {
        key,
        text: pair.value.to_owned(),
        value: convert(key, kind, pair.value)?,
        line,
    })
}

/// Reads every pair of `text` against `specs`: the options after the head
/// of a `NodeName` or `PartitionName` line.
pub(super) fn read_pairs(
    specs: &'static [Spec],
    text: &str,
    line: usize,
) -> Result<Table, ConfErrorKind> {
    let mut table = Table::default();
    let mut rest = text;
    while let Some((pair, after)) = next_pair(rest) {
        table.set(read_pair(specs, pair, line)?);
        rest = after;
    }
    nothing_left(rest)?;
    Ok(table)
}

/// Refuses text left after the last pair of a line.
pub(super) fn nothing_left(rest: &str) -> Result<(), ConfErrorKind> {
    let rest = rest.trim();
    if rest.is_empty() {
        Ok(())
    } else {
        Err(ConfErrorKind::Garbage {
            text: rest.to_owned(),
        })
    }
}

/// Reads `text` as `kind`.
fn convert(key: &'static str, kind: Kind, text: &str) -> Result<Value, ConfErrorKind> {
    let too_large = |max: u64| ConfErrorKind::TooLarge {
        key,
        value: text.to_owned(),
        max,
    };
    Ok(match kind {
        Kind::Text => Value::Text,
        Kind::Bool => Value::Bool(boolean(key, text)?),
        Kind::U16 => {
            let n = unsigned(key, text, u16::MAX.into(), false)?;
            Value::U16(u16::try_from(n).map_err(|_| too_large(u16::MAX.into()))?)
        }
        Kind::U32 => {
            let n = unsigned(key, text, u32::MAX.into(), true)?;
            Value::U32(u32::try_from(n).map_err(|_| too_large(u32::MAX.into()))?)
        }
        Kind::U64 => Value::U64(unsigned(key, text, u64::MAX, true)?),
    })
}

/// Reads a yes/no value as `s_p_handle_boolean`: YES, UP, TRUE, 1 or NO,
/// DOWN, FALSE, 0, in any case.
fn boolean(key: &'static str, text: &str) -> Result<bool, ConfErrorKind> {
    let is = |words: [&str; 4]| words.iter().any(|w| w.eq_ignore_ascii_case(text));
    if is(["yes", "up", "true", "1"]) {
        Ok(true)
    } else if is(["no", "down", "false", "0"]) {
        Ok(false)
    } else {
        Err(ConfErrorKind::NotABoolean {
            key,
            value: text.to_owned(),
        })
    }
}

/// Reads an unsigned number as `s_p_handle_uint16/32/64` do (`strtoul` with
/// base 0): decimal, `0x` hexadecimal or `0` octal, a `k` suffix
/// multiplying by 1024 where `kilo`, and `UNLIMITED` or `INFINITE` as `max`.
fn unsigned(key: &'static str, text: &str, max: u64, kilo: bool) -> Result<u64, ConfErrorKind> {
    let value = || text.to_owned();
    let (negative, body) = match text.strip_prefix('-') {
        Some(body) => (true, body),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (body, factor) = match body.strip_suffix(['k', 'K']) {
        Some(body) if kilo => (body, 1024),
        _ => (body, 1),
    };
    let (radix, digits) = match body.strip_prefix("0x").or_else(|| body.strip_prefix("0X")) {
        Some(hex) => (16, hex),
        None if body.len() > 1 && body.starts_with('0') => (8, &body[1..]),
        None => (10, body),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        if ["UNLIMITED", "INFINITE"]
            .iter()
            .any(|w| w.eq_ignore_ascii_case(text))
        {
            return Ok(max);
        }
        return Err(ConfErrorKind::NotANumber {
            key,
            value: value(),
        });
    }
    let n = u64::from_str_radix(digits, radix)
        .ok()
        .and_then(|n| n.checked_mul(factor))
        .ok_or_else(|| ConfErrorKind::OutOfRange {
            key,
            value: value(),
        })?;
    if negative {
        return Err(ConfErrorKind::Negative {
            key,
            value: value(),
        });
    }
    if n > max {
        return Err(ConfErrorKind::TooLarge {
            key,
            value: value(),
            max,
        });
    }
    Ok(n)
}
