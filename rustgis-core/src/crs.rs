//! Coordinate reference systems: what a CRS is (from an EPSG or ESRI code, WKT 1 and 2, PROJJSON
//! or a PROJ string), what PROJ knows of it (kind, units, axes, area of use, ellipsoid), and moving
//! coordinates between two of them exactly as PROJ does. The one CRS engine of RustGIS: reading
//! files, drawing, tiles, rasters, geoprocessing, extents and measures all come through here.
//!
//! PROJ 9.6 is built into the library (`build.rs`, `vendor/proj`) with its database. Datum grids
//! (NTv2 `.gsb`, `.gtx`) are read from the folders [`grid_folders`] lists; where a better
//! transformation needs a grid that is not there, [`operation`] says so, with the accuracy of the
//! one used instead.
//!
//! Coordinates are always x = longitude or easting, y = latitude or northing, whatever axis order
//! a definition declares (PROJ's "normalized for visualization" order, as GDAL and QGIS use).

mod engine;
pub mod geokeys;
mod operation;
mod proj_ffi;
mod search;
mod transformer;
mod valid_area;

use std::collections::HashMap;
use std::ffi::CStr;
use std::fmt;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

use parking_lot::RwLock;
use serde::{Deserialize, Serialize};

pub use crate::error::CrsError;
use crate::extent::Extent;
use crate::webmercator;
pub use operation::{OperationReport, operation};
pub use search::{CrsMatch, search};
pub use transformer::{
    Transformer, can_transform_exactly, check_map_crs, crs_centre, transform_exactly, transform_extent_exactly,
};
pub use valid_area::{AreaRule, VALID_AREAS, ValidArea};

/// A coordinate reference system: a code of the EPSG or ESRI registry, or a definition of its own
/// (a custom CRS read from a file or given as WKT, PROJJSON or a PROJ string).
///
/// A small copyable handle: what PROJ knows of it is [`Crs::info`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Crs {
    authority: Authority,
    code: u32,
}

/// Who assigned a [`Crs`] its code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Authority {
    /// The EPSG registry (most CRSs).
    Epsg,
    /// Esri's codes (`ESRI:54030` Robinson, `ESRI:102013` Europe Albers…).
    Esri,
    /// A definition with no code of those two registries (a WKT or PROJ string, or a code of
    /// another authority such as `IGNF:LAMB93`); the code numbers definitions within this process.
    Custom,
}

/// The world projections known by name: what people call them, and their CRS.
pub const WORLD_PROJECTIONS: [(&str, Crs); 5] = [
    ("Equal Earth", Crs::EQUAL_EARTH),
    ("Robinson", Crs::ROBINSON),
    ("Mollweide", Crs::MOLLWEIDE),
    ("Winkel Tripel", Crs::WINKEL_TRIPEL),
    ("Natural Earth", Crs::NATURAL_EARTH),
];

impl Crs {
    /// WGS 84 longitude/latitude, the default.
    pub const WGS84: Crs = Crs { authority: Authority::Epsg, code: 4326 };
    /// Web Mercator, the CRS of XYZ tiles.
    pub const WEB_MERCATOR: Crs = Crs { authority: Authority::Epsg, code: 3857 };
    /// Equal Earth (EPSG:8857), an equal-area world projection.
    pub const EQUAL_EARTH: Crs = Crs { authority: Authority::Epsg, code: 8857 };
    /// Robinson (ESRI:54030), a compromise world projection.
    pub const ROBINSON: Crs = Crs { authority: Authority::Esri, code: 54030 };
    /// Mollweide (ESRI:54009), an equal-area world projection.
    pub const MOLLWEIDE: Crs = Crs { authority: Authority::Esri, code: 54009 };
    /// Winkel Tripel (ESRI:54042), the National Geographic world projection.
    pub const WINKEL_TRIPEL: Crs = Crs { authority: Authority::Esri, code: 54042 };
    /// Natural Earth (ESRI:54077), a compromise world projection.
    pub const NATURAL_EARTH: Crs = Crs { authority: Authority::Esri, code: 54077 };

    /// A CRS from its EPSG code (not checked: [`Crs::info`] says whether PROJ knows it).
    pub fn epsg(code: u32) -> Crs {
        Crs { authority: Authority::Epsg, code }
    }

    /// A CRS from its ESRI code (not checked).
    pub fn esri(code: u32) -> Crs {
        Crs { authority: Authority::Esri, code }
    }

    /// The code, within its [`authority`](Crs::authority) (4326 for EPSG:4326).
    pub fn code(self) -> u32 {
        self.code
    }

    /// Who assigned the code.
    pub fn authority(self) -> Authority {
        self.authority
    }

    /// The EPSG code, when the CRS has one (file formats that store only EPSG codes need it).
    pub fn epsg_code(self) -> Option<u32> {
        (self.authority == Authority::Epsg).then_some(self.code)
    }

    /// Whether this is a definition of its own rather than a registry code.
    pub fn is_custom(self) -> bool {
        self.authority == Authority::Custom
    }

    /// Whether coordinates are longitude/latitude angles (so distances and areas are geodesic),
    /// as the definition says; `false` for a CRS PROJ cannot read.
    pub fn is_geographic(self) -> bool {
        if self == Crs::WGS84 {
            return true;
        }
        self.info().is_ok_and(|info| info.kind == CrsKind::Geographic)
    }

    /// Parses a CRS from the ways people and files write one:
    /// - codes: `EPSG:4326`, `epsg:3857`, `4326`, `ESRI:54030`, `urn:ogc:def:crs:EPSG::25832`,
    ///   `http://www.opengis.net/def/crs/EPSG/0/2154`, `IGNF:LAMB93`;
    /// - names: `WGS84`, `CRS84`, `Web Mercator`, and the world projections (`Robinson`…);
    /// - definitions: WKT 1 (OGC or ESRI), WKT 2, PROJJSON, a PROJ string (`+proj=utm +zone=32`).
    ///
    /// A definition equal to a registry code becomes that code (as PROJ identifies it); any other
    /// is a custom CRS that works like a coded one.
    pub fn parse(s: &str) -> Result<Crs, CrsError> {
        Crs::identify(s).map(|found| found.crs)
    }

    /// [`Crs::parse`], saying how a definition was read when that is worth knowing (a custom CRS,
    /// or a code of another authority).
    pub fn identify(s: &str) -> Result<Identified, CrsError> {
        let t = s.trim();
        if t.is_empty() {
            return Err(CrsError::Unknown { text: String::new(), reason: "it is empty".into() });
        }
        if let Some(crs) = by_name(t) {
            return Ok(Identified { crs, note: None });
        }
        if let Some(crs) = by_code(t) {
            crs.info()?;
            return Ok(Identified { crs, note: None });
        }
        if t.len() > MAX_DEFINITION_BYTES {
            return Err(CrsError::Unknown {
                text: shorten(t),
                reason: format!("a definition longer than {MAX_DEFINITION_BYTES} bytes is not read"),
            });
        }
        identify_definition(t)
    }

    /// What PROJ knows of this CRS, read once per process.
    pub fn info(self) -> Result<Arc<CrsInfo>, CrsError> {
        if let Some(info) = REGISTRY.read().info.get(&self) {
            return info.clone();
        }
        let definition = self.definition();
        let computed = engine::with(|state| Ok(read_info(state, self, &definition)))
            .unwrap_or_else(|reason| Err(CrsError::Unknown { text: self.to_string(), reason }));
        REGISTRY.write().info.insert(self, computed.clone());
        computed
    }

    /// The definition PROJ is given for this CRS: `EPSG:4326`, `ESRI:54030`, or a custom CRS's
    /// PROJJSON (or the `AUTH:CODE` of another authority).
    pub fn definition(self) -> String {
        match self.authority {
            Authority::Epsg => format!("EPSG:{}", self.code),
            Authority::Esri => format!("ESRI:{}", self.code),
            Authority::Custom => {
                REGISTRY.read().custom.get(self.code as usize).map(|d| d.to_string()).unwrap_or_default()
            }
        }
    }

    /// The CRS as OGC WKT 1 in GDAL's flavour (GeoPackage `gpkg_spatial_ref_sys`, GeoTIFF
    /// citations), or `None` when WKT 1 cannot express it.
    pub fn to_wkt1(self) -> Option<String> {
        self.text_as(|state, pj| state.wkt(pj, proj_ffi::PJ_WKT1_GDAL, false))
    }

    /// The CRS as Esri's WKT (the `.prj` of a Shapefile), or `None` when it has none.
    pub fn to_esri_wkt(self) -> Option<String> {
        self.text_as(|state, pj| state.wkt(pj, proj_ffi::PJ_WKT1_ESRI, false))
    }

    /// The CRS as WKT 2 (2019).
    pub fn to_wkt2(self) -> Option<String> {
        self.text_as(|state, pj| state.wkt(pj, proj_ffi::PJ_WKT2_2019, false))
    }

    /// The CRS as PROJJSON (GeoParquet's `crs`).
    pub fn to_projjson(self) -> Option<String> {
        self.text_as(|state, pj| state.projjson(pj))
    }

    /// The CRS as a PROJ string (`+proj=utm +zone=32 +ellps=GRS80 …`), when one can express it.
    pub fn to_proj_string(self) -> Option<String> {
        self.text_as(|state, pj| state.proj_string(pj))
    }

    fn text_as(self, f: impl FnOnce(&engine::ThreadState, &engine::Pj) -> Option<String>) -> Option<String> {
        let definition = self.definition();
        engine::with(|state| {
            let pj = state.create(&definition)?;
            Ok(f(state, &pj))
        })
        .ok()
        .flatten()
    }
}

/// The largest definition text read (a WKT or PROJJSON of a CRS is a few kilobytes).
const MAX_DEFINITION_BYTES: usize = 256 * 1024;

/// What [`Crs::identify`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct Identified {
    /// The CRS.
    pub crs: Crs,
    /// How the definition was read, when it was not a plain registry code: "custom CRS …",
    /// "identified as EPSG:27700 (British National Grid)".
    pub note: Option<String>,
}

/// The kind of a CRS.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
#[non_exhaustive]
pub enum CrsKind {
    /// Longitude/latitude angles on an ellipsoid.
    Geographic,
    /// Easting/northing on a map projection.
    Projected,
    /// Earth-centred x/y/z (3D; not usable for maps).
    Geocentric,
    /// Heights only (not usable for maps).
    Vertical,
    /// A local engineering grid with no tie to the Earth.
    Engineering,
    /// Anything else PROJ knows.
    Other,
}

/// Where a CRS is meant to be used, in WGS 84 longitude/latitude degrees.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct AreaOfUse {
    /// West, south, east, north (east < west when it crosses the antimeridian).
    pub bbox: [f64; 4],
    /// Its name ("Germany - onshore and offshore - 6°E to 12°E").
    pub name: String,
}

/// An ellipsoid.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Ellipsoid {
    /// Its name ("GRS 1980").
    pub name: String,
    /// Semi-major axis in metres.
    pub semi_major: f64,
    /// Inverse flattening (0 for a sphere).
    pub inverse_flattening: f64,
}

impl Ellipsoid {
    /// The flattening.
    pub fn flattening(&self) -> f64 {
        if self.inverse_flattening > 0.0 { 1.0 / self.inverse_flattening } else { 0.0 }
    }
}

/// What PROJ knows of a CRS.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CrsInfo {
    /// The CRS.
    pub crs: Crs,
    /// Its name ("ETRS89 / UTM zone 32N").
    pub name: String,
    /// Geographic, projected…; for a compound CRS, the kind of its horizontal part.
    pub kind: CrsKind,
    /// The unit of x and y ("metre", "degree", "US survey foot").
    pub unit: String,
    /// One unit in metres (linear units) or in degrees (angular units).
    pub unit_factor: f64,
    /// The axes as the definition orders them ("north", "east"); RustGIS's x is always the
    /// east-west one.
    pub axis_directions: Vec<String>,
    /// Where it is meant to be used.
    pub area_of_use: Option<AreaOfUse>,
    /// The ellipsoid of its datum.
    pub ellipsoid: Option<Ellipsoid>,
    /// The projection method ("Transverse Mercator"), for a projected CRS.
    pub method: Option<String>,
    /// Its geographic (longitude/latitude) CRS: itself for a geographic one.
    pub geographic: Option<Crs>,
    /// For a compound CRS (horizontal + vertical), its horizontal part.
    pub horizontal: Option<Crs>,
    /// Whether the registry has deprecated it.
    pub deprecated: bool,
    /// The PROJ projection name (`utm`, `tmerc`, `longlat`…) and its centre (`lon_0`, `lat_0`).
    #[serde(skip)]
    pub projection: Projection,
}

/// A projection's PROJ name and centre, read from its PROJ string.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Projection {
    /// `+proj=` (`longlat` for a geographic CRS).
    pub name: String,
    /// The central meridian in degrees.
    pub lon_0: f64,
    /// The latitude of origin in degrees.
    pub lat_0: f64,
}

impl CrsInfo {
    /// Metres in one unit of a projected CRS (1 for a geographic one, whose measures are geodesic).
    pub fn metres_per_unit(&self) -> f64 {
        if self.kind == CrsKind::Projected && self.unit_factor > 0.0 { self.unit_factor } else { 1.0 }
    }

    /// Whether maps and layers can use it (2D, on a projection PROJ can invert).
    pub fn check_usable(&self) -> Result<(), CrsError> {
        let reason = match self.kind {
            CrsKind::Geographic | CrsKind::Projected => return Ok(()),
            CrsKind::Geocentric => {
                "it is geocentric (3D, earth-centred x/y/z): layers and maps are 2D, so use a geographic CRS such as \
                 EPSG:4326 or a projected one such as EPSG:3857, EPSG:8857 (Equal Earth) or a UTM zone (EPSG:32632)"
            }
            CrsKind::Vertical => "it holds heights only: use a geographic or projected CRS",
            CrsKind::Engineering => {
                "it is a local engineering grid with no tie to the Earth: it cannot be placed on a map with other data"
            }
            CrsKind::Other => "it is neither geographic nor projected",
        };
        Err(CrsError::Unsupported { crs: self.crs.to_string(), reason: reason.to_owned() })
    }
}

/// The folders PROJ looks in for datum grids: `RUSTGIS_PROJ_GRIDS` (folders separated by `:`,
/// `;` on Windows) when it is set, and only those (for a reproducible run); otherwise, in order:
/// 1. RustGIS's own grid folder, `<data dir>/rustgis/proj` (`~/.local/share/rustgis/proj` on
///    Linux), which the user can fill with grids from <https://cdn.proj.org>;
/// 2. `PROJ_DATA` (or the older `PROJ_LIB`), PROJ's own variable;
/// 3. PROJ's user folder (`~/.local/share/proj`, where `projsync` puts grids) and the system's
///    (`/usr/share/proj`, `/usr/local/share/proj`, where Debian's `proj-data` installs them).
///
/// The database is always the one built into RustGIS, never a `proj.db` found there.
pub fn grid_folders() -> Vec<PathBuf> {
    static FOLDERS: LazyLock<Vec<PathBuf>> = LazyLock::new(|| {
        let mut folders = Vec::new();
        let split = |value: std::ffi::OsString| std::env::split_paths(&value).collect::<Vec<_>>();
        if let Some(value) = std::env::var_os("RUSTGIS_PROJ_GRIDS") {
            return split(value);
        }
        if let Some(data) = data_dir() {
            folders.push(data.join("rustgis").join("proj"));
            folders.push(data.join("proj"));
        }
        for var in ["PROJ_DATA", "PROJ_LIB"] {
            if let Some(value) = std::env::var_os(var) {
                folders.extend(split(value));
            }
        }
        if cfg!(unix) {
            folders.push(PathBuf::from("/usr/local/share/proj"));
            folders.push(PathBuf::from("/usr/share/proj"));
        }
        folders.retain(|f| !f.as_os_str().is_empty());
        folders.dedup();
        folders
    });
    FOLDERS.clone()
}

/// The user's data folder (`$XDG_DATA_HOME`, else `~/.local/share`; `%APPDATA%` on Windows).
fn data_dir() -> Option<PathBuf> {
    if cfg!(windows) {
        return std::env::var_os("APPDATA").map(PathBuf::from);
    }
    if let Some(xdg) = std::env::var_os("XDG_DATA_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(xdg));
    }
    let home = std::env::var_os("HOME").filter(|v| !v.is_empty())?;
    if cfg!(target_os = "macos") {
        return Some(PathBuf::from(home).join("Library/Application Support"));
    }
    Some(PathBuf::from(home).join(".local/share"))
}

/// Custom definitions and what PROJ said of each CRS, for the whole process.
#[derive(Default)]
struct Registry {
    /// Custom CRSs' definitions, by code.
    custom: Vec<Arc<str>>,
    /// Codes of custom definitions, by definition.
    custom_codes: HashMap<Arc<str>, u32>,
    info: HashMap<Crs, Result<Arc<CrsInfo>, CrsError>>,
    operations: HashMap<(Crs, Crs, [i32; 4]), Arc<OperationReport>>,
}

static REGISTRY: LazyLock<RwLock<Registry>> = LazyLock::new(Default::default);

/// The custom CRS for a definition (the same code for the same text).
fn custom(definition: &str) -> Crs {
    if let Some(code) = REGISTRY.read().custom_codes.get(definition) {
        return Crs { authority: Authority::Custom, code: *code };
    }
    let mut registry = REGISTRY.write();
    if let Some(code) = registry.custom_codes.get(definition) {
        return Crs { authority: Authority::Custom, code: *code };
    }
    let code = registry.custom.len() as u32;
    let text: Arc<str> = Arc::from(definition);
    registry.custom.push(text.clone());
    registry.custom_codes.insert(text, code);
    Crs { authority: Authority::Custom, code }
}

/// The world projections and common names.
fn by_name(t: &str) -> Option<Crs> {
    let folded: String = t.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_ascii_uppercase();
    if let Some((_, crs)) = WORLD_PROJECTIONS.iter().find(|(name, _)| {
        name.chars().filter(char::is_ascii_alphanumeric).collect::<String>().eq_ignore_ascii_case(&folded)
    }) {
        return Some(*crs);
    }
    match folded.as_str() {
        "WGS84" | "CRS84" | "OGCCRS84" | "URNOGCDEFCRSOGC13CRS84" => Some(Crs::WGS84),
        "WEBMERCATOR" | "EPSG900913" | "PSEUDOMERCATOR" => Some(Crs::WEB_MERCATOR),
        _ => None,
    }
}

/// `EPSG:n`, `ESRI:n`, `n`, and the OGC URN and URI forms of EPSG codes.
fn by_code(t: &str) -> Option<Crs> {
    let upper = t.to_ascii_uppercase();
    let number = |s: &str| s.parse::<u32>().ok().filter(|c| *c > 0);
    if let Some(digits) = upper.strip_prefix("ESRI:") {
        return number(digits).map(Crs::esri);
    }
    let digits = upper
        .strip_prefix("EPSG:")
        .or_else(|| upper.strip_prefix("URN:OGC:DEF:CRS:EPSG::"))
        .or_else(|| upper.strip_prefix("URN:OGC:DEF:CRS:EPSG:6.3:"))
        .or_else(|| upper.strip_prefix("HTTP://WWW.OPENGIS.NET/DEF/CRS/EPSG/0/"))
        .or_else(|| upper.strip_prefix("HTTPS://WWW.OPENGIS.NET/DEF/CRS/EPSG/0/"))
        .unwrap_or(&upper);
    number(digits).map(Crs::epsg)
}

fn shorten(t: &str) -> String {
    if t.len() <= 120 {
        return t.to_owned();
    }
    let mut end = 120;
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes)", &t[..end], t.len())
}

/// A definition read by PROJ, identified as PROJ does: its own code when it carries one that
/// matches, else an EPSG or ESRI code PROJ finds it identical to (100 % confidence), else itself.
fn identify_definition(t: &str) -> Result<Identified, CrsError> {
    let unknown = |reason: String| CrsError::Unknown { text: shorten(t), reason };
    let found = engine::with(|state| {
        let pj = state.create(t)?;
        // Its own identifier, when the registry's object of that code is the same CRS.
        if let Some((auth, code)) = pj.id()
            && let Some(crs) = registry_crs(&auth, &code)
            && let Ok(registered) = state.create(&crs.definition())
            && state.equivalent(&pj, &registered)
        {
            return Ok(Identified { crs, note: None });
        }
        if pj.kind() != proj_ffi::PJ_TYPE_BOUND_CRS {
            for authority in [c"EPSG", c"ESRI"] {
                let matches = state.identify(&pj, authority);
                // PROJ's full match first; else a candidate equal to it in everything but names
                // (a PROJ string names nothing): either is the same CRS, so the code stands.
                let full = matches.iter().find(|m| m.2 >= 100).and_then(|(a, c, _)| registry_crs(a, c));
                // A PROJ string's own datum shift (+towgs84, +nadgrids, a +datum other than
                // WGS 84's family) is what it says to use: it is not traded for a registry CRS's.
                let own_shift = t.starts_with('+')
                    && (t.contains("+towgs84")
                        || t.contains("+nadgrids")
                        || (t.contains("+datum=") && !t.contains("+datum=WGS84")));
                let equal = || {
                    if own_shift {
                        return None;
                    }
                    let own = state.proj_string(&pj)?;
                    matches.iter().filter(|m| m.2 >= 50).find_map(|(a, c, _)| {
                        let crs = registry_crs(a, c)?;
                        let registered = state.create(&crs.definition()).ok()?;
                        // Equal as PROJ computes with them too: a +lon_wrap or +approx that
                        // the CRS model does not hold keeps the definition its own.
                        (state.equivalent(&pj, &registered)
                            && state.proj_string(&registered).as_deref() == Some(own.as_str()))
                        .then_some(crs)
                    })
                };
                if let Some(crs) = full.or_else(equal) {
                    // Named below, outside this PROJ call.
                    return Ok(Identified { crs, note: Some(String::new()) });
                }
            }
        }
        // Kept as written (another authority's code such as IGNF:LAMB93, WKT, PROJJSON, a PROJ
        // string): PROJ reads it back exactly, where a translation could lose a PROJ string's
        // +approx, +lon_wrap or +towgs84.
        let short = t.contains(':') && !t.contains(['[', '{', ' ', '+']);
        let definition = t.to_owned();
        let name = pj.name();
        Ok(Identified {
            crs: custom(&definition),
            note: Some(if short {
                format!("{t} ({name}) has no EPSG or ESRI code: it is used as PROJ defines it")
            } else {
                format!("custom CRS \"{name}\": no EPSG or ESRI code is identical to it, so it is used as defined")
            }),
        })
    })
    .map_err(unknown)?;
    let info = found.crs.info()?;
    if found.note.as_deref() == Some("") {
        return Ok(Identified { crs: found.crs, note: Some(format!("identified as {} ({})", found.crs, info.name)) });
    }
    Ok(found)
}

/// The [`Crs`] of an authority's code, when RustGIS has a handle for that authority.
fn registry_crs(auth: &str, code: &str) -> Option<Crs> {
    let number = code.parse::<u32>().ok()?;
    match auth {
        "EPSG" => Some(Crs::epsg(number)),
        "ESRI" => Some(Crs::esri(number)),
        _ => None,
    }
}

/// Reads what PROJ knows of a CRS.
fn read_info(state: &mut engine::ThreadState, crs: Crs, definition: &str) -> Result<Arc<CrsInfo>, CrsError> {
    let unknown = |reason: String| CrsError::Unknown { text: crs.to_string(), reason };
    let pj = state.create(definition).map_err(|reason| unknown(reason.replace("proj_create: ", "")))?;
    let kind_of = |pj: &engine::Pj| match pj.kind() {
        proj_ffi::PJ_TYPE_GEOGRAPHIC_2D_CRS
        | proj_ffi::PJ_TYPE_GEOGRAPHIC_3D_CRS
        | proj_ffi::PJ_TYPE_GEOGRAPHIC_CRS => CrsKind::Geographic,
        proj_ffi::PJ_TYPE_PROJECTED_CRS | proj_ffi::PJ_TYPE_DERIVED_PROJECTED_CRS => CrsKind::Projected,
        proj_ffi::PJ_TYPE_GEOCENTRIC_CRS => CrsKind::Geocentric,
        proj_ffi::PJ_TYPE_VERTICAL_CRS => CrsKind::Vertical,
        proj_ffi::PJ_TYPE_ENGINEERING_CRS => CrsKind::Engineering,
        _ => CrsKind::Other,
    };
    // The horizontal part of a compound CRS, or the base of a bound one, says how x/y behave.
    let mut horizontal = None;
    let horizontal_pj = match pj.kind() {
        proj_ffi::PJ_TYPE_COMPOUND_CRS => {
            let sub = state.sub_crs(&pj, 0);
            if let Some(sub) = &sub {
                horizontal = handle_of(state, sub);
            }
            sub
        }
        proj_ffi::PJ_TYPE_BOUND_CRS => state.derive(&pj, proj_ffi::proj_get_source_crs),
        _ => None,
    };
    let shape = horizontal_pj.as_ref().unwrap_or(&pj);
    let (cs_type, axes) = state.axes(shape);
    let kind = match kind_of(shape) {
        // A geodetic CRS of another make (+geoc, a derived geographic one): angles all the same.
        CrsKind::Other if cs_type == proj_ffi::PJ_CS_TYPE_ELLIPSOIDAL || cs_type == proj_ffi::PJ_CS_TYPE_SPHERICAL => {
            CrsKind::Geographic
        }
        kind => kind,
    };
    let unit = axes.first().map(|a| a.unit.clone()).unwrap_or_default();
    let mut unit_factor = axes.first().map_or(1.0, |a| a.factor);
    if kind == CrsKind::Geographic {
        // PROJ gives angular units in radians; RustGIS speaks degrees.
        unit_factor = unit_factor.to_degrees();
    }
    let axis_directions = axes.iter().map(|a| a.direction.clone()).collect();
    let area_of_use = state.area_of_use(&pj).map(|(bbox, name)| AreaOfUse { bbox, name });
    let ellipsoid =
        state.ellipsoid(shape).map(|(a, inv_f, name)| Ellipsoid { name, semi_major: a, inverse_flattening: inv_f });
    let method = if kind == CrsKind::Projected { state.method(shape) } else { None };
    let geographic = match kind {
        CrsKind::Geographic => Some(horizontal.unwrap_or(crs)),
        _ => state.derive(shape, proj_ffi::proj_crs_get_geodetic_crs).and_then(|g| {
            // A geodetic base that is geocentric has no longitude/latitude of its own here.
            (kind_of(&g) == CrsKind::Geographic).then(|| handle_of(state, &g)).flatten()
        }),
    };
    let projection = projection_of(state.proj_string(shape).as_deref().unwrap_or(""), kind);
    if let Some(body) = state.celestial_body(shape)
        && body != "Earth"
        && !body.is_empty()
    {
        return Err(CrsError::Unsupported {
            crs: crs.to_string(),
            reason: format!("it is a CRS of {body}, and RustGIS maps the Earth"),
        });
    }
    Ok(Arc::new(CrsInfo {
        crs,
        name: pj.name(),
        kind,
        unit,
        unit_factor,
        axis_directions,
        area_of_use,
        ellipsoid,
        method,
        geographic,
        horizontal,
        deprecated: state.is_deprecated(&pj),
        projection,
    }))
}

/// The handle of a PROJ object that is a CRS: its EPSG/ESRI code, else a custom definition.
fn handle_of(state: &engine::ThreadState, pj: &engine::Pj) -> Option<Crs> {
    if let Some((auth, code)) = pj.id()
        && let Some(crs) = registry_crs(&auth, &code)
    {
        return Some(crs);
    }
    state.projjson(pj).map(|json| custom(&json))
}

/// The projection's name and centre from a PROJ string.
fn projection_of(proj: &str, kind: CrsKind) -> Projection {
    let mut out = Projection {
        name: if kind == CrsKind::Geographic { "longlat".into() } else { String::new() },
        ..Default::default()
    };
    let mut zone = None;
    let mut south = false;
    let mut pm = 0.0;
    for token in proj.split_whitespace() {
        let token = token.trim_start_matches('+');
        let (key, value) = token.split_once('=').unwrap_or((token, ""));
        let number = value.parse::<f64>().ok();
        match key {
            "proj" if kind != CrsKind::Geographic => out.name = value.to_owned(),
            "lon_0" | "lonc" => out.lon_0 = number.unwrap_or(0.0),
            "lat_0" => out.lat_0 = number.unwrap_or(0.0),
            "zone" => zone = number,
            "south" => south = true,
            "pm" => pm = number.unwrap_or(0.0),
            _ => {}
        }
    }
    if out.name == "utm"
        && let Some(zone) = zone
    {
        out.lon_0 = zone * 6.0 - 183.0;
    }
    let _ = south;
    out.lon_0 += pm;
    out
}

impl Default for Crs {
    fn default() -> Self {
        Crs::WGS84
    }
}

impl fmt::Display for Crs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.authority {
            Authority::Epsg => write!(f, "EPSG:{}", self.code),
            Authority::Esri => write!(f, "ESRI:{}", self.code),
            Authority::Custom => {
                let definition = self.definition();
                if !definition.contains(['{', '[', ' ']) && definition.contains(':') {
                    return f.write_str(&definition);
                }
                match REGISTRY.read().info.get(self) {
                    Some(Ok(info)) => write!(f, "custom CRS \"{}\"", info.name),
                    _ => write!(f, "custom CRS #{}", self.code),
                }
            }
        }
    }
}

impl Serialize for Crs {
    /// A registry code as its text (`"EPSG:4326"`); a custom CRS as its PROJJSON object, so that
    /// a saved project or a result carries the whole definition.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.authority == Authority::Custom {
            let definition = self.definition();
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(&definition)
                && value.is_object()
            {
                return value.serialize(s);
            }
            return s.serialize_str(&definition);
        }
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Crs {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(d)?;
        let text = match value {
            serde_json::Value::String(text) => text,
            serde_json::Value::Number(n) => n.to_string(),
            object @ serde_json::Value::Object(_) => object.to_string(),
            other => return Err(serde::de::Error::custom(format!("a CRS is a code or a definition, not {other}"))),
        };
        Crs::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Moves points from one CRS to another as PROJ does (`proj_create_crs_to_crs`: for each point
/// the best operation whose area holds it), EPSG:4326 ⇄ EPSG:3857 with the exact formulas of
/// [`crate::webmercator`]. Cheap to copy and usable from any thread: each thread builds its own
/// PROJ object for the pair once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    from: Crs,
    to: Crs,
    path: Path,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Path {
    Identity,
    ToMercator,
    FromMercator,
    Proj,
}

impl Transform {
    /// The transformation, or an error naming a CRS PROJ cannot read or RustGIS cannot use.
    pub fn new(from: Crs, to: Crs) -> Result<Transform, CrsError> {
        let path = match (from, to) {
            _ if from == to => Path::Identity,
            (Crs::WGS84, Crs::WEB_MERCATOR) => Path::ToMercator,
            (Crs::WEB_MERCATOR, Crs::WGS84) => Path::FromMercator,
            _ => {
                from.info()?.check_usable()?;
                to.info()?.check_usable()?;
                engine::with(|state| state.transform(from, to).map(|_| ()))
                    .map_err(|reason| CrsError::Unsupported { crs: format!("{from} → {to}"), reason })?;
                Path::Proj
            }
        };
        Ok(Transform { from, to, path })
    }

    /// The source CRS.
    pub fn from(&self) -> Crs {
        self.from
    }

    /// The target CRS.
    pub fn to(&self) -> Crs {
        self.to
    }

    /// Whether points come out as they go in.
    pub fn is_identity(&self) -> bool {
        self.path == Path::Identity
    }

    /// One point, or `None` where it has no image (outside the projection's domain). Latitudes
    /// beyond ±85.0511° are clamped on the way to Web Mercator.
    pub fn apply(&self, x: f64, y: f64) -> Option<(f64, f64)> {
        let out = match self.path {
            Path::Identity => (x, y),
            Path::ToMercator => webmercator::from_lon_lat(x, y),
            Path::FromMercator => webmercator::to_lon_lat(x, y),
            Path::Proj => {
                let (from, to) = (self.from, self.to);
                return engine::with(|state| Ok(engine::trans_point(&*state.transform(from, to)?, x, y)))
                    .ok()
                    .flatten();
            }
        };
        (out.0.is_finite() && out.1.is_finite()).then_some(out)
    }

    /// Many points in place (x and y of the same length); a point with no image becomes NaN.
    /// Returns how many had none.
    pub fn apply_in_place(&self, xs: &mut [f64], ys: &mut [f64]) -> usize {
        let mut failed = 0;
        let mut each = |f: fn(f64, f64) -> (f64, f64)| {
            for (x, y) in xs.iter_mut().zip(ys.iter_mut()) {
                let (a, b) = f(*x, *y);
                if a.is_finite() && b.is_finite() {
                    (*x, *y) = (a, b);
                } else {
                    (*x, *y) = (f64::NAN, f64::NAN);
                    failed += 1;
                }
            }
        };
        match self.path {
            Path::Identity => {}
            Path::ToMercator => each(webmercator::from_lon_lat),
            Path::FromMercator => each(webmercator::to_lon_lat),
            Path::Proj => {
                let (from, to) = (self.from, self.to);
                let done =
                    engine::with(|state| Ok(engine::trans_in_place(&*state.transform(from, to)?, false, xs, ys)));
                match done {
                    Ok(n) => failed = n,
                    Err(_) => {
                        xs.fill(f64::NAN);
                        ys.fill(f64::NAN);
                        failed = xs.len();
                    }
                }
            }
        }
        failed
    }

    /// The operation PROJ used for the point `(x, y)` (for a pair with several candidate
    /// operations, the one whose area holds the point).
    pub fn operation_at(&self, x: f64, y: f64) -> Option<String> {
        if self.path != Path::Proj {
            return None;
        }
        let (from, to) = (self.from, self.to);
        engine::with(|state| {
            let pj = state.transform(from, to)?;
            engine::trans_point(&pj, x, y);
            Ok(engine::last_used(state, &pj).map(|op| op.name))
        })
        .ok()
        .flatten()
    }
}

/// The ground distance in metres of one unit along x at the point `(x, y)` of a map in `crs`
/// (measured on the ellipsoid over a small step): what a scale bar or a scale denominator true at
/// that point needs. `None` where the point has no place on the Earth.
pub fn metres_per_unit_at(crs: Crs, x: f64, y: f64, step: f64) -> Option<f64> {
    let to_lon_lat = Transform::new(crs, Crs::WGS84).ok()?;
    let (lon_a, lat_a) = to_lon_lat.apply(x - step / 2.0, y)?;
    let (lon_b, lat_b) = to_lon_lat.apply(x + step / 2.0, y)?;
    let metres =
        crate::measure::geodesic_distance(geo::Coord { x: lon_a, y: lat_a }, geo::Coord { x: lon_b, y: lat_b });
    (metres.is_finite() && metres > 0.0 && step > 0.0).then_some(metres / step)
}

/// The whole world in a map CRS: exactly for EPSG:4326 and EPSG:3857, else where its valid area
/// reaches ([`Extent::transformed`] of the globe). `None` for a CRS with no place for it.
pub fn world_extent(crs: Crs) -> Option<Extent> {
    match crs {
        Crs::WGS84 => Some(Extent::WORLD),
        Crs::WEB_MERCATOR => {
            let h = webmercator::HALF_WORLD;
            Some(Extent { min_x: -h, min_y: -h, max_x: h, max_y: h })
        }
        _ => Extent::WORLD.transformed(Crs::WGS84, crs),
    }
}

fn kind_of_type(kind: proj_ffi::PJ_TYPE) -> CrsKind {
    match kind {
        proj_ffi::PJ_TYPE_GEOGRAPHIC_2D_CRS
        | proj_ffi::PJ_TYPE_GEOGRAPHIC_3D_CRS
        | proj_ffi::PJ_TYPE_GEOGRAPHIC_CRS => CrsKind::Geographic,
        proj_ffi::PJ_TYPE_PROJECTED_CRS | proj_ffi::PJ_TYPE_DERIVED_PROJECTED_CRS => CrsKind::Projected,
        proj_ffi::PJ_TYPE_GEOCENTRIC_CRS => CrsKind::Geocentric,
        proj_ffi::PJ_TYPE_VERTICAL_CRS => CrsKind::Vertical,
        proj_ffi::PJ_TYPE_ENGINEERING_CRS => CrsKind::Engineering,
        _ => CrsKind::Other,
    }
}

/// The PROJ version built into RustGIS.
pub const PROJ_VERSION: &str = "9.6.2";

/// The PROJ database (`proj.db`) built into RustGIS, as SQLite bytes: for running another PROJ
/// (pyproj, `projinfo`) on exactly the same EPSG registry and transformations.
pub fn database() -> &'static [u8] {
    proj_ffi::proj_db()
}

/// `AUTH:CODE` text of a registry CRS, for [`CStr`]-taking helpers.
#[allow(dead_code)]
fn authority_name(authority: Authority) -> &'static CStr {
    match authority {
        Authority::Epsg => c"EPSG",
        Authority::Esri => c"ESRI",
        Authority::Custom => c"",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utm_32n_is_projected_in_metres_on_grs80() {
        let info = Crs::epsg(25832).info().expect("PROJ knows EPSG:25832");
        assert_eq!(info.name, "ETRS89 / UTM zone 32N");
        assert_eq!(info.kind, CrsKind::Projected);
        assert_eq!(info.unit, "metre");
        assert_eq!(info.geographic, Some(Crs::epsg(4258)));
        assert_eq!(info.projection.name, "utm");
        assert!((info.projection.lon_0 - 9.0).abs() < 1e-9, "{:?}", info.projection);
    }

    #[test]
    fn gda2020_is_geographic_because_its_definition_says_so() {
        assert!(Crs::epsg(7844).is_geographic());
        assert!(Crs::epsg(4490).is_geographic());
        assert!(!Crs::epsg(25832).is_geographic());
    }

    #[test]
    fn a_point_moves_from_wgs84_to_utm_32n_as_proj_moves_it() {
        let t = Transform::new(Crs::WGS84, Crs::epsg(32632)).expect("pair");
        let (x, y) = t.apply(9.0, 52.0).expect("inside");
        assert!((x - 500_000.0).abs() < 1e-6, "{x}");
        assert!((y - 5_761_038.2).abs() < 1.0, "{y}");
    }

    #[test]
    fn an_unknown_code_is_an_error_naming_it() {
        let e = Crs::parse("EPSG:99999").expect_err("no such code");
        assert!(e.to_string().contains("EPSG:99999"), "{e}");
    }
}
