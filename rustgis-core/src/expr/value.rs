//! The values expressions compute with, and how one type converts to another the way QGIS's
//! QVariant does: text that reads as a number is a number, booleans print as `true`/`false`,
//! comparisons give the integers 1 and 0, doubles print in Qt's shortest form (`1e+05`).

use std::cmp::Ordering;
use std::fmt::Write as _;
use std::sync::Arc;

use time::{Date, PrimitiveDateTime, Time};

use super::color::Color;
use super::geom::Geom;
use crate::Value;

/// A value during evaluation.
#[derive(Debug, Clone, Default)]
pub(crate) enum Val {
    /// NULL.
    #[default]
    Null,
    /// A boolean (the literals TRUE and FALSE, and functions that answer yes or no).
    Bool(bool),
    /// A 64-bit integer.
    Int(i64),
    /// A double.
    Double(f64),
    /// Text.
    Text(Arc<str>),
    /// A calendar date.
    Date(Date),
    /// A time of day.
    Time(Time),
    /// A date and time, without a time zone (UTC when the source gave an offset).
    DateTime(PrimitiveDateTime),
    /// A duration.
    Interval(Interval),
    /// An array.
    Array(Arc<Vec<Val>>),
    /// A map from text keys, kept sorted by key as QGIS's are.
    Map(Arc<Vec<(String, Val)>>),
    /// A colour.
    Color(Color),
    /// Binary data.
    Bytes(Arc<Vec<u8>>),
    /// A geometry.
    Geometry(Arc<Geom>),
    /// A gradient colour ramp (`create_ramp`).
    Ramp(Arc<super::color::Gradient>),
    /// A feature of a layer (`get_feature`, `@feature`).
    Feature(Arc<FeatureVal>),
}

/// A feature as a value: its id, attributes by name and geometry.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FeatureVal {
    /// The feature id.
    pub id: i64,
    /// The attributes, in field order.
    pub attributes: Vec<(String, Val)>,
    /// The geometry, if any.
    pub geometry: Option<Arc<Geom>>,
}

/// A duration, as QGIS's QgsInterval: seconds (`month(to_interval('2 months'))` divides by
/// QGIS's 30-day month).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Interval {
    /// The length in seconds (a month is 30 days, a year 365.25 days).
    pub seconds: f64,
}

impl Interval {
    /// Seconds in a minute, hour, day, week, month (30 days) and year (365.25 days), as QGIS
    /// counts them.
    pub(crate) const MINUTE: f64 = 60.0;
    pub(crate) const HOUR: f64 = 3600.0;
    pub(crate) const DAY: f64 = 86_400.0;
    pub(crate) const WEEK: f64 = 604_800.0;
    pub(crate) const MONTH: f64 = 2_592_000.0;
    pub(crate) const YEAR: f64 = 31_557_600.0;
}

impl PartialEq for Val {
    /// Structural equality, for arrays, maps and tests (not the `=` operator).
    fn eq(&self, other: &Val) -> bool {
        match (self, other) {
            (Val::Null, Val::Null) => true,
            (Val::Bool(a), Val::Bool(b)) => a == b,
            (Val::Int(a), Val::Int(b)) => a == b,
            (Val::Double(a), Val::Double(b)) => a == b || (a.is_nan() && b.is_nan()),
            (Val::Text(a), Val::Text(b)) => a == b,
            (Val::Date(a), Val::Date(b)) => a == b,
            (Val::Time(a), Val::Time(b)) => a == b,
            (Val::DateTime(a), Val::DateTime(b)) => a == b,
            (Val::Interval(a), Val::Interval(b)) => a == b,
            (Val::Array(a), Val::Array(b)) => a == b,
            (Val::Map(a), Val::Map(b)) => a == b,
            (Val::Color(a), Val::Color(b)) => a == b,
            (Val::Bytes(a), Val::Bytes(b)) => a == b,
            (Val::Geometry(a), Val::Geometry(b)) => a == b,
            (Val::Feature(a), Val::Feature(b)) => a == b,
            (Val::Ramp(a), Val::Ramp(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl From<Value> for Val {
    fn from(value: Value) -> Val {
        match value {
            Value::Null => Val::Null,
            Value::Bool(b) => Val::Bool(b),
            Value::Int(i) => Val::Int(i),
            Value::Float(f) => Val::Double(f),
            Value::String(s) => Val::Text(s.into()),
            Value::Date(d) => Val::Date(d),
            Value::DateTime(d) => Val::DateTime(d),
        }
    }
}

impl From<&Value> for Val {
    fn from(value: &Value) -> Val {
        match value {
            Value::Null => Val::Null,
            Value::Bool(b) => Val::Bool(*b),
            Value::Int(i) => Val::Int(*i),
            Value::Float(f) => Val::Double(*f),
            Value::String(s) => Val::Text(s.as_str().into()),
            Value::Date(d) => Val::Date(*d),
            Value::DateTime(d) => Val::DateTime(*d),
        }
    }
}

impl From<&str> for Val {
    fn from(text: &str) -> Val {
        Val::Text(text.into())
    }
}

impl From<String> for Val {
    fn from(text: String) -> Val {
        Val::Text(text.into())
    }
}

impl Val {
    /// A text value.
    pub(crate) fn text(text: impl Into<Arc<str>>) -> Val {
        Val::Text(text.into())
    }

    /// The truth value of a comparison, as QGIS gives it: the integer 1 or 0.
    pub(crate) fn tvl(truth: Option<bool>) -> Val {
        match truth {
            Some(true) => Val::Int(1),
            Some(false) => Val::Int(0),
            None => Val::Null,
        }
    }

    /// Whether this is NULL.
    pub(crate) fn is_null(&self) -> bool {
        matches!(self, Val::Null)
    }

    /// The type's name in messages and in `the type of a value`.
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Val::Null => "NULL",
            Val::Bool(_) => "boolean",
            Val::Int(_) => "integer",
            Val::Double(_) => "double",
            Val::Text(_) => "text",
            Val::Date(_) => "date",
            Val::Time(_) => "time",
            Val::DateTime(_) => "datetime",
            Val::Interval(_) => "interval",
            Val::Array(_) => "array",
            Val::Map(_) => "map",
            Val::Color(_) => "colour",
            Val::Bytes(_) => "binary",
            Val::Geometry(_) => "geometry",
            Val::Ramp(_) => "colour ramp",
            Val::Feature(_) => "feature",
        }
    }

    /// The type and, when short, the value: `text 'abc'`, `integer 5`, `geometry`.
    pub(crate) fn describe(&self) -> String {
        match self {
            Val::Null => "NULL".to_owned(),
            Val::Text(text) if text.chars().count() <= 30 => format!("text '{text}'"),
            Val::Text(_) => "a long text".to_owned(),
            Val::Bool(_)
            | Val::Int(_)
            | Val::Double(_)
            | Val::Date(_)
            | Val::Time(_)
            | Val::DateTime(_)
            | Val::Color(_) => format!("{} {}", self.type_name(), self.to_text()),
            other => other.type_name().to_owned(),
        }
    }

    /// The value as text, the way QVariant::toString gives it (NULL gives an empty text).
    pub(crate) fn to_text(&self) -> String {
        match self {
            Val::Null => String::new(),
            Val::Bool(b) => if *b { "true" } else { "false" }.to_owned(),
            Val::Int(i) => i.to_string(),
            Val::Double(d) => format_double(*d),
            Val::Text(t) => t.to_string(),
            Val::Date(d) => format_date_iso(*d),
            Val::Time(t) => format_time_iso(*t),
            Val::DateTime(dt) => format!("{}T{}", format_date_iso(dt.date()), format_time_iso(dt.time())),
            Val::Interval(_) => String::new(),
            Val::Array(items) => items.iter().map(Val::to_text).collect::<Vec<_>>().join(","),
            Val::Map(_) | Val::Ramp(_) | Val::Feature(_) => String::new(),
            Val::Color(color) => color.to_rgba_text(),
            Val::Bytes(bytes) => String::from_utf8_lossy(bytes).into_owned(),
            Val::Geometry(geometry) => geometry.to_wkt(None),
        }
    }

    /// The value as a double, as QVariant::toDouble: numbers, booleans and text that reads as
    /// a number (not `nan` or `inf`, which QGIS refuses too).
    pub(crate) fn to_double(&self) -> Option<f64> {
        match self {
            Val::Int(i) => Some(*i as f64),
            Val::Double(d) => d.is_finite().then_some(*d),
            Val::Bool(b) => Some(f64::from(u8::from(*b))),
            Val::Text(t) => parse_double(t).filter(|d| d.is_finite()),
            _ => None,
        }
    }

    /// The value as an integer, as QVariant::toLongLong: doubles round to the nearest, text
    /// must read as a whole number.
    pub(crate) fn to_int(&self) -> Option<i64> {
        match self {
            Val::Int(i) => Some(*i),
            Val::Double(d) => round_to_i64(*d),
            Val::Bool(b) => Some(i64::from(*b)),
            Val::Text(t) => parse_int(t),
            _ => None,
        }
    }

    /// Whether the value is an integer for arithmetic: an integer, or text that reads as a
    /// 32-bit integer (QGIS's `isIntSafe`).
    pub(crate) fn is_int_safe(&self) -> bool {
        match self {
            Val::Int(_) => true,
            Val::Text(t) => parse_int(t).is_some_and(|i| i32::try_from(i).is_ok()),
            _ => false,
        }
    }

    /// Whether the value is a number for arithmetic and comparison: a number, or text that
    /// reads as a finite number (QGIS's `isDoubleSafe`).
    pub(crate) fn is_double_safe(&self) -> bool {
        match self {
            Val::Int(_) | Val::Double(_) => true,
            Val::Text(t) => parse_double(t).is_some_and(f64::is_finite),
            _ => false,
        }
    }

    /// The value as a date, as QVariant::toDate (a datetime's date, ISO text).
    pub(crate) fn to_date(&self) -> Option<Date> {
        match self {
            Val::Date(d) => Some(*d),
            Val::DateTime(dt) => Some(dt.date()),
            Val::Text(t) => parse_iso_date(t).or_else(|| parse_iso_datetime(t).map(|dt| dt.date())),
            _ => None,
        }
    }

    /// The value as a time, as QVariant::toTime (a datetime's time, ISO text).
    pub(crate) fn to_time(&self) -> Option<Time> {
        match self {
            Val::Time(t) => Some(*t),
            Val::DateTime(dt) => Some(dt.time()),
            Val::Text(t) => parse_iso_time(t).or_else(|| parse_iso_datetime(t).map(|dt| dt.time())),
            _ => None,
        }
    }

    /// The value as a datetime, as QVariant::toDateTime (a date at midnight, ISO text).
    pub(crate) fn to_datetime(&self) -> Option<PrimitiveDateTime> {
        match self {
            Val::DateTime(dt) => Some(*dt),
            Val::Date(d) => Some(d.midnight()),
            Val::Text(t) => parse_iso_datetime(t).or_else(|| parse_iso_date(t).map(Date::midnight)),
            _ => None,
        }
    }

    /// The value as an interval: an interval, or text such as `1 day 2 hours`.
    pub(crate) fn to_interval(&self) -> Option<Interval> {
        match self {
            Val::Interval(i) => Some(*i),
            Val::Text(t) => super::datetime::parse_interval(t),
            _ => None,
        }
    }

    /// The value at the boundary of the engine, for attribute tables and labels. Types a
    /// [`Value`] cannot hold become text (a geometry its WKT, a colour `r,g,b,a`, an array its
    /// items joined by commas) or a number (an interval its seconds).
    pub(crate) fn into_value(self) -> Value {
        match self {
            Val::Null => Value::Null,
            Val::Bool(b) => Value::Bool(b),
            Val::Int(i) => Value::Int(i),
            Val::Double(d) if d.is_finite() => Value::Float(d),
            Val::Double(_) => Value::Null,
            Val::Text(t) => Value::String(t.to_string()),
            Val::Date(d) => Value::Date(d),
            Val::DateTime(dt) => Value::DateTime(dt),
            Val::Interval(i) => Value::Float(i.seconds),
            Val::Map(entries) => Value::String(map_to_json(&entries)),
            Val::Array(items) => Value::String(array_to_json(&items)),
            Val::Geometry(geometry) => Value::String(geometry.to_wkt(None)),
            other => Value::String(other.to_text()),
        }
    }

    /// The value as JSON (arrays and maps nest; a geometry is WKT text).
    pub(crate) fn to_json(&self) -> serde_json::Value {
        use serde_json::Value as J;
        match self {
            Val::Null => J::Null,
            Val::Bool(b) => J::Bool(*b),
            Val::Int(i) => J::from(*i),
            Val::Double(d) => serde_json::Number::from_f64(*d).map_or(J::Null, J::Number),
            Val::Array(items) => J::Array(items.iter().map(Val::to_json).collect()),
            Val::Map(entries) => J::Object(entries.iter().map(|(k, v)| (k.clone(), v.to_json())).collect()),
            other => J::String(other.to_text()),
        }
    }
}

fn array_to_json(items: &[Val]) -> String {
    serde_json::Value::Array(items.iter().map(Val::to_json).collect()).to_string()
}

fn map_to_json(entries: &[(String, Val)]) -> String {
    serde_json::Value::Object(entries.iter().map(|(k, v)| (k.clone(), v.to_json())).collect()).to_string()
}

/// Rounds half away from zero to an `i64`, as Qt's qRound64; `None` when out of range.
pub(crate) fn round_to_i64(d: f64) -> Option<i64> {
    let rounded = d.round();
    (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&rounded).then_some(rounded as i64)
}

/// Reads text as a double as QString::toDouble in the C locale: surrounding blanks allowed,
/// `inf` and `nan` read (callers refuse them), no thousands separators.
pub(crate) fn parse_double(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    let unsigned = lower.trim_start_matches(['+', '-']);
    if matches!(unsigned, "inf" | "infinity" | "nan") {
        return lower.parse::<f64>().ok();
    }
    // Rust accepts forms Qt does not ("1e", "."), so check the shape first.
    let bytes = text.as_bytes();
    let mut idx = usize::from(matches!(bytes.first(), Some(b'+' | b'-')));
    let digits_start = idx;
    while bytes.get(idx).is_some_and(u8::is_ascii_digit) {
        idx += 1;
    }
    let mut n_digits = idx - digits_start;
    if bytes.get(idx) == Some(&b'.') {
        idx += 1;
        let fraction_start = idx;
        while bytes.get(idx).is_some_and(u8::is_ascii_digit) {
            idx += 1;
        }
        n_digits += idx - fraction_start;
    }
    if n_digits == 0 {
        return None;
    }
    if matches!(bytes.get(idx), Some(b'e' | b'E')) {
        idx += 1;
        if matches!(bytes.get(idx), Some(b'+' | b'-')) {
            idx += 1;
        }
        let exponent_start = idx;
        while bytes.get(idx).is_some_and(u8::is_ascii_digit) {
            idx += 1;
        }
        if idx == exponent_start {
            return None;
        }
    }
    if idx != bytes.len() {
        return None;
    }
    text.parse::<f64>().ok()
}

/// Reads text as a whole number as QString::toLongLong: optional sign and blanks, digits only.
pub(crate) fn parse_int(text: &str) -> Option<i64> {
    let text = text.trim();
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.strip_prefix('+').unwrap_or(text).parse().ok()
}

/// A double as Qt 5 prints it (`QString::number(d, 'g', QLocale::FloatingPointShortest)`): the
/// shortest digits that read back the same, in decimal unless exponent form is shorter
/// (`0.0001`, `1e-05`, `10000`, `1e+05`, `123456`).
pub(crate) fn format_double(d: f64) -> String {
    if d.is_nan() {
        return "nan".to_owned();
    }
    if d.is_infinite() {
        return if d > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    if d == 0.0 {
        return if d.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` gives the shortest round-trip digits: "1.2345e-6".
    let exp_form = format!("{:e}", d.abs());
    let (mantissa, exponent) = exp_form.split_once('e').unwrap_or((&exp_form, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let n_digits = i32::try_from(digits.len()).unwrap_or(i32::MAX);
    let decpt = exponent + 1;
    // Qt's rule: two characters for "e+" plus two exponent digits.
    let bias = 4;
    let use_decimal = if decpt <= 0 {
        1 - decpt <= bias
    } else if decpt <= n_digits {
        true
    } else {
        decpt <= n_digits + bias
    };
    let mut out = String::new();
    if d < 0.0 {
        out.push('-');
    }
    if use_decimal {
        if decpt <= 0 {
            out.push_str("0.");
            for _ in 0..(-decpt) {
                out.push('0');
            }
            out.push_str(&digits);
        } else if decpt >= n_digits {
            out.push_str(&digits);
            for _ in 0..(decpt - n_digits) {
                out.push('0');
            }
        } else {
            let split = usize::try_from(decpt).unwrap_or(0);
            out.push_str(&digits[..split]);
            out.push('.');
            out.push_str(&digits[split..]);
        }
    } else {
        out.push_str(&digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            out.push_str(&digits[1..]);
        }
        let e = decpt - 1;
        let _ = write!(out, "e{}{:02}", if e < 0 { '-' } else { '+' }, e.abs());
    }
    out
}

/// `yyyy-MM-dd`.
pub(crate) fn format_date_iso(date: Date) -> String {
    format!("{:04}-{:02}-{:02}", date.year(), u8::from(date.month()), date.day())
}

/// `HH:mm:ss`, with `.zzz` when there are milliseconds.
pub(crate) fn format_time_iso(time: Time) -> String {
    let millis = time.millisecond();
    if millis == 0 {
        format!("{:02}:{:02}:{:02}", time.hour(), time.minute(), time.second())
    } else {
        format!("{:02}:{:02}:{:02}.{millis:03}", time.hour(), time.minute(), time.second())
    }
}

/// `yyyy-MM-dd` (Qt::ISODate).
pub(crate) fn parse_iso_date(text: &str) -> Option<Date> {
    let text = text.trim();
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return None;
    }
    let year: i32 = text.get(0..4)?.parse().ok()?;
    let month: u8 = text.get(5..7)?.parse().ok()?;
    let day: u8 = text.get(8..10)?.parse().ok()?;
    Date::from_calendar_date(year, time::Month::try_from(month).ok()?, day).ok()
}

/// `HH:mm[:ss[.zzz]]` (Qt::ISODate).
pub(crate) fn parse_iso_time(text: &str) -> Option<Time> {
    let text = text.trim();
    let (hms, fraction) = match text.split_once(['.', ',']) {
        Some((hms, fraction)) => (hms, Some(fraction)),
        None => (text, None),
    };
    let mut parts = hms.split(':');
    let hour = two_digits(parts.next()?)?;
    let minute = two_digits(parts.next()?)?;
    let second = match parts.next() {
        Some(second) => two_digits(second)?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let millis = match fraction {
        Some(f) if !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()) => {
            let scaled: f64 = format!("0.{f}").parse().ok()?;
            ((scaled * 1000.0).round() as u16).min(999)
        }
        Some(_) => return None,
        None => 0,
    };
    Time::from_hms_milli(hour, minute, second, millis).ok()
}

fn two_digits(text: &str) -> Option<u8> {
    (text.len() == 2 && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok()).flatten()
}

/// `yyyy-MM-ddTHH:mm[:ss[.zzz]]` with `T` or a space, and an optional `Z` or `±HH:mm` offset,
/// which is applied so that the result is in UTC.
pub(crate) fn parse_iso_datetime(text: &str) -> Option<PrimitiveDateTime> {
    let text = text.trim();
    let date = parse_iso_date(text.get(0..10)?)?;
    let rest = text.get(10..)?;
    let rest = rest.strip_prefix(['T', ' '])?;
    let (clock, offset_minutes) = split_offset(rest)?;
    let time = parse_iso_time(clock)?;
    let local = PrimitiveDateTime::new(date, time);
    Some(local - time::Duration::minutes(offset_minutes))
}

/// Splits `13:00:00+01:00` into the clock and the offset in minutes (`Z` is 0).
fn split_offset(text: &str) -> Option<(&str, i64)> {
    if let Some(clock) = text.strip_suffix('Z') {
        return Some((clock, 0));
    }
    match text.rfind(['+', '-']) {
        Some(idx) => {
            let (clock, offset) = text.split_at(idx);
            let sign = if offset.starts_with('-') { -1 } else { 1 };
            let offset = &offset[1..];
            let (hours, minutes) = match offset.split_once(':') {
                Some((h, m)) => (h, m),
                None if offset.len() == 4 => offset.split_at(2),
                None => (offset, "0"),
            };
            let hours: i64 = hours.parse().ok()?;
            let minutes: i64 = minutes.parse().ok()?;
            Some((clock, sign * (hours * 60 + minutes)))
        }
        None => Some((text, 0)),
    }
}

/// Compares two texts by code point (QGIS compares UTF-16 code units, which orders characters
/// beyond U+FFFF before U+E000–U+FFFF; code point order is what databases' "C" collation uses).
pub(crate) fn compare_text(a: &str, b: &str) -> Ordering {
    a.cmp(b)
}

#[cfg(test)]
mod tests {
    use super::format_double;

    #[test]
    fn doubles_print_in_qt_shortest_form() {
        for (value, text) in [
            (1.0, "1"),
            (1.23, "1.23"),
            (0.1 + 0.2, "0.30000000000000004"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (10000.0, "10000"),
            (100000.0, "1e+05"),
            (123456.0, "123456"),
            (1.5e20, "1.5e+20"),
            (-2.5, "-2.5"),
        ] {
            assert_eq!(format_double(value), text);
        }
    }
}
