//! Moving points and extents between CRSs: [`Transformer`] (PROJ's transformation, with EPSG:4326
//! ⇄ EPSG:3857 by Web Mercator's exact formulas), the checks a map's CRS passes, and
//! [`Extent::transformed`].

use geo::Geometry;

use super::{Crs, Transform, ValidArea};
use crate::error::Result;
use crate::extent::Extent;
use crate::webmercator;

/// What a map or a 2D reprojection can use: a CRS PROJ knows that is geographic or projected,
/// on the Earth. The error names the cause and what would be accepted.
pub fn check_map_crs(crs: Crs) -> Result<()> {
    if crs == Crs::WGS84 || crs == Crs::WEB_MERCATOR {
        return Ok(());
    }
    crs.info()?.check_usable()?;
    Transform::new(Crs::WGS84, crs)?;
    Ok(())
}

/// The longitude a CRS is centred on (the middle of its map, where the antimeridian cut goes
/// opposite), the latitude of its centre, and its projection's PROJ name (`longlat`, `merc`,
/// `utm`, `eqearth`, `wintri`…).
pub fn crs_centre(crs: Crs) -> Result<(f64, f64, String)> {
    if crs == Crs::WGS84 {
        return Ok((0.0, 0.0, "longlat".into()));
    }
    if crs == Crs::WEB_MERCATOR {
        return Ok((0.0, 0.0, "merc".into()));
    }
    let info = crs.info()?;
    info.check_usable()?;
    Ok((info.projection.lon_0, info.projection.lat_0, info.projection.name.clone()))
}

/// Moves single points between two CRSs (any two [`check_map_crs`] accepts): what a renderer
/// needs to project every vertex of a map, the graticule and the scale bar.
#[derive(Debug, Clone, Copy)]
pub struct Transformer {
    transform: Transform,
}

impl Transformer {
    /// The transformer from `from` to `to`, or an error naming a CRS RustGIS cannot use.
    pub fn new(from: Crs, to: Crs) -> Result<Transformer> {
        Ok(Transformer { transform: Transform::new(from, to)? })
    }

    /// The point in `to`, or `None` when it has no image there (outside the projection's domain).
    /// Latitudes beyond ±85.0511° are clamped on the way to Web Mercator.
    pub fn apply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        self.transform.apply(x, y)
    }

    /// Many points in place; those with no image become NaN. Returns how many had none.
    pub fn apply_in_place(&self, xs: &mut [f64], ys: &mut [f64]) -> usize {
        self.transform.apply_in_place(xs, ys)
    }

    /// The underlying transformation.
    pub fn transform(&self) -> Transform {
        self.transform
    }
}

/// Whether points can be moved exactly between these two CRSs, by Web Mercator's formulas (the
/// same CRS, or EPSG:4326 ⇄ EPSG:3857).
pub fn can_transform_exactly(from: Crs, to: Crs) -> bool {
    from == to || is_supported(from) && is_supported(to)
}

/// Moves a point from one CRS to another by Web Mercator's exact formulas; `None` when the pair
/// is not the same CRS or EPSG:4326 ⇄ EPSG:3857.
pub fn transform_exactly(from: Crs, to: Crs, x: f64, y: f64) -> Option<(f64, f64)> {
    match (from.code(), to.code()) {
        _ if from == to => Some((x, y)),
        (4326, 3857) => Some(webmercator::from_lon_lat(x, y)),
        (3857, 4326) => Some(webmercator::to_lon_lat(x, y)),
        _ => None,
    }
}

/// An extent moved to another CRS (its corners; both CRSs keep north up, so that is exact).
pub fn transform_extent_exactly(from: Crs, to: Crs, extent: &Extent) -> Option<Extent> {
    let (x1, y1) = transform_exactly(from, to, extent.min_x, extent.min_y)?;
    let (x2, y2) = transform_exactly(from, to, extent.max_x, extent.max_y)?;
    Extent::from_corners(x1, y1, x2, y2)
}

fn is_supported(crs: Crs) -> bool {
    matches!(crs.code(), 4326 | 3857)
}

impl Extent {
    /// The extent moved from one CRS to another: exactly between EPSG:4326 and EPSG:3857, else
    /// through a grid of points over the box (21 a side, as edges curve) reprojected through the
    /// longitude/latitude of `to`'s own datum, keeping the points inside the valid area of `to`
    /// (see [`ValidArea`]). `None` when it cannot be moved (an unknown CRS,
    /// or no point of the box is in the valid area).
    pub fn transformed(&self, from: Crs, to: Crs) -> Option<Extent> {
        if let Some(e) = transform_extent_exactly(from, to, self) {
            return Some(e);
        }
        let lon_lat =
            if to == Crs::WEB_MERCATOR { Crs::WGS84 } else { to.info().ok()?.geographic.unwrap_or(Crs::WGS84) };
        let to_lon_lat = Transformer::new(from, lon_lat).ok()?;
        let to_map = Transformer::new(lon_lat, to).ok()?;
        let area = if to == Crs::WGS84 || to == Crs::WEB_MERCATOR { None } else { Some(ValidArea::of(to).ok()?) };
        let steps = || (0..=20).map(|i| f64::from(i) / 20.0);
        let (w, h) = (self.width(), self.height());
        let points: Vec<geo::Point<f64>> = steps()
            .flat_map(|tx| steps().map(move |ty| (tx, ty)))
            .filter_map(|(tx, ty)| to_lon_lat.apply(self.min_x + w * tx, self.min_y + h * ty))
            .filter(|&(lon, lat)| area.is_none_or(|a| a.contains(lon, lat)))
            .filter_map(|(lon, lat)| to_map.apply(lon, lat))
            .filter(|(x, y)| x.is_finite() && y.is_finite())
            .map(|(x, y)| geo::Point::new(x, y))
            .collect();
        if points.is_empty() {
            return None;
        }
        Extent::of_geometry(&Geometry::MultiPoint(points.into()))
    }
}
