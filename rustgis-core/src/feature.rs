//! A feature (an optional geometry and one value per field) and the kind of geometry a set of
//! features holds. Below `layer.rs` and `style.rs`, which both use them.

use geo::Geometry;
use serde::Serialize;

use crate::value::Value;

/// A feature id, unique within its layer and stable across edits.
pub type FeatureId = u64;

/// One feature: an optional geometry and one value per field of the layer's schema.
#[derive(Debug, Clone, PartialEq)]
pub struct Feature {
    /// The id, unique in the layer.
    pub id: FeatureId,
    /// The geometry, in the layer's CRS. `None` for attribute-only rows.
    pub geometry: Option<Geometry<f64>>,
    /// The attribute values, in the order of the layer's fields.
    pub attributes: Vec<Value>,
}

/// The kind of geometry a layer holds, for styling and for `layer.info`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize, schemars::JsonSchema)]
pub enum GeometryKind {
    /// Points and multi-points.
    Point,
    /// Lines and multi-lines.
    LineString,
    /// Polygons and multi-polygons.
    Polygon,
    /// More than one of the above.
    Mixed,
    /// No geometries at all.
    None,
}

/// The geometry kind of a set of features.
pub fn geometry_kind_of(features: &[Feature]) -> GeometryKind {
    let mut kind = GeometryKind::None;
    for feature in features {
        let k = match &feature.geometry {
            Some(Geometry::Point(_) | Geometry::MultiPoint(_)) => GeometryKind::Point,
            Some(Geometry::Line(_) | Geometry::LineString(_) | Geometry::MultiLineString(_)) => {
                GeometryKind::LineString
            }
            Some(Geometry::Polygon(_) | Geometry::MultiPolygon(_) | Geometry::Rect(_) | Geometry::Triangle(_)) => {
                GeometryKind::Polygon
            }
            Some(Geometry::GeometryCollection(_)) => GeometryKind::Mixed,
            None => continue,
        };
        kind = match kind {
            GeometryKind::None => k,
            same if same == k => same,
            _ => return GeometryKind::Mixed,
        };
    }
    kind
}
