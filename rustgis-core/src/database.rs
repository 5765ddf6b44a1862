//! The database a PostGIS layer reads, as data: what a layer names (`PostgisSource`, its
//! `Relation`), the statements and rows a host's provider runs and returns (`SqlQuery`,
//! `SqlColumn`, `SqlCell`, `SqlRows`, `TableLoad`) and the provider hook itself (`VectorProvider`,
//! `Database`). Below the layer, which holds a `PostgisSource`; the code that describes, queries
//! and writes SQL for a source is [`crate::postgis`], above it, which re-exports all of these.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::feature::GeometryKind;
use crate::value::Value;

/// A statement and its parameters (`$1`… in `sql`, each cast to its value's type).
#[derive(Debug, Clone, PartialEq)]
pub struct SqlQuery {
    /// The SQL text.
    pub sql: String,
    /// The values of `$1`, `$2`…
    pub params: Vec<Value>,
}

/// A column of a statement's result: its name and the database's name of its type (`int4`,
/// `text`, `geometry`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SqlColumn {
    /// The column name.
    pub name: String,
    /// The type name.
    pub type_name: String,
}

/// One cell of a result row: a value, or bytes (`bytea`: the WKB of a geometry).
#[derive(Debug, Clone, PartialEq)]
pub enum SqlCell {
    /// A value (NULL included).
    Value(Value),
    /// Binary data.
    Bytes(Vec<u8>),
}

/// Rows as they arrive, a few thousand at a time; dropping it ends the query.
pub type SqlRows = Box<dyn Iterator<Item = Result<Vec<SqlCell>>> + Send>;

/// Rows to load with `COPY … FROM STDIN` (text format), in one transaction with the statements
/// before and after it.
pub struct TableLoad {
    /// Run first (`CREATE TABLE`).
    pub before: Vec<SqlQuery>,
    /// The `COPY … FROM STDIN` statement.
    pub copy: String,
    /// The COPY data, in chunks; an error ends the load and nothing is kept.
    pub data: Box<dyn Iterator<Item = Result<Vec<u8>>> + Send>,
    /// Run after the rows are in (`CREATE INDEX`, `ANALYZE`).
    pub after: Vec<SqlQuery>,
}

impl std::fmt::Debug for TableLoad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableLoad").field("before", &self.before).field("copy", &self.copy).finish()
    }
}

/// A database a host can reach, for PostGIS layers. `connection` is always a connection text
/// without a password ([`crate::postgis::check_connection`]); the provider finds the password (`~/.pgpass`, the
/// service file) itself.
pub trait VectorProvider: Send + Sync {
    /// The columns `query` returns, without reading a row.
    fn columns(&self, connection: &str, query: &SqlQuery) -> Result<Vec<SqlColumn>>;
    /// Streams the rows of `query` through a cursor ([`crate::postgis::FETCH_ROWS`] at a time).
    fn rows(&self, connection: &str, query: &SqlQuery) -> Result<SqlRows>;
    /// Runs a load in one transaction; returns the rows copied.
    fn load(&self, connection: &str, load: TableLoad) -> Result<u64>;
}

/// The database access a PostGIS layer reads through: its session's
/// ([`Session::set_vector_provider`](crate::Session::set_vector_provider)), attached when the
/// layer is added, its project opened or the access installed, and kept by the layer's copies
/// (undo steps, jobs, the renderer's snapshot). Never saved; two are equal whatever they hold.
#[derive(Clone, Default)]
pub struct Database(Option<Arc<dyn VectorProvider>>);

impl Database {
    /// `provider`, or none (a session that reads no databases).
    pub fn new(provider: Option<Arc<dyn VectorProvider>>) -> Database {
        Database(provider)
    }

    /// The access, or an error saying this program reads no databases.
    pub fn get(&self) -> Result<&dyn VectorProvider> {
        self.0.as_deref().ok_or_else(|| {
            Error::Failed(
                "this program reads no databases (its session has no PostGIS provider; rustgis-cli, rustgis-relay \
                 and the app install one with Session::set_vector_provider)"
                    .to_owned(),
            )
        })
    }

    /// Whether an access is attached.
    pub fn is_attached(&self) -> bool {
        self.0.is_some()
    }
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.is_attached() { "Database(attached)" } else { "Database(none)" })
    }
}

impl PartialEq for Database {
    /// The access is how a layer is read, not what it is: sources compare by what they read.
    fn eq(&self, _: &Database) -> bool {
        true
    }
}

impl Eq for Database {}

/// What a PostGIS layer reads.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Relation {
    /// A table or view.
    Table {
        /// Its schema (`public` when not given).
        schema: String,
        /// Its name.
        name: String,
    },
    /// A `SELECT` query.
    Sql(String),
}

/// A PostGIS layer's source: where and what it reads. Saved in the `.rgis` as it is (it holds no
/// password).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PostgisSource {
    /// The connection text, without a password ([`crate::postgis::check_connection`]).
    pub connection: String,
    /// The table or query.
    pub relation: Relation,
    /// The geometry column.
    pub geometry_column: String,
    /// Whether that column is of type geography (read cast to geometry).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub geography: bool,
    /// The integer column that identifies a row (the feature id).
    pub id_column: String,
    /// The SRID of the geometries (the layer's CRS is `EPSG:<srid>`).
    pub srid: i32,
    /// The kind of the geometries (of the first one), for styles.
    pub geometry_kind: GeometryKind,
    /// The database access it reads through (not saved).
    #[serde(skip)]
    pub database: Database,
}
