//! Evaluates a syntax tree against one row, with QGIS's rules for NULL, types and operators.

use std::cmp::Ordering;
use std::sync::Arc;

use super::functions::{Args, Imp};
use super::geom::Geom;
use super::parser::{BinOp, ColumnHint, Node, NodeKind};
use super::value::{Interval, Val, compare_text};
use super::{Problem, Scope};
use crate::{Crs, Feature, Field};

/// What an expression is evaluated against: a row (or none, for a constant expression), the
/// layer around it and the variables in force.
pub(crate) struct Env<'a> {
    /// The layer's fields, in the order of the feature's attributes.
    pub fields: &'a [Field],
    /// The feature, if any.
    pub feature: Option<&'a Feature>,
    /// The CRS of the feature's geometry.
    pub crs: Crs,
    /// The layer, the other layers and the row number, when the caller has them.
    pub scope: Option<&'a Scope<'a>>,
    /// Variables set by `with_variable` and the array and aggregate functions (`@element`).
    pub locals: Vec<(String, Val)>,
    /// The row's number (1-based) in the run, for `@row_number`.
    pub row_number: Option<i64>,
    /// The feature's geometry in the expression geometry type, converted once per row.
    geometry: Option<Option<Arc<Geom>>>,
}

impl<'a> Env<'a> {
    /// An environment for one feature.
    pub(crate) fn new(
        fields: &'a [Field],
        feature: Option<&'a Feature>,
        crs: Crs,
        scope: Option<&'a Scope<'a>>,
    ) -> Env<'a> {
        Env { fields, feature, crs, scope, locals: Vec::new(), row_number: None, geometry: None }
    }

    /// The feature's geometry, if it has one.
    pub(crate) fn geometry(&mut self) -> Option<Arc<Geom>> {
        if let Some(cached) = &self.geometry {
            return cached.clone();
        }
        let converted = self.feature.and_then(|f| f.geometry.as_ref()).map(|g| Arc::new(Geom::from_geo(g)));
        self.geometry = Some(converted.clone());
        converted
    }

    /// The value of a variable set by a function, newest first.
    pub(crate) fn local(&self, name: &str) -> Option<&Val> {
        self.locals.iter().rev().find(|(n, _)| n == name).map(|(_, v)| v)
    }
}

/// Finds a field: the exact name first, then a unique case-insensitive match (as QGIS does).
pub(crate) fn resolve_field(name: &str, fields: &[Field]) -> Option<usize> {
    if let Some(idx) = fields.iter().position(|field| field.name == name) {
        return Some(idx);
    }
    let mut matching = fields.iter().enumerate().filter(|(_, field)| field.name.eq_ignore_ascii_case(name));
    match (matching.next(), matching.next()) {
        (Some((idx, _)), None) => Some(idx),
        _ => None,
    }
}

/// Evaluates a node.
pub(crate) fn eval(node: &Node, env: &mut Env<'_>) -> Result<Val, Problem> {
    let column = node.column;
    Ok(match &node.kind {
        NodeKind::Literal(value) => value.clone(),
        NodeKind::Column(name, hint) => column_value(name, hint, column, env)?,
        NodeKind::Variable(name) => super::functions::variable(name, env).map_err(|fail| fail.at(column))?,
        NodeKind::Negate(operand) => negate(eval(operand, env)?).map_err(|m| Problem::new(column, m))?,
        NodeKind::Not(operand) => {
            let value = eval(operand, env)?;
            let truth = truth(&value).map_err(|m| Problem::new(column, format!("NOT: {m}")))?;
            Val::tvl(truth.map(|t| !t))
        }
        NodeKind::Binary { op: BinOp::And, left, right } => {
            let left = truth(&eval(left, env)?).map_err(|m| Problem::new(column, format!("AND: {m}")))?;
            if left == Some(false) {
                return Ok(Val::Int(0));
            }
            let right = truth(&eval(right, env)?).map_err(|m| Problem::new(column, format!("AND: {m}")))?;
            Val::tvl(match (left, right) {
                (_, Some(false)) => Some(false),
                (Some(true), Some(true)) => Some(true),
                _ => None,
            })
        }
        NodeKind::Binary { op: BinOp::Or, left, right } => {
            let left = truth(&eval(left, env)?).map_err(|m| Problem::new(column, format!("OR: {m}")))?;
            if left == Some(true) {
                return Ok(Val::Int(1));
            }
            let right = truth(&eval(right, env)?).map_err(|m| Problem::new(column, format!("OR: {m}")))?;
            Val::tvl(match (left, right) {
                (_, Some(true)) => Some(true),
                (Some(false), Some(false)) => Some(false),
                _ => None,
            })
        }
        NodeKind::Binary { op, left, right } => {
            let (left, right) = (eval(left, env)?, eval(right, env)?);
            binary(*op, &left, &right).map_err(|m| Problem::new(column, m))?
        }
        NodeKind::In { operand, list, negated } => {
            let operand = eval(operand, env)?;
            if operand.is_null() {
                return Ok(Val::Null);
            }
            let mut found = Some(false);
            for item in list {
                let item = eval(item, env)?;
                if item.is_null() {
                    found = None;
                    continue;
                }
                if in_equal(&operand, &item) {
                    found = Some(true);
                    break;
                }
            }
            if found == Some(false) || found == Some(true) { Val::tvl(found.map(|f| f != *negated)) } else { Val::Null }
        }
        NodeKind::Between { operand, low, high, negated } => {
            let operand = eval(operand, env)?;
            let low = eval(low, env)?;
            let high = eval(high, env)?;
            between(&operand, &low, &high, *negated).map_err(|m| Problem::new(column, m))?
        }
        NodeKind::Index { container, index } => {
            let container = eval(container, env)?;
            let index = eval(index, env)?;
            index_value(&container, &index).map_err(|m| Problem::new(column, m))?
        }
        NodeKind::Case { operand, branches, otherwise } => {
            let operand = match operand {
                Some(operand) => Some(eval(operand, env)?),
                None => None,
            };
            for (when, then) in branches {
                let when_value = eval(when, env)?;
                let chosen = match &operand {
                    Some(operand) => {
                        !operand.is_null()
                            && !when_value.is_null()
                            && compare(BinOp::Eq, operand, &when_value)? == Some(true)
                    }
                    None => {
                        truth(&when_value).map_err(|m| Problem::new(when.column, format!("CASE WHEN: {m}")))?
                            == Some(true)
                    }
                };
                if chosen {
                    return eval(then, env);
                }
            }
            match otherwise {
                Some(otherwise) => eval(otherwise, env)?,
                None => Val::Null,
            }
        }
        NodeKind::Call { function, args } => match function.imp {
            Imp::Lazy(run) => run(args, env, function).map_err(|fail| fail.at(column))?,
            Imp::Eager(run) => {
                let mut values = Vec::with_capacity(args.len());
                for (idx, arg) in args.iter().enumerate() {
                    match arg {
                        Some(arg) => {
                            let value = eval(arg, env)?;
                            if value.is_null() && !function.handles_null {
                                return Ok(Val::Null);
                            }
                            values.push(value);
                        }
                        None => values.push(function.default_value(idx)),
                    }
                }
                let call = Args { function, values, env };
                run(&call).map_err(|fail| fail.at(column))?
            }
            Imp::Refused(_) => return Err(Problem::unsupported(column, function.refusal().unwrap_or_default())),
        },
    })
}

fn column_value(name: &str, hint: &ColumnHint, column: usize, env: &Env<'_>) -> Result<Val, Problem> {
    let guess = hint.get();
    let idx = if env.fields.get(guess).is_some_and(|field| field.name == name) {
        Some(guess)
    } else {
        resolve_field(name, env.fields)
    };
    let Some(idx) = idx else {
        let names: Vec<&str> = env.fields.iter().map(|field| field.name.as_str()).collect();
        let listed = if names.is_empty() { "none".to_owned() } else { names.join(", ") };
        let call = match super::functions::lookup(name) {
            Some(function) => format!(" (to call the function, write {}())", function.name),
            None => String::new(),
        };
        return Err(Problem::new(column, format!("no field '{name}'; the fields are {listed}{call}")));
    };
    hint.set(idx);
    Ok(env.feature.and_then(|f| f.attributes.get(idx)).map_or(Val::Null, Val::from))
}

/// The truth of a value as QGIS's getTVLValue: NULL is unknown; numbers are true unless 0;
/// text must read as a number; a geometry or feature is true. Anything else is an error.
pub(crate) fn truth(value: &Val) -> Result<Option<bool>, String> {
    Ok(match value {
        Val::Null => None,
        Val::Bool(b) => Some(*b),
        Val::Int(i) => Some(*i != 0),
        Val::Double(d) => Some(*d != 0.0),
        Val::Geometry(_) | Val::Feature(_) => Some(true),
        Val::Text(text) => match super::value::parse_double(text) {
            Some(d) if d.is_finite() => Some(d != 0.0),
            _ => {
                return Err(format!(
                    "cannot use {} as a condition (only numbers, booleans and NULL are); compare it, as in \"field\" = '{text}'",
                    value.describe()
                ));
            }
        },
        other => {
            return Err(format!(
                "cannot use {} as a condition (only numbers, booleans and NULL are); compare it or test it with IS NULL",
                other.describe()
            ));
        }
    })
}

fn negate(value: Val) -> Result<Val, String> {
    match value {
        Val::Int(i) => Ok(i.checked_neg().map_or(Val::Double(-(i as f64)), Val::Int)),
        Val::Double(d) => Ok(Val::Double(-d)),
        Val::Text(ref t) => match (super::value::parse_int(t), super::value::parse_double(t)) {
            (Some(i), _) if i32::try_from(i).is_ok() => Ok(Val::Int(-i)),
            (_, Some(d)) if d.is_finite() => Ok(Val::Double(-d)),
            _ => Err(format!("cannot negate {}; '-' needs a number", value.describe())),
        },
        Val::Null => {
            Err("cannot negate NULL (as QGIS, unary minus refuses NULL); use coalesce() to give a default".to_owned())
        }
        other => Err(format!("cannot negate {}; '-' needs a number", other.describe())),
    }
}

/// Applies a binary operator other than AND and OR.
pub(crate) fn binary(op: BinOp, left: &Val, right: &Val) -> Result<Val, String> {
    match op {
        BinOp::Plus | BinOp::Minus | BinOp::Mul | BinOp::Div | BinOp::Mod => arithmetic(op, left, right),
        BinOp::IntDiv => {
            if left.is_null() || right.is_null() {
                return Ok(Val::Null);
            }
            let (a, b) = (number(left, op)?, number(right, op)?);
            if b == 0.0 {
                return Ok(Val::Null);
            }
            let q = (a / b).floor();
            super::value::round_to_i64(q).map(Val::Int).ok_or_else(|| format!("{a} // {b} is too large for an integer"))
        }
        BinOp::Pow => {
            if left.is_null() || right.is_null() {
                return Ok(Val::Null);
            }
            Ok(Val::Double(number(left, op)?.powf(number(right, op)?)))
        }
        BinOp::Concat => {
            if left.is_null() || right.is_null() {
                return Ok(Val::Null);
            }
            let (a, b) = (left.to_text(), right.to_text());
            let bytes = a.len().saturating_add(b.len());
            if bytes > crate::limits::value_limit() {
                return Err(super::functions::too_long("'||'", bytes));
            }
            Ok(Val::text(a + b.as_str()))
        }
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
            Ok(Val::tvl(compare(op, left, right).map_err(|p| p.message)?))
        }
        BinOp::Is | BinOp::IsNot => {
            let same = match (left.is_null(), right.is_null()) {
                (true, true) => true,
                (true, false) | (false, true) => false,
                _ => is_equal(left, right),
            };
            Ok(Val::tvl(Some(same == (op == BinOp::Is))))
        }
        BinOp::Like | BinOp::NotLike | BinOp::ILike | BinOp::NotILike | BinOp::Regexp => {
            if left.is_null() || right.is_null() {
                return Ok(Val::Null);
            }
            let (text, pattern) = (left.to_text(), right.to_text());
            let matches = if op == BinOp::Regexp {
                super::regex::operator_matches(&text, &pattern)?
            } else {
                let insensitive = matches!(op, BinOp::ILike | BinOp::NotILike);
                like(&text, &pattern, insensitive)
            };
            Ok(Val::tvl(Some(matches != matches!(op, BinOp::NotLike | BinOp::NotILike))))
        }
        BinOp::And | BinOp::Or => {
            let (a, b) = (truth(left)?, truth(right)?);
            Ok(Val::tvl(if op == BinOp::And {
                match (a, b) {
                    (Some(false), _) | (_, Some(false)) => Some(false),
                    (Some(true), Some(true)) => Some(true),
                    _ => None,
                }
            } else {
                match (a, b) {
                    (Some(true), _) | (_, Some(true)) => Some(true),
                    (Some(false), Some(false)) => Some(false),
                    _ => None,
                }
            }))
        }
    }
}

fn number(value: &Val, op: BinOp) -> Result<f64, String> {
    value.to_double().ok_or_else(|| {
        format!(
            "cannot use {} as a number with '{}'; convert it with to_real() or give a number",
            value.describe(),
            op.symbol()
        )
    })
}

/// `+ - * / %` as QGIS: text plus text joins; integers stay integers; dates and intervals add.
fn arithmetic(op: BinOp, left: &Val, right: &Val) -> Result<Val, String> {
    if op == BinOp::Plus
        && let (Val::Text(a), Val::Text(b)) = (left, right)
    {
        return Ok(Val::text(format!("{a}{b}")));
    }
    if left.is_null() || right.is_null() {
        return Ok(Val::Null);
    }
    if op != BinOp::Div && left.is_int_safe() && right.is_int_safe() {
        let (a, b) = (left.to_int().unwrap_or(0), right.to_int().unwrap_or(0));
        let result = match op {
            BinOp::Plus => a.checked_add(b),
            BinOp::Minus => a.checked_sub(b),
            BinOp::Mul => a.checked_mul(b),
            _ if b == 0 => return Ok(Val::Null),
            _ => a.checked_rem(b),
        };
        return result.map(Val::Int).ok_or_else(|| {
            format!(
                "{a} {} {b} overflows a 64-bit integer (QGIS would wrap around); make one side a double, as in to_real({a})",
                op.symbol()
            )
        });
    }
    let is_temporal = |v: &Val| matches!(v, Val::Date(_) | Val::DateTime(_) | Val::Time(_));
    if is_temporal(left)
        && let Some(interval) = right.to_interval()
    {
        if !matches!(op, BinOp::Plus | BinOp::Minus) {
            return Err("cannot use /, * or % on a date and an interval; add or subtract the interval".to_owned());
        }
        let seconds = if op == BinOp::Plus { interval.seconds } else { -interval.seconds };
        return super::datetime::add_seconds(left, seconds);
    }
    match (op, left, right) {
        (BinOp::Plus, Val::Date(d), Val::Time(t)) | (BinOp::Plus, Val::Time(t), Val::Date(d)) => {
            return Ok(Val::DateTime(time::PrimitiveDateTime::new(*d, *t)));
        }
        (BinOp::Minus, Val::Date(a), Val::Date(b)) => {
            return Ok(Val::Interval(Interval { seconds: (*a - *b).as_seconds_f64() }));
        }
        (BinOp::Minus, Val::Time(a), Val::Time(b)) => {
            return Ok(Val::Interval(Interval { seconds: (*a - *b).as_seconds_f64() }));
        }
        (BinOp::Minus, Val::DateTime(a), Val::DateTime(b)) => {
            return Ok(Val::Interval(Interval { seconds: (*a - *b).as_seconds_f64() }));
        }
        _ => {}
    }
    let (a, b) = (number(left, op)?, number(right, op)?);
    Ok(match op {
        BinOp::Plus => Val::Double(a + b),
        BinOp::Minus => Val::Double(a - b),
        BinOp::Mul => Val::Double(a * b),
        _ if b == 0.0 => Val::Null,
        BinOp::Div => Val::Double(a / b),
        _ => Val::Double(a % b),
    })
}

/// QGIS's `qgsDoubleNear` with its default epsilon.
pub(crate) fn double_near(a: f64, b: f64) -> bool {
    let diff = a - b;
    diff > -4.0 * f64::EPSILON && diff <= 4.0 * f64::EPSILON
}

/// A comparison with QGIS's rules: NULL gives NULL; arrays item by item; dates, times and
/// datetimes among themselves; numbers (or text that reads as one, unless both are text)
/// numerically, equal within a few ULPs; booleans only with booleans; else as text.
///
/// RustGIS differs in one place: ordering a number against text that is not a number (or a
/// date, or another type) is an error naming both types, where QGIS would silently compare
/// the number's digits as text (`'abc' > 5` is true there).
pub(crate) fn compare(op: BinOp, left: &Val, right: &Val) -> Result<Option<bool>, Problem> {
    let result = |ordering: Ordering| {
        Some(match op {
            BinOp::Eq => ordering == Ordering::Equal,
            BinOp::Ne => ordering != Ordering::Equal,
            BinOp::Lt => ordering == Ordering::Less,
            BinOp::Le => ordering != Ordering::Greater,
            BinOp::Gt => ordering == Ordering::Greater,
            _ => ordering != Ordering::Less,
        })
    };
    if left.is_null() || right.is_null() {
        return Ok(None);
    }
    match (left, right) {
        (Val::Array(a), Val::Array(b)) => return compare_lists(op, a, b),
        (Val::Array(_), _) | (_, Val::Array(_)) => return Ok(None),
        (Val::DateTime(a), Val::DateTime(b)) => return Ok(result(a.cmp(b))),
        (Val::Date(a), Val::Date(b)) => return Ok(result(a.cmp(b))),
        (Val::Time(a), Val::Time(b)) => return Ok(result(a.cmp(b))),
        _ => {}
    }
    let both_text = matches!((left, right), (Val::Text(_), Val::Text(_)));
    if !both_text && left.is_double_safe() && right.is_double_safe() {
        let (a, b) = (left.to_double().unwrap_or(0.0), right.to_double().unwrap_or(0.0));
        let diff = a - b;
        return Ok(match op {
            BinOp::Eq => Some(double_near(a, b)),
            BinOp::Ne => Some(!double_near(a, b)),
            _ => result(if diff < 0.0 {
                Ordering::Less
            } else if diff > 0.0 {
                Ordering::Greater
            } else {
                Ordering::Equal
            }),
        });
    }
    if matches!(left, Val::Bool(_)) || matches!(right, Val::Bool(_)) {
        return Ok(match (left, right) {
            (Val::Bool(a), Val::Bool(b)) if matches!(op, BinOp::Eq | BinOp::Ne) => result(a.cmp(b)),
            (Val::Bool(a), Val::Bool(b)) => result(a.cmp(b)),
            _ if matches!(op, BinOp::Eq) => Some(false),
            // QGIS answers false for every comparison of a boolean with another type.
            _ => Some(false),
        });
    }
    if let (Val::Interval(a), Val::Interval(b)) = (left, right) {
        let diff = a.seconds - b.seconds;
        return Ok(match op {
            BinOp::Eq => Some(double_near(a.seconds, b.seconds)),
            BinOp::Ne => Some(!double_near(a.seconds, b.seconds)),
            _ => result(diff.partial_cmp(&0.0).unwrap_or(Ordering::Equal)),
        });
    }
    if !matches!(op, BinOp::Eq | BinOp::Ne) {
        let is_number = |v: &Val| matches!(v, Val::Int(_) | Val::Double(_));
        let odd = |v: &Val| {
            matches!(v, Val::Geometry(_) | Val::Map(_) | Val::Color(_) | Val::Feature(_) | Val::Ramp(_) | Val::Bytes(_))
        };
        if is_number(left) || is_number(right) || odd(left) || odd(right) {
            return Err(Problem::new(
                0,
                format!(
                    "cannot order {} against {} with '{}': they are different types (QGIS would compare them as text); convert one side, as in to_real(…) or to_string(…)",
                    left.describe(),
                    right.describe(),
                    op.symbol()
                ),
            ));
        }
    }
    if let (Val::Geometry(a), Val::Geometry(b)) = (left, right) {
        return Ok(result(if a == b { Ordering::Equal } else { Ordering::Less }));
    }
    Ok(result(compare_text(&left.to_text(), &right.to_text())))
}

fn compare_lists(op: BinOp, a: &[Val], b: &[Val]) -> Result<Option<bool>, Problem> {
    for (x, y) in a.iter().zip(b) {
        match (x.is_null(), y.is_null()) {
            (true, true) => continue,
            (true, false) | (false, true) => {
                return Ok(Some(match op {
                    BinOp::Eq => false,
                    BinOp::Ne => true,
                    BinOp::Lt | BinOp::Le => y.is_null(),
                    _ => x.is_null(),
                }));
            }
            _ => {}
        }
        if compare(BinOp::Eq, x, y)? == Some(false) {
            return compare(op, x, y);
        }
    }
    let ordering = a.len().cmp(&b.len());
    Ok(Some(match op {
        BinOp::Eq => ordering == Ordering::Equal,
        BinOp::Ne => ordering != Ordering::Equal,
        BinOp::Lt => ordering == Ordering::Less,
        BinOp::Le => ordering != Ordering::Greater,
        BinOp::Gt => ordering == Ordering::Greater,
        _ => ordering != Ordering::Less,
    }))
}

/// `IS` equality: numbers (unless both are text) within a few ULPs, else as text.
pub(crate) fn is_equal(left: &Val, right: &Val) -> bool {
    let both_text = matches!((left, right), (Val::Text(_), Val::Text(_)));
    if !both_text && left.is_double_safe() && right.is_double_safe() {
        return double_near(left.to_double().unwrap_or(0.0), right.to_double().unwrap_or(0.0));
    }
    match (left, right) {
        (Val::Geometry(a), Val::Geometry(b)) => a == b,
        (Val::Array(a), Val::Array(b)) => a == b,
        (Val::Map(a), Val::Map(b)) => a == b,
        _ => left.to_text() == right.to_text(),
    }
}

/// Equality in `IN` lists, as QGIS: numbers numerically when both read as numbers and are not
/// both text, otherwise as text.
fn in_equal(operand: &Val, item: &Val) -> bool {
    let both_text = matches!((operand, item), (Val::Text(_), Val::Text(_)));
    if !both_text && operand.is_double_safe() && item.is_double_safe() {
        return double_near(operand.to_double().unwrap_or(0.0), item.to_double().unwrap_or(0.0));
    }
    match (operand, item) {
        (Val::Date(a), Val::Date(b)) => a == b,
        (Val::DateTime(a), Val::DateTime(b)) => a == b,
        (Val::Time(a), Val::Time(b)) => a == b,
        _ => compare_text(&operand.to_text(), &item.to_text()) == Ordering::Equal,
    }
}

/// `BETWEEN` as QGIS: a boolean; with a NULL bound, the result is known only when the other
/// bound already decides it.
fn between(operand: &Val, low: &Val, high: &Val, negated: bool) -> Result<Val, String> {
    if operand.is_null() {
        return Ok(Val::Null);
    }
    let ge = if low.is_null() { None } else { compare(BinOp::Ge, operand, low).map_err(|p| p.message)? };
    let le = if high.is_null() { None } else { compare(BinOp::Le, operand, high).map_err(|p| p.message)? };
    let inside = match (ge, le) {
        (Some(false), _) | (_, Some(false)) => Some(false),
        (Some(true), Some(true)) => Some(true),
        _ => None,
    };
    Ok(match inside {
        Some(inside) => Val::Bool(inside != negated),
        None => Val::Null,
    })
}

/// `array[index]` (0-based, negative from the end; NULL past the end) and `map['key']`.
fn index_value(container: &Val, index: &Val) -> Result<Val, String> {
    match container {
        Val::Null => Ok(Val::Null),
        Val::Array(items) => {
            let Some(idx) = index.to_int() else {
                return Err(format!("an array is indexed by a whole number, not {}", index.describe()));
            };
            let len = i64::try_from(items.len()).unwrap_or(i64::MAX);
            let idx = if idx < 0 { len + idx } else { idx };
            Ok(usize::try_from(idx).ok().and_then(|i| items.get(i)).cloned().unwrap_or(Val::Null))
        }
        Val::Map(entries) => {
            let key = index.to_text();
            Ok(entries.iter().find(|(k, _)| *k == key).map_or(Val::Null, |(_, v)| v.clone()))
        }
        other => Err(format!("[] takes an array or a map, not {}", other.describe())),
    }
}

/// SQL LIKE as QGIS: `%` matches any run of characters (newlines too), `_` any one, and `\`
/// makes the next character literal. Runs in time proportional to text × pattern at worst.
pub(crate) fn like(text: &str, pattern: &str, case_insensitive: bool) -> bool {
    #[derive(Clone, Copy, PartialEq)]
    enum Piece {
        Any,
        One,
        Char(char),
    }
    let (text, pattern) = if case_insensitive {
        (text.to_lowercase(), pattern.to_lowercase())
    } else {
        (text.to_owned(), pattern.to_owned())
    };
    let mut pieces = Vec::new();
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        pieces.push(match c {
            '%' => Piece::Any,
            '_' => Piece::One,
            '\\' if matches!(chars.peek(), Some('%' | '_')) => Piece::Char(chars.next().unwrap_or('\\')),
            c => Piece::Char(c),
        });
    }
    let text: Vec<char> = text.chars().collect();
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
