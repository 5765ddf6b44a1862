//! Drawing web layers: XYZ tiles at the zoom the view's scale needs, or one WMS GetMap image,
//! fetched through the host's [`WebFetcher`] (rustgis-render opens no socket), then each map
//! pixel traced back to the image through the same lattice of exactly reprojected points as
//! rasters use, so a map in any CRS shows Web Mercator tiles in place. A tile or image that could
//! not be fetched or decoded is a gap, and the render's notices name it.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rustgis_core::web::{MAX_TILES_PER_VIEW, Tile, WebFetcher, WebSource, WmsSource, XyzSource};
use rustgis_core::web::{MERCATOR_HALF_WORLD, tiles_covering, zoom_for};
use rustgis_core::{Color, Crs};
use tiny_skia::Pixmap;

use crate::draw::Frame;
use crate::error::{Error, Result};
use crate::raster::{Lattice, blend};
use crate::watch::Watch;

/// The longest a map waits for its web images (each request also has the fetcher's own limits).
pub const WEB_FETCH_BUDGET: Duration = Duration::from_secs(30);

/// The most failed tiles a notice names one by one.
const NAMED_GAPS: usize = 3;

/// The largest image side decoded from the web.
const MAX_IMAGE_SIDE: u32 = 4096;

/// Draws a web layer into the pixmap; what could not be fetched goes into `notices`.
#[allow(clippy::too_many_arguments, reason = "the drawing context of one layer, as draw_raster takes it")]
pub(crate) fn draw_web(
    pixmap: &mut Pixmap,
    name: &str,
    source: &WebSource,
    map_crs: Crs,
    frame: &Frame,
    fetcher: Option<&WebFetcher>,
    notices: &mut Vec<String>,
    watch: &Watch<'_>,
) -> Result<()> {
    let Some(fetcher) = fetcher else {
        notices.push(format!(
            "layer '{name}' is a web layer and this host fetches nothing from the network: it is left out of the map"
        ));
        return Ok(());
    };
    let mut web = WebDraw { name, map_crs, frame, fetcher, notices, watch };
    match source {
        WebSource::Xyz(xyz) => web.xyz(pixmap, xyz),
        WebSource::Wms(wms) => web.wms(pixmap, wms),
        _ => Ok(()),
    }
}

/// What drawing one web layer needs besides its source, whichever kind it is.
struct WebDraw<'a, 'w> {
    name: &'a str,
    map_crs: Crs,
    frame: &'a Frame,
    fetcher: &'a WebFetcher,
    notices: &'a mut Vec<String>,
    watch: &'a Watch<'w>,
}

impl WebDraw<'_, '_> {
    fn xyz(&mut self, pixmap: &mut Pixmap, xyz: &XyzSource) -> Result<()> {
        let Some((lattice, bounds)) = self.lattice(pixmap, Crs::WEB_MERCATOR)? else { return Ok(()) };
        let mut zoom = zoom_for(lattice.pixel_size(), xyz.tile_size, xyz.min_zoom, xyz.max_zoom);
        let mut tiles = tiles_covering(bounds, zoom);
        while tiles.len() > MAX_TILES_PER_VIEW && zoom > xyz.min_zoom {
            zoom -= 1;
            tiles = tiles_covering(bounds, zoom);
        }
        if tiles.is_empty() || tiles.len() > MAX_TILES_PER_VIEW {
            return Ok(());
        }
        let retina = self.frame.dpi_scale >= 1.5;
        let urls: Vec<String> = tiles.iter().map(|t| xyz.tile_url(*t, retina)).collect();
        let fetched = self.fetcher.fetch(&urls, Instant::now() + WEB_FETCH_BUDGET);
        let mut pictures: HashMap<(u32, u32), Picture> = HashMap::new();
        let mut gaps = Vec::new();
        for ((tile, url), result) in tiles.iter().zip(&urls).zip(fetched) {
            self.watch.tick(4096)?;
            match result.and_then(|bytes| Picture::decode(&bytes).map_err(|e| format!("{url} is not an image: {e}"))) {
                Ok(picture) => {
                    pictures.insert((tile.x, tile.y), picture);
                }
                Err(cause) => gaps.push((*tile, cause)),
            }
        }
        if !gaps.is_empty() {
            self.notices.push(gap_notice(self.name, &gaps, tiles.len()));
        }
        let size = 2.0 * MERCATOR_HALF_WORLD / f64::from(1u32 << zoom);
        let last = (1u32 << zoom) - 1;
        paint(pixmap, &lattice, self.watch, |x, y| {
            let (col, row) = ((x + MERCATOR_HALF_WORLD) / size, (MERCATOR_HALF_WORLD - y) / size);
            if !(col >= 0.0 && row >= 0.0 && col < f64::from(last + 1) && row < f64::from(last + 1)) {
                return None;
            }
            let (tx, ty) = (col as u32, row as u32);
            let picture = pictures.get(&(tx, ty))?;
            Some(picture.at(col - f64::from(tx), row - f64::from(ty)))
        })
    }

    fn wms(&mut self, pixmap: &mut Pixmap, wms: &WmsSource) -> Result<()> {
        let wms_crs = if wms.crs.eq_ignore_ascii_case("EPSG:4326") { Crs::WGS84 } else { Crs::WEB_MERCATOR };
        let Some((lattice, bounds)) = self.lattice(pixmap, wms_crs)? else { return Ok(()) };
        let (image_w, image_h) = (pixmap.width().min(MAX_IMAGE_SIDE), pixmap.height().min(MAX_IMAGE_SIDE));
        let url = getmap_url(wms, wms_crs, bounds, image_w, image_h);
        let result = self.fetcher.fetch(std::slice::from_ref(&url), Instant::now() + WEB_FETCH_BUDGET).pop();
        let picture = match result
            .unwrap_or_else(|| Err("no answer".to_owned()))
            .and_then(|bytes| Picture::decode(&bytes).map_err(|e| format!("{url} is not an image: {e}")))
        {
            Ok(picture) => picture,
            Err(cause) => {
                let name = self.name;
                self.notices.push(format!(
                    "layer '{name}': the WMS image could not be fetched, so the layer is a gap: {cause}"
                ));
                return Ok(());
            }
        };
        let [min_x, min_y, max_x, max_y] = bounds;
        paint(pixmap, &lattice, self.watch, |x, y| {
            let (u, v) = ((x - min_x) / (max_x - min_x), (max_y - y) / (max_y - min_y));
            ((0.0..1.0).contains(&u) && (0.0..1.0).contains(&v)).then(|| picture.at(u, v))
        })
    }

    /// The view's pixels traced into `crs`, with their bounds there; `None` when no pixel of the
    /// view lies where `crs` is defined.
    fn lattice(&self, pixmap: &Pixmap, crs: Crs) -> Result<Option<(Lattice, [f64; 4])>> {
        let lattice = Lattice::new(self.frame, pixmap.width(), pixmap.height(), self.map_crs, crs)
            .map_err(|reason| Error::UnsupportedCrs { layer: self.name.to_owned(), crs, view: self.map_crs, reason })?;
        Ok(lattice.and_then(|lattice| lattice.bounds().map(|bounds| (lattice, bounds))))
    }
}

/// Blends over each map pixel the colour `sample` gives for its point in the lattice's CRS
/// (`None`, or a clear colour, leaves the pixel as it is).
fn paint(
    pixmap: &mut Pixmap,
    lattice: &Lattice,
    watch: &Watch<'_>,
    sample: impl Fn(f64, f64) -> Option<Color>,
) -> Result<()> {
    let (width, height) = (pixmap.width(), pixmap.height());
    let pixels = pixmap.pixels_mut();
    for py in 0..height {
        watch.tick(width as usize)?;
        for px in 0..width {
            let Some((x, y)) = lattice.source(px, py) else { continue };
            let Some(color) = sample(x, y) else { continue };
            if color.a > 0 {
                let pixel = &mut pixels[(py * width + px) as usize];
                *pixel = blend(*pixel, color, f64::from(color.a) / 255.0);
            }
        }
    }
    Ok(())
}

/// A WMS GetMap URL for `bounds` (in `crs`): 1.3.0 names the CRS in `CRS` and puts latitude
/// first for EPSG:4326, as the standard's axis order says; 1.1.1 names it in `SRS`, x first.
pub(crate) fn getmap_url(wms: &WmsSource, crs: Crs, bounds: [f64; 4], width: u32, height: u32) -> String {
    let [min_x, min_y, max_x, max_y] = bounds;
    let v13 = wms.version == "1.3.0";
    let bbox = if v13 && crs == Crs::WGS84 {
        format!("{min_y},{min_x},{max_y},{max_x}")
    } else {
        format!("{min_x},{min_y},{max_x},{max_y}")
    };
    let separator = if wms.url.contains('?') {
        if wms.url.ends_with('?') || wms.url.ends_with('&') { "" } else { "&" }
    } else {
        "?"
    };
    let crs_key = if v13 { "CRS" } else { "SRS" };
    format!(
        "{}{separator}SERVICE=WMS&VERSION={}&REQUEST=GetMap&LAYERS={}&STYLES={}&FORMAT={}&TRANSPARENT=TRUE&{crs_key}={}\
         &BBOX={bbox}&WIDTH={width}&HEIGHT={height}",
        wms.url,
        wms.version,
        encode(&wms.layers),
        encode(&wms.styles),
        encode(&wms.format),
        crs
    )
}

/// Percent-encodes what a query value must not hold as is.
fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b',' | b':' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

fn gap_notice(name: &str, gaps: &[(Tile, String)], of: usize) -> String {
    let named: Vec<String> =
        gaps.iter().take(NAMED_GAPS).map(|(t, cause)| format!("{}/{}/{} ({cause})", t.z, t.x, t.y)).collect();
    let more = gaps.len().saturating_sub(NAMED_GAPS);
    let tail = if more > 0 { format!(" and {more} more") } else { String::new() };
    format!(
        "layer '{name}': {} of {of} tiles could not be fetched and are gaps in the map: {}{tail}",
        gaps.len(),
        named.join("; ")
    )
}

/// A decoded image, straight RGBA.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

impl Picture {
    /// A PNG or JPEG from the web, treated as hostile ([`rustgis_core::image::decode`]).
    fn decode(bytes: &[u8]) -> std::result::Result<Picture, String> {
        let image = rustgis_core::image::decode(bytes, MAX_IMAGE_SIDE)?;
        Ok(Picture { width: image.width, height: image.height, rgba: image.pixels })
    }

    /// The pixel at fractional position (`u`, `v`) in 0..1 across and down, nearest.
    fn at(&self, u: f64, v: f64) -> Color {
        let col = ((u * f64::from(self.width)) as u32).min(self.width - 1);
        let row = ((v * f64::from(self.height)) as u32).min(self.height - 1);
        let i = ((row * self.width + col) * 4) as usize;
        Color { r: self.rgba[i], g: self.rgba[i + 1], b: self.rgba[i + 2], a: self.rgba[i + 3] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn getmap_1_3_0_puts_latitude_first_for_epsg_4326_and_1_1_1_does_not() {
        let mut wms = WmsSource {
            url: "https://wms.example/service?map=x".to_owned(),
            layers: "a b".to_owned(),
            styles: String::new(),
            format: "image/png".to_owned(),
            crs: "EPSG:4326".to_owned(),
            version: "1.3.0".to_owned(),
            attribution: None,
        };
        let url = getmap_url(&wms, Crs::WGS84, [-10.0, 40.0, 5.0, 50.0], 200, 100);
        assert!(url.starts_with("https://wms.example/service?map=x&SERVICE=WMS&VERSION=1.3.0"), "{url}");
        assert!(
            url.contains("&CRS=EPSG:4326&BBOX=40,-10,50,5&WIDTH=200&HEIGHT=100") && url.contains("LAYERS=a%20b"),
            "{url}"
        );
        wms.version = "1.1.1".to_owned();
        let url = getmap_url(&wms, Crs::WGS84, [-10.0, 40.0, 5.0, 50.0], 200, 100);
        assert!(url.contains("&SRS=EPSG:4326&BBOX=-10,40,5,50"), "{url}");
    }
}
