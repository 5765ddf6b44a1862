//! `Extent`, an axis-aligned rectangle in some CRS's coordinates: data below the CRS engine and
//! the layer, so that both (and everything between) can speak of boxes. Moving an extent to
//! another CRS ([`Extent::transformed`]) is the CRS engine's, in `crs/transformer.rs`.

use geo::{BoundingRect, Geometry};
use serde::{Deserialize, Serialize};

/// An axis-aligned rectangle in a layer's or the view's coordinates.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Extent {
    /// Smallest x (west).
    pub min_x: f64,
    /// Smallest y (south).
    pub min_y: f64,
    /// Largest x (east).
    pub max_x: f64,
    /// Largest y (north).
    pub max_y: f64,
}

impl Extent {
    /// The extent with these corners, in any order. `None` if a coordinate is not finite.
    pub fn from_corners(x1: f64, y1: f64, x2: f64, y2: f64) -> Option<Extent> {
        if ![x1, y1, x2, y2].iter().all(|v| v.is_finite()) {
            return None;
        }
        Some(Extent { min_x: x1.min(x2), min_y: y1.min(y2), max_x: x1.max(x2), max_y: y1.max(y2) })
    }

    /// A bounding box given as `[min_x, min_y, max_x, max_y]`: every number finite, min below
    /// max on both axes (an inverted or empty box is `None`, not silently turned around), and a
    /// width and height that are finite numbers too.
    pub fn from_bbox(bbox: [f64; 4]) -> Option<Extent> {
        let [min_x, min_y, max_x, max_y] = bbox;
        let extent = Extent { min_x, min_y, max_x, max_y };
        let finite = bbox.iter().all(|v| v.is_finite()) && extent.width().is_finite() && extent.height().is_finite();
        (finite && min_x < max_x && min_y < max_y).then_some(extent)
    }

    /// The whole world in longitude/latitude.
    pub const WORLD: Extent = Extent { min_x: -180.0, min_y: -90.0, max_x: 180.0, max_y: 90.0 };

    /// Width (x span).
    pub fn width(&self) -> f64 {
        self.max_x - self.min_x
    }

    /// Height (y span).
    pub fn height(&self) -> f64 {
        self.max_y - self.min_y
    }

    /// The smallest extent holding both.
    pub fn union(&self, other: &Extent) -> Extent {
        Extent {
            min_x: self.min_x.min(other.min_x),
            min_y: self.min_y.min(other.min_y),
            max_x: self.max_x.max(other.max_x),
            max_y: self.max_y.max(other.max_y),
        }
    }

    /// Whether the two overlap or touch.
    pub fn intersects(&self, other: &Extent) -> bool {
        self.min_x <= other.max_x && other.min_x <= self.max_x && self.min_y <= other.max_y && other.min_y <= self.max_y
    }

    /// The extent as `[min_x, min_y, max_x, max_y]`.
    pub fn to_array(&self) -> [f64; 4] {
        [self.min_x, self.min_y, self.max_x, self.max_y]
    }

    /// The extent grown by `fraction` of its size on every side; a side of no length (a point, a
    /// line along an axis) grows by `if_flat` instead (in the extent's units), so it has an area.
    pub fn with_margin(&self, fraction: f64, if_flat: f64) -> Extent {
        let margin = |size: f64| if size > 0.0 { size * fraction } else { if_flat };
        let (mx, my) = (margin(self.width()), margin(self.height()));
        Extent { min_x: self.min_x - mx, min_y: self.min_y - my, max_x: self.max_x + mx, max_y: self.max_y + my }
    }

    /// The extent of a geometry, if it has any coordinates.
    pub fn of_geometry(geometry: &Geometry<f64>) -> Option<Extent> {
        geometry.bounding_rect().and_then(|r| Extent::from_corners(r.min().x, r.min().y, r.max().x, r.max().y))
    }
}

/// Where things whose longitude ranges are `spans` (each `(west, east)` in degrees, -180 to 180)
/// lie when they sit on both sides of the antimeridian, closer together across it than across
/// Greenwich and within half the world's width that way: `(west, east)` of the whole, with
/// `west > east` (177.2, -178.5: from 177.2°E eastwards over 180° to 178.5°W). `None` when they
/// do not cross it (the widest stretch of longitude they leave empty is not in the middle), when
/// they go around much of the world either way, or when there are none.
pub(crate) fn across_antimeridian(spans: impl IntoIterator<Item = (f64, f64)>) -> Option<(f64, f64)> {
    let mut spans: Vec<(f64, f64)> =
        spans.into_iter().filter(|(w, e)| w.is_finite() && e.is_finite() && w <= e).collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Overlapping ranges merged, west to east.
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for (west, east) in spans {
        match merged.last_mut() {
            Some(last) if west <= last.1 => last.1 = last.1.max(east),
            _ => merged.push((west, east)),
        }
    }
    let (first, last) = (merged.first()?, merged.last()?);
    let around = (first.0 + 180.0) + (180.0 - last.1);
    let (widest, at) =
        merged.windows(2).enumerate().map(|(i, pair)| (pair[1].0 - pair[0].1, i)).max_by(|a, b| a.0.total_cmp(&b.0))?;
    // A degree of slack: data that merely touches both edges of a world map does not count.
    (widest > around + 1.0 && 360.0 - widest <= 180.0).then(|| (merged[at + 1].0, merged[at].1))
}

#[cfg(test)]
mod tests {
    use super::across_antimeridian;

    #[test]
    fn islands_on_both_sides_of_the_antimeridian_are_found_together_across_it() {
        // Fiji: from 177°E over 180° to 178°W.
        let fiji = [(177.0, 178.5), (179.2, 180.0), (-180.0, -179.5), (-178.9, -178.0)];
        assert_eq!(across_antimeridian(fiji), Some((177.0, -178.0)));
    }

    #[test]
    fn things_near_greenwich_or_around_the_world_do_not_cross_the_antimeridian() {
        assert_eq!(across_antimeridian([(-10.0, 5.0), (20.0, 30.0)]), None);
        assert_eq!(across_antimeridian([(-180.0, -60.0), (-20.0, 40.0), (60.0, 180.0)]), None);
        assert_eq!(across_antimeridian(std::iter::empty()), None);
    }
}
