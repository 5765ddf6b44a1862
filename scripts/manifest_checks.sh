#!/usr/bin/env bash
# Validates the manifests that publish RustGIS, each with the tool its ecosystem provides, installed
# from npm (with Node.js 22, by scripts/test_tools.sh) into the git-ignored .tools/manifest-checks
# the first time; only the npm registry is needed:
# - packaging/mcpb/manifest.json, the MCP bundle (one-click install in desktop hosts):
#   `mcpb validate` (@anthropic-ai/mcpb);
# - packaging/claude-plugin (the Claude Code plugin and its .mcp.json) and the marketplace that
#   lists it, .claude-plugin/marketplace.json: `claude plugin validate` (@anthropic-ai/claude-code);
# - the MCP bundle itself, built from that manifest and the test build's rustgis-cli by
#   scripts/mcpb_bundle.sh (`mcpb pack`), read back, unpacked and started as its manifest says,
#   with the registry's packages entry for it written beside it;
# - server.json, for the MCP Registry: `mcp-publisher validate` when mcp-publisher is on PATH (it is
#   a Go program, not on npm); otherwise the JSON Schema its "$schema" names, with ajv (npm), from
#   .tools/manifest-checks/schemas or fetched from static.modelcontextprotocol.io. When neither can be
#   had (no mcp-publisher, that host unreachable) it says so and goes on, unless
#   MANIFEST_CHECKS_STRICT=1. The Rust test `manifests::` checks its registry rules either way.
set -euo pipefail
cd "$(dirname "$0")/.."

# The validators' versions, installed into .tools/manifest-checks when missing and put on PATH.
# shellcheck source=scripts/test_tools.sh
source scripts/test_tools.sh
manifest_tools

echo "== the MCP bundle manifest (mcpb validate)"
mcpb validate packaging/mcpb/manifest.json

# Claude Code keeps its own settings under CLAUDE_CONFIG_DIR: a throwaway folder, so validating
# reads and writes nothing of the user's.
CLAUDE_CONFIG_DIR="$(mktemp -d)"
export CLAUDE_CONFIG_DIR
trap 'rm -rf "$CLAUDE_CONFIG_DIR"' EXIT
echo "== the Claude Code plugin and its marketplace (claude plugin validate)"
claude plugin validate packaging/claude-plugin
claude plugin validate .

echo "== the MCP Registry's server.json"
if command -v mcp-publisher >/dev/null; then
  mcp-publisher validate server.json
else
  schema_url="$(node -e 'console.log(JSON.parse(require("fs").readFileSync("server.json", "utf8"))["$schema"])')"
  schema="$MANIFEST_TOOLS/schemas/$(basename "$(dirname "$schema_url")")-server.schema.json"
  if [ ! -s "$schema" ]; then
    mkdir -p "$MANIFEST_TOOLS/schemas"
    curl -fsSL --max-time 20 "$schema_url" -o "$schema.part" 2>/dev/null && mv "$schema.part" "$schema" || rm -f "$schema.part"
  fi
  if [ -s "$schema" ]; then
    ajv validate --spec=draft7 --strict=false -c ajv-formats -s "$schema" -d server.json
  elif [ "${MANIFEST_CHECKS_STRICT:-0}" = 1 ]; then
    echo "server.json: no mcp-publisher on PATH and $schema_url could not be fetched" >&2
    exit 1
  else
    echo "server.json: not validated by a registry tool: no mcp-publisher on PATH, and $schema_url could not be fetched (put the schema at $schema, or set MANIFEST_CHECKS_STRICT=1 to make this an error); the Rust test manifests:: checked the registry's rules"
  fi
fi

echo "== the MCP bundle, built, unpacked and started (scripts/mcpb_bundle.sh)"
if [ ! -x target/debug/rustgis-cli ]; then
  echo "target/debug/rustgis-cli is missing: build it first (cargo build -p rustgis-cli)" >&2
  exit 1
fi
dist="$(mktemp -d)"
version="$(node -e 'console.log(JSON.parse(require("fs").readFileSync("server.json", "utf8")).version)')"
bash scripts/mcpb_bundle.sh target/debug/rustgis-cli "$dist" "https://github.com/rustgis/rustgis/releases/download/v${version}"
rm -rf "$dist"
