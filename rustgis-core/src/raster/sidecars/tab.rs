//! A MapInfo `.tab` beside a raster, read as GDAL's `GDALLoadTabFile` reads it: a
//! `Definition Table` of `Type "RASTER"` whose control points (`(x,y) (column,row) Label "…"`)
//! give the transform, fitted by least squares and kept only when every point is within a
//! quarter of a cell (else GDAL keeps them as GCPs, which RustGIS does not warp), and whose
//! `CoordSys` gives the CRS. The CoordSys RustGIS maps are longitude/latitude (`Earth Projection
//! 1`) and transverse Mercator (`Earth Projection 8`) on WGS 84 (datum 104) or NAD 83 (74); any
//! other is a notice naming it, and the layer then needs its CRS named.

use std::path::{Path, PathBuf};

use crate::crs::Crs;
use crate::error::Result;
use crate::io::crs_wkt::crs_of_definition;
use crate::raster::GeoTransform;

/// The largest `.tab` read.
const MAX_TAB: u64 = 256 << 10;
/// GDAL reads at most this many lines of a `.tab`, and this many control points.
const MAX_LINES: usize = 1000;
const MAX_POINTS: usize = 256;

/// What a raster `.tab` says of its georeferencing.
#[derive(Debug)]
pub(crate) struct TabFile {
    /// The `.tab` read.
    pub(crate) path: PathBuf,
    /// The transform its control points give, or `None` when they do not fit one.
    pub(crate) transform: Option<GeoTransform>,
    /// How many control points it has.
    pub(crate) points: usize,
    /// Its `CoordSys` as a CRS, or why it cannot be read; `None` without a `CoordSys`.
    pub(crate) crs: Option<std::result::Result<(Crs, Option<String>), String>>,
}

/// The raster `.tab` beside `path` (`name.tab`, then `name.TAB`), if there is one with control
/// points; a `.tab` of another type, or without points, is not one (as GDAL reads it).
pub(crate) fn tab_file(path: &Path, notices: &mut Vec<String>) -> Result<Option<TabFile>> {
    for extension in ["tab", "TAB"] {
        let tab = path.with_extension(extension);
        let Some(bytes) = super::read_sidecar(&tab, MAX_TAB, notices)? else { continue };
        return Ok(parse(&String::from_utf8_lossy(&bytes), &tab));
    }
    Ok(None)
}

/// One control point: map x, y and cell column, row.
#[derive(Debug, Clone, Copy)]
struct Point {
    x: f64,
    y: f64,
    column: f64,
    row: f64,
}

fn parse(text: &str, tab: &Path) -> Option<TabFile> {
    let (mut inside, mut raster) = (false, false);
    let mut points = Vec::new();
    let mut crs: Option<std::result::Result<Mapped, String>> = None;
    for line in text.lines().take(MAX_LINES) {
        let tokens = tokens(line);
        if tokens.len() < 2 {
            continue;
        }
        let is = |i: usize, word: &str| tokens.get(i).is_some_and(|t| t.eq_ignore_ascii_case(word));
        if is(0, "Definition") && is(1, "Table") {
            inside = true;
        } else if inside && is(0, "Type") {
            if !is(1, "RASTER") {
                return None;
            }
            raster = true;
        } else if raster && inside && tokens.len() > 4 && is(4, "Label") && points.len() < MAX_POINTS {
            let number = |i: usize| leading_number(&tokens[i]);
            points.push(Point { x: number(0), y: number(1), column: number(2), row: number(3) });
        } else if raster && inside && is(0, "CoordSys") {
            crs = Some(coord_sys(line.trim()));
        } else if is(0, "Units") && is(1, "degree") {
            // GDAL: units of degrees with a projected CoordSys mean the points are lon/lat.
            if let Some(Ok(mapped)) = &mut crs {
                mapped.definition = mapped.geographic.clone();
            }
        }
    }
    if points.is_empty() {
        return None;
    }
    let place = format!("CoordSys of {}", tab.display());
    let crs = crs.map(|mapped| mapped.and_then(|m| crs_of_definition(&m.definition, &place)));
    Some(TabFile { path: tab.to_owned(), transform: fit(&points), points: points.len(), crs })
}

/// A CoordSys as PROJ reads it: its own definition and that of its geographic CRS.
struct Mapped {
    definition: String,
    geographic: String,
}

/// The PROJ definition of a MapInfo `CoordSys` line, or a message naming it and what would work.
fn coord_sys(line: &str) -> std::result::Result<Mapped, String> {
    let unmapped = |why: &str| {
        format!(
            "its {line:?} {why}; RustGIS maps \"Earth Projection 1\" (longitude/latitude) and \"Earth Projection 8\" \
             (transverse Mercator, in metres) on datum 104 (WGS 84) or 74 (NAD 83): give \"crs\" to name its CRS \
             (an EPSG code)"
        )
    };
    let tokens = tokens(line);
    let words: Vec<String> = tokens.iter().map(|t| t.to_ascii_lowercase()).collect();
    if words.get(1).map(String::as_str) != Some("earth") || words.get(2).map(String::as_str) != Some("projection") {
        return Err(unmapped("is not a CoordSys on the Earth"));
    }
    let number = |i: usize| tokens.get(i).and_then(|t| t.parse::<f64>().ok());
    let datum = match number(4).map(|d| d as i64) {
        Some(104) => "+datum=WGS84",
        Some(74) => "+datum=NAD83",
        _ => return Err(unmapped("has a datum RustGIS does not map")),
    };
    let geographic = format!("+proj=longlat {datum} +no_defs +type=crs");
    match number(3).map(|p| p as i64) {
        Some(1) => Ok(Mapped { definition: geographic.clone(), geographic }),
        Some(8) => {
            if words.get(5).is_none_or(|unit| unit != "m") {
                return Err(unmapped("is in a unit RustGIS does not map"));
            }
            let [Some(lon0), Some(lat0), Some(k), Some(x0), Some(y0)] = [6, 7, 8, 9, 10].map(number) else {
                return Err(unmapped("lacks a parameter of transverse Mercator"));
            };
            let definition = format!(
                "+proj=tmerc +lat_0={lat0} +lon_0={lon0} +k={k} +x_0={x0} +y_0={y0} {datum} +units=m +no_defs +type=crs"
            );
            Ok(Mapped { definition, geographic })
        }
        _ => Err(unmapped("is a projection RustGIS does not map")),
    }
}

/// A line's tokens as GDAL splits a `.tab` line: on spaces, tabs, parentheses, commas and
/// semicolons, with double-quoted text kept whole (and its quotes removed), empty ones dropped.
fn tokens(line: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let (mut current, mut quoted, mut had_quotes) = (String::new(), false, false);
    for c in line.chars() {
        if c == '"' {
            quoted = !quoted;
            had_quotes = true;
        } else if !quoted && matches!(c, ' ' | '\t' | '(' | ')' | ',' | ';') {
            if !current.is_empty() || had_quotes {
                tokens.push(std::mem::take(&mut current));
            }
            had_quotes = false;
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() || had_quotes {
        tokens.push(current);
    }
    tokens
}

/// The number a token starts with, as C's `atof` reads it (0 when there is none).
fn leading_number(token: &str) -> f64 {
    (1..=token.len())
        .rev()
        .filter(|end| token.is_char_boundary(*end))
        .find_map(|end| token[..end].parse::<f64>().ok())
        .unwrap_or(0.0)
}

/// The affine transform through `points` as GDAL's `GDALGCPsToGeoTransform` computes it (not
/// approximate): two points give a north-up transform, four at the corners of a north-up image
/// give it exactly, more are fitted by least squares on coordinates scaled to 0..1, and the fit
/// is refused when a point is more than a quarter of a cell from it.
fn fit(points: &[Point]) -> Option<GeoTransform> {
    match points {
        [] | [_] => None,
        [a, b] => {
            if a.column == b.column || a.row == b.row {
                return None;
            }
            let (dx, dy) = ((b.x - a.x) / (b.column - a.column), (b.y - a.y) / (b.row - a.row));
            Some(GeoTransform([a.x - a.column * dx, dx, 0.0, a.y - a.row * dy, 0.0, dy]))
        }
        [tl, tr, br, bl]
            if tl.row == tr.row
                && br.row == bl.row
                && tl.column == bl.column
                && tr.column == br.column
                && tl.row != br.row
                && tl.column != tr.column
                && tl.y == tr.y
                && br.y == bl.y
                && tl.x == bl.x
                && tr.x == br.x
                && tl.y != br.y
                && tl.x != tr.x =>
        {
            let dx = (tr.x - tl.x) / (tr.column - tl.column);
            let dy = (br.y - tr.y) / (br.row - tr.row);
            Some(GeoTransform([tl.x - tl.column * dx, dx, 0.0, tl.y - tl.row * dy, 0.0, dy]))
        }
        _ => least_squares(points),
    }
}

fn least_squares(points: &[Point]) -> Option<GeoTransform> {
    let range = |f: fn(&Point) -> f64| {
        let (min, max) =
            points.iter().map(f).fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| (lo.min(v), hi.max(v)));
        (min, max - min)
    };
    let (min_col, span_col) = range(|p| p.column);
    let (min_row, span_row) = range(|p| p.row);
    let (min_x, span_x) = range(|p| p.x);
    let (min_y, span_y) = range(|p| p.y);
    if [span_col, span_row, span_x, span_y].iter().any(|span| span.abs() < 1e-12) {
        return None;
    }
    // Cells and map coordinates scaled to 0..1, which keeps the sums well conditioned.
    let cells = GeoTransform([-min_col / span_col, 1.0 / span_col, 0.0, -min_row / span_row, 0.0, 1.0 / span_row]);
    let map = GeoTransform([-min_x / span_x, 1.0 / span_x, 0.0, -min_y / span_y, 0.0, 1.0 / span_y]);
    let n = points.len() as f64;
    let (mut sx, mut sy, mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    let (mut su, mut sux, mut suy, mut sv, mut svx, mut svy) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for point in points {
        let (x, y) = cells.apply(point.column, point.row);
        let (u, v) = map.apply(point.x, point.y);
        (sx, sy, sxy, sxx, syy) = (sx + x, sy + y, sxy + x * y, sxx + x * x, syy + y * y);
        (su, sux, suy) = (su + u, sux + u * x, suy + u * y);
        (sv, svx, svy) = (sv + v, svx + v * x, svy + v * y);
    }
    let divisor = n * (sxx * syy - sxy * sxy) + 2.0 * sx * sy * sxy - sy * sy * sxx - sx * sx * syy;
    if divisor == 0.0 {
        return None;
    }
    // Cramer's rule on the normal equations of u = a + b x + c y (and the same for v).
    let solve = |s: f64, s_x: f64, s_y: f64| {
        [
            (s * (sxx * syy - sxy * sxy) + s_x * (sy * sxy - sx * syy) + s_y * (sx * sxy - sy * sxx)) / divisor,
            (s * (sy * sxy - sx * syy) + s_x * (n * syy - sy * sy) + s_y * (sx * sy - sxy * n)) / divisor,
            (s * (sx * sxy - sy * sxx) + s_x * (sx * sy - n * sxy) + s_y * (n * sxx - sx * sx)) / divisor,
        ]
    };
    let [a, b, c] = solve(su, sux, suy);
    let [d, e, f] = solve(sv, svx, svy);
    let normalised = GeoTransform([a, b, c, d, e, f]);
    let transform = compose(&compose(&cells, &normalised), &map.inverse()?);
    let t = &transform.0;
    let cell_size = 0.5 * (t[1].abs() + t[2].abs() + t[4].abs() + t[5].abs());
    if cell_size == 0.0 {
        return None;
    }
    let fits = points.iter().all(|p| {
        let (x, y) = transform.apply(p.column, p.row);
        (x - p.x).abs() <= 0.25 * cell_size && (y - p.y).abs() <= 0.25 * cell_size
    });
    fits.then_some(transform)
}

/// `first` then `second`, as one transform.
fn compose(first: &GeoTransform, second: &GeoTransform) -> GeoTransform {
    let (a, b) = (&first.0, &second.0);
    GeoTransform([
        b[1] * a[0] + b[2] * a[3] + b[0],
        b[1] * a[1] + b[2] * a[4],
        b[1] * a[2] + b[2] * a[5],
        b[4] * a[0] + b[5] * a[3] + b[3],
        b[4] * a[1] + b[5] * a[4],
        b[4] * a[2] + b[5] * a[5],
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_line_splits_on_gdals_separators_and_keeps_quoted_text_whole() {
        assert_eq!(
            tokens(r#"  (500000,5200000) (0,0) Label "Pt 1","#),
            ["500000", "5200000", "0", "0", "Label", "Pt 1"]
        );
    }

    #[test]
    fn three_points_of_a_north_up_grid_fit_exactly() {
        let points = [
            Point { x: 500000.0, y: 5200000.0, column: 0.0, row: 0.0 },
            Point { x: 500600.0, y: 5200000.0, column: 20.0, row: 0.0 },
            Point { x: 500600.0, y: 5199680.0, column: 20.0, row: 16.0 },
        ];
        let t = fit(&points).expect("they fit").0;
        let want = [500000.0, 30.0, 0.0, 5200000.0, 0.0, -20.0];
        assert!(t.iter().zip(want).all(|(got, want)| (got - want).abs() < 1e-6), "{t:?}");
    }
}
