#!/usr/bin/env python3
"""The shapely 2.2 / GEOS 3.14 side of benches/benches/geoprocessing.rs, on the same files and
with the same parameters, for docs/PERFORMANCE.md. Run by hand on the machine that ran the Rust
benches (after `python3 -m venv .venv && .venv/bin/pip install shapely pyproj`):

    .venv/bin/python scripts/bench_geoprocessing_shapely.py

Prints the median of repeated runs of each operation, in milliseconds.
"""

import json
import os
import statistics
import time
from pathlib import Path

import shapely
from shapely.geometry import shape

ROOT = Path(__file__).resolve().parent.parent
BENCH = Path(os.environ.get("RUSTGIS_BENCH_DATA", ROOT.parent / "shared" / "data" / "bench"))


def geometries(name):
    return [shape(f["geometry"]) for f in json.loads((BENCH / name).read_text())["features"]]


def median_ms(f, repeat=20):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def main():
    countries = geometries("ne_110m_admin_0_countries.geojson")
    cities = geometries("cities_all.geojson")

    def join():
        tree = shapely.STRtree(cities)
        for country in countries:
            shapely.prepare(country)
        counts = [len(tree.query(c, predicate="contains")) for c in countries]
        for country in countries:
            shapely.destroy_prepared(country)
        return counts

    points = cities[:10_000]
    print(f"shapely {shapely.__version__} / GEOS {shapely.geos_version_string}")
    print(f"join 135,233 cities into 177 countries: {median_ms(join):.1f} ms")
    print(f"planar buffer of 10,000 points (0.1°): {median_ms(lambda: shapely.buffer(points, 0.1)):.1f} ms")
    print(f"planar buffer of 177 countries (0.1°): {median_ms(lambda: shapely.buffer(countries, 0.1)):.1f} ms")


if __name__ == "__main__":
    main()
