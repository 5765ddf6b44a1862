//! Drawing a whole map: the [`View`] (size, extent, CRS, dpi, extras) and [`render`].

use rustgis_core::geoprocessing::reproject_geometry;
use rustgis_core::{Crs, Extent, Project, RenderRequest, webmercator};
use tiny_skia::Pixmap;

use crate::draw::{Frame, Scratch, draw_scene};
use crate::error::{Error, Result};
use crate::geom::Bbox;
use crate::image::Image;
use crate::labels::draw_labels;
use crate::legend::{Legend, ScaleBar};
use crate::scene::{Scene, world_box};
use crate::text::Font;

/// The largest side of an image, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// The most pixels an image may have (256 MB of RGBA).
pub const MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// What to draw: image size, extent, CRS, dpi, and whether to add a legend and a scale bar.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// The extent to show, in the view's CRS; `None` for the project's view extent, else all
    /// visible layers. The extent is shown whole and centred; the image's shape may add margin.
    pub extent: Option<Extent>,
    /// The CRS to draw in (EPSG:4326 or EPSG:3857); `None` for the project's.
    pub crs: Option<Crs>,
    /// Dots per inch: 96 draws symbols at their nominal pixel sizes.
    pub dpi: f32,
    /// Whether to draw a legend.
    pub legend: bool,
    /// Whether to draw a scale bar.
    pub scale_bar: bool,
}

impl Default for View {
    fn default() -> Self {
        View { width: 1024, height: 768, extent: None, crs: None, dpi: 96.0, legend: false, scale_bar: false }
    }
}

impl From<&RenderRequest> for View {
    fn from(request: &RenderRequest) -> Self {
        View {
            width: request.width,
            height: request.height,
            extent: request.extent,
            crs: None,
            dpi: request.dpi,
            legend: request.legend,
            scale_bar: request.scale_bar,
        }
    }
}

/// Draws the visible layers of `project` as `view` asks and encodes the PNG.
///
/// ```
/// let session = rustgis_core::Session::with_sample()?;
/// let image = rustgis_render::render(session.project(), &rustgis_render::View::default())?;
/// assert_eq!((image.width, image.height, image.blank), (1024, 768, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render(project: &Project, view: &View) -> Result<Image> {
    let pixmap = render_pixmap(project, view)?;
    Image::from_pixmap(&pixmap, view.dpi)
}

/// Draws the map into a pixmap (premultiplied RGBA), for hosts that show it without a PNG.
pub fn render_pixmap(project: &Project, view: &View) -> Result<Pixmap> {
    let mut pixmap = new_pixmap(view.width, view.height)?;
    let crs = view.crs.unwrap_or(project.view.crs);
    let scene = Scene::new(project, crs)?;
    let extent = view_extent(project, view, crs)?;
    let dpi_scale = if view.dpi.is_finite() && view.dpi > 0.0 { view.dpi / 96.0 } else { 1.0 };
    let frame = Frame::fit(&extent, view.width, view.height, dpi_scale);
    draw_scene(&mut pixmap, &scene, &frame, &mut Scratch::default());
    let labelled = scene.layers.iter().any(|l| l.labels.is_some());
    if labelled || view.legend || view.scale_bar {
        let mut font = Font::dejavu()?;
        let legend = if view.legend { Legend::plan(&scene, &frame, &font) } else { None };
        let scale_bar = if view.scale_bar { ScaleBar::plan(&scene, &frame, &font) } else { None };
        if labelled {
            // Labels keep clear of the legend and the scale bar, drawn over them afterwards.
            let reserved: Vec<[f32; 4]> =
                legend.iter().map(Legend::rect).chain(scale_bar.iter().map(ScaleBar::rect)).collect();
            let bounds = [0.0, 0.0, view.width as f32, view.height as f32];
            draw_labels(&mut pixmap, &scene, &frame, &mut font, bounds, &reserved);
        }
        if let Some(legend) = legend {
            legend.draw(&mut pixmap, &mut font);
        }
        if let Some(scale_bar) = scale_bar {
            scale_bar.draw(&mut pixmap, &mut font);
        }
    }
    Ok(pixmap)
}

pub(crate) fn new_pixmap(width: u32, height: u32) -> Result<Pixmap> {
    let too_big = u64::from(width) * u64::from(height) > MAX_PIXELS;
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE || too_big {
        return Err(Error::Size { width, height });
    }
    Pixmap::new(width, height).ok_or(Error::Size { width, height })
}

/// The extent to show in `crs`: the view's, the project's view extent, all visible layers, or
/// the world. A point-sized extent grows so there is something to see.
fn view_extent(project: &Project, view: &View, crs: Crs) -> Result<Bbox> {
    let world = world_box(crs)?;
    let extent = view
        .extent
        .or_else(|| project.view.extent.and_then(|e| webmercator::transform_extent(project.view.crs, crs, &e)))
        .or_else(|| {
            project
                .layers
                .iter()
                .filter(|l| l.visible)
                .filter_map(|l| l.extent().and_then(|e| extent_in(&e, l.crs, crs)))
                .reduce(|a, b| a.union(&b))
        });
    let Some(e) = extent else { return Ok(world) };
    let mut b = Bbox::new(e.min_x, e.min_y, e.max_x, e.max_y);
    let min_span = world.width() / 1e4;
    if b.width() < min_span && b.height() < min_span {
        b = b.grown(world.width() / 200.0);
    }
    Ok(b)
}

/// An extent moved to the map's CRS: exactly between EPSG:4326 and EPSG:3857, else through the
/// box's outline (eleven points a side, as edges curve) reprojected by core.
fn extent_in(extent: &Extent, from: Crs, to: Crs) -> Option<Extent> {
    if let Some(e) = webmercator::transform_extent(from, to, extent) {
        return Some(e);
    }
    let steps = (0..=10).map(|i| f64::from(i) / 10.0);
    let (w, h) = (extent.width(), extent.height());
    let outline: Vec<geo::Point<f64>> = steps
        .flat_map(|t| {
            [
                (extent.min_x + w * t, extent.min_y),
                (extent.min_x + w * t, extent.max_y),
                (extent.min_x, extent.min_y + h * t),
                (extent.max_x, extent.min_y + h * t),
            ]
        })
        .map(|(x, y)| geo::Point::new(x, y))
        .collect();
    let (lon_lat, _) = reproject_geometry(&geo::Geometry::MultiPoint(outline.into()), from, Crs::WGS84).ok()?;
    let e = Extent::of_geometry(&lon_lat)?;
    webmercator::transform_extent(Crs::WGS84, to, &e)
}
