//! Raster layers in a project: opened with layer.open (with file access), described by
//! layer.list/layer.info/raster.info, styled with style.raster, saved in `.rgis` by path, undone,
//! and refused by vector commands with a clear error.

use std::path::PathBuf;

use crate::common::{TempFolder, run};
use crate::rasters::{fixtures, meta};
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

/// A session with the sample's countries and `name.tif` opened as a raster layer `dem`.
fn session_with(name: &str) -> Option<(Session, PathBuf)> {
    let dir = fixtures()?;
    let path = dir.join(format!("{name}.tif"));
    let mut session = Session::new();
    run(&mut session, "layer.addSample", json!({"sample": "countries"})).expect("the sample loads");
    run(&mut session, "layer.open", json!({"path": path, "name": "dem"})).expect("the GeoTIFF opens");
    Some((session, dir))
}

#[test]
fn layer_open_reads_a_geotiff_as_a_raster_layer_that_describes_itself() {
    let Some((mut session, dir)) = session_with("dem_4326") else { return };
    let meta = meta(&dir, "dem_4326");
    let info = run(&mut session, "layer.info", json!({"layer": "dem"})).expect("info");
    assert_eq!(info["kind"], "raster");
    assert_eq!(info["bands"], 1);
    assert_eq!(info["width"], meta["width"]);
    assert_eq!(info["height"], meta["height"]);
    assert_eq!(info["crs"], "EPSG:4326");
    assert_eq!(info["nodata"], meta["nodata"]);
    assert_eq!(info["data_type"], "float32");
    assert_eq!(info["resolution"], json!([0.05, 0.05]));
    let min = info["range"][0]["min"].as_f64().expect("a min");
    let max = info["range"][0]["max"].as_f64().expect("a max");
    assert_eq!(min, meta["bands"][0]["min"].as_f64().expect("rasterio's min"));
    assert_eq!(max, meta["bands"][0]["max"].as_f64().expect("rasterio's max"));
}

#[test]
fn layer_info_reports_a_nodata_of_inf_minus_inf_or_nan_as_gdal_does_not_as_no_nodata() {
    for name in ["nodata_inf", "nodata_neg_inf", "nodata_nan"] {
        let Some((mut session, dir)) = session_with(name) else { return };
        let info = run(&mut session, "layer.info", json!({"layer": "dem"})).expect("info");
        // JSON has no number for them: the words rasterio prints, as the fixture's .json holds them.
        assert_eq!(info["nodata"], meta(&dir, name)["nodata"], "{name}");
    }
}

#[test]
fn layer_list_shows_raster_and_vector_layers_in_one_order() {
    let Some((mut session, _)) = session_with("dem_utm") else { return };
    let list = run(&mut session, "layer.list", json!({})).expect("list");
    let layers = list["layers"].as_array().expect("layers");
    assert_eq!(layers[0]["name"], "countries");
    assert_eq!(layers[1]["name"], "dem");
    assert_eq!(layers[1]["kind"], "raster");
    assert_eq!(layers[1]["size"], json!([400, 300]));
    assert_eq!(layers[1]["crs"], "EPSG:32633");
    run(&mut session, "layer.move", json!({"layer": "dem", "position": "bottom"})).expect("moves");
    let list = run(&mut session, "layer.list", json!({})).expect("list");
    assert_eq!(list["layers"][0]["name"], "dem");
}

#[test]
fn a_vector_command_refuses_a_raster_layer_naming_both() {
    let Some((mut session, _)) = session_with("dem_4326") else { return };
    let error = run(&mut session, "vector.buffer", json!({"layer": "dem", "distance": 1}))
        .expect_err("a raster cannot be buffered");
    let message = error.to_string();
    assert!(message.contains("layer 'dem' is a raster; vector.buffer needs a vector layer"), "{message}");
    let error = run(&mut session, "style.graduated", json!({"layer": "dem", "field": "x"})).expect_err("refused");
    assert!(error.to_string().contains("style.graduated needs a vector layer"), "{error}");
}

#[test]
fn the_catalogue_says_which_commands_need_a_vector_layer() {
    let registry = rustgis_core::Registry::global();
    let layers = |id: &str| registry.get(id).expect(id).describe_json()["layers"].clone();
    for id in ["field.add", "style.graduated", "vector.dissolve", "feature.delete"] {
        assert_eq!(layers(id), "vector", "{id}");
    }
    for id in ["vector.buffer", "table.read", "feature.select", "label.set", "layer.export"] {
        assert_eq!(layers(id), "vector or PostGIS", "{id}");
    }
    for id in ["raster.stats", "layer.remove", "style.raster", "map.export"] {
        assert_eq!(layers(id), "any", "{id}");
    }
}

#[test]
fn a_raster_command_refuses_a_vector_layer_naming_both() {
    let Some((mut session, _)) = session_with("dem_4326") else { return };
    let error = run(&mut session, "raster.stats", json!({"layer": "countries"})).expect_err("refused");
    assert!(
        error.to_string().contains("layer 'countries' is a vector layer; raster.stats needs a raster layer"),
        "{error}"
    );
}

#[test]
fn opening_a_raster_needs_file_access_like_every_read() {
    let Some(dir) = fixtures() else { return };
    let mut session = Session::new();
    let params = json!({"path": dir.join("dem_4326.tif")});
    let refused = session.execute(&Caller::private_agent(false), "layer.open", params.clone());
    assert!(refused.is_err_and(|e| e.code() == "refused"));
    session.execute(&Caller::private_agent(true), "layer.open", params).expect("with --yes it opens");
}

#[test]
fn opening_a_raster_is_one_undo_step() {
    let Some((mut session, _)) = session_with("dem_4326") else { return };
    assert_eq!(session.project().layers.len(), 2);
    run(&mut session, "edit.undo", json!({})).expect("undoes");
    assert_eq!(session.project().layers.len(), 1);
    run(&mut session, "edit.redo", json!({})).expect("redoes");
    assert!(session.project().layer("dem").is_some_and(|l| l.is_raster()));
}

fn style_of(session: &mut Session) -> Json {
    run(session, "layer.info", json!({"layer": "dem"})).expect("info")["style"].clone()
}

#[test]
fn style_raster_sets_a_pseudocolour_ramp_over_the_bands_range() {
    let Some((mut session, dir)) = session_with("dem_utm") else { return };
    let meta = meta(&dir, "dem_utm");
    run(&mut session, "style.raster", json!({"layer": "dem", "mode": "pseudocolor", "ramp": "viridis", "classes": 5}))
        .expect("styles");
    let style = style_of(&mut session);
    assert_eq!(style["mode"]["type"], "pseudocolor");
    assert_eq!(style["mode"]["min"], meta["bands"][0]["min"]);
    assert_eq!(style["mode"]["max"], meta["bands"][0]["max"]);
    assert_eq!(style["mode"]["classes"], 5);
}

#[test]
fn a_std_dev_stretch_is_the_mean_plus_or_minus_n_deviations() {
    let Some((mut session, dir)) = session_with("dem_utm") else { return };
    let band = &meta(&dir, "dem_utm")["bands"][0];
    run(&mut session, "style.raster", json!({"layer": "dem", "mode": "grey", "stretch": "stddev", "stddevs": 2}))
        .expect("styles");
    let style = style_of(&mut session);
    let (mean, std) = (band["mean"].as_f64().expect("mean"), band["std"].as_f64().expect("std"));
    let min = style["mode"]["min"].as_f64().expect("min");
    let max = style["mode"]["max"].as_f64().expect("max");
    assert!((min - (mean - 2.0 * std)).abs() < 1e-6 * std, "{min} vs {}", mean - 2.0 * std);
    assert!((max - (mean + 2.0 * std)).abs() < 1e-6 * std, "{max} vs {}", mean + 2.0 * std);
}

#[test]
fn a_paletted_grid_opens_with_its_colour_map_as_its_style() {
    let Some((mut session, _)) = session_with("landcover") else { return };
    let style = style_of(&mut session);
    assert_eq!(style["mode"]["type"], "palette");
    let entries = style["mode"]["entries"].as_array().expect("entries");
    assert_eq!(entries.len(), 6);
    assert_eq!(entries[1]["color"], "#1c5f2c");
}

#[test]
fn style_raster_refuses_a_band_the_raster_lacks() {
    let Some((mut session, _)) = session_with("dem_4326") else { return };
    let error = run(&mut session, "style.raster", json!({"layer": "dem", "band": 2})).expect_err("one band");
    assert!(error.to_string().contains("band 2 does not exist; the raster has bands 1 to 1"), "{error}");
}

#[test]
fn a_project_saves_a_raster_layer_by_path_and_opens_it_again_byte_stably() {
    let Some((mut session, _)) = session_with("dem_4326") else { return };
    run(&mut session, "style.raster", json!({"layer": "dem", "mode": "hillshade", "opacity": 0.6})).expect("styles");
    let folder = TempFolder::new("raster_layers", "project");
    let file = folder.join("dem.rgis");
    run(&mut session, "project.save", json!({"path": file})).expect("saves");
    let text = std::fs::read_to_string(&file).expect("written");
    let doc: Json = serde_json::from_str(&text).expect("JSON");
    let source = &doc["layers"][1]["source"];
    assert_eq!(source["type"], "raster", "{text}");
    assert!(source["path"].as_str().is_some_and(|p| p.ends_with("dem_4326.tif")), "{source}");
    assert!(source.get("features").is_none(), "a raster layer's cells are not embedded: {source}");
    let mut again = Session::new();
    run(&mut again, "project.open", json!({"path": file})).expect("opens");
    let layer = again.project().layer("dem").expect("the raster layer is back");
    assert!(layer.is_raster());
    assert_eq!(style_of(&mut again)["mode"]["type"], "hillshade");
    let second = folder.join("again.rgis");
    run(&mut again, "project.save", json!({"path": second})).expect("saves again");
    assert_eq!(std::fs::read(&file).expect("first"), std::fs::read(&second).expect("second"));
}
