//! Writing FlatGeobuf: the header, a `fid` column, features in Hilbert order behind a packed
//! R-tree.

use std::io::Write;
use std::path::Path;

use flatbuffers::{FlatBufferBuilder, WIPOffset};
use flatgeobuf::packed_r_tree::{NodeItem, PackedRTree, calc_extent};
use flatgeobuf::{ColumnType, GeometryType};
use geo::{Coord, Geometry, LineString, Polygon};

use super::{DATE_MARKER, FID_MARKER};
use crate::error::{Error, Result};
use crate::layer::{Extent, Feature, Layer};
use crate::value::{FieldType, Value};

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
    // As GDAL writes it: the organization and code when the CRS has them, and its WKT 2 always,
    // so a reader without the registry (or a custom CRS) still knows it.
    let organization = match layer.crs.authority() {
        crate::Authority::Epsg => Some("EPSG"),
        crate::Authority::Esri => Some("ESRI"),
        _ => None,
    };
    let wkt = layer.crs.to_wkt2();
    let crs_args = flatgeobuf::CrsArgs {
        org: organization.map(|o| fbb.create_string(o)),
        code: if organization.is_some() { i32::try_from(layer.crs.code()).unwrap_or(0) } else { 0 },
        name: layer.crs.info().ok().map(|info| fbb.create_string(&info.name)),
        wkt: wkt.as_deref().map(|w| fbb.create_string(w)),
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
