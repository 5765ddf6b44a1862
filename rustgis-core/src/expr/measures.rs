//! The feature measures `$area`, `$length` and `$perimeter`: on the WGS 84 ellipsoid for a
//! geographic CRS, planar in CRS units otherwise.

use geo::{Area, Euclidean, GeodesicArea, Geometry, Length, LineString, Polygon};

use crate::Crs;

/// The area: geodesic square metres on a geographic CRS, square CRS units otherwise.
pub(crate) fn area(geometry: &Geometry<f64>, crs: Crs) -> f64 {
    if crs.is_geographic() { crate::measure::geodesic_area(geometry) } else { geometry.unsigned_area() }
}

/// The length of the line parts: geodesic metres on a geographic CRS, CRS units otherwise.
/// Points and polygons have no length (use [`perimeter`] for polygons), as in QGIS.
pub(crate) fn length(geometry: &Geometry<f64>, crs: Crs) -> f64 {
    let measure = |line: &LineString<f64>| {
        if crs.is_geographic() { crate::measure::geodesic_length_of_lines([line]) } else { Euclidean.length(line) }
    };
    match geometry {
        Geometry::Line(line) => measure(&LineString::from(*line)),
        Geometry::LineString(line) => measure(line),
        Geometry::MultiLineString(lines) => lines.iter().map(measure).sum(),
        Geometry::GeometryCollection(parts) => parts.iter().map(|part| length(part, crs)).sum(),
        Geometry::Point(_)
        | Geometry::MultiPoint(_)
        | Geometry::Polygon(_)
        | Geometry::MultiPolygon(_)
        | Geometry::Rect(_)
        | Geometry::Triangle(_) => 0.0,
    }
}

/// The length of the polygon rings: geodesic metres on a geographic CRS, CRS units otherwise.
/// Points and lines have no perimeter, as in QGIS.
pub(crate) fn perimeter(geometry: &Geometry<f64>, crs: Crs) -> f64 {
    if crs.is_geographic() {
        return geometry.geodesic_perimeter();
    }
    let rings = |polygon: &Polygon<f64>| {
        std::iter::once(polygon.exterior()).chain(polygon.interiors()).map(|ring| Euclidean.length(ring)).sum::<f64>()
    };
    match geometry {
        Geometry::Polygon(polygon) => rings(polygon),
        Geometry::MultiPolygon(polygons) => polygons.iter().map(rings).sum(),
        Geometry::Rect(rect) => rings(&rect.to_polygon()),
        Geometry::Triangle(triangle) => rings(&triangle.to_polygon()),
        Geometry::GeometryCollection(parts) => parts.iter().map(|part| perimeter(part, crs)).sum(),
        Geometry::Point(_)
        | Geometry::MultiPoint(_)
        | Geometry::Line(_)
        | Geometry::LineString(_)
        | Geometry::MultiLineString(_) => 0.0,
    }
}
