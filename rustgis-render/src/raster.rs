//! Drawing raster layers: each map pixel is traced back to the raster's cells (reprojected from
//! the map's CRS through a lattice of exactly transformed points every few pixels, interpolated
//! between them, as GDAL's approximate transformer does), at the overview whose cells best match
//! the pixels, reading only the window of cells the view needs; then coloured by the style and
//! laid over the map with the layer's opacity.

use rustgis_core::crs::Transform;
use rustgis_core::ramps::Ramp;
use rustgis_core::raster::terrain::{self, Light};
use rustgis_core::raster::{GeoTransform, Grid, RasterMode, Resampling, Window};
use rustgis_core::{Color, Crs, RasterLayer};
use tiny_skia::Pixmap;

use crate::draw::Frame;
use crate::error::{Error, Result};
use crate::watch::Watch;

/// Map pixels between exactly transformed points (the rest are interpolated).
const LATTICE_STEP: u32 = 16;

/// The most cells read to draw one view (a view that would need more reads a coarser overview).
const MAX_VIEW_CELLS: usize = 64 << 20;

/// Draws a raster layer into the pixmap.
pub(crate) fn draw_raster(
    pixmap: &mut Pixmap,
    name: &str,
    layer_crs: Crs,
    raster_layer: &RasterLayer,
    map_crs: Crs,
    frame: &Frame,
    watch: &Watch<'_>,
) -> Result<()> {
    let raster = &raster_layer.raster;
    let style = &raster_layer.style;
    let (width, height) = (pixmap.width(), pixmap.height());
    let Some(lattice) = Lattice::new(frame, width, height, map_crs, layer_crs)
        .map_err(|reason| Error::UnsupportedCrs { layer: name.to_owned(), crs: layer_crs, view: map_crs, reason })?
    else {
        return Ok(());
    };
    // The overview whose cells are no bigger than a pixel, as near as can be.
    let level = raster.level_for(lattice.pixel_size());
    let transform = raster.level_transform(level);
    let Some(inverse) = transform.inverse() else { return Ok(()) };
    let level_info = &raster.info().levels[level];
    let Some(window) = lattice.window(&inverse, level_info.width, level_info.height) else { return Ok(()) };
    if window.width * window.height > MAX_VIEW_CELLS {
        return Ok(());
    }
    watch.tick(window.width * window.height / 16)?;
    let bands: Vec<usize> = style.mode.bands().into_iter().map(|b| b.saturating_sub(1)).collect();
    let mut grids = raster.read(level, window, &bands)?;
    let window_transform = transform.shifted(window.col as f64, window.row as f64);
    if let RasterMode::Hillshade { azimuth, altitude, z_factor, .. } = &style.mode {
        let light = Light { azimuth: *azimuth, altitude: *altitude, z_factor: *z_factor };
        grids[0] = terrain::hillshade(&grids[0], &window_transform, layer_crs.is_geographic(), light)?;
    }
    let painter = Painter::new(&style.mode);
    let to_cell = window_transform.inverse().expect("a window of an invertible transform is invertible");
    let opacity = style.opacity.clamp(0.0, 1.0);
    let pixels = pixmap.pixels_mut();
    for py in 0..height {
        watch.tick(width as usize)?;
        for px in 0..width {
            let Some((x, y)) = lattice.source(px, py) else { continue };
            let (col, row) = to_cell.apply(x, y);
            let values: Option<Vec<f64>> = grids.iter().map(|g| sample(g, col, row, style.resampling)).collect();
            let Some(values) = values else { continue };
            let Some(color) = painter.color(&values) else { continue };
            let alpha = f64::from(color.a) / 255.0 * opacity;
            if alpha <= 0.0 {
                continue;
            }
            let pixel = &mut pixels[(py * width + px) as usize];
            *pixel = blend(*pixel, color, alpha);
        }
    }
    Ok(())
}

/// Source-over of a straight colour with `alpha` on a premultiplied pixel.
pub(crate) fn blend(
    under: tiny_skia::PremultipliedColorU8,
    color: Color,
    alpha: f64,
) -> tiny_skia::PremultipliedColorU8 {
    let keep = 1.0 - alpha;
    let mix = |over: u8, under: u8| (f64::from(over) * alpha + f64::from(under) * keep).round().clamp(0.0, 255.0) as u8;
    let a = (alpha * 255.0 + f64::from(under.alpha()) * keep).round().clamp(0.0, 255.0) as u8;
    let (r, g, b) = (mix(color.r, under.red()), mix(color.g, under.green()), mix(color.b, under.blue()));
    tiny_skia::PremultipliedColorU8::from_rgba(r.min(a), g.min(a), b.min(a), a).unwrap_or(under)
}

/// A cell's value at fractional cell coordinates, or `None` outside the grid or on nodata.
fn sample(grid: &Grid, col: f64, row: f64, resampling: Resampling) -> Option<f64> {
    if col < 0.0 || row < 0.0 || col >= grid.width() as f64 || row >= grid.height() as f64 {
        return None;
    }
    let nearest = || grid.valid(col as usize, row as usize);
    if resampling == Resampling::Nearest {
        return nearest();
    }
    // Bilinear between the four cell centres around the point; nearest where one lacks data.
    let (x, y) = (col - 0.5, row - 0.5);
    let (x0, y0) = (x.floor().max(0.0) as usize, y.floor().max(0.0) as usize);
    let (x1, y1) = ((x0 + 1).min(grid.width() - 1), (y0 + 1).min(grid.height() - 1));
    let (fx, fy) = ((x - x0 as f64).clamp(0.0, 1.0), (y - y0 as f64).clamp(0.0, 1.0));
    match (grid.valid(x0, y0), grid.valid(x1, y0), grid.valid(x0, y1), grid.valid(x1, y1)) {
        (Some(a), Some(b), Some(c), Some(d)) => {
            let top = a + (b - a) * fx;
            let bottom = c + (d - c) * fx;
            Some(top + (bottom - top) * fy)
        }
        _ => nearest(),
    }
}

/// Colours values by a raster mode.
enum Painter {
    Grey { min: f64, max: f64 },
    Ramp { ramp: Ramp, min: f64, max: f64, classes: Option<Vec<Color>> },
    Palette { table: Vec<(f64, Color)> },
    Rgb { min: [f64; 3], max: [f64; 3], alpha: bool },
    Shade,
}

impl Painter {
    fn new(mode: &RasterMode) -> Painter {
        match mode {
            RasterMode::Grey { min, max, .. } => Painter::Grey { min: *min, max: *max },
            RasterMode::Pseudocolor { ramp, min, max, classes, .. } => {
                let ramp = Ramp::by_name(ramp).unwrap_or_else(|_| Ramp::by_name("viridis").expect("viridis exists"));
                let classes = classes.map(|n| class_colors(&ramp, n));
                Painter::Ramp { ramp, min: *min, max: *max, classes }
            }
            RasterMode::Palette { entries, .. } => {
                Painter::Palette { table: entries.iter().map(|e| (e.value, e.color)).collect() }
            }
            RasterMode::Rgb { min, max, alpha, .. } => Painter::Rgb { min: *min, max: *max, alpha: alpha.is_some() },
            RasterMode::Hillshade { .. } => Painter::Shade,
            _ => Painter::Shade,
        }
    }

    fn color(&self, values: &[f64]) -> Option<Color> {
        let unit = |v: f64, min: f64, max: f64| if max > min { ((v - min) / (max - min)).clamp(0.0, 1.0) } else { 0.5 };
        let byte = |t: f64| (t * 255.0).round() as u8;
        Some(match self {
            Painter::Grey { min, max } => {
                let g = byte(unit(values[0], *min, *max));
                Color::rgb(g, g, g)
            }
            Painter::Ramp { ramp, min, max, classes } => {
                let t = unit(values[0], *min, *max);
                match classes {
                    Some(colors) => colors[((t * colors.len() as f64) as usize).min(colors.len() - 1)],
                    None => ramp.at(t),
                }
            }
            Painter::Palette { table } => table.iter().find(|(v, _)| *v == values[0]).map(|(_, c)| *c)?,
            Painter::Rgb { min, max, alpha } => Color {
                r: byte(unit(values[0], min[0], max[0])),
                g: byte(unit(values[1], min[1], max[1])),
                b: byte(unit(values[2], min[2], max[2])),
                // The alpha band's 0..255, when the image has one (it comes after the three).
                a: if *alpha { values[3].clamp(0.0, 255.0).round() as u8 } else { 255 },
            },
            Painter::Shade => {
                if values[0] == terrain::HILLSHADE_NODATA {
                    return None;
                }
                let g = values[0].clamp(0.0, 255.0) as u8;
                Color::rgb(g, g, g)
            }
        })
    }
}

/// The colours of `n` equal classes along a ramp, end to end (as the legend shows them).
pub(crate) fn class_colors(ramp: &Ramp, n: usize) -> Vec<Color> {
    (0..n).map(|i| ramp.at(if n > 1 { i as f64 / (n - 1) as f64 } else { 1.0 })).collect()
}

/// Source coordinates (in the raster's CRS) of the map's pixel centres, exact every
/// [`LATTICE_STEP`] pixels and interpolated between.
pub(crate) struct Lattice {
    columns: u32,
    rows: u32,
    /// The view's size in pixels (the last column and row of points sit on its edge, nearer
    /// than a step to their neighbours).
    width: u32,
    height: u32,
    points: Vec<Option<(f64, f64)>>,
}

impl Lattice {
    /// `Ok(None)` when no pixel of the view lies where the raster's CRS is defined.
    pub(crate) fn new(
        frame: &Frame,
        width: u32,
        height: u32,
        map: Crs,
        raster: Crs,
    ) -> std::result::Result<Option<Lattice>, String> {
        let columns = width.div_ceil(LATTICE_STEP) + 1;
        let rows = height.div_ceil(LATTICE_STEP) + 1;
        let mut map_points = Vec::with_capacity((columns * rows) as usize);
        for j in 0..rows {
            for i in 0..columns {
                let (px, py) = ((i * LATTICE_STEP).min(width) as f64, (j * LATTICE_STEP).min(height) as f64);
                map_points.push((frame.left + px / frame.scale, frame.top - py / frame.scale));
            }
        }
        let points = transform_points(&map_points, map, raster)?;
        if points.iter().all(Option::is_none) {
            return Ok(None);
        }
        Ok(Some(Lattice { columns, rows, width, height, points }))
    }

    /// The source coordinates of a pixel's centre.
    pub(crate) fn source(&self, px: u32, py: u32) -> Option<(f64, f64)> {
        let (fx, fy) =
            ((f64::from(px) + 0.5) / f64::from(LATTICE_STEP), (f64::from(py) + 0.5) / f64::from(LATTICE_STEP));
        let (i, j) = ((fx as u32).min(self.columns - 2), (fy as u32).min(self.rows - 2));
        // The last column and row of points sit on the view's edge, nearer than a step.
        let span =
            |k: u32, size: u32| f64::from(((k + 1) * LATTICE_STEP).min(size).saturating_sub(k * LATTICE_STEP).max(1));
        let tx = (f64::from(px) + 0.5 - f64::from(i * LATTICE_STEP)) / span(i, self.width);
        let ty = (f64::from(py) + 0.5 - f64::from(j * LATTICE_STEP)) / span(j, self.height);
        let at = |i: u32, j: u32| self.points[(j * self.columns + i) as usize];
        let (a, b, c, d) = (at(i, j)?, at(i + 1, j)?, at(i, j + 1)?, at(i + 1, j + 1)?);
        let lerp = |p: f64, q: f64, t: f64| p + (q - p) * t;
        let top = (lerp(a.0, b.0, tx), lerp(a.1, b.1, tx));
        let bottom = (lerp(c.0, d.0, tx), lerp(c.1, d.1, tx));
        Some((lerp(top.0, bottom.0, ty), lerp(top.1, bottom.1, ty)))
    }

    /// How far apart neighbouring pixels are in the raster's units (the smallest spacing seen).
    pub(crate) fn pixel_size(&self) -> f64 {
        let mut best = f64::INFINITY;
        for j in 0..self.rows - 1 {
            for i in 0..self.columns - 1 {
                let at = |i: u32, j: u32| self.points[(j * self.columns + i) as usize];
                if let (Some(a), Some(b), Some(c)) = (at(i, j), at(i + 1, j), at(i, j + 1)) {
                    // Pixels between the points: a step, or less at the view's right and bottom edge.
                    let step_x = ((i + 1) * LATTICE_STEP).min(self.width) - i * LATTICE_STEP;
                    let step_y = ((j + 1) * LATTICE_STEP).min(self.height) - j * LATTICE_STEP;
                    if step_x == 0 || step_y == 0 {
                        continue;
                    }
                    let dx = (b.0 - a.0).hypot(b.1 - a.1) / f64::from(step_x);
                    let dy = (c.0 - a.0).hypot(c.1 - a.1) / f64::from(step_y);
                    best = best.min(dx.min(dy));
                }
            }
        }
        best
    }

    /// The box of the source coordinates of the view, `[min_x, min_y, max_x, max_y]`.
    pub(crate) fn bounds(&self) -> Option<[f64; 4]> {
        let mut bounds = [f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY];
        for (x, y) in self.points.iter().flatten() {
            bounds = [bounds[0].min(*x), bounds[1].min(*y), bounds[2].max(*x), bounds[3].max(*y)];
        }
        (bounds[0] < bounds[2] && bounds[1] < bounds[3]).then_some(bounds)
    }

    /// The window of cells (at a level with `to_cell`) the view covers, with a margin of two
    /// cells for hillshade and bilinear neighbours; `None` when the view misses the raster.
    fn window(&self, to_cell: &GeoTransform, width: usize, height: usize) -> Option<Window> {
        let (mut min_c, mut min_r, mut max_c, mut max_r) =
            (f64::INFINITY, f64::INFINITY, f64::NEG_INFINITY, f64::NEG_INFINITY);
        for (x, y) in self.points.iter().flatten() {
            let (c, r) = to_cell.apply(*x, *y);
            min_c = min_c.min(c);
            min_r = min_r.min(r);
            max_c = max_c.max(c);
            max_r = max_r.max(r);
        }
        let col0 = (min_c.floor() - 2.0).max(0.0);
        let row0 = (min_r.floor() - 2.0).max(0.0);
        let col1 = (max_c.ceil() + 2.0).min(width as f64);
        let row1 = (max_r.ceil() + 2.0).min(height as f64);
        if !(col1 > col0 && row1 > row0) {
            return None;
        }
        Some(Window {
            col: col0 as usize,
            row: row0 as usize,
            width: (col1 - col0) as usize,
            height: (row1 - row0) as usize,
        })
    }
}

/// Moves points from the map's CRS to the raster's through the CRS engine (PROJ, and the exact
/// formulas between EPSG:4326 and EPSG:3857). Points the projection cannot take are `None`.
fn transform_points(points: &[(f64, f64)], from: Crs, to: Crs) -> std::result::Result<Vec<Option<(f64, f64)>>, String> {
    let transform = Transform::new(from, to).map_err(|e| e.to_string())?;
    let (mut xs, mut ys): (Vec<f64>, Vec<f64>) = points.iter().copied().unzip();
    transform.apply_in_place(&mut xs, &mut ys);
    Ok(xs.into_iter().zip(ys).map(|(x, y)| (x.is_finite() && y.is_finite()).then_some((x, y))).collect())
}
