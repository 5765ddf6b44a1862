//! Reading GeoJSON: the streaming reader (a scanner cuts features out, serde visitors build
//! geometries and values straight from them) and the reader of an already parsed document.

use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

use geo::{Coord, Geometry, GeometryCollection, MultiLineString, MultiPoint, MultiPolygon, Point};
use serde::de::{self, DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value as Json};

use super::columns::Builder;
use crate::error::{Error, Result};
use crate::io::ReadData;
use crate::io::{make_line, make_polygon};
use crate::layer::{Crs, Extent};
use crate::value::Value;

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
    let file = crate::io::open_regular(path)?;
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
    let top = super::scan::read_top_level(&mut reader, origin, &mut builder)?;
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
        let mut no_coordinates = None;
        let geometry = match geometry_json {
            Json::Null => None,
            g if let Some(kind) = without_coordinates(g) => {
                no_coordinates = Some(kind);
                None
            }
            g => Some(checked_geometry(g, &mut problem, 0).map_err(|m| data_error(position(), m))?),
        };
        let row = builder.n_rows();
        if is_feature && let Some(Json::Object(props)) = raw.get("properties") {
            for (key, value) in props {
                let col = builder.column_index(key);
                builder.set(row, col, Value::from_json(value));
            }
        }
        builder.end_row(raw.get("id").and_then(Json::as_u64), geometry, problem, no_coordinates);
    }
    Ok(builder.finish(crs))
}

/// A geometry from a GeoJSON geometry object.
pub fn geometry(json: &Json) -> Result<Geometry<f64>, super::GeometryError> {
    checked_geometry(json, &mut None, 0).map_err(super::GeometryError)
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

pub(super) fn intersects(geometry: Option<&Geometry<f64>>, bbox: &Extent) -> bool {
    geometry.and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
}

/// The type of a geometry object (not a collection) whose `"coordinates"` are null or missing,
/// which GDAL reads as no geometry.
fn without_coordinates(json: &Json) -> Option<&'static str> {
    let kind = GeomKind::from_name(json.get("type").and_then(Json::as_str)?)?;
    let bare = kind != GeomKind::GeometryCollection && json.get("coordinates").is_none_or(Json::is_null);
    bare.then(|| kind.name())
}

/// A geometry inside `levels` collections.
fn checked_geometry(json: &Json, problem: &mut Option<&'static str>, levels: usize) -> Result<Geometry<f64>, String> {
    let kind = json.get("type").and_then(Json::as_str).ok_or("a geometry needs a \"type\"")?;
    if kind == "GeometryCollection" {
        if levels == crate::io::MAX_NESTING {
            return Err(crate::io::too_deep());
        }
        let members =
            json.get("geometries").and_then(Json::as_array).ok_or("a GeometryCollection needs \"geometries\"")?;
        let members =
            members.iter().map(|m| checked_geometry(m, problem, levels + 1)).collect::<Result<Vec<_>, _>>()?;
        return Ok(Geometry::GeometryCollection(GeometryCollection::new_from(members)));
    }
    let c = json.get("coordinates").ok_or_else(|| format!("a {kind} needs \"coordinates\""))?;
    let kind = GeomKind::from_name(kind).ok_or_else(|| unknown_geometry_type(kind))?;
    if kind.is_multi() && levels == crate::io::MAX_NESTING {
        return Err(crate::io::too_deep());
    }
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

    /// Whether the geometry is a multi-part one or a collection (one level of nesting).
    fn is_multi(self) -> bool {
        matches!(
            self,
            GeomKind::MultiPoint | GeomKind::MultiLineString | GeomKind::MultiPolygon | GeomKind::GeometryCollection
        )
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
pub(crate) struct TopLevel {
    pub(super) kind: Option<String>,
    pub(super) crs: Option<Json>,
    pub(super) saw_features: bool,
    /// Other members, kept only while the type might not be a FeatureCollection.
    pub(super) others: Map<String, Json>,
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

pub(crate) struct FeatureSeed<'b> {
    pub(super) builder: &'b mut Builder,
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
        let mut no_coordinates = None;
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
                    let seed = GeometrySeed { problem: &mut problem, levels: 0, no_coordinates: &mut no_coordinates };
                    geometry = map.next_value_seed(seed)?;
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
        self.builder.end_row(id, geometry, problem, no_coordinates);
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

/// A geometry member: `null` or a geometry object, inside `levels` collections. One whose
/// `"coordinates"` are null or missing is read as null (as GDAL reads it), its type noted in
/// `no_coordinates`.
struct GeometrySeed<'p> {
    problem: &'p mut Option<&'static str>,
    levels: usize,
    no_coordinates: &'p mut Option<&'static str>,
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
                    Some(k) => coords = map.next_value_seed(NullableCoordsSeed { depth: k.depth() })?,
                    // The type is not known yet, so neither is the nesting: keep the JSON.
                    None => early_coords = Some(map.next_value::<Json>()?),
                },
                GeometryKey::Geometries => {
                    // Only a collection has members: its level is counted before they are read,
                    // whichever order "type" and "geometries" come in.
                    if self.levels == crate::io::MAX_NESTING {
                        return Err(de::Error::custom(crate::io::too_deep()));
                    }
                    let seed = MembersSeed { problem: &mut *self.problem, levels: self.levels + 1 };
                    members = Some(map.next_value_seed(seed)?);
                }
                GeometryKey::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let kind = kind.ok_or_else(|| de::Error::custom("a geometry needs a \"type\""))?;
        if kind.is_multi() && self.levels == crate::io::MAX_NESTING {
            return Err(de::Error::custom(crate::io::too_deep()));
        }
        if kind == GeomKind::GeometryCollection {
            let members = members.ok_or_else(|| de::Error::custom("a GeometryCollection needs \"geometries\""))?;
            return Ok(Some(Geometry::GeometryCollection(GeometryCollection::new_from(members))));
        }
        let coords = match (coords, early_coords) {
            (Some(c), _) => Some(c),
            (None, None | Some(Json::Null)) => None,
            (None, Some(json)) => Some(RawCoords::from_json(&json, kind.depth()).map_err(de::Error::custom)?),
        };
        let Some(coords) = coords else {
            *self.no_coordinates = Some(kind.name());
            return Ok(None);
        };
        Ok(Some(coords.into_geometry(kind, self.problem)))
    }
}

/// A geometry member (a GeoJSON geometry object or null) read straight into a geometry, for
/// other JSON formats that embed GeoJSON geometries.
pub(crate) struct GeometryIn(pub(crate) Option<Geometry<f64>>);

impl<'de> Deserialize<'de> for GeometryIn {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<GeometryIn, D::Error> {
        GeometrySeed { problem: &mut None, levels: 0, no_coordinates: &mut None }.deserialize(d).map(GeometryIn)
    }
}

/// The members of a GeometryCollection (never null), each inside `levels` collections; the first
/// problem any of them has goes to `problem`.
struct MembersSeed<'p> {
    problem: &'p mut Option<&'static str>,
    levels: usize,
}

impl<'de> DeserializeSeed<'de> for MembersSeed<'_> {
    type Value = Vec<Geometry<f64>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for MembersSeed<'_> {
    type Value = Vec<Geometry<f64>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array of geometry objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<Self::Value, A::Error> {
        let mut members = Vec::new();
        loop {
            let mut problem = None;
            let mut no_coordinates = None;
            let seed = MemberSeed(GeometrySeed {
                problem: &mut problem,
                levels: self.levels,
                no_coordinates: &mut no_coordinates,
            });
            let Some(member) = seq.next_element_seed(seed)? else { break };
            let member = member.ok_or_else(|| match no_coordinates {
                Some(kind) => de::Error::custom(format!("a GeometryCollection member (a {kind}) has no coordinates")),
                None => de::Error::custom("a GeometryCollection member cannot be null"),
            })?;
            if let Some(p) = problem {
                self.problem.get_or_insert(p);
            }
            members.push(member);
        }
        Ok(members)
    }
}

/// A member of a GeometryCollection: a geometry object, never null.
struct MemberSeed<'p>(GeometrySeed<'p>);

impl<'de> DeserializeSeed<'de> for MemberSeed<'_> {
    /// `None` for `null` or a member without coordinates: refused by the caller, which knows which.
    type Value = Option<Geometry<f64>>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_map(self.0)
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

/// Coordinates nested `depth` deep, or `null`.
struct NullableCoordsSeed {
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for NullableCoordsSeed {
    type Value = Option<RawCoords>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Option<RawCoords>, D::Error> {
        d.deserialize_option(self)
    }
}

impl<'de> Visitor<'de> for NullableCoordsSeed {
    type Value = Option<RawCoords>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("coordinates or null")
    }

    fn visit_none<E: de::Error>(self) -> std::result::Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<Self::Value, E> {
        Ok(None)
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        CoordsSeed { depth: self.depth }.deserialize(d).map(Some)
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
