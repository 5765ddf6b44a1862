//! Expressions as SQL, for filters and sort keys a database runs (PostGIS layers): only where the
//! SQL means exactly what the expression means here, else the reason it does not, so the caller
//! evaluates the expression itself.
//!
//! Exact: comparisons of numbers with numbers (as `float8`, equal within QGIS's few ULPs, as
//! here), texts with texts (in code point order, `COLLATE "C"`, as here), booleans with booleans
//! and dates with dates; `AND`, `OR`, `NOT` on conditions (SQL's three-valued logic is this one's);
//! `IS [NOT] NULL`; `[NOT] IN` a list of text, boolean or date literals; `[NOT] LIKE` a literal
//! pattern whose backslashes only escape `%` and `_`; `BETWEEN` on numbers (as `float8`), texts
//! or dates; `+ - *` on numbers (integers as `numeric`, which neither overflows nor rounds) and
//! `/` (division by zero gives NULL); `||` on texts; `$id`; and the functions `abs`, `length`
//! (of a text) and `coalesce`. Every literal is a bound parameter, never spliced into the text.
//!
//! Evaluated here instead, because SQL would answer otherwise: unary minus (`-NULL` is an error
//! here), `ILIKE`, `upper` and `lower` (PostgreSQL's case rules depend on the server's locale),
//! `IS` between values and `IN` lists of numbers (compared within a few ULPs here).

use super::Expr;
use super::functions::Function;
use super::parser::{BinOp as Op, Node, NodeKind};
use super::value::Val;
use crate::{Field, FieldType, Value};

/// The parameters of a SQL statement being written: each value pushed becomes `$n`, cast to the
/// type the value has (`$1::float8`), so the database binds it as that type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SqlParams {
    values: Vec<Value>,
}

impl SqlParams {
    /// No parameters yet.
    pub fn new() -> SqlParams {
        SqlParams::default()
    }

    /// Adds a value; returns its placeholder with a cast (`$3::text`).
    pub fn push(&mut self, value: Value) -> String {
        let cast = match &value {
            Value::Bool(_) => "bool",
            Value::Int(_) => "int8",
            Value::Float(_) => "float8",
            Value::Date(_) => "date",
            Value::DateTime(_) => "timestamp",
            Value::String(_) | Value::Null => "text",
        };
        self.values.push(value);
        format!("${}::{cast}", self.values.len())
    }

    /// The values, `$1` first.
    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The values, `$1` first.
    pub fn into_values(self) -> Vec<Value> {
        self.values
    }

    /// Forgets the values pushed after the first `len` (a translation that gave up).
    fn truncate(&mut self, len: usize) {
        self.values.truncate(len);
    }
}

/// How an expression's names map to SQL: the layer's fields (each a column expression) and `$id`.
#[derive(Clone, Copy)]
pub struct SqlColumns<'a> {
    /// The layer's fields, in order.
    pub fields: &'a [Field],
    /// The SQL of the field at an index (a quoted column of the row, cast to its field type).
    pub field_sql: &'a dyn Fn(usize) -> String,
    /// The SQL of `$id` (the id column).
    pub id_sql: &'a str,
}

impl std::fmt::Debug for SqlColumns<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SqlColumns").field("fields", &self.fields).field("id_sql", &self.id_sql).finish()
    }
}

impl Expr {
    /// The expression as a SQL condition (a filter: rows where it is true), or why it has no
    /// exact SQL equivalent. On failure `params` is as it was.
    pub fn to_sql_condition(&self, columns: &SqlColumns<'_>, params: &mut SqlParams) -> Result<String, String> {
        let before = params.values.len();
        let out = translate(&self.root, columns, params).and_then(|(sql, kind)| match kind {
            Kind::Bool | Kind::Null => Ok(sql),
            other => {
                Err(format!("the filter is {} here, not a condition (it is true unless 0 or empty)", other.name()))
            }
        });
        if out.is_err() {
            params.truncate(before);
        }
        out
    }

    /// The expression as a SQL value to sort by, or why it has no exact SQL equivalent. On
    /// failure `params` is as it was.
    pub fn to_sql_value(&self, columns: &SqlColumns<'_>, params: &mut SqlParams) -> Result<String, String> {
        let before = params.values.len();
        let out = translate(&self.root, columns, params).map(|(sql, kind)| match kind {
            Kind::Text => format!("{sql} COLLATE \"C\""),
            _ => sql,
        });
        if out.is_err() {
            params.truncate(before);
        }
        out
    }
}

/// The type of a translated node, as far as exactness needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Bool,
    Int,
    /// Floats and the `numeric` results of integer arithmetic: compared as numbers either way.
    Float,
    Text,
    Date,
    DateTime,
    /// The NULL literal.
    Null,
}

impl Kind {
    fn of(field_type: FieldType) -> Kind {
        match field_type {
            FieldType::Bool => Kind::Bool,
            FieldType::Integer => Kind::Int,
            FieldType::Float => Kind::Float,
            FieldType::String => Kind::Text,
            FieldType::Date => Kind::Date,
            FieldType::Datetime => Kind::DateTime,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Kind::Bool => "a boolean",
            Kind::Int => "an integer",
            Kind::Float => "a number",
            Kind::Text => "a text",
            Kind::Date => "a date",
            Kind::DateTime => "a date and time",
            Kind::Null => "NULL",
        }
    }

    fn is_number(self) -> bool {
        matches!(self, Kind::Int | Kind::Float)
    }
}

/// Whether two kinds compare the same way in SQL as here.
fn comparable(a: Kind, b: Kind) -> bool {
    a == Kind::Null
        || b == Kind::Null
        || (a.is_number() && b.is_number())
        || (a == b && matches!(a, Kind::Text | Kind::Bool | Kind::Date | Kind::DateTime))
}

/// The value a literal binds as, if it has a SQL type.
fn literal_value(value: &Val) -> Option<Value> {
    Some(match value {
        Val::Null => Value::Null,
        Val::Bool(b) => Value::Bool(*b),
        Val::Int(i) => Value::Int(*i),
        Val::Double(d) if d.is_finite() => Value::Float(*d),
        Val::Text(t) => Value::String(t.to_string()),
        Val::Date(d) => Value::Date(*d),
        Val::DateTime(d) => Value::DateTime(*d),
        _ => return None,
    })
}

fn translate(node: &Node, columns: &SqlColumns<'_>, params: &mut SqlParams) -> Result<(String, Kind), String> {
    match &node.kind {
        NodeKind::Literal(value) => {
            let value =
                literal_value(value).ok_or_else(|| format!("the literal {} is evaluated here", value.describe()))?;
            Ok(match value {
                Value::Null => ("NULL".to_owned(), Kind::Null),
                Value::Bool(b) => ((if b { "TRUE" } else { "FALSE" }).to_owned(), Kind::Bool),
                Value::Int(_) => (params.push(value), Kind::Int),
                Value::Float(_) => (params.push(value), Kind::Float),
                Value::String(_) => (params.push(value), Kind::Text),
                Value::Date(_) => (params.push(value), Kind::Date),
                Value::DateTime(_) => (params.push(value), Kind::DateTime),
            })
        }
        NodeKind::Column(name, _) => {
            let idx = super::eval::resolve_field(name, columns.fields)
                .ok_or_else(|| format!("the layer has no field '{name}'"))?;
            Ok(((columns.field_sql)(idx), Kind::of(columns.fields[idx].field_type)))
        }
        NodeKind::Variable(name) => Err(format!("@{name} is evaluated here")),
        NodeKind::Negate(_) => Err("unary minus is evaluated here (-NULL is an error here, NULL in SQL)".to_owned()),
        NodeKind::Index { .. } => Err("[] is evaluated here".to_owned()),
        NodeKind::Not(operand) => {
            let (sql, kind) = translate(operand, columns, params)?;
            condition(kind, "NOT")?;
            Ok((format!("(NOT {sql})"), Kind::Bool))
        }
        NodeKind::Binary { op: op @ (Op::And | Op::Or), left, right } => {
            let word = if *op == Op::And { "AND" } else { "OR" };
            let (left, left_kind) = translate(left, columns, params)?;
            let (right, right_kind) = translate(right, columns, params)?;
            condition(left_kind, word)?;
            condition(right_kind, word)?;
            Ok((format!("({left} {word} {right})"), Kind::Bool))
        }
        NodeKind::Binary { op: op @ (Op::Is | Op::IsNot), left, right } => {
            let negated = *op == Op::IsNot;
            let (left_sql, left_kind) = translate(left, columns, params)?;
            let (right_sql, right_kind) = translate(right, columns, params)?;
            let not = if negated { " NOT" } else { "" };
            if right_kind == Kind::Null {
                return Ok((format!("({left_sql} IS{not} NULL)"), Kind::Bool));
            }
            if left_kind == Kind::Null {
                return Ok((format!("({right_sql} IS{not} NULL)"), Kind::Bool));
            }
            if left_kind != right_kind || !matches!(left_kind, Kind::Text | Kind::Bool | Kind::Date | Kind::DateTime) {
                return Err(format!("IS between {} and {} is evaluated here", left_kind.name(), right_kind.name()));
            }
            let (left_sql, right_sql) = collated(left_sql, left_kind, right_sql);
            Ok((
                format!("({left_sql} IS{not} DISTINCT FROM {right_sql})", not = if negated { "" } else { " NOT" }),
                Kind::Bool,
            ))
        }
        NodeKind::In { operand, list, negated } => {
            let (operand_sql, kind) = translate(operand, columns, params)?;
            if !matches!(kind, Kind::Text | Kind::Bool | Kind::Date | Kind::DateTime) {
                return Err(format!(
                    "IN on {} is evaluated here (numbers compare within a few ULPs here)",
                    kind.name()
                ));
            }
            let mut items = Vec::with_capacity(list.len());
            for item in list {
                if !matches!(item.kind, NodeKind::Literal(_)) || matches!(item.kind, NodeKind::Literal(Val::Null)) {
                    return Err("IN has an item that is not a literal value (or is NULL)".to_owned());
                }
                let (sql, item_kind) = translate(item, columns, params)?;
                if item_kind != kind {
                    return Err(format!("IN compares {} with {} here", kind.name(), item_kind.name()));
                }
                items.push(sql);
            }
            let not = if *negated { " NOT" } else { "" };
            let (operand_sql, _) = collated(operand_sql, kind, String::new());
            Ok((format!("({operand_sql}{not} IN ({}))", items.join(", ")), Kind::Bool))
        }
        NodeKind::Binary { op: op @ (Op::Like | Op::NotLike), left, right } => {
            let (operand_sql, kind) = translate(left, columns, params)?;
            if kind != Kind::Text {
                return Err(format!("LIKE matches {} as text here", kind.name()));
            }
            let NodeKind::Literal(Val::Text(text)) = &right.kind else {
                return Err("the LIKE pattern is not a text literal".to_owned());
            };
            let mut chars = text.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '\\' && !matches!(chars.next(), Some('%' | '_')) {
                    return Err(
                        "the LIKE pattern has a backslash that does not escape % or _, which SQL reads otherwise"
                            .to_owned(),
                    );
                }
            }
            let pattern_sql = params.push(Value::String(text.to_string()));
            let not = if *op == Op::NotLike { " NOT" } else { "" };
            Ok((format!("({operand_sql}{not} LIKE {pattern_sql})"), Kind::Bool))
        }
        NodeKind::Between { operand, low, high, negated } => {
            let (operand_sql, kind) = translate(operand, columns, params)?;
            let (low_sql, low_kind) = translate(low, columns, params)?;
            let (high_sql, high_kind) = translate(high, columns, params)?;
            if !comparable(kind, low_kind) || !comparable(kind, high_kind) || kind == Kind::Null {
                return Err(format!("BETWEEN compares {} with other types here", kind.name()));
            }
            let not = if *negated { " NOT" } else { "" };
            if kind.is_number() {
                return Ok((
                    format!("(({operand_sql})::float8{not} BETWEEN ({low_sql})::float8 AND ({high_sql})::float8)"),
                    Kind::Bool,
                ));
            }
            let (operand_sql, low_sql) = collated(operand_sql, kind, low_sql);
            Ok((format!("({operand_sql}{not} BETWEEN {low_sql} AND {high_sql})"), Kind::Bool))
        }
        NodeKind::Binary { op, left, right } => binary(*op, left, right, columns, params),
        NodeKind::Case { .. } => Err("CASE is evaluated here".to_owned()),
        NodeKind::Call { function, args } => call(function, args, columns, params),
    }
}

/// Refuses a non-condition operand of AND, OR or NOT (here numbers have a truth and text is an
/// error).
fn condition(kind: Kind, word: &str) -> Result<(), String> {
    match kind {
        Kind::Bool | Kind::Null => Ok(()),
        other => Err(format!("{word} has {} operand, whose truth is decided here", other.name())),
    }
}

/// Texts compare in code point order here: the left side gets `COLLATE "C"`.
fn collated(left: String, kind: Kind, right: String) -> (String, String) {
    if kind == Kind::Text { (format!("({left} COLLATE \"C\")"), right) } else { (left, right) }
}

/// QGIS's tolerance for equal doubles (4 × machine epsilon), as the evaluator uses it.
const NEAR: &str = "8.881784197001252e-16";

fn binary(
    op: Op,
    left: &Node,
    right: &Node,
    columns: &SqlColumns<'_>,
    params: &mut SqlParams,
) -> Result<(String, Kind), String> {
    let (left_sql, left_kind) = translate(left, columns, params)?;
    let (right_sql, right_kind) = translate(right, columns, params)?;
    let symbol = op.symbol();
    match op {
        Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge => {
            if !comparable(left_kind, right_kind) {
                return Err(format!(
                    "{symbol} compares {} with {} (as numbers or dates where a text reads as one) here",
                    left_kind.name(),
                    right_kind.name()
                ));
            }
            if left_kind.is_number() || right_kind.is_number() {
                // As the evaluator: the difference of the two as doubles.
                let diff = format!("(({left_sql})::float8 - ({right_sql})::float8)");
                let sql = match op {
                    Op::Eq => format!("({diff} BETWEEN -{NEAR} AND {NEAR})"),
                    Op::Ne => format!("(NOT ({diff} BETWEEN -{NEAR} AND {NEAR}))"),
                    _ => format!("({diff} {symbol} 0)"),
                };
                return Ok((sql, Kind::Bool));
            }
            let (left_sql, right_sql) = collated(left_sql, left_kind, right_sql);
            Ok((format!("({left_sql} {symbol} {right_sql})"), Kind::Bool))
        }
        Op::Plus | Op::Minus | Op::Mul => {
            let numbers = |k: Kind| k.is_number() || k == Kind::Null;
            if !numbers(left_kind) || !numbers(right_kind) {
                return Err(format!("{symbol} on {} and {} is evaluated here", left_kind.name(), right_kind.name()));
            }
            if left_kind == Kind::Float || right_kind == Kind::Float {
                Ok((format!("(({left_sql})::float8 {symbol} ({right_sql})::float8)"), Kind::Float))
            } else {
                Ok((format!("(({left_sql})::numeric {symbol} ({right_sql})::numeric)"), Kind::Float))
            }
        }
        Op::Div => {
            let numbers = |k: Kind| k.is_number() || k == Kind::Null;
            if !numbers(left_kind) || !numbers(right_kind) {
                return Err(format!("/ on {} and {} is evaluated here", left_kind.name(), right_kind.name()));
            }
            Ok((format!("(({left_sql})::float8 / NULLIF(({right_sql})::float8, 0))"), Kind::Float))
        }
        Op::Concat => {
            if left_kind != Kind::Text || right_kind != Kind::Text {
                return Err(format!("|| on {} and {} is evaluated here", left_kind.name(), right_kind.name()));
            }
            Ok((format!("({left_sql} || {right_sql})"), Kind::Text))
        }
        _ => Err(format!("{symbol} is evaluated here")),
    }
}

fn call(
    function: &Function,
    args: &[Option<Node>],
    columns: &SqlColumns<'_>,
    params: &mut SqlParams,
) -> Result<(String, Kind), String> {
    let mut translated = Vec::with_capacity(args.len());
    for arg in args.iter().flatten() {
        translated.push(translate(arg, columns, params)?);
    }
    let one = |expected: fn(Kind) -> bool| -> Result<&(String, Kind), String> {
        match translated.as_slice() {
            [arg] if expected(arg.1) => Ok(arg),
            _ => Err(format!("{}() of these arguments is evaluated here", function.name)),
        }
    };
    match function.name {
        "abs" => one(Kind::is_number).map(|(sql, _)| (format!("abs(({sql})::float8)"), Kind::Float)),
        "length" => one(|k| k == Kind::Text).map(|(sql, _)| (format!("char_length({sql})"), Kind::Int)),
        "coalesce" => {
            let kind = translated.iter().map(|(_, k)| *k).find(|k| *k != Kind::Null).unwrap_or(Kind::Null);
            if translated.iter().any(|(_, k)| *k != Kind::Null && *k != kind) {
                return Err("coalesce() of values of different types is evaluated here".to_owned());
            }
            let list: Vec<&str> = translated.iter().map(|(sql, _)| sql.as_str()).collect();
            Ok((format!("coalesce({})", list.join(", ")), kind))
        }
        "$id" => Ok((columns.id_sql.to_owned(), Kind::Int)),
        "$area" | "$length" | "$perimeter" => {
            Err("$area, $length and $perimeter are measured here (geodesic on longitude/latitude), not in the database"
                .to_owned())
        }
        other => Err(format!("{other}() is evaluated here")),
    }
}

#[cfg(test)]
mod tests {
    use super::{SqlColumns, SqlParams};
    use crate::{Expr, Field, FieldType, Value};

    fn check(text: &str) -> Result<(String, Vec<Value>), String> {
        let fields = [
            Field::new("name", FieldType::String),
            Field::new("pop", FieldType::Integer),
            Field::new("gdp", FieldType::Float),
            Field::new("capital", FieldType::Bool),
        ];
        let field_sql = |idx: usize| format!("s.\"{}\"", fields[idx].name);
        let columns = SqlColumns { fields: &fields, field_sql: &field_sql, id_sql: "s.\"gid\"" };
        let mut params = SqlParams::new();
        let sql = Expr::parse(text).expect("parses").to_sql_condition(&columns, &mut params)?;
        Ok((sql, params.into_values()))
    }

    #[test]
    fn comparisons_and_logic_become_sql_with_bound_parameters() {
        let (sql, params) = check("pop > 1000000 AND name = 'Lima' OR NOT capital").expect("exact");
        assert_eq!(
            sql,
            "(((((s.\"pop\")::float8 - ($1::int8)::float8) > 0) AND ((s.\"name\" COLLATE \"C\") = $2::text)) OR (NOT s.\"capital\"))"
        );
        assert_eq!(params, vec![Value::Int(1_000_000), Value::from("Lima")]);
    }

    #[test]
    fn a_hostile_text_literal_is_a_parameter_not_sql() {
        let (sql, params) = check("name = 'x''; DROP TABLE t; --'").expect("exact");
        assert!(!sql.contains("DROP"), "{sql}");
        assert_eq!(params, vec![Value::from("x'; DROP TABLE t; --")]);
    }

    #[test]
    fn in_like_is_null_and_between_become_sql() {
        assert!(check("name NOT LIKE 'L%'").expect("exact").0.contains("NOT LIKE $1::text"));
        assert_eq!(check("gdp IS NULL").expect("exact").0, "(s.\"gdp\" IS NULL)");
        assert!(check("pop BETWEEN 1 AND 2.5").expect("exact").0.contains("BETWEEN"));
        assert!(check("name IN ('Lima', 'Quito')").expect("exact").0.contains("IN ($1::text, $2::text)"));
    }

    #[test]
    fn arithmetic_on_integers_runs_as_numeric_and_division_by_zero_is_null() {
        assert!(check("pop * 2 > 10").expect("exact").0.contains("::numeric * "));
        assert!(check("gdp = 230.5").expect("exact").0.contains("BETWEEN -8.881784197001252e-16"));
        assert!(check("gdp / pop > 1").expect("exact").0.contains("NULLIF"));
    }

    #[test]
    fn what_sql_would_evaluate_differently_stays_local_with_a_reason() {
        assert!(check("$area > 1e6").expect_err("local").contains("measured here"));
        assert!(check("name > 5").expect_err("local").contains("compares a text with an integer"));
        assert!(check("pop").expect_err("local").contains("not a condition"));
        assert!(check("round(gdp) = 2").expect_err("local").contains("round()"));
        assert!(check("-pop > 2").expect_err("local").contains("unary minus"));
        assert!(check("upper(name) = 'LIMA'").expect_err("local").contains("upper()"));
        assert!(check("name ILIKE 'l%'").expect_err("local").contains("ILIKE"));
        assert!(check("name LIKE 'a\\\\b'").expect_err("local").contains("backslash"));
    }
}
