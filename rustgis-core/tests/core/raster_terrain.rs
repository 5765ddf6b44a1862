//! Hillshade, slope and aspect against gdaldem's method. rasterio ships no gdaldem, so
//! `scripts/make_raster_fixtures.py` computes the references with numpy by Horn's method, as
//! gdaldem does (in the textbook zenith/azimuth form, which RustGIS's gdaldem form must match).

use crate::rasters;

use rasters::{fixtures, npy};
use rustgis_core::raster::Raster;
use rustgis_core::raster::terrain::{self, Light};

/// Compares a terrain grid with the numpy reference: cells with a value in both must be within
/// `tolerance` on at least 99 % of them (all of them for nodata agreement).
fn check_terrain(
    name: &str,
    what: &str,
    tolerance: f64,
    compute: impl Fn(&rustgis_core::raster::Grid, &Raster) -> rustgis_core::raster::Grid,
) {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("opens");
    let dem = raster.read_band(0).expect("reads");
    let got = compute(&dem, &raster);
    let (rows, cols, want) = npy(&dir.join(format!("{name}.{what}.npy")));
    assert_eq!((rows, cols), (got.height(), got.width()));
    let nodata = if what == "hillshade" { 0.0 } else { -9999.0 };
    let (mut compared, mut close, mut nodata_disagree) = (0usize, 0usize, 0usize);
    for (g, w) in got.values().iter().zip(&want) {
        match (*g == nodata, *w == nodata) {
            (true, true) => {}
            (false, false) => {
                compared += 1;
                let diff =
                    if what == "aspect" { ((g - w + 180.0).rem_euclid(360.0) - 180.0).abs() } else { (g - w).abs() };
                if diff <= tolerance {
                    close += 1;
                }
            }
            _ => nodata_disagree += 1,
        }
    }
    assert_eq!(nodata_disagree, 0, "{name} {what}: cells with a value in one and not the other");
    assert!(compared > 1000, "{name} {what}: only {compared} cells compared");
    let share = close as f64 / compared as f64;
    assert!(share >= 0.99, "{name} {what}: {:.3} % of cells within {tolerance}", share * 100.0);
}

#[test]
fn hillshade_of_a_utm_dem_matches_gdaldem_within_one_level_on_99_percent_of_cells() {
    check_terrain("dem_utm", "hillshade", 1.0, |dem, r| {
        terrain::hillshade(dem, &r.info().transform, false, Light::default()).expect("computes")
    });
}

#[test]
fn hillshade_of_a_lon_lat_dem_uses_geodesic_cell_sizes() {
    check_terrain("dem_4326", "hillshade", 1.0, |dem, r| {
        terrain::hillshade(dem, &r.info().transform, true, Light::default()).expect("computes")
    });
}

#[test]
fn slope_of_a_utm_dem_matches_gdaldem() {
    check_terrain("dem_utm", "slope", 1e-6, |dem, r| {
        terrain::slope(dem, &r.info().transform, false, 1.0).expect("computes")
    });
}

#[test]
fn slope_of_a_lon_lat_dem_matches_gdaldem_with_geodesic_cells() {
    check_terrain("dem_4326", "slope", 1e-6, |dem, r| {
        terrain::slope(dem, &r.info().transform, true, 1.0).expect("computes")
    });
}

#[test]
fn aspect_of_a_utm_dem_matches_gdaldem() {
    check_terrain("dem_utm", "aspect", 1e-6, |dem, r| {
        terrain::aspect(dem, &r.info().transform, false).expect("computes")
    });
}
