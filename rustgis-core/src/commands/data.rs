//! `layer.open` and `layer.export`: layers from and to data files, the format chosen by name or
//! `format` and checked against the file's first bytes.

use std::path::PathBuf;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx, ReadPath, WritePath};
use crate::commands::project::check_layer_name;
use crate::commands::raster::{RasterDescription, describe};
use crate::error::{Error, Result};
use crate::feature::GeometryKind;
use crate::io::project_file::absolute;
use crate::io::{self, CsvGeometry, Format, Looks, ReadOptions, WriteOptions};
use crate::layer::{Crs, Extent, Field, Layer, LayerSource, ReadSnapshot};
use crate::policy::Access;
use crate::value::FieldType;

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("layer.open")
            .summary("Add a layer from a data file (GeoJSON, FlatGeobuf, Shapefile, GeoPackage, CSV, KML, GPX, GeoParquet)")
            .doc("Reads `.geojson`/`.json` (GeoJSON), `.fgb` (FlatGeobuf), `.shp` or a `.zip` holding one (Shapefile), \
             `.gpkg` (GeoPackage), `.csv`/`.tsv`, `.kml`/`.kmz`, `.gpx` or `.parquet`/`.geoparquet` (GeoParquet), and adds it on top as the active layer (on a map that shows the whole world or nothing yet, the view zooms to it with a \
             margin); \
             `format` names the format when the extension is missing or misleading. Attribute types are kept: \
             integers stay integers, dates stay dates, nulls stay null (GeoJSON and CSV types are inferred per \
             field; `types` overrides them for CSV, a `.csvt` beside a CSV gives them as GDAL reads it, and \
             `detect_types: \"gdal\"` works them out by GDAL's AUTODETECT_TYPE rules). A KML's folders are read as one \
             layer unless `table` names one. Curved geometries are read as lines, as GDAL linearises them. A \
             GeoPackage attribute table and a CSV without coordinates open as tables: layers without geometry. The CRS is read where the file gives one (`.prj`, \
             `gpkg_spatial_ref_sys`, GeoParquet's PROJJSON); `crs` overrides it. A GeoPackage with several tables answers with their \
             names and asks for `table`. CSV points come from lon/lat columns found by name (or `x`/`y`), or \
             geometries from a WKT column (`wkt`); rows whose coordinates cannot be read are loaded without \
             geometry and listed by line. With `bbox`, only features whose bounding box meets it are read \
             (FlatGeobuf's and GeoPackage's spatial indexes, and GeoParquet's row-group statistics, find them without reading the rest). A file that is \
             damaged, truncated, hostile (a zip bomb, an endless line) or not what its name says is refused with \
             the place of the problem and nothing is added. Geometries that are invalid but readable are loaded \
             and listed in the notices. Relative paths are resolved against the project file's folder.")
            .examples(&[
                r#"layer.open {"path": "data/parcels.shp"}"#,
                r#"layer.open {"path": "countries.geojson", "name": "Europe", "bbox": [-25, 34, 45, 72]}"#,
                r#"layer.open {"path": "survey.gpkg", "table": "wells"}"#,
                r#"layer.open {"path": "stations.csv", "x": "east", "y": "north", "crs": "EPSG:32633"}"#,
                r#"layer.open {"path": "survey.csv", "detect_types": "gdal"}"#,
            ])
            .access(Access::READS_FILES)
            .long()
            .edits_returning(open),
        CommandDef::build("layer.export")
            .on_features_or_database()
            .summary("Write a layer to a data file (GeoJSON, FlatGeobuf, Shapefile, GeoPackage, CSV, KML, GPX, GeoParquet)")
            .doc("The format comes from `format`, else from the extension (`.geojson`/`.json`, `.fgb`, `.shp`/`.zip`, \
             `.gpkg`, `.csv`, `.kml`, `.gpx`, `.parquet`). Every file is written beside its target under a temporary name, \
             flushed to disk and then renamed, so a failure never leaves half a file. An existing file is replaced \
             only with `\"overwrite\": true`. The result gives the size of what was written. FlatGeobuf files get \
             a spatial index and a `fid` column that keeps feature ids and order. A Shapefile is written as its \
             `.shp`, `.shx`, `.dbf`, `.prj` and `.cpg` (or one `.zip` of them); field names are cut to 10 \
             characters (each renamed field is named in the notices), and what a Shapefile cannot hold (mixed \
             geometry kinds, texts over 254 bytes) is refused. A GeoPackage gets a new table (`table`, default \
             the layer's name) with its R-tree index and the triggers that keep it right; the file's other tables are kept as they were. CSV holds \
             geometries as WKT or, with `\"csv_geometry\": \"xy\"`, as lon/lat columns of points. GeoParquet \
             is written as 1.1 with WKB geometries, a bbox covering column and the CRS as PROJJSON. With `dsn` \
             instead of `path`, the layer goes into a new PostGIS table (`table`, `schema.table`): CREATE TABLE \
             with the fields' types, an `fid` primary key and a geometry column with the layer's SRID, the rows \
             through COPY, then a GiST index, in one transaction (a PostGIS layer streams from its database).")
            .examples(&[
                r#"layer.export {"layer": "cities", "path": "cities.fgb"}"#,
                r#"layer.export {"path": "out/countries.geojson", "overwrite": true}"#,
                r#"layer.export {"layer": "parcels", "path": "survey.gpkg", "table": "parcels"}"#,
                r#"layer.export {"layer": "cities", "path": "cities.csv", "csv_geometry": "xy"}"#,
            ])
            .access(Access::WRITES_FILES.and(Access::NETWORK))
            .long()
            .reads_returning(export),
    ]
}

/// A data file format.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum FormatParam {
    /// GeoJSON (RFC 7946).
    #[serde(alias = "json")]
    Geojson,
    /// FlatGeobuf, with a spatial index.
    #[serde(alias = "fgb")]
    Flatgeobuf,
    /// ESRI Shapefile (`.shp` with `.shx`, `.dbf`, `.prj`, `.cpg`; or a `.zip` of them).
    #[serde(alias = "shp")]
    Shapefile,
    /// GeoPackage (`.gpkg`).
    #[serde(alias = "gpkg")]
    Geopackage,
    /// CSV or TSV with coordinate or WKT columns.
    #[serde(alias = "tsv")]
    Csv,
    /// KML (`.kml`, or zipped `.kmz`).
    #[serde(alias = "kmz")]
    Kml,
    /// GPX waypoints, routes and tracks.
    Gpx,
    /// GeoParquet 1.0/1.1 (`.parquet`, `.geoparquet`).
    #[serde(alias = "parquet")]
    Geoparquet,
    /// GeoTIFF or Cloud Optimized GeoTIFF (`.tif`, `.tiff`): a raster layer.
    #[serde(alias = "tif", alias = "tiff", alias = "cog")]
    Geotiff,
}

impl From<FormatParam> for Format {
    fn from(format: FormatParam) -> Format {
        match format {
            FormatParam::Geojson => Format::GeoJson,
            FormatParam::Flatgeobuf => Format::FlatGeobuf,
            FormatParam::Shapefile => Format::Shapefile,
            FormatParam::Geopackage => Format::GeoPackage,
            FormatParam::Csv => Format::Csv,
            FormatParam::Kml => Format::Kml,
            FormatParam::Gpx => Format::Gpx,
            FormatParam::Geoparquet => Format::GeoParquet,
            FormatParam::Geotiff => Format::GeoTiff,
        }
    }
}

/// Parameters of `layer.open`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct OpenParams {
    /// The file: `.geojson`/`.json`, `.fgb`, `.shp`/`.zip`, `.gpkg`, `.csv`/`.tsv`, `.kml`/`.kmz`, `.gpx`,
    /// `.parquet`/`.geoparquet`, or a raster: `.tif`/`.tiff` (GeoTIFF, COG).
    /// Relative paths resolve against the project file's folder.
    path: ReadPath,
    /// The new layer's name (default: the file name without its extension, numbered if taken).
    name: Option<String>,
    /// Read only features whose bounding box meets `[min_x, min_y, max_x, max_y]`, in the file's CRS.
    bbox: Option<[f64; 4]>,
    /// The format, when the extension is missing or misleading (default: from the extension).
    format: Option<FormatParam>,
    /// GeoPackage: the table to read (needed when the file holds more than one). KML/KMZ: the
    /// folder whose placemarks to read, as GDAL reads each folder as a layer (default: all).
    /// GPX: `waypoints`, `routes`, `tracks`, `route_points` or `track_points` (each point with
    /// its elevation and time), as GDAL names them (default: waypoints, routes and tracks).
    table: Option<String>,
    /// CSV: the column of longitudes (default: lon, lng, long, longitude or x, any case).
    x: Option<String>,
    /// CSV: the column of latitudes (default: lat, latitude or y, any case).
    y: Option<String>,
    /// CSV: the column of WKT geometries (default: wkt, geometry, geom, the_geom, wkt_geom or shape).
    wkt_column: Option<String>,
    /// CSV: the delimiter, one character (default: sniffed from `,` `;` tab `|`).
    delimiter: Option<String>,
    /// CSV: field types by column name, over the inferred ones (`{"zip": "string"}`).
    types: Option<std::collections::BTreeMap<String, FieldType>>,
    /// CSV: how the types of the other columns are worked out: `rustgis` (the default: integer,
    /// float, `true`/`false`, dates, date-times, else text), `gdal` (GDAL's AUTODETECT_TYPE=YES
    /// rules: also yes/no, y/n, t/f booleans and UTC offsets) or `none` (all text, as GDAL reads a
    /// CSV by default).
    detect_types: Option<crate::io::csv::TypeDetection>,
    /// The CRS of the coordinates (`EPSG:3857`), over what the file says or lacks (default: the
    /// file's, else EPSG:4326).
    crs: Option<String>,
}

/// What `layer.open` returns: the layer of features or the raster layer it added.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum Opened {
    /// A layer of features.
    Features {
        /// The new layer's name.
        layer: String,
        /// The absolute path read.
        path: PathBuf,
        /// The format read (`geojson`, `shapefile`, `csv`…).
        format: String,
        /// How many features it holds.
        features: usize,
        /// Its fields, in order.
        fields: Vec<Field>,
        /// Its CRS.
        crs: String,
        /// Its geometry.
        geometry: GeometryKind,
    },
    /// A raster layer: its description, where `path` is the file opened, then its name and the
    /// format read.
    Raster(Box<OpenedRaster>),
}

/// `layer.open` of a raster.
#[derive(Debug, Serialize, JsonSchema)]
struct OpenedRaster {
    /// The raster's description.
    #[serde(flatten)]
    raster: RasterDescription,
    /// The new layer's name.
    layer: String,
    /// `geotiff`, or `kml` for a KML ground overlay.
    format: String,
}

fn open(ctx: &mut Ctx<'_>, p: OpenParams) -> Result<Opened> {
    let path = absolute(&ctx.read_path(&p.path)?);
    let bbox = match p.bbox {
        Some([a, b, c, d]) => Some(
            Extent::from_corners(a, b, c, d)
                .ok_or_else(|| Error::invalid("bbox", "give four finite numbers [min_x, min_y, max_x, max_y]"))?,
        ),
        None => None,
    };
    let delimiter = match p.delimiter.as_deref() {
        None => None,
        Some("\\t" | "tab") => Some(b'\t'),
        Some(d) if d.len() == 1 && d.is_ascii() => Some(d.as_bytes()[0]),
        Some(other) => {
            return Err(Error::invalid(
                "delimiter",
                format!("{other:?} is not one ASCII character; use \",\", \";\", \"tab\" or \"|\""),
            ));
        }
    };
    let crs = p.crs.as_deref().map(Crs::parse).transpose().map_err(|message| Error::invalid("crs", message))?;
    let mut options = ReadOptions::bbox(bbox);
    options.table = p.table;
    options.crs = crs;
    options.csv.x = p.x;
    options.csv.y = p.y;
    options.csv.wkt = p.wkt_column;
    options.csv.delimiter = delimiter;
    options.csv.types = p.types.unwrap_or_default().into_iter().collect();
    options.csv.detect_types = p.detect_types.unwrap_or_default();
    // Opened once: the format is told from this descriptor and the reader reads through it.
    let mut file = io::DataFile::open(&path)?;
    let format = format_of_file(&file, p.format.map(Format::from))?;
    if format == Format::GeoTiff {
        ctx.progress(0.0, &format!("reading {}", path.display()));
        let raster = crate::raster::Raster::from_file(file)?;
        return add_raster(ctx, raster, &path, p.name, p.crs.as_deref(), "geotiff");
    }
    // A KML `table` naming a GroundOverlay opens its image as a raster (as GDAL's
    // KMLSUPEROVERLAY driver does); naming a folder, that folder's placemarks.
    if format == Format::Kml
        && let Some(table) = &options.table
    {
        ctx.progress(0.0, &format!("reading {}", path.display()));
        if let Some(raster) = crate::raster::overlay_raster(&file, table)? {
            let name = p.name.or_else(|| Some(ctx.project().unique_name(table)));
            return add_raster(ctx, raster, &path, name, p.crs.as_deref(), "kml");
        }
        file = file.rewound()?;
    }
    ctx.progress(0.0, &format!("reading {}", path.display()));
    let data = io::read_watched(file, format, &options, ctx.progress, "layer.open")?;
    let name = match p.name {
        Some(name) => {
            check_layer_name(&name)?;
            name
        }
        None => {
            let stem = path.file_stem().map_or_else(|| "layer".to_owned(), |s| s.to_string_lossy().into_owned());
            let stem = options.table.clone().unwrap_or(stem);
            ctx.project().unique_name(&stem)
        }
    };
    for notice in data.notices {
        ctx.notice(notice);
    }
    let mut layer = Layer::new(name, data.crs, data.fields, data.features);
    if options.is_default_but_bbox() {
        let snapshot = ReadSnapshot::of(&layer);
        layer.source = LayerSource::File { path: path.clone(), format: format.name().to_owned(), bbox, snapshot };
    }
    let name = ctx.add_layer(layer)?.name.clone();
    ctx.frame_opened_layer(&name);
    let layer = ctx.project().require(&name)?;
    Ok(Opened::Features {
        layer: layer.name.clone(),
        path,
        format: format.name().to_owned(),
        features: layer.features.len(),
        fields: layer.fields.to_vec(),
        crs: layer.crs.to_string(),
        geometry: layer.geometry_kind(),
    })
}

/// `layer.open` of a GeoTIFF: reads its directories (not its cells) and adds a raster layer.
/// Adds `raster`, read from `path` (a GeoTIFF, or a KML ground overlay), as a layer.
fn add_raster(
    ctx: &mut Ctx<'_>,
    raster: crate::raster::Raster,
    path: &std::path::Path,
    name: Option<String>,
    crs: Option<&str>,
    format: &str,
) -> Result<Opened> {
    let name = match name {
        Some(name) => {
            check_layer_name(&name)?;
            name
        }
        None => {
            let stem = path.file_stem().map_or_else(|| "raster".to_owned(), |s| s.to_string_lossy().into_owned());
            ctx.project().unique_name(&stem)
        }
    };
    for notice in &raster.info().notices {
        ctx.notice(notice.clone());
    }
    let given = crs.map(Crs::parse).transpose().map_err(|message| Error::invalid("crs", message))?;
    match (given, raster.info().crs_problem.clone()) {
        (Some(crs), Some(problem)) => ctx.notice(format!("{problem}; {crs}, as given, is used")),
        (None, Some(problem)) => {
            return Err(Error::Data {
                path: path.to_owned(),
                position: "its GeoKeys".to_owned(),
                message: format!("{problem}; open it with \"crs\" naming its CRS (crs.search finds codes)"),
            });
        }
        _ => {}
    }
    let mut layer = Layer::from_raster(name, raster)?;
    if let Some(crs) = given {
        layer.crs = crs;
    }
    let name = ctx.add_layer(layer)?.name.clone();
    ctx.frame_opened_layer(&name);
    let layer = ctx.project().require(&name)?;
    let raster_layer = layer.raster.as_ref().expect("a layer made from a raster is a raster layer");
    let mut raster = describe(layer, raster_layer);
    raster.path = Some(path.to_owned());
    Ok(Opened::Raster(Box::new(OpenedRaster { raster, layer: layer.name.clone(), format: format.to_owned() })))
}

/// The format of an opened regular file: `format`, else its extension, else its first bytes;
/// refused when the first bytes show another format.
fn format_of_file(file: &io::DataFile, format: Option<Format>) -> Result<Format> {
    let path = file.path();
    let head = file.head(512)?;
    if head.is_empty() {
        return Err(Error::Data {
            path: path.to_owned(),
            position: "byte 0".to_owned(),
            message: "the file is empty".to_owned(),
        });
    }
    let looks = Looks::of(&head);
    let by_name = Format::from_extension(path);
    let chosen = match format.or(by_name).or_else(|| Format::sniff(&head)) {
        Some(format) => format,
        None => {
            return Err(Error::invalid(
                "path",
                format!(
                    "cannot tell the format of {}: it looks like {}; RustGIS reads {} (pass \"format\" when the name \
                     has no such extension)",
                    path.display(),
                    looks.describe(),
                    io::FORMATS
                        .iter()
                        .filter(|f| f.reads)
                        .map(|f| format!("{} (.{})", f.label, f.extensions.join(", .")))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    };
    if !looks.fits(chosen, path) {
        let said = if format.is_some() { "\"format\" says" } else { "the name says" };
        let fix = match looks.format() {
            Some(actual) => format!(
                "; open it with \"format\": \"{}\" or rename it to .{}",
                actual.name(),
                actual.info().extensions[0]
            ),
            None => String::new(),
        };
        return Err(Error::Data {
            path: path.to_owned(),
            position: "byte 0".to_owned(),
            message: format!("{said} {} but the file looks like {}{fix}", chosen.info().label, looks.describe()),
        });
    }
    Ok(chosen)
}

/// How a CSV export holds geometries.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum CsvGeometryParam {
    /// One `WKT` column.
    Wkt,
    /// `lon` and `lat` columns (points only).
    Xy,
}

/// Parameters of `layer.export`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct ExportParams {
    /// The layer (default: the caller's active layer).
    layer: Option<String>,
    /// The file to write. Relative paths resolve against the project file's folder. Not with `dsn`.
    path: Option<WritePath>,
    /// Write into a new PostGIS table instead of a file: the connection (`host=… dbname=… user=…`,
    /// `service=name`; no password), with the table in `table` (default: the layer's name).
    dsn: Option<String>,
    /// The format (default: from the extension).
    format: Option<FormatParam>,
    /// Replace the file if it exists (default false: an existing file is an error). For a
    /// GeoPackage, replace the table if it exists (other tables are always kept).
    #[serde(default)]
    overwrite: bool,
    /// GeoPackage or PostGIS (`dsn`): the table to write (default: the layer's name; PostGIS: `schema.table`).
    table: Option<String>,
    /// CSV: geometries as a `WKT` column (`wkt`, the default) or `lon`/`lat` columns (`xy`, points only).
    csv_geometry: Option<CsvGeometryParam>,
}

/// What `layer.export` returns: the file or the PostGIS table written.
#[derive(Debug, Serialize, JsonSchema)]
#[serde(untagged)]
enum Exported {
    /// A file.
    File {
        /// The layer written.
        layer: String,
        /// The absolute path of the file written.
        path: PathBuf,
        /// The format written.
        format: String,
        /// How many features were written.
        features: usize,
        /// The file's size in bytes.
        bytes: u64,
    },
    /// A PostGIS table.
    Table(super::postgis::ExportedTable),
}

fn export(ctx: &mut Ctx<'_>, p: ExportParams) -> Result<Exported> {
    // The path is checked first: a path the caller may not write is refused whatever else is wrong.
    let path = match (&p.path, &p.dsn) {
        (Some(path), None) => absolute(&ctx.write_path(path)?),
        (None, Some(dsn)) => {
            let layer = ctx.layer(p.layer.as_deref())?.clone();
            return super::postgis::export(ctx, &layer, dsn, p.table.as_deref(), p.overwrite).map(Exported::Table);
        }
        _ => return Err(Error::invalid("path", "give either path (a file) or dsn (a PostGIS database), not both")),
    };
    let layer = ctx.layer(p.layer.as_deref())?.clone();
    if layer.postgis().is_some() {
        return Err(Error::invalid(
            "layer",
            format!(
                "'{}' lives in PostGIS: export it to another PostGIS table with dsn, or bring it into memory first \
                 (vector.filter) to write a file",
                layer.name
            ),
        ));
    }
    let format = match p.format {
        Some(format) => Format::from(format),
        None => Format::from_extension(&path).ok_or_else(|| {
            Error::invalid(
                "format",
                format!(
                    "cannot tell the format from the name {}: pass \"format\" (one of {}) or use one of the \
                     extensions {}",
                    path.display(),
                    io::FORMATS.iter().filter(|f| f.writes).map(|f| f.name).collect::<Vec<_>>().join(", "),
                    io::FORMATS
                        .iter()
                        .filter(|f| f.writes)
                        .flat_map(|f| f.extensions.iter().map(|e| format!(".{e}")))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })?,
    };
    let csv_geometry = match p.csv_geometry {
        Some(CsvGeometryParam::Xy) => CsvGeometry::Xy,
        Some(CsvGeometryParam::Wkt) | None => CsvGeometry::Wkt,
    };
    let options = WriteOptions { csv_geometry, table: p.table };
    ctx.progress(0.0, &format!("writing {}", path.display()));
    let overwrite = p.overwrite || ctx.may_replace(&path);
    let (bytes, notices) = io::write_path(&layer, &path, format, overwrite, &options)?;
    for notice in notices {
        ctx.notice(notice);
    }
    Ok(Exported::File {
        layer: layer.name.clone(),
        path,
        format: format.name().to_owned(),
        features: layer.features.len(),
        bytes,
    })
}
