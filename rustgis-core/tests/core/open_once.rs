//! Files opened once (issue 34): every reader reads through the descriptor `layer.open` opened
//! (without blocking, checked as a regular file on that descriptor), so a file swapped for a FIFO
//! after the check is never opened; SQLite's files beside a GeoPackage that are not regular files
//! are refused instead of hanging `layer.open`.
#![cfg(unix)]
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use crate::common;
use crate::rasters;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::TempFolder;
use rustgis_core::io::{self, DataFile, Format, ReadOptions, WriteOptions};
use rustgis_core::{Caller, Session};
use serde_json::json;

/// Makes a FIFO at `path`.
fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status().expect("mkfifo runs");
    assert!(made.success(), "mkfifo {}", path.display());
}

/// Runs `work` on a thread and gives its result, or fails the test after 20 s instead of hanging
/// with it (a read stuck on a FIFO never returns).
fn within_20_s<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let (send, receive) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        if send.send(work()).is_err() {
            // The test gave up waiting.
        }
    });
    receive.recv_timeout(Duration::from_secs(20)).expect("the read returned instead of waiting on a FIFO")
}

/// The sample's cities written as `format` at `folder/name`.
fn cities_as(folder: &TempFolder, name: &str, format: Format) -> PathBuf {
    let mut cities = rustgis_core::sample_layer("cities").expect("the sample has cities");
    std::sync::Arc::make_mut(&mut cities.features).truncate(20);
    let path = folder.join(name);
    io::write_path(&cities, &path, format, true, &WriteOptions::default()).expect("written");
    path
}

/// Opens `path`, swaps a FIFO in at its name, then reads the opened file: the features must come
/// from the descriptor, the FIFO never opened.
fn check_reads_the_opened_file(path: PathBuf, format: Format) {
    let file = DataFile::open(&path).expect("opens");
    let moved = path.with_extension("moved");
    std::fs::rename(&path, &moved).expect("moved away");
    mkfifo(&path);
    let data = within_20_s(move || io::read_data_file(file, format, &ReadOptions::default()));
    let data = data.unwrap_or_else(|e| panic!("{format:?}: {e}"));
    assert_eq!(data.features.len(), 20, "{format:?}");
}

#[test]
fn every_reader_reads_the_file_it_opened_even_when_a_fifo_takes_its_name() {
    let folder = TempFolder::new("open-once", "swapped");
    for (name, format) in [
        ("c.geojson", Format::GeoJson),
        ("c.fgb", Format::FlatGeobuf),
        ("c.csv", Format::Csv),
        ("c.kml", Format::Kml),
        ("c.kmz", Format::Kml),
        ("c.gpx", Format::Gpx),
        ("c.parquet", Format::GeoParquet),
        ("z.zip", Format::Shapefile),
    ] {
        check_reads_the_opened_file(cities_as(&folder, name, format), format);
    }
}

#[test]
fn a_shapefile_is_read_through_its_opened_shp_even_when_a_fifo_takes_its_name() {
    let folder = TempFolder::new("open-once", "shapefile");
    check_reads_the_opened_file(cities_as(&folder, "c.shp", Format::Shapefile), Format::Shapefile);
}

#[test]
fn a_shapefile_member_that_is_a_fifo_is_refused_not_waited_on() {
    let folder = TempFolder::new("open-once", "shapefile-fifo");
    let shp = cities_as(&folder, "c.shp", Format::Shapefile);
    std::fs::remove_file(shp.with_extension("dbf")).expect("removed");
    mkfifo(&shp.with_extension("dbf"));
    let error =
        within_20_s(move || io::read_path(&shp, Format::Shapefile, &ReadOptions::default())).expect_err("refused");
    assert!(error.to_string().contains("c.dbf") && error.to_string().contains("regular file"), "{error}");
}

#[test]
fn a_geotiff_is_read_cell_by_cell_through_the_descriptor_it_was_opened_with() {
    let folder = TempFolder::new("open-once", "geotiff");
    let grid = rustgis_core::raster::Grid::from_values(4, 4, (0..16).map(f64::from).collect(), None).expect("grid");
    let transform = rustgis_core::raster::GeoTransform([0.0, 1.0, 0.0, 4.0, 0.0, -1.0]);
    let raster = rustgis_core::raster::Raster::from_grids(vec![grid], transform, None).expect("raster");
    let path = folder.join("g.tif");
    rustgis_core::raster::write_geotiff(&raster, &path, true, rustgis_core::raster::WriteType::F32).expect("written");
    let opened = rustgis_core::raster::Raster::open(&path).expect("opens");
    std::fs::rename(&path, path.with_extension("moved")).expect("moved away");
    mkfifo(&path);
    let band = within_20_s(move || opened.read_band(0)).expect("the cells read");
    assert_eq!(band.get(3, 3), 15.0);
}

#[test]
fn a_fifo_named_as_a_geopackages_journal_or_wal_is_refused_instead_of_hanging_layer_open() {
    let folder = TempFolder::new("open-once", "gpkg-journal");
    for suffix in ["-journal", "-wal"] {
        let path = cities_as(&folder, &format!("c{suffix}.gpkg"), Format::GeoPackage);
        let mut sidecar = path.clone().into_os_string();
        sidecar.push(suffix);
        mkfifo(Path::new(&sidecar));
        let error = within_20_s(move || {
            let mut session = Session::new();
            session.execute(&Caller::user(), "layer.open", json!({ "path": path })).map(|_| ())
        })
        .expect_err("refused");
        assert!(error.to_string().contains(&format!(".gpkg{suffix} is not a regular file")), "{error}");
    }
}

#[test]
fn a_geopackage_that_is_not_at_its_path_any_more_is_refused() {
    let folder = TempFolder::new("open-once", "gpkg-swapped");
    let path = cities_as(&folder, "c.gpkg", Format::GeoPackage);
    let other = cities_as(&folder, "other.gpkg", Format::GeoPackage);
    let file = DataFile::open(&path).expect("opens");
    std::fs::rename(&other, &path).expect("another file takes its name");
    let error = io::read_data_file(file, Format::GeoPackage, &ReadOptions::default()).expect_err("refused");
    assert!(error.to_string().contains("replaced while it was being opened"), "{error}");
}

#[test]
fn a_fifo_named_as_a_csvs_csvt_is_refused_instead_of_hanging_layer_open() {
    let folder = TempFolder::new("open-once", "csvt-fifo");
    let path = cities_as(&folder, "c.csv", Format::Csv);
    mkfifo(&path.with_extension("csvt"));
    let error = within_20_s(move || {
        let mut session = Session::new();
        session.execute(&Caller::user(), "layer.open", json!({ "path": path })).map(|_| ())
    })
    .expect_err("refused");
    assert!(error.to_string().contains("c.csvt") && error.to_string().contains("regular file"), "{error}");
}

#[test]
fn a_fifo_named_as_a_tiffs_world_file_or_aux_xml_is_refused_instead_of_hanging_layer_open() {
    use rasters::{TagValue, tiff_bytes};
    let folder = TempFolder::new("open-once", "world-fifo");
    // A one-band 4 × 2 byte TIFF without georeferencing: the world file would place it.
    let tags = [
        (256, TagValue::Long(vec![4])),
        (257, TagValue::Long(vec![2])),
        (258, TagValue::Short(vec![8])),
        (259, TagValue::Short(vec![1])),
        (262, TagValue::Short(vec![1])),
        (273, TagValue::Long(vec![8])),
        (277, TagValue::Short(vec![1])),
        (278, TagValue::Long(vec![2])),
        (279, TagValue::Long(vec![8])),
    ];
    for sidecar in ["g.tfw", "g.tif.aux.xml"] {
        let path = folder.join("g.tif");
        std::fs::write(&path, tiff_bytes(&tags, &[1, 2, 3, 4, 5, 6, 7, 8])).expect("written");
        let fifo = folder.join(sidecar);
        mkfifo(&fifo);
        let error = within_20_s(move || {
            let mut session = Session::new();
            session.execute(&Caller::user(), "layer.open", json!({ "path": path })).map(|_| ())
        })
        .expect_err("refused");
        assert!(error.to_string().contains(sidecar) && error.to_string().contains("regular file"), "{error}");
        std::fs::remove_file(&fifo).expect("the FIFO is removed");
    }
}
