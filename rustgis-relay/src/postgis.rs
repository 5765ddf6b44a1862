//! `PostgisProvider`: core's [`VectorProvider`] on PostgreSQL, through the `postgres` crate.
//! Rows stream through a portal (a server-side cursor) [`FETCH_ROWS`] at a time on a thread of
//! their own, handed over through a channel of two batches: memory stays bounded whatever the
//! table's size, and dropping the rows ends the query. Connections are kept for the next query
//! on the same connection text (`pool.rs`). Passwords come from `PGPASSWORD`,
//! `~/.pgpass` (or `PGPASSFILE`) and service files (`conninfo.rs`); they never come from core.

mod conninfo;
mod pool;
mod tls;

use crossbeam_channel::{Receiver, bounded};
use postgres::types::{ToSql, Type};
use postgres::{Client, Row};
use rustgis_core::postgis::{FETCH_ROWS, SqlCell, SqlColumn, SqlQuery, SqlRows, TableLoad, VectorProvider};
use rustgis_core::{Error, Result, Value};

pub use conninfo::{ConnInfo, pgpass_password};
use pool::Pooled;

/// PostgreSQL for PostGIS layers: every host installs it in its session with
/// `session.set_vector_provider(Arc::new(PostgisProvider))`.
#[derive(Debug, Clone, Copy, Default)]
pub struct PostgisProvider;

impl VectorProvider for PostgisProvider {
    fn columns(&self, connection: &str, query: &SqlQuery) -> Result<Vec<SqlColumn>> {
        let mut pooled = Pooled::take(connection, || connect(connection))?;
        let statement = pooled.client().prepare(&query.sql).map_err(|e| failed(connection, &e))?;
        let columns = statement
            .columns()
            .iter()
            .map(|c| SqlColumn { name: c.name().to_owned(), type_name: c.type_().name().to_owned() })
            .collect();
        pooled.give_back();
        Ok(columns)
    }

    fn rows(&self, connection: &str, query: &SqlQuery) -> Result<SqlRows> {
        let mut pooled = Pooled::take(connection, || connect(connection))?;
        let (sender, receiver) = bounded::<Result<Vec<Vec<SqlCell>>>>(2);
        let query = query.clone();
        let label = redacted(connection);
        // The portal lives in the transaction: both stay on this thread, which ends when the
        // rows run out or when the receiver is dropped (a send fails), and rolls back; the
        // connection is then kept for the next query.
        std::thread::Builder::new()
            .name("postgis-rows".to_owned())
            .spawn(move || {
                let outcome = (|| -> std::result::Result<(), postgres::Error> {
                    // Reads run read-only: a layer's `sql` cannot change the database (a
                    // data-modifying WITH is refused), whatever it says. Dropping the
                    // transaction rolls it back.
                    let mut transaction = pooled.client().build_transaction().read_only(true).start()?;
                    let params = bind(&query.params);
                    let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref()).collect();
                    let portal = transaction.bind(query.sql.as_str(), &refs)?;
                    loop {
                        let rows = transaction.query_portal(&portal, FETCH_ROWS as i32)?;
                        if rows.is_empty() {
                            return Ok(());
                        }
                        let done = rows.len() < FETCH_ROWS;
                        let batch = rows.iter().map(cells).collect::<Result<Vec<_>>>();
                        let stop = batch.is_err();
                        if sender.send(batch).is_err() || stop || done {
                            return Ok(());
                        }
                    }
                })();
                match outcome {
                    Ok(()) => pooled.give_back(),
                    Err(e) => {
                        if sender.send(Err(failed(&label, &e))).is_err() {
                            tracing::debug!("a PostGIS query failed after its reader left: {e}");
                        }
                    }
                }
            })
            .map_err(|e| Error::Failed(format!("cannot start the thread that reads from PostGIS: {e}")))?;
        Ok(Box::new(Rows { receiver, batch: Vec::new().into_iter() }))
    }

    fn load(&self, connection: &str, load: TableLoad) -> Result<u64> {
        use std::io::Write;
        let mut pooled = Pooled::take(connection, || connect(connection))?;
        let run = |e: postgres::Error| failed(connection, &e);
        let mut transaction = pooled.client().transaction().map_err(run)?;
        for statement in &load.before {
            execute(&mut transaction, statement).map_err(run)?;
        }
        let mut writer = transaction.copy_in(load.copy.as_str()).map_err(run)?;
        for chunk in load.data {
            let chunk = chunk?;
            writer.write_all(&chunk).map_err(|e| Error::Failed(format!("COPY into PostGIS failed: {e}")))?;
        }
        let copied = writer.finish().map_err(run)?;
        for statement in &load.after {
            execute(&mut transaction, statement).map_err(run)?;
        }
        transaction.commit().map_err(run)?;
        pooled.give_back();
        Ok(copied)
    }
}

/// Rows handed over by the reading thread, a batch at a time.
struct Rows {
    receiver: Receiver<Result<Vec<Vec<SqlCell>>>>,
    batch: std::vec::IntoIter<Vec<SqlCell>>,
}

impl Iterator for Rows {
    type Item = Result<Vec<SqlCell>>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(row) = self.batch.next() {
                return Some(Ok(row));
            }
            match self.receiver.recv().ok()? {
                Ok(batch) => self.batch = batch.into_iter(),
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

fn execute(
    transaction: &mut postgres::Transaction<'_>,
    statement: &SqlQuery,
) -> std::result::Result<u64, postgres::Error> {
    let params = bind(&statement.params);
    let refs: Vec<&(dyn ToSql + Sync)> = params.iter().map(|p| p.as_ref()).collect();
    transaction.execute(statement.sql.as_str(), &refs)
}

/// Connects, with the password found for the connection and TLS as its `sslmode` says, and
/// reads times in UTC.
fn connect(connection: &str) -> Result<Client> {
    let info = ConnInfo::resolve(connection)?;
    let mut config = info.config();
    config.options("-c TimeZone=UTC").application_name("rustgis");
    info.connect(config, &redacted(connection))
}

fn redacted(connection: &str) -> String {
    rustgis_core::postgis::redact_connection(connection)
}

fn failed(connection: &str, e: &postgres::Error) -> Error {
    let detail = e.as_db_error().map(|db| db.message().to_owned()).unwrap_or_else(|| e.to_string());
    Error::Failed(format!("PostgreSQL ({}) refused the query: {detail}", redacted(connection)))
}

/// The parameters as the types core cast them to (`$1::int8` takes an `i64`).
fn bind(values: &[Value]) -> Vec<Box<dyn ToSql + Sync>> {
    values
        .iter()
        .map(|value| -> Box<dyn ToSql + Sync> {
            match value {
                Value::Null => Box::new(None::<String>),
                Value::Bool(b) => Box::new(*b),
                Value::Int(i) => Box::new(*i),
                Value::Float(f) => Box::new(*f),
                Value::String(s) => Box::new(s.clone()),
                Value::Date(d) => Box::new(*d),
                Value::DateTime(dt) => Box::new(*dt),
            }
        })
        .collect()
}

/// A row's cells, read by their column types (core casts every column to one of these).
fn cells(row: &Row) -> Result<Vec<SqlCell>> {
    let mut out = Vec::with_capacity(row.len());
    for (idx, column) in row.columns().iter().enumerate() {
        let read = |e: postgres::Error| {
            Error::Failed(format!("cannot read column '{}' ({}): {e}", column.name(), column.type_()))
        };
        let value = match *column.type_() {
            Type::BOOL => row.try_get::<_, Option<bool>>(idx).map_err(read)?.map(Value::Bool),
            Type::INT2 => row.try_get::<_, Option<i16>>(idx).map_err(read)?.map(|v| Value::Int(v.into())),
            Type::INT4 => row.try_get::<_, Option<i32>>(idx).map_err(read)?.map(|v| Value::Int(v.into())),
            Type::INT8 => row.try_get::<_, Option<i64>>(idx).map_err(read)?.map(Value::Int),
            Type::FLOAT4 => row.try_get::<_, Option<f32>>(idx).map_err(read)?.map(|v| Value::Float(v.into())),
            Type::FLOAT8 => row.try_get::<_, Option<f64>>(idx).map_err(read)?.map(Value::Float),
            Type::TEXT | Type::VARCHAR | Type::BPCHAR | Type::NAME => {
                row.try_get::<_, Option<String>>(idx).map_err(read)?.map(Value::String)
            }
            Type::DATE => row.try_get::<_, Option<time::Date>>(idx).map_err(read)?.map(Value::Date),
            Type::TIMESTAMP => {
                row.try_get::<_, Option<time::PrimitiveDateTime>>(idx).map_err(read)?.map(Value::DateTime)
            }
            Type::BYTEA => {
                out.push(match row.try_get::<_, Option<Vec<u8>>>(idx).map_err(read)? {
                    Some(bytes) => SqlCell::Bytes(bytes),
                    None => SqlCell::Value(Value::Null),
                });
                continue;
            }
            ref other => {
                return Err(Error::Failed(format!(
                    "column '{}' is of type {other}, which RustGIS reads only cast to text, numbers, dates or bytea",
                    column.name()
                )));
            }
        };
        out.push(SqlCell::Value(value.unwrap_or(Value::Null)));
    }
    Ok(out)
}
