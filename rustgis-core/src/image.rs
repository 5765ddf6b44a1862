//! PNG and JPEG images decoded to RGBA, treated as hostile: the size is checked before the pixels
//! are reserved, and a decoder panic is an error. Web layers' tiles and KML ground overlays come
//! here. A picture too large for a result is made smaller here ([`Rgba::shrunk`], [`Rgba::to_png`]).

/// An image as 8-bit red, green, blue and alpha, row by row from the top-left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rgba {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Four bytes a pixel.
    pub pixels: Vec<u8>,
    /// The channels the image has, as GDAL gives them bands: 1 grey, 2 grey and alpha, 3 RGB,
    /// 4 RGBA (PNG transparency counts as alpha).
    pub channels: usize,
}

impl Rgba {
    /// The image at `width` × `height` (each at most the image's own), every new pixel the mean
    /// of the old pixels it covers, weighted by how much of each it covers (alpha-weighted, so a
    /// transparent pixel lends no colour).
    pub fn shrunk(&self, width: u32, height: u32) -> Rgba {
        let (width, height) = (width.clamp(1, self.width.max(1)), height.clamp(1, self.height.max(1)));
        let sx = f64::from(self.width) / f64::from(width);
        let sy = f64::from(self.height) / f64::from(height);
        // Each new column (row) covers a span of old ones: their indices and coverage.
        let spans = |count: u32, scale: f64, limit: u32| -> Vec<Vec<(usize, f64)>> {
            (0..count)
                .map(|i| {
                    let (start, end) = (f64::from(i) * scale, (f64::from(i + 1) * scale).min(f64::from(limit)));
                    let mut span = Vec::new();
                    let mut at = start.floor();
                    while at < end {
                        let cover = (at + 1.0).min(end) - at.max(start);
                        if cover > 0.0 {
                            span.push((at as usize, cover));
                        }
                        at += 1.0;
                    }
                    span
                })
                .collect()
        };
        let (columns, rows) = (spans(width, sx, self.width), spans(height, sy, self.height));
        let mut pixels = Vec::with_capacity(width as usize * height as usize * 4);
        for row in &rows {
            for column in &columns {
                let mut sum = [0.0f64; 4];
                let mut area = 0.0;
                for &(y, wy) in row {
                    for &(x, wx) in column {
                        let at = (y * self.width as usize + x) * 4;
                        let px = &self.pixels[at..at + 4];
                        let weight = wx * wy;
                        let alpha = f64::from(px[3]) * weight;
                        for (channel, value) in sum.iter_mut().zip(px).take(3) {
                            *channel += f64::from(*value) * alpha;
                        }
                        sum[3] += alpha;
                        area += weight;
                    }
                }
                let level = |v: f64| v.round().clamp(0.0, 255.0) as u8;
                if sum[3] > 0.0 {
                    pixels.extend([level(sum[0] / sum[3]), level(sum[1] / sum[3]), level(sum[2] / sum[3])]);
                } else {
                    pixels.extend([0, 0, 0]);
                }
                pixels.push(level(sum[3] / area.max(f64::MIN_POSITIVE)));
            }
        }
        Rgba { width, height, pixels, channels: self.channels }
    }

    /// The image as an RGBA PNG.
    pub fn to_png(&self) -> Result<Vec<u8>, String> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, self.width, self.height);
        encoder.set_color(png::ColorType::Rgba);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer.write_image_data(&self.pixels).map_err(|e| e.to_string())?;
        writer.finish().map_err(|e| e.to_string())?;
        Ok(out)
    }
}

/// Decodes a PNG or a JPEG (told by its first bytes) of at most `max_side` pixels a side.
pub fn decode(bytes: &[u8], max_side: u32) -> Result<Rgba, String> {
    std::panic::catch_unwind(|| {
        if bytes.starts_with(b"\x89PNG") {
            png(bytes, max_side)
        } else if bytes.starts_with(&[0xff, 0xd8]) {
            jpeg(bytes, max_side)
        } else {
            Err("neither PNG nor JPEG".to_owned())
        }
    })
    .unwrap_or_else(|_| Err("the image decoder failed on it".to_owned()))
}

fn png(bytes: &[u8], max_side: u32) -> Result<Rgba, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let (width, height) = (reader.info().width, reader.info().height);
    if width > max_side || height > max_side {
        return Err(format!("{width}×{height} pixels is larger than {max_side} a side"));
    }
    let size = reader.output_buffer_size().ok_or("its size overflows")?;
    let mut buffer = vec![0; size];
    let info = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    let channels = info.color_type.samples();
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    for row in buffer.chunks(info.line_size).take(height as usize) {
        for px in row.chunks(channels).take(width as usize) {
            pixels.extend_from_slice(&match channels {
                1 => [px[0], px[0], px[0], 255],
                2 => [px[0], px[0], px[0], px[1]],
                3 => [px[0], px[1], px[2], 255],
                _ => [px[0], px[1], px[2], px[3]],
            });
        }
    }
    Ok(Rgba { width, height, pixels, channels })
}

fn jpeg(bytes: &[u8], max_side: u32) -> Result<Rgba, String> {
    use zune_core::colorspace::ColorSpace;
    use zune_core::options::DecoderOptions;
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::RGBA)
        .set_max_width(max_side as usize)
        .set_max_height(max_side as usize);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(zune_core::bytestream::ZCursor::new(bytes), options);
    let pixels = decoder.decode().map_err(|e| format!("{e:?}"))?;
    let (width, height) = decoder.dimensions().ok_or("no size")?;
    if pixels.len() != width * height * 4 {
        return Err("the decoded pixels do not match its size".to_owned());
    }
    let grey = decoder.input_colorspace().is_some_and(|c| c.is_grayscale());
    Ok(Rgba { width: width as u32, height: height as u32, pixels, channels: if grey { 1 } else { 3 } })
}

#[cfg(test)]
mod tests {
    use super::Rgba;

    #[test]
    fn a_shrunk_image_averages_the_pixels_each_new_pixel_covers() {
        // 4×2: two red and two blue columns over two rows.
        let red = [200, 0, 0, 255];
        let blue = [0, 0, 100, 255];
        let pixels = [red, red, blue, blue, red, red, blue, blue].concat();
        let image = Rgba { width: 4, height: 2, pixels, channels: 4 };
        assert_eq!(image.shrunk(2, 1).pixels, [red, blue].concat());
        assert_eq!(image.shrunk(1, 1).pixels, [100, 0, 50, 255]);
    }

    #[test]
    fn transparent_pixels_lend_no_colour_to_a_shrunk_image() {
        let pixels = [[255, 0, 0, 255], [0, 255, 0, 0]].concat();
        let image = Rgba { width: 2, height: 1, pixels, channels: 4 };
        assert_eq!(image.shrunk(1, 1).pixels, [255, 0, 0, 128]);
    }

    #[test]
    fn a_shrunk_image_reads_back_from_its_png() {
        let image = Rgba { width: 3, height: 3, pixels: [[10, 20, 30, 255]; 9].concat(), channels: 4 };
        let png = image.shrunk(2, 2).to_png().expect("encodes");
        let back = super::decode(&png, 16).expect("decodes");
        assert_eq!((back.width, back.height), (2, 2));
        assert_eq!(back.pixels, [[10, 20, 30, 255]; 4].concat());
    }
}
