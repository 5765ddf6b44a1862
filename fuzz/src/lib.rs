//! One function per fuzz target: each takes the fuzzer's bytes and must return (an error is fine)
//! without panicking, hanging or growing past its limits. The `src/bin/*.rs` targets call them
//! under afl.rs; `tests/corpus.rs` runs them over the seed corpus with `cargo test`.

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

/// The `.rgis` project reader (file layers point into a folder that does not exist).
pub fn project(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let folder = Path::new("/nonexistent-rustgis-fuzz");
        let _ignored = rustgis_core::io::project_file::read_text(text, &folder.join("fuzz.rgis"), folder);
    }
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

/// The targets by name, for the binaries and the corpus test.
pub const TARGETS: &[(&str, fn(&[u8]))] = &[
    ("geojson", geojson),
    ("flatgeobuf", flatgeobuf),
    ("project", project),
    ("expression", expression),
    ("script", script),
    ("attach_line", attach_line),
    ("framing", framing),
];

#[cfg(test)]
mod tests {
    /// Every target over its seed corpus (`corpus/<target>/`, written by `cargo run --bin seed`;
    /// crashes the fuzzer finds are copied there, so they become regression tests). Run with
    /// `cargo test --lib`: the afl binaries link only under `cargo afl`.
    #[test]
    fn every_target_survives_its_corpus() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus");
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
