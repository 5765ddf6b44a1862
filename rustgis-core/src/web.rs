//! Web layers as data: XYZ/TMS tile services and WMS, the built-in basemaps, the tile
//! arithmetic of Web Mercator, and [`WebFetch`], the hook a host installs to fetch their bytes.
//!
//! Core opens no sockets: a layer here is a URL template and its settings (saved in the `.rgis`),
//! and drawing it asks the host's fetcher (in `rustgis-relay`, behind its network guard) for the
//! tiles' bytes. A host with no fetcher draws the layer as a gap and says so.

use std::sync::Arc;
use std::time::Instant;

use serde::{Deserialize, Serialize};

pub use crate::error::WebError;

impl WebError {
    fn invalid(param: &'static str, message: impl Into<String>) -> WebError {
        WebError::Invalid { param, message: message.into() }
    }
}

/// `Result` with [`WebError`].
type Result<T> = std::result::Result<T, WebError>;

/// The most tiles one view of one web layer fetches; a view that would need more uses a lower zoom.
pub const MAX_TILES_PER_VIEW: usize = 256;

/// The highest zoom of an OpenStreetMap basemap that a tile pyramid (`rustgis-cli tiles`) may
/// draw: the OSM tile usage policy forbids bulk downloading, and a pyramid deeper than this
/// would fetch thousands of tiles.
pub const OSM_BULK_MAX_ZOOM: u8 = 4;

/// Where a web layer's images come from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "service", rename_all = "lowercase")]
#[non_exhaustive]
pub enum WebSource {
    /// XYZ (or TMS) tiles in Web Mercator.
    Xyz(XyzSource),
    /// A WMS server's GetMap, one image per view.
    Wms(WmsSource),
}

impl WebSource {
    /// The credit the map must show, if any.
    pub fn attribution(&self) -> Option<&str> {
        match self {
            WebSource::Xyz(xyz) => xyz.attribution.as_deref(),
            WebSource::Wms(wms) => wms.attribution.as_deref(),
        }
    }

    /// The URL (template) the layer was made from.
    pub fn url(&self) -> &str {
        match self {
            WebSource::Xyz(xyz) => &xyz.url,
            WebSource::Wms(wms) => &wms.url,
        }
    }

    /// The highest zoom a tile pyramid may draw this layer at, when its provider forbids bulk
    /// downloading: the built-in basemaps, and any layer of tile.openstreetmap.org.
    pub fn bulk_max_zoom(&self) -> Option<u8> {
        if let Some(basemap) = self.basemap() {
            return Some(basemap.bulk_max_zoom);
        }
        let host = self.url().split("://").nth(1)?.split(['/', ':', '?']).next()?.to_ascii_lowercase();
        (host == "openstreetmap.org" || host.ends_with(".openstreetmap.org")).then_some(OSM_BULK_MAX_ZOOM)
    }

    /// The built-in basemap this layer is, if it is one.
    pub fn basemap(&self) -> Option<&'static Basemap> {
        match self {
            WebSource::Xyz(xyz) => xyz.basemap.as_deref().and_then(Basemap::find),
            WebSource::Wms(_) => None,
        }
    }
}

/// An XYZ tile service: `https://tile.example.org/{z}/{x}/{y}.png`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct XyzSource {
    /// The URL template: `{z}`, `{x}`, `{y}` (or `{-y}` for TMS rows), `{s}` (a subdomain),
    /// `{r}` (`@2x` on high-dpi maps, else nothing).
    pub url: String,
    /// The subdomains `{s}` takes, spread over the tiles (default `a`, `b`, `c`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub subdomains: Vec<String>,
    /// Whether rows count from the south (TMS) rather than the north (XYZ).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tms: bool,
    /// The tiles' size in map pixels (256; 512 for tiles drawn for high-dpi screens).
    #[serde(default = "default_tile_size")]
    pub tile_size: u32,
    /// The lowest zoom the service has.
    #[serde(default)]
    pub min_zoom: u8,
    /// The highest zoom the service has; closer views enlarge its tiles.
    #[serde(default = "default_max_zoom")]
    pub max_zoom: u8,
    /// The credit the map shows in its corner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attribution: Option<String>,
    /// The built-in basemap it was made from (`layer.addBasemap`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub basemap: Option<String>,
}

fn default_tile_size() -> u32 {
    256
}

fn default_max_zoom() -> u8 {
    19
}

impl XyzSource {
    /// A source with the defaults (256-pixel tiles, zoom 0 to 19, no credit), checking the template.
    pub fn new(url: &str) -> Result<XyzSource> {
        let source = XyzSource {
            url: url.trim().to_owned(),
            subdomains: Vec::new(),
            tms: false,
            tile_size: 256,
            min_zoom: 0,
            max_zoom: 19,
            attribution: None,
            basemap: None,
        };
        source.check()?;
        Ok(source)
    }

    /// Checks the template and the settings, naming what would be accepted.
    pub fn check(&self) -> Result<()> {
        check_http_url(&self.url)?;
        for part in ["{z}", "{x}"] {
            if !self.url.contains(part) {
                return Err(WebError::invalid(
                    "url",
                    format!(
                        "the tile URL template {} has no {part}; write it as https://host/{{z}}/{{x}}/{{y}}.png \
                         ({{-y}} for TMS rows, {{s}} for subdomains, {{r}} for @2x)",
                        self.url
                    ),
                ));
            }
        }
        if !self.url.contains("{y}") && !self.url.contains("{-y}") {
            return Err(WebError::invalid("url", format!("the tile URL template {} has no {{y}} or {{-y}}", self.url)));
        }
        if !(64..=1024).contains(&self.tile_size) {
            return Err(WebError::invalid(
                "tile_size",
                format!("tile size {} is not between 64 and 1024 pixels; use 256 (or 512)", self.tile_size),
            ));
        }
        if self.max_zoom > 24 || self.min_zoom > self.max_zoom {
            return Err(WebError::invalid(
                "max_zoom",
                format!(
                    "zoom range {}..{} is not a range within 0..24; give min_zoom ≤ max_zoom ≤ 24",
                    self.min_zoom, self.max_zoom
                ),
            ));
        }
        if self.url.contains("{s}") && self.subdomains.iter().any(|s| s.is_empty() || s.contains(['/', '@', ':'])) {
            return Err(WebError::invalid("subdomains", "a subdomain is empty or holds '/', '@' or ':'"));
        }
        Ok(())
    }

    /// The URL of one tile (`tile` in XYZ numbering, rows from the north); `retina` fills `{r}`.
    pub fn tile_url(&self, tile: Tile, retina: bool) -> String {
        let rows = 1u64 << tile.z;
        let tms_y = rows - 1 - u64::from(tile.y);
        let y = if self.tms { tms_y } else { u64::from(tile.y) };
        let default_subdomains = ["a", "b", "c"];
        let subdomain = if self.subdomains.is_empty() {
            default_subdomains[(tile.x as usize + tile.y as usize) % 3].to_owned()
        } else {
            self.subdomains[(tile.x as usize + tile.y as usize) % self.subdomains.len()].clone()
        };
        self.url
            .replace("{z}", &tile.z.to_string())
            .replace("{x}", &tile.x.to_string())
            .replace("{-y}", &tms_y.to_string())
            .replace("{y}", &y.to_string())
            .replace("{s}", &subdomain)
            .replace("{r}", if retina { "@2x" } else { "" })
    }
}

/// A WMS layer: GetMap requests for each view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WmsSource {
    /// The service's base URL (GetMap parameters are added to it).
    pub url: String,
    /// The WMS layer names, comma-separated as in `LAYERS`.
    pub layers: String,
    /// The styles, comma-separated as in `STYLES` (empty for the defaults).
    #[serde(default)]
    pub styles: String,
    /// The image format (`image/png`).
    #[serde(default = "default_wms_format")]
    pub format: String,
    /// The CRS asked for (`EPSG:3857` or `EPSG:4326`).
    #[serde(default = "default_wms_crs")]
    pub crs: String,
    /// `1.3.0` (axis order of the CRS: lat/lon for EPSG:4326) or `1.1.1` (always x/y).
    #[serde(default = "default_wms_version")]
    pub version: String,
    /// The credit the map shows in its corner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attribution: Option<String>,
}

fn default_wms_format() -> String {
    "image/png".to_owned()
}

fn default_wms_crs() -> String {
    "EPSG:3857".to_owned()
}

fn default_wms_version() -> String {
    "1.3.0".to_owned()
}

/// One XYZ tile, rows from the north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tile {
    /// Zoom.
    pub z: u8,
    /// Column, from the west.
    pub x: u32,
    /// Row, from the north.
    pub y: u32,
}

/// Half the width of the Web Mercator world, in metres.
pub const MERCATOR_HALF_WORLD: f64 = 20_037_508.342_789_244;

impl Tile {
    /// The tile's extent in EPSG:3857 metres: `[min_x, min_y, max_x, max_y]`.
    pub fn bounds(self) -> [f64; 4] {
        let size = 2.0 * MERCATOR_HALF_WORLD / f64::from(1u32 << self.z);
        let min_x = -MERCATOR_HALF_WORLD + f64::from(self.x) * size;
        let max_y = MERCATOR_HALF_WORLD - f64::from(self.y) * size;
        [min_x, max_y - size, min_x + size, max_y]
    }
}

/// The zoom whose tiles (of `tile_size` pixels) are closest to `metres_per_pixel` on the map,
/// rounded towards the sharper zoom, within `min..=max`.
pub fn zoom_for(metres_per_pixel: f64, tile_size: u32, min: u8, max: u8) -> u8 {
    if !(metres_per_pixel.is_finite() && metres_per_pixel > 0.0) {
        return min;
    }
    let world_pixels = 2.0 * MERCATOR_HALF_WORLD / metres_per_pixel;
    let zoom = (world_pixels / f64::from(tile_size.max(1))).log2();
    // A little under half a zoom sharper: tiles enlarged by up to 1.4× read better than halved.
    let zoom = (zoom + 0.4).floor().clamp(0.0, 24.0) as u8;
    zoom.clamp(min, max)
}

/// The tiles that cover `bounds` (EPSG:3857 metres) at zoom `z`, clipped to the world.
pub fn tiles_covering(bounds: [f64; 4], z: u8) -> Vec<Tile> {
    let n = 1u32 << z;
    let size = 2.0 * MERCATOR_HALF_WORLD / f64::from(n);
    let col = |x: f64| (((x + MERCATOR_HALF_WORLD) / size).floor().clamp(0.0, f64::from(n - 1))) as u32;
    let row = |y: f64| (((MERCATOR_HALF_WORLD - y) / size).floor().clamp(0.0, f64::from(n - 1))) as u32;
    let [min_x, min_y, max_x, max_y] = bounds;
    if !(min_x < max_x && min_y < max_y)
        || max_x <= -MERCATOR_HALF_WORLD
        || min_x >= MERCATOR_HALF_WORLD
        || max_y <= -MERCATOR_HALF_WORLD
        || min_y >= MERCATOR_HALF_WORLD
    {
        return Vec::new();
    }
    // A box that ends exactly on a tile's edge does not reach into the next tile.
    let last_col = |x: f64| {
        let c = ((x + MERCATOR_HALF_WORLD) / size).ceil() - 1.0;
        c.clamp(0.0, f64::from(n - 1)) as u32
    };
    let last_row = |y: f64| {
        let r = ((MERCATOR_HALF_WORLD - y) / size).ceil() - 1.0;
        r.clamp(0.0, f64::from(n - 1)) as u32
    };
    let (x0, x1, y0, y1) = (col(min_x), last_col(max_x).max(col(min_x)), row(max_y), last_row(min_y).max(row(max_y)));
    let mut tiles = Vec::with_capacity(((x1 - x0 + 1) * (y1 - y0 + 1)) as usize);
    for y in y0..=y1 {
        for x in x0..=x1 {
            tiles.push(Tile { z, x, y });
        }
    }
    tiles
}

/// A built-in basemap: a tile service whose host RustGIS vetted, which `layer.addBasemap` adds
/// without network access (seed 000: an agent without `--yes` can still use basemaps).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Basemap {
    /// The name `layer.addBasemap` takes.
    pub name: &'static str,
    /// What it shows.
    pub description: &'static str,
    /// The tile URL template.
    pub url: &'static str,
    /// The subdomains of `{s}`.
    pub subdomains: &'static [&'static str],
    /// The highest zoom the service has.
    pub max_zoom: u8,
    /// The credit drawn on every map that shows it.
    pub attribution: &'static str,
    /// The highest zoom a tile pyramid may draw it at (bulk downloading is against its terms).
    pub bulk_max_zoom: u8,
}

/// The built-in basemaps.
pub const BASEMAPS: &[Basemap] = &[
    Basemap {
        name: "osm",
        description: "OpenStreetMap's standard map (tile.openstreetmap.org; its tile usage policy applies: \
                      no bulk downloading, attribution always shown)",
        url: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
        subdomains: &[],
        max_zoom: 19,
        attribution: "© OpenStreetMap contributors",
        bulk_max_zoom: OSM_BULK_MAX_ZOOM,
    },
    Basemap {
        name: "opentopomap",
        description: "OpenTopoMap: topography with contours and hill shading, from OpenStreetMap and SRTM data",
        url: "https://{s}.tile.opentopomap.org/{z}/{x}/{y}.png",
        subdomains: &["a", "b", "c"],
        max_zoom: 17,
        attribution: "© OpenStreetMap contributors, SRTM | style © OpenTopoMap (CC-BY-SA)",
        bulk_max_zoom: OSM_BULK_MAX_ZOOM,
    },
    Basemap {
        name: "carto-light",
        description: "CARTO Positron: a light grey map for data on top (OpenStreetMap data)",
        url: "https://{s}.basemaps.cartocdn.com/light_all/{z}/{x}/{y}{r}.png",
        subdomains: &["a", "b", "c", "d"],
        max_zoom: 20,
        attribution: "© OpenStreetMap contributors © CARTO",
        bulk_max_zoom: OSM_BULK_MAX_ZOOM,
    },
    Basemap {
        name: "carto-dark",
        description: "CARTO Dark Matter: a dark map for bright data on top (OpenStreetMap data)",
        url: "https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}{r}.png",
        subdomains: &["a", "b", "c", "d"],
        max_zoom: 20,
        attribution: "© OpenStreetMap contributors © CARTO",
        bulk_max_zoom: OSM_BULK_MAX_ZOOM,
    },
];

impl Basemap {
    /// The built-in basemap of that name (case-insensitive; `openstreetmap` is `osm`).
    pub fn find(name: &str) -> Option<&'static Basemap> {
        let name = name.trim().to_ascii_lowercase();
        let name = if name == "openstreetmap" { "osm".to_owned() } else { name };
        BASEMAPS.iter().find(|b| b.name == name)
    }

    /// The names, for messages.
    pub fn names() -> String {
        BASEMAPS.iter().map(|b| b.name).collect::<Vec<_>>().join(", ")
    }

    /// Its tile source.
    pub fn source(&self) -> XyzSource {
        XyzSource {
            url: self.url.to_owned(),
            subdomains: self.subdomains.iter().map(|s| (*s).to_owned()).collect(),
            tms: false,
            tile_size: 256,
            min_zoom: 0,
            max_zoom: self.max_zoom,
            attribution: Some(self.attribution.to_owned()),
            basemap: Some(self.name.to_owned()),
        }
    }
}

/// What a fetch of one URL gave.
pub type FetchResult = std::result::Result<Vec<u8>, String>;

/// Fetches web layers' bytes: implemented by `rustgis-relay`'s HTTP client (behind its network
/// guard) and installed by each host in its renderer. Core never opens a socket itself.
pub trait WebFetch: Send + Sync + std::fmt::Debug {
    /// The bodies of `urls`, one result per URL in order, all by `deadline` (a URL not fetched by
    /// then is an error). A failure is a result, never a panic: the map is drawn without it.
    fn fetch(&self, urls: &[String], deadline: Instant) -> Vec<FetchResult>;

    /// Whether the guard lets `url`'s host through (its name resolved, each address checked):
    /// `Err` when the host is not public and neither `network.allow` nor a person's yes
    /// ([`WebFetch::allow_host`]) names it. A host that cannot be looked up now passes (its fetches
    /// say why later). A fetcher without a guard keeps this default, which lets every host through.
    fn check_host(&self, _url: &str) -> std::result::Result<(), HostRefused> {
        Ok(())
    }

    /// Lets `host_port` through the guard for as long as this fetcher lives, on a person's yes
    /// (not written to the settings). `false` when this fetcher cannot.
    fn allow_host(&self, _host_port: &str) -> bool {
        false
    }

    /// The hosts a person's yes let through ([`WebFetch::allow_host`]), so a host that makes a new
    /// fetcher (after the settings change) keeps them.
    fn hosts_allowed_by_yes(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A web layer's host the fetcher's guard refuses, which `network.allow` or a person's yes
/// would let through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostRefused {
    /// `host:port`, as `network.allow` names it.
    pub host_port: String,
    /// Why, in a few words, as a question to a person puts it: the address and its class
    /// (`127.0.0.1 is a loopback address (this computer)`).
    pub reason: String,
    /// The guard's refusal: the URL, the address and its class, and how to allow it.
    pub message: String,
}

/// A shared [`WebFetch`]: what a host hands to its renderer. Two are equal when they are the
/// same fetcher.
#[derive(Clone)]
pub struct WebFetcher(pub Arc<dyn WebFetch>);

impl std::fmt::Debug for WebFetcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl PartialEq for WebFetcher {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl std::ops::Deref for WebFetcher {
    type Target = dyn WebFetch;

    fn deref(&self) -> &Self::Target {
        self.0.as_ref()
    }
}

/// Checks that `url` is an http(s) URL with a host and no credentials: what a web layer may be
/// made from. (The network guard checks it again, with the addresses, at every fetch.)
pub fn check_http_url(url: &str) -> Result<()> {
    let lower = url.to_ascii_lowercase();
    let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://")).ok_or_else(|| {
        WebError::invalid("url", format!("{url} is not an http:// or https:// URL; web layers take only those"))
    })?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    if authority.contains('@') {
        return Err(WebError::invalid(
            "url",
            format!("{url} holds credentials (user:password@); RustGIS never sends credentials in URLs"),
        ));
    }
    if authority.is_empty() || authority.contains(char::is_whitespace) {
        return Err(WebError::invalid("url", format!("{url} names no host")));
    }
    Ok(())
}

/// A schema for `layer.addBasemap`'s `name`: one of [`BASEMAPS`].
pub fn basemap_names_schema(_generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
    let names: Vec<&str> = BASEMAPS.iter().map(|b| b.name).collect();
    schemars::json_schema!({ "type": "string", "enum": names })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_url_fills_zoom_column_row_subdomain_and_tms_rows() {
        let mut source = XyzSource::new("https://{s}.t.example/{z}/{x}/{y}{r}.png").expect("a template");
        source.subdomains = vec!["a".into(), "b".into()];
        assert_eq!(source.tile_url(Tile { z: 3, x: 1, y: 2 }, false), "https://b.t.example/3/1/2.png");
        assert_eq!(source.tile_url(Tile { z: 3, x: 1, y: 2 }, true), "https://b.t.example/3/1/2@2x.png");
        source.tms = true;
        assert_eq!(source.tile_url(Tile { z: 3, x: 1, y: 2 }, false), "https://b.t.example/3/1/5.png");
    }

    #[test]
    fn the_zoom_follows_the_scale_of_the_view() {
        let world = 2.0 * MERCATOR_HALF_WORLD;
        assert_eq!(zoom_for(world / 256.0, 256, 0, 19), 0);
        assert_eq!(zoom_for(world / 1024.0, 256, 0, 19), 2);
        assert_eq!(zoom_for(world / 1024.0, 256, 0, 1), 1);
        assert_eq!(zoom_for(0.001, 256, 0, 19), 19);
    }

    #[test]
    fn the_tiles_covering_a_box_are_the_ones_it_touches() {
        let tiles = tiles_covering([-1.0, -1.0, 1.0, 1.0], 1);
        assert_eq!(tiles.len(), 4);
        let [a, b, c, d] = Tile { z: 2, x: 1, y: 1 }.bounds();
        assert_eq!(tiles_covering([a, b, c, d], 2), vec![Tile { z: 2, x: 1, y: 1 }]);
        assert_eq!(Tile { z: 1, x: 1, y: 0 }.bounds(), [0.0, 0.0, MERCATOR_HALF_WORLD, MERCATOR_HALF_WORLD]);
    }

    #[test]
    fn a_template_without_its_placeholders_or_with_credentials_is_refused() {
        assert!(XyzSource::new("https://t.example/{z}/{x}.png").is_err());
        assert!(XyzSource::new("ftp://t.example/{z}/{x}/{y}.png").is_err());
        let err = XyzSource::new("https://me:pw@t.example/{z}/{x}/{y}.png").expect_err("credentials");
        assert!(err.to_string().contains("credentials"), "{err}");
    }
}
