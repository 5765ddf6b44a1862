//! The GeoTIFF writer for the results of raster commands: tiled (256 × 256), deflate, one plane
//! per band, float32 or float64 cells, the georeferencing as ModelTiepoint + ModelPixelScale (or
//! ModelTransformation when rotated), the CRS as an EPSG GeoKey and GDAL's nodata tag. Written
//! whole through `io::atomic`, so a file is either complete or untouched.

use std::io::Write;
use std::path::Path;

use crate::error::{Error, Result};
use crate::raster::{Raster, Window};

/// The side of the tiles written.
const TILE: usize = 256;

/// The cell type written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WriteType {
    /// 32-bit floating point (the default: results of terrain and statistics fit it).
    #[default]
    F32,
    /// 64-bit floating point.
    F64,
}

/// Writes every band of `raster` (read tile by tile) to `path` as a tiled, deflated GeoTIFF.
/// Returns the bytes written.
pub fn write_geotiff(raster: &Raster, path: &Path, overwrite: bool, cell: WriteType) -> Result<u64> {
    let bytes = encode(raster, cell)?;
    crate::io::atomic::write_bytes(path, overwrite, &bytes)
}

/// The GeoTIFF's bytes.
fn encode(raster: &Raster, cell: WriteType) -> Result<Vec<u8>> {
    let info = raster.info();
    let (width, height, bands) = (info.width, info.height, info.bands);
    let (across, down) = (width.div_ceil(TILE), height.div_ceil(TILE));
    let mut out: Vec<u8> = b"II*\0\0\0\0\0".to_vec();
    let mut offsets = Vec::with_capacity(across * down * bands);
    let mut counts = Vec::with_capacity(across * down * bands);
    let sample_bytes = if cell == WriteType::F32 { 4 } else { 8 };
    let mut tile = Vec::with_capacity(TILE * TILE * sample_bytes);
    for band in 0..bands {
        for ty in 0..down {
            // One row of tiles at a time: memory stays bounded by a strip of the raster.
            let window = Window { col: 0, row: ty * TILE, width, height: TILE.min(height - ty * TILE) };
            let strip = raster.read(0, window, &[band])?.remove(0);
            for tx in 0..across {
                tile.clear();
                for row in 0..TILE {
                    for col in 0..TILE {
                        let (c, r) = (tx * TILE + col, row);
                        let v =
                            if c < width && r < window.height { strip.get(c, r) } else { info.nodata.unwrap_or(0.0) };
                        match cell {
                            WriteType::F32 => tile.extend_from_slice(&(v as f32).to_le_bytes()),
                            WriteType::F64 => tile.extend_from_slice(&v.to_le_bytes()),
                        }
                    }
                }
                let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::new(6));
                encoder.write_all(&tile).map_err(|e| Error::Failed(format!("cannot compress a tile: {e}")))?;
                let compressed = encoder.finish().map_err(|e| Error::Failed(format!("cannot compress a tile: {e}")))?;
                offsets.push(out.len());
                counts.push(compressed.len());
                out.extend_from_slice(&compressed);
                if out.len() % 2 == 1 {
                    out.push(0);
                }
            }
        }
    }
    if out.len() > u32::MAX as usize / 2 {
        return Err(Error::Failed(
            "the GeoTIFF would pass 2 GB, which a classic TIFF cannot address; write a smaller window".to_owned(),
        ));
    }
    let t = info.transform.0;
    let crs = raster.crs();
    let geographic = crs.is_geographic();
    // An EPSG code goes in its key; any other CRS (ESRI, custom) as user-defined with its Esri
    // WKT in the citation, the "PE string" GDAL and ArcGIS read back.
    let code = crs.epsg_code().and_then(|c| u16::try_from(c).ok()).filter(|c| *c != 0 && *c != 32767);
    let pe_string = match code {
        Some(_) => None,
        None => Some(format!(
            "ESRI PE String = {}|",
            crs.to_esri_wkt().ok_or_else(|| Error::Failed(format!(
                "cannot write {crs} into a GeoTIFF: it has no EPSG code and no Esri WKT; reproject the raster first"
            )))?
        )),
    };
    let n_keys = if pe_string.is_some() { 4 } else { 3 };
    let mut geokeys: Vec<u16> = vec![1, 1, 0, n_keys];
    geokeys.extend_from_slice(&[1024, 0, 1, if geographic { 2 } else { 1 }]);
    geokeys.extend_from_slice(&[1025, 0, 1, 1]);
    if let Some(text) = &pe_string {
        geokeys.extend_from_slice(&[1026, 34737, u16::try_from(text.len()).unwrap_or(u16::MAX), 0]);
    }
    geokeys.extend_from_slice(&[if geographic { 2048 } else { 3072 }, 0, 1, code.unwrap_or(32767)]);
    let bits = (sample_bytes * 8) as u16;
    let mut tags: Vec<(u16, Tag)> = vec![
        (256, Tag::Long(vec![width as u32])),
        (257, Tag::Long(vec![height as u32])),
        (258, Tag::Short(vec![bits; bands])),
        (259, Tag::Short(vec![8])),
        (262, Tag::Short(vec![1])),
        (277, Tag::Short(vec![bands as u16])),
        (284, Tag::Short(vec![2])),
        (322, Tag::Long(vec![TILE as u32])),
        (323, Tag::Long(vec![TILE as u32])),
        (324, Tag::Long(offsets.iter().map(|o| *o as u32).collect())),
        (325, Tag::Long(counts.iter().map(|c| *c as u32).collect())),
        (339, Tag::Short(vec![3; bands])),
    ];
    if info.transform.is_north_up() {
        tags.push((33550, Tag::Double(vec![t[1], -t[5], 0.0])));
        tags.push((33922, Tag::Double(vec![0.0, 0.0, 0.0, t[0], t[3], 0.0])));
    } else {
        let m = vec![t[1], t[2], 0.0, t[0], t[4], t[5], 0.0, t[3], 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0];
        tags.push((34264, Tag::Double(m)));
    }
    tags.push((34735, Tag::Short(geokeys)));
    if let Some(text) = pe_string {
        tags.push((34737, Tag::Ascii(text)));
    }
    if let Some(nodata) = info.nodata {
        let text = if nodata.is_nan() { "nan".to_owned() } else { format!("{nodata}") };
        tags.push((42113, Tag::Ascii(text)));
    }
    tags.sort_by_key(|(tag, _)| *tag);
    let ifd_offset = out.len();
    out[4..8].copy_from_slice(&(ifd_offset as u32).to_le_bytes());
    let mut extra_at = ifd_offset + 2 + tags.len() * 12 + 4;
    let mut entries = Vec::new();
    let mut extra = Vec::new();
    entries.extend_from_slice(&(tags.len() as u16).to_le_bytes());
    for (tag, value) in &tags {
        let (kind, count, bytes) = value.encode();
        entries.extend_from_slice(&tag.to_le_bytes());
        entries.extend_from_slice(&kind.to_le_bytes());
        entries.extend_from_slice(&count.to_le_bytes());
        if bytes.len() <= 4 {
            let mut inline = bytes;
            inline.resize(4, 0);
            entries.extend_from_slice(&inline);
        } else {
            entries.extend_from_slice(&(extra_at as u32).to_le_bytes());
            extra_at += bytes.len() + bytes.len() % 2;
            extra.extend_from_slice(&bytes);
            if bytes.len() % 2 == 1 {
                extra.push(0);
            }
        }
    }
    entries.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&entries);
    out.extend_from_slice(&extra);
    Ok(out)
}

/// A tag's values.
enum Tag {
    Short(Vec<u16>),
    Long(Vec<u32>),
    Double(Vec<f64>),
    Ascii(String),
}

impl Tag {
    /// The TIFF type, count and little-endian bytes.
    fn encode(&self) -> (u16, u32, Vec<u8>) {
        match self {
            Tag::Short(v) => (3, v.len() as u32, v.iter().flat_map(|x| x.to_le_bytes()).collect()),
            Tag::Long(v) => (4, v.len() as u32, v.iter().flat_map(|x| x.to_le_bytes()).collect()),
            Tag::Double(v) => (12, v.len() as u32, v.iter().flat_map(|x| x.to_le_bytes()).collect()),
            Tag::Ascii(s) => {
                let mut bytes = s.as_bytes().to_vec();
                bytes.push(0);
                (2, bytes.len() as u32, bytes)
            }
        }
    }
}
