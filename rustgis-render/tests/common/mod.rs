//! What several of the renderer's test files share: running a command as the user, a red layer
//! from GeoJSON, the population-density map the furniture and vector-output tests draw, poppler's tools, the
//! font an SVG embeds, and the one place tests leave what they drew (`save`, `output_path`).
#![allow(dead_code, reason = "each test file uses the part of this module it needs")]

use std::path::{Path, PathBuf};
use std::process::Command;

use rustgis_core::{Caller, Color, Crs, Extent, Layer, Session, Style, Symbol, io::geojson};
use rustgis_render::{RenderRequest, render};
use serde_json::{Value, json};

/// Pure red: what the drawing tests fill their shapes with and look for.
pub(crate) const RED: Color = Color::rgb(255, 0, 0);

/// A layer `name` of the GeoJSON `geojson` in `crs`, filled [`RED`] with no outline, so that the
/// pixels it covers are exactly red.
pub(crate) fn red_layer(name: &str, geojson: &Value, crs: Crs) -> Layer {
    let data = geojson::from_json(geojson, Path::new("<test>")).expect("test GeoJSON parses");
    let mut layer = Layer::new(name, crs, data.fields, data.features);
    let mut symbol = Symbol::for_kind(layer.geometry_kind(), RED);
    symbol.stroke = None;
    layer.style = Style::Single { symbol };
    layer
}

/// Where a test leaves what it drew or wrote, for a look: `tests-output/<folder>/<file>` at the
/// workspace's root (gitignored), the folder made.
pub(crate) fn output_path(folder: &str, file: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests-output").join(folder);
    std::fs::create_dir_all(&dir).expect("tests-output is writable");
    dir.join(file)
}

/// Writes `bytes` (a PNG, SVG or PDF a test made) to [`output_path`] and gives the path.
#[allow(clippy::disallowed_methods, reason = "tests leave what they drew in tests-output for a look")]
pub(crate) fn save(folder: &str, file: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
    let path = output_path(folder, file);
    std::fs::write(&path, bytes).expect("tests-output is writable");
    path
}

/// Draws `session`'s map of `bbox` (longitude and latitude) at `width`×`height` with its legend,
/// checks it is not blank, and saves it as `raster-images/<file>` for the documentation.
pub(crate) fn save_raster_picture(session: &Session, width: u32, height: u32, bbox: [f64; 4], file: &str) {
    let view = RenderRequest {
        width,
        height,
        extent: Extent::from_bbox(bbox),
        crs: Some(Crs::WGS84),
        legend: true,
        ..RenderRequest::default()
    };
    let image = render(session.project(), &view).expect("renders");
    assert!(!image.blank);
    save("raster-images", file, &image.png);
}

/// Runs a command as the user and gives its result; a failure fails the test, naming the command.
pub(crate) fn run(session: &mut Session, command: &str, params: Value) -> Value {
    session.execute(&Caller::user(), command, params).unwrap_or_else(|e| panic!("{command}: {e:#}")).result
}

/// The sample's countries as a population-density choropleth (six quantile classes of people
/// per km², titled) in Equal Earth on a pale sea, the other layers hidden: furniture not set.
pub(crate) fn density_choropleth() -> Session {
    let mut session = Session::with_sample().expect("sample");
    for layer in ["cities", "coastline", "boundaries"] {
        run(&mut session, "layer.setVisible", json!({"layer": layer, "visible": false}));
    }
    run(
        &mut session,
        "field.add",
        json!({"layer": "countries", "name": "density", "type": "float", "expression": "pop_est / ($area / 1000000)"}),
    );
    run(
        &mut session,
        "style.graduated",
        json!({"layer": "countries", "field": "density", "classes": 6, "method": "quantile", "ramp": "ylorrd"}),
    );
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "People per km²"}));
    run(&mut session, "map.setCrs", json!({"crs": "Equal Earth"}));
    run(&mut session, "map.setBackground", json!({"color": "#dcebf5"}));
    session
}

/// Whether one of poppler's tools (`pdftoppm`, `pdftotext`, `pdffonts`) is installed; missing, it
/// is said on stderr, and it fails the test where the fixtures are required (CI).
pub(crate) fn has_poppler(tool: &str) -> bool {
    let found = Command::new(tool).arg("-v").output().is_ok();
    if !found {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(!required, "{tool} is missing: apt-get install poppler-utils");
        eprintln!("skipped: {tool} is missing (apt-get install poppler-utils)");
    }
    found
}

/// The first page of the PDF at `pdf` drawn at 96 dpi by poppler's `pdftoppm`, as PNG bytes
/// (written beside it, as `<pdf stem>-page.png`).
pub(crate) fn pdf_page_png(pdf: &Path) -> Vec<u8> {
    let prefix = pdf.with_file_name(format!("{}-page", pdf.file_stem().and_then(|s| s.to_str()).unwrap_or("pdf")));
    let status = Command::new("pdftoppm")
        .args(["-png", "-r", "96", "-singlefile"])
        .arg(pdf)
        .arg(&prefix)
        .status()
        .expect("pdftoppm runs");
    assert!(status.success(), "pdftoppm draws {}", pdf.display());
    std::fs::read(prefix.with_extension("png")).expect("pdftoppm's PNG")
}

/// The font of the SVG's `@font-face` rule, decoded from its `data:` URL.
pub(crate) fn embedded_font(svg: &str) -> Vec<u8> {
    use base64::Engine as _;
    let style = svg.split("<style>").nth(1).and_then(|s| s.split("</style>").next()).expect("a <style>");
    assert!(style.contains("@font-face") && style.contains("font-family: \"RustGIS DejaVu Sans\""), "{style:.200}");
    let data = style.split("data:font/ttf;base64,").nth(1).and_then(|d| d.split('"').next()).expect("a data URL");
    base64::engine::general_purpose::STANDARD.decode(data).expect("base64")
}
