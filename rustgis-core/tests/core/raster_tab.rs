//! MapInfo `.tab` files beside TIFFs without georeferencing, written by
//! `scripts/make_raster_fixtures.py`, read as GDAL reads them: the transform from the control
//! points, the CRS from the CoordSys, GDAL's order of sources, and notices for what RustGIS cannot
//! map.
#![allow(clippy::disallowed_methods, reason = "a test copies a fixture beside a .tab of its own")]

use crate::rasters;

use std::path::Path;

use rasters::{check_reads_like_rasterio, fixtures, meta};
use rustgis_core::raster::Raster;

fn notices(raster: &Raster) -> String {
    raster.info().notices.join("\n")
}

#[test]
fn a_mapinfo_tab_places_a_tiff_without_georeferencing_in_longitude_and_latitude() {
    check_reads_like_rasterio("tab_lonlat");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("tab_lonlat.tif")).expect("opens");
    assert!(notices(&raster).contains("tab_lonlat.tab"), "{}", notices(&raster));
}

#[test]
fn a_mapinfo_tab_in_transverse_mercator_gives_the_utm_zone_as_gdal_does() {
    check_reads_like_rasterio("tab_utm");
}

#[test]
fn a_mapinfo_tab_wins_over_a_world_file_as_in_gdals_order_of_sources() {
    check_reads_like_rasterio("tab_and_tfw");
}

#[test]
fn control_points_that_fit_no_transform_leave_the_cells_at_their_column_and_row_with_a_notice() {
    let Some(dir) = fixtures() else { return };
    assert_eq!(meta(&dir, "tab_not_affine")["gcps"], 4, "GDAL keeps the points as GCPs");
    let raster = Raster::open(&dir.join("tab_not_affine.tif")).expect("opens");
    assert_eq!(raster.info().transform.0, [0.0, 1.0, 0.0, 0.0, 0.0, -1.0]);
    let notices = notices(&raster);
    assert!(notices.contains("4 control points") && notices.contains("gdalwarp"), "{notices}");
}

#[test]
fn a_coordsys_rustgis_does_not_map_is_named_and_not_taken_as_epsg_4326() {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("tab_lcc.tif")).expect("opens");
    let info = raster.info();
    assert_eq!(info.transform.0, [500000.0, 30.0, 0.0, 5200000.0, 0.0, -20.0], "the points still place it");
    assert_eq!(info.crs, None);
    let problem = info.crs_problem.as_deref().expect("the CRS is a problem to name, not EPSG:4326");
    assert!(problem.contains("Earth Projection 3") && problem.contains("\"crs\""), "{problem}");
}

#[test]
fn the_tiffs_own_georeferencing_wins_over_a_mapinfo_tab() {
    let Some(dir) = fixtures() else { return };
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("raster_tab");
    std::fs::create_dir_all(&scratch).expect("the folder can be made");
    std::fs::copy(dir.join("dem_utm.tif"), scratch.join("own.tif")).expect("copied");
    std::fs::copy(dir.join("tab_lonlat.tab"), scratch.join("own.tab")).expect("copied");
    let raster = Raster::open(&scratch.join("own.tif")).expect("opens");
    let want = meta(&dir, "dem_utm");
    assert_eq!(raster.info().transform.0[0], want["geotransform"][0].as_f64().expect("x"));
    assert_eq!(raster.info().crs.map(|c| c.code()), Some(32633));
}
