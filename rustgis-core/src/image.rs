//! PNG and JPEG images decoded to RGBA, treated as hostile: the size is checked before the pixels
//! are reserved, and a decoder panic is an error. Web layers' tiles and KML ground overlays come
//! here.

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
