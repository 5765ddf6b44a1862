//! ZSTD, JPEG, WebP and LERC tiles and BigTIFF, written by GDAL (`scripts/make_raster_fixtures.py`),
//! read like rasterio reads them (LERC's flavours in `raster_lerc.rs`).

use crate::rasters;

use rasters::{fixtures, meta, npy};
use rustgis_core::raster::{Photometric, Raster};

/// Reads every band of a fixture and compares it with rasterio's arrays: cell for cell when
/// `lossy` is `None`; for a lossy compression, `Some((mean, within))`: the mean absolute
/// difference is below `mean` and 99 % of the cells are within `within` levels.
fn check(name: &str, lossy: Option<(f64, f64)>) {
    let Some(dir) = fixtures() else { return };
    let want = meta(&dir, name);
    let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("opens");
    let info = raster.info();
    assert_eq!(info.width as u64, want["width"].as_u64().expect("a width"));
    assert_eq!(info.height as u64, want["height"].as_u64().expect("a height"));
    assert_eq!(info.bands as u64, want["count"].as_u64().expect("a band count"));
    for band in 0..info.bands {
        let got = raster.read_band(band).expect("reads");
        let (_, _, values) = npy(&dir.join(format!("{name}.b{}.npy", band + 1)));
        let Some((mean, within)) = lossy else {
            assert_eq!(got.values(), &values[..], "{name} band {} equals rasterio's, cell for cell", band + 1);
            continue;
        };
        assert_eq!(got.values().len(), values.len());
        let mut diffs: Vec<f64> = got.values().iter().zip(&values).map(|(g, w)| (g - w).abs()).collect();
        diffs.sort_by(f64::total_cmp);
        let (got_mean, p99) = (diffs.iter().sum::<f64>() / diffs.len() as f64, diffs[diffs.len() * 99 / 100]);
        assert!(
            got_mean < mean && p99 <= within,
            "{name} band {}: mean difference {got_mean}, 99th percentile {p99}",
            band + 1
        );
    }
}

#[test]
fn zstd_tiles_with_the_float_predictor_read_like_rasterio() {
    check("dem_zstd", None);
}

#[test]
fn a_bigtiff_reads_like_rasterio() {
    check("dem_bigtiff", None);
}

#[test]
fn lossless_webp_tiles_read_like_rasterio() {
    check("rgb_webp", None);
}

#[test]
fn jpeg_ycbcr_tiles_read_close_to_rasterio() {
    // Two JPEG decoders (zune-jpeg, libjpeg-turbo) round their inverse DCT and upsample the
    // halved chroma differently: on this image the mean difference is under a level, 99 % of the
    // cells are within 5 and the most is about 10 of 255.
    check("rgb_jpeg", Some((1.0, 5.0)));
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("rgb_jpeg.tif")).expect("opens");
    assert_eq!(raster.info().photometric, Photometric::Rgb, "YCbCr is decoded to red, green and blue");
}

#[test]
fn lerc_strips_read_like_rasterio() {
    check("dem_lerc", None);
}
