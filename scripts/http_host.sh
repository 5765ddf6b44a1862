# Sourced by scripts that talk to MCP over HTTP (conformance.sh, inspector_cli.sh): starts
# `rustgis-relay --sample --http` on free loopback ports with its files in $WORK (which the caller
# made and removes), waits for its first line, and sets URL, TOKEN_FILE and HOST_PID (the caller's
# cleanup stops it). Needs node on PATH to read the line.
mkdir -m 700 "$WORK/run"
XDG_RUNTIME_DIR="$WORK/run" target/debug/rustgis-relay --sample --port 0 --http --http-port 0 \
  --settings "$WORK/settings" --app-data "$WORK/app-data" < /dev/null > "$WORK/started.json" 2> "$WORK/host.log" &
HOST_PID=$!
for _ in $(seq 1 300); do
  [ -s "$WORK/started.json" ] && break
  kill -0 "$HOST_PID" 2>/dev/null || { cat "$WORK/host.log" >&2; exit 1; }
  sleep 0.1
done
started_field() {
  node -e 'const s = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8").split("\n")[0]); console.log(s.result.http[process.argv[2]])' \
    "$WORK/started.json" "$1"
}
URL="$(started_field url)"
TOKEN_FILE="$(started_field token_file)"
