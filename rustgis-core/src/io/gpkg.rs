//! OGC GeoPackage (`.gpkg`) feature tables through rusqlite: list the layers, read one with its
//! CRS from `gpkg_spatial_ref_sys` (through its R-tree for a bbox read), and write a layer as a
//! new table with its `gpkg_contents`, `gpkg_geometry_columns`, SRS rows and R-tree index.
//!
//! Writing never edits the file in place: the database is copied to a scratch file beside it,
//! the table is added there, and the result is written with [`atomic::write_file`], so a failure
//! leaves the old file as it was, and its other tables are kept byte for byte in content.

use std::path::Path;

use geo::Geometry;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags, OptionalExtension, params};

use super::curves::{Curves, Kinds};
use super::{ReadData, atomic, wkb};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// The feature and attribute tables of a GeoPackage, in the order of `gpkg_contents`.
pub fn tables(path: &Path) -> Result<Vec<String>> {
    let connection = open(&super::DataFile::open(path)?)?;
    layer_tables(&connection, path)
}

/// Reads a feature or attribute table of a GeoPackage: `table`, or the only one. An attribute
/// table (no geometry, as GDAL writes a table of values) reads as features without geometry.
/// With `bbox`, reads only the features the table's R-tree index finds (every feature, checked,
/// when it has none), and nothing of an attribute table.
pub fn read_file(path: &Path, table: Option<&str>, bbox: Option<Extent>) -> Result<ReadData> {
    read_opened(&super::DataFile::open(path)?, table, bbox)
}

/// [`read_file`] of a GeoPackage already opened (and so checked to be a regular file).
pub(crate) fn read_opened(file: &super::DataFile, table: Option<&str>, bbox: Option<Extent>) -> Result<ReadData> {
    let path = file.path();
    let connection = open(file)?;
    let sql = |e: rusqlite::Error| sql_error(path, &e);
    let names = layer_tables(&connection, path)?;
    let table = match (table, names.as_slice()) {
        (Some(wanted), _) if names.iter().any(|n| n == wanted) => wanted.to_owned(),
        (None, [only]) => only.clone(),
        (None, []) => {
            return Err(Error::Data {
                path: path.to_owned(),
                position: "gpkg_contents".to_owned(),
                message: "the GeoPackage holds no feature or attribute tables".to_owned(),
            });
        }
        (wanted, _) => {
            let asked = wanted.map_or_else(
                || format!("the GeoPackage holds {} layers", names.len()),
                |w| format!("the GeoPackage has no feature or attribute table '{w}'; it holds"),
            );
            return Err(Error::invalid(
                "table",
                format!(
                    "{asked}: {}; pass \"table\" with one of them",
                    names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ")
                ),
            ));
        }
    };
    let geometry_column: Option<(String, i64)> = connection
        .query_row(
            "SELECT column_name, srs_id FROM gpkg_geometry_columns WHERE table_name = ?1",
            params![table],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .optional()
        .map_err(sql)?;
    let is_attributes = connection
        .query_row("SELECT lower(data_type) FROM gpkg_contents WHERE table_name = ?1", params![table], |row| {
            row.get::<_, String>(0)
        })
        .map_err(sql)?
        == "attributes";
    let (geometry_column, file_crs) = match geometry_column {
        Some((column, srs_id)) => (Some(column), crs_of(&connection, srs_id).map_err(sql)?),
        // A table of values has no CRS to speak of: its layer is said to be in EPSG:4326, as every
        // layer without a CRS of its own is.
        None if is_attributes => (None, FileCrs::Read(Crs::WGS84, None)),
        None => {
            return Err(Error::Data {
                path: path.to_owned(),
                position: format!("table {table}"),
                message: "the table has no row in gpkg_geometry_columns".to_owned(),
            });
        }
    };
    let mut columns = Vec::new();
    let mut pk = None;
    {
        let mut info = connection.prepare(&format!("PRAGMA table_info({})", quote(&table))).map_err(sql)?;
        let rows = info
            .query_map([], |row| Ok((row.get::<_, String>(1)?, row.get::<_, String>(2)?, row.get::<_, i64>(5)?)))
            .map_err(sql)?;
        for row in rows {
            let (name, declared, is_pk) = row.map_err(sql)?;
            if is_pk == 1 && declared.eq_ignore_ascii_case("INTEGER") {
                pk = Some(name);
            } else if Some(&name) != geometry_column.as_ref() {
                columns.push(Field::new(name, field_type_of(&declared)));
            }
        }
    }
    let rtree = format!("rtree_{table}_{}", geometry_column.as_deref().unwrap_or_default());
    let has_rtree = geometry_column.is_some()
        && connection
            .query_row("SELECT 1 FROM sqlite_master WHERE name = ?1", params![rtree], |_| Ok(()))
            .optional()
            .map_err(sql)?
            .is_some();
    let id_expr = pk.as_deref().map_or_else(|| "rowid".to_owned(), quote);
    let mut query = format!(
        "SELECT {id_expr}, {}{} FROM {}",
        geometry_column.as_deref().map_or_else(|| "NULL".to_owned(), quote),
        columns.iter().map(|f| format!(", {}", quote(&f.name))).collect::<String>(),
        quote(&table)
    );
    if bbox.is_some() && has_rtree {
        query.push_str(&format!(
            " WHERE {id_expr} IN (SELECT id FROM {} WHERE minx <= ?3 AND maxx >= ?1 AND miny <= ?4 AND maxy >= ?2)",
            quote(&rtree)
        ));
    }
    query.push_str(&format!(" ORDER BY {id_expr}"));
    let mut statement = connection.prepare(&query).map_err(sql)?;
    let mut rows = match (bbox, has_rtree) {
        (Some(b), true) => statement.query(params![b.min_x, b.min_y, b.max_x, b.max_y]),
        _ => statement.query([]),
    }
    .map_err(sql)?;
    let mut features = Vec::new();
    let mut n_invalid = 0;
    let mut first_invalid = Vec::new();
    let mut curves = Curves::default();
    while let Some(row) = rows.next().map_err(sql)? {
        super::check_stop(path)?;
        let id: i64 = row.get(0).map_err(sql)?;
        let position = || format!("table {table}, feature {id}");
        let mut curved = Kinds::default();
        let geometry = match row.get_ref(1).map_err(sql)? {
            ValueRef::Blob(blob) => decode(blob, &mut curved).map_err(|message| Error::Data {
                path: path.to_owned(),
                position: position(),
                message,
            })?,
            ValueRef::Null => None,
            _ => {
                return Err(Error::Data {
                    path: path.to_owned(),
                    position: position(),
                    message: "the geometry is not a blob".to_owned(),
                });
            }
        };
        if let Some(bbox) = &bbox
            && !geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
        {
            continue;
        }
        let mut attributes = Vec::with_capacity(columns.len());
        for (i, field) in columns.iter().enumerate() {
            attributes.push(value_of(row.get_ref(i + 2).map_err(sql)?, field.field_type));
        }
        let id = u64::try_from(id).ok().filter(|id| *id > 0).unwrap_or(features.len() as u64 + 1);
        curves.note(id, &curved);
        if let Some(problem) = geometry.as_ref().and_then(wkb::problem_of) {
            n_invalid += 1;
            if first_invalid.len() < 5 {
                first_invalid.push((id, problem));
            }
        }
        features.push(Feature { id, geometry, attributes });
    }
    let mut notices: Vec<String> = curves.notice().into_iter().collect();
    if n_invalid > 0 {
        notices.push(super::invalid_notice(n_invalid, &first_invalid));
    }
    let (crs, crs_problem) = match file_crs {
        FileCrs::Read(crs, note) => {
            notices.extend(note);
            (crs, None)
        }
        FileCrs::Undefined(why) => {
            notices.push(super::no_crs_notice(&why, &features));
            (Crs::WGS84, None)
        }
        FileCrs::Unreadable(problem) => (Crs::WGS84, Some(problem)),
    };
    Ok(ReadData { fields: columns, features, crs, notices, crs_problem })
}

/// Writes `layer` as the table `table` (default: the layer's name) of the GeoPackage at `path`,
/// made when missing. Other tables are kept; an existing table of that name is replaced only
/// with `overwrite`. Returns the size of the file and notices.
pub fn write_file(layer: &Layer, path: &Path, table: Option<&str>, overwrite: bool) -> Result<(u64, Vec<String>)> {
    let table = table.unwrap_or(&layer.name).to_owned();
    if table.is_empty() || table.starts_with("gpkg_") || table.starts_with("rtree_") || table.starts_with("sqlite_") {
        return Err(Error::invalid(
            "table",
            format!("'{table}' cannot name a table: the gpkg_, rtree_ and sqlite_ prefixes are reserved"),
        ));
    }
    let mut set = atomic::FileSet::new(path, true)?;
    let scratch = set.add_scratch(path)?;
    let exists = copy_into_scratch(path, &scratch)?;
    let sql = |e: rusqlite::Error| write_error(path, &e);
    let connection = Connection::open(&scratch).map_err(sql)?;
    if exists {
        check_is_geopackage(&connection, path)?;
        if layer_tables(&connection, path)?.contains(&table) || table_exists(&connection, &table).map_err(sql)? {
            if !overwrite {
                return Err(Error::invalid(
                    "table",
                    format!(
                        "{} already has a table '{table}'; pass \"overwrite\": true to replace it or \"table\" with another name",
                        path.display()
                    ),
                ));
            }
            drop_table(&connection, &table).map_err(sql)?;
        }
    } else {
        create_core_tables(&connection).map_err(sql)?;
    }
    write_table(&connection, layer, &table).map_err(sql)?;
    connection.close().map_err(|(_, e)| sql(e))?;
    // The old file's write-ahead log and its index belong to the old file: left beside the new
    // one, SQLite would replay the old log into it.
    for suffix in ["-wal", "-shm"] {
        set.remove_stale(&sidecar_of(path, suffix))?;
    }
    let size = set.commit()?;
    Ok((size, Vec::new()))
}

/// Copies the GeoPackage at `path`, when there is one, into the set's scratch file through one
/// descriptor of each file: the database and, when SQLite is in WAL mode there, its write-ahead
/// log (which holds the latest changes until they are checkpointed). Refuses a database with a
/// rollback journal beside it: another program is writing it, or crashed while writing, and only
/// SQLite opening it writable can put it right. Returns whether there was a database.
fn copy_into_scratch(path: &Path, scratch: &Path) -> Result<bool> {
    let file = match super::DataFile::open(path) {
        Ok(file) => file,
        Err(Error::Io { cause, .. }) if cause.kind() == std::io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    let journal = sidecar_of(path, "-journal");
    if std::fs::metadata(&journal).is_ok_and(|m| m.len() > 0 || !m.is_file()) {
        return Err(Error::Data {
            path: path.to_owned(),
            position: format!("its rollback journal {}", journal.display()),
            message: "another program is writing this GeoPackage, or stopped while writing it (its journal is still \
                      there); close that program, or open the file once in GDAL or QGIS to finish its last change, \
                      then export again"
                .to_owned(),
        });
    }
    copy_file(file, path, scratch)?;
    let wal = sidecar_of(path, "-wal");
    match super::DataFile::open(&wal) {
        Ok(log) if !log.is_empty()? => copy_file(log, &wal, &sidecar_of(scratch, "-wal"))?,
        Ok(_) => {}
        Err(Error::Io { cause, .. }) if cause.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    Ok(true)
}

/// Copies an opened file to `to`, through its descriptor.
fn copy_file(from: super::DataFile, from_path: &Path, to: &Path) -> Result<()> {
    let mut out = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(to)
        .map_err(|e| atomic::cannot_write(to, e))?;
    std::io::copy(&mut from.into_file(), &mut out).map_err(|e| {
        if e.kind() == std::io::ErrorKind::StorageFull || e.raw_os_error().is_some_and(|c| c == 27 || c == 28) {
            atomic::cannot_write(to, e)
        } else {
            Error::Io { action: "cannot read", path: from_path.to_owned(), cause: e }
        }
    })?;
    Ok(())
}

/// `path` with `suffix` after its name (`x.gpkg-wal`).
fn sidecar_of(path: &Path, suffix: &str) -> std::path::PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    std::path::PathBuf::from(name)
}

/// The files SQLite reads beside a database when they are there: a rollback journal (read as a
/// hot journal after a crash), the write-ahead log and its shared-memory index.
const SIDECARS: [&str; 3] = ["-journal", "-wal", "-shm"];

/// Opens an opened GeoPackage with SQLite, read-only. SQLite opens the path itself (it cannot be
/// handed a descriptor), so: its sidecars that exist must be regular files (SQLite would block on
/// a FIFO named `x.gpkg-journal` while checking for a hot journal), and once SQLite has read the
/// database, the path must still be the file `file` opened, else the file was swapped meanwhile.
fn open(file: &super::DataFile) -> Result<Connection> {
    let path = file.path();
    for suffix in SIDECARS {
        let sidecar = sidecar_of(path, suffix);
        if let Ok(meta) = std::fs::metadata(&sidecar)
            && !meta.is_file()
        {
            return Err(Error::Data {
                path: path.to_owned(),
                position: format!("its SQLite file {}", sidecar.display()),
                message: format!(
                    "{} is not a regular file (a FIFO, device or folder), and SQLite would read it as the \
                     database's {}; remove it, or move the GeoPackage to a folder of its own",
                    sidecar.display(),
                    if suffix == "-journal" { "rollback journal" } else { "write-ahead log" }
                ),
            });
        }
    }
    let connection =
        Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .map_err(|e| sql_error(path, &e))?;
    check_is_geopackage(&connection, path)?;
    if !file.is_at_its_path()? {
        return Err(Error::Data {
            path: path.to_owned(),
            position: "the database".to_owned(),
            message: "the file was replaced while it was being opened; open it again".to_owned(),
        });
    }
    Ok(connection)
}

/// Refuses an SQLite database that is not a GeoPackage (it has no `gpkg_contents` table).
fn check_is_geopackage(connection: &Connection, path: &Path) -> Result<()> {
    let is_gpkg = table_exists(connection, "gpkg_contents").map_err(|e| sql_error(path, &e))?;
    if !is_gpkg {
        return Err(Error::Data {
            path: path.to_owned(),
            position: "sqlite_master".to_owned(),
            message: "an SQLite database but not a GeoPackage: it has no gpkg_contents table".to_owned(),
        });
    }
    Ok(())
}

/// The tables RustGIS opens as layers: features, and attributes (tables without geometry).
fn layer_tables(connection: &Connection, path: &Path) -> Result<Vec<String>> {
    let sql = |e: rusqlite::Error| sql_error(path, &e);
    let mut statement = connection
        .prepare(
            "SELECT table_name FROM gpkg_contents WHERE lower(data_type) IN ('features', 'attributes') ORDER BY rowid",
        )
        .map_err(sql)?;
    let names = statement.query_map([], |row| row.get::<_, String>(0)).map_err(sql)?;
    names.collect::<rusqlite::Result<Vec<_>>>().map_err(sql)
}

fn table_exists(connection: &Connection, name: &str) -> rusqlite::Result<bool> {
    connection
        .query_row("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?1", params![name], |_| {
            Ok(())
        })
        .optional()
        .map(|found| found.is_some())
}

/// An SQLite error while the new GeoPackage is built: a full disk (or a file past the size limit)
/// said as every writer says it, anything else as [`sql_error`].
fn write_error(path: &Path, error: &rusqlite::Error) -> Error {
    match error.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DiskFull) => atomic::cannot_write(path, std::io::Error::from_raw_os_error(28)),
        Some(rusqlite::ErrorCode::TooBig) => atomic::cannot_write(path, std::io::Error::from_raw_os_error(27)),
        _ => sql_error(path, error),
    }
}

fn sql_error(path: &Path, error: &rusqlite::Error) -> Error {
    Error::Data {
        path: path.to_owned(),
        position: "the database".to_owned(),
        message: format!("cannot read the GeoPackage: {error}"),
    }
}

fn quote(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// What a GeoPackage says of a table's CRS.
enum FileCrs {
    /// The CRS, and how it was read when it was not simply a code.
    Read(Crs, Option<String>),
    /// No CRS (srs_id 0 or -1, or a definition of "undefined"): why.
    Undefined(String),
    /// A definition PROJ cannot read: why.
    Unreadable(String),
}

/// The CRS of an `srs_id`, as GDAL reads it: the organization's code when PROJ knows it (EPSG,
/// ESRI), else the WKT 2 definition (`definition_12_063`, when the CRS WKT extension is there) or
/// the WKT 1 one, identified by PROJ.
fn crs_of(connection: &Connection, srs_id: i64) -> rusqlite::Result<FileCrs> {
    let has_wkt2 = connection
        .prepare("PRAGMA table_info(gpkg_spatial_ref_sys)")?
        .query_map([], |row| row.get::<_, String>(1))?
        .filter_map(|name| name.ok())
        .any(|name| name.eq_ignore_ascii_case("definition_12_063"));
    let wkt2 = if has_wkt2 { "definition_12_063" } else { "NULL" };
    type Row = (Option<String>, Option<i64>, Option<String>, Option<String>);
    let row: Option<Row> = connection
        .query_row(
            &format!(
                "SELECT organization, organization_coordsys_id, definition, {wkt2} FROM gpkg_spatial_ref_sys \
                 WHERE srs_id = ?1"
            ),
            params![srs_id],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3).unwrap_or(None))),
        )
        .optional()?;
    let Some((organization, code, definition, definition_wkt2)) = row else {
        return Ok(FileCrs::Undefined(format!("srs_id {srs_id} is not in gpkg_spatial_ref_sys")));
    };
    let organization = organization.unwrap_or_default().to_ascii_uppercase();
    if let Some(code) = code.and_then(|c| u32::try_from(c).ok()).filter(|c| *c > 0) {
        let coded = match organization.as_str() {
            "EPSG" => Some(Crs::epsg(code)),
            "ESRI" => Some(Crs::esri(code)),
            _ => None,
        };
        if let Some(crs) = coded.filter(|crs| crs.info().is_ok()) {
            return Ok(FileCrs::Read(crs, None));
        }
    }
    let usable =
        |d: &Option<String>| d.clone().filter(|d| !d.trim().is_empty() && !d.trim().eq_ignore_ascii_case("undefined"));
    match usable(&definition_wkt2).or_else(|| usable(&definition)) {
        Some(text) => Ok(match super::crs_wkt::crs_of_definition(&text, "GeoPackage (gpkg_spatial_ref_sys)") {
            Ok((crs, note)) => FileCrs::Read(crs, note),
            Err(problem) => FileCrs::Unreadable(problem),
        }),
        None => Ok(FileCrs::Undefined(format!(
            "the GeoPackage's srs_id {srs_id} is an undefined CRS ({})",
            if srs_id == -1 { "cartesian" } else { "geographic" }
        ))),
    }
}

fn field_type_of(declared: &str) -> FieldType {
    let upper = declared.to_ascii_uppercase();
    match upper.split('(').next().unwrap_or("").trim() {
        "INTEGER" | "INT" | "MEDIUMINT" | "SMALLINT" | "TINYINT" | "BIGINT" => FieldType::Integer,
        "BOOLEAN" => FieldType::Bool,
        "REAL" | "DOUBLE" | "FLOAT" => FieldType::Float,
        "DATE" => FieldType::Date,
        "DATETIME" => FieldType::Datetime,
        _ => FieldType::String,
    }
}

fn value_of(value: ValueRef<'_>, field_type: FieldType) -> Value {
    match (value, field_type) {
        (ValueRef::Null, _) => Value::Null,
        (ValueRef::Integer(i), FieldType::Bool) => Value::Bool(i != 0),
        (ValueRef::Integer(i), FieldType::Float) => Value::Float(i as f64),
        (ValueRef::Integer(i), FieldType::String) => Value::String(i.to_string()),
        (ValueRef::Integer(i), _) => Value::Int(i),
        (ValueRef::Real(f), FieldType::Integer) if f.fract() == 0.0 => Value::Int(f as i64),
        (ValueRef::Real(f), FieldType::String) => Value::String(f.to_string()),
        (ValueRef::Real(f), _) => Value::Float(f),
        (ValueRef::Text(t), field_type) => {
            let text = String::from_utf8_lossy(t);
            match field_type {
                FieldType::Date => parse_date(&text).map_or(Value::String(text.into_owned()), Value::Date),
                FieldType::Datetime => parse_datetime(&text).map_or(Value::String(text.into_owned()), Value::DateTime),
                FieldType::Integer => text.trim().parse().map_or(Value::Null, Value::Int),
                FieldType::Float => text.trim().parse().map_or(Value::Null, Value::Float),
                _ => Value::String(text.into_owned()),
            }
        }
        (ValueRef::Blob(b), _) => Value::String(b.iter().map(|byte| format!("{byte:02x}")).collect()),
    }
}

/// A GeoPackage geometry blob: the `GP` header (with its optional envelope), then WKB (curves
/// made into lines, their kinds added to `curved`).
fn decode(blob: &[u8], curved: &mut Kinds) -> Result<Option<Geometry<f64>>, String> {
    if blob.len() < 8 || &blob[..2] != b"GP" {
        return Err("not a GeoPackage geometry: it does not start with \"GP\"".to_owned());
    }
    let flags = blob[3];
    let envelope = match (flags >> 1) & 0b111 {
        0 => 0,
        1 => 32,
        2 | 3 => 48,
        4 => 64,
        other => return Err(format!("the geometry header names envelope kind {other}, which does not exist")),
    };
    if flags & 0b1_0000 != 0 {
        return Ok(None);
    }
    let start = 8 + envelope;
    let body = blob.get(start..).ok_or_else(|| format!("the geometry is truncated: its header needs {start} bytes"))?;
    wkb::read(body, curved).map(|(geometry, _)| geometry)
}

// ---------------------------------------------------------------------------------------------
// Writing

fn create_core_tables(connection: &Connection) -> rusqlite::Result<()> {
    connection.execute_batch(
        "PRAGMA application_id = 1196444487;
         PRAGMA user_version = 10400;
         CREATE TABLE gpkg_spatial_ref_sys (
           srs_name TEXT NOT NULL, srs_id INTEGER NOT NULL PRIMARY KEY, organization TEXT NOT NULL,
           organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
         CREATE TABLE gpkg_contents (
           table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
           description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
           min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
           CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id));
         CREATE TABLE gpkg_geometry_columns (
           table_name TEXT NOT NULL, column_name TEXT NOT NULL, geometry_type_name TEXT NOT NULL,
           srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
           CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
           CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
           CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id));
         INSERT INTO gpkg_spatial_ref_sys VALUES
           ('Undefined cartesian SRS', -1, 'NONE', -1, 'undefined', 'undefined cartesian coordinate reference system'),
           ('Undefined geographic SRS', 0, 'NONE', 0, 'undefined', 'undefined geographic coordinate reference system');",
    )?;
    insert_srs(connection, crate::Crs::WGS84).map(|_| ())
}

/// Adds the CRS to `gpkg_spatial_ref_sys` (once) and returns its `srs_id`: the EPSG or ESRI code
/// with its organization, as GDAL writes them; a custom CRS gets the first free id from 100000
/// with organization `NONE`. The definition is the OGC WKT 1 GDAL writes.
fn insert_srs(connection: &Connection, crs: crate::Crs) -> rusqlite::Result<i64> {
    let definition = super::crs_wkt::wkt1_of(crs).unwrap_or_else(|| "undefined".to_owned());
    let name = crs.info().map(|info| info.name.clone()).unwrap_or_else(|_| crs.to_string());
    let name = if crs == crate::Crs::WGS84 { "WGS 84 geodetic".to_owned() } else { name };
    let (organization, code) = match crs.authority() {
        crate::Authority::Epsg => ("EPSG", i64::from(crs.code())),
        crate::Authority::Esri => ("ESRI", i64::from(crs.code())),
        _ => {
            let existing: Option<i64> = connection
                .query_row(
                    "SELECT srs_id FROM gpkg_spatial_ref_sys WHERE organization = 'NONE' AND definition = ?1",
                    params![definition],
                    |row| row.get(0),
                )
                .optional()?;
            if let Some(id) = existing {
                return Ok(id);
            }
            let next: i64 = connection.query_row(
                "SELECT MAX(100000, COALESCE(MAX(srs_id), 0) + 1) FROM gpkg_spatial_ref_sys",
                [],
                |row| row.get(0),
            )?;
            ("NONE", next)
        }
    };
    // A code already present keeps its row (another table of the file may use it).
    connection.execute(
        "INSERT OR IGNORE INTO gpkg_spatial_ref_sys (srs_name, srs_id, organization, organization_coordsys_id, definition)
         VALUES (?1, ?2, ?4, ?2, ?3)",
        params![name, code, definition, organization],
    )?;
    Ok(code)
}

fn drop_table(connection: &Connection, table: &str) -> rusqlite::Result<()> {
    let geometry_columns: Vec<String> = {
        let mut statement =
            connection.prepare("SELECT column_name FROM gpkg_geometry_columns WHERE table_name = ?1")?;
        statement.query_map(params![table], |row| row.get(0))?.collect::<rusqlite::Result<_>>()?
    };
    for column in geometry_columns {
        connection.execute_batch(&format!("DROP TABLE IF EXISTS {};", quote(&format!("rtree_{table}_{column}"))))?;
    }
    if table_exists(connection, "gpkg_extensions")? {
        connection.execute("DELETE FROM gpkg_extensions WHERE table_name = ?1", params![table])?;
    }
    connection.execute("DELETE FROM gpkg_geometry_columns WHERE table_name = ?1", params![table])?;
    connection.execute("DELETE FROM gpkg_contents WHERE table_name = ?1", params![table])?;
    connection.execute_batch(&format!("DROP TABLE IF EXISTS {};", quote(table)))
}

fn write_table(connection: &Connection, layer: &Layer, table: &str) -> rusqlite::Result<()> {
    let taken = |name: &str| layer.fields.iter().any(|f| f.name.eq_ignore_ascii_case(name));
    let fid = if taken("fid") { "ogc_fid" } else { "fid" };
    let geom = if taken("geom") { "geometry" } else { "geom" };
    let code = insert_srs(connection, layer.crs)?;
    let transaction = connection.unchecked_transaction()?;
    let columns: String = layer
        .fields
        .iter()
        .map(|f| {
            let declared = match f.field_type {
                FieldType::Bool => "BOOLEAN",
                FieldType::Integer => "INTEGER",
                FieldType::Float => "REAL",
                FieldType::String => "TEXT",
                FieldType::Date => "DATE",
                FieldType::Datetime => "DATETIME",
            };
            format!(", {} {declared}", quote(&f.name))
        })
        .collect();
    transaction.execute_batch(&format!(
        "CREATE TABLE {} ({fid} INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, {geom} GEOMETRY{columns});",
        quote(table)
    ))?;
    let rtree = quote(&format!("rtree_{table}_{geom}"));
    transaction.execute_batch(&format!("CREATE VIRTUAL TABLE {rtree} USING rtree(id, minx, maxx, miny, maxy);"))?;
    let placeholders: String = (0..layer.fields.len()).map(|i| format!(", ?{}", i + 3)).collect();
    let mut insert = transaction.prepare(&format!(
        "INSERT INTO {} ({fid}, {geom}{}) VALUES (?1, ?2{placeholders})",
        quote(table),
        layer.fields.iter().map(|f| format!(", {}", quote(&f.name))).collect::<String>()
    ))?;
    let mut insert_box = transaction.prepare(&format!("INSERT INTO {rtree} VALUES (?1, ?2, ?3, ?4, ?5)"))?;
    let mut extent: Option<Extent> = None;
    let mut blob = Vec::new();
    for feature in layer.features.iter() {
        let id = i64::try_from(feature.id).unwrap_or(i64::MAX);
        let mut values: Vec<rusqlite::types::Value> = Vec::with_capacity(layer.fields.len() + 2);
        values.push(id.into());
        match &feature.geometry {
            Some(geometry) => {
                let envelope = Extent::of_geometry(geometry);
                encode(geometry, u32::try_from(code).unwrap_or(0), envelope.as_ref(), &mut blob);
                values.push(rusqlite::types::Value::Blob(blob.clone()));
                if let Some(e) = envelope {
                    insert_box.execute(params![id, e.min_x, e.max_x, e.min_y, e.max_y])?;
                    extent = Some(extent.map_or(e, |x| x.union(&e)));
                }
            }
            None => values.push(rusqlite::types::Value::Null),
        }
        for value in &feature.attributes {
            values.push(match value {
                Value::Null => rusqlite::types::Value::Null,
                Value::Bool(b) => i64::from(*b).into(),
                Value::Int(i) => (*i).into(),
                Value::Float(f) => (*f).into(),
                other => other.to_string().into(),
            });
        }
        insert.execute(rusqlite::params_from_iter(values))?;
    }
    drop(insert);
    drop(insert_box);
    let e = extent.map(|e| e.to_array());
    transaction.execute(
        "INSERT INTO gpkg_contents (table_name, data_type, identifier, min_x, min_y, max_x, max_y, srs_id)
         VALUES (?1, 'features', ?1, ?2, ?3, ?4, ?5, ?6)",
        params![table, e.map(|e| e[0]), e.map(|e| e[1]), e.map(|e| e[2]), e.map(|e| e[3]), code],
    )?;
    transaction.execute(
        "INSERT INTO gpkg_geometry_columns VALUES (?1, ?2, ?3, ?4, 0, 0)",
        params![table, geom, geometry_type_name(layer), code],
    )?;
    transaction.execute_batch(
        "CREATE TABLE IF NOT EXISTS gpkg_extensions (
           table_name TEXT, column_name TEXT, extension_name TEXT NOT NULL, definition TEXT NOT NULL,
           scope TEXT NOT NULL, CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name));",
    )?;
    transaction.execute(
        "INSERT INTO gpkg_extensions VALUES (?1, ?2, 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only')",
        params![table, geom],
    )?;
    // Made after the rows are in: the triggers call ST_IsEmpty and ST_MinX, which GDAL, QGIS and
    // SpatiaLite register on their connections and ours has not.
    transaction.execute_batch(&rtree_triggers(table, geom, fid))?;
    transaction.commit()
}

/// The triggers that keep `rtree_<table>_<geom>` right when another program (GDAL, QGIS,
/// SpatiaLite) inserts, updates or deletes rows: the seven of GeoPackage 1.4, word for word as
/// GDAL writes them (insert, update2, update4, update5, update6, update7, delete).
fn rtree_triggers(table: &str, geom: &str, fid: &str) -> String {
    let (t, c, i) = (quote(table), quote(geom), quote(fid));
    let rtree = quote(&format!("rtree_{table}_{geom}"));
    let name = |suffix: &str| quote(&format!("rtree_{table}_{geom}_{suffix}"));
    let non_empty = |row: &str| format!("({row}.{c} NOTNULL AND NOT ST_IsEmpty({row}.{c}))");
    let empty = |row: &str| format!("({row}.{c} ISNULL OR ST_IsEmpty({row}.{c}))");
    let values = format!("VALUES (NEW.{i}, ST_MinX(NEW.{c}), ST_MaxX(NEW.{c}), ST_MinY(NEW.{c}), ST_MaxY(NEW.{c}))");
    format!(
        "CREATE TRIGGER {insert} AFTER INSERT ON {t} WHEN {new_set}
         BEGIN INSERT OR REPLACE INTO {rtree} {values}; END;
         CREATE TRIGGER {update6} AFTER UPDATE OF {c} ON {t}
           WHEN OLD.{i} = NEW.{i} AND {new_set} AND {old_set}
         BEGIN UPDATE {rtree} SET minx = ST_MinX(NEW.{c}), maxx = ST_MaxX(NEW.{c}),
           miny = ST_MinY(NEW.{c}), maxy = ST_MaxY(NEW.{c}) WHERE id = NEW.{i}; END;
         CREATE TRIGGER {update7} AFTER UPDATE OF {c} ON {t}
           WHEN OLD.{i} = NEW.{i} AND {new_set} AND {old_unset}
         BEGIN INSERT INTO {rtree} {values}; END;
         CREATE TRIGGER {update2} AFTER UPDATE OF {c} ON {t} WHEN OLD.{i} = NEW.{i} AND {new_unset}
         BEGIN DELETE FROM {rtree} WHERE id = OLD.{i}; END;
         CREATE TRIGGER {update5} AFTER UPDATE ON {t} WHEN OLD.{i} != NEW.{i} AND {new_set}
         BEGIN DELETE FROM {rtree} WHERE id = OLD.{i}; INSERT OR REPLACE INTO {rtree} {values}; END;
         CREATE TRIGGER {update4} AFTER UPDATE ON {t} WHEN OLD.{i} != NEW.{i} AND {new_unset}
         BEGIN DELETE FROM {rtree} WHERE id IN (OLD.{i}, NEW.{i}); END;
         CREATE TRIGGER {delete} AFTER DELETE ON {t} WHEN OLD.{c} NOT NULL
         BEGIN DELETE FROM {rtree} WHERE id = OLD.{i}; END;",
        insert = name("insert"),
        update2 = name("update2"),
        update4 = name("update4"),
        update5 = name("update5"),
        update6 = name("update6"),
        update7 = name("update7"),
        delete = name("delete"),
        new_set = non_empty("NEW"),
        old_set = non_empty("OLD"),
        new_unset = empty("NEW"),
        old_unset = empty("OLD"),
    )
}

/// The `geometry_type_name` of a layer: its one kind, else `GEOMETRY`.
fn geometry_type_name(layer: &Layer) -> &'static str {
    let mut kinds = layer.features.iter().filter_map(|f| f.geometry.as_ref()).map(wkb::type_code);
    let Some(first) = kinds.next() else { return "GEOMETRY" };
    if !kinds.all(|k| k == first) {
        return "GEOMETRY";
    }
    match first {
        1 => "POINT",
        2 => "LINESTRING",
        3 => "POLYGON",
        4 => "MULTIPOINT",
        5 => "MULTILINESTRING",
        6 => "MULTIPOLYGON",
        _ => "GEOMETRYCOLLECTION",
    }
}

/// A GeoPackage geometry blob: little-endian header with an xy envelope, then WKB.
fn encode(geometry: &Geometry<f64>, srs_id: u32, envelope: Option<&Extent>, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(b"GP\x00");
    match envelope {
        Some(e) => {
            out.push(0b0000_0011);
            out.extend_from_slice(&(srs_id as i32).to_le_bytes());
            for v in [e.min_x, e.max_x, e.min_y, e.max_y] {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        None => {
            out.push(0b0001_0001);
            out.extend_from_slice(&(srs_id as i32).to_le_bytes());
        }
    }
    wkb::write(geometry, out);
}
