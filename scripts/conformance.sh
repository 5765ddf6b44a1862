#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, from npm) against
# MCP over HTTP on the headless host (rustgis-relay --sample --http), scenario by scenario, then
# its protocol scenarios against the stdio server (rustgis-cli mcp --sample) behind supergateway.
#
# - Node.js 22 (the npm package `node`) and the suite are installed into the git-ignored
#   .tools/conformance the first time; only the npm registry is needed.
# - The suite has no option for request headers, so scripts/conformance-auth.mjs adds the
#   bearer token to its requests (RustGIS refuses requests without it).
# - Then the next suite (0.2.0 alpha, installed into .tools/conformance-next) runs its scenarios of
#   protocol 2026-07-28 and of the skills extension over HTTP: stateless requests, resource not
#   found, caching hints, the Mcp-Method/Mcp-Name headers (SEP-2243) and the skills. Its tasks and
#   input-required (elicitation) scenarios, and some checks of the others, call the suite's own
#   fixture tools (greet, slow_compute, test_missing_capability…), which a real server does not
#   have: those checks say "not testable" and are listed as n/a (checks the suite itself skips as
#   optional, such as directory reads a server does not declare, as skip); every other must pass.
# - The applicable server scenarios must pass, with one known exception: dns-rebinding-protection
#   also checks that a request with a localhost Origin header is accepted, and RustGIS refuses
#   every request with an Origin header (a web page), so that one check must fail with 403.
#   Every other check must succeed.
set -euo pipefail
cd "$(dirname "$0")/.."

# The next suite's scenarios that test a server without its fixtures (see above).
NEXT_SCENARIOS=(server-stateless sep-2164-resource-not-found caching http-header-validation
  sep-2640-skills-directory sep-2640-skills-enumeration sep-2640-skills-manifest)
# prompts-list is the one prompt scenario that names no prompt of the suite's own test server (the
# others, and completion-complete and resources-templates-read, ask for its fixtures by name).
SCENARIOS=(server-initialize ping tools-list resources-list prompts-list dns-rebinding-protection)
# Over stdio (behind a gateway): the scenarios about the protocol, not the HTTP server.
STDIO_SCENARIOS=(server-initialize ping tools-list resources-list prompts-list)
# The one check that RustGIS fails on purpose, as "scenario/check-id".
REFUSED_BY_DESIGN="dns-rebinding-protection/localhost-host-valid-accepted"

# Versions and node_tool (installs Node.js 22 and a tool when missing, and puts them on PATH).
# shellcheck source=scripts/test_tools.sh
source scripts/test_tools.sh
node_tool conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION" conformance
echo "== $(node --version), conformance $(conformance --version)"

echo "== starting rustgis-relay --sample --http"
# The build scripts/test.sh makes (and `cargo test` reuses): a no-op there, complete when run alone.
cargo test --locked --workspace --no-run --quiet
WORK="$(mktemp -d)"
HOST_PID=""
GATEWAY_PID=""
cleanup() {
  if [ -n "$HOST_PID" ]; then kill "$HOST_PID" 2>/dev/null || true; wait "$HOST_PID" 2>/dev/null || true; fi
  if [ -n "$GATEWAY_PID" ]; then kill "$GATEWAY_PID" 2>/dev/null || true; wait "$GATEWAY_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
# shellcheck source=scripts/http_host.sh
source scripts/http_host.sh
echo "== MCP over HTTP on $URL"

export RUSTGIS_MCP_URL="$URL"
RUSTGIS_MCP_TOKEN="$(cat "$TOKEN_FILE")"
export RUSTGIS_MCP_TOKEN
export NODE_OPTIONS="--import=$PWD/scripts/conformance-auth.mjs"
# Runs the scenarios after the URL ($1) against it, results into $WORK/results-$2, and judges
# every check they made.
run_scenarios() {
  local url="$1" label="$2"
  shift 2
  for scenario in "$@"; do
    echo "== scenario $scenario ($label)"
    # The suite's own exit status counts the refused-by-design check; the checks are judged below.
    conformance server --url "$url" --scenario "$scenario" -o "$WORK/results-$label" > "$WORK/$label-$scenario.log" 2>&1 || true
  done
  node - "$WORK/results-$label" "$REFUSED_BY_DESIGN" "$@" <<'JS'
const fs = require('fs');
const path = require('path');
const [results, refusedByDesign, ...scenarios] = process.argv.slice(2);
let failed = 0;
for (const scenario of scenarios) {
  const dir = fs.existsSync(results) && fs.readdirSync(results).find((d) => d.startsWith(`server-${scenario}-`));
  if (!dir) { console.log(`FAIL ${scenario}: no results (see its log)`); failed++; continue; }
  const checks = JSON.parse(fs.readFileSync(path.join(results, dir, 'checks.json'), 'utf8'));
  for (const check of checks) {
    const name = `${scenario}/${check.id}`;
    if (name === refusedByDesign) {
      const ok = check.status === 'FAILURE' && check.details?.statusCode === 403;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: refused by design (a request with an Origin header gets ${check.details?.statusCode})`);
      if (!ok) failed++;
    } else if (check.status === 'FAILURE' && check.details?.untestable) {
      console.log(`n/a  ${name}: ${check.errorMessage ?? 'not testable against this server'}`);
    } else if (check.status === 'SKIPPED') {
      console.log(`skip ${name}: ${check.errorMessage ?? 'optional, not applicable'}`);
    } else if (check.status === 'SUCCESS') {
      console.log(`ok   ${name}`);
    } else if (check.status !== 'INFO') {
      console.log(`FAIL ${name}: ${check.status} ${check.errorMessage ?? ''}`);
      failed++;
    }
  }
}
if (failed > 0) { console.log(`${failed} conformance check(s) failed`); process.exit(1); }
console.log('all applicable conformance checks pass');
JS
}
run_scenarios "$URL" http "${SCENARIOS[@]}"

echo "== the next suite (${NEXT_CONFORMANCE_VERSION}): protocol 2026-07-28 and the skills extension over HTTP"
node_tool conformance-next @modelcontextprotocol/conformance "$NEXT_CONFORMANCE_VERSION" conformance
echo "== $(conformance --version)"
run_scenarios "$URL" next "${NEXT_SCENARIOS[@]}"

# The suite speaks only HTTP: the stdio server (`rustgis-cli mcp --sample`, what a client starts)
# is put behind supergateway (one child per session, as a client starts one), which passes each
# message through unchanged. dns-rebinding-protection would test the gateway, not RustGIS, so
# the protocol scenarios run.
echo "== the protocol scenarios over stdio (rustgis-cli mcp --sample behind supergateway ${GATEWAY_VERSION})"
node_tool conformance supergateway "$GATEWAY_VERSION" supergateway
GATEWAY_PORT="$(node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
NODE_OPTIONS="--import=$PWD/scripts/loopback-listen.mjs" supergateway --stdio "$PWD/target/debug/rustgis-cli mcp --sample" \
  --outputTransport streamableHttp --stateful --port "$GATEWAY_PORT" --logLevel none > "$WORK/gateway.log" 2>&1 &
GATEWAY_PID=$!
for _ in $(seq 1 300); do
  node -e 'require("net").connect(+process.argv[1], "127.0.0.1").on("connect", () => process.exit(0)).on("error", () => process.exit(1))' \
    "$GATEWAY_PORT" 2>/dev/null && break
  kill -0 "$GATEWAY_PID" 2>/dev/null || { cat "$WORK/gateway.log" >&2; exit 1; }
  sleep 0.1
done
run_scenarios "http://127.0.0.1:$GATEWAY_PORT/mcp" stdio "${STDIO_SCENARIOS[@]}"
