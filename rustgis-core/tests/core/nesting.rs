//! Nesting limits of every reader (issue 34): each format that can nest geometries reads its
//! deepest legal nesting (32 levels of multi-part geometries and collections, GDAL's limit) and
//! refuses the first illegal one (33) by name, on the reader thread `layer.open` uses
//! (`io::READ_STACK`). Shapefile, GPX, CSV points and GeoTIFF hold no nested geometries; the XML
//! readers' element depth (256) is checked here too. A CSV of 2,000 nested collections, which
//! aborted the process through the `wkt` crate, now loads its row without geometry and says why.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures directly")]

use crate::common;

use std::path::Path;

use common::TempFolder;
use geo::{Geometry, GeometryCollection, Point};
use rustgis_core::io::{self, Format, MAX_NESTING, ReadData, ReadOptions, WriteOptions};
use rustgis_core::{Crs, Feature, Layer, NoProgress};

/// A point inside `levels` nested geometry collections.
fn nested(levels: usize) -> Geometry<f64> {
    let mut geometry = Geometry::Point(Point::new(1.0, 2.0));
    for _ in 0..levels {
        geometry = Geometry::GeometryCollection(GeometryCollection(vec![geometry]));
    }
    geometry
}

/// The WKT of a point inside `levels` nested collections.
fn nested_wkt(levels: usize) -> String {
    format!("{}POINT (1 2){}", "GEOMETRYCOLLECTION (".repeat(levels), ")".repeat(levels))
}

/// The GeoJSON geometry of a point inside `levels` nested collections.
fn nested_geojson(levels: usize) -> String {
    let mut text = r#"{"type":"Point","coordinates":[1,2]}"#.to_owned();
    for _ in 0..levels {
        text = format!(r#"{{"type":"GeometryCollection","geometries":[{text}]}}"#);
    }
    text
}

/// Reads `path` as `layer.open` does: on the watched reader thread of `io::READ_STACK`.
fn check_read(path: &Path, format: Format) -> rustgis_core::Result<ReadData> {
    io::read_path_watched(path, format, &ReadOptions::default(), &NoProgress, "layer.open")
}

/// The geometry of the only feature of a file.
fn only_geometry(data: &ReadData) -> &Geometry<f64> {
    assert_eq!(data.features.len(), 1, "one feature");
    data.features[0].geometry.as_ref().expect("the feature has its geometry")
}

/// Checks that a file of `levels` levels reads whole at 32 and is refused at 33 naming the limit.
fn check_limit(folder: &TempFolder, name: &str, format: Format, write: impl Fn(&Path, usize)) {
    check_limit_reads_as(folder, name, format, write, &nested(MAX_NESTING));
}

/// [`check_limit`] of a format that reads 32 levels as `expected`.
fn check_limit_reads_as(
    folder: &TempFolder,
    name: &str,
    format: Format,
    write: impl Fn(&Path, usize),
    expected: &Geometry<f64>,
) {
    let legal = folder.join(&format!("legal-{name}"));
    write(&legal, MAX_NESTING);
    let data = check_read(&legal, format).expect("32 levels read");
    assert_eq!(only_geometry(&data), expected, "read as written");
    let illegal = folder.join(&format!("illegal-{name}"));
    write(&illegal, MAX_NESTING + 1);
    let error = check_read(&illegal, format).expect_err("33 levels are refused");
    assert!(error.to_string().contains("nest deeper than 32 levels"), "{error}");
}

/// Writes a one-feature layer holding `geometry` as `format`.
fn write_layer(path: &Path, format: Format, geometry: Geometry<f64>) {
    let feature = Feature { id: 1, geometry: Some(geometry), attributes: Vec::new() };
    let layer = Layer::new("deep", Crs::WGS84, Vec::new(), vec![feature]);
    io::write_path(&layer, path, format, true, &WriteOptions::default()).expect("the layer is written");
}

#[test]
fn geojson_reads_32_nested_collections_and_refuses_33() {
    let folder = TempFolder::new("nesting", "geojson");
    check_limit(&folder, "deep.geojson", Format::GeoJson, |path, levels| {
        let text = format!(
            r#"{{"type":"FeatureCollection","features":[{{"type":"Feature","properties":{{}},"geometry":{}}}]}}"#,
            nested_geojson(levels)
        );
        std::fs::write(path, text).expect("written");
    });
}

#[test]
fn a_csv_wkt_column_reads_32_nested_collections_and_leaves_33_without_geometry_saying_why() {
    let folder = TempFolder::new("nesting", "csv");
    let legal = folder.join("legal.csv");
    std::fs::write(&legal, format!("name,wkt\na,\"{}\"\n", nested_wkt(MAX_NESTING))).expect("written");
    let data = check_read(&legal, Format::Csv).expect("32 levels read");
    assert_eq!(only_geometry(&data), &nested(MAX_NESTING));
    let illegal = folder.join("illegal.csv");
    std::fs::write(&illegal, format!("name,wkt\na,\"{}\"\n", nested_wkt(MAX_NESTING + 1))).expect("written");
    let data = check_read(&illegal, Format::Csv).expect("the file reads");
    assert!(data.features[0].geometry.is_none(), "the row has no geometry");
    assert!(
        data.notices.iter().any(|n| n.contains("line 2") && n.contains("nest deeper than 32 levels")),
        "{:?}",
        data.notices
    );
}

#[test]
fn a_csv_of_2000_nested_collections_loads_its_row_without_geometry_instead_of_aborting() {
    let folder = TempFolder::new("nesting", "csv-2000");
    let path = folder.join("bomb.csv");
    std::fs::write(&path, format!("id,wkt\n1,\"{}\"\n", nested_wkt(2000))).expect("written");
    let data = check_read(&path, Format::Csv).expect("the file reads");
    assert_eq!(data.features.len(), 1);
    assert!(data.features[0].geometry.is_none());
    assert!(data.notices.iter().any(|n| n.contains("nest deeper than 32 levels")), "{:?}", data.notices);
}

#[test]
fn kml_reads_32_nested_multigeometries_and_refuses_33() {
    let folder = TempFolder::new("nesting", "kml");
    // The innermost MultiGeometry holds only a point: KML reads it as a MultiPoint.
    let mut expected = Geometry::MultiPoint(geo::MultiPoint(vec![Point::new(1.0, 2.0)]));
    for _ in 1..MAX_NESTING {
        expected = Geometry::GeometryCollection(GeometryCollection(vec![expected]));
    }
    let write = |path: &Path, levels: usize| {
        let geometry = format!(
            "{}<Point><coordinates>1,2</coordinates></Point>{}",
            "<MultiGeometry>".repeat(levels),
            "</MultiGeometry>".repeat(levels)
        );
        let text = format!(
            r#"<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>{geometry}</Placemark></Document></kml>"#
        );
        std::fs::write(path, text).expect("written");
    };
    check_limit_reads_as(&folder, "deep.kml", Format::Kml, write, &expected);
}

#[test]
fn xml_elements_nest_256_deep_and_the_257th_is_refused() {
    let folder = TempFolder::new("nesting", "xml");
    let gpx = |depth: usize| {
        // <gpx> and <wpt> are two of the levels.
        let inner = depth - 2;
        format!(
            r#"<?xml version="1.0"?><gpx version="1.1"><wpt lat="2" lon="1">{}{}</wpt></gpx>"#,
            "<extensions>".repeat(inner),
            "</extensions>".repeat(inner)
        )
    };
    let legal = folder.join("legal.gpx");
    std::fs::write(&legal, gpx(256)).expect("written");
    let data = check_read(&legal, Format::Gpx).expect("256 levels read");
    assert_eq!(data.features.len(), 1);
    let illegal = folder.join("illegal.gpx");
    std::fs::write(&illegal, gpx(257)).expect("written");
    let error = check_read(&illegal, Format::Gpx).expect_err("257 levels are refused");
    assert!(error.to_string().contains("deeper than 256 levels"), "{error}");
}

#[test]
fn flatgeobuf_reads_32_nested_collections_and_refuses_33() {
    let folder = TempFolder::new("nesting", "fgb");
    check_limit(&folder, "deep.fgb", Format::FlatGeobuf, |path, levels| {
        write_layer(path, Format::FlatGeobuf, nested(levels));
    });
}

#[test]
fn geopackage_wkb_reads_32_nested_collections_and_refuses_33() {
    let folder = TempFolder::new("nesting", "gpkg");
    check_limit(&folder, "deep.gpkg", Format::GeoPackage, |path, levels| {
        write_layer(path, Format::GeoPackage, nested(levels));
    });
}

#[test]
fn geoparquet_wkb_reads_32_nested_collections_and_refuses_33() {
    let folder = TempFolder::new("nesting", "parquet");
    check_limit(&folder, "deep.parquet", Format::GeoParquet, |path, levels| {
        write_layer(path, Format::GeoParquet, nested(levels));
    });
}

#[test]
fn a_project_file_embedding_33_nested_collections_is_refused_naming_the_limit() {
    let project = |levels: usize| {
        format!(
            r#"{{"format":"rustgis-project","version":1,"name":"p","layers":[{{"name":"deep","source":{{"type":"embedded","fields":[],"features":[{{"id":1,"properties":{{}},"geometry":{}}}]}}}}]}}"#,
            nested_geojson(levels)
        )
    };
    let folder = Path::new("/nonexistent-rustgis-nesting");
    let opened = rustgis_core::project_file::read_text(&project(MAX_NESTING), &folder.join("p.rgis"), folder);
    let opened = opened.expect("32 levels read");
    assert_eq!(opened.project.layers[0].features[0].geometry.as_ref(), Some(&nested(MAX_NESTING)));
    let error = rustgis_core::project_file::read_text(&project(MAX_NESTING + 1), &folder.join("p.rgis"), folder)
        .expect_err("33 levels are refused");
    assert!(error.to_string().contains("nest deeper than 32 levels"), "{error}");
}
