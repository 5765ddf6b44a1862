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

# Debian packages the tests use, installed in one apt-get run when missing: Chromium for the map
# view's browser test, poppler-utils for the PDF export tests (pdftotext reads the text, pdftoppm
# draws the page), Xvfb and ImageMagick for the desktop app's end-to-end test, PostgreSQL with
# PostGIS for the PostGIS layers' tests (a throwaway cluster, started below), and the fonts the
# labels-in-every-script tests draw with (Noto Sans Arabic, Hebrew and Devanagari; Droid Sans
# Fallback for Chinese and Japanese).
packages=()
ls /usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf >/dev/null 2>&1 || packages+=(fonts-noto-core)
ls /usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf >/dev/null 2>&1 || packages+=(fonts-droid-fallback)
{ ls /usr/lib/postgresql/*/bin/initdb && ls /usr/share/postgresql/*/extension/postgis.control; } >/dev/null 2>&1 ||
  packages+=(postgresql-15 postgresql-15-postgis-3)
command -v chromium >/dev/null || packages+=(chromium)
{ command -v pdftotext && command -v pdftoppm; } >/dev/null || packages+=(poppler-utils)
{ command -v Xvfb && command -v import; } >/dev/null ||
  packages+=(xvfb imagemagick libgl1-mesa-dri libegl1 libxkbcommon-x11-0 libxcursor1 libxrandr2 libxi6)
command -v xdotool >/dev/null || packages+=(xdotool)
if [ ${#packages[@]} -gt 0 ]; then
  echo "== installing ${packages[*]} with apt-get"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${packages[@]}" >/dev/null
fi

# Installs Python packages into .venv when importing MODULES there fails:
# pip_install_missing "MODULES" "WHAT FOR" "package==version"...
pip_install_missing() {
  local modules="$1" purpose="$2"
  shift 2
  if ! .venv/bin/python -c "import ${modules}" 2>/dev/null; then
    echo "== installing $* into .venv (${purpose})"
    .venv/bin/pip install --quiet "$@"
  fi
}

MCP_SDK_VERSION="2.3.0"
if ! .venv/bin/python -c "import mcp" 2>/dev/null; then
  echo "== installing the MCP Python SDK ${MCP_SDK_VERSION} into .venv"
  python3 -m venv .venv
  .venv/bin/pip install --quiet "mcp==${MCP_SDK_VERSION}"
fi
# The Python client validates every structured result against its tool's outputSchema (the SDK
# brings jsonschema; named here because the script imports it itself).
JSONSCHEMA_VERSION="4.26.0"
pip_install_missing jsonschema "outputSchema validation" "jsonschema==${JSONSCHEMA_VERSION}"

# Everything is built once, as `cargo test` at the end builds it: the binaries the scripts below
# drive come out of the same build (building one binary alone resolves other features of the
# dependencies, without the tests' dev-dependencies, and so compiles most of the tree again).
echo "== building the workspace and its tests"
cargo test --locked --workspace --no-run --quiet


echo "== the official MCP Python SDK drives rustgis-cli mcp"
.venv/bin/python scripts/mcp_python_client.py target/debug/rustgis-cli
.venv/bin/python scripts/mcp_python_http_client.py target/debug/rustgis-relay target/debug/rustgis-cli

# The map view (MCP Apps) in a real browser: Debian's Chromium driven by Playwright for Python
# (which never downloads browsers of its own here), with the official host side (AppBridge of
# @modelcontextprotocol/ext-apps, bundled with esbuild into the git-ignored .tools/).
PLAYWRIGHT_VERSION="1.65.2"
pip_install_missing playwright "Playwright for Python, no browsers: it drives Debian's Chromium" \
  "playwright==${PLAYWRIGHT_VERSION}"
EXT_APPS_VERSION="2.0.4"
APPS_HOST="$PWD/.tools/mcp-apps-host"
if [ ! -x "$APPS_HOST/node_modules/.bin/esbuild" ] || \
   ! grep -q "\"version\": \"${EXT_APPS_VERSION}\"" "$APPS_HOST/node_modules/@modelcontextprotocol/ext-apps/package.json" 2>/dev/null; then
  echo "== installing @modelcontextprotocol/ext-apps ${EXT_APPS_VERSION} and esbuild into .tools/mcp-apps-host"
  mkdir -p "$APPS_HOST"
  npm install --prefix "$APPS_HOST" --no-audit --no-fund --loglevel=error \
    "@modelcontextprotocol/ext-apps@${EXT_APPS_VERSION}" "@modelcontextprotocol/client@2.4.0" "zod@4.6.7" "esbuild@0.28.2"
fi
(cd "$APPS_HOST" && node_modules/.bin/esbuild --bundle --format=iife --platform=browser --log-level=warning \
  --outfile=host.js < ../../scripts/mcp_apps_host.mjs)
echo "== the map view pans, zooms and identifies in headless Chromium, relayed to rustgis-cli mcp"
.venv/bin/python scripts/mcp_apps_view_test.py target/debug/rustgis-cli target/debug/rustgis-relay "$APPS_HOST/host.js"
# The official TypeScript SDK's client (installed above beside the apps host) validates every
# result against its outputSchema itself, and the main tasks are done again from the text alone.
echo "== the official MCP TypeScript SDK drives rustgis-cli mcp"
node scripts/mcp_ts_client.mjs target/debug/rustgis-cli "$APPS_HOST/node_modules" target/debug/rustgis-relay

PYOGRIO_VERSION="0.13.0"
SHAPELY_VERSION="2.2.0"
pip_install_missing "pyogrio, shapely" "GDAL" "pyogrio==${PYOGRIO_VERSION}" "shapely==${SHAPELY_VERSION}"

# GeoParquet is read back by GeoPandas and pyarrow: the pyogrio wheels' GDAL has no Parquet driver.
GEOPANDAS_VERSION="1.2.0"
PYARROW_VERSION="26.0.1"
pip_install_missing "geopandas, pyarrow" "GeoParquet" "geopandas==${GEOPANDAS_VERSION}" "pyarrow==${PYARROW_VERSION}"

echo "== GDAL reads back what RustGIS writes (Shapefile, GeoPackage, CSV, KML, KMZ, GPX; GeoParquet in GeoPandas)"
.venv/bin/python scripts/check_formats_with_gdal.py target/debug/rustgis-cli

# Map projections are checked against PROJ: pyproj writes reference points that
# rustgis-core/tests/core/projections.rs reads (and, with RUSTGIS_REQUIRE_FIXTURES=1, insists on).
PYPROJ_VERSION="3.7.2"
pip_install_missing pyproj "projection references" "pyproj==${PYPROJ_VERSION}"
# The font an SVG embeds is checked by OTS, the sanitizer browsers run on web fonts.
OTS_VERSION="9.2.0"
pip_install_missing ots "SVG fonts" "opentype-sanitizer==${OTS_VERSION}"
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
RASTERIO_VERSION="1.4.4"
pip_install_missing "rasterio, numpy" "GDAL" "rasterio==${RASTERIO_VERSION}"
echo "== GDAL writes the raster fixtures"
.venv/bin/python scripts/make_raster_fixtures.py target/raster-fixtures
export RUSTGIS_REQUIRE_FIXTURES=1

# PostGIS layers are tested against a real database: a throwaway cluster on 127.0.0.1 and a free
# port, in a temporary folder removed at exit (about 3 s to start; the apt-get of PostGIS above
# took 16 s where PostgreSQL was already installed); RUSTGIS_TEST_PG is its connection.
echo "== a throwaway PostgreSQL/PostGIS cluster for the PostGIS tests"
# shellcheck source=scripts/postgis_cluster.sh
source scripts/postgis_cluster.sh
trap pg_stop EXIT

echo "== cargo test"
cargo test --locked --workspace

