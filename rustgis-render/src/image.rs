//! Finished images: core's [`RenderedImage`] made from a pixmap (fast PNG encoding, the SHA-256
//! of the bytes, the `blank` check).

use rustgis_core::{RenderedImage, sha256_hex};
use tiny_skia::Pixmap;

use crate::error::{Error, Result};

/// Encodes part of a pixmap (the whole map, or a tile drawn with a margin around it) as a
/// [`RenderedImage`]; `dpi` is written into the file (the `pHYs` chunk). What the image shows
/// (extent, labels, notices, why it is blank) is the caller's to fill in.
pub(crate) fn rendered(pixmap: &Pixmap, region: Region, dpi: f32) -> Result<RenderedImage> {
    let png = encode_region(pixmap, region, dpi)?;
    Ok(RenderedImage {
        sha256: sha256_hex(&png),
        width: region.width,
        height: region.height,
        blank: region_is_blank(pixmap, region),
        png,
        ..RenderedImage::default()
    })
}

/// A rectangle of a pixmap, in pixels; it must lie inside the pixmap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Region {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
}

impl Region {
    pub(crate) fn whole(pixmap: &Pixmap) -> Region {
        Region { x: 0, y: 0, width: pixmap.width(), height: pixmap.height() }
    }

    /// The bytes of each row of the region.
    fn rows<'a>(&self, pixmap: &'a Pixmap) -> impl Iterator<Item = &'a [u8]> {
        let stride = pixmap.width() as usize * 4;
        let (x, width) = (self.x as usize * 4, self.width as usize * 4);
        let data = pixmap.data();
        (self.y..self.y + self.height).map(move |row| {
            let start = row as usize * stride + x;
            &data[start..start + width]
        })
    }
}

/// Whether every pixel of the pixmap has the same colour.
pub fn is_blank(pixmap: &Pixmap) -> bool {
    region_is_blank(pixmap, Region::whole(pixmap))
}

fn region_is_blank(pixmap: &Pixmap, region: Region) -> bool {
    let mut rows = region.rows(pixmap);
    let Some(first_row) = rows.next() else { return true };
    let Some(first) = first_row.get(..4) else { return true };
    first_row.chunks_exact(4).all(|px| px == first) && rows.all(|row| row.chunks_exact(4).all(|px| px == first))
}

/// Encodes a pixmap as PNG, fast: RGB when every pixel is opaque (a quarter less to compress),
/// RGBA otherwise; the `Up` filter and fdeflate's fast mode, which on map images run several
/// times faster than the default zlib level while compressing flat areas as well.
pub fn encode_png(pixmap: &Pixmap, dpi: f32) -> Result<Vec<u8>> {
    encode_region(pixmap, Region::whole(pixmap), dpi)
}

fn encode_region(pixmap: &Pixmap, region: Region, dpi: f32) -> Result<Vec<u8>> {
    let row_bytes = region.width as usize * 3;
    let mut rgb = vec![0u8; row_bytes * region.height as usize];
    // One pass packs RGB and notes whether every pixel is opaque (then premultiplied is plain RGB).
    let mut opaque = true;
    for (out, row) in rgb.chunks_exact_mut(row_bytes.max(1)).zip(region.rows(pixmap)) {
        for (o, px) in out.chunks_exact_mut(3).zip(row.chunks_exact(4)) {
            o.copy_from_slice(&px[..3]);
            opaque &= px[3] == 255;
        }
    }
    let (color, pixels) = if opaque {
        (png::ColorType::Rgb, rgb)
    } else {
        let mut rgba = Vec::with_capacity(region.width as usize * region.height as usize * 4);
        for row in region.rows(pixmap) {
            for px in row.chunks_exact(4) {
                let color = tiny_skia::PremultipliedColorU8::from_rgba(px[0], px[1], px[2], px[3])
                    .map(|c| c.demultiply())
                    .unwrap_or(tiny_skia::ColorU8::from_rgba(0, 0, 0, 0));
                rgba.extend_from_slice(&[color.red(), color.green(), color.blue(), color.alpha()]);
            }
        }
        (png::ColorType::Rgba, rgba)
    };
    let mut out = Vec::with_capacity(pixels.len() / 8 + 1024);
    {
        let mut encoder = png::Encoder::new(&mut out, region.width, region.height);
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
