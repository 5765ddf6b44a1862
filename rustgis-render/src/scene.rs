//! A project made ready to draw in one CRS: geometry projected (EPSG:4326 ⇄ EPSG:3857 exactly;
//! any other map CRS through longitude/latitude, cut at the meridian opposite the map's centre,
//! clipped to the projection's valid area and densified by core's `ValidArea`), antimeridian
//! crossings unwrapped, chains indexed, a symbol chosen for every feature, and label texts and
//! anchors worked out. Built once per `render` call, or once for many tiles.

use std::sync::Arc;

use geo::{Area, BoundingRect, Coord, Geometry, InteriorPoint, Polygon};
use rstar::primitives::{GeomWithData, Rectangle};
use rstar::{AABB, RTree};
use rustgis_core::crs::Transform;
use rustgis_core::geoprocessing::{Transformer, ValidArea};
use rustgis_core::{
    Crs, Expr, Feature, GeometryKind, Layer, Project, RowContext, Scope, Style, Symbol, Value, webmercator,
};

use crate::error::{Error, Result};
use crate::geom::{Bbox, Chain, Pt};
use crate::symbology::{Chooser, DataDefinedExprs, Overrides, RuleMatch, Sizer, size_legend, symbols_of};
use crate::watch::Watch;

/// Layers with more features than this get an R-tree of feature boxes.
const INDEX_ABOVE: usize = 32;

/// A project ready to draw.
pub(crate) struct Scene {
    /// The map's CRS.
    pub crs: Crs,
    /// The whole world in map coordinates.
    pub world: Bbox,
    /// The background colour.
    pub background: rustgis_core::Color,
    /// Visible layers, bottom first (shared: a tile of a project with PostGIS layers prepares
    /// only those anew and keeps the others).
    pub layers: Vec<Arc<SceneLayer>>,
    /// What fetches web layers' images (the view's).
    pub web: Option<rustgis_core::web::WebFetcher>,
    /// For a world projection other than EPSG:4326/3857, the globe's outline in map
    /// coordinates: the map is the inside of this ring.
    pub outline: Option<Vec<Pt>>,
}

/// One visible layer, ready to draw.
pub(crate) struct SceneLayer {
    pub name: String,
    /// The layer's title for people, if it has one (the legend's heading).
    pub title: Option<String>,
    pub kind: GeometryKind,
    pub style: Style,
    /// The symbols features use: a style's classes or categories, then its default.
    pub symbols: Vec<Symbol>,
    pub features: Vec<SceneFeature>,
    index: Option<RTree<GeomWithData<Rectangle<[f64; 2]>, usize>>>,
    /// Label settings, when the layer is labelled.
    pub labels: Option<rustgis_core::Labels>,
    /// The largest half-extent of any symbol (stroke and marker), in nominal pixels: how far
    /// outside a view a feature can still show.
    pub reach_px: f32,
    /// The cells and style of a raster layer (which has no features), and its CRS.
    pub raster: Option<(rustgis_core::RasterLayer, Crs)>,
    /// Where a web layer's images come from.
    pub web: Option<rustgis_core::web::WebSource>,
    /// Why features of the layer have no place on the map, when some have none (a notice for a
    /// layer that meets the view but draws nothing).
    pub unplaced: Option<Unplaced>,
    /// The layer's data extent on the map, when it can be placed there.
    pub extent_on_map: Option<Bbox>,
    /// Per symbol of a rule-based style: whether its rule is an else rule (empty otherwise).
    pub rule_else: Vec<bool>,
    /// Marker sizes to show in the legend as nested circles, largest first: a feature's size
    /// and the value it comes from (empty unless sizes come from a field or an expression).
    pub size_legend: Vec<(f32, String)>,
    /// What the style asks that cannot be drawn (a rule's filter or a data-defined expression
    /// that no longer works on the layer), for the render's notices.
    pub notes: Vec<String>,
}

/// Features of a layer that the projection to the map left with nothing to draw.
pub(crate) struct Unplaced {
    /// How many, of how many with a geometry.
    pub count: usize,
    pub of: usize,
    /// Why, in words.
    pub cause: String,
}

/// One feature, ready to draw.
pub(crate) struct SceneFeature {
    /// The feature's geometry on the map (its fields read through `Deref`): shared by every scene
    /// of the same features on a map in the same CRS, so later frames, tiles and exports reuse
    /// one reprojection.
    pub shape: Arc<Shape>,
    /// Index into the layer's `symbols`.
    pub symbol: usize,
    /// Marker size in nominal pixels.
    pub size: f32,
    pub selected: bool,
    pub label: Option<LabelSource>,
    /// With a rule-based style: the rules that select the source feature (shared by the scene
    /// features drawn for it, one per rule), which decide at each scale whether this one shows.
    pub rules: Option<Arc<RuleMatch>>,
    /// The feature's own data-defined colours, width, rotation and opacity.
    pub overrides: Option<Box<Overrides>>,
}

impl SceneFeature {
    /// Whether this scene feature is drawn with these rules shown (`None`: every rule).
    pub(crate) fn shown(&self, layer: &SceneLayer, active: Option<&[bool]>) -> bool {
        let Some(rules) = &self.rules else { return true };
        let is_else = layer.rule_else.get(self.symbol).copied().unwrap_or(false);
        rules.draws(u16::try_from(self.symbol).unwrap_or(u16::MAX), is_else, active)
    }

    /// Whether this scene feature's label is drawn with these rules shown: when some rule draws
    /// its source feature.
    pub(crate) fn label_shown(&self, active: Option<&[bool]>) -> bool {
        self.rules.as_ref().is_none_or(|rules| rules.drawn(active))
    }
}

impl std::ops::Deref for SceneFeature {
    type Target = Shape;

    fn deref(&self) -> &Shape {
        &self.shape
    }
}

/// A feature's geometry on the map: its points, lines and rings in map coordinates.
pub(crate) struct Shape {
    pub bbox: Bbox,
    pub points: Vec<Pt>,
    pub lines: Vec<Chain>,
    /// Polygon rings (outer and holes of every part), drawn with the even-odd rule.
    pub rings: Vec<Chain>,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape { bbox: Bbox::EMPTY, points: Vec::new(), lines: Vec::new(), rings: Vec::new() }
    }
}

impl Shape {
    fn is_empty(&self) -> bool {
        self.points.is_empty() && self.lines.is_empty() && self.rings.is_empty()
    }

    fn n_points(&self) -> usize {
        self.lines.iter().chain(&self.rings).map(Chain::len).sum::<usize>() + self.points.len()
    }
}

/// The shapes of a layer's features on a map in one CRS, kept for the next scene of the same
/// features (the `Arc` of a layer's features changes whenever they do: a new one is a new
/// version). A few layers are kept, the least recently used going first.
struct ShapeCache {
    entries: Vec<ShapeEntry>,
}

struct ShapeEntry {
    features: std::sync::Weak<Vec<Feature>>,
    from: Crs,
    to: Crs,
    /// One per feature of the layer: `None` without a geometry.
    shapes: Arc<Vec<Option<Arc<Shape>>>>,
    n_points: usize,
}

/// How many layers' shapes are kept, and how many points in all (about 16 bytes each).
const CACHED_LAYERS: usize = 16;
const CACHED_POINTS: usize = 16_000_000;

static SHAPES: std::sync::LazyLock<parking_lot::Mutex<ShapeCache>> =
    std::sync::LazyLock::new(|| parking_lot::Mutex::new(ShapeCache { entries: Vec::new() }));

impl ShapeCache {
    fn get(layer: &Layer, to: Crs) -> Option<Arc<Vec<Option<Arc<Shape>>>>> {
        let mut cache = SHAPES.lock();
        let at = cache.entries.iter().position(|e| {
            e.from == layer.crs
                && e.to == to
                && std::ptr::eq(e.features.as_ptr(), Arc::as_ptr(&layer.features))
                && e.features.strong_count() > 0
        })?;
        let entry = cache.entries.remove(at);
        let shapes = entry.shapes.clone();
        cache.entries.push(entry);
        Some(shapes)
    }

    fn put(layer: &Layer, to: Crs, shapes: Arc<Vec<Option<Arc<Shape>>>>) {
        let n_points = shapes.iter().flatten().map(|s| s.n_points()).sum();
        if n_points > CACHED_POINTS {
            return;
        }
        let mut cache = SHAPES.lock();
        cache.entries.retain(|e| e.features.strong_count() > 0);
        cache.entries.push(ShapeEntry {
            features: Arc::downgrade(&layer.features),
            from: layer.crs,
            to,
            shapes,
            n_points,
        });
        while cache.entries.len() > CACHED_LAYERS
            || cache.entries.iter().map(|e| e.n_points).sum::<usize>() > CACHED_POINTS
        {
            cache.entries.remove(0);
        }
    }
}

/// What a feature's label says and where it goes.
pub(crate) struct LabelSource {
    pub text: String,
    /// Whether the text was cut to [`rustgis_core::MAX_LABEL_CHARS`] characters.
    pub cut: bool,
    /// Where it is anchored (a point, an interior point of a polygon, the middle of a line).
    pub anchor: Pt,
    /// For lines: a second point giving the direction of the text.
    pub toward: Option<Pt>,
    /// For polygons: the box of the part being labelled, which the text should fit.
    pub fit: Option<Bbox>,
    /// Larger is placed first within its layer: the feature's size (area, length, marker size).
    pub priority: f64,
    /// The layer's `priority` setting evaluated for this feature: labels with one go before
    /// labels without, the larger first, across layers.
    pub explicit: Option<f64>,
    /// For polygons: the area of the part being labelled as drawn, in squared map units.
    pub area: Option<f64>,
}

impl Scene {
    /// Prepares the visible layers of `project` for drawing in `crs`.
    pub(crate) fn new(project: &Project, crs: Crs) -> Result<Scene> {
        Scene::watched(project, crs, &Watch::none())
    }

    /// [`Scene::new`] that stops when `watch` says the caller cancelled.
    pub(crate) fn watched(project: &Project, crs: Crs, watch: &Watch<'_>) -> Result<Scene> {
        let world = world_box(crs)?;
        let mut layers = Vec::new();
        for layer in project.shown_layers() {
            layers.push(Arc::new(SceneLayer::new(layer, crs, &world, watch)?));
        }
        let outline = if is_exact(crs) { None } else { globe_outline(crs)? };
        Ok(Scene { crs, world, background: project.view.background, layers, outline, web: None })
    }
}

/// Whether the map CRS is one the exact EPSG:4326 ⇄ EPSG:3857 formulas draw.
fn is_exact(crs: Crs) -> bool {
    crs == Crs::WGS84 || crs == Crs::WEB_MERCATOR
}

/// The world in a map CRS: its valid area's box (for EPSG:4326 and EPSG:3857, exactly). Worked
/// out once per CRS (16,471 points through PROJ, about 3 ms) and kept: every frame needs it.
pub(crate) fn world_box(crs: Crs) -> Result<Bbox> {
    static WORLDS: std::sync::LazyLock<parking_lot::Mutex<std::collections::HashMap<Crs, Bbox>>> =
        std::sync::LazyLock::new(Default::default);
    if let Some(world) = WORLDS.lock().get(&crs) {
        return Ok(*world);
    }
    let world = compute_world_box(crs)?;
    let mut worlds = WORLDS.lock();
    // A custom CRS is a new handle each time it is parsed: keep the map small.
    if worlds.len() >= 256 {
        worlds.clear();
    }
    worlds.insert(crs, world);
    Ok(world)
}

fn compute_world_box(crs: Crs) -> Result<Bbox> {
    match crs {
        Crs::WGS84 => Ok(Bbox::new(-180.0, -90.0, 180.0, 90.0)),
        Crs::WEB_MERCATOR => {
            let h = webmercator::HALF_WORLD;
            Ok(Bbox::new(-h, -h, h, h))
        }
        _ => {
            let area = ValidArea::of(crs)?;
            let to_map = Transformer::new(Crs::WGS84, crs)?;
            // A 2° grid over the globe, kept where the projection is usable.
            let mut world = Bbox::EMPTY;
            for i in 0..=180 {
                for j in 0..=90 {
                    let (lon, lat) = (-180.0 + 2.0 * f64::from(i), -90.0 + 2.0 * f64::from(j));
                    if area.contains(lon, lat)
                        && let Some((x, y)) = to_map.apply(lon, lat)
                    {
                        world = world.union(&Bbox::new(x, y, x, y));
                    }
                }
            }
            if let Some(ring) = globe_outline(crs)? {
                world = ring.iter().fold(world, |w, p| w.union(&Bbox::new(p[0], p[1], p[0], p[1])));
            }
            if world.width() > 0.0 && world.height() > 0.0 { Ok(world) } else { Err(Error::UnsupportedViewCrs(crs)) }
        }
    }
}

/// The outline of the globe in a world projection (the meridian opposite the centre, both
/// sides, and the poles), in map coordinates; `None` when the valid area is not the world.
fn globe_outline(crs: Crs) -> Result<Option<Vec<Pt>>> {
    let area = ValidArea::of(crs)?;
    let Some(ring) = area.outline() else { return Ok(None) };
    let to_map = Transformer::new(Crs::WGS84, crs)?;
    Ok(Some(ring.iter().filter_map(|&(lon, lat)| to_map.apply(lon, lat)).map(|(x, y)| [x, y]).collect()))
}

impl SceneLayer {
    /// Prepares `layer` for drawing in `crs`, whose world is `world`.
    pub(crate) fn new(layer: &Layer, crs: Crs, world: &Bbox, watch: &Watch<'_>) -> Result<SceneLayer> {
        let projector = Projector::new(layer.crs, crs, world).map_err(|e| Error::UnsupportedCrs {
            layer: layer.name.clone(),
            crs: layer.crs,
            view: crs,
            reason: format!("{e:#}"),
        })?;
        let shapes = match ShapeCache::get(layer, crs) {
            Some(shapes) => shapes,
            None => {
                let mut shapes = Vec::with_capacity(layer.features.len());
                for feature in layer.features.iter() {
                    let Some(geometry) = &feature.geometry else {
                        shapes.push(None);
                        continue;
                    };
                    let mut shape = Shape::default();
                    projector.add_geometry(geometry, &mut shape);
                    watch.tick(1 + shape.n_points())?;
                    shape.bbox = shape
                        .lines
                        .iter()
                        .chain(&shape.rings)
                        .map(Chain::bbox)
                        .fold(Bbox::of_points(&shape.points), |a, b| a.union(&b));
                    shapes.push(Some(Arc::new(shape)));
                }
                let shapes = Arc::new(shapes);
                ShapeCache::put(layer, crs, shapes.clone());
                shapes
            }
        };
        let (mut n_with_geometry, mut n_unplaced) = (0usize, 0usize);
        let (symbols, chooser) = symbols_of(layer);
        let sizer = Sizer::new(layer, &symbols);
        let labeller = Labeller::new(layer);
        let mut notes = match &chooser {
            Chooser::Rules(filters) => filters.broken.clone(),
            _ => Vec::new(),
        };
        let data_defined: Vec<Option<DataDefinedExprs>> =
            symbols.iter().map(|s| DataDefinedExprs::new(layer, s, &mut notes)).collect();
        let scope = Scope::new(Some(layer), None);
        let mut features = Vec::with_capacity(layer.features.len());
        let mut drawn_with: Vec<usize> = Vec::new();
        let mut sized: Vec<(f32, usize)> = Vec::new();
        let sized_by_data = layer.geometry_kind() == GeometryKind::Point
            && symbols.iter().any(|s| s.size_field.is_some() || s.data_defined.size.is_some());
        for (feature_index, (feature, shape)) in layer.features.iter().zip(shapes.iter()).enumerate() {
            let (Some(geometry), Some(shape)) = (&feature.geometry, shape) else { continue };
            n_with_geometry += 1;
            if shape.is_empty() {
                n_unplaced += 1;
                continue;
            }
            watch.tick(1)?;
            drawn_with.clear();
            let matched = match &chooser {
                Chooser::Rules(filters) => {
                    let matched = filters.matches(layer, feature, &scope);
                    drawn_with.extend(matched.hits.iter().chain(matched.elses.iter()).map(|r| usize::from(*r)));
                    drawn_with.sort_unstable();
                    Some(matched)
                }
                other => {
                    drawn_with.push(other.symbol_of(feature));
                    None
                }
            };
            for (n, &symbol) in drawn_with.iter().enumerate() {
                let (own_size, overrides) = match &data_defined[symbol] {
                    Some(exprs) => exprs.eval(layer, feature, &scope),
                    None => (None, None),
                };
                let mut scene_feature = SceneFeature {
                    shape: shape.clone(),
                    symbol,
                    size: own_size.unwrap_or_else(|| sizer.size_of(feature, symbol, &symbols[symbol])),
                    selected: layer.selection.contains(&feature.id),
                    label: None,
                    rules: matched.clone(),
                    overrides: overrides.map(Box::new),
                };
                if n == 0 {
                    scene_feature.label = labeller.label_of(layer, feature, geometry, &projector, &scene_feature);
                    if sized_by_data {
                        sized.push((scene_feature.size, feature_index));
                    }
                }
                features.push(scene_feature);
            }
        }
        if layer.style.is_by_data() {
            // Classified shapes overlap (buffers, sized markers): small ones go on top of large
            // ones so none is hidden; the sort is stable, so equal sizes keep the layer's order.
            features.sort_by(|a, b| {
                let area = |f: &SceneFeature| f.bbox.width().max(0.0) * f.bbox.height().max(0.0);
                area(b).total_cmp(&area(a)).then(b.size.total_cmp(&a.size))
            });
        }
        let index = (features.len() > INDEX_ABOVE).then(|| {
            RTree::bulk_load(
                features
                    .iter()
                    .enumerate()
                    .map(|(i, f)| {
                        let r = Rectangle::from_corners([f.bbox.min_x, f.bbox.min_y], [f.bbox.max_x, f.bbox.max_y]);
                        GeomWithData::new(r, i)
                    })
                    .collect(),
            )
        });
        let reach_px = symbols
            .iter()
            .map(|s| s.width / 2.0 + if s.size_field.is_some() { s.size * 2.0 } else { s.size / 2.0 })
            .chain(features.iter().filter(|_| data_defined.iter().any(Option::is_some)).map(|f| {
                let width = f.overrides.as_ref().and_then(|o| o.width).unwrap_or(symbols[f.symbol].width);
                width / 2.0 + f.size / 2.0
            }))
            .fold(0.0f32, f32::max)
            + 1.0;
        let size_legend = size_legend(layer, &symbols, sized);
        let rule_else = match &layer.style {
            Style::Rules { rules } => rules.iter().map(|r| r.is_else).collect(),
            _ => Vec::new(),
        };
        Ok(SceneLayer {
            name: layer.name.clone(),
            title: layer.title.clone(),
            kind: layer.geometry_kind(),
            style: layer.style.clone(),
            symbols,
            features,
            index,
            labels: layer.labels.clone(),
            reach_px,
            raster: layer.raster.clone().map(|r| (r, layer.crs)),
            web: layer.web.clone(),
            unplaced: (n_unplaced > 0).then(|| Unplaced {
                count: n_unplaced,
                of: n_with_geometry,
                cause: unplaced_cause(layer, crs),
            }),
            extent_on_map: layer.extent_in(crs).map(|e| Bbox::new(e.min_x, e.min_y, e.max_x, e.max_y)),
            rule_else,
            size_legend,
            notes,
        })
    }

    /// Indices of the features whose box meets `view`, in drawing order.
    pub(crate) fn features_in(&self, view: &Bbox, out: &mut Vec<usize>) {
        out.clear();
        match &self.index {
            Some(tree) => {
                let envelope = AABB::from_corners([view.min_x, view.min_y], [view.max_x, view.max_y]);
                out.extend(tree.locate_in_envelope_intersecting(&envelope).map(|g| g.data));
                out.sort_unstable();
            }
            None => {
                out.extend(self.features.iter().enumerate().filter(|(_, f)| f.bbox.intersects(view)).map(|(i, _)| i));
            }
        }
    }
}

/// Why a layer's features have no place on a map in `crs`: coordinates that cannot be in the
/// layer's CRS (metres in a geographic one), or where the map's projection is not usable.
fn unplaced_cause(layer: &Layer, crs: Crs) -> String {
    if let Some(e) = layer.extent()
        && layer.crs.is_geographic()
        && (e.min_x < -540.0 || e.max_x > 540.0 || e.min_y < -90.5 || e.max_y > 90.5)
    {
        return format!(
            "its CRS is {} (longitude/latitude) but its coordinates reach x {:.0} to {:.0}, y {:.0} to {:.0}, which look \
             projected: open it again with \"crs\" naming its real CRS",
            layer.crs, e.min_x, e.max_x, e.min_y, e.max_y
        );
    }
    let area = ValidArea::of(crs).map(|a| a.describe()).unwrap_or_default();
    format!(
        "they lie where a map in {crs} cannot show them (it is usable over {area}), or cannot be moved from {}",
        layer.crs
    )
}

/// Moves coordinates from a layer's CRS to the map's, unwrapping antimeridian crossings.
///
/// Coordinates first go to the map's frame: for an EPSG:4326 or EPSG:3857 map, longitude/latitude
/// or Web Mercator (which the exact formulas take to the map); for any other map, the longitude
/// and latitude of the map's own datum, where its valid area is cut and clipped before the
/// projection. A layer already in that frame goes straight on; any other goes through PROJ's
/// transformation to it (one per layer and map CRS, built once per thread).
pub(crate) struct Projector {
    /// The layer's CRS to the frame, unless the layer is in it.
    to_frame: Option<Transform>,
    /// The frame's CRS: EPSG:4326 or EPSG:3857 for an exact map, the map's lon/lat otherwise.
    from: Crs,
    to: Crs,
    /// For a map CRS other than EPSG:4326/3857: coordinates come in longitude/latitude and go
    /// through the valid area and core's transformer.
    general: Option<General>,
    /// The width of the world in the frame (360° or 2πR), for unwrapping.
    period: f64,
    /// The largest |y| in the frame (the poles), for closing rings around a pole.
    pole: f64,
    world: Bbox,
}

impl Projector {
    /// The projector from a layer's CRS (`from`) to the map's (`to`), whose world is `world`.
    pub(crate) fn new(from: Crs, to: Crs, world: &Bbox) -> Result<Projector> {
        let exact = to == Crs::WGS84 || to == Crs::WEB_MERCATOR;
        let (frame, general) = if exact {
            let frame = if from == Crs::WEB_MERCATOR || from == Crs::WGS84 { from } else { Crs::WGS84 };
            (frame, None)
        } else {
            let frame = to.info()?.geographic.unwrap_or(Crs::WGS84);
            (frame, Some(General { area: ValidArea::of(to)?, to_map: Transform::new(frame, to)? }))
        };
        let to_frame = if from == frame { None } else { Some(Transform::new(from, frame)?) };
        let (period, pole) = if frame == Crs::WEB_MERCATOR {
            (2.0 * webmercator::HALF_WORLD, webmercator::HALF_WORLD)
        } else {
            (360.0, 90.0)
        };
        Ok(Projector { to_frame, from: frame, to, general, period, pole, world: *world })
    }

    /// Whether the layer's coordinates are moved to the frame first (so a box's corners no longer
    /// bound what is drawn).
    fn reprojects(&self) -> bool {
        self.to_frame.is_some() || self.general.is_some()
    }

    /// A frame point on an EPSG:4326/3857 map.
    fn exact(&self, x: f64, y: f64) -> Pt {
        let (x, y) = match (self.from, self.to) {
            (a, b) if a == b => (x, y),
            (Crs::WGS84, _) => webmercator::from_lon_lat(x, y),
            _ => webmercator::to_lon_lat(x, y),
        };
        [x, y]
    }

    /// The point on the map, or `None` where it has no place (outside the layer's or the map's
    /// projection).
    pub(crate) fn try_point(&self, x: f64, y: f64) -> Option<Pt> {
        let (x, y) = match &self.to_frame {
            Some(t) => t.apply(x, y)?,
            None => (x, y),
        };
        match &self.general {
            None => Some(self.exact(x, y)),
            Some(general) => {
                if !general.area.contains(x, y) {
                    return None;
                }
                general.to_map.apply(x, y).map(|(x, y)| [x, y])
            }
        }
    }

    fn add_geometry(&self, geometry: &Geometry<f64>, out: &mut Shape) {
        match geometry {
            Geometry::Point(p) => out.points.extend(self.try_point(p.x(), p.y())),
            Geometry::MultiPoint(mp) => out.points.extend(mp.iter().filter_map(|p| self.try_point(p.x(), p.y()))),
            Geometry::Line(l) => self.add_chain(&[l.start, l.end], false, &mut out.lines),
            Geometry::LineString(ls) => self.add_chain(&ls.0, false, &mut out.lines),
            Geometry::MultiLineString(mls) => {
                for ls in mls {
                    self.add_chain(&ls.0, false, &mut out.lines);
                }
            }
            Geometry::Polygon(p) => self.add_polygon(p, out),
            Geometry::MultiPolygon(mp) => {
                for p in mp {
                    self.add_polygon(p, out);
                }
            }
            Geometry::Rect(r) => self.add_polygon(&r.to_polygon(), out),
            Geometry::Triangle(t) => self.add_polygon(&t.to_polygon(), out),
            Geometry::GeometryCollection(gc) => {
                for g in gc {
                    self.add_geometry(g, out);
                }
            }
        }
    }

    fn add_polygon(&self, polygon: &Polygon<f64>, out: &mut Shape) {
        self.add_chain(&polygon.exterior().0, true, &mut out.rings);
        for ring in polygon.interiors() {
            self.add_chain(&ring.0, true, &mut out.rings);
        }
    }

    /// A line's or ring's coordinates in the frame (PROJ moves them all at once); points with no
    /// place in it are left out.
    fn in_frame(&self, coords: &[Coord<f64>]) -> Vec<(f64, f64)> {
        let Some(t) = &self.to_frame else { return coords.iter().map(|c| (c.x, c.y)).collect() };
        let mut xs: Vec<f64> = coords.iter().map(|c| c.x).collect();
        let mut ys: Vec<f64> = coords.iter().map(|c| c.y).collect();
        t.apply_in_place(&mut xs, &mut ys);
        xs.into_iter().zip(ys).filter(|(x, y)| x.is_finite() && y.is_finite()).collect()
    }

    /// Adds a ring or line. One that crosses the antimeridian (a jump of more than half the world
    /// between neighbours, unless both lie on ±180°, which is an edge along the map's side) is
    /// unwrapped into one continuous chain, closed around the pole if it circles one, and drawn
    /// once more shifted by a world so both sides of the map show their part.
    fn add_chain(&self, coords: &[Coord<f64>], ring: bool, out: &mut Vec<Chain>) {
        if coords.len() < 2 {
            return;
        }
        let coords = self.in_frame(coords);
        if coords.len() < 2 {
            return;
        }
        if let Some(general) = &self.general {
            for piece in general.area.prepare(&coords, ring) {
                let (mut xs, mut ys): (Vec<f64>, Vec<f64>) = piece.into_iter().unzip();
                general.to_map.apply_in_place(&mut xs, &mut ys);
                let points: Vec<Pt> = xs
                    .into_iter()
                    .zip(ys)
                    .filter(|(x, y)| x.is_finite() && y.is_finite())
                    .map(|(x, y)| [x, y])
                    .collect();
                if points.len() >= 2 {
                    out.push(Chain::new(points, &self.world));
                }
            }
            return;
        }
        let half = self.period / 2.0;
        let mut unwrapped: Vec<(f64, f64)> = Vec::with_capacity(coords.len());
        let mut shift = 0.0;
        let mut shifted = false;
        for (i, &(x, y)) in coords.iter().enumerate() {
            if i > 0 {
                let prev = coords[i - 1];
                let dx = x - prev.0;
                let along_side = prev.0.abs() >= half && x.abs() >= half;
                if dx.abs() > half && !along_side {
                    shift -= dx.signum() * self.period;
                    shifted = true;
                }
            }
            unwrapped.push((x + shift, y));
        }
        if !shifted {
            out.push(self.chain(coords.into_iter()));
            return;
        }
        if ring {
            let (first, last) = (unwrapped[0], unwrapped[unwrapped.len() - 1]);
            if (last.0 - first.0).abs() > half {
                // The ring circles a pole: close it along the pole.
                let mean_y = unwrapped.iter().map(|p| p.1).sum::<f64>() / unwrapped.len() as f64;
                let pole = if mean_y >= 0.0 { self.pole } else { -self.pole };
                unwrapped.push((last.0, pole));
                unwrapped.push((first.0, pole));
                unwrapped.push(first);
            }
        }
        let (min_x, max_x) =
            unwrapped.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.0), hi.max(p.0)));
        for k in [-1.0, 0.0, 1.0] {
            let offset = k * self.period;
            if max_x + offset >= -half && min_x + offset <= half {
                out.push(self.chain(unwrapped.iter().map(|p| (p.0 + offset, p.1))));
            }
        }
    }

    fn chain(&self, coords: impl Iterator<Item = (f64, f64)>) -> Chain {
        let points: Vec<Pt> = coords.map(|(x, y)| self.exact(x, y)).collect();
        Chain::new(points, &self.world)
    }
}

/// How a map CRS other than EPSG:4326/3857 is reached from its longitude/latitude.
struct General {
    area: ValidArea,
    to_map: Transform,
}

/// Works out label texts, anchors and priorities.
struct Labeller {
    text: LabelText,
    priority: LabelPriority,
    /// Lines longer than this many characters break at spaces.
    wrap: Option<usize>,
}

/// Where a label's priority comes from: a numeric field or an expression (a number is one).
enum LabelPriority {
    None,
    Field(usize),
    Expression(Expr),
}

/// Where label text comes from.
enum LabelText {
    None,
    Field(usize),
    Expression(Expr),
}

impl Labeller {
    /// Labels whose field is gone (deleted after `label.set`) or whose expression no longer
    /// checks are left off, like features whose label does not evaluate: the map still draws.
    fn new(layer: &Layer) -> Labeller {
        let Some(labels) = &layer.labels else {
            return Labeller { text: LabelText::None, priority: LabelPriority::None, wrap: None };
        };
        let text = if labels.is_field {
            layer.field_index(&labels.expression).map_or(LabelText::None, LabelText::Field)
        } else {
            Expr::parse(&labels.expression)
                .ok()
                .filter(|expr| expr.check_fields(&layer.name, &layer.fields).is_ok())
                .map_or(LabelText::None, LabelText::Expression)
        };
        let priority = match labels.priority.as_deref() {
            None => LabelPriority::None,
            Some(p) => match layer.field_index(p) {
                Some(i) => LabelPriority::Field(i),
                None => Expr::parse(p)
                    .ok()
                    .filter(|expr| expr.check_fields(&layer.name, &layer.fields).is_ok())
                    .map_or(LabelPriority::None, LabelPriority::Expression),
            },
        };
        Labeller { text, priority, wrap: labels.wrap.map(|w| w as usize) }
    }

    fn label_of(
        &self,
        layer: &Layer,
        feature: &Feature,
        geometry: &Geometry<f64>,
        projector: &Projector,
        scene_feature: &SceneFeature,
    ) -> Option<LabelSource> {
        let value = match &self.text {
            LabelText::None => return None,
            LabelText::Field(i) => feature.attributes.get(*i).cloned().unwrap_or(Value::Null),
            // A feature whose label does not evaluate (a null in arithmetic, say) goes unlabelled,
            // as in QGIS; label.set has already checked the expression on the layer.
            LabelText::Expression(expr) => expr
                .eval_in(&RowContext { fields: &layer.fields, feature, crs: layer.crs }, &Scope::new(Some(layer), None))
                .unwrap_or(Value::Null),
        };
        let (text, cut) = rustgis_core::label_text(&value)?;
        let text = match self.wrap {
            Some(width) => rustgis_core::wrap_label(&text, width),
            None => text,
        };
        // A feature whose priority does not evaluate to a number ranks below every one that does.
        let explicit = match &self.priority {
            LabelPriority::None => None,
            LabelPriority::Field(i) => Some(feature.attributes.get(*i).and_then(Value::as_f64).unwrap_or(f64::MIN)),
            LabelPriority::Expression(expr) => Some(
                expr.eval_in(
                    &RowContext { fields: &layer.fields, feature, crs: layer.crs },
                    &Scope::new(Some(layer), None),
                )
                .ok()
                .and_then(|v| v.as_f64())
                .unwrap_or(f64::MIN),
            ),
        };
        let Anchor { at, toward, fit, size, area } = anchor_of(geometry, projector, scene_feature)?;
        Some(LabelSource { text, cut, anchor: at, toward, fit, priority: size, explicit, area })
    }
}

/// Where a feature's label goes, in map coordinates.
struct Anchor {
    at: Pt,
    /// For lines: a point a little further along.
    toward: Option<Pt>,
    /// For polygons: the box of the part labelled.
    fit: Option<Bbox>,
    /// The feature's size: area (in its CRS), length, or marker size.
    size: f64,
    /// For polygons: the labelled part's area as drawn, in squared map units.
    area: Option<f64>,
}

/// Where a feature is labelled, in map coordinates, and how big it is (for priority).
fn anchor_of(geometry: &Geometry<f64>, projector: &Projector, scene_feature: &SceneFeature) -> Option<Anchor> {
    match geometry {
        Geometry::Point(p) => Some(Anchor {
            at: projector.try_point(p.x(), p.y())?,
            toward: None,
            fit: None,
            size: f64::from(scene_feature.size),
            area: None,
        }),
        Geometry::MultiPoint(mp) => mp.iter().find_map(|p| projector.try_point(p.x(), p.y())).map(|at| Anchor {
            at,
            toward: None,
            fit: None,
            size: f64::from(scene_feature.size),
            area: None,
        }),
        Geometry::Polygon(_) | Geometry::MultiPolygon(_) | Geometry::Rect(_) | Geometry::Triangle(_) => {
            let largest = largest_polygon(geometry)?;
            let size = largest.unsigned_area();
            let rect = largest.bounding_rect()?;
            let fit = match projector.reprojects() {
                false => {
                    let a = projector.try_point(rect.min().x, rect.min().y)?;
                    let b = projector.try_point(rect.max().x, rect.max().y)?;
                    Bbox::new(a[0].min(b[0]), a[1].min(b[1]), a[0].max(b[0]), a[1].max(b[1]))
                }
                // Projected, a box's corners do not bound it: the drawn rings' box does.
                true => scene_feature.rings.iter().map(Chain::bbox).reduce(|a, b| a.union(&b))?,
            };
            // The part as drawn (its points on the map), where the label has the most room: the
            // pole of inaccessibility. geo's interior point sweeps every pair of nearby edges,
            // and polylabel measures every edge per cell: past a few thousand points one scan
            // line does (linear).
            let drawn: Vec<Vec<Pt>> = std::iter::once(largest.exterior())
                .chain(largest.interiors())
                .map(|ring| ring.coords().filter_map(|c| projector.try_point(c.x, c.y)).collect())
                .collect();
            let area = Some(crate::polylabel::area(&drawn));
            let at = if largest.exterior().0.len() > SCAN_LINE_ABOVE {
                let inside = scan_line_point(&largest)?;
                projector.try_point(inside.x(), inside.y())?
            } else {
                let precision = fit.width().max(fit.height()) / 256.0;
                match crate::polylabel::polylabel(&drawn, precision) {
                    Some((pole, _)) => pole,
                    None => {
                        let inside = largest.interior_point()?;
                        projector.try_point(inside.x(), inside.y())?
                    }
                }
            };
            Some(Anchor { at, toward: None, fit: Some(fit), size, area })
        }
        Geometry::LineString(_) | Geometry::MultiLineString(_) | Geometry::Line(_) => {
            let longest = scene_feature.lines.iter().max_by(|a, b| a.len().cmp(&b.len()))?;
            let mut points = Vec::new();
            longest.reduce(&longest.bbox(), 0.0, &mut points);
            let (mid, toward, length) = middle_of(&points)?;
            Some(Anchor { at: mid, toward: Some(toward), fit: None, size: length, area: None })
        }
        Geometry::GeometryCollection(gc) => gc.iter().find_map(|g| anchor_of(g, projector, scene_feature)),
    }
}

/// Polygons with more exterior points than this are labelled at a scan line's widest inside span.
const SCAN_LINE_ABOVE: usize = 5_000;

/// The middle of the widest inside span (even-odd) of the horizontal line through the middle of
/// the polygon's box: a point inside, found in one pass over the edges.
fn scan_line_point(polygon: &Polygon<f64>) -> Option<geo::Point<f64>> {
    let rect = polygon.bounding_rect()?;
    let y = (rect.min().y + rect.max().y) / 2.0;
    let mut crossings: Vec<f64> = Vec::new();
    for ring in std::iter::once(polygon.exterior()).chain(polygon.interiors()) {
        for edge in ring.lines() {
            let (a, b) = (edge.start, edge.end);
            // Half-open, so a vertex on the line counts once.
            if (a.y <= y) != (b.y <= y) {
                crossings.push(a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x));
            }
        }
    }
    crossings.sort_by(f64::total_cmp);
    let widest = crossings.chunks_exact(2).max_by(|p, q| (p[1] - p[0]).total_cmp(&(q[1] - q[0])))?;
    Some(geo::Point::new((widest[0] + widest[1]) / 2.0, y))
}

fn largest_polygon(geometry: &Geometry<f64>) -> Option<Polygon<f64>> {
    match geometry {
        Geometry::Polygon(p) => Some(p.clone()),
        Geometry::MultiPolygon(mp) => mp.iter().max_by(|a, b| a.unsigned_area().total_cmp(&b.unsigned_area())).cloned(),
        Geometry::Rect(r) => Some(r.to_polygon()),
        Geometry::Triangle(t) => Some(t.to_polygon()),
        _ => None,
    }
}

/// The point halfway along a line, a point a little further on, and the line's length.
fn middle_of(points: &[Pt]) -> Option<(Pt, Pt, f64)> {
    let length: f64 = points.windows(2).map(|w| (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1])).sum();
    if length <= 0.0 {
        return None;
    }
    let mut walked = 0.0;
    for w in points.windows(2) {
        let step = (w[1][0] - w[0][0]).hypot(w[1][1] - w[0][1]);
        if walked + step >= length / 2.0 && step > 0.0 {
            let t = (length / 2.0 - walked) / step;
            let mid = [w[0][0] + (w[1][0] - w[0][0]) * t, w[0][1] + (w[1][1] - w[0][1]) * t];
            return Some((mid, w[1], length));
        }
        walked += step;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_a_layer_styled_by_data_small_shapes_are_drawn_above_large_ones() {
        let mut session = rustgis_core::Session::with_sample().expect("sample");
        let user = rustgis_core::Caller::user();
        let square = |half: f64, people: i64| {
            serde_json::json!({"type": "Feature", "properties": {"people": people}, "geometry": {"type": "Polygon",
                "coordinates": [[[-half, -half], [half, -half], [half, half], [-half, half], [-half, -half]]]}})
        };
        // The small square comes first in the layer: drawn in layer order, the large one would hide it.
        let geojson = serde_json::json!({"type": "FeatureCollection", "features": [square(1.0, 5), square(10.0, 1)]});
        let add = serde_json::json!({"name": "squares", "geojson": geojson});
        session.execute(&user, "layer.addGeoJSON", add).expect("squares");
        let graduated = serde_json::json!({"layer": "squares", "field": "people", "classes": 2});
        session.execute(&user, "style.graduated", graduated).expect("graduated");
        let scene = Scene::new(session.project(), Crs::WGS84).expect("scene");
        let squares = scene.layers.iter().find(|l| l.name == "squares").expect("squares are drawn");
        let widths: Vec<f64> = squares.features.iter().map(|f| f.bbox.width()).collect();
        assert!(widths[0] > widths[1], "the large square is drawn first, the small one on top: {widths:?}");
    }

    #[test]
    fn a_categorized_style_of_dates_read_back_from_a_project_file_still_colours_each_feature() {
        let mut session = rustgis_core::Session::new();
        let user = rustgis_core::Caller::user();
        let point = |day: &str, x: f64| {
            serde_json::json!({"type": "Feature", "properties": {"day": day},
                "geometry": {"type": "Point", "coordinates": [x, 0.0]}})
        };
        let geojson = serde_json::json!({"type": "FeatureCollection",
            "features": [point("2024-03-01", 0.0), point("2025-07-14", 1.0)]});
        session
            .execute(&user, "layer.addGeoJSON", serde_json::json!({"name": "days", "geojson": geojson}))
            .expect("days");
        let layer = session.project().layer("days").expect("added");
        assert_eq!(layer.fields[0].field_type, rustgis_core::FieldType::Date, "the days are read as dates");
        session
            .execute(&user, "style.categorized", serde_json::json!({"layer": "days", "field": "day"}))
            .expect("styled");
        let symbols = |project: &Project| {
            let scene = Scene::new(project, Crs::WGS84).expect("scene");
            scene.layers[0].features.iter().map(|f| f.symbol).collect::<Vec<_>>()
        };
        let before = symbols(session.project());
        assert_eq!(before, [0, 1], "each day has its category");
        let file = std::path::Path::new("/nowhere/days.rgis");
        let mut text = Vec::new();
        rustgis_core::project_file::write(session.project(), None, file, &mut text).expect("written");
        let text = String::from_utf8(text).expect("UTF-8");
        let reopened =
            rustgis_core::project_file::read_text(&text, file, std::path::Path::new("/nowhere")).expect("read back");
        assert_eq!(symbols(&reopened.project), before, "the categories still match the dates");
    }

    fn chains_of(coords: &[(f64, f64)], ring: bool) -> Vec<Chain> {
        let world = world_box(Crs::WGS84).expect("world");
        let projector = Projector::new(Crs::WGS84, Crs::WGS84, &world).expect("projector");
        let mut out = Vec::new();
        projector.add_chain(&geo::LineString::from(coords.to_vec()).0, ring, &mut out);
        out
    }

    #[test]
    fn a_ring_crossing_the_antimeridian_is_drawn_on_both_sides_without_smearing() {
        let chains =
            chains_of(&[(178.0, -17.0), (-178.0, -17.0), (-178.0, -19.0), (178.0, -19.0), (178.0, -17.0)], true);
        assert_eq!(chains.len(), 2);
        for chain in &chains {
            assert!(chain.bbox().width() < 5.0, "{:?}", chain.bbox());
        }
    }

    #[test]
    fn a_ring_around_the_whole_world_is_not_a_crossing() {
        // Antarctica as Natural Earth draws it: along the coast, then back along the pole.
        let chains = chains_of(
            &[(-180.0, -90.0), (-180.0, -80.0), (0.0, -70.0), (180.0, -80.0), (180.0, -90.0), (-180.0, -90.0)],
            true,
        );
        assert_eq!(chains.len(), 1);
    }

    #[test]
    fn web_mercator_clamps_the_south_pole() {
        let world = world_box(Crs::WEB_MERCATOR).expect("world");
        let projector = Projector::new(Crs::WGS84, Crs::WEB_MERCATOR, &world).expect("projector");
        let p = projector.try_point(0.0, -90.0).expect("clamped");
        assert!((p[1] + webmercator::HALF_WORLD).abs() < 1e-6);
    }
}
