//! raster.export writes tiled, deflated GeoTIFFs that RustGIS and GDAL (rasterio) read back to
//! the same cells, georeferencing, CRS and nodata; a project embeds a small result's cells.

use crate::common;
use crate::rasters;

use std::path::{Path, PathBuf};

use common::{TempFolder, run};
use rasters::fixtures;
use rustgis_core::Session;
use rustgis_core::raster::Raster;
use serde_json::json;

/// A session with dem_utm as `dem` and its slope as `dem slope` (held in memory).
fn session_with_slope() -> Option<Session> {
    let dir = fixtures()?;
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": dir.join("dem_utm.tif"), "name": "dem"})).expect("opens");
    run(&mut session, "raster.slope", json!({"layer": "dem"})).expect("slope");
    Some(session)
}

/// [`session_with_slope`] with `dem slope` exported to `slope.tif` in a folder named `test`
/// (removed when the folder is dropped).
fn exported_slope(test: &str) -> Option<(Session, TempFolder, PathBuf)> {
    let mut session = session_with_slope()?;
    let folder = TempFolder::new("raster_write", test);
    let path = folder.join("slope.tif");
    run(&mut session, "raster.export", json!({"layer": "dem slope", "path": path})).expect("writes");
    Some((session, folder, path))
}

fn cells(session: &Session, layer: &str) -> Vec<f64> {
    let layer = session.project().layer(layer).expect("the layer");
    layer.raster.as_ref().expect("a raster").raster.read_band(0).expect("reads").values().to_vec()
}

#[test]
fn an_exported_result_reads_back_to_the_same_cells_georeferencing_and_nodata() {
    let Some((session, _folder, path)) = exported_slope("roundtrip") else { return };
    let back = Raster::open(&path).expect("opens");
    let original = session.project().layer("dem slope").expect("layer").raster.as_ref().expect("raster").raster.clone();
    assert_eq!(back.info().transform, original.info().transform);
    assert_eq!(back.info().crs.map(|c| c.code()), Some(32633));
    assert_eq!(back.info().nodata, Some(-9999.0));
    assert_eq!(back.info().levels[0].chunk_size(), (256, 256));
    let want: Vec<f64> = cells(&session, "dem slope").iter().map(|v| f64::from(*v as f32)).collect();
    assert_eq!(back.read_band(0).expect("reads").values(), &want[..]);
    check_with_rasterio(&path, &want);
}

/// Reads the file with rasterio (GDAL) when the fixtures' Python is there, and compares.
fn check_with_rasterio(path: &Path, want: &[f64]) {
    let python = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    if !python.exists() {
        assert!(std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() != Ok("1"), "no .venv/bin/python for rasterio");
        eprintln!("SKIPPED: rasterio check (no .venv/bin/python)");
        return;
    }
    let script = "import sys, rasterio, numpy as np\n\
        src = rasterio.open(sys.argv[1])\n\
        a = src.read(1).astype(np.float64)\n\
        print(src.crs.to_epsg(), src.nodata, src.width, src.height, src.profile['compress'], src.block_shapes[0][0])\n\
        sys.stdout.buffer.write(a.tobytes())";
    let out = std::process::Command::new(python).args(["-c", script]).arg(path).output().expect("python runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let newline = out.stdout.iter().position(|b| *b == b'\n').expect("a header line");
    let header = String::from_utf8_lossy(&out.stdout[..newline]).to_string();
    assert_eq!(header, "32633 -9999.0 400 300 deflate 256");
    let values: Vec<f64> =
        out.stdout[newline + 1..].chunks_exact(8).map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes"))).collect();
    assert_eq!(values, want, "rasterio reads the cells RustGIS wrote");
}

#[test]
fn exporting_refuses_to_overwrite_unless_asked() {
    let Some((mut session, _folder, path)) = exported_slope("overwrite") else { return };
    let error = run(&mut session, "raster.export", json!({"layer": "dem slope", "path": path})).expect_err("exists");
    assert!(error.to_string().contains("pass \"overwrite\": true"), "{error}");
    run(&mut session, "raster.export", json!({"layer": "dem slope", "path": path, "overwrite": true}))
        .expect("replaces");
}

#[test]
fn a_project_embeds_a_small_raster_result_and_opens_it_with_the_same_cells() {
    let Some(mut session) = session_with_slope() else { return };
    let folder = TempFolder::new("raster_write", "project");
    let file = folder.join("slope.rgis");
    run(&mut session, "project.save", json!({"path": file})).expect("saves");
    let mut again = Session::new();
    run(&mut again, "project.open", json!({"path": file})).expect("opens");
    let (a, b) = (cells(&session, "dem slope"), cells(&again, "dem slope"));
    assert_eq!(a.len(), b.len());
    assert!(a.iter().zip(&b).all(|(x, y)| x == y || (x.is_nan() && y.is_nan())), "the same cells");
    let second = folder.join("again.rgis");
    run(&mut again, "project.save", json!({"path": second})).expect("saves again");
    assert_eq!(std::fs::read(&file).expect("first"), std::fs::read(&second).expect("second"), "byte-stable");
}
