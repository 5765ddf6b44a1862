//! Files written by GDAL in every CRS of the matrix open with the CRS GDAL reports: GeoPackages,
//! Shapefiles (`.prj` in Esri's WKT) and GeoTIFFs (GeoKeys), plus the cases that went wrong
//! silently before (a GeoPackage CRS given only as WKT, an ESRI-only CRS, a GeoTIFF whose linear
//! unit overrides its EPSG code's, a State Plane in feet with no code, ArcGIS's Web Mercator
//! Auxiliary Sphere). GDAL (pyogrio, rasterio) writes the files and says what it reads; pyproj,
//! on RustGIS's proj.db, judges whether RustGIS's CRS is the same.
#![allow(clippy::disallowed_methods, reason = "tests write their hand-made TIFF files directly")]

use crate::common;
use crate::rasters;

use std::path::{Path, PathBuf};

use common::{TempFolder, pyproj, run};
use rasters::{TagValue, tiff_bytes};
use rustgis_core::Session;
use serde_json::{Value as Json, json};

/// Runs `scripts/gdal_crs_files.py` with `args`; `None` (after saying why) when the `.venv`
/// lacks GDAL and fixtures are not required.
fn gdal(args: &[&str]) -> Option<Json> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let python = root.join(".venv/bin/python");
    let ready = std::process::Command::new(&python)
        .args(["-c", "import pyogrio, rasterio, geopandas"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !ready {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(!required, "pyogrio, rasterio and geopandas are not in .venv: run scripts/test.sh");
        eprintln!("skipped: GDAL (pyogrio, rasterio) is not in .venv (scripts/test.sh installs it)");
        return None;
    }
    let out = std::process::Command::new(&python)
        .arg(root.join("scripts/gdal_crs_files.py"))
        .args(args)
        .output()
        .expect("python runs");
    assert!(out.status.success(), "gdal_crs_files.py failed: {}", String::from_utf8_lossy(&out.stderr));
    Some(serde_json::from_slice(&out.stdout).expect("JSON"))
}

/// A 4 × 4 GeoTIFF with ArcGIS's GeoKeys for WGS 1984 Web Mercator Auxiliary Sphere: a
/// user-defined Mercator on WGS 84 named only in the citation.
fn arcgis_web_mercator(folder: &TempFolder) -> PathBuf {
    let citation = "WGS_1984_Web_Mercator_Auxiliary_Sphere|";
    #[rustfmt::skip]
    let keys: Vec<u16> = vec![
        1, 1, 0, 14,
        1024, 0, 1, 1,
        1025, 0, 1, 1,
        1026, 34737, citation.len() as u16, 0,
        2048, 0, 1, 4326,
        2054, 0, 1, 9102,
        3072, 0, 1, 32767,
        3074, 0, 1, 32767,
        3075, 0, 1, 7,
        3076, 0, 1, 9001,
        3080, 34736, 1, 0,
        3081, 34736, 1, 1,
        3082, 34736, 1, 2,
        3083, 34736, 1, 3,
        3092, 34736, 1, 4,
    ];
    let tags = vec![
        (256, TagValue::Long(vec![4])),
        (257, TagValue::Long(vec![4])),
        (258, TagValue::Short(vec![8])),
        (259, TagValue::Short(vec![1])),
        (262, TagValue::Short(vec![1])),
        (273, TagValue::Long(vec![8])),
        (277, TagValue::Short(vec![1])),
        (278, TagValue::Long(vec![4])),
        (279, TagValue::Long(vec![16])),
        (33550, TagValue::Double(vec![100.0, 100.0, 0.0])),
        (33922, TagValue::Double(vec![0.0, 0.0, 0.0, 1_000_000.0, 6_000_000.0, 0.0])),
        (34735, TagValue::Short(keys)),
        (34736, TagValue::Double(vec![0.0, 0.0, 0.0, 0.0, 1.0])),
        (34737, TagValue::Ascii(citation.to_owned())),
    ];
    let path = folder.join("arcgis_web_mercator.tif");
    std::fs::write(&path, tiff_bytes(&tags, &[7; 16])).expect("written");
    path
}

#[test]
fn files_gdal_wrote_in_every_crs_open_with_the_crs_gdal_reports() {
    let folder = TempFolder::new("crs_files", "gdal");
    let Some(written) = gdal(&["write", &folder.path().to_string_lossy()]) else { return };
    let mut files: Vec<String> =
        written.as_array().expect("files").iter().map(|f| f.as_str().expect("a path").to_owned()).collect();
    files.push(arcgis_web_mercator(&folder).to_string_lossy().into_owned());
    let mut args = vec!["read"];
    args.extend(files.iter().map(String::as_str));
    let Some(reported) = gdal(&args) else { return };
    let reported = reported.as_array().expect("one CRS per file").clone();

    let mut pairs = Vec::new();
    let mut names = Vec::new();
    let mut failures = Vec::new();
    for (file, gdal_wkt) in files.iter().zip(&reported) {
        let mut session = Session::new();
        let opened = match run(&mut session, "layer.open", json!({"path": file, "name": "x"})) {
            Ok(out) => out,
            Err(e) => {
                failures.push(format!("{file}: RustGIS cannot open it: {e:#}"));
                continue;
            }
        };
        let crs = session.project().require("x").expect("the layer").crs;
        let Some(gdal_wkt) = gdal_wkt.as_str() else {
            failures.push(format!("{file}: GDAL reads no CRS, RustGIS {crs} ({opened})"));
            continue;
        };
        let ours = crs.to_wkt2().unwrap_or_else(|| panic!("{file}: {crs} has WKT 2"));
        pairs.push(json!([ours, gdal_wkt]));
        names.push(format!("{} ({crs})", Path::new(file).file_name().expect("a name").to_string_lossy()));
    }
    let Some(answer) = pyproj(json!({ "equivalent": pairs })) else { return };
    for (name, judged) in names.iter().zip(answer["equivalent"].as_array().expect("answers")) {
        if judged["equal"] != true {
            failures.push(format!("{name}: RustGIS reads \"{}\", GDAL \"{}\"", judged["a"], judged["b"]));
        }
    }
    eprintln!("{} files compared with GDAL", names.len());
    assert!(names.len() >= 70, "only {} files could be compared", names.len());
    assert!(failures.is_empty(), "{} files differ from GDAL:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn a_25832_geopackage_gdal_wrote_opens_in_a_new_project_on_a_25832_map_in_one_call() {
    let folder = TempFolder::new("crs_files", "own_crs");
    let Some(written) = gdal(&["write", &folder.path().to_string_lossy()]) else { return };
    let file = written
        .as_array()
        .expect("files")
        .iter()
        .filter_map(Json::as_str)
        .find(|f| f.ends_with("EPSG_25832.gpkg"))
        .expect("GDAL wrote a GeoPackage in EPSG:25832")
        .to_owned();
    let mut session = Session::new();
    let opened = session
        .execute(&rustgis_core::Caller::user(), "layer.open", json!({"path": file, "name": "parcels"}))
        .expect("it opens");
    assert_eq!(session.project().view.crs.to_string(), "EPSG:25832", "the map takes the layer's CRS");
    let said = opened.notices.iter().any(|n| n.starts_with("map CRS set to EPSG:25832") && n.contains("parcels"));
    assert!(said, "the answer says the map CRS was set and from which layer: {:?}", opened.notices);
    let zoomed = run(&mut session, "map.zoomTo", json!({"layer": "parcels"})).expect("zooms");
    assert_eq!(zoomed["crs"], "EPSG:25832", "{zoomed}");
    let [minx, miny] = [0, 1].map(|i| zoomed["extent"][i].as_f64().unwrap_or(f64::NAN));
    assert!(minx > 100_000.0 && miny > 5_000_000.0, "the extent is in UTM 32N metres: {zoomed}");
}
