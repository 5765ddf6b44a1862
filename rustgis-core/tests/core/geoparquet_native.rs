//! Parquet's own GEOMETRY and GEOGRAPHY types (with or without GeoParquet's `geo` metadata) and
//! GeoParquet 1.1's GeoArrow encodings through `layer.open`: Apache's reference files of the types
//! (`fixtures/formats/parquet_testing/`) read as pyarrow and shapely read them, GeoArrow files
//! GeoPandas wrote read as GeoPandas reads them (`expected/*.json`, made by
//! `scripts/make_format_fixtures.py`), and what cannot be read exactly is refused or named in a
//! notice.

use std::path::{Path, PathBuf};

use rustgis_core::io::geojson::geometry_to_json;
use rustgis_core::io::{Format, ReadOptions, read_path};
use rustgis_core::{Caller, Session};
use serde_json::{Value as Json, json};

use crate::common::{run, same};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats").join(name)
}

/// Opens the fixture `file` (with `extra` parameters) and checks the layer holds what the
/// reference reader read (`expected/<expected>.json`): field names and types, every feature's
/// geometry and values in order, and the CRS. Gives the reader's notices (those of the file, not
/// the ones `layer.open` adds about the map).
fn check(file: &str, extra: Json, expected: &str) -> Vec<String> {
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(fixture(&format!("expected/{expected}.json"))).expect("the expected reading is there"),
    )
    .expect("the expected reading is JSON");
    let mut session = Session::new();
    let mut params = json!({"path": fixture(file), "name": "read"});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    run(&mut session, "layer.open", params).expect("the file opens");
    let layer = session.project().require("read").expect("the layer is there");
    let fields: Vec<Json> = layer.fields.iter().map(|f| json!({"name": f.name, "type": f.field_type})).collect();
    assert_eq!(Json::Array(fields), expected["fields"], "fields of {file}");
    let expected_features = expected["features"].as_array().expect("features");
    assert_eq!(layer.features.len(), expected_features.len(), "feature count of {file}");
    for (i, (feature, want)) in layer.features.iter().zip(expected_features).enumerate() {
        let geometry = feature.geometry.as_ref().map_or(Json::Null, |g| geometry_to_json(g).expect("a geometry"));
        assert!(same(&geometry, &want["geometry"]), "feature {i} of {file}: {geometry} != {}", want["geometry"]);
        for (field, value) in layer.fields.iter().zip(&feature.attributes) {
            let want = &want["properties"][&field.name];
            assert!(same(&value.to_json(), want), "feature {i} field {}: {} != {want}", field.name, value.to_json());
        }
    }
    let epsg = expected["epsg"].as_u64().expect("the reference reader found an EPSG code");
    assert_eq!(u64::from(layer.crs.code()), epsg, "CRS of {file}");
    let options = ReadOptions::bbox(None);
    read_path(&fixture(file), Format::GeoParquet, &options).expect("the file reads").notices
}

/// Opening the fixture `file` (with `extra` parameters) fails, saying `says`.
fn check_refused(file: &str, extra: Json, says: &str) {
    let mut session = Session::new();
    let mut params = json!({"path": fixture(file)});
    for (key, value) in extra.as_object().into_iter().flatten() {
        params[key] = value.clone();
    }
    let error = run(&mut session, "layer.open", params).expect_err("the file is refused");
    assert!(format!("{error:#}").contains(says), "{error:#}");
    assert!(session.project().layers.is_empty(), "nothing was added");
}

/// The notices that contain `text`.
fn saying<'a>(notices: &'a [String], text: &str) -> Vec<&'a String> {
    notices.iter().filter(|n| n.contains(text)).collect()
}

// ---------------------------------------------------------------------------------------------
// Apache's reference files of the GEOMETRY and GEOGRAPHY types

#[test]
fn every_row_of_parquets_geospatial_reference_reads_as_its_wkt_column() {
    // Every type in XY, XYZ, XYM and XYZM, empty and null, in 31 row groups; Z and M dropped.
    // Empty polygons are valid, so the only notice is about M: 78 rows' WKT says M or ZM (POINT M
    // EMPTY, no geometry, aside).
    let notices = check("parquet_testing/geospatial.parquet", json!({}), "parquet_testing_geospatial");
    assert_eq!(notices.len(), 1, "{notices:?}");
    assert!(notices[0].contains("78 geometries of 'geometry' carry M values (measures)"), "{notices:?}");
}

#[test]
fn a_geometry_column_without_a_crs_is_in_ogc_crs84() {
    let notices = check("parquet_testing/crs-default.parquet", json!({}), "parquet_testing_crs_default");
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn a_geography_column_reads_as_longitude_and_latitude_and_says_its_edges_are_drawn_straight() {
    let notices = check("parquet_testing/crs-geography.parquet", json!({}), "parquet_testing_crs_geography");
    assert_eq!(saying(&notices, "the edges of 'geography' are spherical").len(), 1, "{notices:?}");
    assert_eq!(saying(&notices, "draws and measures it as a straight line").len(), 1, "{notices:?}");
}

#[test]
fn geography_points_have_no_edges_to_warn_about() {
    let notices = check("native_geography_points.parquet", json!({}), "native_geography_points_parquet");
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn an_srid_crs_is_its_epsg_code() {
    let notices = check("parquet_testing/crs-srid.parquet", json!({}), "parquet_testing_crs_srid");
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn a_projjson_crs_is_read_from_the_file_metadata_key_it_names() {
    let notices = check("parquet_testing/crs-projjson.parquet", json!({}), "parquet_testing_crs_projjson");
    assert!(notices.is_empty(), "{notices:?}");
}

#[test]
fn a_crs_in_a_form_parquet_does_not_name_is_read_as_a_definition_and_named_in_a_notice() {
    // EPSG:5070's PROJJSON written inline.
    let notices =
        check("parquet_testing/crs-arbitrary-value.parquet", json!({}), "parquet_testing_crs_arbitrary_value");
    let named = saying(&notices, "gives its CRS as '{\"$schema\":\"https://proj.org/schemas/v0.7/projjson.schema.js…'");
    assert_eq!(named.len(), 1, "{notices:?}");
    assert!(named[0].contains("PROJ reads it as EPSG:5070"), "{named:?}");
}

#[test]
fn a_crs_no_one_can_read_is_refused_naming_it_unless_crs_is_given() {
    check_refused("native_unreadable_crs.parquet", json!({}), "unknown CRS 'my own CRS'");
    check_refused("native_unreadable_crs.parquet", json!({}), "open it with \"crs\" naming its CRS");
    let mut session = Session::new();
    let params = json!({"path": fixture("native_unreadable_crs.parquet"), "name": "given", "crs": "EPSG:3857"});
    let outcome = session.execute(&Caller::user(), "layer.open", params).expect("opens with the CRS given");
    assert_eq!(session.project().require("given").expect("layer").crs.to_string(), "EPSG:3857");
    assert_eq!(saying(&outcome.notices, "'my own CRS'").len(), 1, "{:?}", outcome.notices);
}

#[test]
fn a_line_with_a_nan_vertex_loads_without_geometry_and_the_points_beside_it_load() {
    let notices =
        check("parquet_testing/geospatial-with-nan.parquet", json!({}), "parquet_testing_geospatial_with_nan");
    assert_eq!(saying(&notices, "not numbers (NaN or infinity) and were loaded without geometry (ids 3)").len(), 1);
}

// ---------------------------------------------------------------------------------------------
// The types beside GeoParquet's metadata

#[test]
fn geoparquet_2_0_reads_as_geopandas_reads_it() {
    let notices = check("places_2_0.parquet", json!({}), "places_2_0_parquet");
    assert!(notices.is_empty(), "the type and the metadata agree: {notices:?}");
}

#[test]
fn a_geo_metadata_crs_that_disagrees_with_the_parquet_type_is_refused_naming_both() {
    check_refused(
        "native_disagreeing_crs.parquet",
        json!({}),
        "the 'geo' metadata says the CRS of 'geometry' is EPSG:4326, but its Parquet GEOMETRY type says EPSG:5070",
    );
    let mut session = Session::new();
    let params = json!({"path": fixture("native_disagreeing_crs.parquet"), "name": "chosen", "crs": "EPSG:5070"});
    run(&mut session, "layer.open", params).expect("opens with the CRS chosen");
    assert_eq!(session.project().require("chosen").expect("layer").crs.to_string(), "EPSG:5070");
}

#[test]
fn an_unknown_geo_metadata_crs_gives_way_to_the_parquet_types_with_a_notice() {
    let notices = check("native_geo_crs_null.parquet", json!({}), "native_geo_crs_null_parquet");
    let said = "the 'geo' metadata says the CRS of 'geometry' is unknown; its Parquet GEOMETRY type names EPSG:32633";
    assert_eq!(notices, [format!("{said}, which is used")]);
}

#[test]
fn geo_metadata_that_is_not_json_is_ignored_with_a_notice_beside_a_geometry_column() {
    let notices = check("native_broken_geo.parquet", json!({}), "native_broken_geo_parquet");
    let said = "the 'geo' metadata is not GeoParquet metadata";
    assert_eq!(saying(&notices, said).len(), 1, "{notices:?}");
    assert_eq!(
        saying(&notices, "it is ignored, and the column 'geometry' is read by its Parquet GEOMETRY type").len(),
        1
    );
}

#[test]
fn a_file_with_two_geometry_columns_reads_the_first_and_names_the_other() {
    let notices = check("native_two_columns.parquet", json!({}), "native_two_columns_parquet");
    assert_eq!(saying(&notices, "more geometry columns ('outline'), which are not read").len(), 1, "{notices:?}");
}

#[test]
fn spherical_edges_in_the_geo_metadata_are_named_in_a_notice() {
    let notices = check("parcels_spherical.parquet", json!({}), "parcels_spherical_parquet");
    assert_eq!(saying(&notices, "the 'geo' metadata says the edges of 'geometry' are spherical").len(), 1);
}

// ---------------------------------------------------------------------------------------------
// GeoArrow's native encodings (GeoParquet 1.1)

#[test]
fn geoarrow_points_read_as_geopandas_reads_them() {
    // A null and an empty point (NaN, NaN) are features without geometry.
    check("geoarrow_point.parquet", json!({}), "geoarrow_point_parquet");
}

#[test]
fn geoarrow_points_with_z_read_as_2d_points() {
    let notices = check("geoarrow_point_z.parquet", json!({}), "geoarrow_point_z_parquet");
    assert!(notices.is_empty(), "Z is dropped as everywhere: {notices:?}");
}

#[test]
fn geoarrow_lines_in_a_utm_zone_read_as_geopandas_reads_them() {
    check("geoarrow_linestring.parquet", json!({}), "geoarrow_linestring_parquet");
}

#[test]
fn geoarrow_polygons_with_holes_read_as_geopandas_reads_them() {
    check("geoarrow_polygon.parquet", json!({}), "geoarrow_polygon_parquet");
}

#[test]
fn geoarrow_multipoints_read_as_geopandas_reads_them() {
    check("geoarrow_multipoint.parquet", json!({}), "geoarrow_multipoint_parquet");
}

#[test]
fn geoarrow_multilines_read_as_geopandas_reads_them() {
    check("geoarrow_multilinestring.parquet", json!({}), "geoarrow_multilinestring_parquet");
}

#[test]
fn geoarrow_multipolygons_read_as_geopandas_reads_them() {
    check("geoarrow_multipolygon.parquet", json!({}), "geoarrow_multipolygon_parquet");
    check("geoarrow_multipolygon_z.parquet", json!({}), "geoarrow_multipolygon_z_parquet");
}

#[test]
fn geoarrow_interleaved_coordinates_read_as_geopandas_reads_them() {
    check("geoarrow_interleaved.parquet", json!({}), "geoarrow_interleaved_parquet");
}

#[test]
fn a_geoarrow_bbox_read_keeps_only_what_meets_the_box() {
    let mut session = Session::new();
    let params = json!({"path": fixture("geoarrow_point.parquet"), "name": "boxed", "bbox": [8, 47, 9, 48]});
    let out = run(&mut session, "layer.open", params).expect("opens");
    assert_eq!(out["features"], 1, "only Zürich is in the box");
}

#[test]
fn geoarrow_m_values_are_dropped_with_a_notice() {
    let mut session = Session::new();
    let params = json!({"path": fixture("geoarrow_point_m.parquet"), "name": "m"});
    let outcome = session.execute(&Caller::user(), "layer.open", params).expect("opens");
    let layer = session.project().require("m").expect("layer");
    let points: Vec<Json> =
        layer.features.iter().map(|f| geometry_to_json(f.geometry.as_ref().expect("a point")).expect("JSON")).collect();
    assert_eq!(
        points,
        [json!({"type": "Point", "coordinates": [1.0, 2.0]}), json!({"type": "Point", "coordinates": [3.0, 4.0]})]
    );
    assert_eq!(saying(&outcome.notices, "2 geometries of 'geometry' carry M values").len(), 1, "{:?}", outcome.notices);
}

#[test]
fn a_geoarrow_encoding_that_does_not_fit_its_column_is_refused_naming_both() {
    check_refused(
        "geoarrow_lying.parquet",
        json!({}),
        "the geometry column 'geometry' is declared 'polygon', which GeoArrow stores as a list of rings, each a list \
         of coordinates",
    );
    check_refused("geoarrow_lying.parquet", json!({}), "but it holds a list of structs of x: Float64, y: Float64");
}
