//! Chunks RustGIS reads from the file itself rather than through the `tiff` crate: the stored
//! bytes of a chunk, and their decompression (none, deflate, LZW, PackBits, ZSTD) with the
//! horizontal predictor undone, for paletted images, packed samples of more than 8 bits, the last
//! row of tiles of a band in its own plane, and the LERC blobs `lerc.rs` decodes.

use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

use super::{
    TIFF_COMPRESSION_DEFLATE, TIFF_COMPRESSION_DEFLATE_OLD, TIFF_COMPRESSION_LZW, TIFF_COMPRESSION_NONE,
    TIFF_COMPRESSION_PACKBITS, TIFF_COMPRESSION_ZSTD, compression_name, data_error,
};
use crate::error::{Error, Result};
use crate::io::SharedFile;
use crate::raster::Level;

/// The bytes chunk `index` of `level` has in the file, as stored (compressed).
pub(super) fn stored_bytes(file: &mut SharedFile, path: &Path, level: &Level, index: usize) -> Result<Vec<u8>> {
    let (offset, count) = (level.offsets[index], level.byte_counts[index]);
    let io = |cause| Error::Io { action: "cannot read", path: path.to_owned(), cause };
    file.seek(SeekFrom::Start(offset)).map_err(io)?;
    let mut stored = Vec::new();
    stored
        .try_reserve_exact(count as usize)
        .map_err(|_| Error::OutOfMemory { what: format!("reading {}", path.display()), bytes: count })?;
    file.by_ref().take(count).read_to_end(&mut stored).map_err(io)?;
    Ok(stored)
}

/// How the samples of a chunk read by [`read_raw`] are stored.
#[derive(Debug, Clone, Copy)]
pub(super) struct RawSamples {
    /// Bytes per sample for the byte order and the predictor (0 for packed samples of a width
    /// that is not whole bytes, which are a bit stream in any byte order).
    pub(super) sample_bytes: usize,
    /// Bytes in one stored row.
    pub(super) row_bytes: usize,
    /// Whether the file is big-endian.
    pub(super) big_endian: bool,
}

/// Reads and decompresses one chunk into exactly `expected` bytes (never more), in native byte
/// order, undoing the horizontal predictor. For the chunks the `tiff` crate does not decode or
/// decodes differently from libtiff: paletted images, packed samples of more than 8 bits, and the
/// last row of tiles of a band stored in its own plane.
pub(super) fn read_raw(
    file: &mut SharedFile,
    path: &Path,
    position: &str,
    level: &Level,
    index: usize,
    expected: usize,
    samples: RawSamples,
) -> Result<Vec<u8>> {
    let compressed = stored_bytes(file, path, level, index)?;
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
        TIFF_COMPRESSION_ZSTD => {
            zstd::stream::read::Decoder::new(&compressed[..])
                .and_then(|decoder| decoder.take(limit).read_to_end(&mut out))
                .map_err(|e| fail(format!("the ZSTD data is corrupt: {e}")))?;
        }
        TIFF_COMPRESSION_LZW => {
            // One call of `decode_bytes` may stop early (at a clear code): it is called until the
            // buffer is full, the data ends or it makes no progress.
            let mut lzw = weezl::decode::Decoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
            let mut buffer = vec![0u8; expected.max(1)];
            let (mut read, mut written) = (0, 0);
            while written < expected {
                let result = lzw.decode_bytes(&compressed[read..], &mut buffer[written..]);
                (read, written) = (read + result.consumed_in, written + result.consumed_out);
                match result.status {
                    Ok(weezl::LzwStatus::Ok) if result.consumed_in + result.consumed_out > 0 => {}
                    Ok(_) => break,
                    Err(e) => return Err(fail(format!("the LZW data is corrupt: {e}"))),
                }
            }
            buffer.truncate(written);
            out = buffer;
        }
        TIFF_COMPRESSION_PACKBITS => unpack_bits(&compressed, expected, &mut out),
        other => {
            return Err(fail(format!(
                "{} compression (TIFF code {other}) is not one RustGIS reads here (paletted images, samples of \
                 9 to 31 bits, and the last row of tiles of a band in its own plane, are read for uncompressed, \
                 deflate, LZW, PackBits and ZSTD data); gdal_translate -co COMPRESS=DEFLATE converts it",
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
    let sample_bytes = samples.sample_bytes;
    if sample_bytes > 1 && samples.big_endian != cfg!(target_endian = "big") {
        for sample in out.chunks_exact_mut(sample_bytes) {
            sample.reverse();
        }
    }
    match level.predictor {
        1 => {}
        2 if sample_bytes > 0 => {
            for line in out.chunks_mut(samples.row_bytes) {
                undo_horizontal_predictor(line, sample_bytes);
            }
        }
        other => {
            return Err(fail(format!(
                "predictor {other} is not one RustGIS undoes here (paletted images, samples of 9 to 31 bits, and \
                 the last row of tiles of a band in its own plane, are read without a predictor or with the \
                 horizontal one on whole bytes); gdal_translate -co PREDICTOR=1 (or -co INTERLEAVE=PIXEL) \
                 converts it"
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
