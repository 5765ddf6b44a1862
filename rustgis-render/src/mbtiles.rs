//! MBTiles output: an SQLite file of PNG tiles (MBTiles 1.3), written to a temporary file and
//! moved into place when complete (synced first; the temporary of a killed run is removed by the
//! next one). Identical tiles (open sea, inland) are stored once.

use std::path::{Path, PathBuf};

use rusqlite::{Connection, params};

use crate::error::{Error, Result};
use crate::tiles::TileJob;
use rustgis_core::RenderedImage;

/// An MBTiles file being written.
pub(crate) struct MBTilesWriter {
    /// Taken by `finish` to close it; `None` only after that.
    connection: Option<Connection>,
    /// The file beside `out` the tiles go into, committed by `finish` (synced, then renamed into
    /// place); dropped unfinished, it removes the file.
    set: Option<rustgis_core::io::atomic::FileSet>,
    out: PathBuf,
}

impl MBTilesWriter {
    /// Starts a new file (beside `out`, renamed into place by `finish`).
    pub(crate) fn create(out: &Path) -> Result<MBTilesWriter> {
        let mut set = rustgis_core::io::atomic::FileSet::new(out, true)?;
        let temp = set.add_scratch(out)?;
        let sql_error = |e: rusqlite::Error| sql_error(out, e);
        let connection = Connection::open(&temp).map_err(sql_error)?;
        connection
            .execute_batch(
                "PRAGMA journal_mode = OFF;
                 PRAGMA synchronous = OFF;
                 CREATE TABLE metadata (name TEXT NOT NULL, value TEXT);
                 CREATE UNIQUE INDEX metadata_name ON metadata (name);
                 CREATE TABLE images (tile_id TEXT PRIMARY KEY, tile_data BLOB NOT NULL);
                 CREATE TABLE map (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_id TEXT);
                 CREATE UNIQUE INDEX map_index ON map (zoom_level, tile_column, tile_row);
                 CREATE VIEW tiles AS
                   SELECT map.zoom_level AS zoom_level, map.tile_column AS tile_column,
                          map.tile_row AS tile_row, images.tile_data AS tile_data
                   FROM map JOIN images ON images.tile_id = map.tile_id;
                 BEGIN;",
            )
            .map_err(sql_error)?;
        Ok(MBTilesWriter { connection: Some(connection), set: Some(set), out: out.to_owned() })
    }

    /// Adds tile z/x/y (XYZ numbering; MBTiles rows count from the south).
    pub(crate) fn put(&mut self, z: u8, x: u32, y: u32, image: &RenderedImage) -> Result<()> {
        let row = (1u64 << z) - 1 - u64::from(y);
        let connection = self.connection()?;
        let result = connection
            .prepare_cached("INSERT OR IGNORE INTO images (tile_id, tile_data) VALUES (?1, ?2)")
            .and_then(|mut s| s.execute(params![image.sha256, image.png]))
            .and_then(|_| {
                connection
                    .prepare_cached(
                        "INSERT OR REPLACE INTO map (zoom_level, tile_column, tile_row, tile_id) VALUES (?1, ?2, ?3, ?4)",
                    )
                    .and_then(|mut s| s.execute(params![z, x, row as i64, image.sha256]))
            });
        result.map(|_| ()).map_err(|e| self.error(e))
    }

    /// Writes the metadata, commits, and moves the file into place.
    pub(crate) fn finish(mut self, job: &TileJob) -> Result<()> {
        let bounds = job.bbox.map_or("-180,-85.0511,180,85.0511".to_owned(), |b| {
            format!("{},{},{},{}", b.min_x, b.min_y.max(-85.0511), b.max_x, b.max_y.min(85.0511))
        });
        let (min_zoom, max_zoom) = (*job.zooms.start(), *job.zooms.end());
        let centre = job.bbox.map_or((0.0, 0.0), |b| ((b.min_x + b.max_x) / 2.0, (b.min_y + b.max_y) / 2.0));
        let name = self.out.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let metadata = [
            ("name", name),
            ("format", "png".to_owned()),
            ("type", "baselayer".to_owned()),
            ("version", "1.0".to_owned()),
            ("description", "Drawn with RustGIS".to_owned()),
            ("minzoom", min_zoom.to_string()),
            ("maxzoom", max_zoom.to_string()),
            ("bounds", bounds),
            ("center", format!("{},{},{min_zoom}", centre.0, centre.1)),
        ];
        let connection = self.connection()?;
        for (key, value) in metadata {
            connection
                .execute("INSERT OR REPLACE INTO metadata (name, value) VALUES (?1, ?2)", params![key, value])
                .map_err(|e| self.error(e))?;
        }
        connection.execute_batch("COMMIT;").map_err(|e| self.error(e))?;
        if let Some(connection) = self.connection.take() {
            connection.close().map_err(|(_, e)| self.error(e))?;
        }
        // SQLite wrote without syncing (synchronous = OFF): the commit syncs the file once, whole.
        let set = self.set.take().ok_or_else(|| Error::Internal("the MBTiles file is already closed".to_owned()))?;
        set.commit()?;
        Ok(())
    }

    fn connection(&self) -> Result<&Connection> {
        self.connection.as_ref().ok_or_else(|| Error::Internal("the MBTiles file is already closed".to_owned()))
    }

    fn error(&self, e: rusqlite::Error) -> Error {
        sql_error(&self.out, e)
    }
}

/// An SQLite error writing `out`: a full disk said as every writer says it.
fn sql_error(out: &Path, e: rusqlite::Error) -> Error {
    if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull) {
        return Error::Core(rustgis_core::io::atomic::cannot_write(out, std::io::Error::from_raw_os_error(28)));
    }
    Error::MBTiles { path: out.to_owned(), message: e.to_string() }
}
