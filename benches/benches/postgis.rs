//! PostGIS layers at scale: a 10-million-point table (`scripts/bench_postgis.sh` makes it)
//! drawn at a city view, counted per country, and streamed whole through the cursor, with the
//! process's peak memory (`VmHWM`). Not criterion: each step runs once, as a user would, and the
//! peak memory is the figure that matters. Needs a database with PostGIS in
//! `RUSTGIS_TEST_PG` (`source scripts/postgis_cluster.sh` starts one); skipped otherwise.
//! `scripts/bench_postgis.sh` runs it beside the same work in `psql`.

use std::sync::Arc;
use std::time::Instant;

use rustgis_core::postgis::{SqlCell, SqlQuery, VectorProvider};
use rustgis_core::{Caller, Session, Value};
use rustgis_relay::PostgisProvider;
use serde_json::{Value as Json, json};

/// How many points the table holds.
const POINTS: i64 = 10_000_000;

/// Paris and its suburbs.
const CITY_VIEW: [f64; 4] = [1.9, 48.6, 2.8, 49.1];

fn main() {
    let Ok(dsn) = std::env::var("RUSTGIS_TEST_PG") else {
        eprintln!("skipping: RUSTGIS_TEST_PG is not set (source scripts/postgis_cluster.sh starts a PostGIS cluster)");
        return;
    };
    if !prepare(&dsn) {
        return;
    }
    let mut session = Session::new();
    rustgis_benches::install_renderer(&mut session);
    session.set_vector_provider(Arc::new(PostgisProvider));
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": "points"}));
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": "bench_countries", "name": "countries"}));

    let started = Instant::now();
    run(&mut session, "map.zoomTo", json!({"bbox": CITY_VIEW}));
    let png = std::env::temp_dir().join(format!("rustgis-postgis-bench-{}.png", std::process::id()));
    run(&mut session, "map.export", json!({"path": png, "width": 1024, "height": 768, "overwrite": true}));
    let in_view =
        run(&mut session, "table.read", json!({"layer": "points", "bbox": CITY_VIEW, "limit": 1}))["total"].clone();
    report(
        "draw the city view (map.export 1024x768) and count the points in it",
        started,
        &format!("{in_view} points in view"),
    );
    if let Err(e) = std::fs::remove_file(&png) {
        eprintln!("could not remove {}: {e}", png.display());
    }

    tile_pyramids(&dsn);

    let started = Instant::now();
    run(
        &mut session,
        "vector.spatialJoin",
        json!({"layer": "countries", "join_layer": "points", "predicate": "intersects", "summary": "count", "name": "per country"}),
    );
    let counted =
        run(&mut session, "table.read", json!({"layer": "per country", "fields": ["join_count"], "limit": 1000}));
    let total: i64 =
        counted["rows"].as_array().map_or(0, |rows| rows.iter().filter_map(|r| r["join_count"].as_i64()).sum());
    report(
        "count the points per country (vector.spatialJoin, in the database)",
        started,
        &format!("{total} points in countries"),
    );

    let started = Instant::now();
    let kept =
        run(&mut session, "vector.filter", json!({"layer": "points", "where": "$x > 179.99", "name": "east edge"}));
    report(
        "stream all the points through the cursor, filtered here ($x has no SQL twin)",
        started,
        &format!("{} kept, {}", kept["features"], kept["pushdown"]),
    );
    eprintln!("peak memory of this process (VmHWM): {}", peak_memory());
}

/// The zoom levels of the tile pyramids.
const TILE_ZOOMS: std::ops::RangeInclusive<u8> = 0..=5;

/// A tile pyramid of the countries from PostGIS under the sample's boundaries and coastline in
/// memory, then of the same layers all in memory: each PostGIS tile reads its own box and
/// prepares only the PostGIS layer; the layers in memory are prepared once either way.
fn tile_pyramids(dsn: &str) {
    let mut session = Session::new();
    session.set_vector_provider(Arc::new(PostgisProvider));
    run(&mut session, "layer.addPostgis", json!({"dsn": dsn, "table": "bench_countries", "name": "countries"}));
    for sample in ["boundaries", "coastline"] {
        run(&mut session, "layer.addSample", json!({"sample": sample}));
    }
    let mut seconds = Vec::new();
    for live in [true, false] {
        if !live {
            run(
                &mut session,
                "vector.filter",
                json!({"layer": "countries", "where": "TRUE", "name": "countries here"}),
            );
            run(&mut session, "layer.move", json!({"layer": "countries here", "position": "bottom"}));
            run(&mut session, "layer.setVisible", json!({"layer": "countries", "visible": false}));
        }
        let out = std::env::temp_dir().join(format!("rustgis-postgis-bench-tiles-{}-{live}", std::process::id()));
        let started = Instant::now();
        let report =
            rustgis_render::write_tiles(session.project(), &rustgis_render::TileJob::new(&out, TILE_ZOOMS), |_, _| {})
                .unwrap_or_else(|e| panic!("the tiles are written: {e}"));
        seconds.push(started.elapsed().as_secs_f64());
        report_tiles(live, started, report.tiles);
        if let Err(e) = std::fs::remove_dir_all(&out) {
            eprintln!("could not remove {}: {e}", out.display());
        }
    }
    eprintln!(
        "          the pyramid with the countries in PostGIS takes {:.2}× the time of the one in memory",
        seconds[0] / seconds[1]
    );
}

fn report_tiles(live: bool, started: Instant, tiles: u64) {
    let what = if live { "the countries in PostGIS" } else { "every layer in memory" };
    report(
        &format!(
            "write tiles z{}–{} of the countries, boundaries and coastline, {what}",
            TILE_ZOOMS.start(),
            TILE_ZOOMS.end()
        ),
        started,
        &format!("{tiles} tiles"),
    );
}

/// Checks the points table holds POINTS rows (`scripts/bench_postgis.sh` makes it with
/// `generate_series`) and writes the sample's countries beside it.
fn prepare(dsn: &str) -> bool {
    let count = PostgisProvider
        .rows(dsn, &SqlQuery { sql: "SELECT count(*)::int8 FROM points".to_owned(), params: Vec::new() })
        .ok()
        .and_then(|mut rows| rows.next())
        .and_then(Result::ok);
    if count != Some(vec![SqlCell::Value(Value::Int(POINTS))]) {
        eprintln!("skipping: the table points does not hold {POINTS} rows; scripts/bench_postgis.sh makes it");
        return false;
    }
    let mut session = Session::with_sample().expect("the sample loads");
    session.set_vector_provider(Arc::new(PostgisProvider));
    run(
        &mut session,
        "layer.export",
        json!({"layer": "countries", "dsn": dsn, "table": "bench_countries", "overwrite": true}),
    );
    true
}

fn run(session: &mut Session, id: &str, params: Json) -> Json {
    match session.execute(&Caller::user(), id, params) {
        Ok(outcome) => outcome.result,
        Err(e) => panic!("{id} failed: {e:#}"),
    }
}

fn report(what: &str, started: Instant, detail: &str) {
    eprintln!("{:>8.2} s  {what}: {detail}", started.elapsed().as_secs_f64());
}

/// The process's peak resident memory, from /proc/self/status (Linux).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l["VmHWM:".len()..].trim().to_owned())
        })
        .unwrap_or_else(|| "unknown (no /proc/self/status)".to_owned())
}
