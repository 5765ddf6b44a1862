//! PDF output embeds its font: poppler's `pdffonts` (scripts/test.sh installs poppler-utils;
//! without it the check skips with a message unless RUSTGIS_REQUIRE_FIXTURES=1) lists DejaVu Sans
//! embedded, as a subset, with a Unicode map (so text can be searched and copied), for a map and
//! for a print layout.

use crate::common;

use std::path::Path;
use std::process::Command;

use rustgis_core::{Caller, MapFit, PageFormat, PrintLayout, Session};
use rustgis_render::{RenderRequest, render_layout, render_pdf};

/// `pdffonts`' rows (name, emb, sub, uni), or `None` when the tool is missing.
fn fonts(pdf: &Path) -> Option<Vec<(String, String, String, String)>> {
    let Ok(output) = Command::new("pdffonts").arg(pdf).output() else {
        let required = std::env::var("RUSTGIS_REQUIRE_FIXTURES").is_ok_and(|v| v == "1");
        assert!(!required, "pdffonts is missing: apt-get install poppler-utils");
        eprintln!("skipped: pdffonts is missing (apt-get install poppler-utils)");
        return None;
    };
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    // Columns: name, type (two words for CID TrueType), encoding, emb, sub, uni, object, ID.
    Some(
        text.lines()
            .skip(2)
            .filter_map(|line| {
                let words: Vec<&str> = line.split_whitespace().collect();
                let n = words.len();
                (n >= 7).then(|| {
                    (words[0].to_owned(), words[n - 5].to_owned(), words[n - 4].to_owned(), words[n - 3].to_owned())
                })
            })
            .collect(),
    )
}

fn assert_embedded_subset(pdf: &Path) {
    let Some(rows) = fonts(pdf) else { return };
    assert!(!rows.is_empty(), "the PDF has text, so fonts");
    for (name, emb, sub, uni) in &rows {
        // A subset's name is six capitals and a plus sign before the font's own.
        let tagged = name.split_once('+').is_some_and(|(tag, _)| tag.len() == 6);
        assert!(name.contains("DejaVuSans") && tagged, "{name}");
        assert_eq!((emb.as_str(), sub.as_str(), uni.as_str()), ("yes", "yes", "yes"), "{name}");
    }
}

#[test]
fn a_map_s_pdf_embeds_a_subset_of_dejavu_sans_with_a_unicode_map() {
    let session = Session::with_sample().expect("sample");
    let view = RenderRequest {
        width: 800,
        height: 400,
        legend: true,
        title: Some("Cities of the world".into()),
        ..RenderRequest::default()
    };
    let path = common::save("pdf-fonts", "map.pdf", render_pdf(session.project(), &view).expect("PDF"));
    assert_embedded_subset(&path);
}

#[test]
fn a_layout_s_pdf_embeds_a_subset_of_dejavu_sans_with_a_unicode_map() {
    let mut session = Session::with_sample().expect("sample");
    session.execute(&Caller::user(), "map.setCrs", serde_json::json!({"crs": "Robinson"})).expect("Robinson");
    let layout =
        PrintLayout::from_template("a4-portrait-title", "page", "Ποταμοί και πόλεις", 96.0, &MapFit::default())
            .expect("template");
    let pdf = render_layout(session.project(), &layout, PageFormat::Pdf).expect("PDF").bytes;
    let path = common::save("pdf-fonts", "layout.pdf", pdf);
    assert_embedded_subset(&path);
    // The Greek title is text that comes back out.
    if let Ok(text) = Command::new("pdftotext").arg(&path).arg("-").output() {
        assert!(String::from_utf8_lossy(&text.stdout).contains("Ποταμοί"), "the title is searchable text");
    }
}
