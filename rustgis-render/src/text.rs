//! Text as vector paths: DejaVu Sans glyph outlines (through ab_glyph) turned into tiny-skia
//! paths, so a halo is a stroke of the same outline and text scales and rotates cleanly.
//!
//! Limits: glyphs are placed one after another with kerning but without shaping, so scripts
//! that need it (Arabic joining, Indic conjuncts) and right-to-left order are not drawn
//! correctly; text with characters the font lacks (Chinese, Japanese, Korean…) is reported as
//! such so labels can be left out rather than drawn as boxes.

use std::collections::HashMap;

use ab_glyph::{Font as _, FontRef, GlyphId, OutlineCurve};
use tiny_skia::{FillRule, LineJoin, Mask, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

use crate::error::{Error, Result};

/// The embedded font: DejaVu Sans (Bitstream Vera licence, shipped in `fonts/LICENSE-DejaVu.txt`).
///
/// Glyph outlines, their halos (stroking curves is the costly part of drawing text) and, for
/// horizontal text, their coverage at a quarter-pixel offset are made once per glyph, size and
/// halo width and reused: a map's labels share a few dozen glyphs.
pub(crate) struct Font {
    font: FontRef<'static>,
    units_per_em: f32,
    glyphs: HashMap<(GlyphId, u32, u32), GlyphPaths>,
    rasters: HashMap<(GlyphId, u32, u32, u8), GlyphRaster>,
}

/// Sub-pixel steps for horizontal text: glyphs are rasterized at this many x offsets per pixel.
const PHASES: f32 = 4.0;

/// A glyph's coverage (0–255), and where its top-left pixel sits relative to the pen position.
#[derive(Default)]
struct Coverage {
    left: i32,
    top: i32,
    width: usize,
    height: usize,
    alpha: Vec<u8>,
}

/// A glyph's coverage and its halo's.
struct GlyphRaster {
    fill: Coverage,
    halo: Coverage,
}

/// A glyph's outline at one size with its origin at (0, 0), and its halo.
struct GlyphPaths {
    fill: Option<Path>,
    halo: Option<Path>,
}

/// Text laid out on one line at one size, in pixels from its origin on the baseline.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    glyphs: Vec<(GlyphId, f32)>,
    /// Advance width.
    pub width: f32,
    /// Height above the baseline.
    pub ascent: f32,
    /// Depth below the baseline (positive).
    pub descent: f32,
    size: f32,
    /// Whether some character is missing from the font.
    pub missing: bool,
}

/// How to paint a piece of text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TextPaint {
    pub color: tiny_skia::Color,
    pub halo: Option<tiny_skia::Color>,
    pub halo_width: f32,
}

impl Font {
    /// DejaVu Sans.
    pub(crate) fn dejavu() -> Result<Font> {
        let font = FontRef::try_from_slice(dejavu::sans::regular())
            .map_err(|e| Error::Internal(format!("the embedded font does not parse: {e}")))?;
        let units_per_em = font.units_per_em().unwrap_or(2048.0);
        Ok(Font { font, units_per_em, glyphs: HashMap::new(), rasters: HashMap::new() })
    }

    /// Lays `text` out at `size` pixels (the em size, as in CSS).
    pub(crate) fn layout(&self, text: &str, size: f32) -> Layout {
        let scale = size / self.units_per_em;
        let mut glyphs = Vec::with_capacity(text.len());
        let mut x = 0.0;
        let mut prev: Option<GlyphId> = None;
        let mut missing = false;
        for c in text.chars() {
            if c.is_control() {
                continue;
            }
            let id = self.font.glyph_id(c);
            if id.0 == 0 && !c.is_whitespace() {
                missing = true;
            }
            if let Some(p) = prev {
                x += self.font.kern_unscaled(p, id) * scale;
            }
            glyphs.push((id, x));
            x += self.font.h_advance_unscaled(id) * scale;
            prev = Some(id);
        }
        Layout {
            glyphs,
            width: x,
            ascent: self.font.ascent_unscaled() * scale,
            descent: -self.font.descent_unscaled() * scale,
            size,
            missing,
        }
    }

    /// Draws `layout` with its baseline origin at `(x, y)`, turned by `angle` radians (clockwise,
    /// as y points down): the halo first, then the text.
    pub(crate) fn draw(&mut self, pixmap: &mut Pixmap, layout: &Layout, x: f32, y: f32, angle: f32, paint: &TextPaint) {
        let halo_width = if paint.halo.is_some() { paint.halo_width.max(0.0) } else { 0.0 };
        if angle == 0.0 {
            self.draw_horizontal(pixmap, layout, x, y, halo_width, paint);
            return;
        }
        let (sin, cos) = angle.sin_cos();
        let mut text = PathBuilder::new();
        let mut halo = PathBuilder::new();
        for &(id, offset) in &layout.glyphs {
            let transform = Transform::from_row(cos, sin, -sin, cos, x + offset * cos, y + offset * sin);
            let glyph = self.glyph(id, layout.size, halo_width);
            if let Some(path) = glyph.fill.clone().and_then(|p| p.transform(transform)) {
                text.push_path(&path);
            }
            if let Some(path) = glyph.halo.clone().and_then(|p| p.transform(transform)) {
                halo.push_path(&path);
            }
        }
        if let (Some(color), Some(path)) = (paint.halo, halo.finish()) {
            let mut halo_paint = Paint::default();
            halo_paint.set_color(color);
            halo_paint.anti_alias = true;
            pixmap.fill_path(&path, &halo_paint, FillRule::Winding, Transform::identity(), None);
        }
        if let Some(path) = text.finish() {
            let mut text_paint = Paint::default();
            text_paint.set_color(paint.color);
            text_paint.anti_alias = true;
            pixmap.fill_path(&path, &text_paint, FillRule::Winding, Transform::identity(), None);
        }
    }

    /// Draws horizontal text from cached coverage: the baseline snaps to a pixel row, x to a
    /// quarter pixel. Halos of neighbouring glyphs merge (the larger coverage wins) before the
    /// halo is blended, so overlaps are not doubled.
    fn draw_horizontal(
        &mut self,
        pixmap: &mut Pixmap,
        layout: &Layout,
        x: f32,
        y: f32,
        halo_width: f32,
        paint: &TextPaint,
    ) {
        let baseline = y.round() as i32;
        let mut placed: Vec<(i32, (GlyphId, u32, u32, u8))> = Vec::with_capacity(layout.glyphs.len());
        let mut bounds = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
        for &(id, offset) in &layout.glyphs {
            let pen = x + offset;
            let mut column = pen.floor();
            let mut phase = ((pen - column) * PHASES).round() as u8;
            if f32::from(phase) >= PHASES {
                column += 1.0;
                phase = 0;
            }
            let key = (id, layout.size.to_bits(), halo_width.to_bits(), phase);
            let raster = self.raster(key);
            let column = column as i32;
            for cov in [&raster.fill, &raster.halo] {
                if cov.width > 0 {
                    bounds[0] = bounds[0].min(column + cov.left);
                    bounds[1] = bounds[1].min(baseline + cov.top);
                    bounds[2] = bounds[2].max(column + cov.left + cov.width as i32);
                    bounds[3] = bounds[3].max(baseline + cov.top + cov.height as i32);
                }
            }
            placed.push((column, key));
        }
        if bounds[0] >= bounds[2] || bounds[1] >= bounds[3] {
            return;
        }
        let (w, h) = ((bounds[2] - bounds[0]) as usize, (bounds[3] - bounds[1]) as usize);
        let mut halo = vec![0u8; if paint.halo.is_some() { w * h } else { 0 }];
        let mut text = vec![0u8; w * h];
        for (column, key) in &placed {
            let Some(raster) = self.rasters.get(key) else { continue };
            let at = (column - bounds[0], baseline - bounds[1]);
            if !halo.is_empty() {
                merge(&mut halo, w, &raster.halo, at);
            }
            merge(&mut text, w, &raster.fill, at);
        }
        if let Some(color) = paint.halo {
            blend(pixmap, &halo, w, h, bounds[0], bounds[1], color);
        }
        blend(pixmap, &text, w, h, bounds[0], bounds[1], paint.color);
    }

    fn raster(&mut self, key: (GlyphId, u32, u32, u8)) -> &GlyphRaster {
        if !self.rasters.contains_key(&key) {
            let (id, size, halo_width, phase) = key;
            let shift = Transform::from_translate(f32::from(phase) / PHASES, 0.0);
            let glyph = self.glyph(id, f32::from_bits(size), f32::from_bits(halo_width));
            let fill = glyph.fill.as_ref().map(|p| coverage(p, shift)).unwrap_or_default();
            let halo = glyph.halo.as_ref().map(|p| coverage(p, shift)).unwrap_or_default();
            self.rasters.insert(key, GlyphRaster { fill, halo });
        }
        self.rasters.get(&key).expect("inserted above")
    }

    fn glyph(&mut self, id: GlyphId, size: f32, halo_width: f32) -> &GlyphPaths {
        let font = &self.font;
        let scale = size / self.units_per_em;
        self.glyphs.entry((id, size.to_bits(), halo_width.to_bits())).or_insert_with(|| {
            let fill = font.outline(id).and_then(|outline| outline_path(&outline.curves, scale));
            let halo = fill.as_ref().filter(|_| halo_width > 0.0).and_then(|path| {
                let stroke = Stroke { width: halo_width * 2.0, line_join: LineJoin::Round, ..Stroke::default() };
                path.stroke(&stroke, 1.0)
            });
            GlyphPaths { fill, halo }
        })
    }
}

/// The anti-aliased coverage of a path moved by `shift`.
fn coverage(path: &Path, shift: Transform) -> Coverage {
    let Some(path) = path.clone().transform(shift) else { return Coverage::default() };
    let b = path.bounds();
    let (left, top) = (b.left().floor() as i32, b.top().floor() as i32);
    let (width, height) = ((b.right().ceil() as i32 - left + 1) as u32, (b.bottom().ceil() as i32 - top + 1) as u32);
    let Some(mut mask) = Mask::new(width, height) else { return Coverage::default() };
    mask.fill_path(&path, FillRule::Winding, true, Transform::from_translate(-left as f32, -top as f32));
    Coverage { left, top, width: width as usize, height: height as usize, alpha: mask.data().to_vec() }
}

/// Merges a glyph's coverage into a label's buffer (of width `w`) at `at`, keeping the larger.
fn merge(buffer: &mut [u8], w: usize, cov: &Coverage, at: (i32, i32)) {
    for row in 0..cov.height {
        let y = at.1 + cov.top + row as i32;
        let x = at.0 + cov.left;
        if y < 0 || x < 0 {
            continue;
        }
        let start = y as usize * w + x as usize;
        let Some(dst) = buffer.get_mut(start..start + cov.width) else { continue };
        for (d, s) in dst.iter_mut().zip(&cov.alpha[row * cov.width..(row + 1) * cov.width]) {
            *d = (*d).max(*s);
        }
    }
}

/// Blends `color` through a coverage buffer onto the pixmap at (x0, y0) (source over, premultiplied).
fn blend(pixmap: &mut Pixmap, coverage: &[u8], w: usize, h: usize, x0: i32, y0: i32, color: tiny_skia::Color) {
    let (pw, ph) = (pixmap.width() as i32, pixmap.height() as i32);
    let c = color.premultiply().to_color_u8();
    let src = [u32::from(c.red()), u32::from(c.green()), u32::from(c.blue()), u32::from(c.alpha())];
    let data = pixmap.data_mut();
    for row in 0..h {
        let y = y0 + row as i32;
        if y < 0 || y >= ph {
            continue;
        }
        for col in 0..w {
            let x = x0 + col as i32;
            let a = u32::from(coverage[row * w + col]);
            if a == 0 || x < 0 || x >= pw {
                continue;
            }
            let i = (y as usize * pw as usize + x as usize) * 4;
            let src_alpha = div255(src[3] * a);
            let keep = 255 - src_alpha;
            for k in 0..4 {
                let s = div255(src[k] * a);
                data[i + k] = (s + div255(u32::from(data[i + k]) * keep)).min(255) as u8;
            }
        }
    }
}

/// x / 255, rounded, for x up to 255².
fn div255(x: u32) -> u32 {
    (x + 128 + ((x + 128) >> 8)) >> 8
}

/// A glyph outline (font units, y up) as a path in pixels (y down) with its origin at (0, 0).
fn outline_path(curves: &[OutlineCurve], scale: f32) -> Option<Path> {
    let mut path = PathBuilder::new();
    let place = |p: ab_glyph::Point| (p.x * scale, -p.y * scale);
    let mut last: Option<ab_glyph::Point> = None;
    for curve in curves {
        let (start, end) = match curve {
            OutlineCurve::Line(a, b) | OutlineCurve::Quad(a, _, b) | OutlineCurve::Cubic(a, _, _, b) => (*a, *b),
        };
        // A curve that does not start where the last ended begins a new contour.
        if last != Some(start) {
            if last.is_some() {
                path.close();
            }
            let (px, py) = place(start);
            path.move_to(px, py);
        }
        match curve {
            OutlineCurve::Line(_, b) => {
                let (px, py) = place(*b);
                path.line_to(px, py);
            }
            OutlineCurve::Quad(_, c, b) => {
                let ((cx, cy), (px, py)) = (place(*c), place(*b));
                path.quad_to(cx, cy, px, py);
            }
            OutlineCurve::Cubic(_, c1, c2, b) => {
                let ((c1x, c1y), (c2x, c2y), (px, py)) = (place(*c1), place(*c2), place(*b));
                path.cubic_to(c1x, c1y, c2x, c2y, px, py);
            }
        }
        last = Some(end);
    }
    if last.is_some() {
        path.close();
    }
    path.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyrillic_and_greek_are_in_the_font() {
        let font = Font::dejavu().expect("font");
        assert!(!font.layout("Москва", 12.0).missing);
        assert!(!font.layout("Αθήνα", 12.0).missing);
    }

    #[test]
    fn chinese_is_reported_missing_rather_than_drawn_as_boxes() {
        let font = Font::dejavu().expect("font");
        assert!(font.layout("北京", 12.0).missing);
    }

    #[test]
    fn text_width_grows_with_size() {
        let font = Font::dejavu().expect("font");
        let small = font.layout("Helsinki", 10.0).width;
        let large = font.layout("Helsinki", 20.0).width;
        assert!((large / small - 2.0).abs() < 1e-3, "{small} {large}");
        assert!(small > 30.0 && small < 60.0, "{small}");
    }
}
