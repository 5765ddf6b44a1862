//! Reading Shapefile, GeoPackage, CSV, KML and GeoParquet copies of the bench data (Natural Earth
//! 10m land, US counties, 135k GeoNames cities), each beside GDAL (pyogrio) reading the same file
//! in the same run; GeoParquet beside GeoPandas (pyarrow and shapely), as the pyogrio wheels' GDAL
//! has no Parquet driver. The copies are made by `scripts/make_format_fixtures.py --bench` (GDAL writes them)
//! into `target/bench-formats`, which this bench fills when it is empty. Figures:
//! docs/PERFORMANCE.md.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use rustgis_core::io::{self, Format, ReadOptions};

/// The copies to read: file name and format.
const FILES: [(&str, Format); 11] = [
    ("ne_10m_land.shp", Format::Shapefile),
    ("ne_10m_land.gpkg", Format::GeoPackage),
    ("us_counties.shp", Format::Shapefile),
    ("us_counties.gpkg", Format::GeoPackage),
    ("cities_all.shp", Format::Shapefile),
    ("cities_all.gpkg", Format::GeoPackage),
    ("cities_all.csv", Format::Csv),
    ("cities_all.kml", Format::Kml),
    ("ne_10m_land.parquet", Format::GeoParquet),
    ("us_counties.parquet", Format::GeoParquet),
    ("cities_all.parquet", Format::GeoParquet),
];

use rustgis_benches::repo_root as root;

/// The folder of converted bench data, made by GDAL when missing; `None` (said on stderr) when
/// it cannot be made.
fn data_dir() -> Option<PathBuf> {
    let dir = root().join("target/bench-formats");
    if dir.join("cities_all.kml").is_file() && dir.join("cities_all.parquet").is_file() {
        return Some(dir);
    }
    let python = root().join(".venv/bin/python");
    let made =
        Command::new(&python).arg(root().join("scripts/make_format_fixtures.py")).arg("--bench").arg(&dir).status();
    match made {
        Ok(status) if status.success() => Some(dir),
        other => {
            eprintln!(
                "skipping: cannot convert the bench data with {} ({other:?}); run python3 -m venv .venv && \
                 .venv/bin/pip install pyogrio shapely geopandas pyarrow",
                python.display()
            );
            None
        }
    }
}

fn reads(c: &mut Criterion) {
    let Some(dir) = data_dir() else { return };
    let mut gdal = rustgis_benches::PythonPeer::start("bench_formats_gdal.py");
    let mut group = c.benchmark_group("format read");
    group.sample_size(10).measurement_time(Duration::from_secs(4)).warm_up_time(Duration::from_secs(1));
    for (name, format) in FILES {
        let path = dir.join(name);
        let ours = io::read_path(&path, format, &ReadOptions::default()).expect("the bench copy reads").features.len();
        group.bench_function(format!("{name}, RustGIS"), |b| {
            b.iter(|| io::read_path(&path, format, &ReadOptions::default()).expect("the bench copy reads"))
        });
        if let Some(gdal) = gdal.as_mut() {
            assert_eq!(
                gdal.ask(&[&path.to_string_lossy()]) as usize,
                ours,
                "GDAL and RustGIS find as many features in {name}"
            );
            let reference = if format == Format::GeoParquet { "GeoPandas (pyarrow)" } else { "GDAL (pyogrio)" };
            group.bench_function(format!("{name}, {reference}"), |b| {
                b.iter(|| gdal.ask(&[&path.to_string_lossy()]) as usize)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, reads);
criterion_main!(benches);
