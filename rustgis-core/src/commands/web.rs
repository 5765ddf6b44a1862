//! `layer.addXyz`, `layer.addWms` and `layer.addBasemap`: web layers (tiles and WMS images the
//! host's fetcher brings when the map is drawn).
//!
//! Access follows seed 000: a URL the caller chose reaches an address on the internet, so
//! `layer.addXyz` and `layer.addWms` need network access (`--yes`); the built-in basemaps are
//! hosts RustGIS vetted, and `layer.addBasemap` needs nothing. Drawing a web layer the project
//! already has fetches its tiles, always through the host's network guard.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::command::{CommandDef, Ctx};
use crate::commands::project::check_layer_name;
use crate::error::{Error, Result};
use crate::layer::Layer;
use crate::policy::Access;
use crate::web::{Basemap, WebSource, WmsSource, XyzSource, check_http_url};

/// The command definitions of this group.
pub(crate) fn defs() -> Vec<CommandDef> {
    vec![
        CommandDef::build("layer.addXyz")
            .summary("Add a web tile layer (XYZ or TMS tiles) from a URL template")
            .doc(
                "Adds a layer of web map tiles under the data layers (`layer.move` reorders it). The template \
             takes `{z}`, `{x}`, `{y}` (or `{-y}`, or `tms: true`, for TMS rows), `{s}` (one of `subdomains`, \
             default a, b, c) and `{r}` (`@2x` on high-dpi maps). Tiles are fetched when the map is drawn, at \
             the zoom the view's scale needs, reprojected when the map is not in Web Mercator; a tile that \
             cannot be fetched is a gap named in the result's notices. The attribution is drawn in the map's \
             corner. Every fetch goes through the network guard: loopback, private, link-local and other \
             non-public addresses are refused unless `network.allow` in the settings names the host; an agent \
             adding a layer on such a host is refused at once (a client that can ask its human is asked, and a \
             yes lets that host through while RustGIS runs). Needs network access (`--yes`): the URL is the \
             caller's choice. The built-in basemaps need no access \
             (`layer.addBasemap`).",
            )
            .examples(&[
                r#"layer.addXyz {"url": "https://tile.example.org/{z}/{x}/{y}.png", "name": "streets", "attribution": "© Example"}"#,
                r#"layer.addXyz {"url": "https://tiles.example.org/{z}/{x}/{-y}.png", "max_zoom": 12}"#,
            ])
            .access(Access::NETWORK)
            .edits_returning(add_xyz),
        CommandDef::build("layer.addWms")
            .summary("Add a WMS layer: GetMap images of a web map service")
            .doc(
                "Adds a layer drawn from a WMS server's GetMap (1.3.0 by default, 1.1.1 on request; EPSG:4326 \
             axes are latitude first in 1.3.0, as the standard says) under the data layers. One image is asked \
             for each map drawn, in `crs` (EPSG:3857 by default), and reprojected into the map's CRS. Needs \
             network access (`--yes`); every fetch goes through the network guard, and an agent's layer on a host \
             it refuses is refused as `layer.addXyz` says.",
            )
            .examples(&[
                r#"layer.addWms {"url": "https://wms.example.org/service", "wms_layers": "relief", "attribution": "© Example"}"#,
            ])
            .access(Access::NETWORK)
            .edits_returning(add_wms),
        CommandDef::build("layer.addBasemap")
            .summary("Add a built-in basemap (OpenStreetMap, OpenTopoMap, CARTO light or dark) under the data")
            .doc(
                "Adds one of the built-in basemaps at the bottom of the layers, its attribution always drawn. \
             The hosts are vetted, so it needs no network access; its tiles are fetched when the map is drawn. \
             OpenStreetMap's tile usage policy applies to `osm` and the maps made from its data: RustGIS sends a \
             User-Agent naming itself, caches tiles, and refuses to draw tile pyramids of them beyond zoom 4 \
             (no bulk downloading).",
            )
            .examples(&[r#"layer.addBasemap {"basemap": "osm"}"#, r#"layer.addBasemap {"basemap": "carto-light"}"#])
            .edits_returning(add_basemap),
    ]
}

/// Parameters of `layer.addXyz`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddXyzParams {
    /// The tile URL template, `https://host/{z}/{x}/{y}.png` (`{-y}` TMS rows, `{s}` subdomain, `{r}` @2x).
    url: String,
    /// The new layer's name (default `tiles`).
    name: Option<String>,
    /// The credit drawn in the map's corner (the provider's terms usually ask for one).
    attribution: Option<String>,
    /// The lowest zoom the service has (default 0).
    min_zoom: Option<u8>,
    /// The highest zoom the service has (default 19); closer views enlarge its tiles.
    max_zoom: Option<u8>,
    /// The tiles' size in map pixels (default 256; 512 for tiles drawn at twice the resolution).
    tile_size: Option<u32>,
    /// Whether rows count from the south (TMS); `{-y}` in the template says the same.
    tms: Option<bool>,
    /// The subdomains `{s}` takes (default a, b, c).
    subdomains: Option<Vec<String>>,
}

fn add_xyz(ctx: &mut Ctx<'_>, p: AddXyzParams) -> Result<WebAdded> {
    let mut source = XyzSource::new(&p.url)?;
    source.attribution = p.attribution.filter(|a| !a.trim().is_empty());
    source.min_zoom = p.min_zoom.unwrap_or(0);
    source.max_zoom = p.max_zoom.unwrap_or(19);
    source.tile_size = p.tile_size.unwrap_or(256);
    source.tms = p.tms.unwrap_or(false);
    source.subdomains = p.subdomains.unwrap_or_default();
    source.check()?;
    check_host(ctx, "layer.addXyz", &source.tile_url(crate::web::Tile { z: 0, x: 0, y: 0 }, false))?;
    let name = layer_name(ctx, p.name, "tiles")?;
    add_under_data(ctx, Layer::from_web(name, WebSource::Xyz(source)))
}

/// Parameters of `layer.addWms`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddWmsParams {
    /// The service's URL (GetMap parameters are added to it).
    url: String,
    /// The WMS layer names, comma-separated (`LAYERS`).
    wms_layers: String,
    /// The styles, comma-separated (`STYLES`; default: the server's).
    wms_styles: Option<String>,
    /// The image format (default `image/png`; `image/jpeg` has no transparency).
    format: Option<String>,
    /// The CRS to ask for: `EPSG:3857` (default) or `EPSG:4326`.
    crs: Option<String>,
    /// The WMS version: `1.3.0` (default) or `1.1.1`.
    version: Option<String>,
    /// The new layer's name (default `wms`).
    name: Option<String>,
    /// The credit drawn in the map's corner.
    attribution: Option<String>,
}

fn add_wms(ctx: &mut Ctx<'_>, p: AddWmsParams) -> Result<WebAdded> {
    check_http_url(&p.url)?;
    if p.wms_layers.trim().is_empty() {
        return Err(Error::invalid("wms_layers", "name at least one WMS layer (GetCapabilities lists them)"));
    }
    let crs = p.crs.unwrap_or_else(|| "EPSG:3857".to_owned()).to_ascii_uppercase();
    if !matches!(crs.as_str(), "EPSG:3857" | "EPSG:4326") {
        return Err(Error::invalid("crs", format!("WMS layers are asked for in EPSG:3857 or EPSG:4326, not {crs}")));
    }
    let version = p.version.unwrap_or_else(|| "1.3.0".to_owned());
    if !matches!(version.as_str(), "1.3.0" | "1.1.1") {
        return Err(Error::invalid("version", format!("WMS version {version} is not 1.3.0 or 1.1.1")));
    }
    let format = p.format.unwrap_or_else(|| "image/png".to_owned());
    if !matches!(format.as_str(), "image/png" | "image/jpeg") {
        return Err(Error::invalid("format", format!("WMS images are read as image/png or image/jpeg, not {format}")));
    }
    let source = WmsSource {
        url: p.url.trim().to_owned(),
        layers: p.wms_layers.trim().to_owned(),
        styles: p.wms_styles.unwrap_or_default(),
        format,
        crs,
        version,
        attribution: p.attribution.filter(|a| !a.trim().is_empty()),
    };
    check_host(ctx, "layer.addWms", &source.url)?;
    let name = layer_name(ctx, p.name, "wms")?;
    add_under_data(ctx, Layer::from_web(name, WebSource::Wms(source)))
}

/// Parameters of `layer.addBasemap`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
struct AddBasemapParams {
    /// The basemap: `osm` (OpenStreetMap), `opentopomap`, `carto-light` or `carto-dark`.
    #[schemars(schema_with = "crate::web::basemap_names_schema")]
    basemap: String,
    /// The new layer's name (default: the basemap's).
    name: Option<String>,
}

fn add_basemap(ctx: &mut Ctx<'_>, p: AddBasemapParams) -> Result<WebAdded> {
    let basemap = Basemap::find(&p.basemap).ok_or_else(|| {
        Error::invalid(
            "basemap",
            format!(
                "there is no built-in basemap {:?}; use one of {} (or layer.addXyz for another service)",
                p.basemap,
                Basemap::names()
            ),
        )
    })?;
    let name = layer_name(ctx, p.name, basemap.name)?;
    add_under_data(ctx, Layer::from_web(name, WebSource::Xyz(basemap.source())))
}

/// Refuses an agent's web layer on a host the host's network guard refuses (loopback, private
/// and other non-public addresses not in `network.allow`), since none of its tiles would come: the
/// refusal carries the question a host may ask its human, and a yes ([`OneTimeGrant::Host`] in the
/// caller's grants) lets the host through the fetcher while it runs. The user's own layers are not
/// checked here: their tiles are refused, and named, when the map is drawn.
///
/// [`OneTimeGrant::Host`]: crate::OneTimeGrant::Host
fn check_host(ctx: &Ctx<'_>, command: &str, url: &str) -> Result<()> {
    if matches!(ctx.caller().kind, crate::policy::CallerKind::User) {
        return Ok(());
    }
    let Some(web) = ctx.renderer().ok().and_then(|renderer| renderer.web()) else { return Ok(()) };
    let Err(refused) = web.check_host(url) else { return Ok(()) };
    if ctx.caller().grants().may_fetch(&refused.host_port) && web.allow_host(&refused.host_port) {
        return Ok(());
    }
    Err(Error::Refused(crate::policy::Refusal {
        command: command.to_owned(),
        rule: crate::policy::RefusalRule::NetworkHost,
        message: format!("{command} adds no layer whose every tile would be refused: {}", refused.message),
        ask: Some(Box::new(crate::policy::Ask::network_host(command, &refused.host_port, &refused.reason))),
    }))
}

/// The name asked for (checked), or a unique one made from `default`.
fn layer_name(ctx: &Ctx<'_>, name: Option<String>, default: &str) -> Result<String> {
    match name {
        Some(name) => {
            check_layer_name(&name)?;
            Ok(name)
        }
        None => Ok(ctx.project().unique_name(default)),
    }
}

/// What `layer.addXyz`, `layer.addWms` and `layer.addBasemap` return: the web layer added.
#[derive(Debug, Serialize, JsonSchema)]
struct WebAdded {
    /// The new layer's name.
    layer: String,
    /// `xyz` (map tiles) or `wms`.
    service: String,
    /// Its URL template (xyz) or service URL (wms).
    url: String,
    /// The credit maps that show it carry, or null.
    attribution: Option<String>,
    /// Always `bottom`: a web layer goes under the data.
    position: String,
}

/// Adds a web layer at the bottom, under the data (where a basemap belongs), and reports it.
fn add_under_data(ctx: &mut Ctx<'_>, layer: Layer) -> Result<WebAdded> {
    let name = ctx.add_layer(layer)?.name.clone();
    let layers = &mut ctx.project_mut().layers;
    let added = layers.pop().expect("a layer was just added on top");
    layers.insert(0, added);
    let web = ctx.project().layers[0].web.as_ref().expect("a web layer was just added");
    let attribution = web.attribution().map(str::to_owned);
    let (url, service) = match web {
        WebSource::Xyz(_) => (web.url().to_owned(), "xyz"),
        WebSource::Wms(_) => (web.url().to_owned(), "wms"),
    };
    if let Some(credit) = &attribution {
        ctx.notice(format!("maps that show '{name}' credit it in their corner: {credit}"));
    }
    Ok(WebAdded { layer: name, service: service.to_owned(), url, attribution, position: "bottom".to_owned() })
}

#[cfg(test)]
mod tests {
    use crate::web::BASEMAPS;

    #[test]
    fn every_basemap_template_is_a_valid_tile_template_with_a_credit() {
        for basemap in BASEMAPS {
            basemap.source().check().expect("a built-in template is valid");
            assert!(!basemap.attribution.is_empty(), "{} has no credit", basemap.name);
        }
    }
}
