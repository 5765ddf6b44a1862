//! Shared helpers for the RustGIS benchmarks: where the bench data lives, and skipping with a
//! clear message when it is absent.

use std::path::PathBuf;

/// The folder holding the larger benchmark data (`../shared/data/bench` beside the repository),
/// or `RUSTGIS_BENCH_DATA` when set.
pub fn bench_data_dir() -> PathBuf {
    std::env::var_os("RUSTGIS_BENCH_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/bench"))
}

/// The path of a bench data file, or `None` (after saying so on stderr) when it is absent.
pub fn bench_file(name: &str) -> Option<PathBuf> {
    let path = bench_data_dir().join(name);
    if path.is_file() {
        Some(path)
    } else {
        eprintln!("skipping: bench data {} is absent (set RUSTGIS_BENCH_DATA to its folder)", path.display());
        None
    }
}

/// Installs the map renderer in a session (benches measure with the real renderer).
pub fn install_renderer(session: &mut rustgis_core::Session) {
    session.set_renderer(std::sync::Arc::new(rustgis_render::Renderer::new()));
}
