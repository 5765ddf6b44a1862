//! GPX (`.gpx`): waypoints as points, routes as lines and tracks as multi-lines, in one layer
//! with a `kind` field (`waypoint`, `route`, `track`), the GPX fields (`name`, `desc`, `cmt`,
//! `ele`, `time`, `sym`, `type`) and any `<extensions>` children; read streaming and written.
//! GDAL's five layers can be read by name (`table`): `waypoints`, `routes`, `tracks`, and
//! `track_points` / `route_points`, each point with its own elevation, time and other fields and
//! its place (`track_fid`, `track_seg_id`, `track_seg_point_id`; `route_fid`, `route_point_id`).

use std::io::Write;
use std::path::Path;

use geo::{Coord, Geometry, LineString, MultiLineString, Point};

use super::ReadData;
use super::kml::{Rows, check_wgs84};
use super::xml::{Item, XmlReader, escape};
use crate::error::{Error, Result};
use crate::layer::{Extent, Layer};
use crate::value::Value;

/// The GPX fields RustGIS reads and writes as elements, in the order GPX 1.1 puts them.
const ELEMENTS: &[&str] = &["ele", "time", "name", "cmt", "desc", "sym", "type"];
/// The fields that stay text whatever they hold.
const TEXT: &[&str] = &["kind", "name", "cmt", "desc", "sym", "type"];

/// Reads a GPX file.
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    read(super::xml::buffered(super::open_regular(path)?), path, bbox)
}

/// GDAL's names of a GPX file's layers, which `table` may name.
pub const LAYERS: [&str; 5] = ["waypoints", "routes", "tracks", "route_points", "track_points"];

/// Reads one of GDAL's layers of a GPX file ([`LAYERS`]), or, with no `table`, waypoints,
/// routes and tracks together.
pub fn read_table(
    input: impl std::io::BufRead,
    origin: &Path,
    bbox: Option<Extent>,
    table: Option<&str>,
) -> Result<ReadData> {
    let kind = match table {
        None => return read(input, origin, bbox),
        Some("track_points") => return read_points(input, origin, bbox, "trk"),
        Some("route_points") => return read_points(input, origin, bbox, "rte"),
        Some("waypoints") => "waypoint",
        Some("routes") => "route",
        Some("tracks") => "track",
        Some(other) => {
            return Err(Error::invalid(
                "table",
                format!(
                    "a GPX file has no layer '{}'; its layers are {} (as GDAL names them), or none for waypoints, \
                     routes and tracks together",
                    crate::error::clip(other),
                    LAYERS.join(", ")
                ),
            ));
        }
    };
    let mut data = read(input, origin, bbox)?;
    let kinds = data.fields.iter().position(|f| f.name == "kind");
    data.features.retain(|f| kinds.and_then(|i| f.attributes.get(i)).and_then(Value::as_str) == Some(kind));
    Ok(data)
}

/// The points of every track (`trk`) or route (`rte`), one feature each, with the fields of the
/// point (`ele`, `time`, `name`…, and its `<extensions>`) and where it lies, as GDAL reads the
/// `track_points` and `route_points` layers (ids from 0).
fn read_points(input: impl std::io::BufRead, origin: &Path, bbox: Option<Extent>, parent: &str) -> Result<ReadData> {
    let (point, segment) = if parent == "trk" { ("trkpt", "trkseg") } else { ("rtept", "") };
    let fixed: &[&str] = if parent == "trk" {
        &["track_fid", "track_seg_id", "track_seg_point_id"]
    } else {
        &["route_fid", "route_point_id"]
    };
    let mut xml = XmlReader::new(input, origin, "GPX", "gpx");
    let mut rows = Rows::new(fixed);
    for name in fixed {
        rows.declare(name, crate::value::FieldType::Integer);
    }
    rows.declare("ele", crate::value::FieldType::Float);
    // Where the reader is: the parent's index, the segment's, the point's in it.
    let (mut n_parents, mut n_segments, mut n_points) = (0i64, 0i64, 0i64);
    let mut current: Option<PointReading> = None;
    let mut n_features = 0u64;
    while let Some(item) = xml.next()? {
        match item {
            Item::Start(name, attributes) => {
                if name == parent {
                    (n_segments, n_points) = (0, 0);
                } else if !segment.is_empty() && name == segment {
                    n_points = 0;
                } else if name == point {
                    let Some(Coord { x, y }) = coord_of(&attributes) else {
                        return Err(xml.error(format!("a <{name}> without numeric lat and lon attributes")));
                    };
                    let place =
                        if parent == "trk" { vec![n_parents, n_segments, n_points] } else { vec![n_parents, n_points] };
                    let values = fixed.iter().zip(place).map(|(f, v)| ((*f).to_owned(), v.to_string())).collect();
                    current = Some((Coord { x, y }, values));
                }
            }
            Item::End(name, text) => {
                let stack = xml.open_elements();
                let parent_element = stack.last().map(String::as_str);
                let grandparent = stack.len().checked_sub(2).and_then(|i| stack.get(i)).map(String::as_str);
                if name == point {
                    let Some((c, values)) = current.take() else { continue };
                    n_points += 1;
                    n_features += 1;
                    let geometry = Geometry::Point(Point(c));
                    if bbox.as_ref().is_some_and(|b| !Extent::of_geometry(&geometry).is_some_and(|e| e.intersects(b))) {
                        continue;
                    }
                    rows.push(n_features, Some(geometry), values);
                } else if name == parent {
                    n_parents += 1;
                } else if !segment.is_empty() && name == segment {
                    n_segments += 1;
                } else if let Some((_, values)) = current.as_mut() {
                    let of_point = parent_element == Some(point) && !["link", "extensions"].contains(&name.as_str());
                    let of_extension = parent_element == Some("extensions") && grandparent == Some(point);
                    if (of_point || of_extension) && !text.trim().is_empty() {
                        values.push((name, text.trim().to_owned()));
                    }
                }
            }
        }
    }
    Ok(rows.finish(TEXT))
}

/// Reads GPX from any buffered reader; `origin` names it in errors.
pub fn read(input: impl std::io::BufRead, origin: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let mut xml = XmlReader::new(input, origin, "GPX", "gpx");
    let mut rows = Rows::new(&["kind", "name"]);
    // An elevation is a decimal number in GPX's schema, as GDAL types it, even when every one
    // read is whole.
    rows.declare("ele", crate::value::FieldType::Float);
    let mut feature: Option<Reading> = None;
    let mut n_features = 0u64;
    while let Some(item) = xml.next()? {
        match item {
            Item::Start(name, attributes) => {
                let point = || -> Result<Coord<f64>> {
                    coord_of(&attributes)
                        .ok_or_else(|| xml.error(format!("a <{name}> without numeric lat and lon attributes")))
                };
                match name.as_str() {
                    "wpt" if feature.is_none() => {
                        feature = Some(("waypoint", Vec::new(), vec![vec![point()?]]));
                    }
                    "rte" if feature.is_none() => feature = Some(("route", Vec::new(), vec![Vec::new()])),
                    "trk" if feature.is_none() => feature = Some(("track", Vec::new(), Vec::new())),
                    "trkseg" => {
                        if let Some((_, _, parts)) = feature.as_mut() {
                            parts.push(Vec::new());
                        }
                    }
                    "rtept" | "trkpt" => {
                        let c = point()?;
                        if let Some(part) = feature.as_mut().and_then(|(_, _, parts)| parts.last_mut()) {
                            part.push(c);
                        }
                    }
                    _ => {}
                }
            }
            Item::End(name, text) => {
                let stack = xml.open_elements();
                let parent = stack.last().map(String::as_str);
                let grandparent = stack.len().checked_sub(2).and_then(|i| stack.get(i)).map(String::as_str);
                match name.as_str() {
                    "wpt" | "rte" | "trk" if parent == Some("gpx") => {
                        let Some((kind, mut values, parts)) = feature.take() else { continue };
                        n_features += 1;
                        let geometry = match kind {
                            "waypoint" => parts.first().and_then(|p| p.first()).map(|c| Geometry::Point(Point(*c))),
                            "route" => {
                                Some(Geometry::LineString(LineString::new(parts.into_iter().flatten().collect())))
                            }
                            _ => Some(Geometry::MultiLineString(MultiLineString(
                                parts.into_iter().map(LineString::new).collect(),
                            ))),
                        };
                        if let Some(bbox) = &bbox
                            && !geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox))
                        {
                            continue;
                        }
                        values.insert(0, ("kind".to_owned(), kind.to_owned()));
                        rows.push(n_features, geometry, values);
                    }
                    field if matches!(parent, Some("wpt" | "rte" | "trk")) && stack.len() == 2 => {
                        if let Some((_, values, _)) = feature.as_mut()
                            && !["trkseg", "rtept", "link", "extensions"].contains(&field)
                            && !text.trim().is_empty()
                        {
                            values.push((field.to_owned(), text.trim().to_owned()));
                        }
                    }
                    field if parent == Some("extensions") && matches!(grandparent, Some("wpt" | "rte" | "trk")) => {
                        if let Some((_, values, _)) = feature.as_mut() {
                            values.push((field.to_owned(), text.trim().to_owned()));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(rows.finish(TEXT))
}

/// The position a `<wpt>`, `<rtept>` or `<trkpt>` gives in its `lon` and `lat` attributes, when both
/// are finite numbers.
fn coord_of(attributes: &[(String, String)]) -> Option<Coord<f64>> {
    let get = |key: &str| {
        attributes
            .iter()
            .find(|(k, _)| k == key)
            .and_then(|(_, v)| v.trim().parse::<f64>().ok())
            .filter(|v| v.is_finite())
    };
    Some(Coord { x: get("lon")?, y: get("lat")? })
}

/// A track or route point being read: where it is and its values so far.
type PointReading = (Coord<f64>, Vec<(String, String)>);

/// The feature being read: its kind, values, and its points (in segments for tracks).
type Reading = (&'static str, Vec<(String, String)>, Vec<Vec<Coord<f64>>>);

/// Writes a layer as GPX: points as waypoints, lines as tracks (one segment per part). The GPX
/// fields go into their elements, the others into `<extensions>`. Polygons are refused; the
/// layer must be in EPSG:4326.
pub fn write(layer: &Layer, out: &mut impl Write, origin: &Path) -> Result<()> {
    check_wgs84(layer, origin, "GPX")?;
    let io = |source| Error::Io { action: "cannot write", path: origin.to_owned(), cause: source };
    let column = |name: &str| layer.fields.iter().position(|f| f.name == name);
    let elements: Vec<(&str, Option<usize>)> = ELEMENTS.iter().map(|name| (*name, column(name))).collect();
    let extensions: Vec<usize> = (0..layer.fields.len())
        .filter(|i| {
            let name = layer.fields[*i].name.as_str();
            !ELEMENTS.contains(&name) && name != "kind"
        })
        .collect();
    let mut text = String::with_capacity(super::xml::WRITE_CHUNK);
    text.push_str(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\" creator=\"RustGIS\" \
         xmlns=\"http://www.topografix.com/GPX/1/1\" xmlns:rustgis=\"https://rustgis.org/gpx\">\n",
    );
    for feature in layer.features.iter() {
        let value_text = |col: usize| match &feature.attributes[col] {
            Value::Null => None,
            Value::DateTime(dt) => Some(format!("{}Z", Value::DateTime(*dt))),
            other => Some(other.to_string()),
        };
        let fields = |text: &mut String, skip_ele_time: bool| {
            for (name, col) in &elements {
                if skip_ele_time && matches!(*name, "ele" | "time") {
                    continue;
                }
                if let Some(value) = col.and_then(value_text) {
                    text.push_str(&format!("  <{name}>{}</{name}>\n", escape(&value)));
                }
            }
            let present: Vec<(usize, String)> =
                extensions.iter().filter_map(|c| value_text(*c).map(|v| (*c, v))).collect();
            if !present.is_empty() {
                text.push_str("  <extensions>\n");
                for (col, value) in present {
                    let name = tag_name(&layer.fields[col].name);
                    text.push_str(&format!("    <rustgis:{name}>{}</rustgis:{name}>\n", escape(&value)));
                }
                text.push_str("  </extensions>\n");
            }
        };
        let lines: Vec<&LineString<f64>> = match &feature.geometry {
            None => continue,
            Some(Geometry::Point(p)) => {
                text.push_str(&format!("<wpt lat=\"{}\" lon=\"{}\">\n", p.y(), p.x()));
                fields(&mut text, false);
                text.push_str("</wpt>\n");
                continue;
            }
            Some(Geometry::LineString(l)) => vec![l],
            Some(Geometry::MultiLineString(m)) => m.0.iter().collect(),
            Some(other) => {
                return Err(Error::Failed(format!(
                    "cannot write {}: feature {} is a {}, and GPX holds waypoints, routes and tracks (points and \
                     lines); write GeoJSON, GeoPackage or KML instead",
                    origin.display(),
                    feature.id,
                    kind_name(other)
                )));
            }
        };
        text.push_str("<trk>\n");
        fields(&mut text, true);
        for line in lines {
            text.push_str("  <trkseg>\n");
            for c in &line.0 {
                text.push_str(&format!("    <trkpt lat=\"{}\" lon=\"{}\"/>\n", c.y, c.x));
            }
            text.push_str("  </trkseg>\n");
        }
        text.push_str("</trk>\n");
        super::xml::write_when_full(&mut text, out).map_err(io)?;
    }
    text.push_str("</gpx>\n");
    out.write_all(text.as_bytes()).map_err(io)
}

fn kind_name(geometry: &Geometry<f64>) -> &'static str {
    match geometry {
        Geometry::MultiPoint(_) => "multipoint",
        Geometry::GeometryCollection(_) => "geometry collection",
        _ => "polygon",
    }
}

/// A field name made into an XML element name (letters, digits, `_`, `-`, `.`; not starting
/// with a digit).
fn tag_name(name: &str) -> String {
    let mut tag: String =
        name.chars().map(|c| if c.is_alphanumeric() || matches!(c, '_' | '-' | '.') { c } else { '_' }).collect();
    if tag.is_empty() || tag.starts_with(|c: char| c.is_ascii_digit() || c == '-' || c == '.') {
        tag.insert(0, '_');
    }
    tag
}
