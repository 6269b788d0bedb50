use super::number::Quantity;
use super::*;

const MIN: f64 = 60.0;
const HOUR: f64 = 3_600.0;
const EN: DecimalMark = DecimalMark::Point;
const ES: DecimalMark = DecimalMark::Comma;

fn too_long() -> InputError {
    InputError::TooLarge {
        max: Limit::Years(MAX_DURATION_YEARS),
    }
}

fn too_many() -> InputError {
    InputError::TooLarge {
        max: Limit::Count(MAX_GPUS),
    }
}

fn unknown(unit: &str, kind: Kind) -> InputError {
    InputError::UnknownUnit {
        unit: unit.into(),
        kind,
    }
}

fn number(text: &str, mark: DecimalMark) -> Result<f64, InputError> {
    Quantity::read(text, mark).map(|q| q.value)
}

// --- numbers in each locale ---------------------------------------------------

#[test]
fn numbers_are_read_the_page_locale_way() {
    // English, Spanish, and French (a comma and narrow no-break spaces).
    for (text, mark, value) in [
        ("1.5", EN, 1.5),
        ("1,024", EN, 1_024.0),
        ("1,234,567.25", EN, 1_234_567.25),
        ("16 384", EN, 16_384.0),
        ("1,5", ES, 1.5),
        ("1.000", ES, 1_000.0),
        ("1.234.567,25", ES, 1_234_567.25),
        ("16 384", ES, 16_384.0),
        ("0,500", ES, 0.5),
        ("0.500", EN, 0.5),
        ("16\u{202f}384,5", ES, 16_384.5),
        ("1\u{a0}000", EN, 1_000.0),
        (".5", EN, 0.5),
        (",5", ES, 0.5),
        ("1e3", EN, 1_000.0),
        ("1,5e3", ES, 1_500.0),
        ("2^14", ES, 16_384.0),
    ] {
        assert_eq!(number(text, mark), Ok(value), "{text:?} with {mark:?}");
    }
}

#[test]
fn the_other_locale_decimal_mark_is_explained_not_guessed() {
    for (text, mark, suggestion) in [
        ("1.5", ES, "1,5"),
        ("1,000,000", ES, "1.000.000"),
        ("1.000,5", EN, "1,000.5"),
        ("1,5", EN, "1.5"),
        ("0,25", EN, "0.25"),
    ] {
        assert_eq!(
            number(text, mark),
            Err(InputError::DecimalMark {
                suggestion: suggestion.into()
            }),
            "{text:?} with {mark:?}"
        );
    }
}

#[test]
fn a_number_that_reads_two_ways_is_explained() {
    for (text, mark, decimal, thousands) in [
        ("1,000", ES, "1", "1000"),
        ("2.500", EN, "2.5", "2500"),
        ("16,384", ES, "16,384", "16384"),
    ] {
        assert_eq!(
            number(text, mark),
            Err(InputError::Ambiguous {
                decimal: decimal.into(),
                thousands: thousands.into(),
            }),
            "{text:?} with {mark:?}"
        );
    }
}

#[test]
fn malformed_numbers_are_not_numbers_in_any_locale() {
    for text in ["abc", "nan", "1 5", "1,2,3", "1.2.3,4,5", "."] {
        for mark in [EN, ES] {
            assert_eq!(
                number(text, mark),
                Err(InputError::NotANumber(text.into())),
                "{text:?} with {mark:?}"
            );
        }
    }
}

#[test]
fn english_defaults_are_written_the_page_way() {
    assert_eq!(ES.localize("1.1 TB"), "1,1 TB");
    assert_eq!(ES.localize("1,024"), "1.024");
    assert_eq!(EN.localize("1.1 TB"), "1.1 TB");
    assert_eq!(DecimalMark::from_mark(","), Some(ES));
    assert_eq!(DecimalMark::from_mark("·"), None);
    // What a page writes, it reads back as the same value.
    for english in ["1.1", "0.1", "1,024", "16,384.5"] {
        assert_eq!(number(&ES.localize(english), ES), number(english, EN));
    }
}

// --- durations ------------------------------------------------------------------

#[test]
fn durations_are_read_as_people_type_them() {
    for (text, mark, seconds) in [
        ("90s", EN, 90.0),
        ("90 s", EN, 90.0),
        ("90 S", EN, 90.0),
        ("5 min", EN, 300.0),
        ("5m", EN, 300.0),
        ("2h", EN, 7_200.0),
        ("2 hours", EN, 7_200.0),
        ("3d", EN, 3.0 * DAY_S),
        ("1.5 h", EN, 5_400.0),
        ("1,5 h", ES, 5_400.0),
        (".5 h", EN, 1_800.0),
        ("  +4 min ", EN, 240.0),
        ("2 weeks", EN, 14.0 * DAY_S),
        ("5 y", EN, 5.0 * YEAR_S),
        ("5 minutos", ES, 300.0),
        ("3 días", ES, 3.0 * DAY_S),
        ("1,000 h", EN, 3.6e6),
        ("1.000 s", ES, 1_000.0),
        ("1\u{a0}000 s", EN, 1_000.0),
        ("1,234.5 s", EN, 1_234.5),
        ("1.234,5 s", ES, 1_234.5),
        ("1e3 s", EN, 1_000.0),
        ("0", EN, 0.0),
        ("7", EN, 420.0),
    ] {
        assert_eq!(parse_duration(text, 60.0, mark), Ok(seconds), "{text:?}");
    }
}

#[test]
fn durations_are_refused_with_a_reason() {
    for (text, error) in [
        ("", InputError::Empty),
        ("   ", InputError::Empty),
        ("abc", InputError::NotANumber("abc".into())),
        ("nan", InputError::NotANumber("nan".into())),
        ("inf s", InputError::NotANumber("inf s".into())),
        ("1 5 min", InputError::NotANumber("1 5 min".into())),
        ("1,2,3 s", InputError::NotANumber("1,2,3 s".into())),
        ("5 parsecs", unknown("parsecs", Kind::Duration)),
        ("5 min 3 s", unknown("min 3 s", Kind::Duration)),
        ("-3", InputError::Negative),
        ("\u{2212}3 min", InputError::Negative),
        ("101 y", too_long()),
        ("1e400 s", too_long()),
    ] {
        assert_eq!(parse_duration(text, 60.0, EN), Err(error), "{text:?}");
    }
}

#[test]
fn errors_read_as_english() {
    for (error, text) in [
        (InputError::Empty, "enter a value"),
        (
            InputError::NotANumber("abc".into()),
            "\"abc\" is not a number",
        ),
        (
            unknown("parsecs", Kind::Duration),
            "unknown unit \"parsecs\"",
        ),
        (InputError::Negative, "must not be negative"),
        (InputError::NotPositive, "must be greater than zero"),
        (InputError::NotInteger, "must be a whole number"),
        (too_long(), "must be at most 100 years"),
        (too_many(), "must be at most 10000000"),
    ] {
        assert_eq!(error.to_string(), text);
    }
}

#[test]
fn durations_become_compact_labels() {
    for (seconds, parts, label) in [
        (45.0, (45.0, Unit::Seconds), "45 s"),
        (12.34 * MIN, (12.3, Unit::Minutes), "12.3 min"),
        (1.94 * HOUR, (1.9, Unit::Hours), "1.9 h"),
        (2.5 * DAY_S, (2.5, Unit::Days), "2.5 d"),
        (59.97, (1.0, Unit::Minutes), "1 min"),
        (3_599.9, (1.0, Unit::Hours), "1 h"),
        (5.0 * YEAR_S, (1_826.0, Unit::Days), "1826 d"),
    ] {
        assert_eq!(duration_parts(seconds), parts, "{seconds}");
        assert_eq!(format_duration(seconds), label);
    }
}

// --- counts and amounts -------------------------------------------------------

#[test]
fn counts_are_read_as_people_type_them() {
    for (text, mark, count) in [
        ("8", EN, 8.0),
        ("1024", EN, 1_024.0),
        ("1,024", EN, 1_024.0),
        ("1.024", ES, 1_024.0),
        ("16 384", EN, 16_384.0),
        ("16k", EN, 16_000.0),
        ("16K", EN, 16_000.0),
        ("1.5k", EN, 1_500.0),
        ("1,5k", ES, 1_500.0),
        ("16.1k", EN, 16_100.0),
        ("2.03k", EN, 2_030.0),
        ("2^14", EN, 16_384.0),
        ("1e3", EN, 1_000.0),
        ("10000000", EN, 1e7),
    ] {
        assert_eq!(parse_count(text, mark), Ok(count), "{text:?}");
    }
}

#[test]
fn counts_are_refused_with_a_reason() {
    for (text, error) in [
        ("", InputError::Empty),
        ("0", InputError::NotPositive),
        ("-3", InputError::Negative),
        ("abc", InputError::NotANumber("abc".into())),
        ("10^12", too_many()),
        ("1000000000000", too_many()),
        ("1e12", too_many()),
        ("1.5", InputError::NotInteger),
        ("8 gpus", unknown("gpus", Kind::Count)),
    ] {
        assert_eq!(parse_count(text, EN), Err(error), "{text:?}");
    }
    assert_eq!(parse_amount("0,25", ES), Ok(0.25));
    assert_eq!(
        parse_whole("70", 64, EN),
        Err(InputError::TooLarge {
            max: Limit::Count(64)
        })
    );
}

// --- sizes and bandwidths -----------------------------------------------------

#[test]
fn sizes_and_bandwidths_as_people_type_them() {
    assert_eq!(parse_bytes("1.1 TB", EN), Ok(1.1e12));
    assert_eq!(parse_bytes("1,1 TB", ES), Ok(1.1e12));
    assert_eq!(parse_bytes("80 GiB", EN), Ok(80.0 * 1_073_741_824.0));
    assert_eq!(parse_bytes("80", EN), Ok(80e9));
    assert_eq!(parse_bytes("500 mb", EN), Ok(500e6));
    assert_eq!(parse_bandwidth("2 GB/s", EN), Ok(2e9));
    assert_eq!(parse_bandwidth("2GB/s", EN), Ok(2e9));
    assert_eq!(parse_bandwidth("25", EN), Ok(25e9));
    assert_eq!(
        parse_bandwidth("2 GB", EN),
        Err(unknown("GB", Kind::Bandwidth))
    );
    assert_eq!(
        parse_bytes("2 parsecs", EN),
        Err(unknown("parsecs", Kind::Size))
    );
    assert_eq!(parse_bytes("2 GB/s", EN), Err(unknown("GB/s", Kind::Size)));
    assert_eq!(parse_bytes("0 GB", EN), Err(InputError::NotPositive));
    assert_eq!(parse_bytes("-1 GB", EN), Err(InputError::Negative));
    assert_eq!(
        parse_bytes("10^30 B", EN),
        Err(InputError::TooLarge {
            max: Limit::Bytes(MAX_BYTES)
        })
    );
}

// --- a form's errors ------------------------------------------------------------

#[test]
fn a_form_keeps_the_first_error_of_each_field_in_order() {
    let mut errors: FieldErrors<u8, InputError> = FieldErrors::new();
    assert_eq!(errors.check(1, parse_count("8", EN)), Some(8.0));
    assert_eq!(errors.check(2, parse_count("", EN)), None);
    errors.push(2, InputError::Negative);
    errors.push(0, InputError::NotInteger);
    assert_eq!(errors.get(2), Some(&InputError::Empty));
    assert_eq!(errors.get(1), None);
    let fields: Vec<u8> = errors.iter().map(|(f, _)| *f).collect();
    assert_eq!(fields, [2, 0]);
    assert_eq!(errors.clone().or_value(Some(1)), Err(errors));
    assert_eq!(
        FieldErrors::<u8, InputError>::new().or_value(Some(1)),
        Ok(1)
    );
    assert!(
        FieldErrors::<u8, InputError>::new()
            .or_value::<u8>(None)
            .is_err()
    );
}
