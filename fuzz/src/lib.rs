//! The fuzz targets' functions live in `fuzz/targets` (`rustgis-fuzz-targets`), a member of the
//! main workspace, so that `cargo test --workspace` replays every target over its corpus; the
//! afl.rs binaries in `src/bin/` call them from here.

pub use rustgis_fuzz_targets::*;
