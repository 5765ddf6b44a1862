//! QGIS expressions: filters (`"pop" > 1e6 AND continent = 'Asia'`), calculations
//! (`round($area / 1e6, 1)`) and ORDER BY lists, parsed once and evaluated per feature.
//!
//! # Syntax
//!
//! - Fields: bare names (`gdp_md`) or double-quoted (`"gdp md"`, with `""` for a quote).
//!   Names are matched exactly, then case-insensitively. Quote a field named like a keyword: `"end"`.
//! - Literals: `'text'` (with `''` for a quote; backslashes are kept as written, so a LIKE
//!   pattern `'100\%'` matches the text `100%`), `42`, `4.2`, `1e6`, `TRUE`, `FALSE`, `NULL`.
//! - Operators, loosest first: `OR`; `AND`; `NOT`; `= <> != < <= > >= IS [NOT] [NOT] IN (…)
//!   [NOT] LIKE [NOT] ILIKE [NOT] BETWEEN … AND …`; `||`; `+ -`; `* / // %`; `^`; unary `-`.
//!   As in QGIS, unary minus binds tighter than `^`: `-2 ^ 2` is 4.
//! - `CASE WHEN condition THEN result … [ELSE result] END` and `CASE value WHEN match THEN result … END`.
//! - Variables: `$geometry` (also `@geometry`), `$area`, `$length`, `$perimeter`, `$x`, `$y`,
//!   `$id` (also `@id`).
//! - Comments: `-- to the end of the line` and `/* … */`.
//!
//! # Semantics
//!
//! - NULL: arithmetic, `||` and comparisons with NULL give NULL; `AND`, `OR` and `NOT` use SQL
//!   three-valued logic; a filter keeps a row only when the result is true (NULL is not true).
//!   `IS` is equality in which NULL equals NULL.
//! - Numbers: `+ - * % //` on integers stay integers (falling back to float on overflow); `/` and
//!   `^` give floats; dividing by zero gives NULL. Text that reads as a number is used as one
//!   (`'2' * 3` is 6); other text is a type error pointing at the operator. `+` joins two texts.
//! - Comparisons: numerically for numbers (integers and floats together), as dates for dates (a
//!   text like `'2024-01-31'` compared with a date is read as a date), else as text.
//! - Truth: numbers are true unless 0; text is true unless empty, `0` or `false`; geometries are
//!   true unless empty.
//! - Measures: on a geographic CRS, `$area`/`area()` are geodesic square metres and
//!   `$length`/`length()`/`$perimeter`/`perimeter()` geodesic metres, on the WGS 84 ellipsoid;
//!   on a projected CRS they are planar, in CRS units. `$length` of a polygon is 0 (use
//!   `$perimeter`), as in QGIS.
//! - `$x`/`$y` are the coordinates of a point feature (the first point of a multi-point), else
//!   NULL. `x(geometry)`/`y(geometry)` use the centroid of a non-point geometry, as in QGIS.
//! - A geometry returned by [`Expr::eval`] becomes its WKT text, because [`Value`] holds no
//!   geometries.
//!
//! # Functions
//!
//! - Conditionals: `if(condition, then, else)` (evaluates only the branch taken),
//!   `coalesce(value, …)`, `nullif(value1, value2)`.
//! - Text: `upper`, `lower`, `title`, `length`, `trim`, `ltrim(s[, chars])`, `rtrim(s[, chars])`,
//!   `substr(s, start[, length])` (1-based; a negative start counts from the end), `left`, `right`,
//!   `replace(s, before, after)`, `concat(…)` (NULL counts as empty), `strpos(haystack, needle)`,
//!   `lpad`/`rpad(s, width, fill)`, `starts_with`, `ends_with`, `reverse`, `format_number(x[, places])`.
//! - Conversions: `to_string`, `to_int`, `to_real`, `to_date`, `to_datetime`.
//! - Dates: `now()` (UTC), `year`, `month`, `day`, `hour`, `minute`, `second`, `day_of_week` (0 is Sunday).
//! - Maths: `abs`, `sqrt`, `round(x[, places])`, `floor`, `ceil`, `exp`, `ln`, `log10`,
//!   `log(base, x)`, `pi()`, `sin`, `cos`, `tan`, `asin`, `acos`, `atan`, `atan2(dy, dx)`,
//!   `degrees`, `radians`, `power(base, exponent)`, `min(…)`/`max(…)` (NULLs ignored),
//!   `clamp(minimum, x, maximum)`. Results that are not real numbers (`sqrt(-1)`) are NULL.
//! - Geometry: `area`, `length`, `perimeter`, `x`, `y`, `centroid`, `x_min`, `x_max`, `y_min`,
//!   `y_max`, `num_points`, `geometry_type` (`Point`, `Line` or `Polygon`),
//!   `geom_to_wkt(geometry[, precision])`, `geom_from_wkt(text)`, `make_point(x, y)`.
//!
//! # Limitations
//!
//! No regular expressions (`~`, `regexp_*`), no arrays or maps, no named arguments
//! (`round(x, places:=2)`), no date arithmetic or intervals, and no backslash escapes in text
//! literals.

mod eval;
mod functions;
mod geometry;
mod lexer;
mod numeric;
mod parser;
mod sql;
#[cfg(test)]
mod tests;

use std::cmp::Ordering;
use std::fmt;

use crate::{Crs, Error, Feature, Field, Result, Value};

pub(crate) use numeric::NumericExpr;
use parser::{Node, NodeKind, Parser};
pub use sql::{SqlColumns, SqlParams};

/// A parsed expression, ready to evaluate against rows.
///
/// ```
/// use rustgis_core::{Crs, Expr, Feature, Field, FieldType, RowContext, Value};
///
/// let fields = [Field::new("name", FieldType::String), Field::new("pop", FieldType::Integer)];
/// let feature = Feature { id: 1, geometry: None, attributes: vec![Value::from("Lima"), Value::Int(9_750_000)] };
/// let row = RowContext { fields: &fields, feature: &feature, crs: Crs::WGS84 };
///
/// let big = Expr::parse("pop > 1e6 AND name LIKE 'L%'")?;
/// assert!(big.matches(&row)?);
/// let label = Expr::parse("upper(name) || ' (' || format_number(pop / 1e6, 1) || ' M)'")?;
/// assert_eq!(label.eval(&row)?, Value::from("LIMA (9.8 M)"));
/// # Ok::<(), rustgis_core::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct Expr {
    text: String,
    root: Node,
    max_value_bytes: usize,
}

impl Expr {
    /// Parses; errors are [`Error::Expression`] with the column of the offending token.
    pub fn parse(text: &str) -> Result<Expr> {
        let tokens = lexer::tokenize(text).map_err(|problem| problem.into_error(text))?;
        let mut parser = Parser::new(text, tokens);
        let root = parser.expression().map_err(|problem| problem.into_error(text))?;
        if parser.peek().kind != lexer::TokenKind::Eof {
            return Err(parser.unexpected("an operator or the end of the expression").into_error(text));
        }
        Ok(Expr { text: text.to_owned(), root, max_value_bytes: crate::limits::DEFAULT_MAX_VALUE_BYTES })
    }

    /// The same expression, refusing texts longer than `bytes` while it evaluates (the default
    /// is [`crate::DEFAULT_MAX_VALUE_BYTES`]).
    pub fn with_max_value_bytes(mut self, bytes: usize) -> Expr {
        self.max_value_bytes = bytes;
        self
    }

    /// The source text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The names of the fields referenced, each once, in the order they first appear.
    pub fn fields(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut stack = vec![&self.root];
        while let Some(node) = stack.pop() {
            if let NodeKind::Field(name) = &node.kind
                && !names.contains(name)
            {
                names.push(name.clone());
            }
            // Reversed so that the stack pops children left to right.
            stack.extend(parser::children(node).into_iter().rev());
        }
        names
    }

    /// Checks every referenced field exists in `fields` (exactly, or case-insensitively when
    /// that is unambiguous), else [`Error::UnknownField`] listing the layer's fields.
    pub fn check_fields(&self, layer_name: &str, fields: &[Field]) -> Result<()> {
        match self.fields().into_iter().find(|name| eval::resolve_field(name, fields).is_none()) {
            Some(field) => Err(Error::UnknownField {
                layer: layer_name.to_owned(),
                field,
                accepted: fields.iter().map(|field| field.name.clone()).collect(),
            }),
            None => Ok(()),
        }
    }

    /// The expression compiled to numbers, its fields numbered by their place in `fields`, when
    /// it uses only numbers, arithmetic, comparisons and logic (see [`NumericExpr`]).
    pub(crate) fn numeric(&self, fields: &[String]) -> Option<NumericExpr> {
        NumericExpr::compile(&self.root, fields)
    }

    /// Evaluates against one row. A geometry result is returned as WKT text.
    pub fn eval(&self, row: &RowContext) -> Result<Value> {
        let _limit = crate::limits::value_limit_scope(self.max_value_bytes);
        eval::eval(&self.root, row).map(eval::Val::into_value).map_err(|problem| problem.into_error(&self.text))
    }

    /// Evaluates as a filter: true only when the result is truthy (NULL → false).
    pub fn matches(&self, row: &RowContext) -> Result<bool> {
        let _limit = crate::limits::value_limit_scope(self.max_value_bytes);
        let value = eval::eval(&self.root, row).map_err(|problem| problem.into_error(&self.text))?;
        Ok(eval::truth(&value) == Some(true))
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// One row to evaluate an expression against: a feature, its layer's fields and its CRS.
#[derive(Debug, Clone, Copy)]
pub struct RowContext<'a> {
    /// The layer's fields, in the order of the feature's attributes.
    pub fields: &'a [Field],
    /// The feature.
    pub feature: &'a Feature,
    /// The CRS of the feature's geometry, which decides whether measures are geodesic.
    pub crs: Crs,
}

/// An ORDER BY list: `"gdp_md" DESC, name ASC NULLS LAST`.
#[derive(Debug, Clone)]
pub struct OrderBy {
    /// The keys, most significant first.
    pub keys: Vec<OrderKey>,
}

/// One key of an ORDER BY list.
#[derive(Debug, Clone)]
pub struct OrderKey {
    /// What to sort by.
    pub expr: Expr,
    /// Largest first (`DESC`) rather than smallest first (`ASC`, the default).
    pub descending: bool,
    /// Whether NULLs come before other values. By default they come last in ascending order and
    /// first in descending order, as in PostgreSQL and QGIS.
    pub nulls_first: bool,
}

impl OrderBy {
    /// Parses a comma-separated list of `expression [ASC | DESC] [NULLS FIRST | NULLS LAST]`.
    /// Each key's [`Expr`] holds just its own text.
    pub fn parse(text: &str) -> Result<OrderBy> {
        let tokens = lexer::tokenize(text).map_err(|problem| problem.into_error(text))?;
        let mut parser = Parser::new(text, tokens);
        let mut keys = Vec::new();
        loop {
            let first = parser.position();
            parser.expression().map_err(|problem| problem.into_error(text))?;
            let (start, end) = parser.span_from(first);
            let expr = Expr::parse(text.get(start..end).unwrap_or(""))?;
            let descending = if parser.eat_keyword("desc") {
                true
            } else {
                parser.eat_keyword("asc");
                false
            };
            let nulls_first = if parser.eat_keyword("nulls") {
                if parser.eat_keyword("first") {
                    true
                } else if parser.eat_keyword("last") {
                    false
                } else {
                    return Err(parser.unexpected("FIRST or LAST after NULLS").into_error(text));
                }
            } else {
                descending
            };
            keys.push(OrderKey { expr, descending, nulls_first });
            match parser.peek().kind {
                lexer::TokenKind::Comma => parser.advance(),
                lexer::TokenKind::Eof => return Ok(OrderBy { keys }),
                _ => {
                    let expected = if parser.at_order_word() {
                        "',' or the end (write ASC or DESC before NULLS FIRST or NULLS LAST)"
                    } else {
                        "an operator, ASC, DESC, NULLS FIRST, NULLS LAST, ',' or the end"
                    };
                    return Err(parser.unexpected(expected).into_error(text));
                }
            }
        }
    }

    /// Sorts feature indices stably by the keys, comparing with [`Value::total_cmp`].
    /// Every index must be a position in `features`.
    pub fn sort(&self, fields: &[Field], features: &[Feature], crs: Crs, indices: &mut Vec<usize>) -> Result<()> {
        let mut keyed = Vec::with_capacity(indices.len());
        for &feature_idx in indices.iter() {
            let Some(feature) = features.get(feature_idx) else {
                return Err(Error::invalid(
                    "indices",
                    format!("index {feature_idx} is past the last of {} features", features.len()),
                ));
            };
            let row = RowContext { fields, feature, crs };
            let values = self.keys.iter().map(|key| key.expr.eval(&row)).collect::<Result<Vec<Value>>>()?;
            keyed.push((feature_idx, values));
        }
        keyed.sort_by(|(_, a), (_, b)| {
            self.keys
                .iter()
                .zip(a.iter().zip(b))
                .map(|(key, (a, b))| key.compare(a, b))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        });
        *indices = keyed.into_iter().map(|(feature_idx, _)| feature_idx).collect();
        Ok(())
    }
}

impl OrderKey {
    fn compare(&self, a: &Value, b: &Value) -> Ordering {
        let nulls = if self.nulls_first { Ordering::Less } else { Ordering::Greater };
        match (a.is_null(), b.is_null()) {
            (true, true) => Ordering::Equal,
            (true, false) => nulls,
            (false, true) => nulls.reverse(),
            (false, false) if self.descending => b.total_cmp(a),
            (false, false) => a.total_cmp(b),
        }
    }
}

/// What went wrong and where, before it is tied to the source text.
#[derive(Debug, Clone, PartialEq)]
struct Problem {
    /// 1-based column.
    column: usize,
    /// What is wrong.
    message: String,
}

impl Problem {
    fn new(column: usize, message: impl Into<String>) -> Problem {
        Problem { column, message: message.into() }
    }

    fn into_error(self, text: &str) -> Error {
        Error::Expression { source_text: text.to_owned(), column: self.column, message: self.message }
    }
}
