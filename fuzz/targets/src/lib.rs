//! One function per fuzz target: each takes the fuzzer's bytes and must return (an error is fine)
//! without panicking, hanging or growing past its limits. The afl.rs binaries (`fuzz/src/bin/`)
//! call them under the fuzzer; `cargo test` (the workspace's, so CI's) runs every one over its
//! corpus in `fuzz/corpus/<target>/`: the seeds and every input a campaign found.

use std::path::Path;

/// The GeoJSON reader.
pub fn geojson(data: &[u8]) {
    let _ignored = rustgis_core::io::geojson::read(data, Path::new("fuzz.geojson"), None);
}

/// The FlatGeobuf reader (it must turn every damaged file into an error, never a panic).
pub fn flatgeobuf(data: &[u8]) {
    let _ignored =
        rustgis_core::io::flatgeobuf::read(std::io::Cursor::new(data), data.len() as u64, Path::new("fuzz.fgb"), None);
}

/// The Shapefile reader, from one input cut into members: a 4-byte little-endian length of the
/// `.shp`, a 4-byte length of the `.shx` (0: none), then the `.shp`, the `.shx` and the `.dbf` (the
/// rest; none when empty). [`shapefile_input`] packs files this way for the seed corpus.
pub fn shapefile(data: &[u8]) {
    let length = |at: usize| data.get(at..at + 4).map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize);
    let (Some(shp_len), Some(shx_len)) = (length(0), length(4)) else { return };
    let rest = &data[8..];
    let Some(shp) = rest.get(..shp_len) else { return };
    let Some(shx) = rest.get(shp_len..shp_len.saturating_add(shx_len)) else { return };
    let dbf = &rest[shp_len + shx_len..];
    let shx = (!shx.is_empty()).then_some(shx);
    let dbf = (!dbf.is_empty()).then_some(dbf);
    let _ignored = rustgis_core::io::shapefile::read_bytes(shp, shx, dbf, None, Path::new("fuzz.shp"));
}

/// The input [`shapefile`] reads: the members' bytes behind their lengths.
pub fn shapefile_input(shp: &[u8], shx: &[u8], dbf: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(8 + shp.len() + shx.len() + dbf.len());
    out.extend_from_slice(&(shp.len() as u32).to_le_bytes());
    out.extend_from_slice(&(shx.len() as u32).to_le_bytes());
    out.extend_from_slice(shp);
    out.extend_from_slice(shx);
    out.extend_from_slice(dbf);
    out
}

/// The CSV reader (geometries sniffed from lon/lat or WKT columns, types inferred).
pub fn csv(data: &[u8]) {
    let options = rustgis_core::io::CsvOptions::default();
    let _ignored = rustgis_core::io::csv::read(data, Path::new("fuzz.csv"), &options, None, None, false);
}

/// The KML reader.
pub fn kml(data: &[u8]) {
    let _ignored = rustgis_core::io::kml::read(data, Path::new("fuzz.kml"), None);
}

/// The GPX reader.
pub fn gpx(data: &[u8]) {
    let _ignored = rustgis_core::io::gpx::read(data, Path::new("fuzz.gpx"), None);
}

/// The GeoPackage reader: SQLite reads a file, so the input is written to one first (in
/// `/dev/shm` when there is one), then every feature table is read.
pub fn geopackage(data: &[u8]) {
    let path = scratch_file("gpkg", data);
    if let Ok(tables) = rustgis_core::io::gpkg::tables(&path) {
        for table in tables.iter().take(4) {
            let _ignored = rustgis_core::io::gpkg::read_file(&path, Some(table), None);
        }
    }
}

/// The GeoParquet reader, from a file holding the input.
pub fn geoparquet(data: &[u8]) {
    let path = scratch_file("parquet", data);
    let _ignored = rustgis_core::io::geoparquet::read_file(&path, None);
}

/// The GeoTIFF reader: the directories at open, then the cells of a window of at most 64 × 64 at
/// full resolution and at the coarsest overview, every band.
pub fn geotiff(data: &[u8]) {
    let path = scratch_file("tif", data);
    let Ok(raster) = rustgis_core::raster::Raster::open(&path) else { return };
    let info = raster.info();
    let bands: Vec<usize> = (0..info.bands.min(4)).collect();
    for level in [0, info.levels.len().saturating_sub(1)] {
        let Some(size) = info.levels.get(level) else { continue };
        let window = rustgis_core::raster::Window::full(size.width.min(64), size.height.min(64));
        let _ignored = raster.read(level, window, &bands);
    }
}

/// Writes `data` to this process's scratch file for the readers that read files (SQLite, the
/// parquet crate's file reader, GeoTIFF), in `/dev/shm` when there is one.
#[allow(
    clippy::disallowed_methods,
    reason = "a scratch input rewritten thousands of times a second: syncing it (io::atomic) would slow the run"
)]
fn scratch_file(extension: &str, data: &[u8]) -> std::path::PathBuf {
    let dir = Path::new("/dev/shm");
    let dir = if dir.is_dir() { dir.to_owned() } else { std::env::temp_dir() };
    let path = dir.join(format!("rustgis-fuzz-{}.{extension}", std::process::id()));
    if std::fs::write(&path, data).is_err() {
        // The read below then fails on a missing or stale file, which is fine for a fuzz run.
    }
    path
}

/// The `.rgis` project reader (file layers point into a folder that does not exist).
///
/// A project that names a CRS by a name (`"crs": "WGS 84"`, or a mutated `EPSGZ4326`) is skipped:
/// PROJ then searches its whole database for that name, 0.1–1.5 s an input in the fuzz build,
/// which held the first campaign to 8 executions a second. That search is PROJ's own code (PROJ is
/// fuzzed in OSS-Fuzz); codes, WKT, PROJJSON and PROJ strings still reach the reader.
pub fn project(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if names_a_crs_by_name(text) {
        return;
    }
    let folder = Path::new("/nonexistent-rustgis-fuzz");
    let _ignored = rustgis_core::project_file::read_text(text, &folder.join("fuzz.rgis"), folder);
}

/// Whether `text` gives, under a key naming a CRS (`crs`, `view_crs`…), a string PROJ would
/// search its database for as a name ([`searched_by_name`]).
///
/// The text is scanned for its JSON strings rather than parsed: the reader deserializes (and
/// reads each CRS) as it goes, so a CRS that comes before a fault later in the file (an `Infinity`
/// that no JSON parser takes) still reaches PROJ.
fn names_a_crs_by_name(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut at = 0;
    while let Some(offset) = bytes[at..].iter().position(|&b| b == b'"') {
        let Some((key, after)) = json_string(text, at + offset) else { return false };
        at = after;
        let rest = text[after..].trim_start();
        let Some(value) = rest.strip_prefix(':') else { continue };
        if !key.to_ascii_lowercase().contains("crs") {
            continue;
        }
        let value = value.trim_start();
        if value.starts_with('"') {
            let from = text.len() - value.len();
            if json_string(text, from).is_some_and(|(crs, _)| searched_by_name(&crs)) {
                return true;
            }
        }
    }
    false
}

/// The JSON string whose opening quote is at `quote`, unescaped, and the index after its closing
/// quote; `None` when it is not closed. An escape JSON does not allow is kept as written.
fn json_string(text: &str, quote: usize) -> Option<(String, usize)> {
    let bytes = text.as_bytes();
    let mut end = quote + 1;
    loop {
        match bytes.get(end)? {
            b'\\' => end += 2,
            b'"' => break,
            _ => end += 1,
        }
    }
    let raw = &text[quote..=end];
    let unescaped = serde_json::from_str::<String>(raw).unwrap_or_else(|_| raw[1..raw.len() - 1].to_owned());
    Some((unescaped, end + 1))
}

/// The keywords WKT 1 and WKT 2 open a CRS with (PROJ reads anything else as a name).
const WKT_KEYWORDS: [&str; 25] = [
    "GEOGCS",
    "PROJCS",
    "GEOCCS",
    "VERT_CS",
    "COMPD_CS",
    "LOCAL_CS",
    "FITTED_CS",
    "GEOGCRS",
    "GEOGRAPHICCRS",
    "GEODCRS",
    "GEODETICCRS",
    "BASEGEOGCRS",
    "PROJCRS",
    "PROJECTEDCRS",
    "DERIVEDPROJCRS",
    "VERTCRS",
    "VERTICALCRS",
    "COMPOUNDCRS",
    "ENGCRS",
    "ENGINEERINGCRS",
    "BOUNDCRS",
    "TIMECRS",
    "PARAMETRICCRS",
    "IMAGECRS",
    "TEMPORALCRS",
];

/// Whether RustGIS hands `crs` to PROJ as something PROJ looks up by name, searching its whole
/// database: anything but a bare code (`4326`), `AUTHORITY:CODE` (`EPSG:4326`, `IGNF:LAMB93`),
/// WKT (`GEOGCRS[…`), PROJJSON (`{…`) and a PROJ string (`+proj=…`). A name RustGIS knows itself
/// (`WGS84`) is skipped too, which costs the campaign little.
fn searched_by_name(crs: &str) -> bool {
    let crs = crs.trim();
    let word = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    let code = crs.bytes().all(|b| b.is_ascii_digit())
        || crs.split_once(':').is_some_and(|(authority, code)| word(authority) && word(code));
    let wkt = crs
        .find(['[', '('])
        .is_some_and(|open| WKT_KEYWORDS.contains(&crs[..open].trim().to_ascii_uppercase().as_str()));
    let projjson = crs.starts_with('{');
    let proj_string = crs.starts_with('+') || crs.to_ascii_lowercase().contains("proj=");
    !crs.is_empty() && !code && !wkt && !projjson && !proj_string
}

/// The expression parser, and evaluation of what parses against one sample city.
pub fn expression(data: &[u8]) {
    use std::sync::OnceLock;
    static CITY: OnceLock<rustgis_core::Layer> = OnceLock::new();
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(expr) = rustgis_core::Expr::parse(text) else { return };
    let cities = CITY.get_or_init(|| rustgis_core::sample_layer("cities").expect("the sample has cities"));
    let row = rustgis_core::RowContext { fields: &cities.fields, feature: &cities.features[0], crs: cities.crs };
    let _ignored = expr.eval(&row);
}

/// The script parser (`command-id {json}` lines).
pub fn script(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let caller = rustgis_core::Caller::user();
    let _ignored = rustgis_core::script::parse(text, rustgis_core::Registry::global(), &caller);
}

/// The relay's attach line: read at most 4096 bytes to the first non-empty line, then parsed.
pub fn attach_line(data: &[u8]) {
    use rustgis_mcp::attach::{MAX_ATTACH_LINE, parse_attach, read_attach_line};
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
    runtime.block_on(async {
        let mut reader = tokio::io::BufReader::new(data);
        if let Some(line) = read_attach_line(&mut reader, MAX_ATTACH_LINE).await {
            assert!(line.len() < MAX_ATTACH_LINE, "an attach line longer than the limit was kept");
            let _attach = serde_json::from_slice(&line).ok().as_ref().and_then(parse_attach);
        }
    });
}

/// The stdio and relay framing: every line of the input read with `read_message_max` (64-byte
/// limit, so oversized lines are exercised too) until the end.
pub fn framing(data: &[u8]) {
    let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
    runtime.block_on(async {
        let mut reader = tokio::io::BufReader::with_capacity(16, data);
        let mut buf = Vec::new();
        for _ in 0..=data.len() {
            match rustgis_mcp::read_message_max(&mut reader, &mut buf, 64).await {
                Ok(rustgis_mcp::Frame::Eof) | Err(_) => break,
                Ok(rustgis_mcp::Frame::Line) => assert!(buf.len() <= 64, "a line longer than the limit was kept"),
                Ok(_) => {}
            }
        }
    });
}

/// A fuzz target: the fuzzer's bytes in, nothing out (it must not panic).
pub type Target = fn(&[u8]);

/// The targets by name, for the binaries and the corpus test.
pub const TARGETS: &[(&str, Target)] = &[
    ("geojson", geojson),
    ("flatgeobuf", flatgeobuf),
    ("project", project),
    ("expression", expression),
    ("script", script),
    ("attach_line", attach_line),
    ("framing", framing),
    ("shapefile", shapefile),
    ("csv", csv),
    ("kml", kml),
    ("gpx", gpx),
    ("geopackage", geopackage),
    ("geoparquet", geoparquet),
    ("geotiff", geotiff),
];

#[cfg(test)]
mod replay {
    /// Replays the inputs in `RUSTGIS_FUZZ_REPLAY` (a folder, such as a campaign's
    /// `out/<target>/default/crashes`) through the target `RUSTGIS_FUZZ_TARGET` names, one at a
    /// time, saying for each whether it returned and how long it took:
    /// `RUSTGIS_FUZZ_REPLAY=fuzz/out/csv/default/hangs RUSTGIS_FUZZ_TARGET=csv cargo test -p rustgis-fuzz-targets replay -- --nocapture`.
    #[test]
    fn replay_found_inputs() {
        let (Ok(dir), Ok(name)) = (std::env::var("RUSTGIS_FUZZ_REPLAY"), std::env::var("RUSTGIS_FUZZ_TARGET")) else {
            return;
        };
        let target = super::TARGETS.iter().find(|(n, _)| *n == name).expect("a target").1;
        let mut paths: Vec<_> = std::fs::read_dir(dir).expect("a folder").map(|e| e.expect("entry").path()).collect();
        paths.sort();
        for path in paths {
            eprintln!("REPLAY {}", path.display());
            let bytes = std::fs::read(&path).expect("an input");
            let start = std::time::Instant::now();
            let outcome = std::panic::catch_unwind(|| target(&bytes));
            eprintln!("RESULT {} {:?} {:?}", path.display(), outcome.is_ok(), start.elapsed());
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_project_target_skips_a_crs_named_by_a_name_that_proj_would_search_its_database_for() {
        let named = |crs: &str| {
            let project = serde_json::json!({"view": {"crs": "EPSG:4326"}, "layers": [{"name": "a", "crs": crs}]});
            super::names_a_crs_by_name(&project.to_string())
        };
        // The names the first campaigns slowed on (0.5-1.5 s each in the fuzz build).
        for name in ["WGS 84", "EPSGZ4326", "EPSG=4326", "EPHN=4326", "EPKJ=4326ame", "EPSG:::::4326", "EPSG(4326"] {
            assert!(named(name), "{name} is skipped");
        }
        for kept in [
            "EPSG:4326",
            "IGNF:LAMB93",
            "4326",
            " 3857 ",
            "GEOGCRS[\"x\"]",
            "projcs(\"x\")",
            "{\"type\": \"GeographicCRS\"}",
            "+proj=longlat",
            "",
        ] {
            assert!(!named(kept), "{kept} still reaches the reader");
        }
    }

    #[test]
    fn the_project_target_skips_a_crs_name_before_a_fault_that_no_json_parser_takes() {
        let text = r#"{"view": {"crs": "EPSG=4326", "extent": null}, "layers": [{"population": Infinity}]}"#;
        assert!(serde_json::from_str::<serde_json::Value>(text).is_err(), "not JSON");
        assert!(super::names_a_crs_by_name(text), "the name is found by the scan");
        let escaped = r#"{"\u0063rs": "W\u0047S 84"}"#;
        assert!(super::names_a_crs_by_name(escaped), "escapes are read as the reader reads them");
        assert!(!super::names_a_crs_by_name(r#"{"crs": "EPSG:4326", "name": "WGS 84"}"#), "only CRS keys count");
        assert!(!super::names_a_crs_by_name(r#"{"crs": "unclosed"#), "an unclosed string is no CRS");
    }

    /// Every target over its corpus (`fuzz/corpus/<target>/`, written by `cargo run --bin seed`
    /// in `fuzz/`; crashes and hangs a campaign finds are copied there, so they become
    /// regression tests).
    #[test]
    fn every_fuzz_target_returns_on_every_input_of_its_corpus() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
        for (name, target) in super::TARGETS {
            let dir = root.join(name);
            let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
            let mut n = 0;
            for entry in entries {
                let bytes = std::fs::read(entry.expect("a corpus entry").path()).expect("a corpus file");
                target(&bytes);
                n += 1;
            }
            assert!(n > 0, "{name} has no corpus");
        }
    }
}
