//! GeoParquet 1.0 and 1.1 (`.parquet`, `.geoparquet`) through the parquet and arrow crates: the
//! format DuckDB, GeoPandas, GDAL and the cloud warehouses exchange.
//!
//! Reading takes the `geo` metadata (primary column, WKB encoding, CRS as PROJJSON, bbox,
//! covering bbox columns), refuses what does not fit it by name, and streams the file one row
//! group at a time in batches, so memory holds the features read plus one batch. A bbox read
//! skips whole row groups by the statistics of the covering bbox columns (or of the file's
//! bbox) and then rows by their covering values before decoding any WKB.
//!
//! Writing gives a GeoParquet 1.1 file as GDAL and GeoPandas write it: a WKB `geometry` column,
//! a `bbox` covering column (struct of xmin, ymin, xmax, ymax) with row groups of 65,536 rows so
//! readers can skip them, typed attribute columns, Snappy compression, and the `geo` metadata
//! with the CRS as PROJJSON.
//!
//! Limits: the footer may hold at most [`MAX_FOOTER`] bytes and a row group may declare at most
//! [`MAX_ROW_GROUP_BYTES`] uncompressed; every column chunk must lie inside the file, and every
//! page header inside it is read first (`pages.rs`): a page must lie inside its chunk and
//! decompress to at most 256 MiB and no more than its chunk declares (the parquet crate allocates
//! what a page declares before decompressing it). The read runs under `catch_unwind`: the parquet
//! and arrow crates panic on some damaged pages.
//! Geometry encodings other than WKB (GeoParquet 1.1's native GeoArrow ones) and columns of
//! lists, structs, maps and binary data are not read (the latter are left out with a notice).

mod pages;

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;
use std::sync::Arc;

use arrow_array::builder::BinaryBuilder;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Date64Type, Float16Type, Float32Type, Float64Type, Int8Type, Int16Type, Int32Type, Int64Type,
    TimestampMicrosecondType, TimestampMillisecondType, TimestampNanosecondType, TimestampSecondType, UInt8Type,
    UInt16Type, UInt32Type, UInt64Type,
};
use arrow_array::{
    Array, ArrayRef, BooleanArray, Date32Array, Float64Array, Int64Array, RecordBatch, StringArray, StructArray,
    TimestampMicrosecondArray,
};
use arrow_schema::{DataType, Field as ArrowField, Fields, Schema, TimeUnit};
use geo::Geometry;
use parquet::arrow::ArrowWriter;
use parquet::arrow::ProjectionMask;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::basic::Compression;
use parquet::file::metadata::{KeyValue, ParquetMetaData};
use parquet::file::properties::WriterProperties;
use parquet::file::statistics::Statistics;
use serde::Deserialize;
use serde_json::{Value as Json, json};

use super::{ReadData, wkb};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value};

/// The largest footer (file metadata) read: a real file's footer is kilobytes to a few megabytes.
pub const MAX_FOOTER: u64 = 64 << 20;

/// The most uncompressed bytes one row group may declare: memory holds one row group's batch at
/// a time, and a row group of more than this is a damaged or hostile file, not a real one.
pub const MAX_ROW_GROUP_BYTES: i64 = 2 << 30;

/// Rows per row group written: GDAL's default, small enough that a bbox read skips most groups.
const ROW_GROUP_ROWS: usize = 65_536;

/// Rows per batch read.
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
    let geo = geo_metadata(&metadata).map_err(|message| data("the 'geo' metadata", message))?;
    let schema = Arc::clone(builder.schema());
    let column = geo.columns.get(&geo.primary_column).ok_or_else(|| {
        data(
            "the 'geo' metadata",
            format!("the primary column '{}' is not described in \"columns\"", geo.primary_column),
        )
    })?;
    if !column.encoding.eq_ignore_ascii_case("WKB") {
        return Err(data(
            "the 'geo' metadata",
            format!(
                "the column '{}' is encoded as '{}'; RustGIS reads GeoParquet geometries encoded as WKB (GDAL and \
                 GeoPandas write WKB by default)",
                geo.primary_column, column.encoding
            ),
        ));
    }
    let geometry_idx = schema.index_of(&geo.primary_column).map_err(|_| {
        data(
            "schema",
            format!("the 'geo' metadata names the column '{}', which the file does not have", geo.primary_column),
        )
    })?;
    if !matches!(
        schema.field(geometry_idx).data_type(),
        DataType::Binary | DataType::LargeBinary | DataType::BinaryView
    ) {
        return Err(data(
            "schema",
            format!(
                "the geometry column '{}' holds {}, not the binary WKB the 'geo' metadata says",
                geo.primary_column,
                schema.field(geometry_idx).data_type()
            ),
        ));
    }
    let (crs, mut notices, crs_problem) = crs_of(column);
    let covering = column.covering_indices(&schema);

    // Attribute columns: everything but geometry columns and the covering column.
    let mut fields = Vec::new();
    let mut attribute_idx = Vec::new();
    for (idx, field) in schema.fields().iter().enumerate() {
        let is_geometry = geo.columns.contains_key(field.name());
        let is_covering = covering.as_ref().is_some_and(|c| c.struct_idx == idx);
        if is_geometry || is_covering {
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
    let file_misses = bbox.is_some_and(|b| column.extent().is_some_and(|e| !e.intersects(&b)));
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
    for batch in reader {
        let batch =
            batch.map_err(|e| data(&format!("row {}", row_number + 1), format!("cannot read a batch of rows: {e}")))?;
        let projected = batch.schema();
        let column_of = |name: &str| projected.index_of(name).map(|i| batch.column(i));
        let geometry = column_of(&geo.primary_column).map_err(|e| data("schema", e.to_string()))?;
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
            let geometry = geometry_at(geometry.as_ref(), row, &mut curved)
                .map_err(|message| data(&format!("row {row_number}, column '{}'", geo.primary_column), message))?;
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
            let attributes = columns.iter_mut().map(|c| std::mem::take(&mut c[row])).collect();
            features.push(Feature { id: row_number, geometry, attributes });
        }
    }
    notices.extend(curves.notice());
    if n_invalid > 0 {
        notices.push(super::invalid_notice(n_invalid, &first_invalid));
    }
    Ok(ReadData { fields, features, crs, notices, crs_problem })
}

/// Writes `layer` as GeoParquet 1.1 to `out`; `origin` names the file in errors.
pub fn write(layer: &Layer, out: &mut (impl Write + Send), origin: &Path) -> Result<()> {
    let cannot =
        |message: String| Error::Failed(format!("cannot write layer '{}' as GeoParquet: {message}", layer.name));
    // GeoParquet holds the CRS as PROJJSON, which PROJ writes for every CRS it knows.
    let Some(crs_json) = layer.crs.to_projjson().and_then(|text| serde_json::from_str::<Json>(&text).ok()) else {
        return Err(cannot(format!(
            "GeoParquet holds the CRS as PROJJSON, and PROJ cannot write {} as PROJJSON; reproject the layer first \
             (vector.reproject) or export it as GeoPackage or FlatGeobuf",
            layer.crs
        )));
    };
    let taken = |name: &str| layer.fields.iter().any(|f| f.name == name);
    let geometry_name = ["geometry", "geom", "_geometry"].into_iter().find(|n| !taken(n)).unwrap_or("__geometry");
    let bbox_name = ["bbox", "geometry_bbox", "_bbox"].into_iter().find(|n| !taken(n)).unwrap_or("__bbox");

    let mut types = BTreeSet::new();
    let mut extent: Option<Extent> = None;
    for feature in layer.features.iter() {
        if let Some(geometry) = &feature.geometry {
            check_finite(geometry).map_err(|m| cannot(format!("feature {}: {m}", feature.id)))?;
            types.insert(type_name(geometry));
            if let Some(e) = Extent::of_geometry(geometry) {
                extent = Some(extent.map_or(e, |x| x.union(&e)));
            }
        }
    }
    let covering = json!({"bbox": {
        "xmin": [bbox_name, "xmin"], "ymin": [bbox_name, "ymin"], "xmax": [bbox_name, "xmax"], "ymax": [bbox_name, "ymax"],
    }});
    let mut column = json!({"encoding": "WKB", "geometry_types": types, "crs": crs_json, "covering": covering});
    if let Some(e) = extent {
        column["bbox"] = json!(e.to_array());
    }
    let geo = json!({
        "version": "1.1.0",
        "primary_column": geometry_name,
        "columns": {geometry_name: column},
    });

    let box_fields =
        Fields::from(["xmin", "ymin", "xmax", "ymax"].map(|n| ArrowField::new(n, DataType::Float64, true)).to_vec());
    let mut arrow_fields: Vec<ArrowField> =
        layer.fields.iter().map(|f| ArrowField::new(&f.name, arrow_type(f.field_type), true)).collect();
    arrow_fields.push(ArrowField::new(geometry_name, DataType::Binary, true));
    arrow_fields.push(ArrowField::new(bbox_name, DataType::Struct(box_fields.clone()), true));
    let schema = Arc::new(Schema::new(arrow_fields));
    let properties = WriterProperties::builder()
        .set_key_value_metadata(Some(vec![KeyValue::new("geo".to_owned(), geo.to_string())]))
        .set_compression(Compression::SNAPPY)
        .set_max_row_group_row_count(Some(ROW_GROUP_ROWS))
        .set_created_by(format!("RustGIS {}", env!("CARGO_PKG_VERSION")))
        .build();
    let mut writer =
        ArrowWriter::try_new(out, Arc::clone(&schema), Some(properties)).map_err(|e| parquet_error(origin, &e))?;
    let features = layer.features.as_slice();
    for chunk in features.chunks(ROW_GROUP_ROWS.min(BATCH_ROWS * 2)) {
        let mut columns: Vec<ArrayRef> = Vec::with_capacity(layer.fields.len() + 2);
        for (idx, field) in layer.fields.iter().enumerate() {
            columns.push(array_of(chunk.iter().map(|f| &f.attributes[idx]), field.field_type));
        }
        let mut wkb = Vec::new();
        let mut geometries = BinaryBuilder::with_capacity(chunk.len(), chunk.len() * 64);
        for feature in chunk {
            match &feature.geometry {
                Some(geometry) => {
                    wkb.clear();
                    wkb::write(geometry, &mut wkb);
                    geometries.append_value(&wkb);
                }
                None => geometries.append_null(),
            }
        }
        columns.push(Arc::new(geometries.finish()));
        let extents: Vec<Option<Extent>> =
            chunk.iter().map(|f| f.geometry.as_ref().and_then(Extent::of_geometry)).collect();
        let corner = |pick: fn(&Extent) -> f64| -> ArrayRef {
            Arc::new(extents.iter().map(|e| e.as_ref().map(pick)).collect::<Float64Array>())
        };
        let boxes = StructArray::try_new(
            box_fields.clone(),
            vec![corner(|e| e.min_x), corner(|e| e.min_y), corner(|e| e.max_x), corner(|e| e.max_y)],
            None,
        )
        .map_err(|e| cannot(e.to_string()))?;
        columns.push(Arc::new(boxes));
        let batch = RecordBatch::try_new(Arc::clone(&schema), columns).map_err(|e| cannot(e.to_string()))?;
        writer.write(&batch).map_err(|e| parquet_error(origin, &e))?;
    }
    writer.close().map_err(|e| parquet_error(origin, &e))?;
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Reading

/// The `geo` metadata of a GeoParquet file.
#[derive(Debug, Deserialize)]
struct GeoMetadata {
    #[serde(default)]
    version: Option<String>,
    primary_column: String,
    columns: std::collections::BTreeMap<String, GeoColumn>,
}

/// One geometry column in the `geo` metadata.
#[derive(Debug, Deserialize)]
struct GeoColumn {
    encoding: String,
    #[serde(default)]
    #[allow(dead_code, reason = "read to check the metadata is well formed; features say their own types")]
    geometry_types: Vec<String>,
    /// `None`: absent (OGC:CRS84); `Some(Json::Null)`: unknown.
    #[serde(default, deserialize_with = "present")]
    crs: Option<Json>,
    #[serde(default)]
    bbox: Option<Vec<f64>>,
    #[serde(default)]
    covering: Option<Covering>,
}

#[derive(Debug, Deserialize)]
struct Covering {
    bbox: CoveringBbox,
}

/// Where the covering bbox values are: `[column, field]` paths.
#[derive(Debug, Deserialize)]
struct CoveringBbox {
    xmin: Vec<String>,
    ymin: Vec<String>,
    xmax: Vec<String>,
    ymax: Vec<String>,
}

/// A covering bbox column found in the schema: a struct column with four float fields.
struct CoveringColumns {
    struct_idx: usize,
    /// The field of the struct for xmin, ymin, xmax, ymax.
    fields: [usize; 4],
    /// The column paths (`bbox.xmin`) whose statistics bound a row group.
    paths: [String; 4],
}

/// Tells `"crs": null` (unknown) from no `crs` at all (OGC:CRS84).
fn present<'de, D: serde::Deserializer<'de>>(deserializer: D) -> std::result::Result<Option<Json>, D::Error> {
    Json::deserialize(deserializer).map(Some)
}

impl GeoColumn {
    /// The file-level bbox, when the metadata gives one (2D or 3D).
    fn extent(&self) -> Option<Extent> {
        match self.bbox.as_deref()? {
            [x1, y1, x2, y2] => Extent::from_bbox([*x1, *y1, *x2, *y2]),
            [x1, y1, _, x2, y2, _] => Extent::from_bbox([*x1, *y1, *x2, *y2]),
            _ => None,
        }
    }

    /// The covering bbox column, when the metadata names one the schema has as four floats of one
    /// struct column.
    fn covering_indices(&self, schema: &Schema) -> Option<CoveringColumns> {
        let covering = &self.covering.as_ref()?.bbox;
        let paths = [&covering.xmin, &covering.ymin, &covering.xmax, &covering.ymax];
        let [first, ..] = paths;
        let [column, _] = first.as_slice() else { return None };
        let struct_idx = schema.index_of(column).ok()?;
        let DataType::Struct(children) = schema.field(struct_idx).data_type() else { return None };
        let mut fields = [0; 4];
        for (slot, path) in fields.iter_mut().zip(paths) {
            let [c, name] = path.as_slice() else { return None };
            if c != column {
                return None;
            }
            let (idx, child) = children.find(name)?;
            if !matches!(child.data_type(), DataType::Float64 | DataType::Float32) {
                return None;
            }
            *slot = idx;
        }
        let paths = [&covering.xmin, &covering.ymin, &covering.xmax, &covering.ymax].map(|p| p.join("."));
        Some(CoveringColumns { struct_idx, fields, paths })
    }
}

impl CoveringColumns {
    /// What the row group's statistics say its features cover, when they say it.
    fn group_extent(&self, metadata: &ParquetMetaData, group: usize) -> Option<Extent> {
        let row_group = metadata.row_group(group);
        let bound = |path: &str, min: bool| -> Option<f64> {
            let chunk = row_group.columns().iter().find(|c| c.column_path().string() == path)?;
            match chunk.statistics()? {
                Statistics::Double(s) => if min { s.min_opt() } else { s.max_opt() }.copied(),
                Statistics::Float(s) => if min { s.min_opt() } else { s.max_opt() }.map(|v| f64::from(*v)),
                _ => None,
            }
        };
        let [xmin, ymin, xmax, ymax] = &self.paths;
        Extent::from_bbox([bound(xmin, true)?, bound(ymin, true)?, bound(xmax, false)?, bound(ymax, false)?])
    }

    /// The covering box of each row of a batch (`None` where a value is null).
    fn boxes(&self, array: &dyn Array) -> Option<Vec<Option<Extent>>> {
        let structs = array.as_struct_opt()?;
        let floats = self.fields.map(|f| values_of(structs.column(f).as_ref(), FieldType::Float).ok());
        let [Some(x1), Some(y1), Some(x2), Some(y2)] = floats else { return None };
        let float = |v: &Value| match v {
            Value::Float(f) => Some(*f),
            _ => None,
        };
        Some(
            (0..array.len())
                .map(|row| {
                    if structs.is_null(row) {
                        return None;
                    }
                    Extent::from_bbox([float(&x1[row])?, float(&y1[row])?, float(&x2[row])?, float(&y2[row])?])
                })
                .collect(),
        )
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

/// The `geo` metadata, parsed.
fn geo_metadata(metadata: &ParquetMetaData) -> std::result::Result<GeoMetadata, String> {
    let text = metadata
        .file_metadata()
        .key_value_metadata()
        .and_then(|kv| kv.iter().find(|kv| kv.key == "geo"))
        .and_then(|kv| kv.value.as_deref())
        .ok_or_else(|| {
            "the Parquet file has no 'geo' metadata, so it is not GeoParquet (GeoPandas' to_parquet, GDAL and DuckDB's \
             spatial extension write it)"
                .to_owned()
        })?;
    let geo: GeoMetadata =
        serde_json::from_str(text).map_err(|e| format!("the 'geo' metadata is not GeoParquet metadata: {e}"))?;
    if let Some(version) = &geo.version
        && !(version.starts_with("1.") || version.starts_with("0."))
    {
        return Err(format!("the 'geo' metadata is version {version}; RustGIS reads GeoParquet 1.0 and 1.1"));
    }
    Ok(geo)
}

/// The CRS of a geometry column (GeoParquet's PROJJSON, or a code as some writers put it), as
/// PROJ identifies it: with notices on how it was read, and the problem when PROJ cannot read it.
fn crs_of(column: &GeoColumn) -> (Crs, Vec<String>, Option<String>) {
    let definition = match &column.crs {
        // No `crs` is OGC:CRS84, longitude/latitude on WGS 84, by the specification.
        None => return (Crs::WGS84, Vec::new(), None),
        Some(Json::Null) => {
            return (
                Crs::WGS84,
                vec![
                    "the file says its CRS is unknown; its coordinates are taken as EPSG:4326 (pass \"crs\" to say \
                     otherwise)"
                        .to_owned(),
                ],
                None,
            );
        }
        Some(Json::String(text)) => text.clone(),
        Some(projjson) => projjson.to_string(),
    };
    match super::crs_wkt::crs_of_definition(&definition, "'geo' metadata") {
        Ok((crs, note)) => (crs, note.into_iter().collect(), None),
        Err(problem) => (Crs::WGS84, Vec::new(), Some(problem)),
    }
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

/// The geometry of one row of the WKB column (curves made into lines, their kinds added to
/// `curved`).
fn geometry_at(
    array: &dyn Array,
    row: usize,
    curved: &mut super::curves::Kinds,
) -> std::result::Result<Option<Geometry<f64>>, String> {
    if array.is_null(row) {
        return Ok(None);
    }
    let bytes = match array.data_type() {
        DataType::Binary => array.as_binary::<i32>().value(row),
        DataType::LargeBinary => array.as_binary::<i64>().value(row),
        DataType::BinaryView => array.as_binary_view().value(row),
        other => return Err(format!("the geometry column holds {other}, not WKB")),
    };
    if bytes.is_empty() {
        return Ok(None);
    }
    let (geometry, _) = wkb::read(bytes, curved).map_err(|e| format!("the WKB geometry is damaged: {e}"))?;
    Ok(geometry)
}

// ---------------------------------------------------------------------------------------------
// Writing

fn parquet_error(origin: &Path, error: &parquet::errors::ParquetError) -> Error {
    Error::Io { action: "cannot write", path: origin.to_owned(), cause: std::io::Error::other(error.to_string()) }
}

fn arrow_type(field_type: FieldType) -> DataType {
    match field_type {
        FieldType::Bool => DataType::Boolean,
        FieldType::Integer => DataType::Int64,
        FieldType::Float => DataType::Float64,
        FieldType::String => DataType::Utf8,
        FieldType::Date => DataType::Date32,
        FieldType::Datetime => DataType::Timestamp(TimeUnit::Microsecond, None),
    }
}

/// A column of values of one field type (values of another type are written as null, which
/// layers never hold).
fn array_of<'a>(values: impl Iterator<Item = &'a Value>, field_type: FieldType) -> ArrayRef {
    match field_type {
        FieldType::Bool => {
            Arc::new(values.map(|v| if let Value::Bool(b) = v { Some(*b) } else { None }).collect::<BooleanArray>())
        }
        FieldType::Integer => {
            Arc::new(values.map(|v| if let Value::Int(i) = v { Some(*i) } else { None }).collect::<Int64Array>())
        }
        FieldType::Float => Arc::new(
            values
                .map(|v| match v {
                    Value::Float(f) => Some(*f),
                    Value::Int(i) => Some(*i as f64),
                    _ => None,
                })
                .collect::<Float64Array>(),
        ),
        FieldType::String => Arc::new(
            values
                .map(|v| match v {
                    Value::Null => None,
                    Value::String(s) => Some(s.clone()),
                    other => Some(other.to_string()),
                })
                .collect::<StringArray>(),
        ),
        FieldType::Date => Arc::new(
            values
                .map(|v| match v {
                    Value::Date(d) => i32::try_from(i64::from(d.to_julian_day()) - UNIX_EPOCH_JULIAN_DAY).ok(),
                    _ => None,
                })
                .collect::<Date32Array>(),
        ),
        FieldType::Datetime => Arc::new(
            values
                .map(|v| match v {
                    Value::DateTime(t) => {
                        let nanos = t.assume_utc().unix_timestamp_nanos();
                        i64::try_from(nanos.div_euclid(1_000)).ok()
                    }
                    _ => None,
                })
                .collect::<TimestampMicrosecondArray>(),
        ),
    }
}

/// The GeoParquet name of a geometry's type.
fn type_name(geometry: &Geometry<f64>) -> &'static str {
    match wkb::type_code(geometry) {
        1 => "Point",
        2 => "LineString",
        3 => "Polygon",
        4 => "MultiPoint",
        5 => "MultiLineString",
        6 => "MultiPolygon",
        _ => "GeometryCollection",
    }
}

fn check_finite(geometry: &Geometry<f64>) -> std::result::Result<(), String> {
    use geo::CoordsIter;
    match geometry.coords_iter().find(|c| !(c.x.is_finite() && c.y.is_finite())) {
        Some(c) => Err(format!("a coordinate ({}, {}) is not a finite number", c.x, c.y)),
        None => Ok(()),
    }
}
