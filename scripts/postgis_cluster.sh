# Sourced by scripts/test.sh (and the PostGIS benchmark): starts a throwaway PostgreSQL cluster
# with PostGIS for the tests, on loopback only, in a temporary folder, on a free port, and
# exports RUSTGIS_TEST_PG (its connection, no password: trust on 127.0.0.1) and PG_BIN. The
# cluster is stopped and its folder removed when the sourcing shell exits.
# pg_stat_statements is loaded, so the tests can read which SQL RustGIS sent.
# TLS is on, with a throwaway CA's certificate for localhost and 127.0.0.1 (openssl); the CA and
# another CA that signed nothing the server holds are in $RUSTGIS_TEST_PG_TLS (root.crt,
# other-root.crt), for the tests of sslmode, with client.crt and client.key, the certificate the
# role rustgis_cert signs in with (pg_hba.conf lets that role in by certificate only). Without
# openssl, the cluster runs without TLS.
PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
if [ -z "$PG_BIN" ] || ! ls /usr/share/postgresql/*/extension/postgis.control >/dev/null 2>&1; then
  echo "PostgreSQL with PostGIS is not installed (apt-get install postgresql-15-postgis-3)" >&2
  return 1
fi
PG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/rustgis-pg.XXXXXX")
# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres system user.
if [ "$(id -u)" = 0 ]; then
  chown postgres "$PG_DIR"
  pg_run() { runuser -u postgres -- "$@"; }
else
  pg_run() { "$@"; }
fi
pg_stop() {
  pg_run "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$PG_DIR"
}
trap pg_stop EXIT
pg_run "$PG_BIN/initdb" -D "$PG_DIR/data" -A trust -U rustgis -E UTF8 --locale=C --no-sync >/dev/null
PG_TLS_CONF="ssl = off"
if command -v openssl >/dev/null; then
  TLS_DIR="$PG_DIR/tls"
  mkdir -p "$TLS_DIR"
  ec=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${ec[@]}" -days 2 -subj "/CN=RustGIS test CA" -keyout "$TLS_DIR/root.key" \
    -out "$TLS_DIR/root.crt" 2>/dev/null
  openssl req -x509 "${ec[@]}" -days 2 -subj "/CN=RustGIS other CA" -keyout "$TLS_DIR/other-root.key" \
    -out "$TLS_DIR/other-root.crt" 2>/dev/null
  openssl req "${ec[@]}" -subj "/CN=localhost" -keyout "$TLS_DIR/server.key" -out "$TLS_DIR/server.csr" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n' \
    >"$TLS_DIR/server.ext"
  openssl x509 -req -in "$TLS_DIR/server.csr" -CA "$TLS_DIR/root.crt" -CAkey "$TLS_DIR/root.key" \
    -CAcreateserial -days 2 -extfile "$TLS_DIR/server.ext" -out "$TLS_DIR/server.crt" 2>/dev/null
  openssl req "${ec[@]}" -subj "/CN=rustgis_cert" -keyout "$TLS_DIR/client.key" -out "$TLS_DIR/client.csr" 2>/dev/null
  printf 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n' >"$TLS_DIR/client.ext"
  openssl x509 -req -in "$TLS_DIR/client.csr" -CA "$TLS_DIR/root.crt" -CAkey "$TLS_DIR/root.key" \
    -CAcreateserial -days 2 -extfile "$TLS_DIR/client.ext" -out "$TLS_DIR/client.crt" 2>/dev/null
  # PostgreSQL reads its key only when its own user owns it and nobody else may read it (and
  # RustGIS, like libpq, wants the same of a client's key).
  chmod 600 "$TLS_DIR/server.key" "$TLS_DIR/client.key"
  [ "$(id -u)" = 0 ] && chown postgres "$TLS_DIR/server.key" "$TLS_DIR/server.crt"
  PG_TLS_CONF="ssl = on
ssl_cert_file = '$TLS_DIR/server.crt'
ssl_key_file = '$TLS_DIR/server.key'
ssl_ca_file = '$TLS_DIR/root.crt'"
  # The first matching line wins: rustgis_cert only by a certificate the test CA signed.
  hba="$PG_DIR/data/pg_hba.conf"
  { echo "hostssl all rustgis_cert 127.0.0.1/32 cert"; cat "$hba"; } >"$PG_DIR/hba.new"
  cat "$PG_DIR/hba.new" >"$hba"
  rm "$PG_DIR/hba.new"
  export RUSTGIS_TEST_PG_TLS="$TLS_DIR"
fi
PG_PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >>"$PG_DIR/data/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_DIR'
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
fsync = off
synchronous_commit = off
full_page_writes = off
$PG_TLS_CONF
CONF
pg_run "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/log" -w start >/dev/null
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U rustgis -d postgres -c "CREATE DATABASE rustgis" >/dev/null
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U rustgis -d rustgis \
  -c "CREATE EXTENSION postgis; CREATE EXTENSION pg_stat_statements" >/dev/null
if [ -n "${RUSTGIS_TEST_PG_TLS:-}" ]; then
  "$PG_BIN/psql" -q -h 127.0.0.1 -p "$PG_PORT" -U rustgis -d rustgis -c "CREATE ROLE rustgis_cert LOGIN" >/dev/null
fi
export PG_BIN
export RUSTGIS_TEST_PG="host=127.0.0.1 port=$PG_PORT user=rustgis dbname=rustgis"
