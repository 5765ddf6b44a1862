//! The GeoTIFF / Cloud Optimized GeoTIFF reader, on the `tiff` crate.
//!
//! Opening reads only the image file directories (IFDs): sizes, sample type, tile or strip
//! offsets, the georeferencing (ModelTiepoint + ModelPixelScale, or ModelTransformation), the CRS
//! from the GeoKeys, GDAL's nodata and the overviews (further reduced-resolution IFDs). Every
//! count and offset is checked against the file then, so a corrupt file is refused at once with
//! the cause. A read decodes only the tiles or strips a window meets, one at a time, each at most
//! [`MAX_CHUNK_BYTES`] once decoded: memory stays bounded whatever the file's size or its
//! compressed data claim (a decompression bomb inflates into that fixed buffer and no further).

use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use tiff::decoder::{Decoder, Limits as TiffLimits};
use tiff::tags::Tag;

use crate::crs::geokeys::{GeoKeys, KeysCrs};
use crate::error::{Error, Result};
use crate::io::SharedFile;
use crate::raster::grid::{CellsMut, GeoTransform, Grid, check_cells, fits_f32};
use crate::raster::{Level, Photometric, RasterInfo, SampleType, Window, sidecars};

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
/// PhotometricInterpretation 5: separated inks, CMYK unless the InkSet tag says otherwise.
const TIFF_PHOTOMETRIC_SEPARATED: u16 = 5;
/// The InkSet tag: 1 is CMYK, 2 other inks.
const TIFF_TAG_INK_SET: u16 = 332;

/// The compressions the `tiff` crate decodes for RustGIS: none, LZW, JPEG, deflate (both codes),
/// PackBits, ZSTD and WebP.
const READ_COMPRESSIONS: [u16; 8] = [1, 5, 7, 8, 32946, 32773, 50000, 50001];

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
type FirstImage = (SampleType, usize, Photometric, Option<Vec<[u8; 4]>>);

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
            let sample_type = sample_type(path, &position, &bits, &formats)?;
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
                        Some(3) => {
                            return Err(data_error(
                                path,
                                position,
                                "a paletted image must have one 8-bit band; RustGIS reads palettes of 8-bit cells",
                            ));
                        }
                        _ => Photometric::Gray,
                    };
                    let palette = if photometric == Photometric::Palette {
                        let map = decoder.get_tag_u16_vec(Tag::ColorMap).map_err(tag_err)?;
                        Some(palette_of(path, &position, &map)?)
                    } else {
                        None
                    };
                    if palette.is_none() && !READ_COMPRESSIONS.contains(&compression) {
                        return Err(data_error(
                            path,
                            position,
                            format!(
                                "{} compression (TIFF code {compression}) is not one RustGIS reads; it reads \
                                 uncompressed, LZW, deflate, PackBits, ZSTD, JPEG and WebP GeoTIFFs \
                                 (gdal_translate -co COMPRESS=DEFLATE converts others)",
                                compression_name(compression)
                            ),
                        ));
                    }
                    let (t, c, n) = georeferencing(&mut decoder, path, &position, sample_type, &mut notices)?;
                    let (t, c) = with_sidecars(path, &position, t, c, &mut notices)?;
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
                    first = Some((sample_type, samples as usize, photometric, palette));
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
    let Some((sample_type, bands, photometric, palette)) = first else {
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
        levels,
        notices,
    })
}

/// The georeferencing GDAL reads for a file whose own is `transform` and `crs`: the `.aux.xml`'s
/// GeoTransform and SRS take their place (GDAL prefers them), and a world file gives the
/// transform of a file without one; notices say which sidecar gave what, and what is missing.
fn with_sidecars(
    path: &Path,
    position: &str,
    transform: Option<GeoTransform>,
    crs: KeysCrs,
    notices: &mut Vec<String>,
) -> Result<(GeoTransform, KeysCrs)> {
    let (mut transform, mut crs) = (transform, crs);
    let own = transform.is_some();
    if let Some(aux) = sidecars::aux_xml(path, notices)? {
        if let Some(t) = aux.transform {
            let over = if own { ", in place of the file's own, as GDAL reads it" } else { "" };
            notices.push(format!("{}: its georeferencing comes from {}{over}", path.display(), aux.path.display()));
            transform = Some(t);
        }
        match aux.srs {
            Some(Ok((c, note))) => {
                notices.push(format!("{}: its CRS comes from the SRS of {}", path.display(), aux.path.display()));
                notices.extend(note.map(|n| format!("{}: {n}", path.display())));
                crs = KeysCrs::Crs(c, None);
            }
            Some(Err(problem)) => crs = KeysCrs::Unreadable(problem),
            None => {}
        }
    }
    if transform.is_none()
        && let Some((t, world)) = sidecars::world_file(path, notices)?
    {
        notices.push(format!("{}: its georeferencing comes from the world file {}", path.display(), world.display()));
        transform = Some(t);
    }
    let transform = transform.unwrap_or_else(|| {
        notices.push(format!(
            "{} has no georeferencing (in the file, a world file or a .aux.xml): its cells are placed at their \
             column and row numbers",
            path.display()
        ));
        GeoTransform([0.0, 1.0, 0.0, 0.0, 0.0, -1.0])
    });
    if transform.inverse().is_none() || transform.0.iter().any(|v| !v.is_finite()) {
        return Err(data_error(
            path,
            position,
            "the georeferencing gives cells no area (a scale of 0 or not a number)",
        ));
    }
    if crs == KeysCrs::None {
        notices.push(format!(
            "{} has no CRS in its GeoKeys: its cells are taken as EPSG:4326 (give \"crs\" to name its CRS)",
            path.display()
        ));
    }
    Ok((transform, crs))
}

fn sample_type(path: &Path, position: &str, bits: &[u16], formats: &[u16]) -> Result<SampleType> {
    let first_bits = bits.first().copied().unwrap_or(1);
    if bits.iter().any(|b| *b != first_bits) {
        return Err(data_error(path, position, format!("bands of different sizes ({bits:?} bits) are not supported")));
    }
    let format = formats.first().copied().unwrap_or(1);
    let sample = match (format, first_bits) {
        (1, 8) => SampleType::U8,
        (2, 8) => SampleType::I8,
        (1, 16) => SampleType::U16,
        (2, 16) => SampleType::I16,
        (1, 32) => SampleType::U32,
        (2, 32) => SampleType::I32,
        (3, 32) => SampleType::F32,
        (3, 64) => SampleType::F64,
        (format, bits) => {
            let kind = match format {
                1 => "unsigned integer",
                2 => "signed integer",
                3 => "floating point",
                _ => "unknown",
            };
            return Err(data_error(
                path,
                position,
                format!(
                    "{bits}-bit {kind} cells are not supported; RustGIS reads 8/16/32-bit integer and 32/64-bit \
                     floating point bands"
                ),
            ));
        }
    };
    Ok(sample)
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

fn palette_of(path: &Path, position: &str, map: &[u16]) -> Result<Vec<[u8; 4]>> {
    if map.len() != 3 * 256 {
        return Err(data_error(
            path,
            position,
            format!("a colour map of {} values; an 8-bit palette has 768", map.len()),
        ));
    }
    Ok((0..256).map(|i| [(map[i] >> 8) as u8, (map[256 + i] >> 8) as u8, (map[512 + i] >> 8) as u8, 255]).collect())
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
    let big_endian = matches!(decoder.byte_order(), tiff::tags::ByteOrder::BigEndian);
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
            let padded_w = if level.is_tiled_shape() { cw } else { level.width };
            let (sample_type, row_len) = if info.photometric == Photometric::Palette {
                let file = raw_file.get_or_insert_with(|| SharedFile::new(Arc::clone(file)));
                bytes = read_raw(file, path, &position, level, index, padded_w * chunk_h, 1, big_endian)?;
                (SampleType::U8, padded_w)
            } else if level.planar && *plane > 0 && ty == level.height.div_ceil(ch) - 1 {
                // The `tiff` crate (0.11) places a chunk by its index as if every chunk were in
                // the first plane, so it expects the last row of tiles of the other planes to be
                // whole: a writer that stored only the rows inside the image (GDAL's autotest
                // separate_tiled.tif) leaves it reading past the chunk's data. Those are read here.
                let file = raw_file.get_or_insert_with(|| SharedFile::new(Arc::clone(file)));
                let sample_bytes = info.sample_type.bytes();
                bytes = read_raw(
                    file,
                    path,
                    &position,
                    level,
                    index,
                    padded_w * chunk_h * sample_bytes,
                    sample_bytes,
                    big_endian,
                )?;
                (info.sample_type, padded_w)
            } else {
                let layout = decoder
                    .image_chunk_buffer_layout(index as u32)
                    .map_err(|e| tiff_error(path, position.clone(), e))?;
                bytes.resize(layout.len, 0);
                decoder
                    .read_chunk_bytes(index as u32, &mut bytes)
                    .map_err(|e| tiff_error(path, position.clone(), e))?;
                let (data_w, _) = decoder.chunk_data_dimensions(index as u32);
                (info.sample_type, data_w as usize * samples)
            };
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

/// Reads and decompresses one chunk of one sample per cell, `sample_bytes` each, stored with the
/// file's byte order (`big_endian`), into exactly `expected` bytes (never more) of native-endian
/// samples, undoing the horizontal predictor. For the chunks the `tiff` crate does not decode:
/// paletted images, and the last row of tiles of a band stored in its own plane.
#[allow(clippy::too_many_arguments, reason = "one chunk's place in the file and how its samples are stored")]
fn read_raw(
    file: &mut SharedFile,
    path: &Path,
    position: &str,
    level: &Level,
    index: usize,
    expected: usize,
    sample_bytes: usize,
    big_endian: bool,
) -> Result<Vec<u8>> {
    let (offset, count) = (level.offsets[index], level.byte_counts[index]);
    let io = |cause| Error::Io { action: "cannot read", path: path.to_owned(), cause };
    file.seek(SeekFrom::Start(offset)).map_err(io)?;
    let mut compressed = Vec::new();
    compressed
        .try_reserve_exact(count as usize)
        .map_err(|_| Error::OutOfMemory { what: format!("reading {}", path.display()), bytes: count })?;
    file.by_ref().take(count).read_to_end(&mut compressed).map_err(io)?;
    let limit = expected as u64;
    let mut out = Vec::with_capacity(expected);
    let fail = |message: String| data_error(path, position, message);
    match level.compression {
        TIFF_COMPRESSION_NONE => out.extend_from_slice(&compressed[..compressed.len().min(expected)]),
        TIFF_COMPRESSION_DEFLATE | TIFF_COMPRESSION_DEFLATE_OLD => {
            flate2::read::ZlibDecoder::new(&compressed[..])
                .take(limit)
                .read_to_end(&mut out)
                .map_err(|e| fail(format!("the deflate data is corrupt: {e}")))?;
        }
        TIFF_COMPRESSION_LZW => {
            let mut lzw = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
            let mut buffer = vec![0u8; expected.max(1)];
            let result = lzw.decode_bytes(&compressed, &mut buffer);
            if let Err(e) = result.status {
                return Err(fail(format!("the LZW data is corrupt: {e}")));
            }
            buffer.truncate(result.consumed_out);
            out = buffer;
        }
        TIFF_COMPRESSION_PACKBITS => unpack_bits(&compressed, expected, &mut out),
        other => {
            return Err(fail(format!(
                "{} compression (TIFF code {other}) is not one RustGIS reads here (paletted images, and the last row \
                 of tiles of a band in its own plane, are read for uncompressed, deflate, LZW and PackBits data); \
                 gdal_translate -co COMPRESS=DEFLATE converts it",
                compression_name(other)
            )));
        }
    }
    if out.len() < expected {
        return Err(fail(format!(
            "the chunk decodes to {} bytes, fewer than the {expected} its size needs",
            out.len()
        )));
    }
    out.truncate(expected);
    if sample_bytes > 1 && big_endian != cfg!(target_endian = "big") {
        for sample in out.chunks_exact_mut(sample_bytes) {
            sample.reverse();
        }
    }
    match level.predictor {
        1 => {}
        2 => {
            let row = if level.is_tiled_shape() { level.chunk_width } else { level.width };
            for line in out.chunks_mut(row * sample_bytes) {
                undo_horizontal_predictor(line, sample_bytes);
            }
        }
        other => {
            return Err(fail(format!(
                "predictor {other} is not one RustGIS undoes here (paletted images, and the last row of tiles of a \
                 band in its own plane, are read without a predictor or with the horizontal one); gdal_translate \
                 -co PREDICTOR=2 (or -co INTERLEAVE=PIXEL) converts it"
            )));
        }
    }
    Ok(out)
}

/// Adds each native-endian integer sample of a row to the one before it (TIFF's horizontal
/// predictor), wrapping as the sample's type does.
fn undo_horizontal_predictor(line: &mut [u8], sample_bytes: usize) {
    match sample_bytes {
        1 => {
            for i in 1..line.len() {
                line[i] = line[i].wrapping_add(line[i - 1]);
            }
        }
        2 => {
            let mut previous = 0u16;
            for sample in line.chunks_exact_mut(2) {
                previous = previous.wrapping_add(u16::from_ne_bytes([sample[0], sample[1]]));
                sample.copy_from_slice(&previous.to_ne_bytes());
            }
        }
        4 => {
            let mut previous = 0u32;
            for sample in line.chunks_exact_mut(4) {
                previous = previous.wrapping_add(u32::from_ne_bytes([sample[0], sample[1], sample[2], sample[3]]));
                sample.copy_from_slice(&previous.to_ne_bytes());
            }
        }
        _ => {
            let mut previous = 0u64;
            for sample in line.chunks_exact_mut(8) {
                let value = u64::from_ne_bytes(sample.try_into().expect("chunks of 8 bytes"));
                previous = previous.wrapping_add(value);
                sample.copy_from_slice(&previous.to_ne_bytes());
            }
        }
    }
}

/// PackBits (Apple's run-length encoding), up to `limit` bytes.
fn unpack_bits(data: &[u8], limit: usize, out: &mut Vec<u8>) {
    let mut i = 0;
    while i < data.len() && out.len() < limit {
        let n = data[i] as i8;
        i += 1;
        if n >= 0 {
            let len = (n as usize + 1).min(data.len() - i).min(limit - out.len());
            out.extend_from_slice(&data[i..i + len]);
            i += n as usize + 1;
        } else if n != -128 {
            if let Some(&byte) = data.get(i) {
                let len = (1 - n as isize) as usize;
                out.extend(std::iter::repeat_n(byte, len.min(limit - out.len())));
            }
            i += 1;
        }
    }
}
