//! LERC-compressed chunks (TIFF compression 34887), decoded as libtiff decodes them for GDAL:
//! the chunk is first inflated by its additional compression (none, deflate or ZSTD, from the
//! `LercParameters` tag), then decoded by `lerc-reader` (Esri's Lerc1 and Lerc2 v1 to v6, pure
//! Rust). What the blob's validity mask marks invalid becomes NaN in a floating-point band, and
//! the alpha band of an 8-bit image whose last extra sample is unassociated alpha (GDAL stores
//! such an alpha band as the mask, not as a band); an integer blob with invalid cells otherwise is
//! refused, as libtiff leaves those cells undefined.

use std::io::Read;

use lerc_core::PixelData;

use crate::raster::SampleType;

/// TIFF's code for LERC.
pub(crate) const TIFF_COMPRESSION_LERC: u16 = 34887;
/// The `LercParameters` tag: the LERC version and the additional compression.
pub(crate) const TIFF_TAG_LERC_PARAMETERS: u16 = 50674;

/// How a file's LERC chunks are stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lerc {
    /// The LERC version the writer names (GDAL writes 4); the blobs carry their own, which is the
    /// one read (libtiff only warns when they differ).
    pub(crate) version: u32,
    /// The compression applied to each blob after LERC.
    pub(crate) additional: Additional,
}

/// The compression applied after LERC (`LERC_DEFLATE`, `LERC_ZSTD`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Additional {
    /// `LERC`.
    None,
    /// `LERC_DEFLATE`: zlib.
    Deflate,
    /// `LERC_ZSTD`.
    Zstd,
}

impl Lerc {
    /// From the `LercParameters` values (absent: LERC 2.4 without additional compression, as
    /// libtiff assumes); an additional compression libtiff does not know is an error.
    pub(crate) fn from_parameters(values: &[u32]) -> Result<Lerc, String> {
        let version = values.first().copied().unwrap_or(4);
        let additional = match values.get(1).copied().unwrap_or(0) {
            0 => Additional::None,
            1 => Additional::Deflate,
            2 => Additional::Zstd,
            other => {
                return Err(format!(
                    "its LERC chunks are compressed again with a method (code {other}) that neither libtiff nor \
                     RustGIS knows; GDAL writes none (0), deflate (1) or ZSTD (2)"
                ));
            }
        };
        Ok(Lerc { version, additional })
    }
}

/// What one chunk holds once decoded.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ChunkShape {
    /// Columns (the tile's width, or the image's for a strip).
    pub(crate) width: usize,
    /// Rows (the tile's height, or the strip's rows).
    pub(crate) height: usize,
    /// Samples per cell in the chunk (1 when each band has its own plane).
    pub(crate) samples: usize,
    /// The cells' type.
    pub(crate) sample_type: SampleType,
    /// Whether the last sample is an 8-bit unassociated alpha, which GDAL stores as LERC's mask.
    pub(crate) alpha_last: bool,
}

/// Decodes one chunk's stored bytes into `shape.width × shape.height × shape.samples`
/// native-endian samples, cell by cell (samples interleaved). The error says what is wrong.
pub(crate) fn decode(stored: &[u8], lerc: Lerc, shape: &ChunkShape) -> Result<Vec<u8>, String> {
    let cells = shape.width * shape.height;
    let decoded_len = cells * shape.samples * shape.sample_type.bytes();
    // libtiff inflates into a buffer of the chunk's size and a third more; a blob is never larger.
    let limit = (decoded_len + decoded_len / 3 + 4096) as u64;
    let inflated;
    let blob: &[u8] = match lerc.additional {
        Additional::None => stored,
        Additional::Deflate => {
            let mut out = Vec::new();
            flate2::read::ZlibDecoder::new(stored)
                .take(limit)
                .read_to_end(&mut out)
                .map_err(|e| format!("the deflate data around its LERC blob is corrupt: {e}"))?;
            inflated = out;
            &inflated
        }
        Additional::Zstd => {
            let mut out = Vec::new();
            zstd::stream::read::Decoder::new(stored)
                .and_then(|decoder| decoder.take(limit).read_to_end(&mut out))
                .map_err(|e| format!("the ZSTD data around its LERC blob is corrupt: {e}"))?;
            inflated = out;
            &inflated
        }
    };
    // The first header is checked against the chunk before anything is decoded, so a blob that
    // claims a larger grid takes no memory.
    let first = lerc_reader::inspect_first(blob).map_err(|e| format!("its LERC blob is corrupt: {e}"))?;
    if first.width as usize != shape.width || first.height as usize != shape.height {
        return Err(format!(
            "its LERC blob is {}×{} cells, but the chunk is {}×{}",
            first.width, first.height, shape.width, shape.height
        ));
    }
    let decoded = lerc_reader::decode_band_set(blob).map_err(|e| format!("its LERC blob is corrupt: {e}"))?;
    let (_, bands, masks) = decoded.into_parts();
    let depth = first.depth as usize;
    let stored_samples = depth * bands.len();
    let alpha_from_mask = shape.alpha_last && bands.len() == 1 && stored_samples + 1 == shape.samples;
    if stored_samples != shape.samples && !alpha_from_mask {
        return Err(format!(
            "its LERC blob holds {stored_samples} samples per cell ({} band(s) of depth {depth}), but the chunk has {}",
            bands.len(),
            shape.samples
        ));
    }
    let is_float = matches!(shape.sample_type, SampleType::F32 | SampleType::F64);
    let mut out = vec![0u8; decoded_len];
    let width = shape.sample_type.bytes();
    for (band_idx, (band, mask)) in bands.iter().zip(&masks).enumerate() {
        if band.len() != cells * depth {
            return Err(format!("its LERC blob decodes to {} samples, not {}", band.len(), cells * depth));
        }
        if let Some(mask) = mask
            && mask.len() != cells
        {
            return Err("its LERC mask does not cover the chunk".to_owned());
        }
        let invalid = |cell: usize| mask.as_ref().is_some_and(|mask| mask[cell] == 0);
        if !is_float && !alpha_from_mask && (0..cells).any(invalid) {
            return Err(
                "its LERC blob marks integer cells invalid, which libtiff leaves undefined; GDAL writes a LERC mask \
                 only for NaN cells of floating-point bands and for an 8-bit alpha band"
                    .to_owned(),
            );
        }
        for cell in 0..cells {
            for sample in 0..depth {
                let at = (cell * shape.samples + band_idx * depth + sample) * width;
                let target = &mut out[at..at + width];
                if is_float && invalid(cell) {
                    write_nan(target, shape.sample_type);
                } else {
                    write_sample(band, cell * depth + sample, target, shape.sample_type)?;
                }
            }
            if alpha_from_mask {
                out[cell * shape.samples + shape.samples - 1] = if invalid(cell) { 0 } else { 255 };
            }
        }
    }
    Ok(out)
}

/// Writes NaN of a floating-point type.
fn write_nan(target: &mut [u8], sample_type: SampleType) {
    if sample_type == SampleType::F32 {
        target.copy_from_slice(&f32::NAN.to_ne_bytes());
    } else {
        target.copy_from_slice(&f64::NAN.to_ne_bytes());
    }
}

/// Writes sample `i` of `band` as native-endian bytes of `sample_type`, which must be its type.
fn write_sample(band: &PixelData, i: usize, target: &mut [u8], sample_type: SampleType) -> Result<(), String> {
    match (band, sample_type) {
        (PixelData::U8(v), SampleType::U8) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::I8(v), SampleType::I8) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::U16(v), SampleType::U16) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::I16(v), SampleType::I16) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::U32(v), SampleType::U32) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::I32(v), SampleType::I32) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::F32(v), SampleType::F32) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (PixelData::F64(v), SampleType::F64) => target.copy_from_slice(&v[i].to_ne_bytes()),
        (band, _) => {
            return Err(format!(
                "its LERC blob holds {} cells, but the file says {}",
                band.data_type().name(),
                sample_type.name()
            ));
        }
    }
    Ok(())
}
