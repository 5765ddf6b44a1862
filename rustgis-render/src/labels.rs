//! Label placement: every labelled feature in view is a candidate; the most important go first
//! (top layers before lower ones, then a priority field or the feature's size), and a label is
//! drawn only where it overlaps no label already placed, no point marker of a labelled layer,
//! and stays wholly inside the image.

use std::collections::HashMap;

use rustgis_core::{GeometryKind, LabelCount, Placement};
use tiny_skia::Pixmap;

use crate::draw::{Frame, to_skia};
use crate::error::Result;
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
    pub text: String,
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
    for layer in scene.layers.iter().rev() {
        if layer.labels.is_none() {
            continue;
        }
        layer.features_in(&view, &mut in_view);
        let start = candidates.len();
        for &idx in &in_view {
            let feature = &layer.features[idx];
            let marker_radius = if layer.kind == GeometryKind::Point { feature.size * s / 2.0 } else { 0.0 };
            match &feature.label {
                Some(source) if view.contains(source.anchor) => {
                    candidates.push(Candidate { layer, source, marker_radius, selected: feature.selected });
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
        candidates[start..].sort_by(|a, b| b.source.priority.total_cmp(&a.source.priority));
    }
    // Stable: selected features first, each group still top layer first, by priority.
    candidates.sort_by_key(|c| !c.selected);
    // Each layer's density cap, in labels for this image: per million nominal pixels (so dpi does
    // not change it) at world scale, doubling each time the view's width halves, as web maps
    // name more places at each zoom level.
    let megapixels = f64::from(frame.width) * f64::from(frame.height) / f64::from(s * s) / 1e6;
    let zoom = (scene.world.width() / view.width()).max(1.0);
    let allowance = |density: f32| (f64::from(density) * megapixels * zoom).round();
    for candidate in candidates {
        watch.tick(LABEL_WORK)?;
        let Some(settings) = &candidate.layer.labels else { continue };
        let Some(count) = counts.iter_mut().find(|c| c.layer == candidate.layer.name) else { continue };
        if let Some(density) = settings.density
            && count.placed as f64 >= allowance(density)
        {
            count.crowded += 1;
            let (r, (x, y)) = (candidate.marker_radius, frame.px(candidate.source.anchor));
            taken.take([x - r, y - r, x + r, y + r]);
            continue;
        }
        let layout = font.layout(&candidate.source.text, settings.size * s);
        let (ax, ay) = frame.px(candidate.source.anchor);
        if layout.missing || layout.width <= 0.0 {
            let r = candidate.marker_radius;
            taken.take([ax - r, ay - r, ax + r, ay + r]);
            count.did_not_fit += 1;
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
                count.did_not_fit += 1;
                continue;
            }
        }
        let angle = match (candidate.source.toward, settings.placement) {
            (Some(toward), Placement::Auto) => upright_angle(frame.px(candidate.source.anchor), frame.px(toward)),
            _ => 0.0,
        };
        let placements = positions(candidate.layer.kind, settings.placement, candidate.source.fit.is_some());
        let radius =
            if candidate.layer.kind == GeometryKind::Point { candidate.marker_radius + GAP_PX * s } else { 0.0 };
        let (mut placed, mut any_inside) = (false, false);
        let padding = settings.padding.map_or(PADDING_PX, |p| p.clamp(0.0, MAX_PADDING_PX)) * s;
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
                    text: candidate.source.text.clone(),
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
            (true, _) => count.placed += 1,
            (false, true) => count.collided += 1,
            (false, false) => count.did_not_fit += 1,
        }
        // A more important label may cover a lesser feature's marker, never the reverse.
        if candidate.marker_radius > 0.0 {
            let (r, (x, y)) = (candidate.marker_radius, (ax, ay));
            taken.take([x - r, y - r, x + r, y + r]);
        }
    }
    Ok(Placed { counts, texts, drawn })
}

/// The placements to try, best first.
fn positions(kind: GeometryKind, placement: Placement, is_polygon: bool) -> &'static [Placement] {
    match placement {
        Placement::Auto if is_polygon => &[Placement::Center],
        Placement::Auto if kind == GeometryKind::LineString => &[Placement::Center],
        Placement::Auto => &[Placement::Right, Placement::Left, Placement::Above, Placement::Below],
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
        Placement::Center | Placement::Auto => (-layout.width / 2.0, middle),
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
