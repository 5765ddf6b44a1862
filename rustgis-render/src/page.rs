//! Print layouts drawn. One walk over the layout's items draws the page on either canvas: as
//! SVG (each map frame a nested SVG of the map, the legend, title, text, scale bar and north
//! arrow laid out in their boxes, text as text), kept as SVG or turned into PDF through svg2pdf;
//! or, for PNG, straight into a tiny-skia pixmap at the layout's dpi (each map frame drawn by the
//! map renderer at the frame's size and laid on the page), with no SVG in between. A map frame
//! keeps the map's furniture the page does not replace (graticule, credits, attribution, and the
//! title without a title item); a legend too tall for its box is fitted, and what still does not
//! fit is reported.

use rustgis_core::{Color, Extent, Furniture, ImageFormat, ItemKind, PageFormat, PrintLayout, Project, RenderedPage};
use tiny_skia::{Paint, PathBuilder, Pixmap, PixmapPaint, Rect, Stroke, Transform};

use crate::draw::{Frame, paint_of, to_skia};
use crate::error::{Error, Result};
use crate::furniture;
use crate::geom::Bbox;
use crate::legend::{Legend, LegendOptions, ScaleBar};
use crate::svg::{Anchor, Svg, path_of, write};
use crate::text::{Font, TextPaint};
use crate::view::{Planned, new_pixmap, paint, plan};
use crate::watch::Watch;
use rustgis_core::RenderRequest;

/// Draws a layout's page as PDF, SVG or PNG bytes, with the legend rows it had to leave out.
pub fn render_layout(project: &Project, layout: &PrintLayout, format: PageFormat) -> Result<RenderedPage> {
    let (bytes, legend_left_out) = match format {
        PageFormat::Svg => {
            let (svg, left_out) = page_svg(project, layout)?;
            (svg.finish()?.into_bytes(), left_out)
        }
        PageFormat::Pdf => {
            // svg2pdf embeds its own subset, so the SVG it reads carries none.
            let (svg, left_out) = page_svg(project, layout)?;
            let page = svg2pdf::PageOptions { dpi: layout.dpi };
            let pdf = svg2pdf::to_pdf(&svg.tree()?, svg2pdf::ConversionOptions::default(), page)
                .map_err(|e| Error::Internal(format!("cannot write the PDF: {e}")))?;
            (pdf, left_out)
        }
        _ => {
            let (pixmap, left_out) = page_pixmap(project, layout)?;
            (crate::image::encode_png(&pixmap, layout.dpi)?, left_out)
        }
    };
    Ok(RenderedPage { bytes, legend_left_out })
}

/// The layout's page as an SVG document, `size_px` at the layout's dpi, self-contained: the
/// glyphs of DejaVu Sans its text uses are embedded as an `@font-face`.
pub fn render_layout_svg(project: &Project, layout: &PrintLayout) -> Result<String> {
    page_svg(project, layout)?.0.finish()
}

fn page_svg(project: &Project, layout: &PrintLayout) -> Result<(Svg, Vec<String>)> {
    let (width, height) = layout.size_px();
    let mut svg = Svg::new(width, height);
    svg.rect([0.0, 0.0, width as f32, height as f32], Some(Color::rgb(255, 255, 255)), None);
    let mut canvas = Canvas::Svg(svg);
    let left_out = draw_page(project, layout, &mut canvas)?;
    match canvas {
        Canvas::Svg(svg) => Ok((svg, left_out)),
        Canvas::Png(_) => Err(Error::Internal("the SVG page turned into pixels".to_owned())),
    }
}

/// The layout's page drawn into pixels (premultiplied RGBA, opaque white paper), `size_px` at the
/// layout's dpi: what a PNG export encodes.
pub fn render_layout_pixmap(project: &Project, layout: &PrintLayout) -> Result<Pixmap> {
    Ok(page_pixmap(project, layout)?.0)
}

fn page_pixmap(project: &Project, layout: &PrintLayout) -> Result<(Pixmap, Vec<String>)> {
    let (width, height) = layout.size_px();
    let mut page = new_pixmap(width, height)?;
    page.fill(tiny_skia::Color::WHITE);
    let mut canvas = Canvas::Png(page);
    let left_out = draw_page(project, layout, &mut canvas)?;
    match canvas {
        Canvas::Png(page) => Ok((page, left_out)),
        Canvas::Svg(_) => Err(Error::Internal("the PNG page turned into SVG".to_owned())),
    }
}

/// What a page is drawn on.
enum Canvas {
    Svg(Svg),
    Png(Pixmap),
}

impl Canvas {
    /// A map drawn at the size of `rect` and laid on the page there.
    fn map(&mut self, planned: &mut Planned<'_>, view: &RenderRequest, rect: [f32; 4]) -> Result<()> {
        match self {
            Canvas::Svg(svg) => svg.nest(write(planned, view)?, (rect[0], rect[1])),
            Canvas::Png(page) => {
                let (map, _, _) = paint(planned, view, &Watch::none())?;
                let (x, y) = (rect[0].round() as i32, rect[1].round() as i32);
                page.draw_pixmap(x, y, map.as_ref(), &PixmapPaint::default(), Transform::identity(), None);
            }
        }
        Ok(())
    }

    /// An outline `width` pixels wide around `rect`.
    fn outline(&mut self, rect: [f32; 4], color: Color, width: f32) {
        match self {
            Canvas::Svg(svg) => svg.rect(rect, None, Some((color, width))),
            Canvas::Png(page) => {
                if let Some(r) = Rect::from_ltrb(rect[0], rect[1], rect[2], rect[3]) {
                    stroke(page, &PathBuilder::from_rect(r), color, width);
                }
            }
        }
    }

    /// A closed outline through `points`.
    fn polygon(&mut self, points: &[(f32, f32)], color: Color, width: f32) {
        match self {
            Canvas::Svg(svg) => svg.path(&path_of(points.iter().copied(), true), None, Some((color, width, 1.0)), &[]),
            Canvas::Png(page) => {
                let mut pb = PathBuilder::new();
                for (idx, &(x, y)) in points.iter().enumerate() {
                    if idx == 0 { pb.move_to(x, y) } else { pb.line_to(x, y) }
                }
                pb.close();
                if let Some(path) = pb.finish() {
                    stroke(page, &path, color, width);
                }
            }
        }
    }

    /// One line of text with its baseline's start at `(x, baseline)`.
    fn text(&mut self, font: &mut Font, text: &str, (x, baseline): (f32, f32), size: f32, color: Color) {
        match self {
            Canvas::Svg(svg) => svg.text(text, x, baseline, size, color, None, Anchor::Start),
            Canvas::Png(page) => {
                let layout = font.layout(text, size);
                let paint = TextPaint { color: to_skia(color, 1.0), halo: None, halo_width: 0.0 };
                font.draw(page, &layout, x, baseline, 0.0, &paint);
            }
        }
    }

    /// An image file's content drawn whole into `rect`, centred, keeping its shape.
    fn image(&mut self, format: ImageFormat, bytes: &[u8], path: &std::path::Path, rect: [f32; 4]) -> Result<()> {
        let tree = match format {
            ImageFormat::Svg => Some(crate::svg::parse_untrusted(bytes, path)?),
            ImageFormat::Png { .. } => None,
        };
        let (width, height) = match (format, &tree) {
            (ImageFormat::Png { width, height }, _) => (width as f32, height as f32),
            (_, Some(tree)) => (tree.size().width(), tree.size().height()),
            _ => return Ok(()),
        };
        let (box_w, box_h) = (rect[2] - rect[0], rect[3] - rect[1]);
        let scale = (box_w / width).min(box_h / height);
        let (x, y) = (rect[0] + (box_w - width * scale) / 2.0, rect[1] + (box_h - height * scale) / 2.0);
        let at = Transform::from_row(scale, 0.0, 0.0, scale, x, y);
        use base64::Engine as _;
        match (self, tree) {
            (Canvas::Svg(svg), tree) => {
                // An SVG goes in as usvg writes it back: what was drawn, with no scripts or links.
                let (mime, data) = match tree {
                    Some(tree) => ("image/svg+xml", tree.to_string(&usvg::WriteOptions::default()).into_bytes()),
                    None => ("image/png", bytes.to_vec()),
                };
                svg.raw(&format!(
                    "<image x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{}\" preserveAspectRatio=\"none\" href=\"data:{mime};base64,{}\"/>\n",
                    width * scale,
                    height * scale,
                    base64::engine::general_purpose::STANDARD.encode(data)
                ));
            }
            (Canvas::Png(page), Some(tree)) => {
                // resvg draws on its own tiny-skia: into a pixmap of the drawn size, then laid on the page.
                let (w, h) = ((width * scale).round().max(1.0) as u32, (height * scale).round().max(1.0) as u32);
                let mut drawn = resvg::tiny_skia::Pixmap::new(w, h).ok_or(Error::Size { width: w, height: h })?;
                resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut drawn.as_mut());
                let size = tiny_skia::IntSize::from_wh(w, h).ok_or(Error::Size { width: w, height: h })?;
                let drawn = Pixmap::from_vec(drawn.take(), size).ok_or(Error::Size { width: w, height: h })?;
                let (px, py) = (x.round() as i32, y.round() as i32);
                page.draw_pixmap(px, py, drawn.as_ref(), &PixmapPaint::default(), Transform::identity(), None);
            }
            (Canvas::Png(page), None) => {
                let image = Pixmap::decode_png(bytes).map_err(|e| {
                    Error::Core(rustgis_core::Error::invalid(
                        "path",
                        format!("{} does not decode as PNG: {e}", path.display()),
                    ))
                })?;
                let paint = PixmapPaint { quality: tiny_skia::FilterQuality::Bicubic, ..PixmapPaint::default() };
                page.draw_pixmap(0, 0, image.as_ref(), &paint, at, None);
            }
        }
        Ok(())
    }

    fn legend(&mut self, legend: &Legend, font: &mut Font) {
        match self {
            Canvas::Svg(svg) => legend.svg(svg),
            Canvas::Png(page) => legend.draw(page, font),
        }
    }

    fn scale_bar(&mut self, bar: &ScaleBar, font: &mut Font) {
        match self {
            Canvas::Svg(svg) => bar.svg(svg),
            Canvas::Png(page) => bar.draw(page, font),
        }
    }

    fn north_arrow(&mut self, arrow: &furniture::NorthArrow, s: f32, font: &mut Font) {
        match self {
            Canvas::Svg(svg) => svg.north_arrow(arrow, s, Some(&*font)),
            Canvas::Png(page) => furniture::paint_north_arrow(page, arrow, s, font),
        }
    }
}

fn stroke(page: &mut Pixmap, path: &tiny_skia::Path, color: Color, width: f32) {
    let paint: Paint<'_> = paint_of(color, 1.0);
    let stroke = Stroke { width, ..Stroke::default() };
    page.stroke_path(path, &paint, &stroke, Transform::identity(), None);
}

/// Draws every item of the layout, in order, on `canvas`; gives the legend rows left out.
fn draw_page(project: &Project, layout: &PrintLayout, canvas: &mut Canvas) -> Result<Vec<String>> {
    let px = |mm: f64| (mm / 25.4 * f64::from(layout.dpi)) as f32;
    let s = layout.dpi / 96.0;
    let map_furniture = &project.view.furniture;
    // The overview shows the data alone.
    let mut bare = project.clone();
    bare.view.furniture = Furniture::default();
    // Each map frame draws its own furniture, or what it inherits from the map's.
    let has_title = layout.items.iter().any(|i| matches!(i.kind, ItemKind::Title { .. }));
    let framed: Vec<Project> = layout
        .items
        .iter()
        .filter_map(|item| match &item.kind {
            ItemKind::Map { furniture, .. } => {
                let mut framed = project.clone();
                framed.view.furniture = furniture.clone().unwrap_or_else(|| inherited(map_furniture, has_title));
                Some(framed)
            }
            _ => None,
        })
        .collect();
    let mut framed = framed.iter();
    let mut left_out = Vec::new();
    let mut font = Font::dejavu()?;
    // The first map frame: what the scale bar, north arrow, legend and overview refer to.
    let mut main: Option<(Planned<'_>, [f32; 4])> = None;
    for item in &layout.items {
        let [x, y, w, h] = item.rect_mm;
        let rect = [px(x), px(y), px(x + w), px(y + h)];
        let (w_px, h_px) = ((rect[2] - rect[0]).round().max(1.0) as u32, (rect[3] - rect[1]).round().max(1.0) as u32);
        match &item.kind {
            ItemKind::Map { extent, .. } => {
                let Some(framed) = framed.next() else { continue };
                let view = RenderRequest {
                    width: w_px,
                    height: h_px,
                    extent: extent.and_then(Extent::from_bbox),
                    dpi: layout.dpi,
                    ..RenderRequest::default()
                };
                let mut planned = plan(framed, &view, &Watch::none())?;
                canvas.map(&mut planned, &view, rect)?;
                canvas.outline(rect, Color::rgb(0x33, 0x33, 0x33), s);
                if main.is_none() {
                    main = Some((planned, rect));
                }
            }
            ItemKind::Overview => {
                let whole = bare.extent_in(bare.view.crs);
                let view = RenderRequest {
                    width: w_px,
                    height: h_px,
                    extent: whole,
                    dpi: layout.dpi / 2.0,
                    ..RenderRequest::default()
                };
                let mut planned = plan(&bare, &view, &Watch::none())?;
                canvas.map(&mut planned, &view, rect)?;
                if let Some((main, _)) = &main {
                    let shown = main.frame.map_box();
                    let corners = [
                        [shown.min_x, shown.min_y],
                        [shown.max_x, shown.min_y],
                        [shown.max_x, shown.max_y],
                        [shown.min_x, shown.max_y],
                    ];
                    let points: Vec<(f32, f32)> = corners
                        .iter()
                        .map(|p| {
                            let (px_x, px_y) = planned.frame.px(*p);
                            (px_x + rect[0], px_y + rect[1])
                        })
                        .collect();
                    canvas.polygon(&points, Color::rgb(0xd7, 0x19, 0x1c), 1.5 * s);
                }
                canvas.outline(rect, Color::rgb(0x33, 0x33, 0x33), s);
            }
            ItemKind::Legend { title, columns } => {
                let Some((main, _)) = &main else { continue };
                let columns = columns.map_or(1, |c| c as usize);
                let title = title.as_deref().or(map_furniture.legend.as_ref().and_then(|l| l.title.as_deref()));
                let view = Some(main.frame.map_box());
                let options = LegendOptions { title, all_layers: false, columns, view, size: 1.0, more_columns: false };
                if let Some((mut legend, dropped)) = fit_legend(&main.scene, &font, &options, (w_px, h_px), layout.dpi)
                {
                    left_out.extend(dropped);
                    legend.place(
                        rustgis_core::Corner::TopLeft,
                        [rect[0] - 10.0 * s, rect[1] - 10.0 * s, rect[2], rect[3]],
                        s,
                        // A fixed corner: the scene and frame are only read to pick one.
                        (&main.scene, &main.frame),
                    );
                    canvas.legend(&legend, &mut font);
                }
            }
            ItemKind::Title { text, subtitle } => {
                let subtitle = subtitle.as_deref().or(map_furniture.subtitle.as_deref()).map(str::trim);
                let box_h = rect[3] - rect[1];
                // With a subtitle, the title takes the box's upper 60 % and the subtitle the rest.
                let lines = match subtitle.filter(|t| !t.is_empty()) {
                    Some(subtitle) => vec![(text.as_str(), box_h * 0.62, 0.0, 0.6), (subtitle, box_h * 0.4, 0.6, 0.4)],
                    None => vec![(text.as_str(), box_h, 0.0, 1.0)],
                };
                for (line, line_h, top, share) in lines {
                    let size = line_h * 0.7;
                    let layout_text = font.layout(line, size);
                    let x = rect[0] + ((rect[2] - rect[0]) - layout_text.width).max(0.0) / 2.0;
                    let (line_top, line_box) = (rect[1] + box_h * top, box_h * share);
                    let baseline = line_top + (line_box + layout_text.ascent - layout_text.descent) / 2.0;
                    let color = if top == 0.0 { Color::rgb(0x22, 0x22, 0x22) } else { Color::rgb(0x44, 0x44, 0x44) };
                    canvas.text(&mut font, line, (x, baseline), size, color);
                }
            }
            ItemKind::Text { text, size_pt } => {
                let size = size_pt.unwrap_or(10.0) / 72.0 * layout.dpi;
                let ascent = font.layout(text, size).ascent;
                canvas.text(&mut font, text, (rect[0], rect[1] + ascent), size, Color::rgb(0x33, 0x33, 0x33));
            }
            ItemKind::ScaleBar => {
                let Some((main, _)) = &main else { continue };
                if let Some(mut bar) = ScaleBar::plan(&main.scene, &main.frame, &font, 1.0) {
                    let [_, _, right, bottom] = bar.rect();
                    bar.shift(rect[2] - right, rect[3] - bottom);
                    canvas.scale_bar(&bar, &mut font);
                }
            }
            ItemKind::Image { path } => {
                let (format, bytes) = rustgis_core::read_image(path)?;
                canvas.image(format, &bytes, path, rect)?;
            }
            ItemKind::NorthArrow => {
                let Some((main, _)) = &main else { continue };
                let view = main.frame.map_box();
                let centre = [(view.min_x + view.max_x) / 2.0, (view.min_y + view.max_y) / 2.0];
                let angle = furniture::north_angle(main.scene.crs, centre).unwrap_or(0.0);
                let size = ((rect[3] - rect[1]) / 50.0).min((rect[2] - rect[0]) / 20.0);
                let arrow = furniture::north_arrow_at(
                    angle,
                    (rect[0] + rect[2]) / 2.0,
                    (rect[1] + rect[3]) / 2.0 + 4.0 * size,
                    size,
                );
                canvas.north_arrow(&arrow, size, &mut font);
            }
            _ => {}
        }
    }
    Ok(left_out)
}

/// The furniture a map frame draws when the layout gives it none: the map's graticule and its
/// labels and its credits (the web layers' attribution joins them when drawn), and its title
/// and subtitle when the page has no title item of its own. The legend, scale bar and north
/// arrow are items of the page, and the page has its own margins.
fn inherited(map: &Furniture, page_has_title: bool) -> Furniture {
    Furniture {
        title: map.title.clone().filter(|_| !page_has_title),
        subtitle: map.subtitle.clone().filter(|_| !page_has_title),
        credits: map.credits.clone(),
        graticule: map.graticule.clone(),
        ..Furniture::default()
    }
}

/// The smallest type a legend is shrunk to, in points.
const MIN_LEGEND_PT: f32 = 6.0;

/// The legend's row type at its full size, in points (11 px at 96 dpi).
const LEGEND_PT: f32 = 11.0 * 72.0 / 96.0;

/// A legend fitted to a box of `width` × `height` pixels: in the columns asked for at full size
/// if it fits; else in more columns (up to 8) as long as they fit across the box; else the same
/// in smaller type, down to [`MIN_LEGEND_PT`]. What fits in none of these is the smallest
/// legend's first rows, and the texts of the rows after them, which it leaves out.
fn fit_legend(
    scene: &crate::scene::Scene,
    font: &Font,
    options: &LegendOptions<'_>,
    (width, height): (u32, u32),
    dpi: f32,
) -> Option<(Legend, Vec<String>)> {
    let s = dpi / 96.0;
    // `Legend::plan` keeps 20 px (at 96 dpi) under the rows for a map's credits; a box has none.
    let plan = |scale: f32, columns: usize, box_h: f32| {
        let frame = Frame::fit(&Bbox::new(0.0, 0.0, 1.0, 1.0), width, (box_h + 20.0 * scale).ceil() as u32, scale);
        Legend::plan(scene, &frame, font, &LegendOptions { columns, ..*options })
    };
    let all: Vec<String> = plan(s, 1, 1.0e6)?.texts().map(str::to_owned).collect();
    let fits = |legend: &Legend| {
        let [left, top, right, bottom] = legend.rect();
        legend.texts().count() == all.len() && right - left <= width as f32 && bottom - top <= height as f32
    };
    let smallest = MIN_LEGEND_PT / LEGEND_PT;
    let first = options.columns.clamp(1, 8);
    for factor in [1.0, 0.9, 0.8, smallest] {
        for columns in first..=8 {
            let legend = plan(s * factor, columns, height as f32)?;
            if fits(&legend) {
                return Some((legend, Vec::new()));
            }
            let [left, _, right, _] = legend.rect();
            if right - left > width as f32 {
                break;
            }
        }
    }
    // Nothing fits whole: the smallest type, in the most columns that fit across, shows most.
    let best = (first..=8)
        .filter_map(|columns| plan(s * smallest, columns, height as f32))
        .filter(|legend| legend.rect()[2] - legend.rect()[0] <= width as f32)
        .max_by_key(|legend| legend.texts().count())
        .or_else(|| plan(s * smallest, first, height as f32))?;
    let shown = best.texts().count();
    Some((best, all[shown.min(all.len())..].to_vec()))
}
