//! A KML `GroundOverlay` as a raster layer, as GDAL's KMLSUPEROVERLAY driver reads one: the
//! image (PNG or JPEG, inside the `.kmz` or beside the `.kml`) laid on its `LatLonBox` in
//! longitude/latitude, one band per channel of the image (grey, grey and alpha, RGB, RGBA).
//! `layer.open` reads it when `table` names the overlay.
//!
//! What GDAL reads wrong is refused instead: a rotated box (GDAL lays the image unrotated) and a
//! `gx:LatLonQuad`. An image on the web, or outside the `.kml`'s folder, is refused by name.

use std::io::{BufRead, BufReader};
use std::path::{Component, Path};

use super::{GeoTransform, Raster};
use crate::error::{Error, Result};
use crate::io::xml::{Item, XmlReader};
use crate::io::{DataFile, zipped};
use crate::layer::Crs;

/// The largest side, in pixels, of an overlay image read as a raster.
pub(crate) const MAX_OVERLAY_SIDE: u32 = 8192;

/// The largest overlay image file read beside a `.kml`.
const MAX_IMAGE_BYTES: u64 = 256 << 20;

/// A ground overlay as the KML gives it.
#[derive(Debug, Default)]
struct Overlay {
    name: Option<String>,
    href: Option<String>,
    /// North, south, east, west.
    sides: [Option<f64>; 4],
    rotation: f64,
    quad: bool,
}

/// The ground overlay named `name` in the KML or KMZ `file` as a raster, or `None` when the file
/// has no overlay of that name.
pub(crate) fn overlay_raster(file: &DataFile, name: &str) -> Result<Option<Raster>> {
    let path = file.path().to_owned();
    let descriptor = file.try_clone()?;
    let is_kmz = crate::io::has_extension(&path, "kmz") || file.head(2)? == b"PK";
    if is_kmz {
        let mut archive = zipped::Archive::of(descriptor, &path)?;
        let names = archive.names()?;
        let kmls = zipped::with_extension(&names, "kml");
        let Some(doc) = kmls.iter().find(|n| n.eq_ignore_ascii_case("doc.kml")).or(kmls.first()).cloned() else {
            return Ok(None);
        };
        let bytes = archive.read(&doc)?;
        let Some(overlay) = find(BufReader::new(bytes.as_slice()), &path.join(&doc), name)? else { return Ok(None) };
        let href = checked_href(&overlay, &path, name)?;
        let member = names.iter().find(|n| n.as_str() == href || n.trim_start_matches("./") == href).cloned();
        let Some(member) = member else {
            return Err(refused(&path, name, format!("its image '{href}' is not in the archive")));
        };
        let image = archive.read(&member)?;
        return raster_of(&overlay, &image, &path, name).map(Some);
    }
    let Some(overlay) = find(crate::io::xml::buffered(descriptor), &path, name)? else { return Ok(None) };
    let href = checked_href(&overlay, &path, name)?;
    let beside = path.parent().unwrap_or(Path::new(".")).join(href);
    let image = crate::io::read_regular(&beside, MAX_IMAGE_BYTES)?;
    if image.len() as u64 > MAX_IMAGE_BYTES {
        return Err(refused(
            &path,
            name,
            format!("its image is larger than the {} MB RustGIS reads", MAX_IMAGE_BYTES >> 20),
        ));
    }
    raster_of(&overlay, &image, &path, name).map(Some)
}

/// The overlay named `name`, read from the KML.
fn find(input: impl BufRead, origin: &Path, name: &str) -> Result<Option<Overlay>> {
    let mut xml = XmlReader::new(input, origin, "KML", "kml");
    let mut open: Option<Overlay> = None;
    while let Some(item) = xml.next()? {
        match item {
            Item::Start(element, _) => match element.as_str() {
                "GroundOverlay" => open = Some(Overlay::default()),
                "LatLonQuad" => {
                    if let Some(overlay) = open.as_mut() {
                        overlay.quad = true;
                    }
                }
                _ => {}
            },
            Item::End(element, text) => {
                let parent = xml.open_elements().last().map(String::as_str);
                let Some(overlay) = open.as_mut() else { continue };
                match element.as_str() {
                    "name" if parent == Some("GroundOverlay") => overlay.name = Some(text.trim().to_owned()),
                    "href" if parent == Some("Icon") => overlay.href = Some(text.trim().to_owned()),
                    side @ ("north" | "south" | "east" | "west" | "rotation") if parent == Some("LatLonBox") => {
                        let value = text.trim().parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| {
                            xml.error(format!("the GroundOverlay's <{side}> {:?} is not a number", text.trim()))
                        })?;
                        match side {
                            "north" => overlay.sides[0] = Some(value),
                            "south" => overlay.sides[1] = Some(value),
                            "east" => overlay.sides[2] = Some(value),
                            "west" => overlay.sides[3] = Some(value),
                            _ => overlay.rotation = value,
                        }
                    }
                    "GroundOverlay" => {
                        let done = open.take().unwrap_or_default();
                        if done.name.as_deref() == Some(name) {
                            return Ok(Some(done));
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(None)
}

fn refused(path: &Path, name: &str, why: String) -> Error {
    Error::Data { path: path.to_owned(), position: format!("GroundOverlay '{name}'"), message: why }
}

/// The overlay's image path, checked: inside the archive or beside the KML, not on the web.
fn checked_href<'a>(overlay: &'a Overlay, path: &Path, name: &str) -> Result<&'a str> {
    let href = overlay.href.as_deref().filter(|h| !h.is_empty()).ok_or_else(|| {
        refused(path, name, "it names no image (<Icon><href>); there is nothing to read as a raster".to_owned())
    })?;
    if href.contains("://") {
        return Err(refused(
            path,
            name,
            format!(
                "its image is on the web ({href}); RustGIS reads overlay images inside the .kmz or beside the .kml: \
                 download it beside the .kml and name it in <href>"
            ),
        ));
    }
    let relative = Path::new(href);
    if relative.is_absolute() || relative.components().any(|c| matches!(c, Component::ParentDir)) {
        return Err(refused(
            path,
            name,
            format!(
                "its image '{href}' is outside the file's folder; RustGIS reads overlay images beside the .kml or inside the .kmz"
            ),
        ));
    }
    Ok(href)
}

/// The overlay's image laid on its box.
fn raster_of(overlay: &Overlay, image: &[u8], path: &Path, name: &str) -> Result<Raster> {
    if overlay.quad {
        return Err(refused(
            path,
            name,
            "it is placed by a gx:LatLonQuad (four corners), which RustGIS does not warp; GDAL does not read it \
             either"
                .to_owned(),
        ));
    }
    if overlay.rotation.rem_euclid(360.0) != 0.0 {
        return Err(refused(
            path,
            name,
            format!(
                "its box is rotated {}°; RustGIS does not lay rotated overlays (GDAL lays them unrotated, in the \
                 wrong place): rotate the image and give an unrotated <LatLonBox>",
                overlay.rotation
            ),
        ));
    }
    let [Some(north), Some(south), Some(east), Some(west)] = overlay.sides else {
        return Err(refused(path, name, "its <LatLonBox> needs <north>, <south>, <east> and <west>".to_owned()));
    };
    if !(north > south && east != west) {
        return Err(refused(
            path,
            name,
            format!("its box (north {north}, south {south}, east {east}, west {west}) has no area"),
        ));
    }
    let image = crate::image::decode(image, MAX_OVERLAY_SIDE)
        .map_err(|why| refused(path, name, format!("its image cannot be read: {why}")))?;
    // A box across the antimeridian has east < west: its east is the one past 180°.
    let east = if east < west { east + 360.0 } else { east };
    let transform = GeoTransform::north_up(
        west,
        north,
        (east - west) / f64::from(image.width),
        (north - south) / f64::from(image.height),
    );
    Raster::from_image(&image, transform, Crs::WGS84)
}
