"""Writes the rasters of benches/benches/raster.rs with GDAL (rasterio's wheels) into a git-ignored
folder; the bench runs it when the folder is empty.

    .venv/bin/python scripts/make_raster_bench_data.py target/bench-rasters

- `big_10k.tif`: 10 000 x 10 000 float32 cells (400 MB once read), tiled 256 x 256, deflate: a
  smooth synthetic terrain quantised to 0.1 m, as real elevation models compress.
- `global_dem.tif`: the whole world at 0.05 degrees (7200 x 3600), float32, tiled 256 x 256,
  deflate, nodata -9999 south of 80 S: the grid of the zonal statistics and hillshade benches.
"""

import sys
from pathlib import Path

import numpy as np
import rasterio
from rasterio.crs import CRS
from rasterio.transform import from_origin
from rasterio.windows import Window


def terrain(rows, cols, row0, scale):
    """Elevation for rows `row0..row0 + rows` of a grid, in metres, quantised to 0.1 m."""
    yy = (np.arange(row0, row0 + rows, dtype=np.float64) * scale)[:, None]
    xx = (np.arange(cols, dtype=np.float64) * scale)[None, :]
    z = 800.0 + 600.0 * np.sin(xx / 900.0) * np.cos(yy / 700.0)
    z += 250.0 * np.sin(xx / 130.0 + yy / 170.0) + 90.0 * np.cos(xx / 37.0 - yy / 23.0)
    z += 15.0 * np.sin(xx / 5.3) * np.cos(yy / 4.1)
    return np.round(z, 1).astype(np.float32)


def write(path, width, height, transform, scale, nodata_below_row=None):
    profile = dict(driver="GTiff", width=width, height=height, count=1, dtype="float32",
                   transform=transform, crs=CRS.from_epsg(4326), tiled=True, blockxsize=256,
                   blockysize=256, compress="deflate", nodata=-9999.0)
    with rasterio.open(path, "w", **profile) as dst:
        step = 1024
        for row0 in range(0, height, step):
            rows = min(step, height - row0)
            block = terrain(rows, width, row0, scale)
            if nodata_below_row is not None and row0 + rows > nodata_below_row:
                block[max(0, nodata_below_row - row0):, :] = -9999.0
            dst.write(block, 1, window=Window(0, row0, width, rows))


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "target/bench-rasters")
    out.mkdir(parents=True, exist_ok=True)
    write(out / "global_dem.tif", 7200, 3600, from_origin(-180.0, 90.0, 0.05, 0.05), 1.4, nodata_below_row=3400)
    write(out / "big_10k.tif", 10000, 10000, from_origin(0.0, 50.0, 0.0001, 0.0001), 1.0)
    print(f"raster bench data written to {out}")


if __name__ == "__main__":
    main()
