//! Attribute values, field types and fields: what a cell of an attribute table can hold.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A field of a layer's attribute table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Field {
    /// The field name, unique in its layer (case-sensitive).
    pub name: String,
    /// The type every non-null value has.
    #[serde(rename = "type")]
    pub field_type: FieldType,
}

impl Field {
    /// A field with this name and type.
    pub fn new(name: impl Into<String>, field_type: FieldType) -> Field {
        Field { name: name.into(), field_type }
    }
}

/// The type of an attribute field. Every value of the field is of this type or null.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum FieldType {
    /// `true` or `false`.
    Bool,
    /// A 64-bit signed integer.
    Integer,
    /// A 64-bit float.
    Float,
    /// UTF-8 text.
    String,
    /// A calendar date (`2024-05-01`).
    Date,
    /// A date and time of day, without zone, or UTC (`2024-05-01T12:30:00`).
    Datetime,
}

impl FieldType {
    /// Every field type, in the order the docs list them.
    pub const ALL: [FieldType; 6] = [
        FieldType::Bool,
        FieldType::Integer,
        FieldType::Float,
        FieldType::String,
        FieldType::Date,
        FieldType::Datetime,
    ];

    /// The lowercase name used in parameters and files.
    pub fn name(self) -> &'static str {
        match self {
            FieldType::Bool => "bool",
            FieldType::Integer => "integer",
            FieldType::Float => "float",
            FieldType::String => "string",
            FieldType::Date => "date",
            FieldType::Datetime => "datetime",
        }
    }

    /// Converts a value to this type, for storing it in a field of this type.
    /// Null stays null; a value that cannot be converted is an error naming both types.
    pub fn coerce(self, value: Value) -> Result<Value, CoerceError> {
        let out = match (self, &value) {
            (_, Value::Null) => Some(Value::Null),
            (FieldType::Bool, Value::Bool(_)) => Some(value.clone()),
            (FieldType::Bool, Value::Int(i)) => Some(Value::Bool(*i != 0)),
            (FieldType::Integer, Value::Int(_)) => Some(value.clone()),
            (FieldType::Integer, Value::Bool(b)) => Some(Value::Int(i64::from(*b))),
            // Beyond ±2^63 an `as` cast would saturate silently: such a number is refused instead.
            (FieldType::Integer, Value::Float(f)) if f.is_finite() && f.round().abs() < 9.223_372_036_854_775e18 => {
                Some(Value::Int(f.round() as i64))
            }
            (FieldType::Integer, Value::String(s)) => s.trim().parse().ok().map(Value::Int),
            (FieldType::Float, Value::Float(f)) if f.is_finite() => Some(value.clone()),
            (FieldType::Float, Value::Int(i)) => Some(Value::Float(*i as f64)),
            (FieldType::Float, Value::String(s)) => {
                s.trim().parse().ok().filter(|f: &f64| f.is_finite()).map(Value::Float)
            }
            (FieldType::String, Value::String(_)) => Some(value.clone()),
            (FieldType::String, _) => Some(Value::String(value.to_string())),
            (FieldType::Date, Value::Date(_)) => Some(value.clone()),
            (FieldType::Date, Value::DateTime(dt)) => Some(Value::Date(dt.date())),
            (FieldType::Date, Value::String(s)) => parse_date(s).map(Value::Date),
            (FieldType::Datetime, Value::DateTime(_)) => Some(value.clone()),
            (FieldType::Datetime, Value::Date(d)) => Some(Value::DateTime(d.midnight())),
            (FieldType::Datetime, Value::String(s)) => parse_datetime(s).map(Value::DateTime),
            _ => None,
        };
        out.ok_or_else(|| CoerceError { from: value.type_name(), value: value.to_json().to_string(), to: self })
    }
}

/// A value that [`FieldType::coerce`] cannot store in a field of that type.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot store {from} value {value} in a {to} field")]
pub struct CoerceError {
    /// The value's type name.
    pub from: &'static str,
    /// The value, as JSON.
    pub value: String,
    /// The field's type.
    pub to: FieldType,
}

impl fmt::Display for FieldType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for FieldType {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        let found = match lower.as_str() {
            "bool" | "boolean" => Some(FieldType::Bool),
            "integer" | "int" | "int64" | "long" => Some(FieldType::Integer),
            "float" | "double" | "real" | "number" => Some(FieldType::Float),
            "string" | "text" | "str" => Some(FieldType::String),
            "date" => Some(FieldType::Date),
            "datetime" => Some(FieldType::Datetime),
            _ => None,
        };
        found.ok_or_else(|| {
            let names: Vec<&str> = FieldType::ALL.iter().map(|t| t.name()).collect();
            format!("unknown field type '{s}'; use one of {}", names.join(", "))
        })
    }
}

/// One attribute value.
#[derive(Debug, Clone, Default)]
pub enum Value {
    /// No value.
    #[default]
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// Text.
    String(String),
    /// A calendar date.
    Date(time::Date),
    /// A date and time (naive; UTC when the source said so).
    DateTime(time::PrimitiveDateTime),
}

impl Value {
    /// The name of this value's type, as used in messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Bool(_) => "bool",
            Value::Int(_) => "integer",
            Value::Float(_) => "float",
            Value::String(_) => "string",
            Value::Date(_) => "date",
            Value::DateTime(_) => "datetime",
        }
    }

    /// The field type a non-null value belongs to.
    pub fn field_type(&self) -> Option<FieldType> {
        Some(match self {
            Value::Null => return None,
            Value::Bool(_) => FieldType::Bool,
            Value::Int(_) => FieldType::Integer,
            Value::Float(_) => FieldType::Float,
            Value::String(_) => FieldType::String,
            Value::Date(_) => FieldType::Date,
            Value::DateTime(_) => FieldType::Datetime,
        })
    }

    /// Whether this is `Null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// The value as a float, when it is a number (or a bool, as 0/1).
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Int(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            Value::Bool(b) => Some(f64::from(u8::from(*b))),
            _ => None,
        }
    }

    /// The value as text, when it is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The value as JSON: dates as ISO 8601 strings, non-finite floats as null.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Int(i) => serde_json::Value::from(*i),
            Value::Float(f) => {
                serde_json::Number::from_f64(*f).map(serde_json::Value::Number).unwrap_or(serde_json::Value::Null)
            }
            Value::String(s) => serde_json::Value::String(s.clone()),
            Value::Date(_) | Value::DateTime(_) => serde_json::Value::String(self.to_string()),
        }
    }

    /// A value from JSON: integers stay integers; arrays and objects become their JSON text.
    pub fn from_json(json: &serde_json::Value) -> Value {
        match json {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(*b),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => Value::Int(i),
                None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            serde_json::Value::String(s) => Value::String(s.clone()),
            other => Value::String(other.to_string()),
        }
    }

    /// Compares two values for sorting: nulls first, numbers numerically (integers and floats
    /// together), then by type. Never panics, NaN sorts after every number.
    pub fn total_cmp(&self, other: &Value) -> Ordering {
        use Value::*;
        match (self, other) {
            (Null, Null) => Ordering::Equal,
            (Null, _) => Ordering::Less,
            (_, Null) => Ordering::Greater,
            (Int(a), Int(b)) => a.cmp(b),
            (Int(_) | Float(_) | Bool(_), Int(_) | Float(_) | Bool(_)) => {
                let (a, b) = (self.as_f64().unwrap_or(f64::NAN), other.as_f64().unwrap_or(f64::NAN));
                a.total_cmp(&b)
            }
            (String(a), String(b)) => a.cmp(b),
            (Date(a), Date(b)) => a.cmp(b),
            (DateTime(a), DateTime(b)) => a.cmp(b),
            (Date(a), DateTime(b)) => a.midnight().cmp(b),
            (DateTime(a), Date(b)) => a.cmp(&b.midnight()),
            _ => self.rank().cmp(&other.rank()),
        }
    }

    fn rank(&self) -> u8 {
        match self {
            Value::Null => 0,
            Value::Bool(_) | Value::Int(_) | Value::Float(_) => 1,
            Value::String(_) => 2,
            Value::Date(_) | Value::DateTime(_) => 3,
        }
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits() || a == b,
            _ => self.total_cmp(other) == Ordering::Equal && self.rank() == other.rank(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Null => f.write_str("NULL"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Int(i) => write!(f, "{i}"),
            Value::Float(x) => write!(f, "{x}"),
            Value::String(s) => f.write_str(s),
            Value::Date(d) => write!(f, "{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day()),
            Value::DateTime(dt) => {
                write!(
                    f,
                    "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
                    dt.year(),
                    u8::from(dt.month()),
                    dt.day(),
                    dt.hour(),
                    dt.minute(),
                    dt.second()
                )?;
                if dt.millisecond() != 0 {
                    write!(f, ".{:03}", dt.millisecond())?;
                }
                Ok(())
            }
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.to_owned())
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s)
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Self {
        Value::Int(i)
    }
}
impl From<f64> for Value {
    fn from(x: f64) -> Self {
        Value::Float(x)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

/// Parses `YYYY-MM-DD`.
pub fn parse_date(s: &str) -> Option<time::Date> {
    let s = s.trim();
    let mut parts = s.splitn(3, '-');
    let year: i32 = parts.next()?.parse().ok()?;
    let month: u8 = parts.next()?.parse().ok()?;
    let day_part = parts.next()?;
    if day_part.len() != 2 {
        return None;
    }
    let day: u8 = day_part.parse().ok()?;
    time::Date::from_calendar_date(year, time::Month::try_from(month).ok()?, day).ok()
}

/// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]]` with an optional `Z` (a space may stand for `T`).
pub fn parse_datetime(s: &str) -> Option<time::PrimitiveDateTime> {
    let s = s.trim().trim_end_matches('Z');
    let (date, clock) = s.split_once(['T', ' '])?;
    let date = parse_date(date)?;
    let (hms, frac) = match clock.split_once('.') {
        Some((hms, frac)) => (hms, Some(frac)),
        None => (clock, None),
    };
    let mut parts = hms.split(':');
    let hour: u8 = parts.next()?.parse().ok()?;
    let minute: u8 = parts.next()?.parse().ok()?;
    let second: u8 = match parts.next() {
        Some(p) => p.parse().ok()?,
        None => 0,
    };
    if parts.next().is_some() {
        return None;
    }
    let millis: u16 = match frac {
        Some(f) if !f.is_empty() && f.chars().all(|c| c.is_ascii_digit()) => {
            let padded: String = f.chars().chain("000".chars()).take(3).collect();
            padded.parse().ok()?
        }
        Some(_) => return None,
        None => 0,
    };
    let clock = time::Time::from_hms_milli(hour, minute, second, millis).ok()?;
    Some(time::PrimitiveDateTime::new(date, clock))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_and_floats_compare_numerically() {
        assert_eq!(Value::Int(2).total_cmp(&Value::Float(2.5)), Ordering::Less);
        assert_eq!(Value::Int(3), Value::Float(3.0));
    }

    #[test]
    fn dates_print_and_parse_as_iso_8601() {
        let d = parse_date("2024-02-29").expect("a leap day is a date");
        assert_eq!(Value::Date(d).to_string(), "2024-02-29");
        let dt = parse_datetime("2024-02-29T13:05:09.250Z").expect("valid datetime");
        assert_eq!(Value::DateTime(dt).to_string(), "2024-02-29T13:05:09.250");
        assert!(parse_date("2023-02-29").is_none());
    }

    #[test]
    fn coercion_names_both_types_when_it_fails() {
        let err = FieldType::Integer.coerce(Value::from("abc")).expect_err("text is not a number").to_string();
        assert!(err.contains("string") && err.contains("integer"), "{err}");
    }
}
