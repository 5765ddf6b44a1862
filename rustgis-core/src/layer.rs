//! Vector layers: a schema, features (geometry plus attributes), and how the layer is shown.
//!
//! Coordinates are stated once for the whole project: x is longitude, y is latitude, in
//! EPSG:4326 unless a layer names another CRS.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use crate::crs::{Authority, Crs, CrsError, WORLD_PROJECTIONS};
pub use crate::extent::Extent;
pub use crate::feature::{Feature, FeatureId, GeometryKind, geometry_kind_of};
use crate::style::{Labels, Style};
pub use crate::value::Field;

/// A layer id, unique within a session and never reused, so an actor's active layer survives
/// renames and undo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LayerId(pub u64);

/// Where a layer's features come from, for saving the project.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum LayerSource {
    /// Held only in memory (samples, tool results, inline GeoJSON): embedded when saved.
    #[default]
    Memory,
    /// Read from a file; saved as a path relative to the project file, as long as the layer
    /// still holds what was read (else its features are embedded).
    File {
        /// The absolute path read.
        path: std::path::PathBuf,
        /// The format name (`geojson`, `flatgeobuf`).
        format: String,
        /// The bbox the read was limited to, if any.
        bbox: Option<Extent>,
        /// What the layer held right after the read.
        snapshot: ReadSnapshot,
    },
    /// A live layer in PostgreSQL/PostGIS: it holds no features in memory, commands ask the
    /// database (see [`crate::postgis`]); saved as its connection (never a password) and query.
    Postgis(Arc<crate::database::PostgisSource>),
}

/// The features and fields a layer had when it was read from its file, to tell on saving
/// whether the file still holds them. It compares the `Arc`s by address and holds them weakly:
/// it keeps nothing alive, and any edit (which replaces or copies the `Arc`) breaks the match.
#[derive(Debug, Clone, Default)]
pub struct ReadSnapshot {
    features: std::sync::Weak<Vec<Feature>>,
    fields: std::sync::Weak<Vec<Field>>,
}

impl ReadSnapshot {
    /// What `layer` holds now.
    pub fn of(layer: &Layer) -> ReadSnapshot {
        ReadSnapshot { features: Arc::downgrade(&layer.features), fields: Arc::downgrade(&layer.fields) }
    }

    /// Whether `layer` still holds exactly what it held when the snapshot was taken.
    pub fn matches(&self, layer: &Layer) -> bool {
        std::ptr::eq(self.features.as_ptr(), Arc::as_ptr(&layer.features))
            && std::ptr::eq(self.fields.as_ptr(), Arc::as_ptr(&layer.fields))
    }
}

impl PartialEq for ReadSnapshot {
    fn eq(&self, other: &Self) -> bool {
        self.features.ptr_eq(&other.features) && self.fields.ptr_eq(&other.fields)
    }
}

/// A vector layer.
///
/// Features sit behind an `Arc`, so an undo step that changes only a layer's style or name
/// shares the features with the step before it.
#[derive(Debug, Clone)]
pub struct Layer {
    /// Session-unique id.
    pub id: LayerId,
    /// The name, unique in the project.
    pub name: String,
    /// A title for people (the legend's heading for the layer), when it should read otherwise
    /// than the name: "Population (2019)" for `countries`.
    pub title: Option<String>,
    /// The CRS of the geometries.
    pub crs: Crs,
    /// The attribute fields.
    pub fields: Arc<Vec<Field>>,
    /// The features.
    pub features: Arc<Vec<Feature>>,
    /// Whether the layer is drawn (when every group it is in is shown too).
    pub visible: bool,
    /// The layer group it is in, as a path (`Basemap/Water`), or `None` at the top
    /// (`project/groups.rs`).
    pub group: Option<String>,
    /// How it is drawn.
    pub style: Style,
    /// Its labels, if any.
    pub labels: Option<Labels>,
    /// Selected feature ids.
    pub selection: Arc<BTreeSet<FeatureId>>,
    /// Where the features came from.
    pub source: LayerSource,
    /// The cells of a raster layer and how they are drawn; `None` for a vector layer. A raster
    /// layer has no fields and no features, and vector commands refuse it.
    pub raster: Option<RasterLayer>,
    /// Where a web layer's images come from (XYZ tiles, WMS); `None` for data layers. A web
    /// layer has no fields and no features; the host's fetcher brings its images when it is drawn.
    pub web: Option<crate::web::WebSource>,
}

/// A raster layer's cells (shared, never changed: raster commands make new layers) and style.
#[derive(Debug, Clone)]
pub struct RasterLayer {
    /// The cells: a file read tile by tile, or a grid in memory.
    pub raster: Arc<crate::raster::Raster>,
    /// How it is drawn.
    pub style: crate::raster::RasterStyle,
}

impl Layer {
    /// A new, empty, visible layer with the default style. Its id is set when it is added to a project.
    pub fn new(name: impl Into<String>, crs: Crs, fields: Vec<Field>, features: Vec<Feature>) -> Layer {
        let features = Arc::new(features);
        let style = Style::default_for(&features);
        Layer {
            id: LayerId(0),
            name: name.into(),
            title: None,
            crs,
            fields: Arc::new(fields),
            features,
            visible: true,
            group: None,
            style,
            labels: None,
            selection: Arc::new(BTreeSet::new()),
            source: LayerSource::Memory,
            raster: None,
            web: None,
        }
    }

    /// A web layer (in EPSG:3857, the CRS of XYZ tiles) drawn from `source`.
    pub fn from_web(name: impl Into<String>, source: crate::web::WebSource) -> Layer {
        let mut layer = Layer::new(name, Crs::WEB_MERCATOR, Vec::new(), Vec::new());
        layer.web = Some(source);
        layer
    }

    /// Whether it is a web layer (XYZ tiles or WMS).
    pub fn is_web(&self) -> bool {
        self.web.is_some()
    }

    /// A raster layer in the raster's CRS (EPSG:4326 when it names none), with the style its
    /// kind of cells gets by default.
    pub fn from_raster(name: impl Into<String>, raster: crate::raster::Raster) -> crate::Result<Layer> {
        let style = crate::raster::RasterStyle::default_for(&raster)?;
        let mut layer = Layer::new(name, raster.crs(), Vec::new(), Vec::new());
        layer.raster = Some(RasterLayer { raster: Arc::new(raster), style });
        Ok(layer)
    }

    /// The database source of a live PostGIS layer.
    pub fn postgis(&self) -> Option<&crate::database::PostgisSource> {
        match &self.source {
            LayerSource::Postgis(source) => Some(source),
            _ => None,
        }
    }

    /// Whether it is a raster layer.
    pub fn is_raster(&self) -> bool {
        self.raster.is_some()
    }

    /// The index of a field by exact name.
    pub fn field_index(&self, name: &str) -> Option<usize> {
        self.fields.iter().position(|f| f.name == name)
    }

    /// The index of a field by name, with an error that lists the layer's fields.
    pub fn require_field(&self, name: &str) -> Result<usize, crate::Error> {
        self.field_index(name).ok_or_else(|| crate::Error::UnknownField {
            layer: self.name.clone(),
            field: name.to_owned(),
            accepted: self.fields.iter().map(|f| f.name.clone()).collect(),
        })
    }

    /// The extent of all geometries (of the cells of a raster layer), if any.
    pub fn extent(&self) -> Option<Extent> {
        if let Some(raster) = &self.raster {
            return raster.raster.extent();
        }
        self.features
            .iter()
            .filter_map(|f| f.geometry.as_ref().and_then(Extent::of_geometry))
            .reduce(|a, b| a.union(&b))
    }

    /// The extent of all geometries in another CRS (the map's), if any and if it can be moved.
    /// A geographic layer whose features lie on both sides of the antimeridian is moved part by
    /// part: its box from 179°W to 179°E would be the whole world on a map centred on the
    /// Pacific, where the layer is a few degrees wide.
    pub fn extent_in(&self, crs: Crs) -> Option<Extent> {
        let whole = self.extent()?;
        if crs != self.crs && whole.width() > 180.0 && self.across_antimeridian().is_some() {
            return self.part_extents().filter_map(|e| e.transformed(self.crs, crs)).reduce(|a, b| a.union(&b));
        }
        whole.transformed(self.crs, crs)
    }

    /// Where a geographic layer's features lie when they sit on both sides of the antimeridian,
    /// closer together across it than across Greenwich (Fiji, the Aleutians, a Pacific route):
    /// `(west, east)` in degrees, `west > east`. `None` for a layer that does not, and for one
    /// not in a geographic CRS. Each part of a multi-geometry counts on its own.
    pub fn across_antimeridian(&self) -> Option<(f64, f64)> {
        if !self.crs.is_geographic() || self.raster.is_some() {
            return None;
        }
        crate::extent::across_antimeridian(self.part_extents().map(|e| (e.min_x, e.max_x)))
    }

    /// The extents of its geometries' parts (each polygon of a multipolygon, each member of a
    /// collection), in its CRS.
    fn part_extents(&self) -> impl Iterator<Item = Extent> + '_ {
        fn parts(geometry: &geo::Geometry<f64>, out: &mut Vec<Extent>) {
            use geo::{BoundingRect, Geometry};
            let rect = |r: geo::Rect<f64>| Extent::from_corners(r.min().x, r.min().y, r.max().x, r.max().y);
            match geometry {
                Geometry::MultiPolygon(m) => out.extend(m.0.iter().filter_map(|p| p.bounding_rect().and_then(rect))),
                Geometry::MultiLineString(m) => {
                    out.extend(m.0.iter().filter_map(|l| l.bounding_rect().and_then(rect)));
                }
                Geometry::MultiPoint(m) => out.extend(m.0.iter().filter_map(|p| rect(p.bounding_rect()))),
                Geometry::GeometryCollection(c) => c.0.iter().for_each(|g| parts(g, out)),
                other => out.extend(Extent::of_geometry(other)),
            }
        }
        self.features.iter().filter_map(|f| f.geometry.as_ref()).flat_map(|g| {
            let mut out = Vec::new();
            parts(g, &mut out);
            out
        })
    }

    /// The features under a point, for a click on a map: those whose geometry touches the square
    /// of half-side `tolerance` (map units) around `point`, both in `crs` (the map's). The
    /// feature drawn on top (the last) comes first.
    ///
    /// Limitation: the square is moved to the layer's CRS by its corners, so near the poles of
    /// Web Mercator it grows; a click there may find a feature a little further away.
    pub fn features_at(&self, point: [f64; 2], crs: Crs, tolerance: f64) -> Vec<FeatureId> {
        let around = Extent {
            min_x: point[0] - tolerance,
            min_y: point[1] - tolerance,
            max_x: point[0] + tolerance,
            max_y: point[1] + tolerance,
        };
        self.features_in(around, crs)
    }

    /// The ids of the features whose geometry meets `area` (a box in `crs`, such as the map's
    /// CRS where a box was dragged), topmost (last drawn) first; empty when the box cannot be
    /// moved to the layer's CRS.
    pub fn features_in(&self, area: Extent, crs: Crs) -> Vec<FeatureId> {
        let Some(around) = area.transformed(crs, self.crs) else { return Vec::new() };
        let square = geo::Rect::new(
            geo::coord! { x: around.min_x, y: around.min_y },
            geo::coord! { x: around.max_x, y: around.max_y },
        );
        self.features_meeting(&square)
    }

    /// The ids of the features whose geometry meets the polygon through `ring` (its corners in
    /// `crs`, the map's, closed or not), topmost first; empty for fewer than 3 corners or when a
    /// corner cannot be moved to the layer's CRS. The corners are moved one by one, so a side
    /// stays straight in the layer's CRS, not in the map's.
    pub fn features_in_polygon(&self, ring: &[[f64; 2]], crs: Crs) -> Vec<FeatureId> {
        if ring.len() < 3 {
            return Vec::new();
        }
        let Ok(to_layer) = crate::crs::Transformer::new(crs, self.crs) else { return Vec::new() };
        let Some(corners) = ring
            .iter()
            .map(|[x, y]| to_layer.apply(*x, *y).map(|(x, y)| geo::coord! { x: x, y: y }))
            .collect::<Option<Vec<_>>>()
        else {
            return Vec::new();
        };
        self.features_meeting(&geo::Polygon::new(geo::LineString::new(corners), Vec::new()))
    }

    /// The ids of the features whose geometry meets `shape` (in the layer's CRS), topmost first.
    fn features_meeting<S>(&self, shape: &S) -> Vec<FeatureId>
    where
        geo::Geometry<f64>: geo::Intersects<S>,
    {
        use geo::Intersects;
        self.features
            .iter()
            .rev()
            .filter(|f| f.geometry.as_ref().is_some_and(|g| g.intersects(shape)))
            .map(|f| f.id)
            .collect()
    }

    /// The next unused feature id.
    pub fn next_feature_id(&self) -> FeatureId {
        self.features.iter().map(|f| f.id).max().map_or(1, |m| m + 1)
    }

    /// The geometry kind shared by the layer's features: `Point`, `LineString`, `Polygon`
    /// (multi-part kinds count as their single kind), `Mixed` or `None`.
    pub fn geometry_kind(&self) -> GeometryKind {
        if let Some(source) = self.postgis() {
            return source.geometry_kind;
        }
        geometry_kind_of(&self.features)
    }
}

#[cfg(test)]
mod tests {
    use super::Crs;

    fn check_click(layer: &str, point: [f64; 2], crs: Crs, tolerance: f64, expected: &str) {
        let session = crate::Session::with_sample().expect("the sample loads");
        let layer = session.project().layer(layer).expect("a sample layer");
        let name = layer.field_index("name").expect("a name field");
        let names: Vec<String> = layer
            .features_at(point, crs, tolerance)
            .iter()
            .filter_map(|id| layer.features.iter().find(|f| f.id == *id))
            .map(|f| f.attributes[name].to_string())
            .collect();
        assert_eq!(names.first().map(String::as_str), Some(expected), "{names:?}");
    }

    #[test]
    fn a_click_inside_a_country_finds_that_country() {
        check_click("countries", [2.35, 46.5], Crs::WGS84, 0.01, "France");
    }

    #[test]
    fn a_click_near_a_city_finds_it_within_the_tolerance() {
        check_click("cities", [2.40, 48.80], Crs::WGS84, 0.2, "Paris");
    }

    #[test]
    fn a_click_on_a_web_mercator_map_finds_the_feature_in_longitude_and_latitude() {
        let (x, y) = crate::webmercator::from_lon_lat(2.35, 46.5);
        check_click("countries", [x, y], Crs::WEB_MERCATOR, 100.0, "France");
    }
}
