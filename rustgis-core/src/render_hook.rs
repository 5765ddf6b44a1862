//! The renderer hook: how core asks for a map image without knowing how maps are drawn.
//! `rustgis-render` implements [`MapRenderer`]; hosts install it with `Session::set_renderer`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value as Json;

use crate::error::Result;
use crate::layer::{Crs, Extent};
use crate::progress::Progress;
use crate::project::Project;

/// What to draw: image size, extent, CRS, dpi, and the extras (legend, scale bar, title). The one
/// request type: core's commands and the MCP tools fill it, rustgis-render draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderRequest {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The extent to show, in the drawing's CRS; `None` for the project's view extent, else all
    /// visible layers. The extent is shown whole and centred; the image's shape may add margin.
    pub extent: Option<Extent>,
    /// The CRS to draw in; `None` for the project's.
    pub crs: Option<Crs>,
    /// Dots per inch (96 is one CSS pixel per pixel).
    pub dpi: f32,
    /// Draw a legend.
    pub legend: bool,
    /// Draw a scale bar.
    pub scale_bar: bool,
    /// A title over the map.
    pub title: Option<String>,
    /// A line under the title.
    pub subtitle: Option<String>,
    /// The legend's heading (default: none, each layer's rows under its own name).
    pub legend_title: Option<String>,
    /// List every visible layer in the legend, not only those styled by data (categorized or
    /// graduated). With no layer styled by data, every layer is listed anyway.
    pub legend_all: bool,
    /// What fetches web layers' tiles (the host's, behind its network guard); `None` leaves web
    /// layers out, with a notice. A renderer made with a fetcher uses its own when this is `None`.
    pub web: Option<crate::web::WebFetcher>,
}

impl Default for RenderRequest {
    fn default() -> Self {
        RenderRequest {
            width: 1024,
            height: 768,
            extent: None,
            crs: None,
            dpi: 96.0,
            legend: false,
            scale_bar: false,
            title: None,
            subtitle: None,
            legend_title: None,
            legend_all: false,
            web: None,
        }
    }
}

/// How many of a layer's labels a render drew and how many it left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LabelCount {
    /// The layer.
    pub layer: String,
    /// Labels drawn.
    pub placed: usize,
    /// Left out because the text is wider than its polygon or cannot stay inside the image.
    pub did_not_fit: usize,
    /// Left out because every place for it overlapped a label or marker already placed.
    pub collided: usize,
    /// Left out because the layer had as many labels as its density allows
    /// ([`crate::Labels::density`]), the most important kept. Not written when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub crowded: usize,
    /// Drawn with their text cut to [`crate::MAX_LABEL_CHARS`] characters. Not written when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub cut: usize,
    /// Left out because the image's labels had used up its text budget
    /// ([`crate::MAX_FRAME_LABEL_CHARS`]), the most important kept. Not written when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub over_budget: usize,
    /// Left out because their text has characters no installed font has (install a font that
    /// has them, or put one in a folder of `RUSTGIS_FONT_DIRS`). Not written when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub missing_glyphs: usize,
    /// Left out because another layer already put the same text at the same place (a layer
    /// made from this one, or its source; `label.set {"repeat": true}` draws them). Not written
    /// when 0.
    #[serde(skip_serializing_if = "is_zero")]
    pub duplicate: usize,
    /// The first labels left out (at most [`LEFT_OUT_NAMED`] per layer, the most important
    /// first), each with why. Not written when none was.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<LeftOutLabel>,
}

/// How many left-out labels a [`LabelCount`] names.
pub const LEFT_OUT_NAMED: usize = 5;

/// A label a render left out, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LeftOutLabel {
    /// Its text.
    pub text: String,
    /// Why: `did_not_fit`, `collided`, `crowded`, `over_budget`, `missing_glyphs` or
    /// `duplicate` (the count it adds to).
    pub reason: String,
    /// For `missing_glyphs`: the characters no installed font has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// A drawn map as PNG, with what a caller needs to trust it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RenderedImage {
    /// The PNG bytes.
    pub png: Vec<u8>,
    /// SHA-256 of `png`, lowercase hex.
    pub sha256: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Whether every pixel has one colour (an empty or mis-projected map).
    pub blank: bool,
    /// When `blank`, why, as found in the project (see [`crate::project::blank_reason`]).
    pub blank_reason: Option<String>,
    /// The extent the image shows, in the map's CRS (the request's, grown to the image's shape).
    pub extent: Option<Extent>,
    /// Labels placed and left out, per labelled layer, top layer first.
    pub labels: Vec<LabelCount>,
    /// What the map left out and why (web tiles that could not be fetched, drawn as gaps).
    pub notices: Vec<String>,
}

impl RenderedImage {
    /// What every host reports about a drawn map (`view_map`, `snapshot`, `map.export`, the
    /// CLI): size, SHA-256, bytes, `blank` and why, the extent shown and the label counts.
    pub fn facts(&self) -> Json {
        let mut facts = serde_json::json!({
            "width": self.width,
            "height": self.height,
            "sha256": self.sha256,
            "bytes": self.png.len(),
            "blank": self.blank,
            "extent": self.extent.map(|e| e.to_array()),
            "labels": self.labels,
        });
        if let Some(reason) = &self.blank_reason {
            facts["blank_reason"] = serde_json::json!(reason);
        }
        if !self.notices.is_empty() {
            facts["notices"] = serde_json::json!(self.notices);
        }
        facts
    }
}

/// SHA-256 of bytes as lowercase hex: the checksum every image RustGIS returns carries.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for byte in digest {
        hex.push_str(&format!("{byte:02x}"));
    }
    hex
}

/// Draws maps. Implemented by `rustgis-render`.
pub trait MapRenderer: Send + Sync {
    /// Draws `project` as `request` asks.
    fn render(&self, project: &Project, request: &RenderRequest) -> Result<RenderedImage>;

    /// [`MapRenderer::render`] that stops with [`crate::Error::Cancelled`] (naming `what`, the
    /// call) when `progress` is cancelled, its run-time limit included. A renderer that cannot
    /// stop midway keeps this default, which looks once before drawing.
    fn render_watched(
        &self,
        project: &Project,
        request: &RenderRequest,
        progress: &dyn Progress,
        what: &str,
    ) -> Result<RenderedImage> {
        if progress.is_cancelled() {
            return Err(crate::Error::Cancelled(what.to_owned()));
        }
        self.render(project, request)
    }

    /// Draws `project` as vector output: SVG text or PDF bytes, text as text. A renderer without
    /// vector output keeps this default, which refuses naming what it can draw.
    fn render_vector(&self, _project: &Project, _request: &RenderRequest, format: VectorFormat) -> Result<Vec<u8>> {
        Err(crate::Error::invalid("format", format!("this host draws PNG only, not {format:?}; use format \"png\"")))
    }

    /// The fetcher this renderer draws web layers with (the host's, behind its network guard):
    /// `layer.addXyz` and `layer.addWms` ask it whether their host is let through. `None` for a
    /// renderer without one, which leaves web layers out when drawing.
    fn web(&self) -> Option<crate::web::WebFetcher> {
        None
    }

    /// Draws a print layout's page. A renderer without layouts keeps this default, which refuses.
    fn render_layout(
        &self,
        _project: &Project,
        layout: &crate::PrintLayout,
        _format: PageFormat,
    ) -> Result<RenderedPage> {
        Err(crate::Error::Failed(format!("this host cannot draw print layouts (layout '{}')", layout.name)))
    }
}

/// A print layout's page drawn, and what it could not show.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RenderedPage {
    /// The file's bytes (PDF, SVG or PNG).
    pub bytes: Vec<u8>,
    /// The legend rows (classes, categories, layers) left out because they did not fit their
    /// legend's box even in more columns and in the smallest type; empty when all are shown.
    pub legend_left_out: Vec<String>,
}

/// The file format of a print layout's page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum PageFormat {
    /// PNG at the layout's dpi.
    Png,
    /// SVG, text as text in an embedded font subset (an `@font-face`).
    Svg,
    /// PDF, text as text in an embedded font subset.
    Pdf,
}

/// A vector file format a [`MapRenderer`] can write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum VectorFormat {
    /// SVG 1.1, text as `<text>` in an embedded font subset (an `@font-face`).
    Svg,
    /// PDF, text as text in an embedded font subset.
    Pdf,
}

/// A legend: on or off, or with its heading and which layers it lists.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum LegendParam {
    /// `true` for a legend of the layers styled by data (every layer when none is).
    On(bool),
    /// A legend with a heading and a choice of layers.
    With {
        /// The legend's heading.
        #[serde(default)]
        title: Option<String>,
        /// List every visible layer, not only those styled by data (default false).
        #[serde(default)]
        all_layers: bool,
    },
}

impl LegendParam {
    /// Sets the legend fields of a request.
    pub fn apply(&self, request: &mut RenderRequest) {
        match self {
            LegendParam::On(on) => request.legend = *on,
            LegendParam::With { title, all_layers } => {
                request.legend = true;
                request.legend_title.clone_from(title);
                request.legend_all = *all_layers;
            }
        }
    }
}

/// The smallest side of a map image a file export draws, in pixels.
pub const MIN_IMAGE_SIDE: u32 = 16;

/// The largest side of a map image, in pixels: what `map.export` and the CLI draw at most (the
/// renderer also caps the pixel count). `view_map` keeps to a smaller side of its own, since its
/// image goes into a model's context.
pub const MAX_IMAGE_SIDE: u32 = 16384;

/// The height that gives the view's extent its own shape at `width`, kept between a quarter and
/// twice the width, so the map fills the image with no empty bands.
pub fn fitted_height(project: &Project, width: u32) -> u32 {
    let extent = project.view.extent_of(project);
    let aspect = extent.filter(|e| e.width() > 0.0 && e.height() > 0.0).map_or(0.75, |e| e.height() / e.width());
    let height = (f64::from(width) * aspect.clamp(0.25, 2.0)).round() as u32;
    height.clamp(MIN_IMAGE_SIDE, MAX_IMAGE_SIDE)
}
