//! Which column holds a file's geometries, and how to read it: from GeoParquet's `geo` metadata,
//! from Parquet's own GEOMETRY and GEOGRAPHY logical types (Parquet format 2.11, the base of
//! GeoParquet 2.0, which a file may carry without any `geo` metadata), or from both.
//!
//! Without `geo` metadata, the first GEOMETRY or GEOGRAPHY column is read, its CRS taken from the
//! type's `crs` parameter as the Parquet Geospatial definitions give it: none is OGC:CRS84
//! (EPSG:4326), `srid:N` is EPSG:N, `projjson:KEY` is the PROJJSON the file's key-value metadata
//! holds under KEY, and any other value is read as a CRS definition (inline PROJJSON, as
//! GeoParquet 2.0 writes it, WKT or a code), with a notice naming it. A value PROJ cannot read is
//! the read's CRS problem: the open fails unless `crs` is given. Never a quiet EPSG:4326.
//!
//! With both, the `geo` metadata wins where they agree. Where they disagree: CRSs that differ are
//! the read's CRS problem (RustGIS does not guess which is right); a `geo` CRS of `null` (unknown)
//! or one PROJ cannot read gives way to the Parquet type's, with a notice; an encoding that does
//! not fit the column's Arrow type is refused; edges are reported if either says they are not
//! planar.

use std::collections::BTreeSet;

use arrow_schema::{DataType, Schema};
use parquet::basic::{EdgeInterpolationAlgorithm, LogicalType};
use parquet::file::metadata::{KeyValue, ParquetMetaData};
use parquet::schema::types::SchemaDescriptor;
use serde_json::Value as Json;

use super::geoarrow;
use super::metadata::{self, CoveringColumns, GeoColumn, GeoMetadata};
use crate::layer::{Crs, Extent};

/// How the geometry column's values are encoded.
pub(super) enum Encoding {
    /// Well-known binary: GeoParquet's `WKB`, and Parquet's GEOMETRY and GEOGRAPHY types.
    Wkb,
    /// One of GeoArrow's native encodings (GeoParquet 1.1).
    GeoArrow(geoarrow::Layout),
}

/// The geometry column a read decodes, and how.
pub(super) struct GeometryColumn {
    pub(super) name: String,
    /// Its index among the Arrow schema's root fields.
    pub(super) idx: usize,
    pub(super) encoding: Encoding,
    pub(super) crs: Crs,
    /// Why the CRS could not be read, when it could not (see [`crate::io::ReadData`]).
    pub(super) crs_problem: Option<String>,
    pub(super) notices: Vec<String>,
    /// The notice to give when a geometry read has edges that are not planar.
    pub(super) edges_notice: Option<String>,
    /// Every geometry column of the file, this one included: none of them is an attribute.
    pub(super) geometry_columns: BTreeSet<String>,
    pub(super) covering: Option<CoveringColumns>,
    /// The file's bbox from the `geo` metadata.
    pub(super) extent: Option<Extent>,
}

/// Finds the geometry column of a file. The error is where the problem is and what it is.
pub(super) fn find(
    metadata: &ParquetMetaData,
    parquet_schema: &SchemaDescriptor,
    schema: &Schema,
) -> Result<GeometryColumn, (&'static str, String)> {
    let native = native_columns(parquet_schema);
    let key_values = metadata.file_metadata().key_value_metadata().map(Vec::as_slice);
    let mut notices = Vec::new();
    let geo = match metadata::geo_metadata(metadata) {
        Ok(geo) => geo,
        Err(problem) if !native.is_empty() => {
            notices.push(format!(
                "{problem}: it is ignored, and the column '{}' is read by its Parquet {} type",
                native[0].name,
                native[0].type_name()
            ));
            None
        }
        Err(problem) => return Err(("the 'geo' metadata", problem)),
    };
    let mut found = match (&geo, native.first()) {
        (Some(geo), _) => from_geo(geo, &native, schema, key_values)?,
        (None, Some(first)) => from_native(first, schema, key_values)?,
        (None, None) => {
            return Err((
                "schema",
                "the Parquet file has no 'geo' metadata and no column of Parquet's GEOMETRY or GEOGRAPHY type, so it \
                 holds no geometries RustGIS can find (GeoPandas' to_parquet, GDAL, DuckDB's spatial extension and \
                 Parquet 2.11 writers mark them)"
                    .to_owned(),
            ));
        }
    };
    found.geometry_columns.extend(native.iter().map(|n| n.name.clone()));
    if let Some(geo) = &geo {
        found.geometry_columns.extend(geo.columns.keys().cloned());
    }
    let others: Vec<String> =
        found.geometry_columns.iter().filter(|n| **n != found.name).map(|n| format!("'{n}'")).collect();
    if !others.is_empty() {
        notices.push(format!(
            "the file has more geometry columns ({}), which are not read: a layer holds one, and RustGIS reads the \
             primary column '{}'",
            others.join(", "),
            found.name
        ));
    }
    notices.append(&mut found.notices);
    found.notices = notices;
    Ok(found)
}

/// The column the `geo` metadata names primary, reconciled with its Parquet type if it has one.
fn from_geo(
    geo: &GeoMetadata,
    native: &[NativeColumn],
    schema: &Schema,
    key_values: Option<&[KeyValue]>,
) -> Result<GeometryColumn, (&'static str, String)> {
    let name = &geo.primary_column;
    let column = geo.columns.get(name).ok_or_else(|| {
        ("the 'geo' metadata", format!("the primary column '{name}' is not described in \"columns\""))
    })?;
    let idx = schema.index_of(name).map_err(|_| {
        ("schema", format!("the 'geo' metadata names the column '{name}', which the file does not have"))
    })?;
    let encoding = encoding_of(name, column, schema.field(idx).data_type())?;
    let mut edges_note = column
        .edges
        .as_deref()
        .filter(|edges| !edges.eq_ignore_ascii_case("planar"))
        .map(|edges| edges_notice(name, edges, "the 'geo' metadata says"));
    let (mut crs, mut notices, mut crs_problem) = metadata::crs_of(column);
    if let Some(typed) = native.iter().find(|n| n.name == *name) {
        let (typed_crs, typed_notices, typed_problem) = typed.crs(key_values);
        let parquet_type = typed.type_name();
        match (crs_problem.take(), typed_problem) {
            (None, None) if column.crs == Some(Json::Null) => {
                notices = typed_notices;
                notices.push(format!(
                    "the 'geo' metadata says the CRS of '{name}' is unknown; its Parquet {parquet_type} type names \
                     {typed_crs}, which is used"
                ));
                crs = typed_crs;
            }
            (None, None) if typed_crs != crs => {
                crs_problem = Some(format!(
                    "the 'geo' metadata says the CRS of '{name}' is {crs}, but its Parquet {parquet_type} type says \
                     {typed_crs}; RustGIS does not guess which is right"
                ));
            }
            (None, None) => {}
            (Some(problem), None) => {
                notices.push(format!(
                    "{problem}; the column's Parquet {parquet_type} type names {typed_crs}, which is used"
                ));
                crs = typed_crs;
            }
            (None, Some(problem)) => notices.push(format!("{problem}; the 'geo' metadata's CRS, {crs}, is used")),
            (Some(problem), Some(_)) => crs_problem = Some(problem),
        }
        if edges_note.is_none()
            && let Some(edges) = typed.edges
        {
            let planar_in_geo = column.edges.is_some();
            let source = if planar_in_geo {
                "the 'geo' metadata says planar, but its Parquet GEOGRAPHY type says"
            } else {
                "its Parquet GEOGRAPHY type says"
            };
            edges_note = Some(edges_notice(name, edges, source));
        }
    }
    Ok(GeometryColumn {
        name: name.clone(),
        idx,
        encoding,
        crs,
        crs_problem,
        notices,
        edges_notice: edges_note,
        geometry_columns: BTreeSet::from([name.clone()]),
        covering: column.covering_indices(schema),
        extent: column.extent(),
    })
}

/// The first GEOMETRY or GEOGRAPHY column, in a file without `geo` metadata.
fn from_native(
    typed: &NativeColumn,
    schema: &Schema,
    key_values: Option<&[KeyValue]>,
) -> Result<GeometryColumn, (&'static str, String)> {
    let name = &typed.name;
    let idx =
        schema.index_of(name).map_err(|_| ("schema", format!("the column '{name}' is not in the Arrow schema")))?;
    let data_type = schema.field(idx).data_type();
    if !is_binary(data_type) {
        return Err((
            "schema",
            format!("the column '{name}' is a Parquet {} but holds {data_type}, not binary WKB", typed.type_name()),
        ));
    }
    let (crs, notices, crs_problem) = typed.crs(key_values);
    Ok(GeometryColumn {
        name: name.clone(),
        idx,
        encoding: Encoding::Wkb,
        crs,
        crs_problem,
        notices,
        edges_notice: typed.edges.map(|edges| edges_notice(name, edges, "its Parquet GEOGRAPHY type says")),
        geometry_columns: BTreeSet::from([name.clone()]),
        covering: None,
        extent: None,
    })
}

/// The encoding the `geo` metadata gives the column, checked against its Arrow type.
fn encoding_of(name: &str, column: &GeoColumn, data_type: &DataType) -> Result<Encoding, (&'static str, String)> {
    if column.encoding.eq_ignore_ascii_case("WKB") {
        if !is_binary(data_type) {
            return Err((
                "schema",
                format!("the geometry column '{name}' holds {data_type}, not the binary WKB the 'geo' metadata says"),
            ));
        }
        return Ok(Encoding::Wkb);
    }
    let Some(kind) = geoarrow::Kind::from_encoding(&column.encoding) else {
        return Err((
            "the 'geo' metadata",
            format!(
                "the column '{name}' is encoded as '{}', which GeoParquet does not define; RustGIS reads WKB and \
                 GeoArrow's point, linestring, polygon, multipoint, multilinestring and multipolygon",
                column.encoding
            ),
        ));
    };
    geoarrow::Layout::of(kind, data_type).map(Encoding::GeoArrow).map_err(|message| {
        ("schema", format!("the geometry column '{name}' {message}; the 'geo' metadata or the data is wrong"))
    })
}

fn is_binary(data_type: &DataType) -> bool {
    matches!(data_type, DataType::Binary | DataType::LargeBinary | DataType::BinaryView)
}

/// The notice for edges that are not planar, given when a geometry read has edges.
fn edges_notice(name: &str, edges: &str, source: &str) -> String {
    let edges = edges.to_ascii_lowercase();
    format!(
        "{source} the edges of '{name}' are {edges}: a line or polygon side between two vertices follows the \
         shortest path on the Earth, but RustGIS draws and measures it as a straight line in longitude and latitude, \
         so long edges, and edges crossing the antimeridian or passing near a pole, are drawn away from where they \
         lie"
    )
}

/// A root column of Parquet's GEOMETRY or GEOGRAPHY type.
struct NativeColumn {
    name: String,
    /// `None` for GEOMETRY (planar edges); for GEOGRAPHY, how its edges are interpolated.
    edges: Option<&'static str>,
    /// The type's `crs` parameter as written; none is OGC:CRS84.
    crs: Option<String>,
}

/// The root columns of Parquet's GEOMETRY or GEOGRAPHY type, in schema order.
fn native_columns(schema: &SchemaDescriptor) -> Vec<NativeColumn> {
    let fields = schema.root_schema().get_fields();
    fields
        .iter()
        .filter_map(|field| {
            let name = field.name().to_owned();
            match field.get_basic_info().logical_type_ref()? {
                LogicalType::Geometry(typed) => Some(NativeColumn { name, edges: None, crs: typed.crs.clone() }),
                LogicalType::Geography(typed) => Some(NativeColumn {
                    name,
                    edges: Some(edges_name(typed.algorithm.unwrap_or_default())),
                    crs: typed.crs.clone(),
                }),
                _ => None,
            }
        })
        .collect()
}

/// The name the Parquet Geospatial definitions give an edge interpolation algorithm.
fn edges_name(algorithm: EdgeInterpolationAlgorithm) -> &'static str {
    match algorithm {
        EdgeInterpolationAlgorithm::SPHERICAL => "spherical",
        EdgeInterpolationAlgorithm::VINCENTY => "vincenty",
        EdgeInterpolationAlgorithm::THOMAS => "thomas",
        EdgeInterpolationAlgorithm::ANDOYER => "andoyer",
        EdgeInterpolationAlgorithm::KARNEY => "karney",
        EdgeInterpolationAlgorithm::_Unknown(_) => "geodesic (of an algorithm Parquet does not name)",
    }
}

/// The longest part of a `crs` value a notice quotes.
const QUOTED: usize = 60;

impl NativeColumn {
    fn type_name(&self) -> &'static str {
        if self.edges.is_some() { "GEOGRAPHY" } else { "GEOMETRY" }
    }

    /// The CRS the type's `crs` parameter names, with notices on how it was read and the problem
    /// when it cannot be, as [`crate::io::ReadData`] holds them.
    fn crs(&self, key_values: Option<&[KeyValue]>) -> (Crs, Vec<String>, Option<String>) {
        let place = format!("Parquet {} type of '{}'", self.type_name(), self.name);
        let Some(value) = self.crs.as_deref().map(str::trim) else { return (Crs::WGS84, Vec::new(), None) };
        let read =
            |definition: &str, notices: Vec<String>| match super::super::crs_wkt::crs_of_definition(definition, &place)
            {
                Ok((crs, note)) => (crs, notices.into_iter().chain(note).collect(), None),
                Err(problem) => (Crs::WGS84, Vec::new(), Some(problem)),
            };
        let problem = |text: String| (Crs::WGS84, Vec::new(), Some(text));
        if let Some(srid) = strip_prefix_ignoring_case(value, "srid:") {
            return match srid.trim().parse::<u32>() {
                Ok(code) if code > 0 => read(&format!("EPSG:{code}"), Vec::new()),
                _ => problem(format!("the CRS in the {place}, '{value}', names no CRS: an SRID is a positive number")),
            };
        }
        if let Some(key) = strip_prefix_ignoring_case(value, "projjson:") {
            let stored = key_values.into_iter().flatten().find(|kv| kv.key == key).and_then(|kv| kv.value.as_deref());
            return match stored {
                Some(projjson) => read(projjson, Vec::new()),
                None => problem(format!(
                    "the CRS in the {place} is '{value}', the PROJJSON in the file's metadata under '{key}', which \
                     the file does not have"
                )),
            };
        }
        let quoted = match value.char_indices().nth(QUOTED) {
            Some((end, _)) => format!("{}…", &value[..end]),
            None => value.to_owned(),
        };
        match read(value, Vec::new()) {
            (crs, mut notices, None) => {
                notices.insert(
                    0,
                    format!(
                        "the {place} gives its CRS as '{quoted}', neither srid: nor projjson: (the forms Parquet \
                         defines); PROJ reads it as {crs}"
                    ),
                );
                (crs, notices, None)
            }
            (crs, notices, Some(why)) => {
                // `why` is "the CRS in the {place} cannot be read: …": say it once, after the value.
                let why = why.strip_prefix(&format!("the CRS in the {place} ")).unwrap_or(&why);
                let text = format!(
                    "the {place} gives its CRS as '{quoted}', neither srid: nor projjson: (the forms Parquet \
                     defines), and it {why}"
                );
                (crs, notices, Some(text))
            }
        }
    }
}

fn strip_prefix_ignoring_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix).then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn column(crs: &str) -> NativeColumn {
        NativeColumn { name: "geometry".to_owned(), edges: None, crs: Some(crs.to_owned()) }
    }

    #[test]
    fn an_srid_is_its_epsg_code_and_an_srid_of_zero_names_no_crs() {
        assert_eq!(column("srid:2056").crs(None), (Crs::epsg(2056), Vec::new(), None));
        let (_, _, problem) = column("srid:0").crs(None);
        assert!(problem.is_some_and(|p| p.contains("'srid:0', names no CRS")));
    }

    #[test]
    fn a_projjson_key_the_file_lacks_is_a_problem_naming_the_key() {
        let (_, _, problem) = column("projjson:crs_of_geometry").crs(Some(&[]));
        let problem = problem.expect("a problem");
        assert!(problem.contains("under 'crs_of_geometry', which the file does not have"), "{problem}");
    }

    #[test]
    fn a_crs_code_outside_the_parquet_forms_is_read_with_a_notice() {
        let (crs, notices, problem) = column("EPSG:32633").crs(None);
        assert_eq!((crs, problem), (Crs::epsg(32633), None));
        assert!(notices[0].contains("gives its CRS as 'EPSG:32633', neither srid: nor projjson:"), "{notices:?}");
    }
}
