//! Raster commands that hold whole bands in memory refuse, before reading a cell, a band past the
//! session's new-data limit, naming the size and the limit: a hand-made GeoTIFF whose header
//! declares 12 000 × 12 000 cells with no data behind it (every tile sparse), and a GDAL-made DEM
//! under a lowered limit.
#![allow(clippy::disallowed_methods, reason = "the test writes its hand-made TIFF file directly")]

use crate::common;
use crate::rasters;

use std::path::{Path, PathBuf};
use std::time::Instant;

use common::run;
use rasters::{TagValue, fixtures, tiff_bytes};
use rustgis_core::Session;
use serde_json::json;

const WIDTH: u16 = 256;
const HEIGHT: u16 = 257;
const BITS: u16 = 258;
const COMPRESSION: u16 = 259;
const PHOTOMETRIC: u16 = 262;
const SAMPLES: u16 = 277;
const TILE_WIDTH: u16 = 322;
const TILE_LENGTH: u16 = 323;
const TILE_OFFSETS: u16 = 324;
const TILE_BYTE_COUNTS: u16 = 325;

/// A 12 000 × 12 000 8-bit GeoTIFF of 512 × 512 tiles that are all sparse (no bytes): a header of
/// 144 million cells over a few kilobytes. Whole, as 8-byte cells, one band is 1.15 GB: past the
/// default limit of 1 GiB, under the 2^28 cells a grid may hold.
fn large_header_small_data() -> PathBuf {
    let tiles = 12_000usize.div_ceil(512).pow(2);
    let tags = vec![
        (WIDTH, TagValue::Long(vec![12_000])),
        (HEIGHT, TagValue::Long(vec![12_000])),
        (BITS, TagValue::Short(vec![8])),
        (COMPRESSION, TagValue::Short(vec![1])),
        (PHOTOMETRIC, TagValue::Short(vec![1])),
        (SAMPLES, TagValue::Short(vec![1])),
        (TILE_WIDTH, TagValue::Long(vec![512])),
        (TILE_LENGTH, TagValue::Long(vec![512])),
        (TILE_OFFSETS, TagValue::Long(vec![0; tiles])),
        (TILE_BYTE_COUNTS, TagValue::Long(vec![0; tiles])),
    ];
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("raster_memory");
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let path = dir.join("large_header.tif");
    std::fs::write(&path, tiff_bytes(&tags, &[0; 8])).expect("written");
    path
}

/// A session with the GDAL-made DEM (800 × 500 cells) open as `dem`, its new-data limit lowered
/// to `max_new_data_bytes` first when given; `None` without the fixtures.
fn dem_session(max_new_data_bytes: Option<usize>) -> Option<Session> {
    let dir = fixtures()?;
    let mut session = Session::new();
    if let Some(bytes) = max_new_data_bytes {
        let mut limits = *session.limits();
        limits.max_new_data_bytes = bytes;
        session.set_limits(limits);
    }
    run(&mut session, "layer.open", json!({"path": dir.join("dem_4326.tif"), "name": "dem"})).expect("opens");
    Some(session)
}

/// Runs `id` and returns its error, which must be the new-data limit's and come at once.
fn refusal(session: &mut Session, id: &str, params: serde_json::Value) -> String {
    let start = Instant::now();
    let error = run(session, id, params).expect_err("refused");
    assert_eq!(error.code(), "limit", "{id}: {error:#}");
    assert!(start.elapsed().as_secs_f64() < 5.0, "{id} refused before reading: {:?}", start.elapsed());
    format!("{error:#}")
}

#[test]
fn whole_band_commands_refuse_a_large_header_past_the_new_data_limit() {
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": large_header_small_data(), "name": "big"})).expect("opens");
    let layers = session.project().layers.len();
    for (id, params) in [
        ("raster.hillshade", json!({"layer": "big"})),
        ("raster.slope", json!({"layer": "big"})),
        ("raster.reclassify", json!({"layer": "big", "ranges": [[0, 1, 1]]})),
        ("raster.contour", json!({"layer": "big", "interval": 10})),
        ("raster.polygonize", json!({"layer": "big"})),
        ("raster.calc", json!({"expression": "\"big\" * 2"})),
        ("raster.clip", json!({"layer": "big", "bbox": [0, -12000, 12000, 0]})),
    ] {
        let error = refusal(&mut session, id, params);
        assert!(error.contains("12000×12000 cells"), "{id} names the size: {error}");
        assert!(error.contains("1073741824 bytes"), "{id} names the limit: {error}");
        assert!(error.contains("max_new_data_bytes"), "{id} names the setting: {error}");
    }
    assert_eq!(session.project().layers.len(), layers, "nothing is added");
}

#[test]
fn a_band_under_the_limit_is_still_read_whole() {
    let Some(mut session) = dem_session(None) else { return };
    run(&mut session, "raster.hillshade", json!({"layer": "dem"})).expect("800×500 cells fit in 1 GiB");
}

#[test]
fn a_lowered_limit_refuses_terrain_of_a_dem_that_no_longer_fits() {
    let Some(mut session) = dem_session(Some(4 << 20)) else { return };
    let error = refusal(&mut session, "raster.hillshade", json!({"layer": "dem"}));
    assert!(error.contains("800×500 cells") && error.contains("6400000 bytes") && error.contains("4194304"), "{error}");
}

#[test]
fn zonal_statistics_under_a_lowered_limit_refuse_a_zone_too_large_to_read() {
    let Some(mut session) = dem_session(Some(1 << 20)) else { return };
    let square = json!({"type": "Polygon", "coordinates": [[[0, 40], [30, 40], [30, 55], [0, 55], [0, 40]]]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "zone", "geojson": square})).expect("adds");
    let error = refusal(&mut session, "raster.zonalStats", json!({"layer": "zone", "raster": "dem"}));
    assert!(error.contains("×300 cells") && error.contains("1048576 bytes"), "{error}");
}
