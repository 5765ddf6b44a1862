//! Reprojection: EPSG:4326 ⇄ EPSG:3857 with the exact formulas of [`crate::webmercator`], other
//! EPSG codes through proj4rs (pure Rust, with the EPSG definitions of crs-definitions).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock};

use geo::{Coord, Geometry, MapCoords};
use parking_lot::Mutex;
use rayon::prelude::*;

use super::{Derived, Job, id_list};

use crate::error::{Error, Result};
use crate::layer::{Crs, Feature, Layer};
use crate::webmercator;

/// Reprojects one geometry from `from` to `to`. Latitudes beyond ±85.0511° are clamped on the way
/// to EPSG:3857; the second value says whether any was.
pub fn reproject_geometry(geometry: &Geometry<f64>, from: Crs, to: Crs) -> Result<(Geometry<f64>, bool)> {
    let pipeline = Pipeline::new(from, to)?;
    pipeline.run(geometry).map_err(|e| Error::Failed(format!("cannot reproject from {from} to {to}: {e}")))
}

/// A copy of the layer's features in `to` (fields unchanged). Features whose coordinates cannot
/// be projected are left out and named in a notice; clamped latitudes are reported.
pub fn reproject_layer(layer: &Layer, to: Crs, job: &Job<'_>) -> Result<Derived> {
    let pipeline = Pipeline::new(layer.crs, to)?;
    job.stage(layer.features.len(), &format!("reprojecting {} to {to}", layer.name));
    let results: Vec<(Feature, Option<String>, bool)> = layer
        .features
        .par_iter()
        .map(|feature| {
            job.tick()?;
            let Some(geometry) = &feature.geometry else { return Ok((feature.clone(), None, false)) };
            Ok(match pipeline.run(geometry) {
                Ok((g, clamped)) => (
                    Feature { id: feature.id, geometry: Some(g), attributes: feature.attributes.clone() },
                    None,
                    clamped,
                ),
                Err(e) => (feature.clone(), Some(e), false),
            })
        })
        .collect::<Result<_>>()?;
    let mut features = Vec::with_capacity(results.len());
    let (mut failed, mut clamped) = (Vec::new(), Vec::new());
    let mut first_error = None;
    for (feature, error, was_clamped) in results {
        if let Some(e) = error {
            failed.push(feature.id);
            first_error.get_or_insert(e);
            continue;
        }
        if was_clamped {
            clamped.push(feature.id);
        }
        features.push(feature);
    }
    let mut notices = Vec::new();
    if !failed.is_empty() {
        // Every one is named (with its `name` when the layer has one), not the first ten: the
        // caller has to know exactly what the new layer lacks.
        let name_col = layer.field_index("name");
        let by_id: HashMap<u64, &Feature> = layer.features.iter().map(|f| (f.id, f)).collect();
        let named: Vec<String> = failed
            .iter()
            .map(|id| match name_col.and_then(|col| by_id.get(id).map(|f| &f.attributes[col])) {
                Some(crate::value::Value::String(name)) => format!("{id} ({name})"),
                _ => id.to_string(),
            })
            .collect();
        notices.push(format!(
            "skipped {} of {} features that cannot be projected to {to} (id {}): {}",
            failed.len(),
            layer.features.len(),
            named.join(", "),
            first_error.unwrap_or_default()
        ));
    }
    if !clamped.is_empty() {
        notices.push(format!(
            "clamped latitudes beyond ±85.0511° (where Web Mercator ends) in {} feature{} (id {})",
            clamped.len(),
            if clamped.len() == 1 { "" } else { "s" },
            id_list(&clamped)
        ));
    }
    Ok(Derived { fields: layer.fields.as_ref().clone(), features, notices })
}

/// Metres in one unit of a projected CRS's coordinates (1 when the definition is unknown).
pub(crate) fn crs_unit_metres(crs: Crs) -> f64 {
    if crs == Crs::WEB_MERCATOR {
        return 1.0;
    }
    proj(crs).map_or(1.0, |p| if p.is_latlong() { 1.0 } else { p.to_meter() })
}

/// The proj4rs definition of an EPSG code, parsed once per process.
fn proj(crs: Crs) -> Result<Arc<proj4rs::Proj>> {
    static CACHE: LazyLock<Mutex<HashMap<u32, Arc<proj4rs::Proj>>>> = LazyLock::new(Default::default);
    if let Some(p) = CACHE.lock().get(&crs.code()) {
        return Ok(p.clone());
    }
    let code = u16::try_from(crs.code()).map_err(|_| unknown(crs))?;
    let p = Arc::new(proj4rs::Proj::from_epsg_code(code).map_err(|_| unknown(crs))?);
    CACHE.lock().insert(crs.code(), p.clone());
    Ok(p)
}

fn unknown(crs: Crs) -> Error {
    Error::invalid(
        "crs",
        format!(
            "{crs} is not in the EPSG definitions RustGIS knows; use a code such as EPSG:4326, EPSG:3857, EPSG:32633 (UTM 33N) or EPSG:3035"
        ),
    )
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
            f => legs.push(proj_leg(f, wgs84)?),
        }
        match to {
            t if t == wgs84 => {}
            t if t == Crs::WEB_MERCATOR => legs.push(Leg::ToMercator),
            t => legs.push(proj_leg(wgs84, t)?),
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
            return Err(Error::invalid(
                "crs",
                format!(
                    "{crs} is a geocentric (3D, earth-centred x/y/z) CRS: layers are 2D maps, so use a geographic \
                     CRS such as EPSG:4326 or a projected one such as EPSG:3857 or EPSG:32633"
                ),
            ));
        }
    }
    let (from_deg, to_deg) = (from.is_latlong(), to.is_latlong());
    Ok(Leg::Proj { from, to, from_deg, to_deg })
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
