//! The GeoTIFF / Cloud Optimized GeoTIFF reader, on the `tiff` crate.
//!
//! Opening reads only the image file directories (IFDs): sizes, sample type, tile or strip
//! offsets, the georeferencing (ModelTiepoint + ModelPixelScale, or ModelTransformation), the CRS
//! from the GeoKeys, GDAL's nodata and the overviews (further reduced-resolution IFDs). Every
//! count and offset is checked against the file then, so a corrupt file is refused at once with
//! the cause. A read decodes only the tiles or strips a window meets, one at a time, each at most
//! [`MAX_CHUNK_BYTES`] once decoded: memory stays bounded whatever the file's size or its
//! compressed data claim (a decompression bomb inflates into that fixed buffer and no further).

mod bits;
mod georef;
mod lerc;
mod raw;

use std::fs::File;
use std::io::BufReader;
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use tiff::decoder::{Decoder, Limits as TiffLimits};
use tiff::tags::Tag;

use crate::crs::geokeys::{GeoKeys, KeysCrs};
use crate::error::{Error, Result};
use crate::io::SharedFile;
use crate::raster::grid::{CellsMut, GeoTransform, Grid, check_cells, fits_f32};
use crate::raster::{Level, Photometric, RasterInfo, SampleType, Window};
pub(crate) use bits::Packing;
pub(crate) use lerc::Lerc;

/// The most bytes one tile or strip may take once decoded (64 MiB): a file whose chunks are
/// larger is refused when opened.
pub const MAX_CHUNK_BYTES: u64 = 64 << 20;

/// The most image file directories (the image and its overviews and masks) read from one file.
const MAX_IFDS: usize = 64;

/// The largest tag value read (tile offsets of a 2 GB COG take a few hundred kB).
const MAX_TAG_BYTES: usize = 64 << 20;

const TIFF_COMPRESSION_NONE: u16 = 1;
const TIFF_COMPRESSION_LZW: u16 = 5;
const TIFF_COMPRESSION_JPEG: u16 = 7;
const TIFF_COMPRESSION_DEFLATE: u16 = 8;
const TIFF_COMPRESSION_DEFLATE_OLD: u16 = 32946;
const TIFF_COMPRESSION_PACKBITS: u16 = 32773;
const TIFF_COMPRESSION_ZSTD: u16 = 50000;
/// CCITT Group 4 fax, of 1-bit scans (the `tiff` crate decodes it with the `fax` crate).
const TIFF_COMPRESSION_CCITT_FAX4: u16 = 4;
/// PhotometricInterpretation 0: the smallest value is white (GDAL reads the values as stored).
const TIFF_PHOTOMETRIC_MINISWHITE: u16 = 0;
/// The FillOrder tag: 2 stores the bits of each byte least significant first.
const TIFF_TAG_FILL_ORDER: u16 = 266;
/// The ExtraSamples tag: what each sample beyond the colour ones is (2: unassociated alpha).
const TIFF_TAG_EXTRA_SAMPLES: u16 = 338;
/// PhotometricInterpretation 5: separated inks, CMYK unless the InkSet tag says otherwise.
const TIFF_PHOTOMETRIC_SEPARATED: u16 = 5;
/// The InkSet tag: 1 is CMYK, 2 other inks.
const TIFF_TAG_INK_SET: u16 = 332;

/// The compressions RustGIS reads: none, LZW, JPEG, deflate (both codes), PackBits, ZSTD, WebP and
/// CCITT Group 4 (through the `tiff` crate), and LERC (`lerc.rs`).
const READ_COMPRESSIONS: [u16; 10] =
    [1, 5, 7, 8, 32946, 32773, 50000, 50001, TIFF_COMPRESSION_CCITT_FAX4, lerc::TIFF_COMPRESSION_LERC];

/// The name GDAL gives a TIFF compression code, for errors.
fn compression_name(code: u16) -> &'static str {
    match code {
        1 => "no",
        2 => "CCITT RLE",
        3 | 4 => "CCITT fax",
        5 => "LZW",
        6 => "old-style JPEG",
        7 => "JPEG",
        8 | 32946 => "deflate",
        34887 => "LERC",
        34925 => "LZMA",
        34926 => "ZSTD (old code)",
        32773 => "PackBits",
        50000 => "ZSTD",
        50001 => "WebP",
        50002 => "JPEG XL",
        52546 => "JPEG XL",
        _ => "an unknown",
    }
}

/// What the first (full-resolution) image says about every level: sample type, bands, how
/// they are seen, palette.
type FirstImage = (SampleType, usize, Photometric, Option<Vec<[u8; 4]>>, Option<usize>);

/// Opens a GeoTIFF, opened at `path` as `file`: reads its directories and checks them against
/// the file.
pub(crate) fn open(file: &Arc<File>, path: &Path) -> Result<RasterInfo> {
    guarded(path, "the file's directories", || open_unguarded(file, path))
}

/// Reads the cells of `bands` (0-based) in `window` of overview `level` (0 is full resolution),
/// through the descriptor the raster was opened with (never the path again).
pub(crate) fn read(
    info: &RasterInfo,
    file: &Arc<File>,
    path: &Path,
    level: usize,
    window: Window,
    bands: &[usize],
) -> Result<Vec<Grid>> {
    guarded(path, "its cells", || read_unguarded(info, file, path, level, window, bands))
}

/// Runs a read and turns a panic of the decoder into a clear error instead of a crash.
fn guarded<T>(path: &Path, what: &str, run: impl FnOnce() -> Result<T>) -> Result<T> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(result) => result,
        Err(_) => Err(data_error(path, "the file", format!("the TIFF decoder failed on {what}; the file is corrupt"))),
    }
}

fn data_error(path: &Path, position: impl Into<String>, message: impl Into<String>) -> Error {
    Error::Data { path: path.to_owned(), position: position.into(), message: message.into() }
}

fn tiff_error(path: &Path, position: impl Into<String>, error: tiff::TiffError) -> Error {
    let message = match error {
        tiff::TiffError::LimitsExceeded => {
            "a tag or a tile is larger than RustGIS reads (the file is corrupt or hostile)".to_owned()
        }
        tiff::TiffError::IoError(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            "the file ends before the data its directory points to (truncated or a bad offset)".to_owned()
        }
        tiff::TiffError::FormatError(tiff::TiffFormatError::InconsistentSizesEncountered) => {
            "the number of tiles or strips the file lists does not match its image size (the counts lie or the \
             file is corrupt)"
                .to_owned()
        }
        other => format!("not a GeoTIFF RustGIS can read: {other}"),
    };
    data_error(path, position, message)
}

/// A decoder reading `file` from its own position (tasks drawing tiles share the descriptor).
fn decoder(file: &Arc<File>, path: &Path) -> Result<Decoder<BufReader<SharedFile>>> {
    let file = SharedFile::new(Arc::clone(file));
    let mut limits = TiffLimits::default();
    limits.decoding_buffer_size = MAX_CHUNK_BYTES as usize;
    limits.intermediate_buffer_size = MAX_CHUNK_BYTES as usize;
    limits.ifd_value_size = MAX_TAG_BYTES;
    Decoder::new(BufReader::new(file))
        .map(|d| d.with_limits(limits))
        .map_err(|e| tiff_error(path, "the TIFF header", e))
}

fn open_unguarded(file: &Arc<File>, path: &Path) -> Result<RasterInfo> {
    let file_len =
        file.metadata().map_err(|cause| Error::Io { action: "cannot read", path: path.to_owned(), cause })?.len();
    let mut decoder = decoder(file, path)?;
    let mut levels = Vec::new();
    let mut first: Option<FirstImage> = None;
    let mut ifd = 0usize;
    let (mut transform, mut crs, mut nodata, mut notices) = (None, None, None, Vec::new());
    let mut crs_problem = None;
    loop {
        if ifd >= MAX_IFDS {
            return Err(data_error(path, format!("IFD {ifd}"), format!("the file has more than {MAX_IFDS} images")));
        }
        let position = format!("IFD {ifd}");
        let tag_err = |e| tiff_error(path, position.clone(), e);
        let subfile = decoder.find_tag_unsigned::<u32>(Tag::NewSubfileType).map_err(tag_err)?.unwrap_or(0);
        let is_mask = subfile & 4 != 0;
        if !is_mask {
            let (width, height) = decoder.dimensions().map_err(tag_err)?;
            let samples = decoder.find_tag_unsigned::<u16>(Tag::SamplesPerPixel).map_err(tag_err)?.unwrap_or(1);
            let bits =
                decoder.find_tag_unsigned_vec::<u16>(Tag::BitsPerSample).map_err(tag_err)?.unwrap_or_else(|| vec![1]);
            let formats = decoder.find_tag_unsigned_vec::<u16>(Tag::SampleFormat).map_err(tag_err)?.unwrap_or_default();
            let (packing, sample_type) = sample_type(path, &position, &bits, &formats)?;
            let photometric_code = decoder.find_tag_unsigned::<u16>(Tag::PhotometricInterpretation).map_err(tag_err)?;
            let planar = decoder.find_tag_unsigned::<u16>(Tag::PlanarConfiguration).map_err(tag_err)?.unwrap_or(1) == 2;
            let compression = decoder.find_tag_unsigned::<u16>(Tag::Compression).map_err(tag_err)?.unwrap_or(1);
            let predictor = decoder.find_tag_unsigned::<u16>(Tag::Predictor).map_err(tag_err)?.unwrap_or(1);
            let tiled = decoder.find_tag(Tag::TileWidth).map_err(tag_err)?.is_some();
            let ink_set = decoder.find_tag_unsigned::<u16>(Tag::Unknown(TIFF_TAG_INK_SET)).map_err(tag_err)?;
            let (chunk_width, chunk_height) = if tiled {
                let tw = decoder.get_tag_u32(Tag::TileWidth).map_err(tag_err)?;
                let th = decoder.get_tag_u32(Tag::TileLength).map_err(tag_err)?;
                (tw, th)
            } else {
                let rows = decoder.find_tag_unsigned::<u32>(Tag::RowsPerStrip).map_err(tag_err)?.unwrap_or(height);
                (width, rows.min(height).max(1))
            };
            let (offset_tag, count_tag) =
                if tiled { (Tag::TileOffsets, Tag::TileByteCounts) } else { (Tag::StripOffsets, Tag::StripByteCounts) };
            let offsets = decoder.get_tag_u64_vec(offset_tag).map_err(tag_err)?;
            let byte_counts = decoder.get_tag_u64_vec(count_tag).map_err(tag_err)?;
            let stored = Stored { packing, sample_type, compression, predictor, photometric: photometric_code };
            let (lerc, alpha_last) = check_storage(&mut decoder, path, &position, &stored)?;
            let level = Level {
                width: width as usize,
                height: height as usize,
                ifd,
                chunk_width: chunk_width as usize,
                chunk_height: chunk_height as usize,
                planar,
                samples: samples as usize,
                compression,
                predictor,
                ycbcr: compression == TIFF_COMPRESSION_JPEG && photometric_code == Some(6) && samples == 3,
                // What libtiff's RGBA interface, and so GDAL, converts: 8-bit C, M, Y, K inks.
                cmyk: photometric_code == Some(TIFF_PHOTOMETRIC_SEPARATED)
                    && samples == 4
                    && sample_type == SampleType::U8
                    && ink_set.is_none_or(|set| set == 1),
                packing,
                lerc,
                white_is_zero: photometric_code == Some(TIFF_PHOTOMETRIC_MINISWHITE),
                colour_map: photometric_code == Some(3),
                alpha_last,
                offsets,
                byte_counts,
            };
            check_level(path, &position, &level, sample_type, file_len)?;
            match &first {
                None => {
                    let photometric = match photometric_code {
                        // GDAL writes JPEG-compressed colour as YCbCr, which the decoder turns into RGB.
                        Some(2 | 6) if samples >= 3 => Photometric::Rgb,
                        Some(TIFF_PHOTOMETRIC_SEPARATED) if level.cmyk && compression == TIFF_COMPRESSION_JPEG => {
                            return Err(data_error(
                                path,
                                position,
                                "a JPEG-compressed CMYK image is not one RustGIS reads; GDAL reads it as red, green, \
                                 blue and alpha, and `gdal_translate -co COMPRESS=DEFLATE` writes those bands as a \
                                 GeoTIFF RustGIS reads",
                            ));
                        }
                        Some(TIFF_PHOTOMETRIC_SEPARATED) if level.cmyk => {
                            notices.push(format!(
                                "{} is a CMYK image: read as red, green, blue and alpha (255), converted as GDAL \
                                 converts it (K' = 255 - K, R = K' (255 - C) / 255, and so on)",
                                path.display()
                            ));
                            Photometric::Rgb
                        }
                        Some(TIFF_PHOTOMETRIC_SEPARATED) => {
                            notices.push(format!(
                                "{}: its {samples} bands of {}-bit cells are the inks of a separated (CMYK) image; they \
                                 are read as GDAL reads them, as the inks' values, and drawn as values, not as colours \
                                 (RustGIS and GDAL convert only 8-bit CMYK to red, green and blue)",
                                path.display(),
                                sample_type.bytes() * 8
                            ));
                            Photometric::Gray
                        }
                        Some(3) if samples == 1 && sample_type == SampleType::U8 => Photometric::Palette,
                        // GDAL gives a 1-bit band a colour table: 0 black and 1 white, or the
                        // reverse for MINISWHITE; the cells stay 0 and 1.
                        Some(0 | 1) | None if samples == 1 && packing == Packing::Bits(1) => Photometric::Palette,
                        Some(3) => {
                            return Err(data_error(
                                path,
                                position,
                                "a paletted image must have one 8-bit band; RustGIS reads palettes of 8-bit cells",
                            ));
                        }
                        _ => Photometric::Gray,
                    };
                    let palette = if photometric == Photometric::Palette && photometric_code != Some(3) {
                        let (black, white) = ([0, 0, 0, 255], [255, 255, 255, 255]);
                        let two = if level.white_is_zero { [white, black] } else { [black, white] };
                        Some(two.into_iter().chain(std::iter::repeat([0; 4])).take(256).collect())
                    } else if photometric == Photometric::Palette {
                        let map = decoder.get_tag_u16_vec(Tag::ColorMap).map_err(tag_err)?;
                        Some(palette_of(path, &position, &map, packing.bits(sample_type))?)
                    } else {
                        None
                    };
                    if !level.colour_map && !READ_COMPRESSIONS.contains(&compression) {
                        return Err(data_error(
                            path,
                            position,
                            format!(
                                "{} compression (TIFF code {compression}) is not one RustGIS reads; it reads \
                                 uncompressed, LZW, deflate, PackBits, ZSTD, JPEG, WebP, LERC and (1-bit) CCITT \
                                 Group 4 GeoTIFFs (gdal_translate -co COMPRESS=DEFLATE converts others)",
                                compression_name(compression)
                            ),
                        ));
                    }
                    let (t, c, n) = georeferencing(&mut decoder, path, &position, sample_type, &mut notices)?;
                    let (t, c) = georef::with_sidecars(path, &position, t, c, &mut notices)?;
                    transform = Some(t);
                    crs = match c {
                        KeysCrs::Crs(crs, note) => {
                            notices.extend(note.map(|n| format!("{}: {n}", path.display())));
                            Some(crs)
                        }
                        KeysCrs::None => None,
                        KeysCrs::Unreadable(problem) => {
                            crs_problem = Some(problem);
                            None
                        }
                    };
                    nodata = n;
                    // An RGB image whose last extra sample is alpha (associated or not) draws
                    // through it, as GDAL gives that band the alpha colour interpretation.
                    let extra = decoder
                        .find_tag_unsigned_vec::<u16>(Tag::Unknown(TIFF_TAG_EXTRA_SAMPLES))
                        .map_err(tag_err)?
                        .unwrap_or_default();
                    let alpha = (photometric == Photometric::Rgb
                        && samples >= 4
                        && !level.cmyk
                        && matches!(extra.last(), Some(1 | 2)))
                    .then(|| samples as usize - 1);
                    first = Some((sample_type, samples as usize, photometric, palette, alpha));
                    levels.push(level);
                }
                Some((first_type, first_samples, ..)) => {
                    let reduced = subfile & 1 != 0;
                    let base = &levels[0];
                    if reduced
                        && sample_type == *first_type
                        && samples as usize == *first_samples
                        && level.width < base.width
                        && level.height < base.height
                    {
                        levels.push(level);
                    }
                }
            }
        }
        if !decoder.more_images() {
            break;
        }
        decoder.next_image().map_err(|e| tiff_error(path, format!("IFD {}", ifd + 1), e))?;
        ifd += 1;
    }
    let Some((sample_type, bands, photometric, palette, alpha)) = first else {
        return Err(data_error(path, "IFD 0", "the file holds only masks, no image"));
    };
    levels.sort_by_key(|level| std::cmp::Reverse(level.width));
    Ok(RasterInfo {
        crs_problem,
        path: Some(path.to_owned()),
        width: levels[0].width,
        height: levels[0].height,
        bands,
        sample_type,
        nodata,
        transform: transform.expect("the first image set the transform"),
        crs,
        photometric,
        palette,
        alpha,
        levels,
        notices,
    })
}

/// How the samples are stored and the type GDAL reads them as.
fn sample_type(path: &Path, position: &str, bits: &[u16], formats: &[u16]) -> Result<(Packing, SampleType)> {
    let first_bits = bits.first().copied().unwrap_or(1);
    if bits.iter().any(|b| *b != first_bits) {
        return Err(data_error(path, position, format!("bands of different sizes ({bits:?} bits) are not supported")));
    }
    let format = formats.first().copied().unwrap_or(1);
    Packing::of(format, first_bits).ok_or_else(|| {
        let kind = match format {
            1 => "unsigned integer",
            2 => "signed integer",
            3 => "floating point",
            _ => "unknown",
        };
        data_error(
            path,
            position,
            format!(
                "{first_bits}-bit {kind} cells are not supported; RustGIS reads unsigned integers of 1 to 32 bits, \
                 8/16/32-bit signed integers and 16/32/64-bit floating point bands"
            ),
        )
    })
}

/// How a level's chunks are stored, as far as the checks of [`check_storage`] need.
struct Stored {
    packing: Packing,
    sample_type: SampleType,
    compression: u16,
    predictor: u16,
    photometric: Option<u16>,
}

/// Refuses the ways of storing samples that RustGIS would read differently from libtiff, and
/// reads what LERC chunks need: the `LercParameters`, and whether the last sample is an
/// unassociated alpha (which GDAL's LERC stores as the blob's mask).
fn check_storage(
    decoder: &mut Decoder<BufReader<SharedFile>>,
    path: &Path,
    position: &str,
    stored: &Stored,
) -> Result<(Option<Lerc>, bool)> {
    let tag_err = |e| tiff_error(path, position, e);
    let refuse = |message: String| Err(data_error(path, position, message));
    if decoder.find_tag_unsigned::<u16>(Tag::Unknown(TIFF_TAG_FILL_ORDER)).map_err(tag_err)? == Some(2) {
        return refuse(
            "its bits are stored least significant first (FillOrder 2), which RustGIS does not read; \
             gdal_translate writes the file in the usual order"
                .to_owned(),
        );
    }
    let packed = matches!(stored.packing, Packing::Bits(_));
    if (packed && stored.predictor != 1) || (stored.packing == Packing::Half && stored.predictor == 2) {
        return refuse(format!(
            "predictor {} on {}-bit samples is not one RustGIS undoes; gdal_translate -co PREDICTOR=1 converts it",
            stored.predictor,
            stored.packing.bits(stored.sample_type)
        ));
    }
    if stored.photometric == Some(TIFF_PHOTOMETRIC_MINISWHITE)
        && matches!(
            stored.sample_type,
            SampleType::F32 | SampleType::F64 | SampleType::I8 | SampleType::I16 | SampleType::I32
        )
    {
        return refuse(
            "a MINISWHITE image of signed or floating-point cells is not one RustGIS reads as GDAL does; \
             gdal_translate -co PHOTOMETRIC=MINISBLACK rewrites the same values"
                .to_owned(),
        );
    }
    if stored.compression != lerc::TIFF_COMPRESSION_LERC {
        return Ok((None, false));
    }
    if stored.predictor != 1 || stored.packing != Packing::Whole {
        return refuse(
            "a LERC image with a predictor or samples that are not whole bytes, which libtiff does not read either"
                .to_owned(),
        );
    }
    let parameters = decoder
        .find_tag_unsigned_vec::<u32>(Tag::Unknown(lerc::TIFF_TAG_LERC_PARAMETERS))
        .map_err(tag_err)?
        .unwrap_or_default();
    let lerc = Lerc::from_parameters(&parameters).map_err(|message| data_error(path, position, message))?;
    let extra = decoder.find_tag_unsigned_vec::<u16>(Tag::Unknown(TIFF_TAG_EXTRA_SAMPLES)).map_err(tag_err)?;
    let alpha_last = stored.sample_type == SampleType::U8 && extra.and_then(|e| e.last().copied()) == Some(2);
    Ok((Some(lerc), alpha_last))
}

/// Checks a level's sizes, chunk counts and offsets against the file.
fn check_level(path: &Path, position: &str, level: &Level, sample: SampleType, file_len: u64) -> Result<()> {
    if level.width == 0 || level.height == 0 {
        return Err(data_error(path, position, "the image has no cells (a width or height of 0)"));
    }
    if level.chunk_width == 0 || level.chunk_height == 0 {
        return Err(data_error(path, position, "a tile or strip of size 0"));
    }
    let samples_per_chunk = if level.planar { 1 } else { level.samples } as u64;
    let chunk_bytes = (level.chunk_width as u64)
        .saturating_mul(level.chunk_height as u64)
        .saturating_mul(samples_per_chunk)
        .saturating_mul(sample.bytes() as u64);
    if chunk_bytes > MAX_CHUNK_BYTES {
        return Err(data_error(
            path,
            position,
            format!(
                "one {} of {}×{} cells takes {chunk_bytes} bytes once decoded, more than the {MAX_CHUNK_BYTES} RustGIS \
                 decodes at once; rewrite it tiled (gdal_translate -co TILED=YES)",
                if level.is_tiled_shape() { "tile" } else { "strip" },
                level.chunk_width,
                level.chunk_height
            ),
        ));
    }
    let expected = level.chunks_per_plane() as u64 * level.planes() as u64;
    for (what, got) in [("offsets", level.offsets.len()), ("byte counts", level.byte_counts.len())] {
        if got as u64 != expected {
            return Err(data_error(
                path,
                position,
                format!(
                    "the file lists {got} chunk {what}, but an image of {}×{} cells in chunks of {}×{} with {} plane(s) \
                     has {expected}",
                    level.width,
                    level.height,
                    level.chunk_width,
                    level.chunk_height,
                    level.planes()
                ),
            ));
        }
    }
    for (index, (offset, count)) in level.offsets.iter().zip(&level.byte_counts).enumerate() {
        let end = offset.checked_add(*count);
        if end.is_none_or(|end| end > file_len) {
            return Err(data_error(
                path,
                format!("{position}, chunk {index}"),
                format!(
                    "the chunk's {count} bytes at offset {offset} lie past the end of the file ({file_len} bytes): the \
                     file is truncated or its offsets are wrong"
                ),
            ));
        }
    }
    Ok(())
}

/// The colour map of a paletted image of `bits`-bit cells (3 × 2^bits values: reds, greens,
/// blues), as 256 RGBA entries (those past the map's end transparent).
fn palette_of(path: &Path, position: &str, map: &[u16], bits: usize) -> Result<Vec<[u8; 4]>> {
    let entries = 1usize << bits.min(8);
    if map.len() != 3 * entries {
        return Err(data_error(
            path,
            position,
            format!("a colour map of {} values; a palette of {bits}-bit cells has {}", map.len(), 3 * entries),
        ));
    }
    let colour = |i: usize| {
        if i < entries {
            [(map[i] >> 8) as u8, (map[entries + i] >> 8) as u8, (map[2 * entries + i] >> 8) as u8, 255]
        } else {
            [0; 4]
        }
    };
    Ok((0..256).map(colour).collect())
}

/// The nodata value GDAL reads from a `GDAL_NODATA` tag's text, and a notice when the text is not
/// simply a number. GDAL reads the text with `CPLAtofM`: `inf`, `-inf`, `nan` and the Windows
/// spellings (`1.#INF`, `1.#QNAN`, `-1.#IND`), else the longest number the text starts with, else
/// 0. For a float32 band it rounds the value to float32 (so 3.40282347e+38 is float32's largest
/// value, the cells' value, and anything larger is infinity), as the cells are compared as float32.
fn gdal_nodata(text: &str, sample_type: SampleType) -> (f64, Option<String>) {
    let text = text.trim_matches(|c: char| c == '\0' || c.is_whitespace());
    let windows = match text.to_ascii_lowercase().as_str() {
        "1.#inf" | "+1.#inf" => Some(f64::INFINITY),
        "-1.#inf" => Some(f64::NEG_INFINITY),
        "1.#qnan" | "-1.#qnan" | "1.#ind" | "-1.#ind" => Some(f64::NAN),
        _ => None,
    };
    let (value, notice) = match windows.or_else(|| text.parse::<f64>().ok()) {
        Some(value) => (value, None),
        None => {
            // The longest prefix that is a number, as C's strtod reads it.
            let head: String = text.chars().take(64).collect();
            let value = (1..head.len())
                .rev()
                .filter(|end| head.is_char_boundary(*end))
                .find_map(|end| head[..end].parse::<f64>().ok())
                .unwrap_or(0.0);
            (value, Some(format!("GDAL_NODATA {text:?} is not a number; read as {value}, as GDAL reads it")))
        }
    };
    if sample_type == SampleType::F32 { (f64::from(value as f32), notice) } else { (value, notice) }
}

/// The transform (if the file has one), CRS and nodata of the first image.
fn georeferencing(
    decoder: &mut Decoder<BufReader<SharedFile>>,
    path: &Path,
    position: &str,
    sample_type: SampleType,
    notices: &mut Vec<String>,
) -> Result<(Option<GeoTransform>, KeysCrs, Option<f64>)> {
    let tag_err = |e| tiff_error(path, position, e);
    let f64s = |decoder: &mut Decoder<BufReader<SharedFile>>, tag| -> Result<Option<Vec<f64>>> {
        match decoder.find_tag(tag).map_err(|e| tiff_error(path, position, e))? {
            Some(v) => v.into_f64_vec().map(Some).map_err(|e| tiff_error(path, position, e)),
            None => Ok(None),
        }
    };
    let directory = decoder.find_tag_unsigned_vec::<u16>(Tag::GeoKeyDirectoryTag).map_err(tag_err)?.unwrap_or_default();
    let doubles = f64s(decoder, Tag::GeoDoubleParamsTag)?.unwrap_or_default();
    let ascii = match decoder.find_tag(Tag::GeoAsciiParamsTag).map_err(tag_err)? {
        Some(value) => value.into_string().unwrap_or_default(),
        None => String::new(),
    };
    let keys = GeoKeys::parse(&directory, &doubles, &ascii);
    let pixel_is_point = keys.short(1025) == Some(2);
    let transform = if let Some(m) = f64s(decoder, Tag::ModelTransformationTag)? {
        if m.len() != 16 {
            return Err(data_error(path, position, format!("a ModelTransformation of {} values; it has 16", m.len())));
        }
        Some(GeoTransform([m[3], m[0], m[1], m[7], m[4], m[5]]))
    } else {
        match (f64s(decoder, Tag::ModelTiepointTag)?, f64s(decoder, Tag::ModelPixelScaleTag)?) {
            (Some(tie), Some(scale)) if tie.len() >= 6 && scale.len() >= 2 => {
                // GDAL takes the Y scale's size whatever its sign: rows run south, so an image
                // whose writer stored a negative Y scale is not drawn upside down.
                let scale_y = scale[1].abs();
                if scale[1] < 0.0 {
                    notices.push(format!(
                        "{}: its ModelPixelScale Y is negative ({}); read as positive, rows running south, as GDAL \
                         and QGIS read it",
                        path.display(),
                        scale[1]
                    ));
                }
                let left = tie[3] - tie[0] * scale[0];
                let top = tie[4] + tie[1] * scale_y;
                Some(GeoTransform([left, scale[0], 0.0, top, 0.0, -scale_y]))
            }
            _ => None,
        }
    };
    // GDAL reads a PixelIsPoint grid's tie point as the centre of the first cell.
    let transform = transform.map(|t| if pixel_is_point { t.shifted(-0.5, -0.5) } else { t });
    let crs = crate::crs::geokeys::crs_of(&keys);
    let nodata = match decoder.find_tag(Tag::GdalNodata).map_err(tag_err)? {
        Some(value) => {
            let text = value.into_string().map_err(tag_err)?;
            let (nodata, notice) = gdal_nodata(&text, sample_type);
            notices.extend(notice.map(|n| format!("{}: {n}", path.display())));
            Some(nodata)
        }
        None => None,
    };
    Ok((transform, crs, nodata))
}

fn read_unguarded(
    info: &RasterInfo,
    file: &Arc<File>,
    path: &Path,
    level_idx: usize,
    window: Window,
    bands: &[usize],
) -> Result<Vec<Grid>> {
    if !info.levels.get(level_idx).is_some_and(|level| level.cmyk) {
        return read_stored(info, file, path, level_idx, window, bands);
    }
    // Every band of a CMYK image needs the black ink (and its own): the four inks are read, then
    // converted to red, green, blue and alpha as libtiff's RGBA interface converts them for GDAL.
    let mut inks = read_stored(info, file, path, level_idx, window, &[0, 1, 2, 3])?;
    let [cyan, magenta, yellow, black] = &mut inks[..] else {
        return Err(data_error(path, "the file", "a CMYK image without its four inks"));
    };
    let black = black.values_mut();
    for ink in [cyan.values_mut(), magenta.values_mut(), yellow.values_mut()] {
        for (value, k) in ink.iter_mut().zip(black.iter()) {
            if !value.is_nan() && !k.is_nan() {
                *value = ((255.0 - k) * (255.0 - *value) / 255.0).floor();
            }
        }
    }
    for k in black.iter_mut() {
        if !k.is_nan() {
            *k = 255.0;
        }
    }
    Ok(bands.iter().map(|band| inks[*band].clone()).collect())
}

/// Reads the bands as the file stores them (a CMYK image's inks, not its colours).
fn read_stored(
    info: &RasterInfo,
    file: &Arc<File>,
    path: &Path,
    level_idx: usize,
    window: Window,
    bands: &[usize],
) -> Result<Vec<Grid>> {
    use rayon::prelude::*;

    let level = info.levels.get(level_idx).ok_or_else(|| {
        Error::invalid("level", format!("the raster has {} levels (0 is full resolution)", info.levels.len()))
    })?;
    check_cells(window.width, window.height)?;
    let fill = info.nodata.unwrap_or(f64::NAN);
    // Float32 bands stay f32, as the file holds them, unless f32 cannot hold their nodata value.
    let f32_cells = info.sample_type == SampleType::F32 && fits_f32(fill);
    let mut grids = Vec::with_capacity(bands.len());
    for _ in bands {
        grids.push(Grid::zeroed(window.width, window.height, f32_cells, info.nodata)?);
    }
    let ch = level.chunk_height;
    let (x0, y0) = (window.col, window.row);
    let (x1, y1) = ((window.col + window.width).min(level.width), (window.row + window.height).min(level.height));
    // The chunks write every cell of the window inside the image; the cells outside are filled.
    let (inside_w, inside_h) = (x1.saturating_sub(x0), y1.saturating_sub(y0));
    for grid in &mut grids {
        let mut cells = grid.storage_mut();
        fill_rect(&mut cells, window.width, inside_w..window.width, 0..inside_h, fill);
        fill_rect(&mut cells, window.width, 0..window.width, inside_h..window.height, fill);
    }
    if inside_w == 0 || inside_h == 0 {
        return Ok(grids);
    }
    // Each row of chunks goes to a rayon task with a decoder of its own (a decoder reads one file
    // position at a time); the rows of every output grid are cut at the chunk rows' edges, so the
    // tasks write disjoint rows.
    let chunk_rows: Vec<usize> = ((y0 / ch)..=((y1 - 1) / ch)).collect();
    let mut slices: Vec<Vec<CellsMut<'_>>> = chunk_rows.iter().map(|_| Vec::with_capacity(bands.len())).collect();
    for grid in &mut grids {
        let mut rest = grid.storage_mut().prefix(inside_h * window.width);
        for (i, ty) in chunk_rows.iter().enumerate() {
            let rows = (y1.min((ty + 1) * ch)) - y0.max(ty * ch);
            let (these, after) = rest.split_at(rows * window.width);
            slices[i].push(these);
            rest = after;
        }
    }
    chunk_rows.par_iter().zip(slices.into_par_iter()).try_for_each(|(ty, mut outs)| {
        read_chunk_row(info, file, path, level, window, bands, *ty, (x0, x1, y0, y1), &mut outs)
    })?;
    Ok(grids)
}

/// Sets the cells in `cols` × `rows` of a grid `width` cells wide to `value`.
fn fill_rect(cells: &mut CellsMut<'_>, width: usize, cols: Range<usize>, rows: Range<usize>, value: f64) {
    // Zero needs no writing: the grid's memory comes zeroed.
    if cols.is_empty() || value.to_bits() == 0 {
        return;
    }
    for row in rows {
        cells.fill(row * width + cols.start..row * width + cols.end, value);
    }
}

/// Decodes the chunks of chunk row `ty` that meet the window into `outs` (per band, the window's
/// rows that chunk row covers), straight from the decoded bytes into the cells.
#[allow(clippy::too_many_arguments, reason = "one task's share of read_unguarded's state")]
fn read_chunk_row(
    info: &RasterInfo,
    file: &Arc<File>,
    path: &Path,
    level: &Level,
    window: Window,
    bands: &[usize],
    ty: usize,
    (x0, x1, y0, y1): (usize, usize, usize, usize),
    outs: &mut [CellsMut<'_>],
) -> Result<()> {
    let mut decoder = decoder(file, path)?;
    decoder.seek_to_image(level.ifd).map_err(|e| tiff_error(path, format!("IFD {}", level.ifd), e))?;
    let mut raw_file = None;
    let (cw, ch) = (level.chunk_width, level.chunk_height);
    let across = level.width.div_ceil(cw);
    let planes: Vec<(usize, Vec<usize>)> = if level.planar {
        bands.iter().enumerate().map(|(out, band)| (*band, vec![out])).collect()
    } else {
        vec![(0, (0..bands.len()).collect())]
    };
    let first_row = y0.max(ty * ch);
    // GDAL reads a sparse chunk (no offset, no bytes) as nodata, or as 0 in a file without nodata.
    let sparse_fill = info.nodata.unwrap_or(0.0);
    // One buffer for every chunk of the task: the decoded bytes, and one row of them as f64.
    let mut bytes: Vec<u8> = Vec::new();
    let mut row_values: Vec<f64> = Vec::new();
    for tx in (x0 / cw)..=((x1 - 1) / cw) {
        for (plane, plane_outs) in &planes {
            let index = plane * level.chunks_per_plane() + ty * across + tx;
            let position = format!("IFD {}, chunk {index}", level.ifd);
            let chunk_w = cw.min(level.width - tx * cw);
            let chunk_h = ch.min(level.height - ty * ch);
            let (cx0, cy0) = (tx * cw, ty * ch);
            let (from_x, to_x) = (x0.max(cx0), x1.min(cx0 + chunk_w));
            let (from_y, to_y) = (y0.max(cy0), y1.min(cy0 + chunk_h));
            let dst_cols = from_x - window.col..to_x - window.col;
            let dst_rows = from_y - first_row..to_y - first_row;
            if level.byte_counts[index] == 0 {
                for out in plane_outs {
                    fill_rect(&mut outs[*out], window.width, dst_cols.clone(), dst_rows.clone(), sparse_fill);
                }
                continue;
            }
            let samples = if level.planar { 1 } else { level.samples };
            let chunk = ChunkAt {
                index,
                position: &position,
                samples,
                rows: chunk_h,
                last_planar_row: *plane > 0 && ty == level.height.div_ceil(ch) - 1,
            };
            let (sample_type, row_len) =
                decode_chunk(info, level, file, path, &mut decoder, &mut raw_file, &chunk, &mut bytes)?;
            let row_bytes = row_len * sample_type.bytes();
            if bytes.len() < row_bytes * (chunk_h - 1) + chunk_w * samples * sample_type.bytes() {
                return Err(data_error(path, position, "a chunk decoded to fewer cells than its size"));
            }
            for out in plane_outs {
                let sample = if level.planar { 0 } else { bands[*out] };
                for y in from_y..to_y {
                    let src = &bytes[(y - cy0) * row_bytes..];
                    let dst_row = (y - first_row) * window.width;
                    let (from, to) = (from_x - cx0, to_x - cx0);
                    match &mut outs[*out] {
                        CellsMut::F32(cells) => {
                            // Float32 cells to f32 cells: the bytes as they are.
                            let dst = &mut cells[dst_row + dst_cols.start..dst_row + dst_cols.end];
                            if samples == 1 {
                                for (cell, b) in dst.iter_mut().zip(src[from * 4..to * 4].chunks_exact(4)) {
                                    *cell = f32::from_ne_bytes([b[0], b[1], b[2], b[3]]);
                                }
                            } else {
                                for (x, cell) in (from..to).zip(dst.iter_mut()) {
                                    let at = (x * samples + sample) * 4;
                                    *cell = f32::from_ne_bytes([src[at], src[at + 1], src[at + 2], src[at + 3]]);
                                }
                            }
                        }
                        CellsMut::F64(cells) => {
                            row_values.clear();
                            row_values.extend((from * samples..to * samples).map(|i| read_sample(src, sample_type, i)));
                            if level.ycbcr && !level.planar {
                                ycbcr_to_rgb(&mut row_values);
                            }
                            let dst = &mut cells[dst_row + dst_cols.start..dst_row + dst_cols.end];
                            for (cell, pixel) in dst.iter_mut().zip(row_values.chunks_exact(samples)) {
                                *cell = pixel[sample];
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Where a chunk is, for [`decode_chunk`].
struct ChunkAt<'a> {
    index: usize,
    position: &'a str,
    /// Samples per cell in the chunk.
    samples: usize,
    /// The rows of the chunk inside the image.
    rows: usize,
    /// In the last row of tiles of a band in a plane after the first.
    last_planar_row: bool,
}

/// Decodes a chunk into `bytes` as native-endian samples of the type returned, and returns the
/// samples in one decoded row: through the `tiff` crate, or for what it does not decode or
/// decodes differently from libtiff, through `raw.rs` and `lerc.rs`; packed samples are
/// unpacked and a MINISWHITE image's samples are given as stored, as GDAL gives them.
#[allow(clippy::too_many_arguments, reason = "the chunk, the file and the decoders that may read it")]
fn decode_chunk(
    info: &RasterInfo,
    level: &Level,
    file: &Arc<File>,
    path: &Path,
    decoder: &mut Decoder<BufReader<SharedFile>>,
    raw_file: &mut Option<SharedFile>,
    chunk: &ChunkAt<'_>,
    bytes: &mut Vec<u8>,
) -> Result<(SampleType, usize)> {
    let sample_type = info.sample_type;
    let tiled = level.is_tiled_shape();
    let padded_w = if tiled { level.chunk_width } else { level.width };
    let stored_row = level.packing.row_bytes(sample_type, padded_w * chunk.samples);
    let wide_bits = matches!(level.packing, Packing::Bits(bits) if bits > 8);
    if let Some(lerc) = level.lerc {
        let raw_file = raw_file.get_or_insert_with(|| SharedFile::new(Arc::clone(file)));
        let stored = raw::stored_bytes(raw_file, path, level, chunk.index)?;
        let shape = lerc::ChunkShape {
            width: padded_w,
            height: if tiled { level.chunk_height } else { chunk.rows },
            samples: chunk.samples,
            sample_type,
            alpha_last: level.alpha_last && !level.planar,
        };
        *bytes = lerc::decode(&stored, lerc, &shape).map_err(|message| data_error(path, chunk.position, message))?;
        return Ok((sample_type, padded_w * chunk.samples));
    }
    if level.colour_map || wide_bits || (level.planar && chunk.last_planar_row) {
        // The `tiff` crate expands colour maps, swaps packed samples of more than 8 bits as if
        // they were whole ones, and (0.11) places a chunk by its index as if every chunk were in
        // the first plane, so it expects the last row of tiles of the other planes to be whole: a
        // writer that stored only the rows inside the image (GDAL's autotest separate_tiled.tif)
        // leaves it reading past the chunk's data. Those are read here.
        let raw_file = raw_file.get_or_insert_with(|| SharedFile::new(Arc::clone(file)));
        let samples = raw::RawSamples {
            sample_bytes: if level.packing == Packing::Whole { sample_type.bytes() } else { 0 },
            row_bytes: stored_row,
            big_endian: matches!(decoder.byte_order(), tiff::tags::ByteOrder::BigEndian),
        };
        *bytes = raw::read_raw(raw_file, path, chunk.position, level, chunk.index, stored_row * chunk.rows, samples)?;
        if level.packing != Packing::Whole {
            *bytes = bits::unpack(bytes, level.packing, sample_type, padded_w * chunk.samples, chunk.rows, stored_row);
        }
        return Ok((sample_type, padded_w * chunk.samples));
    }
    let position = || chunk.position.to_owned();
    let layout = decoder.image_chunk_buffer_layout(chunk.index as u32).map_err(|e| tiff_error(path, position(), e))?;
    bytes.resize(layout.len, 0);
    decoder.read_chunk_bytes(chunk.index as u32, bytes).map_err(|e| tiff_error(path, position(), e))?;
    if level.white_is_zero {
        bits::undo_white_is_zero(bytes, level.packing, sample_type);
    }
    let (data_w, data_h) = decoder.chunk_data_dimensions(chunk.index as u32);
    let row_len = data_w as usize * chunk.samples;
    if level.packing != Packing::Whole {
        let row_bytes = level.packing.row_bytes(sample_type, row_len);
        *bytes = bits::unpack(bytes, level.packing, sample_type, row_len, data_h as usize, row_bytes);
    }
    Ok((sample_type, row_len))
}

/// Sample `i` of native-endian `bytes` of cells of type `sample_type`, as `f64`.
fn read_sample(bytes: &[u8], sample_type: SampleType, i: usize) -> f64 {
    let n = sample_type.bytes();
    let at = &bytes[i * n..(i + 1) * n];
    let eight = || -> [u8; 8] {
        let mut out = [0u8; 8];
        out[..n].copy_from_slice(at);
        out
    };
    let four = || [at[0], at[1], at[2], at[3]];
    match sample_type {
        SampleType::U8 => f64::from(at[0]),
        SampleType::I8 => f64::from(at[0] as i8),
        SampleType::U16 => f64::from(u16::from_ne_bytes([at[0], at[1]])),
        SampleType::I16 => f64::from(i16::from_ne_bytes([at[0], at[1]])),
        SampleType::U32 => f64::from(u32::from_ne_bytes(four())),
        SampleType::I32 => f64::from(i32::from_ne_bytes(four())),
        SampleType::F32 => f64::from(f32::from_ne_bytes(four())),
        SampleType::F64 => f64::from_ne_bytes(eight()),
    }
}

/// Turns pixel-interleaved YCbCr triplets into RGB as JFIF defines it (what libjpeg does for GDAL).
fn ycbcr_to_rgb(values: &mut [f64]) {
    for pixel in values.chunks_exact_mut(3) {
        let (y, cb, cr) = (pixel[0], pixel[1] - 128.0, pixel[2] - 128.0);
        pixel[0] = (y + 1.402 * cr).round().clamp(0.0, 255.0);
        pixel[1] = (y - 0.344_136 * cb - 0.714_136 * cr).round().clamp(0.0, 255.0);
        pixel[2] = (y + 1.772 * cb).round().clamp(0.0, 255.0);
    }
}
