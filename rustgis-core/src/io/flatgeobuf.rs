//! FlatGeobuf to and from layers, on the `flatgeobuf` crate's file format definitions and packed
//! R-tree.
//!
//! Reading treats the file as untrusted: every size and offset is checked against the file's
//! length before anything is allocated or read, each feature is verified as a FlatBuffer, and
//! the whole read runs under `catch_unwind`, so a damaged file is an [`Error::Data`] naming the
//! byte offset, never a crash. With a bbox, the file's spatial index picks the features to read.
//!
//! How RustGIS's types map onto FlatGeobuf columns (and back):
//!
//! | field type | column type | notes |
//! |---|---|---|
//! | integer | `Long` | every integer column type reads as integer |
//! | float | `Double` | `Float` reads as float |
//! | bool | `Bool` | |
//! | string | `String` | `Json` reads as its text |
//! | date | `DateTime` | ISO `YYYY-MM-DD`; the column's metadata is `{"rustgis":"date"}` |
//! | datetime | `DateTime` | ISO `YYYY-MM-DDTHH:MM:SS[.mmm]` |
//!
//! Nulls are absent values. Feature ids go in a `fid` column (`ULong`, metadata
//! `{"rustgis":"fid"}`; named `rustgis_fid` when the layer has a `fid` field), because a file
//! with an index stores its features in Hilbert order: on reading, ids and order come back from it.
//! A `DateTime` column without the date marker reads as dates when every value is a plain date.

mod columns;
mod read;
mod write;

pub use super::ReadData;
pub(crate) use read::read_opened;
pub use read::{read, read_file};
pub use write::write;

/// The metadata marking the column that holds RustGIS feature ids.
const FID_MARKER: &str = r#"{"rustgis":"fid"}"#;
/// The metadata marking a `DateTime` column that holds dates.
const DATE_MARKER: &str = r#"{"rustgis":"date"}"#;
/// The largest header the reader accepts (as the flatgeobuf crate does).
const MAX_HEADER: u64 = 10 * 1024 * 1024;
/// The smallest a feature can be on disk: its size prefix and an empty table.
const MIN_FEATURE: u64 = 12;

#[cfg(test)]
mod tests {
    use super::*;

    use std::path::Path;

    use crate::error::{Error, Result};
    use crate::io::ReadData;
    use crate::layer::{Extent, Layer};

    use crate::io::geojson;
    use std::io::Cursor;

    fn layer(text: &str) -> Layer {
        let data = geojson::read_str(text, Path::new("t.geojson")).expect("valid GeoJSON");
        Layer::new("t", data.crs, data.fields, data.features)
    }

    fn write_bytes(layer: &Layer) -> Vec<u8> {
        let mut out = Vec::new();
        write(layer, &mut out, Path::new("t.fgb")).expect("writes");
        out
    }

    fn read_bytes(bytes: &[u8], bbox: Option<Extent>) -> Result<ReadData> {
        read(Cursor::new(bytes), bytes.len() as u64, Path::new("t.fgb"), bbox)
    }

    const MIXED: &str = r#"{"type":"FeatureCollection","features":[
        {"type":"Feature","id":5,"properties":{"n":1,"x":1.5,"s":"a","d":"2024-05-01","t":"2024-05-01T10:00:00","b":true},"geometry":{"type":"Point","coordinates":[10,10]}},
        {"type":"Feature","id":2,"properties":{"n":null,"x":null,"s":null,"d":null,"t":null,"b":null},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}},
        {"type":"Feature","id":9,"properties":{"n":-3,"x":2.0,"s":"é","d":"2020-02-29","t":"2020-02-29T23:59:59.500","b":false},"geometry":null},
        {"type":"Feature","id":1,"properties":{"n":4},"geometry":{"type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,0]],[[0.5,0.5],[1,0.5],[1,1],[0.5,0.5]]],[[[5,5],[6,5],[6,6],[5,5]]]]}},
        {"type":"Feature","id":3,"properties":{},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[1,2]},{"type":"LineString","coordinates":[[0,0],[3,3]]}]}}
    ]}"#;

    #[test]
    fn a_round_trip_keeps_ids_order_types_nulls_and_geometries() {
        let original = layer(MIXED);
        let back = read_bytes(&write_bytes(&original), None).expect("reads back");
        assert_eq!(back.fields, *original.fields);
        let mut expected = (*original.features).clone();
        expected.sort_by_key(|f| f.id);
        assert_eq!(back.features, expected);
    }

    #[test]
    fn a_bbox_read_returns_only_the_features_there() {
        let back = read_bytes(&write_bytes(&layer(MIXED)), Extent::from_corners(4.0, 4.0, 20.0, 20.0)).expect("reads");
        let ids: Vec<u64> = back.features.iter().map(|f| f.id).collect();
        assert_eq!(ids, [1, 5]);
    }

    #[test]
    fn every_truncation_is_refused_with_a_byte_offset() {
        let bytes = write_bytes(&layer(MIXED));
        for cut in [0, 5, 10, 40, bytes.len() / 2, bytes.len() - 1] {
            let err = read_bytes(&bytes[..cut], None).expect_err("truncated");
            let Error::Data { position, .. } = &err else { panic!("{err}") };
            assert!(position.starts_with("byte "), "{cut}: {err}");
        }
    }

    #[test]
    fn damaged_bytes_never_crash_the_reader() {
        let bytes = write_bytes(&layer(MIXED));
        for at in (8..bytes.len()).step_by(7) {
            let mut damaged = bytes.clone();
            damaged[at] ^= 0x5a;
            // Either the damage is caught, or it hit a value; it must not panic out.
            if let Err(err) = read_bytes(&damaged, None) {
                assert!(matches!(err, Error::Data { .. }), "{at}: {err}");
            }
        }
    }

    #[test]
    fn files_we_write_are_read_by_the_flatgeobuf_crate_itself() {
        use flatgeobuf::{FallibleStreamingIterator, FeatureProperties, FgbReader};
        let bytes = write_bytes(&layer(MIXED));
        let mut reader =
            FgbReader::open(Cursor::new(&bytes)).expect("header").select_bbox(-1.0, -1.0, 20.0, 20.0).expect("index");
        let mut found = Vec::new();
        while let Some(feature) = reader.next().expect("feature") {
            found.push((feature.property::<u64>("fid").expect("fid"), feature.property::<i64>("n").ok()));
        }
        found.sort_unstable();
        assert_eq!(found, [(1, Some(4)), (2, None), (3, None), (5, Some(1))]);
    }
}
