//! The renderer hook: how core asks for a map image without knowing how maps are drawn.
//! `rustgis-render` implements [`MapRenderer`]; hosts install it with `Session::set_renderer`.

use crate::error::Result;
use crate::layer::Extent;
use crate::project::Project;

/// What to draw.
#[derive(Debug, Clone, PartialEq)]
pub struct RenderRequest {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The extent to show in the view's CRS; `None` for the project's view.
    pub extent: Option<Extent>,
    /// Dots per inch (96 is one CSS pixel per pixel).
    pub dpi: f32,
    /// Draw a legend.
    pub legend: bool,
    /// Draw a scale bar.
    pub scale_bar: bool,
}

impl Default for RenderRequest {
    fn default() -> Self {
        RenderRequest { width: 1024, height: 768, extent: None, dpi: 96.0, legend: false, scale_bar: false }
    }
}

/// A drawn map as PNG, with what a caller needs to trust it.
#[derive(Debug, Clone, PartialEq, Eq)]
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
}

/// Draws maps. Implemented by `rustgis-render`.
pub trait MapRenderer: Send + Sync {
    /// Draws `project` as `request` asks.
    fn render(&self, project: &Project, request: &RenderRequest) -> Result<RenderedImage>;
}
