//! GeoJSON (RFC 7946) to and from layers, with attribute types inferred per field.
//!
//! Reading streams: features are built one at a time straight from the parser's events (no
//! intermediate JSON tree), properties go into per-field columns, and each column's type is
//! inferred once at the end. Errors name the file and the line and column.
//!
//! Writing puts one feature per line, properties in field order, numbers printed as the shortest
//! text that reads back to the same double.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

use geo::{Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{Error as _, SerializeMap, SerializeSeq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value as Json};

use super::{invalid_notice, make_line, make_polygon};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

mod scan;

pub use super::ReadData;

/// Reads GeoJSON text: a FeatureCollection, a single Feature, or a bare geometry. `origin` names
/// the source in errors (a path, or `<inline>`).
pub fn read_str(text: &str, origin: &Path) -> Result<ReadData> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut de = serde_json::Deserializer::from_str(text);
    let mut builder = Builder::new(None);
    let top =
        DocSeed { builder: &mut builder }.deserialize(&mut de).and_then(|top| de.end().map(|()| top)).map_err(|e| {
            let mut error = json_error(e, origin);
            if builder.reading_feature
                && let Error::Data { message, .. } = &mut error
            {
                *message = format!("feature {}: {message}", builder.seen + 1);
            }
            error
        })?;
    finish(top, builder, origin, None)
}

/// Reads a GeoJSON file, streaming. With `bbox`, keeps only features whose geometry's extent
/// meets it (GeoJSON has no index, so every feature is still parsed).
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let file = super::open_regular(path)?;
    read(file, path, bbox)
}

/// Reads GeoJSON from any reader, streaming: only one feature's text is in memory at a time.
/// `origin` names the source in errors.
pub fn read(reader: impl Read, origin: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let mut reader = BufReader::with_capacity(1 << 16, reader);
    let head = reader.fill_buf().map_err(|source| Error::Io {
        action: "cannot read",
        path: origin.to_owned(),
        cause: source,
    })?;
    if head.starts_with(b"\xef\xbb\xbf") {
        reader.consume(3);
    }
    let mut builder = Builder::new(bbox);
    let top = scan::read_top_level(&mut reader, origin, &mut builder)?;
    finish(top, builder, origin, bbox)
}

/// Turns what the top level held into the data read.
fn finish(top: TopLevel, builder: Builder, origin: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let data_error = |position: &str, message: String| Error::Data {
        path: origin.to_owned(),
        position: position.to_owned(),
        message,
    };
    let crs = match top.crs.as_ref().and_then(|c| c.pointer("/properties/name")).and_then(Json::as_str) {
        Some(name) => Crs::parse(name).map_err(|e| data_error("crs", e.to_string()))?,
        None => Crs::WGS84,
    };
    match top.kind.as_deref() {
        Some("FeatureCollection") if top.saw_features => Ok(builder.finish(crs)),
        Some("FeatureCollection") => {
            Err(data_error("the top level", "a FeatureCollection needs a \"features\" array".into()))
        }
        _ if top.saw_features => Err(data_error(
            "the top level",
            "only a FeatureCollection has \"features\"; set \"type\": \"FeatureCollection\"".into(),
        )),
        Some(kind) => {
            let mut object = top.others;
            object.insert("type".into(), Json::String(kind.to_owned()));
            if let Some(crs) = top.crs {
                object.insert("crs".into(), crs);
            }
            let mut data = from_json(&Json::Object(object), origin)?;
            if let Some(bbox) = bbox {
                data.features.retain(|f| intersects(f.geometry.as_ref(), &bbox));
            }
            Ok(data)
        }
        None => Err(data_error(
            "the top level",
            "there is no \"type\"; GeoJSON needs FeatureCollection, Feature or a geometry type".into(),
        )),
    }
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
        Some(name) => Crs::parse(name).map_err(|e| data_error("crs".into(), e.to_string()))?,
        None => Crs::WGS84,
    };

    let mut builder = Builder::new(None);
    for (idx, raw) in raw_features.iter().enumerate() {
        let position = || format!("feature {}", idx + 1);
        let is_feature = raw.get("type").and_then(Json::as_str) == Some("Feature");
        let geometry_json = if is_feature { raw.get("geometry").unwrap_or(&Json::Null) } else { raw };
        if !is_feature && kind == "FeatureCollection" {
            return Err(data_error(position(), "each member of \"features\" must have \"type\": \"Feature\"".into()));
        }
        let mut problem = None;
        let geometry = match geometry_json {
            Json::Null => None,
            g => Some(checked_geometry(g, &mut problem).map_err(|m| data_error(position(), m))?),
        };
        let row = builder.n_rows();
        if is_feature && let Some(Json::Object(props)) = raw.get("properties") {
            for (key, value) in props {
                let col = builder.column_index(key);
                builder.set(row, col, Value::from_json(value));
            }
        }
        builder.end_row(raw.get("id").and_then(Json::as_u64), geometry, problem);
    }
    Ok(builder.finish(crs))
}

/// A geometry from a GeoJSON geometry object.
pub fn geometry(json: &Json) -> Result<Geometry<f64>, String> {
    checked_geometry(json, &mut None)
}

/// A geometry as a GeoJSON geometry object. Fails on a coordinate that is not a finite number,
/// which JSON cannot hold.
pub fn geometry_to_json(geometry: &Geometry<f64>) -> Result<Json, String> {
    serde_json::to_value(GeometryOut(geometry)).map_err(|e| e.to_string())
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

/// Turns a parser error into [`Error::Data`] with the line and column (or [`Error::Io`]).
pub(crate) fn json_error(e: serde_json::Error, origin: &Path) -> Error {
    let position = format!("line {}, column {}", e.line(), e.column());
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = text.strip_suffix(&suffix).unwrap_or(&text).to_owned();
    match e.classify() {
        serde_json::error::Category::Io => {
            Error::Io { action: "cannot read", path: origin.to_owned(), cause: std::io::Error::from(e) }
        }
        serde_json::error::Category::Eof => Error::Data {
            path: origin.to_owned(),
            position,
            message: "the text ends too early (is the file truncated?)".to_owned(),
        },
        serde_json::error::Category::Syntax => {
            Error::Data { path: origin.to_owned(), position, message: format!("not valid JSON: {message}") }
        }
        serde_json::error::Category::Data => Error::Data { path: origin.to_owned(), position, message },
    }
}

fn intersects(geometry: Option<&Geometry<f64>>, bbox: &Extent) -> bool {
    geometry.and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
}

/// Gathers features and per-field columns while reading, then infers each field's type.
#[derive(Debug)]
struct Builder {
    names: Vec<String>,
    /// Each name's column: a feature with 100,000 property names must not cost 100,000² compares.
    by_name: std::collections::HashMap<String, usize>,
    columns: Vec<Vec<Value>>,
    /// The column of the last key looked up: keys usually come in the same order in every
    /// feature, so the next one is checked first.
    last_col: usize,
    geometries: Vec<Option<Geometry<f64>>>,
    ids: Vec<Option<u64>>,
    /// Each kept feature's 1-based place in the file: its id when the file's ids will not do,
    /// so a bbox read gives features the ids they have in a full read.
    positions: Vec<u64>,
    bbox: Option<Extent>,
    /// Features read so far, kept or not (for positions in messages).
    seen: usize,
    /// Whether the parser is inside a feature (feature `seen + 1`), to name it in errors.
    reading_feature: bool,
    n_invalid: usize,
    /// Rows of the first invalid geometries, with what is wrong.
    first_invalid: Vec<(usize, &'static str)>,
}

impl Builder {
    fn new(bbox: Option<Extent>) -> Builder {
        Builder {
            names: Vec::new(),
            by_name: std::collections::HashMap::new(),
            columns: Vec::new(),
            last_col: 0,
            geometries: Vec::new(),
            ids: Vec::new(),
            positions: Vec::new(),
            bbox,
            seen: 0,
            reading_feature: false,
            n_invalid: 0,
            first_invalid: Vec::new(),
        }
    }

    fn n_rows(&self) -> usize {
        self.geometries.len()
    }

    fn column_index(&mut self, name: &str) -> usize {
        let n = self.names.len();
        let hint = self.last_col.wrapping_add(1);
        let found = if hint < n && self.names[hint] == name { Some(hint) } else { self.by_name.get(name).copied() };
        let col = found.unwrap_or_else(|| {
            self.by_name.insert(name.to_owned(), n);
            self.names.push(name.to_owned());
            self.columns.push(Vec::new());
            n
        });
        self.last_col = col;
        col
    }

    fn set(&mut self, row: usize, col: usize, value: Value) {
        let column = &mut self.columns[col];
        if column.len() > row {
            column[row] = value;
        } else {
            column.resize(row, Value::Null);
            column.push(value);
        }
    }

    fn end_row(&mut self, id: Option<u64>, geometry: Option<Geometry<f64>>, problem: Option<&'static str>) {
        self.seen += 1;
        self.last_col = usize::MAX;
        let row = self.n_rows();
        if let Some(bbox) = &self.bbox
            && !intersects(geometry.as_ref(), bbox)
        {
            for column in &mut self.columns {
                column.truncate(row);
            }
            return;
        }
        if let Some(problem) = problem {
            self.n_invalid += 1;
            if self.first_invalid.len() < 5 {
                self.first_invalid.push((row, problem));
            }
        }
        self.geometries.push(geometry);
        self.ids.push(id);
        self.positions.push(self.seen as u64);
    }

    fn finish(self, crs: Crs) -> ReadData {
        let n_rows = self.n_rows();
        let mut fields = Vec::with_capacity(self.names.len());
        let mut columns = self.columns;
        for (name, column) in self.names.into_iter().zip(&mut columns) {
            column.resize(n_rows, Value::Null);
            fields.push(Field::new(name, infer_and_convert(column)));
        }
        let unique_ids = {
            let mut seen = std::collections::HashSet::with_capacity(n_rows);
            self.ids.iter().all(|id| id.is_some_and(|id| id > 0 && seen.insert(id)))
        };
        let id_of = |row: usize| match self.ids[row] {
            Some(id) if unique_ids => id,
            _ => self.positions[row],
        };
        let mut notices = Vec::new();
        if self.n_invalid > 0 {
            notices.push(invalid_notice(
                self.n_invalid,
                &self.first_invalid.iter().map(|&(row, problem)| (id_of(row), problem)).collect::<Vec<_>>(),
            ));
        }
        let mut columns: Vec<std::vec::IntoIter<Value>> = columns.into_iter().map(Vec::into_iter).collect();
        let features = self
            .geometries
            .into_iter()
            .enumerate()
            .map(|(row, geometry)| Feature {
                id: id_of(row),
                geometry,
                attributes: columns.iter_mut().map(|c| c.next().unwrap_or_default()).collect(),
            })
            .collect();
        ReadData { fields, features, crs, notices }
    }
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
    let needs_conversion = column.iter().any(|v| v.field_type().is_some_and(|t| t != kind));
    if needs_conversion {
        for value in column.iter_mut() {
            let taken = std::mem::take(value);
            // Every non-null value was seen by the inference above, so coercion cannot fail;
            // the fallback keeps the text rather than lose it.
            *value = match kind.coerce(taken.clone()) {
                Ok(v) => v,
                Err(_) => Value::String(taken.to_string()),
            };
        }
    }
    kind
}

// ---------------------------------------------------------------------------------------------
// Geometry from parsed JSON (inline GeoJSON, and geometries whose coordinates came before their type)

fn checked_geometry(json: &Json, problem: &mut Option<&'static str>) -> Result<Geometry<f64>, String> {
    let kind = json.get("type").and_then(Json::as_str).ok_or("a geometry needs a \"type\"")?;
    if kind == "GeometryCollection" {
        let members =
            json.get("geometries").and_then(Json::as_array).ok_or("a GeometryCollection needs \"geometries\"")?;
        let members = members.iter().map(|m| checked_geometry(m, problem)).collect::<Result<Vec<_>, _>>()?;
        return Ok(Geometry::GeometryCollection(GeometryCollection::new_from(members)));
    }
    let c = json.get("coordinates").ok_or_else(|| format!("a {kind} needs \"coordinates\""))?;
    let kind = GeomKind::from_name(kind).ok_or_else(|| unknown_geometry_type(kind))?;
    let coords = RawCoords::from_json(c, kind.depth())?;
    Ok(coords.into_geometry(kind, problem))
}

fn unknown_geometry_type(kind: &str) -> String {
    format!(
        "unknown geometry type {kind:?}; use Point, MultiPoint, LineString, MultiLineString, Polygon, MultiPolygon or GeometryCollection"
    )
}

/// The geometry types of GeoJSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GeomKind {
    Point,
    MultiPoint,
    LineString,
    MultiLineString,
    Polygon,
    MultiPolygon,
    GeometryCollection,
}

impl GeomKind {
    fn from_name(name: &str) -> Option<GeomKind> {
        Some(match name {
            "Point" => GeomKind::Point,
            "MultiPoint" => GeomKind::MultiPoint,
            "LineString" => GeomKind::LineString,
            "MultiLineString" => GeomKind::MultiLineString,
            "Polygon" => GeomKind::Polygon,
            "MultiPolygon" => GeomKind::MultiPolygon,
            "GeometryCollection" => GeomKind::GeometryCollection,
            _ => return None,
        })
    }

    fn name(self) -> &'static str {
        match self {
            GeomKind::Point => "Point",
            GeomKind::MultiPoint => "MultiPoint",
            GeomKind::LineString => "LineString",
            GeomKind::MultiLineString => "MultiLineString",
            GeomKind::Polygon => "Polygon",
            GeomKind::MultiPolygon => "MultiPolygon",
            GeomKind::GeometryCollection => "GeometryCollection",
        }
    }

    /// How deeply the coordinates nest: 0 for a position, 1 for a list of positions…
    fn depth(self) -> usize {
        match self {
            GeomKind::Point | GeomKind::GeometryCollection => 0,
            GeomKind::MultiPoint | GeomKind::LineString => 1,
            GeomKind::MultiLineString | GeomKind::Polygon => 2,
            GeomKind::MultiPolygon => 3,
        }
    }
}

/// Coordinates as read, nested as deep as their geometry type says.
enum RawCoords {
    Position(Coord<f64>),
    Line(Vec<Coord<f64>>),
    Lines(Vec<Vec<Coord<f64>>>),
    Polygons(Vec<Vec<Vec<Coord<f64>>>>),
}

impl RawCoords {
    fn from_json(json: &Json, depth: usize) -> Result<RawCoords, String> {
        fn position(json: &Json) -> Result<Coord<f64>, String> {
            let array = json.as_array().ok_or("a position must be an array [x, y]")?;
            let x = array.first().and_then(Json::as_f64);
            let y = array.get(1).and_then(Json::as_f64);
            match (x, y) {
                (Some(x), Some(y)) if x.is_finite() && y.is_finite() => Ok(Coord { x, y }),
                _ => Err(format!("a position must hold two numbers [x, y], found {json}")),
            }
        }
        fn list<T>(json: &Json, item: impl Fn(&Json) -> Result<T, String>) -> Result<Vec<T>, String> {
            json.as_array().ok_or_else(|| format!("expected an array, found {json}"))?.iter().map(item).collect()
        }
        Ok(match depth {
            0 => RawCoords::Position(position(json)?),
            1 => RawCoords::Line(list(json, position)?),
            2 => RawCoords::Lines(list(json, |l| list(l, position))?),
            _ => RawCoords::Polygons(list(json, |p| list(p, |l| list(l, position)))?),
        })
    }

    /// The geometry, noting in `problem` what makes it invalid (it is kept as read).
    fn into_geometry(self, kind: GeomKind, problem: &mut Option<&'static str>) -> Geometry<f64> {
        let mut note = |p: &'static str| {
            problem.get_or_insert(p);
        };
        match (kind, self) {
            (_, RawCoords::Position(c)) => Geometry::Point(Point(c)),
            (GeomKind::MultiPoint, RawCoords::Line(points)) => {
                Geometry::MultiPoint(MultiPoint::new(points.into_iter().map(Point).collect()))
            }
            (_, RawCoords::Line(line)) => Geometry::LineString(make_line(line, &mut note)),
            (GeomKind::MultiLineString, RawCoords::Lines(lines)) => Geometry::MultiLineString(MultiLineString::new(
                lines.into_iter().map(|l| make_line(l, &mut note)).collect(),
            )),
            (_, RawCoords::Lines(rings)) => Geometry::Polygon(make_polygon(rings, &mut note)),
            (_, RawCoords::Polygons(polygons)) => Geometry::MultiPolygon(MultiPolygon::new(
                polygons.into_iter().map(|rings| make_polygon(rings, &mut note)).collect(),
            )),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Streaming reader: serde visitors that build features straight from the parser

/// What the top level held besides the features (streamed into the builder).
#[derive(Default)]
struct TopLevel {
    kind: Option<String>,
    crs: Option<Json>,
    saw_features: bool,
    /// Other members, kept only while the type might not be a FeatureCollection.
    others: Map<String, Json>,
}

struct DocSeed<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for DocSeed<'_> {
    type Value = TopLevel;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<TopLevel, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DocSeed<'_> {
    type Value = TopLevel;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a GeoJSON object (FeatureCollection, Feature or geometry)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<TopLevel, A::Error> {
        let mut top = TopLevel { kind: None, crs: None, saw_features: false, others: Map::new() };
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "type" => top.kind = Some(map.next_value::<String>()?),
                "features" => {
                    map.next_value_seed(FeaturesSeed { builder: &mut *self.builder })?;
                    top.saw_features = true;
                }
                "crs" => top.crs = Some(map.next_value::<Json>()?),
                _ if top.kind.as_deref() == Some("FeatureCollection") => {
                    map.next_value::<IgnoredAny>()?;
                }
                _ => {
                    let value = map.next_value::<Json>()?;
                    top.others.insert(key, value);
                }
            }
        }
        Ok(top)
    }
}

struct FeaturesSeed<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for FeaturesSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for FeaturesSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"features\" to be an array of Feature objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        while seq.next_element_seed(FeatureSeed { builder: &mut *self.builder })?.is_some() {}
        Ok(())
    }
}

struct FeatureSeed<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for FeatureSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

/// The members of a Feature that matter.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum FeatureKey {
    Type,
    Id,
    Geometry,
    Properties,
    #[serde(other)]
    Other,
}

impl<'de> Visitor<'de> for FeatureSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "feature {} to be a Feature object", self.builder.seen + 1)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        let row = self.builder.n_rows();
        let mut geometry = None;
        let mut id = None;
        let mut typed = false;
        let mut problem = None;
        self.builder.reading_feature = true;
        while let Some(key) = map.next_key::<FeatureKey>()? {
            match key {
                FeatureKey::Type => {
                    match map.next_value::<TypeName>()? {
                        TypeName::Feature => {}
                        other => {
                            return Err(de::Error::custom(format!(
                                "\"type\" is {:?}; each member of \"features\" must have \"type\": \"Feature\"",
                                other.name()
                            )));
                        }
                    }
                    typed = true;
                }
                FeatureKey::Id => id = map.next_value::<FeatureIdIn>()?.0,
                FeatureKey::Geometry => {
                    geometry = map.next_value_seed(GeometrySeed { problem: &mut problem })?;
                }
                FeatureKey::Properties => {
                    map.next_value_seed(PropertiesSeed { builder: &mut *self.builder, row })?;
                }
                FeatureKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        if !typed {
            return Err(de::Error::custom("each member of \"features\" must have \"type\": \"Feature\""));
        }
        self.builder.reading_feature = false;
        self.builder.end_row(id, geometry, problem);
        Ok(())
    }
}

/// A `"type"` value: the names GeoJSON uses are recognised without allocating.
enum TypeName {
    Feature,
    Geometry(GeomKind),
    Other(String),
}

impl TypeName {
    fn name(&self) -> &str {
        match self {
            TypeName::Feature => "Feature",
            TypeName::Geometry(kind) => kind.name(),
            TypeName::Other(name) => name,
        }
    }
}

impl<'de> Deserialize<'de> for TypeName {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<TypeName, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = TypeName;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a type name")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> std::result::Result<TypeName, E> {
                Ok(match s {
                    "Feature" => TypeName::Feature,
                    other => {
                        GeomKind::from_name(other).map_or_else(|| TypeName::Other(other.to_owned()), TypeName::Geometry)
                    }
                })
            }
        }
        d.deserialize_str(V)
    }
}

/// A Feature's `id`: kept when it is a non-negative integer, otherwise ignored.
struct FeatureIdIn(Option<u64>);

impl<'de> Deserialize<'de> for FeatureIdIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<FeatureIdIn, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = FeatureIdIn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a feature id")
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<FeatureIdIn, E> {
                Ok(FeatureIdIn(Some(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> std::result::Result<FeatureIdIn, E> {
                Ok(FeatureIdIn(u64::try_from(v).ok()))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> std::result::Result<FeatureIdIn, E> {
                Ok(FeatureIdIn(None))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> std::result::Result<FeatureIdIn, E> {
                Ok(FeatureIdIn(None))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> std::result::Result<FeatureIdIn, E> {
                Ok(FeatureIdIn(None))
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<FeatureIdIn, E> {
                Ok(FeatureIdIn(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<FeatureIdIn, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(FeatureIdIn(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<FeatureIdIn, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(FeatureIdIn(None))
            }
        }
        d.deserialize_any(V)
    }
}

struct PropertiesSeed<'b> {
    builder: &'b mut Builder,
    row: usize,
}

impl<'de> DeserializeSeed<'de> for PropertiesSeed<'_> {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for PropertiesSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"properties\" to be an object or null")
    }

    fn visit_none<E: de::Error>(self) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_map(self)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        while let Some(col) = map.next_key_seed(ColumnKey { builder: &mut *self.builder })? {
            let value = map.next_value::<ValueIn>()?;
            self.builder.set(self.row, col, value.0);
        }
        Ok(())
    }
}

/// A property name, looked up among the columns without allocating when it is known.
struct ColumnKey<'b> {
    builder: &'b mut Builder,
}

impl<'de> DeserializeSeed<'de> for ColumnKey<'_> {
    type Value = usize;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<usize, D::Error> {
        d.deserialize_str(self)
    }
}

impl Visitor<'_> for ColumnKey<'_> {
    type Value = usize;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a property name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> std::result::Result<usize, E> {
        Ok(self.builder.column_index(name))
    }
}

/// A property value: integers stay integers; arrays and objects become their JSON text.
struct ValueIn(Value);

impl<'de> Deserialize<'de> for ValueIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<ValueIn, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = ValueIn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a property value")
            }
            fn visit_unit<E: de::Error>(self) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::Null))
            }
            fn visit_none<E: de::Error>(self) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::Null))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::Bool(v)))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::Int(v)))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(i64::try_from(v).map(Value::Int).unwrap_or(Value::Float(v as f64))))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::Float(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::String(v.to_owned())))
            }
            fn visit_string<E: de::Error>(self, v: String) -> std::result::Result<ValueIn, E> {
                Ok(ValueIn(Value::String(v)))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> std::result::Result<ValueIn, A::Error> {
                let json = Json::deserialize(de::value::SeqAccessDeserializer::new(seq))?;
                Ok(ValueIn(Value::String(json.to_string())))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> std::result::Result<ValueIn, A::Error> {
                let json = Json::deserialize(de::value::MapAccessDeserializer::new(map))?;
                Ok(ValueIn(Value::String(json.to_string())))
            }
        }
        d.deserialize_any(V)
    }
}

/// A geometry member: `null` or a geometry object.
struct GeometrySeed<'p> {
    problem: &'p mut Option<&'static str>,
}

impl<'de> DeserializeSeed<'de> for GeometrySeed<'_> {
    type Value = Option<Geometry<f64>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_option(self)
    }
}

/// The members of a geometry object that matter.
#[derive(Deserialize)]
#[serde(field_identifier, rename_all = "lowercase")]
enum GeometryKey {
    Type,
    Coordinates,
    Geometries,
    #[serde(other)]
    Other,
}

impl<'de> Visitor<'de> for GeometrySeed<'_> {
    type Value = Option<Geometry<f64>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a geometry object or null")
    }

    fn visit_none<E: de::Error>(self) -> std::result::Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_map(self)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<Self::Value, A::Error> {
        let mut kind: Option<GeomKind> = None;
        let mut coords: Option<RawCoords> = None;
        let mut early_coords: Option<Json> = None;
        let mut members: Option<Vec<Geometry<f64>>> = None;
        while let Some(key) = map.next_key::<GeometryKey>()? {
            match key {
                GeometryKey::Type => {
                    kind = Some(match map.next_value::<TypeName>()? {
                        TypeName::Geometry(kind) => kind,
                        other => return Err(de::Error::custom(unknown_geometry_type(other.name()))),
                    });
                }
                GeometryKey::Coordinates => match kind {
                    Some(GeomKind::GeometryCollection) => {
                        map.next_value::<IgnoredAny>()?;
                    }
                    Some(k) => coords = Some(map.next_value_seed(CoordsSeed { depth: k.depth() })?),
                    // The type is not known yet, so neither is the nesting: keep the JSON.
                    None => early_coords = Some(map.next_value::<Json>()?),
                },
                GeometryKey::Geometries => {
                    let list = map.next_value::<Vec<MemberGeometry>>()?;
                    let mut out = Vec::with_capacity(list.len());
                    for member in list {
                        if let Some(p) = member.problem {
                            self.problem.get_or_insert(p);
                        }
                        out.push(member.geometry);
                    }
                    members = Some(out);
                }
                GeometryKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let kind = kind.ok_or_else(|| de::Error::custom("a geometry needs a \"type\""))?;
        if kind == GeomKind::GeometryCollection {
            let members = members.ok_or_else(|| de::Error::custom("a GeometryCollection needs \"geometries\""))?;
            return Ok(Some(Geometry::GeometryCollection(GeometryCollection::new_from(members))));
        }
        let coords = match (coords, early_coords) {
            (Some(c), _) => c,
            (None, Some(json)) => RawCoords::from_json(&json, kind.depth()).map_err(de::Error::custom)?,
            (None, None) => return Err(de::Error::custom(format!("a {kind:?} needs \"coordinates\""))),
        };
        Ok(Some(coords.into_geometry(kind, self.problem)))
    }
}

/// A geometry member (a GeoJSON geometry object or null) read straight into a geometry, for
/// other JSON formats that embed GeoJSON geometries.
pub(crate) struct GeometryIn(pub(crate) Option<Geometry<f64>>);

impl<'de> Deserialize<'de> for GeometryIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<GeometryIn, D::Error> {
        GeometrySeed { problem: &mut None }.deserialize(d).map(GeometryIn)
    }
}

/// A member of a GeometryCollection (never null).
struct MemberGeometry {
    geometry: Geometry<f64>,
    problem: Option<&'static str>,
}

impl<'de> Deserialize<'de> for MemberGeometry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<MemberGeometry, D::Error> {
        let mut problem = None;
        let geometry = d.deserialize_map(GeometrySeed { problem: &mut problem })?;
        let geometry = geometry.ok_or_else(|| de::Error::custom("a GeometryCollection member cannot be null"))?;
        Ok(MemberGeometry { geometry, problem })
    }
}

/// Coordinates nested `depth` deep (0 = one position).
struct CoordsSeed {
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for CoordsSeed {
    type Value = RawCoords;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<RawCoords, D::Error> {
        Ok(match self.depth {
            0 => RawCoords::Position(Position::deserialize(d)?.0),
            1 => RawCoords::Line(PositionList::deserialize(d)?.0),
            2 => RawCoords::Lines(Vec::<PositionList>::deserialize(d)?.into_iter().map(|l| l.0).collect()),
            _ => RawCoords::Polygons(
                Vec::<Vec<PositionList>>::deserialize(d)?
                    .into_iter()
                    .map(|p| p.into_iter().map(|l| l.0).collect())
                    .collect(),
            ),
        })
    }
}

/// One position `[x, y]` (a third or later number, such as z, is skipped).
struct Position(Coord<f64>);

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Position, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Position;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a position [x, y]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Position, A::Error> {
                let short = || de::Error::custom("a position must hold two numbers [x, y]");
                let x = seq.next_element::<Number>()?.ok_or_else(short)?.0;
                let y = seq.next_element::<Number>()?.ok_or_else(short)?.0;
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(Position(Coord { x, y }))
            }
        }
        d.deserialize_seq(V)
    }
}

/// A list of positions, read straight into coordinates.
struct PositionList(Vec<Coord<f64>>);

impl<'de> Deserialize<'de> for PositionList {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<PositionList, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = PositionList;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of positions [[x, y], …]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<PositionList, A::Error> {
                let mut coords = Vec::with_capacity(seq.size_hint().unwrap_or(8));
                while let Some(p) = seq.next_element::<Position>()? {
                    coords.push(p.0);
                }
                Ok(PositionList(coords))
            }
        }
        d.deserialize_seq(V)
    }
}

/// A number in a position.
struct Number(f64);

impl<'de> Deserialize<'de> for Number {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Number, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Number;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number (a position is [x, y])")
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> std::result::Result<Number, E> {
                Ok(Number(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> std::result::Result<Number, E> {
                Ok(Number(v as f64))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> std::result::Result<Number, E> {
                Ok(Number(v as f64))
            }
        }
        d.deserialize_f64(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `text` both ways (from a string and streaming from a reader) and checks they agree.
    fn check(text: &str) -> ReadData {
        let from_str = read_str(text, Path::new("test.geojson"));
        let streamed = read(text.as_bytes(), Path::new("test.geojson"), None);
        match (from_str, streamed) {
            (Ok(a), Ok(b)) => {
                assert_eq!((&a.fields, &a.features, &a.notices), (&b.fields, &b.features, &b.notices));
                a
            }
            (a, b) => panic!("the two readers disagree or fail: {a:?} / {b:?}"),
        }
    }

    /// The error both readers give for `text`, checked to be the same.
    fn check_error(text: &str) -> (String, String) {
        let a = read_str(text, Path::new("t.geojson")).expect_err("invalid");
        let b = read(text.as_bytes(), Path::new("t.geojson"), None).expect_err("invalid");
        let (Error::Data { position, message, .. }, Error::Data { position: p2, message: m2, .. }) = (&a, &b) else {
            panic!("{a} / {b}")
        };
        assert_eq!((position, message), (p2, m2));
        (position.clone(), message.clone())
    }

    #[test]
    fn both_readers_agree_on_odd_but_valid_documents() {
        check(r#"{"features":[],"type":"FeatureCollection"}"#);
        check(
            "\n  {\"type\" : \"FeatureCollection\" ,\"name\":\"a}]\\\"\",\"features\" : [ {\"type\":\"Feature\",\"properties\":{\"s\":\"}{\\\"][\"},\"geometry\":null} ] }  \n",
        );
        let single =
            check(r#"{"type":"Feature","properties":{"a":1},"geometry":{"type":"Point","coordinates":[1,2]}}"#);
        assert_eq!(single.features.len(), 1);
        let bare = check(r#"{"type":"Point","coordinates":[1,2]}"#);
        assert_eq!(bare.features.len(), 1);
    }

    #[test]
    fn errors_inside_a_feature_point_into_the_file() {
        let (position, message) = check_error(
            "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":null},\n  {\"type\":\"Feature\",\"properties\":{\"a\":tru},\"geometry\":null}]}",
        );
        assert_eq!(position, "line 3, column 42");
        assert!(message.starts_with("feature 2: not valid JSON"), "{message}");
    }

    #[test]
    fn a_truncated_file_is_refused_as_truncated() {
        let (_, message) = check_error("{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"prop");
        assert!(message.contains("truncated"), "{message}");
    }

    #[test]
    fn coordinates_before_the_type_still_read() {
        let data = check(
            r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"coordinates":[[0,0],[1,1]],"type":"LineString"}}]}"#,
        );
        assert!(matches!(data.features[0].geometry, Some(Geometry::LineString(ref l)) if l.0.len() == 2));
    }

    #[test]
    fn streaming_and_parsed_json_read_the_same() {
        let text = r#"{"type":"FeatureCollection","features":[
            {"type":"Feature","id":7,"properties":{"a":1,"b":"2024-05-01","c":null},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","id":9,"properties":{"a":2.5,"c":null,"d":[1,2]},"geometry":null}]}"#;
        let streamed = check(text);
        let json: Json = serde_json::from_str(text).expect("json");
        let parsed = from_json(&json, Path::new("test.geojson")).expect("parsed");
        assert_eq!(streamed.fields, parsed.fields);
        assert_eq!(streamed.features, parsed.features);
        assert_eq!(streamed.fields[0].field_type, FieldType::Float);
        assert_eq!(streamed.fields[1].field_type, FieldType::Date);
        assert_eq!(streamed.features[1].attributes[3], Value::from("[1,2]"));
    }

    #[test]
    fn an_unclosed_ring_is_loaded_and_reported() {
        let data = check(
            r#"{"type":"FeatureCollection","features":[{"type":"Feature","id":4,"properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}}]}"#,
        );
        assert_eq!(data.features.len(), 1);
        assert!(data.notices[0].starts_with("1 feature with invalid geometry") && data.notices[0].contains("ids 4"));
    }

    #[test]
    fn a_bad_position_is_refused_with_its_line_and_column() {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,\"x\"]}}]}";
        let (position, message) = check_error(text);
        assert!(position.starts_with("line 2, column"), "{position}");
        assert!(message.contains("feature 1") && message.contains("a number"), "{message}");
    }

    #[test]
    fn geometries_write_as_geojson_and_read_back() {
        let g = geometry(&serde_json::json!({"type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,0]],[[0.5,0.5],[1,0.5],[1,1],[0.5,0.5]]]]}))
            .expect("valid");
        let json = geometry_to_json(&g).expect("finite");
        assert_eq!(geometry(&json).expect("reads back"), g);
    }
}
