//! Point markers: every shape (circle, square, triangle, star, diamond, cross, x) is drawn alike
//! in PNG, in SVG (drawn back by resvg) and in PDF (drawn back by poppler's `pdftoppm`, which
//! scripts/test.sh installs; without it the PDF check skips with a message unless
//! RUSTGIS_REQUIRE_FIXTURES=1), and no two shapes cover the same pixels.

use crate::common;

use rustgis_core::{Caller, Extent, Session};
use rustgis_render::{RenderRequest, render, render_pdf, render_svg};
use serde_json::json;

use common::{has_poppler, pdf_page_png};

const MARKERS: [&str; 7] = ["circle", "square", "triangle", "star", "diamond", "cross", "x"];

/// One black marker of 60 px in the middle of a white 96 × 96 map.
fn marker_map(marker: &str) -> (Session, RenderRequest) {
    let mut session = Session::new();
    session
        .execute(
            &Caller::user(),
            "layer.addGeoJSON",
            json!({"name": "p", "geojson": {"type": "Point", "coordinates": [0, 0]}}),
        )
        .expect("added");
    session
        .execute(
            &Caller::user(),
            "style.single",
            json!({"layer": "p", "symbol": marker, "size": 60, "color": "black", "stroke": "none"}),
        )
        .expect("styled");
    session.execute(&Caller::user(), "map.setBackground", json!({"color": "white"})).expect("background");
    (
        session,
        RenderRequest {
            width: 96,
            height: 96,
            extent: Extent::from_corners(-1.0, -1.0, 1.0, 1.0),
            ..RenderRequest::default()
        },
    )
}

/// Which pixels are dark (the marker), from a PNG.
fn dark(png: &[u8]) -> Vec<bool> {
    let pixmap = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    pixmap.pixels().iter().map(|p| p.demultiply().red() < 128).collect()
}

fn differing(a: &[bool], b: &[bool]) -> usize {
    assert_eq!(a.len(), b.len(), "same size");
    a.iter().zip(b).filter(|(x, y)| x != y).count()
}

#[test]
fn every_marker_draws_the_same_shape_in_svg_as_in_png_and_no_two_shapes_are_alike() {
    let mut shapes: Vec<Vec<bool>> = Vec::new();
    for marker in MARKERS {
        let (session, view) = marker_map(marker);
        let png = dark(&render(session.project(), &view).expect("PNG").png);
        let svg = render_svg(session.project(), &view).expect("SVG");
        let tree = resvg::usvg::Tree::from_str(&svg, &resvg::usvg::Options::default()).expect("usvg parses it");
        let mut pixmap = resvg::tiny_skia::Pixmap::new(96, 96).expect("pixmap");
        resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
        let from_svg = dark(&pixmap.encode_png().expect("encoded"));
        let covered = png.iter().filter(|d| **d).count();
        assert!(covered > 300, "{marker} covers {covered} pixels");
        // Only the edge's anti-aliasing may differ.
        let off = differing(&png, &from_svg);
        assert!(off * 20 < covered, "{marker}: {off} of {covered} pixels differ between PNG and SVG");
        for (other, shape) in MARKERS.iter().zip(&shapes) {
            let apart = differing(&png, shape);
            assert!(apart * 10 > covered, "{marker} looks like {other}: {apart} pixels apart");
        }
        shapes.push(png);
    }
}

#[test]
fn every_marker_draws_the_same_shape_in_pdf_as_in_png() {
    if !has_poppler("pdftoppm") {
        return;
    }
    for marker in MARKERS {
        let (session, view) = marker_map(marker);
        let png = dark(&render(session.project(), &view).expect("PNG").png);
        let path =
            common::save("markers", &format!("{marker}.pdf"), render_pdf(session.project(), &view).expect("PDF"));
        let from_pdf = dark(&pdf_page_png(&path));
        let covered = png.iter().filter(|d| **d).count();
        let off = differing(&png, &from_pdf);
        assert!(off * 20 < covered, "{marker}: {off} of {covered} pixels differ between PNG and PDF");
    }
}
