//! PostGIS layers against a real PostgreSQL with PostGIS (the throwaway cluster
//! `scripts/postgis_cluster.sh` starts; `RUSTGIS_TEST_PG` is its connection): the 135k bench
//! cities and the sample's countries are loaded with RustGIS's own `layer.export` (COPY), then
//! read back with pushdown. `pg_stat_statements` tells which SQL RustGIS sent.

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use geo::Area;

use rustgis_core::postgis::{SqlCell, SqlQuery, VectorProvider};
use rustgis_core::{Caller, Session, Value};
use rustgis_relay::PostgisProvider;
use serde_json::{Value as Json, json};

/// The test database with `cities` and `countries` loaded, or `None` (the test is skipped, said
/// on standard error) when `RUSTGIS_TEST_PG` is not set and fixtures are not required.
fn database() -> Option<&'static str> {
    static READY: OnceLock<Option<String>> = OnceLock::new();
    READY
        .get_or_init(|| {
            let Ok(dsn) = std::env::var("RUSTGIS_TEST_PG") else {
                assert!(
                    std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() != Ok("1"),
                    "RUSTGIS_TEST_PG is not set: scripts/test.sh starts a PostGIS cluster and sets it"
                );
                eprintln!(
                    "skipping: RUSTGIS_TEST_PG is not set (scripts/test.sh starts a PostGIS cluster and sets it)"
                );
                return None;
            };
            load(&dsn);
            Some(dsn)
        })
        .as_deref()
}

/// The 135k bench cities (the sample's 521 cities when the bench data is absent) and the
/// sample's countries, written with `layer.export {dsn}`. The cities are written twice: the
/// copy `counted_cities` is read only by the test that counts the statements the database saw,
/// so the other tests reading `cities` at the same time cannot add to its count.
fn load(dsn: &str) {
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_vector_provider(Arc::new(PostgisProvider));
    let bench = bench_cities();
    let cities = if bench.exists() {
        run(&mut session, "layer.open", json!({"path": bench, "name": "bench cities"})).expect("the bench cities open");
        "bench cities"
    } else {
        eprintln!("the bench cities {} are absent: the sample's cities stand in", bench.display());
        "cities"
    };
    for (layer, table) in [(cities, "cities"), (cities, COUNTED_CITIES), ("countries", "countries")] {
        run(&mut session, "layer.export", json!({"layer": layer, "dsn": dsn, "table": table, "overwrite": true}))
            .expect("the layer goes into PostGIS");
    }
}

/// The bench data's 135k cities, which may be absent (a clone without `../shared`).
fn bench_cities() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench/cities_all.geojson")
}

/// How many cities make "many" in one country or continent: the bench data has over 100 in
/// China and in Europe, the sample 67 and 65.
fn many_cities() -> i64 {
    if bench_cities().exists() { 100 } else { 50 }
}

fn run(session: &mut Session, id: &str, params: Json) -> rustgis_core::Result<Json> {
    session.execute(&Caller::user(), id, params).map(|o| o.result)
}

/// A copy of `layer` in memory named `name`: every feature streamed through `vector.filter`.
fn into_memory(session: &mut Session, layer: &str, name: &str) {
    run(session, "vector.filter", json!({"layer": layer, "where": "TRUE", "name": name}))
        .unwrap_or_else(|e| panic!("'{layer}' comes into memory: {e}"));
}

/// A session with the PostGIS `cities` (and `countries`) added, and the same cities in memory.
fn session_with(dsn: &str) -> Session {
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    for table in ["cities", "countries"] {
        run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": table, "name": format!("pg {table}")}))
            .expect("the PostGIS layer is added");
    }
    session
}

/// [`session_with`]'s session saved as `live.rgis` in a temporary folder: the session, the
/// folder (removed when dropped) and the file.
fn saved_live_project(dsn: &str) -> (Session, tempfile::TempDir, std::path::PathBuf) {
    let mut session = session_with(dsn);
    let folder = tempfile::tempdir().expect("a folder");
    let path = folder.path().join("live.rgis");
    run(&mut session, "project.save", json!({"path": path})).expect("the project saves");
    (session, folder, path)
}

/// Rows of a SQL query run directly (for what the database saw).
fn sql_rows(dsn: &str, text: &str) -> Vec<Vec<SqlCell>> {
    PostgisProvider
        .rows(dsn, &SqlQuery { sql: text.to_owned(), params: Vec::new() })
        .expect("the query runs")
        .collect::<rustgis_core::Result<_>>()
        .expect("the rows arrive")
}

fn ids(result: &Json) -> Vec<u64> {
    result["rows"].as_array().expect("rows").iter().map(|r| r["fid"].as_u64().expect("a fid")).collect()
}

/// pg_stat_statements is shared by the tests running at once: the tests that read it take turns.
static STATEMENTS: Mutex<()> = Mutex::new(());

/// The cities' copy only the statement-counting test reads (see [`load`]).
const COUNTED_CITIES: &str = "counted_cities";

#[test]
fn table_read_with_a_where_and_a_bbox_sends_one_sql_query_with_both_and_reads_only_the_matching_rows() {
    let Some(dsn) = database() else { return };
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": COUNTED_CITIES, "name": "pg cities"}))
        .expect("the PostGIS layer is added");
    sql_rows(dsn, "SELECT pg_stat_statements_reset()::text");
    let params = json!({"layer": "pg cities", "where": "population > 200000 AND name LIKE 'S%'",
                        "bbox": [-10.0, 35.0, 30.0, 60.0], "limit": 1000});
    let read = run(&mut session, "table.read", params).expect("table.read runs");
    assert_eq!(read["pushdown"], "pushed down");
    let returned = read["returned"].as_u64().expect("returned");
    assert!(returned > 0 && read["total"] == returned, "{read}");
    // The database saw one SELECT of the cities with the bbox and the filter, and sent back
    // only the matching rows.
    let seen = sql_rows(
        dsn,
        &format!(
            "SELECT query, calls::int8, rows::int8 FROM pg_stat_statements \
             WHERE query LIKE '%FROM \"public\".\"{COUNTED_CITIES}\"%' AND query NOT LIKE '%pg_stat_statements%'"
        ),
    );
    assert_eq!(seen.len(), 1, "{seen:?}");
    let SqlCell::Value(Value::String(query)) = &seen[0][0] else { panic!("a query text: {seen:?}") };
    assert!(
        query.contains("&& ST_MakeEnvelope(") && query.contains(" LIKE ") && query.contains("\"population\""),
        "{query}"
    );
    assert_eq!(seen[0][1], SqlCell::Value(Value::Int(1)), "{seen:?}");
    assert_eq!(seen[0][2], SqlCell::Value(Value::Int(returned as i64)), "{seen:?}");
}

#[test]
fn table_read_of_a_postgis_layer_gives_the_rows_the_same_read_in_memory_gives() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    into_memory(&mut session, "pg cities", "memory");
    for params in [
        json!({"where": "population >= 1000000 AND country IN ('FR', 'DE', 'IT')", "order_by": "population DESC, name", "limit": 10}),
        json!({"where": "name >= 'Zh' AND name < 'Zz'", "order_by": "name", "limit": 50, "offset": 3}),
        json!({"where": "population BETWEEN 5000 AND 5100 OR country = 'NZ'", "bbox": [160.0, -50.0, 180.0, -30.0], "limit": 500}),
    ] {
        let mut live = params.clone();
        live["layer"] = json!("pg cities");
        let mut local = params.clone();
        local["layer"] = json!("memory");
        let live = run(&mut session, "table.read", live).expect("the live read runs");
        let local = run(&mut session, "table.read", local).expect("the local read runs");
        assert_eq!(live["pushdown"], "pushed down", "{params}");
        assert_eq!(live["total"], local["total"], "{params}");
        assert_eq!(live["rows"], local["rows"], "{params}");
    }
}

#[test]
fn a_filter_sql_cannot_express_runs_here_after_the_bbox_and_the_result_says_why() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let read = run(
        &mut session,
        "table.read",
        json!({"layer": "pg countries", "where": "$area > 1e12", "bbox": [-30.0, 30.0, 60.0, 75.0], "fields": ["name"], "order_by": "name"}),
    )
    .expect("table.read runs");
    let pushdown = read["pushdown"].as_str().expect("pushdown");
    assert!(
        pushdown.starts_with("the bbox pushed down, evaluated locally:") && pushdown.contains("measured here"),
        "{pushdown}"
    );
    let names: Vec<&str> =
        read["rows"].as_array().expect("rows").iter().map(|r| r["name"].as_str().expect("a name")).collect();
    assert!(names.contains(&"Russia") && !names.contains(&"France"), "{names:?}");
}

#[test]
fn feature_select_on_a_postgis_layer_selects_the_ids_the_database_finds() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let selected =
        run(&mut session, "feature.select", json!({"layer": "pg countries", "where": "continent = 'Oceania'"}))
            .expect("feature.select runs");
    assert_eq!(selected["pushdown"], "pushed down");
    let expected = run(
        &mut session,
        "table.read",
        json!({"layer": "pg countries", "where": "continent = 'Oceania'", "limit": 1000}),
    )
    .expect("table.read runs");
    assert_eq!(selected["matched"], expected["total"]);
    let layer = session.project().layer("pg countries").expect("the layer");
    assert_eq!(
        layer.selection.iter().copied().collect::<Vec<_>>(),
        ids(&expected).into_iter().collect::<std::collections::BTreeSet<_>>().into_iter().collect::<Vec<_>>()
    );
}

#[test]
fn vector_filter_on_a_postgis_layer_brings_the_matching_features_into_memory() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let filtered = run(
        &mut session,
        "vector.filter",
        json!({"layer": "pg cities", "where": "population > 5000000", "bbox": [60.0, 0.0, 150.0, 60.0], "name": "big asian cities"}),
    )
    .expect("vector.filter runs");
    assert_eq!(filtered["pushdown"], "pushed down");
    let layer = session.project().layer("big asian cities").expect("the new layer");
    assert!(layer.postgis().is_none() && layer.features.len() > 5, "{filtered}");
    assert!(layer.features.iter().all(|f| f.geometry.is_some()));
}

#[test]
fn a_postgis_layer_draws_at_a_city_view_as_the_same_features_in_memory_draw() {
    let Some(dsn) = database() else { return };
    // It reads the cities too: the tests that count statements must not see its queries.
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let folder = tempfile::tempdir().expect("a folder");
    let mut pngs = Vec::new();
    for in_memory in [false, true] {
        let (mut session, layer) = cities_to_draw(dsn, in_memory, 6);
        session.set_renderer(Arc::new(rustgis_render::Renderer::new()));
        run(&mut session, "map.zoomTo", json!({"bbox": [1.9, 48.6, 2.8, 49.1]})).expect("zoomed to Paris");
        let path = folder.path().join(format!("{layer}.png"));
        let out = run(&mut session, "map.export", json!({"path": path, "width": 400, "height": 300})).expect("drawn");
        assert!(out["blank_reason"].is_null(), "{out}");
        pngs.push(std::fs::read(&path).expect("the PNG"));
    }
    if pngs[0] != pngs[1] {
        let keep = Path::new(env!("CARGO_TARGET_TMPDIR"));
        #[allow(clippy::disallowed_methods, reason = "keeps the failing pictures to look at")]
        for (idx, png) in pngs.iter().enumerate() {
            std::fs::write(keep.join(format!("postgis-draw-{idx}.png")), png).expect("kept");
        }
        panic!(
            "the live layer draws otherwise than the same features in memory (see {}/postgis-draw-*.png)",
            keep.display()
        );
    }
}

#[test]
fn a_count_join_of_two_postgis_layers_runs_in_the_database_and_counts_as_in_memory() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let out = session
        .execute(&Caller::user(), "vector.spatialJoin", json!({"layer": "pg countries", "join_layer": "pg cities", "predicate": "intersects", "summary": "count", "name": "in db"}))
        .expect("the join runs");
    assert!(out.notices.iter().any(|n| n.contains("ran in PostGIS")), "{:?}", out.notices);
    for (layer, name) in [("pg countries", "countries here"), ("pg cities", "cities here")] {
        into_memory(&mut session, layer, name);
    }
    run(&mut session, "vector.spatialJoin", json!({"layer": "countries here", "join_layer": "cities here", "predicate": "intersects", "summary": "count", "name": "here"}))
        .expect("the join runs in memory");
    let read = |session: &mut Session, layer: &str| {
        run(
            session,
            "table.read",
            json!({"layer": layer, "fields": ["name", "join_count"], "order_by": "name", "limit": 1000}),
        )
        .expect("read")["rows"]
            .clone()
    };
    let (in_db, here) = (read(&mut session, "in db"), read(&mut session, "here"));
    assert_eq!(in_db, here);
    let many = many_cities();
    assert!(in_db.as_array().expect("rows").iter().any(|r| r["join_count"].as_i64().unwrap_or(0) > many), "{in_db}");
}

/// Buffers `layer` by 10 km into `name`, checking that PostGIS ran it.
fn buffer_in_the_database(session: &mut Session, layer: &str, name: &str) {
    let params = json!({"layer": layer, "distance": 10, "unit": "km", "name": name});
    let out = session.execute(&Caller::user(), "vector.buffer", params).expect("the buffer runs");
    assert!(out.notices.iter().any(|n| n.contains("ran in PostGIS")), "{:?}", out.notices);
}

#[test]
fn a_buffer_of_a_postgis_layer_runs_in_the_database_on_the_geography() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    buffer_in_the_database(&mut session, "pg countries", "buffered");
    // Germany is in one piece: PostGIS buffers a geography in a planar projection it picks per
    // geometry, Mercator for one spanning continents (France with French Guiana), where its ring
    // comes out a quarter short; RustGIS's own buffer is geodesic everywhere.
    let area = |session: &mut Session, layer: &str| {
        let read = run(session, "table.read", json!({"layer": layer, "where": "name = 'Germany'"})).expect("read");
        let id = read["rows"][0]["fid"].as_u64().expect("Germany");
        let expr = json!({"layer": layer, "name": "area_km2", "type": "float", "expression": "$area / 1e6"});
        run(session, "field.add", expr).expect("areas");
        let read =
            run(session, "table.read", json!({"layer": layer, "where": format!("$id = {id}"), "fields": ["area_km2"]}))
                .expect("read");
        read["rows"][0]["area_km2"].as_f64().expect("an area")
    };
    into_memory(&mut session, "pg countries", "countries here");
    run(
        &mut session,
        "vector.buffer",
        json!({"layer": "countries here", "distance": 10, "unit": "km", "name": "buffered here"}),
    )
    .expect("buffers here");
    let (in_db, here) = (area(&mut session, "buffered"), area(&mut session, "buffered here"));
    assert!((in_db - here).abs() / here < 0.01, "PostGIS gives {in_db} km², RustGIS {here} km²");
}

#[test]
fn layer_info_counts_and_measures_a_postgis_layer_in_the_database() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let info = run(&mut session, "layer.info", json!({"layer": "pg countries"})).expect("layer.info runs");
    assert_eq!(info["features"], 177);
    assert_eq!(info["crs"], "EPSG:4326");
    assert_eq!(info["geometry"], "Polygon");
    assert_eq!(info["source"]["kind"], "postgis");
    let extent: Vec<f64> = serde_json::from_value(info["extent"].clone()).expect("an extent");
    assert!(extent[0] < -179.0 && extent[2] > 179.0, "{extent:?}");
}

#[test]
fn a_command_that_needs_features_in_memory_refuses_a_postgis_layer_and_says_how() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let error =
        run(&mut session, "vector.centroids", json!({"layer": "pg countries"})).expect_err("refused").to_string();
    assert!(error.contains("lives in PostGIS") && error.contains("vector.filter"), "{error}");
}

#[test]
fn layer_export_to_postgis_writes_a_table_that_reads_back() {
    let Some(dsn) = database() else { return };
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_vector_provider(Arc::new(PostgisProvider));
    let table = "public.\"odd \"\"name\"\"; DROP TABLE cities; --\"";
    let out =
        run(&mut session, "layer.export", json!({"layer": "countries", "dsn": dsn, "table": table, "overwrite": true}))
            .expect("the export runs");
    assert_eq!(out["features"], 177);
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": table, "name": "back"}))
        .expect("the table reads back");
    let back = run(
        &mut session,
        "table.read",
        json!({"layer": "back", "where": "name = 'France'", "fields": ["name", "pop_est"]}),
    )
    .expect("table.read runs");
    let here = run(
        &mut session,
        "table.read",
        json!({"layer": "countries", "where": "name = 'France'", "fields": ["name", "pop_est"]}),
    )
    .expect("table.read runs");
    assert_eq!(back["rows"], here["rows"]);
    // The hostile name was one name: the cities table is still there.
    assert_eq!(sql_rows(dsn, "SELECT count(*)::int8 > 0 FROM cities")[0][0], SqlCell::Value(Value::Bool(true)));
}

#[test]
fn a_failed_export_leaves_no_table_behind() {
    let Some(dsn) = database() else { return };
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_vector_provider(Arc::new(PostgisProvider));
    let error = run(&mut session, "layer.export", json!({"layer": "countries", "dsn": dsn, "table": "cities"}))
        .expect_err("the table exists and overwrite is not given");
    assert!(error.to_string().contains("already exists"), "{error}");
    let kept = sql_rows(dsn, "SELECT count(*)::int8 FROM cities WHERE ST_GeometryType(geom) = 'ST_Point'");
    assert_ne!(kept[0][0], SqlCell::Value(Value::Int(0)));
}

#[test]
fn the_project_file_keeps_the_connection_without_a_password_and_reopens_the_live_layer() {
    let Some(dsn) = database() else { return };
    let (_session, _folder, path) = saved_live_project(dsn);
    let text = std::fs::read_to_string(&path).expect("the project file");
    assert!(text.contains("\"postgis\"") && text.contains(dsn) && !text.contains("password"), "{text}");
    let mut reopened = Session::new();
    reopened.set_vector_provider(Arc::new(PostgisProvider));
    run(&mut reopened, "project.open", json!({"path": path})).expect("the project opens");
    let read =
        run(&mut reopened, "table.read", json!({"layer": "pg countries", "where": "name = 'Peru'"})).expect("reads");
    assert_eq!(read["total"], 1);
}

/// rustgis-relay's access, counting the queries it streams.
#[derive(Default)]
struct Counting(std::sync::atomic::AtomicUsize);

impl rustgis_core::postgis::VectorProvider for Counting {
    fn columns(
        &self,
        connection: &str,
        query: &SqlQuery,
    ) -> rustgis_core::Result<Vec<rustgis_core::postgis::SqlColumn>> {
        PostgisProvider.columns(connection, query)
    }

    fn rows(&self, connection: &str, query: &SqlQuery) -> rustgis_core::Result<rustgis_core::postgis::SqlRows> {
        self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        PostgisProvider.rows(connection, query)
    }

    fn load(&self, connection: &str, load: rustgis_core::postgis::TableLoad) -> rustgis_core::Result<u64> {
        PostgisProvider.load(connection, load)
    }
}

#[test]
fn each_session_reads_its_postgis_layers_through_its_own_database_access() {
    let Some(dsn) = database() else { return };
    let (mut plain, _folder, path) = saved_live_project(dsn);

    let counting = Arc::new(Counting::default());
    let mut counted = Session::new();
    counted.set_vector_provider(counting.clone());
    run(&mut counted, "project.open", json!({"path": path})).expect("the project opens");
    let before = counting.0.load(std::sync::atomic::Ordering::SeqCst);
    run(&mut counted, "table.read", json!({"layer": "pg countries", "limit": 2})).expect("reads");
    assert!(
        counting.0.load(std::sync::atomic::Ordering::SeqCst) > before,
        "the opened layer reads through its session's access"
    );

    let before = counting.0.load(std::sync::atomic::Ordering::SeqCst);
    run(&mut plain, "table.read", json!({"layer": "pg countries", "limit": 2})).expect("reads");
    assert_eq!(counting.0.load(std::sync::atomic::Ordering::SeqCst), before, "the other session keeps its own");

    let mut without = Session::new();
    run(&mut without, "project.open", json!({"path": path})).expect("the project opens without reading");
    let error = run(&mut without, "table.read", json!({"layer": "pg countries", "limit": 2})).expect_err("no access");
    assert!(error.to_string().contains("reads no databases"), "{error}");
    without.set_vector_provider(counting.clone());
    let before = counting.0.load(std::sync::atomic::Ordering::SeqCst);
    run(&mut without, "table.read", json!({"layer": "pg countries", "limit": 2})).expect("reads once installed");
    assert!(counting.0.load(std::sync::atomic::Ordering::SeqCst) > before, "installing it reaches the open layers");
}

/// Runs DDL as the test cluster's superuser (the layers' own queries are read-only).
fn execute_ddl(dsn: &str, sql: &str) {
    let mut client = postgres::Client::connect(dsn, postgres::NoTls).expect("the test cluster takes a connection");
    client.batch_execute(sql).expect("the DDL runs");
}

/// The schema `cat.alogue` (a dot in its name) with `Places` (a geography column) and the view
/// `near`, made once for the tests that list them.
fn catalogue_schema(dsn: &str) {
    static MADE: OnceLock<()> = OnceLock::new();
    MADE.get_or_init(|| {
        execute_ddl(
            dsn,
            "DROP SCHEMA IF EXISTS \"cat.alogue\" CASCADE; CREATE SCHEMA \"cat.alogue\"; \
             CREATE TABLE \"cat.alogue\".\"Places\" (gid serial PRIMARY KEY, name text, g geography(Point, 4326)); \
             INSERT INTO \"cat.alogue\".\"Places\" (name, g) VALUES \
               ('Paris', 'SRID=4326;POINT(2.35 48.86)'), ('Lyon', 'SRID=4326;POINT(4.83 45.76)'); \
             CREATE VIEW \"cat.alogue\".near AS SELECT gid, name, g::geometry(Point, 4326) AS geom \
               FROM \"cat.alogue\".\"Places\"; \
             ANALYZE \"cat.alogue\".\"Places\"",
        );
    });
}

fn live_session() -> Session {
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    session
}

#[test]
fn postgis_tables_lists_each_spatial_table_with_its_column_type_srid_kind_and_row_estimate() {
    let Some(dsn) = database() else { return };
    let mut session = live_session();
    let listed = run(&mut session, "postgis.tables", json!({"dsn": dsn, "schema": "public"})).expect("lists");
    let tables = listed["tables"].as_array().expect("tables");
    let countries = tables.iter().find(|t| t["table"] == "public.countries").expect("countries is listed");
    assert_eq!(countries["geometry_column"], "geom", "{countries}");
    assert_eq!(countries["column_type"], "geometry");
    assert_eq!(countries["srid"], 4326);
    assert_eq!(countries["kind"], "table");
    assert_eq!(countries["rows_estimate"], 177);
    assert!(tables.iter().any(|t| t["table"] == "public.cities"), "{listed}");
    assert!(tables.iter().all(|t| t["table"].as_str().is_some_and(|n| n.starts_with("public."))), "{listed}");
    assert_eq!(listed["truncated"], false);
}

/// Checks `result` against the result schema `command` declares.
fn check_result_schema(command: &str, result: &Json) {
    let def = rustgis_core::Registry::global().get(command).expect("the command exists");
    let schema = def.result_schema().unwrap_or_else(|| panic!("{command} declares its result"));
    let validator = jsonschema::validator_for(schema).expect("a result schema is a schema");
    let errors: Vec<String> = validator.iter_errors(result).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{command}: {errors:?}\n{result}");
}

#[test]
fn postgis_tables_and_layer_add_postgis_results_fit_their_declared_schemas() {
    let Some(dsn) = database() else { return };
    catalogue_schema(dsn);
    let mut session = live_session();
    let listed =
        run(&mut session, "postgis.tables", json!({"dsn": dsn, "schema": "cat.alogue", "limit": 1})).expect("lists");
    assert_eq!(listed["truncated"], true, "{listed}");
    check_result_schema("postgis.tables", &listed);
    let listed = run(&mut session, "postgis.tables", json!({"dsn": dsn, "schema": "cat.alogue"})).expect("lists");
    check_result_schema("postgis.tables", &listed);
    for (i, table) in listed["tables"].as_array().expect("tables").iter().enumerate() {
        let mut add = table["add"].clone();
        add["name"] = json!(format!("listed {i}"));
        let added = run(&mut session, "layer.addPostgis", add).expect("adds");
        check_result_schema("layer.addPostgis", &added);
    }
    let sql = json!({"dsn": dsn, "sql": "SELECT gid, name, geom FROM \"cat.alogue\".near", "name": "three"});
    let added = run(&mut session, "layer.addPostgis", sql).expect("adds a query");
    assert!(added["source"]["sql"].is_string(), "{added}");
    check_result_schema("layer.addPostgis", &added);
}

#[test]
fn each_table_postgis_tables_lists_adds_as_a_layer_with_the_parameters_it_gives() {
    let Some(dsn) = database() else { return };
    catalogue_schema(dsn);
    let mut session = live_session();
    let listed = run(&mut session, "postgis.tables", json!({"dsn": dsn, "schema": "cat.alogue"})).expect("lists");
    let tables = listed["tables"].as_array().expect("tables");
    let kinds: Vec<(&str, &str, &str)> = tables
        .iter()
        .map(|t| {
            (
                t["table"].as_str().unwrap_or(""),
                t["column_type"].as_str().unwrap_or(""),
                t["kind"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [("\"cat.alogue\".Places", "geography", "table"), ("\"cat.alogue\".near", "geometry", "view")],
        "{listed}"
    );
    assert_eq!(tables[1]["rows_estimate"], Json::Null, "a view has no estimate");
    assert_eq!(tables[0]["geometry_type"], "POINT", "upper case for geography too: {listed}");
    for (i, table) in tables.iter().enumerate() {
        let mut add = table["add"].clone();
        add["name"] = json!(format!("listed {i}"));
        run(&mut session, "layer.addPostgis", add).unwrap_or_else(|e| panic!("{table} adds: {e}"));
        let read = run(&mut session, "table.read", json!({"layer": format!("listed {i}"), "order_by": "name"}))
            .expect("reads");
        let names: Vec<&str> =
            read["rows"].as_array().expect("rows").iter().filter_map(|r| r["name"].as_str()).collect();
        assert_eq!(names, ["Lyon", "Paris"], "{read}");
    }
}

#[test]
fn a_geography_column_is_a_layer_read_as_geometry_with_its_bbox_and_buffer_in_the_database() {
    let Some(dsn) = database() else { return };
    catalogue_schema(dsn);
    let mut session = live_session();
    let added = run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": "\"cat.alogue\".Places"}))
        .expect("a geography table adds");
    assert_eq!(added["source"]["geography"], true, "{added}");
    assert_eq!(added["crs"], "EPSG:4326");
    assert_eq!(added["geometry"], "Point");
    let fields: Vec<&str> =
        added["fields"].as_array().expect("fields").iter().filter_map(|f| f["name"].as_str()).collect();
    assert_eq!(fields, ["gid", "name"], "the geography column is the geometry, not a field");
    // Only Paris is in a box around it.
    let read =
        run(&mut session, "table.read", json!({"layer": "Places", "bbox": [2.0, 48.5, 3.0, 49.0]})).expect("reads");
    assert_eq!(read["pushdown"], "pushed down");
    assert_eq!(read["rows"].as_array().map(Vec::len), Some(1), "{read}");
    assert_eq!(read["rows"][0]["name"], "Paris");
    buffer_in_the_database(&mut session, "Places", "rings");
    let info = run(&mut session, "layer.info", json!({"layer": "rings"})).expect("info");
    assert_eq!(info["features"], 2, "{info}");
    let named = run(
        &mut session,
        "layer.addPostgis",
        json!({"dsn": dsn, "table": "\"cat.alogue\".Places", "geometry_column": "name", "name": "x"}),
    )
    .expect_err("a text column is no geometry")
    .to_string();
    assert!(named.contains("'name' is of type text, not geometry or geography"), "{named}");
}

#[test]
fn postgis_tables_with_a_limit_lists_that_many_and_says_there_are_more() {
    let Some(dsn) = database() else { return };
    let mut session = live_session();
    let listed =
        run(&mut session, "postgis.tables", json!({"dsn": dsn, "schema": "public", "limit": 1})).expect("lists");
    assert_eq!(listed["count"], 1);
    assert_eq!(listed["truncated"], true);
    assert!(listed["note"].as_str().is_some_and(|n| n.contains("give schema")), "{listed}");
    let error = run(&mut session, "postgis.tables", json!({"dsn": dsn, "limit": 0})).expect_err("refused").to_string();
    assert!(error.contains("give 1 to 5000"), "{error}");
}

#[test]
fn postgis_tables_on_a_database_without_postgis_says_how_to_add_it() {
    let Some(dsn) = database() else { return };
    let mut session = live_session();
    let other = dsn.replace("dbname=rustgis", "dbname=postgres");
    assert_ne!(other, dsn, "the test cluster's connection names its database");
    let error = run(&mut session, "postgis.tables", json!({"dsn": other})).expect_err("refused").to_string();
    assert!(error.contains("has no PostGIS") && error.contains("CREATE EXTENSION postgis"), "{error}");
}

#[test]
fn adding_a_table_that_does_not_exist_names_it_and_points_to_postgis_tables() {
    let Some(dsn) = database() else { return };
    let mut session = live_session();
    let error = run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": "public.no_such_table"}))
        .expect_err("refused")
        .to_string();
    assert!(error.contains("no_such_table") && error.contains("postgis.tables"), "{error}");
}

/// The server process that answers a query on `dsn`.
fn backend_of(dsn: &str) -> SqlCell {
    sql_rows(dsn, "SELECT pg_backend_pid()::int8").remove(0).remove(0)
}

#[test]
fn queries_on_one_connection_text_reuse_one_open_connection() {
    let Some(dsn) = database() else { return };
    // A text of this test's own: the tests running at once take kept connections of theirs.
    let dsn = format!("{dsn} application_name=reuse_test");
    let first = backend_of(&dsn);
    for _ in 0..3 {
        assert_eq!(backend_of(&dsn), first, "the same server process answers");
    }
}

#[test]
fn a_kept_connection_the_server_ended_is_replaced_and_the_query_runs() {
    let Some(dsn) = database() else { return };
    let kept = format!("{dsn} application_name=ended_test");
    let first = backend_of(&kept);
    let SqlCell::Value(Value::Int(pid)) = first else { panic!("a pid: {first:?}") };
    // The server ends that process (waiting up to 5 s until it has).
    let ended = sql_rows(dsn, &format!("SELECT pg_terminate_backend({pid}, 5000)"));
    assert_eq!(ended[0][0], SqlCell::Value(Value::Bool(true)));
    let second = backend_of(&kept);
    assert_ne!(second, first, "a new connection answers");
}

#[test]
fn a_connection_with_a_password_is_refused_before_anything_is_sent() {
    let Some(dsn) = database() else { return };
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    let error =
        run(&mut session, "layer.addPostgis", json!({"dsn": format!("{dsn} password=hunter2"), "table": "cities"}))
            .expect_err("refused")
            .to_string();
    assert!(error.contains("~/.pgpass") && !error.contains("hunter2"), "{error}");
}

#[test]
fn a_layer_query_runs_in_a_read_only_transaction_that_is_never_committed() {
    let Some(dsn) = database() else { return };
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    // lo_create writes a large object; the read's transaction is read-only and rolled back.
    let sql = "SELECT c.*, current_setting('transaction_read_only') AS read_only, lo_create(0) AS written FROM countries AS c";
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "sql": sql, "name": "writer"})).expect("added");
    let read =
        run(&mut session, "table.read", json!({"layer": "writer", "fields": ["read_only", "written"], "limit": 3}))
            .expect("read");
    assert_eq!(read["rows"][0]["read_only"], "on", "{read}");
    assert_eq!(
        sql_rows(dsn, "SELECT count(*)::int8 FROM pg_largeobject_metadata")[0][0],
        SqlCell::Value(Value::Int(0))
    );
}

#[test]
fn the_password_file_is_read_as_libpq_reads_it() {
    let folder = tempfile::tempdir().expect("a folder");
    let file = folder.path().join("pgpass");
    #[allow(clippy::disallowed_methods, reason = "a test fixture")]
    std::fs::write(&file, "# comment\nother:5432:*:me:wrong\ndb\\:1:*:gis:me:pa\\:ss\n*:*:*:*:fallback\n")
        .expect("written");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    }
    assert_eq!(rustgis_relay::pgpass_password(&file, "db:1", 6543, "gis", "me").as_deref(), Some("pa:ss"));
    assert_eq!(rustgis_relay::pgpass_password(&file, "elsewhere", 5432, "x", "y").as_deref(), Some("fallback"));
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).expect("chmod");
        assert_eq!(
            rustgis_relay::pgpass_password(&file, "db:1", 6543, "gis", "me"),
            None,
            "a file others read is ignored"
        );
    }
}

/// The test cluster's connection and its TLS folder (`root.crt`, the CA that signed the server's
/// certificate for localhost and 127.0.0.1; `other-root.crt`, a CA that did not), or `None` (the
/// test is skipped, said on standard error) when the cluster runs without TLS.
fn tls_cluster() -> Option<(String, std::path::PathBuf)> {
    let (Ok(dsn), Ok(folder)) = (std::env::var("RUSTGIS_TEST_PG"), std::env::var("RUSTGIS_TEST_PG_TLS")) else {
        assert!(
            std::env::var("RUSTGIS_REQUIRE_FIXTURES").as_deref() != Ok("1"),
            "RUSTGIS_TEST_PG_TLS is not set: scripts/postgis_cluster.sh turns TLS on when openssl is installed"
        );
        eprintln!("skipping: RUSTGIS_TEST_PG_TLS is not set (scripts/postgis_cluster.sh sets it, with openssl)");
        return None;
    };
    Some((dsn, std::path::PathBuf::from(folder)))
}

/// Whether the connection `dsn` is encrypted, as the server sees it, or why it could not connect.
fn check_ssl(dsn: &str) -> rustgis_core::Result<bool> {
    let rows = PostgisProvider
        .rows(
            dsn,
            &SqlQuery {
                sql: "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()".to_owned(),
                params: Vec::new(),
            },
        )?
        .collect::<rustgis_core::Result<Vec<_>>>()?;
    match rows.first().and_then(|row| row.first()) {
        Some(SqlCell::Value(Value::Bool(ssl))) => Ok(*ssl),
        other => panic!("pg_stat_ssl gave {other:?}"),
    }
}

/// The test connection, but by the host name `host` at the cluster's address.
fn by_name(dsn: &str, host: &str) -> String {
    dsn.replace("host=127.0.0.1", &format!("host={host} hostaddr=127.0.0.1"))
}

#[test]
fn sslmode_require_connects_encrypted() {
    let Some((dsn, _)) = tls_cluster() else { return };
    assert!(check_ssl(&format!("{dsn} sslmode=require")).expect("connects"));
}

#[test]
fn sslmode_disable_connects_in_the_clear() {
    let Some((dsn, _)) = tls_cluster() else { return };
    assert!(!check_ssl(&format!("{dsn} sslmode=disable")).expect("connects"));
}

#[test]
fn without_an_sslmode_a_connection_prefers_tls_as_libpq_does() {
    let Some((dsn, _)) = tls_cluster() else { return };
    assert!(check_ssl(&dsn).expect("connects"));
}

#[test]
fn verify_full_with_the_servers_root_certificate_connects_encrypted() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let root = folder.join("root.crt");
    for dsn in [dsn.clone(), by_name(&dsn, "localhost")] {
        let verified = format!("{dsn} sslmode=verify-full sslrootcert='{}'", root.display());
        assert!(check_ssl(&verified).expect("connects"), "{verified}");
    }
}

#[test]
fn verify_full_in_a_uri_takes_the_root_certificate_from_its_query() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let port = dsn.split("port=").nth(1).and_then(|p| p.split(' ').next()).expect("a port");
    let uri = format!(
        "postgresql://rustgis@localhost:{port}/rustgis?sslmode=verify-full&sslrootcert={}",
        folder.join("root.crt").display()
    );
    assert!(check_ssl(&uri).expect("connects"));
}

#[test]
fn verify_full_refuses_a_host_name_the_certificate_does_not_hold_and_says_so() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let wrong = format!(
        "{} sslmode=verify-full sslrootcert='{}'",
        by_name(&dsn, "db.invalid"),
        folder.join("root.crt").display()
    );
    let error = check_ssl(&wrong).expect_err("refused").to_string();
    assert!(error.contains("does not name the host 'db.invalid'") && error.contains("sslmode=verify-ca"), "{error}");
}

#[test]
fn verify_ca_accepts_the_servers_ca_whatever_the_host_name() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let other_name = format!(
        "{} sslmode=verify-ca sslrootcert='{}'",
        by_name(&dsn, "db.invalid"),
        folder.join("root.crt").display()
    );
    assert!(check_ssl(&other_name).expect("connects"));
}

#[test]
fn verify_full_refuses_a_server_signed_by_an_unknown_ca_and_names_the_root_file() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let other = folder.join("other-root.crt");
    let error = check_ssl(&format!("{dsn} sslmode=verify-full sslrootcert='{}'", other.display()))
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains("not signed by a CA in sslrootcert") && error.contains(&other.display().to_string()),
        "{error}"
    );
}

#[test]
fn sslmode_require_with_a_root_certificate_checks_the_ca_as_libpq_does() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let other = folder.join("other-root.crt");
    let error = check_ssl(&format!("{dsn} sslmode=require sslrootcert='{}'", other.display()))
        .expect_err("refused")
        .to_string();
    assert!(error.contains("not signed by a CA"), "{error}");
}

#[test]
fn verify_full_without_the_root_certificate_file_says_where_it_looked_and_what_else_works() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let missing = folder.join("absent.crt");
    let error = check_ssl(&format!("{dsn} sslmode=verify-full sslrootcert='{}'", missing.display()))
        .expect_err("refused")
        .to_string();
    assert!(
        error.contains(&missing.display().to_string())
            && error.contains("sslrootcert=system")
            && error.contains("sslmode=require"),
        "{error}"
    );
}

/// The test connection as the role that may sign in only with the test CA's client certificate.
fn as_certificate_role(dsn: &str) -> String {
    dsn.replace("user=rustgis ", "user=rustgis_cert ")
}

#[test]
fn a_client_certificate_signs_in_a_role_that_only_certificates_may_use() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let signed = format!(
        "{} sslmode=verify-full sslrootcert='{}' sslcert='{}' sslkey='{}'",
        as_certificate_role(&dsn),
        folder.join("root.crt").display(),
        folder.join("client.crt").display(),
        folder.join("client.key").display()
    );
    assert!(check_ssl(&signed).expect("signs in with the certificate"));
}

#[test]
fn a_certificate_only_role_without_its_certificate_is_refused_and_told_to_give_sslcert() {
    let Some((dsn, _)) = tls_cluster() else { return };
    let error = check_ssl(&format!("{} sslmode=require", as_certificate_role(&dsn))).expect_err("refused").to_string();
    assert!(error.contains("certificate") && error.contains("sslcert=<file.crt>"), "{error}");
}

#[test]
fn a_client_key_others_can_read_is_refused_before_connecting() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let key = scratch.path().join("client.key");
    std::fs::copy(folder.join("client.key"), &key).expect("copies the key");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o644)).expect("opens the key to others");
    }
    let exposed = format!(
        "{} sslmode=require sslcert='{}' sslkey='{}'",
        as_certificate_role(&dsn),
        folder.join("client.crt").display(),
        key.display()
    );
    let error = check_ssl(&exposed).expect_err("refused").to_string();
    assert!(error.contains("can be read by others") && error.contains("chmod 600"), "{error}");
}

#[test]
fn a_client_certificate_file_that_does_not_exist_is_refused_naming_it() {
    let error =
        check_ssl("host=127.0.0.1 sslmode=require sslcert=/nonexistent/rustgis.crt").expect_err("refused").to_string();
    assert!(error.contains("/nonexistent/rustgis.crt") && error.contains("does not exist"), "{error}");
}

#[test]
fn a_client_certificate_without_its_key_is_refused_naming_sslkey() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let error = check_ssl(&format!(
        "{dsn} sslmode=require sslcert='{}' sslkey='{}'",
        folder.join("client.crt").display(),
        folder.join("absent.key").display()
    ))
    .expect_err("refused")
    .to_string();
    assert!(error.contains("needs its private key") && error.contains("sslkey="), "{error}");
}

/// A client certificate and its key (`client.crt`, `client.key` in `scratch`) signed by the
/// other CA, which the server does not trust: it refuses the certificate during the TLS
/// handshake, whoever signs in.
fn certificate_of_the_other_ca(folder: &Path, scratch: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let file = |name: &str| scratch.join(name).to_str().expect("a UTF-8 temporary path").to_owned();
    let (key, csr, cert, ext) = (file("client.key"), file("client.csr"), file("client.crt"), file("client.ext"));
    let other_ca = |name: &str| folder.join(name).to_str().expect("a UTF-8 TLS folder").to_owned();
    // rustls takes only version 3 certificates: those with extensions.
    #[allow(clippy::disallowed_methods, reason = "a test fixture")]
    std::fs::write(&ext, "basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n").expect("written");
    let openssl = |args: &[&str]| {
        let out = std::process::Command::new("openssl").args(args).output().expect("openssl runs");
        assert!(out.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    let new_key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    openssl(&[&["req"], &new_key[..], &["-subj", "/CN=rustgis", "-keyout", &key, "-out", &csr]].concat());
    let (ca, ca_key) = (other_ca("other-root.crt"), other_ca("other-root.key"));
    openssl(&[
        "x509",
        "-req",
        "-in",
        &csr,
        "-CA",
        &ca,
        "-CAkey",
        &ca_key,
        "-set_serial",
        "1",
        "-days",
        "1",
        "-extfile",
        &ext,
        "-out",
        &cert,
    ]);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o600)).expect("the key is private");
    }
    (cert.into(), key.into())
}

#[test]
fn sslmode_prefer_connects_without_tls_when_the_server_refuses_the_client_certificate() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let (cert, key) = certificate_of_the_other_ca(&folder, scratch.path());
    let refused = format!("{dsn} sslmode=prefer sslcert='{}' sslkey='{}'", cert.display(), key.display());
    assert!(!check_ssl(&refused).expect("connects without TLS"), "{refused}");
}

#[test]
fn sslmode_require_with_a_client_certificate_the_server_refuses_fails_and_says_which() {
    let Some((dsn, folder)) = tls_cluster() else { return };
    let scratch = tempfile::tempdir().expect("a temporary folder");
    let (cert, key) = certificate_of_the_other_ca(&folder, scratch.path());
    let refused = format!("{dsn} sslmode=require sslcert='{}' sslkey='{}'", cert.display(), key.display());
    let error = check_ssl(&refused).expect_err("refused").to_string();
    assert!(
        error.contains(&format!("the server refused the client certificate {}", cert.display()))
            && error.contains("ssl_ca_file")
            && !error.contains("without TLS"),
        "{error}"
    );
}

#[test]
fn sslmode_prefer_does_not_retry_without_tls_when_the_server_refuses_the_sign_in_itself() {
    let Some((dsn, _)) = tls_cluster() else { return };
    // The TLS handshake succeeds; the role may sign in only with a certificate, and has none.
    let error = check_ssl(&format!("{} sslmode=prefer", as_certificate_role(&dsn))).expect_err("refused").to_string();
    assert!(error.contains("sslcert=<file.crt>") && !error.contains("without TLS"), "{error}");
}

#[test]
fn an_unknown_sslmode_is_refused_with_libpqs_values() {
    let error = check_ssl("host=127.0.0.1 sslmode=always").expect_err("refused").to_string();
    assert!(error.contains("'always'") && error.contains("verify-full"), "{error}");
}

#[test]
fn a_tile_of_a_project_with_a_postgis_layer_draws_as_the_same_features_in_memory_draw() {
    let Some(dsn) = database() else { return };
    // It reads the cities too: the tests that count statements must not see its queries.
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    // Zoom 7 tiles around Paris and the Low Countries: many cities each, none of the world's.
    let tiles = [(7, 64, 43), (7, 65, 43), (7, 64, 44), (7, 66, 42)];
    let mut drawn = Vec::new();
    for in_memory in [false, true] {
        let (session, _layer) = cities_to_draw(dsn, in_memory, 5);
        let renderer = rustgis_render::TileRenderer::new(session.project()).expect("prepared");
        drawn.push(
            tiles.iter().map(|&(z, x, y)| renderer.render(z, x, y, 256).expect("a tile").png).collect::<Vec<_>>(),
        );
    }
    assert!(drawn[0].iter().all(|png| png.len() > 1000), "the live tiles hold cities");
    assert!(drawn[0] == drawn[1], "the live layer's tiles differ from the same features' in memory");
}

#[test]
fn a_tile_draws_layers_in_memory_above_and_below_a_postgis_layer_as_all_in_memory_would() {
    let Some(dsn) = database() else { return };
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let tiles = [(7, 64, 43), (7, 65, 43), (6, 32, 21)];
    let mut drawn = Vec::new();
    for in_memory in [false, true] {
        let (mut session, _layer) = cities_to_draw(dsn, in_memory, 7);
        // Land below the cities (in memory either way), its outline above them.
        into_memory(&mut session, "pg countries", "land");
        into_memory(&mut session, "pg countries", "borders");
        run(&mut session, "layer.move", json!({"layer": "land", "position": "bottom"})).expect("moved");
        for (layer, style) in [
            ("land", json!({"fill": "wheat", "stroke": "none", "opacity": 1})),
            ("borders", json!({"fill": "none", "stroke": "black", "width": 2, "opacity": 1})),
        ] {
            let mut style = style;
            style["layer"] = json!(layer);
            run(&mut session, "style.single", style).expect("styled");
        }
        let renderer = rustgis_render::TileRenderer::new(session.project()).expect("prepared");
        drawn.push(
            tiles.iter().map(|&(z, x, y)| renderer.render(z, x, y, 256).expect("a tile").png).collect::<Vec<_>>(),
        );
    }
    assert!(drawn[0] == drawn[1], "a live layer between layers in memory draws as in memory");
}

#[test]
fn each_tile_of_a_postgis_layer_reads_only_its_own_box_from_the_database() {
    let Some(dsn) = database() else { return };
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut session = session_with(dsn);
    run(&mut session, "layer.setVisible", json!({"layer": "pg countries", "visible": false})).expect("hidden");
    let renderer = rustgis_render::TileRenderer::new(session.project()).expect("prepared");
    sql_rows(dsn, "SELECT pg_stat_statements_reset()::text");
    let tiles = [(7, 64, 43), (7, 65, 43), (7, 64, 44)];
    for (z, x, y) in tiles {
        renderer.render(z, x, y, 256).expect("a tile");
    }
    let seen = sql_rows(
        dsn,
        // The drawing query: the bbox alone (other tests running meanwhile describe the table or
        // add a filter to the bbox).
        "SELECT query, calls::int8, rows::int8 FROM pg_stat_statements WHERE query LIKE '%FROM \"public\".\"cities\" AS \
         s WHERE s.\"geom\" && ST_MakeEnvelope(%)'",
    );
    assert_eq!(seen.len(), 1, "one statement, with the tile's box as parameters: {seen:?}");
    let SqlCell::Value(Value::String(query)) = &seen[0][0] else { panic!("a query text: {seen:?}") };
    assert!(query.contains("&& ST_MakeEnvelope("), "{query}");
    assert_eq!(seen[0][1], SqlCell::Value(Value::Int(tiles.len() as i64)), "a query a tile: {seen:?}");
    let SqlCell::Value(Value::Int(read)) = seen[0][2] else { panic!("a row count: {seen:?}") };
    let all = sql_rows(dsn, "SELECT count(*)::int8 FROM cities");
    let SqlCell::Value(Value::Int(all)) = all[0][0] else { panic!("a count") };
    assert!(read > 0 && read * 20 < all, "the tiles read {read} of the {all} cities");
}

/// `vector.clip` of `layer` by `mask` in a session, then the clipped layer's total and first
/// 10,000 rows (`fields`, by fid), with the command's notices.
fn check_clip(session: &mut Session, layer: &str, mask: &str, fields: &[&str]) -> (Json, Vec<String>) {
    let name = format!("{layer} clipped by {mask}");
    let out = session
        .execute(&Caller::user(), "vector.clip", json!({"layer": layer, "mask": mask, "name": name}))
        .expect("the clip runs");
    let read = run(session, "table.read", json!({"layer": name, "fields": fields, "order_by": "$id", "limit": 10000}))
        .expect("read");
    (json!({"total": read["total"], "rows": read["rows"]}), out.notices)
}

#[test]
fn a_clip_of_two_postgis_layers_runs_in_the_database_and_keeps_the_features_the_clip_in_memory_keeps() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let europe = "SELECT * FROM countries WHERE continent = 'Europe'";
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "sql": europe, "name": "pg europe"})).expect("added");
    let (in_db, notices) = check_clip(&mut session, "pg cities", "pg europe", &["name", "population"]);
    assert!(notices.iter().any(|n| n.contains("ran in PostGIS")), "{notices:?}");
    // The same clip streamed: the layer's rows come into memory, and the mask's.
    into_memory(&mut session, "pg europe", "europe here");
    let (streamed, notices) = check_clip(&mut session, "pg cities", "europe here", &["name", "population"]);
    assert!(notices.iter().any(|n| n.contains("into memory")), "{notices:?}");
    let n_rows = in_db["rows"].as_array().expect("rows").len();
    assert!(n_rows as i64 > many_cities(), "{n_rows} European cities");
    assert_eq!(in_db, streamed);
}

#[test]
fn a_clip_of_postgis_polygons_in_the_database_cuts_them_as_the_clip_in_memory_does() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let window = "SELECT 1::int8 AS fid, ST_MakeEnvelope(0, 40, 20, 55, 4326) AS geom";
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "sql": window, "name": "pg window"})).expect("added");
    let (in_db, notices) = check_clip(&mut session, "pg countries", "pg window", &["name"]);
    assert!(notices.iter().any(|n| n.contains("ran in PostGIS")), "{notices:?}");
    into_memory(&mut session, "pg window", "window here");
    let (streamed, _) = check_clip(&mut session, "pg countries", "window here", &["name"]);
    assert_eq!(in_db, streamed, "the same countries, with their ids and names");
    // The pieces agree in area (planar square degrees of the lon/lat geometries).
    let area = |session: &mut Session, layer: &str| {
        run(
            session,
            "field.add",
            json!({"layer": layer, "name": "a", "type": "float", "expression": "area($geometry)"}),
        )
        .expect("areas");
        let rows =
            run(session, "table.read", json!({"layer": layer, "fields": ["a"], "order_by": "$id", "limit": 1000}))
                .expect("read")["rows"]
                .clone();
        rows.as_array().expect("rows").iter().map(|r| r["a"].as_f64().expect("an area")).collect::<Vec<_>>()
    };
    let in_db = area(&mut session, "pg countries clipped by pg window");
    let streamed = area(&mut session, "pg countries clipped by window here");
    for (a, b) in in_db.iter().zip(&streamed) {
        assert!((a - b).abs() <= 1e-6 * b.max(1.0), "PostGIS {a}, RustGIS {b}");
    }
}

#[test]
fn an_intersection_of_a_postgis_layer_streams_it_and_cuts_as_the_same_layer_in_memory_does() {
    let Some(dsn) = database() else { return };
    let mut session = session_with(dsn);
    let window = "SELECT 1::int8 AS fid, 'west'::text AS zone, ST_MakeEnvelope(0, 40, 20, 55, 4326) AS geom";
    // Another connection text (to the same database): two layers on one connection would
    // intersect in the database.
    let elsewhere = format!("{dsn} application_name=elsewhere");
    run(&mut session, "layer.addPostgis", json!({"dsn": elsewhere, "sql": window, "name": "pg window"}))
        .expect("added");
    into_memory(&mut session, "pg countries", "countries here");
    let streamed = session
        .execute(
            &Caller::user(),
            "vector.intersection",
            json!({"layer": "pg countries", "overlay": "pg window", "name": "streamed"}),
        )
        .expect("an intersection of a PostGIS layer runs");
    assert!(streamed.notices.iter().any(|n| n.contains("'pg countries' into memory")), "{:?}", streamed.notices);
    run(
        &mut session,
        "vector.intersection",
        json!({"layer": "countries here", "overlay": "pg window", "name": "here"}),
    )
    .expect("the same intersection in memory runs");
    let read = |session: &mut Session, layer: &str| {
        run(
            session,
            "table.read",
            json!({"layer": layer, "fields": ["name", "zone"], "order_by": "$id", "limit": 1000}),
        )
        .expect("read")
    };
    let (streamed, here) = (read(&mut session, "streamed"), read(&mut session, "here"));
    assert!(streamed["total"].as_u64().is_some_and(|n| n >= 5), "the window meets several countries: {streamed}");
    assert_eq!(streamed["rows"], here["rows"], "the same pieces, with the fields of both layers");
}

/// Three rectangles to overlay the countries with, the first two overlapping; they have a `name`
/// (which the countries have too: it comes back as `name_2`) and a `weight`. The corners are
/// off whole degrees, where some borders run.
const ZONES: &str = "SELECT 1::int8 AS fid, 'west'::text AS name, 1.5::float8 AS weight, \
                     ST_MakeEnvelope(0.3, 40.2, 20.7, 55.1, 4326) AS geom UNION ALL SELECT 2, 'east', 2.5, \
                     ST_MakeEnvelope(15.4, 45.3, 40.6, 60.9, 4326) UNION ALL SELECT 3, 'south', NULL, \
                     ST_MakeEnvelope(-20.2, -40.1, 30.3, 10.4, 4326)";

/// An overlay's result layer: the command's notices, its geometry kind and fields, its rows
/// (every field, by id) and each feature's planar area.
#[derive(Debug)]
struct Overlaid {
    notices: Vec<String>,
    geometry: Json,
    fields: Json,
    rows: Json,
    areas: Vec<f64>,
}

/// `command` (`vector.clip`, `.intersection`, `.union` or `.difference`) of the PostGIS
/// countries by the PostGIS layer of `overlay_sql` on the same connection, then of the same two
/// layers brought into memory: the result in the database and the result in memory.
fn check_overlay(dsn: &str, command: &str, overlay_sql: &str) -> (Overlaid, Overlaid) {
    let mut session = session_with(dsn);
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "sql": overlay_sql, "name": "pg zones"})).expect("added");
    into_memory(&mut session, "pg countries", "countries here");
    into_memory(&mut session, "pg zones", "zones here");
    let overlay = if command == "vector.clip" { "mask" } else { "overlay" };
    let mut overlaid = |layer: &str, other: &str, name: &str| {
        let out = session
            .execute(&Caller::user(), command, json!({"layer": layer, overlay: other, "name": name}))
            .unwrap_or_else(|e| panic!("{command} of '{layer}' by '{other}' runs: {e}"));
        let read = run(&mut session, "table.read", json!({"layer": name, "order_by": "$id", "limit": 10000}))
            .expect("the result reads");
        // Planar areas (square degrees): geodesic ones change where an overlay drops a vertex
        // on a straight edge, since the edge then becomes one longer geodesic.
        let mut features = session.project().layer(name).expect("the result").features.as_ref().clone();
        features.sort_by_key(|f| f.id);
        let areas = features.iter().map(|f| f.geometry.as_ref().map_or(0.0, |g| g.unsigned_area())).collect();
        Overlaid {
            notices: out.notices,
            geometry: out.result["geometry"].clone(),
            fields: out.result["fields"].clone(),
            rows: read["rows"].clone(),
            areas,
        }
    };
    let in_db = overlaid("pg countries", "pg zones", "in db");
    let here = overlaid("countries here", "zones here", "here");
    (in_db, here)
}

/// Asserts that the overlay in the database ran there and made what the overlay in memory made:
/// the same geometry kind, fields, features and attributes, and areas within a millionth (of a
/// square degree for the smallest).
fn assert_same_overlay(in_db: &Overlaid, here: &Overlaid) {
    assert!(in_db.notices.iter().any(|n| n.contains("ran in PostGIS")), "{:?}", in_db.notices);
    assert_eq!(in_db.geometry, here.geometry);
    assert_eq!(in_db.fields, here.fields);
    assert_eq!(in_db.rows, here.rows, "the same features, ids and attributes");
    assert_eq!(in_db.areas.len(), here.areas.len());
    for (idx, (a, b)) in in_db.areas.iter().zip(&here.areas).enumerate() {
        assert!((a - b).abs() <= 1e-6 * b.max(1.0), "feature {idx}: PostGIS {a}, RustGIS {b}");
    }
}

#[test]
fn an_intersection_of_two_postgis_layers_runs_in_the_database_and_makes_the_pieces_memory_makes() {
    let Some(dsn) = database() else { return };
    let (in_db, here) = check_overlay(dsn, "vector.intersection", ZONES);
    assert_same_overlay(&in_db, &here);
    assert!(in_db.fields.as_array().expect("fields").contains(&json!("name_2")), "{}", in_db.fields);
    assert!(in_db.areas.len() > 20, "the zones meet many countries: {}", in_db.areas.len());
}

#[test]
fn a_difference_of_two_postgis_layers_runs_in_the_database_and_keeps_what_memory_keeps() {
    let Some(dsn) = database() else { return };
    let (in_db, here) = check_overlay(dsn, "vector.difference", ZONES);
    assert_same_overlay(&in_db, &here);
    // Countries the zones miss are kept whole; ones they cover (Belgium) are left out.
    let names: Vec<&str> = in_db.rows.as_array().expect("rows").iter().filter_map(|r| r["name"].as_str()).collect();
    assert!(names.contains(&"Peru") && !names.contains(&"Belgium"), "{names:?}");
}

#[test]
fn a_union_of_two_postgis_layers_runs_in_the_database_and_makes_the_pieces_memory_makes() {
    let Some(dsn) = database() else { return };
    let (in_db, here) = check_overlay(dsn, "vector.union", ZONES);
    assert_same_overlay(&in_db, &here);
    // Pieces of only one side have nulls for the other's fields: the zones' sea.
    let rows = in_db.rows.as_array().expect("rows");
    assert!(rows.iter().any(|r| r["name"].is_null() && r["name_2"] == "south"), "{rows:?}");
}

#[test]
fn a_clip_by_overlapping_postgis_polygons_runs_in_the_database_and_cuts_as_memory_does() {
    let Some(dsn) = database() else { return };
    let (in_db, here) = check_overlay(dsn, "vector.clip", ZONES);
    assert_same_overlay(&in_db, &here);
}

#[test]
fn an_overlay_in_another_srid_is_transformed_to_the_layers_in_the_database_as_in_memory() {
    let Some(dsn) = database() else { return };
    // The zones in Web Mercator: rectangles there are rectangles in longitude/latitude too.
    let mercator = format!("SELECT fid, name, weight, ST_Transform(geom, 3857) AS geom FROM ({ZONES}) AS z");
    let (in_db, here) = check_overlay(dsn, "vector.intersection", &mercator);
    assert_same_overlay(&in_db, &here);
}

#[test]
fn each_overlay_of_two_postgis_tables_runs_as_one_sql_statement() {
    let Some(dsn) = database() else { return };
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let mut session = session_with(dsn);
    // A table of its own, so the statements that name it are this test's.
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "sql": ZONES, "name": "zones query"})).expect("added");
    let export = json!({"layer": "zones query", "dsn": dsn, "table": "zones_once", "overwrite": true});
    run(&mut session, "layer.export", export).expect("the zones go into a table");
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": "zones_once", "name": "pg zones"}))
        .expect("added");
    for (command, overlay) in [
        ("vector.clip", "mask"),
        ("vector.intersection", "overlay"),
        ("vector.union", "overlay"),
        ("vector.difference", "overlay"),
    ] {
        sql_rows(dsn, "SELECT pg_stat_statements_reset()::text");
        run(&mut session, command, json!({"layer": "pg countries", overlay: "pg zones"}))
            .unwrap_or_else(|e| panic!("{command} runs: {e}"));
        let seen = sql_rows(
            dsn,
            "SELECT query, calls::int8 FROM pg_stat_statements WHERE query LIKE '%zones_once%' AND query NOT LIKE \
             '%pg_stat_statements%'",
        );
        // Streaming would read the zones alone, in a statement of their own.
        assert_eq!(seen.len(), 1, "{command}: {seen:?}");
        let SqlCell::Value(Value::String(query)) = &seen[0][0] else { panic!("a query text: {seen:?}") };
        assert!(
            query.contains("\"zones_once\"") && query.contains("\"countries\"") && query.contains("ST_Intersects"),
            "{command}: {query}"
        );
        assert_eq!(seen[0][1], SqlCell::Value(Value::Int(1)), "{command}: {seen:?}");
    }
}

/// A session that draws only the cities, as red dots of `size` pixels: the PostGIS layer, or (with
/// `in_memory`) the same cities brought into memory as "memory", the PostGIS one hidden.
fn cities_to_draw(dsn: &str, in_memory: bool, size: u32) -> (Session, &'static str) {
    let mut session = session_with(dsn);
    run(&mut session, "layer.setVisible", json!({"layer": "pg countries", "visible": false})).expect("hidden");
    let layer = if in_memory {
        into_memory(&mut session, "pg cities", "memory");
        run(&mut session, "layer.setVisible", json!({"layer": "pg cities", "visible": false})).expect("hidden");
        "memory"
    } else {
        "pg cities"
    };
    let style = json!({"layer": layer, "symbol": "circle", "size": size, "fill": "crimson", "stroke": "white", "width": 1, "opacity": 1});
    run(&mut session, "style.single", style).expect("styled");
    (session, layer)
}

#[test]
fn a_postgis_table_of_curved_polygons_reads_as_polygons_with_a_notice_saying_so() {
    let Some(dsn) = database() else { return };
    // RustGIS reads in read-only transactions and writes no curves: the table is made directly.
    let mut client = postgres::Client::connect(dsn, postgres::NoTls).expect("the test cluster lets us in");
    client
        .batch_execute(
            "DROP TABLE IF EXISTS curved; CREATE TABLE curved (id int PRIMARY KEY, geom geometry(CurvePolygon, 4326)); \
             INSERT INTO curved VALUES (1, ST_GeomFromText('CURVEPOLYGON(CIRCULARSTRING(0 0, 2 0, 0 0))', 4326))",
        )
        .expect("the curved table is made");
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    let added = session
        .execute(&Caller::user(), "layer.addPostgis", json!({"dsn": dsn, "table": "curved", "name": "pg curved"}))
        .expect("the curved table is added");
    assert!(
        added.notices.iter().any(
            |n| n.starts_with("the geometries are curved (CURVEPOLYGON); RustGIS draws and measures them as lines")
        ),
        "{:?}",
        added.notices
    );
    assert_eq!(added.result["geometry"], json!("Polygon"), "{}", added.result);
    into_memory(&mut session, "pg curved", "disc");
    let disc = session.project().require("disc").expect("the disc in memory");
    let Some(geo::Geometry::Polygon(polygon)) = disc.features[0].geometry.as_ref() else {
        panic!("a polygon: {:?}", disc.features[0].geometry)
    };
    // The unit disc centred on (1 0), as lines 4° apart at most: a little under π.
    let area = polygon.unsigned_area();
    assert!(area < std::f64::consts::PI && area > std::f64::consts::PI * 0.998, "{area}");
}

/// The PostGIS skill (`skill://postgis/SKILL.md`), followed: each of its scripts runs as an
/// agent with `--yes` would run it, on its connection replaced by the test cluster's, and the map
/// its last step looks at draws.
#[test]
fn the_postgis_skill_followed_reads_filters_and_draws_a_table() {
    let Some(dsn) = database() else { return };
    let _turn = STATEMENTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let (_, text) = rustgis_mcp::skills::SKILLS.iter().find(|(name, _)| *name == "postgis").expect("the skill");
    let placeholder = "host=127.0.0.1 port=5432 dbname=gis user=me";
    assert!(text.contains(placeholder), "the skill's connection stands for the user's");
    // Its scripts: the fenced blocks without a language.
    let scripts: Vec<String> = text
        .split("```")
        .skip(1)
        .step_by(2)
        .filter(|block| block.starts_with('\n'))
        .map(|block| block.trim().replace(placeholder, dsn))
        .collect();
    assert_eq!(scripts.len(), 3, "{scripts:?}");
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_vector_provider(Arc::new(PostgisProvider));
    session.set_renderer(Arc::new(rustgis_render::Renderer::new()));
    let agent = Caller::private_agent(true);
    let mut results = Vec::new();
    for script in &scripts {
        let ran = session.run_script(&agent, script);
        assert!(ran.success, "{script}: {:?}", ran.error);
        results.push(ran.result);
    }
    assert!(
        results[0]["tables"].as_array().is_some_and(|t| t.iter().any(|t| t["table"] == "public.world_countries")),
        "postgis.tables lists the table written: {}",
        results[0]
    );
    let africa = run(&mut session, "layer.info", json!({"layer": "africa"})).expect("the filtered layer");
    assert!(africa["features"].as_u64() > Some(40), "Africa's countries, filtered in the database: {africa}");
    assert_eq!(africa["style"]["type"], json!("graduated"), "{africa}");
    let read = run(&mut session, "table.read", json!({"layer": "pg countries", "where": "\"pop_est\" > 100000000"}))
        .expect("read");
    assert_eq!(read["pushdown"], json!("pushed down"), "{read}");
    let folder = tempfile::tempdir().expect("a folder");
    let drawn = run(&mut session, "map.export", json!({"path": folder.path().join("africa.png"), "width": 400}))
        .expect("the map draws");
    assert_eq!(drawn["blank"], json!(false), "{drawn}");
}
