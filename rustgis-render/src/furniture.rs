//! What a cartographer adds around the data: the globe's outline in a world projection (the
//! sea filled inside it, paper outside).

use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use crate::draw::{Frame, to_skia};
use crate::geom::Pt;
use crate::scene::Scene;

/// In a world projection, the paper outside the globe: white (transparent with a transparent
/// background), and the background colour (the sea) inside it.
pub(crate) fn globe_under(pixmap: &mut Pixmap, scene: &Scene, frame: &Frame) {
    let Some(outline) = &scene.outline else { return };
    let Some(path) = ring_path(outline, frame) else { return };
    let paper = if scene.background.a == 0 { tiny_skia::Color::TRANSPARENT } else { tiny_skia::Color::WHITE };
    pixmap.fill(paper);
    let mut paint = Paint::default();
    paint.set_color(to_skia(scene.background, 1.0));
    paint.anti_alias = true;
    pixmap.fill_path(&path, &paint, FillRule::Winding, Transform::identity(), None);
}

/// In a world projection, the globe's outline, drawn over the layers.
pub(crate) fn globe_over(pixmap: &mut Pixmap, scene: &Scene, frame: &Frame) {
    let Some(outline) = &scene.outline else { return };
    let Some(path) = ring_path(outline, frame) else { return };
    let mut paint = Paint::default();
    paint.set_color_rgba8(0x44, 0x44, 0x44, 255);
    paint.anti_alias = true;
    let stroke = Stroke { width: 1.0 * frame.dpi_scale, ..Stroke::default() };
    pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
}

/// A closed path through map points, in pixels.
fn ring_path(points: &[Pt], frame: &Frame) -> Option<tiny_skia::Path> {
    let mut builder = PathBuilder::new();
    for (idx, p) in points.iter().enumerate() {
        let (x, y) = frame.px(*p);
        if idx == 0 {
            builder.move_to(x, y);
        } else {
            builder.line_to(x, y);
        }
    }
    builder.close();
    builder.finish()
}
