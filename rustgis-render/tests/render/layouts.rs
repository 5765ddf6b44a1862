//! Print layouts: made from a template or item by item, saved in the project, exported as PDF
//! (text found by poppler's `pdftotext`), SVG and PNG at the layout's dpi; map frames keep the
//! map's furniture, legends fit their boxes or say what they left out, and a template's map fills
//! its frame (issue 39).

use crate::common;

use std::path::PathBuf;
use std::process::Command;
use std::sync::Arc;

use common::{density_choropleth, embedded_font, has_poppler, run};
use rustgis_core::{Caller, ItemKind, Session, Style};
use serde_json::{Value, json};

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
    run(&mut session, "layout.export", json!({"layout": "a4", "path": path, "overwrite": true}));
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
    run(&mut session, "layout.export", json!({"layout": "p", "path": path, "overwrite": true}));
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
    run(&mut session, "layout.export", json!({"layout": "p", "path": path, "overwrite": true}));
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

/// The text poppler's `pdftotext` finds in the PDF at `path`, its white space made single
/// spaces; `None` when poppler is missing (said on stderr).
fn pdf_text(path: &std::path::Path) -> Option<String> {
    if !has_poppler("pdftotext") {
        return None;
    }
    let output = Command::new("pdftotext").arg(path).arg("-").output().expect("pdftotext runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    Some(String::from_utf8_lossy(&output.stdout).split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The class labels of the countries' graduated style.
fn class_labels(session: &Session) -> Vec<String> {
    match &session.project().layer("countries").expect("the sample's countries").style {
        Style::Graduated { classes, .. } => classes.iter().map(|c| c.label.clone()).collect(),
        other => panic!("countries are not graduated: {other:?}"),
    }
}

/// Exports the layout `name` as `file` (PDF) under tests-output/layouts, giving the outcome's
/// result and notices.
fn export_pdf(session: &mut Session, name: &str, file: &str) -> (Value, Vec<String>, PathBuf) {
    let path = out(file);
    let outcome = session
        .execute(&Caller::user(), "layout.export", json!({"layout": name, "path": path, "overwrite": true}))
        .expect("layout.export");
    (outcome.result, outcome.notices, path)
}

/// The population-density choropleth with a title, subtitle, credits and a labelled graticule.
fn furnished_choropleth() -> Session {
    let mut session = density_choropleth();
    session.set_renderer(Arc::new(rustgis_render::Renderer::new()));
    run(
        &mut session,
        "map.setFurniture",
        json!({
            "title": "Where people live",
            "subtitle": "People per km² by country, six quantile classes",
            "credits": "Data: Natural Earth",
            "graticule": {"interval": 30, "labels": true},
        }),
    );
    session
}

#[test]
fn a_template_layout_s_pdf_holds_the_map_s_title_subtitle_credits_graticule_and_every_class() {
    let mut session = furnished_choropleth();
    run(&mut session, "layout.fromTemplate", json!({"template": "a4-landscape-title-legend", "name": "a4"}));
    let (result, notices, path) = export_pdf(&mut session, "a4", "a4-choropleth.pdf");
    assert_eq!(result["legend_left_out"], json!([]), "{notices:?}");
    let Some(text) = pdf_text(&path) else { return };
    for expected in ["Where people live", "People per km² by country", "Data: Natural Earth", "30°N", "People per km²"]
    {
        assert!(text.contains(expected), "{expected:?} is not in the page's text: {text}");
    }
    for label in class_labels(&session) {
        assert!(text.contains(&label), "the class {label:?} is not in the page's text: {text}");
    }
    assert!(!text.contains("Made with RustGIS"), "{text}");
}

/// The sample's countries in seven population classes, on a page with a map and a legend in
/// `legend_mm`.
fn seven_classes(legend_mm: [f64; 4]) -> Session {
    let mut session = session();
    run(&mut session, "style.graduated", json!({"layer": "countries", "field": "pop_est", "classes": 7}));
    run(&mut session, "layout.create", json!({"name": "page", "dpi": 150}));
    run(&mut session, "layout.addItem", json!({"layout": "page", "type": "map", "rect_mm": [10, 10, 190, 150]}));
    run(&mut session, "layout.addItem", json!({"layout": "page", "type": "legend", "rect_mm": legend_mm}));
    session
}

#[test]
fn a_seven_class_legend_in_a_wide_short_box_wraps_into_columns_and_shows_all_seven() {
    let mut session = seven_classes([10.0, 165.0, 190.0, 25.0]);
    let (result, _, path) = export_pdf(&mut session, "page", "seven-wide.pdf");
    assert_eq!(result["legend_left_out"], json!([]));
    let Some(text) = pdf_text(&path) else { return };
    let labels = class_labels(&session);
    assert_eq!(labels.len(), 7);
    for label in labels {
        assert!(text.contains(&label), "the class {label:?} is not in the page's text: {text}");
    }
}

#[test]
fn a_seven_class_legend_in_a_small_box_shows_or_names_each_of_its_seven_classes() {
    let mut session = seven_classes([10.0, 165.0, 40.0, 22.0]);
    let (result, _, path) = export_pdf(&mut session, "page", "seven-small.pdf");
    let left_out: Vec<&str> =
        result["legend_left_out"].as_array().expect("a list").iter().filter_map(Value::as_str).collect();
    let Some(text) = pdf_text(&path) else { return };
    for label in class_labels(&session) {
        assert!(
            text.contains(&label) || left_out.contains(&label.as_str()),
            "the class {label:?} is neither shown nor named as left out ({left_out:?}): {text}"
        );
    }
}

#[test]
fn a_legend_that_cannot_fit_its_box_names_what_it_left_out_in_a_notice() {
    let mut session = seven_classes([10.0, 165.0, 30.0, 10.0]);
    let (result, notices, _) = export_pdf(&mut session, "page", "seven-tiny.pdf");
    let left_out = result["legend_left_out"].as_array().expect("a list");
    assert!(!left_out.is_empty(), "{result}");
    let labels = class_labels(&session);
    let last = labels.last().expect("seven classes");
    assert!(left_out.iter().any(|l| l == last.as_str()), "the last class is left out first: {left_out:?}");
    let notice = notices.iter().find(|n| n.contains("left out")).expect("a notice");
    assert!(notice.contains(last.as_str()), "{notice}");
}

#[test]
fn a_template_s_map_fills_its_frame() {
    let mut session = session();
    run(&mut session, "layout.fromTemplate", json!({"template": "a4-landscape-title-legend", "name": "a4", "dpi": 96}));
    let layout = session.project().layouts[0].clone();
    let page = rustgis_render::render_layout_pixmap(session.project(), &layout).expect("drawn");
    let map = layout.items.iter().find(|i| matches!(i.kind, ItemKind::Map { .. })).expect("a map frame");
    let px = |mm: f64| (mm / 25.4 * 96.0).round() as u32;
    let [x, y, w, h] = map.rect_mm;
    // Inside the frame's outline: the first and last rows and columns with ink.
    let (left, top, right, bottom) = (px(x) + 3, px(y) + 3, px(x + w) - 3, px(y + h) - 3);
    let inked = |col: u32, row: u32| {
        let pixel = page.pixel(col, row).expect("on the page");
        pixel.red() < 245 || pixel.green() < 245 || pixel.blue() < 245
    };
    let rows: Vec<u32> = (top..bottom).filter(|&row| (left..right).any(|col| inked(col, row))).collect();
    let cols: Vec<u32> = (left..right).filter(|&col| (top..bottom).any(|row| inked(col, row))).collect();
    let span = |v: &[u32]| f64::from(v.last().copied().unwrap_or(0) - v.first().copied().unwrap_or(0));
    let (frame_w, frame_h) = (f64::from(right - left), f64::from(bottom - top));
    assert!(span(&cols) >= 0.95 * frame_w, "the map spans {} of {frame_w} pixels across", span(&cols));
    assert!(span(&rows) >= 0.95 * frame_h, "the map spans {} of {frame_h} pixels down", span(&rows));
}
