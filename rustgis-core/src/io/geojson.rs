//! GeoJSON (RFC 7946) to and from layers, with attribute types inferred per field.
//!
//! Reading streams: features are built one at a time straight from the parser's events (no
//! intermediate JSON tree), properties go into per-field columns, and each column's type is
//! inferred once at the end. Errors name the file and the line and column.
//!
//! Writing puts one feature per line, properties in field order, numbers printed as the shortest
//! text that reads back to the same double.

mod columns;
mod read;
mod scan;
mod write;

pub use super::ReadData;
pub(crate) use read::{GeometryIn, json_error};
pub use read::{from_json, geometry, read, read_file, read_str};
pub(crate) use write::FeatureOut;
pub use write::{geometry_to_json, write};

/// A GeoJSON geometry object that is not one (no `type`, coordinates of the wrong depth…), or a
/// geometry JSON cannot hold (a coordinate that is not a finite number). Its text says which.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GeometryError(pub(crate) String);

#[cfg(test)]
mod tests {
    use super::*;

    use std::path::Path;

    use geo::Geometry;

    use serde_json::Value as Json;

    use crate::error::Error;

    use crate::value::{FieldType, Value};

    /// Reads `text` both ways (from a string and streaming from a reader) and checks they agree.
    fn check(text: &str) -> ReadData {
        let from_str = read_str(text, Path::new("test.geojson"));
        let streamed = read(text.as_bytes(), Path::new("test.geojson"), None);
        match (from_str, streamed) {
            (Ok(a), Ok(b)) => {
                assert_eq!((&a.fields, &a.features, &a.notices), (&b.fields, &b.features, &b.notices));
                a
            }
            (a, b) => panic!("the two readers disagree or fail: {a:?} / {b:?}"),
        }
    }

    /// The error both readers give for `text`, checked to be the same.
    fn check_error(text: &str) -> (String, String) {
        let a = read_str(text, Path::new("t.geojson")).expect_err("invalid");
        let b = read(text.as_bytes(), Path::new("t.geojson"), None).expect_err("invalid");
        let (Error::Data { position, message, .. }, Error::Data { position: p2, message: m2, .. }) = (&a, &b) else {
            panic!("{a} / {b}")
        };
        assert_eq!((position, message), (p2, m2));
        (position.clone(), message.clone())
    }

    #[test]
    fn both_readers_agree_on_odd_but_valid_documents() {
        check(r#"{"features":[],"type":"FeatureCollection"}"#);
        check(
            "\n  {\"type\" : \"FeatureCollection\" ,\"name\":\"a}]\\\"\",\"features\" : [ {\"type\":\"Feature\",\"properties\":{\"s\":\"}{\\\"][\"},\"geometry\":null} ] }  \n",
        );
        let single =
            check(r#"{"type":"Feature","properties":{"a":1},"geometry":{"type":"Point","coordinates":[1,2]}}"#);
        assert_eq!(single.features.len(), 1);
        let bare = check(r#"{"type":"Point","coordinates":[1,2]}"#);
        assert_eq!(bare.features.len(), 1);
    }

    #[test]
    fn errors_inside_a_feature_point_into_the_file() {
        let (position, message) = check_error(
            "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":null},\n  {\"type\":\"Feature\",\"properties\":{\"a\":tru},\"geometry\":null}]}",
        );
        assert_eq!(position, "line 3, column 42");
        assert!(message.starts_with("feature 2: not valid JSON"), "{message}");
    }

    #[test]
    fn a_truncated_file_is_refused_as_truncated() {
        let (_, message) = check_error("{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"prop");
        assert!(message.contains("truncated"), "{message}");
    }

    #[test]
    fn a_single_feature_or_geometry_without_coordinates_reads_without_geometry_with_a_notice() {
        for text in [
            r#"{"type":"Feature","properties":{"a":1},"geometry":{"type":"Point","coordinates":null}}"#,
            r#"{"type":"Feature","properties":{"a":1},"geometry":{"coordinates":null,"type":"Point"}}"#,
            r#"{"type":"Point","coordinates":null}"#,
            r#"{"type":"Point"}"#,
        ] {
            let data = check(text);
            assert_eq!(data.features.len(), 1, "{text}");
            assert!(data.features[0].geometry.is_none(), "{text}");
            assert!(data.notices.iter().any(|n| n.contains("feature 1: a Point")), "{text}: {:?}", data.notices);
        }
    }

    #[test]
    fn a_collection_member_without_coordinates_is_refused_naming_its_type() {
        let (_, message) = check_error(
            r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":null}]}}]}"#,
        );
        assert!(message.contains("a GeometryCollection member (a Point) has no coordinates"), "{message}");
    }

    #[test]
    fn coordinates_before_the_type_still_read() {
        let data = check(
            r#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"coordinates":[[0,0],[1,1]],"type":"LineString"}}]}"#,
        );
        assert!(matches!(data.features[0].geometry, Some(Geometry::LineString(ref l)) if l.0.len() == 2));
    }

    #[test]
    fn streaming_and_parsed_json_read_the_same() {
        let text = r#"{"type":"FeatureCollection","features":[
            {"type":"Feature","id":7,"properties":{"a":1,"b":"2024-05-01","c":null},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","id":9,"properties":{"a":2.5,"c":null,"d":[1,2]},"geometry":null}]}"#;
        let streamed = check(text);
        let json: Json = serde_json::from_str(text).expect("json");
        let parsed = from_json(&json, Path::new("test.geojson")).expect("parsed");
        assert_eq!(streamed.fields, parsed.fields);
        assert_eq!(streamed.features, parsed.features);
        assert_eq!(streamed.fields[0].field_type, FieldType::Float);
        assert_eq!(streamed.fields[1].field_type, FieldType::Date);
        assert_eq!(streamed.features[1].attributes[3], Value::from("[1,2]"));
    }

    #[test]
    fn an_unclosed_ring_is_loaded_and_reported() {
        let data = check(
            r#"{"type":"FeatureCollection","features":[{"type":"Feature","id":4,"properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}}]}"#,
        );
        assert_eq!(data.features.len(), 1);
        assert!(data.notices[0].starts_with("1 feature with invalid geometry") && data.notices[0].contains("ids 4"));
    }

    #[test]
    fn a_bad_position_is_refused_with_its_line_and_column() {
        let text = "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"properties\":{},\"geometry\":{\"type\":\"Point\",\"coordinates\":[1,\"x\"]}}]}";
        let (position, message) = check_error(text);
        assert!(position.starts_with("line 2, column"), "{position}");
        assert!(message.contains("feature 1") && message.contains("a number"), "{message}");
    }

    #[test]
    fn geometries_write_as_geojson_and_read_back() {
        let g = geometry(&serde_json::json!({"type":"MultiPolygon","coordinates":[[[[0,0],[2,0],[2,2],[0,0]],[[0.5,0.5],[1,0.5],[1,1],[0.5,0.5]]]]}))
            .expect("valid");
        let json = geometry_to_json(&g).expect("finite");
        assert_eq!(geometry(&json).expect("reads back"), g);
    }
}
