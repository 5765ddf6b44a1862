//! Label placement: every labelled feature in view is a candidate; the most important go first
//! (selected features; then labels with a `priority`, the larger first, across layers; then
//! polygons' labels before lines' and lines' before points', top layers before lower ones, and
//! larger features first), polygons too small on screen are skipped, and a label is
//! drawn only where it overlaps no label already placed, no point marker of a labelled layer,
//! and stays wholly inside the image.

use std::collections::HashMap;

use rustgis_core::{GeometryKind, LEFT_OUT_NAMED, LabelCount, LeftOutLabel, Placement};
use tiny_skia::Pixmap;

use crate::draw::{Frame, TOLERANCE_PX, to_skia};
use crate::error::Result;
use crate::geom::Chain;
use crate::scene::{LabelSource, Scene, SceneLayer};
use crate::text::{Font, Layout, TextPaint};
use crate::watch::Watch;

/// Space kept clear around each label, in nominal pixels, unless the layer's labels say otherwise.
const PADDING_PX: f32 = 2.0;

/// The most padding a layer's labels may ask for, in nominal pixels (more would leave one label).
const MAX_PADDING_PX: f32 = 100.0;

/// The work one label counts for in a [`Watch`] (laying out and placing text).
const LABEL_WORK: usize = 256;

/// Gap between a point marker and its label, in nominal pixels.
const GAP_PX: f32 = 2.0;

/// The sharpest turn a curved label takes from one letter to the next.
const MAX_BEND: f32 = std::f32::consts::PI / 6.0;

/// The side of a cell of the collision grid, in pixels.
const CELL: f32 = 64.0;

/// Boxes already taken, found quickly through a grid.
struct Taken {
    boxes: Vec<[f32; 4]>,
    grid: HashMap<(i32, i32), Vec<usize>>,
}

impl Taken {
    fn new() -> Taken {
        Taken { boxes: Vec::new(), grid: HashMap::new() }
    }

    fn cells(b: &[f32; 4]) -> impl Iterator<Item = (i32, i32)> {
        let (x0, y0) = ((b[0] / CELL).floor() as i32, (b[1] / CELL).floor() as i32);
        let (x1, y1) = ((b[2] / CELL).floor() as i32, (b[3] / CELL).floor() as i32);
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| (x, y)))
    }

    fn is_free(&self, b: &[f32; 4]) -> bool {
        Taken::cells(b).all(|cell| {
            self.grid.get(&cell).is_none_or(|list| {
                list.iter().all(|&i| {
                    let o = &self.boxes[i];
                    b[2] <= o[0] || o[2] <= b[0] || b[3] <= o[1] || o[3] <= b[1]
                })
            })
        })
    }

    fn take(&mut self, b: [f32; 4]) {
        let idx = self.boxes.len();
        self.boxes.push(b);
        for cell in Taken::cells(&b) {
            self.grid.entry(cell).or_default().push(idx);
        }
    }
}

/// A label to try, in order.
struct Candidate<'a> {
    layer: &'a SceneLayer,
    source: &'a LabelSource,
    marker_radius: f32,
    /// Selected features are what the map is about: their labels go first and may be wider
    /// than their polygon.
    selected: bool,
    /// The layer's place from the top (0 for the top labelled layer).
    layer_rank: usize,
    /// The feature's lines on the map, for curved labels.
    lines: &'a [Chain],
}

impl Candidate<'_> {
    /// Polygons' labels go first, then lines', then points' (the default order of importance).
    fn shape_rank(&self) -> u8 {
        match (self.source.area, self.source.toward) {
            (Some(_), _) => 0,
            (None, Some(_)) => 1,
            (None, None) => 2,
        }
    }

    /// Whether `self` is placed before `other`.
    fn order(&self, other: &Candidate<'_>) -> std::cmp::Ordering {
        let explicit = |c: &Candidate<'_>| c.source.explicit.map_or(f64::NEG_INFINITY, |v| v.max(f64::MIN));
        other
            .selected
            .cmp(&self.selected)
            .then(other.source.explicit.is_some().cmp(&self.source.explicit.is_some()))
            .then(explicit(other).total_cmp(&explicit(self)))
            .then(self.shape_rank().cmp(&other.shape_rank()))
            .then(self.layer_rank.cmp(&other.layer_rank))
            .then(other.source.priority.total_cmp(&self.source.priority))
    }
}

/// What placing labels did.
#[derive(Debug, Default)]
pub(crate) struct Placed {
    /// Per labelled layer, top first: how many were placed and why the others were left out.
    pub counts: Vec<LabelCount>,
    /// The labels drawn, in the order they were placed: (layer, text).
    #[cfg_attr(not(test), expect(dead_code, reason = "read by tests: which labels a view names"))]
    pub texts: Vec<(String, String)>,
    /// Where each label was drawn, for vector output.
    pub drawn: Vec<DrawnLabel>,
}

/// A label as drawn: its text with the baseline-left origin in pixels, turned by `angle` radians
/// (clockwise), at `size` pixels, in `color` with an optional halo.
#[derive(Debug, Clone)]
pub(crate) struct DrawnLabel {
    /// Each line's text and where it starts from the origin (before the turn).
    pub lines: Vec<(String, f32, f32)>,
    pub x: f32,
    pub y: f32,
    pub angle: f32,
    pub size: f32,
    pub color: rustgis_core::Color,
    pub halo: Option<(rustgis_core::Color, f32)>,
}

/// Places and draws the labels of every labelled layer, and counts per layer (top first) how
/// many were placed and why the others were left out.
/// Labels stay inside `bounds` (pixels: left, top, right, bottom) and keep clear of `reserved`
/// boxes (title, legend, scale bar).
pub(crate) fn draw_labels(
    pixmap: &mut Pixmap,
    scene: &Scene,
    frame: &Frame,
    font: &mut Font,
    bounds: [f32; 4],
    reserved: &[[f32; 4]],
    watch: &Watch<'_>,
) -> Result<Placed> {
    let mut counts: Vec<LabelCount> = scene
        .layers
        .iter()
        .rev()
        .filter(|l| l.labels.is_some())
        .map(|l| LabelCount { layer: l.name.clone(), ..LabelCount::default() })
        .collect();
    let view = frame.map_box();
    let s = frame.dpi_scale;
    let mut taken = Taken::new();
    let mut texts = Vec::new();
    let mut drawn = Vec::new();
    for rect in reserved {
        taken.take(*rect);
    }
    let mut candidates: Vec<Candidate<'_>> = Vec::new();
    let mut in_view = Vec::new();
    for (layer_rank, layer) in scene.layers.iter().rev().filter(|l| l.labels.is_some()).enumerate() {
        layer.features_in(&view, &mut in_view);
        let active = crate::symbology::active_rules(&layer.style, scene.crs, frame);
        for &idx in &in_view {
            let feature = &layer.features[idx];
            if !feature.label_shown(active.as_deref()) {
                continue;
            }
            let marker_radius = if layer.kind == GeometryKind::Point { feature.size * s / 2.0 } else { 0.0 };
            match &feature.label {
                Some(source) if view.contains(source.anchor) => {
                    candidates.push(Candidate {
                        layer,
                        source,
                        marker_radius,
                        selected: feature.selected,
                        layer_rank,
                        lines: &feature.lines,
                    });
                }
                // Unlabelled markers are obstacles from the start.
                _ => {
                    for p in &feature.points {
                        let (x, y) = frame.px(*p);
                        taken.take([x - marker_radius, y - marker_radius, x + marker_radius, y + marker_radius]);
                    }
                }
            }
        }
    }
    candidates.sort_by(|a, b| a.order(b));
    // Each layer's density cap, in labels for this image: per million nominal pixels (so dpi does
    // not change it) at world scale, doubling each time the view's width halves, as web maps
    // name more places at each zoom level.
    let megapixels = f64::from(frame.width) * f64::from(frame.height) / f64::from(s * s) / 1e6;
    let zoom = (scene.world.width() / view.width()).max(1.0);
    let allowance = |density: f32| (f64::from(density) * megapixels * zoom).round();
    // The characters laid out so far, against the image's text budget.
    let mut laid_out = 0usize;
    // Each label placed: its layer, text and anchor (pixels), so that a layer made from another
    // does not name a feature a second time at the same place.
    let mut named: Vec<(&str, &str, (f32, f32))> = Vec::new();
    for candidate in candidates {
        watch.tick(LABEL_WORK)?;
        let Some(settings) = &candidate.layer.labels else { continue };
        let Some(count) = counts.iter_mut().find(|c| c.layer == candidate.layer.name) else { continue };
        let chars = candidate.source.text.chars().count();
        let text = &candidate.source.text;
        if laid_out + chars > rustgis_core::MAX_FRAME_LABEL_CHARS {
            leave_out(count, text, Reason::OverBudget);
            let (r, (x, y)) = (candidate.marker_radius, frame.px(candidate.source.anchor));
            taken.take([x - r, y - r, x + r, y + r]);
            continue;
        }
        if let Some(density) = settings.density
            && count.placed as f64 >= allowance(density)
        {
            leave_out(count, text, Reason::Crowded);
            let (r, (x, y)) = (candidate.marker_radius, frame.px(candidate.source.anchor));
            taken.take([x - r, y - r, x + r, y + r]);
            continue;
        }
        if let (Some(min_area), Some(area)) = (settings.min_area, candidate.source.area)
            && area * frame.scale * frame.scale < f64::from(min_area) * f64::from(s * s)
        {
            leave_out(count, text, Reason::DidNotFit);
            continue;
        }
        let (ax, ay) = frame.px(candidate.source.anchor);
        let same_place = |(x, y): (f32, f32)| (x - ax).abs() <= 2.0 * s && (y - ay).abs() <= 2.0 * s;
        if !settings.repeat
            && named.iter().any(|(layer, named_text, at)| {
                *layer != candidate.layer.name && *named_text == text.as_str() && same_place(*at)
            })
        {
            leave_out(count, text, Reason::Duplicate);
            continue;
        }
        laid_out += chars;
        let layout = font.layout(&candidate.source.text, settings.size * s);
        if !layout.missing.is_empty() || layout.width <= 0.0 {
            let r = candidate.marker_radius;
            taken.take([ax - r, ay - r, ax + r, ay + r]);
            let reason = if layout.missing.is_empty() {
                Reason::DidNotFit
            } else {
                Reason::MissingGlyphs(layout.missing.iter().collect())
            };
            leave_out(count, text, reason);
            continue;
        }
        let paint = TextPaint {
            color: to_skia(settings.color, 1.0),
            halo: settings.halo.map(|h| to_skia(h, 1.0)),
            halo_width: settings.halo_width * s,
        };
        if let (Some(fit), false) = (&candidate.source.fit, candidate.selected) {
            let fit_width = (fit.width() * frame.scale) as f32;
            if layout.width > fit_width * 1.1 {
                leave_out(count, text, Reason::DidNotFit);
                continue;
            }
        }
        let padding = settings.padding.map_or(PADDING_PX, |p| p.clamp(0.0, MAX_PADDING_PX)) * s;
        // Text that needs shaping or has several lines is set straight along the line.
        if settings.placement == Placement::Curved && candidate.source.toward.is_some() && layout.simple {
            let size = settings.size * s;
            let outcome = curved(font, &candidate.source.text, size, candidate.lines, frame, padding, bounds, &taken);
            match outcome {
                Curved::Placed(glyphs) => {
                    for glyph in glyphs {
                        taken.take(glyph.bbox);
                        font.draw(pixmap, &glyph.layout, glyph.x, glyph.y, glyph.angle, &paint);
                        drawn.push(DrawnLabel {
                            lines: vec![(glyph.text, 0.0, 0.0)],
                            x: glyph.x,
                            y: glyph.y,
                            angle: glyph.angle,
                            size,
                            color: settings.color,
                            halo: settings.halo.map(|h| (h, settings.halo_width * s)),
                        });
                    }
                    texts.push((candidate.layer.name.clone(), candidate.source.text.clone()));
                    named.push((&candidate.layer.name, &candidate.source.text, (ax, ay)));
                    count.placed += 1;
                    count.cut += usize::from(candidate.source.cut);
                }
                Curved::Collided => leave_out(count, text, Reason::Collided),
                Curved::DidNotFit => leave_out(count, text, Reason::DidNotFit),
            }
            continue;
        }
        let angle = match (candidate.source.toward, settings.placement) {
            (Some(toward), Placement::Auto | Placement::Curved) => {
                upright_angle(frame.px(candidate.source.anchor), frame.px(toward))
            }
            _ => 0.0,
        };
        let placements = positions(candidate.layer.kind, settings.placement, candidate.source.fit.is_some());
        let radius =
            if candidate.layer.kind == GeometryKind::Point { candidate.marker_radius + GAP_PX * s } else { 0.0 };
        let (mut placed, mut any_inside) = (false, false);
        for placement in placements {
            let (ox, oy) = origin(&layout, ax, ay, radius, angle, *placement);
            let b = text_box(&layout, ox, oy, angle, padding);
            let inside = b[0] >= bounds[0] && b[1] >= bounds[1] && b[2] <= bounds[2] && b[3] <= bounds[3];
            any_inside |= inside;
            if inside && taken.is_free(&b) {
                taken.take(b);
                font.draw(pixmap, &layout, ox, oy, angle, &paint);
                texts.push((candidate.layer.name.clone(), candidate.source.text.clone()));
                drawn.push(DrawnLabel {
                    lines: layout.lines.clone(),
                    x: ox,
                    y: oy,
                    angle,
                    size: settings.size * s,
                    color: settings.color,
                    halo: settings.halo.map(|h| (h, settings.halo_width * s)),
                });
                placed = true;
                break;
            }
        }
        match (placed, any_inside) {
            (true, _) => {
                named.push((&candidate.layer.name, &candidate.source.text, (ax, ay)));
                count.placed += 1;
                count.cut += usize::from(candidate.source.cut);
            }
            (false, true) => leave_out(count, text, Reason::Collided),
            (false, false) => leave_out(count, text, Reason::DidNotFit),
        }
        // A more important label may cover a lesser feature's marker, never the reverse.
        if candidate.marker_radius > 0.0 {
            let (r, (x, y)) = (candidate.marker_radius, (ax, ay));
            taken.take([x - r, y - r, x + r, y + r]);
        }
    }
    Ok(Placed { counts, texts, drawn })
}

/// Why a label was left out: the count it adds to.
enum Reason {
    DidNotFit,
    Collided,
    Crowded,
    OverBudget,
    /// With the characters no installed font has.
    MissingGlyphs(String),
    /// Another layer put the same text at the same place.
    Duplicate,
}

/// Counts a label left out for `reason`, and names it while the layer names fewer than
/// [`LEFT_OUT_NAMED`] (labels come here most important first).
fn leave_out(count: &mut LabelCount, text: &str, reason: Reason) {
    let (counter, name, missing) = match reason {
        Reason::DidNotFit => (&mut count.did_not_fit, "did_not_fit", None),
        Reason::Collided => (&mut count.collided, "collided", None),
        Reason::Crowded => (&mut count.crowded, "crowded", None),
        Reason::OverBudget => (&mut count.over_budget, "over_budget", None),
        Reason::MissingGlyphs(chars) => (&mut count.missing_glyphs, "missing_glyphs", Some(chars)),
        Reason::Duplicate => (&mut count.duplicate, "duplicate", None),
    };
    *counter += 1;
    if count.left_out.len() < LEFT_OUT_NAMED {
        count.left_out.push(LeftOutLabel { text: text.to_owned(), reason: name.to_owned(), missing });
    }
}

/// One letter of a curved label: its text and layout, baseline origin, angle and box.
struct Glyph {
    text: String,
    layout: Layout,
    x: f32,
    y: f32,
    angle: f32,
    bbox: [f32; 4],
}

/// What came of placing a label along a line.
enum Curved {
    Placed(Vec<Glyph>),
    /// It fitted the line somewhere, but over other labels there.
    Collided,
    /// The line is too short, bends too sharply under the text, or leaves the image.
    DidNotFit,
}

/// Lays `text` along the longest of `lines` letter by letter: centred on the line's middle (else
/// at a third or two thirds of its length), reading upright, each letter turned to the line
/// under it, vertically centred on it. A position is refused where the line turns more than
/// [`MAX_BEND`] between two letters or a letter's box leaves `bounds`.
#[expect(clippy::too_many_arguments, reason = "the placement's inputs, each used once")]
fn curved(
    font: &Font,
    text: &str,
    size: f32,
    lines: &[Chain],
    frame: &Frame,
    padding: f32,
    bounds: [f32; 4],
    taken: &Taken,
) -> Curved {
    let Some(longest) = lines.iter().max_by_key(|l| l.len()) else { return Curved::DidNotFit };
    let mut points = Vec::new();
    longest.reduce(&longest.bbox(), TOLERANCE_PX / frame.scale, &mut points);
    let mut line: Vec<(f32, f32)> = points.iter().map(|p| frame.px(*p)).collect();
    line.dedup();
    let letters: Vec<(String, Layout)> =
        text.chars().filter(|c| !c.is_control()).map(|c| (c.to_string(), font.layout(&c.to_string(), size))).collect();
    let width: f32 = letters.iter().map(|(_, l)| l.width).sum();
    let total = length(&line);
    if line.len() < 2 || width <= 0.0 || width > total {
        return Curved::DidNotFit;
    }
    let mut any_fit = false;
    for share in [0.5, 1.0 / 3.0, 2.0 / 3.0] {
        let start = (total * share - width / 2.0).clamp(0.0, total - width);
        // Upright: the text runs the way its chord points rightwards.
        let (a, b) = (point_at(&line, start), point_at(&line, start + width));
        let (path, start) = if b.0 < a.0 {
            let mut reversed = line.clone();
            reversed.reverse();
            (reversed, total - start - width)
        } else {
            (line.clone(), start)
        };
        let Some(glyphs) = lay_letters(&letters, &path, start, padding, bounds) else { continue };
        any_fit = true;
        if glyphs.iter().all(|g| taken.is_free(&g.bbox)) {
            return Curved::Placed(glyphs);
        }
    }
    if any_fit { Curved::Collided } else { Curved::DidNotFit }
}

/// The letters laid from `start` along `path`, or `None` where the path bends too sharply or a
/// letter leaves `bounds`.
fn lay_letters(
    letters: &[(String, Layout)],
    path: &[(f32, f32)],
    start: f32,
    padding: f32,
    bounds: [f32; 4],
) -> Option<Vec<Glyph>> {
    let mut glyphs = Vec::with_capacity(letters.len());
    let mut at = start;
    let mut previous: Option<f32> = None;
    for (text, layout) in letters {
        let (p, q) = (point_at(path, at), point_at(path, at + layout.width));
        at += layout.width;
        let angle = (q.1 - p.1).atan2(q.0 - p.0);
        if let Some(prev) = previous {
            let mut turn = (angle - prev).abs();
            if turn > std::f32::consts::PI {
                turn = std::f32::consts::TAU - turn;
            }
            if turn > MAX_BEND {
                return None;
            }
        }
        previous = Some(angle);
        if text.trim().is_empty() {
            continue;
        }
        // The baseline sits half the text's height below the line, so the letters centre on it.
        let middle = (layout.ascent - layout.descent) / 2.0;
        let (sin, cos) = angle.sin_cos();
        let (x, y) = (p.0 - middle * sin, p.1 + middle * cos);
        let bbox = text_box(layout, x, y, angle, padding);
        if bbox[0] < bounds[0] || bbox[1] < bounds[1] || bbox[2] > bounds[2] || bbox[3] > bounds[3] {
            return None;
        }
        glyphs.push(Glyph { text: text.clone(), layout: layout.clone(), x, y, angle, bbox });
    }
    // Upright on the whole: a line turning back under the text would read upside down.
    let turned = glyphs.iter().any(|g| g.angle.abs() > std::f32::consts::FRAC_PI_2 + MAX_BEND);
    (!turned).then_some(glyphs)
}

/// The length of a polyline in pixels.
fn length(line: &[(f32, f32)]) -> f32 {
    line.windows(2).map(|w| (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1)).sum()
}

/// The point `distance` pixels along a polyline (its ends beyond them).
fn point_at(line: &[(f32, f32)], distance: f32) -> (f32, f32) {
    let mut left = distance.max(0.0);
    for w in line.windows(2) {
        let step = (w[1].0 - w[0].0).hypot(w[1].1 - w[0].1);
        if left <= step && step > 0.0 {
            let t = left / step;
            return (w[0].0 + (w[1].0 - w[0].0) * t, w[0].1 + (w[1].1 - w[0].1) * t);
        }
        left -= step;
    }
    line.last().copied().unwrap_or((0.0, 0.0))
}

/// The placements to try, best first.
fn positions(kind: GeometryKind, placement: Placement, is_polygon: bool) -> &'static [Placement] {
    match placement {
        Placement::Auto | Placement::Curved if is_polygon => &[Placement::Center],
        Placement::Auto | Placement::Curved if kind == GeometryKind::LineString => &[Placement::Center],
        Placement::Auto | Placement::Curved => &[Placement::Right, Placement::Left, Placement::Above, Placement::Below],
        Placement::Center => &[Placement::Center],
        Placement::Above => &[Placement::Above],
        Placement::Below => &[Placement::Below],
        Placement::Right => &[Placement::Right],
        Placement::Left => &[Placement::Left],
    }
}

/// The baseline origin of text placed around an anchor at (ax, ay) with a marker of `radius`.
fn origin(layout: &Layout, ax: f32, ay: f32, radius: f32, angle: f32, placement: Placement) -> (f32, f32) {
    let middle = (layout.ascent - layout.descent) / 2.0;
    let (x, y) = match placement {
        Placement::Right => (radius, middle),
        Placement::Left => (-radius - layout.width, middle),
        Placement::Above => (-layout.width / 2.0, -radius - layout.descent),
        Placement::Below => (-layout.width / 2.0, radius + layout.ascent),
        Placement::Center | Placement::Auto | Placement::Curved => (-layout.width / 2.0, middle),
    };
    let (sin, cos) = angle.sin_cos();
    (ax + x * cos - y * sin, ay + x * sin + y * cos)
}

/// The box around text at this origin and angle, grown by `pad`.
fn text_box(layout: &Layout, ox: f32, oy: f32, angle: f32, pad: f32) -> [f32; 4] {
    let (sin, cos) = angle.sin_cos();
    let corners =
        [(0.0, -layout.ascent), (layout.width, -layout.ascent), (0.0, layout.descent), (layout.width, layout.descent)];
    let mut b = [f32::INFINITY, f32::INFINITY, f32::NEG_INFINITY, f32::NEG_INFINITY];
    for (x, y) in corners {
        let (px, py) = (ox + x * cos - y * sin, oy + x * sin + y * cos);
        b = [b[0].min(px), b[1].min(py), b[2].max(px), b[3].max(py)];
    }
    [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad]
}

/// The direction from a to b, turned so text along it reads left to right.
fn upright_angle(a: (f32, f32), b: (f32, f32)) -> f32 {
    let mut angle = (b.1 - a.1).atan2(b.0 - a.0);
    if angle > std::f32::consts::FRAC_PI_2 {
        angle -= std::f32::consts::PI;
    } else if angle < -std::f32::consts::FRAC_PI_2 {
        angle += std::f32::consts::PI;
    }
    angle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_boxes_are_not_free() {
        let mut taken = Taken::new();
        taken.take([10.0, 10.0, 50.0, 20.0]);
        assert!(!taken.is_free(&[40.0, 15.0, 90.0, 25.0]));
        assert!(taken.is_free(&[51.0, 10.0, 90.0, 20.0]));
        assert!(taken.is_free(&[200.0, 200.0, 260.0, 210.0]));
    }

    #[test]
    fn text_along_a_line_never_reads_upside_down() {
        let angle = upright_angle((100.0, 0.0), (0.0, 10.0));
        assert!(angle.abs() <= std::f32::consts::FRAC_PI_2, "{angle}");
    }
}
