//! The layout `image` item: a PNG or SVG file drawn whole into its box, centred, keeping its
//! shape, on PNG, SVG and PDF pages; read as a hostile file (size, PNG header, SVG with no
//! scripts or links to other files carried into the page), and only by callers with file access.

#![allow(clippy::disallowed_methods, reason = "tests write the image files the layout reads")]

use crate::common;

use std::path::PathBuf;

use rustgis_core::{Caller, PageFormat, Session};
use rustgis_render::{render_layout, render_layout_pixmap, render_layout_svg};
use serde_json::{Value, json};

use common::{has_poppler, pdf_page_png};

fn dir() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests-output/layout-image");
    std::fs::create_dir_all(&dir).expect("tests-output");
    dir
}

/// A 96 dpi A4 portrait page (794 × 1123 px) with no map, and nothing on it yet.
fn page() -> Session {
    let mut session = Session::new();
    session
        .execute(&Caller::user(), "layout.create", json!({"name": "page", "page": "a4", "dpi": 96}))
        .expect("layout");
    session
}

fn add_image(session: &mut Session, path: &std::path::Path, rect_mm: [f64; 4]) -> rustgis_core::Result<Value> {
    session
        .execute(
            &Caller::user(),
            "layout.addItem",
            json!({"layout": "page", "type": "image", "path": path, "rect_mm": rect_mm}),
        )
        .map(|o| o.result)
}

/// A 40 × 20 PNG, all red.
fn red_png() -> PathBuf {
    let mut pixmap = tiny_skia::Pixmap::new(40, 20).expect("pixmap");
    pixmap.fill(tiny_skia::Color::from_rgba8(255, 0, 0, 255));
    let path = dir().join("red.png");
    std::fs::write(&path, pixmap.encode_png().expect("encoded")).expect("written");
    path
}

fn rgb(pixmap: &tiny_skia::Pixmap, x: f32, y: f32) -> (u8, u8, u8) {
    let p = pixmap.pixel(x as u32, y as u32).expect("on the page").demultiply();
    (p.red(), p.green(), p.blue())
}

#[test]
fn a_png_image_is_drawn_whole_into_its_box_keeping_its_shape() {
    let mut session = page();
    // A 100 mm square box (378 px at 96 dpi) at 10 mm (37.8 px): the 2:1 image fills its width
    // and the middle half of its height.
    add_image(&mut session, &red_png(), [10.0, 10.0, 100.0, 100.0]).expect("added");
    let layout = session.project().layouts[0].clone();
    let pixmap = render_layout_pixmap(session.project(), &layout).expect("drawn");
    let (left, top, side) = (37.8, 37.8, 377.95);
    assert_eq!(rgb(&pixmap, left + side / 2.0, top + side / 2.0), (255, 0, 0), "the middle is the image");
    assert_eq!(rgb(&pixmap, left + 5.0, top + side / 2.0), (255, 0, 0), "it spans the box's width");
    assert_eq!(rgb(&pixmap, left + side / 2.0, top + side * 0.2), (255, 255, 255), "above it is paper");
    assert_eq!(rgb(&pixmap, left + side / 2.0, top + side * 0.8), (255, 255, 255), "below it is paper");
    // The SVG page carries the PNG itself, and the PDF draws it.
    let svg = render_layout_svg(session.project(), &layout).expect("SVG");
    assert!(svg.contains("href=\"data:image/png;base64,"), "{}", &svg[..svg.len().min(400)]);
    let pdf = render_layout(session.project(), &layout, PageFormat::Pdf).expect("PDF").bytes;
    let path = dir().join("red.pdf");
    std::fs::write(&path, pdf).expect("written");
    if !has_poppler("pdftoppm") {
        return;
    }
    let drawn = tiny_skia::Pixmap::decode_png(&pdf_page_png(&path)).expect("PNG");
    assert_eq!(rgb(&drawn, left + side / 2.0, top + side / 2.0), (255, 0, 0), "the PDF draws the image");
    assert_eq!(rgb(&drawn, left + side / 2.0, top + side * 0.2), (255, 255, 255), "and keeps its shape");
}

#[test]
fn an_svg_image_is_drawn_without_its_scripts_or_links_to_other_files() {
    let mut session = page();
    let path = dir().join("logo.svg");
    let svg = r##"<?xml version="1.0"?>
<!-- a logo -->
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100">
  <script>alert("hello")</script>
  <rect width="100" height="100" fill="#0000ff"/>
  <image width="10" height="10" xlink:href="/etc/passwd"/>
</svg>"##;
    std::fs::write(&path, svg).expect("written");
    add_image(&mut session, &path, [10.0, 10.0, 50.0, 50.0]).expect("added");
    let layout = session.project().layouts[0].clone();
    let pixmap = render_layout_pixmap(session.project(), &layout).expect("drawn");
    assert_eq!(rgb(&pixmap, 37.8 + 94.5, 37.8 + 94.5), (0, 0, 255), "the SVG's rectangle is drawn");
    let page = render_layout_svg(session.project(), &layout).expect("SVG");
    let data = page.split("data:image/svg+xml;base64,").nth(1).and_then(|d| d.split('"').next()).expect("embedded");
    use base64::Engine as _;
    let embedded = base64::engine::general_purpose::STANDARD.decode(data).expect("base64");
    let embedded = String::from_utf8(embedded).expect("text");
    assert!(embedded.contains("#0000ff") || embedded.contains("fill=\"blue\""), "{embedded}");
    assert!(!embedded.contains("script") && !embedded.contains("passwd"), "{embedded}");
}

#[test]
fn an_image_that_is_not_png_or_svg_or_too_large_is_refused_naming_the_cause() {
    let mut session = page();
    let text = dir().join("notes.png");
    std::fs::write(&text, "just some text").expect("written");
    let error = add_image(&mut session, &text, [10.0, 10.0, 50.0, 50.0]).expect_err("text");
    assert!(format!("{error:#}").contains("neither a PNG nor an SVG"), "{error:#}");
    // A PNG header claiming 100,000 × 100,000 pixels: refused before anything is decoded.
    let mut bomb = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bomb.extend_from_slice(&100_000u32.to_be_bytes());
    bomb.extend_from_slice(&100_000u32.to_be_bytes());
    bomb.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    let path = dir().join("bomb.png");
    std::fs::write(&path, bomb).expect("written");
    let error = add_image(&mut session, &path, [10.0, 10.0, 50.0, 50.0]).expect_err("too many pixels");
    assert!(format!("{error:#}").contains("100000 × 100000 pixels is out of range"), "{error:#}");
    let big = dir().join("big.svg");
    let mut huge = b"<svg xmlns=\"http://www.w3.org/2000/svg\">".to_vec();
    huge.resize(rustgis_core::MAX_LAYOUT_IMAGE_BYTES as usize + 1, b' ');
    std::fs::write(&big, huge).expect("written");
    let error = add_image(&mut session, &big, [10.0, 10.0, 50.0, 50.0]).expect_err("too large");
    assert!(format!("{error:#}").contains("larger than 16 MiB"), "{error:#}");
    assert!(session.project().layouts[0].items.is_empty(), "nothing refused was added");
}

#[test]
fn an_svg_image_nesting_deeper_than_256_elements_is_refused_and_256_are_drawn() {
    let svg = |depth: usize| {
        format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">{}<rect width="10" height="10" fill="red"/>{}</svg>"#,
            "<g>".repeat(depth - 1),
            "</g>".repeat(depth - 1)
        )
    };
    let mut session = page();
    let deepest = dir().join("deepest.svg");
    std::fs::write(&deepest, svg(rustgis_core::MAX_SVG_NESTING)).expect("written");
    add_image(&mut session, &deepest, [10.0, 10.0, 50.0, 50.0]).expect("256 levels are fine");
    let layout = session.project().layouts[0].clone();
    render_layout_pixmap(session.project(), &layout).expect("drawn");
    for (name, depth) in [("too-deep.svg", rustgis_core::MAX_SVG_NESTING + 1), ("abyss.svg", 100_000)] {
        let path = dir().join(name);
        std::fs::write(&path, svg(depth)).expect("written");
        let error = add_image(&mut session, &path, [10.0, 10.0, 50.0, 50.0]).expect_err("refused");
        assert!(format!("{error:#}").contains("nest deeper than 256 levels"), "{error:#}");
    }
}

#[test]
fn an_agent_without_file_access_cannot_add_an_image() {
    let mut session = page();
    let path = red_png();
    let params = json!({"layout": "page", "type": "image", "path": path, "rect_mm": [10, 10, 50, 50]});
    let error = session.execute(&Caller::private_agent(false), "layout.addItem", params).expect_err("no access");
    assert!(format!("{error:#}").contains("layout.addItem"), "{error:#}");
    // Other items need no access.
    let params = json!({"layout": "page", "type": "text", "text": "Hello", "rect_mm": [10, 10, 50, 50]});
    session.execute(&Caller::private_agent(false), "layout.addItem", params).expect("text is fine");
}
