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
