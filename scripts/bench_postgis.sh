#!/usr/bin/env bash
# The PostGIS benchmark (docs/PERFORMANCE.md, "PostGIS layers"): a throwaway cluster (unless
# RUSTGIS_TEST_PG names a database), a table of 10 million random points made with
# generate_series, the same three jobs done in psql alone, then by RustGIS
# (benches/benches/postgis.rs) with its peak memory. Usage: scripts/bench_postgis.sh [cargo bench options]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${RUSTGIS_TEST_PG:-}" ]; then
  # shellcheck source=scripts/postgis_cluster.sh
  source scripts/postgis_cluster.sh
fi
PSQL=(psql "$RUSTGIS_TEST_PG" -v ON_ERROR_STOP=1 -q)
if [ "$("${PSQL[@]}" -tAc "SELECT to_regclass('points') IS NOT NULL AND (SELECT count(*) FROM points) = 10000000" 2>/dev/null || true)" != "t" ]; then
  echo "== making points: 10,000,000 random points, primary key, GiST index"
  time "${PSQL[@]}" -c "DROP TABLE IF EXISTS points" \
    -c "CREATE TABLE points AS SELECT g::int8 AS id, (g % 1000)::int4 AS kind, ST_SetSRID(ST_MakePoint(random() * 360 - 180, random() * 150 - 60), 4326) AS geom FROM generate_series(1, 10000000) AS g" \
    -c "ALTER TABLE points ADD PRIMARY KEY (id)" -c "CREATE INDEX ON points USING GIST (geom)" -c "ANALYZE points"
fi
echo "== RustGIS"
cargo bench "$@" --bench postgis
echo "== the same in psql alone"
"${PSQL[@]}" -c '\timing on' \
  -c "SELECT count(*), sum(length(ST_AsBinary(geom))) FROM points WHERE geom && ST_MakeEnvelope(1.9, 48.6, 2.8, 49.1, 4326)" \
  -c "SELECT sum(n) FROM (SELECT (SELECT count(*) FROM points p WHERE ST_Intersects(c.geom, p.geom)) AS n FROM bench_countries c) AS x" \
  -c "SELECT count(*) FROM points WHERE ST_X(geom) > 179.99"
