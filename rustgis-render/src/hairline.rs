//! Anti-aliased lines thinner than a pixel, drawn straight into the pixmap.
//!
//! Maps are mostly thin outlines, and tiny-skia draws a hairline one segment at a time through
//! its general raster pipeline, which costs more than the pixels it touches. This draws each
//! segment as Xiaolin Wu's algorithm does: one step per pixel along the major axis, the coverage
//! split between the two pixels nearest the line, and the whole line's opacity scaled by its
//! width (as tiny-skia does for hairlines). Each segment covers the pixel centres of a half-open
//! span, so consecutive segments do not blend their shared vertex twice.

use tiny_skia::{Path, PathSegment, Pixmap};

/// Draws the line segments of `path` (curves are not expected: polygons and lines only) in
/// `color` (not premultiplied) at `coverage` (the stroke's width, 0–1, times its opacity).
pub(crate) fn stroke_thin(pixmap: &mut Pixmap, path: &Path, color: tiny_skia::Color, coverage: f32) {
    let c = color.premultiply().to_color_u8();
    let scale = (coverage.clamp(0.0, 1.0) * 256.0).round() as u32;
    let source = [u32::from(c.red()), u32::from(c.green()), u32::from(c.blue()), u32::from(c.alpha())];
    let mut canvas =
        Canvas { width: pixmap.width() as i32, height: pixmap.height() as i32, data: pixmap.data_mut(), source, scale };
    let (mut start, mut last) = ((0.0f32, 0.0f32), (0.0f32, 0.0f32));
    for segment in path.segments() {
        match segment {
            PathSegment::MoveTo(p) => {
                start = (p.x, p.y);
                last = start;
            }
            PathSegment::LineTo(p) => {
                canvas.segment(last, (p.x, p.y));
                last = (p.x, p.y);
            }
            PathSegment::QuadTo(_, p) | PathSegment::CubicTo(_, _, p) => {
                canvas.segment(last, (p.x, p.y));
                last = (p.x, p.y);
            }
            PathSegment::Close => {
                canvas.segment(last, start);
                last = start;
            }
        }
    }
}

struct Canvas<'a> {
    width: i32,
    height: i32,
    data: &'a mut [u8],
    /// The colour, premultiplied, 0–255 per channel.
    source: [u32; 4],
    /// The line's opacity in 1/256ths.
    scale: u32,
}

impl Canvas<'_> {
    fn segment(&mut self, a: (f32, f32), b: (f32, f32)) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        if !(dx.is_finite() && dy.is_finite()) || (dx == 0.0 && dy == 0.0) {
            return;
        }
        if dx.abs() >= dy.abs() {
            let (a, b) = if dx < 0.0 { (b, a) } else { (a, b) };
            let gradient = (b.1 - a.1) / (b.0 - a.0);
            let first = ((a.0 - 0.5).ceil() as i32).max(0);
            let end = ((b.0 - 0.5).ceil() as i32).min(self.width);
            for i in first..end {
                let centre = a.1 + (i as f32 + 0.5 - a.0) * gradient - 0.5;
                let row = centre.floor();
                let frac = centre - row;
                self.plot(i, row as i32, 1.0 - frac);
                self.plot(i, row as i32 + 1, frac);
            }
        } else {
            let (a, b) = if dy < 0.0 { (b, a) } else { (a, b) };
            let gradient = (b.0 - a.0) / (b.1 - a.1);
            let first = ((a.1 - 0.5).ceil() as i32).max(0);
            let end = ((b.1 - 0.5).ceil() as i32).min(self.height);
            for j in first..end {
                let centre = a.0 + (j as f32 + 0.5 - a.1) * gradient - 0.5;
                let column = centre.floor();
                let frac = centre - column;
                self.plot(column as i32, j, 1.0 - frac);
                self.plot(column as i32 + 1, j, frac);
            }
        }
    }

    /// Blends the colour at `share` (0–1) of the line's opacity over pixel (x, y): source over,
    /// premultiplied.
    fn plot(&mut self, x: i32, y: i32, share: f32) {
        if x < 0 || y < 0 || x >= self.width || y >= self.height {
            return;
        }
        let a = ((share * self.scale as f32) as u32).min(256);
        if a == 0 {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        let src_alpha = (self.source[3] * a) >> 8;
        let keep = 255 - src_alpha;
        for k in 0..4 {
            let s = (self.source[k] * a) >> 8;
            let d = u32::from(self.data[i + k]);
            self.data[i + k] = (s + (d * keep + 127) / 255).min(255) as u8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiny_skia::PathBuilder;

    fn draw(points: &[(f32, f32)], close: bool) -> Pixmap {
        let mut pixmap = Pixmap::new(20, 20).expect("size");
        pixmap.fill(tiny_skia::Color::WHITE);
        let mut builder = PathBuilder::new();
        builder.move_to(points[0].0, points[0].1);
        for p in &points[1..] {
            builder.line_to(p.0, p.1);
        }
        if close {
            builder.close();
        }
        let path = builder.finish().expect("a path");
        stroke_thin(&mut pixmap, &path, tiny_skia::Color::BLACK, 1.0);
        pixmap
    }

    #[test]
    fn a_horizontal_line_on_a_pixel_row_darkens_that_row_only() {
        let pixmap = draw(&[(2.0, 5.5), (18.0, 5.5)], false);
        assert_eq!(pixmap.pixel(10, 5).map(|p| p.red()), Some(0));
        assert_eq!(pixmap.pixel(10, 4).map(|p| p.red()), Some(255));
        assert_eq!(pixmap.pixel(10, 6).map(|p| p.red()), Some(255));
    }

    #[test]
    fn a_line_between_two_rows_shares_its_ink() {
        let pixmap = draw(&[(2.0, 6.0), (18.0, 6.0)], false);
        let (upper, lower) = (pixmap.pixel(10, 5).map(|p| p.red()), pixmap.pixel(10, 6).map(|p| p.red()));
        assert!(upper.is_some_and(|v| (120..=135).contains(&v)) && upper == lower, "{upper:?} {lower:?}");
    }

    #[test]
    fn a_shared_vertex_is_not_drawn_twice() {
        let pixmap = draw(&[(2.0, 5.5), (10.0, 5.5), (18.0, 5.5)], false);
        let line: Vec<u8> = (3..17).filter_map(|x| pixmap.pixel(x, 5).map(|p| p.red())).collect();
        assert!(line.iter().all(|v| *v == 0), "{line:?}");
    }

    #[test]
    fn lines_leaving_the_image_are_cut_at_its_edge() {
        let pixmap = draw(&[(-50.0, -40.0), (70.0, 60.0), (10.0, 10.0)], true);
        assert!(pixmap.pixels().iter().any(|p| p.red() < 128));
    }
}
