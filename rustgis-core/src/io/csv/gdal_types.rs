//! GDAL's type detection for CSV columns (its CSV driver's `AUTODETECT_TYPE=YES`), for
//! `"detect_types": "gdal"`: each cell is classed as GDAL classes it, and a column takes the type
//! GDAL gives the classes it holds. Where GDAL's reading is wrong in a way a user would not
//! accept, RustGIS reads the cell right and says so (docs/user-guide/data.md):
//!
//! - an integer beyond 64 bits (GDAL: Integer64 holding 9223372036854775807) makes a float column;
//! - a number with blanks around it (` 12 `; GDAL: an integer column in which that cell is null)
//!   is read as its number;
//! - a date-time with a UTC offset (`2024-05-01T12:30:00+02:00`; GDAL keeps 12:30 and the offset
//!   beside it) is read as its UTC time (10:30), with a notice;
//! - a column of times of day (GDAL's Time) stays text as written: RustGIS has no time type.

use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// What GDAL makes of one non-empty cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// An integer; `zero_or_one` when it is `0` or `1`, which a column of booleans may hold.
    Integer {
        zero_or_one: bool,
    },
    /// An integer that does not fit 64 bits.
    HugeInteger,
    Real,
    Bool,
    Date,
    Time,
    DateTime,
    Text,
}

/// Classes `cell` as GDAL's type detection does (blanks around a number are skipped, as GDAL
/// skips them when it detects).
fn class_of(cell: &str) -> Class {
    let trimmed = cell.trim_matches(' ');
    if trimmed.is_empty() {
        return Class::Text;
    }
    if let Some(class) = number_class(trimmed) {
        return class;
    }
    if ["true", "false", "yes", "no", "y", "n", "t", "f", "on", "off"].iter().any(|w| trimmed.eq_ignore_ascii_case(w)) {
        return Class::Bool;
    }
    if is_date(cell) {
        return Class::Date;
    }
    if is_time(cell) {
        return Class::Time;
    }
    if datetime_of(cell).is_some() {
        return Class::DateTime;
    }
    Class::Text
}

/// An integer or a real as GDAL reads numbers: an optional sign, digits with at most one point,
/// an optional exponent, or `inf`/`-inf`/`nan`. A number written with a leading zero (`007`,
/// `-007`, `007.5`, but not `0`, `-0` or `0.5`) is text, as GDAL keeps postcodes.
fn number_class(s: &str) -> Option<Class> {
    let unsigned = s.strip_prefix(['+', '-']).unwrap_or(s);
    if ["inf", "nan"].iter().any(|w| unsigned.eq_ignore_ascii_case(w)) {
        return Some(Class::Real);
    }
    let (mantissa, exponent) = match unsigned.find(['e', 'E']) {
        Some(at) => (&unsigned[..at], Some(&unsigned[at + 1..])),
        None => (unsigned, None),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !fraction.is_none_or(digits) || (whole.is_empty() && fraction.is_none_or(str::is_empty)) {
        return None;
    }
    if let Some(exponent) = exponent {
        let exponent = exponent.strip_prefix(['+', '-']).unwrap_or(exponent);
        if exponent.is_empty() || !digits(exponent) {
            return None;
        }
    }
    if whole.len() > 1 && whole.starts_with('0') {
        return Some(Class::Text);
    }
    if fraction.is_some() || exponent.is_some() {
        return Some(Class::Real);
    }
    Some(match s.parse::<i64>() {
        Ok(n) => Class::Integer { zero_or_one: n == 0 || n == 1 },
        Err(_) => Class::HugeInteger,
    })
}

/// `YYYY-MM-DD` or `YYYY/MM/DD`, a real date.
fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    s.len() == 10 && (b[4] == b'-' || b[4] == b'/') && b[7] == b[4] && parse_date(&s.replace('/', "-")).is_some()
}

/// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, a real time of day.
fn is_time(s: &str) -> bool {
    let (hms, fraction) = s.split_once('.').map_or((s, None), |(a, b)| (a, Some(b)));
    if fraction.is_some_and(|f| f.is_empty() || !f.bytes().all(|b| b.is_ascii_digit())) {
        return false;
    }
    let parts: Vec<&str> = hms.split(':').collect();
    let two_digits = |p: &str| p.len() == 2 && p.bytes().all(|b| b.is_ascii_digit());
    if !(parts.len() == 2 || (parts.len() == 3)) || !parts.iter().all(|p| two_digits(p)) {
        return false;
    }
    let n = |i: usize| parts[i].parse::<u8>().unwrap_or(u8::MAX);
    n(0) < 24 && n(1) < 60 && (parts.len() == 2 || n(2) <= 60) && (fraction.is_none() || parts.len() == 3)
}

/// A date and a time (`T` or a blank between, seconds optional) with no zone, `Z`, or a UTC
/// offset (`+02:00`, `+0200`, `+02`): the UTC date-time, and whether an offset was applied.
fn datetime_of(s: &str) -> Option<(time::PrimitiveDateTime, bool)> {
    if s.len() < 16 {
        return None;
    }
    let (date, rest) = s.split_at(10);
    if !is_date(date) || !matches!(rest.as_bytes().first(), Some(b'T' | b' ')) {
        return None;
    }
    let clock = &rest[1..];
    let (clock, offset_minutes) = match clock.rfind(['+', '-']) {
        Some(at) => (&clock[..at], Some(offset_of(&clock[at..])?)),
        None => (clock.strip_suffix('Z').unwrap_or(clock), None),
    };
    if !is_time(clock) {
        return None;
    }
    let local = parse_datetime(&format!("{}T{clock}", date.replace('/', "-")))?;
    match offset_minutes {
        Some(minutes) => Some((local - time::Duration::minutes(i64::from(minutes)), true)),
        None => Some((local, false)),
    }
}

/// `+HH:MM`, `+HHMM` or `+HH` (or `-`) in minutes east of UTC.
fn offset_of(text: &str) -> Option<i16> {
    let sign: i16 = if text.starts_with('-') { -1 } else { 1 };
    let digits: String = text[1..].chars().filter(|c| *c != ':').collect();
    if !(digits.len() == 2 || digits.len() == 4) || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let hours: i16 = digits[..2].parse().ok()?;
    let minutes: i16 = if digits.len() == 4 { digits[2..].parse().ok()? } else { 0 };
    (hours <= 14 && minutes < 60).then_some(sign * (hours * 60 + minutes))
}

/// The type GDAL gives a column holding `classes` (empty cells left out), as RustGIS keeps it.
fn column_type(classes: &[Class]) -> FieldType {
    let all = |f: fn(&Class) -> bool| !classes.is_empty() && classes.iter().all(f);
    if all(|c| matches!(c, Class::Integer { .. })) {
        FieldType::Integer
    } else if all(|c| matches!(c, Class::Integer { .. } | Class::HugeInteger | Class::Real)) {
        FieldType::Float
    } else if all(|c| matches!(c, Class::Bool | Class::Integer { zero_or_one: true })) {
        FieldType::Bool
    } else if all(|c| matches!(c, Class::Date)) {
        FieldType::Date
    } else if all(|c| matches!(c, Class::Date | Class::DateTime)) {
        FieldType::Datetime
    } else {
        FieldType::String
    }
}

/// Works out `column`'s type by GDAL's rules and converts its texts to it; `name` names the
/// column in the notices, which say what RustGIS read differently from GDAL.
pub(super) fn detect_and_convert(column: &mut [Value], name: &str, notices: &mut Vec<String>) -> FieldType {
    let classes: Vec<Class> = column.iter().filter_map(Value::as_str).map(class_of).collect();
    let field_type = column_type(&classes);
    if classes.contains(&Class::HugeInteger) && field_type == FieldType::Float {
        notices.push(format!(
            "column '{name}' holds integers beyond 64 bits: read as floats (GDAL makes it a 64-bit integer column \
             that holds 9223372036854775807 for them)"
        ));
    }
    if !classes.is_empty() && classes.iter().all(|c| *c == Class::Time) {
        notices.push(format!(
            "column '{name}' holds times of day (GDAL's Time type): kept as text as written, since RustGIS has no \
             time-of-day type"
        ));
    }
    let mut shifted = 0;
    for value in column.iter_mut() {
        let Value::String(text) = value else { continue };
        let trimmed = text.trim_matches(' ');
        *value = match field_type {
            FieldType::Integer => trimmed.parse().map_or(Value::Null, Value::Int),
            FieldType::Float => {
                let unsigned = trimmed.strip_prefix(['+', '-']).unwrap_or(trimmed);
                let negative = trimmed.starts_with('-');
                let float = if unsigned.eq_ignore_ascii_case("inf") {
                    if negative { f64::NEG_INFINITY } else { f64::INFINITY }
                } else {
                    trimmed.parse().unwrap_or(f64::NAN)
                };
                Value::Float(float)
            }
            FieldType::Bool => {
                Value::Bool(["true", "yes", "y", "t", "on", "1"].iter().any(|w| trimmed.eq_ignore_ascii_case(w)))
            }
            FieldType::Date => parse_date(&text.replace('/', "-")).map_or(Value::Null, Value::Date),
            FieldType::Datetime => match (parse_date(&text.replace('/', "-")), datetime_of(text)) {
                (Some(date), _) => Value::DateTime(date.midnight()),
                (None, Some((utc, offset))) => {
                    shifted += usize::from(offset);
                    Value::DateTime(utc)
                }
                (None, None) => Value::Null,
            },
            _ => continue,
        };
    }
    if shifted > 0 {
        notices.push(format!(
            "column '{name}': {shifted} date-time{} with a UTC offset {} read as UTC (GDAL keeps the local time and \
             the offset beside it)",
            if shifted == 1 { "" } else { "s" },
            if shifted == 1 { "was" } else { "were" },
        ));
    }
    field_type
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_classed_as_gdal_classes_them() {
        assert_eq!(class_of("-3"), Class::Integer { zero_or_one: false });
        assert_eq!(class_of("1"), Class::Integer { zero_or_one: true });
        assert_eq!(class_of("00501"), Class::Text);
        assert_eq!(class_of("-007"), Class::Text);
        assert_eq!(class_of("007.5"), Class::Text);
        assert_eq!(class_of("-0"), Class::Integer { zero_or_one: true });
        assert_eq!(class_of("1."), Class::Real);
        assert_eq!(class_of(".5"), Class::Real);
        assert_eq!(class_of("+1.5e-3"), Class::Real);
        assert_eq!(class_of("NaN"), Class::Real);
        assert_eq!(class_of("-inf"), Class::Real);
        assert_eq!(class_of("1,5"), Class::Text);
        assert_eq!(class_of("0x10"), Class::Text);
        assert_eq!(class_of("1_000"), Class::Text);
        assert_eq!(class_of("99999999999999999999"), Class::HugeInteger);
        assert_eq!(class_of("Yes"), Class::Bool);
        assert_eq!(class_of("maybe"), Class::Text);
        assert_eq!(class_of("2024/05/01"), Class::Date);
        assert_eq!(class_of("2024-5-1"), Class::Text);
        assert_eq!(class_of("01/05/2024"), Class::Text);
        assert_eq!(class_of("12:30"), Class::Time);
        assert_eq!(class_of("25:00"), Class::Text);
        assert_eq!(class_of("2024-05-01 12:30"), Class::DateTime);
        assert_eq!(class_of("2024-05-01T12:30:00+02:00"), Class::DateTime);
        assert_eq!(class_of("  "), Class::Text);
    }

    #[test]
    fn a_date_time_with_an_offset_reads_as_its_utc_time_with_a_notice() {
        let mut column =
            vec![Value::String("2024-05-01T12:30:00+02:00".into()), Value::String("2024-05-01T12:30:00Z".into())];
        let mut notices = Vec::new();
        assert_eq!(detect_and_convert(&mut column, "at", &mut notices), FieldType::Datetime);
        assert_eq!(column[0].to_string(), "2024-05-01T10:30:00");
        assert_eq!(column[1].to_string(), "2024-05-01T12:30:00");
        assert!(notices[0].starts_with("column 'at': 1 date-time with a UTC offset was read as UTC"), "{notices:?}");
    }
}
