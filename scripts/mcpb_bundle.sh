#!/usr/bin/env bash
# Builds the MCP bundle and the MCP Registry entry for one release, and checks the bundle as a
# desktop host uses it:
# 1. packaging/mcpb/manifest.json and a rustgis-cli binary (debug information stripped) are packed
#    with `mcpb pack` into OUT/rustgis-VERSION-OS-ARCH.mcpb;
# 2. OUT/server.json is the committed server.json with a `packages` entry for that file: registry
#    type mcpb, its download URL (BASE_URL/FILE), its SHA-256, stdio. The committed server.json
#    names no package, since no release file exists to download until a release uploads this one;
# 3. the bundle is read back (`mcpb info`), unpacked into a fresh folder, and the command its
#    manifest names is started with the manifest's arguments (the data folder a temporary one) and
#    asked initialize and tools/list over stdio; it must answer with RustGIS's tools.
#
#   bash scripts/mcpb_bundle.sh target/release/rustgis-cli dist \
#     https://github.com/rustgis/rustgis/releases/download/v0.1.0
#
# Needs mcpb and node on PATH (scripts/manifest_checks.sh installs both into .tools/manifest-checks
# and runs this with the test build's binary).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -ne 3 ]; then
  sed -n '2,17p' "$0" >&2
  exit 2
fi
BINARY="$1"
OUT="$2"
BASE_URL="${3%/}"

version="$(node -e 'console.log(JSON.parse(require("fs").readFileSync("packaging/mcpb/manifest.json", "utf8")).version)')"
os="$(uname -s | tr '[:upper:]' '[:lower:]')"
file="rustgis-${version}-${os}-$(uname -m).mcpb"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

echo "== packing $file"
mkdir -p "$work/stage/server"
cp packaging/mcpb/manifest.json "$work/stage/"
cp "$BINARY" "$work/stage/server/rustgis-cli"
strip --strip-debug "$work/stage/server/rustgis-cli" 2>/dev/null || true
mcpb pack "$work/stage" "$OUT/$file" >"$work/pack.log" 2>&1 || { cat "$work/pack.log" >&2; exit 1; }
mcpb info "$OUT/$file" | head -20

echo "== the registry's entry for it: $OUT/server.json"
sha="$(sha256sum "$OUT/$file" | cut -d' ' -f1)"
URL="$BASE_URL/$file" SHA="$sha" node -e '
  const fs = require("fs");
  const server = JSON.parse(fs.readFileSync("server.json", "utf8"));
  server.packages = [{
    registryType: "mcpb",
    identifier: process.env.URL,
    version: server.version,
    fileSha256: process.env.SHA,
    transport: { type: "stdio" },
  }];
  fs.writeFileSync(process.argv[1], JSON.stringify(server, null, 2) + "\n");
' "$OUT/server.json"
grep -q "\"fileSha256\": \"$sha\"" "$OUT/server.json"

echo "== starting the unpacked bundle as its manifest says"
mcpb unpack "$OUT/$file" "$work/unpacked" >/dev/null
mkdir -p "$work/data"
# The manifest's command and arguments, with ${__dirname} the bundle's folder and the data folder
# the user would choose; one per line.
DIR="$work/unpacked" DATA="$work/data" node -e '
  const fs = require("fs");
  const manifest = JSON.parse(fs.readFileSync(process.env.DIR + "/manifest.json", "utf8"));
  const fill = (text) => text.replaceAll("${__dirname}", process.env.DIR).replaceAll("${user_config.data_folder}", process.env.DATA);
  const config = manifest.server.mcp_config;
  console.log([config.command, ...config.args].map(fill).join("\n"));
' >"$work/command"
mapfile -t command <"$work/command"
chmod +x "${command[0]}"
{
  printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"bundle-check","version":"1"}}}'
  printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/initialized"}'
  printf '%s\n' '{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
  sleep 5
} | timeout 60 "${command[@]}" >"$work/answers" 2>"$work/stderr" || true
if ! grep -q '"serverInfo"' "$work/answers" || ! grep -q '"run_command"' "$work/answers"; then
  echo "the unpacked bundle did not answer initialize and tools/list:" >&2
  head -c 2000 "$work/answers" "$work/stderr" >&2
  exit 1
fi
echo "the bundle's server answers initialize and lists $(grep -o '"name":"[a-z_]*"' "$work/answers" | wc -l) names in tools/list"
echo "built $OUT/$file ($(du -h "$OUT/$file" | cut -f1)) and $OUT/server.json"
