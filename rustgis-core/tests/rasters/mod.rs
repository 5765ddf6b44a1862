//! What the raster tests share: the fixtures `scripts/make_raster_fixtures.py` writes with GDAL
//! (through rasterio), their reference values, and hand-made TIFF files for the hostile cases.
#![allow(dead_code, reason = "each raster test file uses the part of this module it needs")]

use std::path::{Path, PathBuf};

use rustgis_core::raster::Raster;
use serde_json::Value as Json;

/// The folder of the GDAL-made fixtures, or `None` (after saying why) when they are absent and
/// `RUSTGIS_REQUIRE_FIXTURES` is not `1`. With it set, absent fixtures fail the test.
pub(crate) fn fixtures() -> Option<PathBuf> {
    let dir = std::env::var_os("RUSTGIS_RASTER_FIXTURES")
        .map_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/raster-fixtures"), PathBuf::from);
    if dir.join("dem_4326.json").exists() {
        return Some(dir);
    }
    let how = "run `.venv/bin/python scripts/make_raster_fixtures.py target/raster-fixtures` (scripts/test.sh does)";
    if std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() == Ok("1") {
        panic!("the raster fixtures are missing from {}: {how}", dir.display());
    }
    eprintln!("SKIPPED: the raster fixtures are missing from {}; {how}", dir.display());
    None
}

/// Reads every band of a fixture and compares it with rasterio's arrays and metadata.
pub(crate) fn check_reads_like_rasterio(name: &str) {
    let Some(dir) = fixtures() else { return };
    let meta = meta(&dir, name);
    let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("the fixture opens");
    let info = raster.info();
    assert_eq!(info.width as u64, meta["width"].as_u64().expect("width"), "{name} width");
    assert_eq!(info.height as u64, meta["height"].as_u64().expect("height"), "{name} height");
    assert_eq!(info.bands as u64, meta["count"].as_u64().expect("count"), "{name} bands");
    assert_eq!(info.sample_type.name(), meta["dtypes"][0].as_str().expect("dtype"), "{name} dtype");
    let nodata = meta_nodata(&meta);
    let same_nodata = info.nodata.zip(nodata).is_some_and(|(a, b)| same(a, b)) || info.nodata == nodata;
    assert!(same_nodata, "{name} nodata {:?} != rasterio's {nodata:?}", info.nodata);
    assert_eq!(info.crs.map(|c| u64::from(c.code())), meta["epsg"].as_u64(), "{name} crs");
    let gt: Vec<f64> = meta["geotransform"].as_array().expect("gt").iter().map(|v| v.as_f64().expect("n")).collect();
    for (got, want) in info.transform.0.iter().zip(&gt) {
        assert!((got - want).abs() < 1e-9, "{name} geotransform {:?} != {gt:?}", info.transform.0);
    }
    for band in 0..info.bands {
        let (rows, cols, want) = npy(&dir.join(format!("{name}.b{}.npy", band + 1)));
        assert_eq!((rows, cols), (info.height, info.width));
        let got = raster.read_band(band).expect("the band reads");
        let differ = got.values().iter().zip(&want).filter(|(a, b)| !same(**a, **b)).count();
        assert_eq!(differ, 0, "{name} band {}: {differ} cells differ from rasterio's", band + 1);
    }
}

/// A band's statistics (exact, over every cell) against the cells GDAL's nodata mask leaves.
pub(crate) fn check_stats_like_gdal(name: &str) {
    let Some(dir) = fixtures() else { return };
    let raster = Raster::open(&dir.join(format!("{name}.tif"))).expect("the fixture opens");
    let meta = meta(&dir, name);
    for band in 0..raster.info().bands {
        let want = &meta["bands"][band]["gdal_masked"];
        let got = rustgis_core::raster::stats::band_stats(&raster, 0, band, &mut |_| Ok(())).expect("statistics");
        assert_eq!(got.valid, want["count"].as_u64().expect("a count"), "{name} band {}: cells with data", band + 1);
        assert_eq!(got.min, want["min"].as_f64(), "{name} band {} min", band + 1);
        assert_eq!(got.max, want["max"].as_f64(), "{name} band {} max", band + 1);
        let (mean, want_mean) = (got.mean.expect("a mean"), want["mean"].as_f64().expect("a mean"));
        assert!(
            (mean - want_mean).abs() <= 1e-9 * want_mean.abs(),
            "{name} band {} mean {mean} != {want_mean}",
            band + 1
        );
    }
}

/// A fixture's reference values, as rasterio read them.
pub(crate) fn meta(dir: &Path, name: &str) -> Json {
    let text = std::fs::read_to_string(dir.join(format!("{name}.json"))).expect("the fixture has its .json");
    serde_json::from_str(&text).expect("the .json parses")
}

/// A fixture's nodata as rasterio read it: a number, or "nan", "inf" or "-inf" (JSON has no
/// numbers for them).
pub(crate) fn meta_nodata(meta: &Json) -> Option<f64> {
    match &meta["nodata"] {
        Json::Null => None,
        Json::String(word) => Some(word.parse().unwrap_or_else(|_| panic!("nodata {word:?} is a number"))),
        number => Some(number.as_f64().expect("nodata is a number")),
    }
}

/// Whether two cell values are the same: equal, or both NaN.
pub(crate) fn same(a: f64, b: f64) -> bool {
    a == b || (a.is_nan() && b.is_nan())
}

/// A float64 array saved by numpy (`.npy`, version 1 or 2, little-endian `<f8`): its shape
/// (rows, columns) and values.
pub(crate) fn npy(path: &Path) -> (usize, usize, Vec<f64>) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[..6], b"\x93NUMPY", "{} is an .npy file", path.display());
    let (header_len, start) = if bytes[6] == 1 {
        (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10)
    } else {
        (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12)
    };
    let header = std::str::from_utf8(&bytes[start..start + header_len]).expect("the header is text");
    assert!(header.contains("'<f8'"), "{} holds float64: {header}", path.display());
    assert!(header.contains("'fortran_order': False"), "{header}");
    let shape = &header[header.find("'shape': (").expect("a shape") + 10..];
    let shape = &shape[..shape.find(')').expect("the shape ends")];
    let dims: Vec<usize> =
        shape.split(',').filter(|s| !s.trim().is_empty()).map(|s| s.trim().parse().expect("a size")).collect();
    let values = bytes[start + header_len..]
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect::<Vec<_>>();
    let (rows, cols) = (dims[0], dims.get(1).copied().unwrap_or(1));
    assert_eq!(values.len(), rows * cols);
    (rows, cols, values)
}

/// One value of a hand-made TIFF tag.
pub(crate) enum TagValue {
    /// SHORT values.
    Short(Vec<u16>),
    /// LONG values.
    Long(Vec<u32>),
    /// DOUBLE values.
    Double(Vec<f64>),
    /// ASCII text (a NUL is added).
    Ascii(String),
}

/// A little-endian classic TIFF: the header, then `data`, then one IFD with `tags` (sorted by the
/// caller). Offsets in the tags are as the caller gives them: `data` starts at byte 8.
pub(crate) fn tiff_bytes(tags: &[(u16, TagValue)], data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(b"II*\0");
    let ifd_offset = 8 + data.len() as u32;
    let ifd_offset = ifd_offset + (ifd_offset % 2);
    out.extend_from_slice(&ifd_offset.to_le_bytes());
    out.extend_from_slice(data);
    out.resize(ifd_offset as usize, 0);
    let entries_len = 2 + tags.len() * 12 + 4;
    let mut extra = Vec::new();
    let extra_start = ifd_offset as usize + entries_len;
    let mut ifd = Vec::new();
    ifd.extend_from_slice(&(tags.len() as u16).to_le_bytes());
    for (tag, value) in tags {
        let (kind, count, bytes): (u16, u32, Vec<u8>) = match value {
            TagValue::Short(v) => (3, v.len() as u32, v.iter().flat_map(|x| x.to_le_bytes()).collect()),
            TagValue::Long(v) => (4, v.len() as u32, v.iter().flat_map(|x| x.to_le_bytes()).collect()),
            TagValue::Double(v) => (12, v.len() as u32, v.iter().flat_map(|x| x.to_le_bytes()).collect()),
            TagValue::Ascii(s) => {
                let mut b = s.as_bytes().to_vec();
                b.push(0);
                (2, b.len() as u32, b)
            }
        };
        ifd.extend_from_slice(&tag.to_le_bytes());
        ifd.extend_from_slice(&kind.to_le_bytes());
        ifd.extend_from_slice(&count.to_le_bytes());
        if bytes.len() <= 4 {
            let mut inline = bytes.clone();
            inline.resize(4, 0);
            ifd.extend_from_slice(&inline);
        } else {
            let at = (extra_start + extra.len()) as u32;
            ifd.extend_from_slice(&at.to_le_bytes());
            extra.extend_from_slice(&bytes);
            if extra.len() % 2 == 1 {
                extra.push(0);
            }
        }
    }
    ifd.extend_from_slice(&0u32.to_le_bytes());
    out.extend_from_slice(&ifd);
    out.extend_from_slice(&extra);
    out
}

/// A one-band byte strip image of `width` × `height` cells, stored as `data` with `compression`,
/// and `extra` tags (sorted in with the rest), written in the folder `module` where the tests
/// write files.
pub(crate) fn hand_made(
    module: &str,
    name: &str,
    width: u32,
    height: u32,
    compression: u16,
    extra: Vec<(u16, TagValue)>,
    data: &[u8],
) -> PathBuf {
    let mut tags = vec![
        (256, TagValue::Long(vec![width])),
        (257, TagValue::Long(vec![height])),
        (258, TagValue::Short(vec![8])),
        (259, TagValue::Short(vec![compression])),
        (262, TagValue::Short(vec![1])),
        (273, TagValue::Long(vec![8])),
        (277, TagValue::Short(vec![1])),
        (278, TagValue::Long(vec![height])),
        (279, TagValue::Long(vec![data.len() as u32])),
    ];
    tags.extend(extra);
    tags.sort_by_key(|(tag, _)| *tag);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(module);
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let path = dir.join(name);
    #[allow(clippy::disallowed_methods, reason = "a test writes its hand-made TIFF file directly")]
    std::fs::write(&path, tiff_bytes(&tags, data)).expect("written");
    path
}

/// The error reading the first band of `path` gives, with its causes.
pub(crate) fn read_error(path: &Path) -> String {
    match Raster::open(path).and_then(|raster| raster.read_band(0)) {
        Ok(_) => panic!("{} should be refused", path.display()),
        Err(e) => format!("{e:#}"),
    }
}
