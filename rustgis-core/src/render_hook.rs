//! The renderer hook: core draws nothing itself. A host (the CLI, the MCP server, the app)
//! installs a [`MapRenderer`] in the [`Session`](crate::Session), and commands such as
//! `map.export` reach it through [`Ctx::renderer`](crate::Ctx::renderer).

use std::sync::Arc;

use crate::error::Result;
use crate::layer::Extent;
use crate::project::Project;

/// What to draw: the image size, the extent and the extras.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RenderRequest {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The extent to show in the view's CRS; `None` for the project's view extent (or all layers).
    pub extent: Option<Extent>,
    /// Dots per inch: 96 draws symbols at their nominal pixel sizes, 192 twice as large.
    pub dpi: f32,
    /// Whether to draw a legend.
    pub legend: bool,
    /// Whether to draw a scale bar.
    pub scale_bar: bool,
}

impl Default for RenderRequest {
    fn default() -> Self {
        RenderRequest { width: 1024, height: 768, extent: None, dpi: 96.0, legend: false, scale_bar: false }
    }
}

/// A drawn map: its PNG bytes and what a caller checks about them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedImage {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// SHA-256 of `png`, lowercase hex.
    pub sha256: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Whether every pixel has the same colour: an empty or mis-projected map.
    pub blank: bool,
}

/// Draws a project. `rustgis-render` implements it; hosts install it with
/// [`Session::set_renderer`](crate::Session::set_renderer).
pub trait MapRenderer: Send + Sync {
    /// Draws `project` as `request` asks.
    fn render(&self, project: &Project, request: &RenderRequest) -> Result<RenderedImage>;
}

/// The renderer slot of a session, printable for `Debug`.
#[derive(Clone, Default)]
pub(crate) struct RendererSlot(pub(crate) Option<Arc<dyn MapRenderer>>);

impl std::fmt::Debug for RendererSlot {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() { "RendererSlot(installed)" } else { "RendererSlot(none)" })
    }
}
