//! QGIS expressions (the QGIS 3.40 language): filters (`"pop" > 1e6 AND continent = 'Asia'`),
//! calculations (`round($area / 1e6, 1)`), labels, styles and ORDER BY lists, parsed once and
//! evaluated per feature by one evaluator.
//!
//! The language, its semantics, every function and where RustGIS deliberately differs from QGIS
//! are in `docs/user-guide/expressions.md`, generated from the function table
//! ([`expression_reference_markdown`]). In short:
//!
//! - Precedence as QGIS's grammar: `OR` < `AND` < `NOT` < `BETWEEN` < comparisons, `~`, `LIKE`,
//!   `IS`, `IN` < `+ -` < `* / // %` < `^` < `||` < unary minus < `[index]`.
//! - Types as QGIS's QVariant: comparisons give the integers 1 and 0, text that reads as a number
//!   is a number, NULL propagates, `-NULL` and `'text' AND …` are errors; arrays, maps, colours,
//!   intervals, times and geometries with Z and M are values.
//! - Named and optional arguments: `round(value:=2.5, places:=1)`.
//! - `area()`, `length()`, `perimeter()` are planar in the geometry's units; `$area`, `$length`
//!   and `$perimeter` measure the feature on the WGS 84 ellipsoid on a geographic CRS.
//! - QGIS's own tests (`rustgis-core/tests/data/qgis/`) are the specification; RustGIS refuses
//!   what it cannot answer as QGIS does, with an error that says what to write instead.
//! - Aggregates (`sum("pop", group_by:="continent")`, `aggregate(layer:='cities', …)`) need a
//!   [`Scope`]: evaluate with [`Expr::eval_in`].

mod color;
mod datetime;
mod docs;
mod eval;
mod functions;
mod geom;
mod lexer;
mod measures;
mod numeric;
mod parser;
#[cfg(test)]
mod qgis_suite;
mod ramps;
mod regex;
mod sql;
#[cfg(test)]
mod tests;
mod value;

use std::cmp::Ordering;
use std::fmt;

use crate::{Crs, Error, Feature, Field, Layer, Result, Value};

pub use docs::expression_reference_markdown;
pub(crate) use numeric::NumericExpr;
use parser::{Node, NodeKind, Parser};
pub use sql::{SqlColumns, SqlParams};

/// The index of a field as expressions find it: the exact name, else a unique case-insensitive
/// match.
pub(crate) fn resolve_field_index(name: &str, fields: &[Field]) -> Option<usize> {
    eval::resolve_field(name, fields)
}

/// The layers an expression can reach beyond its own row: its layer (for aggregates such as
/// `sum("pop")` and `@layer_name`) and the project's other layers (for
/// `aggregate(layer:='cities', …)` and `get_feature`).
pub trait LayerLookup: Sync {
    /// The layer with this name, if there is one.
    fn layer_named(&self, name: &str) -> Option<&Layer>;
    /// Every layer's name, for messages.
    fn layer_names(&self) -> Vec<String>;
}

/// What an expression sees beyond its row; see [`Expr::eval_in`].
#[derive(Default)]
pub struct Scope<'a> {
    /// The layer the rows belong to.
    pub layer: Option<&'a Layer>,
    /// The project's layers.
    pub layers: Option<&'a dyn LayerLookup>,
    /// Results of aggregates, which do not change from row to row.
    cache: std::sync::Mutex<std::collections::HashMap<String, value::Val>>,
}

impl<'a> Scope<'a> {
    /// A scope with a layer and, optionally, the other layers of its project. Make one per
    /// evaluation run (one command over a layer): it keeps aggregate results for that run.
    pub fn new(layer: Option<&'a Layer>, layers: Option<&'a dyn LayerLookup>) -> Scope<'a> {
        Scope { layer, layers, cache: std::sync::Mutex::default() }
    }

    fn cached(&self, key: &str) -> Option<value::Val> {
        self.cache.lock().ok().and_then(|cache| cache.get(key).cloned())
    }

    fn store(&self, key: String, value: value::Val) {
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(key, value);
        }
    }
}

impl fmt::Debug for Scope<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Scope").field("layer", &self.layer.map(|l| &l.name)).finish_non_exhaustive()
    }
}

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

    /// The syntax tree.
    pub(crate) fn root(&self) -> &Node {
        &self.root
    }

    /// The source text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The names of the fields referenced, each once, in the order they first appear. Fields in
    /// the expression, filter and order of `aggregate()` belong to the layer it names, and are
    /// left out.
    pub fn fields(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        let mut stack = vec![&self.root];
        while let Some(node) = stack.pop() {
            if let NodeKind::Column(name, _) = &node.kind
                && !names.contains(name)
            {
                names.push(name.clone());
            }
            let children: Vec<&Node> = match &node.kind {
                NodeKind::Call { function, args } if function.name == "aggregate" => args
                    .iter()
                    .enumerate()
                    .filter(|(idx, _)| !matches!(idx, 2 | 3 | 5))
                    .filter_map(|(_, arg)| arg.as_ref())
                    .collect(),
                _ => parser::children(node),
            };
            // Reversed so that the stack pops children left to right.
            stack.extend(children.into_iter().rev());
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

    /// The values for every feature of `layer` as doubles, computed a column of 4,096 rows at a
    /// time, when the expression uses only numbers, arithmetic, comparisons, logic and maths
    /// functions of the layer's double fields; `None` otherwise (evaluate row by row). The
    /// values are exactly those of [`Expr::eval_numbered`] (a chunk where a number overflows, where
    /// the evaluator may report an error, is evaluated row by row). `check` runs before each
    /// chunk, to stop a long run.
    pub fn eval_column(
        &self,
        layer: &Layer,
        scope: &Scope<'_>,
        check: &mut dyn FnMut() -> Result<()>,
    ) -> Result<Option<Vec<Value>>> {
        const CHUNK: usize = 4096;
        let names = self.fields();
        let mut columns = Vec::with_capacity(names.len());
        for name in &names {
            match resolve_field_index(name, &layer.fields) {
                Some(idx) if layer.fields[idx].field_type == crate::FieldType::Float => columns.push(idx),
                _ => return Ok(None),
            }
        }
        let Some(numeric) = NumericExpr::compile_strict(&self.root, &names) else { return Ok(None) };
        let mut values = Vec::new();
        values
            .try_reserve_exact(layer.features.len())
            .map_err(|_| Error::Failed(format!("cannot allocate room for {} values", layer.features.len())))?;
        let mut inputs: Vec<Vec<f64>> = vec![Vec::with_capacity(CHUNK); columns.len()];
        let mut out = vec![0.0; CHUNK];
        for (chunk_idx, chunk) in layer.features.chunks(CHUNK).enumerate() {
            check()?;
            // Only finite doubles and NULLs go in columns; anything else is evaluated row by row.
            let mut plain = true;
            for (input, &col) in inputs.iter_mut().zip(&columns) {
                input.clear();
                input.extend(chunk.iter().map(|f| match f.attributes.get(col) {
                    Some(Value::Float(v)) if v.is_finite() => *v,
                    None | Some(Value::Null) => f64::NAN,
                    Some(_) => {
                        plain = false;
                        f64::NAN
                    }
                }));
            }
            let slices: Vec<&[f64]> = inputs.iter().map(Vec::as_slice).collect();
            let out = &mut out[..chunk.len()];
            if plain && numeric.eval_row_exact(&slices, out) {
                values.extend(out.iter().map(|v| if v.is_nan() { Value::Null } else { Value::Float(*v) }));
            } else {
                for (n, feature) in chunk.iter().enumerate() {
                    let row = RowContext { fields: &layer.fields, feature, crs: layer.crs };
                    let value = self.eval_numbered(&row, scope, chunk_idx * CHUNK + n + 1)?;
                    values.push(
                        crate::FieldType::Float
                            .coerce(value)
                            .map_err(|e| Error::invalid("expression", format!("{e} (feature {})", feature.id)))?,
                    );
                }
            }
        }
        Ok(Some(values))
    }

    /// Evaluates against one row. Values a [`Value`] cannot hold become text: a geometry its
    /// WKT, an array or map its JSON, a colour `r,g,b,a`; an interval becomes its seconds.
    pub fn eval(&self, row: &RowContext) -> Result<Value> {
        self.eval_val(row, None).map(value::Val::into_value)
    }

    /// Evaluates against one row of a layer, with aggregates over the layer and the project's
    /// other layers in reach (see [`Scope`]).
    pub fn eval_in(&self, row: &RowContext, scope: &Scope<'_>) -> Result<Value> {
        self.eval_val(row, Some(scope)).map(value::Val::into_value)
    }

    /// [`Expr::eval_in`] for the row numbered `row_number` (1-based) of a run, which
    /// `@row_number` gives.
    pub fn eval_numbered(&self, row: &RowContext, scope: &Scope<'_>, row_number: usize) -> Result<Value> {
        let _limit = crate::limits::value_limit_scope(self.max_value_bytes);
        let mut env = eval::Env::new(row.fields, Some(row.feature), row.crs, Some(scope));
        env.row_number = i64::try_from(row_number).ok();
        eval::eval(&self.root, &mut env).map(value::Val::into_value).map_err(|problem| problem.into_error(&self.text))
    }

    /// Evaluates as a filter: true only when the result is true (NULL → false). A result that
    /// is not a truth value (text, a date) is an error, as in QGIS.
    pub fn matches(&self, row: &RowContext) -> Result<bool> {
        self.matches_in(row, None)
    }

    /// [`Expr::matches`] with a [`Scope`].
    pub fn matches_in(&self, row: &RowContext, scope: Option<&Scope<'_>>) -> Result<bool> {
        let value = self.eval_val(row, scope)?;
        let truth = eval::truth(&value).map_err(|message| Problem::new(1, message).into_error(&self.text))?;
        Ok(truth == Some(true))
    }

    fn eval_val(&self, row: &RowContext, scope: Option<&Scope<'_>>) -> Result<value::Val> {
        let _limit = crate::limits::value_limit_scope(self.max_value_bytes);
        let mut env = eval::Env::new(row.fields, Some(row.feature), row.crs, scope);
        eval::eval(&self.root, &mut env).map_err(|problem| problem.into_error(&self.text))
    }

    /// Evaluates without a row: fields are unknown, `$geometry` is NULL.
    #[cfg(test)]
    pub(crate) fn eval_constant(&self) -> std::result::Result<value::Val, Problem> {
        let _limit = crate::limits::value_limit_scope(self.max_value_bytes);
        let mut env = eval::Env::new(&[], None, Crs::WGS84, None);
        eval::eval(&self.root, &mut env)
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
pub(crate) struct Problem {
    /// 1-based column.
    column: usize,
    /// What is wrong.
    message: String,
    /// Whether this is valid QGIS that RustGIS refuses (the message says what to write).
    unsupported: bool,
}

impl Problem {
    fn new(column: usize, message: impl Into<String>) -> Problem {
        Problem { column, message: message.into(), unsupported: false }
    }

    /// A refusal of valid QGIS syntax; the message says what is unsupported and what to write.
    fn unsupported(column: usize, message: impl Into<String>) -> Problem {
        Problem { column, message: message.into(), unsupported: true }
    }

    fn into_error(self, text: &str) -> Error {
        Error::Expression { source_text: text.to_owned(), column: self.column.max(1), message: self.message }
    }
}
