//! Writing GeoParquet 1.1 as GDAL and GeoPandas write it: a WKB `geometry` column, a `bbox`
//! covering column (struct of xmin, ymin, xmax, ymax) with row groups of 65,536 rows so readers
//! can skip them, typed attribute columns, Snappy compression, and the `geo` metadata with the CRS
//! as PROJJSON.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use arrow_array::builder::BinaryBuilder;
use arrow_array::{
    ArrayRef, BooleanArray, Date32Array, Float64Array, Int64Array, RecordBatch, StringArray, StructArray,
    TimestampMicrosecondArray,
};
use arrow_schema::{DataType, Field as ArrowField, Fields, Schema, TimeUnit};
use geo::Geometry;
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::metadata::KeyValue;
use parquet::file::properties::WriterProperties;
use serde_json::{Value as Json, json};

use super::super::wkb;
use super::{BATCH_ROWS, UNIX_EPOCH_JULIAN_DAY};
use crate::error::{Error, Result};
use crate::layer::{Extent, Layer};
use crate::value::{FieldType, Value};

/// Rows per row group written: GDAL's default, small enough that a bbox read skips most groups.
const ROW_GROUP_ROWS: usize = 65_536;

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
    wkb::type_name(wkb::type_code(geometry)).unwrap_or("GeometryCollection")
}

fn check_finite(geometry: &Geometry<f64>) -> std::result::Result<(), String> {
    use geo::CoordsIter;
    match geometry.coords_iter().find(|c| !(c.x.is_finite() && c.y.is_finite())) {
        Some(c) => Err(format!("a coordinate ({}, {}) is not a finite number", c.x, c.y)),
        None => Ok(()),
    }
}
