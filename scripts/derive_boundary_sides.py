#!/usr/bin/env python3
"""Names the countries on each side of every line of the World Atlas sample's `boundaries`.

A one-off derivation, run once and committed as data (the result is
rustgis-core/data/world-atlas/admin_0_boundary_lines_land.geojson itself); run it again only
when the sample's countries or boundary lines change:

    python3 -m venv .venv && .venv/bin/pip install shapely==2.2.0
    .venv/bin/python scripts/derive_boundary_sides.py

For each segment of a line, points a little to its left and right (0.01 to 0.1 degrees,
perpendicular to the segment at its middle) are looked up in the sample's countries; each side
takes the country found most often, weighted by segment length. Left and right follow the
line's direction as stored. The geometry is not touched: only `properties` are (re)written,
as `left`, `left_iso_a3`, `right`, `right_iso_a3` (the countries' `name` and `iso_a3`; null
where a side has no country or the country has no code).
"""

import json
import math
import sys
from collections import Counter
from pathlib import Path

from shapely.geometry import Point, shape
from shapely.strtree import STRtree

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "rustgis-core" / "data" / "world-atlas"
OFFSETS = [0.01, 0.03, 0.1]


def segments(parts):
    """Each segment of the lines' parts: its length, its midpoint and its unit normal (to the left)."""
    for part in parts:
        for (x0, y0), (x1, y1) in zip(part, part[1:]):
            length = math.hypot(x1 - x0, y1 - y0)
            if length == 0:
                continue
            yield length, ((x0 + x1) / 2, (y0 + y1) / 2), (-(y1 - y0) / length, (x1 - x0) / length)


def main() -> int:
    countries = json.loads((DATA / "countries.geojson").read_text())["features"]
    polygons = [shape(c["geometry"]) for c in countries]
    tree = STRtree(polygons)
    path = DATA / "admin_0_boundary_lines_land.geojson"
    lines = json.loads(path.read_text())

    def country_at(x: float, y: float):
        p = Point(x, y)
        for idx in tree.query(p, predicate="intersects"):
            return int(idx)
        return None

    unnamed = 0
    for feature in lines["features"]:
        geometry = feature["geometry"]
        parts = geometry["coordinates"] if geometry["type"] == "MultiLineString" else [geometry["coordinates"]]
        left, right = Counter(), Counter()
        for length, (mx, my), (nx, ny) in segments(parts):
            for d in OFFSETS:
                a, b = country_at(mx + d * nx, my + d * ny), country_at(mx - d * nx, my - d * ny)
                if a is not None and b is not None and a != b:
                    left[a] += length
                    right[b] += length
                    break
        if not left or not right:
            # A line along water (one in the Kerch Strait) has a country on one side at most: take what
            # either side finds on its own, or the nearest country within 0.5 degrees.
            for length, (mx, my), (nx, ny) in segments(parts):
                for sign, votes in ((1, left), (-1, right)):
                    p = Point(mx + sign * 0.05 * nx, my + sign * 0.05 * ny)
                    idx = tree.query_nearest(p, max_distance=0.5)
                    if len(idx):
                        votes[int(idx[0])] += length
        if left and right and left.most_common(1)[0][0] == right.most_common(1)[0][0]:
            # The same country on both sides (the strait's line runs inside one polygon at this
            # scale): the weaker side takes the nearest other country.
            weak, strong = (left, right) if sum(left.values()) <= sum(right.values()) else (right, left)
            taken = strong.most_common(1)[0][0]
            line = shape(geometry)
            others = [int(i) for i in tree.query(line.buffer(0.5)) if int(i) != taken]
            weak.clear()
            if others:
                weak[min(others, key=lambda i: polygons[i].distance(line))] = 1.0
        props = {}
        for side, votes in (("left", left), ("right", right)):
            idx = votes.most_common(1)[0][0] if votes else None
            country = countries[idx]["properties"] if idx is not None else {}
            props[side] = country.get("name")
            props[f"{side}_iso_a3"] = country.get("iso_a3")
        if props["left"] is None or props["right"] is None:
            unnamed += 1
            print(f"no country found on a side of line {lines['features'].index(feature)}", file=sys.stderr)
        feature["properties"] = props
    path.write_text(json.dumps(lines, separators=(",", ":"), ensure_ascii=False))
    print(f"{len(lines['features'])} boundary lines, {unnamed} with a side unnamed", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
