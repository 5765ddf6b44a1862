#!/usr/bin/env bash
# Runs the official MCP conformance suite (@modelcontextprotocol/conformance, from npm) against
# MCP over HTTP on the headless host (rustgis-relay --sample --http), scenario by scenario.
#
# - Node.js 22 (the npm package `node`) and the suite are installed into the git-ignored
#   .tools/conformance the first time; only the npm registry is needed.
# - The suite has no option for request headers, so scripts/conformance-auth.mjs adds the
#   bearer token to its requests (RustGIS refuses requests without it).
# - The applicable server scenarios must pass, with one known exception: dns-rebinding-protection
#   also checks that a request with a localhost Origin header is accepted, and RustGIS refuses
#   every request with an Origin header (a web page), so that one check must fail with 403.
#   Every other check must succeed.
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE_VERSION="0.1.16"
SCENARIOS=(server-initialize ping tools-list resources-list dns-rebinding-protection)
# The one check that RustGIS fails on purpose, as "scenario/check-id".
REFUSED_BY_DESIGN="dns-rebinding-protection/localhost-host-valid-accepted"

# shellcheck source=scripts/node_tool.sh
source scripts/node_tool.sh
node_tool conformance @modelcontextprotocol/conformance "$CONFORMANCE_VERSION" conformance
echo "== $(node --version), conformance $(conformance --version)"

echo "== starting rustgis-relay --sample --http"
# The build scripts/test.sh makes (and `cargo test` reuses): a no-op there, complete when run alone.
cargo test --locked --workspace --no-run --quiet
WORK="$(mktemp -d)"
HOST_PID=""
cleanup() {
  if [ -n "$HOST_PID" ]; then kill "$HOST_PID" 2>/dev/null || true; wait "$HOST_PID" 2>/dev/null || true; fi
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
for scenario in "${SCENARIOS[@]}"; do
  echo "== scenario $scenario"
  # The suite's own exit status counts the refused-by-design check; the checks are judged below.
  conformance server --url "$URL" --scenario "$scenario" -o "$WORK/results" > "$WORK/$scenario.log" 2>&1 || true
done

node - "$WORK/results" "$REFUSED_BY_DESIGN" "${SCENARIOS[@]}" <<'JS'
const fs = require('fs');
const path = require('path');
const [results, refusedByDesign, ...scenarios] = process.argv.slice(2);
let failed = 0;
for (const scenario of scenarios) {
  const dir = fs.readdirSync(results).find((d) => d.startsWith(`server-${scenario}-`));
  if (!dir) { console.log(`FAIL ${scenario}: no results (see its log)`); failed++; continue; }
  const checks = JSON.parse(fs.readFileSync(path.join(results, dir, 'checks.json'), 'utf8'));
  for (const check of checks) {
    const name = `${scenario}/${check.id}`;
    if (name === refusedByDesign) {
      const ok = check.status === 'FAILURE' && check.details?.statusCode === 403;
      console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: refused by design (a request with an Origin header gets ${check.details?.statusCode})`);
      if (!ok) failed++;
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
