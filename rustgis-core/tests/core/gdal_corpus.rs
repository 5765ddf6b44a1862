//! Every file of GDAL's own test suite kept in `tests/fixtures/formats/gdal/`, read by RustGIS and
//! compared with what GDAL (pyogrio's GDAL 3.12; LIBKML for `.kml`) read from it: each of GDAL's
//! layers, the feature count, field names and types, every value, every geometry and the CRS.
//! `expected/gdal_corpus.json` names GDAL's readings of each file (written, with them, by
//! `scripts/make_format_fixtures.py --gdal`).
//!
//! A file reads as GDAL reads it, or differs only as [`ACCEPTED`] says (each difference with the
//! sentence of docs/user-guide/data.md that tells users), or is refused as [`REFUSED`] says. Any
//! other difference fails the test, and so does an entry of either table that no longer happens:
//! the tables only shrink.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rustgis_core::io::geojson::geometry_to_json;
use rustgis_core::{Caller, Feature, Layer, Session, Value};
use serde_json::{Value as Json, json};

use crate::common::same;

/// A difference RustGIS's reading of a GDAL file has from GDAL's, which a user accepts.
struct Accepted {
    /// The difference, exactly as [`compare`] words it, after the reading's label.
    difference: &'static str,
    /// Why a user accepts it.
    why: &'static str,
    /// The words of docs/user-guide/data.md that say so (white space aside).
    docs: &'static str,
}

/// Every accepted difference. An entry that no longer differs fails the test: remove it.
const ACCEPTED: &[Accepted] = &[
    // Z is dropped everywhere; the horizontal part of WGS 84 3D is WGS 84.
    Accepted {
        difference: "pointz.json: CRS EPSG:4326 where GDAL has EPSG:4979",
        why: "GDAL reads a 3D point as WGS 84 3D; RustGIS keeps x and y, whose CRS is WGS 84",
        docs: "the 3D WGS 84 GDAL gives a GeoJSON file with Z values (EPSG:4979) is read as EPSG:4326",
    },
    // Fields RustGIS works out from the features as it meets them; GDAL sorts sparse fields.
    Accepted {
        difference: "sparse_fields.geojson: fields in the order B, C, A, X, D, E, E_next, E_prev, F where GDAL's is \
                     C, B, A, D, E_prev, E, E_next, F, X",
        why: "the same fields and values; only the order of the columns differs",
        docs: "Fields come in the order the features first name them",
    },
    // FlatGeobuf: bytes have no type of their own in RustGIS; a file without a CRS.
    Accepted {
        difference: r#"alldatatypes.fgb: field 'binary' differs in 1 features, the first feature 0: "58" where GDAL has "X""#,
        why: "the same bytes, written in hexadecimal: RustGIS has no binary type",
        docs: "`Binary` as hexadecimal text (GDAL gives the bytes; RustGIS has no binary type)",
    },
    Accepted {
        difference: "alldatatypes.fgb: CRS EPSG:4326 where GDAL has none",
        why: "a layer always has a CRS in RustGIS; the file names none, and its coordinates are longitudes and latitudes",
        docs: "A FlatGeobuf file that names no CRS is read as EPSG:4326 (GDAL reads it without a CRS)",
    },
    // CSV: the WKT column becomes the geometry, and the CRS is EPSG:4326 unless one is named.
    Accepted {
        difference: r#"single_column.csv (detect_types none): GDAL's field 'WKT' (string) is not read (1 values, the first "POINT (1 2)")"#,
        why: "the column is the geometry, which RustGIS holds; GDAL keeps its text too",
        docs: "The WKT column is not kept as a field; coordinate columns are.",
    },
    Accepted {
        difference: r#"single_column.csv (detect_types gdal): GDAL's field 'WKT' (string) is not read (1 values, the first "POINT (1 2)")"#,
        why: "the column is the geometry, which RustGIS holds; GDAL keeps its text too",
        docs: "The WKT column is not kept as a field; coordinate columns are.",
    },
    Accepted {
        difference: "single_column.csv (detect_types none): CRS EPSG:4326 where GDAL has none",
        why: "a CSV says nothing of its CRS; RustGIS takes longitude and latitude and says how to name another",
        docs: "The CRS is EPSG:4326 unless `\"crs\"` names another.",
    },
    Accepted {
        difference: "single_column.csv (detect_types gdal): CRS EPSG:4326 where GDAL has none",
        why: "a CSV says nothing of its CRS; RustGIS takes longitude and latitude and says how to name another",
        docs: "The CRS is EPSG:4326 unless `\"crs\"` names another.",
    },
    // KML: LIBKML's own fields RustGIS does not read, and texts trimmed as GDAL's KML driver trims.
    Accepted {
        difference: r#"ID_simple_field.kml: GDAL's field 'id' (string) is not read (1 values, the first "test.1")"#,
        why: "a placemark's id attribute names the element in the file; it is no attribute of the place",
        docs: "A placemark's `id` attribute is not read",
    },
    Accepted {
        difference: r#"ID_simple_field.kml [test]: GDAL's field 'id' (string) is not read (1 values, the first "test.1")"#,
        why: "a placemark's id attribute names the element in the file; it is no attribute of the place",
        docs: "A placemark's `id` attribute is not read",
    },
    Accepted {
        difference: r#"placemark_in_root_and_subfolder.kml [TopLevel]: GDAL's field 'altitudeMode' (string) is not read (1 values, the first "clampToGround")"#,
        why: "altitudes are dropped, and with them how to draw them",
        docs: "A geometry's `altitudeMode` is not read",
    },
    Accepted {
        difference: r#"placemark_in_root_and_subfolder.kml [SubFolder1]: GDAL's field 'altitudeMode' (string) is not read (1 values, the first "clampToGround")"#,
        why: "altitudes are dropped, and with them how to draw them",
        docs: "A geometry's `altitudeMode` is not read",
    },
    Accepted {
        difference: r#"description_with_xml.kml: field 'description' differs in 1 features, the first feature 0: "Description<br></br><i attr=\"val\">Interesting</i><br></br>" where GDAL has "Description<br></br><i attr=\"val\">Interesting</i><br></br>\n    ""#,
        why: "only the line break and blanks that end the description differ",
        docs: "Texts are trimmed of white space at both ends, as GDAL's KML driver trims them (its LIBKML driver keeps it)",
    },
    Accepted {
        difference: r#"description_with_xml.kml [description_with_xml]: field 'description' differs in 1 features, the first feature 0: "Description<br></br><i attr=\"val\">Interesting</i><br></br>" where GDAL has "Description<br></br><i attr=\"val\">Interesting</i><br></br>\n    ""#,
        why: "only the line break and blanks that end the description differ",
        docs: "Texts are trimmed of white space at both ends, as GDAL's KML driver trims them (its LIBKML driver keeps it)",
    },
    Accepted {
        difference: r#"gxtrack.kml: GDAL's field 'begin' (datetime) is not read (1 values, the first "2013-05-28T12:00:00")"#,
        why: "the track's line is read; the times of its positions are not",
        docs: "A track's `<when>` times are not read (LIBKML gives them as `begin` and `end`)",
    },
    Accepted {
        difference: r#"gxtrack.kml: GDAL's field 'end' (datetime) is not read (1 values, the first "2013-05-28T13:00:00")"#,
        why: "the track's line is read; the times of its positions are not",
        docs: "A track's `<when>` times are not read (LIBKML gives them as `begin` and `end`)",
    },
    Accepted {
        difference: r#"gxtrack.kml [layer]: GDAL's field 'begin' (datetime) is not read (1 values, the first "2013-05-28T12:00:00")"#,
        why: "the track's line is read; the times of its positions are not",
        docs: "A track's `<when>` times are not read (LIBKML gives them as `begin` and `end`)",
    },
    Accepted {
        difference: r#"gxtrack.kml [layer]: GDAL's field 'end' (datetime) is not read (1 values, the first "2013-05-28T13:00:00")"#,
        why: "the track's line is read; the times of its positions are not",
        docs: "A track's `<when>` times are not read (LIBKML gives them as `begin` and `end`)",
    },
    // GPX: one layer with a `kind` field instead of GDAL's five layers.
    Accepted {
        difference: "test.gpx [waypoints]: fields in the order name, ele, time, cmt, desc, src where GDAL's is ele, \
                     time, name, cmt, desc, src",
        why: "the same fields; `kind` and `name` come first in RustGIS's one layer",
        docs: "`kind` and `name` come first",
    },
    Accepted {
        difference: "test.gpx [waypoints]: field 'time' is string where GDAL's is datetime",
        why: "the time is kept as written, with its UTC offset, which GDAL's value leaves out",
        docs: "A `time` with a UTC offset (`2007-11-25T17:58:00+01:00`) is kept as text as written",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: field 'time' differs in 1 features, the first feature 0: "2007-11-25T17:58:00+01:00" where GDAL has "2007-11-25T17:58:00""#,
        why: "the time is kept as written, with its UTC offset, which GDAL's value leaves out",
        docs: "A `time` with a UTC offset (`2007-11-25T17:58:00+01:00`) is kept as text as written",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: GDAL's field 'link1_href' (string) is not read (1 values, the first "href")"#,
        why: "links to web pages about a point are not read",
        docs: "`<link>`s are not read",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: GDAL's field 'link1_text' (string) is not read (1 values, the first "text")"#,
        why: "links to web pages about a point are not read",
        docs: "`<link>`s are not read",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: GDAL's field 'link1_type' (string) is not read (1 values, the first "type")"#,
        why: "links to web pages about a point are not read",
        docs: "`<link>`s are not read",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: GDAL's field 'link2_href' (string) is not read (1 values, the first "href2")"#,
        why: "links to web pages about a point are not read",
        docs: "`<link>`s are not read",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: GDAL's field 'link2_text' (string) is not read (1 values, the first "text2")"#,
        why: "links to web pages about a point are not read",
        docs: "`<link>`s are not read",
    },
    Accepted {
        difference: r#"test.gpx [waypoints]: GDAL's field 'link2_type' (string) is not read (1 values, the first "type2")"#,
        why: "links to web pages about a point are not read",
        docs: "`<link>`s are not read",
    },
];

/// A reading RustGIS refuses, with what its error says.
struct Refused {
    /// The reading's label (the file, and the GDAL layer or option).
    reading: &'static str,
    /// Words the error message holds.
    error: &'static str,
    /// What GDAL does with it, and why the refusal is right.
    why: &'static str,
}

/// Every reading RustGIS refuses. An entry that now reads fails the test: remove it.
const REFUSED: &[Refused] = &[
    Refused {
        reading: "truncated.kml",
        error: "the file ends inside <coordinates>",
        why: "GDAL refuses it too: the file is cut short",
    },
    // A quote opened and never closed: the rest of the file would be one cell. GDAL reads no
    // row and says nothing, which is silently wrong too; RustGIS says where the quote opens.
    Refused {
        reading: "unbalanced_double_quotes.csv (detect_types none)",
        error: "a quoted cell starting on this line has no closing quote",
        why: "GDAL reads no row of it without a word; the quote opened on line 2 is never closed",
    },
    Refused {
        reading: "unbalanced_double_quotes.csv (detect_types gdal)",
        error: "a quoted cell starting on this line has no closing quote",
        why: "GDAL reads no row of it without a word; the quote opened on line 2 is never closed",
    },
];

/// GDAL's LIBKML driver gives every layer these fields, from a placemark's styles, times and
/// `id`; RustGIS reads none of them, so where they hold only LIBKML's defaults (null, and
/// -1/0/-1 for tessellate/extrude/visibility) nothing is lost. A value other than those is a
/// difference.
const LIBKML_FIELDS: &[(&str, Json)] = &[
    ("id", Json::Null),
    ("timestamp", Json::Null),
    ("begin", Json::Null),
    ("end", Json::Null),
    ("altitudeMode", Json::Null),
    ("drawOrder", Json::Null),
    ("icon", Json::Null),
];

#[test]
fn every_gdal_autotest_file_reads_as_gdal_reads_it_or_differs_only_as_documented() {
    let corpus: Json = read_json(&fixture("expected/gdal_corpus.json"));
    let corpus = corpus.as_object().expect("gdal_corpus.json is an object of files");
    let on_disk: BTreeSet<String> = std::fs::read_dir(fixture("gdal"))
        .expect("gdal/ is there")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .filter(|name| name != "README.md")
        .collect();
    let listed: BTreeSet<String> = corpus.keys().cloned().collect();
    assert_eq!(on_disk, listed, "gdal/ and gdal_corpus.json differ: run scripts/make_format_fixtures.py --gdal");

    let mut differences = Vec::new();
    let mut refusals_seen = BTreeSet::new();
    for (file, entry) in corpus {
        for reading in readings(file, entry) {
            let mut session = Session::new();
            let mut params = json!({"path": fixture(&format!("gdal/{file}")), "name": "read"});
            for (key, value) in reading.params.as_object().into_iter().flatten() {
                params[key] = value.clone();
            }
            let opened = session.execute(&Caller::user(), "layer.open", params);
            let refused = REFUSED.iter().find(|r| r.reading == reading.label);
            match (opened, refused) {
                (Err(error), Some(refused)) => {
                    let message = chain(&error);
                    if message.contains(refused.error) {
                        refusals_seen.insert(reading.label.clone());
                    } else {
                        differences.push(format!("{}: refused, saying {message}", reading.label));
                    }
                }
                (Err(error), None) => {
                    differences.push(format!("{}: refused: {}", reading.label, chain(&error)));
                }
                (Ok(_), Some(_)) => differences.push(format!("{}: read, but REFUSED lists it", reading.label)),
                (Ok(_), None) => {
                    let layer = session.project().require("read").expect("the layer is there");
                    differences.extend(compare(layer, &reading).into_iter().map(|d| format!("{}: {d}", reading.label)));
                }
            }
        }
    }

    let accepted: BTreeSet<&str> = ACCEPTED.iter().map(|a| a.difference).collect();
    let unexpected: Vec<&String> = differences.iter().filter(|d| !accepted.contains(d.as_str())).collect();
    let stale: Vec<&str> = accepted.iter().filter(|a| !differences.iter().any(|d| d == *a)).copied().collect();
    let stale_refusals: Vec<&str> = REFUSED.iter().map(|r| r.reading).filter(|r| !refusals_seen.contains(*r)).collect();
    assert!(
        unexpected.is_empty() && stale.is_empty() && stale_refusals.is_empty(),
        "differences from GDAL that ACCEPTED does not list:\n{}\n\nACCEPTED entries that no longer differ (remove \
         them):\n{}\n\nREFUSED entries that are no longer refused as listed:\n{}",
        unexpected.iter().map(|d| format!("  {d}")).collect::<Vec<_>>().join("\n"),
        stale.join("\n"),
        stale_refusals.join("\n")
    );
}

#[test]
fn each_accepted_difference_is_told_to_users_in_the_data_guide() {
    let guide = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/user-guide/data.md"))
        .expect("the data guide is there");
    let guide = words(&guide);
    for accepted in ACCEPTED {
        assert!(!accepted.why.is_empty(), "{}: say why a user accepts it", accepted.difference);
        assert!(
            guide.contains(&words(accepted.docs)),
            "docs/user-guide/data.md does not say '{}' ({})",
            accepted.docs,
            accepted.difference
        );
    }
    for refused in REFUSED {
        assert!(!refused.why.is_empty(), "{}: say why the refusal is right", refused.reading);
    }
}

/// One way of opening a GDAL file, and what GDAL read that it is compared with.
struct Reading {
    /// The file and, after it, GDAL's layer or the CSV option, as differences name it.
    label: String,
    /// `layer.open`'s parameters besides the path.
    params: Json,
    /// GDAL's reading (`expected/<name>.json`); `None` when GDAL reads no layer at all.
    expected: Option<Json>,
    /// For GPX, the `kind` of the features GDAL's layer holds.
    kind: Option<&'static str>,
    /// RustGIS's field names that GDAL names otherwise (RustGIS's, GDAL's).
    renames: &'static [(&'static str, &'static str)],
    /// Whether GDAL's LIBKML fields ([`LIBKML_FIELDS`]) are expected beside RustGIS's.
    kml: bool,
}

/// The readings of `file` that are compared: for a CSV GDAL's default (every column text,
/// `detect_types: "none"`) and `AUTODETECT_TYPE=YES` (`"gdal"`); for a KML each of GDAL's layers
/// through `table` (and the whole file when GDAL has one layer); for GPX each of GDAL's five
/// layers among the one layer RustGIS reads; otherwise the file.
fn readings(file: &str, entry: &Json) -> Vec<Reading> {
    let expected =
        |name: &Json| Some(read_json(&fixture(&format!("expected/{}.json", name.as_str().expect("a name")))));
    let reading = |label: String, params: Json, expected: Option<Json>| Reading {
        label,
        params,
        expected,
        kind: None,
        renames: &[],
        kml: false,
    };
    if entry["refused"] == true {
        return vec![reading(file.to_owned(), json!({}), None)];
    }
    let layers = entry["layers"].as_object().expect("the file's layers");
    let extension = file.rsplit('.').next().unwrap_or_default();
    let mut readings = Vec::new();
    match extension {
        "csv" => {
            let (_, default) = layers.iter().next().expect("a CSV has one layer");
            readings.push(reading(
                format!("{file} (detect_types none)"),
                json!({"detect_types": "none"}),
                expected(default),
            ));
            readings.push(reading(
                format!("{file} (detect_types gdal)"),
                json!({"detect_types": "gdal"}),
                expected(&entry["autodetect"]),
            ));
        }
        "kml" => {
            let renames = kml_renames(file);
            if layers.len() == 1 {
                let (_, only) = layers.iter().next().expect("one layer");
                readings.push(Reading { renames, kml: true, ..reading(file.to_owned(), json!({}), expected(only)) });
            }
            if layers.is_empty() {
                readings.push(reading(file.to_owned(), json!({}), None));
            }
            for (name, stem) in layers {
                readings.push(Reading {
                    renames,
                    kml: true,
                    ..reading(format!("{file} [{name}]"), json!({"table": name}), expected(stem))
                });
            }
        }
        "gpx" => {
            for (name, stem) in layers {
                let kind = match name.as_str() {
                    "waypoints" => Some("waypoint"),
                    "routes" => Some("route"),
                    "tracks" => Some("track"),
                    _ => None,
                };
                // route_points and track_points are read by name, as GDAL's layers of their own.
                let params = if kind.is_none() { json!({"table": name}) } else { json!({}) };
                readings.push(Reading { kind, ..reading(format!("{file} [{name}]"), params, expected(stem)) });
            }
        }
        _ => {
            for (name, stem) in layers {
                let label = if layers.len() == 1 { file.to_owned() } else { format!("{file} [{name}]") };
                readings.push(reading(label, json!({}), expected(stem)));
            }
        }
    }
    readings
}

/// RustGIS's KML field names that GDAL's LIBKML names otherwise: `name` is its `Name`, and
/// LIBKML renames an ExtendedData field that clashes with its own `id` field.
fn kml_renames(file: &str) -> &'static [(&'static str, &'static str)] {
    match file {
        "ID_simple_field.kml" => &[("name", "Name"), ("ID", "ID2")],
        _ => &[("name", "Name")],
    }
}

/// How RustGIS's reading of a file differs from GDAL's, each difference in a line.
fn compare(layer: &Layer, reading: &Reading) -> Vec<String> {
    let Some(gdal) = &reading.expected else {
        // GDAL reads no layer: RustGIS must read nothing either.
        return if layer.features.is_empty() {
            Vec::new()
        } else {
            vec![format!("{} features where GDAL reads no layer", layer.features.len())]
        };
    };
    let gdal_features = gdal["features"].as_array().expect("features");
    let kind_field = layer.fields.iter().position(|f| f.name == "kind");
    let features: Vec<&Feature> = match reading.kind {
        Some(kind) => layer
            .features
            .iter()
            .filter(|f| kind_field.is_some_and(|k| f.attributes[k] == Value::String(kind.to_owned())))
            .collect(),
        None if (reading.label.ends_with(".gpx]") || reading.label.contains(".gpx ["))
            && reading.params.get("table").is_none() =>
        {
            return vec![format!("GDAL's layer of {} features is not read", gdal_features.len())];
        }
        None => layer.features.iter().collect(),
    };
    let gdal_name = |ours: &str| {
        reading.renames.iter().find(|(from, _)| *from == ours).map_or(ours.to_owned(), |(_, to)| (*to).to_owned())
    };
    // RustGIS's fields, as GDAL names them; for a GPX layer only those its features use.
    let ours: Vec<(usize, String, String)> = layer
        .fields
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            !(reading.kind.is_some() && f.name == "kind")
                && (reading.kind.is_none() || features.iter().any(|feature| feature.attributes[*i] != Value::Null))
        })
        .map(|(i, f)| (i, gdal_name(&f.name), type_name(f.field_type)))
        .collect();
    let theirs: Vec<(String, String)> = gdal["fields"]
        .as_array()
        .expect("fields")
        .iter()
        .map(|f| (f["name"].as_str().expect("a name").to_owned(), f["type"].as_str().expect("a type").to_owned()))
        .collect();
    let mut differences = Vec::new();
    for (_, name, field_type) in &ours {
        match theirs.iter().find(|(n, _)| n == name) {
            None => differences.push(format!("field '{name}' ({field_type}) is not in GDAL's reading")),
            Some((_, t)) if t != field_type => {
                differences.push(format!("field '{name}' is {field_type} where GDAL's is {t}"))
            }
            Some(_) => {}
        }
    }
    for (name, field_type) in &theirs {
        if ours.iter().any(|(_, n, _)| n == name) {
            continue;
        }
        let values: Vec<&Json> = gdal_features.iter().map(|f| &f["properties"][name]).collect();
        let default = if reading.kml { kml_default(name) } else { None };
        let lost: Vec<&&Json> = values.iter().filter(|v| !v.is_null() && default.as_ref() != Some(**v)).collect();
        if let Some(first) = lost.first() {
            differences.push(format!(
                "GDAL's field '{name}' ({field_type}) is not read ({} values, the first {first})",
                lost.len()
            ));
        }
    }
    let our_order: Vec<&str> =
        ours.iter().map(|(_, n, _)| n.as_str()).filter(|n| theirs.iter().any(|(t, _)| t == n)).collect();
    let their_order: Vec<&str> =
        theirs.iter().map(|(n, _)| n.as_str()).filter(|n| ours.iter().any(|(_, o, _)| o == n)).collect();
    if our_order != their_order {
        differences.push(format!(
            "fields in the order {} where GDAL's is {}",
            our_order.join(", "),
            their_order.join(", ")
        ));
    }
    if features.len() != gdal_features.len() {
        differences.push(format!("{} features where GDAL reads {}", features.len(), gdal_features.len()));
        return differences;
    }
    let geometries: Vec<(usize, Json, &Json)> = features
        .iter()
        .zip(gdal_features)
        .enumerate()
        .map(|(i, (feature, want))| {
            (
                i,
                feature.geometry.as_ref().map_or(Json::Null, |g| geometry_to_json(g).expect("a geometry")),
                &want["geometry"],
            )
        })
        .filter(|(_, ours, theirs)| !same(ours, theirs))
        .collect();
    if let Some((first, ours, theirs)) = geometries.first() {
        differences.push(format!(
            "geometries differ in {} features, the first feature {first}: {ours} where GDAL has {theirs}",
            geometries.len()
        ));
    }
    for (index, name, _) in &ours {
        let Some(_) = theirs.iter().find(|(n, _)| n == name) else { continue };
        let differing: Vec<(usize, Json, &Json)> = features
            .iter()
            .zip(gdal_features)
            .enumerate()
            .map(|(i, (feature, want))| (i, value_json(&feature.attributes[*index]), &want["properties"][name]))
            .filter(|(_, ours, theirs)| !same(ours, theirs))
            .collect();
        if let Some((first, ours, theirs)) = differing.first() {
            differences.push(format!(
                "field '{name}' differs in {} features, the first feature {first}: {ours} where GDAL has {theirs}",
                differing.len()
            ));
        }
    }
    let has_geometry = features.iter().any(|f| f.geometry.is_some());
    match (gdal["epsg"].as_u64(), layer.crs.epsg_code()) {
        (Some(theirs), Some(ours)) if u64::from(ours) == theirs => {}
        (None, _) if gdal["crs"].as_str().unwrap_or_default().is_empty() && !has_geometry => {}
        (theirs, _) => differences.push(format!(
            "CRS {} where GDAL has {}",
            layer.crs,
            theirs.map_or_else(|| "none".to_owned(), |code| format!("EPSG:{code}"))
        )),
    }
    differences
}

/// The value LIBKML gives its field `name` when the KML says nothing of it.
fn kml_default(name: &str) -> Option<Json> {
    match name {
        "tessellate" | "visibility" => Some(json!(-1)),
        "extrude" => Some(json!(0)),
        _ => LIBKML_FIELDS.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()),
    }
}

/// A field type as the expected files name it.
fn type_name(field_type: rustgis_core::FieldType) -> String {
    serde_json::to_value(field_type).expect("a type").as_str().expect("a name").to_owned()
}

/// A value as the expected files hold it (infinities as "inf" and "-inf", NaN as null).
fn value_json(value: &Value) -> Json {
    match value {
        Value::Float(f) if f.is_infinite() => json!(if *f > 0.0 { "inf" } else { "-inf" }),
        other => other.to_json(),
    }
}

/// An error's message and its causes, as `{:#}` prints them.
fn chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

/// Text with every run of white space made one space, to find a sentence across line breaks.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/formats").join(name)
}

fn read_json(path: &Path) -> Json {
    serde_json::from_str(&std::fs::read_to_string(path).expect("the expected reading is there"))
        .expect("the expected reading is JSON")
}
