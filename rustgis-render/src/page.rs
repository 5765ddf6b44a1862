//! Print layouts drawn: the page is written as SVG (each map frame a nested SVG of the map, the
//! legend, title, text, scale bar and north arrow laid out in their boxes, text as text), then
//! kept as SVG, turned into PDF through svg2pdf, or drawn into a PNG by resvg at the layout's dpi.

use rustgis_core::{Color, Extent, ItemKind, PageFormat, PrintLayout, Project};

use crate::draw::Frame;
use crate::error::{Error, Result};
use crate::furniture;
use crate::geom::Bbox;
use crate::legend::{Legend, LegendOptions, ScaleBar};
use crate::svg::{Anchor, Svg, parse, path_of, write};
use crate::text::Font;
use crate::view::{Planned, View, plan};
use crate::watch::Watch;

/// Draws a layout's page as PDF, SVG or PNG bytes.
pub fn render_layout(project: &Project, layout: &PrintLayout, format: PageFormat) -> Result<Vec<u8>> {
    let svg = render_layout_svg(project, layout)?;
    match format {
        PageFormat::Svg => Ok(svg.into_bytes()),
        PageFormat::Pdf => {
            let tree = parse(&svg)?;
            let page = svg2pdf::PageOptions { dpi: layout.dpi };
            svg2pdf::to_pdf(&tree, svg2pdf::ConversionOptions::default(), page)
                .map_err(|e| Error::Internal(format!("cannot write the PDF: {e}")))
        }
        _ => {
            let tree = parse(&svg)?;
            let (width, height) = layout.size_px();
            let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height).ok_or(Error::Size { width, height })?;
            pixmap.fill(resvg::tiny_skia::Color::WHITE);
            resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
            pixmap.encode_png().map_err(|e| Error::Internal(format!("cannot encode the page as PNG: {e}")))
        }
    }
}

/// The layout's page as an SVG document, `size_px` at the layout's dpi.
pub fn render_layout_svg(project: &Project, layout: &PrintLayout) -> Result<String> {
    let (width, height) = layout.size_px();
    let px = |mm: f64| (mm / 25.4 * f64::from(layout.dpi)) as f32;
    let s = layout.dpi / 96.0;
    // Map frames show the data; the layout has its own furniture.
    let mut bare = project.clone();
    bare.view.furniture = rustgis_core::Furniture::default();
    let font = Font::dejavu()?;
    let mut svg = Svg::new_page(width, height);
    svg.rect([0.0, 0.0, width as f32, height as f32], Some(Color::rgb(255, 255, 255)), None);
    // The first map frame: what the scale bar, north arrow, legend and overview refer to.
    let mut main: Option<(Planned<'_>, [f32; 4])> = None;
    for item in &layout.items {
        let [x, y, w, h] = item.rect_mm;
        let rect = [px(x), px(y), px(x + w), px(y + h)];
        let (w_px, h_px) = ((rect[2] - rect[0]).round().max(1.0) as u32, (rect[3] - rect[1]).round().max(1.0) as u32);
        match &item.kind {
            ItemKind::Map { extent } => {
                let view = View {
                    width: w_px,
                    height: h_px,
                    extent: extent.and_then(Extent::from_bbox),
                    dpi: layout.dpi,
                    ..View::default()
                };
                let mut planned = plan(&bare, &view, &Watch::none())?;
                svg.raw(&nested(&write(&mut planned, &view)?, rect));
                svg.rect(rect, None, Some((Color::rgb(0x33, 0x33, 0x33), s)));
                if main.is_none() {
                    main = Some((planned, rect));
                }
            }
            ItemKind::Overview => {
                let whole = bare.extent_in(bare.view.crs);
                let view = View { width: w_px, height: h_px, extent: whole, dpi: layout.dpi / 2.0, ..View::default() };
                let mut planned = plan(&bare, &view, &Watch::none())?;
                svg.raw(&nested(&write(&mut planned, &view)?, rect));
                if let Some((main, _)) = &main {
                    let shown = main.frame.map_box();
                    let corners = [
                        [shown.min_x, shown.min_y],
                        [shown.max_x, shown.min_y],
                        [shown.max_x, shown.max_y],
                        [shown.min_x, shown.max_y],
                    ];
                    let points = corners.iter().map(|p| {
                        let (px_x, px_y) = planned.frame.px(*p);
                        (px_x + rect[0], px_y + rect[1])
                    });
                    svg.path(&path_of(points, true), None, Some((Color::rgb(0xd7, 0x19, 0x1c), 1.5 * s, 1.0)), &[]);
                }
                svg.rect(rect, None, Some((Color::rgb(0x33, 0x33, 0x33), s)));
            }
            ItemKind::Legend { title } => {
                let Some((main, _)) = &main else { continue };
                let frame = Frame::fit(&Bbox::new(0.0, 0.0, 1.0, 1.0), w_px, h_px, s);
                let options = LegendOptions { title: title.as_deref(), all_layers: false };
                if let Some(mut legend) = Legend::plan(&main.scene, &frame, &font, &options) {
                    legend.place(
                        rustgis_core::Corner::TopLeft,
                        [rect[0] - 10.0 * s, rect[1] - 10.0 * s, rect[2], rect[3]],
                        s,
                    );
                    legend.svg(&mut svg);
                }
            }
            ItemKind::Title { text } => {
                let size = (rect[3] - rect[1]) * 0.7;
                let layout_text = font.layout(text, size);
                let x = rect[0] + ((rect[2] - rect[0]) - layout_text.width).max(0.0) / 2.0;
                let baseline = rect[1] + (rect[3] - rect[1] + layout_text.ascent - layout_text.descent) / 2.0;
                svg.text(text, x, baseline, size, Color::rgb(0x22, 0x22, 0x22), None, Anchor::Start);
            }
            ItemKind::Text { text, size_pt } => {
                let size = size_pt.unwrap_or(10.0) / 72.0 * layout.dpi;
                let layout_text = font.layout(text, size);
                svg.text(
                    text,
                    rect[0],
                    rect[1] + layout_text.ascent,
                    size,
                    Color::rgb(0x33, 0x33, 0x33),
                    None,
                    Anchor::Start,
                );
            }
            ItemKind::ScaleBar => {
                let Some((main, _)) = &main else { continue };
                if let Some(mut bar) = ScaleBar::plan(&main.scene, &main.frame, &font) {
                    let [_, _, right, bottom] = bar.rect();
                    bar.shift(rect[2] - right, rect[3] - bottom);
                    bar.svg(&mut svg);
                }
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
                svg.north_arrow(&arrow, size, Some(&font));
            }
            _ => {}
        }
    }
    Ok(svg.finish())
}

/// A map's SVG document nested at `rect` of the page (an inner `<svg>` clips to its box).
fn nested(svg: &str, rect: [f32; 4]) -> String {
    let root = "<svg xmlns=\"http://www.w3.org/2000/svg\" ";
    let placed = format!("<svg x=\"{}\" y=\"{}\" ", rect[0], rect[1]);
    svg.replacen(root, &placed, 1)
}
