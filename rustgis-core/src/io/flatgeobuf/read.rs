//! Reading FlatGeobuf: every size and offset checked against the file, features verified as
//! FlatBuffers, bbox reads through the packed R-tree, all under `catch_unwind`.

use std::cell::Cell;
use std::io::{BufReader, Read, Seek};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use flatgeobuf::packed_r_tree::PackedRTree;
use flatgeobuf::{ColumnType, GeometryType};
use geo::{Coord, Geometry, GeometryCollection, MultiLineString, MultiPoint, MultiPolygon, Point};

use super::columns::{Column, Rows, array};
use super::{DATE_MARKER, FID_MARKER, MAX_HEADER, MIN_FEATURE};
use crate::error::{Error, Result};
use crate::io::curves::{self, CurveKind, Kinds};
use crate::io::{ReadData, make_line, make_polygon};
use crate::layer::{Crs, Extent, Field};
use crate::value::FieldType;

/// Reads a FlatGeobuf file. With `bbox`, reads only the features whose bounding box meets it,
/// through the file's spatial index when it has one.
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    read_opened(crate::io::open_regular(path)?, path, bbox)
}

/// [`read_file`] of a file already opened at `path`.
pub(crate) fn read_opened(file: std::fs::File, path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let len = file
        .metadata()
        .map_err(|source| Error::Io { action: "cannot read", path: path.to_owned(), cause: source })?
        .len();
    read(file, len, path, bbox)
}

/// Reads FlatGeobuf from any seekable reader holding `len` bytes; `origin` names it in errors.
pub fn read(input: impl Read + Seek, len: u64, origin: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let path = origin;
    let at = Cell::new(0u64);
    let read = catch_unwind(AssertUnwindSafe(|| Reader::new(input, len, path, &at).and_then(|r| r.read(bbox))));
    read.unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_default();
        Err(Error::Data {
            path: path.to_owned(),
            position: format!("byte {}", at.get()),
            message: format!("the file is damaged: the FlatGeobuf decoder gave up ({message})"),
        })
    })
}

struct Reader<'a, R> {
    input: BufReader<R>,
    len: u64,
    path: &'a Path,
    /// The offset being read, shared with the panic handler of [`read_file`].
    at: &'a Cell<u64>,
    header: Vec<u8>,
    buf: Vec<u8>,
    /// The offset `input` is at (asking the reader costs a system call per feature).
    pos: u64,
}

impl<'a, R: Read + Seek> Reader<'a, R> {
    fn new(file: R, len: u64, path: &'a Path, at: &'a Cell<u64>) -> Result<Reader<'a, R>> {
        let mut reader = Reader {
            input: BufReader::with_capacity(1 << 16, file),
            len,
            path,
            at,
            header: Vec::new(),
            buf: Vec::new(),
            pos: 0,
        };
        let mut magic = [0u8; 8];
        let head_len = len.min(8) as usize;
        reader.read_exact_at(0, &mut magic[..head_len])?;
        let head = &magic[..head_len];
        // `fgb`, the major version, `fgb`, the patch version: GDAL 3.12 writes patch 1, which
        // readers of the same major version read (the patch byte only marks compatible changes).
        if !(head.starts_with(b"fgb") && (head_len < 8 || &magic[4..7] == b"fgb")) {
            let hint = if crate::io::Format::sniff(head) == Some(crate::io::Format::GeoJson) {
                " (it looks like JSON text: is it GeoJSON with the wrong extension?)"
            } else {
                ""
            };
            return Err(reader
                .error(0, format!("not a FlatGeobuf file: it does not start with the FlatGeobuf signature{hint}")));
        }
        if head_len < 8 || len < 12 {
            return Err(reader.error(
                len,
                format!("the file ends after {len} bytes, inside the FlatGeobuf header (is it truncated?)"),
            ));
        }
        if magic[3] > flatgeobuf::VERSION {
            return Err(reader.error(
                3,
                format!(
                    "FlatGeobuf version {} is newer than this reader understands (up to {})",
                    magic[3],
                    flatgeobuf::VERSION
                ),
            ));
        }
        let mut size = [0u8; 4];
        reader.read_exact_at(8, &mut size)?;
        let header_size = u64::from(u32::from_le_bytes(size));
        if !(8..=MAX_HEADER).contains(&header_size) {
            return Err(
                reader.error(8, format!("the header size ({header_size} bytes) is not plausible: the file is damaged"))
            );
        }
        if 12 + header_size > len {
            return Err(reader.truncated(8, "the header", 12 + header_size));
        }
        let mut header = crate::io::zeroed(4 + header_size as usize, || format!("the header of {}", path.display()))?;
        header[..4].copy_from_slice(&size);
        reader.read_exact_at(12, &mut header[4..])?;
        flatgeobuf::size_prefixed_root_as_header(&header)
            .map_err(|e| reader.error(12, format!("the header is damaged: {e}")))?;
        reader.header = header;
        Ok(reader)
    }

    fn header(&self) -> flatgeobuf::Header<'_> {
        // Verified in `new`.
        flatgeobuf::size_prefixed_root_as_header(&self.header)
            .expect("the header was verified when the file was opened")
    }

    fn error(&self, at: u64, message: String) -> Error {
        Error::Data { path: self.path.to_owned(), position: format!("byte {at}"), message }
    }

    fn truncated(&self, at: u64, what: &str, needed_end: u64) -> Error {
        self.error(
            at,
            format!(
                "{what} needs the file to reach byte {needed_end} but it ends at byte {}: the file is truncated",
                self.len
            ),
        )
    }

    fn io(&self, source: std::io::Error) -> Error {
        Error::Io { action: "cannot read", path: self.path.to_owned(), cause: source }
    }

    /// Reads exactly `buf.len()` bytes at `offset` (the caller checked they are in the file).
    fn read_exact_at(&mut self, offset: u64, buf: &mut [u8]) -> Result<()> {
        self.at.set(offset);
        if self.pos != offset {
            let delta = i64::try_from(i128::from(offset) - i128::from(self.pos))
                .map_err(|_| self.error(offset, "offset out of range".into()))?;
            self.input.seek_relative(delta).map_err(|e| self.io(e))?;
        }
        self.input.read_exact(buf).map_err(|e| self.io(e))?;
        self.pos = offset + buf.len() as u64;
        Ok(())
    }

    fn read(mut self, bbox: Option<Extent>) -> Result<ReadData> {
        let crs_missing;
        let (columns, fields, crs, dataset_type, count, node_size, has_z) = {
            let header = self.header();
            let mut fields = Vec::new();
            let mut columns = Vec::new();
            let mut has_fid = false;
            for column in header.columns().iter().flatten() {
                let metadata = column.metadata().unwrap_or_default();
                let is_fid = metadata == FID_MARKER && !has_fid && column.type_() == ColumnType::ULong;
                has_fid |= is_fid;
                let field = if is_fid {
                    None
                } else {
                    let field_type = field_type_of(column.type_()).ok_or_else(|| {
                        self.error(12, format!("column '{}' has an unknown type {:?}", column.name(), column.type_()))
                    })?;
                    fields.push(Field::new(column.name(), field_type));
                    Some(fields.len() - 1)
                };
                columns.push(Column {
                    name: column.name().to_owned(),
                    column_type: column.type_(),
                    field,
                    date_marker: metadata == DATE_MARKER,
                });
            }
            let crs = crs_of(header.crs());
            crs_missing = header.crs().is_none();
            (
                columns,
                fields,
                crs,
                header.geometry_type(),
                header.features_count(),
                header.index_node_size(),
                header.has_z(),
            )
        };
        let header_end = 8 + self.header.len() as u64;
        if count > (self.len - header_end) / MIN_FEATURE {
            return Err(self.error(
                12,
                format!(
                    "the header says {count} features, more than a file of {} bytes can hold: the file is damaged",
                    self.len
                ),
            ));
        }
        let indexed = node_size > 0 && count > 0;
        if node_size == 1 {
            return Err(
                self.error(12, "the index node size is 1, which no FlatGeobuf writer uses: the file is damaged".into())
            );
        }
        let index_size = if indexed { PackedRTree::index_size(count as usize, node_size) as u64 } else { 0 };
        let features_start = header_end + index_size;
        if features_start > self.len {
            return Err(self.truncated(header_end, "the spatial index", features_start));
        }
        let mut rows = Rows::new(fields, columns);
        match bbox {
            Some(b) if indexed => {
                self.at.set(header_end);
                self.input.seek(std::io::SeekFrom::Start(header_end)).map_err(|e| self.io(e))?;
                let hits = PackedRTree::stream_search(
                    &mut self.input,
                    count as usize,
                    node_size,
                    b.min_x,
                    b.min_y,
                    b.max_x,
                    b.max_y,
                )
                .map_err(|e| self.error(header_end, format!("the spatial index is damaged: {e}")))?;
                self.pos = self.input.stream_position().map_err(|e| self.io(e))?;
                for hit in &hits {
                    crate::io::check_stop(self.path)?;
                    let offset =
                        features_start.checked_add(hit.offset as u64).filter(|o| *o < self.len).ok_or_else(|| {
                            self.error(
                                header_end,
                                format!(
                                    "the spatial index points past the end of the file (feature {})",
                                    hit.index + 1
                                ),
                            )
                        })?;
                    self.read_feature(offset, hit.index, Some(count), dataset_type, &mut rows)?;
                }
            }
            _ => {
                let mut offset = features_start;
                let mut n = 0u64;
                while count == 0 || n < count {
                    crate::io::check_stop(self.path)?;
                    if count == 0 && offset >= self.len {
                        break;
                    }
                    offset =
                        self.read_feature(offset, n as usize, (count > 0).then_some(count), dataset_type, &mut rows)?;
                    n += 1;
                }
                if let Some(b) = bbox {
                    rows.retain_in(&b);
                }
            }
        }
        let (crs, note, problem) = crs;
        let mut data = rows.finish(crs);
        data.notices.extend(note);
        data.crs_problem = problem;
        if crs_missing {
            data.notices.push(super::super::no_crs_notice("the file names no CRS", &data.features));
        }
        if has_z {
            data.notices.push("the file has z values; RustGIS keeps x and y only".to_owned());
        }
        Ok(data)
    }

    /// Reads the feature at `offset` (number `n` of `count`); returns the offset after it.
    fn read_feature(
        &mut self,
        offset: u64,
        n: usize,
        count: Option<u64>,
        dataset_type: GeometryType,
        rows: &mut Rows,
    ) -> Result<u64> {
        let what = || match count {
            Some(count) => format!("feature {} of {count}", n + 1),
            None => format!("feature {}", n + 1),
        };
        if offset.saturating_add(4) > self.len {
            return Err(self.truncated(offset, &what(), offset.saturating_add(4)));
        }
        let mut size = [0u8; 4];
        self.read_exact_at(offset, &mut size)?;
        let size = u64::from(u32::from_le_bytes(size));
        let end = offset + 4 + size;
        if end > self.len {
            return Err(self.truncated(offset, &what(), end));
        }
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        crate::io::reserve(&mut buf, 4 + size as usize, || format!("a feature of {}", self.path.display()))?;
        buf.resize(4 + size as usize, 0);
        buf[..4].copy_from_slice(&(size as u32).to_le_bytes());
        self.read_exact_at(offset + 4, &mut buf[4..])?;
        let parsed = flatgeobuf::size_prefixed_root_as_feature(&buf)
            .map_err(|e| format!("{} is damaged: {e}", what()))
            .and_then(|feature| {
                rows.push(&feature, dataset_type, n as u64 + 1).map_err(|e| format!("{}: {e}", what()))
            });
        self.buf = buf;
        parsed.map_err(|message| self.error(offset, message))?;
        Ok(end)
    }
}

/// The field type a column type reads as.
fn field_type_of(column_type: ColumnType) -> Option<FieldType> {
    Some(match column_type {
        ColumnType::Bool => FieldType::Bool,
        ColumnType::Byte
        | ColumnType::UByte
        | ColumnType::Short
        | ColumnType::UShort
        | ColumnType::Int
        | ColumnType::UInt
        | ColumnType::Long => FieldType::Integer,
        // GDAL reads ULong as a float (OFTReal): 64-bit unsigned values do not fit an integer.
        ColumnType::ULong | ColumnType::Float | ColumnType::Double => FieldType::Float,
        ColumnType::String | ColumnType::Json | ColumnType::Binary => FieldType::String,
        ColumnType::DateTime => FieldType::Datetime,
        _ => return None,
    })
}

/// The CRS a header names, as GDAL reads it: the organization's code when PROJ knows it (EPSG
/// when no organization is named, as the specification says), else its WKT identified by PROJ;
/// with a note on how it was read and, for a definition PROJ cannot read, the problem.
fn crs_of(crs: Option<flatgeobuf::Crs<'_>>) -> (Crs, Option<String>, Option<String>) {
    let Some(crs) = crs else { return (Crs::WGS84, None, None) };
    let organization = crs.org().unwrap_or("EPSG").to_ascii_uppercase();
    if let Ok(code) = u32::try_from(crs.code())
        && code > 0
    {
        let coded = match organization.as_str() {
            "EPSG" => Some(Crs::epsg(code)),
            "ESRI" => Some(Crs::esri(code)),
            _ => None,
        };
        if let Some(crs) = coded.filter(|c| c.info().is_ok()) {
            return (crs, None, None);
        }
    }
    let definition = crs.wkt().map(str::trim).filter(|w| !w.is_empty()).map(str::to_owned).or_else(|| {
        crs.code_string().filter(|c| !c.is_empty()).map(|c| format!("{}:{c}", crs.org().unwrap_or("EPSG")))
    });
    match definition {
        Some(text) => match super::super::crs_wkt::crs_of_definition(&text, "FlatGeobuf header") {
            Ok((crs, note)) => (crs, note, None),
            Err(problem) => (Crs::WGS84, None, Some(problem)),
        },
        None => (
            Crs::WGS84,
            None,
            Some(format!("the FlatGeobuf header names {organization} code {}, which PROJ does not know", crs.code())),
        ),
    }
}

/// The positions of a LineString, CircularString or CompoundCurve (whose parts are lines and
/// circular strings), curves made into lines.
fn curve_positions(
    geometry: &flatgeobuf::Geometry<'_>,
    kind: GeometryType,
    curved: &mut Kinds,
) -> Result<Vec<Coord<f64>>, String> {
    match kind {
        GeometryType::LineString => coords_of(geometry),
        GeometryType::CircularString => {
            curved.add(CurveKind::CircularString);
            curves::circular_string(&coords_of(geometry)?)
        }
        GeometryType::CompoundCurve => {
            curved.add(CurveKind::CompoundCurve);
            let mut components = Vec::new();
            for part in geometry.parts().iter().flatten() {
                components.push(match part.type_() {
                    kind @ (GeometryType::LineString | GeometryType::CircularString) => {
                        curve_positions(&part, kind, curved)?
                    }
                    other => {
                        return Err(format!(
                            "a CompoundCurve holds a part of type {other:?}, not a LineString or CircularString"
                        ));
                    }
                });
            }
            curves::join_components(components)
        }
        other => Err(format!("a curve is of type {other:?}, not a LineString, CircularString or CompoundCurve")),
    }
}

/// The parts of a CurvePolygon or MultiCurve, each a LineString, CircularString or
/// CompoundCurve, as positions; `what` names a part in errors.
fn curve_parts(
    geometry: &flatgeobuf::Geometry<'_>,
    curved: &mut Kinds,
    what: &str,
) -> Result<Vec<Vec<Coord<f64>>>, String> {
    let mut parts = Vec::new();
    for part in geometry.parts().iter().flatten() {
        match part.type_() {
            kind @ (GeometryType::LineString | GeometryType::CircularString | GeometryType::CompoundCurve) => {
                parts.push(curve_positions(&part, kind, curved)?);
            }
            other => {
                return Err(format!("{what} is of type {other:?}, not a LineString, CircularString or CompoundCurve"));
            }
        }
    }
    Ok(parts)
}

/// The coordinates of a geometry's `xy`.
fn coords_of(geometry: &flatgeobuf::Geometry<'_>) -> Result<Vec<Coord<f64>>, String> {
    let Some(xy) = geometry.xy() else { return Ok(Vec::new()) };
    let bytes = xy.bytes();
    if bytes.len() % 16 != 0 {
        return Err("a geometry has an odd number of coordinate values".to_owned());
    }
    Ok(bytes
        .chunks_exact(16)
        .map(|c| Coord { x: f64::from_le_bytes(array(&c[..8])), y: f64::from_le_bytes(array(&c[8..])) })
        .collect())
}

/// Splits coordinates at a geometry's `ends` (one part when it has none).
fn split_parts(geometry: &flatgeobuf::Geometry<'_>, coords: Vec<Coord<f64>>) -> Result<Vec<Vec<Coord<f64>>>, String> {
    let Some(ends) = geometry.ends().filter(|e| !e.is_empty()) else {
        return Ok(if coords.is_empty() { Vec::new() } else { vec![coords] });
    };
    let mut parts = Vec::with_capacity(ends.len());
    let mut start = 0usize;
    for end in ends.iter() {
        let end = end as usize;
        if end < start || end > coords.len() {
            return Err(format!(
                "a part ends at position {end}, outside the {} positions of its geometry",
                coords.len()
            ));
        }
        parts.push(coords[start..end].to_vec());
        start = end;
    }
    Ok(parts)
}

/// A geometry from its FlatBuffer; `kind` is the dataset's type (`Unknown`: the geometry says).
/// Curves are made into lines, their kinds added to `curved`.
pub(super) fn decode_geometry(
    geometry: &flatgeobuf::Geometry<'_>,
    kind: GeometryType,
    problem: &mut Option<&'static str>,
    curved: &mut Kinds,
) -> Result<Option<Geometry<f64>>, String> {
    decode_nested(geometry, kind, problem, curved, 0)
}

/// [`decode_geometry`] of a geometry inside `levels` collections.
fn decode_nested(
    geometry: &flatgeobuf::Geometry<'_>,
    kind: GeometryType,
    problem: &mut Option<&'static str>,
    curved: &mut Kinds,
    levels: usize,
) -> Result<Option<Geometry<f64>>, String> {
    let kind = if kind == GeometryType::Unknown { geometry.type_() } else { kind };
    let is_multi = matches!(
        kind,
        GeometryType::MultiPoint
            | GeometryType::MultiLineString
            | GeometryType::MultiPolygon
            | GeometryType::GeometryCollection
    );
    if is_multi && levels == crate::io::MAX_NESTING {
        return Err(crate::io::too_deep());
    }
    let mut note = |p: &'static str| {
        problem.get_or_insert(p);
    };
    let geometry = match kind {
        GeometryType::Point => match coords_of(geometry)?.first() {
            Some(c) => Geometry::Point(Point(*c)),
            None => return Ok(None),
        },
        GeometryType::MultiPoint => {
            Geometry::MultiPoint(MultiPoint::new(coords_of(geometry)?.into_iter().map(Point).collect()))
        }
        GeometryType::LineString => Geometry::LineString(make_line(coords_of(geometry)?, &mut note)),
        GeometryType::MultiLineString => {
            let coords = coords_of(geometry)?;
            let lines = split_parts(geometry, coords)?.into_iter().map(|l| make_line(l, &mut note)).collect();
            Geometry::MultiLineString(MultiLineString::new(lines))
        }
        GeometryType::Polygon => {
            let coords = coords_of(geometry)?;
            Geometry::Polygon(make_polygon(split_parts(geometry, coords)?, &mut note))
        }
        GeometryType::MultiPolygon => {
            let polygons = match geometry.parts() {
                Some(parts) => parts
                    .iter()
                    .map(|part| {
                        let coords = coords_of(&part)?;
                        Ok(make_polygon(split_parts(&part, coords)?, &mut note))
                    })
                    .collect::<Result<Vec<_>, String>>()?,
                None => {
                    let coords = coords_of(geometry)?;
                    let rings = split_parts(geometry, coords)?;
                    if rings.is_empty() { Vec::new() } else { vec![make_polygon(rings, &mut note)] }
                }
            };
            Geometry::MultiPolygon(MultiPolygon::new(polygons))
        }
        GeometryType::GeometryCollection => {
            let mut members = Vec::new();
            for part in geometry.parts().iter().flatten() {
                if let Some(member) = decode_nested(&part, GeometryType::Unknown, problem, curved, levels + 1)? {
                    members.push(member);
                }
            }
            Geometry::GeometryCollection(GeometryCollection::new_from(members))
        }
        GeometryType::CircularString | GeometryType::CompoundCurve => {
            Geometry::LineString(make_line(curve_positions(geometry, kind, curved)?, &mut note))
        }
        GeometryType::CurvePolygon => {
            curved.add(CurveKind::CurvePolygon);
            let rings = curve_parts(geometry, curved, "a CurvePolygon's ring")?;
            Geometry::Polygon(make_polygon(rings, &mut note))
        }
        GeometryType::MultiCurve => {
            curved.add(CurveKind::MultiCurve);
            let lines = curve_parts(geometry, curved, "a MultiCurve's part")?;
            Geometry::MultiLineString(MultiLineString::new(
                lines.into_iter().map(|l| make_line(l, &mut note)).collect(),
            ))
        }
        GeometryType::MultiSurface => {
            curved.add(CurveKind::MultiSurface);
            let mut polygons = Vec::new();
            for part in geometry.parts().iter().flatten() {
                let rings = match part.type_() {
                    GeometryType::Polygon => split_parts(&part, coords_of(&part)?)?,
                    GeometryType::CurvePolygon => {
                        curved.add(CurveKind::CurvePolygon);
                        curve_parts(&part, curved, "a CurvePolygon's ring")?
                    }
                    other => return Err(format!("a MultiSurface holds a part of type {other:?}, not a polygon")),
                };
                polygons.push(make_polygon(rings, &mut note));
            }
            Geometry::MultiPolygon(MultiPolygon::new(polygons))
        }
        other => {
            return Err(format!(
                "geometry type {other:?} is not supported (RustGIS reads points, lines, polygons, their multi forms and collections)"
            ));
        }
    };
    Ok(Some(geometry))
}
