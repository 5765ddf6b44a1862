//! Rasters beside GDAL (rasterio) in one run: reading every cell of a 10 000 × 10 000 float32
//! tiled deflate GeoTIFF, zonal statistics of the 177 sample countries over a global 0.05° grid
//! (7200 × 3600), and the hillshade of that grid. `scripts/make_raster_bench_data.py` writes the
//! files with GDAL into `target/bench-rasters` (this bench runs it when they are missing);
//! `scripts/bench_raster_gdal.py` does the same work with rasterio and numpy on request, timed here
//! the same way as RustGIS: the median of a few runs, each opening the file. Figures:
//! docs/PERFORMANCE.md.
//!
//! `cargo bench -p rustgis-benches --bench raster` (optionally `-- <filter>`: `read`, `zonal`,
//! `hillshade`).
#![allow(clippy::print_stdout, reason = "the figures are the bench's output, as criterion's are")]

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use rustgis_core::raster::{Raster, terrain, zonal};

use rustgis_benches::repo_root as root;

/// The folder of the bench rasters, written by GDAL when missing; `None` (said on stderr) when it
/// cannot be made.
fn data_dir() -> Option<PathBuf> {
    let dir = root().join("target/bench-rasters");
    if dir.join("big_10k.tif").is_file() && dir.join("global_dem.tif").is_file() {
        return Some(dir);
    }
    let python = root().join(".venv/bin/python");
    let made = Command::new(&python).arg(root().join("scripts/make_raster_bench_data.py")).arg(&dir).status();
    match made {
        Ok(status) if status.success() => Some(dir),
        other => {
            eprintln!("skipping: cannot write the bench rasters with {} ({other:?})", python.display());
            None
        }
    }
}

/// The median wall time of `runs` runs of `f` after one run to warm the page cache.
fn median(runs: usize, mut f: impl FnMut() -> u64) -> (Duration, u64) {
    let answer = f();
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            std::hint::black_box(f());
            start.elapsed()
        })
        .collect();
    times.sort();
    (times[times.len() / 2], answer)
}

fn report(what: &str, ours: (Duration, u64), gdal: Option<(Duration, u64)>) {
    match gdal {
        Some((time, answer)) => println!(
            "{what:<58} RustGIS {:>9.1} ms   GDAL {:>9.1} ms   ratio {:.2}×   (answers {} / {answer})",
            ours.0.as_secs_f64() * 1e3,
            time.as_secs_f64() * 1e3,
            ours.0.as_secs_f64() / time.as_secs_f64(),
            ours.1
        ),
        None => println!("{what:<58} RustGIS {:>9.1} ms", ours.0.as_secs_f64() * 1e3),
    }
}

fn main() {
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-')).unwrap_or_default();
    let Some(dir) = data_dir() else { return };
    let mut gdal = rustgis_benches::PythonPeer::start("bench_raster_gdal.py");
    let runs: usize = std::env::var("RUSTGIS_BENCH_RUNS").ok().and_then(|v| v.parse().ok()).unwrap_or(5);
    println!(
        "raster bench: median of {runs} runs each, {} threads",
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let big = dir.join("big_10k.tif");
    let global = dir.join("global_dem.tif");
    let big_s = big.to_string_lossy().into_owned();
    let global_s = global.to_string_lossy().into_owned();

    if "read".contains(filter.as_str()) {
        let ours = median(runs, || {
            let raster = Raster::open(&big).expect("opens");
            raster.read_band(0).expect("reads").len() as u64
        });
        let theirs = gdal.as_mut().map(|g| median(runs, || g.ask(&["read", &big_s])));
        report("read 10 000 × 10 000 float32, tiled deflate", ours, theirs);
    }

    if "zonal".contains(filter.as_str()) {
        let countries = rustgis_core::sample_layer("countries").expect("the sample countries");
        let zones: Vec<_> = countries.features.iter().map(|f| f.geometry.clone()).collect();
        let geojson = root().join("rustgis-core/data/world-atlas/countries.geojson");
        let geojson_s = geojson.to_string_lossy().into_owned();
        let ours = median(runs, || {
            let raster = Raster::open(&global).expect("opens");
            let stats = zonal::zonal_stats(&raster, 0, &zones, usize::MAX, &mut |_| Ok(())).expect("zonal statistics");
            stats.iter().map(|s| s.count).sum()
        });
        let theirs = gdal.as_mut().map(|g| median(runs, || g.ask(&["zonal", &global_s, &geojson_s])));
        report(&format!("zonal statistics of {} countries, 7200 × 3600", zones.len()), ours, theirs);
    }

    if "hillshade".contains(filter.as_str()) {
        let ours = median(runs, || {
            let raster = Raster::open(&global).expect("opens");
            let dem = raster.read_band(0).expect("reads");
            let shade =
                terrain::hillshade(&dem, &raster.info().transform, true, terrain::Light::default()).expect("hillshade");
            shade.iter().filter(|v| *v > 0.0).count() as u64
        });
        let theirs = gdal.as_mut().map(|g| median(runs, || g.ask(&["hillshade", &global_s])));
        report("hillshade of 7200 × 3600 (read + Horn)", ours, theirs);
    }
}
