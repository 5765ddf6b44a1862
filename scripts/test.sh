#!/usr/bin/env bash
# Runs every test of RustGIS:
# 1. a real MCP client that nobody here wrote (the official Python SDK, installed into the
#    git-ignored .venv) drives `rustgis-cli mcp --sample` through every tool, and MCP over HTTP
#    on the headless host (`rustgis-relay --sample --http`) with its Streamable HTTP client, then
#    `rustgis-cli mcp --attach` to it, following every prompt's recipe to its map and reading the
#    resource templates and completions on each; the official TypeScript SDK's client does the
#    same over stdio;
#    the map view (MCP Apps) runs in headless Chromium (Debian's, with Playwright) under the
#    official host side of @modelcontextprotocol/ext-apps, relaying its calls to rustgis-cli mcp;
# 2. the official MCP conformance suite (@modelcontextprotocol/conformance, with Node.js 22, both
#    from npm into the git-ignored .tools/) checks MCP over HTTP on the headless host, and the
#    MCP Inspector's CLI (also from npm) calls every tool over stdio and HTTP, validating each
#    structured result against its outputSchema (scripts/inspector_cli.sh); `mcpb validate` and
#    `claude plugin validate` (also from npm) check the MCP bundle and Claude Code plugin manifests,
#    and server.json is checked against the MCP Registry's schema (scripts/manifest_checks.sh);
# 3. GDAL (pyogrio, into the same .venv) reads back every data file RustGIS writes, GDAL again
#    (rasterio) writes the raster fixtures and the values RustGIS must read from them, and pyproj
#    writes the reference points the projection tests compare with;
# 4. unit, integration and doc tests of the whole workspace, the desktop app's end-to-end test
#    under a real X server (Xvfb, installed with apt-get when missing, with ImageMagick for the
#    window picture and xdotool for the keys typed in it) included;
# 5. every fuzz target (fuzz/targets: every data reader — GeoJSON, FlatGeobuf, Shapefile,
#    GeoPackage, GeoParquet, CSV, KML, GPX, GeoTIFF — the .rgis reader, the expression and script
#    parsers, the relay's attach line, the stdio framing) over its corpus, the seeds and every input
#    a campaign found, within `cargo test`. AFL++ campaigns are `bash scripts/fuzz.sh SECONDS`
#    (docs/SECURITY.md): their instrumented build of the whole dependency tree took longer than
#    CI's 30 minutes allow beside everything else.
# (Clippy in .ci/run type-checks the benchmarks; `cargo bench` times them.)
set -euo pipefail
cd "$(dirname "$0")/.."

# The Debian, Python and npm tools the tests use (scripts/test_tools.sh: versions and installs) are
# installed beside the build, so downloading overlaps with compiling; its output is shown after.
# shellcheck source=scripts/test_tools.sh
source scripts/test_tools.sh
tools_start

# Everything is built once, as `cargo test` at the end builds it: the binaries the scripts below
# drive come out of the same build (building one binary alone resolves other features of the
# dependencies, without the tests' dev-dependencies, and so compiles most of the tree again).
echo "== building the workspace and its tests"
cargo test --locked --workspace --no-run --quiet
tools_wait

echo "== the official MCP Python SDK drives rustgis-cli mcp"
.venv/bin/python scripts/mcp_python_client.py target/debug/rustgis-cli
.venv/bin/python scripts/mcp_python_http_client.py target/debug/rustgis-relay target/debug/rustgis-cli

# The map view (MCP Apps) in a real browser: Debian's Chromium driven by Playwright for Python
# (which never downloads browsers of its own here), with the official host side (AppBridge of
# @modelcontextprotocol/ext-apps, bundled with esbuild into the git-ignored .tools/).
(cd "$APPS_HOST" && node_modules/.bin/esbuild --bundle --format=iife --platform=browser --log-level=warning \
  --outfile=host.js < ../../scripts/mcp_apps_host.mjs)
echo "== the map view pans, zooms and identifies in headless Chromium, relayed to rustgis-cli mcp"
.venv/bin/python scripts/mcp_apps_view_test.py target/debug/rustgis-cli target/debug/rustgis-relay "$APPS_HOST/host.js"
# The official TypeScript SDK's client (installed by scripts/test_tools.sh beside the apps host) validates every
# result against its outputSchema itself, and the main tasks are done again from the text alone.
echo "== the official MCP TypeScript SDK drives rustgis-cli mcp"
node scripts/mcp_ts_client.mjs target/debug/rustgis-cli "$APPS_HOST/node_modules" target/debug/rustgis-relay

echo "== GDAL reads back what RustGIS writes (Shapefile, GeoPackage, CSV, KML, KMZ, GPX; GeoParquet in GeoPandas)"
.venv/bin/python scripts/check_formats_with_gdal.py target/debug/rustgis-cli

# Map projections are checked against PROJ: pyproj writes reference points that
# rustgis-core/tests/core/projections.rs reads (and, with RUSTGIS_REQUIRE_FIXTURES=1, insists on).
echo "== pyproj writes the projection references"
.venv/bin/python scripts/projection_references.py

echo "== the official MCP conformance suite checks MCP over HTTP"
bash scripts/conformance.sh

echo "== the MCP Inspector's CLI drives MCP over stdio and HTTP"
bash scripts/inspector_cli.sh

echo "== the MCP bundle, the Claude Code plugin and server.json pass their ecosystems' validators"
bash scripts/manifest_checks.sh


# The raster tests compare RustGIS with GDAL: rasterio (whose wheels bundle GDAL) writes the
# fixtures and the values RustGIS must read from them; without them those tests fail here.
echo "== GDAL writes the raster fixtures"
.venv/bin/python scripts/make_raster_fixtures.py target/raster-fixtures
export RUSTGIS_REQUIRE_FIXTURES=1

# PostGIS layers are tested against a real database: a throwaway cluster on 127.0.0.1 and a free
# port, in a temporary folder removed at exit (about 3 s to start; the apt-get of PostGIS in
# scripts/test_tools.sh took 16 s where PostgreSQL was already installed); RUSTGIS_TEST_PG is its
# connection.
echo "== a throwaway PostgreSQL/PostGIS cluster for the PostGIS tests"
# shellcheck source=scripts/postgis_cluster.sh
source scripts/postgis_cluster.sh
trap pg_stop EXIT

echo "== cargo test"
cargo test --locked --workspace

