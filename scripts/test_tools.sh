#!/usr/bin/env bash
# The tools the tests use that are not Rust crates, with their versions, in one place: Debian
# packages (apt-get), Python packages (into the git-ignored .venv) and npm tools with Node.js 22
# (into the git-ignored .tools/). Each is installed only when missing, so a second run changes
# nothing and takes seconds.
#
#   bash scripts/test_tools.sh     # installs everything the tests use
#
# Run alone, it installs everything: scripts/test.sh runs it beside its build, and .ci/run beside
# formatting and clippy, so downloading and unpacking overlap with compiling (they took about 10 of
# CI's minutes one after the other). Sourced (by scripts/test.sh, conformance.sh, inspector_cli.sh
# and manifest_checks.sh), it gives the versions and the functions below, so that each of those
# scripts still installs what it needs when run alone. Only the package registries are needed.

# Python packages (the official MCP SDK, GDAL through pyogrio and rasterio, pyproj, Playwright…).
MCP_SDK_VERSION="2.3.0"
JSONSCHEMA_VERSION="4.26.0"
PLAYWRIGHT_VERSION="1.65.2"
PYOGRIO_VERSION="0.13.0"
SHAPELY_VERSION="2.2.0"
GEOPANDAS_VERSION="1.2.0"
PYARROW_VERSION="26.0.1"
PYPROJ_VERSION="3.7.2"
OTS_VERSION="9.2.0"
RASTERIO_VERSION="1.4.4"
# npm tools, each with Node.js 22 (the npm package `node`) in its own folder of .tools/.
NODE_MAJOR="22"
EXT_APPS_VERSION="2.0.4"
MCP_CLIENT_VERSION="2.4.0"
ZOD_VERSION="4.6.7"
ESBUILD_VERSION="0.28.2"
CONFORMANCE_VERSION="0.1.16"
NEXT_CONFORMANCE_VERSION="0.2.0-alpha.12"
GATEWAY_VERSION="4.0.0"
INSPECTOR_VERSION="2.12.0"
MCPB_VERSION="2.1.2"
CLAUDE_CODE_VERSION="2.1.332"
AJV_CLI_VERSION="5.0.0"
AJV_FORMATS_VERSION="3.0.1"

# Debian packages the tests use, installed in one apt-get run when missing: Chromium for the map
# view's browser test, poppler-utils for the PDF export tests (pdftotext reads the text, pdftoppm
# draws the page), Xvfb and ImageMagick for the desktop app's end-to-end test, PostgreSQL with
# PostGIS for the PostGIS layers' tests (a throwaway cluster scripts/test.sh starts), and the fonts
# the labels-in-every-script tests draw with (Noto Sans Arabic, Hebrew and Devanagari; Droid Sans
# Fallback for Chinese and Japanese).
install_debian_packages() {
  local packages=()
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
    local sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
  fi
}

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

install_python_packages() {
  if ! .venv/bin/python -c "import mcp" 2>/dev/null; then
    echo "== installing the MCP Python SDK ${MCP_SDK_VERSION} into .venv"
    python3 -m venv .venv
    .venv/bin/pip install --quiet "mcp==${MCP_SDK_VERSION}"
  fi
  # The Python client validates every structured result against its tool's outputSchema (the SDK
  # brings jsonschema; named here because the script imports it itself).
  pip_install_missing jsonschema "outputSchema validation" "jsonschema==${JSONSCHEMA_VERSION}"
  pip_install_missing playwright "Playwright for Python, no browsers: it drives Debian's Chromium" \
    "playwright==${PLAYWRIGHT_VERSION}"
  pip_install_missing "pyogrio, shapely" "GDAL" "pyogrio==${PYOGRIO_VERSION}" "shapely==${SHAPELY_VERSION}"
  # GeoParquet is read back by GeoPandas and pyarrow: the pyogrio wheels' GDAL has no Parquet driver.
  pip_install_missing "geopandas, pyarrow" "GeoParquet" "geopandas==${GEOPANDAS_VERSION}" "pyarrow==${PYARROW_VERSION}"
  pip_install_missing pyproj "projection references" "pyproj==${PYPROJ_VERSION}"
  # The font an SVG embeds is checked by OTS, the sanitizer browsers run on web fonts.
  pip_install_missing ots "SVG fonts" "opentype-sanitizer==${OTS_VERSION}"
  # rasterio's wheels bundle GDAL: it writes the raster fixtures and the values RustGIS must read.
  pip_install_missing "rasterio, numpy" "GDAL" "rasterio==${RASTERIO_VERSION}"
}

# The map view's host side: @modelcontextprotocol/ext-apps, its client and esbuild, into
# .tools/mcp-apps-host (scripts/test.sh bundles scripts/mcp_apps_host.mjs with them).
APPS_HOST="$PWD/.tools/mcp-apps-host"
install_apps_host() {
  if [ ! -x "$APPS_HOST/node_modules/.bin/esbuild" ] ||
     ! grep -q "\"version\": \"${EXT_APPS_VERSION}\"" \
       "$APPS_HOST/node_modules/@modelcontextprotocol/ext-apps/package.json" 2>/dev/null; then
    echo "== installing @modelcontextprotocol/ext-apps ${EXT_APPS_VERSION} and esbuild into .tools/mcp-apps-host"
    mkdir -p "$APPS_HOST"
    npm install --prefix "$APPS_HOST" --no-audit --no-fund --loglevel=error \
      "@modelcontextprotocol/ext-apps@${EXT_APPS_VERSION}" "@modelcontextprotocol/client@${MCP_CLIENT_VERSION}" \
      "zod@${ZOD_VERSION}" "esbuild@${ESBUILD_VERSION}"
  fi
}

# `node_tool DIR PACKAGE VERSION COMMAND` installs Node.js 22 and PACKAGE@VERSION into .tools/DIR
# the first time (or when COMMAND or that Node.js is missing), and puts its binaries first on PATH.
node_tool() {
  local tools="$PWD/.tools/$1" package="$2" version="$3" command="$4"
  local bin="$tools/node_modules/.bin"
  if [ ! -x "$bin/$command" ] || ! "$bin/node" --version 2>/dev/null | grep -q "^v${NODE_MAJOR}\."; then
    echo "== installing Node.js ${NODE_MAJOR} and ${package}@${version} into .tools/$1"
    mkdir -p "$tools"
    npm install --prefix "$tools" --no-audit --no-fund --loglevel=error "node@${NODE_MAJOR}" "${package}@${version}"
  fi
  export PATH="$bin:$PATH"
}

# The validators of scripts/manifest_checks.sh (mcpb, Claude Code, ajv) into .tools/manifest-checks,
# put first on PATH.
MANIFEST_TOOLS="$PWD/.tools/manifest-checks"
manifest_tools() {
  local bin="$MANIFEST_TOOLS/node_modules/.bin"
  if ! "$bin/node" --version 2>/dev/null | grep -q "^v${NODE_MAJOR}\." ||
     ! npm_installed @anthropic-ai/mcpb "$MCPB_VERSION" ||
     ! npm_installed @anthropic-ai/claude-code "$CLAUDE_CODE_VERSION" ||
     ! npm_installed ajv-cli "$AJV_CLI_VERSION" || ! npm_installed ajv-formats "$AJV_FORMATS_VERSION"; then
    echo "== installing Node.js ${NODE_MAJOR}, mcpb ${MCPB_VERSION}, Claude Code ${CLAUDE_CODE_VERSION} and ajv into .tools/manifest-checks"
    mkdir -p "$MANIFEST_TOOLS"
    npm install --prefix "$MANIFEST_TOOLS" --no-audit --no-fund --loglevel=error "node@${NODE_MAJOR}" \
      "@anthropic-ai/mcpb@${MCPB_VERSION}" "@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}" \
      "ajv-cli@${AJV_CLI_VERSION}" "ajv-formats@${AJV_FORMATS_VERSION}"
  fi
  export PATH="$bin:$PATH"
}

# Whether npm package $1 is installed in .tools/manifest-checks at version $2.
npm_installed() {
  grep -q "\"version\": \"$2\"" "$MANIFEST_TOOLS/node_modules/$1/package.json" 2>/dev/null
}

# `tools_start` runs this script in the background (beside a build), keeping its output;
# `tools_wait` waits for it, shows that output, and fails when the installing failed.
tools_start() {
  TOOLS_LOG="$(mktemp)"
  bash scripts/test_tools.sh > "$TOOLS_LOG" 2>&1 &
  TOOLS_PID=$!
}
tools_wait() {
  local status=0
  wait "$TOOLS_PID" || status=$?
  cat "$TOOLS_LOG"
  rm -f "$TOOLS_LOG"
  if [ "$status" != 0 ]; then
    echo "installing the tools the tests use failed (scripts/test_tools.sh, output above)" >&2
    return "$status"
  fi
}

install_all() {
  install_debian_packages
  install_python_packages
  install_apps_host
  # Subshells: installing puts each tool on PATH, which only its own script needs.
  (node_tool conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION" conformance)
  (node_tool conformance supergateway "$GATEWAY_VERSION" supergateway)
  (node_tool conformance-next @modelcontextprotocol/conformance "$NEXT_CONFORMANCE_VERSION" conformance)
  (node_tool inspector @modelcontextprotocol/inspector "$INSPECTOR_VERSION" mcp-inspector)
  (manifest_tools)
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  cd "$(dirname "$0")/.."
  APPS_HOST="$PWD/.tools/mcp-apps-host"
  MANIFEST_TOOLS="$PWD/.tools/manifest-checks"
  install_all
fi
