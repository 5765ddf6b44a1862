//! The one error type of `rustgis-render`.

use std::path::PathBuf;

use rustgis_core::Crs;

/// `Result` with [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Errors from drawing maps and writing tiles.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A layer's CRS cannot be reprojected to the map's.
    #[error(
        "layer '{layer}' is in {crs}, which cannot be drawn on a map in {view} ({reason}); hide the layer, or set its \
         CRS (layer.open with \"crs\") if the one it has is wrong"
    )]
    UnsupportedCrs {
        /// The layer.
        layer: String,
        /// Its CRS.
        crs: Crs,
        /// The map's CRS.
        view: Crs,
        /// Why, as the reprojection said.
        reason: String,
    },
    /// The map cannot be drawn in this CRS.
    #[error(
        "cannot draw a map in {0}: no point of the world has a place in it; use a geographic or projected CRS \
         (EPSG:4326, EPSG:3857, EPSG:8857 Equal Earth, a UTM zone such as EPSG:32632)"
    )]
    UnsupportedViewCrs(Crs),
    /// The image size is out of range.
    #[error(
        "cannot draw an image of {width}×{height} pixels; use 1 to {} on each side and at most {} pixels in all \
         (8192×8192, or 16384×4096)",
        crate::view::MAX_SIDE,
        crate::view::MAX_PIXELS
    )]
    Size {
        /// Width asked for.
        width: u32,
        /// Height asked for.
        height: u32,
    },
    /// A tile address outside the zoom level.
    #[error("tile {z}/{x}/{y} does not exist; at zoom {z}, x and y run from 0 to {max} (zoom up to 30)")]
    TileOutOfRange {
        /// Zoom.
        z: u8,
        /// Column.
        x: u32,
        /// Row.
        y: u32,
        /// The largest x and y at this zoom.
        max: u32,
    },
    /// A parameter of a tile job is out of range.
    #[error("{param}: {message}")]
    InvalidValue {
        /// The parameter.
        param: &'static str,
        /// What is wrong and what is accepted.
        message: String,
    },
    /// PNG encoding failed.
    #[error("cannot encode the PNG: {0}")]
    Encode(String),
    /// A file or folder could not be read or written.
    ///
    /// The cause is part of the message, not the error's `source()`, so `{:#}` prints it once.
    #[error("{action} {}: {cause}", .path.display())]
    Io {
        /// What was being done (`cannot write`).
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The cause.
        cause: std::io::Error,
    },
    /// The output exists and overwriting was not asked for.
    #[error("{} exists; pass overwrite (--overwrite) to replace it", .0.display())]
    FileExists(PathBuf),
    /// Writing an MBTiles file failed.
    #[error("MBTiles {}: {message}", .path.display())]
    MBTiles {
        /// The file.
        path: PathBuf,
        /// What SQLite said.
        message: String,
    },
    /// An error from the core, such as a label expression that does not evaluate.
    #[error(transparent)]
    Core(#[from] rustgis_core::Error),
    /// Something that should not happen (a bug); the message says what.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<rustgis_core::CrsError> for Error {
    fn from(error: rustgis_core::CrsError) -> Self {
        Error::Core(rustgis_core::Error::Crs(error))
    }
}

impl From<Error> for rustgis_core::Error {
    fn from(error: Error) -> Self {
        match error {
            Error::Core(inner) => inner,
            Error::FileExists(path) => rustgis_core::Error::FileExists(path),
            Error::Io { action, path, cause } => rustgis_core::Error::Io { action, path, cause },
            Error::InvalidValue { param, message } => rustgis_core::Error::invalid(param, message),
            Error::Size { .. } => rustgis_core::Error::invalid("width", error.to_string()),
            other => rustgis_core::Error::Failed(other.to_string()),
        }
    }
}
