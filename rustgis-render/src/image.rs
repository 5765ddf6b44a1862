//! Finished images: fast PNG encoding, the SHA-256 of the bytes, and the `blank` check.

use sha2::{Digest, Sha256};
use tiny_skia::Pixmap;

use crate::error::{Error, Result};

/// A drawn map as a PNG file's bytes, with what a caller checks about them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// SHA-256 of `png`, lowercase hex.
    pub sha256: String,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Whether every pixel has the same colour: an empty or mis-projected map, a common silent
    /// failure worth telling the caller about.
    pub blank: bool,
}

impl Image {
    /// Encodes a pixmap; `dpi` is written into the file (the `pHYs` chunk).
    pub fn from_pixmap(pixmap: &Pixmap, dpi: f32) -> Result<Image> {
        let png = encode_png(pixmap, dpi)?;
        Ok(Image {
            sha256: sha256_hex(&png),
            width: pixmap.width(),
            height: pixmap.height(),
            blank: is_blank(pixmap),
            png,
        })
    }
}

impl From<Image> for rustgis_core::RenderedImage {
    fn from(image: Image) -> Self {
        rustgis_core::RenderedImage {
            png: image.png,
            sha256: image.sha256,
            width: image.width,
            height: image.height,
            blank: image.blank,
        }
    }
}

/// Whether every pixel of the pixmap has the same colour.
pub fn is_blank(pixmap: &Pixmap) -> bool {
    let data = pixmap.data();
    let Some(first) = data.get(..4) else { return true };
    data.chunks_exact(4).all(|px| px == first)
}

/// SHA-256 of bytes as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut hex = String::with_capacity(64);
    for byte in digest {
        hex.push_str(&format!("{byte:02x}"));
    }
    hex
}

/// Encodes a pixmap as PNG, fast: RGB when every pixel is opaque (a quarter less to compress),
/// RGBA otherwise; the `Up` filter and fdeflate's fast mode, which on map images run several
/// times faster than the default zlib level while compressing flat areas as well.
pub fn encode_png(pixmap: &Pixmap, dpi: f32) -> Result<Vec<u8>> {
    let data = pixmap.data();
    let opaque = data.chunks_exact(4).all(|px| px[3] == 255);
    let (color, pixels) = if opaque {
        let mut rgb = Vec::with_capacity(data.len() / 4 * 3);
        for px in data.chunks_exact(4) {
            rgb.extend_from_slice(&px[..3]);
        }
        (png::ColorType::Rgb, rgb)
    } else {
        (png::ColorType::Rgba, pixmap.clone().take_demultiplied())
    };
    let mut out = Vec::with_capacity(pixels.len() / 8 + 1024);
    {
        let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
        encoder.set_color(color);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::Fast);
        encoder.set_filter(png::Filter::Up);
        if (dpi - 72.0).abs() > f32::EPSILON {
            let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
            encoder.set_pixel_dims(Some(png::PixelDimensions {
                xppu: per_metre,
                yppu: per_metre,
                unit: png::Unit::Meter,
            }));
        }
        let mut writer = encoder.write_header().map_err(|e| Error::Encode(e.to_string()))?;
        writer.write_image_data(&pixels).map_err(|e| Error::Encode(e.to_string()))?;
        writer.finish().map_err(|e| Error::Encode(e.to_string()))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_map_is_blank() {
        let mut pixmap = Pixmap::new(8, 8).expect("size");
        pixmap.fill(tiny_skia::Color::from_rgba8(10, 20, 30, 255));
        assert!(is_blank(&pixmap));
        pixmap.pixels_mut()[5] = tiny_skia::PremultipliedColorU8::from_rgba(0, 0, 0, 255).expect("opaque");
        assert!(!is_blank(&pixmap));
    }

    #[test]
    fn the_png_decodes_to_the_same_pixels() {
        let mut pixmap = Pixmap::new(16, 9).expect("size");
        pixmap.fill(tiny_skia::Color::from_rgba8(200, 100, 50, 255));
        let png = encode_png(&pixmap, 96.0).expect("encode");
        let back = Pixmap::decode_png(&png).expect("decode");
        assert_eq!(back.data(), pixmap.data());
    }

    #[test]
    fn transparency_survives_encoding() {
        let mut pixmap = Pixmap::new(4, 4).expect("size");
        pixmap.fill(tiny_skia::Color::from_rgba8(255, 0, 0, 128));
        let back = Pixmap::decode_png(&encode_png(&pixmap, 96.0).expect("encode")).expect("decode");
        assert_eq!(back.pixel(0, 0).map(|p| p.alpha()), Some(128));
    }

    #[test]
    fn the_hash_is_of_the_png_bytes() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
