//! The GeoTIFF reader against GDAL: every fixture `scripts/make_raster_fixtures.py` writes with
//! rasterio reads to the same cells, georeferencing, CRS, nodata and overviews; corrupt files get
//! clear errors without taking memory.
#![allow(clippy::disallowed_methods, reason = "tests write their hand-made TIFF files directly")]

use crate::rasters;

use std::path::Path;

use rasters::{TagValue, check_reads_like_rasterio, check_stats_like_gdal, fixtures, meta, npy, tiff_bytes};
use rustgis_core::raster::{Cells, Photometric, Raster, Window};

#[test]
fn a_tiled_deflate_float32_dem_with_the_float_predictor_reads_like_rasterio() {
    check_reads_like_rasterio("dem_4326");
}

#[test]
fn a_float32_band_is_held_as_f32_cells_and_an_int16_band_as_f64() {
    let Some(dir) = fixtures() else { return };
    let band = |name: &str| Raster::open(&dir.join(format!("{name}.tif"))).expect("opens").read_band(0).expect("reads");
    assert!(matches!(band("dem_4326").cells(), Cells::F32(_)), "float32 stays f32");
    assert!(matches!(band("dem_int16_lzw").cells(), Cells::F64(_)), "int16 is widened");
}

#[test]
fn an_int16_dem_in_lzw_strips_with_the_horizontal_predictor_reads_like_rasterio() {
    check_reads_like_rasterio("dem_int16_lzw");
}

#[test]
fn a_dem_in_a_utm_zone_reads_like_rasterio_with_its_epsg_code() {
    check_reads_like_rasterio("dem_utm");
}

#[test]
fn uint16_packbits_reads_like_rasterio() {
    check_reads_like_rasterio("uint16_packbits");
}

#[test]
fn uncompressed_int32_reads_like_rasterio() {
    check_reads_like_rasterio("int32_none");
}

#[test]
fn uint32_deflate_with_a_predictor_reads_like_rasterio() {
    check_reads_like_rasterio("uint32_deflate");
}

#[test]
fn tiled_float64_reads_like_rasterio() {
    check_reads_like_rasterio("float64_deflate");
}

#[test]
fn a_rotated_grid_reads_its_model_transformation_like_rasterio() {
    check_reads_like_rasterio("rotated");
}

#[test]
fn a_paletted_packbits_grid_reads_like_rasterio_with_its_colour_map() {
    check_reads_like_rasterio("landcover");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("landcover.tif")).expect("opens");
    assert_eq!(raster.info().photometric, Photometric::Palette);
    let palette = raster.info().palette.as_ref().expect("a palette");
    let meta = meta(&dir, "landcover");
    for (class, rgba) in meta["colormap"].as_object().expect("a colour map") {
        let class: usize = class.parse().expect("a class number");
        let want: Vec<u8> = rgba.as_array().expect("rgba").iter().map(|v| v.as_u64().expect("n") as u8).collect();
        assert_eq!(palette[class].to_vec(), want, "class {class}");
    }
}

#[test]
fn a_pixel_interleaved_rgb_image_reads_like_rasterio() {
    check_reads_like_rasterio("rgb");
}

#[test]
fn a_band_interleaved_rgb_image_reads_like_rasterio() {
    check_reads_like_rasterio("rgb_planar");
}

#[test]
fn a_cog_reads_like_rasterio_and_lists_its_overviews() {
    check_reads_like_rasterio("cog");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("cog.tif")).expect("opens");
    let meta = meta(&dir, "cog");
    let sizes: Vec<(usize, usize)> = raster.info().levels[1..].iter().map(|l| (l.width, l.height)).collect();
    let want: Vec<(usize, usize)> = meta["overviews"]
        .as_array()
        .expect("overviews")
        .iter()
        .map(|o| (o[0].as_u64().expect("w") as usize, o[1].as_u64().expect("h") as usize))
        .collect();
    assert_eq!(sizes, want);
}

#[test]
fn a_cog_overview_reads_like_rasterios_overview() {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("cog.tif")).expect("opens");
    let (rows, cols, want) = npy(&dir.join("cog.ovr0.b1.npy"));
    let got = raster.read(1, Window::full(cols, rows), &[0]).expect("the overview reads").remove(0);
    assert_eq!(got.values(), &want[..]);
}

#[test]
fn sparse_tiles_read_as_zero_in_a_file_without_nodata_as_gdal_reads_them() {
    check_reads_like_rasterio("sparse");
    check_stats_like_gdal("sparse");
}

#[test]
fn sparse_tiles_read_as_nodata_in_a_file_with_nodata() {
    check_reads_like_rasterio("sparse_nodata");
    check_stats_like_gdal("sparse_nodata");
}

#[test]
fn a_gdal_nodata_of_inf_or_minus_inf_is_the_nodata_and_leaves_those_cells_out() {
    for name in ["nodata_inf", "nodata_neg_inf", "nodata_nan"] {
        check_reads_like_rasterio(name);
        check_stats_like_gdal(name);
    }
}

#[test]
fn a_nodata_just_above_the_float32_maximum_is_rounded_as_gdal_does_and_matches_the_cells() {
    check_reads_like_rasterio("nodata_f32_max");
    check_stats_like_gdal("nodata_f32_max");
}

#[test]
fn a_negative_model_pixel_scale_y_reads_north_up_as_gdal_reads_it() {
    check_reads_like_rasterio("negative_scale_y");
}

#[test]
fn an_8_bit_cmyk_tiff_reads_as_the_rgba_gdal_converts_it_to() {
    for name in ["cmyk", "cmyk_planar"] {
        check_reads_like_rasterio(name);
        let Some(dir) = fixtures() else { return };
        let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("opens");
        assert_eq!(raster.info().photometric, Photometric::Rgb, "{name} is drawn as colours");
        assert!(raster.info().notices.iter().any(|n| n.contains("CMYK")), "{:?}", raster.info().notices);
    }
}

#[test]
fn a_16_bit_cmyk_tiff_reads_its_inks_as_gdal_does_and_is_not_drawn_as_colours() {
    check_reads_like_rasterio("cmyk_uint16");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("cmyk_uint16.tif")).expect("opens");
    assert_eq!(raster.info().photometric, Photometric::Gray, "the inks are values, not red, green and blue");
    let notices = raster.info().notices.join("\n");
    assert!(notices.contains("CMYK") && notices.contains("not as colours"), "{notices}");
}

#[test]
fn tiles_with_a_band_per_plane_read_like_rasterio_and_give_statistics() {
    check_reads_like_rasterio("rgb_planar_tiled");
    check_stats_like_gdal("rgb_planar_tiled");
}

#[test]
fn tiles_of_bands_in_planes_cut_at_the_images_last_row_read_like_rasterio_and_give_statistics() {
    // As GDAL's autotest separate_tiled.tif: big-endian, PackBits, 3 bytes bands; and int16 in
    // deflate with the horizontal predictor.
    for name in ["planar_cropped_tiles", "planar_cropped_tiles_int16"] {
        check_reads_like_rasterio(name);
        check_stats_like_gdal(name);
    }
}

#[test]
fn a_tfw_world_file_places_a_tiff_without_georeferencing_as_gdal_does() {
    check_reads_like_rasterio("world_tfw");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("world_tfw.tif")).expect("opens");
    let notices = raster.info().notices.join("\n");
    assert!(notices.contains("world_tfw.tfw") && notices.contains("world_tfw.tif.aux.xml"), "{notices}");
}

#[test]
fn a_wld_world_file_places_a_tiff_without_georeferencing_as_gdal_does() {
    check_reads_like_rasterio("world_wld");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("world_wld.tif")).expect("opens");
    assert!(raster.info().notices.iter().any(|n| n.contains("world_wld.wld")), "{:?}", raster.info().notices);
}

#[test]
fn an_aux_xml_gives_the_geotransform_and_crs_of_a_tiff_without_them_as_gdal_reads_it() {
    check_reads_like_rasterio("world_aux");
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("world_aux.tif")).expect("opens");
    assert!(raster.info().notices.iter().any(|n| n.contains("world_aux.tif.aux.xml")), "{:?}", raster.info().notices);
}

#[test]
fn a_window_reads_the_same_cells_as_the_whole_band() {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("dem_4326.tif")).expect("opens");
    let (_, cols, all) = npy(&dir.join("dem_4326.b1.npy"));
    let window = Window { col: 250, row: 200, width: 300, height: 70 };
    let got = raster.read(0, window, &[0]).expect("reads").remove(0);
    for row in 0..window.height {
        for col in 0..window.width {
            assert_eq!(got.get(col, row), all[(window.row + row) * cols + window.col + col], "cell {col},{row}");
        }
    }
}

#[test]
fn a_window_past_the_edge_is_nodata_outside_the_raster() {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("dem_utm.tif")).expect("opens");
    let window = Window { col: 390, row: 290, width: 20, height: 20 };
    let got = raster.read(0, window, &[0]).expect("reads").remove(0);
    assert!(got.valid(5, 5).is_some(), "inside");
    assert_eq!(got.get(15, 15), -9999.0, "outside");
}

#[test]
fn the_overview_chosen_for_a_zoomed_out_view_is_coarser() {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join("cog.tif")).expect("opens");
    assert_eq!(raster.level_for(0.05), 0);
    assert_eq!(raster.level_for(0.1), 1);
    assert_eq!(raster.level_for(1.0), 2);
}

// Hostile files, made by hand.

const WIDTH: u16 = 256;
const HEIGHT: u16 = 257;
const BITS: u16 = 258;
const COMPRESSION: u16 = 259;
const PHOTOMETRIC: u16 = 262;
const STRIP_OFFSETS: u16 = 273;
const SAMPLES: u16 = 277;
const ROWS_PER_STRIP: u16 = 278;
const STRIP_BYTE_COUNTS: u16 = 279;
const TILE_WIDTH: u16 = 322;
const TILE_LENGTH: u16 = 323;
const TILE_OFFSETS: u16 = 324;
const TILE_BYTE_COUNTS: u16 = 325;

fn write_tiff(name: &str, tags: &[(u16, TagValue)], data: &[u8]) -> std::path::PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("raster_read");
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let path = dir.join(name);
    std::fs::write(&path, tiff_bytes(tags, data)).expect("written");
    path
}

fn open_error(path: &Path) -> String {
    match Raster::open(path).and_then(|r| r.read_band(0)) {
        Ok(_) => panic!("{} should be refused", path.display()),
        Err(e) => format!("{e:#}"),
    }
}

fn strip_tags(width: u32, height: u32, offset: u32, count: u32) -> Vec<(u16, TagValue)> {
    vec![
        (WIDTH, TagValue::Long(vec![width])),
        (HEIGHT, TagValue::Long(vec![height])),
        (BITS, TagValue::Short(vec![8])),
        (COMPRESSION, TagValue::Short(vec![1])),
        (PHOTOMETRIC, TagValue::Short(vec![1])),
        (STRIP_OFFSETS, TagValue::Long(vec![offset])),
        (SAMPLES, TagValue::Short(vec![1])),
        (ROWS_PER_STRIP, TagValue::Long(vec![height])),
        (STRIP_BYTE_COUNTS, TagValue::Long(vec![count])),
    ]
}

/// The tags of a one-band byte image in `tile`-square tiles: `offsets` and `counts` per tile,
/// `compression` 1 (none) or 8 (deflate).
fn tiled_tags(
    width: u32,
    height: u32,
    tile: u32,
    compression: u16,
    offsets: Vec<u32>,
    counts: Vec<u32>,
) -> Vec<(u16, TagValue)> {
    vec![
        (WIDTH, TagValue::Long(vec![width])),
        (HEIGHT, TagValue::Long(vec![height])),
        (BITS, TagValue::Short(vec![8])),
        (COMPRESSION, TagValue::Short(vec![compression])),
        (PHOTOMETRIC, TagValue::Short(vec![1])),
        (SAMPLES, TagValue::Short(vec![1])),
        (TILE_WIDTH, TagValue::Long(vec![tile])),
        (TILE_LENGTH, TagValue::Long(vec![tile])),
        (TILE_OFFSETS, TagValue::Long(offsets)),
        (TILE_BYTE_COUNTS, TagValue::Long(counts)),
    ]
}

#[test]
fn a_hand_made_tiff_reads_its_cells() {
    let path = write_tiff("good.tif", &strip_tags(4, 2, 8, 8), &[1, 2, 3, 4, 5, 6, 7, 8]);
    let raster = Raster::open(&path).expect("opens");
    assert_eq!(raster.read_band(0).expect("reads").values(), &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0][..]);
}

#[test]
fn a_chunk_offset_past_the_end_of_the_file_is_refused_at_open() {
    let path = write_tiff("bad_offset.tif", &strip_tags(4, 2, 1_000_000, 8), &[0; 8]);
    let error = open_error(&path);
    assert!(error.contains("past the end of the file"), "{error}");
}

#[test]
fn a_tile_count_that_lies_is_refused_at_open() {
    let tags = tiled_tags(512, 512, 256, 1, vec![8, 8], vec![16, 16]);
    let path = write_tiff("lying_tiles.tif", &tags, &[0; 16]);
    let error = open_error(&path);
    assert!(error.contains("does not match its image size"), "{error}");
}

#[test]
fn a_huge_header_with_no_data_is_refused_without_taking_memory() {
    let path = write_tiff("huge.tif", &strip_tags(100_000, 100_000, 8, 16), &[0; 16]);
    let error = open_error(&path);
    assert!(error.contains("more than the") && error.contains("decodes at once"), "{error}");
}

#[test]
fn a_huge_tiled_header_with_no_data_is_refused_for_its_missing_tiles() {
    let tags = tiled_tags(100_000, 100_000, 256, 1, vec![8], vec![16]);
    let path = write_tiff("huge_tiled.tif", &tags, &[0; 16]);
    let error = open_error(&path);
    assert!(error.contains("does not match its image size"), "{error}");
}

#[test]
fn a_whole_band_past_the_memory_limit_is_refused_but_a_window_reads() {
    // 65536 × 65536 cells in sparse tiles (no bytes): the header is honest, the file is tiny.
    let tiles = 256 * 256;
    let tags = tiled_tags(65_536, 65_536, 256, 1, vec![0; tiles], vec![0; tiles]);
    let path = write_tiff("sparse_big.tif", &tags, &[]);
    let raster = Raster::open(&path).expect("an honest sparse header opens");
    let error = format!("{:#}", raster.read_band(0).expect_err("the whole band is too big"));
    assert!(error.contains("read a window or an overview"), "{error}");
    let window =
        raster.read(0, Window { col: 1000, row: 1000, width: 10, height: 10 }, &[0]).expect("a window reads").remove(0);
    assert!(
        window.values().iter().all(|v| *v == 0.0),
        "sparse tiles of a file without nodata are 0, as GDAL reads them"
    );
}

#[test]
fn a_decompression_bomb_inflates_no_further_than_its_tile() {
    use std::io::Write;
    // 16 MiB of zeros deflate to ~16 kB; the tile is 256 × 256 bytes.
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(&vec![0u8; 16 << 20]).expect("compresses");
    let bomb = encoder.finish().expect("finishes");
    let tags = tiled_tags(256, 256, 256, 8, vec![8], vec![bomb.len() as u32]);
    let path = write_tiff("bomb.tif", &tags, &bomb);
    let raster = Raster::open(&path).expect("opens");
    let band = raster.read_band(0).expect("the tile's first 64 kB are read, the rest ignored");
    assert_eq!(band.values().len(), 256 * 256);
    assert!(band.values().iter().all(|v| *v == 0.0));
}

#[test]
fn a_truncated_deflate_tile_is_a_clear_error() {
    let tags = tiled_tags(64, 64, 64, 8, vec![8], vec![6]);
    let path = write_tiff("truncated.tif", &tags, &[0x78, 0x9c, 0x63, 0x60, 0x18, 0x05]);
    let error = open_error(&path);
    assert!(error.contains("truncated.tif") && error.contains("chunk 0"), "{error}");
}

#[test]
fn a_file_that_is_not_a_tiff_is_a_clear_error() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("raster_read");
    std::fs::create_dir_all(&dir).expect("made");
    let path = dir.join("not.tif");
    std::fs::write(&path, b"GIF89a not a tiff").expect("written");
    let error = open_error(&path);
    assert!(error.contains("not.tif") && error.contains("TIFF header"), "{error}");
}
