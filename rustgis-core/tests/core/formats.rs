//! Shapefile, GeoPackage, CSV, KML and GPX through `layer.open` and `layer.export`: every
//! fixture GDAL wrote reads as GDAL reads it (`tests/fixtures/formats/expected/*.json`, made by
//! `scripts/make_format_fixtures.py`), what RustGIS writes reads back the same, and damaged or
//! hostile files are refused with the session left as it was.
//! (`scripts/check_formats_with_gdal.py` checks that GDAL reads back what RustGIS writes.)
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::{TempFolder, run, same};
use rustgis_core::io::geojson::geometry_to_json;
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats").join(name)
}

/// Copies fixtures into a test's folder.
fn copy_fixtures(folder: &TempFolder, names: &[&str]) {
    for name in names {
        std::fs::copy(fixture(name), folder.join(name)).expect("the fixture can be copied");
    }
}

fn notices(session: &mut Session, id: &str, params: Json) -> Vec<String> {
    session.execute(&Caller::user(), id, params).expect("the command runs").notices
}

/// Opens `file` and checks its geometries, and the fields `mapping` pairs (RustGIS's name, GDAL's
/// name), are what GDAL read: for formats whose GDAL drivers add fields of their own (KML's
/// `tessellate`, GPX's `magvar`).
fn check_reads_as_gdal_in(file: &Path, expected: &str, mapping: &[(&str, &str)]) {
    check_reads_as_gdal_with(file, json!({}), expected, mapping);
}

/// [`check_reads_as_gdal_in`] with `extra` parameters for `layer.open`.
fn check_reads_as_gdal_with(file: &Path, extra: Json, expected: &str, mapping: &[(&str, &str)]) {
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture(&format!("expected/{expected}.json"))).expect("the expected reading is there"),
    )
    .expect("the expected reading is JSON");
    let mut session = Session::new();
    let mut params = json!({"path": file, "name": "read"});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    run(&mut session, "layer.open", params).expect("the file opens");
    let layer = session.project().require("read").expect("the layer is there");
    let expected_features = expected["features"].as_array().expect("features");
    assert_eq!(layer.features.len(), expected_features.len(), "feature count of {} {extra}", file.display());
    for (i, (feature, want)) in layer.features.iter().zip(expected_features).enumerate() {
        let geometry = feature.geometry.as_ref().map_or(Json::Null, |g| geometry_to_json(g).expect("a geometry"));
        assert!(same(&geometry, &want["geometry"]), "feature {i}: {geometry} != {}", want["geometry"]);
        for (ours, theirs) in mapping {
            let value = feature.attributes[layer.require_field(ours).expect("the field is read")].to_json();
            assert!(
                same(&value, &want["properties"][theirs]),
                "feature {i} field {ours}: {value} != {}",
                want["properties"][theirs]
            );
        }
    }
}

/// Opens `file` with `params` added and checks the layer holds what GDAL read
/// (`expected/<expected>.json`): field names and types, every feature's geometry and values in
/// order, and the CRS.
fn check_reads_as_gdal(file: &Path, extra: Json, expected: &str) {
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture(&format!("expected/{expected}.json"))).expect("the expected reading is there"),
    )
    .expect("the expected reading is JSON");
    let mut session = Session::new();
    let mut params = json!({"path": file, "name": "read"});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    run(&mut session, "layer.open", params).expect("the file opens");
    let layer = session.project().require("read").expect("the layer is there");
    let fields: Vec<Json> = layer.fields.iter().map(|f| json!({"name": f.name, "type": f.field_type})).collect();
    assert_eq!(Json::Array(fields), expected["fields"], "fields of {}", file.display());
    let expected_features = expected["features"].as_array().expect("features");
    assert_eq!(layer.features.len(), expected_features.len(), "feature count of {}", file.display());
    for (i, (feature, want)) in layer.features.iter().zip(expected_features).enumerate() {
        let geometry = feature.geometry.as_ref().map_or(Json::Null, |g| geometry_to_json(g).expect("a geometry"));
        assert!(
            same(&geometry, &want["geometry"]),
            "feature {i} of {}: {geometry} != {}",
            file.display(),
            want["geometry"]
        );
        for (field, value) in layer.fields.iter().zip(&feature.attributes) {
            let want = &want["properties"][&field.name];
            assert!(same(&value.to_json(), want), "feature {i} field {}: {} != {want}", field.name, value.to_json());
        }
    }
    let epsg = expected["epsg"].as_u64().unwrap_or(4326);
    assert_eq!(layer.crs.code() as u64, epsg, "CRS of {}", file.display());
}

#[test]
fn shapefile_points_read_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("places.shp"), json!({}), "places_shp");
}

#[test]
fn shapefile_lines_read_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("roads.shp"), json!({}), "roads_shp");
}

#[test]
fn shapefile_polygons_with_holes_and_parts_read_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("parcels.shp"), json!({}), "parcels_shp");
}

#[test]
fn a_zipped_shapefile_reads_as_gdal_reads_it() {
    check_reads_as_gdal(&fixture("parcels.zip"), json!({}), "parcels_zip");
}

#[test]
fn shapefile_z_points_read_as_2d_points() {
    check_reads_as_gdal(&fixture("pointz.shp"), json!({}), "pointz_shp");
}

#[test]
fn a_latin1_dbf_known_by_its_language_id_reads_as_gdal_reads_it() {
    check_reads_as_gdal(&fixture("latin1.shp"), json!({}), "latin1_shp");
}

#[test]
fn dbf_field_names_are_decoded_with_the_code_page_as_gdal_decodes_them() {
    // `NOMD\xe9PART` in a Latin-1 .dbf (language id 0x57), as GDAL's own departs.dbf: `NOMDéPART`.
    check_reads_as_gdal(&fixture("departs_latin1.shp"), json!({}), "departs_latin1_shp");
}

#[test]
fn shapefile_rings_far_from_the_origin_keep_their_orientation_as_gdal_reads_them() {
    // Two clockwise outer rings near (1e11, 1e11): the second must stay a polygon, not a hole.
    check_reads_as_gdal(&fixture("far_rings.shp"), json!({}), "far_rings_shp");
}

#[test]
fn a_prj_in_esri_wkt_gives_its_utm_zone() {
    check_reads_as_gdal(&fixture("esri_utm.shp"), json!({}), "esri_utm_shp");
}

#[test]
fn csv_points_from_x_and_y_columns_read_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("places.csv"), json!({}), "places_csv");
}

#[test]
fn csv_geometries_from_a_wkt_column_read_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("parcels_wkt.csv"), json!({}), "parcels_wkt_csv");
}

#[test]
fn a_csv_with_a_bom_and_semicolons_reads_as_gdal_reads_it() {
    check_reads_as_gdal(&fixture("bom_semicolon.csv"), json!({}), "bom_semicolon_csv");
}

// ---------------------------------------------------------------------------------------------
// RustGIS reads back what it writes

/// Exports the layer `source` opened from `fixture_name` to `file` (with `extra` parameters) and
/// opens it back: the same fields, geometries and values.
fn check_round_trip(fixture_name: &str, file: &Path, extra: Json) -> Vec<String> {
    check_round_trip_of(fixture_name, file, extra, true)
}

/// As [`check_round_trip`]; without `same_schema`, the file read back may add fields (KML's
/// `description`, GPX's `kind`) and only the source's fields are compared, by name.
fn check_round_trip_of(fixture_name: &str, file: &Path, extra: Json, same_schema: bool) -> Vec<String> {
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture(fixture_name), "name": "source"}))
        .expect("the fixture opens");
    let mut params = json!({"layer": "source", "path": file});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    let notices = notices(&mut session, "layer.export", params);
    run(&mut session, "layer.open", json!({"path": file, "name": "back"})).expect("what was written opens");
    let project = session.project();
    let (source, back) = (project.require("source").expect("source"), project.require("back").expect("back"));
    if same_schema {
        assert_eq!(back.fields, source.fields, "fields after {}", file.display());
    }
    let columns: Vec<usize> = source
        .fields
        .iter()
        .map(|f| {
            let idx = back.require_field(&f.name).expect("every field is read back");
            assert_eq!(back.fields[idx].field_type, f.field_type, "type of {}", f.name);
            idx
        })
        .collect();
    assert_eq!(back.crs, source.crs);
    assert_eq!(back.features.len(), source.features.len());
    for (a, b) in source.features.iter().zip(back.features.iter()) {
        let json_of = |f: &rustgis_core::Feature| f.geometry.as_ref().map(|g| geometry_to_json(g).expect("geometry"));
        assert_eq!(json_of(a), json_of(b), "geometry of feature {}", a.id);
        let values = a.attributes.iter().map(|v| v.to_json()).collect::<Vec<_>>();
        let back_values = columns.iter().map(|c| b.attributes[*c].to_json()).collect::<Vec<_>>();
        assert!(
            same(&Json::Array(values.clone()), &Json::Array(back_values.clone())),
            "values of feature {}: {values:?} != {back_values:?}",
            a.id
        );
    }
    notices
}

#[test]
fn shapefile_points_read_back_as_written() {
    let folder = TempFolder::new("formats", "shp_points_back");
    check_round_trip("places.shp", &folder.join("out.shp"), json!({}));
    for ext in ["shp", "shx", "dbf", "prj", "cpg"] {
        assert!(folder.join(&format!("out.{ext}")).is_file(), "the .{ext} is written");
    }
}

#[test]
fn shapefile_polygons_read_back_as_written() {
    let folder = TempFolder::new("formats", "shp_polygons_back");
    check_round_trip("parcels.shp", &folder.join("out.shp"), json!({}));
}

#[test]
fn shapefile_lines_read_back_as_written_in_a_zip() {
    let folder = TempFolder::new("formats", "shp_zip_back");
    check_round_trip("roads.shp", &folder.join("out.zip"), json!({}));
}

#[test]
fn csv_with_wkt_reads_back_as_written() {
    let folder = TempFolder::new("formats", "csv_back");
    check_round_trip("parcels.shp", &folder.join("out.csv"), json!({}));
}

#[test]
fn shapefile_export_cuts_long_field_names_and_names_each_in_a_notice() {
    let folder = TempFolder::new("formats", "shp_long_names");
    let mut session = Session::new();
    let geojson = r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"population_2020":1,"population_2021":2},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#;
    run(&mut session, "layer.addGeoJSON", json!({"name": "long", "geojson": geojson})).expect("the layer loads");
    let notices = notices(&mut session, "layer.export", json!({"layer": "long", "path": folder.join("long.shp")}));
    assert!(notices.iter().any(|n| n.contains("'population_2020' is written as 'population'")), "{notices:?}");
    assert!(notices.iter().any(|n| n.contains("'population_2021' is written as 'populati_1'")), "{notices:?}");
}

#[test]
fn shapefile_export_refuses_mixed_geometry_kinds_and_writes_nothing() {
    let folder = TempFolder::new("formats", "shp_mixed");
    let mut session = Session::new();
    let geojson = r#"{"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}},
        {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[1,2],[3,4]]}}]}"#;
    run(&mut session, "layer.addGeoJSON", json!({"name": "mixed", "geojson": geojson})).expect("the layer loads");
    let error = run(&mut session, "layer.export", json!({"layer": "mixed", "path": folder.join("mixed.shp")}))
        .expect_err("a Shapefile holds one kind");
    assert!(error.to_string().contains("mixes points and lines"), "{error}");
    assert_eq!(std::fs::read_dir(folder.path()).expect("the folder").count(), 0, "nothing is written");
}

#[test]
fn shapefile_export_refuses_text_over_254_bytes() {
    let folder = TempFolder::new("formats", "shp_long_text");
    let mut session = Session::new();
    let long = "x".repeat(300);
    let geojson = format!(
        r#"{{"type":"FeatureCollection","features":[{{"type":"Feature","properties":{{"note":"{long}"}},"geometry":{{"type":"Point","coordinates":[1,2]}}}}]}}"#
    );
    run(&mut session, "layer.addGeoJSON", json!({"name": "notes", "geojson": geojson})).expect("the layer loads");
    let error = run(&mut session, "layer.export", json!({"layer": "notes", "path": folder.join("notes.shp")}))
        .expect_err("a .dbf text holds 254 bytes");
    assert!(error.to_string().contains("300 bytes long") && error.to_string().contains("254"), "{error}");
}

#[test]
fn csv_export_with_xy_writes_lon_and_lat_columns() {
    let folder = TempFolder::new("formats", "csv_xy");
    let file = folder.join("places.csv");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("places.shp"), "name": "places"})).expect("opens");
    run(&mut session, "layer.export", json!({"layer": "places", "path": file, "csv_geometry": "xy"})).expect("exports");
    let text = std::fs::read_to_string(&file).expect("the CSV is there");
    assert!(text.starts_with("lon,lat,name,pop,area,founded\n8.5417,47.3769,Zürich,"), "{text}");
}

// ---------------------------------------------------------------------------------------------
// CSV options

#[test]
fn csv_coordinate_columns_can_be_named_and_types_overridden() {
    let folder = TempFolder::new("formats", "csv_named");
    let file = folder.join("stations.csv");
    std::fs::write(&file, "code,east,north\n00501,500000,5000000\n10522,500100,5000100\n").expect("written");
    let mut session = Session::new();
    run(
        &mut session,
        "layer.open",
        json!({"path": file, "x": "east", "y": "north", "crs": "EPSG:32633", "types": {"code": "string"}}),
    )
    .expect("opens");
    let layer = session.project().require("stations").expect("the layer");
    assert_eq!(layer.crs.code(), 32633);
    assert_eq!(layer.features[0].attributes[0].to_json(), json!("00501"));
    assert_eq!(layer.features.len(), 2);
}

#[test]
fn a_csvt_beside_a_csv_gives_its_column_types_and_coordinate_columns_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("typed.csv"), json!({}), "typed_csv");
    let mut session = Session::new();
    let said = notices(&mut session, "layer.open", json!({"path": fixture("typed.csv")}));
    let about_the_csvt: Vec<&String> = said.iter().filter(|n| n.contains("csvt")).collect();
    assert_eq!(
        about_the_csvt,
        ["typed.csvt makes 'clock' Time: RustGIS has no time-of-day type, so it is kept as text"]
    );
}

#[test]
fn a_csvt_wkt_column_gives_the_geometries_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("typed_wkt.csv"), json!({}), "typed_wkt_csv");
}

#[test]
fn cells_that_are_not_the_type_their_csvt_gives_read_as_null_with_a_notice() {
    let folder = TempFolder::new("formats", "csvt_bad_cells");
    std::fs::write(folder.join("bad.csv"), "n,m,when\nabc,1,2024-13-45\n2,x,2024-01-02\n").expect("written");
    std::fs::write(folder.join("bad.csvt"), "Integer,Foo,Date,Real\n").expect("written");
    let mut session = Session::new();
    let said = notices(&mut session, "layer.open", json!({"path": folder.join("bad.csv"), "name": "bad"}));
    assert_eq!(
        said,
        [
            "no geometry column found (looked for lon/lng/long/longitude/x / lat/latitude/y, or WKT in \
             wkt/geometry/geom/the_geom/wkt_geom/shape): opened as a table without geometry (as GDAL opens it); to read \
             points or shapes, name the columns with \"x\" and \"y\" or \"wkt\"",
            "bad.csvt gives 4 types for 3 columns: the types past the last column are ignored, as GDAL reads them",
            "bad.csvt gives 'm' the type \"Foo\", which is not one of GDAL's (Integer, Integer64, Real, String, Date, Time, \
             DateTime, WKT, CoordX, CoordY): it is read as text, as GDAL reads it",
            "2 cells did not hold the type the .csvt gives and were read as null, as GDAL reads them (line 2, column 'n': \
             \"abc\" is not Integer; line 2, column 'when': \"2024-13-45\" is not Date); fix the .csvt, or give the \
             column's type with \"types\"",
        ]
    );
    let layer = session.project().require("bad").expect("the layer");
    let rows: Vec<Vec<Json>> =
        layer.features.iter().map(|f| f.attributes.iter().map(rustgis_core::Value::to_json).collect()).collect();
    assert_eq!(rows, [vec![Json::Null, json!("1"), Json::Null], vec![json!(2), json!("x"), json!("2024-01-02")]]);
}

#[test]
fn csv_rows_with_bad_coordinates_are_named_by_line() {
    let folder = TempFolder::new("formats", "csv_bad_rows");
    let file = folder.join("bad.csv");
    std::fs::write(&file, "name,lat,lon\na,1,2\nb,north,2\nc,3,4\n").expect("written");
    let mut session = Session::new();
    let notices = notices(&mut session, "layer.open", json!({"path": file}));
    assert!(notices.iter().any(|n| n.contains("line 3: lat \"north\" is not a number")), "{notices:?}");
    let layer = session.project().require("bad").expect("the layer");
    assert_eq!(layer.features.len(), 3, "the row is kept");
    assert!(layer.features[1].geometry.is_none());
}

// ---------------------------------------------------------------------------------------------
// Damaged and hostile files leave the session as it was

/// Opens `file` in a session holding the sample and checks it is refused with a message
/// containing `says`, the project unchanged.
fn check_refused(file: &Path, extra: Json, says: &str) {
    let mut session = Session::with_sample().expect("the sample loads");
    let before: Vec<String> = session.project().layers.iter().map(|l| l.name.clone()).collect();
    let mut params = json!({"path": file});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    let error = run(&mut session, "layer.open", params).expect_err("the file is refused");
    assert!(format!("{error}").contains(says), "{error}");
    let after: Vec<String> = session.project().layers.iter().map(|l| l.name.clone()).collect();
    assert_eq!(after, before, "the project is unchanged");
    assert!(session.history().is_empty(), "no undo step");
}

/// Copies the shapefile `name` (.shp, .shx, .dbf) into a test's folder and applies `damage` to
/// the bytes of its file ending in `extension`.
fn damaged_shapefile(test: &str, name: &str, extension: &str, damage: impl FnOnce(&mut Vec<u8>)) -> TempFolder {
    let folder = TempFolder::new("formats", test);
    copy_fixtures(&folder, &[&format!("{name}.shp"), &format!("{name}.shx"), &format!("{name}.dbf")]);
    let file = folder.join(&format!("{name}.{extension}"));
    let mut bytes = std::fs::read(&file).expect("the copied fixture");
    damage(&mut bytes);
    std::fs::write(&file, &bytes).expect("damaged");
    folder
}

#[test]
fn a_truncated_shp_is_refused() {
    let folder = damaged_shapefile("truncated_shp", "parcels", "shp", |shp| shp.truncate(shp.len() - 40));
    check_refused(&folder.join("parcels.shp"), json!({}), "the .shp is truncated or the .shx does not belong to it");
}

#[test]
fn shx_offsets_past_the_end_are_refused() {
    let folder = damaged_shapefile("shx_past_end", "places", "shx", |shx| {
        shx[108..112].copy_from_slice(&1_000_000i32.to_be_bytes());
    });
    check_refused(&folder.join("places.shp"), json!({}), "the index puts shape 2 at bytes 2000000..");
}

#[test]
fn a_dbf_whose_record_length_lies_is_refused() {
    let folder =
        damaged_shapefile("dbf_lies", "places", "dbf", |dbf| dbf[10..12].copy_from_slice(&9000u16.to_le_bytes()));
    check_refused(&folder.join("places.shp"), json!({}), "the header gives records of 9000 bytes");
}

#[test]
fn multipatch_shapefiles_are_refused_by_name() {
    let folder =
        damaged_shapefile("multipatch", "places", "shp", |shp| shp[32..36].copy_from_slice(&31i32.to_le_bytes()));
    check_refused(&folder.join("places.shp"), json!({}), "MultiPatch");
}

#[test]
fn a_zip_bomb_is_refused() {
    let folder = TempFolder::new("formats", "zip_bomb");
    let file = folder.join("bomb.zip");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&file).expect("created"));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    writer.start_file("bomb.shp", options).expect("a member");
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..80 {
        writer.write_all(&zeros).expect("zeros");
    }
    writer.finish().expect("the archive is finished");
    check_refused(&file, json!({}), "looks like a zip bomb");
}

#[test]
fn a_csv_line_of_100_mb_is_refused() {
    let folder = TempFolder::new("formats", "csv_long_line");
    let file = folder.join("long.csv");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&file).expect("created"));
    out.write_all(b"name,lon,lat\n").expect("header");
    let chunk = vec![b'a'; 1 << 20];
    for _ in 0..100 {
        out.write_all(&chunk).expect("a long line");
    }
    out.flush().expect("flushed");
    drop(out);
    check_refused(
        &file,
        json!({}),
        "the line is longer than 64 MiB, the most RustGIS reads in one CSV line; is this really a CSV file? (at line 2)",
    );
}

#[test]
fn a_file_that_is_not_what_its_extension_says_is_named_for_what_it_looks_like() {
    check_refused(&fixture("survey.gpkg"), json!({"format": "shapefile"}), "looks like an SQLite database");
    let folder = TempFolder::new("formats", "misnamed");
    std::fs::copy(fixture("places.gpkg"), folder.join("places.shp")).expect("copied");
    check_refused(
        &folder.join("places.shp"),
        json!({}),
        "the name says ESRI Shapefile but the file looks like an SQLite database (a GeoPackage is .gpkg); open it with \"format\": \"geopackage\"",
    );
}

#[test]
fn a_misnamed_file_opens_with_format() {
    let folder = TempFolder::new("formats", "misnamed_opens");
    std::fs::copy(fixture("places.csv"), folder.join("places.txt")).expect("copied");
    let mut session = Session::new();
    let out =
        run(&mut session, "layer.open", json!({"path": folder.join("places.txt"), "format": "csv"})).expect("opens");
    assert_eq!(out["features"], 5);
}

#[test]
fn the_format_list_names_every_extension_once() {
    let extensions = rustgis_core::io::readable_extensions();
    let mut unique = extensions.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), extensions.len());
    for ext in ["shp", "zip", "gpkg", "csv", "tsv", "kml", "kmz", "gpx", "geojson", "fgb", "parquet", "geoparquet"] {
        assert!(extensions.contains(&ext), "{ext}");
    }
}

// ---------------------------------------------------------------------------------------------
// GeoPackage

#[test]
fn geopackage_tables_read_as_gdal_reads_them() {
    for table in ["places", "roads", "parcels"] {
        check_reads_as_gdal(&fixture("survey.gpkg"), json!({"table": table}), &format!("survey_gpkg_{table}"));
    }
}

#[test]
fn a_geopackage_with_one_table_opens_without_naming_it() {
    check_reads_as_gdal(&fixture("places.gpkg"), json!({}), "places_gpkg");
}

#[test]
fn a_geopackage_attribute_table_opens_as_a_layer_without_geometry_as_gdal_reads_it() {
    check_reads_as_gdal(&fixture("populations.gpkg"), json!({}), "populations_gpkg");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("populations.gpkg")})).expect("the table opens");
    let read = run(&mut session, "table.read", json!({"layer": "populations", "where": "year > 2010"}))
        .expect("its rows are read as a layer's");
    assert_eq!(read["rows"].as_array().map(Vec::len), Some(2), "{read}");
}

#[test]
fn a_csv_without_geometry_opens_as_a_table_as_gdal_reads_it() {
    check_reads_as_gdal(&fixture("populations.csv"), json!({}), "populations_csv");
    let mut session = Session::new();
    let said = notices(&mut session, "layer.open", json!({"path": fixture("populations.csv")}));
    assert!(said.iter().any(|n| n.starts_with("no geometry column found")), "{said:?}");
    assert!(said.iter().any(|n| n.contains("opened as a table without geometry")), "{said:?}");
}

#[test]
fn a_geopackage_with_several_tables_answers_with_their_names() {
    check_refused(
        &fixture("survey.gpkg"),
        json!({}),
        "the GeoPackage holds 3 layers: 'places', 'roads', 'parcels'; pass \"table\" with one of them",
    );
}

#[test]
fn a_geopackage_bbox_read_keeps_only_what_meets_the_box() {
    let mut session = Session::new();
    let out = run(
        &mut session,
        "layer.open",
        json!({"path": fixture("survey.gpkg"), "table": "places", "bbox": [0, 40, 10, 50]}),
    )
    .expect("opens");
    assert_eq!(out["features"], 1, "only Zürich is in the box");
    assert_eq!(session.project().require("places").expect("layer").features[0].id, 1);
}

#[test]
fn a_layer_written_into_an_existing_geopackage_leaves_its_other_tables_as_they_were() {
    let folder = TempFolder::new("formats", "gpkg_add_table");
    copy_fixtures(&folder, &["survey.gpkg"]);
    let file = folder.join("survey.gpkg");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("roads.shp"), "name": "new_roads"})).expect("opens");
    run(&mut session, "layer.export", json!({"layer": "new_roads", "path": file})).expect("writes a table");
    for table in ["places", "roads", "parcels"] {
        check_reads_as_gdal(&file, json!({"table": table}), &format!("survey_gpkg_{table}"));
    }
    check_reads_as_gdal(&file, json!({"table": "new_roads"}), "roads_shp");
    let error = run(&mut session, "layer.export", json!({"layer": "new_roads", "path": file}))
        .expect_err("the table is there now");
    assert!(error.to_string().contains("already has a table 'new_roads'"), "{error}");
}

#[test]
fn geopackage_polygons_read_back_as_written() {
    let folder = TempFolder::new("formats", "gpkg_back");
    check_round_trip("parcels.shp", &folder.join("out.gpkg"), json!({}));
}

/// The SQL functions a GeoPackage-aware SQLite connection has (GDAL, QGIS and SpatiaLite register
/// them): the R-tree triggers call them. They read the envelope of the blob's header, which is
/// all these tests' geometries need.
fn register_geopackage_functions(connection: &rusqlite::Connection) {
    use rusqlite::functions::FunctionFlags;
    fn envelope(blob: &[u8]) -> Option<[f64; 4]> {
        let flags = *blob.get(3)?;
        if flags & 0b1_0000 != 0 || (flags >> 1) & 0b111 == 0 {
            return None;
        }
        let value =
            |i: usize| blob.get(8 + 8 * i..16 + 8 * i).map(|b| f64::from_le_bytes(b.try_into().expect("8 bytes")));
        Some([value(0)?, value(1)?, value(2)?, value(3)?])
    }
    let flags = FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC;
    connection
        .create_scalar_function("ST_IsEmpty", 1, flags, |ctx| Ok(envelope(&ctx.get::<Vec<u8>>(0)?).is_none()))
        .expect("ST_IsEmpty is registered");
    for (name, at) in [("ST_MinX", 0), ("ST_MaxX", 1), ("ST_MinY", 2), ("ST_MaxY", 3)] {
        connection
            .create_scalar_function(name, 1, flags, move |ctx| Ok(envelope(&ctx.get::<Vec<u8>>(0)?).map(|e| e[at])))
            .expect("the envelope functions are registered");
    }
}

/// A GeoPackage point blob with its envelope (little-endian, EPSG:4326).
fn geopackage_point(x: f64, y: f64) -> Vec<u8> {
    let mut blob = b"GP\x00\x03".to_vec();
    blob.extend_from_slice(&4326_i32.to_le_bytes());
    for v in [x, x, y, y] {
        blob.extend_from_slice(&v.to_le_bytes());
    }
    blob.extend_from_slice(&[1, 1, 0, 0, 0]);
    blob.extend_from_slice(&x.to_le_bytes());
    blob.extend_from_slice(&y.to_le_bytes());
    blob
}

#[test]
fn written_geopackages_carry_the_seven_rtree_triggers_gdal_writes() {
    let folder = TempFolder::new("formats", "gpkg_triggers");
    let file = folder.join("places.gpkg");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("places.shp"), "name": "places"})).expect("opens");
    run(&mut session, "layer.export", json!({"layer": "places", "path": file})).expect("writes");
    let connection = rusqlite::Connection::open(&file).expect("the GeoPackage opens in SQLite");
    let mut statement = connection
        .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'places' ORDER BY name")
        .expect("sqlite_master");
    let names: Vec<String> =
        statement.query_map([], |row| row.get(0)).expect("triggers").collect::<Result<_, _>>().expect("names");
    let suffixes = ["delete", "insert", "update2", "update4", "update5", "update6", "update7"];
    assert_eq!(names, suffixes.map(|s| format!("rtree_places_geom_{s}")));
}

#[test]
fn edits_by_another_program_keep_the_rtree_of_a_written_geopackage_right() {
    let folder = TempFolder::new("formats", "gpkg_edited");
    let file = folder.join("places.gpkg");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("places.shp"), "name": "places"})).expect("opens");
    run(&mut session, "layer.export", json!({"layer": "places", "path": file})).expect("writes");
    {
        let connection = rusqlite::Connection::open(&file).expect("the GeoPackage opens in SQLite");
        register_geopackage_functions(&connection);
        // São Paulo moves into the box, Zürich (in the box) is deleted, a new point is added in it.
        connection
            .execute("UPDATE places SET geom = ?1 WHERE fid = 2", [geopackage_point(5.0, 45.0)])
            .expect("the update runs its triggers");
        connection.execute("DELETE FROM places WHERE fid = 1", []).expect("the delete runs its trigger");
        connection
            .execute("INSERT INTO places (fid, geom, name) VALUES (10, ?1, 'Lyon')", [geopackage_point(4.83, 45.76)])
            .expect("the insert runs its trigger");
    }
    let out = run(&mut session, "layer.open", json!({"path": file, "name": "boxed", "bbox": [0, 40, 10, 50]}))
        .expect("opens with a bbox");
    assert_eq!(out["features"], 2, "the moved and the new point, through the R-tree");
    let ids: Vec<u64> = session.project().require("boxed").expect("layer").features.iter().map(|f| f.id).collect();
    assert_eq!(ids, [2, 10]);
}

#[test]
fn a_geopackage_that_is_not_sqlite_is_refused() {
    let folder = TempFolder::new("formats", "gpkg_not_sqlite");
    std::fs::copy(fixture("places.csv"), folder.join("fake.gpkg")).expect("copied");
    check_refused(&folder.join("fake.gpkg"), json!({}), "the name says GeoPackage but the file looks like plain text");
}

#[test]
fn a_truncated_geopackage_is_refused() {
    let folder = TempFolder::new("formats", "gpkg_truncated");
    let bytes = std::fs::read(fixture("survey.gpkg")).expect("the fixture");
    std::fs::write(folder.join("cut.gpkg"), &bytes[..8192]).expect("cut");
    check_refused(&folder.join("cut.gpkg"), json!({"table": "places"}), "cut.gpkg");
}

// ---------------------------------------------------------------------------------------------
// FlatGeobuf

#[test]
fn a_flatgeobuf_with_every_column_type_reads_as_gdal_reads_it() {
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture("expected/gdal_alldatatypes_fgb.json")).expect("GDAL's reading"),
    )
    .expect("JSON");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("gdal/alldatatypes.fgb"), "name": "all"}))
        .expect("GDAL's alldatatypes.fgb opens");
    let layer = session.project().require("all").expect("the layer");
    let fields: Vec<Json> = layer.fields.iter().map(|f| json!({"name": f.name, "type": f.field_type})).collect();
    assert_eq!(Json::Array(fields), expected["fields"]);
    let [feature] = layer.features.as_slice() else { panic!("one feature: {:?}", layer.features) };
    let want = &expected["features"][0];
    let geometry = geometry_to_json(feature.geometry.as_ref().expect("a point")).expect("GeoJSON");
    assert!(same(&geometry, &want["geometry"]), "{geometry}");
    for (field, value) in layer.fields.iter().zip(&feature.attributes) {
        let theirs = &want["properties"][&field.name];
        if field.name == "binary" {
            // GDAL gives the bytes (b"X"); RustGIS, which has no binary type, their hexadecimal text.
            let hex: String = theirs.as_str().expect("text").bytes().map(|b| format!("{b:02x}")).collect();
            assert_eq!(value.to_json(), json!(hex));
        } else {
            assert!(same(&value.to_json(), theirs), "{}: {} != {theirs}", field.name, value.to_json());
        }
    }
}

// ---------------------------------------------------------------------------------------------
// GeoJSON

#[test]
fn geojson_with_a_utf8_bom_reads_as_gdal_reads_it() {
    let file = fixture("gdal/point_with_utf8bom.json");
    assert!(std::fs::read(&file).expect("GDAL's file").starts_with(b"\xef\xbb\xbf"), "the file starts with a BOM");
    check_reads_as_gdal(&file, json!({}), "gdal_point_with_utf8bom_json");
}

#[test]
fn geojson_geometries_without_coordinates_read_as_features_without_geometry_as_gdal_reads_them() {
    check_reads_as_gdal(&fixture("null_coordinates.geojson"), json!({}), "null_coordinates_geojson");
    let mut session = Session::new();
    let said = notices(&mut session, "layer.open", json!({"path": fixture("null_coordinates.geojson")}));
    assert!(
        said.iter().any(|n| n.starts_with(
            "3 features have a geometry without coordinates (\"coordinates\": null or none) and were read without geometry, as GDAL reads them (ids 1, 3, 4); feature 1: a Point"
        )),
        "{said:?}"
    );
}

// ---------------------------------------------------------------------------------------------
// KML and GPX

#[test]
fn kml_placemarks_read_as_gdal_reads_them() {
    check_reads_as_gdal_in(&fixture("places.kml"), "places_kml", &[("name", "Name"), ("description", "description")]);
}

#[test]
fn kml_polygons_and_multigeometries_read_as_gdal_reads_them() {
    check_reads_as_gdal_in(&fixture("parcels.kml"), "parcels_kml", &[("name", "Name")]);
}

#[test]
fn a_kmz_reads_as_the_kml_inside_it() {
    check_reads_as_gdal_in(&fixture("places.kmz"), "places_kml", &[("name", "Name"), ("description", "description")]);
}

/// The layer a file opens as.
fn open_layer(file: &Path) -> rustgis_core::Layer {
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": file, "name": "read"})).expect("the file opens");
    session.project().require("read").expect("the layer is there").clone()
}

#[test]
fn kml_descriptions_keep_their_inline_xhtml_as_gdal_reads_it() {
    let file = fixture("gdal/description_with_xml.kml");
    check_reads_as_gdal_in(&file, "gdal_description_with_xml_kml", &[("name", "Name")]);
    let layer = open_layer(&file);
    let description =
        layer.features[0].attributes[layer.require_field("description").expect("a description")].to_json();
    // GDAL's KML driver reads exactly this; LIBKML keeps the white space before </description> too.
    assert_eq!(description, "Description<br></br><i attr=\"val\">Interesting</i><br></br>");
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture("expected/gdal_description_with_xml_kml.json")).expect("GDAL's reading"),
    )
    .expect("JSON");
    assert_eq!(description.as_str(), expected["features"][0]["properties"]["description"].as_str().map(str::trim));
}

#[test]
fn kml_gx_tracks_read_as_lines_as_gdal_reads_them() {
    check_reads_as_gdal_in(&fixture("gdal/gxtrack.kml"), "gdal_gxtrack_kml", &[("name", "Name")]);
    check_reads_as_gdal_in(&fixture("gdal/gx_track_without_when.kml"), "gdal_gx_track_without_when_kml", &[]);
}

#[test]
fn a_kml_folder_asked_for_by_name_reads_as_gdal_reads_that_folder_as_a_layer() {
    for layer in ["Trip", "Museums", "Small museums", "Walks"] {
        let expected = format!("kml_folders_{}", layer.replace(' ', "_"));
        check_reads_as_gdal_with(&fixture("folders.kml"), json!({"table": layer}), &expected, &[("name", "Name")]);
    }
}

#[test]
fn a_kmz_ground_overlay_reads_as_its_box_and_image_name_as_gdal_reads_it_beside_the_placemarks() {
    check_reads_as_gdal_in(&fixture("overlay.kmz"), "kmz_overlay", &[("name", "Name"), ("icon", "icon")]);
}

#[test]
fn a_kml_with_several_folders_reads_as_one_layer_with_a_notice_naming_them() {
    let mut session = Session::new();
    let said = notices(&mut session, "layer.open", json!({"path": fixture("folders.kml"), "name": "trip"}));
    assert_eq!(session.project().require("trip").expect("the layer").features.len(), 5);
    assert!(
        said.iter().any(|n| n.starts_with(
            "the placemarks are in 4 places: 'Trip' (1), 'Museums' (2), 'Small museums' (1), 'Walks' (1); GDAL reads each folder as a layer"
        )),
        "{said:?}"
    );
}

#[test]
fn a_kml_folder_that_does_not_exist_is_refused_naming_the_folders() {
    let mut session = Session::new();
    let error = run(&mut session, "layer.open", json!({"path": fixture("folders.kml"), "table": "Parks"}))
        .expect_err("there is no folder Parks");
    assert!(
        error.to_string().contains(
            "no folder, document or GroundOverlay is named 'Parks'; the placemarks are in 'Trip' (1), 'Museums' (2)"
        ),
        "{error}"
    );
    assert!(session.project().layers.is_empty());
}

#[test]
fn kml_gx_multitracks_read_as_multilines_as_gdal_reads_them() {
    let folder = TempFolder::new("formats", "kml_multitrack");
    let file = folder.join("multitrack.kml");
    std::fs::write(
        &file,
        r#"<kml xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark><name>two</name><gx:MultiTrack>
        <gx:Track><when>2014-01-06T19:38:55Z</when><gx:coord>8.1 46.1 1909.9</gx:coord><gx:coord>8.2 46.2 1909.9</gx:coord></gx:Track>
        <gx:Track><gx:coord>9 47</gx:coord><gx:coord>9.5 47.5</gx:coord></gx:Track>
        </gx:MultiTrack></Placemark></kml>"#,
    )
    .expect("written");
    let layer = open_layer(&file);
    let geometry = geometry_to_json(layer.features[0].geometry.as_ref().expect("a geometry")).expect("GeoJSON");
    // What GDAL (LIBKML) reads, altitudes dropped: MULTILINESTRING Z ((8.1 46.1 1909.9, 8.2 46.2 1909.9), (9 47 0, 9.5 47.5 0)).
    let gdal =
        json!({"type": "MultiLineString", "coordinates": [[[8.1, 46.1], [8.2, 46.2]], [[9.0, 47.0], [9.5, 47.5]]]});
    assert!(same(&geometry, &gdal), "{geometry}");
}

#[test]
fn csv_booleans_written_on_and_off_are_detected_as_gdal_detects_them() {
    check_reads_as_gdal(
        &fixture("gdal/testtypeautodetectboolean.csv"),
        json!({"detect_types": "gdal"}),
        "gdal_testtypeautodetectboolean_csv_autodetect",
    );
}

#[test]
fn kml_multipolygon_multilinestring_and_multipoint_elements_read_as_multi_geometries_as_gdal_reads_them() {
    // KML defines none of the three; some programs write them, and GDAL reads them as multi-parts.
    check_reads_as_gdal_in(&fixture("gdal/non_conformant_multi.kml"), "gdal_non_conformant_multi_kml", &[]);
}

#[test]
fn kml_folders_without_a_name_open_by_the_names_gdal_gives_them_and_an_empty_one_as_an_empty_layer() {
    // An outermost folder without a <name> is named for the file; one inside another "Layer" and
    // its place there, as GDAL's LIBKML driver names them.
    let outermost = json!({"table": "gx_track_without_when"});
    check_reads_as_gdal_with(
        &fixture("gdal/gx_track_without_when.kml"),
        outermost,
        "gdal_gx_track_without_when_kml",
        &[],
    );
    let inner = json!({"table": "Layer0"});
    let expected = "gdal_folder_with_subfolder_placemark_kml_Layer0";
    check_reads_as_gdal_with(&fixture("gdal/folder_with_subfolder_placemark.kml"), inner, expected, &[]);
}

#[test]
fn gpx_elevations_are_floats_as_gdal_types_them_even_when_whole() {
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("gdal/test.gpx"), "name": "gpx"})).expect("the GPX opens");
    let layer = session.project().require("gpx").expect("the layer");
    let ele = layer.require_field("ele").expect("an ele field");
    assert_eq!(layer.fields[ele].field_type, rustgis_core::FieldType::Float);
    assert_eq!(layer.features[0].attributes[ele], rustgis_core::Value::Float(2.0));
}

#[test]
fn a_csv_whose_quoted_cell_is_never_closed_is_refused_naming_the_line_it_opens_on() {
    // GDAL's own file: `1,"foo""` opens a cell whose closing quote never comes. The rest of the file
    // would be one cell; GDAL reads no row at all, without a word.
    check_refused(
        &fixture("gdal/unbalanced_double_quotes.csv"),
        json!({}),
        "a quoted cell starting on this line has no closing quote: the rest of the file would be one cell (GDAL reads \
         no row of such a file); close the quote, or double a quote meant inside a quoted cell (\"\") (at line 2)",
    );
}

#[test]
fn a_truncated_kml_is_refused_naming_where_it_ends() {
    check_refused(
        &fixture("gdal/truncated.kml"),
        json!({}),
        "the file ends inside <coordinates> (kml/Document/Folder/Folder/Placemark/Polygon/outerBoundaryIs/LinearRing/coordinates) before the document does: it is truncated",
    );
}

#[test]
fn gpx_waypoints_read_as_gdal_reads_them() {
    check_reads_as_gdal_in(&fixture("waypoints.gpx"), "waypoints_gpx", &[("name", "name")]);
}

#[test]
fn gpx_tracks_read_as_gdal_reads_them() {
    check_reads_as_gdal_in(&fixture("tracks.gpx"), "tracks_gpx", &[("name", "name")]);
}

#[test]
fn gpx_track_points_keep_their_elevation_time_and_place_as_gdal_reads_them() {
    check_reads_as_gdal_with(
        &fixture("run.gpx"),
        json!({"table": "track_points"}),
        "run_gpx_track_points",
        &[
            ("track_fid", "track_fid"),
            ("track_seg_id", "track_seg_id"),
            ("track_seg_point_id", "track_seg_point_id"),
            ("ele", "ele"),
            ("time", "time"),
        ],
    );
}

#[test]
fn gpx_route_points_read_as_gdal_reads_them() {
    check_reads_as_gdal_with(
        &fixture("run.gpx"),
        json!({"table": "route_points"}),
        "run_gpx_route_points",
        &[("route_fid", "route_fid"), ("route_point_id", "route_point_id"), ("ele", "ele"), ("name", "name")],
    );
}

#[test]
fn a_gpx_layer_gdal_does_not_name_is_refused_listing_the_five() {
    let mut session = Session::new();
    let error = run(&mut session, "layer.open", json!({"path": fixture("run.gpx"), "table": "trackpoints"}))
        .expect_err("no such layer");
    assert!(error.to_string().contains("waypoints, routes, tracks, route_points, track_points"), "{error}");
}

#[test]
fn a_table_named_for_a_file_of_one_layer_is_refused_not_ignored() {
    let mut session = Session::new();
    let error = run(&mut session, "layer.open", json!({"path": fixture("places.csv"), "table": "places"}))
        .expect_err("a CSV has one layer");
    assert!(error.to_string().contains("holds one layer"), "{error}");
}

#[test]
fn kml_with_extended_data_reads_back_as_written() {
    let folder = TempFolder::new("formats", "kml_back");
    check_round_trip_of("places.shp", &folder.join("out.kml"), json!({}), false);
}

#[test]
fn kmz_reads_back_as_written() {
    let folder = TempFolder::new("formats", "kmz_back");
    check_round_trip_of("parcels.shp", &folder.join("out.kmz"), json!({}), false);
}

#[test]
fn gpx_waypoints_and_tracks_read_back_as_written() {
    let folder = TempFolder::new("formats", "gpx_back");
    check_round_trip_of("waypoints.gpx", &folder.join("points.gpx"), json!({}), true);
    check_round_trip_of("tracks.gpx", &folder.join("tracks.gpx"), json!({}), true);
}

#[test]
fn gpx_export_refuses_polygons() {
    let folder = TempFolder::new("formats", "gpx_polygons");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("parcels.shp"), "name": "parcels"})).expect("opens");
    let error = run(&mut session, "layer.export", json!({"layer": "parcels", "path": folder.join("p.gpx")}))
        .expect_err("GPX holds no polygons");
    assert!(error.to_string().contains("GPX holds waypoints, routes and tracks"), "{error}");
}

#[test]
fn a_kmz_zip_bomb_is_refused() {
    let folder = TempFolder::new("formats", "kmz_bomb");
    let file = folder.join("bomb.kmz");
    let mut writer = zip::ZipWriter::new(std::fs::File::create(&file).expect("created"));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    writer.start_file("doc.kml", options).expect("a member");
    writer.write_all(b"<kml><Document><name>").expect("start");
    let spaces = vec![b' '; 1 << 20];
    for _ in 0..80 {
        writer.write_all(&spaces).expect("spaces");
    }
    writer.finish().expect("the archive is finished");
    check_refused(&file, json!({}), "looks like a zip bomb");
}

#[test]
fn xml_entities_are_never_expanded() {
    let folder = TempFolder::new("formats", "kml_entities");
    let file = folder.join("laughs.kml");
    std::fs::write(
        &file,
        "<?xml version=\"1.0\"?><!DOCTYPE kml [<!ENTITY lol \"lol\">]><kml><Placemark><name>&lol;</name></Placemark></kml>",
    )
    .expect("written");
    check_refused(&file, json!({}), "unknown entity &lol;");
}

#[test]
fn data_files_of_every_format_load_at_start() {
    let data = ["places.shp", "parcels.zip", "places.gpkg", "places.csv", "places.kml", "tracks.gpx"];
    let options =
        rustgis_core::StartOptions { data: data.iter().map(|name| fixture(name)).collect(), ..Default::default() };
    let session = Session::start(&options).expect("every data file loads");
    assert_eq!(session.project().layers.len(), 6);
    assert!(session.history().is_empty(), "loading at start is no undo step");
}

// ---------------------------------------------------------------------------------------------
// GeoParquet (fixtures written and read by GeoPandas and pyarrow)

#[test]
fn geoparquet_written_by_geopandas_reads_as_geopandas_reads_it() {
    check_reads_as_gdal(&fixture("places.parquet"), json!({}), "places_parquet");
}

#[test]
fn a_geoparquet_written_by_pandas_has_no_field_for_its_stored_index() {
    check_reads_as_gdal(&fixture("places_indexed.parquet"), json!({}), "places_indexed_parquet");
}

#[test]
fn geoparquet_1_1_with_a_covering_bbox_and_several_row_groups_reads_as_geopandas_reads_it() {
    check_reads_as_gdal(&fixture("parcels_3857.parquet"), json!({}), "parcels_3857_parquet");
}

#[test]
fn geoparquet_1_0_in_a_utm_zone_reads_with_its_crs() {
    check_reads_as_gdal(&fixture("roads_utm.parquet"), json!({}), "roads_utm_parquet");
}

#[test]
fn geoparquet_compressed_with_brotli_reads_as_geopandas_reads_it() {
    check_reads_as_gdal(&fixture("roads_brotli.parquet"), json!({}), "roads_brotli_parquet");
}

#[test]
fn a_geoparquet_bbox_read_keeps_only_what_meets_the_box() {
    let mut session = Session::new();
    let out = run(
        &mut session,
        "layer.open",
        json!({"path": fixture("parcels_3857.parquet"), "name": "boxed", "bbox": [-1100000, -1100000, -800000, -800000]}),
    )
    .expect("opens");
    assert_eq!(out["features"], 1, "only the triangle is in the box");
    let triangle = &session.project().require("boxed").expect("layer").features[0];
    assert_eq!(triangle.id, 3, "ids are row numbers in the whole file, whichever row groups are read");
}

/// Overwrites the bytes of row group `group` of a Parquet file with garbage.
fn damage_row_group(file: &Path, group: usize) {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let reader = SerializedFileReader::new(std::fs::File::open(file).expect("opens")).expect("Parquet");
    let ranges: Vec<(u64, u64)> = reader.metadata().row_group(group).columns().iter().map(|c| c.byte_range()).collect();
    let mut bytes = std::fs::read(file).expect("read");
    for (start, length) in ranges {
        bytes[start as usize..(start + length) as usize].fill(0xAB);
    }
    std::fs::write(file, bytes).expect("written");
}

#[test]
fn a_geoparquet_bbox_read_skips_row_groups_by_their_statistics() {
    let folder = TempFolder::new("formats", "parquet_skip");
    copy_fixtures(&folder, &["parcels_3857.parquet"]);
    let file = folder.join("parcels_3857.parquet");
    // Row groups 1 and 2 (the parcels far from the origin) are unreadable: a read that touched
    // them would fail.
    damage_row_group(&file, 1);
    damage_row_group(&file, 2);
    let mut session = Session::new();
    let out = run(&mut session, "layer.open", json!({"path": file, "name": "boxed", "bbox": [0, 0, 500000, 500000]}))
        .expect("the damaged row groups are never read");
    assert_eq!(out["features"], 1);
    check_refused(&file, json!({}), "the page header at byte");
}

#[test]
fn geoparquet_reads_back_as_written() {
    let folder = TempFolder::new("formats", "parquet_back");
    check_round_trip("places.parquet", &folder.join("out.parquet"), json!({}));
}

#[test]
fn shapefile_polygons_read_back_from_geoparquet_as_written() {
    let folder = TempFolder::new("formats", "parquet_polygons_back");
    check_round_trip("parcels.shp", &folder.join("parcels.geoparquet"), json!({}));
}

#[test]
fn geoparquet_in_web_mercator_reads_back_with_its_crs() {
    let folder = TempFolder::new("formats", "parquet_3857_back");
    check_round_trip("parcels_3857.parquet", &folder.join("out.parquet"), json!({}));
}

#[test]
fn geoparquet_in_krovak_reads_back_with_its_epsg_code() {
    // Krovak (S-JTSK) was refused before PROJ wrote RustGIS's PROJJSON: every CRS PROJ knows now is.
    let folder = TempFolder::new("formats", "parquet_krovak");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("places.shp"), "name": "p", "crs": "EPSG:5514"}))
        .expect("opens");
    run(&mut session, "layer.export", json!({"layer": "p", "path": folder.join("p.parquet")})).expect("written");
    run(&mut session, "layer.open", json!({"path": folder.join("p.parquet"), "name": "back"})).expect("read back");
    assert_eq!(session.project().require("back").expect("layer").crs.to_string(), "EPSG:5514");
}

#[test]
fn geoparquet_in_a_national_grid_reads_back_with_its_epsg_code() {
    let folder = TempFolder::new("formats", "parquet_2056");
    let path = folder.join("swiss.parquet");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": fixture("places.shp"), "name": "p", "crs": "EPSG:2056"}))
        .expect("opens");
    run(&mut session, "layer.export", json!({"layer": "p", "path": path})).expect("written");
    let opened = run(&mut session, "layer.open", json!({"path": path, "name": "back"})).expect("read back");
    assert_eq!(opened["crs"], "EPSG:2056", "{opened}");
}

#[test]
fn a_parquet_file_without_geo_metadata_is_refused() {
    check_refused(
        &fixture("plain.parquet"),
        json!({}),
        "the Parquet file has no 'geo' metadata and no column of Parquet's GEOMETRY or GEOGRAPHY type",
    );
}

#[test]
fn geoparquet_whose_metadata_names_a_missing_column_is_refused() {
    check_refused(&fixture("lying_geo.parquet"), json!({}), "names the column 'geom', which the file does not have");
}

#[test]
fn a_file_named_parquet_that_is_not_parquet_is_refused() {
    let folder = TempFolder::new("formats", "parquet_not");
    std::fs::copy(fixture("places.csv"), folder.join("places.parquet")).expect("copied");
    check_refused(
        &folder.join("places.parquet"),
        json!({}),
        "the name says GeoParquet but the file looks like plain text",
    );
}

#[test]
fn a_geoparquet_file_cut_short_is_refused() {
    let folder = TempFolder::new("formats", "parquet_cut");
    let bytes = std::fs::read(fixture("places.parquet")).expect("the fixture");
    std::fs::write(folder.join("cut.parquet"), &bytes[..bytes.len() / 2]).expect("cut");
    check_refused(&folder.join("cut.parquet"), json!({}), "it does not end with PAR1, so its footer is missing");
}

#[test]
fn a_geoparquet_footer_declaring_more_bytes_than_the_file_has_is_refused() {
    let folder = TempFolder::new("formats", "parquet_huge_footer");
    let mut bytes = std::fs::read(fixture("places.parquet")).expect("the fixture");
    let at = bytes.len() - 8;
    bytes[at..at + 4].copy_from_slice(&0xFFFF_FFF0_u32.to_le_bytes());
    std::fs::write(folder.join("huge.parquet"), &bytes).expect("written");
    check_refused(&folder.join("huge.parquet"), json!({}), "the footer declares 4294967280 bytes of metadata");
}

#[test]
fn parquet_is_known_by_its_first_bytes() {
    let folder = TempFolder::new("formats", "parquet_sniffed");
    std::fs::copy(fixture("places.parquet"), folder.join("places.data")).expect("copied");
    let mut session = Session::new();
    let out = run(&mut session, "layer.open", json!({"path": folder.join("places.data")})).expect("opens");
    assert_eq!(out["features"], 5);
}

#[test]
fn geoparquet_keeps_date_times_bools_and_nulls() {
    let folder = TempFolder::new("formats", "parquet_types");
    let csv = folder.join("events.csv");
    std::fs::write(
        &csv,
        "lon,lat,at,ok,n\n1.5,2.5,2024-05-01T12:30:00,true,3\n-1,-2,,false,\n0,0,1999-12-31T23:59:59.250,,-7\n",
    )
    .expect("written");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": csv, "name": "events"})).expect("opens");
    let parquet = folder.join("events.parquet");
    run(&mut session, "layer.export", json!({"layer": "events", "path": parquet})).expect("writes");
    run(&mut session, "layer.open", json!({"path": parquet, "name": "back"})).expect("reads");
    let project = session.project();
    let (source, back) = (project.require("events").expect("source"), project.require("back").expect("back"));
    assert_eq!(back.fields, source.fields);
    let values = |layer: &rustgis_core::Layer| -> Vec<Vec<Json>> {
        layer.features.iter().map(|f| f.attributes.iter().map(|v| v.to_json()).collect()).collect()
    };
    assert_eq!(values(back), values(source));
}
