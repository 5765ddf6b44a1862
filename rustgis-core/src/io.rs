//! Reading and writing vector data files and project files.
//!
//! Every reader returns [`ReadData`]: fields with their types, features, the CRS the file
//! declares and notices. Every writer goes through [`atomic::write_file`], so a file is either
//! fully written or not touched.

pub mod atomic;
pub(crate) mod crs_wkt;
pub mod csv;
pub(crate) mod curves;
pub mod flatgeobuf;
pub mod geojson;
#[cfg(feature = "geoparquet")]
pub mod geoparquet;
#[cfg(feature = "geopackage")]
pub mod gpkg;
pub mod gpx;
pub mod kml;
pub mod project_file;
pub mod shapefile;
pub(crate) mod wkb;
pub(crate) mod wkt_geometry;
pub(crate) mod xml;
pub(crate) mod zipped;

use std::fs::File;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use geo::{Coord, LineString, Polygon};

use crate::error::{Error, Result};
use crate::layer::{Crs, Extent, Feature, Field, Layer};
use crate::value::FieldType;

/// How many levels of multi-part geometries and geometry collections one geometry may nest,
/// counting its own: 32 nested `GEOMETRYCOLLECTION`s read, the 33rd is refused, in every format
/// (WKT, WKB, GeoJSON, KML, FlatGeobuf), as GDAL refuses it ("Too many recursion levels (32)").
/// The readers count as they go rather than recursing without a bound, and nothing downstream of
/// a reader (measures, drawing, writers) recurses deeper than this.
pub const MAX_NESTING: usize = 32;

/// The stack of the thread [`read_path_watched`] reads on (`layer.open`'s reads): the readers
/// are tested at their deepest legal nesting on a thread of exactly this size
/// (`tests/core/nesting.rs`), in debug builds, whose frames are the largest.
pub const READ_STACK: usize = 8 << 20;

/// The message of a geometry that nests one level deeper than [`MAX_NESTING`].
pub(crate) fn too_deep() -> String {
    format!(
        "multi-part geometries and collections nest deeper than {MAX_NESTING} levels; RustGIS reads at most \
         {MAX_NESTING}, as GDAL does"
    )
}

/// Opens a file to read: once, without blocking (`O_NONBLOCK`: opening a FIFO with no writer, or
/// a device, returns at once instead of waiting), then checked on that descriptor (`fstat`) to be
/// a regular file. A FIFO, `/dev/stdin`, a device or a folder is refused, naming what it is.
/// Readers use the returned descriptor for the whole read and never open the path again, so a
/// file swapped for a FIFO after the check is never opened (O_NONBLOCK has no effect on reads of
/// a regular file).
pub fn open_regular(path: &Path) -> Result<File> {
    let cannot_read = |source| Error::Io { action: "cannot read", path: path.to_owned(), cause: source };
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(rustix::fs::OFlags::NONBLOCK.bits() as i32);
    }
    let file = options.open(path).map_err(cannot_read)?;
    let kind = file.metadata().map_err(cannot_read)?.file_type();
    if !kind.is_file() {
        return Err(cannot_read(not_regular(kind)));
    }
    Ok(file)
}

/// Why a file that is not a regular file is not read.
fn not_regular(kind: std::fs::FileType) -> std::io::Error {
    let what = if kind.is_dir() { "a folder" } else { "not a regular file (a pipe, FIFO, socket or device)" };
    std::io::Error::new(
        std::io::ErrorKind::InvalidInput,
        format!("it is {what}; RustGIS reads data and projects only from regular files"),
    )
}

/// At most the first `max + 1` bytes of a regular file ([`open_regular`], one descriptor): a
/// caller that finds more than `max` refuses the file in its own words.
pub fn read_regular(path: &Path, max: u64) -> Result<Vec<u8>> {
    use std::io::Read;
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes).map_err(|cause| Error::Io {
        action: "cannot read",
        path: path.to_owned(),
        cause,
    })?;
    Ok(bytes)
}

/// A data file opened once to be read ([`open_regular`]): `layer.open` looks at its first bytes
/// and hands it to the format's reader, which reads through the same descriptor.
#[derive(Debug)]
pub struct DataFile {
    file: File,
    path: std::path::PathBuf,
}

impl DataFile {
    /// Opens `path` with [`open_regular`]. When there is no such file, a save of a set of files
    /// keyed by it (a Shapefile's `.shp`, a GeoPackage) may have been killed while its key was
    /// moved aside: that save is finished first ([`atomic::recover_beside`]), then the path is
    /// opened again.
    pub fn open(path: &Path) -> Result<DataFile> {
        let file = match open_regular(path) {
            Err(Error::Io { cause, .. }) if cause.kind() == std::io::ErrorKind::NotFound => {
                atomic::recover_beside(path, &[]);
                open_regular(path)?
            }
            other => other?,
        };
        Ok(DataFile { file, path: path.to_owned() })
    }

    /// The path it was opened at.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Its size in bytes, from the descriptor.
    pub fn len(&self) -> Result<u64> {
        self.file.metadata().map(|m| m.len()).map_err(|cause| self.cannot_read(cause))
    }

    /// Whether it is empty.
    pub fn is_empty(&self) -> Result<bool> {
        self.len().map(|len| len == 0)
    }

    /// Up to its first `n` bytes, read at offset 0 without moving the descriptor's position.
    pub fn head(&self, n: usize) -> Result<Vec<u8>> {
        let mut head = vec![0; n];
        let mut filled = 0;
        while filled < n {
            match read_at(&self.file, &mut head[filled..], filled as u64) {
                Ok(0) => break,
                Ok(got) => filled += got,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(self.cannot_read(e)),
            }
        }
        head.truncate(filled);
        Ok(head)
    }

    /// Whether the path still names the file this descriptor reads (the same device and inode):
    /// for readers that must let a library open the path itself (SQLite), checked afterwards.
    pub fn is_at_its_path(&self) -> Result<bool> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            let ours = self.file.metadata().map_err(|cause| self.cannot_read(cause))?;
            Ok(std::fs::metadata(&self.path)
                .is_ok_and(|theirs| theirs.dev() == ours.dev() && theirs.ino() == ours.ino()))
        }
        #[cfg(not(unix))]
        {
            Ok(true)
        }
    }

    /// A second descriptor of the same open file (sharing its position: [`DataFile::rewound`]
    /// before reading from the start again).
    pub(crate) fn try_clone(&self) -> Result<File> {
        self.file.try_clone().map_err(|cause| self.cannot_read(cause))
    }

    /// The file with its position back at its start, for a second reader after a first pass.
    pub(crate) fn rewound(self) -> Result<DataFile> {
        use std::io::Seek;
        (&self.file).rewind().map_err(|cause| self.cannot_read(cause))?;
        Ok(self)
    }

    /// The descriptor, for a reader.
    pub(crate) fn into_file(self) -> File {
        self.file
    }

    fn cannot_read(&self, cause: std::io::Error) -> Error {
        Error::Io { action: "cannot read", path: self.path.clone(), cause }
    }
}

/// Reads at `offset` without moving the file's position.
pub(crate) fn read_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    #[cfg(unix)]
    {
        std::os::unix::fs::FileExt::read_at(file, buf, offset)
    }
    #[cfg(windows)]
    {
        std::os::windows::fs::FileExt::seek_read(file, buf, offset)
    }
}

/// A shared descriptor read from its own position with [`read_at`], so several readers (threads
/// drawing tiles of one raster) use one open file without seeking it under each other.
#[derive(Debug, Clone)]
pub(crate) struct SharedFile {
    file: Arc<File>,
    position: u64,
}

impl SharedFile {
    /// A reader of `file` from its start.
    pub(crate) fn new(file: Arc<File>) -> SharedFile {
        SharedFile { file, position: 0 }
    }
}

impl std::io::Read for SharedFile {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = read_at(&self.file, buf, self.position)?;
        self.position += n as u64;
        Ok(n)
    }
}

impl std::io::Seek for SharedFile {
    fn seek(&mut self, to: std::io::SeekFrom) -> std::io::Result<u64> {
        let base = match to {
            std::io::SeekFrom::Start(at) => {
                self.position = at;
                return Ok(at);
            }
            std::io::SeekFrom::End(delta) => (self.file.metadata()?.len(), delta),
            std::io::SeekFrom::Current(delta) => (self.position, delta),
        };
        self.position = base.0.checked_add_signed(base.1).ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "a seek before the start of the file")
        })?;
        Ok(self.position)
    }
}

/// The notice for a file that names no CRS: its coordinates are taken as EPSG:4326, and when
/// they cannot be longitude/latitude (beyond ±180/±90) the notice says so with their extent.
pub(crate) fn no_crs_notice(why: &str, features: &[Feature]) -> String {
    let extent =
        features.iter().filter_map(|f| f.geometry.as_ref().and_then(Extent::of_geometry)).reduce(|a, b| a.union(&b));
    match extent {
        Some(e) if e.min_x < -180.0 || e.max_x > 180.0 || e.min_y < -90.0 || e.max_y > 90.0 => format!(
            "{why}: the coordinates are taken as EPSG:4326, but they reach x {:.0} to {:.0}, y {:.0} to {:.0}, which \
             are not longitude/latitude; open the file with \"crs\" naming its CRS (crs.search finds codes)",
            e.min_x, e.max_x, e.min_y, e.max_y
        ),
        _ => format!(
            "{why}: the coordinates are taken as EPSG:4326 (longitude/latitude); open the file with \"crs\" if they \
             are in another CRS"
        ),
    }
}

/// Features and their schema, as read from a file, before they become a layer.
#[derive(Debug, Clone)]
pub struct ReadData {
    /// The fields, in first-seen order.
    pub fields: Vec<Field>,
    /// The features; ids are 1-based positions unless the file gave integer ids.
    pub features: Vec<Feature>,
    /// The CRS the file declares, EPSG:4326 otherwise.
    pub crs: Crs,
    /// Warnings worth telling the user (invalid geometries kept, for example).
    pub notices: Vec<String>,
    /// Why the CRS the file declares could not be read (then `crs` means nothing): reading fails
    /// with it unless the caller names the CRS.
    pub crs_problem: Option<String>,
}

/// The vector file formats RustGIS reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// GeoJSON (RFC 7946), `.geojson` or `.json`.
    GeoJson,
    /// FlatGeobuf, `.fgb`.
    FlatGeobuf,
    /// ESRI Shapefile: `.shp` with `.shx`, `.dbf` and optional `.prj`/`.cpg`, or a `.zip` of them.
    Shapefile,
    /// OGC GeoPackage, `.gpkg` (an SQLite database of feature tables).
    GeoPackage,
    /// Comma- or tab-separated values with coordinate or WKT columns, `.csv` or `.tsv`.
    Csv,
    /// KML placemarks, `.kml`, or zipped as `.kmz`.
    Kml,
    /// GPX waypoints, routes and tracks, `.gpx`.
    Gpx,
    /// GeoParquet 1.0/1.1/2.0 (Parquet with `geo` metadata, WKB or GeoArrow geometries), and Parquet
    /// with a GEOMETRY or GEOGRAPHY column, `.parquet` or `.geoparquet`.
    GeoParquet,
    /// GeoTIFF and Cloud Optimized GeoTIFF rasters, `.tif` or `.tiff` (read by `crate::raster`, not
    /// into features: `layer.open` makes a raster layer).
    GeoTiff,
}

/// What RustGIS does with one file format: the list that file dialogs and the docs are made from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FormatInfo {
    /// The format.
    pub format: Format,
    /// The name used in parameters and project files (`shapefile`).
    pub name: &'static str,
    /// The name people know it by (`ESRI Shapefile`).
    pub label: &'static str,
    /// The file name extensions, lowercase, without the dot; the first is the one written.
    pub extensions: &'static [&'static str],
    /// Whether `layer.open` reads it.
    pub reads: bool,
    /// Whether `layer.export` writes it.
    pub writes: bool,
}

/// Every format RustGIS reads or writes, in the order file dialogs list them.
pub const FORMATS: &[FormatInfo] = &[
    FormatInfo {
        format: Format::GeoJson,
        name: "geojson",
        label: "GeoJSON",
        extensions: &["geojson", "json"],
        reads: true,
        writes: true,
    },
    FormatInfo {
        format: Format::FlatGeobuf,
        name: "flatgeobuf",
        label: "FlatGeobuf",
        extensions: &["fgb"],
        reads: true,
        writes: true,
    },
    FormatInfo {
        format: Format::Shapefile,
        name: "shapefile",
        label: "ESRI Shapefile",
        extensions: &["shp", "zip"],
        reads: true,
        writes: true,
    },
    FormatInfo {
        format: Format::GeoPackage,
        name: "geopackage",
        label: "GeoPackage",
        extensions: &["gpkg"],
        reads: true,
        writes: true,
    },
    FormatInfo {
        format: Format::Csv,
        name: "csv",
        label: "CSV / TSV (coordinates or WKT)",
        extensions: &["csv", "tsv"],
        reads: true,
        writes: true,
    },
    FormatInfo {
        format: Format::Kml,
        name: "kml",
        label: "KML / KMZ",
        extensions: &["kml", "kmz"],
        reads: true,
        writes: true,
    },
    FormatInfo { format: Format::Gpx, name: "gpx", label: "GPX", extensions: &["gpx"], reads: true, writes: true },
    FormatInfo {
        format: Format::GeoParquet,
        name: "geoparquet",
        label: "GeoParquet",
        extensions: &["parquet", "geoparquet"],
        reads: true,
        writes: true,
    },
    FormatInfo {
        format: Format::GeoTiff,
        name: "geotiff",
        label: "GeoTIFF / COG (raster)",
        extensions: &["tif", "tiff"],
        reads: true,
        writes: false,
    },
];

impl Format {
    /// What RustGIS does with this format.
    pub fn info(self) -> &'static FormatInfo {
        FORMATS.iter().find(|info| info.format == self).expect("FORMATS lists every format")
    }

    /// The name used in parameters and project files: `geojson`, `flatgeobuf`, `shapefile`, …
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The format a name or an extension stands for (`geojson`, `json`, `shp`, `gpkg`, any case).
    pub fn from_name(name: &str) -> Option<Format> {
        let lower = name.to_ascii_lowercase();
        let lower = match lower.as_str() {
            "gpkg" | "sqlite" => "geopackage",
            "shp" | "esri shapefile" => "shapefile",
            "tsv" => "csv",
            "kmz" => "kml",
            "parquet" => "geoparquet",
            "cog" | "gtiff" => "geotiff",
            other => other,
        };
        FORMATS.iter().find(|info| info.name == lower || info.extensions.contains(&lower)).map(|info| info.format)
    }

    /// The format a file name's extension says.
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        path.extension().and_then(|e| e.to_str()).and_then(Format::from_name)
    }

    /// The format the first bytes of a file show, when they show one for certain.
    pub fn sniff(head: &[u8]) -> Option<Format> {
        Looks::of(head).format()
    }
}

/// The extensions RustGIS reads, for a file dialog's filter: `["geojson", "json", "fgb", …]`.
pub fn readable_extensions() -> Vec<&'static str> {
    FORMATS.iter().filter(|info| info.reads).flat_map(|info| info.extensions.iter().copied()).collect()
}

/// Whether `path` ends in `.extension`, in any case.
pub(crate) fn has_extension(path: &Path, extension: &str) -> bool {
    path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case(extension))
}

/// What the first bytes of a file look like, to refuse a file that is not what its name says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Looks {
    FlatGeobuf,
    Sqlite,
    Shp,
    Zip,
    Parquet,
    Tiff,
    Json,
    Kml,
    Gpx,
    OtherXml,
    Text,
    Binary,
}

impl Looks {
    /// Looks at up to the first 512 bytes of a file.
    pub(crate) fn of(head: &[u8]) -> Looks {
        if head.starts_with(b"fgb") {
            return Looks::FlatGeobuf;
        }
        if head.starts_with(b"SQLite format 3\0") {
            return Looks::Sqlite;
        }
        if head.starts_with(&[0, 0, 0x27, 0x0a]) {
            return Looks::Shp;
        }
        if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
            return Looks::Zip;
        }
        if head.starts_with(b"PAR1") {
            return Looks::Parquet;
        }
        if [b"II*\0", b"MM\0*", b"II+\0", b"MM\0+"].iter().any(|magic| head.starts_with(*magic)) {
            return Looks::Tiff;
        }
        let text = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        match text.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'{') => Looks::Json,
            Some(b'<') => {
                let lower = text.to_ascii_lowercase();
                if memchr::memmem::find(&lower, b"<kml").is_some() {
                    Looks::Kml
                } else if memchr::memmem::find(&lower, b"<gpx").is_some() {
                    Looks::Gpx
                } else {
                    Looks::OtherXml
                }
            }
            _ if text.contains(&0) => Looks::Binary,
            _ => Looks::Text,
        }
    }

    /// The format this content certainly is, if any.
    pub(crate) fn format(self) -> Option<Format> {
        match self {
            Looks::FlatGeobuf => Some(Format::FlatGeobuf),
            Looks::Sqlite => Some(Format::GeoPackage),
            Looks::Shp => Some(Format::Shapefile),
            Looks::Json => Some(Format::GeoJson),
            Looks::Kml => Some(Format::Kml),
            Looks::Gpx => Some(Format::Gpx),
            Looks::Parquet => Some(Format::GeoParquet),
            Looks::Tiff => Some(Format::GeoTiff),
            _ => None,
        }
    }

    /// Words for the error message.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Looks::FlatGeobuf => "a FlatGeobuf file (.fgb)",
            Looks::Sqlite => "an SQLite database (a GeoPackage is .gpkg)",
            Looks::Shp => "a Shapefile's .shp",
            Looks::Zip => "a zip archive (.zip of a Shapefile, or .kmz)",
            Looks::Parquet => "a Parquet file (GeoParquet is .parquet or .geoparquet)",
            Looks::Tiff => "a TIFF image (GeoTIFF is .tif or .tiff)",
            Looks::Json => "JSON text (GeoJSON is .geojson or .json)",
            Looks::Kml => "KML (.kml)",
            Looks::Gpx => "GPX (.gpx)",
            Looks::OtherXml => "XML that is neither KML nor GPX",
            Looks::Text => "plain text",
            Looks::Binary => "binary data of no format RustGIS knows",
        }
    }

    /// Whether a file that looks like this can be of `format` (a reader still checks it fully).
    pub(crate) fn fits(self, format: Format, path: &std::path::Path) -> bool {
        let ext = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        match format {
            Format::GeoJson => matches!(self, Looks::Json | Looks::Text | Looks::Binary),
            Format::FlatGeobuf => matches!(self, Looks::FlatGeobuf | Looks::Binary | Looks::Text),
            Format::Shapefile if ext.as_deref() == Some("zip") => self == Looks::Zip,
            Format::Shapefile => matches!(self, Looks::Shp | Looks::Binary | Looks::Zip),
            Format::GeoPackage => self == Looks::Sqlite,
            Format::Csv => self == Looks::Text,
            Format::Kml => matches!(self, Looks::Kml | Looks::Zip | Looks::OtherXml),
            Format::Gpx => matches!(self, Looks::Gpx | Looks::OtherXml),
            Format::GeoParquet => self == Looks::Parquet,
            Format::GeoTiff => self == Looks::Tiff,
        }
    }
}

/// How to read a data file, beyond its path and format.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Keep only features whose bounding box meets this, in the file's CRS.
    pub bbox: Option<Extent>,
    /// The layer inside the file: the GeoPackage table to read (needed when the file has more
    /// than one), the KML folder whose placemarks to read (all of them when unset), or the GPX
    /// layer as GDAL names it (`track_points`…; waypoints, routes and tracks when unset).
    pub table: Option<String>,
    /// How to find geometries and types in a CSV file.
    pub csv: CsvOptions,
    /// The CRS of the coordinates, over what the file says (or lacks).
    pub crs: Option<Crs>,
}

impl ReadOptions {
    /// Options that only limit the read to a bbox.
    pub fn bbox(bbox: Option<Extent>) -> ReadOptions {
        ReadOptions { bbox, ..ReadOptions::default() }
    }

    /// Whether reading the file with default options gives the same layer (so the file can stand
    /// for the layer in a project file).
    pub(crate) fn is_default_but_bbox(&self) -> bool {
        self.table.is_none() && self.csv == CsvOptions::default() && self.crs.is_none()
    }
}

/// How to read a CSV or TSV file; everything is sniffed when left unset.
#[derive(Debug, Clone, Default, PartialEq)]
#[non_exhaustive]
pub struct CsvOptions {
    /// The column holding longitudes (or x).
    pub x: Option<String>,
    /// The column holding latitudes (or y).
    pub y: Option<String>,
    /// The column holding WKT geometries.
    pub wkt: Option<String>,
    /// The delimiter byte (`,`, `;`, tab or `|`).
    pub delimiter: Option<u8>,
    /// Field types that override inference, by column name.
    pub types: Vec<(String, FieldType)>,
    /// How the types of columns without one (from `types` or a `.csvt`) are worked out.
    pub detect_types: csv::TypeDetection,
}

/// How to write a data file, beyond its path and format.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct WriteOptions {
    /// For CSV: write geometries as one WKT column (`wkt`, the default) or as `lon`/`lat` columns
    /// of points (`xy`).
    pub csv_geometry: CsvGeometry,
    /// For GeoPackage: the table to write (default: the layer name).
    pub table: Option<String>,
}

/// How a CSV file holds geometries when written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum CsvGeometry {
    /// One `WKT` column.
    #[default]
    Wkt,
    /// `lon` and `lat` columns (points only).
    Xy,
}

/// Reads a data file of a known format.
pub fn read_path(path: &Path, format: Format, options: &ReadOptions) -> Result<ReadData> {
    read_data_file(DataFile::open(path)?, format, options)
}

/// Reads a data file already opened ([`DataFile::open`]) through its descriptor; the path is not
/// opened again (a Shapefile's other members and a GeoPackage's SQLite files are opened beside it,
/// each once).
pub fn read_data_file(file: DataFile, format: Format, options: &ReadOptions) -> Result<ReadData> {
    let path = file.path().to_owned();
    let path = path.as_path();
    if let (Some(table), false) = (&options.table, matches!(format, Format::GeoPackage | Format::Kml | Format::Gpx)) {
        return Err(Error::invalid(
            "table",
            format!(
                "{} holds one layer, so there is no '{}' to choose; \"table\" names a GeoPackage table, a KML folder \
                 or a GPX layer",
                path.display(),
                crate::error::clip(table)
            ),
        ));
    }
    let mut data = match format {
        Format::GeoJson => geojson::read(file.into_file(), path, options.bbox),
        Format::FlatGeobuf => flatgeobuf::read_opened(file.into_file(), path, options.bbox),
        Format::Shapefile => shapefile::read_opened(file.into_file(), path, options.bbox),
        #[cfg(feature = "geopackage")]
        Format::GeoPackage => gpkg::read_opened(&file, options.table.as_deref(), options.bbox),
        #[cfg(not(feature = "geopackage"))]
        Format::GeoPackage => Err(not_built(path, "GeoPackage", "geopackage")),
        Format::Csv => csv::read_opened(file.into_file(), path, &options.csv, options.crs, options.bbox),
        Format::Kml => kml::read_opened(file, options.bbox, options.table.as_deref()),
        Format::Gpx => gpx::read_table(xml::buffered(file.into_file()), path, options.bbox, options.table.as_deref()),
        #[cfg(feature = "geoparquet")]
        Format::GeoParquet => geoparquet::read_opened(file.into_file(), path, options.bbox),
        #[cfg(not(feature = "geoparquet"))]
        Format::GeoParquet => Err(not_built(path, "GeoParquet", "geoparquet")),
        Format::GeoTiff => Err(raster_not_features(path)),
    }?;
    match (options.crs, data.crs_problem.take()) {
        (Some(crs), problem) => {
            data.crs = crs;
            if let Some(problem) = problem {
                data.notices.push(format!("{problem}; {crs}, as given, is used"));
            }
        }
        (None, Some(problem)) => {
            return Err(Error::Data {
                path: path.to_owned(),
                position: "its CRS".to_owned(),
                message: format!("{problem}; open it with \"crs\" naming its CRS (crs.search finds codes)"),
            });
        }
        (None, None) => {}
    }
    check_coordinates(&mut data);
    Ok(data)
}

/// Features whose coordinates cannot be on a map, named in the notices: a coordinate that is not
/// a number (NaN or infinity: a binary format can hold them) is no place at all, so that feature
/// is kept without its geometry; a latitude beyond ±90° in a layer whose CRS is longitude and
/// latitude (a GPX with `lat="95"`, a file without a CRS taken as EPSG:4326) is kept as read.
fn check_coordinates(data: &mut ReadData) {
    use geo::CoordsIter;
    const SHOWN: usize = 10;
    let ids = |ids: &[u64], n: usize| {
        let mut text = ids.iter().take(SHOWN).map(u64::to_string).collect::<Vec<_>>().join(", ");
        if n > SHOWN {
            text.push_str(", …");
        }
        text
    };
    let geographic = data.crs.is_geographic();
    let (mut not_numbers, mut n_not_numbers) = (Vec::new(), 0);
    let (mut off_earth, mut n_off_earth) = (Vec::new(), 0);
    for feature in &mut data.features {
        let Some(geometry) = &feature.geometry else { continue };
        let mut finite = true;
        let mut beyond_pole = false;
        for coord in geometry.coords_iter() {
            finite &= coord.x.is_finite() && coord.y.is_finite();
            beyond_pole |= geographic && coord.y.abs() > 90.0;
        }
        if !finite {
            feature.geometry = None;
            n_not_numbers += 1;
            if not_numbers.len() < SHOWN {
                not_numbers.push(feature.id);
            }
        } else if beyond_pole {
            n_off_earth += 1;
            if off_earth.len() < SHOWN {
                off_earth.push(feature.id);
            }
        }
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if n_not_numbers > 0 {
        data.notices.push(format!(
            "{n_not_numbers} feature{} had coordinates that are not numbers (NaN or infinity) and were loaded without \
             geometry (ids {}); their attributes are kept",
            plural(n_not_numbers),
            ids(&not_numbers, n_not_numbers)
        ));
    }
    if n_off_earth > 0 {
        data.notices.push(format!(
            "{n_off_earth} feature{} latitudes beyond ±90° (ids {}), which are not on the Earth in {}: they were \
             loaded as read; if the file's coordinates are in another CRS, open it again with \"crs\"",
            if n_off_earth == 1 { " has" } else { "s have" },
            ids(&off_earth, n_off_earth),
            data.crs
        ));
    }
}

/// [`read_path`] on a thread of its own, watched: when `progress` is cancelled (or its run-time
/// limit passes), this returns `Cancelled` (naming `command`) within a fraction of a second, and
/// the read stops at its next feature (readers look at their thread's stop flag between
/// features); nothing it read is kept.
pub fn read_path_watched(
    path: &Path,
    format: Format,
    options: &ReadOptions,
    progress: &dyn crate::progress::Progress,
    command: &str,
) -> Result<ReadData> {
    read_watched(DataFile::open(path)?, format, options, progress, command)
}

/// [`read_path_watched`] of a file already opened: it is read through its descriptor.
pub fn read_watched(
    file: DataFile,
    format: Format,
    options: &ReadOptions,
    progress: &dyn crate::progress::Progress,
    command: &str,
) -> Result<ReadData> {
    let stop = Arc::new(AtomicBool::new(false));
    let (send, receive) = std::sync::mpsc::channel();
    let (options, thread_stop) = (options.clone(), stop.clone());
    let spawned = std::thread::Builder::new().name("rustgis-read".to_owned()).stack_size(READ_STACK).spawn(move || {
        STOP.with(|flag| *flag.borrow_mut() = Some(thread_stop));
        // The receiver is gone when the read was cancelled: nobody wants the result then.
        if send.send(read_data_file(file, format, &options)).is_err() {}
    });
    if let Err(e) = spawned {
        return Err(Error::Failed(format!("cannot start reading the file ({e})")));
    }
    loop {
        match receive.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(result) => return result,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) if progress.is_cancelled() => {
                stop.store(true, Ordering::Relaxed);
                return Err(Error::Cancelled(command.to_owned()));
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {}
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(Error::Failed("the file's reader stopped unexpectedly".to_owned()));
            }
        }
    }
}

/// A buffer of `len` zero bytes, or [`Error::OutOfMemory`] (naming `what`) when the memory cannot
/// be had: sizes that input controls never abort the host.
pub(crate) fn zeroed(len: usize, what: impl FnOnce() -> String) -> Result<Vec<u8>> {
    let mut buf = Vec::new();
    reserve(&mut buf, len, what)?;
    buf.resize(len, 0);
    Ok(buf)
}

/// Reserves room for `additional` more items in `buf`, or [`Error::OutOfMemory`] naming `what`.
pub(crate) fn reserve<T>(buf: &mut Vec<T>, additional: usize, what: impl FnOnce() -> String) -> Result<()> {
    buf.try_reserve_exact(additional).map_err(|_| Error::OutOfMemory {
        what: what(),
        bytes: (additional as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })
}

/// The whole of a regular file opened at `path`, with its memory reserved first (a file larger
/// than the memory there is is an error, not an abort).
pub(crate) fn read_whole_of(mut file: File, path: &Path) -> Result<Vec<u8>> {
    use std::io::Read;
    let io = |source| Error::Io { action: "cannot read", path: path.to_owned(), cause: source };
    let len = file.metadata().map_err(io)?.len();
    let mut buf = Vec::new();
    let len = usize::try_from(len).unwrap_or(usize::MAX);
    reserve(&mut buf, len, || format!("reading {}", path.display()))?;
    file.read_to_end(&mut buf).map_err(io)?;
    Ok(buf)
}

thread_local! {
    /// The stop flag of a read running on its own thread ([`read_path_watched`]).
    static STOP: std::cell::RefCell<Option<Arc<AtomicBool>>> = const { std::cell::RefCell::new(None) };
}

/// An error when this thread's read was abandoned; readers call it between features.
pub(crate) fn check_stop(path: &Path) -> Result<()> {
    let stopped = STOP.with(|flag| flag.borrow().as_ref().is_some_and(|f| f.load(Ordering::Relaxed)));
    if stopped { Err(Error::Cancelled(format!("reading {}", path.display()))) } else { Ok(()) }
}

/// Writes a layer as `format` at `path`, atomically. Returns the bytes written (all files of a
/// Shapefile) and notices (fields renamed to fit, for example).
pub fn write_path(
    layer: &Layer,
    path: &Path,
    format: Format,
    overwrite: bool,
    options: &WriteOptions,
) -> Result<(u64, Vec<String>)> {
    match format {
        Format::GeoJson => {
            Ok((atomic::write_file(path, overwrite, |out| geojson::write(layer, out, path))?, Vec::new()))
        }
        Format::FlatGeobuf => {
            Ok((atomic::write_file(path, overwrite, |out| flatgeobuf::write(layer, out, path))?, Vec::new()))
        }
        Format::Shapefile => shapefile::write_files(layer, path, overwrite),
        #[cfg(feature = "geopackage")]
        Format::GeoPackage => gpkg::write_file(layer, path, options.table.as_deref(), overwrite),
        #[cfg(not(feature = "geopackage"))]
        Format::GeoPackage => Err(not_built(path, "GeoPackage", "geopackage")),
        Format::Csv => Ok((
            atomic::write_file(path, overwrite, |out| csv::write(layer, out, path, options.csv_geometry))?,
            Vec::new(),
        )),
        Format::Kml if has_extension(path, "kmz") => {
            let mut document = Vec::new();
            kml::write(layer, &mut document, path)?;
            let archive = zipped::archive_of(&[("doc.kml".to_owned(), document)]).map_err(|e| Error::Io {
                action: "cannot write",
                path: path.to_owned(),
                cause: std::io::Error::other(e.to_string()),
            })?;
            let bytes = atomic::write_bytes(path, overwrite, &archive)?;
            Ok((bytes, Vec::new()))
        }
        Format::Kml => Ok((atomic::write_file(path, overwrite, |out| kml::write(layer, out, path))?, Vec::new())),
        Format::Gpx => Ok((atomic::write_file(path, overwrite, |out| gpx::write(layer, out, path))?, Vec::new())),
        #[cfg(feature = "geoparquet")]
        Format::GeoParquet => {
            Ok((atomic::write_file(path, overwrite, |out| geoparquet::write(layer, out, path))?, Vec::new()))
        }
        #[cfg(not(feature = "geoparquet"))]
        Format::GeoParquet => Err(not_built(path, "GeoParquet", "geoparquet")),
        Format::GeoTiff => Err(Error::invalid(
            "path",
            format!("{} names a GeoTIFF, a raster format; a vector layer is written to another format", path.display()),
        )),
    }
}

/// The error of reading a raster file as features.
fn raster_not_features(path: &Path) -> Error {
    Error::invalid(
        "path",
        format!(
            "{} is a GeoTIFF raster: it holds cells, not features; layer.open reads it as a raster layer",
            path.display()
        ),
    )
}

/// The notice for geometries that were read but are not valid: how many, and the first ids.
pub(crate) fn invalid_notice(count: usize, first: &[(u64, &str)]) -> String {
    let ids: Vec<String> = first.iter().map(|(id, _)| id.to_string()).collect();
    let more = if count > first.len() { ", …" } else { "" };
    let what = first.first().map(|(id, problem)| format!("; feature {id}: {problem}")).unwrap_or_default();
    format!(
        "{count} feature{} with invalid geometry loaded as read (ids {}{more}){what}; results of measurements and overlays on them may be wrong",
        if count == 1 { "" } else { "s" },
        ids.join(", "),
    )
}

pub(crate) fn make_line(coords: Vec<Coord<f64>>, note: &mut impl FnMut(&'static str)) -> LineString<f64> {
    if coords.len() < 2 {
        note("a line has fewer than 2 positions");
    }
    LineString::new(coords)
}

/// A polygon from rings (the first is the exterior). Rings are closed as geo closes them; what
/// makes the polygon invalid is passed to `note`.
pub(crate) fn make_polygon(rings: Vec<Vec<Coord<f64>>>, note: &mut impl FnMut(&'static str)) -> Polygon<f64> {
    for ring in &rings {
        if ring.len() < 4 {
            note("a ring has fewer than 4 positions");
        } else if ring.first() != ring.last() {
            note("a ring is not closed (its first and last positions differ; it was closed on reading)");
        }
    }
    let mut rings = rings.into_iter().map(LineString::new);
    let exterior = rings.next().unwrap_or_else(|| LineString::new(Vec::new()));
    Polygon::new(exterior, rings.collect())
}

#[cfg(test)]
mod guard_tests {
    use std::path::Path;
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;

    use super::{STOP, geojson, zeroed};
    use crate::error::Error;

    #[test]
    fn a_buffer_the_computer_cannot_give_is_an_error_naming_its_size_not_an_abort() {
        let out = zeroed(1 << 62, || "reading huge.shp".to_owned());
        match out {
            Err(Error::OutOfMemory { what, bytes }) => {
                assert_eq!((what.as_str(), bytes), ("reading huge.shp", 1 << 62))
            }
            other => panic!("{:?}", other.map(|b| b.len())),
        }
    }

    #[test]
    fn a_reader_whose_read_was_abandoned_stops_at_the_next_feature() {
        let text = r#"{"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#;
        STOP.with(|flag| *flag.borrow_mut() = Some(Arc::new(AtomicBool::new(true))));
        let out = geojson::read(text.as_bytes(), Path::new("big.geojson"), None);
        STOP.with(|flag| *flag.borrow_mut() = None);
        assert!(matches!(out, Err(Error::Cancelled(ref what)) if what == "reading big.geojson"), "{out:?}");
        assert!(geojson::read(text.as_bytes(), Path::new("big.geojson"), None).is_ok(), "without the flag it reads");
    }
}

/// The error for a format whose reader and writer this build leaves out (a cargo feature of
/// rustgis-core that is off).
#[cfg(not(all(feature = "geoparquet", feature = "geopackage")))]
fn not_built(path: &Path, format: &str, feature: &str) -> Error {
    Error::invalid(
        "path",
        format!(
            "{} is a {format} file, and this build of RustGIS has no {format} support (rustgis-core was built \
             without its \"{feature}\" feature); GeoJSON, FlatGeobuf, Shapefile, CSV, KML and GPX are always there",
            path.display()
        ),
    )
}
