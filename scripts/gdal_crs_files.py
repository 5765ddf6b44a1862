"""GDAL's side of RustGIS's CRS file tests (rustgis-core/tests/core/crs_files.rs).

    gdal_crs_files.py write OUT_DIR   # GDAL (pyogrio, rasterio) writes a GeoPackage, a Shapefile
                                      # and a GeoTIFF in each CRS, plus the awkward cases
    gdal_crs_files.py read FILE...    # the CRS GDAL reports for each file, as WKT 2

Both print JSON on standard output: `write` the files it made, `read` one WKT (or null) per file.
The CRSs are the layer CRSs of the issue's matrix, a custom WKT CRS, an ESRI-only one, and:
a GeoPackage whose CRS is WKT without an EPSG organisation or authority (as GDAL's own
autotest poly.gpkg), a GeoTIFF of EPSG:2853 whose ProjLinearUnitsGeoKey says US survey feet,
and a GeoTIFF in a Texas State Plane in feet with no EPSG code (user-defined GeoKeys).
"""

import json
import os
import sqlite3
import struct
import sys

import numpy as np
import pyogrio
import pyproj
import rasterio
import shapely
from rasterio.transform import from_origin

CODES = [
    "EPSG:4326", "EPSG:3857", "EPSG:3035", "EPSG:25832", "EPSG:32632", "EPSG:32756", "EPSG:2154",
    "EPSG:27700", "EPSG:28992", "EPSG:2056", "EPSG:5070", "EPSG:3413", "EPSG:3031", "EPSG:7844",
    "EPSG:4490", "EPSG:6668", "EPSG:5514", "EPSG:2065", "EPSG:3844", "EPSG:26918", "EPSG:2263",
    "ESRI:102013",
]

CUSTOM_WKT = (
    'PROJCS["RustGIS test Lambert",GEOGCS["ETRS89",DATUM["European_Terrestrial_Reference_System_1989",'
    'SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],'
    'PROJECTION["Lambert_Conformal_Conic_2SP"],PARAMETER["standard_parallel_1",45.5],'
    'PARAMETER["standard_parallel_2",54.5],PARAMETER["latitude_of_origin",50],PARAMETER["central_meridian",11],'
    'PARAMETER["false_easting",1000000],PARAMETER["false_northing",2000000],UNIT["metre",1]]'
)

# NAD83 / Texas Central (ftUS), written out without any authority: GDAL stores it as
# user-defined GeoKeys (LCC 2SP on NAD83, US survey feet).
TEXAS_FEET_WKT = (
    'PROJCS["Texas Central, feet",GEOGCS["NAD83",DATUM["North_American_Datum_1983",'
    'SPHEROID["GRS 1980",6378137,298.257222101]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]],'
    'PROJECTION["Lambert_Conformal_Conic_2SP"],PARAMETER["standard_parallel_1",31.8833333333333],'
    'PARAMETER["standard_parallel_2",30.1166666666667],PARAMETER["latitude_of_origin",29.6666666666667],'
    'PARAMETER["central_meridian",-100.333333333333],PARAMETER["false_easting",2296583.333],'
    'PARAMETER["false_northing",9842500],UNIT["US survey foot",0.304800609601219]]'
)


def centre_of(crs: pyproj.CRS) -> tuple:
    """A point in the CRS's area of use (or Europe for one without), in its own coordinates."""
    area = crs.area_of_use
    lon, lat = ((area.west + area.east) / 2, (area.south + area.north) / 2) if area else (11.0, 50.0)
    if area and area.east < area.west:
        lon = ((area.west + area.east + 360) / 2 + 180) % 360 - 180
    to = pyproj.Transformer.from_crs("EPSG:4326", crs, always_xy=True)
    return to.transform(lon, lat)


def name_of(definition: str) -> str:
    return definition.replace(":", "_") if len(definition) < 20 else "custom"


def write_vectors(folder: str, definition: str, stem: str) -> list:
    crs = pyproj.CRS.from_user_input(definition)
    x, y = centre_of(crs)
    step = 1000.0 if crs.is_projected else 0.01
    geometry = [shapely.box(x, y, x + step, y + step)]
    files = []
    for extension, driver in [("gpkg", "GPKG"), ("shp", "ESRI Shapefile")]:
        path = os.path.join(folder, f"{stem}.{extension}")
        pyogrio.write_dataframe(_frame(geometry, crs), path, driver=driver)
        files.append(path)
    return files


def _frame(geometry, crs):
    import geopandas
    return geopandas.GeoDataFrame({"name": ["box"]}, geometry=geometry, crs=crs)


def write_raster(folder: str, definition, stem: str) -> str:
    crs = pyproj.CRS.from_user_input(definition)
    x, y = centre_of(crs)
    step = 100.0 if crs.is_projected else 0.001
    path = os.path.join(folder, f"{stem}.tif")
    with rasterio.open(
        path, "w", driver="GTiff", width=4, height=4, count=1, dtype="uint8",
        crs=rasterio.crs.CRS.from_wkt(crs.to_wkt()), transform=from_origin(x, y, step, step),
    ) as out:
        out.write(np.arange(16, dtype="uint8").reshape(1, 4, 4))
    return path


def patch_linear_unit(path: str, new_unit: int) -> None:
    """Replaces the value of ProjLinearUnitsGeoKey (3076) in a little-endian GeoTIFF."""
    data = bytearray(open(path, "rb").read())
    entry = struct.pack("<4H", 3076, 0, 1, 9001)
    at = data.find(entry)
    assert at >= 0, "GDAL wrote no ProjLinearUnitsGeoKey of metres"
    data[at:at + 8] = struct.pack("<4H", 3076, 0, 1, new_unit)
    open(path, "wb").write(bytes(data))


def wkt_only_geopackage(folder: str) -> str:
    """A GeoPackage in British National Grid whose CRS row names no organisation or authority."""
    path = os.path.join(folder, "wkt_only_27700.gpkg")
    crs = pyproj.CRS.from_epsg(27700)
    x, y = centre_of(crs)
    pyogrio.write_dataframe(_frame([shapely.box(x, y, x + 1000, y + 1000)], crs), path, driver="GPKG")
    wkt = pyproj.CRS.from_wkt(crs.to_wkt("WKT1_GDAL")).to_wkt("WKT1_GDAL")
    import re
    bare = re.sub(r',AUTHORITY\["[^"]*","[^"]*"\]', "", wkt)
    db = sqlite3.connect(path)
    db.execute(
        "UPDATE gpkg_spatial_ref_sys SET organization = 'NONE', organization_coordsys_id = srs_id, definition = ? "
        "WHERE srs_id = 27700",
        (bare,),
    )
    db.commit()
    db.close()
    return path


def write(folder: str) -> None:
    os.makedirs(folder, exist_ok=True)
    files = []
    for definition in CODES + [CUSTOM_WKT]:
        stem = name_of(definition)
        files += write_vectors(folder, definition, stem)
        files.append(write_raster(folder, definition, stem))
    files.append(wkt_only_geopackage(folder))
    feet = write_raster(folder, "EPSG:2853", "epsg_2853_ftus")
    patch_linear_unit(feet, 9003)
    files.append(feet)
    files.append(write_raster(folder, TEXAS_FEET_WKT, "texas_central_feet"))
    json.dump(files, sys.stdout)


def read(paths: list) -> None:
    out = []
    for path in paths:
        if path.endswith(".tif"):
            with rasterio.open(path) as dataset:
                crs = dataset.crs
                out.append(pyproj.CRS.from_wkt(crs.to_wkt()).to_wkt() if crs else None)
        else:
            info = pyogrio.read_info(path)
            out.append(pyproj.CRS.from_user_input(info["crs"]).to_wkt() if info.get("crs") else None)
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(sys.argv[2])
    else:
        read(sys.argv[2:])
