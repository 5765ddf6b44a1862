"""Writes pyproj's answers for the world projections RustGIS draws maps in, for
rustgis-core/tests/core/projections.rs: 1,000 random points (seeded) and every vertex of the World
Atlas sample's countries, projected from EPSG:4326 to each CRS. One CSV per CRS in
tests-output/projections/ (git-ignored): lon,lat,x,y with full precision, and back_lon,back_lat:
where PROJ's inverse takes (x, y) (inf where it refuses; Robinson's and Mollweide's inverses
iterate, so they come back only as close as PROJ's iteration goes).

Usage: .venv/bin/python scripts/projection_references.py
"""

import json
import pathlib
import random

from pyproj import Transformer

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests-output" / "projections"
CRSS = ["EPSG:8857", "ESRI:54030", "ESRI:54009", "ESRI:54042", "ESRI:54077", "EPSG:3035", "EPSG:32633"]


def sample_vertices():
    countries = json.loads((ROOT / "rustgis-core/data/world-atlas/countries.geojson").read_text())
    for feature in countries["features"]:
        geometry = feature["geometry"]
        polygons = geometry["coordinates"] if geometry["type"] == "MultiPolygon" else [geometry["coordinates"]]
        for polygon in polygons:
            for ring in polygon:
                for lon, lat in ring:
                    yield lon, lat


def main():
    rng = random.Random(17)
    points = [(rng.uniform(-180, 180), rng.uniform(-90, 90)) for _ in range(1000)]
    points += list(sample_vertices())
    OUT.mkdir(parents=True, exist_ok=True)
    for crs in CRSS:
        transformer = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
        inverse = Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
        lines = ["lon,lat,x,y,back_lon,back_lat"]
        for lon, lat in points:
            x, y = transformer.transform(lon, lat)
            back_lon, back_lat = inverse.transform(x, y)
            lines.append(f"{lon!r},{lat!r},{x!r},{y!r},{back_lon!r},{back_lat!r}")
        (OUT / (crs.replace(":", "_") + ".csv")).write_text("\n".join(lines) + "\n")
    print(f"wrote {len(points)} points for {len(CRSS)} CRSs to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
