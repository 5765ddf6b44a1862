//! Rendering: XYZ tiles against Mapnik's benchmark, a whole map of the sample, and a map of 1,600
//! labels of 1 MiB each.
//!
//! The tile sets mirror the peer benchmark (docs/PERFORMANCE.md, "Rendering"):
//! `ne_10m_land.geojson` (446k vertices) filled with a 0.5 px outline, plus the outlines of
//! `ne_110m_admin_0_countries.geojson`; 256×256 PNG tiles in EPSG:3857, drawn and encoded on one
//! thread with the data already loaded:
//! (a) all 1,365 tiles of zooms 0–5; (b) 200 zoom-8 tiles over Europe (x 124–143, y 82–91).

use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use rustgis_core::{Color, Crs, Layer, Project, Session, Style, Symbol, io::geojson};
use rustgis_render::{RenderRequest, TileRenderer, tiles_in};

/// A tile address: zoom, column, row.
type Tile = (u8, u32, u32);

/// The tiles of set (b): 20 columns × 10 rows at zoom 8, from the Bay of Biscay to Hungary
/// and from the North Sea to the Adriatic.
pub fn europe_z8() -> Vec<Tile> {
    (82..92).flat_map(|y| (124..144).map(move |x| (8, x, y))).collect()
}

/// The tiles of set (a): every tile of zooms 0–5.
pub fn world_z0_5() -> Vec<Tile> {
    (0..=5).flat_map(|z| tiles_in(z, None).into_iter().map(move |(x, y)| (z, x, y))).collect()
}

fn layer(path: &Path, name: &str, fill: Option<Color>, stroke: Color) -> Layer {
    let text = std::fs::read_to_string(path).expect("bench data is readable");
    let data = geojson::read_str(&text, path).expect("bench data parses");
    let mut layer = Layer::new(name, Crs::WGS84, data.fields, data.features);
    let mut symbol = Symbol::for_kind(rustgis_core::GeometryKind::Polygon, fill.unwrap_or(Color::rgb(0, 0, 0)));
    symbol.fill = fill;
    symbol.stroke = Some(stroke);
    symbol.width = 0.5;
    layer.style = Style::Single { symbol };
    layer
}

/// The benchmark's project, or `None` (said on stderr) when the bench data is absent.
fn bench_project() -> Option<Project> {
    let land = rustgis_benches::bench_file("ne_10m_land.geojson")?;
    let countries = rustgis_benches::bench_file("ne_110m_admin_0_countries.geojson")?;
    let mut project = Project::new("bench");
    project.view.crs = Crs::WEB_MERCATOR;
    project.view.background = Color::rgb(0xaa, 0xd3, 0xdf);
    project.layers.push(layer(&land, "land", Some(Color::rgb(0xf2, 0xef, 0xe9)), Color::rgb(0x80, 0x80, 0x80)));
    project.layers.push(layer(&countries, "countries", None, Color::rgb(0x55, 0x55, 0x55)));
    Some(project)
}

/// Mapnik 4.3.2 (AGG) with clipping on, on this machine class (tiles/s), for sets (a) and (b).
const MAPNIK_CLIPPING: [f64; 2] = [28.0, 27.0];

/// Draws each set once more and says plainly how many tiles a second that is, beside Mapnik.
fn summary(renderer: &TileRenderer, sets: &[(&str, Vec<Tile>)]) {
    for ((name, set), mapnik) in sets.iter().zip(MAPNIK_CLIPPING) {
        let started = Instant::now();
        for &(z, x, y) in set {
            black_box(renderer.render(z, x, y, 256).expect("tile"));
        }
        let per_second = set.len() as f64 / started.elapsed().as_secs_f64();
        eprintln!(
            "tiles {name}: {per_second:.0} tiles/s on one thread ({:.0}× Mapnik with clipping, {mapnik} tiles/s)",
            per_second / mapnik
        );
    }
}

fn tiles(c: &mut Criterion) {
    let Some(project) = bench_project() else { return };
    let mut group = c.benchmark_group("tiles");
    group.sample_size(10);
    group.bench_function("prepare (project and index, once per project)", |b| {
        b.iter(|| TileRenderer::new(black_box(&project)).expect("prepare"))
    });
    let renderer = TileRenderer::new(&project).expect("prepare");
    let sets = [("(a) zooms 0-5, 1365 tiles", world_z0_5()), ("(b) zoom 8 Europe, 200 tiles", europe_z8())];
    for (name, set) in &sets {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(*name, |b| {
            b.iter(|| {
                for &(z, x, y) in set {
                    black_box(renderer.render(z, x, y, 256).expect("tile"));
                }
            })
        });
    }
    group.finish();
    summary(&renderer, &sets);
}

fn map(c: &mut Criterion) {
    let session = Session::with_sample().expect("sample");
    let mut group = c.benchmark_group("map");
    group.throughput(Throughput::Elements(1));
    let view = RenderRequest { width: 1024, height: 768, ..RenderRequest::default() };
    group.bench_function("World Atlas sample 1024x768 with labels (view_map)", |b| {
        b.iter(|| rustgis_render::render(black_box(session.project()), &view).expect("render"))
    });
    group.finish();
}

/// The sample's 177 countries drawn world-wide (1024x768, no labels) on maps in four CRSs: a
/// reprojected map (ETRS89 / LAEA Europe, UTM zone 32N, Equal Earth) against longitude/latitude,
/// the one the layer is in. Each iteration is a whole `render_pixmap`, as `view_map` draws.
fn map_crs(c: &mut Criterion) {
    let mut project = Project::new("countries");
    project.layers.push(rustgis_core::sample_layer("countries").expect("the sample's countries"));
    let mut group = c.benchmark_group("map crs");
    group.throughput(Throughput::Elements(1));
    for (name, crs) in [
        ("EPSG:4326 (the layer's own)", rustgis_core::Crs::WGS84),
        ("EPSG:3035 ETRS89 LAEA Europe", rustgis_core::Crs::epsg(3035)),
        ("EPSG:32632 UTM zone 32N", rustgis_core::Crs::epsg(32632)),
        ("EPSG:8857 Equal Earth", rustgis_core::Crs::EQUAL_EARTH),
    ] {
        let view = RenderRequest { width: 1024, height: 768, crs: Some(crs), ..RenderRequest::default() };
        group.bench_function(name, |b| {
            b.iter(|| black_box(rustgis_render::render_pixmap(black_box(&project), &view).expect("the map draws")))
        });
        // The first draw of a layer version: its features are a new `Arc` each time (made
        // outside the timing), so nothing reprojected before is reused.
        group.bench_function(format!("{name}, first draw"), |b| {
            b.iter_batched(
                || {
                    let mut fresh = project.clone();
                    let layer = &mut fresh.layers[0];
                    layer.features = std::sync::Arc::new(layer.features.as_ref().clone());
                    fresh
                },
                |fresh| black_box(rustgis_render::render_pixmap(&fresh, &view).expect("the map draws")),
                criterion::BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

/// The desktop app's map canvas panning over ne_10m_land: one 1100×700 drawing (what the app's
/// drawing thread does per view) of Europe at about zoom 4, moved 40 px each step as the arrow
/// keys move it. The window itself never waits for a drawing: it shows the last one moved.
fn pan(c: &mut Criterion) {
    let Some(project) = bench_project() else { return };
    let (width, height) = (1100u32, 700u32);
    let metres_per_pixel = 9_783.94; // zoom 4 of the XYZ scheme
    let mut step = 0.0;
    let mut group = c.benchmark_group("app canvas pan");
    group.sample_size(10);
    group.bench_function("ne_10m_land 1100x700, one drawing per 40 px pan step", |b| {
        b.iter(|| {
            step += 40.0;
            let center_x = 1_000_000.0 + (step % 4000.0) * metres_per_pixel;
            let (half_w, half_h) =
                (f64::from(width) / 2.0 * metres_per_pixel, f64::from(height) / 2.0 * metres_per_pixel);
            let extent = rustgis_core::Extent {
                min_x: center_x - half_w,
                min_y: 6_500_000.0 - half_h,
                max_x: center_x + half_w,
                max_y: 6_500_000.0 + half_h,
            };
            let view = RenderRequest { width, height, extent: Some(extent), ..RenderRequest::default() };
            black_box(rustgis_render::render_pixmap(&project, &view).expect("the map draws"))
        })
    });
    group.finish();
}

/// 1,600 points labelled with an expression giving 1 MiB of text each (issue 34: every render
/// took 58.7 s, laying out a megabyte of glyphs per label): each label is cut to 200 characters
/// and an image lays out at most 100,000.
fn megabyte_labels(c: &mut Criterion) {
    let features: Vec<serde_json::Value> = (0..1_600)
        .map(|i| {
            let (x, y) = (f64::from(i % 40) * 8.0 - 160.0, f64::from(i / 40) * 4.0 - 80.0);
            serde_json::json!({"type": "Feature", "properties": {"name": format!("p{i}")},
                "geometry": {"type": "Point", "coordinates": [x, y]}})
        })
        .collect();
    let mut session = Session::new();
    let user = rustgis_core::Caller::user();
    let geojson = serde_json::json!({"type": "FeatureCollection", "features": features});
    session
        .execute(&user, "layer.addGeoJSON", serde_json::json!({"name": "points", "geojson": geojson}))
        .expect("adds");
    let params = serde_json::json!({"layer": "points", "expression": "rpad(\"name\", 1048576, 'x')"});
    session.execute(&user, "label.set", params).expect("labels");
    let mut group = c.benchmark_group("map");
    group.sample_size(10);
    let view = RenderRequest { width: 1024, height: 768, ..RenderRequest::default() };
    group.bench_function("1,600 labels of 1 MiB each 1024x768", |b| {
        b.iter(|| rustgis_render::render(black_box(session.project()), &view).expect("render"))
    });
    group.finish();
}

criterion_group!(benches, tiles, map, map_crs, pan, megabyte_labels);
criterion_main!(benches);
