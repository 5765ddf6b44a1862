//! The SQL core writes for a PostGIS layer: its columns (each field cast to its type, the id,
//! the geometry), a filter or an order translated from an expression, a bbox, and the one SELECT
//! of a query ([`Select`]) with all of it pushed down. Every value is a bound parameter and every
//! name is quoted.

use super::{PostgisSource, SqlQuery};
use crate::expr::{SqlColumns, SqlParams};
use crate::layer::{Extent, Field};
use crate::{FieldType, Value};

/// A name as a SQL identifier: in double quotes, inner quotes doubled, so any name is one name.
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// What a query of a PostGIS layer asks: all of it pushed down to SQL.
#[derive(Debug, Clone, Default)]
pub struct Select {
    /// The fields wanted, by index (`None`: all).
    pub fields: Option<Vec<usize>>,
    /// Rows whose geometry's box meets this box (in the layer's CRS).
    pub bbox: Option<Extent>,
    /// A SQL condition from [`crate::Expr::to_sql_condition`] (with its parameters in `params`).
    pub filter: Option<String>,
    /// A SQL ORDER BY list.
    pub order_by: Option<String>,
    /// At most this many rows.
    pub limit: Option<u64>,
    /// Skip this many first.
    pub offset: Option<u64>,
    /// Add `count(*) OVER ()`, the number of matching rows, as the last column.
    pub with_total: bool,
    /// Leave the geometry out (a NULL in its place).
    pub without_geometry: bool,
}

/// The database type a field of `field_type` is written and read as (`int8`, `text`…).
pub fn sql_type(field_type: FieldType) -> &'static str {
    match field_type {
        FieldType::Bool => "bool",
        FieldType::Integer => "int8",
        FieldType::Float => "float8",
        FieldType::String => "text",
        FieldType::Date => "date",
        FieldType::Datetime => "timestamp",
    }
}

impl PostgisSource {
    /// The SQL of a field, cast to the type its field has (`s."pop"::int8`).
    pub fn field_sql(&self, field: &Field) -> String {
        format!("s.{}::{}", quote_ident(&field.name), sql_type(field.field_type))
    }

    /// The SQL of the id column.
    pub fn id_sql(&self) -> String {
        format!("s.{}::int8", quote_ident(&self.id_column))
    }

    /// The SQL of the geometry column.
    pub fn geometry_sql(&self) -> String {
        self.geometry_sql_of("s")
    }

    /// The SQL of the geometry column of the relation named `alias` in a query: a geography
    /// column cast to geometry (an index on `(column::geometry)` serves its bbox).
    pub fn geometry_sql_of(&self, alias: &str) -> String {
        let column = quote_ident(&self.geometry_column);
        if self.geography { format!("{alias}.{column}::geometry") } else { format!("{alias}.{column}") }
    }

    /// Translates `where` to SQL into `params`, or says why it stays local.
    pub fn filter_sql(
        &self,
        fields: &[Field],
        filter: &crate::Expr,
        params: &mut SqlParams,
    ) -> std::result::Result<String, String> {
        let field_sql = |idx: usize| self.field_sql(&fields[idx]);
        let id_sql = self.id_sql();
        filter.to_sql_condition(&SqlColumns { fields, field_sql: &field_sql, id_sql: &id_sql }, params)
    }

    /// Translates an ORDER BY list to SQL (the id last, so ties keep one order), or says why it
    /// stays local.
    pub fn order_sql(
        &self,
        fields: &[Field],
        order: &crate::OrderBy,
        params: &mut SqlParams,
    ) -> std::result::Result<String, String> {
        let field_sql = |idx: usize| self.field_sql(&fields[idx]);
        let id_sql = self.id_sql();
        let columns = SqlColumns { fields, field_sql: &field_sql, id_sql: &id_sql };
        let mut keys = Vec::new();
        for key in &order.keys {
            let sql = key.expr.to_sql_value(&columns, params)?;
            let direction = if key.descending { "DESC" } else { "ASC" };
            let nulls = if key.nulls_first { "NULLS FIRST" } else { "NULLS LAST" };
            keys.push(format!("{sql} {direction} {nulls}"));
        }
        keys.push(id_sql);
        Ok(keys.join(", "))
    }

    /// The condition of a bbox (in the layer's CRS): the geometry's box meets it (the `&&`
    /// operator, which a GiST index answers).
    pub fn bbox_sql(&self, bbox: &Extent, params: &mut SqlParams) -> String {
        let [a, b, c, d] = bbox.to_array().map(|v| params.push(Value::Float(v)));
        format!("{} && ST_MakeEnvelope({a}, {b}, {c}, {d}, {})", self.geometry_sql(), self.srid)
    }

    /// One SELECT for `select`: the id, the geometry as WKB, the fields asked for (then the
    /// total, if asked), with its bbox, filter, order and limit. `params` already holds the
    /// filter's and order's parameters.
    pub fn select_sql(&self, fields: &[Field], select: &Select, mut params: SqlParams) -> SqlQuery {
        let mut columns = vec![self.id_sql()];
        columns.push(if select.without_geometry {
            "NULL::bytea".to_owned()
        } else {
            format!("ST_AsBinary({})", self.geometry_sql())
        });
        match &select.fields {
            Some(wanted) => columns.extend(wanted.iter().map(|&idx| self.field_sql(&fields[idx]))),
            None => columns.extend(fields.iter().map(|f| self.field_sql(f))),
        }
        if select.with_total {
            columns.push("count(*) OVER ()".to_owned());
        }
        let mut conditions = Vec::new();
        if let Some(bbox) = &select.bbox {
            conditions.push(self.bbox_sql(bbox, &mut params));
        }
        if let Some(filter) = &select.filter {
            conditions.push(filter.clone());
        }
        let mut sql = format!("SELECT {} FROM {} AS s", columns.join(", "), self.relation.from_sql());
        if !conditions.is_empty() {
            sql.push_str(" WHERE ");
            sql.push_str(&conditions.join(" AND "));
        }
        if let Some(order) = &select.order_by {
            sql.push_str(" ORDER BY ");
            sql.push_str(order);
        }
        if let Some(limit) = select.limit {
            sql.push_str(&format!(" LIMIT {limit}"));
        }
        if let Some(offset) = select.offset.filter(|o| *o > 0) {
            sql.push_str(&format!(" OFFSET {offset}"));
        }
        SqlQuery { sql, params: params.into_values() }
    }
}
