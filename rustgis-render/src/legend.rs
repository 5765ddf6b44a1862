//! The legend (a swatch and a label per layer, category or class) and the scale bar.

use rustgis_core::{Color, GeometryKind, Style, Symbol};
use tiny_skia::{FillRule, PathBuilder, Pixmap, Rect, Stroke, Transform};

use crate::draw::{Frame, add_marker, paint_of, to_skia};
use crate::geom::Bbox;
use crate::scene::{Scene, SceneLayer};
use crate::text::{Font, Layout, TextPaint};

/// The most rows a categorized layer shows before "… n more".
const MAX_ROWS: usize = 12;

/// The most columns a legend takes to fit an image's height.
const MAX_COLUMNS: usize = 8;

/// One row of the legend.
struct Row {
    swatch: Option<(GeometryKind, Symbol)>,
    text: String,
    heading: bool,
    /// A stop of a continuous ramp: its colour. Consecutive stops are drawn as one bar whose
    /// colour runs from stop to stop, with a tick at each stop's label.
    stop: Option<Color>,
    /// A circle of a proportional-size legend. Consecutive ring rows are drawn as nested
    /// circles standing on the last row's bottom, each with a leader to its row's text.
    ring: Option<Ring>,
}

/// A circle of a nested-circles block, placed: centre and radius in pixels, and its leader.
struct Circle {
    centre: (f32, f32),
    radius: f32,
    symbol: Symbol,
    leader: [(f32, f32); 2],
}

/// One circle of a nested-circles legend.
#[derive(Debug, Clone)]
struct Ring {
    /// The circle's diameter in nominal pixels (0 for a row that only makes room).
    diameter: f32,
    /// The largest diameter of its block, which sets the width the circles take.
    block: f32,
    /// Its fill and outline.
    symbol: Symbol,
}

/// A legend laid out in the bottom-left corner, ready to draw.
pub(crate) struct Legend {
    rows: Vec<Row>,
    layouts: Vec<Layout>,
    /// Where each row goes: its x offset from the legend's left padding and its line (from the top).
    cells: Vec<(f32, usize)>,
    x0: f32,
    y0: f32,
    width: f32,
    height: f32,
    row_h: f32,
    pad: f32,
    scale: f32,
    /// The map's background, which a see-through swatch is drawn over as the map draws its layer
    /// (`None` when the background is transparent).
    backdrop: Option<Color>,
    /// The rows the image had no room for, even in more columns.
    pub(crate) left_out: Vec<String>,
}

/// What a legend lists.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct LegendOptions<'a> {
    /// A heading over every row.
    pub title: Option<&'a str>,
    /// Every visible layer, not only those styled by data.
    pub all_layers: bool,
    /// The rows are set in this many columns, side by side under the heading (0 or 1: one).
    pub columns: usize,
    /// The map's box: layers wholly outside it are not listed (`None`: every layer).
    pub view: Option<Bbox>,
    /// Type and swatches at this multiple of their size at the dpi (0 or 1: as they are); a map
    /// view sets it from the image's size ([`size_for_image`]).
    pub size: f32,
    /// Add columns (up to 8) when the rows are more than the frame's height holds (a map's
    /// legend); a layout's legend is fitted to its box by `page.rs` instead.
    pub more_columns: bool,
}

/// How large a legend's type and swatches are on an image of `width` × `height` pixels at
/// `dpi_scale`, by the image's geometric mean side at 96 dpi: as they are (11 px type) from 700
/// to 850 px (1000 × 600), in proportion above (up to 1.6 times: 14.6 px on 1600 × 800) and below
/// (down to 0.85 times), so the legend is readable on a large map and leaves the data of a small
/// one.
pub(crate) fn size_for_image(width: u32, height: u32, dpi_scale: f32) -> f32 {
    let nominal = (f64::from(width) * f64::from(height)).sqrt() / f64::from(dpi_scale.max(0.01));
    let factor = if nominal < 700.0 {
        nominal / 700.0
    } else if nominal > 850.0 {
        nominal / 850.0
    } else {
        1.0
    };
    (factor as f32).clamp(0.85, 1.6)
}

impl Legend {
    /// Lays out the legend of the scene's visible layers: those styled by data (categorized or
    /// graduated) unless `options` asks for all or none is; `None` when there is nothing to show.
    pub(crate) fn plan(scene: &Scene, frame: &Frame, font: &Font, options: &LegendOptions<'_>) -> Option<Legend> {
        let s = frame.dpi_scale * if options.size > 0.0 { options.size } else { 1.0 };
        let denominator = crate::symbology::scale_denominator(scene.crs, frame);
        let mut rows = rows_for(scene, options.view.as_ref(), options, denominator);
        if rows.is_empty() {
            return None;
        }
        let (pad, row_h, gap) = (8.0 * s, 17.0 * s, 14.0 * s);
        // The headings at the top (the legend's, a single layer's) span the columns; the other
        // rows fill them top to bottom.
        let title_rows = rows.iter().take_while(|r| r.heading).count().min(rows.len().saturating_sub(1));
        let max_lines = (((frame.height as f32 - 2.0 * pad - 20.0 * s) / row_h).floor() as usize).max(1);
        let body_lines = max_lines.saturating_sub(title_rows).max(1);
        // Rows the image is too short for go into more columns (up to 8); what still does not
        // fit is left out and named.
        let body = rows.len().saturating_sub(title_rows);
        let needed = if options.more_columns { body.div_ceil(body_lines).min(MAX_COLUMNS) } else { 1 };
        let columns = options.columns.max(1).max(needed);
        let max_body = body_lines * columns;
        let left_out: Vec<String> = if rows.len() > title_rows + max_body {
            rows.drain(title_rows + max_body..).map(|r| r.text).collect()
        } else {
            Vec::new()
        };
        let layouts: Vec<Layout> =
            rows.iter().map(|r| font.layout(&r.text, if r.heading { 12.0 * s } else { 11.0 * s })).collect();
        let row_width = |r: &Row, l: &Layout| {
            l.width
                + if let Some(ring) = &r.ring {
                    (ring.block + 8.0) * s
                } else if r.stop.is_some() {
                    27.0 * s
                } else if r.swatch.is_some() && !r.heading {
                    24.0 * s
                } else {
                    0.0
                }
        };
        let body = rows.len().saturating_sub(title_rows);
        let per_column = body.div_ceil(columns).max(1);
        let mut column_widths = vec![0.0f32; body.div_ceil(per_column).max(1)];
        for (i, (row, layout)) in rows.iter().zip(&layouts).enumerate().skip(title_rows) {
            let column = (i - title_rows) / per_column;
            column_widths[column] = column_widths[column].max(row_width(row, layout));
        }
        let mut column_x = Vec::with_capacity(column_widths.len());
        let mut x = 0.0;
        for width in &column_widths {
            column_x.push(x);
            x += width + gap;
        }
        let body_width = x - gap;
        let cells: Vec<(f32, usize)> = (0..rows.len())
            .map(|i| match i.checked_sub(title_rows) {
                None => (0.0, i),
                Some(b) => (column_x[b / per_column], title_rows + b % per_column),
            })
            .collect();
        let title_width = rows.iter().zip(&layouts).take(title_rows).map(|(r, l)| row_width(r, l)).fold(0.0, f32::max);
        let width = body_width.max(title_width) + 2.0 * pad;
        let lines = title_rows + if body > 0 { per_column } else { 0 };
        let height = lines as f32 * row_h + 2.0 * pad;
        let (x0, y0) = (10.0 * s, frame.height as f32 - 10.0 * s - height);
        let backdrop = (scene.background.a > 0).then_some(scene.background);
        Some(Legend { rows, layouts, cells, x0, y0, width, height, row_h, pad, scale: s, backdrop, left_out })
    }

    /// The box the legend covers, which labels keep clear of.
    pub(crate) fn rect(&self) -> [f32; 4] {
        [self.x0, self.y0, self.x0 + self.width, self.y0 + self.height]
    }

    /// The rows' texts, top to bottom and column by column, headings included.
    pub(crate) fn texts(&self) -> impl Iterator<Item = &str> {
        self.rows.iter().map(|r| r.text.as_str())
    }

    /// Moves the legend to a corner of the map's rectangle (pixels), 10 px in (at 96 dpi);
    /// [`Corner::Auto`](rustgis_core::Corner::Auto) picks the corner where it hides the least of
    /// the scene's data. Bottom corners leave room for a line of credits.
    pub(crate) fn place(
        &mut self,
        corner: rustgis_core::Corner,
        map_rect: [f32; 4],
        dpi_scale: f32,
        data: (&Scene, &Frame),
    ) {
        use rustgis_core::Corner;
        let inset = 10.0 * dpi_scale;
        let (left, right) = (map_rect[0] + inset, map_rect[2] - inset - self.width);
        let (top, bottom) = (map_rect[1] + inset, map_rect[3] - inset - 12.0 * dpi_scale - self.height);
        let at = |corner: Corner| match corner {
            Corner::TopLeft => (left, top),
            Corner::TopRight => (right, top),
            Corner::BottomRight => (right, bottom),
            _ => (left, bottom),
        };
        let corner = match corner {
            Corner::Auto => {
                let (scene, frame) = data;
                // The first of the least covered, in the order a reader looks for a legend.
                let order = [Corner::BottomLeft, Corner::BottomRight, Corner::TopRight, Corner::TopLeft];
                let covered = order.map(|c| {
                    let (x, y) = at(c);
                    data_under(scene, frame, [x, y, x + self.width, y + self.height])
                });
                let least = covered.iter().copied().min().unwrap_or(0);
                order[covered.iter().position(|&c| c == least).unwrap_or(0)]
            }
            corner => corner,
        };
        (self.x0, self.y0) = at(corner);
    }

    /// Draws the legend: a white box, then a swatch and a label per row.
    pub(crate) fn draw(&self, pixmap: &mut Pixmap, font: &mut Font) {
        let s = self.scale;
        if let Some(rect) = Rect::from_xywh(self.x0, self.y0, self.width, self.height) {
            let path = PathBuilder::from_rect(rect);
            let background = paint_of(Color::rgb(255, 255, 255), 1.0);
            pixmap.fill_path(&path, &background, FillRule::Winding, Transform::identity(), None);
            let stroke = Stroke { width: 1.0, ..Stroke::default() };
            pixmap.stroke_path(
                &path,
                &paint_of(Color::rgb(0x99, 0x99, 0x99), 1.0),
                &stroke,
                Transform::identity(),
                None,
            );
        }
        let text_paint = TextPaint { color: to_skia(Color::rgb(0x22, 0x22, 0x22), 1.0), halo: None, halo_width: 0.0 };
        for ((row, layout), (dx, line)) in self.rows.iter().zip(&self.layouts).zip(&self.cells) {
            let middle = self.y0 + self.pad + *line as f32 * self.row_h + self.row_h / 2.0;
            let mut x = self.x0 + self.pad + dx;
            if let (Some((kind, symbol)), false) = (&row.swatch, row.heading) {
                let rect = [x, middle - 6.0 * s, 18.0 * s, 12.0 * s];
                if let (Some(backdrop), true) = (self.backdrop, symbol.opacity < 1.0)
                    && let Some(tile) = Rect::from_xywh(rect[0], rect[1], rect[2], rect[3])
                {
                    pixmap.fill_rect(tile, &paint_of(backdrop, 1.0), Transform::identity(), None);
                }
                draw_swatch(pixmap, *kind, symbol, rect, s);
                x += 24.0 * s;
            }
            if row.stop.is_some() {
                x += 27.0 * s;
            }
            if let Some(ring) = &row.ring {
                x += (ring.block + 8.0) * s;
            }
            let baseline = middle + (layout.ascent - layout.descent) / 2.0;
            font.draw(pixmap, layout, x, baseline, 0.0, &text_paint);
        }
        for ([l, t, r, b], color) in self.bar_strips() {
            if let Some(rect) = Rect::from_ltrb(l, t, r, b) {
                pixmap.fill_rect(rect, &paint_of(color, 1.0), Transform::identity(), None);
            }
        }
        let leader = paint_of(Color::rgb(0x55, 0x55, 0x55), 1.0);
        let thin = Stroke { width: (0.8 * s).max(0.5), ..Stroke::default() };
        for circle in self.circles() {
            let Some(path) = PathBuilder::from_circle(circle.centre.0, circle.centre.1, circle.radius) else {
                continue;
            };
            let symbol = &circle.symbol;
            let fill = symbol.fill.unwrap_or(Color::rgb(0xcc, 0xcc, 0xcc));
            pixmap.fill_path(&path, &paint_of(fill, symbol.opacity), FillRule::Winding, Transform::identity(), None);
            let outline = paint_of(symbol.stroke.unwrap_or(Color::rgb(0x33, 0x33, 0x33)), 1.0);
            pixmap.stroke_path(&path, &outline, &thin, Transform::identity(), None);
            let mut line = PathBuilder::new();
            line.move_to(circle.leader[0].0, circle.leader[0].1);
            line.line_to(circle.leader[1].0, circle.leader[1].1);
            if let Some(line) = line.finish() {
                pixmap.stroke_path(&line, &leader, &thin, Transform::identity(), None);
            }
        }
    }

    /// The circles of nested-circle blocks, largest first so smaller ones are drawn on top: each
    /// block's consecutive ring rows in one column, the circles standing on the bottom of its
    /// last row, with a leader from each circle's top to its row's text.
    fn circles(&self) -> Vec<Circle> {
        let s = self.scale;
        let mut circles = Vec::new();
        let mut i = 0;
        while i < self.rows.len() {
            let Some(first) = &self.rows[i].ring else {
                i += 1;
                continue;
            };
            let (dx, line) = self.cells[i];
            let mut j = i + 1;
            while j < self.rows.len()
                && self.rows[j].ring.is_some()
                && self.cells[j].0 == dx
                && self.cells[j].1 == line + (j - i)
            {
                j += 1;
            }
            let left = self.x0 + self.pad + dx;
            let bottom = self.y0 + self.pad + (self.cells[j - 1].1 + 1) as f32 * self.row_h - 2.0 * s;
            let centre_x = left + first.block * s / 2.0;
            let text_x = left + (first.block + 6.0) * s;
            for k in i..j {
                let Some(ring) = self.rows[k].ring.as_ref().filter(|r| r.diameter > 0.0) else { continue };
                let radius = ring.diameter * s / 2.0;
                let middle = self.y0 + self.pad + self.cells[k].1 as f32 * self.row_h + self.row_h / 2.0;
                circles.push(Circle {
                    centre: (centre_x, bottom - radius),
                    radius,
                    symbol: ring.symbol.clone(),
                    leader: [(centre_x, bottom - 2.0 * radius), (text_x, middle)],
                });
            }
            i = j;
        }
        circles.sort_by(|a, b| b.radius.total_cmp(&a.radius));
        circles
    }

    /// A continuous ramp's bar, as strips of one colour a pixel (at the dpi) high, and the tick
    /// at each stop: for each run of consecutive stop rows in a column, from the top of the first
    /// to the bottom of the last, the colour running linearly from stop to stop between their
    /// rows' middles.
    fn bar_strips(&self) -> Vec<([f32; 4], Color)> {
        let s = self.scale;
        let mut strips = Vec::new();
        let mut i = 0;
        while i < self.rows.len() {
            let Some(first) = self.rows[i].stop else {
                i += 1;
                continue;
            };
            let (dx, line) = self.cells[i];
            let mut run = vec![(line, first)];
            let mut j = i + 1;
            while j < self.rows.len() && self.cells[j].0 == dx && self.cells[j].1 == line + run.len() {
                match self.rows[j].stop {
                    Some(color) => run.push((self.cells[j].1, color)),
                    None => break,
                }
                j += 1;
            }
            let left = self.x0 + self.pad + dx;
            let middle = |line: usize| self.y0 + self.pad + line as f32 * self.row_h + self.row_h / 2.0;
            let (top, bottom) = (
                middle(run[0].0) - self.row_h / 2.0 + 2.0 * s,
                middle(run[run.len() - 1].0) + self.row_h / 2.0 - 2.0 * s,
            );
            let step = s.max(0.5);
            let mut y = top;
            while y < bottom {
                let centre = y + step / 2.0;
                let color = match run.iter().position(|(line, _)| middle(*line) >= centre) {
                    None => run[run.len() - 1].1,
                    Some(0) => run[0].1,
                    Some(k) => {
                        let (a, b) = (middle(run[k - 1].0), middle(run[k].0));
                        mix(run[k - 1].1, run[k].1, (centre - a) / (b - a))
                    }
                };
                strips.push(([left, y, left + 18.0 * s, (y + step).min(bottom)], color));
                y += step;
            }
            for (line, _) in &run {
                let y = middle(*line);
                strips
                    .push(([left + 18.0 * s, y - 0.5 * s, left + 21.0 * s, y + 0.5 * s], Color::rgb(0x22, 0x22, 0x22)));
            }
            i = j;
        }
        strips
    }
}

/// `a` to `b` by `t` (0–1), channel by channel.
fn mix(a: Color, b: Color, t: f32) -> Color {
    let t = t.clamp(0.0, 1.0);
    let level = |x: u8, y: u8| (f32::from(x) + (f32::from(y) - f32::from(x)) * t).round() as u8;
    Color { r: level(a.r, b.r), g: level(a.g, b.g), b: level(a.b, b.b), a: level(a.a, b.a) }
}

/// How much data a box of the image (pixels) would hide: of a 12 × 8 grid of cells over it, how
/// many hold a point or a line's vertex, or have their centre inside a polygon (or a raster).
fn data_under(scene: &Scene, frame: &Frame, [x0, y0, x1, y1]: [f32; 4]) -> usize {
    const COLUMNS: usize = 12;
    const ROWS: usize = 8;
    let map_x = |px: f32| frame.left + f64::from(px) / frame.scale;
    let map_y = |py: f32| frame.top - f64::from(py) / frame.scale;
    let area = Bbox::new(map_x(x0), map_y(y1), map_x(x1), map_y(y0));
    let (cell_w, cell_h) = (area.width() / COLUMNS as f64, area.height() / ROWS as f64);
    if !(cell_w > 0.0 && cell_h > 0.0) {
        return 0;
    }
    let mut covered = [[false; COLUMNS]; ROWS];
    let mut mark = |p: crate::geom::Pt| {
        if area.contains(p) {
            let column = (((p[0] - area.min_x) / cell_w) as usize).min(COLUMNS - 1);
            let row = (((area.max_y - p[1]) / cell_h) as usize).min(ROWS - 1);
            covered[row][column] = true;
        }
    };
    let mut found = Vec::new();
    let mut rasters = false;
    let mut polygons: Vec<&crate::scene::SceneFeature> = Vec::new();
    for layer in &scene.layers {
        if layer.raster.is_some() || layer.web.is_some() {
            rasters |= layer.extent_on_map.is_none_or(|e| e.intersects(&area));
            continue;
        }
        layer.features_in(&area, &mut found);
        for &i in &found {
            let feature = &layer.features[i];
            feature.points.iter().for_each(|p| mark(*p));
            for line in &feature.lines {
                line.points().iter().for_each(|p| mark(*p));
            }
            if !feature.rings.is_empty() {
                feature.rings.iter().for_each(|ring| ring.points().iter().for_each(|p| mark(*p)));
                polygons.push(feature);
            }
        }
    }
    if rasters {
        return COLUMNS * ROWS;
    }
    for (row, cells) in covered.iter_mut().enumerate() {
        for (column, cell) in cells.iter_mut().enumerate() {
            let centre = [area.min_x + (column as f64 + 0.5) * cell_w, area.max_y - (row as f64 + 0.5) * cell_h];
            *cell = *cell || polygons.iter().any(|f| inside_rings(f, centre));
        }
    }
    covered.iter().flatten().filter(|c| **c).count()
}

/// Whether `p` is inside a feature's rings (even-odd, as they are drawn).
fn inside_rings(feature: &crate::scene::SceneFeature, p: crate::geom::Pt) -> bool {
    if !feature.bbox.contains(p) {
        return false;
    }
    let mut inside = false;
    for ring in &feature.rings {
        let points = ring.points();
        for (a, b) in points.iter().zip(points.iter().cycle().skip(1)) {
            if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < a[0] + (p[1] - a[1]) / (b[1] - a[1]) * (b[0] - a[0]) {
                inside = !inside;
            }
        }
    }
    inside
}

/// The rows `options` asks for, of the layers that show in `view` (the map's box; `None`: all):
/// a heading, then the layers styled by data (categorized or graduated, rasters drawn by value),
/// or every such layer when asked or when none is styled by data. One heading names what a
/// single explained layer shows: the given title, else the layer's title, else its field.
/// Empty when there are no layers to list.
fn rows_for(scene: &Scene, view: Option<&Bbox>, options: &LegendOptions<'_>, denominator: Option<f64>) -> Vec<Row> {
    let shown: Vec<&SceneLayer> = scene
        .layers
        .iter()
        .filter(|l| match (view, &l.extent_on_map) {
            (Some(view), Some(extent)) => extent.intersects(view),
            _ => true,
        })
        .map(|l| &**l)
        .collect();
    // Each raster layer's rows, made once: they say whether it is explained, then are listed.
    let raster: Vec<Option<RasterRows>> = shown.iter().map(|l| raster_rows(l)).collect();
    let by_data = shown.iter().zip(&raster).filter(|(l, r)| l.style.is_by_data() || r.is_some()).count();
    let all_layers = options.all_layers || by_data == 0;
    let heading = match (by_data, options.title) {
        (1, Some(_)) if !options.all_layers => Heading::Given,
        (1, None) if !options.all_layers => Heading::Own,
        _ => Heading::Qualified,
    };
    let mut rows = legend_rows(&shown, raster, all_layers, heading, denominator);
    if let (Some(title), false) = (options.title, rows.is_empty()) {
        rows.insert(0, Row { swatch: None, text: title.to_owned(), heading: true, stop: None, ring: None });
    }
    rows
}

/// How a layer explained by the legend is headed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Heading {
    /// Not at all: the legend's given title names it (the one layer explained).
    Given,
    /// By its title, else its field alone (the one layer explained).
    Own,
    /// By its title, else its name and field (one of several).
    Qualified,
}

/// A layer's heading: its title, else (with other layers beside it) its name and the field it is
/// styled by, else the field; `None` when the legend's own title stands for it.
fn heading(layer: &SceneLayer, field: &str, how: Heading) -> Option<String> {
    match how {
        Heading::Given => None,
        Heading::Own => Some(layer.title.clone().unwrap_or_else(|| field.to_owned())),
        Heading::Qualified => Some(layer.title.clone().unwrap_or_else(|| format!("{} ({field})", layer.name))),
    }
}

/// The rows of `layers` (top layer first), with `raster` the rows of each one's raster
/// ([`raster_rows`]).
fn legend_rows(
    layers: &[&SceneLayer],
    raster: Vec<Option<RasterRows>>,
    all_layers: bool,
    how: Heading,
    denominator: Option<f64>,
) -> Vec<Row> {
    let mut rows = Vec::new();
    let head = |rows: &mut Vec<Row>, layer: &SceneLayer, field: &str| {
        if let Some(text) = heading(layer, field, how) {
            rows.push(Row { swatch: None, text, heading: true, stop: None, ring: None });
        }
    };
    for (layer, raster) in layers.iter().zip(raster).rev() {
        if layer.raster.is_some() {
            if let Some(RasterRows { field, rows: values }) = raster {
                head(&mut rows, layer, &field);
                rows.extend(values);
            }
            continue;
        }
        if !(all_layers || layer.style.is_by_data()) {
            continue;
        }
        let kind = if layer.kind == GeometryKind::Mixed { GeometryKind::Polygon } else { layer.kind };
        if kind == GeometryKind::None {
            continue;
        }
        match &layer.style {
            Style::Categorized { field, categories, default } => {
                head(&mut rows, layer, field);
                for c in categories.iter().take(MAX_ROWS) {
                    rows.push(Row {
                        swatch: Some((kind, c.symbol.clone())),
                        text: c.label.clone(),
                        heading: false,
                        stop: None,
                        ring: None,
                    });
                }
                if categories.len() > MAX_ROWS {
                    let more = categories.len() - MAX_ROWS;
                    rows.push(Row {
                        swatch: None,
                        text: format!("… {more} more"),
                        heading: false,
                        stop: None,
                        ring: None,
                    });
                }
                if uses_default(layer) {
                    rows.push(Row {
                        swatch: Some((kind, default.clone())),
                        text: "other".to_owned(),
                        heading: false,
                        stop: None,
                        ring: None,
                    });
                }
            }
            Style::Graduated { field, classes, default, .. } => {
                head(&mut rows, layer, field);
                for c in classes {
                    rows.push(Row {
                        swatch: Some((kind, c.symbol.clone())),
                        text: c.label.clone(),
                        heading: false,
                        stop: None,
                        ring: None,
                    });
                }
                if uses_default(layer) {
                    rows.push(Row {
                        swatch: Some((kind, default.clone())),
                        text: "no value".to_owned(),
                        heading: false,
                        stop: None,
                        ring: None,
                    });
                }
            }
            Style::Rules { rules } => {
                if how != Heading::Given {
                    let text = layer.title.clone().unwrap_or_else(|| layer.name.clone());
                    rows.push(Row { swatch: None, text, heading: true, stop: None, ring: None });
                }
                for rule in rules.iter().filter(|r| denominator.is_none_or(|d| r.in_scale(d))) {
                    rows.push(Row {
                        swatch: Some((kind, rule.symbol.clone())),
                        text: rule.label.clone(),
                        heading: false,
                        stop: None,
                        ring: None,
                    });
                }
            }
            other => {
                rows.push(Row {
                    swatch: Some((kind, other.base_symbol().clone())),
                    text: layer.title.clone().unwrap_or_else(|| layer.name.clone()),
                    heading: false,
                    stop: None,
                    ring: None,
                });
            }
        }
        rows.extend(data_defined_rows(layer, kind));
    }
    rows
}

/// The rows that explain a layer's data-defined properties: its sizes as nested circles (a few
/// features' sizes with the values they come from), then a line naming each other property's
/// expression.
fn data_defined_rows(layer: &SceneLayer, kind: GeometryKind) -> Vec<Row> {
    let mut rows = Vec::new();
    let symbol = layer.symbols.first().cloned().unwrap_or_else(|| Symbol::for_kind(kind, Color::rgb(0x99, 0x99, 0x99)));
    if let Some(&(largest, _)) = layer.size_legend.first() {
        // Rows that only make room, so the largest circle stands within the block.
        let spacers = ((largest / 17.0).ceil() as usize).saturating_sub(layer.size_legend.len());
        let ring = |diameter: f32| Some(Ring { diameter, block: largest, symbol: symbol.clone() });
        for _ in 0..spacers {
            rows.push(Row { swatch: None, text: String::new(), heading: false, stop: None, ring: ring(0.0) });
        }
        for (size, text) in &layer.size_legend {
            rows.push(Row { swatch: None, text: text.clone(), heading: false, stop: None, ring: ring(*size) });
        }
    }
    let defined = &symbol.data_defined;
    for property in rustgis_core::Property::ALL {
        let Some(expression) = defined.get(property).filter(|_| property != rustgis_core::Property::Size) else {
            continue;
        };
        let clipped: String = expression.chars().take(40).collect();
        let more = if expression.chars().count() > 40 { "…" } else { "" };
        rows.push(Row {
            swatch: None,
            text: format!("{} by {clipped}{more}", property.name()),
            heading: false,
            stop: None,
            ring: None,
        });
    }
    rows
}

/// The rows of a raster layer drawn by value: a pseudocolour ramp (its classes, or, continuous,
/// a bar with five stops from the top of the range down) or a palette; `None` for other raster
/// styles and vector layers.
fn raster_rows(layer: &SceneLayer) -> Option<RasterRows> {
    use rustgis_core::raster::RasterMode;
    let (raster, _) = layer.raster.as_ref()?;
    let swatch = |color: Color| Some((GeometryKind::Polygon, Symbol::for_kind(GeometryKind::Polygon, color)));
    let row = |color: Color, text: String| Row { swatch: swatch(color), text, heading: false, stop: None, ring: None };
    let mut rows = Vec::new();
    let field;
    match &raster.style.mode {
        RasterMode::Pseudocolor { band, ramp, min, max, classes } => {
            let ramp = rustgis_core::ramps::Ramp::by_name(ramp).ok()?;
            field = format!("band {band}");
            match classes {
                Some(n) => {
                    let colors = crate::raster::class_colors(&ramp, *n);
                    let step = (max - min) / *n as f64;
                    for (i, color) in colors.iter().enumerate().rev() {
                        let (low, high) = (min + step * i as f64, min + step * (i + 1) as f64);
                        rows.push(row(*color, format!("{} – {}", number(low), number(high))));
                    }
                }
                None => {
                    for i in (0..5).rev() {
                        let t = f64::from(i) / 4.0;
                        let text = number(min + (max - min) * t);
                        rows.push(Row { swatch: None, text, heading: false, stop: Some(ramp.at(t)), ring: None });
                    }
                }
            }
        }
        RasterMode::Palette { band, entries } => {
            field = format!("band {band}");
            for entry in entries.iter().take(MAX_ROWS) {
                rows.push(row(entry.color, entry.label.clone()));
            }
            if entries.len() > MAX_ROWS {
                let more = entries.len() - MAX_ROWS;
                rows.push(Row {
                    swatch: None, text: format!("… {more} more"), heading: false, stop: None, ring: None
                });
            }
        }
        _ => return None,
    }
    Some(RasterRows { field, rows })
}

/// A raster layer's rows below its heading, and what the heading names (`band 1`).
struct RasterRows {
    /// What the layer is drawn by, for its heading.
    field: String,
    /// The values and their colours.
    rows: Vec<Row>,
}

/// A value for a legend: whole above 100, else to two decimals without trailing zeros.
pub(crate) fn number(value: f64) -> String {
    if value.abs() >= 100.0 {
        format!("{value:.0}")
    } else {
        let text = format!("{value:.2}");
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

/// Whether some feature is drawn with the style's default symbol (the last one).
fn uses_default(layer: &SceneLayer) -> bool {
    let default = layer.symbols.len() - 1;
    layer.features.iter().any(|f| f.symbol == default)
}

/// Draws a symbol in a box `[x, y, w, h]`: a filled rectangle, a line or a marker.
fn draw_swatch(pixmap: &mut Pixmap, kind: GeometryKind, symbol: &Symbol, rect: [f32; 4], s: f32) {
    let [x, y, w, h] = rect;
    let middle = y + h / 2.0;
    let stroke_width = (symbol.width * s).clamp(0.0, 3.0 * s);
    let stroke = (stroke_width > 0.0).then(|| Stroke { width: stroke_width, ..Stroke::default() });
    let mut builder = PathBuilder::new();
    match kind {
        GeometryKind::Point => add_marker(&mut builder, symbol.marker, x + w / 2.0, middle, symbol.size.min(12.0) * s),
        GeometryKind::LineString => {
            builder.move_to(x, middle);
            builder.line_to(x + w, middle);
        }
        _ => {
            if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                builder.push_rect(rect);
            }
        }
    }
    let Some(path) = builder.finish() else { return };
    if kind != GeometryKind::LineString
        && let Some(fill) = symbol.fill
    {
        pixmap.fill_path(&path, &paint_of(fill, symbol.opacity), FillRule::Winding, Transform::identity(), None);
    }
    if let (Some(color), Some(stroke)) = (symbol.stroke, stroke) {
        let stroke =
            if kind == GeometryKind::LineString { Stroke { width: stroke.width.max(1.5), ..stroke } } else { stroke };
        pixmap.stroke_path(&path, &paint_of(color, symbol.opacity), &stroke, Transform::identity(), None);
    }
}

/// A title and subtitle centred at the top of the map on a pale band, ready to draw.
pub(crate) struct Title {
    lines: Vec<Layout>,
    /// The text of each line (for vector output).
    texts: Vec<(String, f32)>,
    band: [f32; 4],
    baselines: Vec<f32>,
    width: f32,
}

impl Title {
    /// Lays out the title lines; `None` when both are empty.
    pub(crate) fn plan(title: Option<&str>, subtitle: Option<&str>, frame: &Frame, font: &Font) -> Option<Title> {
        let s = frame.dpi_scale;
        let texts: Vec<(&str, f32)> = [(title, 20.0 * s), (subtitle, 13.0 * s)]
            .into_iter()
            .filter_map(|(text, size)| text.map(str::trim).filter(|t| !t.is_empty()).map(|t| (t, size)))
            .collect();
        if texts.is_empty() {
            return None;
        }
        let (pad, gap) = (8.0 * s, 5.0 * s);
        let mut lines = Vec::new();
        let mut baselines = Vec::new();
        let kept: Vec<(String, f32)> = texts.iter().map(|(t, size)| ((*t).to_owned(), *size)).collect();
        let mut y = pad;
        for (text, size) in texts {
            let layout = font.layout(text, size);
            y += layout.ascent;
            baselines.push(y);
            y += -layout.descent + gap;
            lines.push(layout);
        }
        let band = [0.0, 0.0, frame.width as f32, y - gap + pad];
        Some(Title { lines, texts: kept, band, baselines, width: frame.width as f32 })
    }

    /// The band the title covers, which labels keep clear of.
    pub(crate) fn rect(&self) -> [f32; 4] {
        self.band
    }

    /// Draws the band and the centred lines.
    pub(crate) fn draw(&self, pixmap: &mut Pixmap, font: &mut Font) {
        if let Some(rect) = Rect::from_ltrb(self.band[0], self.band[1], self.band[2], self.band[3]) {
            let path = PathBuilder::from_rect(rect);
            let background = paint_of(Color::rgb(255, 255, 255), 1.0);
            pixmap.fill_path(&path, &background, FillRule::Winding, Transform::identity(), None);
        }
        let paint = TextPaint { color: to_skia(Color::rgb(0x22, 0x22, 0x22), 1.0), halo: None, halo_width: 0.0 };
        for (layout, baseline) in self.lines.iter().zip(&self.baselines) {
            let x = ((self.width - layout.width) / 2.0).max(2.0);
            font.draw(pixmap, layout, x, *baseline, 0.0, &paint);
        }
    }
}

/// A scale bar in the bottom-right corner, measured at the centre of the map, ready to draw.
/// On maps spanning many degrees of latitude the scale changes across the map, so the label
/// says where it holds.
pub(crate) struct ScaleBar {
    layout: Layout,
    /// The label's text (for vector output).
    label: String,
    left: f32,
    right: f32,
    top: f32,
    height: f32,
    scale: f32,
}

impl ScaleBar {
    /// Lays out the scale bar; `None` when the map has no usable scale.
    /// `size` scales its type and bar as a legend's ([`size_for_image`]; 1: as at the dpi).
    pub(crate) fn plan(scene: &Scene, frame: &Frame, font: &Font, size: f32) -> Option<ScaleBar> {
        let s = frame.dpi_scale * if size > 0.0 { size } else { 1.0 };
        let (lat, lat_span, metres_per_px) = crate::symbology::ground_metres_per_px(scene.crs, frame)?;
        let target = metres_per_px * f64::from(110.0 * s);
        let magnitude = 10f64.powf(target.log10().floor());
        let nice = [5.0, 2.0, 1.0].iter().map(|m| m * magnitude).find(|d| *d <= target).unwrap_or(magnitude);
        let bar = (nice / metres_per_px) as f32;
        let mut label = if nice >= 1000.0 { format!("{} km", nice / 1000.0) } else { format!("{nice} m") };
        if lat_span > 20.0 {
            let hemisphere = if lat >= 0.0 { "N" } else { "S" };
            label = if lat.abs() < 0.5 {
                format!("{label} at the equator")
            } else {
                format!("{label} at {:.0}°{hemisphere}", lat.abs())
            };
        }
        let layout = font.layout(&label, 11.0 * s);
        let height = 5.0 * s;
        let right = frame.width as f32 - 14.0 * s;
        let top = frame.height as f32 - 14.0 * s - height;
        Some(ScaleBar { layout, label, left: right - bar, right, top, height, scale: s })
    }

    /// Moves the bar by `dx`, `dy` pixels (into a map with margins, above credits).
    pub(crate) fn shift(&mut self, dx: f32, dy: f32) {
        self.left += dx;
        self.right += dx;
        self.top += dy;
    }

    /// The box the bar and its label cover, which labels keep clear of.
    pub(crate) fn rect(&self) -> [f32; 4] {
        let text_left = (self.right - self.layout.width).min(self.left);
        let text_top = self.top - 4.0 * self.scale - self.layout.ascent;
        [
            text_left - 2.0 * self.scale,
            text_top - 2.0 * self.scale,
            self.right + 2.0 * self.scale,
            self.top + self.height + 2.0 * self.scale,
        ]
    }

    /// Draws the bar (dark and light halves) and its label.
    pub(crate) fn draw(&self, pixmap: &mut Pixmap, font: &mut Font) {
        let s = self.scale;
        let half = (self.right - self.left) / 2.0;
        let dark = Color::rgb(0x33, 0x33, 0x33);
        for (fill, x) in [(dark, self.left), (Color::rgb(255, 255, 255), self.left + half)] {
            let Some(rect) = Rect::from_xywh(x, self.top, half, self.height) else { continue };
            let path = PathBuilder::from_rect(rect);
            pixmap.fill_path(&path, &paint_of(fill, 1.0), FillRule::Winding, Transform::identity(), None);
            let stroke = Stroke { width: s.max(1.0), ..Stroke::default() };
            pixmap.stroke_path(&path, &paint_of(dark, 1.0), &stroke, Transform::identity(), None);
        }
        let paint = TextPaint {
            color: to_skia(Color::rgb(0x22, 0x22, 0x22), 1.0),
            halo: Some(to_skia(Color::rgb(255, 255, 255), 1.0)),
            halo_width: 2.0 * s,
        };
        let x = (self.right - self.layout.width).min(self.left);
        font.draw(pixmap, &self.layout, x.max(2.0), self.top - 4.0 * s, 0.0, &paint);
    }
}

/// Vector output (SVG) of the legend, title and scale bar: the same boxes, swatches and text as
/// their `draw`, with text as text.
impl Legend {
    pub(crate) fn svg(&self, out: &mut crate::svg::Svg) {
        let s = self.scale;
        out.rect(
            [self.x0, self.y0, self.x0 + self.width, self.y0 + self.height],
            Some(Color::rgb(255, 255, 255)),
            Some((Color::rgb(0x99, 0x99, 0x99), 1.0)),
        );
        for ((row, layout), (dx, line)) in self.rows.iter().zip(&self.layouts).zip(&self.cells) {
            let middle = self.y0 + self.pad + *line as f32 * self.row_h + self.row_h / 2.0;
            let mut x = self.x0 + self.pad + dx;
            if let (Some((kind, symbol)), false) = (&row.swatch, row.heading) {
                let [sx, sy, sw, sh] = [x, middle - 6.0 * s, 18.0 * s, 12.0 * s];
                if let (Some(backdrop), true) = (self.backdrop, symbol.opacity < 1.0) {
                    out.rect([sx, sy, sx + sw, sy + sh], Some(backdrop), None);
                }
                out.swatch(*kind, symbol, [sx, sy, sw, sh], s);
                x += 24.0 * s;
            }
            if row.stop.is_some() {
                x += 27.0 * s;
            }
            if let Some(ring) = &row.ring {
                x += (ring.block + 8.0) * s;
            }
            let baseline = middle + (layout.ascent - layout.descent) / 2.0;
            let size = if row.heading { 12.0 * s } else { 11.0 * s };
            out.text(&row.text, x, baseline, size, Color::rgb(0x22, 0x22, 0x22), None, crate::svg::Anchor::Start);
        }
        for (rect, color) in self.bar_strips() {
            out.rect(rect, Some(color), None);
        }
        for circle in self.circles() {
            let symbol = &circle.symbol;
            let fill = symbol.fill.unwrap_or(Color::rgb(0xcc, 0xcc, 0xcc));
            let outline = symbol.stroke.unwrap_or(Color::rgb(0x33, 0x33, 0x33));
            out.circle(circle.centre, circle.radius, (fill, symbol.opacity), (outline, (0.8 * s).max(0.5)));
            let [(x1, y1), (x2, y2)] = circle.leader;
            let d = format!("M{x1} {y1}L{x2} {y2}");
            out.path(&d, None, Some((Color::rgb(0x55, 0x55, 0x55), (0.8 * s).max(0.5), 1.0)), &[]);
        }
    }
}

impl Title {
    pub(crate) fn svg(&self, out: &mut crate::svg::Svg) {
        out.rect(self.band, Some(Color::rgb(255, 255, 255)), None);
        for (((text, size), layout), baseline) in self.texts.iter().zip(&self.lines).zip(&self.baselines) {
            let x = ((self.width - layout.width) / 2.0).max(2.0);
            out.text(text, x, *baseline, *size, Color::rgb(0x22, 0x22, 0x22), None, crate::svg::Anchor::Start);
        }
    }
}

impl ScaleBar {
    pub(crate) fn svg(&self, out: &mut crate::svg::Svg) {
        let s = self.scale;
        let half = (self.right - self.left) / 2.0;
        let dark = Color::rgb(0x33, 0x33, 0x33);
        for (fill, x) in [(dark, self.left), (Color::rgb(255, 255, 255), self.left + half)] {
            out.rect([x, self.top, x + half, self.top + self.height], Some(fill), Some((dark, s.max(1.0))));
        }
        let x = (self.right - self.layout.width).min(self.left);
        out.text(
            &self.label,
            x.max(2.0),
            self.top - 4.0 * s,
            11.0 * s,
            Color::rgb(0x22, 0x22, 0x22),
            Some(2.0 * s),
            crate::svg::Anchor::Start,
        );
    }
}

#[cfg(test)]
mod tests {
    use rustgis_core::{Caller, Crs, Session};
    use serde_json::json;

    use super::{LegendOptions, rows_for};
    use crate::scene::Scene;

    /// The legend's row texts for the sample with countries graduated by population.
    fn check(title: Option<&str>, layer_title: Option<&str>, all_layers: bool) -> Vec<String> {
        let mut session = Session::with_sample().expect("the sample loads");
        let user = Caller::user();
        let graduated = json!({"layer": "countries", "field": "pop_est", "classes": 3});
        session.execute(&user, "style.graduated", graduated).expect("graduated");
        if let Some(layer_title) = layer_title {
            let params = json!({"layer": "countries", "title": layer_title});
            session.execute(&user, "layer.setTitle", params).expect("title");
        }
        let scene = Scene::new(session.project(), Crs::WGS84).expect("scene");
        let options = LegendOptions { title, all_layers, columns: 1, view: None, size: 1.0, more_columns: false };
        rows_for(&scene, None, &options, None).into_iter().map(|r| r.text).collect()
    }

    #[test]
    fn the_legend_lists_only_layers_styled_by_data() {
        let rows = check(None, None, false);
        assert_eq!(rows[0], "pop_est", "the one layer explained is headed by its field");
        assert_eq!(rows.len(), 4, "a heading and three classes: {rows:?}");
        assert!(!rows.iter().any(|r| r == "cities" || r == "coastline" || r == "boundaries"), "{rows:?}");
    }

    #[test]
    fn the_legend_lists_every_layer_when_told() {
        let rows = check(None, None, true);
        for layer in ["cities", "boundaries", "coastline", "countries (pop_est)"] {
            assert!(rows.iter().any(|r| r == layer), "{layer} missing from {rows:?}");
        }
    }

    #[test]
    fn a_layer_title_heads_its_rows_in_the_legend() {
        let rows = check(None, Some("Population (2019)"), false);
        assert_eq!(rows[0], "Population (2019)");
    }

    #[test]
    fn a_given_legend_title_is_the_one_heading_of_a_single_layer_explained() {
        let rows = check(Some("People"), Some("Population (2019)"), false);
        assert_eq!(rows[0], "People");
        assert_eq!(rows.iter().filter(|r| *r == "People" || *r == "Population (2019)").count(), 1, "{rows:?}");
        assert_eq!(rows.len(), 4, "the title and three classes: {rows:?}");
    }

    #[test]
    fn with_every_layer_listed_a_given_title_heads_the_layers_headings() {
        let rows = check(Some("People"), Some("Population (2019)"), true);
        assert_eq!(rows[0], "People");
        assert!(rows.iter().any(|r| r == "Population (2019)"), "{rows:?}");
    }
}
