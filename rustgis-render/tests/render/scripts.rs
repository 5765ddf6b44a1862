//! Labels in every script (issue 39): Chinese, Japanese, Arabic, Hebrew, Devanagari and Greek
//! names are drawn in the PNG (ink in the label's box) and are text in the PDF (poppler's
//! `pdftotext`); `\n` starts a second line and `wrap` breaks long ones; a label with a character
//! no font has, and any label left out, is named in the result.
//!
//! The fonts other than DejaVu Sans are installed ones (scripts/test.sh installs
//! fonts-noto-core and fonts-droid-fallback): a script whose font is missing skips with a message,
//! unless RUSTGIS_REQUIRE_FIXTURES=1 makes it a failure.

use crate::common;

use std::process::Command;

use common::{has_poppler, red_layer, run};
use rustgis_core::{Color, Crs, Extent, Labels, Placement, Project, RenderedImage, Session};
use rustgis_render::{RenderRequest, render, render_pdf, render_svg};
use serde_json::json;
use tiny_skia::Pixmap;

/// Lon −10…170, lat −20…20 at 5 px per degree: place `i` (at lon 10 + 30 i, lat 0) is at
/// x = 100 + 150 i, y = 100.
fn view() -> RenderRequest {
    RenderRequest {
        width: 900,
        height: 200,
        extent: Extent::from_corners(-10.0, -20.0, 170.0, 20.0),
        crs: Some(Crs::WGS84),
        ..RenderRequest::default()
    }
}

/// One place per name, 30° apart along the equator, labelled in 16 px black text centred on it
/// (over its red marker) on a white map.
fn places(names: &[&str]) -> Project {
    let spaced: Vec<(&str, f64)> = names.iter().enumerate().map(|(i, name)| (*name, 10.0 + 30.0 * i as f64)).collect();
    places_at(&spaced)
}

/// Places named at these longitudes on the equator, labelled as [`places`] labels them.
fn places_at(names: &[(&str, f64)]) -> Project {
    let features: Vec<_> = names
        .iter()
        .enumerate()
        .map(|(i, (name, lon))| {
            json!({"type": "Feature", "properties": {"name": name, "pop": 1000 * (i + 1)},
                   "geometry": {"type": "Point", "coordinates": [lon, 0.0]}})
        })
        .collect();
    let mut project = Project::new("scripts");
    project.view.background = Color::rgb(255, 255, 255);
    let mut layer = red_layer("places", &json!({"type": "FeatureCollection", "features": features}), Crs::WGS84);
    layer.labels = Some(Labels { size: 16.0, placement: Placement::Center, ..Labels::field("name") });
    project.layers.push(layer);
    project
}

/// Dark pixels (text, not the red marker) in the box of place `i`'s label.
fn ink(pixmap: &Pixmap, i: u32) -> usize {
    let x0 = 100 + 150 * i - 70;
    (x0..x0 + 140).flat_map(|x| (80..120).map(move |y| (x, y))).filter(|&(x, y)| is_dark(pixmap, x, y)).count()
}

fn is_dark(pixmap: &Pixmap, x: u32, y: u32) -> bool {
    pixmap.pixel(x, y).is_some_and(|p| p.red() < 100 && p.green() < 100 && p.blue() < 100)
}

/// Whether the labels were drawn, not left out for want of a font: a missing font fails the
/// test under RUSTGIS_REQUIRE_FIXTURES=1 and skips it (with a message) otherwise.
fn fonts_installed(image: &RenderedImage, what: &str) -> bool {
    if image.labels.iter().all(|count| count.missing_glyphs == 0) {
        return true;
    }
    let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
    let hint = "apt-get install fonts-noto-core fonts-droid-fallback, or put a font in RUSTGIS_FONT_DIRS";
    assert!(!required, "no installed font draws {what} ({:?}): {hint}", image.notices);
    eprintln!("skipped: no installed font draws {what}: {hint}");
    false
}

/// Checks that `name`'s label is drawn in the PNG: placed, and with ink in its box.
fn check_drawn(name: &str, what: &str) {
    let project = places(&[name]);
    let image = render(&project, &view()).expect("drawn");
    if !fonts_installed(&image, what) {
        return;
    }
    assert_eq!(image.labels[0].placed, 1, "{:?}", image.labels);
    let pixmap = Pixmap::decode_png(&image.png).expect("a PNG");
    let dark = ink(&pixmap, 0);
    assert!(dark > 40, "{what}: {dark} dark pixels in the label's box");
}

#[test]
fn chinese_labels_are_drawn() {
    check_drawn("中国", "Chinese");
}

#[test]
fn japanese_labels_are_drawn() {
    check_drawn("日本", "Japanese");
}

#[test]
fn arabic_labels_are_drawn() {
    check_drawn("القاهرة", "Arabic");
}

#[test]
fn hebrew_labels_are_drawn() {
    check_drawn("ירושלים", "Hebrew");
}

#[test]
fn devanagari_labels_are_drawn() {
    check_drawn("दिल्ली", "Devanagari");
}

#[test]
fn greek_labels_are_drawn() {
    check_drawn("Αθήνα", "Greek");
}

/// A name in each script.
const EVERY_SCRIPT: [&str; 5] = ["中国", "日本", "القاهرة", "दिल्ली", "Αθήνα"];

#[test]
fn labels_in_every_script_are_placed_together_on_one_map() {
    // The picture of docs/user-guide/maps.md: five capitals over the sample's countries.
    let mut session = Session::with_sample().expect("sample");
    for layer in ["cities", "coastline", "boundaries"] {
        run(&mut session, "layer.setVisible", json!({"layer": layer, "visible": false}));
    }
    run(&mut session, "map.setCrs", json!({"crs": "EPSG:4326"}));
    let capitals = [
        ("中国", 116.4, 39.9),
        ("日本", 139.7, 35.7),
        ("القاهرة", 31.2, 30.0),
        ("दिल्ली", 77.2, 28.6),
        ("Αθήνα", 23.7, 38.0),
    ];
    let features: Vec<_> = capitals
        .iter()
        .map(|(name, lon, lat)| {
            json!({"type": "Feature", "properties": {"name": name}, "geometry": {"type": "Point", "coordinates": [lon, lat]}})
        })
        .collect();
    let geojson = json!({"type": "FeatureCollection", "features": features});
    run(&mut session, "layer.addGeoJSON", json!({"name": "capitals", "geojson": geojson}));
    run(&mut session, "label.set", json!({"layer": "capitals", "field": "name", "size": 18, "halo": "white"}));
    let view = RenderRequest {
        width: 720,
        height: 240,
        extent: Extent::from_corners(10.0, 15.0, 155.0, 55.0),
        crs: Some(Crs::WGS84),
        ..RenderRequest::default()
    };
    let image = render(session.project(), &view).expect("drawn");
    common::save("scripts", "labels-every-script.png", &image.png);
    if !fonts_installed(&image, "every script") {
        return;
    }
    let count = image.labels.iter().find(|c| c.layer == "capitals").expect("capitals are counted");
    assert_eq!(count.placed, 5, "{count:?}");
}

#[test]
fn labels_in_every_script_are_text_in_the_pdf() {
    let project = places(&EVERY_SCRIPT);
    if !fonts_installed(&render(&project, &view()).expect("drawn"), "every script") {
        return;
    }
    let pdf = render_pdf(&project, &view()).expect("PDF");
    let path = common::save("scripts", "labels-every-script.pdf", &pdf);
    if !has_poppler("pdftotext") {
        return;
    }
    let text = Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext runs");
    // pdftotext may break a Devanagari conjunct with a space, and put right-to-left text in
    // either order.
    let text: String = String::from_utf8_lossy(&text.stdout).chars().filter(|c| !c.is_whitespace()).collect();
    for name in EVERY_SCRIPT {
        let reversed: String = name.chars().rev().collect();
        assert!(text.contains(name) || text.contains(&reversed), "{name} is not in the PDF's text: {text}");
    }
}

#[test]
fn the_svg_embeds_a_subset_of_each_installed_face_its_labels_fall_back_to() {
    let project = places(&EVERY_SCRIPT);
    if !fonts_installed(&render(&project, &view()).expect("drawn"), "every script") {
        return;
    }
    let svg = render_svg(&project, &view()).expect("SVG");
    common::save("scripts", "labels-every-script.svg", &svg);
    let style = svg.split("<style>").nth(1).and_then(|s| s.split("</style>").next()).expect("a <style>");
    // DejaVu Sans (Greek, the digits) and at least the CJK and Arabic faces, each self-contained.
    let faces: Vec<&str> = style.split("@font-face").skip(1).collect();
    assert!(faces.len() >= 3, "{} faces embedded: {style:.300}", faces.len());
    let fonts: Vec<Vec<u8>> = faces
        .iter()
        .map(|face| {
            use base64::Engine as _;
            let data = face.split("base64,").nth(1).and_then(|d| d.split('"').next()).expect("a data URL");
            base64::engine::general_purpose::STANDARD.decode(data).expect("base64")
        })
        .collect();
    for name in EVERY_SCRIPT {
        let covered = name.chars().all(|c| {
            fonts
                .iter()
                .any(|font| ttf_parser::Face::parse(font, 0).is_ok_and(|f| f.glyph_index(c).is_some_and(|g| g.0 != 0)))
        });
        assert!(covered, "an embedded face has every character of {name}");
    }
    // Each face's text names its embedded subset first.
    assert!(svg.contains("<tspan font-family=\"'RustGIS "), "a tspan names an embedded face");
}

#[test]
fn a_label_with_a_character_no_font_has_is_named_in_a_notice() {
    // A private-use character of plane 16: no font gives it a glyph.
    let project = places(&["Nowhere \u{10FFFD}", "Helsinki"]);
    let image = render(&project, &view()).expect("drawn");
    let count = &image.labels[0];
    assert_eq!((count.placed, count.missing_glyphs, count.did_not_fit), (1, 1, 0), "{count:?}");
    let notice = image.notices.iter().find(|n| n.contains("no installed font")).expect("a notice");
    assert!(notice.contains("'Nowhere \u{10FFFD}' (U+10FFFD)") && notice.contains("RUSTGIS_FONT_DIRS"), "{notice}");
}

#[test]
fn a_newline_in_a_label_expression_draws_a_second_line() {
    let mut project = places(&["Helsinki"]);
    let labels = project.layers[0].labels.as_mut().expect("labelled");
    (labels.expression, labels.is_field) = (r#""name" || '\n' || "pop""#.to_owned(), false);
    let image = render(&project, &view()).expect("drawn");
    assert_eq!(image.labels[0].placed, 1, "{:?}", image.labels);
    assert_eq!(lines_of_ink(&image), 2);
}

#[test]
fn a_long_label_wraps_at_spaces_when_its_style_asks() {
    let mut project = places(&["Bosnia and Herzegovina"]);
    project.layers[0].labels.as_mut().expect("labelled").wrap = Some(12);
    let image = render(&project, &view()).expect("drawn");
    assert_eq!(image.labels[0].placed, 1, "{:?}", image.labels);
    assert_eq!(lines_of_ink(&image), 2);
}

/// Bands of pixel rows with ink around the first place's label, separated by rows without.
fn lines_of_ink(image: &RenderedImage) -> usize {
    let pixmap = Pixmap::decode_png(&image.png).expect("a PNG");
    let inked: Vec<bool> = (60..140).map(|y| (20..180).any(|x| is_dark(&pixmap, x, y))).collect();
    inked.windows(2).filter(|w| !w[0] && w[1]).count() + usize::from(inked[0])
}

#[test]
fn a_label_left_out_is_named_with_why_in_the_result() {
    // Two places 2° (10 px) apart: the second label has nowhere to go.
    let project = places_at(&[("Helsinki", 10.0), ("Espoo", 12.0)]);
    let image = render(&project, &view()).expect("drawn");
    let count = &image.labels[0];
    assert_eq!((count.placed, count.collided), (1, 1), "{count:?}");
    let left_out: Vec<(&str, &str)> = count.left_out.iter().map(|l| (l.text.as_str(), l.reason.as_str())).collect();
    assert!(left_out == [("Espoo", "collided")] || left_out == [("Helsinki", "collided")], "{left_out:?}");
    let facts = image.facts();
    assert_eq!(facts["labels"][0]["left_out"][0]["reason"], "collided", "{facts}");
}
