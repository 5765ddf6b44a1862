//! Data files and project files through the commands: GeoJSON and FlatGeobuf round trips,
//! refusals of damaged files, safe writes, and the `.rgis` project file.
#![allow(clippy::disallowed_methods, reason = "tests write their fixtures and hold ports directly")]

use std::path::{Path, PathBuf};

use crate::common::{TempFolder, run};
use rustgis_core::io::atomic;
use rustgis_core::{Caller, Error, FieldType, Session, Value};
use serde_json::json;

/// A layer with every field type, nulls, ids out of order and several geometry types.
const TYPED: &str = r#"{"type":"FeatureCollection","features":[
{"type":"Feature","id":30,"properties":{"name":"Åland","pop":29789,"area":1580.5,"capital":false,"founded":"1921-06-24","seen":"2024-05-01T12:30:00","note":null},"geometry":{"type":"Point","coordinates":[19.9,60.1]}},
{"type":"Feature","id":10,"properties":{"name":null,"pop":null,"area":null,"capital":null,"founded":null,"seen":null,"note":null},"geometry":{"type":"Polygon","coordinates":[[[0,0],[4,0],[4,4],[0,4],[0,0]],[[1,1],[1,2],[2,2],[1,1]]]}},
{"type":"Feature","id":20,"properties":{"name":"line","pop":-7,"area":0.1,"capital":true,"founded":"2000-02-29","seen":"2000-02-29T00:00:00.250","note":null},"geometry":{"type":"MultiLineString","coordinates":[[[0,0],[1,1]],[[2,2],[3,3],[4,2]]]}},
{"type":"Feature","id":40,"properties":{"name":"none","pop":1,"area":2,"capital":true,"founded":"1999-12-31","seen":"1999-12-31T23:59:59","note":null},"geometry":null}
]}"#;

fn typed_session() -> Session {
    let mut session = Session::new();
    run(&mut session, "layer.addGeoJSON", json!({"name": "typed", "geojson": TYPED})).expect("the typed layer loads");
    session
}

/// Exports the `typed` layer to `file`, opens it back as `back`, and checks fields and features
/// are the same.
fn check_round_trip(file: &Path) {
    let mut session = typed_session();
    let out = run(&mut session, "layer.export", json!({"layer": "typed", "path": file})).expect("export");
    assert_eq!(out["bytes"].as_u64(), Some(std::fs::metadata(file).expect("the file is there").len()));
    run(&mut session, "layer.open", json!({"path": file, "name": "back"})).expect("open");
    let project = session.project();
    let (typed, back) = (project.require("typed").expect("typed"), project.require("back").expect("back"));
    assert_eq!(back.fields, typed.fields);
    let mut expected = (*typed.features).clone();
    expected.sort_by_key(|f| f.id);
    let mut got = (*back.features).clone();
    got.sort_by_key(|f| f.id);
    assert_eq!(got, expected);
    let types: Vec<FieldType> = back.fields.iter().map(|f| f.field_type).collect();
    assert_eq!(
        types,
        [
            FieldType::String,
            FieldType::Integer,
            FieldType::Float,
            FieldType::Bool,
            FieldType::Date,
            FieldType::Datetime,
            FieldType::String
        ]
    );
}

#[test]
fn geojson_round_trip_keeps_types_and_nulls() {
    let folder = TempFolder::new("data_files", "geojson_round_trip");
    check_round_trip(&folder.join("typed.geojson"));
}

#[test]
fn flatgeobuf_round_trip_keeps_types_nulls_ids_and_order() {
    let folder = TempFolder::new("data_files", "fgb_round_trip");
    let file = folder.join("typed.fgb");
    check_round_trip(&file);
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": file})).expect("open");
    let ids: Vec<u64> = session.project().require("typed").expect("layer").features.iter().map(|f| f.id).collect();
    assert_eq!(ids, [10, 20, 30, 40], "the fid column restores ids and their order");
}

#[test]
fn a_date_column_with_only_nulls_stays_a_date_in_flatgeobuf() {
    let folder = TempFolder::new("data_files", "fgb_null_dates");
    let file = folder.join("d.fgb");
    let mut session = Session::new();
    run(&mut session, "layer.addGeoJSON", json!({"name": "d", "geojson": {"type": "Point", "coordinates": [0, 0]}}))
        .expect("layer");
    run(&mut session, "field.add", json!({"layer": "d", "name": "when", "type": "date"})).expect("an empty date field");
    run(&mut session, "layer.export", json!({"layer": "d", "path": file})).expect("export");
    run(&mut session, "layer.open", json!({"path": file, "name": "back"})).expect("open");
    let back = session.project().require("back").expect("back");
    assert_eq!(back.fields[0].field_type, FieldType::Date);
}

#[test]
fn a_truncated_flatgeobuf_is_refused_with_its_byte_offset_and_the_project_stays_unchanged() {
    let folder = TempFolder::new("data_files", "fgb_truncated");
    let file = folder.join("typed.fgb");
    let mut session = typed_session();
    run(&mut session, "layer.export", json!({"layer": "typed", "path": file})).expect("export");
    let bytes = std::fs::read(&file).expect("written");
    std::fs::write(&file, &bytes[..bytes.len() - 10]).expect("truncate");
    let before = session.project().layer_names();
    let err = run(&mut session, "layer.open", json!({"path": file})).expect_err("truncated");
    let Error::Data { path, position, message } = &err else { panic!("{err}") };
    assert_eq!(path, &file);
    assert!(position.starts_with("byte "), "{position}");
    assert!(message.contains("truncated"), "{message}");
    assert_eq!(session.project().layer_names(), before);
}

#[test]
fn a_broken_geojson_is_refused_with_its_line_and_column_and_the_project_stays_unchanged() {
    let folder = TempFolder::new("data_files", "geojson_broken");
    let file = folder.join("broken.geojson");
    let text = TYPED.replacen("\"pop\":-7,", "\"pop\":-7 ", 1);
    std::fs::write(&file, text).expect("write");
    let mut session = typed_session();
    let err = run(&mut session, "layer.open", json!({"path": file})).expect_err("broken");
    let Error::Data { path, position, message } = &err else { panic!("{err}") };
    assert_eq!(path, &file);
    assert!(position.starts_with("line 4, column "), "{position}");
    assert!(message.starts_with("feature 3: not valid JSON"), "{message}");
    assert_eq!(session.project().layer_names(), ["typed"]);
    assert!(session.history().len() == 1, "no undo step for a refused open");
}

#[test]
fn a_file_that_is_not_what_its_name_says_is_refused() {
    let folder = TempFolder::new("data_files", "wrong_format");
    let file = folder.join("really-json.fgb");
    std::fs::write(&file, TYPED).expect("write");
    let err = run(&mut Session::new(), "layer.open", json!({"path": file})).expect_err("not fgb");
    assert!(
        err.to_string().contains("the name says FlatGeobuf but the file looks like JSON text")
            && err.to_string().contains("\"format\": \"geojson\""),
        "{err}"
    );
}

#[test]
fn an_empty_file_is_refused_as_empty() {
    let folder = TempFolder::new("data_files", "empty_file");
    for name in ["empty.geojson", "empty.fgb"] {
        std::fs::write(folder.join(name), "").expect("write");
        let err = run(&mut Session::new(), "layer.open", json!({"path": folder.join(name)})).expect_err("empty");
        assert!(err.to_string().contains("the file is empty"), "{err}");
    }
}

#[test]
fn invalid_but_readable_geometries_are_loaded_and_reported() {
    let folder = TempFolder::new("data_files", "invalid_geometry");
    let file = folder.join("bowtie.geojson");
    std::fs::write(
        &file,
        r#"{"type":"FeatureCollection","features":[{"type":"Feature","id":8,"properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}}]}"#,
    )
    .expect("write");
    let mut session = Session::new();
    let outcome = session.execute(&Caller::user(), "layer.open", json!({"path": file})).expect("loads");
    assert_eq!(session.project().require("bowtie").expect("layer").features.len(), 1);
    assert!(
        outcome.notices.iter().any(|n| n.contains("invalid geometry") && n.contains("ids 8")),
        "{:?}",
        outcome.notices
    );
}

#[test]
fn export_refuses_to_overwrite_without_overwrite() {
    let folder = TempFolder::new("data_files", "no_overwrite");
    let file = folder.join("out.geojson");
    std::fs::write(&file, "keep me").expect("write");
    let mut session = typed_session();
    let err = run(&mut session, "layer.export", json!({"path": file})).expect_err("exists");
    assert!(matches!(err, Error::FileExists(_)), "{err}");
    assert!(err.to_string().starts_with("file exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).expect("still there"), "keep me");
    run(&mut session, "layer.export", json!({"path": file, "overwrite": true})).expect("replaces");
    assert!(std::fs::read_to_string(&file).expect("replaced").starts_with("{\"type\":\"FeatureCollection\""));
    assert_eq!(folder.file_names(), ["out.geojson"], "no temporary file is left");
}

#[test]
fn export_into_a_missing_folder_fails_without_claiming_a_file() {
    let folder = TempFolder::new("data_files", "missing_folder");
    let err =
        run(&mut typed_session(), "layer.export", json!({"path": folder.join("nope/out.fgb")})).expect_err("no folder");
    assert!(err.to_string().contains("does not exist"), "{err}");
}

#[test]
fn a_save_interrupted_before_the_rename_leaves_the_old_rgis_intact() {
    let folder = TempFolder::new("data_files", "interrupted_save");
    let file = folder.join("atlas.rgis");
    let mut session = saved_sample(&file);
    let old = std::fs::read(&file).expect("saved");
    run(&mut session, "layer.remove", json!({"layer": "cities"})).expect("edit");
    let failure = atomic::fail_before_rename();
    let err = run(&mut session, "project.save", json!({})).expect_err("the injected failure");
    drop(failure);
    assert!(err.to_string().contains("interrupted before the rename"), "{err}");
    assert_eq!(std::fs::read(&file).expect("still there"), old);
    assert_eq!(folder.file_names(), ["atlas.rgis"], "the temporary file is removed");
}

/// A project exercising every part of the format: the sample (embedded layers), a file layer,
/// a hidden layer, changed styles and labels, a bbox-limited layer, a view and an active layer.
/// A session of the sample saved to `file` (the project's own file from then on).
fn saved_sample(file: &Path) -> Session {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "project.save", json!({"path": file})).expect("the sample is saved");
    session
}

fn rich_project(folder: &TempFolder) -> Session {
    let mut session = Session::with_sample().expect("sample");
    let data = folder.join("data");
    std::fs::create_dir_all(&data).expect("data folder");
    run(&mut session, "layer.addGeoJSON", json!({"name": "typed", "geojson": TYPED})).expect("typed");
    run(&mut session, "layer.export", json!({"layer": "typed", "path": data.join("typed.fgb")})).expect("export");
    run(&mut session, "layer.open", json!({"path": data.join("typed.fgb"), "name": "from file"})).expect("open");
    run(&mut session, "layer.open", json!({"path": data.join("typed.fgb"), "name": "clipped", "bbox": [-1, -1, 5, 5]}))
        .expect("open with bbox");
    run(&mut session, "layer.setVisible", json!({"layer": "boundaries", "visible": false})).expect("hide");
    run(&mut session, "layer.move", json!({"layer": "cities", "position": 0})).expect("move");
    run(&mut session, "layer.select", json!({"layer": "coastline"})).expect("select");
    session
}

#[test]
fn rgis_round_trip_is_lossless_and_byte_stable() {
    let folder = TempFolder::new("data_files", "rgis_round_trip");
    let mut session = rich_project(&folder);
    let file = folder.join("atlas.rgis");
    let saved = run(&mut session, "project.save", json!({"path": file})).expect("save");
    assert_eq!(saved["active_layer"], "coastline");
    let first = std::fs::read(&file).expect("saved");
    run(&mut session, "project.save", json!({})).expect("save again to its own file");
    assert_eq!(std::fs::read(&file).expect("saved"), first, "saving twice gives the same bytes");

    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": file})).expect("open");
    let (a, b) = (session.project(), reopened.project());
    assert_eq!(a.name, b.name);
    assert_eq!(a.view, b.view);
    assert_eq!(a.layer_names(), b.layer_names());
    for (x, y) in a.layers.iter().zip(&b.layers) {
        assert_eq!((x.visible, &x.style, &x.labels, x.crs), (y.visible, &y.style, &y.labels, y.crs), "{}", x.name);
        assert_eq!(x.fields, y.fields, "{}", x.name);
        assert_eq!(x.features, y.features, "{}", x.name);
    }
    assert_eq!(reopened.active_layer(rustgis_core::Actor::User).map(|l| l.name.as_str()), Some("coastline"));
    let clipped = b.require("clipped").expect("clipped");
    assert!(clipped.features.len() < b.require("from file").expect("from file").features.len());

    let again = folder.join("again.rgis");
    run(&mut reopened, "project.save", json!({"path": again})).expect("save the reopened project");
    assert_eq!(std::fs::read(&again).expect("saved"), first, "open → save gives the same bytes");
    let text = String::from_utf8(first).expect("utf-8");
    assert!(text.contains("\"path\": \"data/typed.fgb\""), "file layers are saved relative to the project");
}

#[test]
fn a_layer_title_is_saved_and_read_back_byte_stably() {
    let folder = TempFolder::new("data_files", "layer_title");
    let mut session = Session::with_sample().expect("the sample loads");
    run(&mut session, "layer.setTitle", json!({"layer": "countries", "title": "Population (2019)"})).expect("title");
    let file = folder.join("titled.rgis");
    run(&mut session, "project.save", json!({"path": file})).expect("save");
    let first = std::fs::read(&file).expect("saved");
    let text = String::from_utf8(first.clone()).expect("utf-8");
    assert_eq!(text.matches("\"title\"").count(), 1, "only the titled layer says so");

    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": file})).expect("open");
    let countries = reopened.project().require("countries").expect("countries");
    assert_eq!(countries.title.as_deref(), Some("Population (2019)"));
    let again = folder.join("again.rgis");
    run(&mut reopened, "project.save", json!({"path": again})).expect("save again");
    assert_eq!(std::fs::read(&again).expect("saved"), first, "open → save gives the same bytes");
}

#[test]
fn a_file_layer_edited_after_reading_is_embedded_when_saved() {
    let folder = TempFolder::new("data_files", "edited_file_layer");
    let mut session = typed_session();
    run(&mut session, "layer.export", json!({"layer": "typed", "path": folder.join("t.geojson")})).expect("export");
    run(&mut session, "layer.open", json!({"path": folder.join("t.geojson"), "name": "t"})).expect("open");
    run(&mut session, "feature.delete", json!({"layer": "t", "where": "\"pop\" = 1"})).expect("delete one");
    let t = session.project().require("t").expect("t").clone();
    assert_eq!(t.features.len(), 3);
    let outcome =
        session.execute(&Caller::user(), "project.save", json!({"path": folder.join("p.rgis")})).expect("save");
    assert!(outcome.notices.iter().any(|n| n.contains("changed since it was read")), "{:?}", outcome.notices);
    let mut reopened = Session::new();
    run(&mut reopened, "project.open", json!({"path": folder.join("p.rgis")})).expect("open");
    assert_eq!(reopened.project().require("t").expect("t").features.len(), t.features.len());
}

#[test]
fn a_missing_data_file_names_the_layer_and_leaves_the_project_unchanged() {
    let folder = TempFolder::new("data_files", "missing_data_file");
    let file = folder.join("p.rgis");
    let mut session = rich_project(&folder);
    run(&mut session, "project.save", json!({"path": file})).expect("save");
    std::fs::remove_file(folder.join("data/typed.fgb")).expect("remove the data file");
    let mut other = Session::with_sample().expect("sample");
    let before = other.project().layer_names();
    let err = run(&mut other, "project.open", json!({"path": file})).expect_err("missing");
    let text = err.to_string();
    assert!(text.contains("p.rgis") && text.contains("'from file'") && text.contains("data/typed.fgb"), "{text}");
    assert!(text.contains("is missing") && text.contains("fix the path"), "{text}");
    assert_eq!(other.project().layer_names(), before);
    assert_eq!(other.project_path(), None);
}

#[test]
fn a_project_from_a_newer_version_is_refused_with_what_to_do() {
    let folder = TempFolder::new("data_files", "newer_version");
    let file = folder.join("new.rgis");
    std::fs::write(&file, r#"{"format": "rustgis-project", "version": 99, "name": "x", "layers": [], "future": 1}"#)
        .expect("write");
    let err = run(&mut Session::new(), "project.open", json!({"path": file})).expect_err("newer");
    assert!(err.to_string().contains("newer RustGIS") && err.to_string().contains("update RustGIS"), "{err}");
}

#[test]
fn a_corrupt_project_file_is_refused_with_its_position() {
    let folder = TempFolder::new("data_files", "corrupt_project");
    let file = folder.join("c.rgis");
    saved_sample(&file);
    let text = std::fs::read_to_string(&file).expect("saved");
    std::fs::write(&file, &text[..text.len() / 2]).expect("cut");
    let err = run(&mut Session::new(), "project.open", json!({"path": file})).expect_err("corrupt");
    let Error::Data { position, message, .. } = &err else { panic!("{err}") };
    assert!(position.starts_with("line "), "{position}");
    assert!(message.contains("truncated"), "{message}");
}

#[test]
fn saving_over_another_file_needs_overwrite_but_the_own_file_does_not() {
    let folder = TempFolder::new("data_files", "save_overwrite");
    let other = folder.join("other.rgis");
    std::fs::write(&other, "not mine").expect("write");
    let mut session = Session::with_sample().expect("sample");
    let err = run(&mut session, "project.save", json!({"path": other})).expect_err("exists");
    assert!(matches!(err, Error::FileExists(_)), "{err}");
    assert_eq!(session.project_path(), None, "a failed save does not adopt the file");
    let own = folder.join("own.rgis");
    run(&mut session, "project.save", json!({"path": own})).expect("save");
    run(&mut session, "project.save", json!({"path": own})).expect("saving to its own file again");
    assert_eq!(session.project_path(), Some(own.as_path()));
}

#[test]
fn undoing_an_open_goes_back_to_the_previous_project_and_its_file() {
    let folder = TempFolder::new("data_files", "undo_open");
    let (a, b) = (folder.join("a.rgis"), folder.join("b.rgis"));
    let mut session = saved_sample(&a);
    run(&mut session, "project.new", json!({"name": "B"})).expect("new");
    assert_eq!(session.project_path(), None, "a new project has no file");
    run(&mut session, "project.save", json!({"path": b})).expect("save b");
    run(&mut session, "project.open", json!({"path": a})).expect("open a");
    assert_eq!(session.project_path(), Some(a.as_path()));
    run(&mut session, "edit.undo", json!({})).expect("undo the open");
    assert_eq!(session.project().name, "B");
    assert_eq!(session.project_path(), Some(b.as_path()));
}

#[test]
fn a_project_given_as_text_opens_without_a_file() {
    let mut session = Session::with_sample().expect("sample");
    let text = r#"{"format": "rustgis-project", "version": 1, "name": "Inline", "active_layer": "p", "layers": [
      {"name": "p", "source": {"type": "embedded", "fields": [{"name": "when", "type": "date"}],
       "features": [{"type": "Feature", "id": 3, "properties": {"when": "2024-01-02"}, "geometry": {"type": "Point", "coordinates": [1, 2]}}]}}]}"#;
    run(&mut session, "project.openText", json!({"source": text})).expect("opens");
    let p = session.project().require("p").expect("p");
    assert_eq!(p.features[0].id, 3);
    assert!(matches!(p.features[0].attributes[0], Value::Date(_)));
    assert_eq!(session.project_path(), None);
    let refused = session.execute(&Caller::private_agent(false), "project.openText", json!({"source": text}));
    assert!(refused.expect_err("needs file access").to_string().contains("file and network access"));
}

/// The bench data, when present (it is not in the repository).
fn bench_file(name: &str) -> Option<PathBuf> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench").join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("skipping: bench data {} is absent", path.display());
        None
    }
}

#[test]
fn the_bench_files_read_with_their_documented_counts_and_survive_flatgeobuf() {
    let folder = TempFolder::new("data_files", "bench_files");
    for (name, count) in [("ne_10m_land.geojson", 11), ("us_counties.geojson", 3235), ("cities_all.geojson", 135_233)] {
        let Some(path) = bench_file(name) else { continue };
        let mut session = Session::new();
        let out = run(&mut session, "layer.open", json!({"path": path, "name": "a"})).expect("reads");
        assert_eq!(out["features"], count, "{name}");
        let fgb = folder.join(&format!("{name}.fgb"));
        run(&mut session, "layer.export", json!({"layer": "a", "path": fgb})).expect("writes FlatGeobuf");
        run(&mut session, "layer.open", json!({"path": fgb, "name": "b"})).expect("reads FlatGeobuf");
        let project = session.project();
        let (a, b) = (project.require("a").expect("a"), project.require("b").expect("b"));
        assert_eq!(a.fields, b.fields, "{name}");
        assert!(a.features == b.features, "{name}: features differ after FlatGeobuf");
    }
}

#[test]
fn a_bbox_read_keeps_the_ids_of_a_full_read() {
    let folder = TempFolder::new("data_files", "bbox_ids");
    let text = r#"{"type":"FeatureCollection","features":[
{"type":"Feature","properties":{"n":1},"geometry":{"type":"Point","coordinates":[0,0]}},
{"type":"Feature","properties":{"n":2},"geometry":{"type":"Point","coordinates":[10,10]}},
{"type":"Feature","properties":{"n":3},"geometry":{"type":"Point","coordinates":[20,20]}}]}"#;
    std::fs::write(folder.join("p.geojson"), text).expect("write");
    let mut session = Session::new();
    run(&mut session, "layer.open", json!({"path": folder.join("p.geojson"), "name": "all"})).expect("open");
    run(&mut session, "layer.export", json!({"layer": "all", "path": folder.join("p.fgb")})).expect("export");
    for file in ["p.geojson", "p.fgb"] {
        let name = format!("part of {file}");
        run(&mut session, "layer.open", json!({"path": folder.join(file), "name": name, "bbox": [5, 5, 25, 25]}))
            .expect("bbox read");
        let ids: Vec<u64> = session.project().require(&name).expect("layer").features.iter().map(|f| f.id).collect();
        assert_eq!(ids, [2, 3], "{file}");
    }
}
