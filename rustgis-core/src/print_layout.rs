//! Print layouts: a page (A4, A3, Letter or custom millimetres, portrait or landscape, at a dpi)
//! holding items placed in millimetres from the page's top-left corner: map frames with their
//! own extent, an overview (inset) map, the legend, a title, text, a scale bar and a north
//! arrow. Data only: `layout.*` commands make them, the `.rgis` keeps them, a renderer draws them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::crs::Crs;
use crate::error::{Error, Result};
use crate::furniture::Furniture;
use crate::layer::Extent;

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
    /// project's view), with the map's furniture the layout does not replace: its graticule and
    /// labels, its credits and the web layers' attribution, and its title and subtitle when the
    /// layout has no title item. The legend, scale bar and north arrow are items of their own.
    Map {
        /// `[min_x, min_y, max_x, max_y]` in the map's CRS; `None` for the project's view.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        extent: Option<[f64; 4]>,
        /// The frame's own furniture, as `map.setFurniture` sets it, in place of the map's
        /// (`{}` for none); `None` inherits the map's as said above.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        furniture: Option<Furniture>,
    },
    /// An overview (inset) map: the whole of the visible layers, with the first map frame's
    /// extent outlined in red.
    Overview,
    /// The legend of the layers styled by data (every layer when none is). Rows that do not fit
    /// its box are set in more columns, then in smaller type (down to 6 pt); what still does not
    /// fit is named in `layout.export`'s result.
    Legend {
        /// The legend's heading (default: the map's legend title).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        title: Option<String>,
        /// Set the rows in this many columns side by side (1–8; default 1).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        columns: Option<u32>,
    },
    /// A title, centred in its box, with the subtitle under it.
    Title {
        /// The text.
        text: String,
        /// A line under the title (default: the map's subtitle; `""` for none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        subtitle: Option<String>,
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
        #[schemars(extend("x-rustgis-file" = "read"))]
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
    (
        "a4-landscape-title-legend",
        "A4 landscape: title, map, legend, scale bar; a north arrow and an overview map where the map suits them",
    ),
    ("a4-portrait-title", "A4 portrait: title, map, and under it legend, scale bar, and a north arrow where it suits"),
];

/// What a template needs to know of the map it frames, found by [`MapFit::of`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MapFit {
    /// The map's width over its height, in its CRS: the frame gets this shape, so the map fills it.
    pub aspect: f64,
    /// Whether north is up across the whole map, so a north arrow tells the truth everywhere.
    pub north_up: bool,
    /// Whether the map shows a region, not the world, so an overview map says where it is.
    pub regional: bool,
}

impl Default for MapFit {
    /// The whole world in longitude and latitude: twice as wide as tall, neither arrow nor overview.
    fn default() -> MapFit {
        MapFit { aspect: 2.0, north_up: false, regional: false }
    }
}

/// The most degrees of longitude a map with a north arrow spans.
pub const NORTH_ARROW_MAX_LONGITUDES: f64 = 60.0;

/// The latitude, north or south, a map with a north arrow stays within.
pub const NORTH_ARROW_MAX_LATITUDE: f64 = 70.0;

impl MapFit {
    /// The fit of a map showing `extent` in `crs`. A north arrow goes on a map that spans at most
    /// [`NORTH_ARROW_MAX_LONGITUDES`]° of longitude, stays within ±[`NORTH_ARROW_MAX_LATITUDE`]°
    /// and on which north points within 5° of straight up at the centre, the corners and the
    /// middle of each side (so not on world, polar or strongly conic maps, where an arrow is
    /// wrong somewhere). An overview goes on a map that spans less than half the world's
    /// longitudes and latitudes.
    pub fn of(extent: &Extent, crs: Crs) -> MapFit {
        let aspect = if extent.width() > 0.0 && extent.height() > 0.0 { extent.width() / extent.height() } else { 1.0 };
        let aspect = aspect.clamp(0.2, 5.0);
        let Some(lon_lat) = extent.transformed(crs, Crs::WGS84) else {
            return MapFit { aspect, north_up: false, regional: false };
        };
        let within_latitudes = lon_lat.min_y >= -NORTH_ARROW_MAX_LATITUDE && lon_lat.max_y <= NORTH_ARROW_MAX_LATITUDE;
        let north_up =
            lon_lat.width() <= NORTH_ARROW_MAX_LONGITUDES && within_latitudes && north_is_up_across(extent, crs);
        let regional = lon_lat.width() < 180.0 && lon_lat.height() < 90.0;
        MapFit { aspect, north_up, regional }
    }
}

/// Whether north points within 5° of straight up at nine points of `extent` (in `crs`).
fn north_is_up_across(extent: &Extent, crs: Crs) -> bool {
    use crate::geoprocessing::Transformer;
    if crs == Crs::WGS84 || crs == Crs::WEB_MERCATOR {
        return true;
    }
    let (Ok(to_lon_lat), Ok(to_map)) = (Transformer::new(crs, Crs::WGS84), Transformer::new(Crs::WGS84, crs)) else {
        return false;
    };
    let fractions = [0.0, 0.5, 1.0];
    fractions.iter().flat_map(|fx| fractions.iter().map(move |fy| (fx, fy))).all(|(fx, fy)| {
        let (x, y) = (extent.min_x + extent.width() * fx, extent.min_y + extent.height() * fy);
        let Some((lon, lat)) = to_lon_lat.apply(x, y) else { return false };
        let (Some(a), Some(b)) = (to_map.apply(lon, lat - 0.01), to_map.apply(lon, lat + 0.01)) else { return false };
        (b.0 - a.0).atan2(b.1 - a.1).abs() <= 5f64.to_radians()
    })
}

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

    /// A layout from a template of [`TEMPLATES`], titled `title`, for a map that fits as `map`
    /// says: the map frame has the map's shape (as large as the page allows, the legend and the
    /// rest beside or under it, whichever leaves the larger map), a north arrow only where
    /// `map.north_up`, an overview only where `map.regional`. Credits are the map frame's own:
    /// the map's credits and its web layers' attribution.
    pub fn from_template(template: &str, name: &str, title: &str, dpi: f32, map: &MapFit) -> Result<PrintLayout> {
        let landscape = match template {
            "a4-landscape-title-legend" => true,
            "a4-portrait-title" => false,
            other => {
                return Err(Error::invalid(
                    "template",
                    format!(
                        "there is no template '{other}'; use one of: {}",
                        TEMPLATES.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        };
        let mut layout = PrintLayout::new(name, Paper::A4, landscape, dpi)?;
        let (page_w, page_h) = (layout.width_mm, layout.height_mm);
        let title = LayoutItem {
            kind: ItemKind::Title { text: title.to_owned(), subtitle: None },
            rect_mm: [MARGIN_MM, 8.0, page_w - 2.0 * MARGIN_MM, 15.0],
        };
        let body = [MARGIN_MM, 26.0, page_w - 2.0 * MARGIN_MM, page_h - 26.0 - MARGIN_MM];
        let beside = landscape.then(|| items_beside(body, map));
        let under = items_under(body, map);
        let area = |items: &[LayoutItem]| items.first().map_or(0.0, |i| i.rect_mm[2] * i.rect_mm[3]);
        let items = match beside {
            Some(beside) if area(&beside) > area(&under) => beside,
            _ => under,
        };
        layout.items = std::iter::once(title).chain(items).collect();
        Ok(layout)
    }

    /// The page in pixels at the layout's dpi.
    pub fn size_px(&self) -> (u32, u32) {
        let px = |mm: f64| (mm / 25.4 * f64::from(self.dpi)).round().max(1.0) as u32;
        (px(self.width_mm), px(self.height_mm))
    }
}

/// The page's margin in a template, in millimetres.
const MARGIN_MM: f64 = 10.0;

/// The gap between a template's items, in millimetres.
const GAP_MM: f64 = 4.0;

/// The largest frame of `aspect` in `[x, y, w, h]`, at its top-left.
fn fitted(aspect: f64, [x, y, w, h]: [f64; 4]) -> [f64; 4] {
    if w / h > aspect { [x, y, h * aspect, h] } else { [x, y, w, w / aspect] }
}

fn item(kind: ItemKind, rect_mm: [f64; 4]) -> LayoutItem {
    LayoutItem { kind, rect_mm }
}

/// The map frame first, then the rest, in `body`, with a column on the right (at least 57 mm)
/// for an overview, the legend, a north arrow and the scale bar, top to bottom.
fn items_beside(body: [f64; 4], map: &MapFit) -> Vec<LayoutItem> {
    let [x, y, w, h] = body;
    let frame = fitted(map.aspect, [x, y, w - 57.0 - GAP_MM, h]);
    let column_x = frame[0] + frame[2] + GAP_MM;
    let column_w = x + w - column_x;
    let bottom = y + frame[3];
    let mut items = vec![item(ItemKind::Map { extent: None, furniture: None }, frame)];
    let mut top = y;
    if map.regional {
        let overview_h = (column_w * 0.6).min(frame[3] / 4.0);
        items.push(item(ItemKind::Overview, [column_x, top, column_w, overview_h]));
        top += overview_h + GAP_MM;
    }
    let scale_bar = [column_x, bottom - 13.0, column_w, 13.0];
    let mut legend_bottom = scale_bar[1] - GAP_MM;
    if map.north_up {
        let arrow = [column_x, legend_bottom - 20.0, 15.0, 20.0];
        legend_bottom = arrow[1] - GAP_MM;
        items.push(item(ItemKind::NorthArrow, arrow));
    }
    items.insert(
        1,
        item(
            ItemKind::Legend { title: None, columns: None },
            [column_x, top, column_w, (legend_bottom - top).max(10.0)],
        ),
    );
    items.push(item(ItemKind::ScaleBar, scale_bar));
    items
}

/// The map frame first, across `body`, then under it a row (36 to 60 mm tall) of the legend, an
/// overview, a north arrow and the scale bar, left to right; the two centred down the body.
fn items_under(body: [f64; 4], map: &MapFit) -> Vec<LayoutItem> {
    let [x, y, w, h] = body;
    let frame = fitted(map.aspect, [x, y, w, h - 36.0 - GAP_MM]);
    let row_h = (h - frame[3] - GAP_MM).min(60.0);
    let top = y + (h - frame[3] - GAP_MM - row_h) / 2.0;
    let frame = [x + (w - frame[2]) / 2.0, top, frame[2], frame[3]];
    let row_y = top + frame[3] + GAP_MM;
    let right_w = 60.0;
    let right_x = x + w - right_w;
    let mut legend_right = right_x - GAP_MM;
    let mut items = vec![
        item(ItemKind::Map { extent: None, furniture: None }, frame),
        item(ItemKind::ScaleBar, [right_x, row_y + row_h - 13.0, right_w, 13.0]),
    ];
    if map.north_up {
        items.push(item(ItemKind::NorthArrow, [right_x + (right_w - 15.0) / 2.0, row_y, 15.0, 20.0]));
    }
    if map.regional {
        let overview_w = row_h * 1.5;
        legend_right -= overview_w + GAP_MM;
        items.push(item(ItemKind::Overview, [legend_right + GAP_MM, row_y, overview_w, row_h]));
    }
    items.insert(1, item(ItemKind::Legend { title: None, columns: None }, [x, row_y, legend_right - x, row_h]));
    items
}
