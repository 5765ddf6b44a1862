#!/usr/bin/env bash
# Runs every test of RustGIS:
# 1. a real MCP client that nobody here wrote (the official Python SDK, installed into the
#    git-ignored .venv) drives `rustgis-cli mcp --sample` through every tool;
# 2. unit, integration and doc tests of the whole workspace.
# (Clippy in .ci/run type-checks the benchmarks; `cargo bench` times them.)
set -euo pipefail
cd "$(dirname "$0")/.."

MCP_SDK_VERSION="2.3.0"
if ! .venv/bin/python -c "import mcp" 2>/dev/null; then
  echo "== installing the MCP Python SDK ${MCP_SDK_VERSION} into .venv"
  python3 -m venv .venv
  .venv/bin/pip install --quiet "mcp==${MCP_SDK_VERSION}"
fi

echo "== the official MCP Python SDK drives rustgis-cli mcp"
cargo build --quiet -p rustgis-cli
.venv/bin/python scripts/mcp_python_client.py target/debug/rustgis-cli

echo "== cargo test"
cargo test --workspace
