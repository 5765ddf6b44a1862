//! GeoJSON (RFC 7946) to and from layers, with attribute types inferred per field.

use std::path::Path;

use geo::{Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};
use serde_json::Value as Json;

use crate::error::{Error, Result};
use crate::layer::{Crs, Feature, Field};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// Features and their schema, as read from a file, before they become a layer.
#[derive(Debug, Clone)]
pub struct ReadData {
    /// The fields, in first-seen order.
    pub fields: Vec<Field>,
    /// The features; ids are 1-based positions unless the file gave integer ids.
    pub features: Vec<Feature>,
    /// The CRS the file declares, EPSG:4326 otherwise.
    pub crs: Crs,
    /// Warnings worth telling the user (invalid geometries kept, for example).
    pub notices: Vec<String>,
}

/// Reads GeoJSON text: a FeatureCollection, a single Feature, or a bare geometry. `origin` names
/// the source in errors (a path, or `<inline>`).
pub fn read_str(text: &str, origin: &Path) -> Result<ReadData> {
    let json: Json = serde_json::from_str(text).map_err(|e| Error::Data {
        path: origin.to_owned(),
        position: format!("line {}, column {}", e.line(), e.column()),
        message: format!("not valid JSON: {e}"),
    })?;
    from_json(&json, origin)
}

/// Reads already parsed GeoJSON.
pub fn from_json(json: &Json, origin: &Path) -> Result<ReadData> {
    let data_error = |position: String, message: String| Error::Data { path: origin.to_owned(), position, message };
    let kind = json.get("type").and_then(Json::as_str).unwrap_or_default();
    let raw_features: Vec<&Json> = match kind {
        "FeatureCollection" => match json.get("features") {
            Some(Json::Array(items)) => items.iter().collect(),
            _ => {
                return Err(data_error(
                    "the top level".into(),
                    "a FeatureCollection needs a \"features\" array".into(),
                ));
            }
        },
        "Feature" => vec![json],
        "Point" | "MultiPoint" | "LineString" | "MultiLineString" | "Polygon" | "MultiPolygon"
        | "GeometryCollection" => {
            vec![json]
        }
        other => {
            return Err(data_error(
                "the top level".into(),
                format!("\"type\" is {other:?}; GeoJSON needs FeatureCollection, Feature or a geometry type"),
            ));
        }
    };
    let crs = match json.pointer("/crs/properties/name").and_then(Json::as_str) {
        Some(name) => Crs::parse(name).map_err(|e| data_error("crs".into(), e))?,
        None => Crs::WGS84,
    };

    let mut fields: Vec<Field> = Vec::new();
    let mut columns: Vec<Vec<Value>> = Vec::new();
    let mut geometries = Vec::with_capacity(raw_features.len());
    let mut ids = Vec::with_capacity(raw_features.len());
    for (idx, raw) in raw_features.iter().enumerate() {
        let position = || format!("feature {}", idx + 1);
        let is_feature = raw.get("type").and_then(Json::as_str) == Some("Feature");
        let geometry_json = if is_feature { raw.get("geometry").unwrap_or(&Json::Null) } else { raw };
        if !is_feature && kind == "FeatureCollection" {
            return Err(data_error(position(), "each member of \"features\" must have \"type\": \"Feature\"".into()));
        }
        let geometry = match geometry_json {
            Json::Null => None,
            g => Some(geometry(g).map_err(|m| data_error(position(), m))?),
        };
        geometries.push(geometry);
        ids.push(raw.get("id").and_then(Json::as_u64));
        let n_rows = idx + 1;
        if let Some(Json::Object(props)) = raw.get("properties") {
            for (key, value) in props {
                let col = match fields.iter().position(|f| &f.name == key) {
                    Some(col) => col,
                    None => {
                        fields.push(Field::new(key.clone(), FieldType::String));
                        columns.push(vec![Value::Null; idx]);
                        fields.len() - 1
                    }
                };
                columns[col].push(Value::from_json(value));
            }
        }
        for column in &mut columns {
            column.resize(n_rows, Value::Null);
        }
    }
    for (field, column) in fields.iter_mut().zip(&mut columns) {
        field.field_type = infer_and_convert(column);
    }
    let unique_ids = {
        let mut seen = std::collections::HashSet::new();
        ids.iter().all(|id| id.is_some_and(|id| id > 0 && seen.insert(id)))
    };
    let mut features = Vec::with_capacity(geometries.len());
    for (idx, geometry) in geometries.into_iter().enumerate() {
        let id = if unique_ids { ids[idx].unwrap_or(idx as u64 + 1) } else { idx as u64 + 1 };
        let attributes = columns.iter_mut().map(|c| std::mem::take(&mut c[idx])).collect();
        features.push(Feature { id, geometry, attributes });
    }
    Ok(ReadData { fields, features, crs, notices: Vec::new() })
}

/// Picks the narrowest type that holds every value of a column and converts the column to it:
/// integers stay integers, integers mixed with floats become floats, ISO dates become dates.
fn infer_and_convert(column: &mut [Value]) -> FieldType {
    let mut kinds = column.iter().filter_map(Value::field_type);
    let Some(first) = kinds.next() else { return FieldType::String };
    let mut kind = first;
    for k in kinds {
        kind = match (kind, k) {
            (a, b) if a == b => a,
            (FieldType::Integer, FieldType::Float) | (FieldType::Float, FieldType::Integer) => FieldType::Float,
            _ => FieldType::String,
        };
    }
    if kind == FieldType::String {
        let strings = || column.iter().filter_map(Value::as_str);
        let all_strings = column.iter().all(|v| v.is_null() || v.as_str().is_some());
        if all_strings && strings().all(|s| s.len() == 10 && parse_date(s).is_some()) {
            kind = FieldType::Date;
        } else if all_strings && strings().all(|s| s.len() >= 16 && parse_datetime(s).is_some()) {
            kind = FieldType::Datetime;
        }
    }
    for value in column.iter_mut() {
        let taken = std::mem::take(value);
        // Every non-null value was seen by the inference above, so coercion cannot fail;
        // the fallback keeps the text rather than lose it.
        *value = match kind.coerce(taken.clone()) {
            Ok(v) => v,
            Err(_) => Value::String(taken.to_string()),
        };
    }
    kind
}

fn coord(json: &Json) -> Result<Coord<f64>, String> {
    let array = json.as_array().ok_or("a position must be an array [x, y]")?;
    let x = array.first().and_then(Json::as_f64);
    let y = array.get(1).and_then(Json::as_f64);
    match (x, y) {
        (Some(x), Some(y)) if x.is_finite() && y.is_finite() => Ok(Coord { x, y }),
        _ => Err(format!("a position must hold two numbers [x, y], found {json}")),
    }
}

fn coords(json: &Json) -> Result<Vec<Coord<f64>>, String> {
    json.as_array().ok_or("expected an array of positions")?.iter().map(coord).collect()
}

fn ring_list(json: &Json) -> Result<Polygon<f64>, String> {
    let rings = json.as_array().ok_or("a polygon must be an array of rings")?;
    let mut rings = rings.iter().map(|r| coords(r).map(LineString::new));
    let exterior = rings.next().transpose()?.unwrap_or_else(|| LineString::new(Vec::new()));
    let interiors = rings.collect::<Result<Vec<_>, _>>()?;
    Ok(Polygon::new(exterior, interiors))
}

fn array_of<'a>(json: &'a Json, what: &str) -> Result<&'a Vec<Json>, String> {
    json.as_array().ok_or_else(|| format!("{what} \"coordinates\" must be an array"))
}

/// A geometry from a GeoJSON geometry object.
pub fn geometry(json: &Json) -> Result<Geometry<f64>, String> {
    let kind = json.get("type").and_then(Json::as_str).ok_or("a geometry needs a \"type\"")?;
    if kind == "GeometryCollection" {
        let members =
            json.get("geometries").and_then(Json::as_array).ok_or("a GeometryCollection needs \"geometries\"")?;
        let members = members.iter().map(geometry).collect::<Result<Vec<_>, _>>()?;
        return Ok(Geometry::GeometryCollection(GeometryCollection::new_from(members)));
    }
    let c = json.get("coordinates").ok_or_else(|| format!("a {kind} needs \"coordinates\""))?;
    Ok(match kind {
        "Point" => Geometry::Point(Point(coord(c)?)),
        "MultiPoint" => Geometry::MultiPoint(MultiPoint::new(coords(c)?.into_iter().map(Point).collect())),
        "LineString" => Geometry::LineString(LineString::new(coords(c)?)),
        "MultiLineString" => Geometry::MultiLineString(MultiLineString::new(
            array_of(c, kind)?.iter().map(|l| coords(l).map(LineString::new)).collect::<Result<_, _>>()?,
        )),
        "Polygon" => Geometry::Polygon(ring_list(c)?),
        "MultiPolygon" => Geometry::MultiPolygon(MultiPolygon::new(
            array_of(c, kind)?.iter().map(ring_list).collect::<Result<_, _>>()?,
        )),
        other => {
            return Err(format!(
                "unknown geometry type {other:?}; use Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection"
            ));
        }
    })
}
