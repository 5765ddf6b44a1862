//! FlatGeobuf to and from layers, on the `flatgeobuf` crate's file format definitions and packed
//! R-tree.
//!
//! Reading treats the file as untrusted: every size and offset is checked against the file's
//! length before anything is allocated or read, each feature is verified as a FlatBuffer, and
//! the whole read runs under `catch_unwind`, so a damaged file is an [`Error::Data`] naming the
//! byte offset, never a crash. With a bbox, the file's spatial index picks the features to read.
//!
//! How RustGIS's types map onto FlatGeobuf columns (and back):
//!
//! | field type | column type | notes |
//! |---|---|---|
//! | integer | `Long` | every integer column type reads as integer |
//! | float | `Double` | `Float` reads as float |
//! | bool | `Bool` | |
//! | string | `String` | `Json` reads as its text |
//! | date | `DateTime` | ISO `YYYY-MM-DD`; the column's metadata is `{"rustgis":"date"}` |
//! | datetime | `DateTime` | ISO `YYYY-MM-DDTHH:MM:SS[.mmm]` |
//!
//! Nulls are absent values. Feature ids go in a `fid` column (`ULong`, metadata
//! `{"rustgis":"fid"}`; named `rustgis_fid` when the layer has a `fid` field), because a file
//! with an index stores its features in Hilbert order: on reading, ids and order come back from it.
//! A `DateTime` column without the date marker reads as dates when every value is a plain date.

use std::cell::Cell;
use std::io::{BufReader, Read, Seek, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use flatgeobuf::packed_r_tree::{NodeItem, PackedRTree, calc_extent};
use flatgeobuf::{ColumnType, GeometryType};
use geo::{Coord, Geometry, GeometryCollection, LineString, MultiLineString, MultiPoint, MultiPolygon, Point, Polygon};

use super::{ReadData, invalid_notice, make_line, make_polygon};
use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::{FieldType, Value, parse_date, parse_datetime};

/// The metadata marking the column that holds RustGIS feature ids.
const FID_MARKER: &str = r#"{"rustgis":"fid"}"#;
/// The metadata marking a `DateTime` column that holds dates.
const DATE_MARKER: &str = r#"{"rustgis":"date"}"#;
/// The largest header the reader accepts (as the flatgeobuf crate does).
const MAX_HEADER: u64 = 10 * 1024 * 1024;
/// The smallest a feature can be on disk: its size prefix and an empty table.
const MIN_FEATURE: u64 = 12;

/// Reads a FlatGeobuf file. With `bbox`, reads only the features whose bounding box meets it,
/// through the file's spatial index when it has one.
pub fn read_file(path: &Path, bbox: Option<Extent>) -> Result<ReadData> {
    let file = super::open_regular(path)?;
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

/// Writes a layer as FlatGeobuf with a spatial index, features in Hilbert order, ids in a `fid`
/// column. `origin` names the target in errors.
pub fn write(layer: &Layer, out: &mut impl Write, origin: &Path) -> Result<()> {
    let io = |source| Error::Io { action: "cannot write", path: origin.to_owned(), cause: source };
    let schema = Schema::of(layer);
    let dataset_type = dataset_type(&layer.features);
    let mut encoder = Encoder { fbb: FlatBufferBuilder::new(), xy: Vec::new(), ends: Vec::new(), props: Vec::new() };
    let mut data = Vec::new();
    let mut spans = Vec::with_capacity(layer.features.len());
    let mut nodes = Vec::with_capacity(layer.features.len());
    for (idx, feature) in layer.features.iter().enumerate() {
        let start = data.len();
        encoder.feature(feature, &schema, dataset_type == GeometryType::Unknown, &mut data).map_err(|message| {
            Error::Failed(format!("cannot write feature {} of layer '{}': {message}", feature.id, layer.name))
        })?;
        spans.push((start, data.len() - start));
        let mut node = match feature.geometry.as_ref().and_then(Extent::of_geometry) {
            Some(e) => NodeItem::bounds(e.min_x, e.min_y, e.max_x, e.max_y),
            None => NodeItem::create(0),
        };
        node.offset = idx as u64;
        nodes.push(node);
    }
    let extent = calc_extent(&nodes);
    let indexed = extent.min_x.is_finite() && extent.max_x >= extent.min_x;
    let header = encode_header(layer, &schema, dataset_type, indexed.then_some(&extent));
    out.write_all(&[b'f', b'g', b'b', 3, b'f', b'g', b'b', 0]).map_err(io)?;
    out.write_all(&header).map_err(io)?;
    if indexed {
        sort_by_hilbert(&mut nodes, &extent);
        let mut offset = 0u64;
        let leaves: Vec<NodeItem> = nodes
            .iter()
            .map(|node| {
                let mut leaf = node.clone();
                leaf.offset = offset;
                offset += spans[node.offset as usize].1 as u64;
                leaf
            })
            .collect();
        let tree = PackedRTree::build(&leaves, &extent, PackedRTree::DEFAULT_NODE_SIZE)
            .map_err(|e| Error::Failed(format!("cannot build the spatial index: {e}")))?;
        tree.stream_write(out).map_err(io)?;
    }
    for node in &nodes {
        let (start, size) = spans[node.offset as usize];
        out.write_all(&data[start..start + size]).map_err(io)?;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Writing

/// The columns written for a layer: the id column first, then one per field.
struct Schema {
    fid_name: String,
    columns: Vec<(String, ColumnType, Option<&'static str>)>,
    field_types: Vec<FieldType>,
}

impl Schema {
    fn of(layer: &Layer) -> Schema {
        let taken = |name: &str| layer.fields.iter().any(|f| f.name == name);
        let mut fid_name = "fid".to_owned();
        while taken(&fid_name) {
            fid_name = format!("rustgis_{fid_name}");
        }
        let columns = layer
            .fields
            .iter()
            .map(|f| {
                let (column_type, marker) = match f.field_type {
                    FieldType::Bool => (ColumnType::Bool, None),
                    FieldType::Integer => (ColumnType::Long, None),
                    FieldType::Float => (ColumnType::Double, None),
                    FieldType::String => (ColumnType::String, None),
                    FieldType::Date => (ColumnType::DateTime, Some(DATE_MARKER)),
                    FieldType::Datetime => (ColumnType::DateTime, None),
                };
                (f.name.clone(), column_type, marker)
            })
            .collect();
        Schema { fid_name, columns, field_types: layer.fields.iter().map(|f| f.field_type).collect() }
    }
}

fn encode_header(layer: &Layer, schema: &Schema, dataset_type: GeometryType, extent: Option<&NodeItem>) -> Vec<u8> {
    let mut fbb = FlatBufferBuilder::new();
    let mut columns = Vec::with_capacity(schema.columns.len() + 1);
    let fid_args = flatgeobuf::ColumnArgs {
        name: Some(fbb.create_string(&schema.fid_name)),
        type_: ColumnType::ULong,
        description: Some(fbb.create_string("feature id (RustGIS)")),
        nullable: false,
        unique: true,
        metadata: Some(fbb.create_string(FID_MARKER)),
        ..Default::default()
    };
    columns.push(flatgeobuf::Column::create(&mut fbb, &fid_args));
    for (name, column_type, marker) in &schema.columns {
        let args = flatgeobuf::ColumnArgs {
            name: Some(fbb.create_string(name)),
            type_: *column_type,
            nullable: true,
            metadata: marker.map(|m| fbb.create_string(m)),
            ..Default::default()
        };
        columns.push(flatgeobuf::Column::create(&mut fbb, &args));
    }
    let columns = fbb.create_vector(&columns);
    let crs_args = flatgeobuf::CrsArgs {
        org: Some(fbb.create_string(if layer.crs.epsg_code().is_some() { "EPSG" } else { "ESRI" })),
        code: layer.crs.code() as i32,
        ..Default::default()
    };
    let crs = flatgeobuf::Crs::create(&mut fbb, &crs_args);
    let envelope = extent.map(|e| fbb.create_vector(&[e.min_x, e.min_y, e.max_x, e.max_y]));
    let args = flatgeobuf::HeaderArgs {
        name: Some(fbb.create_string(&layer.name)),
        envelope,
        geometry_type: dataset_type,
        columns: Some(columns),
        features_count: layer.features.len() as u64,
        index_node_size: if extent.is_some() { PackedRTree::DEFAULT_NODE_SIZE } else { 0 },
        crs: Some(crs),
        ..Default::default()
    };
    let header = flatgeobuf::Header::create(&mut fbb, &args);
    fbb.finish_size_prefixed(header, None);
    fbb.finished_data().to_vec()
}

/// Sorts index leaves along a Hilbert curve over the extent (by their centres), as FlatGeobuf
/// writers do so that nearby features sit together in the file and the index. Each key is
/// computed once (`flatgeobuf::packed_r_tree::hilbert_sort` computes two per comparison, which
/// was two thirds of the time writing 135,000 points).
fn sort_by_hilbert(nodes: &mut [NodeItem], extent: &NodeItem) {
    let max = f64::from(u16::MAX);
    let (width, height) = (extent.max_x - extent.min_x, extent.max_y - extent.min_y);
    let scale = |v: f64, min: f64, span: f64| if span > 0.0 { (max * (v - min) / span).floor() as u32 } else { 0 };
    nodes.sort_by_cached_key(|n| {
        let x = scale((n.min_x + n.max_x) / 2.0, extent.min_x, width);
        let y = scale((n.min_y + n.max_y) / 2.0, extent.min_y, height);
        std::cmp::Reverse(hilbert(x, y))
    });
}

/// The position of (x, y) (each 0..65535) along a Hilbert curve. Public-domain code from
/// rawrunprotected/hilbert_curves, as in the flatgeobuf crate.
fn hilbert(x: u32, y: u32) -> u32 {
    let mut a = x ^ y;
    let mut b = 0xFFFF ^ a;
    let mut c = 0xFFFF ^ (x | y);
    let mut d = x & (y ^ 0xFFFF);

    let mut aa = a | (b >> 1);
    let mut bb = (a >> 1) ^ a;
    let mut cc = ((c >> 1) ^ (b & (d >> 1))) ^ c;
    let mut dd = ((a & (c >> 1)) ^ (d >> 1)) ^ d;

    (a, b, c, d) = (aa, bb, cc, dd);
    aa = (a & (a >> 2)) ^ (b & (b >> 2));
    bb = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2));
    cc ^= (a & (c >> 2)) ^ (b & (d >> 2));
    dd ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2));

    (a, b, c, d) = (aa, bb, cc, dd);
    aa = (a & (a >> 4)) ^ (b & (b >> 4));
    bb = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4));
    cc ^= (a & (c >> 4)) ^ (b & (d >> 4));
    dd ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4));

    (a, b, c, d) = (aa, bb, cc, dd);
    cc ^= (a & (c >> 8)) ^ (b & (d >> 8));
    dd ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8));

    a = cc ^ (cc >> 1);
    b = dd ^ (dd >> 1);

    let mut i0 = x ^ y;
    let mut i1 = b | (0xFFFF ^ (i0 | a));

    i0 = (i0 | (i0 << 8)) & 0x00FF00FF;
    i0 = (i0 | (i0 << 4)) & 0x0F0F0F0F;
    i0 = (i0 | (i0 << 2)) & 0x33333333;
    i0 = (i0 | (i0 << 1)) & 0x55555555;

    i1 = (i1 | (i1 << 8)) & 0x00FF00FF;
    i1 = (i1 | (i1 << 4)) & 0x0F0F0F0F;
    i1 = (i1 | (i1 << 2)) & 0x33333333;
    i1 = (i1 | (i1 << 1)) & 0x55555555;

    (i1 << 1) | i0
}

/// The FlatGeobuf type of a geometry.
fn geometry_type(geometry: &Geometry<f64>) -> GeometryType {
    match geometry {
        Geometry::Point(_) => GeometryType::Point,
        Geometry::MultiPoint(_) => GeometryType::MultiPoint,
        Geometry::Line(_) | Geometry::LineString(_) => GeometryType::LineString,
        Geometry::MultiLineString(_) => GeometryType::MultiLineString,
        Geometry::Polygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => GeometryType::Polygon,
        Geometry::MultiPolygon(_) => GeometryType::MultiPolygon,
        Geometry::GeometryCollection(_) => GeometryType::GeometryCollection,
    }
}

/// The one type every geometry has, or `Unknown` (each feature then states its own type, so a
/// mix of polygons and multi-polygons keeps each as it was).
fn dataset_type(features: &[Feature]) -> GeometryType {
    let mut types = features.iter().filter_map(|f| f.geometry.as_ref()).map(geometry_type);
    let Some(first) = types.next() else { return GeometryType::Unknown };
    if types.all(|t| t == first) { first } else { GeometryType::Unknown }
}

/// Reused buffers for encoding features.
struct Encoder<'f> {
    fbb: FlatBufferBuilder<'f>,
    xy: Vec<f64>,
    ends: Vec<u32>,
    props: Vec<u8>,
}

impl<'f> Encoder<'f> {
    /// Appends one size-prefixed feature to `data`.
    fn feature(&mut self, feature: &Feature, schema: &Schema, typed: bool, data: &mut Vec<u8>) -> Result<(), String> {
        self.props.clear();
        self.props.extend_from_slice(&0u16.to_le_bytes());
        self.props.extend_from_slice(&feature.id.to_le_bytes());
        for (idx, (value, field_type)) in feature.attributes.iter().zip(&schema.field_types).enumerate() {
            if value.is_null() {
                continue;
            }
            let column = u16::try_from(idx + 1).map_err(|_| "FlatGeobuf holds at most 65535 columns".to_owned())?;
            self.props.extend_from_slice(&column.to_le_bytes());
            let value = field_type.coerce(value.clone()).map_err(|e| e.to_string())?;
            match value {
                Value::Bool(b) => self.props.push(u8::from(b)),
                Value::Int(i) => self.props.extend_from_slice(&i.to_le_bytes()),
                Value::Float(f) => self.props.extend_from_slice(&f.to_le_bytes()),
                Value::String(text) => self.push_text(&text)?,
                date @ (Value::Date(_) | Value::DateTime(_)) => self.push_text(&date.to_string())?,
                Value::Null => {}
            }
        }
        let geometry = match &feature.geometry {
            Some(g) => Some(self.geometry(g, typed)?),
            None => None,
        };
        let properties = Some(self.fbb.create_vector(&self.props));
        let root = flatgeobuf::Feature::create(
            &mut self.fbb,
            &flatgeobuf::FeatureArgs { geometry, properties, columns: None },
        );
        self.fbb.finish_size_prefixed(root, None);
        data.extend_from_slice(self.fbb.finished_data());
        self.fbb.reset();
        Ok(())
    }

    fn push_text(&mut self, text: &str) -> Result<(), String> {
        let len = u32::try_from(text.len()).map_err(|_| "a text value is longer than 4 GiB".to_owned())?;
        self.props.extend_from_slice(&len.to_le_bytes());
        self.props.extend_from_slice(text.as_bytes());
        Ok(())
    }

    /// Encodes a geometry; `typed` writes its type (for collections and mixed layers).
    fn geometry(
        &mut self,
        geometry: &Geometry<f64>,
        typed: bool,
    ) -> Result<WIPOffset<flatgeobuf::Geometry<'f>>, String> {
        self.xy.clear();
        self.ends.clear();
        let type_ = if typed { geometry_type(geometry) } else { GeometryType::Unknown };
        let mut parts = None;
        match geometry {
            Geometry::Point(p) => self.push_coords([p.0].into_iter())?,
            Geometry::MultiPoint(mp) => self.push_coords(mp.0.iter().map(|p| p.0))?,
            Geometry::Line(line) => self.push_coords([line.start, line.end].into_iter())?,
            Geometry::LineString(ls) => self.push_coords(ls.0.iter().copied())?,
            Geometry::MultiLineString(mls) => self.push_parts(mls.0.iter())?,
            Geometry::Polygon(polygon) => self.push_rings(polygon)?,
            Geometry::Rect(rect) => self.push_rings(&rect.to_polygon())?,
            Geometry::Triangle(triangle) => self.push_rings(&triangle.to_polygon())?,
            Geometry::MultiPolygon(mp) => {
                let mut offsets = Vec::with_capacity(mp.0.len());
                for polygon in &mp.0 {
                    self.xy.clear();
                    self.ends.clear();
                    self.push_rings(polygon)?;
                    offsets.push(self.finish_geometry(GeometryType::Unknown, None));
                }
                parts = Some(self.fbb.create_vector(&offsets));
            }
            Geometry::GeometryCollection(gc) => {
                let mut offsets = Vec::with_capacity(gc.0.len());
                for member in &gc.0 {
                    offsets.push(self.geometry(member, true)?);
                }
                parts = Some(self.fbb.create_vector(&offsets));
            }
        }
        if parts.is_some() {
            self.xy.clear();
            self.ends.clear();
        }
        Ok(self.finish_geometry(type_, parts))
    }

    fn finish_geometry(
        &mut self,
        type_: GeometryType,
        parts: Option<WIPOffset<flatbuffers::Vector<'f, flatbuffers::ForwardsUOffset<flatgeobuf::Geometry<'f>>>>>,
    ) -> WIPOffset<flatgeobuf::Geometry<'f>> {
        let xy = (!self.xy.is_empty()).then(|| self.fbb.create_vector(&self.xy));
        let ends = (self.ends.len() > 1).then(|| self.fbb.create_vector(&self.ends));
        flatgeobuf::Geometry::create(
            &mut self.fbb,
            &flatgeobuf::GeometryArgs { xy, ends, type_, parts, ..Default::default() },
        )
    }

    fn push_coords(&mut self, coords: impl Iterator<Item = Coord<f64>>) -> Result<(), String> {
        for c in coords {
            if !(c.x.is_finite() && c.y.is_finite()) {
                return Err(format!("a coordinate ({}, {}) is not a finite number", c.x, c.y));
            }
            self.xy.push(c.x);
            self.xy.push(c.y);
        }
        Ok(())
    }

    fn push_parts<'l>(&mut self, lines: impl Iterator<Item = &'l LineString<f64>>) -> Result<(), String> {
        for line in lines {
            self.push_coords(line.0.iter().copied())?;
            let end = u32::try_from(self.xy.len() / 2).map_err(|_| "a geometry has too many positions".to_owned())?;
            self.ends.push(end);
        }
        Ok(())
    }

    fn push_rings(&mut self, polygon: &Polygon<f64>) -> Result<(), String> {
        if polygon.exterior().0.is_empty() && polygon.interiors().is_empty() {
            return Ok(());
        }
        self.push_parts(std::iter::once(polygon.exterior()).chain(polygon.interiors()))
    }
}

// ---------------------------------------------------------------------------------------------
// Reading

/// A column as the reader uses it.
struct Column {
    name: String,
    column_type: ColumnType,
    /// Where its values go: a field index, or `None` for the id column.
    field: Option<usize>,
    date_marker: bool,
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
        if !(head.starts_with(b"fgb") && (head_len < 8 || (&magic[4..7] == b"fgb" && magic[7] == 0))) {
            let hint = if super::Format::sniff(head) == Some(super::Format::GeoJson) {
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
        let mut header = super::zeroed(4 + header_size as usize, || format!("the header of {}", path.display()))?;
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
                    super::check_stop(self.path)?;
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
                    super::check_stop(self.path)?;
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
        let mut data = rows.finish(crs);
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
        super::reserve(&mut buf, 4 + size as usize, || format!("a feature of {}", self.path.display()))?;
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
        | ColumnType::Long
        | ColumnType::ULong => FieldType::Integer,
        ColumnType::Float | ColumnType::Double => FieldType::Float,
        ColumnType::String | ColumnType::Json | ColumnType::Binary => FieldType::String,
        ColumnType::DateTime => FieldType::Datetime,
        _ => return None,
    })
}

/// The CRS a header names: an EPSG code, or one found in its WKT; EPSG:4326 otherwise.
fn crs_of(crs: Option<flatgeobuf::Crs<'_>>) -> Crs {
    let Some(crs) = crs else { return Crs::WGS84 };
    let is_epsg = crs.org().is_none_or(|org| org.eq_ignore_ascii_case("EPSG"));
    if is_epsg && crs.code() > 0 {
        return Crs::epsg(crs.code() as u32);
    }
    crs.wkt().and_then(epsg_in_wkt).map_or(Crs::WGS84, Crs::epsg)
}

/// The last `AUTHORITY["EPSG","n"]` or `ID["EPSG",n]` of a WKT text: the code of the whole CRS.
pub(crate) fn epsg_in_wkt(wkt: &str) -> Option<u32> {
    let upper = wkt.to_ascii_uppercase();
    let at =
        upper.rfind("AUTHORITY[\"EPSG\",").map(|i| i + 17).or_else(|| upper.rfind("ID[\"EPSG\",").map(|i| i + 10))?;
    let digits: String =
        upper[at..].chars().skip_while(|c| !c.is_ascii_digit()).take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|c| *c > 0)
}

/// Features and columns as they are read.
struct Rows {
    fields: Vec<Field>,
    columns: Vec<Column>,
    features: Vec<Feature>,
    fids: Vec<Option<u64>>,
    /// What makes each feature's geometry invalid, if anything.
    problems: Vec<Option<&'static str>>,
    n_too_large: usize,
}

impl Rows {
    fn new(fields: Vec<Field>, columns: Vec<Column>) -> Rows {
        Rows { fields, columns, features: Vec::new(), fids: Vec::new(), problems: Vec::new(), n_too_large: 0 }
    }

    /// Adds a feature; `position` (its 1-based place in the file) is its id unless the file has ids.
    fn push(
        &mut self,
        feature: &flatgeobuf::Feature<'_>,
        dataset_type: GeometryType,
        position: u64,
    ) -> Result<(), String> {
        let mut problem = None;
        let geometry = match feature.geometry() {
            Some(g) => decode_geometry(&g, dataset_type, &mut problem)?,
            None => None,
        };
        let mut attributes = vec![Value::Null; self.fields.len()];
        let mut fid = None;
        if let Some(props) = feature.properties() {
            self.decode_properties(props.bytes(), &mut attributes, &mut fid)?;
        }
        self.features.push(Feature { id: position, geometry, attributes });
        self.fids.push(fid);
        self.problems.push(problem);
        Ok(())
    }

    fn decode_properties(&mut self, bytes: &[u8], out: &mut [Value], fid: &mut Option<u64>) -> Result<(), String> {
        let mut at = 0usize;
        while at < bytes.len() {
            let index = bytes.get(at..at + 2).ok_or("the property data ends inside a column number")?;
            let index = u16::from_le_bytes([index[0], index[1]]) as usize;
            at += 2;
            let column = self.columns.get(index).ok_or_else(|| {
                format!("a value for column {index}, but the file declares {} columns", self.columns.len())
            })?;
            let past_end = || format!("the value of '{}' runs past the end of the feature", column.name);
            let fixed = |at: usize, n: usize| bytes.get(at..at + n).ok_or_else(past_end);
            let (value, used) = match column.column_type {
                ColumnType::Bool => (Value::Bool(fixed(at, 1)?[0] != 0), 1),
                ColumnType::Byte => (Value::Int(i64::from(fixed(at, 1)?[0] as i8)), 1),
                ColumnType::UByte => (Value::Int(i64::from(fixed(at, 1)?[0])), 1),
                ColumnType::Short => (Value::Int(i64::from(i16::from_le_bytes(array(fixed(at, 2)?)))), 2),
                ColumnType::UShort => (Value::Int(i64::from(u16::from_le_bytes(array(fixed(at, 2)?)))), 2),
                ColumnType::Int => (Value::Int(i64::from(i32::from_le_bytes(array(fixed(at, 4)?)))), 4),
                ColumnType::UInt => (Value::Int(i64::from(u32::from_le_bytes(array(fixed(at, 4)?)))), 4),
                ColumnType::Long => (Value::Int(i64::from_le_bytes(array(fixed(at, 8)?))), 8),
                ColumnType::ULong => {
                    let v = u64::from_le_bytes(array(fixed(at, 8)?));
                    if column.field.is_none() {
                        *fid = Some(v);
                        (Value::Null, 8)
                    } else {
                        match i64::try_from(v) {
                            Ok(i) => (Value::Int(i), 8),
                            Err(_) => {
                                self.n_too_large += 1;
                                (Value::Null, 8)
                            }
                        }
                    }
                }
                ColumnType::Float => (Value::Float(f64::from(f32::from_le_bytes(array(fixed(at, 4)?)))), 4),
                ColumnType::Double => (Value::Float(f64::from_le_bytes(array(fixed(at, 8)?))), 8),
                ColumnType::String | ColumnType::Json | ColumnType::DateTime | ColumnType::Binary => {
                    let len = u32::from_le_bytes(array(fixed(at, 4)?)) as usize;
                    let content = bytes.get(at + 4..at + 4 + len).ok_or_else(past_end)?;
                    let text = if column.column_type == ColumnType::Binary {
                        content.iter().map(|b| format!("{b:02x}")).collect()
                    } else {
                        String::from_utf8_lossy(content).into_owned()
                    };
                    (Value::String(text), 4 + len)
                }
                other => return Err(format!("column '{}' has an unknown type {other:?}", column.name)),
            };
            at += used;
            if let Some(field) = column.field {
                out[field] = value;
            }
        }
        Ok(())
    }

    /// Keeps the features whose geometry meets `bbox` (for files without an index).
    fn retain_in(&mut self, bbox: &Extent) {
        let keep: Vec<bool> = self
            .features
            .iter()
            .map(|f| f.geometry.as_ref().and_then(Extent::of_geometry).is_some_and(|e| e.intersects(bbox)))
            .collect();
        let mut flags = keep.iter();
        self.features.retain(|_| *flags.next().unwrap_or(&false));
        let mut flags = keep.iter();
        self.fids.retain(|_| *flags.next().unwrap_or(&false));
        let mut flags = keep.iter();
        self.problems.retain(|_| *flags.next().unwrap_or(&false));
    }

    fn finish(mut self, crs: Crs) -> ReadData {
        let mut notices = Vec::new();
        // Date-time columns hold text until here: dates, date-times, or text RustGIS cannot read.
        for (column_idx, column) in self.columns.iter().enumerate() {
            let (ColumnType::DateTime, Some(field)) = (column.column_type, column.field) else { continue };
            let texts = || self.features.iter().filter_map(|f| f.attributes[field].as_str());
            let as_dates = column.date_marker || texts().all(|t| t.len() == 10 && parse_date(t).is_some());
            let converted = if as_dates {
                texts().all(|t| parse_date(t).or_else(|| parse_datetime(t).map(|dt| dt.date())).is_some())
            } else {
                texts().all(|t| parse_datetime(t).or_else(|| parse_date(t).map(|d| d.midnight())).is_some())
            };
            if !converted {
                self.fields[field].field_type = FieldType::String;
                notices.push(format!(
                    "column {column_idx} ('{}') holds date-times RustGIS cannot read (time zones other than Z?); kept as text",
                    column.name
                ));
                continue;
            }
            let field_type = if as_dates { FieldType::Date } else { FieldType::Datetime };
            self.fields[field].field_type = field_type;
            for feature in &mut self.features {
                let value = std::mem::take(&mut feature.attributes[field]);
                feature.attributes[field] = field_type.coerce(value).unwrap_or_default();
            }
        }
        if self.columns.iter().any(|c| c.column_type == ColumnType::Binary) {
            notices.push("binary columns were read as hexadecimal text".to_owned());
        }
        if self.n_too_large > 0 {
            notices.push(format!(
                "{} unsigned values were too large for an integer field and were left empty",
                self.n_too_large
            ));
        }
        // With ids from the file, features come back in id order (an index stores them in
        // Hilbert order). The invalid-geometry rows are looked up before sorting.
        let mut seen = std::collections::HashSet::with_capacity(self.fids.len());
        let file_ids = self.fids.iter().all(|id| id.is_some_and(|id| id > 0 && seen.insert(id)));
        let n_invalid = self.problems.iter().flatten().count();
        if n_invalid > 0 {
            let first: Vec<(u64, &str)> = self
                .problems
                .iter()
                .enumerate()
                .filter_map(|(row, problem)| {
                    let id = if file_ids { self.fids[row].unwrap_or_default() } else { self.features[row].id };
                    problem.map(|p| (id, p))
                })
                .take(5)
                .collect();
            notices.push(invalid_notice(n_invalid, &first));
        }
        if file_ids {
            for (feature, fid) in self.features.iter_mut().zip(&self.fids) {
                feature.id = fid.unwrap_or(feature.id);
            }
            self.features.sort_unstable_by_key(|f| f.id);
        }
        ReadData { fields: self.fields, features: self.features, crs, notices }
    }
}

fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    out.copy_from_slice(&bytes[..N]);
    out
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
fn decode_geometry(
    geometry: &flatgeobuf::Geometry<'_>,
    kind: GeometryType,
    problem: &mut Option<&'static str>,
) -> Result<Option<Geometry<f64>>, String> {
    let kind = if kind == GeometryType::Unknown { geometry.type_() } else { kind };
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
                if let Some(member) = decode_geometry(&part, GeometryType::Unknown, problem)? {
                    members.push(member);
                }
            }
            Geometry::GeometryCollection(GeometryCollection::new_from(members))
        }
        other => {
            return Err(format!(
                "geometry type {other:?} is not supported (RustGIS reads points, lines, polygons, their multi forms and collections)"
            ));
        }
    };
    Ok(Some(geometry))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::geojson;
    use std::io::Cursor;

    fn layer(text: &str) -> Layer {
        let data = geojson::read_str(text, Path::new("t.geojson")).expect("valid GeoJSON");
        Layer::new("t", data.crs, data.fields, data.features)
    }

    fn write_bytes(layer: &Layer) -> Vec<u8> {
        let mut out = Vec::new();
        write(layer, &mut out, Path::new("t.fgb")).expect("writes");
        out
    }

    fn read_bytes(bytes: &[u8], bbox: Option<Extent>) -> Result<ReadData> {
        read(Cursor::new(bytes), bytes.len() as u64, Path::new("t.fgb"), bbox)
    }

    const MIXED: &str = r#"{"type":"FeatureCollection","features":[
        {"type":"Feature","id":5,"properties":{"n":1,"x":1.5,"s":"a","d":"2024-05-01","t":"2024-05-01T10:00:00","b":true},"geometry":{"type":"Point","coordinates":[10,10]}},
        {"type":"Feature","id":2,"properties":{"n":null,"x":null,"s":null,"d":null,"t":null,"b":null},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
        {"type":"Feature","id":9,"properties":{"n":-3,"x":2.0,"s":"é","d":"2020-02-29","t":"2020-02-29T23:59:59.500","b":false},"geometry":null},
        {"type":"Feature","id":1,"properties":{"n":4},"geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,0]],[[0.5,0.5],[1,0.5],[1,1],[0.5,0.5]]],[[[5,5],[6,5],[6,6],[5,5]]]]}},
        {"type":"Feature","id":3,"properties":{},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[0,0],[3,3]]}]}}
    ]}"#;

    #[test]
    fn a_round_trip_keeps_ids_order_types_nulls_and_geometries() {
        let original = layer(MIXED);
        let back = read_bytes(&write_bytes(&original), None).expect("reads back");
        assert_eq!(back.fields, *original.fields);
        let mut expected = (*original.features).clone();
        expected.sort_by_key(|f| f.id);
        assert_eq!(back.features, expected);
    }

    #[test]
    fn a_bbox_read_returns_only_the_features_there() {
        let back = read_bytes(&write_bytes(&layer(MIXED)), Extent::from_corners(4.0, 4.0, 20.0, 20.0)).expect("reads");
        let ids: Vec<u64> = back.features.iter().map(|f| f.id).collect();
        assert_eq!(ids, [1, 5]);
    }

    #[test]
    fn every_truncation_is_refused_with_a_byte_offset() {
        let bytes = write_bytes(&layer(MIXED));
        for cut in [0, 5, 10, 40, bytes.len() / 2, bytes.len() - 1] {
            let err = read_bytes(&bytes[..cut], None).expect_err("truncated");
            let Error::Data { position, .. } = &err else { panic!("{err}") };
            assert!(position.starts_with("byte "), "{cut}: {err}");
        }
    }

    #[test]
    fn damaged_bytes_never_crash_the_reader() {
        let bytes = write_bytes(&layer(MIXED));
        for at in (8..bytes.len()).step_by(7) {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x5a;
            // Either the damage is caught, or it hit a value; it must not panic out.
            if let Err(err) = read_bytes(&damaged, None) {
                assert!(matches!(err, Error::Data { .. }), "{at}: {err}");
            }
        }
    }

    #[test]
    fn files_we_write_are_read_by_the_flatgeobuf_crate_itself() {
        use flatgeobuf::{FallibleStreamingIterator, FeatureProperties, FgbReader};
        let bytes = write_bytes(&layer(MIXED));
        let mut reader =
            FgbReader::open(Cursor::new(&bytes)).expect("header").select_bbox(-1.0, -1.0, 20.0, 20.0).expect("index");
        let mut found = Vec::new();
        while let Some(feature) = reader.next().expect("feature") {
            found.push((feature.property::<u64>("fid").expect("fid"), feature.property::<i64>("n").ok()));
        }
        found.sort_unstable();
        assert_eq!(found, [(1, Some(4)), (2, None), (3, None), (5, Some(1))]);
    }
}
