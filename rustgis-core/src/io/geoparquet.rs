//! GeoParquet 1.0, 1.1 and 2.0 (`.parquet`, `.geoparquet`), and Parquet with the GEOMETRY or
//! GEOGRAPHY logical type, through the parquet and arrow crates: the files DuckDB, GeoPandas,
//! GDAL, Sedona and the cloud warehouses exchange.
//!
//! Reading finds the geometry column by the `geo` metadata or, without it, by Parquet's own
//! GEOMETRY and GEOGRAPHY types (`column.rs`, which also reconciles the two when a file has both),
//! decodes WKB or GeoArrow's native encodings (`geoarrow.rs`), refuses by name what does not fit,
//! and streams the file one row group at a time in batches, so memory holds the features read
//! plus one batch. A bbox read skips whole row groups by the statistics of the covering bbox
//! columns (or of the file's bbox) and then rows by their covering values before decoding any
//! geometry. Z values are dropped (layers are 2D), and so are M values, with a notice; edges
//! declared spherical or geodesic are drawn straight, with a notice when a geometry read has any.
//!
//! Writing (`write.rs`) gives a GeoParquet 1.1 file as GDAL and GeoPandas write it.
//!
//! Limits: the footer may hold at most [`MAX_FOOTER`] bytes and a row group may declare at most
//! [`MAX_ROW_GROUP_BYTES`] uncompressed; every column chunk must lie inside the file, and every
//! page header inside it is read first (`pages.rs`): a page must lie inside its chunk and
//! decompress to at most 256 MiB and no more than its chunk declares (the parquet crate allocates
//! what a page declares before decompressing it). The read runs under `catch_unwind`: the parquet
//! and arrow crates panic on some damaged pages.
//! Columns of lists, structs, maps and binary data other than the geometry are not read (they are
//! left out with a notice), and only one geometry column is (the others are named in a notice).

mod column;
mod geoarrow;
mod metadata;
mod pages;
mod write;

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

use arrow_array::Array;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Date64Type, Float16Type, Float32Type, Float64Type, Int8Type, Int16Type, Int32Type, Int64Type,
    TimestampMicrosecondType, TimestampMillisecondType, TimestampNanosecondType, TimestampSecondType, UInt8Type,
    UInt16Type, UInt32Type, UInt64Type,
};
use arrow_schema::{DataType, TimeUnit};
use geo::{CoordsIter, Geometry};
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::metadata::ParquetMetaData;

use super::{ReadData, wkb};
use crate::error::{Error, Result};
use crate::layer::{Extent, Feature, Field};
use crate::value::{FieldType, Value};
use column::{Encoding, GeometryColumn};

pub use write::write;

/// The largest footer (file metadata) read: a real file's footer is kilobytes to a few megabytes.
pub const MAX_FOOTER: u64 = 64 << 20;

/// The most uncompressed bytes one row group may declare: memory holds one row group's batch at
/// a time, and a row group of more than this is a damaged or hostile file, not a real one.
pub const MAX_ROW_GROUP_BYTES: i64 = 2 << 30;

/// Rows per batch read (and written).
const BATCH_ROWS: usize = 8_192;

/// Reads a GeoParquet file; with `bbox`, only the features whose bounding box meets it.
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    read_opened(super::open_regular(path)?, path, bbox)
}

/// [`read_file`] of a file already opened at `path`. The parquet and arrow crates panic on some
/// damaged files (a dictionary page missing where one is declared, bit widths past a value's
/// size, found by fuzzing): the read runs under `catch_unwind`, so such a file is an error naming
/// it, never a crash.
pub(crate) fn read_opened(file: std::fs::File, path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| read_unguarded(file, path, bbox))) {
        Ok(result) => result,
        Err(_) => Err(Error::Data {
            path: path.to_owned(),
            position: "the file".to_owned(),
            message: "the Parquet decoder failed on the file's data; the file is corrupt".to_owned(),
        }),
    }
}

fn read_unguarded(mut file: std::fs::File, path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let data =
        |position: &str, message: String| Error::Data { path: path.to_owned(), position: position.to_owned(), message };
    let size = file.metadata().map(|m| m.len()).map_err(|cause| Error::Io {
        action: "cannot read",
        path: path.to_owned(),
        cause,
    })?;
    check_envelope(&mut file, path)?;
    // A second descriptor of the same open file (never the path again), for the page headers.
    let pages_file =
        file.try_clone().map_err(|cause| Error::Io { action: "cannot read", path: path.to_owned(), cause })?;
    let builder = ParquetRecordBatchReaderBuilder::try_new(file)
        .map_err(|e| data("footer", format!("cannot read the Parquet metadata: {e}")))?;
    let metadata = Arc::clone(builder.metadata());
    check_declared_sizes(&metadata, size, path)?;
    let schema = Arc::clone(builder.schema());
    let GeometryColumn {
        name: geometry_name,
        idx: geometry_idx,
        encoding,
        crs,
        crs_problem,
        mut notices,
        edges_notice,
        geometry_columns,
        covering,
        extent,
    } = column::find(&metadata, builder.parquet_schema(), &schema)
        .map_err(|(position, message)| data(position, message))?;

    // Attribute columns: everything but geometry columns, the covering column and the index
    // pandas stores as columns (as GDAL leaves them out).
    let index_columns = pandas_index_columns(&metadata);
    let mut fields = Vec::new();
    let mut attribute_idx = Vec::new();
    for (idx, field) in schema.fields().iter().enumerate() {
        let is_geometry = geometry_columns.contains(field.name());
        let is_covering = covering.as_ref().is_some_and(|c| c.struct_idx == idx);
        if is_geometry || is_covering || index_columns.contains(field.name()) {
            continue;
        }
        match field_type_of(field.data_type()) {
            Some(field_type) => {
                fields.push(Field::new(field.name().clone(), field_type));
                attribute_idx.push(idx);
            }
            None => notices.push(format!(
                "the column '{}' ({}) is left out: RustGIS reads columns of numbers, text, booleans, dates and times",
                field.name(),
                field.data_type()
            )),
        }
    }

    // Row groups that may hold features in the bbox.
    let n_groups = metadata.num_row_groups();
    let file_misses = bbox.is_some_and(|b| extent.is_some_and(|e| !e.intersects(&b)));
    let groups: Vec<usize> = (0..n_groups)
        .filter(|_| !file_misses)
        .filter(|g| match (&bbox, &covering) {
            (Some(b), Some(c)) => c.group_extent(&metadata, *g).is_none_or(|e| e.intersects(b)),
            _ => true,
        })
        .collect();
    check_pages(&metadata, &groups, &pages_file, path)?;

    // Feature ids are row numbers in the whole file, whichever row groups are read.
    let mut first_row = Vec::with_capacity(n_groups);
    let mut rows_before: u64 = 0;
    for group in metadata.row_groups() {
        first_row.push(rows_before);
        rows_before += u64::try_from(group.num_rows()).unwrap_or(0);
    }
    let mut row_ids = groups.iter().flat_map(|g| {
        let n = u64::try_from(metadata.row_group(*g).num_rows()).unwrap_or(0);
        first_row[*g] + 1..=first_row[*g] + n
    });

    let mut roots: Vec<usize> = attribute_idx.clone();
    roots.push(geometry_idx);
    if let Some(c) = &covering {
        roots.push(c.struct_idx);
    }
    let mask = ProjectionMask::roots(builder.parquet_schema(), roots);
    let reader = builder
        .with_row_groups(groups.clone())
        .with_projection(mask)
        .with_batch_size(BATCH_ROWS)
        .build()
        .map_err(|e| data("footer", format!("cannot read the file: {e}")))?;

    let mut features = Vec::new();
    let mut row_number: u64 = 0;
    let mut n_invalid = 0;
    let mut curves = super::curves::Curves::default();
    let mut first_invalid = Vec::new();
    let mut n_measured = 0;
    let mut has_edges = false;
    for batch in reader {
        let batch =
            batch.map_err(|e| data(&format!("row {}", row_number + 1), format!("cannot read a batch of rows: {e}")))?;
        let projected = batch.schema();
        let column_of = |name: &str| projected.index_of(name).map(|i| batch.column(i));
        let geometry = column_of(&geometry_name).map_err(|e| data("schema", e.to_string()))?;
        let decoder = match &encoding {
            Encoding::Wkb => None,
            Encoding::GeoArrow(layout) => Some(
                geoarrow::Decoder::new(*layout, geometry.as_ref())
                    .map_err(|message| data("schema", format!("the geometry column '{geometry_name}' {message}")))?,
            ),
        };
        let boxes = match &covering {
            Some(c) => column_of(schema.field(c.struct_idx).name()).ok().and_then(|a| c.boxes(a.as_ref())),
            None => None,
        };
        let mut columns = Vec::with_capacity(attribute_idx.len());
        for (field, idx) in fields.iter().zip(&attribute_idx) {
            let array = column_of(schema.field(*idx).name()).map_err(|e| data("schema", e.to_string()))?;
            columns.push(
                values_of(array.as_ref(), field.field_type)
                    .map_err(|message| data(&format!("column '{}'", field.name), message))?,
            );
        }
        for row in 0..batch.num_rows() {
            row_number = row_ids.next().unwrap_or(row_number + 1);
            if let (Some(b), Some(boxes)) = (&bbox, &boxes)
                && boxes[row].is_some_and(|e| !e.intersects(b))
            {
                continue;
            }
            let mut curved = super::curves::Kinds::default();
            let read = match &decoder {
                Some(decoder) => decoder.geometry(row).map(|g| (g.is_some() && decoder.has_m(), g)),
                None => wkb_at(geometry.as_ref(), row, &mut curved),
            };
            let (measured, geometry) =
                read.map_err(|message| data(&format!("row {row_number}, column '{geometry_name}'"), message))?;
            if let Some(b) = &bbox
                && !geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(b))
            {
                continue;
            }
            curves.note(row_number, &curved);
            if let Some(problem) = geometry.as_ref().and_then(super::wkb::problem_of) {
                n_invalid += 1;
                if first_invalid.len() < 5 {
                    first_invalid.push((row_number, problem));
                }
            }
            n_measured += usize::from(measured);
            has_edges = has_edges || geometry.as_ref().is_some_and(has_an_edge);
            let attributes = columns.iter_mut().map(|c| std::mem::take(&mut c[row])).collect();
            features.push(Feature { id: row_number, geometry, attributes });
        }
    }
    notices.extend(curves.notice());
    if n_invalid > 0 {
        notices.push(super::invalid_notice(n_invalid, &first_invalid));
    }
    if n_measured > 0 {
        notices.push(format!(
            "{n_measured} geometr{} of '{geometry_name}' carry M values (measures), which were dropped: layers hold \
             x and y only (Z is dropped too)",
            if n_measured == 1 { "y" } else { "ies" }
        ));
    }
    if has_edges && let Some(notice) = edges_notice {
        notices.push(notice);
    }
    Ok(ReadData { fields, features, crs, notices, crs_problem })
}

/// Whether a geometry has an edge, a segment between two vertices (points have none).
fn has_an_edge(geometry: &Geometry<f64>) -> bool {
    match geometry {
        Geometry::Point(_) | Geometry::MultiPoint(_) => false,
        Geometry::GeometryCollection(parts) => parts.0.iter().any(has_an_edge),
        other => other.coords_count() > 1,
    }
}

/// Checks the bytes around the metadata before the parquet crate reads them, so that a file that
/// is not Parquet, is cut short or declares a giant footer gets an error saying which.
fn check_envelope(file: &mut File, path: &Path) -> Result<()> {
    let data =
        |position: &str, message: String| Error::Data { path: path.to_owned(), position: position.to_owned(), message };
    let io = |source| Error::Io { action: "cannot read", path: path.to_owned(), cause: source };
    let size = file.metadata().map_err(io)?.len();
    let mut head = [0u8; 4];
    let n = file.read(&mut head).map_err(io)?;
    if n < 4 || &head != b"PAR1" {
        return Err(data(
            "byte 0",
            "the file is not Parquet: it does not start with PAR1 (a GeoParquet file is Parquet with 'geo' metadata)"
                .to_owned(),
        ));
    }
    if size < 12 {
        return Err(data("end of file", format!("the file is cut short: {size} bytes hold no Parquet footer")));
    }
    let mut tail = [0u8; 8];
    file.seek(SeekFrom::Start(size - 8)).map_err(io)?;
    file.read_exact(&mut tail).map_err(io)?;
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    match &tail[4..] {
        b"PAR1" => {}
        b"PARE" => {
            return Err(data("end of file", "the file is encrypted Parquet, which RustGIS does not read".to_owned()));
        }
        _ => {
            return Err(data(
                "end of file",
                "the file is cut short or damaged: it does not end with PAR1, so its footer is missing".to_owned(),
            ));
        }
    }
    let footer = u64::from(u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]));
    if footer + 12 > size {
        return Err(data(
            "footer",
            format!("the footer declares {footer} bytes of metadata but the file has only {size} bytes: it is damaged"),
        ));
    }
    if footer > MAX_FOOTER {
        return Err(data(
            "footer",
            format!("the footer declares {footer} bytes of metadata, more than the {MAX_FOOTER} RustGIS reads"),
        ));
    }
    Ok(())
}

/// Refuses the column chunks of the row groups `groups` (those a read will touch) whose pages run
/// past them or decompress to more than they declare or [`pages::MAX_PAGE_BYTES`], before the
/// parquet crate reads any page. [`check_declared_sizes`] has checked the chunks' places.
fn check_pages(metadata: &ParquetMetaData, groups: &[usize], file: &std::fs::File, path: &Path) -> Result<()> {
    for &g in groups {
        for chunk in metadata.row_group(g).columns() {
            let start = chunk.dictionary_page_offset().unwrap_or_else(|| chunk.data_page_offset());
            let (start, length) = (start.max(0) as u64, chunk.compressed_size().max(0) as u64);
            pages::check_chunk(file, start, length, chunk.uncompressed_size()).map_err(|message| Error::Data {
                path: path.to_owned(),
                position: format!("row group {g}"),
                message: format!("the column '{}': {message}", chunk.column_path().string()),
            })?;
        }
    }
    Ok(())
}

/// Refuses metadata whose column chunks lie outside the file or whose row groups declare more
/// than [`MAX_ROW_GROUP_BYTES`], before any of them is read.
fn check_declared_sizes(metadata: &ParquetMetaData, size: u64, path: &Path) -> Result<()> {
    for (g, group) in metadata.row_groups().iter().enumerate() {
        let position = format!("row group {g}");
        let data = |message: String| Error::Data { path: path.to_owned(), position: position.clone(), message };
        let mut declared: i64 = 0;
        for chunk in group.columns() {
            // The parquet crate's `byte_range` panics on a negative offset or size: checked here.
            let start = chunk.dictionary_page_offset().unwrap_or_else(|| chunk.data_page_offset());
            let length = chunk.compressed_size();
            let (Ok(start), Ok(length)) = (u64::try_from(start), u64::try_from(length)) else {
                return Err(data(format!(
                    "the column '{}' declares a negative offset ({start}) or size ({length}): the metadata is damaged",
                    chunk.column_path().string()
                )));
            };
            if start.checked_add(length).is_none_or(|end| end > size) {
                return Err(data(format!(
                    "the column '{}' declares bytes {start}..{} but the file has only {size}: the metadata lies or \
                     the file is cut short",
                    chunk.column_path().string(),
                    start.saturating_add(length)
                )));
            }
            declared = declared.saturating_add(chunk.uncompressed_size().max(0));
        }
        if declared > MAX_ROW_GROUP_BYTES || group.num_rows() < 0 {
            return Err(data(format!(
                "the row group declares {declared} bytes and {} rows uncompressed, more than the {MAX_ROW_GROUP_BYTES} \
                 bytes RustGIS reads in one row group",
                group.num_rows()
            )));
        }
    }
    Ok(())
}

/// The field type an Arrow column becomes, `None` for the kinds RustGIS leaves out.
fn field_type_of(data_type: &DataType) -> Option<FieldType> {
    Some(match data_type {
        DataType::Boolean => FieldType::Bool,
        DataType::Int8
        | DataType::Int16
        | DataType::Int32
        | DataType::Int64
        | DataType::UInt8
        | DataType::UInt16
        | DataType::UInt32
        | DataType::UInt64 => FieldType::Integer,
        DataType::Float16 | DataType::Float32 | DataType::Float64 => FieldType::Float,
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => FieldType::String,
        DataType::Date32 | DataType::Date64 => FieldType::Date,
        DataType::Timestamp(_, _) => FieldType::Datetime,
        DataType::Dictionary(_, values) => return field_type_of(values),
        _ => return None,
    })
}

/// The values of one column of a batch.
fn values_of(array: &dyn Array, field_type: FieldType) -> std::result::Result<Vec<Value>, String> {
    if let Some(dictionary) = array.as_any_dictionary_opt() {
        let values = values_of(dictionary.values().as_ref(), field_type)?;
        let keys = dictionary.normalized_keys();
        return Ok((0..array.len())
            .map(
                |row| if array.is_null(row) { Value::Null } else { values.get(keys[row]).cloned().unwrap_or_default() },
            )
            .collect());
    }
    let n = array.len();
    let mut out = Vec::with_capacity(n);
    macro_rules! each {
        ($array:expr, $convert:expr) => {{
            let typed = $array;
            for row in 0..n {
                out.push(if typed.is_null(row) { Value::Null } else { $convert(typed.value(row)) });
            }
        }};
    }
    match array.data_type() {
        DataType::Boolean => each!(array.as_boolean(), Value::Bool),
        DataType::Int8 => each!(array.as_primitive::<Int8Type>(), |v| Value::Int(i64::from(v))),
        DataType::Int16 => each!(array.as_primitive::<Int16Type>(), |v| Value::Int(i64::from(v))),
        DataType::Int32 => each!(array.as_primitive::<Int32Type>(), |v| Value::Int(i64::from(v))),
        DataType::Int64 => each!(array.as_primitive::<Int64Type>(), Value::Int),
        DataType::UInt8 => each!(array.as_primitive::<UInt8Type>(), |v| Value::Int(i64::from(v))),
        DataType::UInt16 => each!(array.as_primitive::<UInt16Type>(), |v| Value::Int(i64::from(v))),
        DataType::UInt32 => each!(array.as_primitive::<UInt32Type>(), |v| Value::Int(i64::from(v))),
        DataType::UInt64 => {
            let typed = array.as_primitive::<UInt64Type>();
            for row in 0..n {
                out.push(if typed.is_null(row) {
                    Value::Null
                } else {
                    let v = typed.value(row);
                    Value::Int(
                        i64::try_from(v).map_err(|_| format!("row {}: {v} is too large for an integer", row + 1))?,
                    )
                });
            }
        }
        DataType::Float16 => each!(array.as_primitive::<Float16Type>(), |v| Value::Float(f64::from(v))),
        DataType::Float32 => each!(array.as_primitive::<Float32Type>(), |v| Value::Float(f64::from(v))),
        DataType::Float64 => each!(array.as_primitive::<Float64Type>(), Value::Float),
        DataType::Utf8 => each!(array.as_string::<i32>(), |v: &str| Value::String(v.to_owned())),
        DataType::LargeUtf8 => each!(array.as_string::<i64>(), |v: &str| Value::String(v.to_owned())),
        DataType::Utf8View => each!(array.as_string_view(), |v: &str| Value::String(v.to_owned())),
        DataType::Date32 => each!(array.as_primitive::<Date32Type>(), |days: i32| date_of_days(i64::from(days))),
        DataType::Date64 => {
            each!(array.as_primitive::<Date64Type>(), |ms: i64| date_of_days(ms.div_euclid(86_400_000)))
        }
        DataType::Timestamp(unit, _) => {
            let per_second: i64 = match unit {
                TimeUnit::Second => 1,
                TimeUnit::Millisecond => 1_000,
                TimeUnit::Microsecond => 1_000_000,
                TimeUnit::Nanosecond => 1_000_000_000,
            };
            let convert = |ticks: i64| datetime_of(ticks, per_second);
            match unit {
                TimeUnit::Second => each!(array.as_primitive::<TimestampSecondType>(), convert),
                TimeUnit::Millisecond => each!(array.as_primitive::<TimestampMillisecondType>(), convert),
                TimeUnit::Microsecond => each!(array.as_primitive::<TimestampMicrosecondType>(), convert),
                TimeUnit::Nanosecond => each!(array.as_primitive::<TimestampNanosecondType>(), convert),
            }
        }
        other => return Err(format!("a column of {other} cannot be read as {field_type:?}")),
    }
    Ok(out)
}

/// The Julian day of 1970-01-01, day 0 of Parquet dates.
const UNIX_EPOCH_JULIAN_DAY: i64 = 2_440_588;

fn date_of_days(days: i64) -> Value {
    i32::try_from(UNIX_EPOCH_JULIAN_DAY + days)
        .ok()
        .and_then(|julian| time::Date::from_julian_day(julian).ok())
        .map_or(Value::Null, Value::Date)
}

/// A UTC timestamp of `ticks` (`per_second` ticks a second) as a naive date and time.
fn datetime_of(ticks: i64, per_second: i64) -> Value {
    let seconds = ticks.div_euclid(per_second);
    let nanos = ticks.rem_euclid(per_second) * (1_000_000_000 / per_second);
    time::OffsetDateTime::from_unix_timestamp(seconds)
        .ok()
        .and_then(|t| t.replace_nanosecond(u32::try_from(nanos).unwrap_or(0)).ok())
        .map_or(Value::Null, |t| Value::DateTime(time::PrimitiveDateTime::new(t.date(), t.time())))
}

/// The geometry of one row of a WKB column, and whether it has M values (curves made into lines,
/// their kinds added to `curved`).
fn wkb_at(
    array: &dyn Array,
    row: usize,
    curved: &mut super::curves::Kinds,
) -> std::result::Result<(bool, Option<Geometry<f64>>), String> {
    if array.is_null(row) {
        return Ok((false, None));
    }
    let bytes = match array.data_type() {
        DataType::Binary => array.as_binary::<i32>().value(row),
        DataType::LargeBinary => array.as_binary::<i64>().value(row),
        DataType::BinaryView => array.as_binary_view().value(row),
        other => return Err(format!("the geometry column holds {other}, not WKB")),
    };
    if bytes.is_empty() {
        return Ok((false, None));
    }
    let (geometry, _) = wkb::read(bytes, curved).map_err(|e| format!("the WKB geometry is damaged: {e}"))?;
    Ok((geometry.is_some() && wkb::has_m(bytes), geometry))
}

/// The columns pandas wrote for a data frame's index (`__index_level_0__`…), named in its
/// `pandas` metadata: the index is the table's row labels, not data, so GDAL reads no field for
/// it. Only unnamed index levels (`__index_level_N__`) are left out; a named index is a column.
fn pandas_index_columns(metadata: &parquet::file::metadata::ParquetMetaData) -> Vec<String> {
    let Some(text) = metadata
        .file_metadata()
        .key_value_metadata()
        .and_then(|kv| kv.iter().find(|kv| kv.key == "pandas"))
        .and_then(|kv| kv.value.as_deref())
    else {
        return Vec::new();
    };
    let Ok(pandas) = serde_json::from_str::<serde_json::Value>(text) else { return Vec::new() };
    pandas["index_columns"]
        .as_array()
        .map(|columns| {
            columns
                .iter()
                .filter_map(|c| c.as_str())
                .filter(|name| name.starts_with("__index_level_") && name.ends_with("__"))
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}
