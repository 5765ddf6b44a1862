//! The project: ordered layers, the map view and a name.

pub mod file;
pub(crate) mod groups;
pub(crate) mod revision;
mod same;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};
use crate::furniture::Furniture;
use crate::layer::{Crs, Extent, Layer, LayerId};
use crate::postgis;
use crate::style::Color;

/// What the map shows: its CRS, extent and background.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapView {
    /// The CRS the map is drawn in.
    pub crs: Crs,
    /// The extent shown, in `crs` coordinates; `None` for the extent of all layers.
    pub extent: Option<Extent>,
    /// The background colour.
    pub background: Color,
    /// Title, credits, north arrow, graticule, scale bar, legend placement, neat line, margins.
    #[serde(default, skip_serializing_if = "Furniture::is_empty")]
    pub furniture: Furniture,
    /// Whether someone chose the CRS (`map.setCrs`, a project file naming it): data opened later
    /// never changes it. A new project's CRS is still open: the first layer opened in a projected
    /// CRS sets it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crs_set: bool,
}

impl Default for MapView {
    fn default() -> Self {
        MapView {
            crs: Crs::WGS84,
            extent: None,
            background: Color::rgb(255, 255, 255),
            furniture: Furniture::default(),
            crs_set: false,
        }
    }
}

impl MapView {
    /// Whether the view shows the whole world or has no extent yet: what a new project and the
    /// World Atlas sample start with. Opening data on such a view zooms to the data.
    pub fn shows_whole_world(&self) -> bool {
        let Some(extent) = self.extent else { return true };
        extent.transformed(self.crs, Crs::WGS84).is_none_or(|e| e.width() >= 359.0 && e.height() >= 170.0)
    }

    /// The view's extent, or the extent of the visible layers, in the view's CRS.
    pub fn extent_of(&self, project: &Project) -> Option<Extent> {
        self.extent.or_else(|| project.extent_in(self.crs))
    }
}

/// A map CRS chosen for a new project from geographic data, and why (said in a notice).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct ViewCrsChoice {
    /// The CRS the map is drawn in.
    pub crs: Crs,
    /// What it is and why it was chosen, for the notice ("WGS 84 / UTM zone 32N, true at the
    /// data's centre (52.00°N 8.50°E)").
    pub why: String,
}

/// Below this cosine of the centre's latitude, longitude/latitude drawn square is visibly too
/// wide (cos 8.1° = 0.99: shapes 1 % too wide). Nearer the equator, longitude/latitude is already
/// true at the data's centre and the map keeps it.
const SQUARE_DEGREES_TRUE_ENOUGH: f64 = 0.99;

/// The projection a map of geographic data (`lon_lat`: the data's extent in degrees, its CRS
/// `data_crs`) is drawn in, so that shapes come out true at the data's centre: 60 × 80 m parcels
/// at 52°N drawn 60 × 80, not 1.64 times too wide as square degrees would draw them.
///
/// - Local data (at most 6° of longitude, a UTM zone's width) gets the UTM zone of its centre, on
///   the data's datum where EPSG has that zone (ETRS89, NAD83, GDA94, GDA2020) and WGS 84's
///   otherwise: a registry code people know, with metres and a true scale.
/// - Regional data (up to 120° × 80°) gets a Lambert azimuthal equal-area projection centred on
///   it (as EPSG:3035 is for Europe): true at the centre, equal-area throughout.
/// - A world view, data near the equator (where longitude/latitude is true to 1 %), and data
///   beyond 84° of latitude keep longitude/latitude: `None`.
pub(crate) fn view_crs_for(data_crs: Crs, lon_lat: &Extent) -> Option<ViewCrsChoice> {
    let (lon_span, lat_span) = (lon_lat.width(), lon_lat.height());
    if !(lon_span.is_finite() && lat_span.is_finite()) || lon_span > 120.0 || lat_span > 80.0 {
        return None;
    }
    let lon = (lon_lat.min_x + lon_lat.max_x) / 2.0;
    let lat = (lon_lat.min_y + lon_lat.max_y) / 2.0;
    let near_equator = lon_lat.min_y.abs().max(lon_lat.max_y.abs()).to_radians().cos() >= SQUARE_DEGREES_TRUE_ENOUGH;
    if near_equator || !(-84.0..=84.0).contains(&lat) {
        return None;
    }
    let at = format!(
        "{:.2}°{} {:.2}°{}",
        lat.abs(),
        if lat >= 0.0 { "N" } else { "S" },
        lon.abs(),
        if lon >= 0.0 { "E" } else { "W" }
    );
    if lon_span <= 6.0 && lon_lat.min_y >= -80.0 && lon_lat.max_y <= 84.0 {
        let zone = (((lon + 180.0) / 6.0).floor() as i64).clamp(0, 59) as u32 + 1;
        let crs = utm_zone(data_crs, zone, lat >= 0.0);
        let name = crs.info().ok().map_or_else(|| crs.to_string(), |info| info.name.clone());
        return Some(ViewCrsChoice {
            crs,
            why: format!("{name}, the UTM zone of the data's centre ({at}), true there"),
        });
    }
    let definition =
        format!("+proj=laea +lat_0={lat:.2} +lon_0={lon:.2} +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs +type=crs");
    let crs = Crs::parse(&definition).ok()?;
    // As PROJ writes it back, so that the PROJ string the notice shows sets this same CRS again.
    let crs = crs.to_proj_string().and_then(|text| Crs::parse(&text).ok()).unwrap_or(crs);
    Some(ViewCrsChoice {
        crs,
        why: format!(
            "Lambert azimuthal equal-area centred on the data ({at}), true at its centre and equal-area throughout"
        ),
    })
}

/// The UTM zone's CRS on the datum of `data_crs` where the EPSG registry has it, else WGS 84's.
fn utm_zone(data_crs: Crs, zone: u32, north: bool) -> Crs {
    let code = match (data_crs.epsg_code(), north) {
        (Some(4258), true) if (28..=38).contains(&zone) => 25800 + zone, // ETRS89 / UTM
        (Some(4269), true) if (1..=23).contains(&zone) => 26900 + zone,  // NAD83 / UTM
        (Some(4283), false) if (48..=58).contains(&zone) => 28300 + zone, // GDA94 / MGA
        (Some(7844), false) if (46..=59).contains(&zone) => 7800 + zone, // GDA2020 / MGA
        (_, true) => 32600 + zone,
        (_, false) => 32700 + zone,
    };
    Crs::epsg(code)
}

/// The extent that frames `extent` (in `crs`) with a 5 % margin on every side; a single point
/// shows about 100 m around it.
pub fn framing(extent: &Extent, crs: Crs) -> Extent {
    let if_flat = if crs.is_geographic() { 50.0 / 111_320.0 } else { 50.0 };
    extent.with_margin(0.05, if_flat)
}

/// Reads a bounding box given as `[min_x, min_y, max_x, max_y]` in `given` (default EPSG:4326,
/// longitude/latitude) and moves it to `map_crs`. `param` names the parameter in errors. A box
/// whose numbers cannot be degrees, given with no CRS, is refused rather than read as metres.
pub fn read_bbox(param: &str, bbox: [f64; 4], given: Option<&str>, map_crs: Crs) -> Result<Extent> {
    let e = Extent::from_bbox(bbox).ok_or_else(|| {
        Error::invalid(
            param,
            format!(
                "{bbox:?} is not a box: give [min_x, min_y, max_x, max_y] of finite numbers with min < max on both axes"
            ),
        )
    })?;
    let from = match given {
        Some(text) => Crs::parse(text).map_err(|e| Error::invalid("crs", e))?,
        None => {
            let degrees = e.min_x >= -180.0 && e.max_x <= 180.0 && e.min_y >= -90.0 && e.max_y <= 90.0;
            if !degrees {
                return Err(Error::invalid(
                    param,
                    format!(
                        "{param} {:?} is read as longitude/latitude (EPSG:4326) unless \"crs\" says otherwise, and \
                         these numbers are not degrees; for metres on a Web Mercator map add \"crs\": \"EPSG:3857\"",
                        bbox
                    ),
                ));
            }
            Crs::WGS84
        }
    };
    e.transformed(from, map_crs).ok_or_else(|| {
        let (name, area) = match map_crs.info() {
            Ok(info) => (
                format!(" ({})", info.name),
                info.area_of_use.as_ref().map(|a| format!(" ({}: {:?})", a.name, a.bbox)).unwrap_or_default(),
            ),
            Err(_) => (String::new(), String::new()),
        };
        Error::invalid(
            param,
            format!(
                "{param} {bbox:?} in {from} cannot be moved to the map's {map_crs}{name}: it lies outside where \
                 that CRS can be used{area}; give a box there, or map.setCrs {{\"crs\": \"EPSG:4326\"}} (or \
                 \"EPSG:3857\") for a map that reaches it"
            ),
        )
    })
}

/// A project: layers drawn bottom to top, a view and a name.
///
/// Cloning is cheap: layers share their features, fields and selections through `Arc`, which is
/// what lets every undo step keep a whole project.
#[derive(Debug, Clone, Default)]
pub struct Project {
    /// The project name.
    pub name: String,
    /// Layers, first drawn first (bottom).
    pub layers: Vec<Layer>,
    /// The map view.
    pub view: MapView,
    /// Models (`model.save`), sorted by name.
    pub models: Vec<crate::model::Model>,
    /// Print layouts, in the order they were made.
    pub layouts: Vec<crate::print_layout::PrintLayout>,
    /// The layer groups' own switches, outer groups first (`project/groups.rs`): one per group
    /// a layer is in.
    pub groups: Vec<groups::LayerGroup>,
}

impl Project {
    /// An empty project with this name.
    pub fn new(name: impl Into<String>) -> Project {
        Project {
            name: name.into(),
            layers: Vec::new(),
            view: MapView::default(),
            models: Vec::new(),
            layouts: Vec::new(),
            groups: Vec::new(),
        }
    }

    /// Gives `database` to the PostGIS layers that read through none (opened from a file, or
    /// there before the session had one); the others keep theirs.
    pub fn attach_database(&mut self, database: &crate::postgis::Database) {
        if !database.is_attached() {
            return;
        }
        for layer in &mut self.layers {
            if let crate::layer::LayerSource::Postgis(source) = &mut layer.source
                && !source.database.is_attached()
            {
                std::sync::Arc::make_mut(source).database = database.clone();
            }
        }
    }

    /// The layer names, bottom to top.
    pub fn layer_names(&self) -> Vec<String> {
        self.layers.iter().map(|l| l.name.clone()).collect()
    }

    /// The layer with this name.
    pub fn layer(&self, name: &str) -> Option<&Layer> {
        self.layers.iter().find(|l| l.name == name)
    }

    /// The layer with this id.
    pub fn layer_by_id(&self, id: LayerId) -> Option<&Layer> {
        self.layers.iter().find(|l| l.id == id)
    }

    /// The position of the layer with this name, or an error listing the layers.
    pub fn require_index(&self, name: &str) -> Result<usize> {
        self.layers
            .iter()
            .position(|l| l.name == name)
            .ok_or_else(|| Error::UnknownLayer { name: name.to_owned(), accepted: self.layer_names() })
    }

    /// The layer with this name, or an error listing the layers.
    pub fn require(&self, name: &str) -> Result<&Layer> {
        let idx = self.require_index(name)?;
        Ok(&self.layers[idx])
    }

    /// `base`, or `base 2`, `base 3`… the first name no layer has.
    pub fn unique_name(&self, base: &str) -> String {
        if self.layer(base).is_none() {
            return base.to_owned();
        }
        (2..).map(|n| format!("{base} {n}")).find(|name| self.layer(name).is_none()).unwrap_or_else(|| base.to_owned())
    }

    /// The extent of all layers drawn (visible, in shown groups) in `crs` (each layer's extent
    /// moved there).
    pub fn extent_in(&self, crs: Crs) -> Option<Extent> {
        self.shown_layers().filter_map(|l| l.extent_in(crs)).reduce(|a, b| a.union(&b))
    }

    /// The extent of all visible layers in their own coordinates (layers are assumed to share the
    /// view's CRS; the renderer reprojects when they do not).
    pub fn full_extent(&self) -> Option<Extent> {
        self.shown_layers().filter_map(Layer::extent).reduce(|a, b| a.union(&b))
    }
}

/// Why a map drawn over `shown` (in `crs`, `width_px` pixels wide) came out one colour: no
/// layers, hidden layers, layers that cannot be drawn in `crs`, a view that misses them, or
/// layers smaller than a pixel there. Each reason is found in the project, not guessed, and
/// says what would show something.
pub fn blank_reason(project: &Project, shown: &Extent, crs: Crs, width_px: u32) -> String {
    if project.layers.is_empty() {
        return "the project has no layers: add one with layer.open, layer.addGeoJSON or layer.addSample".to_owned();
    }
    let visible: Vec<&Layer> = project.shown_layers().collect();
    if visible.is_empty() {
        let hidden_groups: Vec<String> = project
            .groups
            .iter()
            .filter(|g| {
                !g.visible
                    && project
                        .layers
                        .iter()
                        .any(|l| l.visible && l.group.as_deref().is_some_and(|p| groups::in_group(p, &g.path)))
            })
            .map(|g| format!("'{}'", g.path))
            .collect();
        if !hidden_groups.is_empty() {
            return format!(
                "every layer is hidden, itself or by its group (hidden groups: {}): show a group with \
                 layer.setGroupVisible {{\"group\": …, \"visible\": true}}",
                hidden_groups.join(", ")
            );
        }
        return format!(
            "every layer is hidden ({}): show one with layer.setVisible {{\"layer\": …, \"visible\": true}}",
            project.layer_names().join(", ")
        );
    }
    let with_geometry: Vec<&Layer> = visible.iter().copied().filter(|l| l.extent().is_some()).collect();
    if with_geometry.is_empty() {
        return "the visible layers have no geometries to draw".to_owned();
    }
    let mut missed = Vec::new();
    let mut unmovable = Vec::new();
    let mut faint = Vec::new();
    let mut tiny = Vec::new();
    let px_per_unit = f64::from(width_px) / shown.width().max(f64::MIN_POSITIVE);
    for layer in &with_geometry {
        let Some(extent) = layer.extent_in(crs) else {
            unmovable.push(format!("{} is in {}", layer.name, layer.crs));
            continue;
        };
        if !extent.intersects(shown) {
            missed.push((layer.name.clone(), extent));
            continue;
        }
        let draws_nothing = layer
            .style
            .symbols()
            .iter()
            .all(|s| s.opacity <= 0.0 || (s.fill.is_none() && (s.stroke.is_none() || s.width <= 0.0)));
        if draws_nothing {
            faint.push(layer.name.clone());
        } else if extent.width().max(extent.height()) * px_per_unit < 1.0 {
            tiny.push(layer.name.clone());
        }
    }
    let round = |e: &Extent| e.to_array().map(|v| (v * 1e6).round() / 1e6);
    let mut reasons = Vec::new();
    if !unmovable.is_empty() {
        reasons.push(format!(
            "{} cannot be drawn on an {crs} map (give the layer a known EPSG code)",
            unmovable.join(", ")
        ));
    }
    if !faint.is_empty() {
        reasons.push(format!(
            "{} draws with opacity 0 or with neither fill nor outline (style.single sets them)",
            faint.join(", ")
        ));
    }
    if !tiny.is_empty() {
        reasons.push(format!(
            "{} is smaller than a pixel in this view: zoom in with map.zoomTo {{\"layer\": \"{}\"}}",
            tiny.join(", "),
            tiny[0]
        ));
    }
    if !missed.is_empty() && reasons.is_empty() {
        let (name, extent) = &missed[0];
        reasons.push(format!(
            "the view {:?} ({crs}) shows none of the visible layers: {name} lies at {:?}; zoom to it with \
             map.zoomTo {{\"layer\": \"{name}\"}}",
            round(shown),
            round(extent)
        ));
    }
    if reasons.is_empty() {
        reasons.push("the visible layers meet the view but every pixel came out the background colour".to_owned());
    }
    reasons.join("; ")
}

impl crate::expr::LayerLookup for Project {
    fn layer_named(&self, name: &str) -> Option<&Layer> {
        self.layer(name)
    }

    fn layer_names(&self) -> Vec<String> {
        self.layers.iter().map(|layer| layer.name.clone()).collect()
    }
}

/// A project ready to draw `extent` (in `crs`): every visible PostGIS layer holds the features
/// whose box meets the view, read with one bbox query each. `None` when the project has no
/// visible PostGIS layer (draw it as it is).
pub fn project_for_view(project: &Project, extent: &Extent, crs: Crs) -> Result<Option<Project>> {
    let live: Vec<LayerId> = project.shown_layers().filter(|l| l.postgis().is_some()).map(|l| l.id).collect();
    if live.is_empty() {
        return Ok(None);
    }
    let max = postgis::MAX_DRAWN_FEATURES;
    let mut out = project.clone();
    for layer in out.layers.iter_mut().filter(|l| live.contains(&l.id)) {
        let Some(source) = layer.postgis().cloned() else { continue };
        let Some(bbox) = extent.transformed(crs, layer.crs) else { continue };
        let select = postgis::Select { bbox: Some(bbox), ..postgis::Select::default() };
        let query = source.select_sql(&layer.fields, &select, crate::expr::SqlParams::new());
        let mut features = Vec::new();
        for item in source.features(&query, layer.fields.len())? {
            features.push(item?.0);
            if features.len() > max {
                return Err(Error::Limit {
                    limit: "postgis::MAX_DRAWN_FEATURES",
                    message: format!(
                        "more than {max} features of the PostGIS layer '{}' are in view; zoom in, or draw \
                         a filtered copy (vector.filter)",
                        layer.name
                    ),
                });
            }
        }
        layer.features = Arc::new(features);
    }
    Ok(Some(out))
}
