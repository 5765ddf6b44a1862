//! Geoprocessing beside shapely 2.2 / GEOS 3.14 on the same data: a point-in-polygon join of the
//! 135,233 bench cities into the 177 countries, a planar buffer of 10,000 points, a buffer of the
//! 177 countries, and a geodesic 200 km buffer of the 521 sample cities.

use criterion::{Criterion, criterion_group, criterion_main};
use geo::Geometry;
use rustgis_core::geoprocessing::{self as gp, BufferOptions, Distance, Job, Predicate, Summary};
use rustgis_core::{Crs, Feature, Layer, sample_layer};

fn read(name: &str) -> Option<Layer> {
    let path = rustgis_benches::bench_file(name)?;
    let text = std::fs::read_to_string(&path).expect("bench data is readable");
    let data = rustgis_core::io::geojson::read_str(&text, &path).expect("bench data is GeoJSON");
    Some(Layer::new(name, data.crs, data.fields, data.features))
}

/// The first 10,000 bench cities, or 10,000 points on a grid when the bench data is absent.
fn ten_thousand_points(cities: Option<&Layer>) -> Layer {
    let features: Vec<Feature> = match cities {
        Some(cities) => cities.features.iter().take(10_000).cloned().collect(),
        None => (0..10_000)
            .map(|k| Feature {
                id: k + 1,
                geometry: Some(Geometry::Point(geo::Point::new(
                    (k % 100) as f64 * 3.0 - 150.0,
                    (k / 100) as f64 * 1.5 - 75.0,
                ))),
                attributes: Vec::new(),
            })
            .collect(),
    };
    let fields = cities.map(|c| c.fields.as_ref().clone()).unwrap_or_default();
    Layer::new("points", Crs::WGS84, fields, features)
}

fn geoprocessing(c: &mut Criterion) {
    let job = Job::silent();
    let mut group = c.benchmark_group("geoprocessing");
    group.sample_size(20);
    let countries = read("ne_110m_admin_0_countries.geojson");
    let cities = read("cities_all.geojson");
    if let (Some(countries), Some(cities)) = (&countries, &cities) {
        group.bench_function("join 135,233 cities into 177 countries (contains, count)", |b| {
            b.iter(|| gp::spatial_join(countries, cities, Predicate::Contains, Summary::Count, &job).expect("joins"))
        });
    }
    let points = ten_thousand_points(cities.as_ref());
    let planar_point_buffer = BufferOptions::new(Distance::Planar(0.1));
    group.bench_function("planar buffer of 10,000 points (0.1°)", |b| {
        b.iter(|| gp::buffer_layer(&points, &planar_point_buffer, &job).expect("buffers"))
    });
    let sample_countries = sample_layer("countries").expect("the sample");
    let countries = countries.unwrap_or(sample_countries);
    let planar_country_buffer = BufferOptions::new(Distance::Planar(0.1));
    group.bench_function("planar buffer of 177 countries (0.1°)", |b| {
        b.iter(|| gp::buffer_layer(&countries, &planar_country_buffer, &job).expect("buffers"))
    });
    group.bench_function("check the 177 countries for invalid rings", |b| {
        b.iter(|| {
            countries
                .features
                .iter()
                .filter(|f| f.geometry.as_ref().and_then(gp::repair_geometry_problem).is_some())
                .count()
        })
    });
    let geodesic_country_buffer = BufferOptions::new(Distance::Ground(10_000.0));
    group.bench_function("geodesic buffer of 177 countries (10 km)", |b| {
        b.iter(|| gp::buffer_layer(&countries, &geodesic_country_buffer, &job).expect("buffers"))
    });
    let sample_cities = sample_layer("cities").expect("the sample");
    let geodesic_city_buffer = BufferOptions::new(Distance::Ground(200_000.0));
    group.bench_function("geodesic 200 km buffer of 521 cities", |b| {
        b.iter(|| gp::buffer_layer(&sample_cities, &geodesic_city_buffer, &job).expect("buffers"))
    });
    // Hostile input (issue 12): the same generated shapes as rustgis-core/tests/core/hostile.rs.
    let knot = ring_layer("knot", knot_ring(100_000));
    group.sample_size(10);
    group.bench_function("simplify (tolerance 0) of a 100,000-vertex self-intersecting polygon", |b| {
        b.iter(|| gp::simplify(&knot, Distance::Planar(0.0), &job).expect("simplifies"))
    });
    let mask = ring_layer("blob", wavy_ring(30_000));
    group.bench_function("clip the 521 cities by one 30,000-vertex polygon", |b| {
        b.iter(|| gp::clip(&sample_cities, &mask, &job).expect("clips"))
    });
    group.finish();
}

fn ring_layer(name: &str, ring: Vec<geo::Coord<f64>>) -> Layer {
    let polygon = geo::Polygon::new(geo::LineString::new(ring), Vec::new());
    let feature = Feature { id: 1, geometry: Some(Geometry::Polygon(polygon)), attributes: Vec::new() };
    Layer::new(name, Crs::WGS84, Vec::new(), vec![feature])
}

/// A zigzag ring around (0, 0) that crosses itself every 1,000 vertices.
fn knot_ring(n: usize) -> Vec<geo::Coord<f64>> {
    let mut ring: Vec<geo::Coord<f64>> = (0..n)
        .map(|k| {
            let angle = std::f64::consts::TAU * k as f64 / n as f64;
            let radius = if k % 2 == 0 { 10.0 } else { 9.0 };
            geo::Coord { x: radius * angle.cos(), y: radius * angle.sin() }
        })
        .collect();
    for k in (500..n - 2).step_by(1000) {
        ring.swap(k, k + 2);
    }
    ring.push(ring[0]);
    ring
}

/// A simple wavy ring of radius about 60° around (0, 0).
fn wavy_ring(n: usize) -> Vec<geo::Coord<f64>> {
    let mut ring: Vec<geo::Coord<f64>> = (0..n)
        .map(|k| {
            let angle = std::f64::consts::TAU * k as f64 / n as f64;
            let radius = 60.0 + 2.0 * (angle * 50.0).sin();
            geo::Coord { x: 1.5 * radius * angle.cos(), y: 0.9 * radius * angle.sin() }
        })
        .collect();
    ring.push(ring[0]);
    ring
}

criterion_group!(benches, geoprocessing);
criterion_main!(benches);
