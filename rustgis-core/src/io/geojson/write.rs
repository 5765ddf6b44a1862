//! Writing GeoJSON: one feature per line, properties in field order, numbers as the shortest
//! text that reads back to the same double.

use std::io::Write;
use std::path::Path;

use geo::{Coord, Geometry, LineString, Polygon};
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};
use serde_json::Value as Json;

use crate::error::{Error, Result};
use crate::layer::{Crs, Feature, Field, Layer};
use crate::value::Value;

/// A geometry as a GeoJSON geometry object. Fails on a coordinate that is not a finite number,
/// which JSON cannot hold.
pub fn geometry_to_json(geometry: &Geometry<f64>) -> Result<Json, super::GeometryError> {
    serde_json::to_value(GeometryOut(geometry)).map_err(|e| super::GeometryError(e.to_string()))
}

/// Writes a layer as a GeoJSON FeatureCollection, one feature per line. `origin` names the
/// target in errors. A CRS other than EPSG:4326 is written as the (pre-RFC 7946) `crs` member,
/// which GDAL and QGIS read.
pub fn write(layer: &Layer, out: &mut impl Write, origin: &Path) -> Result<()> {
    let io = |source| Error::Io { action: "cannot write", path: origin.to_owned(), cause: source };
    out.write_all(b"{\"type\":\"FeatureCollection\",\"name\":").map_err(io)?;
    serde_json::to_writer(&mut *out, &layer.name).map_err(|e| io(e.into()))?;
    if layer.crs != Crs::WGS84 {
        write!(
            out,
            ",\"crs\":{{\"type\":\"name\",\"properties\":{{\"name\":\"urn:ogc:def:crs:{}::{}\"}}}}",
            layer.crs.to_string().split(':').next().unwrap_or("EPSG"),
            layer.crs.code()
        )
        .map_err(io)?;
    }
    out.write_all(b",\"features\":[").map_err(io)?;
    for (idx, feature) in layer.features.iter().enumerate() {
        out.write_all(if idx == 0 { b"\n" } else { b",\n" }).map_err(io)?;
        serde_json::to_writer(&mut *out, &FeatureOut { feature, fields: &layer.fields }).map_err(|e| {
            if e.is_io() {
                io(e.into())
            } else {
                Error::Failed(format!("cannot write feature {} of layer '{}': {e}", feature.id, layer.name))
            }
        })?;
    }
    out.write_all(b"\n]}\n").map_err(io)?;
    Ok(())
}

/// A feature as a GeoJSON Feature: `type`, `id`, `properties` (every field, in field order,
/// nulls included so the schema survives), `geometry`.
pub(crate) struct FeatureOut<'a> {
    pub(crate) feature: &'a Feature,
    pub(crate) fields: &'a [Field],
}

impl Serialize for FeatureOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(4))?;
        map.serialize_entry("type", "Feature")?;
        map.serialize_entry("id", &self.feature.id)?;
        map.serialize_entry("properties", &PropertiesOut(self.fields, &self.feature.attributes))?;
        map.serialize_entry("geometry", &self.feature.geometry.as_ref().map(GeometryOut))?;
        map.end()
    }
}

struct PropertiesOut<'a>(&'a [Field], &'a [Value]);

impl Serialize for PropertiesOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (idx, field) in self.0.iter().enumerate() {
            map.serialize_entry(&field.name, &ValueOut(self.1.get(idx).unwrap_or(&Value::Null)))?;
        }
        map.end()
    }
}

/// A value as JSON: dates as ISO 8601 text, a float that is not finite as null.
pub(crate) struct ValueOut<'a>(pub(crate) &'a Value);

impl Serialize for ValueOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self.0 {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => s.serialize_i64(*i),
            Value::Float(f) if f.is_finite() => s.serialize_f64(*f),
            Value::Float(_) => s.serialize_unit(),
            Value::String(text) => s.serialize_str(text),
            date @ (Value::Date(_) | Value::DateTime(_)) => s.collect_str(date),
        }
    }
}

/// A geometry as a GeoJSON geometry object. Lines, rectangles and triangles are written as the
/// GeoJSON types that hold them (LineString, Polygon).
pub(crate) struct GeometryOut<'a>(pub(crate) &'a Geometry<f64>);

impl Serialize for GeometryOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(2))?;
        match self.0 {
            Geometry::Point(p) => {
                map.serialize_entry("type", "Point")?;
                map.serialize_entry("coordinates", &CoordOut(p.0))?;
            }
            Geometry::MultiPoint(mp) => {
                map.serialize_entry("type", "MultiPoint")?;
                map.serialize_entry("coordinates", &Coords(mp.0.iter().map(|p| p.0)))?;
            }
            Geometry::Line(line) => {
                map.serialize_entry("type", "LineString")?;
                map.serialize_entry("coordinates", &Coords([line.start, line.end].into_iter()))?;
            }
            Geometry::LineString(ls) => {
                map.serialize_entry("type", "LineString")?;
                map.serialize_entry("coordinates", &LineOut(ls))?;
            }
            Geometry::MultiLineString(mls) => {
                map.serialize_entry("type", "MultiLineString")?;
                map.serialize_entry("coordinates", &Seq(mls.0.iter().map(LineOut)))?;
            }
            Geometry::Polygon(polygon) => {
                map.serialize_entry("type", "Polygon")?;
                map.serialize_entry("coordinates", &RingsOut(polygon))?;
            }
            Geometry::MultiPolygon(mp) => {
                map.serialize_entry("type", "MultiPolygon")?;
                map.serialize_entry("coordinates", &Seq(mp.0.iter().map(RingsOut)))?;
            }
            Geometry::Rect(rect) => {
                map.serialize_entry("type", "Polygon")?;
                map.serialize_entry("coordinates", &RingsOut(&rect.to_polygon()))?;
            }
            Geometry::Triangle(triangle) => {
                map.serialize_entry("type", "Polygon")?;
                map.serialize_entry("coordinates", &RingsOut(&triangle.to_polygon()))?;
            }
            Geometry::GeometryCollection(gc) => {
                map.serialize_entry("type", "GeometryCollection")?;
                map.serialize_entry("geometries", &Seq(gc.0.iter().map(GeometryOut)))?;
            }
        }
        map.end()
    }
}

struct CoordOut(Coord<f64>);

impl Serialize for CoordOut {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        if !(self.0.x.is_finite() && self.0.y.is_finite()) {
            return Err(S::Error::custom(format!(
                "a coordinate ({}, {}) is not a finite number, which GeoJSON cannot hold",
                self.0.x, self.0.y
            )));
        }
        let mut seq = s.serialize_seq(Some(2))?;
        seq.serialize_element(&self.0.x)?;
        seq.serialize_element(&self.0.y)?;
        seq.end()
    }
}

struct LineOut<'a>(&'a LineString<f64>);

impl Serialize for LineOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        Coords(self.0.0.iter().copied()).serialize(s)
    }
}

struct RingsOut<'a>(&'a Polygon<f64>);

impl Serialize for RingsOut<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        if self.0.exterior().0.is_empty() && self.0.interiors().is_empty() {
            return s.serialize_seq(Some(0))?.end();
        }
        Seq(std::iter::once(self.0.exterior()).chain(self.0.interiors()).map(LineOut)).serialize(s)
    }
}

/// A sequence of coordinates, serialized as it is iterated.
struct Coords<I>(I);

impl<I: Iterator<Item = Coord<f64>> + Clone> Serialize for Coords<I> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        Seq(self.0.clone().map(CoordOut)).serialize(s)
    }
}

/// Any sequence of serializable items, serialized as it is iterated.
struct Seq<I>(I);

impl<I: Iterator<Item = T> + Clone, T: Serialize> Serialize for Seq<I> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(None)?;
        for item in self.0.clone() {
            seq.serialize_element(&item)?;
        }
        seq.end()
    }
}
