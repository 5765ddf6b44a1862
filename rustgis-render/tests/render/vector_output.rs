//! SVG and PDF output: true vector files laid out as the PNG. The SVG is parsed and drawn by
//! resvg; the PDF's text is read by poppler's `pdftotext` and the page drawn by `pdftoppm`
//! (scripts/test.sh installs poppler-utils; without it the PDF checks skip with a message,
//! unless RUSTGIS_REQUIRE_FIXTURES=1 makes a missing tool a failure).

use crate::common;

use std::path::PathBuf;
use std::process::Command;

use common::{density_choropleth, embedded_font, has_poppler, pdf_page_png, run};
use rustgis_core::{Caller, Session};
use rustgis_render::{RenderRequest, render, render_pdf, render_svg};
use serde_json::json;

/// The population-density map of the furniture test, in Equal Earth, 800 × 450.
fn density_map() -> (Session, RenderRequest) {
    let mut session = density_choropleth();
    run(
        &mut session,
        "map.setFurniture",
        json!({"title": "Population density", "credits": "Data: Natural Earth", "north_arrow": true,
               "graticule": {"interval": 30, "labels": true}, "scale_bar": true, "legend": true, "neat_line": true,
               "margin_mm": 3}),
    );
    (session, RenderRequest { width: 800, height: 450, ..RenderRequest::default() })
}

/// The mean absolute difference of two same-size RGBA images, per channel, 0–255.
fn mean_difference(a: &[u8], b: &[u8]) -> f64 {
    assert_eq!(a.len(), b.len(), "same size");
    a.iter().zip(b).map(|(x, y)| f64::from(x.abs_diff(*y))).sum::<f64>() / a.len() as f64
}

/// Demultiplied RGBA of a PNG.
fn rgba(png: &[u8]) -> Vec<u8> {
    let pixmap = tiny_skia::Pixmap::decode_png(png).expect("a PNG");
    pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect()
}

/// Whether a tool of poppler-utils runs; a missing tool fails under RUSTGIS_REQUIRE_FIXTURES=1.
#[test]
fn the_svg_has_text_as_text_and_draws_like_the_png() {
    let (session, view) = density_map();
    let svg = render_svg(session.project(), &view).expect("SVG");
    common::save("vector", "density.svg", &svg);
    assert!(svg.contains(">Population density</text>") && svg.contains(">People per km²</text>"), "text as text");
    let mut options = resvg::usvg::Options::default();
    std::sync::Arc::make_mut(&mut options.fontdb).load_font_data(dejavu::sans::regular().to_vec());
    let tree = resvg::usvg::Tree::from_str(&svg, &options).expect("usvg parses it");
    let mut pixmap = resvg::tiny_skia::Pixmap::new(800, 450).expect("pixmap");
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    let drawn: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let png = render(session.project(), &view).expect("PNG");
    let difference = mean_difference(&drawn, &rgba(&png.png));
    eprintln!("SVG drawn by resvg vs PNG: mean difference {difference:.2} of 255");
    assert!(difference < 4.0, "{difference}");
}

/// The characters of `text` the embedded font has no glyph for.
fn missing_glyphs(font: &ttf_parser::Face<'_>, text: &str) -> Vec<char> {
    text.chars().filter(|c| !c.is_whitespace() && font.glyph_index(*c).is_none_or(|g| g.0 == 0)).collect()
}

#[test]
fn the_svg_embeds_a_subset_of_its_font_with_a_glyph_for_every_character_of_its_text() {
    let (session, view) = density_map();
    let svg = render_svg(session.project(), &view).expect("SVG");
    let font = embedded_font(&svg);
    let face = ttf_parser::Face::parse(&font, 0).expect("the embedded data is a font");
    for text in ["Population density", "People per km²", "Data: Natural Earth", "N"] {
        assert!(svg.contains(&format!(">{text}</text>")), "{text} is text");
        assert_eq!(missing_glyphs(&face, text), Vec::<char>::new(), "{text}");
    }
    // A subset: smaller than DejaVu Sans whole, and without glyphs the map does not use.
    let full = dejavu::sans::regular().len();
    eprintln!("embedded font: {} bytes of DejaVu Sans's {full}; SVG {} bytes", font.len(), svg.len());
    assert!(font.len() * 10 < full, "{} of {full} bytes", font.len());
    assert_eq!(missing_glyphs(&face, "Ω").len(), 1, "no glyph the map does not use");
}

#[test]
fn the_svg_s_text_names_the_embedded_face_first() {
    let (session, view) = density_map();
    let svg = render_svg(session.project(), &view).expect("SVG");
    let root = svg.split('>').next().expect("a root element");
    assert!(root.contains("font-family=\"'RustGIS DejaVu Sans', 'DejaVu Sans', sans-serif\""), "{root}");
    assert!(!svg.contains("<text font-family") && !svg.contains(" font-family=\"DejaVu"), "no text names another font");
}

#[test]
fn the_embedded_font_has_the_tables_browsers_require_of_a_web_font() {
    let (session, view) = density_map();
    let font = embedded_font(&render_svg(session.project(), &view).expect("SVG"));
    let face = ttf_parser::RawFace::parse(&font, 0).expect("a font");
    // What OpenType Sanitizer (Chrome, Firefox) rejects a TrueType font without.
    for tag in [b"cmap", b"head", b"hhea", b"hmtx", b"maxp", b"name", b"OS/2", b"post", b"glyf", b"loca"] {
        assert!(face.table(ttf_parser::Tag::from_bytes(tag)).is_some(), "{}", String::from_utf8_lossy(tag));
    }
}

#[test]
fn the_opentype_sanitizer_browsers_use_accepts_the_embedded_font() {
    let (session, view) = density_map();
    let path =
        common::save("vector", "embedded.ttf", embedded_font(&render_svg(session.project(), &view).expect("SVG")));
    // OTS, which Chrome and Firefox run on every web font, from the opentype-sanitizer wheel.
    let python = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../.venv/bin/python");
    let has_ots = Command::new(&python).args(["-c", "import ots"]).output().is_ok_and(|o| o.status.success());
    if !has_ots {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(!required, "no opentype-sanitizer in .venv: .venv/bin/pip install opentype-sanitizer");
        eprintln!("skipped: no opentype-sanitizer in .venv (.venv/bin/pip install opentype-sanitizer)");
        return;
    }
    let script = "import ots, sys; r = ots.sanitize(sys.argv[1], capture_output=True); \
                  sys.stderr.write(r.stdout.decode() + r.stderr.decode()); sys.exit(r.returncode)";
    let output = Command::new(&python).args(["-c", script]).arg(&path).output().expect("python runs");
    assert!(output.status.success(), "OTS refuses it: {}", String::from_utf8_lossy(&output.stderr));
}

#[test]
fn a_svg_without_text_embeds_no_font() {
    let mut session = Session::new();
    run(&mut session, "layer.addGeoJSON", json!({"name": "dot", "geojson": {"type": "Point", "coordinates": [0, 0]}}));
    let svg = render_svg(session.project(), &RenderRequest { width: 64, height: 64, ..RenderRequest::default() })
        .expect("SVG");
    assert!(!svg.contains("<text") && !svg.contains("@font-face"), "{svg}");
}

#[test]
fn the_pdf_has_the_title_and_legend_as_text_and_draws_like_the_png() {
    let (session, view) = density_map();
    let pdf = render_pdf(session.project(), &view).expect("PDF");
    let path = common::save("vector", "density.pdf", &pdf);
    if !has_poppler("pdftotext") || !has_poppler("pdftoppm") {
        return;
    }
    let text = Command::new("pdftotext").arg(&path).arg("-").output().expect("pdftotext runs");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Population density") && text.contains("People per km²"), "{text}");
    // 96 dpi page: 800 × 450 px is 600 × 337.5 pt; drawn back at 96 dpi it is 800 × 450 again.
    let raster = pdf_page_png(&path);
    let png = render(session.project(), &view).expect("PNG");
    let drawn = rgba(&raster);
    assert_eq!(drawn.len(), 800 * 450 * 4, "the page is the map's size");
    let difference = mean_difference(&drawn, &rgba(&png.png));
    eprintln!("PDF drawn by pdftoppm vs PNG: mean difference {difference:.2} of 255");
    assert!(difference < 6.0, "{difference}");
}

#[test]
fn map_export_writes_svg_and_pdf_by_the_path_s_extension() {
    let (mut session, _) = density_map();
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::new()));
    for (file, magic) in [("export.svg", &b"<svg"[..]), ("export.pdf", &b"%PDF"[..])] {
        let path = common::output_path("vector", file);
        let out = session
            .execute(&Caller::user(), "map.export", json!({"path": path, "width": 640, "overwrite": true}))
            .unwrap_or_else(|e| panic!("{file}: {e:#}"));
        let bytes = std::fs::read(&path).expect("written");
        assert!(bytes.starts_with(magic), "{file}");
        assert_eq!(out.result["bytes"], bytes.len());
    }
}

#[test]
fn map_export_refuses_a_format_that_disagrees_with_the_path() {
    let (mut session, _) = density_map();
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::new()));
    let path = common::output_path("vector", "mismatch.png");
    let err = session
        .execute(&Caller::user(), "map.export", json!({"path": path, "format": "pdf"}))
        .expect_err("a .png path cannot hold a PDF");
    assert!(err.to_string().contains(".pdf"), "{err}");
}

#[test]
fn the_svg_has_the_feature_labels_the_png_places() {
    let session = Session::with_sample().expect("sample");
    let view = RenderRequest { width: 1024, height: 512, ..RenderRequest::default() };
    let svg = render_svg(session.project(), &view).expect("SVG");
    let png = render(session.project(), &view).expect("PNG");
    let cities = png.labels.iter().find(|c| c.layer == "cities").expect("cities are labelled");
    assert!(cities.placed > 0);
    // Every placed label is a <text> (the sample has no title, legend or other text).
    assert_eq!(svg.matches("</text>").count(), png.labels.iter().map(|c| c.placed).sum::<usize>(), "{svg}");
    assert!(svg.contains(">Moscow</text>"), "the most populous cities are named");
}
