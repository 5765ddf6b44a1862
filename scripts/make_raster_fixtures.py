"""Writes the raster fixtures of RustGIS's raster tests with GDAL (through rasterio's wheels),
and the values RustGIS must find in them, into a git-ignored folder.

    .venv/bin/python scripts/make_raster_fixtures.py target/raster-fixtures

For every fixture `name.tif`: `name.json` (size, bands, data types, nodata, the GDAL geotransform,
the EPSG code, overview sizes and per-band statistics as rasterio and numpy compute them) and
`name.b<band>.npy` (each band as float64, read by rasterio). For the DEMs also the terrain
references `name.hillshade.npy`, `name.slope.npy` and `name.aspect.npy`.

rasterio ships no gdaldem, so the terrain references are computed here with numpy using Horn's
method exactly as gdaldem does (3x3 window, edges left as nodata; hillshade as gdaldem's byte
output 1..255; slope in degrees; aspect in degrees clockwise from north, -9999 where flat). On a
lon/lat grid the cell sizes are geodesic: per row, east-west N*cos(lat)*dlon and north-south
M*dlat on the WGS 84 ellipsoid, which gdaldem approximates with `-s 111120`.
"""

import json
import math
import sys
from pathlib import Path

import numpy as np
import rasterio
from rasterio.crs import CRS
from rasterio.enums import Resampling
from rasterio.transform import Affine, from_origin
import rasterio.shutil

NODATA = -9999.0


def dem_values(width, height, seed):
    """A synthetic DEM: a few smooth hills on a tilted plane, 0..~3000 m."""
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float64)
    z = 200.0 + 0.8 * xx + 0.3 * yy
    for _ in range(12):
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
        sigma = rng.uniform(0.05, 0.2) * max(width, height)
        amplitude = rng.uniform(300.0, 1800.0)
        z += amplitude * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2.0 * sigma * sigma))
    # Ridges and valleys at many scales, so a hillshade has relief to show.
    for _ in range(40):
        frequency = rng.uniform(0.004, 0.05)
        theta, phase = rng.uniform(0, math.pi), rng.uniform(0, 2 * math.pi)
        along = xx * math.cos(theta) + yy * math.sin(theta)
        z += rng.uniform(0.5, 1.5) / frequency * np.abs(np.sin(2 * math.pi * frequency * along + phase))
    z += rng.normal(0.0, 0.5, size=z.shape)
    return z - z.min() + 10.0


def with_lake(z, width, height):
    """Marks a round lake as nodata, so nodata cells sit inside the grid."""
    yy, xx = np.mgrid[0:height, 0:width]
    lake = (xx - width * 0.3) ** 2 + (yy - height * 0.6) ** 2 < (min(width, height) * 0.06) ** 2
    z = z.copy()
    z[lake] = NODATA
    return z


def write(path, arrays, transform, crs, dtype, nodata=None, **options):
    count = len(arrays)
    height, width = arrays[0].shape
    profile = dict(driver="GTiff", width=width, height=height, count=count, dtype=dtype,
                   transform=transform, crs=crs, **options)
    if nodata is not None:
        profile["nodata"] = nodata
    with rasterio.open(path, "w", **profile) as dst:
        for band, array in enumerate(arrays, start=1):
            dst.write(array.astype(dtype), band)
    return path


def band_stats(array, nodata):
    valid = array[array != nodata] if nodata is not None else array.ravel()
    valid = valid[np.isfinite(valid)]
    return {
        "min": float(valid.min()),
        "max": float(valid.max()),
        "mean": float(valid.mean()),
        "std": float(valid.std()),
        "valid": int(valid.size),
        "nodata": int(array.size - valid.size),
    }


def json_number(value):
    """A number for JSON: NaN and the infinities (which JSON has no numbers for) as "nan", "inf"
    and "-inf", the words GDAL prints."""
    if value is None or math.isfinite(value):
        return value
    return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")


def describe(path, out):
    """Reads a fixture back with rasterio and stores what RustGIS must find in it."""
    with rasterio.open(path) as src:
        meta = {
            "width": src.width,
            "height": src.height,
            "count": src.count,
            "dtypes": list(src.dtypes),
            "nodata": json_number(src.nodata),
            "geotransform": list(src.transform.to_gdal()),
            "epsg": src.crs.to_epsg() if src.crs else None,
            "overviews": [],
            "bands": [],
            "colormap": None,
            # Control points GDAL reads instead of a geotransform (rasterio then fits its
            # `transform` to them; GDAL's own is none).
            "gcps": len(src.gcps[0]),
        }
        for band in range(1, src.count + 1):
            array = src.read(band).astype(np.float64)
            np.save(out / f"{path.stem}.b{band}.npy", array)
            meta["bands"].append(band_stats(array, src.nodata))
            # What GDAL's own nodata mask leaves (as a masked array).
            masked = src.read(band, masked=True).astype(np.float64)
            valid = masked.compressed()
            meta["bands"][-1]["gdal_masked"] = {
                "count": int(valid.size),
                "min": float(valid.min()) if valid.size else None,
                "max": float(valid.max()) if valid.size else None,
                "mean": float(valid.mean()) if valid.size else None,
            }
        for factor in src.overviews(1):
            w, h = math.ceil(src.width / factor), math.ceil(src.height / factor)
            meta["overviews"].append([w, h])
        if meta["overviews"]:
            with rasterio.open(path, overview_level=0) as ovr:
                np.save(out / f"{path.stem}.ovr0.b1.npy", ovr.read(1).astype(np.float64))
                meta["overviews"][0] = [ovr.width, ovr.height]
        try:
            colormap = src.colormap(1)
            meta["colormap"] = {str(k): list(v) for k, v in colormap.items() if k < 8}
        except ValueError:
            pass
    (out / f"{path.stem}.json").write_text(json.dumps(meta, indent=1))


def cell_sizes(transform, height, geographic):
    """East-west and north-south cell sizes in metres, per row."""
    ew = np.full(height, abs(transform.a))
    ns = np.full(height, abs(transform.e))
    if geographic:
        a, f = 6378137.0, 1 / 298.257223563
        e2 = f * (2 - f)
        lat = np.radians(transform.f + (np.arange(height) + 0.5) * transform.e)
        w = np.sqrt(1 - e2 * np.sin(lat) ** 2)
        n_radius = a / w
        m_radius = a * (1 - e2) / w ** 3
        ew = n_radius * np.cos(lat) * np.radians(abs(transform.a))
        ns = m_radius * np.radians(abs(transform.e))
    return ew, ns


def terrain(path, out, geographic):
    """Horn's method as gdaldem computes it, in numpy (see the module's doc)."""
    with rasterio.open(path) as src:
        z = src.read(1).astype(np.float64)
        nodata = src.nodata
        transform = src.transform
    h, w = z.shape
    ew, ns = cell_sizes(transform, h, geographic)
    hill = np.zeros((h, w))
    slope = np.full((h, w), NODATA)
    aspect = np.full((h, w), NODATA)
    a = z[:-2, :-2]; b = z[:-2, 1:-1]; c = z[:-2, 2:]
    d = z[1:-1, :-2]; f = z[1:-1, 2:]
    g = z[2:, :-2]; hh = z[2:, 1:-1]; i = z[2:, 2:]
    window = [a, b, c, d, z[1:-1, 1:-1], f, g, hh, i]
    bad = np.zeros_like(a, dtype=bool)
    for cell in window:
        bad |= cell == nodata
    ewr = ew[1:-1, None]
    nsr = ns[1:-1, None]
    dzdx = ((c + 2 * f + i) - (a + 2 * d + g)) / (8 * ewr)      # rising to the east
    dzdy = ((a + 2 * b + c) - (g + 2 * hh + i)) / (8 * nsr)     # rising to the north
    slope_rad = np.arctan(np.hypot(dzdx, dzdy))
    # The textbook form (Burrough): illumination = cos(zenith) cos(slope) +
    # sin(zenith) sin(slope) cos(azimuth - aspect), aspect the compass direction the slope faces.
    zenith = math.radians(90 - 45)
    azimuth = math.radians(315)
    facing = np.arctan2(-dzdx, -dzdy)
    illumination = math.cos(zenith) * np.cos(slope_rad) + math.sin(zenith) * np.sin(slope_rad) * np.cos(azimuth - facing)
    shade = np.where(illumination <= 0, 1.0, 1.0 + np.round(254.0 * illumination))
    hill[1:-1, 1:-1] = np.where(bad, 0.0, shade)
    slope[1:-1, 1:-1] = np.where(bad, NODATA, np.degrees(slope_rad))
    compass = np.degrees(facing) % 360.0
    flat = (dzdx == 0) & (dzdy == 0)
    aspect[1:-1, 1:-1] = np.where(bad, NODATA, np.where(flat, NODATA, compass))
    np.save(out / f"{path.stem}.hillshade.npy", hill)
    np.save(out / f"{path.stem}.slope.npy", slope)
    np.save(out / f"{path.stem}.aspect.npy", aspect)


def zonal_reference(raster_path, out, name, features=None):
    """Zonal statistics of the sample countries (or of `features`) as rasterstats counts them: the
    cells whose centre lies inside a polygon (shapely.contains_xy), without nodata cells."""
    import shapely
    if features is None:
        features = json.loads(
            (Path(__file__).parent.parent / "rustgis-core/data/world-atlas/countries.geojson").read_text())["features"]
    with rasterio.open(raster_path) as src:
        values = src.read(1).astype(np.float64)
        nodata = src.nodata
        t = src.transform
    h, w = values.shape
    xs = t.c + (np.arange(w) + 0.5) * t.a
    ys = t.f + (np.arange(h) + 0.5) * t.e
    gx, gy = np.meshgrid(xs, ys)
    result = []
    for index, feature in enumerate(features):
        geometry = shapely.geometry.shape(feature["geometry"])
        entry = {"index": index, "name": feature["properties"].get("name")}
        minx, miny, maxx, maxy = geometry.bounds
        cols = (xs >= minx) & (xs <= maxx)
        rows = (ys >= miny) & (ys <= maxy)
        if cols.any() and rows.any():
            sub = np.ix_(rows, cols)
            inside = shapely.contains_xy(geometry, gx[sub], gy[sub])
            cells = values[sub][inside]
            valid = cells[cells != nodata] if nodata is not None else cells
            entry["nodata"] = int(cells.size - valid.size)
            if valid.size:
                uniques, counts = np.unique(valid, return_counts=True)
                entry.update(count=int(valid.size), sum=float(valid.sum()), mean=float(valid.mean()),
                             min=float(valid.min()), max=float(valid.max()),
                             majority=float(uniques[np.argmax(counts)]))
        result.append(entry)
    (out / f"{name}.zonal.json").write_text(json.dumps(result, indent=1))


def zonal_shapes(raster_path, out, name):
    """Polygons whose edges cut cells at every angle, for zonal statistics: a slanted
    quadrilateral, a concave star and a square with a hole, inside the raster. Written as
    `<name>.shapes.geojson` with their reference in `<name>.shapes.zonal.json`."""
    with rasterio.open(raster_path) as src:
        left, bottom, right, top = src.bounds
    w, h = right - left, top - bottom

    def at(fx, fy):
        return [left + fx * w, bottom + fy * h]

    slanted = [at(0.13, 0.21), at(0.47, 0.09), at(0.41, 0.43), at(0.07, 0.38), at(0.13, 0.21)]
    star = []
    for k in range(10):
        radius = 0.2 if k % 2 == 0 else 0.07
        angle = math.pi / 2 + k * math.pi / 5 + 0.1
        star.append(at(0.7 + radius * math.cos(angle) * 0.9, 0.7 + radius * math.sin(angle)))
    star.append(star[0])
    outer = [at(0.55, 0.1), at(0.9, 0.12), at(0.88, 0.45), at(0.57, 0.43), at(0.55, 0.1)]
    hole = [at(0.65, 0.2), at(0.66, 0.33), at(0.79, 0.32), at(0.78, 0.19), at(0.65, 0.2)]
    shapes = [("slanted quadrilateral", [slanted]), ("concave star", [star]), ("holed", [outer, hole])]
    features = [{"type": "Feature", "properties": {"name": n}, "geometry": {"type": "Polygon", "coordinates": rings}}
                for n, rings in shapes]
    (out / f"{name}.shapes.geojson").write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    zonal_reference(raster_path, out, f"{name}.shapes", features)


def sample_reference(raster_path, out, name):
    """The value rasterio samples under each sample city (None outside the grid or on nodata)."""
    cities = json.loads((Path(__file__).parent.parent / "rustgis-core/data/world-atlas/cities.geojson").read_text())
    points = [tuple(f["geometry"]["coordinates"][:2]) for f in cities["features"]]
    with rasterio.open(raster_path) as src:
        inside = [src.index(x, y) for x, y in points]
        values = []
        for (row, col), value in zip(inside, src.sample(points, indexes=1, masked=True)):
            ok = 0 <= row < src.height and 0 <= col < src.width and not np.ma.is_masked(value[0])
            values.append(float(value[0]) if ok else None)
    (out / f"{name}.sample.json").write_text(json.dumps(values))


def polygonize_reference(out, name, classes, valid, transform):
    """GDAL's polygons of a class grid (rasterio.features.shapes, 4- and 8-connected, nodata
    masked): the number of polygons and their total area per class."""
    import shapely
    from rasterio.features import shapes
    result = {}
    for connectivity in (4, 8):
        per_class = {}
        for geometry, value in shapes(classes.astype(np.int32), mask=valid, connectivity=connectivity,
                                      transform=transform):
            entry = per_class.setdefault(str(int(value)), {"count": 0, "area": 0.0})
            entry["count"] += 1
            entry["area"] += shapely.geometry.shape(geometry).area
        result[str(connectivity)] = per_class
    (out / f"{name}.polygonize.json").write_text(json.dumps(result, indent=1))


def patch(path, old, new):
    """Replaces the one occurrence of `old` in a file GDAL wrote by `new` (as long), for the cases
    GDAL reads but does not write."""
    raw = path.read_bytes()
    assert raw.count(old) == 1 and len(old) == len(new), (path, old)
    path.write_bytes(raw.replace(old, new))


def cropped_planar_tiles(path, dtype, compression, width=35, height=37, tile=16, bands=3):
    """A big-endian TIFF written by hand: `bands` bands of `dtype` in planes of `tile`-square
    tiles, the last row of tiles cut at the image's last row; PackBits (32773) or deflate with the
    horizontal predictor (8)."""
    import struct
    import zlib
    rng = np.random.default_rng(37)
    cells = rng.integers(1, 200, size=(bands, height, width)).astype(dtype)
    big = np.dtype(dtype).newbyteorder(">")
    chunks = []
    for band in range(bands):
        for ty in range(-(-height // tile)):
            for tx in range(-(-width // tile)):
                rows = min(tile, height - ty * tile)
                block = np.zeros((rows, tile), dtype)
                part = cells[band, ty * tile:ty * tile + rows, tx * tile:(tx + 1) * tile]
                block[:, :part.shape[1]] = part
                if compression == 8:
                    block = np.diff(block, axis=1, prepend=np.zeros((rows, 1), dtype)).astype(dtype)
                    chunks.append(zlib.compress(block.astype(big).tobytes()))
                else:
                    raw = block.astype(big).tobytes()
                    chunks.append(b"".join(bytes([len(raw[i:i + 128]) - 1]) + raw[i:i + 128]
                                           for i in range(0, len(raw), 128)))
    data = b"".join(chunks)
    offsets = list(np.cumsum([8] + [len(c) for c in chunks[:-1]]))
    bits = np.dtype(dtype).itemsize * 8
    fmt = 2 if np.dtype(dtype).kind == "i" else 1
    tags = [(256, 4, [width]), (257, 4, [height]), (258, 3, [bits] * bands), (259, 3, [compression]),
            (262, 3, [2]), (277, 3, [bands]), (284, 3, [2]), (317, 3, [2 if compression == 8 else 1]),
            (322, 4, [tile]), (323, 4, [tile]), (324, 4, offsets), (325, 4, [len(c) for c in chunks]),
            (339, 3, [fmt] * bands), (33550, 12, [0.1, 0.1, 0.0]), (33922, 12, [0, 0, 0, 5.0, 50.0, 0]),
            (34735, 3, [1, 1, 0, 3, 1024, 0, 1, 2, 1025, 0, 1, 1, 2048, 0, 1, 4326])]
    ifd_at = 8 + len(data) + len(data) % 2
    out = bytearray(b"MM\0*" + struct.pack(">I", ifd_at) + data + b"\0" * (len(data) % 2))
    extra_at = ifd_at + 2 + 12 * len(tags) + 4
    ifd, extra = bytearray(struct.pack(">H", len(tags))), bytearray()
    for tag, kind, values in tags:
        packed = struct.pack(">%d%s" % (len(values), {3: "H", 4: "I", 12: "d"}[kind]), *[int(v) if kind != 12 else v for v in values])
        ifd += struct.pack(">HHI", tag, kind, len(values))
        if len(packed) <= 4:
            ifd += packed.ljust(4, b"\0")
        else:
            ifd += struct.pack(">I", extra_at + len(extra))
            extra += packed
    path.write_bytes(bytes(out + ifd + b"\0\0\0\0" + extra))
    with rasterio.open(path) as src:
        assert (src.read() == cells).all(), f"GDAL reads {path.name} as written"


def issue_35_fixtures(out):
    """The GeoTIFFs of issue 35: files GDAL reads that RustGIS read differently or refused."""
    import struct
    from rasterio.windows import Window
    geographic = CRS.from_epsg(4326)
    t = from_origin(5.0, 50.0, 0.1, 0.1)
    # Sparse tiles (no offset, no bytes): only the top-left 32 x 32 cells are written. GDAL reads
    # the tiles never written as 0 without nodata, as nodata with it.
    for name, nodata in (("sparse", None), ("sparse_nodata", NODATA)):
        profile = dict(driver="GTiff", width=64, height=64, count=1, dtype="float32", crs=geographic,
                       transform=t, tiled=True, blockxsize=16, blockysize=16, sparse_ok=True, compress="deflate")
        if nodata is not None:
            profile["nodata"] = nodata
        with rasterio.open(out / f"{name}.tif", "w", **profile) as dst:
            dst.write(np.arange(1, 32 * 32 + 1, dtype=np.float32).reshape(32, 32), 1, window=Window(0, 0, 32, 32))
    # Nodata of inf, -inf and just above float32's largest value (GDAL rounds it to that value),
    # with cells holding it.
    cells = dem_values(20, 16, 3).astype(np.float32)
    f32_max = float(np.finfo(np.float32).max)
    for name, nodata, cell in (("nodata_inf", float("inf"), np.inf), ("nodata_neg_inf", float("-inf"), -np.inf),
                               ("nodata_nan", float("nan"), np.nan), ("nodata_f32_max", 3.40282347e38, f32_max)):
        values = cells.copy()
        values[2:6, 3:9] = cell
        write(out / f"{name}.tif", [values], t, geographic, "float32", nodata)
    # A negative ModelPixelScale Y (GDAL writes it positive; some writers do not): GDAL reads the
    # image north up all the same.
    path = write(out / "negative_scale_y.tif", [cells], from_origin(5.0, 50.0, 0.1, 0.2), geographic, "float32")
    patch(path, struct.pack("<3d", 0.1, 0.2, 0.0), struct.pack("<3d", 0.1, -0.2, 0.0))
    # CMYK, 8-bit, pixel- and band-interleaved: GDAL reads it as RGBA (SOURCE_COLOR_SPACE=CMYK);
    # 16-bit CMYK, which GDAL reads as the four inks.
    rng = np.random.default_rng(35)
    inks = [rng.integers(0, 256, size=(30, 40)) for _ in range(4)]
    write(out / "cmyk.tif", inks, t, geographic, "uint8", photometric="CMYK", compress="deflate")
    # (Strips: GDAL 3.10 fails on its own tiled band-interleaved CMYK, in libtiff's RGBA reader.)
    write(out / "cmyk_planar.tif", inks, t, geographic, "uint8", photometric="CMYK", interleave="band",
          blockysize=8)
    write(out / "cmyk_uint16.tif", [i * 200 for i in inks], t, geographic, "uint16", photometric="CMYK")
    # Tiles with a band per plane.
    rgb = [(dem_values(120, 90, s) / 12.0).clip(0, 255) for s in (4, 5, 6)]
    write(out / "rgb_planar_tiled.tif", rgb, t, geographic, "uint8", interleave="band", tiled=True,
          blockxsize=32, blockysize=32, compress="deflate")
    # Tiles with a band per plane whose last row of tiles holds only the rows inside the image,
    # as GDAL's autotest separate_tiled.tif (big-endian, PackBits): GDAL cannot write them.
    cropped_planar_tiles(out / "planar_cropped_tiles.tif", "uint8", 32773)
    cropped_planar_tiles(out / "planar_cropped_tiles_int16.tif", "int16", 8)
    # No georeferencing in the TIFF (GDAL's baseline profile): the cells are placed by a world
    # file (.tfw; the CRS in the .aux.xml GDAL writes beside it), by a .wld, or by the .aux.xml.
    t_utm = from_origin(500000.0, 5200000.0, 30.0, 20.0)
    utm = CRS.from_epsg(32633)
    write(out / "world_tfw.tif", [cells], t_utm, utm, "float32", PROFILE="BASELINE", TFW="YES")
    path = write(out / "world_wld.tif", [cells], t_utm, utm, "float32", PROFILE="BASELINE", TFW="YES")
    (out / "world_wld.tfw").replace(out / "world_wld.wld")
    (out / "world_wld.tif.aux.xml").unlink()
    write(out / "world_aux.tif", [cells], t_utm, utm, "float32", PROFILE="BASELINE")


def lerc_fixtures(out):
    """LERC-compressed GeoTIFFs as GDAL writes them (COMPRESS=LERC, LERC_DEFLATE, LERC_ZSTD), with
    and without MAX_Z_ERROR, with nodata cells, and with a LERC mask (NaN cells of a float band, an
    alpha band of a byte image). Each lossy fixture's `name.max_z_error` holds its MAX_Z_ERROR."""
    geographic = CRS.from_epsg(4326)
    t = from_origin(5.0, 50.0, 0.1, 0.1)
    rng = np.random.default_rng(34887)
    # 45 x 37 cells in 16 x 16 tiles: the right and bottom tiles are partly outside the image.
    z = dem_values(45, 37, 9) / 15.0
    for compress in ("lerc", "lerc_deflate", "lerc_zstd"):
        for dtype, nodata in (("uint8", 255), ("int16", -9999), ("uint16", 65535), ("float32", NODATA),
                              ("float64", NODATA)):
            cells = z.copy()
            cells[3:7, 10:20] = nodata
            write(out / f"{compress}_{dtype}.tif", [cells], t, geographic, dtype, nodata, compress=compress,
                  tiled=True, blockxsize=16, blockysize=16)
    # Lossy: MAX_Z_ERROR, in strips (the last strip shorter) and in tiles.
    for dtype, max_z_error in (("float32", 0.5), ("float64", 0.01), ("int16", 2), ("uint8", 1)):
        name = f"lerc_lossy_{dtype}"
        write(out / f"{name}.tif", [z * 7.0 if dtype != "uint8" else z], t, geographic, dtype, compress="lerc_deflate",
              max_z_error=max_z_error, blockysize=10)
        (out / f"{name}.max_z_error").write_text(str(max_z_error))
    write(out / "lerc_lossy_tiled.tif", [z * 7.0], t, geographic, "float32", compress="lerc_zstd", max_z_error=0.25,
          tiled=True, blockxsize=16, blockysize=16)
    (out / "lerc_lossy_tiled.max_z_error").write_text("0.25")
    # NaN cells: LERC's mask, read back as NaN; three bands in one plane, NaN in some bands only
    # (one mask per band) and in all.
    nan = z.astype(np.float32)
    nan[rng.random(nan.shape) < 0.2] = np.nan
    write(out / "lerc_nan.tif", [nan], t, geographic, "float32", float("nan"), compress="lerc_zstd",
          tiled=True, blockxsize=16, blockysize=16)
    bands = [nan, z.astype(np.float32) * 2, np.where(rng.random(z.shape) < 0.3, np.nan, z * 3).astype(np.float32)]
    write(out / "lerc_nan_bands.tif", bands, t, geographic, "float32", float("nan"), compress="lerc")
    # An RGBA image whose alpha is 0 or 255: GDAL stores the alpha band as the LERC mask.
    rgb = [(z * s).clip(0, 255) for s in (1.0, 1.5, 2.0)]
    alpha = np.where(rng.random(z.shape) < 0.25, 0, 255)
    write(out / "lerc_rgba.tif", rgb + [alpha], t, geographic, "uint8", compress="lerc", photometric="rgb",
          alpha="unassociated", tiled=True, blockxsize=16, blockysize=16)


def bits_fixtures(out):
    """Samples that are not whole bytes (GDAL's NBITS), as GDAL writes them: 1-bit masks and scans
    (MINISBLACK and MINISWHITE, strips and tiles, CCITT Group 4), 2, 4 and 12 bits, a 4-bit
    palette, 16-bit floats, and an 8-bit MINISWHITE image."""
    geographic = CRS.from_epsg(4326)
    t = from_origin(5.0, 50.0, 0.1, 0.1)
    rng = np.random.default_rng(1)
    # 21 columns: each row ends inside a byte, padded to the next.
    mask = (rng.random((37, 21)) < 0.4).astype(np.uint8)
    write(out / "bit1_minisblack_strips.tif", [mask], t, geographic, "uint8", nbits=1, blockysize=5)
    write(out / "bit1_miniswhite_tiles.tif", [mask], t, geographic, "uint8", nbits=1, photometric="miniswhite",
          tiled=True, blockxsize=16, blockysize=16)
    write(out / "bit1_miniswhite_deflate.tif", [mask], t, geographic, "uint8", nbits=1, photometric="miniswhite",
          compress="deflate", blockysize=8)
    scan = (dem_values(200, 150, 3) % 300 < 40).astype(np.uint8)
    write(out / "bit1_ccitt_fax4.tif", [scan], t, geographic, "uint8", nbits=1, compress="ccittfax4")
    z = dem_values(21, 37, 4)
    for bits, dtype in ((2, "uint8"), (4, "uint8"), (12, "uint16"), (24, "uint32")):
        write(out / f"bits{bits}.tif", [np.floor(z / z.max() * (2 ** bits - 1))], t, geographic, dtype, nbits=bits,
              compress="lzw")
    path = write(out / "bits4_palette.tif", [np.floor(z / z.max() * 15)], t, geographic, "uint8", nbits=4,
                 photometric="palette")
    with rasterio.open(path, "r+") as dst:
        dst.write_colormap(1, {i: (i * 16, 255 - i * 16, (i * 40) % 256, 255) for i in range(16)})
    write(out / "float16.tif", [z / 7.0], t, geographic, "float32", nbits=16, compress="deflate", predictor=3,
          tiled=True, blockxsize=16, blockysize=16)
    write(out / "miniswhite_uint8.tif", [np.floor(z / z.max() * 255)], t, geographic, "uint8",
          photometric="miniswhite")


TAB_HEADER = """!table
!version 300
!charset WindowsLatin1

Definition Table
  File "{name}.tif"
  Type "RASTER"
"""


def tab_fixtures(out):
    """Rasters without georeferencing beside a MapInfo .tab of control points, as GDAL reads them:
    lon/lat on WGS 84, UTM (transverse Mercator), points that fit no transform (GDAL keeps them as
    GCPs), a CoordSys RustGIS does not map (Lambert conformal conic), and a .tab beside a world
    file (the .tab wins)."""
    cells = dem_values(20, 16, 12).astype(np.float32)
    lonlat = ('  (5,50) (0,0) Label "Pt 1",\n  (7,50) (20,0) Label "Pt 2",\n  (7,48.4) (20,16) Label "Pt 3",\n'
              '  (5,48.4) (0,16) Label "Pt 4"\n  CoordSys Earth Projection 1, 104\n  Units "degree"\n')
    utm = ('  (500000,5200000) (0,0) Label "Pt 1",\n  (500600,5200000) (20,0) Label "Pt 2",\n'
           '  (500600,5199680) (20,16) Label "Pt 3"\n'
           '  CoordSys Earth Projection 8, 104, "m", 15, 0, 0.9996, 500000, 0\n  Units "m"\n')
    off = lonlat.replace("(5,48.4) (0,16)", "(5.3,48.4) (0,16)")
    lcc = utm.replace('Earth Projection 8, 104, "m", 15, 0, 0.9996, 500000, 0',
                      'Earth Projection 3, 104, "m", -96, 23, 20, 60, 0, 0')
    for name, points in (("tab_lonlat", lonlat), ("tab_utm", utm), ("tab_not_affine", off), ("tab_lcc", lcc),
                         ("tab_and_tfw", lonlat)):
        path = out / f"{name}.tif"
        with rasterio.open(path, "w", driver="GTiff", width=20, height=16, count=1, dtype="float32",
                           PROFILE="BASELINE") as dst:
            dst.write(cells, 1)
        Path(f"{path}.aux.xml").unlink(missing_ok=True)
        (out / f"{name}.tab").write_text(TAB_HEADER.format(name=name) + points)
    (out / "tab_and_tfw.tfw").write_text("1\n0\n0\n-1\n100.5\n200.5\n")


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "target/raster-fixtures")
    out.mkdir(parents=True, exist_ok=True)
    geographic = CRS.from_epsg(4326)

    # The DEM on lon/lat: Europe at 0.05 degrees, float32, tiled, deflate with the float predictor.
    w, h = 800, 500
    dem = with_lake(dem_values(w, h, 16), w, h)
    t4326 = from_origin(-10.0, 60.0, 0.05, 0.05)
    write(out / "dem_4326.tif", [dem], t4326, geographic, "float32", NODATA,
          tiled=True, blockxsize=256, blockysize=256, compress="deflate", predictor=3)
    # The same DEM in strips: LZW with the horizontal predictor, as int16.
    write(out / "dem_int16_lzw.tif", [np.round(dem)], t4326, geographic, "int16", NODATA,
          compress="lzw", predictor=2, blockysize=16)
    # The DEM in a UTM zone (33N), 30 m cells.
    wu, hu = 400, 300
    dem_utm = with_lake(dem_values(wu, hu, 33) * 0.5, wu, hu)
    write(out / "dem_utm.tif", [dem_utm], from_origin(500000.0, 5200000.0, 30.0, 30.0),
          CRS.from_epsg(32633), "float32", NODATA, tiled=True, blockxsize=128, blockysize=128,
          compress="deflate")
    # Every other sample type, small, with each compression.
    small = dem_values(50, 40, 7)
    tsmall = from_origin(5.0, 50.0, 0.1, 0.1)
    write(out / "uint16_packbits.tif", [small], tsmall, geographic, "uint16", compress="packbits")
    write(out / "int32_none.tif", [small - 1000], tsmall, geographic, "int32")
    write(out / "uint32_deflate.tif", [small * 1000], tsmall, geographic, "uint32", compress="deflate", predictor=2)
    write(out / "float64_deflate.tif", [small / 7.0], tsmall, geographic, "float64", compress="deflate",
          predictor=3, tiled=True, blockxsize=16, blockysize=16)
    # A rotated grid: GDAL stores it as a ModelTransformation.
    rotated = Affine(0.1, 0.02, 5.0, 0.02, -0.1, 50.0)
    write(out / "rotated.tif", [small], rotated, geographic, "float32")
    # A paletted land-cover grid (byte, colour map, PackBits strips).
    lc = (np.floor(dem_values(200, 150, 5) / 500.0) % 6).astype(np.uint8)
    path = write(out / "landcover.tif", [lc], from_origin(0.0, 50.0, 0.1, 0.1), geographic, "uint8",
                 compress="packbits", photometric="palette")
    with rasterio.open(path, "r+") as dst:
        dst.write_colormap(1, {0: (70, 107, 159, 255), 1: (28, 95, 44, 255), 2: (104, 171, 95, 255),
                               3: (223, 195, 87, 255), 4: (179, 172, 159, 255), 5: (255, 255, 255, 255)})
    # An RGB image, pixel-interleaved, and the same with a band per plane.
    rgb = [(dem_values(120, 90, s) / 12.0).clip(0, 255) for s in (1, 2, 3)]
    t_rgb = from_origin(-5.0, 45.0, 0.1, 0.1)
    write(out / "rgb.tif", rgb, t_rgb, geographic, "uint8", photometric="rgb", compress="deflate",
          tiled=True, blockxsize=64, blockysize=64)
    write(out / "rgb_planar.tif", rgb, t_rgb, geographic, "uint8", photometric="rgb", interleave="band")
    # A Cloud Optimized GeoTIFF with overviews, made by GDAL's COG driver.
    wc, hc = 1024, 768
    big = write(out / "cog_source.tif", [dem_values(wc, hc, 11)], from_origin(-20.0, 70.0, 0.05, 0.05),
                geographic, "float32")
    rasterio.shutil.copy(big, out / "cog.tif", driver="COG", compress="deflate", blocksize=256,
                         overview_resampling="average")
    (out / "cog_source.tif").unlink()

    # The compressions beyond deflate/LZW/PackBits, and BigTIFF.
    write(out / "dem_zstd.tif", [dem], t4326, geographic, "float32", NODATA,
          tiled=True, blockxsize=256, blockysize=256, compress="zstd", predictor=3)
    write(out / "dem_bigtiff.tif", [dem], t4326, geographic, "float32", NODATA,
          tiled=True, blockxsize=256, blockysize=256, compress="deflate", BIGTIFF="YES")
    write(out / "rgb_jpeg.tif", rgb, t_rgb, geographic, "uint8", photometric="ycbcr", compress="jpeg",
          tiled=True, blockxsize=64, blockysize=64)
    write(out / "rgb_webp.tif", rgb, t_rgb, geographic, "uint8", compress="webp", webp_lossless=True,
          tiled=True, blockxsize=64, blockysize=64)
    write(out / "dem_lerc.tif", [small], tsmall, geographic, "float32", compress="lerc")
    # Random classes with nodata cells: every way cells can touch at corners, for polygonize.
    rng = np.random.default_rng(21)
    noise = rng.integers(1, 4, size=(60, 80)).astype(np.uint8)
    noise[rng.random(noise.shape) < 0.1] = 255
    write(out / "noise_classes.tif", [noise], from_origin(10.0, 40.0, 0.01, 0.01), geographic, "uint8", 255)
    issue_35_fixtures(out)
    lerc_fixtures(out)
    bits_fixtures(out)
    tab_fixtures(out)
    for tif in sorted(out.glob("*.tif")):
        describe(tif, out)
    terrain(out / "dem_utm.tif", out, geographic=False)
    terrain(out / "dem_4326.tif", out, geographic=True)
    zonal_reference(out / "dem_4326.tif", out, "dem_4326")
    zonal_reference(out / "landcover.tif", out, "landcover")
    zonal_shapes(out / "dem_4326.tif", out, "dem_4326")
    sample_reference(out / "dem_4326.tif", out, "dem_4326")
    with rasterio.open(out / "landcover.tif") as src:
        lc_read = src.read(1)
        polygonize_reference(out, "landcover", lc_read, np.ones(lc_read.shape, dtype=bool), src.transform)
    with rasterio.open(out / "noise_classes.tif") as src:
        noise_read = src.read(1)
        polygonize_reference(out, "noise_classes", noise_read, noise_read != src.nodata, src.transform)
    with rasterio.open(out / "dem_utm.tif") as src:
        z = src.read(1).astype(np.float64)
        valid = z != src.nodata
        # The classes raster.reclassify makes with [[0, 500, 0], [500, 1000, 1], ...].
        polygonize_reference(out, "dem_utm_classes", np.where(valid, np.floor(z / 500.0), 0), valid,
                             src.transform)
    print(f"raster fixtures written to {out}")


if __name__ == "__main__":
    main()
