//! A KML GroundOverlay's image opened as a raster (`layer.open` with `table` naming the overlay),
//! as GDAL's KMLSUPEROVERLAY driver reads it (`expected/kmz_overlay_raster.json`, what rasterio
//! read from the same KMZ), and the overlays GDAL would lay in the wrong place refused by name.

#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use std::path::{Path, PathBuf};

use crate::common::{TempFolder, run};
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats").join(name)
}

#[test]
fn a_kmz_ground_overlay_opens_as_a_raster_of_its_image_as_gdal_reads_it() {
    let gdal: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture("expected/kmz_overlay_raster.json")).expect("rasterio's reading"),
    )
    .expect("JSON");
    let mut session = Session::new();
    let opened = run(&mut session, "layer.open", json!({"path": fixture("overlay.kmz"), "table": "plan"}))
        .expect("the overlay opens as a raster");
    assert_eq!(opened["layer"], json!("plan"), "{opened}");
    let layer = session.project().require("plan").expect("the raster layer");
    let raster = &layer.raster.as_ref().expect("a raster").raster;
    let info = raster.info();
    assert_eq!((info.bands, info.width, info.height), (4, 6, 4));
    assert_eq!(info.sample_type.name(), "uint8");
    assert_eq!(layer.crs.code(), 4326);
    let ours = info.transform.0;
    let theirs: Vec<f64> = serde_json::from_value(gdal["transform"].clone()).expect("six numbers");
    // rasterio gives (a, b, c, d, e, f): x scale, x rotation, left, y rotation, y scale, top.
    let gdal_order = [theirs[2], theirs[0], theirs[1], theirs[5], theirs[3], theirs[4]];
    for (a, b) in ours.iter().zip(gdal_order) {
        assert!((a - b).abs() < 1e-12, "transform {ours:?} against GDAL's {gdal_order:?}");
    }
    for band in 0..4 {
        let grid = raster.read_band(band).expect("the band reads");
        let values = grid.values();
        for row in 0..4 {
            for col in 0..6 {
                let want = gdal["cells"][band][row][col].as_f64().expect("a cell");
                assert_eq!(values[row * 6 + col], want, "band {band} row {row} col {col}");
            }
        }
    }
}

#[test]
fn opening_a_kmz_with_an_overlay_as_features_says_how_to_open_its_image() {
    let mut session = Session::new();
    let said = session
        .execute(&Caller::user(), "layer.open", json!({"path": fixture("overlay.kmz")}))
        .expect("the placemarks open")
        .notices;
    assert!(
        said.iter().any(|n| n.starts_with("the file holds 1 GroundOverlay ('plan'), read here as its box")),
        "{said:?}"
    );
}

/// A `.kml` of one overlay named `plan` with `box_and_icon` inside it, and a PNG beside it.
fn kml_with(test: &str, box_and_icon: &str) -> (TempFolder, PathBuf) {
    let folder = TempFolder::new("kml_overlay", test);
    std::fs::copy(fixture("overlay.kmz"), folder.join("overlay.kmz")).expect("copied");
    let file = folder.join("plan.kml");
    std::fs::write(
        &file,
        format!(r#"<kml xmlns="http://www.opengis.net/kml/2.2"><GroundOverlay><name>plan</name>{box_and_icon}</GroundOverlay></kml>"#),
    )
    .expect("written");
    (folder, file)
}

fn refusal(file: &Path) -> String {
    let mut session = Session::new();
    let error = run(&mut session, "layer.open", json!({"path": file, "table": "plan"})).expect_err("refused");
    assert!(session.project().layers.is_empty(), "nothing is added");
    error.to_string()
}

#[test]
fn a_rotated_ground_overlay_is_refused_where_gdal_lays_it_unrotated() {
    let (_folder, file) = kml_with(
        "rotated",
        "<Icon><href>overlay.kmz</href></Icon><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west><rotation>30</rotation></LatLonBox>",
    );
    assert!(refusal(&file).contains("its box is rotated 30°"), "{}", refusal(&file));
}

#[test]
fn a_ground_overlay_whose_image_is_on_the_web_is_refused_by_name() {
    let (_folder, file) = kml_with(
        "web",
        "<Icon><href>https://example.org/plan.png</href></Icon><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox>",
    );
    assert!(refusal(&file).contains("its image is on the web (https://example.org/plan.png)"), "{}", refusal(&file));
}

#[test]
fn a_ground_overlay_whose_image_is_outside_the_kml_folder_is_refused() {
    let (_folder, file) = kml_with(
        "outside",
        "<Icon><href>../../../etc/passwd</href></Icon><LatLonBox><north>1</north><south>0</south><east>1</east><west>0</west></LatLonBox>",
    );
    assert!(refusal(&file).contains("is outside the file's folder"), "{}", refusal(&file));
}
