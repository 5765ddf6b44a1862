//! KML (`.kml`, and zipped as `.kmz`): placemarks with their names, descriptions (XHTML kept as
//! markup), ExtendedData and geometries (points, lines, rings, polygons, MultiGeometry, and
//! `gx:Track`/`gx:MultiTrack` as lines, as GDAL's LIBKML driver reads them), read streaming and
//! written with a schema for the attributes.
//!
//! GDAL reads each `Folder` as a layer of its own; here the placemarks of every folder make one
//! layer, with a notice naming the folders, unless one folder is asked for (`layer.open`'s
//! `table`), which reads only the placemarks directly inside it, as GDAL's layer of that name.

use std::io::{BufReader, Write};
use std::path::Path;

use geo::{Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};

use super::xml::{Item, XmlReader, escape};
use super::{ReadData, zipped};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value};

/// Reads a `.kml` file, or the KML document inside a `.kmz`.
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    read_opened(super::DataFile::open(path)?, bbox, None)
}

/// [`read_file`] of a file already opened: a `.kmz` (by name or by its first bytes, `PK`) or KML;
/// with `folder`, only the placemarks directly inside the folder of that name.
pub(crate) fn read_opened(file: super::DataFile, bbox: Option<Extent>, folder: Option<&str>) -> Result<ReadData> {
    let path = file.path().to_owned();
    let path = path.as_path();
    let is_kmz = super::has_extension(path, "kmz") || file.head(2)? == b"PK";
    if is_kmz {
        let mut archive = zipped::Archive::of(file.into_file(), path)?;
        let names = archive.names()?;
        let kmls = zipped::with_extension(&names, "kml");
        let name =
            kmls.iter().find(|n| n.eq_ignore_ascii_case("doc.kml")).or(kmls.first()).cloned().ok_or_else(|| {
                Error::Data {
                    path: path.to_owned(),
                    position: "the archive's members".to_owned(),
                    message: "the .kmz holds no .kml document".to_owned(),
                }
            })?;
        let bytes = archive.read(&name)?;
        return read_folder(BufReader::new(bytes.as_slice()), &path.join(&name), bbox, folder);
    }
    read_folder(super::xml::buffered(file.into_file()), path, bbox, folder)
}

/// Reads KML from any buffered reader; `origin` names it in errors.
pub fn read(input: impl std::io::BufRead, origin: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    read_folder(input, origin, bbox, None)
}

/// The containers placemarks were found directly in, in the order first met: (name, how many).
/// As GDAL names its layers: a `Folder` or `Document` by its `<name>`, a Document without one (or
/// placemarks outside any) by the file's stem, a Folder without one "Layer" and its place among
/// the features of the container holding it ("Layer0"), as LIBKML names it.
#[derive(Default)]
struct Folders(Vec<(String, usize)>);

impl Folders {
    fn count(&mut self, folder: &str) {
        match self.0.iter_mut().find(|(name, _)| name == folder) {
            Some((_, n)) => *n += 1,
            None => self.0.push((folder.to_owned(), 1)),
        }
    }

    fn listed(&self) -> String {
        self.0.iter().map(|(name, n)| format!("'{name}' ({n})")).collect::<Vec<_>>().join(", ")
    }
}

/// [`read`] of the placemarks directly inside the folder named `folder`, or of all of them.
fn read_folder(
    input: impl std::io::BufRead,
    origin: &Path,
    bbox: Option<Extent>,
    folder: Option<&str>,
) -> Result<ReadData> {
    let mut xml = XmlReader::new(input, origin, "KML", "kml");
    let mut rows = Rows::new(&["name", "description"]);
    let mut placemark: Option<Placemark> = None;
    let mut n_placemarks = 0;
    // The names of the folders and documents open around the reader.
    let stem = origin.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let mut open_folders: Vec<String> = Vec::new();
    // How many features (placemarks, overlays, folders, …) each open container has held so far:
    // LIBKML names a Folder without a <name> "Layer" and its place among them.
    let mut n_children: Vec<usize> = Vec::new();
    let mut folders = Folders::default();
    // Every folder's name, also of folders without placemarks (GDAL's empty layers).
    let mut all_folders: Vec<String> = Vec::new();
    let mut overlays: Vec<String> = Vec::new();
    while let Some(item) = xml.next()? {
        match item {
            Item::Start(name, attributes) => match name.as_str() {
                "Folder" | "Document" => {
                    let place = n_children.last_mut().map(|n| {
                        *n += 1;
                        *n - 1
                    });
                    // The outermost container, unnamed, is named for the file, as GDAL names it.
                    let unnamed = match place {
                        Some(place) if name == "Folder" => format!("Layer{place}"),
                        _ => stem.clone(),
                    };
                    open_folders.push(unnamed);
                    n_children.push(0);
                }
                "Placemark" | "GroundOverlay" | "NetworkLink" | "PhotoOverlay" | "ScreenOverlay"
                    if placemark.is_none() =>
                {
                    if let Some(n) = n_children.last_mut() {
                        *n += 1;
                    }
                    if name == "Placemark" || name == "GroundOverlay" {
                        n_placemarks += 1;
                        placemark = Some(Placemark::default());
                    }
                }
                "Data" | "SimpleData" => {
                    if let Some(p) = placemark.as_mut() {
                        p.data_name = attributes.iter().find(|(k, _)| k == "name").map(|(_, v)| v.clone());
                    }
                }
                // GDAL also reads the MultiPolygon, MultiLineString and MultiPoint KML does not
                // define (written by some programs) as multi-part geometries.
                "MultiGeometry" | "MultiTrack" | "MultiPolygon" | "MultiLineString" | "MultiPoint" => {
                    if let Some(p) = placemark.as_mut() {
                        if p.parts.len() == super::MAX_NESTING {
                            return Err(xml.error(format!("placemark {n_placemarks}: {}", super::too_deep())));
                        }
                        p.parts.push(Vec::new());
                    }
                }
                "description"
                    if xml
                        .open_elements()
                        .iter()
                        .rev()
                        .nth(1)
                        .is_some_and(|e| e == "Placemark" || e == "GroundOverlay") =>
                {
                    // XHTML outside CDATA is part of the description, as GDAL reads it.
                    if let Some(p) = placemark.as_mut() {
                        let markup = xml.inner_markup()?;
                        p.values.push(("description".to_owned(), markup.trim().to_owned()));
                    }
                }
                "SimpleField" => {
                    let get = |key: &str| attributes.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
                    let field_type = match get("type").map(str::to_ascii_lowercase).as_deref() {
                        Some("int" | "uint" | "short" | "ushort") => Some(FieldType::Integer),
                        Some("float" | "double") => Some(FieldType::Float),
                        Some("bool") => Some(FieldType::Bool),
                        Some("string") => Some(FieldType::String),
                        _ => None,
                    };
                    if let (Some(name), Some(field_type)) = (get("name"), field_type) {
                        rows.declare(name, field_type);
                    }
                }
                "Polygon" => {
                    if let Some(p) = placemark.as_mut() {
                        p.rings.clear();
                    }
                }
                _ => {}
            },
            Item::End(name, text) => {
                let parent = xml.open_elements().last().map(String::as_str);
                if name == "name" && matches!(parent, Some("Folder" | "Document")) && placemark.is_none() {
                    if let Some(open) = open_folders.last_mut() {
                        *open = text.trim().to_owned();
                    }
                    continue;
                }
                if name == "Folder" || name == "Document" {
                    all_folders.extend(open_folders.pop());
                    n_children.pop();
                    continue;
                }
                let Some(p) = placemark.as_mut() else { continue };
                match name.as_str() {
                    "name" if matches!(parent, Some("Placemark" | "GroundOverlay")) => {
                        p.values.push(("name".to_owned(), text.trim().to_owned()));
                    }
                    // A GroundOverlay's image, in GDAL's `icon` field, and its box as a polygon.
                    "href"
                        if parent == Some("Icon")
                            && xml.open_elements().iter().rev().nth(1).is_some_and(|e| e == "GroundOverlay") =>
                    {
                        p.values.push(("icon".to_owned(), text.trim().to_owned()));
                    }
                    side @ ("north" | "south" | "east" | "west") if parent == Some("LatLonBox") => {
                        let value = text.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| {
                            xml.error(format!("placemark {n_placemarks}: <{side}> {:?} is not a number", text.trim()))
                        })?;
                        let at = ["north", "south", "east", "west"].iter().position(|s| *s == side).unwrap_or(0);
                        p.lat_lon_box[at] = Some(value);
                    }
                    "LatLonBox" => {
                        let [Some(north), Some(south), Some(east), Some(west)] = p.lat_lon_box else {
                            return Err(xml.error(format!(
                                "placemark {n_placemarks}: a <LatLonBox> needs <north>, <south>, <east> and <west>"
                            )));
                        };
                        // As GDAL's LIBKML driver makes it: from the north-east corner, clockwise.
                        let ring = LineString::from(vec![
                            (east, north),
                            (east, south),
                            (west, south),
                            (west, north),
                            (east, north),
                        ]);
                        p.add(Some(Geometry::Polygon(Polygon::new(ring, Vec::new()))));
                    }
                    "value" if parent == Some("Data") => {
                        if let Some(data) = p.data_name.clone() {
                            p.values.push((data, text.trim().to_owned()));
                        }
                    }
                    "SimpleData" => {
                        if let Some(data) = p.data_name.take() {
                            p.values.push((data, text.trim().to_owned()));
                        }
                    }
                    "coordinates" => {
                        p.coords =
                            coordinates(&text).map_err(|m| xml.error(format!("placemark {n_placemarks}: {m}")))?;
                    }
                    "Point" => {
                        let point = p.coords.first().map(|c| Geometry::Point(Point(*c)));
                        p.add(point);
                    }
                    "LineString" => {
                        let line = Geometry::LineString(LineString::new(std::mem::take(&mut p.coords)));
                        p.add(Some(line));
                    }
                    "LinearRing" => {
                        let ring = LineString::new(std::mem::take(&mut p.coords));
                        if matches!(parent, Some("outerBoundaryIs" | "innerBoundaryIs")) {
                            p.rings.push(ring);
                        } else {
                            p.add(Some(Geometry::LineString(ring)));
                        }
                    }
                    "Polygon" => {
                        let mut rings = std::mem::take(&mut p.rings).into_iter();
                        let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
                        p.add(Some(Geometry::Polygon(Polygon::new(exterior, rings.collect()))));
                    }
                    "coord" if parent == Some("Track") => {
                        let coord =
                            track_coord(&text).map_err(|m| xml.error(format!("placemark {n_placemarks}: {m}")))?;
                        p.track.push(coord);
                    }
                    "Track" => {
                        let line = Geometry::LineString(LineString::new(std::mem::take(&mut p.track)));
                        p.add(Some(line));
                    }
                    "MultiGeometry" | "MultiTrack" | "MultiPolygon" | "MultiLineString" | "MultiPoint" => {
                        let parts = p.parts.pop().unwrap_or_default();
                        p.add(Some(multi(parts)));
                    }
                    "Placemark" | "GroundOverlay" => {
                        let Some(done) = placemark.take() else { continue };
                        if name == "GroundOverlay" {
                            let label = done.values.iter().find(|(k, _)| k == "name").map(|(_, v)| v.clone());
                            overlays.push(label.unwrap_or_default());
                        }
                        let inside = open_folders.last().unwrap_or(&stem);
                        folders.count(inside);
                        if folder.is_some_and(|wanted| wanted != inside) {
                            continue;
                        }
                        let geometry = done.geometry;
                        if let Some(bbox) = &bbox
                            && !geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
                        {
                            continue;
                        }
                        rows.push(n_placemarks as u64, geometry, done.values);
                    }
                    _ => {}
                }
            }
        }
    }
    let mut data = rows.finish(&["name", "description"]);
    match folder {
        Some(wanted)
            if !all_folders.iter().chain(folders.0.iter().map(|(name, _)| name)).any(|name| name == wanted) =>
        {
            return Err(Error::Data {
                path: origin.to_owned(),
                position: "its folders".to_owned(),
                message: format!(
                    "no folder, document or GroundOverlay is named '{wanted}'; the placemarks are in {}: give one of \
                     those names as \"table\" (as GDAL names its layers), or leave it out to read every placemark",
                    folders.listed()
                ),
            });
        }
        _ => {}
    }
    if folder.is_none() && !overlays.is_empty() {
        let named: Vec<String> = overlays.iter().map(|n| format!("'{n}'")).collect();
        data.notices.push(format!(
            "the file holds {} GroundOverlay{} ({}), read here as {} box{} with the image's path in 'icon'; open an \
             overlay's image as a raster with \"table\" naming it",
            overlays.len(),
            if overlays.len() == 1 { "" } else { "s" },
            named.join(", "),
            if overlays.len() == 1 { "its" } else { "their" },
            if overlays.len() == 1 { "" } else { "es" },
        ));
    }
    match folder {
        None if folders.0.len() > 1 => data.notices.push(format!(
            "the placemarks are in {} places: {}; GDAL reads each folder as a layer of its own, and they are read \
             here as one layer (open one folder with \"table\" naming it)",
            folders.0.len(),
            folders.listed()
        )),
        _ => {}
    }
    Ok(data)
}

/// Writes a layer as KML: one placemark per feature, `name` and `description` fields as the
/// placemark's, the other fields as ExtendedData of a schema. The layer must be in EPSG:4326.
pub fn write(layer: &Layer, out: &mut impl Write, origin: &Path) -> Result<()> {
    check_wgs84(layer, origin, "KML")?;
    let io = |source| Error::Io { action: "cannot write", path: origin.to_owned(), cause: source };
    let name_col = layer.fields.iter().position(|f| f.name.eq_ignore_ascii_case("name"));
    let desc_col = layer.fields.iter().position(|f| f.name.eq_ignore_ascii_case("description"));
    let schema = escape(&layer.name).into_owned();
    let mut text = String::with_capacity(super::xml::WRITE_CHUNK);
    text.push_str(
        "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\">\n<Document>\n",
    );
    text.push_str(&format!("<name>{schema}</name>\n<Schema name=\"{schema}\" id=\"{schema}\">\n"));
    for (i, field) in layer.fields.iter().enumerate() {
        if Some(i) == name_col || Some(i) == desc_col {
            continue;
        }
        let kind = match field.field_type {
            FieldType::Integer => "int",
            FieldType::Float => "double",
            FieldType::Bool => "bool",
            _ => "string",
        };
        text.push_str(&format!("\t<SimpleField name=\"{}\" type=\"{kind}\"></SimpleField>\n", escape(&field.name)));
    }
    text.push_str("</Schema>\n");
    for feature in layer.features.iter() {
        text.push_str("<Placemark>\n");
        for (col, tag) in [(name_col, "name"), (desc_col, "description")] {
            if let Some(value) = col.map(|c| &feature.attributes[c]).filter(|v| !v.is_null()) {
                text.push_str(&format!("\t<{tag}>{}</{tag}>\n", escape(&value.to_string())));
            }
        }
        text.push_str(&format!("\t<ExtendedData><SchemaData schemaUrl=\"#{schema}\">\n"));
        for (i, (field, value)) in layer.fields.iter().zip(&feature.attributes).enumerate() {
            if Some(i) == name_col || Some(i) == desc_col || value.is_null() {
                continue;
            }
            text.push_str(&format!(
                "\t\t<SimpleData name=\"{}\">{}</SimpleData>\n",
                escape(&field.name),
                escape(&value.to_string())
            ));
        }
        text.push_str("\t</SchemaData></ExtendedData>\n");
        if let Some(geometry) = &feature.geometry {
            text.push('\t');
            geometry_kml(geometry, &mut text);
            text.push('\n');
        }
        text.push_str("</Placemark>\n");
        super::xml::write_when_full(&mut text, out).map_err(io)?;
    }
    text.push_str("</Document>\n</kml>\n");
    out.write_all(text.as_bytes()).map_err(io)
}

/// Refuses a layer whose coordinates are not longitude/latitude, for formats that hold only those.
pub(super) fn check_wgs84(layer: &Layer, origin: &Path, format: &str) -> Result<()> {
    if layer.crs != Crs::WGS84 {
        return Err(Error::Failed(format!(
            "cannot write {}: {format} holds longitude/latitude (EPSG:4326) and the layer '{}' is in {}; reproject it \
             first with vector.reproject {{\"crs\": \"EPSG:4326\"}}",
            origin.display(),
            layer.name,
            layer.crs
        )));
    }
    Ok(())
}

/// What a placemark holds while it is read.
#[derive(Default)]
struct Placemark {
    values: Vec<(String, String)>,
    data_name: Option<String>,
    coords: Vec<Coord<f64>>,
    /// The `gx:coord` points of the open `gx:Track`.
    track: Vec<Coord<f64>>,
    rings: Vec<LineString<f64>>,
    /// The parts of the open MultiGeometry elements, innermost last.
    parts: Vec<Vec<Geometry<f64>>>,
    geometry: Option<Geometry<f64>>,
    /// A GroundOverlay's `LatLonBox`: north, south, east, west.
    lat_lon_box: [Option<f64>; 4],
}

impl Placemark {
    fn add(&mut self, geometry: Option<Geometry<f64>>) {
        let Some(geometry) = geometry else { return };
        match self.parts.last_mut() {
            Some(parts) => parts.push(geometry),
            None => self.geometry = Some(geometry),
        }
    }
}

/// A MultiGeometry as the multi-part kind of its parts, or a collection when they differ.
fn multi(parts: Vec<Geometry<f64>>) -> Geometry<f64> {
    if parts.iter().all(|g| matches!(g, Geometry::Point(_))) {
        return Geometry::MultiPoint(MultiPoint(
            parts.into_iter().filter_map(|g| if let Geometry::Point(p) = g { Some(p) } else { None }).collect(),
        ));
    }
    if parts.iter().all(|g| matches!(g, Geometry::LineString(_))) {
        return Geometry::MultiLineString(MultiLineString(
            parts.into_iter().filter_map(|g| if let Geometry::LineString(l) = g { Some(l) } else { None }).collect(),
        ));
    }
    if parts.iter().all(|g| matches!(g, Geometry::Polygon(_))) {
        return Geometry::MultiPolygon(MultiPolygon(
            parts.into_iter().filter_map(|g| if let Geometry::Polygon(p) = g { Some(p) } else { None }).collect(),
        ));
    }
    Geometry::GeometryCollection(GeometryCollection(parts))
}

/// `lon,lat[,alt]` tuples separated by white space.
fn coordinates(text: &str) -> Result<Vec<Coord<f64>>, String> {
    text.split_ascii_whitespace()
        .map(|tuple| {
            let mut numbers = tuple.split(',').map(|n| n.trim().parse::<f64>());
            match (numbers.next(), numbers.next()) {
                (Some(Ok(x)), Some(Ok(y))) if x.is_finite() && y.is_finite() => Ok(Coord { x, y }),
                _ => Err(format!("{tuple:?} is not a longitude,latitude pair")),
            }
        })
        .collect()
}

/// A `gx:coord`: `lon lat [alt]` separated by white space.
fn track_coord(text: &str) -> Result<Coord<f64>, String> {
    let mut numbers = text.split_ascii_whitespace().map(str::parse::<f64>);
    match (numbers.next(), numbers.next()) {
        (Some(Ok(x)), Some(Ok(y))) if x.is_finite() && y.is_finite() => Ok(Coord { x, y }),
        _ => Err(format!("gx:coord {:?} is not a longitude latitude pair", text.trim())),
    }
}

fn geometry_kml(geometry: &Geometry<f64>, out: &mut String) {
    let coords = |cs: &[Coord<f64>], out: &mut String| {
        out.push_str("<coordinates>");
        for (i, c) in cs.iter().enumerate() {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{},{}", c.x, c.y));
        }
        out.push_str("</coordinates>");
    };
    let polygon = |p: &Polygon<f64>, out: &mut String| {
        out.push_str("<Polygon><outerBoundaryIs><LinearRing>");
        coords(&p.exterior().0, out);
        out.push_str("</LinearRing></outerBoundaryIs>");
        for ring in p.interiors() {
            out.push_str("<innerBoundaryIs><LinearRing>");
            coords(&ring.0, out);
            out.push_str("</LinearRing></innerBoundaryIs>");
        }
        out.push_str("</Polygon>");
    };
    match geometry {
        Geometry::Point(p) => {
            out.push_str("<Point>");
            coords(&[p.0], out);
            out.push_str("</Point>");
        }
        Geometry::Line(l) => geometry_kml(&Geometry::LineString(LineString::new(vec![l.start, l.end])), out),
        Geometry::LineString(l) => {
            out.push_str("<LineString>");
            coords(&l.0, out);
            out.push_str("</LineString>");
        }
        Geometry::Polygon(p) => polygon(p, out),
        Geometry::Rect(r) => polygon(&r.to_polygon(), out),
        Geometry::Triangle(t) => polygon(&t.to_polygon(), out),
        Geometry::MultiPoint(m) => multi_kml(m.0.iter().map(|p| Geometry::Point(*p)), out),
        Geometry::MultiLineString(m) => multi_kml(m.0.iter().map(|l| Geometry::LineString(l.clone())), out),
        Geometry::MultiPolygon(m) => multi_kml(m.0.iter().map(|p| Geometry::Polygon(p.clone())), out),
        Geometry::GeometryCollection(c) => multi_kml(c.0.iter().cloned(), out),
    }
}

fn multi_kml(parts: impl Iterator<Item = Geometry<f64>>, out: &mut String) {
    out.push_str("<MultiGeometry>");
    for part in parts {
        geometry_kml(&part, out);
    }
    out.push_str("</MultiGeometry>");
}

/// Rows of named text values, turned into typed columns at the end (the fixed leading columns
/// stay text; the others are inferred as CSV cells are).
pub(super) struct Rows {
    names: Vec<String>,
    /// Each name's column, so that a row of 100,000 values finds its columns in linear time.
    index: std::collections::HashMap<String, usize>,
    columns: Vec<Vec<Value>>,
    ids: Vec<u64>,
    geometries: Vec<Option<Geometry<f64>>>,
    /// Types the file declares (KML's schema), over inference.
    declared: Vec<(String, FieldType)>,
}

impl Rows {
    /// Rows whose first columns are `fixed`.
    pub(super) fn new(fixed: &[&str]) -> Rows {
        Rows {
            names: fixed.iter().map(|s| (*s).to_owned()).collect(),
            index: fixed.iter().enumerate().map(|(col, s)| ((*s).to_owned(), col)).collect(),
            columns: vec![Vec::new(); fixed.len()],
            ids: Vec::new(),
            geometries: Vec::new(),
            declared: Vec::new(),
        }
    }

    /// Notes the type the file declares for a field.
    pub(super) fn declare(&mut self, name: &str, field_type: FieldType) {
        self.declared.push((name.to_owned(), field_type));
    }

    /// Adds a row; values of columns not seen before add columns.
    pub(super) fn push(&mut self, id: u64, geometry: Option<Geometry<f64>>, values: Vec<(String, String)>) {
        let row = self.ids.len();
        for (name, value) in values {
            let col = match self.index.get(&name) {
                Some(col) => *col,
                None => {
                    self.index.insert(name.clone(), self.names.len());
                    self.names.push(name);
                    self.columns.push(Vec::new());
                    self.names.len() - 1
                }
            };
            let column = &mut self.columns[col];
            column.resize(row, Value::Null);
            column.push(Value::String(value));
        }
        self.ids.push(id);
        self.geometries.push(geometry);
    }

    /// The data read: `text` columns stay text, the others get inferred types.
    pub(super) fn finish(mut self, text: &[&str]) -> ReadData {
        let n = self.ids.len();
        let mut fields = Vec::with_capacity(self.names.len());
        // The first declaration of each name counts, as a search of the list would find it.
        let mut declared_types: std::collections::HashMap<&str, FieldType> = std::collections::HashMap::new();
        for (name, field_type) in &self.declared {
            declared_types.entry(name.as_str()).or_insert(*field_type);
        }
        for (name, column) in self.names.iter().zip(&mut self.columns) {
            column.resize(n, Value::Null);
            let declared = declared_types.get(name.as_str()).copied();
            let field_type = if text.contains(&name.as_str()) {
                FieldType::String
            } else if declared == Some(FieldType::String) {
                // KML has no date type: texts that are all ISO dates read as dates, as in GeoJSON.
                let mut dates = column.clone();
                match super::csv::infer_and_convert(&mut dates) {
                    kind @ (FieldType::Date | FieldType::Datetime) => {
                        *column = dates;
                        kind
                    }
                    _ => FieldType::String,
                }
            } else if let Some(declared) = declared
                && column.iter().all(|v| declared.coerce(v.clone()).is_ok())
            {
                for value in column.iter_mut() {
                    let taken = std::mem::take(value);
                    *value = declared.coerce(taken).unwrap_or_default();
                }
                declared
            } else {
                super::csv::infer_and_convert(column)
            };
            fields.push(Field::new(name.clone(), field_type));
        }
        let mut columns: Vec<std::vec::IntoIter<Value>> = self.columns.into_iter().map(Vec::into_iter).collect();
        let features = self
            .ids
            .into_iter()
            .zip(self.geometries)
            .map(|(id, geometry)| Feature {
                id,
                geometry,
                attributes: columns.iter_mut().map(|c| c.next().unwrap_or_default()).collect(),
            })
            .collect();
        ReadData { fields, features, crs: Crs::WGS84, notices: Vec::new(), crs_problem: None }
    }
}
