//! Georeferencing kept beside a raster file, as GDAL reads it: the `.aux.xml` GDAL writes (its
//! "PAM" file: a `GeoTransform` and an `SRS`, which GDAL prefers to the file's own), a MapInfo
//! `.tab` (control points and a `CoordSys`, `tab.rs`) and a world file (`.tfw`, `.tifw` or `.wld`:
//! six numbers); the last two are used only when the file has no transform, the `.tab` first.
//!
//! A sidecar is opened as data files are ([`crate::io::read_regular`]): one that is not a regular
//! file (a FIFO) is an error, never a read that waits. One that cannot be understood is left out
//! with a notice saying why.

mod tab;

use std::path::{Path, PathBuf};

pub(crate) use tab::{TabFile, tab_file};

use crate::crs::Crs;
use crate::error::Result;
use crate::io::crs_wkt::crs_of_definition;
use crate::io::xml::{Item, XmlReader};
use crate::raster::GeoTransform;

/// The largest `.aux.xml` read (histograms and metadata included; GDAL's are a few kB).
const MAX_AUX_XML: u64 = 16 << 20;
/// The largest world file read (six lines of numbers).
const MAX_WORLD_FILE: u64 = 64 << 10;

/// What a `.aux.xml` beside a raster says of its georeferencing.
#[derive(Debug, Default)]
pub(crate) struct AuxXml {
    /// The `.aux.xml` read.
    pub(crate) path: PathBuf,
    /// Its `GeoTransform`, if it has one.
    pub(crate) transform: Option<GeoTransform>,
    /// Its `SRS`, read through PROJ: the CRS and a note on how it was identified, or why it could
    /// not be read.
    pub(crate) srs: Option<std::result::Result<(Crs, Option<String>), String>>,
}

/// The `.aux.xml` beside `path` (`name.tif.aux.xml`), if there is one; notices say what of it
/// was left out and why.
pub(crate) fn aux_xml(path: &Path, notices: &mut Vec<String>) -> Result<Option<AuxXml>> {
    let mut name = path.as_os_str().to_owned();
    name.push(".aux.xml");
    let aux = PathBuf::from(name);
    let Some(bytes) = read_sidecar(&aux, MAX_AUX_XML, notices)? else { return Ok(None) };
    let mut found = AuxXml { path: aux.clone(), ..AuxXml::default() };
    let mut reader = XmlReader::new(&bytes[..], &aux, "GDAL .aux.xml", "PAMDataset");
    loop {
        let item = match reader.next() {
            Ok(Some(item)) => item,
            Ok(None) => break,
            Err(e) => {
                notices.push(format!("{} is left out: {e:#}", aux.display()));
                return Ok(None);
            }
        };
        // Only the dataset's own elements (PAMRasterBand holds others of the same names).
        let Item::End(element, text) = item else { continue };
        if reader.open_elements() != ["PAMDataset"] {
            continue;
        }
        match element.as_str() {
            "GeoTransform" => match six_numbers(text.split(',')) {
                Some(gt) => found.transform = Some(GeoTransform(gt)),
                None => notices.push(format!(
                    "{}: its GeoTransform {:?} is not six numbers; left out",
                    aux.display(),
                    text.trim()
                )),
            },
            "SRS" if !text.trim().is_empty() => {
                found.srs = Some(crs_of_definition(text.trim(), &format!("SRS of {}", aux.display())));
            }
            _ => {}
        }
    }
    Ok(Some(found))
}

/// The georeferencing of a world file beside `path`, and the world file, if there is one. GDAL
/// looks for the extension's first and last letters and `w` (`.tfw`), the extension and `w`
/// (`.tifw`), then `.wld`, each in lower then upper case.
pub(crate) fn world_file(path: &Path, notices: &mut Vec<String>) -> Result<Option<(GeoTransform, PathBuf)>> {
    let extension = path.extension().and_then(|e| e.to_str()).unwrap_or_default().to_lowercase();
    let mut candidates = Vec::new();
    if let (Some(first), Some(last)) = (extension.chars().next(), extension.chars().last())
        && extension.chars().count() >= 2
    {
        candidates.push(format!("{first}{last}w"));
        candidates.push(format!("{extension}w"));
    }
    candidates.push("wld".to_owned());
    for candidate in candidates {
        for extension in [candidate.clone(), candidate.to_uppercase()] {
            let world = path.with_extension(&extension);
            let Some(bytes) = read_sidecar(&world, MAX_WORLD_FILE, notices)? else { continue };
            let text = String::from_utf8_lossy(&bytes);
            // A, D, B, E, C, F: the cell size and rotation, then the centre of the top-left cell.
            let Some([a, d, b, e, c, f]) = six_numbers(text.lines().filter(|line| !line.trim().is_empty())) else {
                notices.push(format!("{} is not six lines of numbers; left out", world.display()));
                continue;
            };
            let transform = GeoTransform([c - a / 2.0 - b / 2.0, a, b, f - d / 2.0 - e / 2.0, d, e]);
            return Ok(Some((transform, world)));
        }
    }
    Ok(None)
}

/// A sidecar's bytes; `None` when there is no such file or (with a notice) it is too large.
fn read_sidecar(path: &Path, max: u64, notices: &mut Vec<String>) -> Result<Option<Vec<u8>>> {
    // Whether anything has the name is asked without opening it; what is there is then opened
    // as data files are (non-blocking, checked to be a regular file), so a FIFO is an error.
    if path.symlink_metadata().is_err() {
        return Ok(None);
    }
    let bytes = crate::io::read_regular(path, max)?;
    if bytes.len() as u64 > max {
        notices.push(format!(
            "{} is larger than the {} kB RustGIS reads of a sidecar; left out",
            path.display(),
            max >> 10
        ));
        return Ok(None);
    }
    Ok(Some(bytes))
}

/// The first six of `parts` as numbers, if there are six and each is a number.
fn six_numbers<'a>(parts: impl Iterator<Item = &'a str>) -> Option<[f64; 6]> {
    let mut values = [0.0; 6];
    let mut parts = parts;
    for value in &mut values {
        *value = parts.next()?.trim().parse().ok()?;
    }
    Some(values)
}
