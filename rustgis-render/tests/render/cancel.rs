//! A render of a huge layer looks at the caller's cancel flag every few thousand points, so a
//! cancelled `view_map` or `map.export` stops within a fraction of a second. The flag is injected
//! (it cancels after a given number of looks): nothing here is timed.

use std::sync::atomic::{AtomicUsize, Ordering};

use geo::{Geometry, LineString, Polygon};
use rustgis_core::{Crs, Feature, Field, FieldType, Layer, Progress, Project, Value};
use rustgis_render::{RenderRequest, render_watched};

/// A progress that says "cancelled" from its `after + 1`-th look on, and counts the looks.
struct CancelAfter {
    after: usize,
    looks: AtomicUsize,
}

impl CancelAfter {
    fn new(after: usize) -> CancelAfter {
        CancelAfter { after, looks: AtomicUsize::new(0) }
    }

    fn looks(&self) -> usize {
        self.looks.load(Ordering::SeqCst)
    }
}

impl Progress for CancelAfter {
    fn report(&self, _fraction: f64, _message: &str) {}

    fn is_cancelled(&self) -> bool {
        self.looks.fetch_add(1, Ordering::SeqCst) >= self.after
    }
}

/// `n_polygons` star-shaped (simple) polygons of `n_points` points each, side by side, labelled.
fn big_project(n_polygons: usize, n_points: usize) -> Project {
    let features: Vec<Feature> = (0..n_polygons)
        .map(|i| {
            let (cx, cy) = (-170.0 + (i % 34) as f64 * 10.0, -80.0 + (i / 34) as f64 * 10.0);
            let ring: Vec<(f64, f64)> = (0..n_points)
                .map(|k| {
                    let angle = k as f64 / n_points as f64 * std::f64::consts::TAU;
                    let radius = 4.0 + if k % 2 == 0 { 0.5 } else { 0.0 };
                    (cx + angle.cos() * radius, cy + angle.sin() * radius)
                })
                .collect();
            let polygon = Polygon::new(LineString::from(ring), Vec::new());
            Feature {
                id: i as u64,
                geometry: Some(Geometry::Polygon(polygon)),
                attributes: vec![Value::String(format!("p{i}"))],
            }
        })
        .collect();
    let mut layer = Layer::new("big", Crs::WGS84, vec![Field::new("name", FieldType::String)], features);
    layer.labels = Some(rustgis_core::Labels::field("name"));
    let mut project = Project::new("big");
    project.layers.push(layer);
    project
}

fn check(project: &Project, progress: &CancelAfter) -> rustgis_render::Result<rustgis_render::RenderedImage> {
    render_watched(
        project,
        &RenderRequest { width: 512, height: 256, ..RenderRequest::default() },
        progress,
        "view_map",
    )
}

#[test]
fn a_cancelled_render_of_a_million_point_polygon_stops_at_its_first_look() {
    let project = big_project(1, 1_000_000);
    let progress = CancelAfter::new(0);
    let err = check(&project, &progress).expect_err("the render was cancelled");
    let err = rustgis_core::Error::from(err);
    assert!(matches!(&err, rustgis_core::Error::Cancelled(what) if what == "view_map"), "{err}");
    assert_eq!(progress.looks(), 1, "it stopped at the first look");
}

#[test]
fn a_render_cancelled_midway_stops_at_the_next_look() {
    let project = big_project(100, 10_000);
    let progress = CancelAfter::new(20);
    check(&project, &progress).expect_err("the render was cancelled");
    assert_eq!(progress.looks(), 21, "it stopped at the look after the cancel");
}

#[test]
fn a_render_of_a_million_points_looks_at_the_cancel_flag_every_few_thousand_points() {
    let project = big_project(100, 10_000);
    let progress = CancelAfter::new(usize::MAX);
    let image = check(&project, &progress).expect("not cancelled, the render ends");
    assert!(!image.blank);
    assert!(progress.looks() >= 1_000_000 / 20_000, "{} looks for a million points", progress.looks());
}

#[test]
fn a_million_point_polygon_is_labelled_inside_itself() {
    let project = big_project(1, 1_000_000);
    let image = check(&project, &CancelAfter::new(usize::MAX)).expect("the render ends");
    assert_eq!(image.labels[0].placed, 1, "{:?}", image.labels);
}

#[test]
fn a_render_on_a_map_in_another_crs_cancelled_midway_stops_at_the_next_look() {
    // Reprojecting through PROJ (here to ETRS89 / LAEA Europe) looks at the flag as often as
    // drawing does: a slow reprojected draw frees the session as soon as it is cancelled.
    let project = big_project(100, 10_000);
    let progress = CancelAfter::new(20);
    let request = RenderRequest { width: 512, height: 256, crs: Some(Crs::epsg(3035)), ..RenderRequest::default() };
    let err = render_watched(&project, &request, &progress, "view_map").expect_err("the render was cancelled");
    assert!(matches!(rustgis_core::Error::from(err), rustgis_core::Error::Cancelled(_)));
    assert_eq!(progress.looks(), 21, "it stopped at the look after the cancel");
}
