//! Reprojection: EPSG:4326 ⇄ EPSG:3857 with the exact formulas of [`crate::webmercator`], other
//! EPSG codes through proj4rs (pure Rust, with the EPSG definitions of crs-definitions), and the
//! world projections (Equal Earth, Robinson, Mollweide, Winkel Tripel, Natural Earth) through
//! [`super::world`], which proj4rs lacks or does not invert exactly enough.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use geo::{
    Contains, Coord, CoordsIter, Geometry, LineString, MapCoords, MultiLineString, MultiPolygon, Point, Polygon,
};
use parking_lot::Mutex;

use super::{Derived, Job, id_list, n_features};

use super::valid_area::ValidArea;
use super::world::World;
use crate::error::{Error, Result};
use crate::layer::{Authority, Crs, Feature, Layer};
use crate::webmercator;

/// Reprojects one geometry from `from` to `to`. Latitudes beyond ±85.0511° are clamped on the way
/// to EPSG:3857; the second value says whether any was.
pub fn reproject_geometry(geometry: &Geometry<f64>, from: Crs, to: Crs) -> Result<(Geometry<f64>, bool)> {
    let pipeline = Pipeline::new(from, to)?;
    pipeline.run(geometry).map_err(|e| Error::Failed(format!("cannot reproject from {from} to {to}: {e}")))
}

/// A copy of the layer's features in `to` (fields unchanged). Features wholly outside the valid
/// area of `to` ([`ValidArea`]) are left out and those partly outside are clipped to it; both are
/// named in notices, as are features whose coordinates cannot be projected and clamped latitudes.
pub fn reproject_layer(layer: &Layer, to: Crs, job: &Job<'_>) -> Result<Derived> {
    let pipeline = Pipeline::new(layer.crs, to)?;
    // EPSG:4326 and EPSG:3857 cover the world (Web Mercator clamps the poles, reported below).
    let area = if to == Crs::WGS84 || to == Crs::WEB_MERCATOR { None } else { Some(ValidArea::of(to)?) };
    let to_lon_lat = Pipeline::new(layer.crs, Crs::WGS84)?;
    let from_lon_lat = Pipeline::new(Crs::WGS84, to)?;
    job.stage(layer.features.len(), &format!("reprojecting {} to {to}", layer.name));
    let results: Vec<Option<(Feature, Fate)>> = job.each_or_stop(&layer.features, |feature| {
        let Some(geometry) = &feature.geometry else { return Ok((feature.clone(), Fate::Kept)) };
        let with =
            |g: Geometry<f64>| Feature { id: feature.id, geometry: Some(g), attributes: feature.attributes.clone() };
        let Some(area) = &area else {
            return Ok(match pipeline.run(geometry) {
                Ok((g, clamped)) => (with(g), if clamped { Fate::Clamped } else { Fate::Kept }),
                Err(e) => (feature.clone(), Fate::Failed(e)),
            });
        };
        let lon_lat = match to_lon_lat.run(geometry) {
            Ok((g, _)) => g,
            Err(e) => return Ok((feature.clone(), Fate::Failed(e))),
        };
        let (n_in, n_all) =
            lon_lat.coords_iter().fold((0, 0), |(i, a), c| (i + usize::from(area.contains(c.x, c.y)), a + 1));
        Ok(if n_in == n_all {
            match pipeline.run(geometry) {
                Ok((g, _)) => (with(g), Fate::Kept),
                Err(e) => (feature.clone(), Fate::Failed(e)),
            }
        } else {
            match clip_to_area(&lon_lat, area) {
                None => (feature.clone(), Fate::Outside),
                Some(clipped) => match from_lon_lat.run(&clipped) {
                    Ok((g, _)) => (with(g), Fate::Clipped),
                    Err(e) => (feature.clone(), Fate::Failed(e)),
                },
            }
        })
    })?;
    let mut features = Vec::with_capacity(results.len());
    let (mut failed, mut clamped, mut outside, mut clipped) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut first_error = None;
    for (feature, fate) in results.into_iter().flatten() {
        match fate {
            Fate::Kept => features.push(feature),
            Fate::Clamped => {
                clamped.push(feature.id);
                features.push(feature);
            }
            Fate::Clipped => {
                clipped.push(feature.id);
                features.push(feature);
            }
            Fate::Outside => outside.push(feature.id),
            Fate::Failed(e) => {
                failed.push(feature.id);
                first_error.get_or_insert(e);
            }
        }
    }
    let mut notices = Vec::new();
    // Every one is named (with its `name` when the layer has one), not the first ten: the caller
    // has to know exactly what the new layer lacks or holds only in part.
    let named = |ids: &[u64]| named_features(layer, ids);
    let area_words = area.map(|a| a.describe()).unwrap_or_default();
    if !outside.is_empty() {
        notices.push(format!(
            "left out {} of {} features that lie wholly outside where {to} is usable ({area_words}): {}",
            outside.len(),
            layer.features.len(),
            named(&outside)
        ));
    }
    if !clipped.is_empty() {
        notices.push(format!(
            "clipped {} of {} features to where {to} is usable ({area_words}): {}",
            clipped.len(),
            layer.features.len(),
            named(&clipped)
        ));
    }
    if !failed.is_empty() {
        notices.push(format!(
            "skipped {} of {} features that cannot be projected to {to} (id {}): {}",
            failed.len(),
            layer.features.len(),
            named(&failed),
            first_error.unwrap_or_default()
        ));
    }
    if !clamped.is_empty() {
        notices.push(format!(
            "clamped latitudes beyond ±85.0511° (where Web Mercator ends) in {} (id {})",
            n_features(clamped.len()),
            id_list(&clamped)
        ));
    }
    Ok(Derived { fields: layer.fields.as_ref().clone(), features, notices })
}

/// What became of one feature in a reprojection.
enum Fate {
    Kept,
    Clamped,
    Clipped,
    Outside,
    Failed(String),
}

/// `id (name), id (name)…` for every id.
fn named_features(layer: &Layer, ids: &[u64]) -> String {
    let name_col = layer.field_index("name");
    let by_id: HashMap<u64, &Feature> = layer.features.iter().map(|f| (f.id, f)).collect();
    ids.iter()
        .map(|id| match name_col.and_then(|col| by_id.get(id).map(|f| &f.attributes[col])) {
            Some(crate::value::Value::String(name)) => format!("{id} ({name})"),
            _ => id.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The part of a longitude/latitude geometry inside `area` (cut at the meridian opposite its
/// centre and densified), or `None` when nothing is inside.
pub(crate) fn clip_to_area(geometry: &Geometry<f64>, area: &ValidArea) -> Option<Geometry<f64>> {
    let line = |piece: Vec<(f64, f64)>| LineString::from(piece);
    let clipped = match geometry {
        Geometry::Point(p) => area.contains(p.x(), p.y()).then_some(Geometry::Point(*p))?,
        Geometry::MultiPoint(mp) => {
            let kept: Vec<Point<f64>> = mp.iter().filter(|p| area.contains(p.x(), p.y())).copied().collect();
            if kept.is_empty() {
                return None;
            }
            Geometry::MultiPoint(kept.into())
        }
        Geometry::Line(l) => return clip_to_area(&Geometry::LineString(LineString::from(vec![l.start, l.end])), area),
        Geometry::LineString(ls) => {
            let pieces: Vec<LineString<f64>> = area.prepare(&pairs(ls), false).into_iter().map(line).collect();
            if pieces.is_empty() {
                return None;
            }
            Geometry::MultiLineString(MultiLineString(pieces))
        }
        Geometry::MultiLineString(mls) => {
            let pieces: Vec<LineString<f64>> =
                mls.iter().flat_map(|ls| area.prepare(&pairs(ls), false)).map(line).collect();
            if pieces.is_empty() {
                return None;
            }
            Geometry::MultiLineString(MultiLineString(pieces))
        }
        Geometry::Polygon(p) => Geometry::MultiPolygon(MultiPolygon(clip_polygon(p, area))).filter_empty()?,
        Geometry::MultiPolygon(mp) => {
            Geometry::MultiPolygon(MultiPolygon(mp.iter().flat_map(|p| clip_polygon(p, area)).collect()))
                .filter_empty()?
        }
        Geometry::Rect(r) => return clip_to_area(&Geometry::Polygon(r.to_polygon()), area),
        Geometry::Triangle(t) => return clip_to_area(&Geometry::Polygon(t.to_polygon()), area),
        Geometry::GeometryCollection(gc) => {
            let parts: Vec<Geometry<f64>> = gc.iter().filter_map(|g| clip_to_area(g, area)).collect();
            if parts.is_empty() {
                return None;
            }
            Geometry::GeometryCollection(parts.into())
        }
    };
    Some(clipped)
}

/// A polygon clipped to the area: one polygon per piece of its exterior, each hole given to the
/// piece that holds its first point.
fn clip_polygon(polygon: &Polygon<f64>, area: &ValidArea) -> Vec<Polygon<f64>> {
    let mut parts: Vec<(LineString<f64>, Vec<LineString<f64>>)> =
        area.prepare(&pairs(polygon.exterior()), true).into_iter().map(|r| (LineString::from(r), Vec::new())).collect();
    for hole in polygon.interiors() {
        for piece in area.prepare(&pairs(hole), true) {
            let first = Point::from(piece[0]);
            let owner = parts.iter_mut().find(|(outer, _)| Polygon::new(outer.clone(), vec![]).contains(&first));
            if let Some((_, holes)) = owner {
                holes.push(LineString::from(piece));
            }
        }
    }
    parts.into_iter().map(|(outer, holes)| Polygon::new(outer, holes)).collect()
}

/// A line's coordinates as pairs.
fn pairs(ls: &LineString<f64>) -> Vec<(f64, f64)> {
    ls.0.iter().map(|c| (c.x, c.y)).collect()
}

/// `None` for a multi-polygon with no parts.
trait FilterEmpty: Sized {
    fn filter_empty(self) -> Option<Self>;
}

impl FilterEmpty for Geometry<f64> {
    fn filter_empty(self) -> Option<Self> {
        match &self {
            Geometry::MultiPolygon(mp) if mp.0.is_empty() => None,
            _ => Some(self),
        }
    }
}

/// Metres in one unit of a projected CRS's coordinates (1 when the definition is unknown).
pub(crate) fn crs_unit_metres(crs: Crs) -> f64 {
    if crs == Crs::WEB_MERCATOR {
        return 1.0;
    }
    proj(crs).map_or(1.0, |p| if p.is_latlong() { 1.0 } else { p.to_meter() })
}

/// The proj4rs definition of a CRS, parsed once per process.
fn proj(crs: Crs) -> Result<Arc<proj4rs::Proj>> {
    static CACHE: LazyLock<Mutex<HashMap<Crs, Arc<proj4rs::Proj>>>> = LazyLock::new(Default::default);
    if let Some(p) = CACHE.lock().get(&crs) {
        return Ok(p.clone());
    }
    let p = match crs.authority() {
        Authority::Epsg => {
            let code = u16::try_from(crs.code()).map_err(|_| unknown(crs))?;
            proj4rs::Proj::from_epsg_code(code).map_err(|_| unknown(crs))?
        }
        // The ESRI world projections are computed in `world.rs`, never through proj4rs.
        _ => return Err(unknown(crs)),
    };
    let p = Arc::new(p);
    CACHE.lock().insert(crs, p.clone());
    Ok(p)
}

fn unknown(crs: Crs) -> Error {
    Error::invalid(
        "crs",
        format!(
            "{crs} is not in the definitions RustGIS knows; use an EPSG code such as EPSG:4326, EPSG:3857, EPSG:32633 \
             (UTM 33N) or EPSG:3035, or a world projection: EPSG:8857 (Equal Earth), ESRI:54030 (Robinson), \
             ESRI:54009 (Mollweide), ESRI:54042 (Winkel Tripel), ESRI:54077 (Natural Earth)"
        ),
    )
}

/// The world projections RustGIS computes itself.
fn world_of(crs: Crs) -> Option<World> {
    match crs {
        Crs::EQUAL_EARTH => Some(World::EqualEarth),
        Crs::ROBINSON => Some(World::Robinson),
        Crs::MOLLWEIDE => Some(World::Mollweide),
        // ESRI:54042 "World_Winkel_Tripel_NGS": +proj=wintri +lat_1=50.467.
        Crs::WINKEL_TRIPEL => Some(World::WinkelTripel { cos_phi1: 50.467f64.to_radians().cos() }),
        Crs::NATURAL_EARTH => Some(World::NaturalEarth),
        _ => None,
    }
}

/// What a map or a 2D reprojection can use: a CRS RustGIS can project to and from, that is not
/// geocentric or 3D. The error names the cause and what would be accepted.
pub fn check_map_crs(crs: Crs) -> Result<()> {
    if crs == Crs::WGS84 || crs == Crs::WEB_MERCATOR || world_of(crs).is_some() {
        return Ok(());
    }
    proj_leg(Crs::WGS84, crs).map(|_| ())
}

/// The longitude a CRS is centred on (the middle of its map, where the antimeridian cut goes
/// opposite), and its projection's name (`latlong`, `merc`, `eqearth`, `wintri`…).
pub fn crs_centre(crs: Crs) -> Result<(f64, f64, &'static str)> {
    if crs == Crs::WGS84 {
        return Ok((0.0, 0.0, "latlong"));
    }
    if crs == Crs::WEB_MERCATOR {
        return Ok((0.0, 0.0, "merc"));
    }
    match world_of(crs) {
        Some(World::EqualEarth) => return Ok((0.0, 0.0, "eqearth")),
        Some(World::Robinson) => return Ok((0.0, 0.0, "robin")),
        Some(World::Mollweide) => return Ok((0.0, 0.0, "moll")),
        Some(World::WinkelTripel { .. }) => return Ok((0.0, 0.0, "wintri")),
        Some(World::NaturalEarth) => return Ok((0.0, 0.0, "natearth")),
        None => {}
    }
    let p = proj(crs)?;
    if p.is_geocent() {
        return Err(geocentric(crs));
    }
    Ok((p.longitude_of_origin().to_degrees(), p.latitude_of_origin().to_degrees(), p.projname()))
}

/// Moves single points between two CRSs (any two [`check_map_crs`] accepts): what a renderer
/// needs to project every vertex of a map, the graticule and the scale bar.
pub struct Transformer {
    pipeline: Pipeline,
}

impl Transformer {
    /// The transformer from `from` to `to`, or an error naming a CRS RustGIS cannot use.
    pub fn new(from: Crs, to: Crs) -> Result<Transformer> {
        Ok(Transformer { pipeline: Pipeline::new(from, to)? })
    }

    /// The point in `to`, or `None` when it has no image there (outside the projection's domain).
    /// Latitudes beyond ±85.0511° are clamped on the way to Web Mercator.
    pub fn apply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let mut c = Coord { x, y };
        for leg in &self.pipeline.legs {
            c = leg.apply(c).ok()?.0;
        }
        Some((c.x, c.y))
    }
}

/// One leg of a reprojection.
#[derive(Clone)]
enum Leg {
    /// Lon/lat to Web Mercator, exactly.
    ToMercator,
    /// Web Mercator to lon/lat, exactly.
    FromMercator,
    /// Through proj4rs; `from_deg`/`to_deg` say which side is geographic (proj4rs wants radians).
    Proj { from: Arc<proj4rs::Proj>, to: Arc<proj4rs::Proj>, from_deg: bool, to_deg: bool },
    /// Lon/lat to a projection RustGIS computes itself.
    ToWorld(World),
    /// A projection RustGIS computes itself to lon/lat.
    FromWorld(World),
}

/// From a CRS to another: one or two legs through EPSG:4326.
struct Pipeline {
    legs: Vec<Leg>,
}

impl Pipeline {
    fn new(from: Crs, to: Crs) -> Result<Pipeline> {
        let mut legs = Vec::new();
        if from == to {
            return Ok(Pipeline { legs });
        }
        let wgs84 = Crs::WGS84;
        match from {
            f if f == wgs84 => {}
            f if f == Crs::WEB_MERCATOR => legs.push(Leg::FromMercator),
            f => match world_of(f) {
                Some(world) => legs.push(Leg::FromWorld(world)),
                None => legs.push(proj_leg(f, wgs84)?),
            },
        }
        match to {
            t if t == wgs84 => {}
            t if t == Crs::WEB_MERCATOR => legs.push(Leg::ToMercator),
            t => match world_of(t) {
                Some(world) => legs.push(Leg::ToWorld(world)),
                None => legs.push(proj_leg(wgs84, t)?),
            },
        }
        Ok(Pipeline { legs })
    }

    fn run(&self, geometry: &Geometry<f64>) -> Result<(Geometry<f64>, bool), String> {
        let clamped = Cell::new(false);
        let error: RefCell<Option<String>> = RefCell::new(None);
        let mut g = geometry.clone();
        for leg in &self.legs {
            let (clamped, error) = (&clamped, &error);
            g = g.map_coords(|c| match leg.apply(c) {
                Ok((c, was_clamped)) => {
                    clamped.set(clamped.get() | was_clamped);
                    c
                }
                Err(e) => {
                    error.borrow_mut().get_or_insert(e);
                    c
                }
            });
        }
        match error.into_inner() {
            Some(e) => Err(e),
            None => Ok((g, clamped.get())),
        }
    }
}

fn proj_leg(from_crs: Crs, to_crs: Crs) -> Result<Leg> {
    let (from, to) = (proj(from_crs)?, proj(to_crs)?);
    for (crs, p) in [(from_crs, &from), (to_crs, &to)] {
        if p.is_geocent() {
            return Err(geocentric(crs));
        }
    }
    let (from_deg, to_deg) = (from.is_latlong(), to.is_latlong());
    Ok(Leg::Proj { from, to, from_deg, to_deg })
}

fn geocentric(crs: Crs) -> Error {
    Error::invalid(
        "crs",
        format!(
            "{crs} is a geocentric (3D, earth-centred x/y/z) CRS: layers and maps are 2D, so use a geographic CRS \
             such as EPSG:4326 or a projected one such as EPSG:3857, EPSG:8857 (Equal Earth) or EPSG:32633"
        ),
    )
}

impl Leg {
    fn apply(&self, c: Coord<f64>) -> Result<(Coord<f64>, bool), String> {
        match self {
            Leg::ToMercator => {
                let (x, y) = webmercator::from_lon_lat(c.x, c.y);
                finite(c, x, y).map(|c2| (c2, c.y.abs() > webmercator::MAX_LATITUDE))
            }
            Leg::FromMercator => {
                let (x, y) = webmercator::to_lon_lat(c.x, c.y);
                finite(c, x, y).map(|c2| (c2, false))
            }
            Leg::Proj { from, to, from_deg, to_deg } => {
                let mut point = if *from_deg { (c.x.to_radians(), c.y.to_radians(), 0.0) } else { (c.x, c.y, 0.0) };
                proj4rs::transform::transform(from, to, &mut XyZ(&mut point)).map_err(|e| e.to_string())?;
                let (x, y) = if *to_deg { (point.0.to_degrees(), point.1.to_degrees()) } else { (point.0, point.1) };
                finite(c, x, y).map(|c2| (c2, false))
            }
            Leg::ToWorld(world) => {
                let (x, y) =
                    world.forward(c.x, c.y).ok_or_else(|| format!("({}, {}) is not on the globe", c.x, c.y))?;
                Ok((Coord { x, y }, false))
            }
            Leg::FromWorld(world) => {
                let (x, y) = world
                    .inverse(c.x, c.y)
                    .ok_or_else(|| format!("({}, {}) is outside the map's outline", c.x, c.y))?;
                Ok((Coord { x, y }, false))
            }
        }
    }
}

/// The projected coordinate, or an error when it is not a finite number (1e308 has no image
/// in Web Mercator, and infinity could never be saved).
fn finite(from: Coord<f64>, x: f64, y: f64) -> Result<Coord<f64>, String> {
    if x.is_finite() && y.is_finite() {
        Ok(Coord { x, y })
    } else {
        Err(format!("({}, {}) has no image", from.x, from.y))
    }
}

/// One coordinate for proj4rs.
struct XyZ<'a>(&'a mut (f64, f64, f64));

impl proj4rs::transform::Transform for XyZ<'_> {
    fn transform_coordinates<F: proj4rs::transform::TransformClosure>(
        &mut self,
        f: &mut F,
    ) -> proj4rs::errors::Result<()> {
        let (x, y, z) = *self.0;
        *self.0 = f(x, y, z)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use geo::Point;

    #[test]
    fn web_mercator_round_trips_to_a_billionth_of_a_degree() {
        let p = Geometry::Point(Point::new(24.9384, 60.1699));
        let (m, _) = reproject_geometry(&p, Crs::WGS84, Crs::WEB_MERCATOR).expect("projects");
        let (back, _) = reproject_geometry(&m, Crs::WEB_MERCATOR, Crs::WGS84).expect("inverts");
        let Geometry::Point(back) = back else { panic!("a point stays a point") };
        assert!((back.x() - 24.9384).abs() < 1e-9 && (back.y() - 60.1699).abs() < 1e-9, "{back:?}");
    }

    #[test]
    fn utm_comes_from_the_epsg_definitions() {
        let p = Geometry::Point(Point::new(15.0, 52.0));
        let (utm, _) = reproject_geometry(&p, Crs::WGS84, Crs::epsg(32633)).expect("UTM 33N is known");
        let Geometry::Point(utm) = utm else { panic!("a point stays a point") };
        // On the central meridian, easting is the false easting.
        assert!((utm.x() - 500_000.0).abs() < 1e-3, "{utm:?}");
    }
}
