//! Samples that are not whole bytes, read as GDAL reads them: 1 to 7 bits as `Byte`, 9 to 15 as
//! `UInt16`, 17 to 31 as `UInt32` (each row starting on a byte, samples packed from the most
//! significant bit), and 16-bit floats as `Float32`. Also undoes what the `tiff` crate does to a
//! MINISWHITE image (it inverts the samples; libtiff and GDAL give them as stored).

use crate::raster::SampleType;

/// How one sample is stored, when it is not one of the whole-byte types RustGIS reads directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Packing {
    /// Whole bytes of the band's own type.
    Whole,
    /// An unsigned integer of this many bits (1–7, 9–15, 17–31), packed.
    Bits(u16),
    /// A 16-bit IEEE float, read as a 32-bit one.
    Half,
}

impl Packing {
    /// The packing and the type GDAL gives a band of `bits` of sample format `format` (1
    /// unsigned, 2 signed, 3 float), or `None` when GDAL's type for it is not one RustGIS reads.
    pub(crate) fn of(format: u16, bits: u16) -> Option<(Packing, SampleType)> {
        let whole = |sample_type| Some((Packing::Whole, sample_type));
        match (format, bits) {
            (1, 8) => whole(SampleType::U8),
            (2, 8) => whole(SampleType::I8),
            (1, 16) => whole(SampleType::U16),
            (2, 16) => whole(SampleType::I16),
            (1, 32) => whole(SampleType::U32),
            (2, 32) => whole(SampleType::I32),
            (3, 32) => whole(SampleType::F32),
            (3, 64) => whole(SampleType::F64),
            (3, 16) => Some((Packing::Half, SampleType::F32)),
            (1, 1..=7) => Some((Packing::Bits(bits), SampleType::U8)),
            (1, 9..=15) => Some((Packing::Bits(bits), SampleType::U16)),
            (1, 17..=31) => Some((Packing::Bits(bits), SampleType::U32)),
            _ => None,
        }
    }

    /// Bits per stored sample, for a band of `sample_type`.
    pub(crate) fn bits(self, sample_type: SampleType) -> usize {
        match self {
            Packing::Whole => sample_type.bytes() * 8,
            Packing::Bits(bits) => bits as usize,
            Packing::Half => 16,
        }
    }

    /// The bytes a stored row of `samples` samples takes (rows start on a byte).
    pub(crate) fn row_bytes(self, sample_type: SampleType, samples: usize) -> usize {
        (samples * self.bits(sample_type)).div_ceil(8)
    }
}

/// Unpacks `rows` rows of `samples` samples each, stored `row_bytes` apart in `stored`, into
/// native-endian samples of `sample_type`, `samples` to a row. Half floats are in native byte
/// order already (the decoder fixed it); packed bits are a bit stream in every byte order.
pub(crate) fn unpack(
    stored: &[u8],
    packing: Packing,
    sample_type: SampleType,
    samples: usize,
    rows: usize,
    row_bytes: usize,
) -> Vec<u8> {
    let width = sample_type.bytes();
    let mut out = vec![0u8; rows * samples * width];
    for (row, out_row) in out.chunks_exact_mut(samples * width).enumerate() {
        let Some(src) = stored.get(row * row_bytes..(row + 1) * row_bytes) else { break };
        match packing {
            Packing::Whole => {
                let n = out_row.len().min(src.len());
                out_row[..n].copy_from_slice(&src[..n]);
            }
            Packing::Half => {
                for (target, half) in out_row.chunks_exact_mut(4).zip(src.chunks_exact(2)) {
                    let value = half::f16::from_ne_bytes([half[0], half[1]]).to_f32();
                    target.copy_from_slice(&value.to_ne_bytes());
                }
            }
            Packing::Bits(bits) => {
                let bits = bits as usize;
                for (i, target) in out_row.chunks_exact_mut(width).enumerate() {
                    let value = read_bits(src, i * bits, bits);
                    match width {
                        1 => target[0] = value as u8,
                        2 => target.copy_from_slice(&(value as u16).to_ne_bytes()),
                        _ => target.copy_from_slice(&value.to_ne_bytes()),
                    }
                }
            }
        }
    }
    out
}

/// The `bits`-bit unsigned number starting `at` bits into `bytes`, most significant bit first.
fn read_bits(bytes: &[u8], at: usize, bits: usize) -> u32 {
    let mut value = 0u32;
    for bit in at..at + bits {
        let byte = bytes.get(bit / 8).copied().unwrap_or(0);
        value = (value << 1) | u32::from((byte >> (7 - bit % 8)) & 1);
    }
    value
}

/// Undoes the `tiff` crate's inversion of a MINISWHITE chunk of unsigned integers (it stores
/// `max - v` for 8-, 16- and 32-bit samples and flips every bit of packed ones), so the samples
/// are as stored, as GDAL reads them.
pub(crate) fn undo_white_is_zero(bytes: &mut [u8], packing: Packing, sample_type: SampleType) {
    match (packing, sample_type) {
        (Packing::Bits(_), _) | (Packing::Whole, SampleType::U8) => bytes.iter_mut().for_each(|b| *b = !*b),
        (Packing::Whole, SampleType::U16) => {
            for sample in bytes.chunks_exact_mut(2) {
                let value = u16::MAX - u16::from_ne_bytes([sample[0], sample[1]]);
                sample.copy_from_slice(&value.to_ne_bytes());
            }
        }
        (Packing::Whole, SampleType::U32) => {
            for sample in bytes.chunks_exact_mut(4) {
                let value = u32::MAX - u32::from_ne_bytes([sample[0], sample[1], sample[2], sample[3]]);
                sample.copy_from_slice(&value.to_ne_bytes());
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_bit_rows_are_read_most_significant_bit_first_from_a_byte_each() {
        // Two rows of 3 cells: 101 and 011, each padded to a byte.
        let stored = [0b1010_0000, 0b0110_0000];
        let out = unpack(&stored, Packing::Bits(1), SampleType::U8, 3, 2, 1);
        assert_eq!(out, [1, 0, 1, 0, 1, 1]);
    }

    #[test]
    fn twelve_bit_samples_cross_bytes() {
        let stored = [0xAB, 0xCD, 0xEF];
        let out = unpack(&stored, Packing::Bits(12), SampleType::U16, 2, 1, 3);
        let values: Vec<u16> = out.chunks_exact(2).map(|b| u16::from_ne_bytes([b[0], b[1]])).collect();
        assert_eq!(values, [0xABC, 0xDEF]);
    }
}
