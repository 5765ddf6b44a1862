//! A CSV's column types worked out by GDAL's rules (`"detect_types": "gdal"`, GDAL's
//! `AUTODETECT_TYPE=YES`) and GDAL's default (`"none"`: every column text), compared with what
//! GDAL read from the same file (`expected/autodetect_csv*.json`, written by
//! `scripts/make_format_fixtures.py --only csv_autodetect`). The columns where RustGIS reads a
//! right answer GDAL does not are checked for that answer (docs/user-guide/data.md).

use std::path::{Path, PathBuf};

use rustgis_core::{Caller, Layer, Session, Value};
use serde_json::{Value as Json, json};

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats").join(name)
}

/// The columns RustGIS reads differently from GDAL, on purpose.
const DIFFERENT: [&str; 5] = ["huge", "spaced", "dt_offset", "time", "inf"];

fn open(detect_types: &str) -> (Session, Vec<String>) {
    let mut session = Session::new();
    let opened = session
        .execute(
            &Caller::user(),
            "layer.open",
            json!({"path": fixture("autodetect.csv"), "name": "t", "detect_types": detect_types}),
        )
        .expect("the CSV opens");
    (session, opened.notices)
}

fn expected(name: &str) -> Json {
    serde_json::from_str(&std::fs::read_to_string(fixture(&format!("expected/{name}.json"))).expect("GDAL's reading"))
        .expect("JSON")
}

fn column<'a>(layer: &'a Layer, name: &str) -> (String, Vec<&'a Value>) {
    let index = layer.require_field(name).expect("the column is read");
    let field_type = serde_json::to_value(layer.fields[index].field_type).expect("a type");
    (field_type.as_str().unwrap_or_default().to_owned(), layer.features.iter().map(|f| &f.attributes[index]).collect())
}

#[test]
fn csv_columns_take_the_types_and_values_gdal_autodetects() {
    let (session, _) = open("gdal");
    let layer = session.project().require("t").expect("the layer");
    let gdal = expected("autodetect_csv");
    for field in gdal["fields"].as_array().expect("fields") {
        let name = field["name"].as_str().expect("a name");
        if DIFFERENT.contains(&name) {
            continue;
        }
        let (ours, values) = column(layer, name);
        assert_eq!(ours, field["type"].as_str().expect("a type"), "the type of column '{name}'");
        for (row, value) in values.iter().enumerate() {
            let theirs = &gdal["features"][row]["properties"][name];
            assert_eq!(&value.to_json(), theirs, "column '{name}', row {row}");
        }
    }
}

#[test]
fn where_gdal_autodetects_a_wrong_value_the_right_one_is_read_and_said() {
    let (session, notices) = open("gdal");
    let layer = session.project().require("t").expect("the layer");
    // 99999999999999999999: GDAL's Integer64 column holds 9223372036854775807.
    let (kind, values) = column(layer, "huge");
    assert_eq!((kind.as_str(), values[0]), ("float", &Value::Float(1e20)));
    assert!(
        notices.iter().any(|n| n.starts_with("column 'huge' holds integers beyond 64 bits: read as floats")),
        "{notices:?}"
    );
    // " 12 ": GDAL detects an integer and then reads that cell as null.
    let (kind, values) = column(layer, "spaced");
    assert_eq!((kind.as_str(), values[0]), ("integer", &Value::Int(12)));
    // 12:30+02:00 is 10:30 UTC; GDAL keeps 12:30 and the offset beside it.
    let (kind, values) = column(layer, "dt_offset");
    assert_eq!((kind.as_str(), values[0].to_string().as_str()), ("datetime", "2024-05-01T10:30:00"));
    assert!(
        notices.iter().any(|n| n.starts_with("column 'dt_offset': 1 date-time with a UTC offset was read as UTC")),
        "{notices:?}"
    );
    // Times of day stay as written (RustGIS has no time type; GDAL's Time gives 12:30:00).
    let (kind, values) = column(layer, "time");
    assert_eq!((kind.as_str(), values[0]), ("string", &Value::String("12:30".into())));
    // Infinities are floats (the expected JSON spells them as text, JSON having none).
    let (kind, values) = column(layer, "inf");
    assert_eq!(
        (kind.as_str(), values[0], values[1]),
        ("float", &Value::Float(f64::INFINITY), &Value::Float(f64::NEG_INFINITY))
    );
}

#[test]
fn csv_columns_are_all_text_as_gdal_reads_a_csv_by_default() {
    let (session, _) = open("none");
    let layer = session.project().require("t").expect("the layer");
    let gdal = expected("autodetect_csv_text");
    let fields: Vec<Json> = layer.fields.iter().map(|f| json!({"name": f.name, "type": f.field_type})).collect();
    assert_eq!(Json::Array(fields), gdal["fields"]);
    for (row, feature) in layer.features.iter().enumerate() {
        for (field, value) in layer.fields.iter().zip(&feature.attributes) {
            assert_eq!(&value.to_json(), &gdal["features"][row]["properties"][&field.name], "{} row {row}", field.name);
        }
    }
}
