//! Drawing a scene's layers onto a pixmap: polygons, lines and point markers with their
//! symbols, and the selection highlight. Geometry is reduced to what the view needs (see
//! `geom`) and clipped a few pixels outside the image, so a stroke that crosses the image's
//! edge is drawn the same in neighbouring tiles.

use rustgis_core::{LineCap, Marker, Symbol};
use tiny_skia::{FillRule, LineJoin, Paint, PathBuilder, Pixmap, Stroke, StrokeDash, Transform};

use crate::error::Result;
use crate::geom::{Bbox, Pt, clip_line, clip_ring, is_seam};
use crate::hairline::stroke_thin;
use crate::scene::{Scene, SceneFeature, SceneLayer};
use crate::watch::Watch;

/// Detail finer than this many pixels is dropped: well under what anti-aliasing can show.
pub(crate) const TOLERANCE_PX: f64 = 0.25;

/// Pixels beyond the image edge that geometry is kept for, on top of a symbol's own reach.
const CLIP_MARGIN_PX: f64 = 4.0;

/// Where a map sits on the image: map coordinates of the top-left corner and the scale.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Frame {
    pub width: u32,
    pub height: u32,
    /// Map x of the image's left edge.
    pub left: f64,
    /// Map y of the image's top edge.
    pub top: f64,
    /// Pixels per map unit.
    pub scale: f64,
    /// Symbol sizes are multiplied by this (dpi / 96).
    pub dpi_scale: f32,
    /// Detail finer than this many pixels is dropped (0 keeps every vertex).
    pub tolerance_px: f64,
}

impl Frame {
    /// The frame that shows `extent` whole and centred in a `width` × `height` image.
    pub(crate) fn fit(extent: &Bbox, width: u32, height: u32, dpi_scale: f32) -> Frame {
        let (w, h) = (extent.width().max(f64::MIN_POSITIVE), extent.height().max(f64::MIN_POSITIVE));
        let scale = (f64::from(width) / w).min(f64::from(height) / h);
        let cx = (extent.min_x + extent.max_x) / 2.0;
        let cy = (extent.min_y + extent.max_y) / 2.0;
        Frame {
            width,
            height,
            left: cx - f64::from(width) / 2.0 / scale,
            top: cy + f64::from(height) / 2.0 / scale,
            scale,
            dpi_scale,
            tolerance_px: TOLERANCE_PX,
        }
    }

    /// A map point in pixels.
    pub(crate) fn px(&self, p: Pt) -> (f32, f32) {
        (((p[0] - self.left) * self.scale) as f32, ((self.top - p[1]) * self.scale) as f32)
    }

    /// The map box the image shows.
    pub(crate) fn map_box(&self) -> Bbox {
        Bbox::new(
            self.left,
            self.top - f64::from(self.height) / self.scale,
            self.left + f64::from(self.width) / self.scale,
            self.top,
        )
    }

    /// The map box grown by `px` pixels on every side.
    pub(crate) fn map_box_grown(&self, px: f64) -> Bbox {
        self.map_box().grown(px / self.scale)
    }
}

/// Buffers reused from feature to feature.
#[derive(Default)]
pub(crate) struct Scratch {
    /// What the drawing left out and why (web tiles not fetched), for the render's notices.
    pub notices: Vec<String>,
    reduced: Vec<Pt>,
    clipped: Vec<Pt>,
    clip_tmp: Vec<Pt>,
    line_buf: Vec<Pt>,
    features: Vec<usize>,
    /// A pixmap to draw the next tile into: reusing it saves mapping and zeroing fresh memory.
    pub pixmap: Option<Pixmap>,
    /// The font with its glyph caches, kept from tile to tile.
    pub font: Option<crate::text::Font>,
}

/// Fills the background and draws every layer of the scene; stops when `watch` says so.
pub(crate) fn draw_scene(
    pixmap: &mut Pixmap,
    scene: &Scene,
    frame: &Frame,
    scratch: &mut Scratch,
    watch: &Watch<'_>,
) -> Result<()> {
    pixmap.fill(to_skia(scene.background, 1.0));
    crate::furniture::globe_under(pixmap, scene, frame);
    for layer in &scene.layers {
        if let Some(web) = &layer.web {
            let fetcher = scene.web.as_ref();
            crate::web::draw_web(pixmap, &layer.name, web, scene.crs, frame, fetcher, &mut scratch.notices, watch)?;
            continue;
        }
        match &layer.raster {
            Some((raster, crs)) => {
                crate::raster::draw_raster(pixmap, &layer.name, *crs, raster, scene.crs, frame, watch)?
            }
            None => draw_layer(pixmap, scene, layer, frame, scratch, watch)?,
        }
    }
    crate::furniture::globe_over(pixmap, scene, frame);
    Ok(())
}

/// The work one drawn feature counts for in a [`Watch`], besides its points.
const FEATURE_WORK: usize = 64;

fn draw_layer(
    pixmap: &mut Pixmap,
    scene: &Scene,
    layer: &SceneLayer,
    frame: &Frame,
    scratch: &mut Scratch,
    watch: &Watch<'_>,
) -> Result<()> {
    let reach = f64::from(layer.reach_px * frame.dpi_scale) + CLIP_MARGIN_PX;
    let clip = frame.map_box_grown(reach);
    let mut features = std::mem::take(&mut scratch.features);
    layer.features_in(&clip, &mut features);
    if features.is_empty()
        && let Some(notice) = nothing_drawn(layer, &frame.map_box())
    {
        scratch.notices.push(notice);
    }
    let active = crate::symbology::active_rules(&layer.style, scene.crs, frame);
    for note in &layer.notes {
        if !scratch.notices.contains(note) {
            scratch.notices.push(note.clone());
        }
    }
    let mut markers: Vec<(usize, Pt)> = Vec::new();
    for &idx in &features {
        let feature = &layer.features[idx];
        if let Err(e) = watch.tick(FEATURE_WORK + feature.points.len()) {
            scratch.features = features;
            return Err(e);
        }
        if !feature.shown(layer, active.as_deref()) {
            continue;
        }
        let symbol = crate::symbology::effective(&layer.symbols[feature.symbol], feature.overrides.as_deref());
        if !feature.rings.is_empty() {
            draw_polygon(pixmap, scene, feature, &symbol, frame, &clip, scratch);
        }
        if !feature.lines.is_empty() {
            draw_lines(pixmap, feature, &symbol, frame, &clip, scratch);
        }
        for p in &feature.points {
            if clip.contains(*p) {
                markers.push((idx, *p));
            }
        }
    }
    draw_markers(pixmap, layer, &mut markers, frame);
    let selected: Vec<usize> = features
        .iter()
        .copied()
        .filter(|&i| layer.features[i].selected && layer.features[i].shown(layer, active.as_deref()))
        .collect();
    if !selected.is_empty() {
        draw_selection(pixmap, scene, layer, &selected, frame, &clip, scratch);
    }
    scratch.features = features;
    Ok(())
}

/// The notice for a layer that meets the view but has nothing to draw in it: naming the layer and
/// the likely cause. `None` when the layer lies elsewhere (nothing of it belongs in the view).
fn nothing_drawn(layer: &SceneLayer, view: &Bbox) -> Option<String> {
    if let Some(unplaced) = &layer.unplaced
        && (unplaced.count == unplaced.of || layer.extent_on_map.is_none_or(|e| e.intersects(view)))
    {
        let how_many = if unplaced.count == unplaced.of {
            format!("none of its {} features has a place on this map", unplaced.of)
        } else {
            format!("{} of its {} features have no place on this map", unplaced.count, unplaced.of)
        };
        return Some(format!("layer '{}' draws nothing here: {how_many}: {}", layer.name, unplaced.cause));
    }
    let extent = layer.extent_on_map?;
    extent.intersects(view).then(|| {
        format!(
            "layer '{}' draws nothing here: its extent meets the view but none of its features does (they lie around \
             it); zoom to the layer to see it",
            layer.name
        )
    })
}

fn draw_polygon(
    pixmap: &mut Pixmap,
    scene: &Scene,
    feature: &SceneFeature,
    symbol: &Symbol,
    frame: &Frame,
    clip: &Bbox,
    scratch: &mut Scratch,
) {
    let tol = frame.tolerance_px / frame.scale;
    let stroke = stroke_of(symbol, frame.dpi_scale);
    let has_seam = stroke.is_some() && feature.rings.iter().any(|r| r.has_seam());
    let mut fill_path = PathBuilder::new();
    let mut stroke_path = PathBuilder::new();
    for ring in &feature.rings {
        scratch.reduced.clear();
        ring.reduce(clip, tol, &mut scratch.reduced);
        let points: &[Pt] = if clip.contains_box(&ring.bbox()) {
            &scratch.reduced
        } else {
            clip_ring(&scratch.reduced, clip, &mut scratch.clip_tmp, &mut scratch.clipped);
            &scratch.clipped
        };
        if points.len() < 3 {
            continue;
        }
        add_polyline(&mut fill_path, points, frame, true);
        if has_seam {
            add_ring_without_seams(&mut stroke_path, points, frame, &scene.world);
        }
    }
    let Some(path) = fill_path.finish() else { return };
    // A polygon far away or under a pixel can reduce to a flat sliver, which has nothing to fill
    // (tiny-skia would log a warning for each).
    let bounds = path.bounds();
    let has_area = bounds.width() > 1e-3 && bounds.height() > 1e-3;
    if let (Some(fill), true) = (symbol.fill, has_area) {
        pixmap.fill_path(&path, &paint_of(fill, symbol.opacity), FillRule::EvenOdd, Transform::identity(), None);
    }
    if let (Some(color), Some(stroke)) = (symbol.stroke, stroke) {
        if has_seam {
            if let Some(outline) = stroke_path.finish() {
                stroke_line_work(pixmap, &outline, color, symbol.opacity, &stroke);
            }
        } else {
            stroke_line_work(pixmap, &path, color, symbol.opacity, &stroke);
        }
    }
}

/// Strokes a path of line segments: lines up to a pixel wide (and solid) with the fast thin-line
/// drawer, wider or dashed ones with tiny-skia.
fn stroke_line_work(
    pixmap: &mut Pixmap,
    path: &tiny_skia::Path,
    color: rustgis_core::Color,
    opacity: f32,
    stroke: &Stroke,
) {
    if stroke.width <= 1.0 && stroke.dash.is_none() {
        stroke_thin(pixmap, path, to_skia(color, 1.0), stroke.width * opacity);
    } else {
        pixmap.stroke_path(path, &paint_of(color, opacity), stroke, Transform::identity(), None);
    }
}

fn draw_lines(
    pixmap: &mut Pixmap,
    feature: &SceneFeature,
    symbol: &Symbol,
    frame: &Frame,
    clip: &Bbox,
    scratch: &mut Scratch,
) {
    let (Some(color), Some(stroke)) = (symbol.stroke, stroke_of(symbol, frame.dpi_scale)) else { return };
    let tol = frame.tolerance_px / frame.scale;
    let mut builder = PathBuilder::new();
    for line in &feature.lines {
        scratch.reduced.clear();
        line.reduce(clip, tol, &mut scratch.reduced);
        if clip.contains_box(&line.bbox()) {
            add_polyline(&mut builder, &scratch.reduced, frame, false);
        } else {
            clip_line(
                &scratch.reduced,
                clip,
                &mut |piece: &[Pt]| add_polyline(&mut builder, piece, frame, false),
                &mut scratch.line_buf,
            );
        }
    }
    if let Some(path) = builder.finish() {
        stroke_line_work(pixmap, &path, color, symbol.opacity, &stroke);
    }
}

/// Draws point markers. Markers sized by a field are drawn largest first, each with its outline,
/// so small ones stay visible on top; fixed-size markers are batched per symbol, which is much
/// faster for many points.
fn draw_markers(pixmap: &mut Pixmap, layer: &SceneLayer, markers: &mut [(usize, Pt)], frame: &Frame) {
    if markers.is_empty() {
        return;
    }
    let own = |i: usize| &layer.features[i];
    let sized = layer.symbols.iter().any(|s| s.size_field.is_some() || !s.data_defined.is_empty());
    if sized {
        // Markers sized or coloured one by one: the largest first, so small ones stay on top.
        markers.sort_by(|a, b| own(b.0).size.total_cmp(&own(a.0).size));
        for (idx, p) in markers.iter() {
            let feature = own(*idx);
            let symbol = crate::symbology::effective(&layer.symbols[feature.symbol], feature.overrides.as_deref());
            let mut builder = PathBuilder::new();
            let (x, y) = frame.px(*p);
            add_marker(&mut builder, symbol.marker, x, y, feature.size * frame.dpi_scale);
            let rotation = feature.overrides.as_ref().and_then(|o| o.rotation).unwrap_or(0.0);
            let path = builder.finish().and_then(|path| {
                if rotation == 0.0 { Some(path) } else { path.transform(Transform::from_rotate_at(rotation, x, y)) }
            });
            if let Some(path) = path {
                paint_marker(pixmap, &path, &symbol, frame.dpi_scale);
            }
        }
        return;
    }
    for (symbol_idx, symbol) in layer.symbols.iter().enumerate() {
        let mut builder = PathBuilder::new();
        for (idx, p) in markers.iter().filter(|m| own(m.0).symbol == symbol_idx) {
            let (x, y) = frame.px(*p);
            add_marker(&mut builder, symbol.marker, x, y, own(*idx).size * frame.dpi_scale);
        }
        if let Some(path) = builder.finish() {
            paint_marker(pixmap, &path, symbol, frame.dpi_scale);
        }
    }
}

fn paint_marker(pixmap: &mut Pixmap, path: &tiny_skia::Path, symbol: &Symbol, dpi_scale: f32) {
    if let Some(fill) = symbol.fill {
        pixmap.fill_path(path, &paint_of(fill, symbol.opacity), FillRule::Winding, Transform::identity(), None);
    }
    if let (Some(color), Some(stroke)) = (symbol.stroke, stroke_of(symbol, dpi_scale)) {
        let stroke = Stroke { dash: None, line_cap: tiny_skia::LineCap::Round, ..stroke };
        pixmap.stroke_path(path, &paint_of(color, symbol.opacity), &stroke, Transform::identity(), None);
    }
}

/// Adds a marker of diameter `size` centred on (x, y).
pub(crate) fn add_marker(builder: &mut PathBuilder, marker: Marker, x: f32, y: f32, size: f32) {
    let r = (size / 2.0).max(0.25);
    match marker_outline(marker, x, y, r) {
        None => builder.push_circle(x, y, r),
        Some(points) => {
            for (i, (px, py)) in points.into_iter().enumerate() {
                if i == 0 {
                    builder.move_to(px, py);
                } else {
                    builder.line_to(px, py);
                }
            }
            builder.close();
        }
    }
}

/// The outline of a marker of radius `r` centred on (x, y) in pixels; `None` for a circle. The
/// one shape of each marker, which PNG, SVG and PDF output all draw.
pub(crate) fn marker_outline(marker: Marker, x: f32, y: f32, r: f32) -> Option<Vec<(f32, f32)>> {
    let polar = |points: &[(f32, f32)]| -> Vec<(f32, f32)> {
        points
            .iter()
            .map(|(radius, degrees)| {
                let (sin, cos) = degrees.to_radians().sin_cos();
                (x + radius * cos, y + radius * sin)
            })
            .collect()
    };
    // A plus sign of arms `w` wide, turned by `turn` degrees.
    let cross = |turn: f32| -> Vec<(f32, f32)> {
        let w = r * 0.4;
        let arm = [
            (w, -w),
            (w, -r),
            (-w, -r),
            (-w, -w),
            (-r, -w),
            (-r, w),
            (-w, w),
            (-w, r),
            (w, r),
            (w, w),
            (r, w),
            (r, -w),
        ];
        let (sin, cos) = turn.to_radians().sin_cos();
        arm.iter().map(|(ax, ay)| (x + ax * cos - ay * sin, y + ax * sin + ay * cos)).collect()
    };
    match marker {
        Marker::Circle => None,
        Marker::Square => Some(vec![(x - r, y - r), (x + r, y - r), (x + r, y + r), (x - r, y + r)]),
        // An equilateral triangle about its centroid, a little larger so it looks as big as a circle.
        Marker::Triangle => Some(polar(&[(r * 1.25, -90.0), (r * 1.25, 30.0), (r * 1.25, 150.0)])),
        Marker::Star => {
            let (outer, inner) = (r * 1.3, r * 0.55);
            let points: Vec<(f32, f32)> =
                (0..10).map(|i| (if i % 2 == 0 { outer } else { inner }, -90.0 + 36.0 * i as f32)).collect();
            Some(polar(&points))
        }
        Marker::Diamond => Some(polar(&[(r * 1.2, -90.0), (r * 1.2, 0.0), (r * 1.2, 90.0), (r * 1.2, 180.0)])),
        Marker::Cross => Some(cross(0.0)),
        Marker::X => Some(cross(45.0)),
    }
}

/// Draws the selected features again in the highlight colour.
fn draw_selection(
    pixmap: &mut Pixmap,
    scene: &Scene,
    layer: &SceneLayer,
    selected: &[usize],
    frame: &Frame,
    clip: &Bbox,
    scratch: &mut Scratch,
) {
    let highlight = rustgis_core::Color::rgb(0xff, 0xd4, 0x00);
    for &idx in selected {
        let feature = &layer.features[idx];
        let base = &layer.symbols[feature.symbol];
        let symbol = Symbol {
            fill: (!feature.rings.is_empty() || !feature.points.is_empty()).then_some(highlight.with_alpha(110)),
            stroke: Some(highlight),
            width: base.width.max(1.0) + 1.5,
            size: base.size,
            size_field: None,
            marker: base.marker,
            opacity: 1.0,
            dash: Vec::new(),
            cap: LineCap::Round,
            data_defined: Default::default(),
        };
        if !feature.rings.is_empty() {
            draw_polygon(pixmap, scene, feature, &symbol, frame, clip, scratch);
        }
        if !feature.lines.is_empty() {
            draw_lines(pixmap, feature, &symbol, frame, clip, scratch);
        }
        if !feature.points.is_empty() {
            let mut builder = PathBuilder::new();
            for p in &feature.points {
                let (x, y) = frame.px(*p);
                add_marker(&mut builder, symbol.marker, x, y, (feature.size + 4.0) * frame.dpi_scale);
            }
            if let Some(path) = builder.finish() {
                paint_marker(pixmap, &path, &symbol, frame.dpi_scale);
            }
        }
    }
}

fn add_polyline(builder: &mut PathBuilder, points: &[Pt], frame: &Frame, close: bool) {
    let Some(first) = points.first() else { return };
    let (x, y) = frame.px(*first);
    builder.move_to(x, y);
    for p in &points[1..] {
        let (x, y) = frame.px(*p);
        builder.line_to(x, y);
    }
    if close {
        builder.close();
    }
}

/// Adds a ring's outline, leaving out edges along the edge of the world (the antimeridian, the
/// poles, Web Mercator's latitude limit): they are where data was cut, not coastlines.
fn add_ring_without_seams(builder: &mut PathBuilder, points: &[Pt], frame: &Frame, world: &Bbox) {
    let n = points.len();
    // Start just after a seam if there is one, so no outline is split needlessly.
    let start = (0..n).find(|&i| is_seam(points[i], points[(i + 1) % n], world)).map_or(0, |i| (i + 1) % n);
    let mut pen_down = false;
    for step in 0..n {
        let a = points[(start + step) % n];
        let b = points[(start + step + 1) % n];
        if is_seam(a, b, world) {
            pen_down = false;
            continue;
        }
        if !pen_down {
            let (x, y) = frame.px(a);
            builder.move_to(x, y);
            pen_down = true;
        }
        let (x, y) = frame.px(b);
        builder.line_to(x, y);
    }
}

/// The shortest dash pattern, in pixels, drawn as dashes.
const MIN_DASH_PERIOD: f32 = 2.0;

/// The stroke of a symbol at this dpi scale; `None` when it draws no outline.
fn stroke_of(symbol: &Symbol, dpi_scale: f32) -> Option<Stroke> {
    let width = symbol.width * dpi_scale;
    if width <= 0.0 || symbol.stroke.is_none() {
        return None;
    }
    // A pattern repeating in under MIN_DASH_PERIOD pixels looks solid, and would cost one dash per
    // fraction of a pixel of every line (minutes for a coastline): it is drawn solid.
    let period: f32 = symbol.dash.iter().map(|d| d * dpi_scale).sum();
    let dash = if symbol.dash.is_empty() || period.is_nan() || period < MIN_DASH_PERIOD {
        None
    } else {
        let mut pattern: Vec<f32> = symbol.dash.iter().map(|d| d * dpi_scale).collect();
        if pattern.len() % 2 == 1 {
            pattern.extend_from_within(..);
        }
        StrokeDash::new(pattern, 0.0)
    };
    let line_cap = match symbol.cap {
        LineCap::Butt => tiny_skia::LineCap::Butt,
        LineCap::Square => tiny_skia::LineCap::Square,
        _ => tiny_skia::LineCap::Round,
    };
    Some(Stroke { width, line_cap, line_join: LineJoin::Round, dash, ..Stroke::default() })
}

/// A colour with an opacity, for tiny-skia.
pub(crate) fn to_skia(color: rustgis_core::Color, opacity: f32) -> tiny_skia::Color {
    let alpha = (f32::from(color.a) * opacity.clamp(0.0, 1.0)).round() as u8;
    tiny_skia::Color::from_rgba8(color.r, color.g, color.b, alpha)
}

pub(crate) fn paint_of(color: rustgis_core::Color, opacity: f32) -> Paint<'static> {
    let mut paint = Paint::default();
    paint.set_color(to_skia(color, opacity));
    paint.anti_alias = true;
    paint
}
