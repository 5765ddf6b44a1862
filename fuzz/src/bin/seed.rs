//! Writes the seed corpus (`corpus/<target>/`) from the World Atlas sample and the commands'
//! own examples: `cargo run --bin seed` (run again after the formats change).

use std::path::Path;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
    let put = |target: &str, name: &str, bytes: &[u8]| -> std::io::Result<()> {
        let dir = root.join(target);
        std::fs::create_dir_all(&dir)?;
        std::fs::write(dir.join(name), bytes)
    };
    let mut cities = rustgis_core::sample_layer("cities")?;
    std::sync::Arc::make_mut(&mut cities.features).truncate(5);
    let mut countries = rustgis_core::sample_layer("countries")?;
    std::sync::Arc::make_mut(&mut countries.features).truncate(2);
    for layer in [&cities, &countries] {
        let mut geojson = Vec::new();
        rustgis_core::io::geojson::write(layer, &mut geojson, Path::new("seed.geojson"))?;
        put("geojson", &format!("{}.geojson", layer.name), &geojson)?;
        let mut fgb = Vec::new();
        rustgis_core::io::flatgeobuf::write(layer, &mut fgb, Path::new("seed.fgb"))?;
        put("flatgeobuf", &format!("{}.fgb", layer.name), &fgb)?;
    }
    // The formats written through files: each sample layer written to a scratch folder, read back.
    let scratch = std::env::temp_dir().join(format!("rustgis-fuzz-seed-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let written = |layer: &rustgis_core::Layer, format: rustgis_core::io::Format, name: &str| {
        let path = scratch.join(name);
        let options = rustgis_core::io::WriteOptions::default();
        rustgis_core::io::write_path(layer, &path, format, true, &options).map(|_| path)
    };
    use rustgis_core::io::Format;
    for layer in [&cities, &countries] {
        let name = &layer.name;
        let shp = written(layer, Format::Shapefile, &format!("{name}.shp"))?;
        let input = rustgis_fuzz::shapefile_input(
            &std::fs::read(&shp)?,
            &std::fs::read(shp.with_extension("shx"))?,
            &std::fs::read(shp.with_extension("dbf"))?,
        );
        put("shapefile", &format!("{name}.bin"), &input)?;
        put("csv", &format!("{name}.csv"), &std::fs::read(written(layer, Format::Csv, &format!("{name}.csv"))?)?)?;
        put("kml", &format!("{name}.kml"), &std::fs::read(written(layer, Format::Kml, &format!("{name}.kml"))?)?)?;
        let gpkg = written(layer, Format::GeoPackage, &format!("{name}.gpkg"))?;
        put("geopackage", &format!("{name}.gpkg"), &std::fs::read(gpkg)?)?;
        let parquet = written(layer, Format::GeoParquet, &format!("{name}.parquet"))?;
        put("geoparquet", &format!("{name}.parquet"), &std::fs::read(parquet)?)?;
    }
    let gpx = written(&cities, Format::Gpx, "cities.gpx")?;
    put("gpx", "cities.gpx", &std::fs::read(gpx)?)?;
    put("csv", "xy.csv", b"name;lon;lat;when\nA;1.5;2.5;2024-01-02\nB;-3;4e1;\n")?;
    put(
        "gpx",
        "track.gpx",
        br#"<?xml version="1.0"?><gpx version="1.1"><trk><name>t</name><trkseg><trkpt lat="1" lon="2"><ele>3</ele></trkpt><trkpt lat="1.5" lon="2.5"/></trkseg></trk><rte><rtept lat="0" lon="0"/></rte></gpx>"#,
    )?;
    let grid = rustgis_core::raster::Grid::from_values(8, 8, (0..64).map(f64::from).collect(), Some(-1.0))?;
    let transform = rustgis_core::raster::GeoTransform([0.0, 1.0, 0.0, 8.0, 0.0, -1.0]);
    let raster = rustgis_core::raster::Raster::from_grids(vec![grid], transform, Some(rustgis_core::Crs::WGS84))?;
    let tif = scratch.join("grid.tif");
    rustgis_core::raster::write_geotiff(&raster, &tif, true, rustgis_core::raster::WriteType::F32)?;
    put("geotiff", "grid.tif", &std::fs::read(&tif)?)?;
    std::fs::remove_dir_all(&scratch)?;
    // Files other programs wrote (GDAL, GeoPandas): core's test fixtures.
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rustgis-core/tests/fixtures/formats");
    let fixture = |name: &str| std::fs::read(fixtures.join(name));
    for name in ["parcels", "roads", "latin1", "pointz"] {
        let input = rustgis_fuzz::shapefile_input(
            &fixture(&format!("{name}.shp"))?,
            &fixture(&format!("{name}.shx"))?,
            &fixture(&format!("{name}.dbf"))?,
        );
        put("shapefile", &format!("gdal-{name}.bin"), &input)?;
    }
    for (target, name) in [
        ("kml", "parcels.kml"),
        ("kml", "places.kml"),
        ("gpx", "tracks.gpx"),
        ("gpx", "waypoints.gpx"),
        ("csv", "bom_semicolon.csv"),
        ("csv", "parcels_wkt.csv"),
        ("csv", "places.csv"),
        ("geoparquet", "places.parquet"),
        ("geoparquet", "roads_brotli.parquet"),
        ("geoparquet", "places_2_0.parquet"),
        ("geoparquet", "geoarrow_interleaved.parquet"),
        ("geoparquet", "geoarrow_lying.parquet"),
        ("geoparquet", "geoarrow_multipolygon.parquet"),
        ("geoparquet", "geoarrow_point_m.parquet"),
        ("geoparquet", "native_geography_points.parquet"),
        ("geoparquet", "native_two_columns.parquet"),
        ("geopackage", "places.gpkg"),
    ] {
        put(target, &format!("gdal-{name}"), &fixture(name)?)?;
    }
    // Apache's reference files of Parquet's GEOMETRY and GEOGRAPHY types.
    for name in ["crs-projjson.parquet", "geospatial-with-nan.parquet"] {
        put("geoparquet", &format!("parquet-testing-{name}"), &fixture(&format!("parquet_testing/{name}"))?)?;
    }
    let mut project = rustgis_core::Project::new("seed");
    project.layers.push(cities.clone());
    let mut rgis = Vec::new();
    rustgis_core::project_file::write(&project, Some("cities"), Path::new("seed.rgis"), &mut rgis)?;
    put("project", "embedded.rgis", &rgis)?;
    let expressions = [
        "pop > 1e6 AND name LIKE 'L%'",
        "upper(name) || ' (' || format_number(pop / 1e6, 1) || ' M)'",
        "CASE WHEN \"pop_est\" > 1e8 THEN 'big' ELSE 'small' END",
        "rpad(name, 20, '.') || coalesce(NULL, 3) % 2",
        "$area > 1e12 OR area($geometry) < 0",
    ];
    for (k, text) in expressions.iter().enumerate() {
        put("expression", &format!("{k}.txt"), text.as_bytes())?;
    }
    let examples: Vec<&str> =
        rustgis_core::Registry::global().all().iter().flat_map(|d| d.examples.iter().copied()).collect();
    put("script", "examples.txt", examples.join("\n").as_bytes())?;
    put("script", "compact.txt", b"# comment\nlayer.list{}\nmap.zoomTo {\"bbox\": [-10, 35, 30, 60]}\n")?;
    put(
        "attach_line",
        "attach.txt",
        br#"{"jsonrpc":"2.0","id":1,"method":"rustgis/attach","params":{"token":"0123456789abcdef0123456789abcdef","access":true,"timeout_s":60,"client":"seed"}}
"#,
    )?;
    put(
        "attach_line",
        "blank_then_attach.txt",
        b"\n  \n{\"method\":\"rustgis/attach\",\"params\":{\"token\":\"x\"}}\n",
    )?;
    put("framing", "lines.txt", b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\n\nnot json\n")?;
    put("framing", "long.txt", &[b'a'; 200])?;
    Ok(())
}
