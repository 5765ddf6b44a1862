//! Live layers in PostgreSQL/PostGIS: the source a layer names (a connection without its
//! password, a table or a query, the geometry and id columns, the SRID), the SQL core writes for
//! it (bbox, filter, order and limit pushed down, every value a bound parameter, every name
//! quoted), and [`VectorProvider`], the database access a host installs. Core opens no socket:
//! `rustgis-relay`'s `PostgisProvider` runs the SQL, streaming rows through a cursor.
//!
//! A PostGIS layer holds no features in memory (`Layer::features` is empty): the commands that
//! know live layers (`table.read`, `feature.select`, `vector.filter`, `layer.info`, drawing,
//! `vector.buffer`, `vector.spatialJoin`'s count, the overlays `vector.clip`, `vector.intersection`,
//! `vector.union` and `vector.difference`, `layer.export`) ask the database; the others refuse it
//! and say how to bring features into memory (`vector.filter`).

use serde::Serialize;

use crate::expr::SqlParams;
use crate::layer::{Crs, Extent, Feature, Field, GeometryKind};
use crate::{Error, FieldType, Result, Value};

mod sql;

pub use crate::database::{
    Database, PostgisSource, Relation, SqlCell, SqlColumn, SqlQuery, SqlRows, TableLoad, VectorProvider,
};
pub use sql::{Select, quote_ident, sql_type};

/// How many rows a cursor fetches at a time: memory stays bounded whatever the table's size.
pub const FETCH_ROWS: usize = 2_000;

/// The most features of one PostGIS layer drawn in one view; zoom in or filter beyond that.
pub const MAX_DRAWN_FEATURES: usize = 1_000_000;

impl Relation {
    /// `schema.table`, `"Odd Schema"."t"` or a bare `table` (schema `public`), split at the first
    /// dot outside double quotes.
    pub fn table(text: &str) -> Result<Relation> {
        let parts = split_qualified(text).ok_or_else(|| {
            Error::invalid("table", format!("'{text}' is not a table name; give table or schema.table"))
        })?;
        match parts.as_slice() {
            [name] => Ok(Relation::Table { schema: "public".to_owned(), name: name.clone() }),
            [schema, name] => Ok(Relation::Table { schema: schema.clone(), name: name.clone() }),
            _ => Err(Error::invalid("table", format!("'{text}' has more than one dot; give table or schema.table"))),
        }
    }

    /// `schema.table` as [`Relation::table`] reads it back (a part in double quotes where it holds
    /// a dot or a quote, or has spaces around it); the query for a query.
    pub fn qualified_name(&self) -> String {
        match self {
            Relation::Table { schema, name } => {
                let part = |p: &str| {
                    if p.contains(['.', '"']) || p.trim() != p || p.is_empty() { quote_ident(p) } else { p.to_owned() }
                };
                format!("{}.{}", part(schema), part(name))
            }
            Relation::Sql(sql) => sql.clone(),
        }
    }

    /// The relation in a FROM clause: a quoted name, or the query in parentheses.
    pub fn from_sql(&self) -> String {
        match self {
            Relation::Table { schema, name } => format!("{}.{}", quote_ident(schema), quote_ident(name)),
            Relation::Sql(sql) => format!("({sql})"),
        }
    }
}

/// Splits `a.b` at dots outside double quotes, unquoting `"a ""b"""`; `None` for empty parts.
fn split_qualified(text: &str) -> Option<Vec<String>> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut was_quoted = false;
    let mut chars = text.trim().chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                current.push('"');
                chars.next();
            }
            '"' => {
                quoted = !quoted;
                was_quoted = true;
            }
            '.' if !quoted => {
                if current.is_empty() {
                    return None;
                }
                parts.push(std::mem::take(&mut current));
                was_quoted = false;
            }
            c => current.push(c),
        }
    }
    if quoted || (current.is_empty() && !was_quoted) {
        return None;
    }
    parts.push(current);
    Some(parts)
}

/// Checks a connection text and returns it trimmed: libpq's keyword/value form
/// (`host=127.0.0.1 port=5432 dbname=gis user=me`, `service=gis`) or a `postgresql://` URI,
/// without a password (passwords live in `~/.pgpass` or a service file, so none reaches a project
/// file, a log or an audit record).
pub fn check_connection(text: &str) -> Result<String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(Error::invalid(
            "dsn",
            "the connection is empty; give libpq's form 'host=127.0.0.1 port=5432 dbname=gis user=me' or 'service=gis'",
        ));
    }
    let has_password =
        if let Some(rest) = text.strip_prefix("postgresql://").or_else(|| text.strip_prefix("postgres://")) {
            let authority = rest.split(['/', '?']).next().unwrap_or("");
            authority.rsplit_once('@').is_some_and(|(user, _)| user.contains(':'))
                || rest.split_once('?').is_some_and(|(_, query)| query.split('&').any(|kv| kv.starts_with("password=")))
        } else {
            let pairs = parse_keywords(text)?;
            pairs.iter().any(|(key, _)| key == "password")
        };
    if has_password {
        return Err(Error::invalid(
            "dsn",
            format!(
                "'{}' holds a password; put it in ~/.pgpass (host:port:dbname:user:password) or a service file \
                 (PGSERVICEFILE) instead, so it is never written to a project, a log or the audit log",
                redact_connection(text)
            ),
        ));
    }
    Ok(text.to_owned())
}

/// The text with any password replaced by `***`, for messages.
pub fn redact_connection(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("password=") {
        out.push_str(&rest[..at + "password=".len()]);
        out.push_str("***");
        let after = &rest[at + "password=".len()..];
        rest = &after[password_value_len(after)..];
    }
    out.push_str(rest);
    if let Some((scheme, tail)) = out.split_once("://")
        && let Some((userinfo, host)) = tail.split_once('@')
        && let Some((user, _)) = userinfo.split_once(':')
    {
        return format!("{scheme}://{user}:***@{host}");
    }
    out
}

/// How many bytes of `text` (what follows `password=`) the value takes: up to its closing quote
/// when quoted, else up to a space or `&`; a backslash escapes the next character either way (as
/// [`parse_keywords`] reads it), so no part of a password with `\'` or `\ ` is left in a message.
fn password_value_len(text: &str) -> usize {
    let quoted = text.starts_with('\'');
    let mut chars = text.char_indices().skip(usize::from(quoted));
    while let Some((at, c)) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '\'' if quoted => return at + 1,
            ' ' | '&' if !quoted => return at,
            _ => {}
        }
    }
    text.len()
}

/// libpq keyword/value pairs: `key=value`, values optionally in single quotes with `\'` and `\\`.
pub fn parse_keywords(text: &str) -> Result<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    let mut chars = text.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none() {
            return Ok(pairs);
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c.is_whitespace() {
                break;
            }
            key.push(c);
            chars.next();
        }
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.next() != Some('=') {
            return Err(Error::invalid(
                "dsn",
                format!("'{key}' has no value; write key=value pairs such as 'host=127.0.0.1 dbname=gis'"),
            ));
        }
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut value = String::new();
        if chars.peek() == Some(&'\'') {
            chars.next();
            loop {
                match chars.next() {
                    Some('\\') => value.extend(chars.next()),
                    Some('\'') => break,
                    Some(c) => value.push(c),
                    None => return Err(Error::invalid("dsn", format!("the value of '{key}' has no closing quote"))),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c.is_whitespace() {
                    break;
                }
                if c == '\\' {
                    chars.next();
                    value.extend(chars.next());
                    continue;
                }
                value.push(c);
                chars.next();
            }
        }
        pairs.push((key.to_ascii_lowercase(), value));
    }
}

/// A PostGIS source just described: the source and its fields.
#[derive(Debug, Clone)]
pub struct Described {
    /// The source.
    pub source: PostgisSource,
    /// The attribute fields (every column but the geometry).
    pub fields: Vec<Field>,
    /// The curved geometry type the column declares or its first row has (`CURVEPOLYGON`…):
    /// RustGIS reads such geometries as lines, and says so.
    pub curved: Option<String>,
}

/// Whether a PostGIS geometry type name (`GeometryType()`, `geometry_columns.type`) is curved.
fn is_curved_type(name: &str) -> bool {
    matches!(
        name.trim_end_matches('M').trim_start_matches("MULTI"),
        "CIRCULARSTRING" | "COMPOUNDCURVE" | "CURVEPOLYGON" | "CURVE" | "SURFACE"
    )
}

impl PostgisSource {
    /// Connects and describes `relation`: its columns, the geometry column (`geometry_column`,
    /// else the first column of type geometry, else of type geography), the id column (`id_column`, else the primary key, else
    /// an integer column named `gid`, `fid`, `id` or `ogc_fid`) and the SRID.
    pub fn describe(
        database: Database,
        connection: &str,
        relation: Relation,
        geometry_column: Option<&str>,
        id_column: Option<&str>,
    ) -> Result<Described> {
        let provider = database.get()?;
        let from = relation.from_sql();
        if let Relation::Table { .. } = relation {
            let found = single_row(
                provider,
                connection,
                &SqlQuery {
                    sql: "SELECT to_regclass($1::text) IS NOT NULL".to_owned(),
                    params: vec![Value::from(from.as_str())],
                },
            )?;
            if found.first() != Some(&SqlCell::Value(Value::Bool(true))) {
                return Err(Error::invalid(
                    "table",
                    format!(
                        "there is no table or view {} in this database (postgis.tables lists the spatial ones)",
                        relation.qualified_name()
                    ),
                ));
            }
        }
        let columns = provider
            .columns(connection, &SqlQuery { sql: format!("SELECT * FROM {from} AS s LIMIT 0"), params: Vec::new() })?;
        let listed = || columns.iter().map(|c| format!("{} ({})", c.name, c.type_name)).collect::<Vec<_>>().join(", ");
        let geometry = match geometry_column {
            Some(name) => {
                let column = columns.iter().find(|c| c.name == name).ok_or_else(|| {
                    Error::invalid(
                        "geometry_column",
                        format!("there is no column '{name}'; the columns are {}", listed()),
                    )
                })?;
                if !is_spatial(&column.type_name) {
                    return Err(Error::invalid(
                        "geometry_column",
                        format!("'{name}' is of type {}, not geometry or geography", column.type_name),
                    ));
                }
                column.clone()
            }
            None => columns
                .iter()
                .find(|c| c.type_name == "geometry")
                .or_else(|| columns.iter().find(|c| c.type_name == "geography"))
                .cloned()
                .ok_or_else(|| {
                    Error::invalid(
                        "geometry_column",
                        format!("no column is of type geometry or geography; the columns are {}", listed()),
                    )
                })?,
        };
        let geography = geometry.type_name == "geography";
        let geometry = geometry.name;
        let is_integer = |name: &str| {
            columns.iter().any(|c| c.name == name && matches!(c.type_name.as_str(), "int2" | "int4" | "int8"))
        };
        let id = match id_column {
            Some(name) if is_integer(name) => name.to_owned(),
            Some(name) => {
                return Err(Error::invalid(
                    "id_column",
                    format!("'{name}' is not an integer column; the columns are {}", listed()),
                ));
            }
            None => {
                let primary = match &relation {
                    Relation::Table { .. } => primary_key(provider, connection, &from)?,
                    Relation::Sql(_) => None,
                };
                primary.filter(|name| is_integer(name)).or_else(|| {
                    ["gid", "fid", "id", "ogc_fid"].iter().find(|name| is_integer(name)).map(|n| (*n).to_owned())
                })
                .ok_or_else(|| {
                    Error::invalid(
                        "id_column",
                        format!(
                            "no integer primary key nor a gid, fid, id or ogc_fid column; name the integer column that \
                             identifies a row with id_column (the columns are {})",
                            listed()
                        ),
                    )
                })?
            }
        };
        let g = if geography { format!("{}::geometry", quote_ident(&geometry)) } else { quote_ident(&geometry) };
        let first = single_row(
            provider,
            connection,
            &SqlQuery {
                sql: format!(
                    "SELECT ST_SRID(s.{g})::int8, GeometryType(s.{g})::text FROM {from} AS s WHERE s.{g} IS NOT NULL LIMIT 1"
                ),
                params: Vec::new(),
            },
        )?;
        // What the table declares (PostGIS's geometry_columns / geography_columns view): the SRID
        // when the first row has none, and a curved type when the rows seen are straight.
        let declared = match &relation {
            Relation::Table { schema, name } => single_row(
                provider,
                connection,
                &SqlQuery {
                    sql: if geography {
                        "SELECT srid::int8, type::text FROM geography_columns WHERE f_table_schema = $1::text AND \
                         f_table_name = $2::text AND f_geography_column = $3::text"
                    } else {
                        "SELECT srid::int8, type::text FROM geometry_columns WHERE f_table_schema = $1::text AND \
                         f_table_name = $2::text AND f_geometry_column = $3::text"
                    }
                    .to_owned(),
                    params: vec![
                        Value::from(schema.as_str()),
                        Value::from(name.as_str()),
                        Value::from(geometry.as_str()),
                    ],
                },
            )?,
            Relation::Sql(_) => Vec::new(),
        };
        let mut srid = match first.first() {
            Some(SqlCell::Value(Value::Int(srid))) => i32::try_from(*srid).unwrap_or(0),
            _ => 0,
        };
        if srid == 0
            && let Some(SqlCell::Value(Value::Int(declared))) = declared.first()
        {
            srid = i32::try_from(*declared).unwrap_or(0);
        }
        if srid <= 0 {
            return Err(Error::invalid(
                "geometry_column",
                format!("the geometries of '{geometry}' have no SRID; set one (ST_SetSRID) so RustGIS knows their CRS"),
            ));
        }
        let first_type = match first.get(1) {
            Some(SqlCell::Value(Value::String(kind))) => Some(kind.to_ascii_uppercase()),
            _ => None,
        };
        let kind = match first_type.as_deref() {
            Some(kind) => match kind.trim_start_matches("MULTI") {
                "POINT" => GeometryKind::Point,
                "LINESTRING" | "CIRCULARSTRING" | "COMPOUNDCURVE" | "CURVE" => GeometryKind::LineString,
                "POLYGON" | "CURVEPOLYGON" | "SURFACE" => GeometryKind::Polygon,
                _ => GeometryKind::Mixed,
            },
            None => GeometryKind::None,
        };
        let declared_type = match declared.get(1) {
            Some(SqlCell::Value(Value::String(t))) => Some(t.to_ascii_uppercase()),
            _ => None,
        };
        let curved = [declared_type, first_type].into_iter().flatten().find(|t| is_curved_type(t));
        let fields = columns
            .iter()
            .filter(|c| c.name != geometry)
            .map(|c| Field::new(c.name.clone(), field_type_of(&c.type_name)))
            .collect();
        let source = PostgisSource {
            connection: connection.to_owned(),
            relation,
            geometry_column: geometry,
            geography,
            id_column: id,
            srid,
            geometry_kind: kind,
            database: database.clone(),
        };
        Ok(Described { source, fields, curved })
    }

    /// The layer's CRS.
    pub fn crs(&self) -> Crs {
        Crs::epsg(u32::try_from(self.srid).unwrap_or(4326))
    }

    /// Streams the features of a query made by [`select_sql`](Self::select_sql): each row's
    /// id, geometry and fields (`n_fields` of them) become a feature; a total column, if any,
    /// is returned beside it.
    pub fn features(
        &self,
        query: &SqlQuery,
        n_fields: usize,
    ) -> Result<impl Iterator<Item = Result<(Feature, Option<i64>)>> + use<>> {
        let rows = self.database.get()?.rows(&self.connection, query)?;
        Ok(rows.map(move |row| row.and_then(|row| feature_of_row(row, n_fields))))
    }

    /// How many rows match `filter` (SQL, parameters in `params`) in `bbox`.
    pub fn count(&self, bbox: Option<&Extent>, filter: Option<&str>, mut params: SqlParams) -> Result<u64> {
        let mut conditions = Vec::new();
        if let Some(bbox) = bbox {
            conditions.push(self.bbox_sql(bbox, &mut params));
        }
        conditions.extend(filter.map(str::to_owned));
        let mut sql = format!("SELECT count(*)::int8 FROM {} AS s", self.relation.from_sql());
        if !conditions.is_empty() {
            sql.push_str(" WHERE ");
            sql.push_str(&conditions.join(" AND "));
        }
        let row = single_row(self.database.get()?, &self.connection, &SqlQuery { sql, params: params.into_values() })?;
        match row.first() {
            Some(SqlCell::Value(Value::Int(n))) => Ok(u64::try_from(*n).unwrap_or(0)),
            _ => Err(Error::Failed("the database gave no count".to_owned())),
        }
    }

    /// The extent of the geometries: PostGIS's estimate from the table's statistics when it has
    /// one (`ST_EstimatedExtent`), else computed (`ST_Extent`). `None` when there are none.
    pub fn extent(&self) -> Result<Option<Extent>> {
        let provider = self.database.get()?;
        if let Relation::Table { schema, name } = &self.relation {
            let estimated = single_row(
                provider,
                &self.connection,
                &SqlQuery {
                    sql: "SELECT ST_XMin(e)::float8, ST_YMin(e)::float8, ST_XMax(e)::float8, ST_YMax(e)::float8 FROM \
                          (SELECT ST_EstimatedExtent($1::text, $2::text, $3::text) AS e) AS x"
                        .to_owned(),
                    params: vec![
                        Value::from(schema.as_str()),
                        Value::from(name.as_str()),
                        Value::from(self.geometry_column.as_str()),
                    ],
                },
            );
            if let Ok(row) = estimated
                && let Some(extent) = extent_of_row(&row)
            {
                return Ok(Some(extent));
            }
        }
        let g = self.geometry_sql();
        let row = single_row(
            provider,
            &self.connection,
            &SqlQuery {
                sql: format!(
                    "SELECT ST_XMin(e)::float8, ST_YMin(e)::float8, ST_XMax(e)::float8, ST_YMax(e)::float8 FROM \
                     (SELECT ST_Extent({g}) AS e FROM {} AS s) AS x",
                    self.relation.from_sql()
                ),
                params: Vec::new(),
            },
        )?;
        Ok(extent_of_row(&row))
    }

    /// The connection and what it reads, for messages and `layer.info` (no password: there is
    /// none to show).
    pub fn summary(&self) -> SourceSummary {
        let (table, sql) = match &self.relation {
            relation @ Relation::Table { .. } => (Some(relation.qualified_name()), None),
            Relation::Sql(sql) => (None, Some(sql.clone())),
        };
        SourceSummary {
            kind: "postgis",
            connection: redact_connection(&self.connection),
            table,
            sql,
            geometry_column: self.geometry_column.clone(),
            id_column: self.id_column.clone(),
            geography: self.geography,
            srid: self.srid,
        }
    }
}

/// A PostGIS layer's source as `layer.addPostgis` and `layer.info` report it (without a password).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SourceSummary {
    /// Always `postgis`.
    pub kind: &'static str,
    /// The connection, any password removed.
    pub connection: String,
    /// The table (`schema.table`), when the layer is a table.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<String>,
    /// The query, when the layer is a query.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sql: Option<String>,
    /// The spatial column.
    pub geometry_column: String,
    /// The integer column that identifies a row.
    pub id_column: String,
    /// Whether the column is `geography` (else `geometry`).
    pub geography: bool,
    /// The SRID of the geometries.
    pub srid: i32,
}

/// A table, view or materialized view with a spatial column, as [`spatial_tables`] lists it.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SpatialTable {
    /// `schema.table`, as `layer.addPostgis`'s `table` takes it (parts quoted where they hold a
    /// dot or a quote).
    pub table: String,
    /// The spatial column.
    pub geometry_column: String,
    /// `geometry` or `geography`.
    pub column_type: String,
    /// The geometry type the column declares (`POINT`, `MULTIPOLYGON`; `GEOMETRY` when any).
    pub geometry_type: String,
    /// The SRID the column declares (0 when none is declared).
    pub srid: i64,
    /// `table`, `view`, `materialized view` or `foreign table`.
    pub kind: String,
    /// The planner's estimate of its rows (`None` for views, and tables never analysed).
    pub rows_estimate: Option<i64>,
}

/// The spatial tables `connection` lets its user read (PostGIS's `geometry_columns` and
/// `geography_columns`), in `schema` only when given, ordered by schema, table and column: at most
/// `limit`, and whether there were more.
pub fn spatial_tables(
    database: &Database,
    connection: &str,
    schema: Option<&str>,
    limit: usize,
) -> Result<(Vec<SpatialTable>, bool)> {
    let provider = database.get()?;
    let has_postgis = single_row(
        provider,
        connection,
        &SqlQuery {
            sql: "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'postgis')".to_owned(),
            params: Vec::new(),
        },
    )?;
    if has_postgis.first() != Some(&SqlCell::Value(Value::Bool(true))) {
        return Err(Error::Failed(format!(
            "the database of '{}' has no PostGIS, so no spatial tables: a superuser adds it with CREATE EXTENSION postgis",
            redact_connection(connection)
        )));
    }
    let mut params = Vec::new();
    let in_schema = match schema {
        Some(schema) => {
            params.push(Value::from(schema));
            "AND c.s = $1"
        }
        None => "",
    };
    let sql = format!(
        "SELECT c.s, c.t, c.col, c.kind, c.gtype, c.srid, \
           CASE r.relkind WHEN 'r' THEN 'table' WHEN 'p' THEN 'table' WHEN 'v' THEN 'view' \
             WHEN 'm' THEN 'materialized view' WHEN 'f' THEN 'foreign table' ELSE r.relkind::text END, \
           CASE WHEN r.relkind IN ('r', 'p', 'm') AND r.reltuples >= 0 THEN r.reltuples::int8 END \
         FROM (SELECT f_table_schema::text AS s, f_table_name::text AS t, f_geometry_column::text AS col, \
                 'geometry'::text AS kind, upper(type::text) AS gtype, srid::int8 AS srid FROM geometry_columns \
               UNION ALL \
               SELECT f_table_schema::text, f_table_name::text, f_geography_column::text, 'geography'::text, \
                 upper(type::text), srid::int8 FROM geography_columns) AS c \
         JOIN pg_namespace n ON n.nspname = c.s \
         JOIN pg_class r ON r.relnamespace = n.oid AND r.relname = c.t \
         WHERE has_table_privilege(r.oid, 'SELECT') {in_schema} \
         ORDER BY c.s, c.t, c.col LIMIT {}",
        limit.saturating_add(1)
    );
    let mut tables = Vec::new();
    for row in provider.rows(connection, &SqlQuery { sql, params })? {
        let row = row?;
        let text = |i: usize| match row.get(i) {
            Some(SqlCell::Value(Value::String(s))) => s.clone(),
            _ => String::new(),
        };
        let int = |i: usize| match row.get(i) {
            Some(SqlCell::Value(Value::Int(v))) => Some(*v),
            _ => None,
        };
        tables.push(SpatialTable {
            table: Relation::Table { schema: text(0), name: text(1) }.qualified_name(),
            geometry_column: text(2),
            column_type: text(3),
            geometry_type: text(4),
            srid: int(5).unwrap_or(0),
            kind: text(6),
            rows_estimate: int(7),
        });
    }
    let more = tables.len() > limit;
    tables.truncate(limit);
    Ok((tables, more))
}

/// The field type a database type is read as (anything unknown is read as its text).
pub fn field_type_of(type_name: &str) -> FieldType {
    match type_name {
        "bool" => FieldType::Bool,
        "int2" | "int4" | "int8" | "oid" => FieldType::Integer,
        "float4" | "float8" | "numeric" => FieldType::Float,
        "date" => FieldType::Date,
        "timestamp" | "timestamptz" => FieldType::Datetime,
        _ => FieldType::String,
    }
}

/// Whether a column of this type can be a layer's geometry.
fn is_spatial(type_name: &str) -> bool {
    matches!(type_name, "geometry" | "geography")
}

/// The name of a table's one-column primary key, if it has one.
fn primary_key(provider: &dyn VectorProvider, connection: &str, from: &str) -> Result<Option<String>> {
    let mut rows = provider.rows(
        connection,
        &SqlQuery {
            sql:
                "SELECT a.attname::text FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = \
                  ANY(i.indkey) WHERE i.indrelid = $1::text::regclass AND i.indisprimary"
                    .to_owned(),
            params: vec![Value::from(from)],
        },
    )?;
    let first = rows.next().transpose()?;
    if rows.next().is_some() {
        return Ok(None);
    }
    Ok(first.and_then(|row| match row.into_iter().next() {
        Some(SqlCell::Value(Value::String(name))) => Some(name),
        _ => None,
    }))
}

/// The first row of a query (empty when there is none).
fn single_row(provider: &dyn VectorProvider, connection: &str, query: &SqlQuery) -> Result<Vec<SqlCell>> {
    provider.rows(connection, query)?.next().transpose().map(Option::unwrap_or_default)
}

fn extent_of_row(row: &[SqlCell]) -> Option<Extent> {
    let numbers: Vec<f64> = row
        .iter()
        .filter_map(|cell| match cell {
            SqlCell::Value(Value::Float(v)) => Some(*v),
            _ => None,
        })
        .collect();
    match numbers.as_slice() {
        [a, b, c, d] => Extent::from_corners(*a, *b, *c, *d),
        _ => None,
    }
}

/// A feature from a row `id, wkb, fields… [, total]`.
fn feature_of_row(row: Vec<SqlCell>, n_fields: usize) -> Result<(Feature, Option<i64>)> {
    let mut cells = row.into_iter();
    let id = match cells.next() {
        Some(SqlCell::Value(Value::Int(id))) => u64::try_from(id)
            .map_err(|_| Error::Failed(format!("the id column holds {id}; feature ids must be 0 or more")))?,
        other => return Err(Error::Failed(format!("the id column holds {other:?}, not an integer"))),
    };
    let geometry = match cells.next() {
        Some(SqlCell::Bytes(wkb)) => {
            // Curves are read as lines; the layer said so when it was added (`Described::curved`).
            crate::io::wkb::read(&wkb, &mut crate::io::curves::Kinds::default())
                .map_err(|e| Error::Failed(format!("the geometry of row {id} is not valid WKB: {e}")))?
                .0
        }
        _ => None,
    };
    let mut attributes = Vec::with_capacity(n_fields);
    for _ in 0..n_fields {
        attributes.push(match cells.next() {
            Some(SqlCell::Value(value)) => value,
            Some(SqlCell::Bytes(_)) | None => Value::Null,
        });
    }
    let total = match cells.next() {
        Some(SqlCell::Value(Value::Int(total))) => Some(total),
        _ => None,
    };
    Ok((Feature { id, geometry, attributes }, total))
}

#[cfg(test)]
mod tests {
    use super::{Relation, check_connection, parse_keywords, quote_ident, redact_connection};

    #[test]
    fn a_hostile_table_name_stays_one_quoted_name() {
        let relation = Relation::table("\"x\"\"; DROP TABLE t; --\"").expect("one name");
        assert_eq!(relation.from_sql(), "\"public\".\"x\"\"; DROP TABLE t; --\"");
        assert_eq!(quote_ident("a\"b"), "\"a\"\"b\"");
    }

    #[test]
    fn schema_and_table_split_at_the_dot_outside_quotes() {
        assert_eq!(
            Relation::table("\"my.schema\".cities").expect("parses"),
            Relation::Table { schema: "my.schema".to_owned(), name: "cities".to_owned() }
        );
        assert!(Relation::table("a.b.c").is_err());
    }

    #[test]
    fn a_qualified_table_name_reads_back_as_the_same_schema_and_table() {
        for (schema, name) in [("public", "cities"), ("my.schema", "Roads"), ("x", "a \"b\""), ("s", " padded ")] {
            let relation = Relation::Table { schema: schema.to_owned(), name: name.to_owned() };
            assert_eq!(Relation::table(&relation.qualified_name()).expect("reads back"), relation);
        }
        let plain = Relation::Table { schema: "public".to_owned(), name: "cities".to_owned() };
        assert_eq!(plain.qualified_name(), "public.cities");
    }

    #[test]
    fn a_connection_with_a_password_is_refused_and_the_password_is_not_echoed() {
        let error = check_connection("host=db user=me password='s3cret pass'").expect_err("refused").to_string();
        assert!(error.contains("~/.pgpass") && !error.contains("s3cret"), "{error}");
        let error = check_connection("postgresql://me:s3cret@db/gis").expect_err("refused").to_string();
        assert!(!error.contains("s3cret"), "{error}");
        assert!(check_connection("service=gis").is_ok());
    }

    #[test]
    fn keyword_values_may_be_quoted_with_escapes() {
        let pairs = parse_keywords("host=h dbname='my \\'db\\'' user = me").expect("parses");
        assert_eq!(pairs[1], ("dbname".to_owned(), "my 'db'".to_owned()));
        assert_eq!(pairs[2], ("user".to_owned(), "me".to_owned()));
        assert_eq!(redact_connection("host=h password=x port=1"), "host=h password=*** port=1");
    }

    #[test]
    fn no_part_of_a_password_with_escapes_is_left_in_a_redacted_connection() {
        assert_eq!(redact_connection(r"host=h password='ab\'cd' port=1"), "host=h password=*** port=1");
        assert_eq!(redact_connection(r"host=h password=ab\ cd port=1"), "host=h password=*** port=1");
        assert_eq!(redact_connection(r"host=h password='a\\' user=me"), "host=h password=*** user=me");
        assert_eq!(redact_connection("host=h password='open"), "host=h password=***");
    }
}
