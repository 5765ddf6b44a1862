//! A GeoTIFF's CRS from its GeoKeys, as GDAL reads them: an EPSG code (with the file's linear
//! unit when it overrides the code's), an Esri "PE string" citation, ArcGIS's Web Mercator
//! Auxiliary Sphere, or a CRS put together from its parts (a geographic CRS by code, datum,
//! ellipsoid or axes; a projection by EPSG conversion code, or by GeoTIFF coordinate transform
//! and parameters) through PROJ. Keys RustGIS cannot turn into a CRS are an error saying which.

use std::collections::HashMap;

use super::engine::{self, GeographicParts, Param};
use super::proj_ffi as ffi;
use super::{Crs, Identified};

/// GeoKey numbers (GeoTIFF 1.1, OGC 19-008r4).
mod key {
    pub(super) const MODEL_TYPE: u16 = 1024;
    pub(super) const CITATION: u16 = 1026;
    pub(super) const GEOGRAPHIC_TYPE: u16 = 2048;
    pub(super) const GEOG_CITATION: u16 = 2049;
    pub(super) const GEODETIC_DATUM: u16 = 2050;
    pub(super) const PRIME_MERIDIAN: u16 = 2051;
    pub(super) const ANGULAR_UNITS: u16 = 2054;
    pub(super) const ANGULAR_UNIT_SIZE: u16 = 2055;
    pub(super) const ELLIPSOID: u16 = 2056;
    pub(super) const SEMI_MAJOR: u16 = 2057;
    pub(super) const SEMI_MINOR: u16 = 2058;
    pub(super) const INV_FLATTENING: u16 = 2059;
    pub(super) const PRIME_MERIDIAN_LONG: u16 = 2061;
    pub(super) const PROJECTED_TYPE: u16 = 3072;
    pub(super) const PCS_CITATION: u16 = 3073;
    pub(super) const PROJECTION: u16 = 3074;
    pub(super) const COORD_TRANS: u16 = 3075;
    pub(super) const LINEAR_UNITS: u16 = 3076;
    pub(super) const LINEAR_UNIT_SIZE: u16 = 3077;
    pub(super) const STD_PARALLEL_1: u16 = 3078;
    pub(super) const STD_PARALLEL_2: u16 = 3079;
    pub(super) const NAT_ORIGIN_LONG: u16 = 3080;
    pub(super) const NAT_ORIGIN_LAT: u16 = 3081;
    pub(super) const FALSE_EASTING: u16 = 3082;
    pub(super) const FALSE_NORTHING: u16 = 3083;
    pub(super) const FALSE_ORIGIN_LONG: u16 = 3084;
    pub(super) const FALSE_ORIGIN_LAT: u16 = 3085;
    pub(super) const FALSE_ORIGIN_EASTING: u16 = 3086;
    pub(super) const FALSE_ORIGIN_NORTHING: u16 = 3087;
    pub(super) const CENTER_LONG: u16 = 3088;
    pub(super) const CENTER_LAT: u16 = 3089;
    pub(super) const SCALE_AT_NAT_ORIGIN: u16 = 3092;
    pub(super) const SCALE_AT_CENTER: u16 = 3093;
    pub(super) const AZIMUTH_ANGLE: u16 = 3094;
    pub(super) const STRAIGHT_VERT_POLE_LONG: u16 = 3095;
    pub(super) const RECTIFIED_GRID_ANGLE: u16 = 3096;
}

/// "User-defined" in a GeoKey.
const USER_DEFINED: u16 = 32767;

/// A GeoTIFF's GeoKeys: each key's value, a number, numbers or text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct GeoKeys {
    shorts: HashMap<u16, u16>,
    doubles: HashMap<u16, Vec<f64>>,
    texts: HashMap<u16, String>,
}

impl GeoKeys {
    /// The keys of a GeoKeyDirectory (tag 34735), with the GeoDoubleParams (34736) and
    /// GeoAsciiParams (34737) its entries point into. Entries pointing outside are skipped.
    pub fn parse(directory: &[u16], doubles: &[f64], ascii: &str) -> GeoKeys {
        let mut keys = GeoKeys::default();
        if directory.len() < 4 {
            return keys;
        }
        let n = usize::from(directory[3]);
        for entry in directory[4..].chunks_exact(4).take(n) {
            let (id, location, count, value) = (entry[0], entry[1], usize::from(entry[2]), usize::from(entry[3]));
            match location {
                0 => {
                    keys.shorts.insert(id, entry[3]);
                }
                34736 => {
                    if let Some(values) = doubles.get(value..value + count) {
                        keys.doubles.insert(id, values.to_vec());
                    }
                }
                34737 => {
                    if let Some(text) = ascii.get(value..value + count) {
                        keys.texts.insert(id, text.trim_end_matches(['|', '\0']).to_owned());
                    }
                }
                _ => {}
            }
        }
        keys
    }

    /// Whether the file has any GeoKey at all.
    pub fn is_empty(&self) -> bool {
        self.shorts.is_empty() && self.doubles.is_empty() && self.texts.is_empty()
    }

    /// A short key's value.
    pub fn short(&self, id: u16) -> Option<u16> {
        self.shorts.get(&id).copied()
    }

    /// A coded value: present, not 0, not user-defined.
    fn code(&self, id: u16) -> Option<u32> {
        self.short(id).filter(|v| *v != 0 && *v != USER_DEFINED).map(u32::from)
    }

    fn double(&self, id: u16) -> Option<f64> {
        self.doubles.get(&id).and_then(|v| v.first()).copied().filter(|v| v.is_finite())
    }

    fn text(&self, id: u16) -> Option<&str> {
        self.texts.get(&id).map(String::as_str)
    }

    /// The first of these keys the file has, as a number.
    fn first(&self, ids: &[u16]) -> Option<f64> {
        ids.iter().find_map(|id| self.double(*id))
    }
}

/// What the GeoKeys say of the CRS.
#[derive(Debug, Clone, PartialEq)]
pub enum KeysCrs {
    /// No CRS keys.
    None,
    /// The CRS, and how it was read when that is worth saying.
    Crs(Crs, Option<String>),
    /// Keys RustGIS cannot turn into a CRS: why.
    Unreadable(String),
}

/// The CRS of a GeoTIFF's keys.
pub fn crs_of(keys: &GeoKeys) -> KeysCrs {
    match read(keys) {
        Ok(Some((crs, note))) => KeysCrs::Crs(crs, note),
        Ok(None) => KeysCrs::None,
        Err(why) => KeysCrs::Unreadable(why),
    }
}

fn read(keys: &GeoKeys) -> Result<Option<(Crs, Option<String>)>, String> {
    // ArcGIS writes its own WKT into a citation; GDAL reads it before anything else.
    for id in [key::CITATION, key::PCS_CITATION, key::GEOG_CITATION] {
        if let Some(wkt) = keys.text(id).and_then(|t| t.split_once("ESRI PE String = ")).map(|(_, w)| w.trim()) {
            let found = Crs::identify(wkt).map_err(|e| format!("the Esri PE string of the GeoKeys: {e}"))?;
            return Ok(Some((found.crs, found.note)));
        }
    }
    let model = keys.short(key::MODEL_TYPE);
    if model == Some(3) {
        return Err("the GeoKeys give a geocentric model (x/y/z), which a 2D raster cannot be in".into());
    }
    let pcs = keys.short(key::PROJECTED_TYPE);
    let citation =
        [key::CITATION, key::PCS_CITATION].iter().filter_map(|id| keys.text(*id)).collect::<Vec<_>>().join(" ");
    if (pcs == Some(USER_DEFINED) || pcs.is_none())
        && (citation.contains("Web_Mercator_Auxiliary_Sphere") || citation.contains("Pseudo-Mercator"))
    {
        return Ok(Some((Crs::WEB_MERCATOR, Some(format!("\"{citation}\" is Web Mercator (EPSG:3857)")))));
    }
    if let Some(code) = keys.code(key::PROJECTED_TYPE) {
        return coded_projected(keys, code).map(Some);
    }
    let projected = model == Some(1) || pcs == Some(USER_DEFINED);
    if !projected {
        if let Some(code) = keys.code(key::GEOGRAPHIC_TYPE) {
            let crs = Crs::epsg(code);
            crs.info().map_err(|e| format!("GeographicTypeGeoKey {code}: {e}"))?;
            return Ok(Some((crs, None)));
        }
        if keys.short(key::GEOGRAPHIC_TYPE).is_none() && keys.short(key::GEODETIC_DATUM).is_none() {
            return Ok(None);
        }
    }
    let name = keys.text(key::PCS_CITATION).or(keys.text(key::CITATION)).unwrap_or("unnamed").to_owned();
    let json = engine::with(|state| {
        let base = geographic(state, keys)?;
        let built = if projected {
            let (linear, metres) = linear_unit(state, keys)?;
            let conversion = conversion(state, keys)?;
            state.projected(&name, &base, &conversion, (&linear, metres)).ok_or_else(|| state.take_log())?
        } else {
            base
        };
        state.projjson(&built).ok_or_else(|| state.take_log())
    })
    .map_err(|e| format!("the GeoKeys describe a CRS PROJ cannot build: {e}"))?;
    let Identified { crs, note } = Crs::identify(&json).map_err(|e| e.to_string())?;
    Ok(Some((crs, note.map(|n| format!("the GeoKeys' user-defined CRS: {n}")))))
}

/// A projected CRS by its EPSG code, with the file's linear unit when it overrides the code's
/// (as GDAL reads `ProjLinearUnitsGeoKey`): x and y are then in that unit.
fn coded_projected(keys: &GeoKeys, code: u32) -> Result<(Crs, Option<String>), String> {
    let crs = Crs::epsg(code);
    let info = crs.info().map_err(|e| format!("ProjectedCSTypeGeoKey {code}: {e}"))?;
    let Some(unit_code) = keys.code(key::LINEAR_UNITS) else { return Ok((crs, None)) };
    let overridden = engine::with(|state| {
        let (unit, metres, _) =
            state.unit_of_code(unit_code).ok_or_else(|| format!("unknown unit code {unit_code}"))?;
        if (metres - info.unit_factor).abs() <= 1e-12 * metres.max(1.0) {
            return Ok(None);
        }
        let pj = state.create(&crs.definition())?;
        let altered = state.with_linear_unit(&pj, &unit, metres, unit_code).ok_or_else(|| state.take_log())?;
        Ok(Some((unit, state.projjson(&altered).ok_or_else(|| state.take_log())?)))
    })
    .map_err(|e| format!("ProjLinearUnitsGeoKey {unit_code} on EPSG:{code}: {e}"))?;
    let Some((unit, json)) = overridden else { return Ok((crs, None)) };
    let altered = Crs::identify(&json).map_err(|e| e.to_string())?.crs;
    Ok((
        altered,
        Some(format!(
            "the file's linear unit ({unit}, ProjLinearUnitsGeoKey {unit_code}) overrides EPSG:{code}'s {}, as GDAL reads it",
            info.unit
        )),
    ))
}

/// The geographic CRS of the keys: by code, else by datum code, else from the ellipsoid.
fn geographic(state: &mut engine::ThreadState, keys: &GeoKeys) -> Result<engine::Pj, String> {
    if let Some(code) = keys.code(key::GEOGRAPHIC_TYPE) {
        return state
            .registry_object(code, ffi::PJ_CATEGORY_CRS)
            .ok_or_else(|| format!("GeographicTypeGeoKey {code} is not a CRS PROJ knows"));
    }
    // EPSG gives the classic datums (6001–6999) the geographic CRS code 2000 below theirs.
    if let Some(datum) = keys.code(key::GEODETIC_DATUM)
        && (6001..=6999).contains(&datum)
        && keys.short(key::ELLIPSOID).is_none_or(|e| e != USER_DEFINED)
        && let Some(pj) = state.registry_object(datum - 2000, ffi::PJ_CATEGORY_CRS)
    {
        return Ok(pj);
    }
    let (angular_unit, angular_factor) = match keys.code(key::ANGULAR_UNITS) {
        Some(code) => {
            let (name, factor, _) = state.unit_of_code(code).ok_or_else(|| format!("unknown angular unit {code}"))?;
            (name, factor)
        }
        None => match keys.double(key::ANGULAR_UNIT_SIZE) {
            Some(radians) => ("unknown".to_owned(), radians),
            None => ("degree".to_owned(), std::f64::consts::PI / 180.0),
        },
    };
    let (ellipsoid, semi_major, inverse_flattening) = match keys.code(key::ELLIPSOID) {
        Some(code) => {
            let ellipsoid = state
                .registry_object(code, ffi::PJ_CATEGORY_ELLIPSOID)
                .ok_or_else(|| format!("EllipsoidGeoKey {code} is not an ellipsoid PROJ knows"))?;
            let (a, inv_f, name) = ellipsoid_parameters(state, &ellipsoid)?;
            (name, a, inv_f)
        }
        None => {
            let a = keys.double(key::SEMI_MAJOR).ok_or("the GeoKeys give no ellipsoid (code or semi-major axis)")?;
            let inv_f = match (keys.double(key::INV_FLATTENING), keys.double(key::SEMI_MINOR)) {
                (Some(inv_f), _) => inv_f,
                (None, Some(b)) if (a - b).abs() > 1e-9 => a / (a - b),
                _ => 0.0,
            };
            ("unknown".to_owned(), a, inv_f)
        }
    };
    let prime_meridian_offset = keys.double(key::PRIME_MERIDIAN_LONG).unwrap_or(0.0);
    let prime_meridian = if keys.code(key::PRIME_MERIDIAN).is_none_or(|c| c == 8901) && prime_meridian_offset == 0.0 {
        "Greenwich"
    } else {
        "unknown"
    };
    let parts = GeographicParts {
        name: keys.text(key::GEOG_CITATION).unwrap_or("unknown").to_owned(),
        datum: keys.code(key::GEODETIC_DATUM).map_or_else(|| "unknown".to_owned(), |d| format!("EPSG datum {d}")),
        ellipsoid,
        semi_major,
        inverse_flattening,
        prime_meridian: prime_meridian.to_owned(),
        prime_meridian_offset,
        angular_unit,
        angular_factor,
    };
    state.geographic(&parts).ok_or_else(|| state.take_log())
}

fn ellipsoid_parameters(state: &engine::ThreadState, ellipsoid: &engine::Pj) -> Result<(f64, f64, String), String> {
    state.ellipsoid_parameters(ellipsoid).ok_or_else(|| "the ellipsoid has no parameters".to_owned())
}

/// The linear unit of x and y: by code, else by size in metres, else the metre.
fn linear_unit(state: &engine::ThreadState, keys: &GeoKeys) -> Result<(String, f64), String> {
    match keys.code(key::LINEAR_UNITS) {
        Some(code) => {
            let (name, metres, _) =
                state.unit_of_code(code).ok_or_else(|| format!("ProjLinearUnitsGeoKey {code} is not a unit"))?;
            Ok((name, metres))
        }
        None => Ok(match keys.double(key::LINEAR_UNIT_SIZE) {
            Some(metres) => ("unknown".to_owned(), metres),
            None => ("metre".to_owned(), 1.0),
        }),
    }
}

/// The projection: an EPSG conversion by code, else a GeoTIFF coordinate transform with its
/// parameters (angles in the geographic CRS's unit, distances in the linear unit).
fn conversion(state: &engine::ThreadState, keys: &GeoKeys) -> Result<engine::Pj, String> {
    if let Some(code) = keys.code(key::PROJECTION) {
        return state
            .registry_object(code, ffi::PJ_CATEGORY_COORDINATE_OPERATION)
            .ok_or_else(|| format!("ProjectionGeoKey {code} is not a conversion PROJ knows"));
    }
    let ct = keys
        .short(key::COORD_TRANS)
        .ok_or("the GeoKeys name no projection (ProjectionGeoKey or ProjCoordTransGeoKey)")?;
    let (angle_name, angle_factor) = match keys.code(key::ANGULAR_UNITS) {
        Some(code) => {
            state.unit_of_code(code).map(|(n, f, _)| (n, f)).unwrap_or(("degree".into(), std::f64::consts::PI / 180.0))
        }
        None => ("degree".to_owned(), std::f64::consts::PI / 180.0),
    };
    let (linear_name, metres) = linear_unit(state, keys)?;
    let angle: (&'static str, f64) = (leak(angle_name), angle_factor);
    let linear: (&'static str, f64) = (leak(linear_name), metres);
    let a = |name: &'static str, code: u32, ids: &[u16], default: f64| Param {
        name,
        epsg_code: code,
        value: keys.first(ids).unwrap_or(default),
        unit: angle,
        unit_type: ffi::PJ_UT_ANGULAR,
    };
    let l = |name: &'static str, code: u32, ids: &[u16]| Param {
        name,
        epsg_code: code,
        value: keys.first(ids).unwrap_or(0.0),
        unit: linear,
        unit_type: ffi::PJ_UT_LINEAR,
    };
    let s = |name: &'static str, code: u32, ids: &[u16]| Param {
        name,
        epsg_code: code,
        value: keys.first(ids).unwrap_or(1.0),
        unit: ("unity", 1.0),
        unit_type: ffi::PJ_UT_SCALE,
    };
    use key::*;
    let (nat_lat, nat_lon) = ("Latitude of natural origin", "Longitude of natural origin");
    let (fe, fn_) = (l("False easting", 8806, &[FALSE_EASTING]), l("False northing", 8807, &[FALSE_NORTHING]));
    let origin_lat = &[NAT_ORIGIN_LAT, CENTER_LAT, FALSE_ORIGIN_LAT][..];
    let origin_lon = &[NAT_ORIGIN_LONG, CENTER_LONG, FALSE_ORIGIN_LONG][..];
    let center_lat = &[CENTER_LAT, NAT_ORIGIN_LAT][..];
    let center_lon = &[CENTER_LONG, NAT_ORIGIN_LONG][..];
    let (method, code, params): (&str, Option<u32>, Vec<Param>) = match ct {
        1 | 27 => (
            if ct == 1 { "Transverse Mercator" } else { "Transverse Mercator (South Orientated)" },
            Some(if ct == 1 { 9807 } else { 9808 }),
            vec![
                a(nat_lat, 8801, origin_lat, 0.0),
                a(nat_lon, 8802, origin_lon, 0.0),
                s("Scale factor at natural origin", 8805, &[SCALE_AT_NAT_ORIGIN, SCALE_AT_CENTER]),
                fe,
                fn_,
            ],
        ),
        7 if keys.double(STD_PARALLEL_1).is_some() => (
            "Mercator (variant B)",
            Some(9805),
            vec![
                a("Latitude of 1st standard parallel", 8823, &[STD_PARALLEL_1], 0.0),
                a(nat_lon, 8802, origin_lon, 0.0),
                fe,
                fn_,
            ],
        ),
        7 => (
            "Mercator (variant A)",
            Some(9804),
            vec![
                a(nat_lat, 8801, origin_lat, 0.0),
                a(nat_lon, 8802, origin_lon, 0.0),
                s("Scale factor at natural origin", 8805, &[SCALE_AT_NAT_ORIGIN, SCALE_AT_CENTER]),
                fe,
                fn_,
            ],
        ),
        9 | 16 => (
            if ct == 9 { "Lambert Conic Conformal (1SP)" } else { "Oblique Stereographic" },
            Some(if ct == 9 { 9801 } else { 9809 }),
            vec![
                a(nat_lat, 8801, origin_lat, 0.0),
                a(nat_lon, 8802, origin_lon, 0.0),
                s("Scale factor at natural origin", 8805, &[SCALE_AT_NAT_ORIGIN, SCALE_AT_CENTER]),
                fe,
                fn_,
            ],
        ),
        8 | 11 | 13 => (
            match ct {
                8 => "Lambert Conic Conformal (2SP)",
                11 => "Albers Equal Area",
                _ => "Equidistant Conic",
            },
            Some(match ct {
                8 => 9802,
                11 => 9822,
                _ => 1119,
            }),
            vec![
                a("Latitude of false origin", 8821, &[FALSE_ORIGIN_LAT, NAT_ORIGIN_LAT, CENTER_LAT], 0.0),
                a("Longitude of false origin", 8822, &[FALSE_ORIGIN_LONG, NAT_ORIGIN_LONG, CENTER_LONG], 0.0),
                a("Latitude of 1st standard parallel", 8823, &[STD_PARALLEL_1], 0.0),
                a("Latitude of 2nd standard parallel", 8824, &[STD_PARALLEL_2, STD_PARALLEL_1], 0.0),
                l("Easting at false origin", 8826, &[FALSE_ORIGIN_EASTING, FALSE_EASTING]),
                l("Northing at false origin", 8827, &[FALSE_ORIGIN_NORTHING, FALSE_NORTHING]),
            ],
        ),
        10 | 12 | 19 | 21 => (
            match ct {
                10 => "Lambert Azimuthal Equal Area",
                12 => "Azimuthal Equidistant",
                19 => "Gnomonic",
                _ => "Orthographic",
            },
            match ct {
                10 => Some(9820),
                21 => Some(9840),
                _ => None,
            },
            vec![a(nat_lat, 8801, center_lat, 0.0), a(nat_lon, 8802, center_lon, 0.0), fe, fn_],
        ),
        14 => (
            "Stereographic",
            None,
            vec![
                a(nat_lat, 8801, center_lat, 0.0),
                a(nat_lon, 8802, center_lon, 0.0),
                s("Scale factor at natural origin", 8805, &[SCALE_AT_NAT_ORIGIN, SCALE_AT_CENTER]),
                fe,
                fn_,
            ],
        ),
        15 => {
            let lat = keys.first(&[NAT_ORIGIN_LAT, CENTER_LAT]).unwrap_or(90.0);
            let lon = &[STRAIGHT_VERT_POLE_LONG, NAT_ORIGIN_LONG, CENTER_LONG][..];
            if (lat.abs() - 90.0).abs() < 1e-9 {
                (
                    "Polar Stereographic (variant A)",
                    Some(9810),
                    vec![
                        a(nat_lat, 8801, &[NAT_ORIGIN_LAT, CENTER_LAT], 90.0),
                        a(nat_lon, 8802, lon, 0.0),
                        s("Scale factor at natural origin", 8805, &[SCALE_AT_NAT_ORIGIN, SCALE_AT_CENTER]),
                        fe,
                        fn_,
                    ],
                )
            } else {
                (
                    "Polar Stereographic (variant B)",
                    Some(9829),
                    vec![
                        a("Latitude of standard parallel", 8832, &[NAT_ORIGIN_LAT, CENTER_LAT], 90.0),
                        a("Longitude of origin", 8833, lon, 0.0),
                        fe,
                        fn_,
                    ],
                )
            }
        }
        17 => (
            "Equidistant Cylindrical",
            Some(1028),
            vec![
                a("Latitude of 1st standard parallel", 8823, &[STD_PARALLEL_1, CENTER_LAT, NAT_ORIGIN_LAT], 0.0),
                a(nat_lon, 8802, center_lon, 0.0),
                fe,
                fn_,
            ],
        ),
        18 | 22 | 26 => (
            match ct {
                18 => "Cassini-Soldner",
                22 => "American Polyconic",
                _ => "New Zealand Map Grid",
            },
            Some(match ct {
                18 => 9806,
                22 => 9818,
                _ => 9811,
            }),
            vec![a(nat_lat, 8801, origin_lat, 0.0), a(nat_lon, 8802, origin_lon, 0.0), fe, fn_],
        ),
        3 => (
            "Hotine Oblique Mercator (variant A)",
            Some(9812),
            vec![
                a("Latitude of projection centre", 8811, &[CENTER_LAT, NAT_ORIGIN_LAT], 0.0),
                a("Longitude of projection centre", 8812, &[CENTER_LONG, NAT_ORIGIN_LONG], 0.0),
                a("Azimuth of initial line", 8813, &[AZIMUTH_ANGLE], 0.0),
                a("Angle from Rectified to Skew Grid", 8814, &[RECTIFIED_GRID_ANGLE, AZIMUTH_ANGLE], 0.0),
                s("Scale factor on initial line", 8815, &[SCALE_AT_CENTER, SCALE_AT_NAT_ORIGIN]),
                fe,
                fn_,
            ],
        ),
        28 => (
            "Lambert Cylindrical Equal Area",
            Some(9835),
            vec![
                a("Latitude of 1st standard parallel", 8823, &[STD_PARALLEL_1], 0.0),
                a(nat_lon, 8802, origin_lon, 0.0),
                fe,
                fn_,
            ],
        ),
        20 | 23 | 24 | 25 => (
            match ct {
                20 => "Miller Cylindrical",
                23 => "Robinson",
                24 => "Sinusoidal",
                _ => "Van Der Grinten",
            },
            None,
            vec![a(nat_lon, 8802, center_lon, 0.0), fe, fn_],
        ),
        other => {
            return Err(format!(
                "ProjCoordTransGeoKey {other} is a projection RustGIS does not build from GeoKeys; give the raster's \
                 CRS with \"crs\", or write its CRS as an EPSG code (gdal_edit.py -a_srs EPSG:…)"
            ));
        }
    };
    state.conversion(method, code, &params).ok_or_else(|| state.take_log())
}

/// Unit names live as long as the process (a handful of distinct ones).
fn leak(name: String) -> &'static str {
    static NAMES: std::sync::LazyLock<parking_lot::Mutex<Vec<&'static str>>> =
        std::sync::LazyLock::new(Default::default);
    let mut names = NAMES.lock();
    if let Some(found) = names.iter().find(|n| **n == name) {
        return found;
    }
    let leaked: &'static str = Box::leak(name.into_boxed_str());
    names.push(leaked);
    leaked
}
