#!/usr/bin/env bash
# Runs every test of RustGIS: unit, integration and doc tests of the whole workspace.
# (Clippy in .ci/run type-checks the benchmarks; `cargo bench` times them.)
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace
