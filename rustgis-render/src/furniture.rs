//! What a cartographer adds around the data: the globe's outline in a world projection (the
//! sea filled inside it, paper outside), the graticule and its labels, the north arrow, credits,
//! margins and the neat line. What to draw comes from the project's `Furniture`.

use rustgis_core::geoprocessing::{Transformer, ValidArea};
use rustgis_core::{Crs, Graticule};
use tiny_skia::{FillRule, Paint, PathBuilder, Pixmap, Stroke, Transform};

use crate::draw::{Frame, to_skia};
use crate::geom::Pt;
use crate::scene::Scene;
use crate::text::{Font, TextPaint};

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

/// One graticule line in pixels: its label, whether it is a meridian, its points.
pub(crate) type GraticuleLine = (String, bool, Vec<(f32, f32)>);

/// Meridians and parallels every `interval` degrees through the projection's valid area, in pixels.
pub(crate) fn graticule_lines(scene: &Scene, frame: &Frame, graticule: &Graticule) -> Vec<GraticuleLine> {
    let (Ok(area), Ok(to_map)) = (ValidArea::of(scene.crs), Transformer::new(Crs::WGS84, scene.crs)) else {
        return Vec::new();
    };
    let interval = graticule.interval.clamp(1.0, 90.0);
    let n = (180.0 / interval).floor() as i32;
    let mut lines: Vec<GraticuleLine> = Vec::new();
    for i in -n..=n {
        let lon = f64::from(i) * interval;
        let meridian: Vec<(f64, f64)> = (0..=180).map(|k| (lon, -90.0 + f64::from(k))).collect();
        lines.extend(
            project_line(&area, &to_map, frame, &meridian).into_iter().map(|l| (degrees(lon, 'E', 'W'), true, l)),
        );
    }
    let m = (90.0 / interval).floor() as i32;
    for j in -m..=m {
        let lat = f64::from(j) * interval;
        if lat.abs() >= 90.0 {
            continue;
        }
        let parallel: Vec<(f64, f64)> = (0..=360).map(|k| (-180.0 + f64::from(k), lat)).collect();
        lines.extend(
            project_line(&area, &to_map, frame, &parallel).into_iter().map(|l| (degrees(lat, 'N', 'S'), false, l)),
        );
    }
    lines
}

/// Where each graticule label goes (text, baseline-left x, y, size): meridians at their lowest
/// point in the map, parallels at their leftmost, none overlapping another.
pub(crate) fn graticule_labels(
    lines: &[GraticuleLine],
    frame: &Frame,
    map_rect: [f32; 4],
    font: &Font,
) -> Vec<(String, f32, f32, f32)> {
    let s = frame.dpi_scale;
    let size = 9.0 * s;
    let inside = |p: &(f32, f32)| p.0 >= map_rect[0] && p.0 <= map_rect[2] && p.1 >= map_rect[1] && p.1 <= map_rect[3];
    let mut taken: Vec<[f32; 4]> = Vec::new();
    let mut spots = Vec::new();
    for (text, is_meridian, line) in lines {
        if spots.iter().any(|(t, ..): &(String, f32, f32, f32)| t == text) && *is_meridian {
            continue;
        }
        let end = if *is_meridian {
            line.iter().filter(|p| inside(p)).max_by(|a, b| a.1.total_cmp(&b.1))
        } else {
            line.iter().filter(|p| inside(p)).min_by(|a, b| a.0.total_cmp(&b.0))
        };
        let Some(&(x, y)) = end else { continue };
        let layout = font.layout(text, size);
        let (tx, ty) =
            if *is_meridian { (x - layout.width / 2.0, y - 3.0 * s) } else { (x + 3.0 * s, y + layout.ascent / 2.0) };
        let tx = tx.clamp(map_rect[0] + 2.0 * s, (map_rect[2] - layout.width - 2.0 * s).max(map_rect[0]));
        let ty = ty.clamp(map_rect[1] + layout.ascent + 2.0 * s, map_rect[3] - 2.0 * s);
        let rect = [tx - s, ty - layout.ascent - s, tx + layout.width + s, ty + layout.descent + s];
        if taken.iter().any(|r| r[0] < rect[2] && rect[0] < r[2] && r[1] < rect[3] && rect[1] < r[3]) {
            continue;
        }
        taken.push(rect);
        spots.push((text.clone(), tx, ty, size));
    }
    spots
}

/// The graticule's lines, thin and grey.
pub(crate) fn draw_graticule(pixmap: &mut Pixmap, scene: &Scene, frame: &Frame, graticule: &Graticule) {
    let mut paint = Paint::default();
    paint.set_color_rgba8(0x55, 0x66, 0x77, 130);
    paint.anti_alias = true;
    let stroke = Stroke { width: 0.6 * frame.dpi_scale, ..Stroke::default() };
    for (_, _, line) in &graticule_lines(scene, frame, graticule) {
        if let Some(path) = polyline(line) {
            pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
    }
}

/// The graticule's labels.
pub(crate) fn draw_graticule_labels(
    pixmap: &mut Pixmap,
    scene: &Scene,
    frame: &Frame,
    map_rect: [f32; 4],
    graticule: &Graticule,
    font: &mut Font,
) {
    let lines = graticule_lines(scene, frame, graticule);
    let paint = TextPaint {
        color: tiny_skia::Color::from_rgba8(0x33, 0x44, 0x55, 255),
        halo: Some(tiny_skia::Color::WHITE),
        halo_width: 1.5 * frame.dpi_scale,
    };
    for (text, x, y, size) in graticule_labels(&lines, frame, map_rect, font) {
        let layout = font.layout(&text, size);
        font.draw(pixmap, &layout, x, y, 0.0, &paint);
    }
}

/// `30°E`, `15°S`, `0°`.
fn degrees(value: f64, positive: char, negative: char) -> String {
    let rounded = (value * 100.0).round() / 100.0;
    if rounded == 0.0 {
        "0°".to_owned()
    } else {
        format!("{}°{}", rounded.abs(), if rounded > 0.0 { positive } else { negative })
    }
}

/// A longitude/latitude line cut to the valid area and projected, as pixel polylines.
fn project_line(area: &ValidArea, to_map: &Transformer, frame: &Frame, line: &[(f64, f64)]) -> Vec<Vec<(f32, f32)>> {
    area.prepare(line, false)
        .into_iter()
        .map(|piece| {
            piece
                .iter()
                .filter_map(|&(lon, lat)| to_map.apply(lon, lat))
                .map(|(x, y)| frame.px([x, y]))
                .collect::<Vec<_>>()
        })
        .filter(|l| l.len() >= 2)
        .collect()
}

fn polyline(points: &[(f32, f32)]) -> Option<tiny_skia::Path> {
    let mut builder = PathBuilder::new();
    for (idx, &(x, y)) in points.iter().enumerate() {
        if !(x.is_finite() && y.is_finite()) {
            continue;
        }
        if idx == 0 {
            builder.move_to(x, y);
        } else {
            builder.line_to(x, y);
        }
    }
    builder.finish()
}

/// The angle of north on the map at a map point, clockwise from straight up, in radians; `None`
/// where it cannot be found (a pole, outside the projection).
pub(crate) fn north_angle(crs: Crs, at: Pt) -> Option<f32> {
    let to_lon_lat = Transformer::new(crs, Crs::WGS84).ok()?;
    let to_map = Transformer::new(Crs::WGS84, crs).ok()?;
    let (lon, lat) = to_lon_lat.apply(at[0], at[1])?;
    let step = 0.01;
    let (lat_a, lat_b) = if lat + step > 90.0 { (lat - step, lat) } else { (lat, lat + step) };
    let a = to_map.apply(lon, lat_a)?;
    let b = to_map.apply(lon, lat_b)?;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    (dx.hypot(dy) > 0.0).then(|| dx.atan2(dy) as f32)
}

/// Whether north points the same way across the map (a cylindrical projection, or a small map).
pub(crate) fn north_varies(crs: Crs, frame: &Frame) -> bool {
    let view = frame.map_box();
    let centre = [(view.min_x + view.max_x) / 2.0, (view.min_y + view.max_y) / 2.0];
    let Some(at_centre) = north_angle(crs, centre) else { return false };
    [0.2, 0.8]
        .iter()
        .flat_map(|&fx| [0.2, 0.8].map(|fy| [view.min_x + view.width() * fx, view.min_y + view.height() * fy]))
        .filter_map(|p| north_angle(crs, p))
        .any(|angle| (angle - at_centre).abs() > 1f32.to_radians())
}

/// A north arrow's shape in pixels: the light half, the dark half, and where the "N" is centred.
pub(crate) struct NorthArrow {
    pub light: [(f32, f32); 3],
    pub dark: [(f32, f32); 3],
    pub label: (f32, f32),
    pub size: f32,
}

/// The north arrow: at the map's centre, pointing to the pole there, where north varies across
/// the map; else in the top-right corner of the map.
pub(crate) fn north_arrow(scene: &Scene, frame: &Frame, map_rect: [f32; 4]) -> NorthArrow {
    let s = frame.dpi_scale;
    let view = frame.map_box();
    let centre = [(view.min_x + view.max_x) / 2.0, (view.min_y + view.max_y) / 2.0];
    let angle = north_angle(scene.crs, centre).unwrap_or(0.0);
    let (cx, cy) = if north_varies(scene.crs, frame) {
        ((map_rect[0] + map_rect[2]) / 2.0, (map_rect[1] + map_rect[3]) / 2.0)
    } else {
        (map_rect[2] - 26.0 * s, map_rect[1] + 40.0 * s)
    };
    north_arrow_at(angle, cx, cy, s)
}

/// A north arrow turned by `angle` (clockwise from up), centred at `(cx, cy)`, at `s` × its size.
pub(crate) fn north_arrow_at(angle: f32, cx: f32, cy: f32, s: f32) -> NorthArrow {
    let (len, half) = (18.0 * s, 7.0 * s);
    let (sin, cos) = angle.sin_cos();
    // Points of the arrow pointing up, turned by `angle` about its centre.
    let turn = |x: f32, y: f32| (cx + x * cos - y * sin, cy + x * sin + y * cos);
    let (tip, left, right, notch) =
        (turn(0.0, -len), turn(-half, len * 0.6), turn(half, len * 0.6), turn(0.0, len * 0.25));
    NorthArrow {
        light: [tip, left, notch],
        dark: [tip, notch, right],
        label: turn(0.0, -len - 8.0 * s),
        size: 12.0 * s,
    }
}

/// Draws the north arrow.
pub(crate) fn draw_north_arrow(pixmap: &mut Pixmap, scene: &Scene, frame: &Frame, map_rect: [f32; 4], font: &mut Font) {
    paint_north_arrow(pixmap, &north_arrow(scene, frame, map_rect), frame.dpi_scale, font);
}

/// Draws a north arrow laid out by [`north_arrow_at`], its outline and halo at `s` × their size.
pub(crate) fn paint_north_arrow(pixmap: &mut Pixmap, arrow: &NorthArrow, s: f32, font: &mut Font) {
    let mut dark = Paint::default();
    dark.set_color_rgba8(0x22, 0x22, 0x22, 255);
    dark.anti_alias = true;
    let mut light = Paint::default();
    light.set_color_rgba8(255, 255, 255, 255);
    light.anti_alias = true;
    let triangle = |[a, b, c]: [(f32, f32); 3]| {
        let mut pb = PathBuilder::new();
        pb.move_to(a.0, a.1);
        pb.line_to(b.0, b.1);
        pb.line_to(c.0, c.1);
        pb.close();
        pb.finish()
    };
    let outline = Stroke { width: 1.0 * s, ..Stroke::default() };
    for (points, fill) in [(arrow.light, &light), (arrow.dark, &dark)] {
        if let Some(path) = triangle(points) {
            pixmap.fill_path(&path, fill, FillRule::Winding, Transform::identity(), None);
            pixmap.stroke_path(&path, &dark, &outline, Transform::identity(), None);
        }
    }
    let layout = font.layout("N", arrow.size);
    let paint = TextPaint {
        color: tiny_skia::Color::from_rgba8(0x22, 0x22, 0x22, 255),
        halo: Some(tiny_skia::Color::WHITE),
        halo_width: 2.0 * s,
    };
    font.draw(pixmap, &layout, arrow.label.0 - layout.width / 2.0, arrow.label.1 + layout.ascent / 2.0, 0.0, &paint);
}

/// Credits in small grey type, right-aligned at the bottom of the map.
pub(crate) fn draw_credits(pixmap: &mut Pixmap, frame: &Frame, map_rect: [f32; 4], text: &str, font: &mut Font) {
    let s = frame.dpi_scale;
    let layout = font.layout(text, 9.0 * s);
    let x = (map_rect[2] - layout.width - 4.0 * s).max(map_rect[0] + 2.0 * s);
    let y = map_rect[3] - layout.descent - 3.0 * s;
    let paint = TextPaint {
        color: tiny_skia::Color::from_rgba8(0x44, 0x44, 0x44, 255),
        halo: Some(tiny_skia::Color::WHITE),
        halo_width: 1.5 * s,
    };
    font.draw(pixmap, &layout, x, y, 0.0, &paint);
}

/// Paper over everything outside the map's rectangle (the margins), and the neat line around it.
pub(crate) fn draw_margins(pixmap: &mut Pixmap, map_rect: [f32; 4], neat_line: bool, dpi_scale: f32) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let mut paper = Paint::default();
    paper.set_color(tiny_skia::Color::WHITE);
    for [l, t, r, b] in
        [[0.0, 0.0, w, map_rect[1]], [0.0, map_rect[3], w, h], [0.0, 0.0, map_rect[0], h], [map_rect[2], 0.0, w, h]]
    {
        if let Some(rect) = tiny_skia::Rect::from_ltrb(l, t, r, b) {
            pixmap.fill_rect(rect, &paper, Transform::identity(), None);
        }
    }
    if neat_line && let Some(rect) = tiny_skia::Rect::from_ltrb(map_rect[0], map_rect[1], map_rect[2], map_rect[3]) {
        let mut ink = Paint::default();
        ink.set_color_rgba8(0x22, 0x22, 0x22, 255);
        ink.anti_alias = true;
        let stroke = Stroke { width: 1.2 * dpi_scale, ..Stroke::default() };
        pixmap.stroke_path(&PathBuilder::from_rect(rect), &ink, &stroke, Transform::identity(), None);
    }
}
