//! Reading and writing vector data files and project files.
//!
//! Every reader returns [`ReadData`]: fields with their types, features, the CRS the file
//! declares and notices. Every writer goes through [`atomic::write_file`], so a file is either
//! fully written or not touched.

pub mod atomic;
pub mod flatgeobuf;
pub mod geojson;
pub mod project_file;

use std::fs::File;
use std::path::Path;

use geo::{Coord, LineString, Polygon};

use crate::error::{Error, Result};
use crate::layer::{Crs, Feature, Field};

/// Opens a file to read only when it is a regular file (after following symlinks): a FIFO,
/// `/dev/stdin`, a device or a folder would block forever or never end, so it is refused before
/// it is opened, naming what it is.
pub fn open_regular(path: &Path) -> Result<File> {
    let cannot_read = |source| Error::Io { action: "cannot read", path: path.to_owned(), source };
    let kind = std::fs::metadata(path).map_err(cannot_read)?.file_type();
    if !kind.is_file() {
        let what = if kind.is_dir() { "a folder" } else { "not a regular file (a pipe, FIFO, socket or device)" };
        return Err(cannot_read(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("it is {what}; RustGIS reads data and projects only from regular files"),
        )));
    }
    File::open(path).map_err(cannot_read)
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
}

/// The vector file formats RustGIS reads and writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// GeoJSON (RFC 7946), `.geojson` or `.json`.
    GeoJson,
    /// FlatGeobuf, `.fgb`.
    FlatGeobuf,
}

impl Format {
    /// The name used in parameters and project files: `geojson`, `flatgeobuf`.
    pub fn name(self) -> &'static str {
        match self {
            Format::GeoJson => "geojson",
            Format::FlatGeobuf => "flatgeobuf",
        }
    }

    /// The format a name stands for (`geojson`, `json`, `flatgeobuf`, `fgb`, any case).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "geojson" | "json" => Some(Format::GeoJson),
            "flatgeobuf" | "fgb" => Some(Format::FlatGeobuf),
            _ => None,
        }
    }

    /// The format a file name's extension says.
    pub fn from_extension(path: &std::path::Path) -> Option<Format> {
        path.extension().and_then(|e| e.to_str()).and_then(Format::from_name)
    }

    /// The format the first bytes of a file show: the FlatGeobuf signature, or JSON text.
    pub fn sniff(head: &[u8]) -> Option<Format> {
        if head.starts_with(b"fgb") {
            return Some(Format::FlatGeobuf);
        }
        let text = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
        match text.iter().find(|b| !b.is_ascii_whitespace()) {
            Some(b'{') => Some(Format::GeoJson),
            _ => None,
        }
    }
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
