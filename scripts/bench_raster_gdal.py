#!/usr/bin/env python3
"""The GDAL side of benches/benches/raster.rs: does what it is sent on standard input with rasterio
(GDAL) and numpy, and answers with one number, so the bench times GDAL in the same run, on the same
files, as RustGIS. Started by the bench from .venv; not meant to be run by hand.

    read <tif>                 every cell of band 1 (rasterio's read); answers the cell count
    zonal <tif> <geojson>      rasterstats' counting (rasterize each polygon over its window, cells
                               whose centre is inside) and count/sum/mean/min/max/majority per
                               polygon; answers the cells with data counted over all polygons
    hillshade <tif>            Horn's hillshade as gdaldem computes it (rasterio ships no gdaldem),
                               numpy-vectorised, geodesic cell sizes per row; answers the cells shaded
"""

import json
import math
import sys

import numpy as np
import rasterio
from rasterio import features, windows


def read(path):
    with rasterio.open(path) as src:
        return src.read(1).size


_zones = {}


def zonal(path, geojson):
    if geojson not in _zones:
        import shapely.geometry
        _zones[geojson] = [shapely.geometry.shape(f["geometry"]) for f in json.load(open(geojson))["features"]]
    total = 0
    with rasterio.open(path) as src:
        values = src.read(1)
        nodata = src.nodata
        transform = src.transform
        for geometry in _zones[geojson]:
            window = windows.from_bounds(*geometry.bounds, transform=transform).round_offsets().round_lengths()
            window = window.intersection(windows.Window(0, 0, src.width, src.height))
            rows, cols = window.toslices()
            cells = values[rows, cols]
            if cells.size == 0:
                continue
            inside = features.rasterize([(geometry, 1)], out_shape=cells.shape,
                                        transform=windows.transform(window, transform), fill=0,
                                        dtype="uint8").astype(bool)
            valid = cells[inside & (cells != nodata)]
            if valid.size:
                uniques, counts = np.unique(valid, return_counts=True)
                _ = (valid.size, valid.sum(dtype=np.float64), valid.mean(dtype=np.float64), valid.min(),
                     valid.max(), uniques[np.argmax(counts)])
                total += valid.size
    return total


def hillshade(path):
    with rasterio.open(path) as src:
        z = src.read(1).astype(np.float64)
        nodata = src.nodata
        t = src.transform
    h, w = z.shape
    a, f = 6378137.0, 1 / 298.257223563
    e2 = f * (2 - f)
    lat = np.radians(t.f + (np.arange(h) + 0.5) * t.e)
    wq = np.sqrt(1 - e2 * np.sin(lat) ** 2)
    ew = (a / wq * np.cos(lat) * np.radians(abs(t.a)))[1:-1, None]
    ns = (a * (1 - e2) / wq ** 3 * np.radians(abs(t.e)))[1:-1, None]
    win = [z[r:h - 2 + r, c:w - 2 + c] for r in range(3) for c in range(3)]
    bad = np.zeros((h - 2, w - 2), dtype=bool)
    for cell in win:
        bad |= cell == nodata
    ta, tb, tc, td, _, tf, tg, th, ti = win
    x = -((tc + 2 * tf + ti) - (ta + 2 * td + tg)) / (8 * ew)
    y = ((ta + 2 * tb + tc) - (tg + 2 * th + ti)) / (8 * ns)
    alt, az = math.radians(45), math.radians(315)
    cang = (math.sin(alt) - (y * math.cos(az) * math.cos(alt) - x * math.sin(az) * math.cos(alt))) / np.sqrt(
        1 + x * x + y * y)
    out = np.zeros((h, w), dtype=np.uint8)
    out[1:-1, 1:-1] = np.where(bad, 0, np.where(cang <= 0, 1, 1 + np.round(254 * cang))).astype(np.uint8)
    return int((out > 0).sum())


for line in sys.stdin:
    command, *args = line.rstrip("\n").split("\t")
    answer = {"read": read, "zonal": zonal, "hillshade": hillshade}[command](*args)
    sys.stdout.write(f"{answer}\n")
    sys.stdout.flush()
