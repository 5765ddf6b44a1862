#!/usr/bin/env python3
"""Writes examples/data/parcels.geojson: six city lots of 60 x 80 m in two rows of three along a
street in Lyon, each with an owner, a lot number and its area, as a user's own data looks.

Metres become degrees with the WGS84 ellipsoid's radii of curvature at the block's latitude,
which is exact to well under a centimetre over 200 m. Run: python3 scripts/make_parcels.py
"""
import json
import math
from pathlib import Path

A = 6_378_137.0
F = 1 / 298.257_223_563
E2 = F * (2 - F)
ORIGIN = (4.8430, 45.7580)  # south-west corner of the block, longitude/latitude
LOT_W, LOT_H, STREET = 60.0, 80.0, 12.0
OWNERS = ["A. Martin", "B. Bernard", "C. Dubois", "D. Thomas", "E. Robert", "F. Richard"]


def degrees_per_metre(lat):
    phi = math.radians(lat)
    w = math.sqrt(1 - E2 * math.sin(phi) ** 2)
    meridian = A * (1 - E2) / w**3
    normal = A / w
    return 1 / math.radians(1) / (normal * math.cos(phi)), 1 / math.radians(1) / meridian


def main():
    dlon, dlat = degrees_per_metre(ORIGIN[1])
    features = []
    for n, owner in enumerate(OWNERS):
        row, col = divmod(n, 3)
        x0 = col * LOT_W
        y0 = row * (LOT_H + STREET)
        corners = [(x0, y0), (x0 + LOT_W, y0), (x0 + LOT_W, y0 + LOT_H), (x0, y0 + LOT_H), (x0, y0)]
        ring = [[round(ORIGIN[0] + x * dlon, 8), round(ORIGIN[1] + y * dlat, 8)] for x, y in corners]
        features.append({
            "type": "Feature",
            "properties": {"lot": n + 1, "owner": owner, "area_m2": LOT_W * LOT_H},
            "geometry": {"type": "Polygon", "coordinates": [ring]},
        })
    out = Path(__file__).resolve().parent.parent / "examples" / "data" / "parcels.geojson"
    text = json.dumps({"type": "FeatureCollection", "features": features}, indent=1)
    out.write_text(text + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
