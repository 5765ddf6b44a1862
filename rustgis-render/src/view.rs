//! Drawing a whole map as a [`RenderRequest`] asks (size, extent, CRS, dpi, extras): [`render`].

use rustgis_core::{Crs, Extent, NoProgress, Progress, Project, RenderRequest, RenderedImage, blank_reason, framing};
use tiny_skia::Pixmap;

use crate::draw::{Frame, Scratch, draw_scene};
use crate::error::{Error, Result};
use crate::furniture;
use crate::geom::Bbox;
use crate::image::{Region, rendered};
use crate::labels::{Placed, draw_labels};
use crate::legend::{Legend, LegendOptions, ScaleBar, Title};
use crate::scene::{Scene, world_box};
use crate::text::Font;
use crate::watch::Watch;

/// The largest side of an image, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// The most pixels an image may have (256 MB of RGBA).
pub const MAX_PIXELS: u64 = 64 * 1024 * 1024;

/// Draws the visible layers of `project` as `view` asks and encodes the PNG. The image says
/// what it shows (its extent), how many labels it placed and left out, and, when it came out
/// one colour, why.
///
/// ```
/// let session = rustgis_core::Session::with_sample()?;
/// let image = rustgis_render::render(session.project(), &rustgis_render::RenderRequest::default())?;
/// assert_eq!((image.width, image.height, image.blank), (1024, 768, false));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn render(project: &Project, view: &RenderRequest) -> Result<RenderedImage> {
    render_watched(project, view, &NoProgress, "render")
}

/// [`render`] that looks at `progress` while it works (every few thousand points) and stops with
/// `Cancelled` (naming `what`, the call) when the caller cancels or its run-time limit passes.
pub fn render_watched(
    project: &Project,
    view: &RenderRequest,
    progress: &dyn Progress,
    what: &str,
) -> Result<RenderedImage> {
    let drawn = draw(project, view, &Watch::new(progress, what))?;
    let mut image = rendered(&drawn.pixmap, Region::whole(&drawn.pixmap), view.dpi)?;
    let shown = drawn.frame.map_box();
    let extent = Extent::from_corners(shown.min_x, shown.min_y, shown.max_x, shown.max_y);
    if image.blank
        && let Some(extent) = &extent
    {
        image.blank_reason = Some(blank_reason(project, extent, drawn.crs, view.width));
    }
    image.extent = extent;
    image.labels = drawn.labels.counts;
    image.notices = drawn.notices;
    Ok(image)
}

/// Draws the map into a pixmap (premultiplied RGBA), for hosts that show it without a PNG.
pub fn render_pixmap(project: &Project, view: &RenderRequest) -> Result<Pixmap> {
    Ok(draw(project, view, &Watch::none())?.pixmap)
}

/// A drawn map before encoding.
struct Drawn {
    pixmap: Pixmap,
    frame: Frame,
    crs: Crs,
    labels: Placed,
    notices: Vec<String>,
}

/// A map laid out: the scene, where it sits on the image, and the furniture planned around it.
/// Drawn into a pixmap by `draw`, written as SVG by `svg::write`.
pub(crate) struct Planned<'p> {
    pub scene: Scene,
    pub frame: Frame,
    /// The map's rectangle in pixels (inside the margins and under the title).
    pub map_rect: [f32; 4],
    pub margin_px: u32,
    pub furniture: &'p rustgis_core::Furniture,
    pub title: Option<Title>,
    pub legend: Option<Legend>,
    pub scale_bar: Option<ScaleBar>,
    pub font: Option<Font>,
    pub labelled: bool,
    /// The credits line: the furniture's credits and every visible web layer's attribution.
    pub credits: Option<String>,
}

pub(crate) fn plan<'p>(project: &'p Project, view: &RenderRequest, watch: &Watch<'_>) -> Result<Planned<'p>> {
    let crs = view.crs.unwrap_or(project.view.crs);
    let extent = view_extent(project, view, crs)?;
    // PostGIS layers hold no features: the ones in view are read now, one bbox query a layer.
    let live = match shown_area(&extent, view.width, view.height) {
        Some(shown) => rustgis_core::project_for_view(project, &shown, crs)?,
        None => None,
    };
    let mut scene = Scene::watched(live.as_ref().unwrap_or(project), crs, watch)?;
    scene.web = view.web.clone();
    let credits = credits_line(project, &project.view.furniture);
    let dpi_scale = if view.dpi.is_finite() && view.dpi > 0.0 { view.dpi / 96.0 } else { 1.0 };
    // The project's furniture, with what the request asks for on top.
    let furniture = &project.view.furniture;
    let title_text = view.title.as_deref().or(furniture.title.as_deref());
    let subtitle_text = view.subtitle.as_deref().or(furniture.subtitle.as_deref());
    let show_legend = view.legend || furniture.legend.is_some();
    let legend_title = view.legend_title.as_deref().or(furniture.legend.as_ref().and_then(|l| l.title.as_deref()));
    let legend_all = view.legend_all || furniture.legend.as_ref().is_some_and(|l| l.all_layers);
    let show_scale_bar = view.scale_bar || furniture.scale_bar;
    let margin = (furniture.margin_mm / 25.4 * view.dpi.max(1.0)).clamp(0.0, view.width.min(view.height) as f32 / 4.0);
    let mut frame = Frame::fit(&extent, view.width, view.height, dpi_scale);
    let labelled = scene.layers.iter().any(|l| l.labels.is_some());
    let titled = title_text.is_some() || subtitle_text.is_some();
    let has_text = furniture.north_arrow || credits.is_some() || furniture.graticule.as_ref().is_some_and(|g| g.labels);
    let font =
        if labelled || show_legend || show_scale_bar || titled || has_text { Some(Font::dejavu()?) } else { None };
    let title = match &font {
        Some(font) if titled => Title::plan(title_text, subtitle_text, &frame, font),
        _ => None,
    };
    let band = title.as_ref().map_or(0, |t| t.rect()[3].ceil() as u32);
    let margin_px = margin.round() as u32;
    let (inner_w, inner_h) =
        (view.width.saturating_sub(2 * margin_px), view.height.saturating_sub(band + 2 * margin_px));
    if (band > 0 || margin_px > 0) && inner_w > 0 && inner_h > 0 {
        frame = Frame::fit(&extent, inner_w, inner_h, dpi_scale);
        frame.left -= f64::from(margin_px) / frame.scale;
        frame.top += f64::from(band + margin_px) / frame.scale;
        frame.width = view.width;
        frame.height = view.height;
    }
    let map_rect = [
        margin_px as f32,
        (band + margin_px) as f32,
        view.width.saturating_sub(margin_px) as f32,
        view.height.saturating_sub(margin_px) as f32,
    ];
    let (mut legend, mut scale_bar) = (None, None);
    let (view_width, view_height) = (view.width, view.height);
    if let Some(font) = &font {
        // The legend's and the scale bar's type and bar grow and shrink with the image alike.
        let size = crate::legend::size_for_image(view_width, view_height, dpi_scale);
        if show_legend {
            let columns = furniture.legend.as_ref().and_then(|l| l.columns).map_or(1, |c| c as usize);
            let view = Some(frame.map_box());
            let options =
                LegendOptions { title: legend_title, all_layers: legend_all, columns, view, size, more_columns: true };
            legend = Legend::plan(&scene, &frame, font, &options).map(|mut legend| {
                let corner = furniture.legend.as_ref().map_or(rustgis_core::Corner::Auto, |p| p.position);
                legend.place(corner, map_rect, dpi_scale, (&scene, &frame));
                legend
            });
        }
        if show_scale_bar {
            scale_bar = ScaleBar::plan(&scene, &frame, font, size).map(|mut bar| {
                let credits_room = if furniture.credits.is_some() { 12.0 * dpi_scale } else { 0.0 };
                bar.shift(-(margin_px as f32), -(margin_px as f32) - credits_room);
                bar
            });
        }
    }
    Ok(Planned { scene, frame, map_rect, margin_px, furniture, title, legend, scale_bar, font, labelled, credits })
}

/// What an image of `width` × `height` pixels fitted around `extent` shows: the extent widened
/// to the image's shape (as `Frame::fit` does), with a margin for the margins and title.
fn shown_area(extent: &crate::geom::Bbox, width: u32, height: u32) -> Option<Extent> {
    let (w, h) = (extent.max_x - extent.min_x, extent.max_y - extent.min_y);
    let aspect = f64::from(width.max(1)) / f64::from(height.max(1));
    let (w, h) = if w / h.max(f64::MIN_POSITIVE) < aspect { (h * aspect, h) } else { (w, w / aspect) };
    let (cx, cy) = ((extent.min_x + extent.max_x) / 2.0, (extent.min_y + extent.max_y) / 2.0);
    let (half_w, half_h) = (w * 0.55, h * 0.55);
    Extent::from_corners(cx - half_w, cy - half_h, cx + half_w, cy + half_h)
}

fn draw(project: &Project, view: &RenderRequest, watch: &Watch<'_>) -> Result<Drawn> {
    let mut planned = plan(project, view, watch)?;
    let (pixmap, labels, notices) = paint(&mut planned, view, watch)?;
    let Planned { frame, scene, .. } = planned;
    Ok(Drawn { pixmap, frame, crs: scene.crs, labels, notices })
}

/// Draws a planned map, its labels and furniture into a new pixmap of the view's size (what a
/// PNG map and a print layout's map frame are made of).
/// Also the notices of what could not be drawn (web tiles that did not come).
pub(crate) fn paint(
    planned: &mut Planned<'_>,
    view: &RenderRequest,
    watch: &Watch<'_>,
) -> Result<(Pixmap, Placed, Vec<String>)> {
    let mut pixmap = new_pixmap(view.width, view.height)?;
    let Planned { scene, frame, map_rect, margin_px, furniture, title, legend, scale_bar, font, labelled, credits } =
        planned;
    let (map_rect, margin_px, labelled) = (*map_rect, *margin_px, *labelled);
    let dpi_scale = frame.dpi_scale;
    let mut scratch = Scratch::default();
    draw_scene(&mut pixmap, scene, frame, &mut scratch, watch)?;
    let mut notices = std::mem::take(&mut scratch.notices);
    if let Some(left_out) = legend.as_ref().map(|l| &l.left_out).filter(|l| !l.is_empty()) {
        notices.push(format!(
            "the legend has no room for {} of its rows ({}{}): draw a taller image, or set fewer classes",
            left_out.len(),
            left_out.iter().take(5).map(|t| format!("'{t}'")).collect::<Vec<_>>().join(", "),
            if left_out.len() > 5 { ", …" } else { "" }
        ));
    }
    if let Some(graticule) = &furniture.graticule {
        furniture::draw_graticule(&mut pixmap, scene, frame, graticule);
    }
    if margin_px > 0 || furniture.neat_line {
        furniture::draw_margins(&mut pixmap, map_rect, furniture.neat_line, dpi_scale);
    }
    let mut labels = Placed::default();
    if let Some(font) = font.as_mut() {
        if labelled {
            let reserved: Vec<[f32; 4]> = title
                .iter()
                .map(Title::rect)
                .chain(legend.iter().map(Legend::rect))
                .chain(scale_bar.iter().map(ScaleBar::rect))
                .collect();
            let bounds = [0.0, 0.0, view.width as f32, view.height as f32];
            labels = draw_labels(&mut pixmap, scene, frame, font, bounds, &reserved, watch)?;
            notices.extend(label_notices(&labels.counts));
        }
        if let Some(graticule) = furniture.graticule.as_ref().filter(|g| g.labels) {
            furniture::draw_graticule_labels(&mut pixmap, scene, frame, map_rect, graticule, font);
        }
        if let Some(title) = title {
            title.draw(&mut pixmap, font);
        }
        if let Some(legend) = legend {
            legend.draw(&mut pixmap, font);
        }
        if let Some(scale_bar) = scale_bar {
            scale_bar.draw(&mut pixmap, font);
        }
        if furniture.north_arrow {
            furniture::draw_north_arrow(&mut pixmap, scene, frame, map_rect, font);
        }
        if let Some(credits) = &credits {
            furniture::draw_credits(&mut pixmap, frame, map_rect, credits, font);
        }
    }
    Ok((pixmap, labels, notices))
}

/// The credits line of a map: the furniture's credits, then each visible web layer's
/// attribution (once each), which a provider's terms ask to be shown on every map.
pub(crate) fn credits_line(project: &Project, furniture: &rustgis_core::Furniture) -> Option<String> {
    let mut parts: Vec<&str> = furniture.credits.iter().map(String::as_str).collect();
    for layer in project.shown_layers() {
        if let Some(credit) = layer.web.as_ref().and_then(|w| w.attribution())
            && !parts.contains(&credit)
        {
            parts.push(credit);
        }
    }
    (!parts.is_empty()).then(|| parts.join(" | "))
}

pub(crate) fn new_pixmap(width: u32, height: u32) -> Result<Pixmap> {
    let too_big = u64::from(width) * u64::from(height) > MAX_PIXELS;
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE || too_big {
        return Err(Error::Size { width, height });
    }
    // The pixels are reserved first: an image the computer has no memory for is an error the
    // caller sees, not an abort of the host.
    let bytes = u64::from(width) * u64::from(height) * 4;
    let mut data = Vec::new();
    data.try_reserve_exact(bytes as usize).map_err(|_| {
        Error::Core(rustgis_core::Error::OutOfMemory { what: format!("an image of {width}×{height} pixels"), bytes })
    })?;
    data.resize(bytes as usize, 0);
    let size = tiny_skia::IntSize::from_wh(width, height).ok_or(Error::Size { width, height })?;
    Pixmap::from_vec(data, size).ok_or(Error::Size { width, height })
}

/// The extent to show in `crs`: the view's, the project's view extent, all visible layers, or
/// the world. Any extent with an area is shown as it is, from a few metres to the world; a
/// single point (no area at all) shows about 100 m around it.
fn view_extent(project: &Project, view: &RenderRequest, crs: Crs) -> Result<Bbox> {
    let world = world_box(crs)?;
    let extent = view
        .extent
        .or_else(|| project.view.extent.and_then(|e| e.transformed(project.view.crs, crs)))
        .or_else(|| project.extent_in(crs));
    let Some(e) = extent else { return Ok(world) };
    // Data over most of the world, in a world projection with no view of its own, shows the
    // whole globe, its outline whole.
    let own_view = view.extent.is_some() || project.view.extent.is_some();
    let is_globe = crs != Crs::WGS84
        && crs != Crs::WEB_MERCATOR
        && rustgis_core::geoprocessing::ValidArea::of(crs).is_ok_and(|a| a.is_whole_world());
    if !own_view && is_globe && e.width() >= world.width() / 2.0 {
        return Ok(world.grown(world.width() / 100.0));
    }
    let e = if e.width() > 0.0 || e.height() > 0.0 { e } else { framing(&e, crs) };
    Ok(Bbox::new(e.min_x, e.min_y, e.max_x, e.max_y))
}

/// What the labels' caps left out or cut, per layer, as the render's notices.
fn label_notices(counts: &[rustgis_core::LabelCount]) -> Vec<String> {
    let mut notices = Vec::new();
    for count in counts {
        if count.cut > 0 {
            notices.push(format!(
                "layer '{}': {} label{} cut to {} characters",
                count.layer,
                count.cut,
                if count.cut == 1 { " was" } else { "s were" },
                rustgis_core::MAX_LABEL_CHARS
            ));
        }
        if count.over_budget > 0 {
            notices.push(format!(
                "layer '{}': {} label{} left out: the image's labels reached their budget of {} characters (the most \
                 important were drawn); label a shorter field, or set a density",
                count.layer,
                count.over_budget,
                if count.over_budget == 1 { " was" } else { "s were" },
                rustgis_core::MAX_FRAME_LABEL_CHARS
            ));
        }
        if count.missing_glyphs > 0 {
            notices.push(missing_glyphs_notice(count));
        }
    }
    notices
}

/// Which labels of a layer were left out for characters no installed font has, and what to do.
fn missing_glyphs_notice(count: &rustgis_core::LabelCount) -> String {
    let named: Vec<String> = count
        .left_out
        .iter()
        .filter(|l| l.reason == "missing_glyphs")
        .map(|l| {
            let chars: Vec<String> =
                l.missing.iter().flat_map(|m| m.chars()).map(|c| format!("U+{:04X}", u32::from(c))).collect();
            format!("'{}' ({})", l.text, chars.join(" "))
        })
        .collect();
    let more = count.missing_glyphs.saturating_sub(named.len());
    format!(
        "layer '{}': {} label{} characters no installed font has ({}{}), so {} left out: install a font that has \
         them (on Debian fonts-noto-core, and fonts-noto-cjk for Chinese, Japanese and Korean) or put one in a \
         folder named by {}",
        count.layer,
        count.missing_glyphs,
        if count.missing_glyphs == 1 { " has" } else { "s have" },
        named.join(", "),
        if more > 0 { format!(", and {more} more") } else { String::new() },
        if count.missing_glyphs == 1 { "it was" } else { "they were" },
        crate::fonts::FONT_DIRS_VAR,
    )
}

#[cfg(test)]
mod tests {
    use rustgis_core::{Session, Value};

    use super::{RenderRequest, draw};

    #[test]
    fn a_render_reports_per_layer_how_many_labels_it_placed_and_why_it_left_the_others_out() {
        let session = Session::with_sample().expect("the sample loads");
        let view = RenderRequest { width: 1024, height: 512, ..RenderRequest::default() };
        let image = super::render(session.project(), &view).expect("the world draws");
        let cities = image.labels.iter().find(|c| c.layer == "cities").expect("cities are counted");
        let left_out = cities.did_not_fit + cities.collided + cities.crowded;
        assert_eq!(cities.placed + left_out, 521, "every city in view is counted once: {cities:?}");
        assert!(cities.placed > 0 && cities.collided > 0 && cities.crowded > 0, "{cities:?}");
    }

    #[test]
    fn at_world_scale_the_sample_names_few_cities_and_the_most_populous() {
        let session = Session::with_sample().expect("the sample loads");
        // The view `view_map` draws by default: the whole world at 1024 × 512.
        let view = RenderRequest { width: 1024, height: 512, ..RenderRequest::default() };
        let drawn = draw(session.project(), &view, &super::Watch::none()).expect("the world draws");
        let named: Vec<&str> =
            drawn.labels.texts.iter().filter(|(layer, _)| layer == "cities").map(|(_, t)| t.as_str()).collect();
        let cities = session.project().layer("cities").expect("the sample has cities");
        let (name, population) = (cities.field_index("name"), cities.field_index("population"));
        let (name, population) = (name.expect("a name field"), population.expect("a population field"));
        let mut ranked: Vec<(String, i64)> = cities
            .features
            .iter()
            .map(|f| {
                let people = match &f.attributes[population] {
                    Value::Int(n) => *n,
                    other => other.as_f64().unwrap_or(0.0) as i64,
                };
                (f.attributes[name].to_string(), people)
            })
            .collect();
        ranked.sort_by_key(|(_, people)| std::cmp::Reverse(*people));
        let rank = |city: &str| ranked.iter().position(|(n, _)| n == city).expect("a sample city");
        assert!((8..=40).contains(&named.len()), "{} of {} cities named: {named:?}", named.len(), ranked.len());
        let ranks: Vec<usize> = named.iter().map(|c| rank(c)).collect();
        assert!(ranks.iter().all(|&r| r < ranked.len() / 4), "a city outside the top quarter is named: {named:?}");
        for (top, _) in &ranked[..3] {
            assert!(named.contains(&top.as_str()), "{top} is among the most populous, yet not named: {named:?}");
        }
    }
}
