//! Print layouts: a page (A4, A3, Letter or custom millimetres, portrait or landscape, at a dpi)
//! holding items placed in millimetres from the page's top-left corner: map frames with their
//! own extent, an overview (inset) map, the legend, a title, text, a scale bar and a north
//! arrow. Data only: `layout.*` commands make them, the `.rgis` keeps them, a renderer draws them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// A print layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintLayout {
    /// Its name, unique in the project.
    pub name: String,
    /// Page width in millimetres (after orientation).
    pub width_mm: f64,
    /// Page height in millimetres (after orientation).
    pub height_mm: f64,
    /// Dots per inch of raster output (PNG) and of the PDF's page size in pixels.
    pub dpi: f32,
    /// Items, drawn first to last.
    pub items: Vec<LayoutItem>,
}

/// One item on a page, placed by `[x, y, width, height]` in millimetres from the top-left.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct LayoutItem {
    /// What the item is.
    #[serde(flatten)]
    pub kind: ItemKind,
    /// `[x, y, width, height]` in millimetres from the page's top-left corner.
    pub rect_mm: [f64; 4],
}

/// What a layout item shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum ItemKind {
    /// A map frame: the project's visible layers over `extent` (in the map's CRS; default the
    /// project's view), without the project's map furniture (the layout has its own).
    Map {
        /// `[min_x, min_y, max_x, max_y]` in the map's CRS; `None` for the project's view.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        extent: Option<[f64; 4]>,
    },
    /// An overview (inset) map: the whole of the visible layers, with the first map frame's
    /// extent outlined in red.
    Overview,
    /// The legend of the layers styled by data (every layer when none is).
    Legend {
        /// The legend's heading.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        /// Set the rows in this many columns side by side (1–8; default 1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        columns: Option<u32>,
    },
    /// A title, centred in its box.
    Title {
        /// The text.
        text: String,
    },
    /// A line of text, left-aligned in its box.
    Text {
        /// The text.
        text: String,
        /// Size in points (default 10).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size_pt: Option<f32>,
    },
    /// A scale bar true at the centre of the first map frame.
    ScaleBar,
    /// A north arrow pointing to the pole at the centre of the first map frame.
    NorthArrow,
    /// A PNG or SVG file (a logo, a photo, a diagram) drawn whole into its box, centred, keeping
    /// its shape. Read again at each export, with the limits of [`read_image`].
    Image {
        /// The file, made absolute when the item is added.
        path: std::path::PathBuf,
    },
}

/// The largest image file a layout reads.
pub const MAX_LAYOUT_IMAGE_BYTES: u64 = 16 * 1024 * 1024;

/// The largest side of a PNG a layout reads, in pixels.
pub const MAX_LAYOUT_IMAGE_SIDE: u32 = 8192;

/// The most pixels of a PNG a layout reads (128 MB of RGBA once decoded).
pub const MAX_LAYOUT_IMAGE_PIXELS: u64 = 32 * 1024 * 1024;

/// What an image file of a layout holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    /// A PNG of this width and height (from its header).
    Png {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// SVG text.
    Svg,
}

/// Reads a layout's image file as a hostile file: at most [`MAX_LAYOUT_IMAGE_BYTES`], a PNG (its header
/// read and its size checked against [`MAX_LAYOUT_IMAGE_SIDE`] and [`MAX_LAYOUT_IMAGE_PIXELS`] before anything
/// is decoded) or an SVG (UTF-8 text whose first element is `<svg`). Errors name the cause and
/// what would be accepted.
pub fn read_image(path: &std::path::Path) -> Result<(ImageFormat, Vec<u8>)> {
    let bytes = crate::io::read_regular(path, MAX_LAYOUT_IMAGE_BYTES)?;
    if bytes.len() as u64 > MAX_LAYOUT_IMAGE_BYTES {
        return Err(Error::invalid(
            "path",
            format!(
                "{} is larger than {} MiB; a layout image must be smaller",
                path.display(),
                MAX_LAYOUT_IMAGE_BYTES >> 20
            ),
        ));
    }
    let format = image_format(&bytes).map_err(|why| Error::invalid("path", format!("{}: {why}", path.display())))?;
    Ok((format, bytes))
}

/// What the bytes of a layout image hold, or why they are refused.
fn image_format(bytes: &[u8]) -> std::result::Result<ImageFormat, String> {
    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.starts_with(PNG) {
        // The IHDR chunk comes first: length, "IHDR", width, height (big-endian).
        let header = bytes.get(12..24).filter(|h| &h[..4] == b"IHDR").ok_or("a PNG without its IHDR header")?;
        let width = u32::from_be_bytes([header[4], header[5], header[6], header[7]]);
        let height = u32::from_be_bytes([header[8], header[9], header[10], header[11]]);
        let too_big = u64::from(width) * u64::from(height) > MAX_LAYOUT_IMAGE_PIXELS;
        if width == 0 || height == 0 || width > MAX_LAYOUT_IMAGE_SIDE || height > MAX_LAYOUT_IMAGE_SIDE || too_big {
            return Err(format!(
                "a PNG of {width} × {height} pixels is out of range; layout images are at most \
                 {MAX_LAYOUT_IMAGE_SIDE} pixels a side and {} million pixels",
                MAX_LAYOUT_IMAGE_PIXELS / 1_000_000
            ));
        }
        return Ok(ImageFormat::Png { width, height });
    }
    let text = std::str::from_utf8(bytes).map_err(|_| "neither a PNG nor UTF-8 SVG text; use a .png or .svg file")?;
    // The first element, past the XML declaration, comments and a doctype.
    let mut rest = text.trim_start_matches('\u{feff}').trim_start();
    while let Some(after) = rest.strip_prefix("<?").or_else(|| rest.strip_prefix("<!")) {
        let end =
            if after.starts_with("--") { after.find("-->").map(|i| i + 3) } else { after.find('>').map(|i| i + 1) };
        rest = after[end.ok_or("an SVG whose prolog does not end")?..].trim_start();
    }
    if rest.starts_with("<svg") {
        check_svg_nesting(text)?;
        Ok(ImageFormat::Svg)
    } else {
        Err("neither a PNG nor an SVG document (its first element is not <svg>); use a .png or .svg file".to_owned())
    }
}

/// How deeply a layout image's SVG elements may nest: the SVG renderer draws nested groups by
/// recursing, so a file of thousands of nested `<g>` would overflow its stack. Drawings nest a
/// few levels; 256 is the XML readers' limit too.
pub const MAX_SVG_NESTING: usize = 256;

/// Refuses SVG text whose elements nest deeper than [`MAX_SVG_NESTING`] (or that is not
/// well-formed XML), counted by a pull parser that never recurses.
fn check_svg_nesting(text: &str) -> std::result::Result<(), String> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut depth = 0usize;
    loop {
        match reader.read_event() {
            Ok(quick_xml::events::Event::Start(_)) => {
                depth += 1;
                if depth > MAX_SVG_NESTING {
                    return Err(format!(
                        "an SVG whose elements nest deeper than {MAX_SVG_NESTING} levels (at byte {}); layout images \
                         nest a few levels",
                        reader.buffer_position()
                    ));
                }
            }
            Ok(quick_xml::events::Event::End(_)) => depth = depth.saturating_sub(1),
            Ok(quick_xml::events::Event::Eof) => return Ok(()),
            Ok(_) => {}
            Err(e) => return Err(format!("an SVG that is not well-formed XML: {e}")),
        }
    }
}

/// A paper size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Paper {
    /// 210 × 297 mm.
    A4,
    /// 297 × 420 mm.
    A3,
    /// US Letter, 215.9 × 279.4 mm.
    Letter,
    /// Any size, portrait width × height in millimetres.
    Custom(f64, f64),
}

impl Paper {
    /// Portrait width and height in millimetres.
    pub fn portrait_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::A3 => (297.0, 420.0),
            Paper::Letter => (215.9, 279.4),
            Paper::Custom(w, h) => (w.min(h), w.max(h)),
        }
    }
}

/// The templates `layout.fromTemplate` knows: name and what it holds.
pub const TEMPLATES: [(&str, &str); 2] = [
    ("a4-landscape-title-legend", "A4 landscape: title, map, legend, scale bar, north arrow, overview map, credits"),
    ("a4-portrait-title", "A4 portrait: title, map, legend, scale bar and north arrow under it"),
];

impl PrintLayout {
    /// An empty layout on `paper`, `landscape` or portrait, at `dpi` (72–600).
    pub fn new(name: &str, paper: Paper, landscape: bool, dpi: f32) -> Result<PrintLayout> {
        let (w, h) = paper.portrait_mm();
        if !(w.is_finite() && h.is_finite() && (20.0..=2000.0).contains(&w) && (20.0..=2000.0).contains(&h)) {
            return Err(Error::invalid(
                "page",
                format!("a page of {w} × {h} mm is out of range; use 20 to 2000 mm a side"),
            ));
        }
        if !(dpi.is_finite() && (72.0..=600.0).contains(&dpi)) {
            return Err(Error::invalid("dpi", format!("{dpi} dpi is out of range; use 72 to 600")));
        }
        let (width_mm, height_mm) = if landscape { (h, w) } else { (w, h) };
        Ok(PrintLayout { name: name.to_owned(), width_mm, height_mm, dpi, items: Vec::new() })
    }

    /// A layout from a template of [`TEMPLATES`], titled `title`.
    pub fn from_template(template: &str, name: &str, title: &str, dpi: f32) -> Result<PrintLayout> {
        let item = |kind: ItemKind, rect_mm: [f64; 4]| LayoutItem { kind, rect_mm };
        match template {
            "a4-landscape-title-legend" => {
                let mut layout = PrintLayout::new(name, Paper::A4, true, dpi)?;
                layout.items = vec![
                    item(ItemKind::Title { text: title.to_owned() }, [10.0, 8.0, 277.0, 14.0]),
                    item(ItemKind::Map { extent: None }, [10.0, 25.0, 215.0, 170.0]),
                    item(ItemKind::Overview, [230.0, 25.0, 57.0, 35.0]),
                    item(ItemKind::Legend { title: None, columns: None }, [230.0, 65.0, 57.0, 90.0]),
                    item(ItemKind::NorthArrow, [230.0, 160.0, 15.0, 20.0]),
                    item(ItemKind::ScaleBar, [230.0, 182.0, 57.0, 13.0]),
                    item(
                        ItemKind::Text { text: "Made with RustGIS".to_owned(), size_pt: Some(7.0) },
                        [10.0, 198.0, 277.0, 6.0],
                    ),
                ];
                Ok(layout)
            }
            "a4-portrait-title" => {
                let mut layout = PrintLayout::new(name, Paper::A4, false, dpi)?;
                layout.items = vec![
                    item(ItemKind::Title { text: title.to_owned() }, [10.0, 8.0, 190.0, 14.0]),
                    item(ItemKind::Map { extent: None }, [10.0, 25.0, 190.0, 200.0]),
                    item(ItemKind::Legend { title: None, columns: None }, [10.0, 230.0, 120.0, 57.0]),
                    item(ItemKind::NorthArrow, [180.0, 230.0, 15.0, 20.0]),
                    item(ItemKind::ScaleBar, [135.0, 262.0, 65.0, 13.0]),
                ];
                Ok(layout)
            }
            other => Err(Error::invalid(
                "template",
                format!(
                    "there is no template '{other}'; use one of: {}",
                    TEMPLATES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                ),
            )),
        }
    }

    /// The page in pixels at the layout's dpi.
    pub fn size_px(&self) -> (u32, u32) {
        let px = |mm: f64| (mm / 25.4 * f64::from(self.dpi)).round().max(1.0) as u32;
        (px(self.width_mm), px(self.height_mm))
    }
}
