//! Print layouts: `layout.export` of the A4 landscape template at 300 dpi (3508 × 2480 px) for
//! the World Atlas sample in Robinson, as PNG, PDF and SVG. The bar is under a second.

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use rustgis_core::{MapFit, PageFormat, PrintLayout, Session};

fn sample_in_robinson() -> Session {
    let mut session = Session::with_sample().expect("the sample loads");
    let user = rustgis_core::Caller::user();
    session
        .execute(
            &user,
            "style.graduated",
            serde_json::json!({"layer": "countries", "field": "pop_est", "ramp": "ylorrd"}),
        )
        .expect("graduated");
    session.execute(&user, "map.setCrs", serde_json::json!({"crs": "Robinson"})).expect("Robinson");
    session
}

fn layout_export(c: &mut Criterion) {
    let session = sample_in_robinson();
    let layout =
        PrintLayout::from_template("a4-landscape-title-legend", "a4", "World population", 300.0, &MapFit::default())
            .expect("the template exists");
    for format in [PageFormat::Png, PageFormat::Pdf, PageFormat::Svg] {
        let started = Instant::now();
        let bytes = rustgis_render::render_layout(session.project(), &layout, format).expect("drawn").bytes;
        eprintln!("A4 at 300 dpi as {format:?}: {:.3} s, {} bytes", started.elapsed().as_secs_f64(), bytes.len());
    }
    let mut group = c.benchmark_group("layout");
    group.sample_size(10);
    for (name, format) in [("a4_300dpi_png", PageFormat::Png), ("a4_300dpi_pdf", PageFormat::Pdf)] {
        group.bench_function(name, |b| {
            b.iter(|| rustgis_render::render_layout(black_box(session.project()), &layout, format).expect("drawn"))
        });
    }
    group.finish();
}

criterion_group!(benches, layout_export);
criterion_main!(benches);
