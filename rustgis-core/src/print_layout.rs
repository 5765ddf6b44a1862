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
                    item(ItemKind::Legend { title: None }, [230.0, 65.0, 57.0, 90.0]),
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
                    item(ItemKind::Legend { title: None }, [10.0, 230.0, 120.0, 57.0]),
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
