//! Samples that are not whole bytes, as GDAL writes them (`NBITS`) and reads them: 1-bit masks
//! and scans as Byte bands of 0 and 1 with GDAL's black and white colour table, 2-, 4-, 12- and
//! 24-bit samples, a 4-bit palette, 16-bit floats as float32, and MINISWHITE images read as stored.

#![allow(clippy::disallowed_methods, reason = "tests write their hand-made TIFF files directly")]

use crate::rasters;

use rasters::{TagValue, check_reads_like_rasterio, fixtures, hand_made, meta, read_error};
use rustgis_core::raster::{Photometric, Raster};

const MODULE: &str = "raster_bits";

/// Reads a fixture like rasterio and checks the colour table GDAL gives it (its first entries).
fn check_with_colour_table(name: &str) {
    check_reads_like_rasterio(name);
    let Some(dir) = fixtures() else { return };
    let want = meta(&dir, name);
    let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("opens");
    let info = raster.info();
    assert_eq!(info.photometric, Photometric::Palette, "{name} is drawn through its colour table");
    let palette = info.palette.as_ref().expect("a colour table");
    for (value, rgba) in want["colormap"].as_object().expect("rasterio read a colour table") {
        let value: usize = value.parse().expect("an index");
        let rgba: Vec<u8> = rgba.as_array().expect("RGBA").iter().map(|c| c.as_u64().expect("a level") as u8).collect();
        assert_eq!(palette[value].to_vec(), rgba, "{name} colour of {value}");
    }
}

#[test]
fn one_bit_strips_read_as_a_byte_band_of_zeros_and_ones_black_then_white() {
    check_with_colour_table("bit1_minisblack_strips");
}

#[test]
fn a_miniswhite_one_bit_image_keeps_its_values_and_gets_gdals_white_then_black_colour_table() {
    check_with_colour_table("bit1_miniswhite_tiles");
    check_with_colour_table("bit1_miniswhite_deflate");
}

#[test]
fn a_ccitt_group_4_scan_reads_like_rasterio() {
    check_with_colour_table("bit1_ccitt_fax4");
}

#[test]
fn two_four_twelve_and_twenty_four_bit_samples_read_like_rasterio() {
    for name in ["bits2", "bits4", "bits12", "bits24"] {
        check_reads_like_rasterio(name);
    }
}

#[test]
fn a_four_bit_palette_reads_like_rasterio_with_its_colour_map() {
    check_with_colour_table("bits4_palette");
}

#[test]
fn sixteen_bit_floats_read_as_float32_like_rasterio() {
    check_reads_like_rasterio("float16");
}

#[test]
fn an_8_bit_miniswhite_image_reads_its_values_as_stored_as_gdal_does() {
    check_reads_like_rasterio("miniswhite_uint8");
}

#[test]
fn bits_stored_least_significant_first_are_refused_by_name() {
    let path =
        hand_made(MODULE, "fill_order.tif", 4, 2, 1, vec![(266, TagValue::Short(vec![2]))], &[1, 2, 3, 4, 5, 6, 7, 8]);
    let error = read_error(&path);
    assert!(error.contains("FillOrder 2"), "{error}");
}

#[test]
fn a_floating_point_miniswhite_image_is_refused_rather_than_inverted() {
    let extra = vec![(339, TagValue::Short(vec![3]))];
    let mut path = hand_made(MODULE, "white_float.tif", 2, 1, 1, extra, &[0; 8]);
    // A float32 band: BitsPerSample 32 and PhotometricInterpretation 0 (MINISWHITE).
    let mut bytes = std::fs::read(&path).expect("written");
    patch_short(&mut bytes, 258, 32);
    patch_short(&mut bytes, 262, 0);
    path.set_file_name("white_float_patched.tif");
    std::fs::write(&path, bytes).expect("written");
    let error = read_error(&path);
    assert!(error.contains("MINISWHITE") && error.contains("PHOTOMETRIC=MINISBLACK"), "{error}");
}

/// Sets the inline SHORT value of `tag` in a little-endian TIFF's first IFD.
fn patch_short(bytes: &mut [u8], tag: u16, value: u16) {
    let ifd = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")) as usize;
    let n = u16::from_le_bytes([bytes[ifd], bytes[ifd + 1]]) as usize;
    let entry = (0..n).map(|i| ifd + 2 + 12 * i).find(|at| u16::from_le_bytes([bytes[*at], bytes[at + 1]]) == tag);
    let at = entry.expect("the tag is there") + 8;
    bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
}
