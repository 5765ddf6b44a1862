//! LERC-compressed GeoTIFFs as GDAL writes them (`COMPRESS=LERC`, `LERC_DEFLATE`, `LERC_ZSTD`,
//! with and without `MAX_Z_ERROR`), written by `scripts/make_raster_fixtures.py`, read like
//! rasterio reads them: the same cells, nodata, NaN where LERC's mask says so, and the alpha band
//! GDAL stores as the mask.

use crate::rasters;

use rasters::{TagValue, check_reads_like_rasterio, check_stats_like_gdal, fixtures, hand_made, npy, read_error, same};
use rustgis_core::raster::Raster;

const MODULE: &str = "raster_lerc";

const TYPES: [&str; 5] = ["uint8", "int16", "uint16", "float32", "float64"];

/// A lossy fixture: each cell as rasterio reads it (LERC decodes to the same numbers), and within
/// its MAX_Z_ERROR of the value written.
fn check_lossy(name: &str) {
    check_reads_like_rasterio(name);
    let Some(dir) = fixtures() else { return };
    let max_z_error: f64 = std::fs::read_to_string(dir.join(format!("{name}.max_z_error")))
        .expect("the fixture has its MAX_Z_ERROR")
        .trim()
        .parse()
        .expect("a number");
    let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("opens");
    let info = raster.info();
    assert!(info.notices.iter().all(|n| !n.contains("LERC")), "{:?}", info.notices);
    let got = raster.read_band(0).expect("reads");
    let (_, _, want) = npy(&dir.join(format!("{name}.b1.npy")));
    let worst = got.values().iter().zip(&want).map(|(g, w)| (g - w).abs()).fold(0.0, f64::max);
    assert!(worst <= max_z_error, "{name}: {worst} from rasterio's cells, above MAX_Z_ERROR {max_z_error}");
}

#[test]
fn lerc_tiles_of_every_type_read_like_rasterio_cell_for_cell() {
    for dtype in TYPES {
        check_reads_like_rasterio(&format!("lerc_{dtype}"));
    }
}

#[test]
fn lerc_deflate_tiles_of_every_type_read_like_rasterio_cell_for_cell() {
    for dtype in TYPES {
        check_reads_like_rasterio(&format!("lerc_deflate_{dtype}"));
    }
}

#[test]
fn lerc_zstd_tiles_of_every_type_read_like_rasterio_cell_for_cell() {
    for dtype in TYPES {
        check_reads_like_rasterio(&format!("lerc_zstd_{dtype}"));
    }
}

#[test]
fn lerc_nodata_cells_are_left_out_of_statistics_as_gdal_leaves_them() {
    for dtype in TYPES {
        check_stats_like_gdal(&format!("lerc_zstd_{dtype}"));
    }
}

#[test]
fn lossy_lerc_strips_read_like_rasterio_within_their_max_z_error() {
    for dtype in ["float32", "float64", "int16", "uint8"] {
        check_lossy(&format!("lerc_lossy_{dtype}"));
    }
}

#[test]
fn lossy_lerc_zstd_tiles_read_like_rasterio_within_their_max_z_error() {
    check_lossy("lerc_lossy_tiled");
}

#[test]
fn cells_lercs_mask_leaves_out_read_as_nan_like_rasterio() {
    check_reads_like_rasterio("lerc_nan");
    check_stats_like_gdal("lerc_nan");
}

#[test]
fn float_bands_in_one_plane_with_a_lerc_mask_each_read_like_rasterio() {
    check_reads_like_rasterio("lerc_nan_bands");
}

#[test]
fn the_alpha_band_gdal_stores_as_the_lerc_mask_reads_like_rasterio() {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("lerc_rgba.tif")).expect("opens");
    assert_eq!(raster.info().bands, 4);
    let alpha = raster.read_band(3).expect("reads");
    let (_, _, want_alpha) = npy(&dir.join("lerc_rgba.b4.npy"));
    assert_eq!(alpha.values(), &want_alpha[..], "the alpha band is the mask, 0 or 255");
    // The colour of a transparent cell is not stored (libtiff leaves it undefined): the colours
    // are compared where the alpha is 255.
    for band in 0..3 {
        let got = raster.read_band(band).expect("reads");
        let (_, _, want) = npy(&dir.join(format!("lerc_rgba.b{}.npy", band + 1)));
        let differ = (0..want.len()).filter(|&i| want_alpha[i] == 255.0 && !same(got.values()[i], want[i])).count();
        assert_eq!(differ, 0, "band {}: {differ} opaque cells differ from rasterio's", band + 1);
    }
}

#[test]
fn a_lerc_strip_that_is_not_a_lerc_blob_is_a_clear_error() {
    let path = hand_made(MODULE, "garbage.tif", 4, 2, 34887, Vec::new(), b"not a LERC blob at all");
    let error = read_error(&path);
    assert!(error.contains("its LERC blob is corrupt"), "{error}");
}

#[test]
fn lerc_compressed_again_by_a_method_nobody_knows_is_refused_by_name() {
    let path = hand_made(MODULE, "unknown.tif", 4, 2, 34887, vec![(50674, TagValue::Long(vec![4, 9]))], &[0; 8]);
    let error = read_error(&path);
    assert!(error.contains("(code 9)") && error.contains("deflate (1) or ZSTD (2)"), "{error}");
}
