#!/usr/bin/env python3
"""Reference figures for the geoprocessing tests, from GEOS (shapely) and PROJ's geodesics (pyproj).

Run by hand when the sample data or the checks change; commit what it writes:

    python3 -m venv .venv && .venv/bin/pip install shapely pyproj
    .venv/bin/python scripts/make_geoprocessing_fixtures.py

It reads the World Atlas sample (rustgis-core/data/world-atlas) and, when present, the bench data
(../shared/data/bench, or $RUSTGIS_BENCH_DATA), and writes small JSON files to
rustgis-core/tests/fixtures/geoprocessing/, which rustgis-core/tests/core/geoprocessing.rs reads.
Nothing here comes from RustGIS: the figures are independent of the code they check.
"""

import json
import math
import os
import sys
from pathlib import Path

import pyproj
import shapely
from shapely.geometry import Point, Polygon, shape
from shapely.geometry.polygon import orient

ROOT = Path(__file__).resolve().parent.parent
ATLAS = ROOT / "rustgis-core" / "data" / "world-atlas"
OUT = ROOT / "rustgis-core" / "tests" / "fixtures" / "geoprocessing"
BENCH = Path(os.environ.get("RUSTGIS_BENCH_DATA", ROOT.parent / "shared" / "data" / "bench"))
GEOD = pyproj.Geod(ellps="WGS84")


def features(path):
    return json.loads(Path(path).read_text())["features"]


def geodesic_area_km2(geometry):
    """Area on WGS 84 of a (multi)polygon, rings oriented first (exterior counter-clockwise)."""
    parts = geometry.geoms if geometry.geom_type == "MultiPolygon" else [geometry]
    return sum(abs(GEOD.geometry_area_perimeter(orient(p, 1.0))[0]) for p in parts) / 1e6


def geodesic_ring(lon, lat, radius_m, n):
    """n points `radius_m` from (lon, lat) on WGS 84, bearings walking downwards from north."""
    bearings = [360.0 - 360.0 * k / n for k in range(n)]
    lons, lats, _ = GEOD.fwd([lon] * n, [lat] * n, bearings, [radius_m] * n)
    return list(zip(lons, lats))


def ring_area_km2(points):
    lons, lats = zip(*points)
    return abs(GEOD.polygon_area_perimeter(lons, lats)[0]) / 1e6


def write(name, data):
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / name
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {path.relative_to(ROOT)}", file=sys.stderr)


def main():
    countries = features(ATLAS / "countries.geojson")
    cities = features(ATLAS / "cities.geojson")
    coastline = features(ATLAS / "coastline.geojson")
    versions = {"shapely": shapely.__version__, "geos": shapely.geos_version_string, "pyproj": pyproj.__version__}

    # Geodesic areas of every sample country, by feature position (1-based, as RustGIS ids).
    write("country_areas.json", {
        "versions": versions,
        "areas_km2": {str(i + 1): geodesic_area_km2(shape(f["geometry"])) for i, f in enumerate(countries)},
        "names": {str(i + 1): f["properties"]["name"] for i, f in enumerate(countries)},
        # The countries GEOS finds invalid, with its reason: RustGIS must repair or report each.
        "invalid": {str(i + 1): shapely.is_valid_reason(shape(f["geometry"]))
                    for i, f in enumerate(countries) if not shape(f["geometry"]).is_valid},
    })

    # Geodesic lengths of the coastline features.
    lengths = {}
    for i, f in enumerate(coastline):
        g = shape(f["geometry"])
        lines = g.geoms if g.geom_type == "MultiLineString" else [g]
        lengths[str(i + 1)] = sum(GEOD.geometry_length(line) for line in lines) / 1000.0
    write("coastline_lengths.json", {"versions": versions, "lengths_km": lengths})

    # 200 km geodesic buffers: the area of the 32-gon RustGIS draws (same vertices, from PROJ's
    # geodesic) and of the true circle (a 4096-gon).
    centres = {c["properties"]["name"]: c["geometry"]["coordinates"] for c in cities
               if c["properties"]["name"] in ("Helsinki", "Quito", "Singapore", "Suva", "Wellington")}
    centres["antimeridian"] = [180.0, -17.0]
    buffers = {}
    for name, (lon, lat) in sorted(centres.items()):
        buffers[name] = {
            "centre": [lon, lat],
            "polygon_32_km2": ring_area_km2(geodesic_ring(lon, lat, 200_000.0, 32)),
            "circle_km2": ring_area_km2(geodesic_ring(lon, lat, 200_000.0, 4096)),
        }
    write("buffer_areas.json", {"versions": versions, "radius_km": 200.0, "buffers": buffers})

    # Planar buffers of the sample countries in degrees (GEOS defaults: 8 segments per quarter
    # circle, round joins), as planar areas in square degrees. 1° also fills bays and merges islands.
    planar = {}
    for distance in (0.1, 1.0):
        planar[str(distance)] = {str(i + 1): shapely.buffer(shape(f["geometry"]), distance).area
                                 for i, f in enumerate(countries)}
    write("planar_buffer_areas.json", {"versions": versions, "quad_segs": 8, "areas_deg2": planar})

    # Point-in-polygon join: sample cities strictly inside each sample country (GEOS `contains`,
    # STRtree of the cities, prepared countries).
    def contains_counts(country_feats, city_points):
        tree = shapely.STRtree(city_points)
        counts = {}
        for i, f in enumerate(country_feats):
            g = shape(f["geometry"])
            shapely.prepare(g)
            counts[str(i + 1)] = int(len(tree.query(g, predicate="contains")))
        return counts

    city_points = [Point(c["geometry"]["coordinates"]) for c in cities]
    write("join_counts.json", {
        "versions": versions,
        "predicate": "contains",
        "counts": contains_counts(countries, city_points),
    })

    bench_countries, bench_cities = BENCH / "ne_110m_admin_0_countries.geojson", BENCH / "cities_all.geojson"
    if bench_countries.is_file() and bench_cities.is_file():
        points = [Point(c["geometry"]["coordinates"]) for c in features(bench_cities)]
        counts = contains_counts(features(bench_countries), points)
        write("bench_join_counts.json", {
            "versions": versions,
            "predicate": "contains",
            "cities": len(points),
            "counts": counts,
        })
    else:
        print(f"skipping the bench join: no bench data in {BENCH}", file=sys.stderr)

    # Intersections of countries with 200 km city buffers (the same geodesic 32-gons), measured
    # geodesically: the overlay is GEOS's, the area PROJ's.
    pairs = [("Paris", "France"), ("Brussels", "Belgium"), ("Brussels", "France"), ("Helsinki", "Finland"),
             ("Singapore", "Malaysia"), ("Nairobi", "Kenya"), ("Quito", "Ecuador")]
    city_at = {c["properties"]["name"]: c["geometry"]["coordinates"] for c in cities}
    country_of = {f["properties"]["name"]: shape(f["geometry"]) for f in countries}
    intersections = []
    for city, country in pairs:
        lon, lat = city_at[city]
        circle = Polygon(geodesic_ring(lon, lat, 200_000.0, 32))
        piece = shapely.intersection(shapely.make_valid(country_of[country]), circle)
        intersections.append({"city": city, "country": country, "area_km2": geodesic_area_km2(piece)})
    write("intersection_areas.json", {"versions": versions, "radius_km": 200.0, "pairs": intersections})

    # Nearest non-capital city to each of some capitals, by geodesic distance (brute force).
    capitals = [c for c in cities if c["properties"]["capital"]]
    others = [c for c in cities if not c["properties"]["capital"]]
    olon = [c["geometry"]["coordinates"][0] for c in others]
    olat = [c["geometry"]["coordinates"][1] for c in others]
    nearest = {}
    for c in capitals[:60]:
        lon, lat = c["geometry"]["coordinates"]
        _, _, dist = GEOD.inv([lon] * len(others), [lat] * len(others), olon, olat)
        best = min(range(len(others)), key=lambda k: dist[k])
        nearest[c["properties"]["name"]] = {"nearest": others[best]["properties"]["name"], "km": dist[best] / 1000.0}
    write("nearest_cities.json", {"versions": versions, "from": "capitals", "to": "non-capitals", "nearest": nearest})


if __name__ == "__main__":
    main()
