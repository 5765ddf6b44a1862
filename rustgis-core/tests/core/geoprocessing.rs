//! Geoprocessing checked against independent references (GEOS through shapely, PROJ's geodesics
//! through pyproj: `scripts/make_geoprocessing_fixtures.py` writes the fixtures), and the
//! behaviour of the `vector.*` commands in a session.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;

use geo::{BoundingRect, Coord, CoordsIter, Geometry};
use rustgis_core::geoprocessing::{self as gp, BufferOptions, Distance, Job, Predicate, Summary};
use rustgis_core::measure::geodesic_area;
use rustgis_core::{Caller, Crs, Layer, Session, sample_layer};
use serde_json::{Value as Json, json};

use common::CancelAfterReports;

fn fixture(name: &str) -> Json {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/geoprocessing").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("fixtures are JSON")
}

fn point_layer(name: &str, lon: f64, lat: f64) -> Layer {
    let feature = rustgis_core::Feature {
        id: 1,
        geometry: Some(Geometry::Point(geo::Point::new(lon, lat))),
        attributes: Vec::new(),
    };
    Layer::new(name, Crs::WGS84, Vec::new(), vec![feature])
}

fn buffer_200_km(layer: &Layer) -> gp::Derived {
    gp::buffer_layer(layer, &BufferOptions::new(Distance::Ground(200_000.0)), &Job::silent()).expect("buffers")
}

/// Every ring point not on the antimeridian cut is within 0.5 % of 200 km from the centre.
fn check_ring_points_at_200_km(centre: Coord<f64>, buffered: &gp::Derived) -> usize {
    let mut checked = 0;
    for feature in &buffered.features {
        for c in feature.geometry.as_ref().expect("a buffer").coords_iter() {
            if c.x.abs() == 180.0 {
                continue;
            }
            let d = gp::geodesic_distance(centre, c);
            assert!((d / 200_000.0 - 1.0).abs() < 0.005, "{c:?} is {d} m from {centre:?}");
            checked += 1;
        }
    }
    checked
}

fn relative(a: f64, b: f64) -> f64 {
    (a / b - 1.0).abs()
}

#[test]
fn a_200_km_buffer_around_helsinki_has_every_ring_point_200_km_from_its_centre() {
    let helsinki = Coord { x: 24.93545, y: 60.16952 };
    let buffered = buffer_200_km(&point_layer("helsinki", helsinki.x, helsinki.y));
    assert_eq!(check_ring_points_at_200_km(helsinki, &buffered), 33);
}

#[test]
fn a_200_km_buffer_on_the_antimeridian_is_split_there_with_every_ring_point_200_km_from_its_centre() {
    let centre = Coord { x: 180.0, y: -17.0 };
    let buffered = buffer_200_km(&point_layer("on the line", centre.x, centre.y));
    let Some(Geometry::MultiPolygon(parts)) = &buffered.features[0].geometry else { panic!("a multi-polygon") };
    assert_eq!(parts.0.len(), 2, "one piece on each side of ±180°");
    for part in &parts.0 {
        let r = part.bounding_rect().expect("not empty");
        assert!(r.min().x >= -180.0 && r.max().x <= 180.0, "{r:?}");
    }
    // Two of the 32 vertices (due north and south) lie on the cut itself.
    assert!(check_ring_points_at_200_km(centre, &buffered) >= 30);
}

#[test]
fn buffer_areas_match_pyproj_geodesic_polygons_within_0_1_percent() {
    let reference = fixture("buffer_areas.json");
    for (name, expected) in reference["buffers"].as_object().expect("buffers") {
        let lon = expected["centre"][0].as_f64().expect("lon");
        let lat = expected["centre"][1].as_f64().expect("lat");
        let buffered = buffer_200_km(&point_layer(name, lon, lat));
        let area_km2 = geodesic_area(buffered.features[0].geometry.as_ref().expect("a buffer")) / 1e6;
        let polygon = expected["polygon_32_km2"].as_f64().expect("area");
        let circle = expected["circle_km2"].as_f64().expect("area");
        assert!(relative(area_km2, polygon) < 0.001, "{name}: {area_km2} km² vs pyproj {polygon}");
        // A 32-gon inscribed in the circle holds 99.36 % of its area.
        assert!(relative(area_km2, circle) < 0.007, "{name}: {area_km2} km² vs the circle's {circle}");
    }
}

/// Checks each feature's `column` of `measured` against pyproj's value in `reference` (by
/// feature id): within 0.1 %.
fn check_within_0_1_percent_of_pyproj(measured: &gp::Derived, column: &str, reference: &Json) {
    let column_idx =
        measured.fields.iter().position(|f| f.name == column).unwrap_or_else(|| panic!("{column} is added"));
    for feature in &measured.features {
        let expected = reference[feature.id.to_string()].as_f64().expect("every feature has a reference");
        let value = feature.attributes[column_idx].as_f64().expect("every feature is measured");
        assert!(relative(value, expected) < 0.001, "feature {}: {value} vs pyproj {expected}", feature.id);
    }
}

#[test]
fn geodesic_areas_of_the_sample_countries_match_pyproj_within_0_1_percent() {
    let measured = gp::add_area(&sample_layer("countries").expect("sample"), &Job::silent()).expect("areas");
    check_within_0_1_percent_of_pyproj(&measured, "area_km2", &fixture("country_areas.json")["areas_km2"]);
}

#[test]
fn geodesic_lengths_of_the_coastline_match_pyproj_within_0_1_percent() {
    let measured = gp::add_length(&sample_layer("coastline").expect("sample"), &Job::silent()).expect("lengths");
    check_within_0_1_percent_of_pyproj(&measured, "length_km", &fixture("coastline_lengths.json")["lengths_km"]);
}

fn join_counts(countries: &Layer, cities: &Layer) -> BTreeMap<u64, i64> {
    let joined =
        gp::spatial_join(countries, cities, Predicate::Contains, Summary::Count, &Job::silent()).expect("joins");
    let column = joined.fields.iter().position(|f| f.name == "join_count").expect("join_count is added");
    joined
        .features
        .iter()
        .map(|f| {
            (
                f.id,
                match f.attributes[column] {
                    rustgis_core::Value::Int(n) => n,
                    ref other => panic!("a count, not {other:?}"),
                },
            )
        })
        .collect()
}

fn reference_counts(reference: &Json) -> BTreeMap<u64, i64> {
    reference["counts"]
        .as_object()
        .expect("counts")
        .iter()
        .map(|(id, n)| (id.parse().expect("ids"), n.as_i64().expect("a count")))
        .collect()
}

#[test]
fn spatial_join_counts_of_the_sample_cities_match_shapely() {
    let counts = join_counts(&sample_layer("countries").expect("sample"), &sample_layer("cities").expect("sample"));
    assert_eq!(counts, reference_counts(&fixture("join_counts.json")));
}

#[test]
fn spatial_join_counts_of_the_135233_bench_cities_match_shapely() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench");
    let (countries, cities) = (dir.join("ne_110m_admin_0_countries.geojson"), dir.join("cities_all.geojson"));
    if !countries.is_file() || !cities.is_file() {
        eprintln!("skipping: the bench data is not in {}", dir.display());
        return;
    }
    let read = |path: &Path| {
        let data = rustgis_core::io::geojson::read_str(&std::fs::read_to_string(path).expect("readable"), path)
            .expect("valid GeoJSON");
        Layer::new("bench", data.crs, data.fields, data.features)
    };
    let (countries, cities) = (read(&countries), read(&cities));
    assert_eq!(cities.features.len(), 135_233);
    assert_eq!(join_counts(&countries, &cities), reference_counts(&fixture("bench_join_counts.json")));
}

#[test]
fn intersection_areas_with_city_buffers_match_shapely_and_pyproj_within_0_1_percent() {
    let countries = sample_layer("countries").expect("sample");
    let cities = sample_layer("cities").expect("sample");
    let buffers = buffer_200_km(&cities).into_layer("buffers", Crs::WGS84);
    let pieces = gp::intersection(&countries, &buffers, &Job::silent()).expect("intersects");
    let name_col = pieces.fields.iter().position(|f| f.name == "name").expect("the country's name");
    let city_col = pieces.fields.iter().position(|f| f.name == "name_2").expect("the city's name, renamed");
    for pair in fixture("intersection_areas.json")["pairs"].as_array().expect("pairs") {
        let (city, country) = (pair["city"].as_str().expect("city"), pair["country"].as_str().expect("country"));
        let piece = pieces
            .features
            .iter()
            .find(|f| f.attributes[name_col].as_str() == Some(country) && f.attributes[city_col].as_str() == Some(city))
            .unwrap_or_else(|| panic!("no piece for {city} in {country}"));
        let area = geodesic_area(piece.geometry.as_ref().expect("a piece")) / 1e6;
        let expected = pair["area_km2"].as_f64().expect("area");
        assert!(relative(area, expected) < 0.001, "{city} ∩ {country}: {area} vs {expected}");
    }
}

#[test]
fn nearest_city_distances_match_pyproj_geodesics() {
    let mut session = Session::with_sample().expect("sample");
    let user = Caller::user();
    for (name, test) in [("capitals", "capital"), ("others", "NOT capital")] {
        session
            .execute(&user, "vector.filter", json!({"layer": "cities", "where": test, "name": name}))
            .expect("filters");
    }
    session.execute(&user, "vector.nearest", json!({"layer": "capitals", "join_layer": "others"})).expect("finds");
    let layer = session.project().layer("capitals nearest others").expect("the result");
    let col = |n: &str| layer.field_index(n).expect("field");
    let (name, other, km) = (col("name"), col("name_2"), col("distance_km"));
    let reference = fixture("nearest_cities.json");
    let mut checked = 0;
    for feature in layer.features.iter() {
        let Some(expected) = reference["nearest"].get(feature.attributes[name].as_str().expect("a name")) else {
            continue;
        };
        assert_eq!(feature.attributes[other].as_str(), expected["nearest"].as_str());
        let d = feature.attributes[km].as_f64().expect("a distance");
        assert!((d - expected["km"].as_f64().expect("km")).abs() < 1e-6, "{d} vs {expected}");
        checked += 1;
    }
    assert!(checked >= 50, "{checked}");
}

#[test]
fn reprojection_to_web_mercator_round_trips_to_a_billionth_of_a_degree() {
    let countries = sample_layer("countries").expect("sample");
    let there = gp::reproject_layer(&countries, Crs::WEB_MERCATOR, &Job::silent()).expect("projects");
    let there = there.into_layer("m", Crs::WEB_MERCATOR);
    let back = gp::reproject_layer(&there, Crs::WGS84, &Job::silent()).expect("inverts");
    for (a, b) in countries.features.iter().zip(&back.features) {
        for (p, q) in a.geometry.as_ref().expect("g").coords_iter().zip(b.geometry.as_ref().expect("g").coords_iter()) {
            if p.y.abs() > 85.05 {
                continue; // Clamped where Web Mercator ends (Antarctica).
            }
            assert!((p.x - q.x).abs() < 1e-9 && (p.y - q.y).abs() < 1e-9, "{p:?} came back as {q:?}");
        }
    }
}

#[test]
fn reprojection_through_utm_round_trips_to_a_billionth_of_a_degree() {
    let france = sample_layer("countries").expect("sample");
    let utm = Crs::epsg(32631);
    let there = gp::reproject_layer(&france, utm, &Job::silent()).expect("projects").into_layer("utm", utm);
    let back = gp::reproject_layer(&there, Crs::WGS84, &Job::silent()).expect("inverts");
    let original = france.features.iter().find(|f| f.attributes[0].as_str() == Some("France")).expect("France");
    let returned = back.features.iter().find(|f| f.id == original.id).expect("France comes back");
    for (p, q) in
        original.geometry.as_ref().expect("g").coords_iter().zip(returned.geometry.as_ref().expect("g").coords_iter())
    {
        if p.x > -10.0 && p.x < 15.0 {
            assert!((p.x - q.x).abs() < 1e-9 && (p.y - q.y).abs() < 1e-9, "{p:?} came back as {q:?}");
        }
    }
}

fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Outcome {
    session.execute(&Caller::user(), id, params).unwrap_or_else(|e| panic!("{id}: {e}"))
}

#[test]
fn a_tool_leaves_its_input_layer_unchanged_and_undo_removes_its_result() {
    let mut session = Session::with_sample().expect("sample");
    let before = session.project().layer("countries").expect("countries").features.clone();
    let out = run(&mut session, "vector.buffer", json!({"layer": "countries", "distance": 50, "unit": "km"}));
    assert_eq!(out.layers_added, ["countries buffer 50 km"]);
    let after = &session.project().layer("countries").expect("countries").features;
    assert!(std::sync::Arc::ptr_eq(&before, after) || before == *after);
    run(&mut session, "edit.undo", json!({}));
    assert!(session.project().layer("countries buffer 50 km").is_none());
    assert_eq!(session.history().len(), 0);
}

#[test]
fn the_result_becomes_the_callers_active_layer() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "vector.centroids", json!({"layer": "countries"}));
    let info = run(&mut session, "layer.info", json!({}));
    assert_eq!(info.result["name"], "countries centroids");
}

#[test]
fn a_taken_name_for_the_result_is_refused() {
    let mut session = Session::with_sample().expect("sample");
    let err = session
        .execute(&Caller::user(), "vector.centroids", json!({"layer": "countries", "name": "cities"}))
        .expect_err("the name is taken");
    assert_eq!(err.code(), "layer_exists");
}

#[test]
fn an_invalid_polygon_is_repaired_and_named_in_the_notices() {
    let mut session = Session::with_sample().expect("sample");
    let bowtie = json!({"type": "FeatureCollection", "features": [{"type": "Feature", "id": 7, "properties": {},
        "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [0, 1], [1, 0], [1, 1], [0, 0]]]}}]});
    run(&mut session, "layer.addGeoJSON", json!({"name": "bowtie", "geojson": bowtie}));
    let out = run(&mut session, "vector.buffer", json!({"layer": "bowtie", "distance": 1, "unit": "km"}));
    assert!(out.notices.iter().any(|n| n.contains("repaired") && n.contains("id 7")), "{:?}", out.notices);
    assert_eq!(out.result["features"], 1);
}

#[test]
fn a_negative_buffer_shrinks_polygons() {
    let countries = sample_layer("countries").expect("sample");
    let options = BufferOptions::new(Distance::Ground(-20_000.0));
    let inland = gp::buffer_layer(&countries, &options, &Job::silent()).expect("shrinks");
    let before: f64 = countries.features.iter().map(|f| geodesic_area(f.geometry.as_ref().expect("g"))).sum();
    let after: f64 = inland.features.iter().map(|f| geodesic_area(f.geometry.as_ref().expect("g"))).sum();
    assert!(after < before * 0.97 && after > before * 0.8, "{after} vs {before}");
}

#[test]
fn select_by_location_changes_only_the_selection() {
    let mut session = Session::with_sample().expect("sample");
    let layers_before = session.project().layer_names();
    let out = run(
        &mut session,
        "vector.selectByLocation",
        json!({"layer": "cities", "intersecting": "countries", "predicate": "disjoint"}),
    );
    assert_eq!(session.project().layer_names(), layers_before);
    let selected = session.project().layer("cities").expect("cities").selection.len();
    assert!(selected > 0 && selected < 521 && out.result["selected"] == selected, "{selected}");
}

#[test]
fn a_long_run_reports_progress_and_stops_when_cancelled_leaving_the_project_unchanged() {
    let mut session = Session::with_sample().expect("sample");
    let progress = CancelAfterReports::new(6);
    let err = session
        .execute_with(
            &Caller::user(),
            "vector.buffer",
            json!({"layer": "cities", "distance": 200, "unit": "km"}),
            &progress,
        )
        .expect_err("cancelled");
    assert_eq!(err.code(), "cancelled");
    assert!(progress.reports() > 5);
    assert_eq!(session.project().layers.len(), 4);
}

/// The sample's cities that lie in a country (the others are on islands and coasts the countries
/// layer leaves out).
const CITIES_IN_COUNTRIES: usize = 441;

/// Runs `command` as a job's command would run, cancelled 50 progress reports before the end of
/// a whole run (so in its last stage, the loop over features), and gives the name of the layer it
/// kept, checked to hold part of the `of` features a whole run makes.
fn check_partial(command: &str, params: Json, of: usize) -> String {
    let whole = CancelAfterReports::keeping_partial(usize::MAX);
    let made = Session::with_sample().expect("sample").execute_with(&Caller::user(), command, params.clone(), &whole);
    assert_eq!(made.expect("a whole run succeeds").result["features"], of);
    let mut session = Session::with_sample().expect("sample");
    let progress = CancelAfterReports::keeping_partial(whole.reports() - 50);
    let outcome = session
        .execute_with(&Caller::user(), command, params, &progress)
        .unwrap_or_else(|e| panic!("{command} cancelled part-way keeps what it made, yet failed: {e}"));
    let name = outcome.result["layer"].as_str().expect("the result names its layer").to_owned();
    let kept = session.project().require(&name).expect("the partial layer is in the project").features.len();
    assert!(kept > 0 && kept < of, "{command} kept {kept} of {of} features");
    assert_eq!(outcome.result["features"], kept);
    name
}

#[test]
fn centroids_cancelled_part_way_in_a_job_keep_the_centroids_done() {
    let name = check_partial("vector.centroids", json!({"layer": "countries"}), 177);
    assert_eq!(name, "countries centroids (partial)");
}

#[test]
fn a_partial_result_given_a_name_is_still_named_partial() {
    let name = check_partial("vector.centroids", json!({"layer": "countries", "name": "middles"}), 177);
    assert_eq!(name, "middles (partial)");
}

#[test]
fn a_reprojection_cancelled_part_way_in_a_job_keeps_the_features_done() {
    let name = check_partial("vector.reproject", json!({"layer": "countries", "crs": "EPSG:3857"}), 177);
    assert_eq!(name, "countries EPSG:3857 (partial)");
}

#[test]
fn areas_cancelled_part_way_in_a_job_keep_the_features_measured() {
    let name = check_partial("vector.area", json!({"layer": "countries"}), 177);
    assert_eq!(name, "countries area (partial)");
}

#[test]
fn a_clip_cancelled_part_way_in_a_job_keeps_the_pieces_done() {
    let name = check_partial("vector.clip", json!({"layer": "cities", "mask": "countries"}), CITIES_IN_COUNTRIES);
    assert_eq!(name, "cities clipped (partial)");
}

#[test]
fn dissolving_countries_by_continent_counts_the_members() {
    let mut session = Session::with_sample().expect("sample");
    run(&mut session, "vector.dissolve", json!({"layer": "countries", "by": "continent"}));
    let layer = session.project().layer("countries by continent").expect("result");
    let n = layer.field_index("n_features").expect("n_features is added");
    let total: i64 = layer
        .features
        .iter()
        .map(|f| match f.attributes[n] {
            rustgis_core::Value::Int(k) => k,
            _ => 0,
        })
        .sum();
    assert_eq!(total, 177);
}

#[test]
fn the_cli_example_reports_the_new_layer_and_its_feature_count() {
    let mut session = Session::with_sample().expect("sample");
    let outcome = session.run_script(&Caller::user(), r#"vector.buffer {"layer":"cities","distance":200,"unit":"km"}"#);
    assert!(outcome.success, "{:?}", outcome.error);
    let json = outcome.to_json();
    assert_eq!(json["result"]["layer"], "cities buffer 200 km");
    assert_eq!(json["result"]["features"], 521);
}

#[test]
fn the_countries_geos_finds_invalid_are_the_ones_repaired_and_named() {
    let reference = fixture("country_areas.json");
    let invalid: Vec<String> = reference["invalid"].as_object().expect("invalid").keys().cloned().collect();
    let countries = sample_layer("countries").expect("sample");
    let options = BufferOptions::new(Distance::Ground(10_000.0));
    let buffered = gp::buffer_layer(&countries, &options, &Job::silent()).expect("buffers");
    let notice = buffered.notices.iter().find(|n| n.starts_with("repaired")).expect("a repair notice");
    assert!(notice.contains(&format!("(id {})", invalid.join(", "))), "{notice} vs GEOS's {invalid:?}");
    assert_eq!(buffered.features.len(), 177);
}

#[test]
fn planar_buffers_of_the_sample_countries_match_geos_within_0_1_percent() {
    use geo::Area;
    let reference = fixture("planar_buffer_areas.json");
    let countries = sample_layer("countries").expect("sample");
    for (distance, areas) in reference["areas_deg2"].as_object().expect("areas by distance") {
        let options = BufferOptions::new(Distance::Planar(distance.parse().expect("a distance")));
        let buffered = gp::buffer_layer(&countries, &options, &Job::silent()).expect("buffers");
        for feature in &buffered.features {
            let expected = areas[feature.id.to_string()].as_f64().expect("every country has a reference");
            let area = feature.geometry.as_ref().expect("a buffer").unsigned_area();
            assert!(
                relative(area, expected) < 0.001,
                "feature {} at {distance}°: {area} vs GEOS {expected}",
                feature.id
            );
        }
    }
}

#[test]
fn a_union_of_two_overlapping_squares_is_their_overlap_and_what_lies_outside_the_other_on_each_side() {
    use geo::Area;
    let square = |x: f64, y: f64| json!({"type": "Polygon", "coordinates": [[[x, y], [x + 2.0, y], [x + 2.0, y + 2.0], [x, y + 2.0], [x, y]]]});
    let mut session = Session::new();
    run(&mut session, "layer.addGeoJSON", json!({"name": "a", "geojson": square(0.0, 0.0)}));
    run(&mut session, "layer.addGeoJSON", json!({"name": "b", "geojson": square(1.0, 1.0)}));
    run(&mut session, "vector.union", json!({"layer": "a", "overlay": "b", "name": "ab"}));
    let union = session.project().require("ab").expect("the union is a layer");
    let mut areas: Vec<f64> =
        union.features.iter().map(|f| f.geometry.as_ref().map_or(0.0, Area::unsigned_area)).collect();
    areas.sort_by(f64::total_cmp);
    assert_eq!(areas.len(), 3, "{areas:?}");
    for (area, want) in areas.iter().zip([1.0, 3.0, 3.0]) {
        assert!((area - want).abs() < 1e-9, "{areas:?}");
    }
}
