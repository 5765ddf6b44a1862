//! Evaluates a syntax tree against one row, with QGIS's rules for NULL, numbers and text.

use std::borrow::Cow;
use std::cmp::Ordering;

use geo::Geometry;

use crate::{Field, Value};

use super::functions::Imp;
use super::geometry;
use super::lexer::Op;
use super::parser::{Node, NodeKind, Variable};
use super::{Problem, RowContext};

/// A value during evaluation: an attribute value, or a geometry (which [`Value`] cannot hold).
#[derive(Debug, Clone)]
pub(super) enum Val<'a> {
    /// An attribute value.
    V(Value),
    /// A geometry, borrowed from the feature when it is the feature's own.
    Geom(Cow<'a, Geometry<f64>>),
}

impl Val<'_> {
    /// NULL.
    pub(super) const NULL: Val<'static> = Val::V(Value::Null);

    /// Whether this is NULL.
    pub(super) fn is_null(&self) -> bool {
        matches!(self, Val::V(Value::Null))
    }

    /// The type name used in messages.
    pub(super) fn type_name(&self) -> &'static str {
        match self {
            Val::V(value) => value.type_name(),
            Val::Geom(_) => "geometry",
        }
    }

    /// The value at the boundary of the expression engine: a geometry becomes its WKT.
    pub(super) fn into_value(self) -> Value {
        match self {
            Val::V(value) => value,
            Val::Geom(geometry) => Value::String(geometry::to_wkt(&geometry, None)),
        }
    }

    /// The same value, owning its geometry.
    pub(super) fn into_owned(self) -> Val<'static> {
        match self {
            Val::V(value) => Val::V(value),
            Val::Geom(geometry) => Val::Geom(Cow::Owned(geometry.into_owned())),
        }
    }

    /// The value as text, the way `||` and string functions see it.
    pub(super) fn text(&self) -> String {
        match self {
            Val::V(value) => value.to_string(),
            Val::Geom(geometry) => geometry::to_wkt(geometry, None),
        }
    }

    /// The value as a number, if it is one or is text that reads as one. Booleans count as 0 and 1.
    pub(super) fn number(&self) -> Option<Num> {
        match self {
            Val::V(Value::Int(int)) => Some(Num::Int(*int)),
            Val::V(Value::Float(float)) => Some(Num::Float(*float)),
            Val::V(Value::Bool(bool)) => Some(Num::Int(i64::from(*bool))),
            Val::V(Value::String(text)) => number_from_text(text),
            _ => None,
        }
    }

    /// A short description for messages: the type, and the value when it is short.
    pub(super) fn describe(&self) -> String {
        match self {
            Val::V(Value::Null) => "NULL".to_owned(),
            Val::V(Value::String(text)) if text.chars().count() <= 20 => format!("string '{text}'"),
            Val::V(
                value @ (Value::Bool(_) | Value::Int(_) | Value::Float(_) | Value::Date(_) | Value::DateTime(_)),
            ) => {
                format!("{} {value}", value.type_name())
            }
            other => other.type_name().to_owned(),
        }
    }
}

impl From<Value> for Val<'_> {
    fn from(value: Value) -> Self {
        Val::V(value)
    }
}

/// A number: integer arithmetic stays integer where QGIS keeps it so.
#[derive(Debug, Clone, Copy)]
pub(super) enum Num {
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
}

impl Num {
    /// The number as a float.
    pub(super) fn as_f64(self) -> f64 {
        match self {
            Num::Int(int) => int as f64,
            Num::Float(float) => float,
        }
    }

    /// The number as a value; NaN and infinities become NULL, as they cannot be stored.
    pub(super) fn into_val(self) -> Val<'static> {
        match self {
            Num::Int(int) => Val::V(Value::Int(int)),
            Num::Float(float) => float_val(float),
        }
    }
}

/// A float as a value; NaN and infinities become NULL.
pub(super) fn float_val(float: f64) -> Val<'static> {
    if float.is_finite() { Val::V(Value::Float(float)) } else { Val::NULL }
}

/// Reads text as a number, the way QGIS converts text in arithmetic. Words such as `inf` or
/// `NaN` are not numbers here.
pub(super) fn number_from_text(text: &str) -> Option<Num> {
    let text = text.trim();
    if !text.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    match text.parse::<i64>() {
        Ok(int) => Some(Num::Int(int)),
        Err(_) => text.parse::<f64>().ok().filter(|f| f.is_finite()).map(Num::Float),
    }
}

/// SQL truth of a value: NULL is unknown; numbers are true unless zero; text is true unless
/// empty, `0` or `false`; a geometry is true unless empty; dates are true.
pub(super) fn truth(value: &Val) -> Option<bool> {
    match value {
        Val::V(Value::Null) => None,
        Val::V(Value::Bool(bool)) => Some(*bool),
        Val::V(Value::Int(int)) => Some(*int != 0),
        Val::V(Value::Float(float)) => Some(*float != 0.0),
        Val::V(Value::String(text)) => {
            let text = text.trim();
            Some(!(text.is_empty() || text == "0" || text.eq_ignore_ascii_case("false")))
        }
        Val::V(Value::Date(_) | Value::DateTime(_)) => Some(true),
        Val::Geom(geometry) => Some(geo::CoordsIter::coords_count(geometry.as_ref()) > 0),
    }
}

/// Finds a field: the exact name first, then a unique case-insensitive match (as QGIS does).
pub(super) fn resolve_field(name: &str, fields: &[Field]) -> Option<usize> {
    if let Some(idx) = fields.iter().position(|field| field.name == name) {
        return Some(idx);
    }
    let mut matching = fields.iter().enumerate().filter(|(_, field)| field.name.eq_ignore_ascii_case(name));
    match (matching.next(), matching.next()) {
        (Some((idx, _)), None) => Some(idx),
        _ => None,
    }
}

/// Evaluates a node against a row.
pub(super) fn eval<'a>(node: &Node, row: &RowContext<'a>) -> Result<Val<'a>, Problem> {
    let column = node.column;
    Ok(match &node.kind {
        NodeKind::Literal(value) => Val::V(value.clone()),
        NodeKind::Field(name) => {
            let Some(idx) = resolve_field(name, row.fields) else {
                let names: Vec<&str> = row.fields.iter().map(|field| field.name.as_str()).collect();
                let listed = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
                let call = match super::functions::lookup(name) {
                    Some(function) => format!(" (to call the function, write {}())", function.name),
                    None => String::new(),
                };
                return Err(Problem::new(column, format!("no field '{name}'; the fields are {listed}{call}")));
            };
            Val::V(row.feature.attributes.get(idx).cloned().unwrap_or_default())
        }
        NodeKind::Variable(variable) => variable_value(*variable, row),
        NodeKind::Negate(operand) => negate(eval(operand, row)?, column)?,
        NodeKind::Not(operand) => logic(truth(&eval(operand, row)?).map(|b| !b)),
        NodeKind::Binary { op, left, right } => binary(*op, eval(left, row)?, eval(right, row)?, column)?,
        NodeKind::And(left, right) => match truth(&eval(left, row)?) {
            Some(false) => logic(Some(false)),
            left_truth => match (left_truth, truth(&eval(right, row)?)) {
                (_, Some(false)) => logic(Some(false)),
                (Some(true), Some(true)) => logic(Some(true)),
                _ => logic(None),
            },
        },
        NodeKind::Or(left, right) => match truth(&eval(left, row)?) {
            Some(true) => logic(Some(true)),
            left_truth => match (left_truth, truth(&eval(right, row)?)) {
                (_, Some(true)) => logic(Some(true)),
                (Some(false), Some(false)) => logic(Some(false)),
                _ => logic(None),
            },
        },
        NodeKind::Is { left, right, negated } => {
            let (left, right) = (eval(left, row)?, eval(right, row)?);
            let same = match (left.is_null(), right.is_null()) {
                (true, true) => true,
                (false, false) => equal(&left, &right),
                _ => false,
            };
            logic(Some(same != *negated))
        }
        NodeKind::In { operand, list, negated } => {
            let operand = eval(operand, row)?;
            if operand.is_null() {
                return Ok(Val::NULL);
            }
            let mut found = Some(false);
            for item in list {
                let item = eval(item, row)?;
                if item.is_null() {
                    found = None;
                } else if equal(&operand, &item) {
                    found = Some(true);
                    break;
                }
            }
            logic(found.map(|found| found != *negated))
        }
        NodeKind::Like { operand, pattern, case_insensitive, negated } => {
            let (text, pattern) = (eval(operand, row)?, eval(pattern, row)?);
            if text.is_null() || pattern.is_null() {
                return Ok(Val::NULL);
            }
            let (mut text, mut pattern) = (text.text(), pattern.text());
            if *case_insensitive {
                text = text.to_lowercase();
                pattern = pattern.to_lowercase();
            }
            logic(Some(like(&text, &pattern) != *negated))
        }
        NodeKind::Between { operand, low, high, negated } => {
            let operand = eval(operand, row)?;
            let low = binary(Op::Ge, operand.clone(), eval(low, row)?, column)?;
            let high = binary(Op::Le, operand, eval(high, row)?, column)?;
            let inside = match (truth(&low), truth(&high)) {
                (Some(false), _) | (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            };
            logic(inside.map(|inside| inside != *negated))
        }
        NodeKind::Case { operand, branches, otherwise } => {
            let operand = match operand {
                Some(operand) => Some(eval(operand, row)?),
                None => None,
            };
            for (when, then) in branches {
                let when = eval(when, row)?;
                let chosen = match &operand {
                    Some(operand) => !operand.is_null() && !when.is_null() && equal(operand, &when),
                    None => truth(&when) == Some(true),
                };
                if chosen {
                    return eval(then, row);
                }
            }
            match otherwise {
                Some(otherwise) => eval(otherwise, row)?,
                None => Val::NULL,
            }
        }
        NodeKind::Call { function, args } => match function.imp {
            Imp::If => {
                let condition = match args.first() {
                    Some(condition) => truth(&eval(condition, row)?),
                    None => None,
                };
                let branch = if condition == Some(true) { args.get(1) } else { args.get(2) };
                match branch {
                    Some(branch) => eval(branch, row)?,
                    None => Val::NULL,
                }
            }
            Imp::Coalesce => {
                for arg in args {
                    let value = eval(arg, row)?;
                    if !value.is_null() {
                        return Ok(value);
                    }
                }
                Val::NULL
            }
            Imp::Eager(run) => {
                let mut values = Vec::with_capacity(args.len());
                for arg in args {
                    values.push(eval(arg, row)?);
                }
                if function.strict && values.iter().any(Val::is_null) {
                    return Ok(Val::NULL);
                }
                let args = super::functions::Args { function, values, crs: row.crs };
                run(&args).map_err(|message| Problem::new(column, message))?
            }
        },
    })
}

/// A three-valued truth as a value.
fn logic(truth: Option<bool>) -> Val<'static> {
    truth.map_or(Val::NULL, |truth| Val::V(Value::Bool(truth)))
}

fn variable_value<'a>(variable: Variable, row: &RowContext<'a>) -> Val<'a> {
    let feature = row.feature;
    if variable == Variable::Id {
        return Val::V(i64::try_from(feature.id).map_or(Value::Float(feature.id as f64), Value::Int));
    }
    let Some(geometry) = feature.geometry.as_ref() else {
        return Val::NULL;
    };
    match variable {
        Variable::Geometry => Val::Geom(Cow::Borrowed(geometry)),
        Variable::Area => float_val(geometry::area(geometry, row.crs)),
        Variable::Length => float_val(geometry::length(geometry, row.crs)),
        Variable::Perimeter => float_val(geometry::perimeter(geometry, row.crs)),
        Variable::X | Variable::Y => {
            let point = match geometry {
                Geometry::Point(point) => Some(*point),
                Geometry::MultiPoint(points) => points.0.first().copied(),
                _ => None,
            };
            point.map_or(Val::NULL, |point| float_val(if variable == Variable::X { point.x() } else { point.y() }))
        }
        Variable::Id => Val::NULL,
    }
}

fn negate<'a>(value: Val<'a>, column: usize) -> Result<Val<'a>, Problem> {
    if value.is_null() {
        return Ok(Val::NULL);
    }
    match value.number() {
        Some(Num::Int(int)) => Ok(int.checked_neg().map_or(Num::Float(-(int as f64)), Num::Int).into_val()),
        Some(Num::Float(float)) => Ok(float_val(-float)),
        None => Err(Problem::new(column, format!("cannot negate {}; '-' needs a number", value.describe()))),
    }
}

/// Applies an arithmetic, concatenation or comparison operator.
pub(super) fn binary<'a>(op: Op, left: Val<'a>, right: Val<'a>, column: usize) -> Result<Val<'a>, Problem> {
    if left.is_null() || right.is_null() {
        return Ok(Val::NULL);
    }
    match op {
        Op::Concat => {
            let (left, right) = (left.text(), right.text());
            let bytes = left.len().saturating_add(right.len());
            if bytes > crate::limits::value_limit() {
                return Err(Problem::new(column, super::functions::too_long("'||'", bytes)));
            }
            Ok(Val::V(Value::String(left + right.as_str())))
        }
        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
            let ordering = compare(&left, &right)
                .map_err(|message| Problem::new(column, format!("cannot compare with '{}': {message}", op.symbol())))?;
            let result = match op {
                Op::Eq => ordering == Ordering::Equal,
                Op::Ne => ordering != Ordering::Equal,
                Op::Lt => ordering == Ordering::Less,
                Op::Le => ordering != Ordering::Greater,
                Op::Gt => ordering == Ordering::Greater,
                _ => ordering != Ordering::Less,
            };
            Ok(logic(Some(result)))
        }
        Op::Plus if matches!((&left, &right), (Val::V(Value::String(_)), Val::V(Value::String(_)))) => {
            Ok(Val::V(Value::String(left.text() + right.text().as_str())))
        }
        _ => {
            let (Some(a), Some(b)) = (left.number(), right.number()) else {
                let culprit = if left.number().is_none() { &left } else { &right };
                return Err(Problem::new(
                    column,
                    format!(
                        "cannot apply '{}' to {} and {}: {} is not a number",
                        op.symbol(),
                        left.type_name(),
                        right.type_name(),
                        culprit.describe()
                    ),
                ));
            };
            Ok(arithmetic(op, a, b))
        }
    }
}

/// Arithmetic on two numbers: integers stay integers for `+ - * % //` (falling back to float on
/// overflow); `/` and `^` are always float; dividing by zero gives NULL.
fn arithmetic(op: Op, a: Num, b: Num) -> Val<'static> {
    if let (Num::Int(a), Num::Int(b)) = (a, b) {
        let exact = match op {
            Op::Plus => a.checked_add(b),
            Op::Minus => a.checked_sub(b),
            Op::Mul => a.checked_mul(b),
            Op::Mod if b == 0 => return Val::NULL,
            Op::Mod => Some(a.wrapping_rem(b)),
            Op::IntDiv if b == 0 => return Val::NULL,
            Op::IntDiv => a.checked_div(b).map(|q| if a % b != 0 && ((a < 0) != (b < 0)) { q - 1 } else { q }),
            _ => None,
        };
        if let Some(exact) = exact {
            return Val::V(Value::Int(exact));
        }
    }
    let (a, b) = (a.as_f64(), b.as_f64());
    match op {
        Op::Plus => float_val(a + b),
        Op::Minus => float_val(a - b),
        Op::Mul => float_val(a * b),
        Op::Div | Op::Mod | Op::IntDiv if b == 0.0 => Val::NULL,
        Op::Div => float_val(a / b),
        Op::Mod => float_val(a % b),
        Op::IntDiv => {
            let floored = (a / b).floor();
            if floored.abs() < 9.0e15 { Val::V(Value::Int(floored as i64)) } else { float_val(floored) }
        }
        _ => float_val(a.powf(b)),
    }
}

/// Whether two non-null values are equal under [`compare`]; values that cannot be compared are
/// not equal.
pub(super) fn equal(left: &Val, right: &Val) -> bool {
    compare(left, right).is_ok_and(|ordering| ordering == Ordering::Equal)
}

/// Compares two non-null values the way QGIS does: numerically when both are numbers (or one is
/// text that reads as a number), as dates when both are dates (or one is text that reads as a
/// date), otherwise as text. Geometries only compare with geometries, and only for equality.
pub(super) fn compare(left: &Val, right: &Val) -> Result<Ordering, String> {
    use Value::{Date, DateTime, String as Text};
    match (left, right) {
        (Val::Geom(a), Val::Geom(b)) => return Ok(if a == b { Ordering::Equal } else { Ordering::Less }),
        (Val::Geom(_), other) | (other, Val::Geom(_)) => {
            return Err(format!("a geometry does not compare with {}", other.describe()));
        }
        (Val::V(Text(a)), Val::V(Text(b))) => return Ok(a.cmp(b)),
        _ => {}
    }
    if let (Some(a), Some(b)) = (left.number(), right.number()) {
        return Ok(match (a, b) {
            (Num::Int(a), Num::Int(b)) => a.cmp(&b),
            (a, b) => a.as_f64().total_cmp(&b.as_f64()),
        });
    }
    let temporal = |value: &Val| match value {
        Val::V(Date(date)) => Some(date.midnight()),
        Val::V(DateTime(datetime)) => Some(*datetime),
        Val::V(Text(text)) => crate::parse_datetime(text).or_else(|| crate::parse_date(text).map(|d| d.midnight())),
        _ => None,
    };
    let is_temporal = |value: &Val| matches!(value, Val::V(Date(_) | DateTime(_)));
    if (is_temporal(left) || is_temporal(right))
        && let (Some(a), Some(b)) = (temporal(left), temporal(right))
    {
        return Ok(a.cmp(&b));
    }
    Ok(left.text().cmp(&right.text()))
}

/// SQL LIKE: `%` matches any run of characters, `_` any one character, and `\` makes the next
/// character literal. Runs in time proportional to text × pattern at worst, never exponential.
pub(super) fn like(text: &str, pattern: &str) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Piece {
        Any,
        One,
        Char(char),
    }
    let mut pieces = Vec::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        pieces.push(match c {
            '%' => Piece::Any,
            '_' => Piece::One,
            '\\' => Piece::Char(chars.next().unwrap_or('\\')),
            c => Piece::Char(c),
        });
    }
    let text: Vec<char> = text.chars().collect();
    // Greedy matching with one backtrack point: the last `%` seen and where in the text it resumed.
    let (mut t, mut p) = (0, 0);
    let mut backtrack: Option<(usize, usize)> = None;
    while t < text.len() {
        match pieces.get(p) {
            Some(Piece::Any) => {
                backtrack = Some((p, t));
                p += 1;
            }
            Some(Piece::One) => {
                t += 1;
                p += 1;
            }
            Some(Piece::Char(c)) if *c == text[t] => {
                t += 1;
                p += 1;
            }
            _ => match backtrack {
                Some((any_at, resumed)) => {
                    p = any_at + 1;
                    t = resumed + 1;
                    backtrack = Some((any_at, resumed + 1));
                }
                None => return false,
            },
        }
    }
    pieces[p..].iter().all(|piece| *piece == Piece::Any)
}
