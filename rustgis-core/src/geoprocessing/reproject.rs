//! Reprojection of geometries and layers through the CRS engine ([`crate::crs`], PROJ), with
//! EPSG:4326 ⇄ EPSG:3857 by the exact formulas of [`crate::webmercator`] (latitudes clamped where
//! Web Mercator ends), and layers clipped to where the target projection is usable
//! ([`ValidArea`]).

use std::collections::HashMap;

use geo::{
    Contains, Coord, CoordsIter, Geometry, LineString, MapCoords, MultiLineString, MultiPolygon, Point, Polygon,
};

use super::{Derived, Job, id_list, n_features};

use crate::crs::ValidArea;
use crate::crs::{self, Transform};
use crate::error::{Error, Result};
use crate::layer::{Crs, Feature, Layer};
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
    // Any other target is reached through its own longitude/latitude, where its valid area is.
    let area = if to == Crs::WGS84 || to == Crs::WEB_MERCATOR { None } else { Some(ValidArea::of(to)?) };
    let lon_lat = geographic_of(to)?;
    let to_lon_lat = Pipeline::new(layer.crs, lon_lat)?;
    let from_lon_lat = Pipeline::new(lon_lat, to)?;
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
    if let Some(notice) = operation_notice(layer, to) {
        notices.push(notice);
    }
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

/// The longitude/latitude CRS a CRS's valid area and antimeridian cut are expressed in: its own
/// geographic CRS (EPSG:4258 for ETRS89 projections), WGS 84 when it has none.
pub(crate) fn geographic_of(crs: Crs) -> Result<Crs> {
    Ok(crs.info()?.geographic.unwrap_or(Crs::WGS84))
}

/// What a user must know of how a layer's coordinates reach `to` (a missing grid, a ballpark
/// datum change), with the operation PROJ uses; `None` for a conversion on one datum.
pub(crate) fn operation_notice(layer: &Layer, to: Crs) -> Option<String> {
    if layer.crs == to {
        return None;
    }
    let area = layer
        .extent()
        .and_then(|e| e.transformed(layer.crs, Crs::WGS84))
        .map(|e| [e.min_x.max(-180.0), e.min_y.max(-90.0), e.max_x.min(180.0), e.max_y.min(90.0)]);
    let report = crs::operation(layer.crs, to, area).ok()?;
    let accuracy = match report.accuracy_m {
        Some(0.0) => return report.notice.clone(),
        Some(m) => format!("about {} m", (m * 100.0).round() / 100.0),
        None => "accuracy unknown".to_owned(),
    };
    Some(match &report.notice {
        Some(notice) => format!("{} from {} to {to}: {notice}", layer.name, layer.crs),
        None => format!("{} moved from {} to {to} with \"{}\" ({accuracy})", layer.name, layer.crs, report.name),
    })
}

/// Metres in one unit of a projected CRS's coordinates (1 for a geographic CRS or one PROJ
/// cannot read).
pub(crate) fn crs_unit_metres(crs: Crs) -> f64 {
    if crs == Crs::WEB_MERCATOR || crs == Crs::WGS84 {
        return 1.0;
    }
    crs.info().map_or(1.0, |info| info.metres_per_unit())
}

/// One step of a reprojection.
#[derive(Clone, Copy)]
enum Step {
    /// Through PROJ.
    Proj(Transform),
    /// Longitude/latitude to Web Mercator, exactly, latitudes clamped.
    ToMercator,
    /// Web Mercator to longitude/latitude, exactly.
    FromMercator,
}

/// From a CRS to another: PROJ's transformation, with Web Mercator by its exact formulas (through
/// WGS 84, which is Web Mercator's datum, so nothing is lost on the way).
struct Pipeline {
    steps: Vec<Step>,
}

impl Pipeline {
    fn new(from: Crs, to: Crs) -> Result<Pipeline> {
        let mut steps = Vec::new();
        if from == to {
            return Ok(Pipeline { steps });
        }
        if from == Crs::WEB_MERCATOR {
            steps.push(Step::FromMercator);
            if to != Crs::WGS84 {
                steps.push(Step::Proj(Transform::new(Crs::WGS84, to)?));
            }
        } else if to == Crs::WEB_MERCATOR {
            if from != Crs::WGS84 {
                steps.push(Step::Proj(Transform::new(from, Crs::WGS84)?));
            }
            steps.push(Step::ToMercator);
        } else {
            steps.push(Step::Proj(Transform::new(from, to)?));
        }
        Ok(Pipeline { steps })
    }

    fn run(&self, geometry: &Geometry<f64>) -> Result<(Geometry<f64>, bool), String> {
        let mut g = geometry.clone();
        let mut clamped = false;
        for step in &self.steps {
            let (mut xs, mut ys) = (Vec::new(), Vec::new());
            for c in g.coords_iter() {
                xs.push(c.x);
                ys.push(c.y);
            }
            match step {
                Step::Proj(t) => {
                    if t.apply_in_place(&mut xs, &mut ys) > 0 {
                        let at = xs.iter().position(|x| x.is_nan()).unwrap_or(0);
                        let first = g.coords_iter().nth(at).unwrap_or(Coord { x: f64::NAN, y: f64::NAN });
                        return Err(format!("({}, {}) has no image in {}", first.x, first.y, t.to()));
                    }
                }
                Step::ToMercator => {
                    for (x, y) in xs.iter_mut().zip(ys.iter_mut()) {
                        clamped |= y.abs() > webmercator::MAX_LATITUDE;
                        (*x, *y) = webmercator::from_lon_lat(*x, *y);
                        if !(x.is_finite() && y.is_finite()) {
                            return Err("a coordinate has no image in EPSG:3857".to_owned());
                        }
                    }
                }
                Step::FromMercator => {
                    for (x, y) in xs.iter_mut().zip(ys.iter_mut()) {
                        (*x, *y) = webmercator::to_lon_lat(*x, *y);
                        if !(x.is_finite() && y.is_finite()) {
                            return Err("a coordinate has no image in EPSG:4326".to_owned());
                        }
                    }
                }
            }
            // `map_coords` visits coordinates in the order `coords_iter` gave them.
            let next = std::cell::Cell::new(0usize);
            let (xs, ys) = (&xs, &ys);
            g = g.map_coords(|c| {
                let i = next.get();
                next.set(i + 1);
                match (xs.get(i), ys.get(i)) {
                    (Some(&x), Some(&y)) => Coord { x, y },
                    _ => c,
                }
            });
        }
        Ok((g, clamped))
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
