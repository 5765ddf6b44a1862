//! Print layouts: made from a template or item by item, saved in the project, exported as PDF
//! (text found by poppler's `pdftotext`), SVG and PNG at the layout's dpi.

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

use common::{embedded_font, run};
use rustgis_core::{Caller, Session};
use serde_json::json;

fn session() -> Session {
    let mut session = Session::with_sample().expect("sample");
    session.set_renderer(Arc::new(rustgis_render::Renderer::new()));
    run(
        &mut session,
        "style.graduated",
        json!({"layer": "countries", "field": "pop_est", "classes": 5, "ramp": "ylorrd"}),
    );
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "Population"}));
    run(&mut session, "map.setCrs", json!({"crs": "Robinson"}));
    session
}

fn out(file: &str) -> PathBuf {
    common::output_path("layouts", file)
}

#[test]
fn a_template_layout_exports_a_pdf_whose_title_and_legend_are_text() {
    let mut session = session();
    run(
        &mut session,
        "layout.fromTemplate",
        json!({"template": "a4-landscape-title-legend", "title": "World population", "dpi": 150}),
    );
    let path = out("template.pdf");
    let result = run(
        &mut session,
        "layout.export",
        json!({"name": "a4-landscape-title-legend", "path": path, "overwrite": true}),
    );
    assert_eq!(result["width_mm"], 297.0);
    let bytes = std::fs::read(&path).expect("written");
    assert!(bytes.starts_with(b"%PDF"));
    let Ok(text) = Command::new("pdftotext").arg(&path).arg("-").output() else {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(!required, "pdftotext is missing: apt-get install poppler-utils");
        eprintln!("skipped: pdftotext is missing (apt-get install poppler-utils)");
        return;
    };
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("World population") && text.contains("Population"), "{text}");
}

#[test]
fn an_a4_layout_at_300_dpi_exports_a_png_of_the_page_s_size() {
    let mut session = session();
    run(&mut session, "layout.fromTemplate", json!({"template": "a4-landscape-title-legend", "name": "a4"}));
    let path = out("a4.png");
    run(&mut session, "layout.export", json!({"name": "a4", "path": path, "overwrite": true}));
    let pixmap = tiny_skia::Pixmap::load_png(&path).expect("a PNG");
    assert_eq!((pixmap.width(), pixmap.height()), (3508, 2480), "297 × 210 mm at 300 dpi");
}

#[test]
fn an_item_off_the_page_is_refused_with_the_page_size() {
    let mut session = session();
    run(&mut session, "layout.create", json!({"name": "p", "page": "A4", "orientation": "portrait"}));
    let err = session
        .execute(
            &Caller::user(),
            "layout.addItem",
            json!({"layout": "p", "type": "map", "rect_mm": [10, 10, 250, 100]}),
        )
        .expect_err("260 mm is wider than A4 portrait");
    assert!(err.to_string().contains("210 × 297 mm"), "{err}");
}

#[test]
fn layouts_are_saved_in_the_project_file_and_read_back() {
    let mut session = session();
    run(
        &mut session,
        "layout.create",
        json!({"name": "poster", "page": {"width_mm": 500, "height_mm": 700}, "dpi": 100}),
    );
    run(&mut session, "layout.addItem", json!({"layout": "poster", "type": "map", "rect_mm": [10, 30, 480, 600]}));
    run(
        &mut session,
        "layout.addItem",
        json!({"layout": "poster", "type": "title", "text": "Poster", "rect_mm": [10, 5, 480, 20]}),
    );
    let path = out("poster.rgis");
    run(&mut session, "project.save", json!({"path": path, "overwrite": true}));
    let mut reopened = Session::new();
    reopened.execute(&Caller::user(), "project.open", json!({"path": path})).expect("opened");
    assert_eq!(reopened.project().layouts, session.project().layouts);
    let listed = run(&mut reopened, "layout.list", json!({}));
    assert_eq!(listed["layouts"][0]["items"].as_array().map(Vec::len), Some(2));
}

#[test]
fn a_layout_exports_as_svg_with_its_map_nested() {
    let mut session = session();
    run(
        &mut session,
        "layout.fromTemplate",
        json!({"template": "a4-portrait-title", "name": "p", "title": "Robinson", "dpi": 96}),
    );
    let path = out("portrait.svg");
    run(&mut session, "layout.export", json!({"name": "p", "path": path, "overwrite": true}));
    let svg = std::fs::read_to_string(&path).expect("written");
    assert!(svg.contains(">Robinson</text>") && svg.matches("<svg").count() >= 2, "a page with a nested map");
}

#[test]
fn a_layout_s_svg_embeds_one_font_with_the_glyphs_of_its_title_and_legend() {
    let mut session = session();
    let title = "Ποταμοί και πόλεις";
    run(
        &mut session,
        "layout.fromTemplate",
        json!({"template": "a4-landscape-title-legend", "name": "p", "title": title, "dpi": 96}),
    );
    let path = out("greek.svg");
    run(&mut session, "layout.export", json!({"name": "p", "path": path, "overwrite": true}));
    let svg = std::fs::read_to_string(&path).expect("written");
    assert_eq!(svg.matches("@font-face").count(), 1, "one face for the page and its nested maps");
    let font = embedded_font(&svg);
    let face = ttf_parser::Face::parse(&font, 0).expect("the embedded data is a font");
    for text in [title, "Population"] {
        assert!(svg.contains(&format!(">{text}</text>")), "{text} is text");
        let missing: Vec<char> = text.chars().filter(|c| *c != ' ' && face.glyph_index(*c).is_none()).collect();
        assert!(missing.is_empty(), "{text}: no glyph for {missing:?}");
    }
}
