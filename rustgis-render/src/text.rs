//! Text as vector paths: glyph outlines (through ab_glyph) turned into tiny-skia paths, so a halo
//! is a stroke of the same outline and text scales and rotates cleanly.
//!
//! Text in DejaVu Sans alone (Latin, Greek, Cyrillic) is laid out glyph after glyph with the
//! font's kerning. Other text is split into lines at `\n`, each line into runs of one direction
//! (unicode-bidi, right-to-left runs in visual order) and one face (`fonts.rs`: DejaVu Sans or
//! an installed font), and each run is shaped by harfrust (Arabic joining, Indic conjuncts,
//! marks). Characters no face has are reported, so labels can be left out rather than drawn as
//! boxes.

use std::collections::HashMap;

use ab_glyph::{Font as _, GlyphId, OutlineCurve};
use tiny_skia::{FillRule, LineJoin, Mask, Paint, Path, PathBuilder, Pixmap, Stroke, Transform};

use crate::error::Result;
use crate::fonts::{self, DEJAVU, FaceIdx};

/// Draws text in DejaVu Sans and the faces it falls back to (`fonts.rs`).
///
/// Glyph outlines, their halos (stroking curves is the costly part of drawing text) and, for
/// horizontal text, their coverage at a quarter-pixel offset are made once per glyph, size and
/// halo width and reused: a map's labels share a few dozen glyphs.
pub(crate) struct Font {
    glyphs: HashMap<GlyphKey, GlyphPaths>,
    rasters: HashMap<(GlyphKey, u8), GlyphRaster>,
}

/// A glyph of a face at a size (bits of the f32) with a halo width (bits of the f32).
type GlyphKey = (FaceIdx, GlyphId, u32, u32);

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

/// A glyph laid out: its face, its id, and its origin in pixels from the text's origin.
#[derive(Debug, Clone, Copy)]
struct Placed {
    face: FaceIdx,
    id: GlyphId,
    x: f32,
    y: f32,
}

/// Text laid out at one size, in pixels from its origin: the left end of the first line's
/// baseline. Lines are centred on the widest.
#[derive(Debug, Clone)]
pub(crate) struct Layout {
    glyphs: Vec<Placed>,
    /// Advance width of the widest line.
    pub width: f32,
    /// Height above the first line's baseline.
    pub ascent: f32,
    /// Depth below the first line's baseline (positive), the lines below included.
    pub descent: f32,
    size: f32,
    /// The characters no installed face has (each once, in order).
    pub missing: Vec<char>,
    /// Each line's text and where it starts from the origin (x, y), for vector output.
    pub lines: Vec<(String, f32, f32)>,
    /// Whether the text is one line in DejaVu Sans alone, laid out glyph after glyph (so it
    /// can be laid out letter by letter along a curve).
    pub simple: bool,
}

/// How to paint a piece of text.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TextPaint {
    pub color: tiny_skia::Color,
    pub halo: Option<tiny_skia::Color>,
    pub halo_width: f32,
}

/// One line laid out: glyphs from its own origin, advance width, the faces' extent.
struct Line {
    glyphs: Vec<Placed>,
    width: f32,
    ascent: f32,
    descent: f32,
}

impl Font {
    /// DejaVu Sans, falling back to installed fonts for what it lacks.
    pub(crate) fn dejavu() -> Result<Font> {
        Ok(Font { glyphs: HashMap::new(), rasters: HashMap::new() })
    }

    /// Lays `text` out at `size` pixels (the em size, as in CSS); `\n` starts a new line.
    pub(crate) fn layout(&self, text: &str, size: f32) -> Layout {
        let dejavu = fonts::dejavu();
        let mut missing = Vec::new();
        let simple = !text.contains('\n') && fonts::dejavu_alone(text);
        let lines: Vec<(&str, Line)> = if simple {
            vec![(text, simple_line(text, size))]
        } else {
            text.split('\n')
                .map(|l| l.trim_end_matches('\r'))
                .map(|l| (l, shaped_line(l, size, &mut missing)))
                .collect()
        };
        let scale = size / dejavu.units_per_em;
        let ascent = lines.iter().map(|(_, l)| l.ascent).fold(dejavu.ascent * scale, f32::max);
        let line_descent = lines.iter().map(|(_, l)| l.descent).fold(dejavu.descent * scale, f32::max);
        let line_height = ascent + line_descent;
        let width = lines.iter().map(|(_, l)| l.width).fold(0.0, f32::max);
        let mut glyphs = Vec::new();
        let mut texts = Vec::with_capacity(lines.len());
        for (idx, (line_text, line)) in lines.iter().enumerate() {
            let (dx, dy) = ((width - line.width) / 2.0, idx as f32 * line_height);
            glyphs.extend(line.glyphs.iter().map(|g| Placed { x: g.x + dx, y: g.y + dy, ..*g }));
            texts.push(((*line_text).to_owned(), dx, dy));
        }
        let descent = line_descent + (lines.len().max(1) - 1) as f32 * line_height;
        Layout { glyphs, width, ascent, descent, size, missing, lines: texts, simple }
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
        for g in &layout.glyphs {
            let (gx, gy) = (x + g.x * cos - g.y * sin, y + g.x * sin + g.y * cos);
            let transform = Transform::from_row(cos, sin, -sin, cos, gx, gy);
            let glyph = self.glyph((g.face, g.id, layout.size.to_bits(), halo_width.to_bits()));
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
        let mut placed: Vec<(i32, i32, (GlyphKey, u8))> = Vec::with_capacity(layout.glyphs.len());
        let mut bounds = [i32::MAX, i32::MAX, i32::MIN, i32::MIN];
        for g in &layout.glyphs {
            let baseline = (y + g.y).round() as i32;
            let pen = x + g.x;
            let mut column = pen.floor();
            let mut phase = ((pen - column) * PHASES).round() as u8;
            if f32::from(phase) >= PHASES {
                column += 1.0;
                phase = 0;
            }
            let key = ((g.face, g.id, layout.size.to_bits(), halo_width.to_bits()), phase);
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
            placed.push((column, baseline, key));
        }
        if bounds[0] >= bounds[2] || bounds[1] >= bounds[3] {
            return;
        }
        let (w, h) = ((bounds[2] - bounds[0]) as usize, (bounds[3] - bounds[1]) as usize);
        let mut halo = vec![0u8; if paint.halo.is_some() { w * h } else { 0 }];
        let mut text = vec![0u8; w * h];
        for (column, baseline, key) in &placed {
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

    fn raster(&mut self, key: (GlyphKey, u8)) -> &GlyphRaster {
        if !self.rasters.contains_key(&key) {
            let (glyph_key, phase) = key;
            let shift = Transform::from_translate(f32::from(phase) / PHASES, 0.0);
            let glyph = self.glyph(glyph_key);
            let fill = glyph.fill.as_ref().map(|p| coverage(p, shift)).unwrap_or_default();
            let halo = glyph.halo.as_ref().map(|p| coverage(p, shift)).unwrap_or_default();
            self.rasters.insert(key, GlyphRaster { fill, halo });
        }
        self.rasters.get(&key).expect("inserted above")
    }

    fn glyph(&mut self, key: GlyphKey) -> &GlyphPaths {
        let (face, id, size, halo_width) = key;
        let (size, halo_width) = (f32::from_bits(size), f32::from_bits(halo_width));
        self.glyphs.entry(key).or_insert_with(|| {
            let fill = fonts::face(face).and_then(|face| {
                let scale = size / face.units_per_em;
                face.outlines.outline(id).and_then(|outline| outline_path(&outline.curves, scale))
            });
            let halo = fill.as_ref().filter(|_| halo_width > 0.0).and_then(|path| {
                let stroke = Stroke { width: halo_width * 2.0, line_join: LineJoin::Round, ..Stroke::default() };
                path.stroke(&stroke, 1.0)
            });
            GlyphPaths { fill, halo }
        })
    }
}

/// A line in DejaVu Sans alone: glyph after glyph with the font's kerning.
fn simple_line(text: &str, size: f32) -> Line {
    let face = fonts::dejavu();
    let scale = size / face.units_per_em;
    let mut glyphs = Vec::with_capacity(text.len());
    let mut x = 0.0;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        if c.is_control() {
            continue;
        }
        let id = face.outlines.glyph_id(c);
        if let Some(p) = prev {
            x += face.outlines.kern_unscaled(p, id) * scale;
        }
        glyphs.push(Placed { face: DEJAVU, id, x, y: 0.0 });
        x += face.outlines.h_advance_unscaled(id) * scale;
        prev = Some(id);
    }
    Line { glyphs, width: x, ascent: face.ascent * scale, descent: face.descent * scale }
}

/// A line split into runs of one direction in visual order, each run into pieces of one face
/// (kept in logical order, then reversed when right-to-left), each piece shaped by harfrust.
/// Characters no face has go into `missing` (and are shaped in DejaVu Sans, as boxes).
fn shaped_line(text: &str, size: f32, missing: &mut Vec<char>) -> Line {
    let mut line = Line { glyphs: Vec::new(), width: 0.0, ascent: 0.0, descent: 0.0 };
    if text.is_empty() {
        return line;
    }
    let bidi = unicode_bidi::ParagraphBidiInfo::new(text, None);
    let (levels, runs) = bidi.visual_runs(0..text.len());
    let mut buffer = harfrust::Buffer::new();
    for run in runs {
        let rtl = levels.get(run.start).is_some_and(|l| l.is_rtl());
        let mut pieces = face_pieces(&text[run.clone()], missing);
        if rtl {
            pieces.reverse();
        }
        for (piece, face_idx) in pieces {
            let Some(face) = fonts::face(face_idx) else { continue };
            let scale = size / face.units_per_em;
            buffer.clear();
            buffer.push_str(piece);
            buffer.set_direction(if rtl { harfrust::Direction::RightToLeft } else { harfrust::Direction::LeftToRight });
            buffer.guess_segment_properties();
            let shaper = harfrust::ShaperFont::new(&face.shaper);
            // Shaping fails only for a buffer already shaped or without a direction; both are set
            // above, so a failure leaves the piece out rather than the label.
            if harfrust::shape(&shaper, &mut buffer, harfrust::ShapeOptions::new()).is_err() {
                continue;
            }
            for (info, pos) in buffer.glyph_infos().iter().zip(buffer.glyph_positions()) {
                let id = GlyphId(u16::try_from(info.glyph_id).unwrap_or(0));
                let (x, y) = (line.width + pos.x_offset as f32 * scale, -(pos.y_offset as f32) * scale);
                line.glyphs.push(Placed { face: face_idx, id, x, y });
                line.width += pos.x_advance as f32 * scale;
            }
            line.ascent = line.ascent.max(face.ascent * scale);
            line.descent = line.descent.max(face.descent * scale);
        }
    }
    line
}

/// `text` (one direction) cut where the face changes: each character in the face that has it,
/// except that spaces, digits, punctuation and marks stay in the face before them when it has them.
pub(crate) fn face_pieces<'t>(text: &'t str, missing: &mut Vec<char>) -> Vec<(&'t str, FaceIdx)> {
    use unicode_script::{Script, UnicodeScript as _};
    let mut pieces: Vec<(&'t str, FaceIdx)> = Vec::new();
    let (mut start, mut current): (usize, Option<FaceIdx>) = (0, None);
    for (at, c) in text.char_indices() {
        if c.is_control() {
            continue;
        }
        let neutral = matches!(c.script(), Script::Common | Script::Inherited);
        let keep = current.filter(|&f| neutral && fonts::face(f).is_some_and(|face| face.has(c)));
        let face = keep.or_else(|| fonts::face_for(c)).unwrap_or_else(|| {
            if !missing.contains(&c) {
                missing.push(c);
            }
            current.unwrap_or(DEJAVU)
        });
        if current != Some(face) {
            if let Some(previous) = current {
                pieces.push((&text[start..at], previous));
            }
            (start, current) = (at, Some(face));
        }
    }
    if let Some(face) = current {
        pieces.push((&text[start..], face));
    }
    pieces
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
        assert!(font.layout("Москва", 12.0).missing.is_empty());
        assert!(font.layout("Αθήνα", 12.0).simple);
    }

    #[test]
    fn a_character_no_font_has_is_reported_missing_rather_than_drawn_as_a_box() {
        let font = Font::dejavu().expect("font");
        // A private-use character of plane 16: no font gives it a glyph.
        assert_eq!(font.layout("Nowhere \u{10FFFD}", 12.0).missing, vec!['\u{10FFFD}']);
    }

    #[test]
    fn a_newline_starts_a_second_line_below_the_first() {
        let font = Font::dejavu().expect("font");
        let one = font.layout("Helsinki", 12.0);
        let two = font.layout("Helsinki\n65", 12.0);
        assert_eq!(two.lines.len(), 2);
        assert!(two.descent > one.descent + 10.0, "{} {}", one.descent, two.descent);
        assert!((two.width - one.width).abs() < 0.5, "{} {}", one.width, two.width);
    }

    #[test]
    fn arabic_letters_take_their_joined_forms() {
        let font = Font::dejavu().expect("font");
        let word = "بيت";
        let layout = font.layout(word, 20.0);
        let face = fonts::face(layout.glyphs[0].face).expect("a face for Arabic (DejaVu Sans has one)");
        let isolated: Vec<GlyphId> = word.chars().map(|c| face.outlines.glyph_id(c)).collect();
        let shaped: Vec<GlyphId> = layout.glyphs.iter().map(|g| g.id).collect();
        // Drawn right to left: the last letter is leftmost, and every letter is in a joined form.
        let in_visual_order: Vec<GlyphId> = isolated.iter().rev().copied().collect();
        assert!(shaped.iter().zip(&in_visual_order).all(|(s, i)| s != i), "{shaped:?} vs {in_visual_order:?}");
        let isolated_width: f32 =
            isolated.iter().map(|g| face.outlines.h_advance_unscaled(*g) * 20.0 / face.units_per_em).sum();
        assert!(layout.width < isolated_width, "joined {} vs isolated {isolated_width}", layout.width);
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
