//! Data files: reading and writing GeoJSON and FlatGeobuf on the bench data (Natural Earth 10m
//! land, US counties, GeoNames cities), and a CSV and a KML of 100,000 fields. Figures, and
//! GDAL's beside them: docs/PERFORMANCE.md.

use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime};
use rustgis_benches::bench_file;
use rustgis_core::io::{flatgeobuf, geojson};
use rustgis_core::{Extent, Layer};

const FILES: [&str; 3] = ["ne_10m_land.geojson", "us_counties.geojson", "cities_all.geojson"];

fn small(group: &mut BenchmarkGroup<'_, WallTime>) {
    group.sample_size(10).measurement_time(Duration::from_secs(3)).warm_up_time(Duration::from_secs(1));
}

/// The bench layers, read once: (file name, layer).
fn layers() -> Vec<(&'static str, Layer)> {
    FILES
        .iter()
        .filter_map(|name| {
            let path = bench_file(name)?;
            let data = geojson::read_file(&path, None).expect("bench data reads");
            Some((*name, Layer::new(*name, data.crs, data.fields, data.features)))
        })
        .collect()
}

/// Where the FlatGeobuf copies of the bench data are written.
fn fgb_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name.replace(".geojson", ".fgb"))
}

fn geojson_read(c: &mut Criterion) {
    let mut group = c.benchmark_group("geojson read");
    small(&mut group);
    for name in FILES {
        let Some(path) = bench_file(name) else { continue };
        group.bench_function(name, |b| b.iter(|| geojson::read_file(&path, None).expect("bench data reads")));
    }
    // For comparison: geozero's streaming reader parsing into a sink that keeps nothing.
    if let Some(path) = bench_file("ne_10m_land.geojson") {
        group.bench_function("ne_10m_land.geojson, geozero read_geojson_fc (parse only)", |b| {
            b.iter(|| {
                let file = std::io::BufReader::new(std::fs::File::open(&path).expect("open"));
                geozero::geojson::read_geojson_fc(file, &mut geozero::ProcessorSink::new()).expect("parses")
            })
        });
    }
    group.finish();
}

fn writes(c: &mut Criterion) {
    let layers = layers();
    let mut group = c.benchmark_group("geojson write (to memory)");
    small(&mut group);
    for (name, layer) in &layers {
        group.bench_function(*name, |b| {
            b.iter(|| {
                let mut out = Vec::with_capacity(32 << 20);
                geojson::write(layer, &mut out, Path::new(name)).expect("writes");
                out
            })
        });
    }
    group.finish();
    let mut group = c.benchmark_group("flatgeobuf write (to memory)");
    small(&mut group);
    for (name, layer) in &layers {
        group.bench_function(*name, |b| {
            b.iter(|| {
                let mut out = Vec::with_capacity(32 << 20);
                flatgeobuf::write(layer, &mut out, Path::new(name)).expect("writes");
                out
            })
        });
    }
    group.finish();
    for (name, layer) in &layers {
        let mut out = Vec::new();
        flatgeobuf::write(layer, &mut out, Path::new(name)).expect("writes");
        #[allow(clippy::disallowed_methods, reason = "a benchmark's scratch copy, not a user's file")]
        std::fs::write(fgb_path(name), out).expect("the FlatGeobuf copy is written");
    }
}

fn flatgeobuf_read(c: &mut Criterion) {
    let mut group = c.benchmark_group("flatgeobuf read");
    small(&mut group);
    for name in FILES {
        let path = fgb_path(name);
        if !path.is_file() {
            continue;
        }
        group.bench_function(name.replace(".geojson", ".fgb"), |b| {
            b.iter(|| flatgeobuf::read_file(&path, None).expect("reads"))
        });
    }
    let finland = Extent::from_corners(20.0, 59.0, 32.0, 70.0);
    let cities = fgb_path("cities_all.geojson");
    if cities.is_file() {
        group.bench_function("cities_all.fgb, bbox of Finland (index)", |b| {
            b.iter(|| flatgeobuf::read_file(&cities, finland).expect("reads"))
        });
    }
    let land = fgb_path("ne_10m_land.geojson");
    if land.is_file() {
        group.bench_function("ne_10m_land.fgb, bbox of Finland (index)", |b| {
            b.iter(|| flatgeobuf::read_file(&land, finland).expect("reads"))
        });
    }
    group.finish();
}

/// A CSV and a KML placemark of 100,000 fields (issue 34: each took 10–12 s when finding a
/// field's column searched a list).
fn wide(c: &mut Criterion) {
    const FIELDS: usize = 100_000;
    let mut group = c.benchmark_group("100,000 fields");
    small(&mut group);
    let header: Vec<String> =
        (0..FIELDS).map(|k| if k % 10 == 0 { "dup".to_owned() } else { format!("f{k}") }).collect();
    let values: Vec<String> = (0..FIELDS).map(|k| k.to_string()).collect();
    let csv = format!("lon,lat,{}\n1,2,{}\n", header.join(","), values.join(","));
    group.bench_function("csv", |b| {
        b.iter(|| {
            let options = rustgis_core::io::CsvOptions::default();
            rustgis_core::io::csv::read(csv.as_bytes(), Path::new("wide.csv"), &options, None, None, false)
                .expect("the wide CSV reads")
        })
    });
    let data: String = (0..FIELDS).map(|k| format!("<Data name=\"f{k}\"><value>{k}</value></Data>")).collect();
    let kml = format!(
        "<kml><Document><Placemark><ExtendedData>{data}</ExtendedData><Point><coordinates>1,2</coordinates></Point></Placemark></Document></kml>"
    );
    group.bench_function("kml", |b| {
        b.iter(|| rustgis_core::io::kml::read(kml.as_bytes(), Path::new("wide.kml"), None).expect("the wide KML reads"))
    });
    group.finish();
}

criterion_group!(benches, geojson_read, writes, flatgeobuf_read, wide);
criterion_main!(benches);
