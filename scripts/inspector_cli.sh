#!/usr/bin/env bash
# The MCP Inspector's CLI (@modelcontextprotocol/inspector --cli, the official debugging client,
# from npm) drives `rustgis-cli mcp --sample` over stdio and the headless host's MCP over HTTP:
# tools/list (every tool has an outputSchema, and no schema the Inspector finds unportable),
# tools/call of each tool with its structured result validated against that schema and its text
# checked to carry the data, resources/list and resources/read, and a failing call reported as a
# tool error. scripts/inspector_checks.py checks what the Inspector printed.
#
# Node.js 22 and the Inspector are installed into the git-ignored .tools/inspector the first time.
set -euo pipefail
cd "$(dirname "$0")/.."

# INSPECTOR_VERSION and node_tool (installs Node.js 22 and the Inspector when missing, onto PATH).
# shellcheck source=scripts/test_tools.sh
source scripts/test_tools.sh
node_tool inspector @modelcontextprotocol/inspector "$INSPECTOR_VERSION" mcp-inspector
# The build scripts/test.sh makes: a no-op there, complete when run alone.
cargo test --locked --workspace --no-run --quiet

WORK="$(mktemp -d)"
HOST_PID=""
cleanup() {
  if [ -n "$HOST_PID" ]; then kill "$HOST_PID" 2>/dev/null || true; wait "$HOST_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
# The Inspector keeps a catalog of servers; this one is thrown away with the run.
export MCP_CATALOG_PATH="$WORK/catalog.json"

echo "== the MCP Inspector CLI $(mcp-inspector --version) over stdio"
stdio=(target/debug/rustgis-cli mcp --sample)
inspect() { mcp-inspector --cli "$@" 2>>"$WORK/inspector.log" || { cat "$WORK/inspector.log" >&2; return 1; }; }
# Every call the checks read, against the server the arguments name; each result into $WORK.
calls() {
  # --strict prints each schema-portability warning; there must be none (checked below).
  inspect "$@" --method tools/list --strict > "$WORK/tools.json"
  inspect "$@" --method resources/list > "$WORK/resources.json"
  inspect "$@" --method resources/read --uri rustgis://docs/commands.md > "$WORK/read.json"
  inspect "$@" --method tools/call --tool-name run_command --tool-arg command=layer.list > "$WORK/layer_list.json"
  inspect "$@" --method tools/call --tool-name read_table --tool-arg layer=cities limit=3 > "$WORK/read_table.json"
  inspect "$@" --method tools/call --tool-name list_commands --tool-arg query=buffer > "$WORK/list_commands.json"
  inspect "$@" --method tools/call --tool-name describe_command --tool-arg command=vector.buffer > "$WORK/describe.json"
  inspect "$@" --method tools/call --tool-name search_docs --tool-arg query=graduated > "$WORK/search_docs.json"
  inspect "$@" --method tools/call --tool-name view_map --tool-arg width=320 height=200 > "$WORK/view_map.json"
  inspect "$@" --method tools/call --tool-name run --tool-arg 'script=layer.list {}' > "$WORK/run.json"
  # A tool error makes the Inspector exit 1: expected here, and checked from what it printed.
  mcp-inspector --cli "$@" --method tools/call --tool-name run_command --tool-arg command=layer.nosuch \
    > "$WORK/error.json" 2>>"$WORK/inspector.log" || true
}
# The Inspector warns of schemas some clients or model providers read differently (a `type`
# array, a schema that constrains nothing); RustGIS's tools have none.
portable() {
  if grep -q "Schema portability" "$WORK/inspector.log"; then
    grep -v "^RustGIS" "$WORK/inspector.log" >&2
    echo "the MCP Inspector found tool schemas that are not portable (above)" >&2
    exit 1
  fi
}
calls "${stdio[@]}"
portable
.venv/bin/python scripts/inspector_checks.py "$WORK" stdio

echo "== the MCP Inspector CLI over HTTP (rustgis-relay --sample --http)"
# shellcheck source=scripts/http_host.sh
source scripts/http_host.sh
http=(--transport http --server-url "$URL" --header "Authorization: Bearer $(cat "$TOKEN_FILE")")
calls "${http[@]}"
portable
.venv/bin/python scripts/inspector_checks.py "$WORK" http
