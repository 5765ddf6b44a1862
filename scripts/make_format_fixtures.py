#!/usr/bin/env python3
"""Data files written by GDAL (through pyogrio), and what GDAL reads back from each, for the tests
of RustGIS's readers: rustgis-core/tests/core/formats.rs reads every fixture and compares it with what
GDAL read. Also a few hand-made files for the odd cases (a Latin-1 .dbf known only by its language
id, a .prj in ESRI WKT, a CSV with a byte order mark and `;` delimiters).

Run by hand when the fixtures change; commit what it writes (a few dozen small files):

    python3 -m venv .venv && .venv/bin/pip install pyogrio shapely geopandas pyarrow
    .venv/bin/python scripts/make_format_fixtures.py

GeoParquet fixtures are written and read by GeoPandas and pyarrow (`gdf.to_parquet`,
`gpd.read_parquet`): the pyogrio wheels' GDAL has no Parquet driver. Parquet's own GEOMETRY and
GEOGRAPHY types, which GeoPandas reads only beside GeoParquet metadata, are read by pyarrow (Arrow
C++) and shapely, their CRS by pyproj; Apache's reference files of those types are kept in
`parquet_testing/` (see its README.md). `--geoparquet` makes only those. `--only code_page_field_names far_rings` remakes only those functions' fixtures. `--gdal` writes only what GDAL reads from the files of its own test suite kept in
`gdal/` (GDAL's `autotest` data; see `gdal/README.md`).

With `--bench DIR`, it instead converts the bench data (../shared/data/bench, or
$RUSTGIS_BENCH_DATA) to every format into DIR (git-ignored; `cargo bench --bench formats` reads it).
Nothing here comes from RustGIS: the files and the expected readings are GDAL's (with the
pyogrio wheels' GDAL, a `.kml` is read by the LIBKML driver).
"""

import json
import math
import os
import shutil
import sys
import tempfile
import zipfile
from datetime import date, time
from pathlib import Path

import numpy as np
import pyogrio
import shapely
from pyogrio import raw
from shapely.geometry import mapping

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "rustgis-core" / "tests" / "fixtures" / "formats"
BENCH = Path(os.environ.get("RUSTGIS_BENCH_DATA", ROOT.parent / "shared" / "data" / "bench"))

PLACES = [
    ("Zürich", 421878, 87.88, date(1218, 1, 1), shapely.Point(8.5417, 47.3769)),
    ("São Paulo", 12325232, 1521.11, date(1554, 1, 25), shapely.Point(-46.6333, -23.5505)),
    ("Reykjavík", 131136, 273.0, None, shapely.Point(-21.9426, 64.1466)),
    ("Null Island", None, None, date(2000, 2, 29), shapely.Point(0.0, 0.0)),
    (None, 7, 0.5, date(1999, 12, 31), shapely.Point(179.999, -89.5)),
]

ROADS = [
    ("A1", 1, shapely.LineString([(0, 0), (1, 1), (2, 1.5)])),
    ("ring road", 2, shapely.MultiLineString([[(10, 10), (11, 10)], [(12, 10), (12, 11), (13, 12)]])),
    ("track", 3, shapely.LineString([(-5.25, 40.125), (-5.0, 40.5)])),
]

PARCELS = [
    (
        "with hole",
        12.5,
        shapely.Polygon([(0, 0), (4, 0), (4, 4), (0, 4), (0, 0)], [[(1, 1), (2, 1), (2, 2), (1, 2), (1, 1)]]),
    ),
    (
        "two parts",
        3.25,
        shapely.MultiPolygon(
            [
                shapely.Polygon([(10, 10), (11, 10), (11, 11), (10, 11), (10, 10)]),
                shapely.Polygon([(20, 20), (22, 20), (22, 22), (20, 22), (20, 20)], [[(20.5, 20.5), (21, 20.5), (21, 21), (20.5, 20.5)]]),
            ]
        ),
    ),
    ("triangle", 0.5, shapely.Polygon([(-10, -10), (-9, -10), (-9.5, -9), (-10, -10)])),
]


def column(values, dtype):
    if dtype == "date":
        return np.array([np.datetime64(v) if v else np.datetime64("NaT") for v in values], dtype="datetime64[D]")
    if dtype == "str":
        return np.array(values, dtype=object)
    if dtype == "int":
        # GDAL takes a masked value as null only for floats; an integer column with a null is written
        # through a float column (nan → null) and read back as integer (the .dbf says N 0 decimals).
        if any(v is None for v in values):
            return np.array([np.nan if v is None else v for v in values], dtype=float)
        return np.array(values, dtype=np.int64)
    return np.array([np.nan if v is None else v for v in values], dtype=float)


def write(path, rows, names, dtypes, geometry_type, crs="EPSG:4326", **kwargs):
    geometries = np.array([shapely.to_wkb(row[-1]) for row in rows], dtype=object)
    data = [column([row[i] for row in rows], dtypes[i]) for i in range(len(names))]
    raw.write(str(path), geometries, data, names, geometry_type=geometry_type, crs=crs, **kwargs)


def plain(value):
    """A value as JSON: numpy numbers to Python, NaN/NaT to null, dates to ISO text."""
    if value is None:
        return None
    if isinstance(value, np.datetime64):
        if np.isnat(value):
            return None
        if value.dtype == np.dtype("datetime64[D]"):
            return str(value.astype("datetime64[D]"))
        # ISO 8601 without a fraction of a second that is zero (2024-05-01T12:30:00).
        text = str(value)
        return text[: -len(".000")] if text.endswith(".000") else text
    if isinstance(value, (np.floating, float)):
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"  # JSON has no infinities
        return None if math.isnan(value) else float(value)
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (np.bool_, bool)):
        return bool(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, time):
        return value.isoformat()  # a time of day (a .csvt's Time), which RustGIS keeps as text
    return value


def typed(value, dtype):
    """A value as its field's type: pyogrio gives a boolean or integer column holding a null as
    floats (1.0, nan)."""
    if isinstance(value, float) and type_name(dtype) == "bool":
        return bool(value)
    if isinstance(value, float) and type_name(dtype) == "integer" and value.is_integer():
        return int(value)
    return value


def type_name(dtype):
    kind = np.dtype(dtype)
    if kind.kind in "iu":
        return "integer"
    if kind.kind == "f":
        return "float"
    if kind.kind == "b":
        return "bool"
    if kind == np.dtype("datetime64[D]"):
        return "date"
    if kind.kind == "M":
        return "datetime"
    return "string"


def expected(path, name, layer=None, member=None, **open_options):
    """What GDAL reads from `path` (a `member` of a zip), written as expected/<name>.json."""
    source = f"/vsizip/{path}/{member}" if member else str(path)
    meta, _, geometries, data = raw.read(source, layer=layer, force_2d=True, **open_options)
    crs = meta.get("crs") or ""
    if crs.startswith("EPSG:"):
        epsg = int(crs[5:])
    elif crs.startswith('GEOGCS["WGS 84"'):
        epsg = 4326  # GDAL gives WKT without the code when it read a .prj of WGS 84 beside a CSV
    else:
        epsg = None
    features = []
    if geometries is None:  # a table without geometry
        geometries = [None] * (len(data[0]) if data else 0)
    for i, wkb in enumerate(geometries):
        geometry = None if wkb is None else mapping(shapely.from_wkb(wkb))
        properties = {field: typed(plain(data[j][i]), meta["dtypes"][j]) for j, field in enumerate(meta["fields"])}
        features.append({"geometry": json.loads(json.dumps(geometry)), "properties": properties})
    fields = [{"name": f, "type": type_name(t)} for f, t in zip(meta["fields"], meta["dtypes"])]
    write_expected(name, path.name if layer is None else f"{path.name}:{layer}", crs, epsg, fields, features)


def write_expected(name, file, crs, epsg, fields, features):
    """Writes what a reader must find in a fixture to expected/<name>.json."""
    record = {"file": file, "crs": crs, "epsg": epsg, "fields": fields, "features": features}
    target = OUT / "expected" / f"{name}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {target.relative_to(ROOT)}", file=sys.stderr)


def shapefiles():
    write(OUT / "places.shp", PLACES, ["name", "pop", "area", "founded"], ["str", "int", "float", "date"], "Point", encoding="UTF-8")
    write(OUT / "roads.shp", ROADS, ["name", "lanes"], ["str", "int"], "MultiLineString", encoding="UTF-8")
    write(OUT / "parcels.shp", PARCELS, ["owner", "hectares"], ["str", "float"], "MultiPolygon", encoding="UTF-8")
    for name in ["places", "roads", "parcels"]:
        expected(OUT / f"{name}.shp", f"{name}_shp")
    with zipfile.ZipFile(OUT / "parcels.zip", "w", zipfile.ZIP_DEFLATED) as archive:
        for ext in ["shp", "shx", "dbf", "prj", "cpg"]:
            archive.write(OUT / f"parcels.{ext}", f"parcels/parcels.{ext}")
    expected(OUT / "parcels.zip", "parcels_zip", member="parcels/parcels.shp")
    z_rows = [(name, shapely.Point(p.x, p.y, 100.0 + i)) for i, (name, *_, p) in enumerate(PLACES)]
    write(OUT / "pointz.shp", z_rows, ["name"], ["str"], "Point Z", encoding="UTF-8")
    expected(OUT / "pointz.shp", "pointz_shp")


def odd_shapefiles():
    """A Latin-1 .dbf with no .cpg, known only by its language id 0x57 (ANSI), and a .prj in ESRI WKT."""
    write(OUT / "latin1.shp", PLACES, ["name", "pop", "area", "founded"], ["str", "int", "float", "date"], "Point", encoding="ISO-8859-1")
    (OUT / "latin1.cpg").unlink(missing_ok=True)
    dbf = bytearray((OUT / "latin1.dbf").read_bytes())
    dbf[29] = 0x57
    (OUT / "latin1.dbf").write_bytes(bytes(dbf))
    expected(OUT / "latin1.shp", "latin1_shp")

    utm = [(name, shapely.Point(500000 + p.x * 1000, 5000000 + p.y * 1000)) for name, *_, p in PLACES]
    write(OUT / "esri_utm.shp", utm, ["name"], ["str"], "Point", crs="EPSG:32633", encoding="UTF-8")
    (OUT / "esri_utm.prj").write_text(
        'PROJCS["WGS_1984_UTM_Zone_33N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,'
        '298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],'
        'PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],'
        'PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]'
    )
    expected(OUT / "esri_utm.shp", "esri_utm_shp")


def code_page_field_names():
    """A Latin-1 .dbf (language id 0x57, no .cpg) whose field name has an accent, as GDAL's own
    departs.dbf has `NOMDéPART`: GDAL decodes names with the code page, as it decodes values."""
    rows = [("Ain", shapely.Point(5.3, 46.1)), ("Aisne", shapely.Point(3.6, 49.6))]
    write(OUT / "departs_latin1.shp", rows, ["NOMDéPART"], ["str"], "Point", encoding="ISO-8859-1")
    (OUT / "departs_latin1.cpg").unlink(missing_ok=True)
    dbf = bytearray((OUT / "departs_latin1.dbf").read_bytes())
    assert b"NOMD\xe9PART" in dbf, "GDAL wrote the field name in Latin-1"
    dbf[29] = 0x57
    (OUT / "departs_latin1.dbf").write_bytes(bytes(dbf))
    expected(OUT / "departs_latin1.shp", "departs_latin1_shp")


def far_rings():
    """Two clockwise outer rings about 1e11 from the origin (a multipolygon of two parts): twice
    their area summed from the origin rounds to -4194304 and +4194304, so the second would read as a
    counter-clockwise ring, a hole."""
    x, y = 1e11, 1e11
    big = shapely.Polygon([(x + 5000, y), (x + 5000, y + 1000), (x + 6000, y + 1000), (x + 6000, y), (x + 5000, y)])
    small = shapely.Polygon([(x, y), (x, y + 1), (x + 1, y + 1), (x + 1, y), (x, y)])
    write(OUT / "far_rings.shp", [("two outer rings", shapely.MultiPolygon([big, small]))], ["name"], ["str"], "MultiPolygon", crs="EPSG:3857", encoding="UTF-8")
    expected(OUT / "far_rings.shp", "far_rings_shp")


def geojson_without_coordinates():
    """Features whose geometry has `"coordinates": null` (or none), which GDAL reads as features
    without geometry, among features with geometries."""
    (OUT / "null_coordinates.geojson").write_text(
        '{"type": "FeatureCollection", "features": [\n'
        '{"type": "Feature", "properties": {"name": "null coordinates"}, "geometry": {"type": "Point", "coordinates": null}},\n'
        '{"type": "Feature", "properties": {"name": "a point"}, "geometry": {"type": "Point", "coordinates": [1, 2]}},\n'
        '{"type": "Feature", "properties": {"name": "null polygon"}, "geometry": {"coordinates": null, "type": "Polygon"}},\n'
        '{"type": "Feature", "properties": {"name": "no coordinates"}, "geometry": {"type": "LineString"}},\n'
        '{"type": "Feature", "properties": {"name": "null geometry"}, "geometry": null}\n'
        "]}\n"
    )
    expected(OUT / "null_coordinates.geojson", "null_coordinates_geojson")


POPULATIONS = [("Zürich", 2020, 421878.0), ("Reykjavík", 2021, 131136.5), ("Null Island", 2000, None)]


def attribute_tables():
    """Tables without geometry, as GDAL writes them: a GeoPackage `attributes` table and a CSV
    with no geometry column (both open as layers without geometry, which feed joins)."""
    names, dtypes = ["name", "year", "pop"], ["str", "int", "float"]
    data = [column([row[i] for row in POPULATIONS], dtypes[i]) for i in range(3)]
    path = OUT / "populations.gpkg"
    path.unlink(missing_ok=True)
    raw.write(str(path), None, data, names, layer="populations", geometry_type=None, crs=None)
    expected(path, "populations_gpkg")
    raw.write(str(OUT / "populations.csv"), None, data, names, geometry_type=None, crs=None)
    expected(OUT / "populations.csv", "populations_csv", AUTODETECT_TYPE="YES")


def csvt_sidecars():
    """CSVs with a .csvt beside them (GDAL's column types), hand-written to use its syntax:
    quoted and bare types, widths and precisions, a subtype, CoordX/CoordY columns not named as
    coordinates, and a WKT column not named as one."""
    (OUT / "typed.csv").write_text(
        "id,code,ratio,flag,day,at,clock,easting,northing,big,note\n"
        "1,12,0.5,1,2024-05-01,2024-05-01 12:30:00,12:30:00,8.5,47.25,4294967296,x\n"
        "2,00501,2,0,2024/05/02,2024-05-02T13:00:00,13:05:30,9.5,48.5,12,\n"
        "3,,,,,,,10,49,,y\n"
    )
    (OUT / "typed.csvt").write_text(
        '"Integer","String(5)","Real(10.3)","Integer(Boolean)","Date","DateTime","Time",CoordX,CoordY,Integer64,"String"\n'
    )
    expected(OUT / "typed.csv", "typed_csv")
    (OUT / "typed_wkt.csv").write_text(
        'name,outline,n\na,"POINT (1 2)",1\nb,"LINESTRING (0 0,1 1)",2\n'
    )
    (OUT / "typed_wkt.csvt").write_text("String,WKT,Integer(4)\n")
    expected(OUT / "typed_wkt.csv", "typed_wkt_csv", KEEP_GEOM_COLUMNS="NO")


def geopackages():
    path = OUT / "survey.gpkg"
    path.unlink(missing_ok=True)
    write(path, PLACES, ["name", "pop", "area", "founded"], ["str", "int", "float", "date"], "Point", layer="places")
    write(path, ROADS, ["name", "lanes"], ["str", "int"], "Unknown", layer="roads", append=True)
    mercator = [(o, h, shapely.affinity.scale(g, 100000, 100000, origin=(0, 0))) for o, h, g in PARCELS]
    write(path, mercator, ["owner", "hectares"], ["str", "float"], "MultiPolygon", crs="EPSG:3857", layer="parcels", append=True)
    for layer in ["places", "roads", "parcels"]:
        expected(path, f"survey_gpkg_{layer}", layer=layer)
    single = OUT / "places.gpkg"
    single.unlink(missing_ok=True)
    write(single, PLACES, ["name", "pop", "area", "founded"], ["str", "int", "float", "date"], "Point", layer="places")
    expected(single, "places_gpkg")


def csvs():
    write(OUT / "places.csv", PLACES, ["name", "pop", "area", "founded"], ["str", "int", "float", "date"], "Point", layer_options={"GEOMETRY": "AS_XY"})
    expected(OUT / "places.csv", "places_csv", X_POSSIBLE_NAMES="X", Y_POSSIBLE_NAMES="Y", AUTODETECT_TYPE="YES", KEEP_GEOM_COLUMNS="YES")
    write(OUT / "parcels_wkt.csv", PARCELS, ["owner", "hectares"], ["str", "float"], "Unknown", layer_options={"GEOMETRY": "AS_WKT"})
    expected(OUT / "parcels_wkt.csv", "parcels_wkt_csv", GEOM_POSSIBLE_NAMES="WKT", AUTODETECT_TYPE="YES", KEEP_GEOM_COLUMNS="NO")
    (OUT / "bom_semicolon.csv").write_bytes(
        "\ufeffname;Longitude;Latitude;pop;zip\r\nZürich;8.5417;47.3769;421878;08001\r\n\"Dobbs; Ferry\";-73.87;41.01;11000;10522\r\n".encode()
    )
    expected(OUT / "bom_semicolon.csv", "bom_semicolon_csv", X_POSSIBLE_NAMES="Longitude", Y_POSSIBLE_NAMES="Latitude", AUTODETECT_TYPE="YES", KEEP_GEOM_COLUMNS="YES", SEPARATOR="SEMICOLON")


def gpx_track_points():
    """A run recorded by a GPS watch: two tracks, the second in two segments, every point with
    its elevation and time; and what GDAL reads as its track_points and route_points layers."""
    points = lambda rows: "".join(
        f'      <trkpt lat="{lat}" lon="{lon}"><ele>{ele}</ele><time>{time}</time></trkpt>\n' for lat, lon, ele, time in rows
    )
    text = f"""<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="a watch" xmlns="http://www.topografix.com/GPX/1/1">
  <rte><name>plan</name>
    <rtept lat="60.17" lon="24.94"><ele>12</ele><name>start</name></rtept>
    <rtept lat="60.18" lon="24.96"><ele>20.5</ele><name>turn</name></rtept>
  </rte>
  <trk><name>morning</name>
    <trkseg>
{points([(60.1700, 24.9400, 12.0, "2026-05-01T06:00:00Z"), (60.1710, 24.9420, 14.5, "2026-05-01T06:00:30Z"), (60.1725, 24.9450, 19.25, "2026-05-01T06:01:00Z")])}    </trkseg>
  </trk>
  <trk><name>evening</name>
    <trkseg>
{points([(60.1800, 24.9600, 21.0, "2026-05-01T18:00:00Z"), (60.1810, 24.9610, 22.0, "2026-05-01T18:00:20Z")])}    </trkseg>
    <trkseg>
{points([(60.1820, 24.9620, 23.5, "2026-05-01T18:05:00Z")])}    </trkseg>
  </trk>
</gpx>
"""
    (OUT / "run.gpx").write_text(text)
    expected(OUT / "run.gpx", "run_gpx_track_points", layer="track_points")
    expected(OUT / "run.gpx", "run_gpx_route_points", layer="route_points")


def kml_and_gpx():
    rows = [(name or "", f"{name} has {pop} people" if pop else "", p) for name, pop, _, _, p in PLACES]
    write(OUT / "places.kml", rows, ["Name", "Description"], ["str", "str"], "Point", driver="KML")
    expected(OUT / "places.kml", "places_kml")
    with zipfile.ZipFile(OUT / "places.kmz", "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(OUT / "places.kml", "doc.kml")
    write(OUT / "parcels.kml", [(o, "", g) for o, _, g in PARCELS], ["Name", "Description"], ["str", "str"], "Unknown", driver="KML")
    expected(OUT / "parcels.kml", "parcels_kml")
    waypoints = [(name or "", p) for name, *_, p in PLACES]
    write(OUT / "waypoints.gpx", waypoints, ["name"], ["str"], "Point", driver="GPX")
    expected(OUT / "waypoints.gpx", "waypoints_gpx", layer="waypoints")
    tracks = [(name, g if g.geom_type == "MultiLineString" else shapely.MultiLineString([g])) for name, _, g in ROADS]
    write(OUT / "tracks.gpx", tracks, ["name"], ["str"], "MultiLineString", driver="GPX")
    expected(OUT / "tracks.gpx", "tracks_gpx", layer="tracks")


def arrow_type_name(arrow_type):
    import pyarrow as pa

    if pa.types.is_dictionary(arrow_type):
        return arrow_type_name(arrow_type.value_type)
    if pa.types.is_boolean(arrow_type):
        return "bool"
    if pa.types.is_integer(arrow_type):
        return "integer"
    if pa.types.is_floating(arrow_type):
        return "float"
    if pa.types.is_date(arrow_type):
        return "date"
    if pa.types.is_timestamp(arrow_type):
        return "datetime"
    return "string"


def expected_geopandas(path, name):
    """What GeoPandas and pyarrow read from the GeoParquet file `path`, as expected/<name>.json."""
    import geopandas as gpd
    import pyarrow.parquet as pq

    frame = gpd.read_parquet(path)
    table = pq.read_table(path)
    geometry = frame.geometry.name
    # pandas' stored index (`__index_level_0__`) is GeoPandas' row labels, not a column.
    pandas = json.loads((table.schema.metadata or {}).get(b"pandas", b"{}"))
    index = [c for c in pandas.get("index_columns", []) if isinstance(c, str)]
    names = [f for f in table.column_names if f not in (geometry, "bbox") and f not in index]
    columns = {f: table.column(f).to_pylist() for f in names}
    features = []
    for i, shape in enumerate(frame.geometry):
        properties = {}
        for f in names:
            value = columns[f][i]
            properties[f] = value.isoformat() if hasattr(value, "isoformat") else value
        features.append({"geometry": as_read(shape), "properties": properties})
    crs = frame.crs.to_string() if frame.crs else ""
    epsg = frame.crs.to_epsg() if frame.crs else None
    fields = [{"name": f, "type": arrow_type_name(table.schema.field(f).type)} for f in names]
    write_expected(name, path.name, crs, epsg, fields, features)


def as_read(shape):
    """A shapely geometry as GeoJSON, as RustGIS holds what it reads: x and y only (Z and M are
    dropped), no geometry for None, an empty point, or a geometry with a coordinate that is not a
    number (RustGIS keeps that feature without its geometry, with a notice)."""
    if shape is None or (shape.geom_type == "Point" and shape.is_empty):
        return None
    flat = shapely.force_2d(shape)
    if not np.isfinite(shapely.get_coordinates(flat)).all():
        return None
    return json.loads(json.dumps(mapping(flat)))


def geoparquet():
    """GeoParquet 1.0 as GeoPandas writes it by default, and 1.1 with a covering bbox column and
    one row group per feature (so a bbox read can skip row groups by their statistics)."""
    import geopandas as gpd
    import pandas as pd

    places = gpd.GeoDataFrame(
        {
            "name": pd.array([p[0] for p in PLACES], dtype="string"),
            "pop": pd.array([p[1] for p in PLACES], dtype="Int64"),
            "area": [np.nan if p[2] is None else p[2] for p in PLACES],
            "founded": [p[3] for p in PLACES],
            "capital": pd.array([True, False, True, None, False], dtype="boolean"),
            "kind": pd.Categorical(["city", "city", "city", "island", "city"]),
        },
        geometry=[p[4] for p in PLACES],
        crs="EPSG:4326",
    )
    places.to_parquet(OUT / "places.parquet")
    expected_geopandas(OUT / "places.parquet", "places_parquet")

    mercator = gpd.GeoDataFrame(
        {"owner": [p[0] for p in PARCELS], "hectares": [p[1] for p in PARCELS]},
        geometry=[shapely.affinity.scale(p[2], 100000, 100000, origin=(0, 0)) for p in PARCELS],
        crs="EPSG:3857",
    )
    mercator.to_parquet(OUT / "parcels_3857.parquet", schema_version="1.1.0", write_covering_bbox=True, row_group_size=1)
    expected_geopandas(OUT / "parcels_3857.parquet", "parcels_3857_parquet")

    utm = gpd.GeoDataFrame(
        {"name": [r[0] for r in ROADS], "lanes": [r[1] for r in ROADS]},
        geometry=[shapely.affinity.translate(shapely.affinity.scale(r[2], 1000, 1000, origin=(0, 0)), 500000, 5000000) for r in ROADS],
        crs="EPSG:32633",
    )
    utm.to_parquet(OUT / "roads_utm.parquet", schema_version="1.0.0")
    expected_geopandas(OUT / "roads_utm.parquet", "roads_utm_parquet")
    # Brotli, as some writers choose for the smallest files.
    utm.to_parquet(OUT / "roads_brotli.parquet", schema_version="1.1.0", compression="brotli")
    expected_geopandas(OUT / "roads_brotli.parquet", "roads_brotli_parquet")

    # Parquet without 'geo' metadata, and GeoParquet whose metadata names a column it lacks.
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"name": ["a", "b"], "wkb": [shapely.to_wkb(shapely.Point(0, 0))] * 2}), OUT / "plain.parquet")
    table = pq.read_table(OUT / "places.parquet")
    geo = json.loads(table.schema.metadata[b"geo"])
    geo["primary_column"] = "geom"
    geo["columns"] = {"geom": geo["columns"]["geometry"]}
    lying = table.replace_schema_metadata({**table.schema.metadata, b"geo": json.dumps(geo).encode()})
    pq.write_table(lying, OUT / "lying_geo.parquet")


_WKB_TYPE = []


def wkb_type():
    """A minimal `geoarrow.wkb` Arrow extension type, registered once: through it pyarrow reads and
    writes Parquet's GEOMETRY and GEOGRAPHY logical types (its `crs` and `edges` are the type's
    parameters)."""
    if not _WKB_TYPE:
        import pyarrow as pa

        class Wkb(pa.ExtensionType):
            def __init__(self, crs=None, edges=None, *, storage_type=pa.binary(), **_):
                self.crs, self.edges = crs, edges
                super().__init__(storage_type, "geoarrow.wkb")

            def __arrow_ext_serialize__(self):
                return json.dumps({k: v for k, v in {"crs": self.crs, "edges": self.edges}.items() if v}).encode()

            @classmethod
            def __arrow_ext_deserialize__(cls, storage_type, serialized):
                return Wkb(**(json.loads(serialized) if serialized else {}), storage_type=storage_type)

        pa.register_extension_type(Wkb())
        _WKB_TYPE.append(Wkb)
    return _WKB_TYPE[0]


def native_table(columns, geometries, crs=None, edges=None, name="geometry"):
    """A pyarrow table whose column `name` is Parquet GEOMETRY (GEOGRAPHY with `edges`) of WKB."""
    import pyarrow as pa

    wkb = pa.array([None if g is None else shapely.to_wkb(g, flavor="iso") for g in geometries], pa.binary())
    return pa.table({**columns, name: wkb_type()(crs=crs, edges=edges).wrap_array(wkb)})


def expected_native(path, name):
    """What pyarrow (Arrow C++'s reading of the GEOMETRY and GEOGRAPHY types) and shapely (GEOS)
    read from the Parquet file `path`, as expected/<name>.json: the first such column's geometries
    (from its `wkt` column when the file has one, checked equal to the WKB), the other columns,
    and the CRS the type's `crs` names, through pyproj."""
    import pyarrow.parquet as pq
    import pyproj
    import shapely.testing

    wkb_type()
    table = pq.ParquetFile(path, arrow_extensions_enabled=True).read()
    geometry_columns = [f.name for f in table.schema if getattr(f.type, "extension_name", None) == "geoarrow.wkb"]
    geometry = geometry_columns[0]
    shapes = shapely.from_wkb(table.column(geometry).combine_chunks().storage.to_pylist())
    if "wkt" in table.column_names:
        from_wkt = shapely.from_wkt(table.column("wkt").to_pylist())
        shapely.testing.assert_geometries_equal(from_wkt, shapes)
        shapes = from_wkt
    names = [f for f in table.column_names if f not in geometry_columns]
    columns = {f: table.column(f).to_pylist() for f in names}
    features = [
        {"geometry": as_read(shape), "properties": {f: plain(columns[f][i]) for f in names}} for i, shape in enumerate(shapes)
    ]
    crs_text = table.schema.field(geometry).type.crs
    crs = pyproj.CRS.from_user_input(crs_text if isinstance(crs_text, str) else json.dumps(crs_text))
    epsg = 4326 if crs.equals(pyproj.CRS("OGC:CRS84")) else crs.to_epsg()
    fields = [{"name": f, "type": arrow_type_name(table.schema.field(f).type)} for f in names]
    write_expected(name, path.name, crs.to_string(), epsg, fields, features)


PARQUET_TESTING = OUT / "parquet_testing"


def parquet_testing():
    """What pyarrow and shapely read from the files of apache/parquet-testing's data/geospatial/ kept
    in parquet_testing/ (see its README.md): expected/parquet_testing_<file>.json. The files
    themselves are Apache's and are never rewritten here."""
    for path in sorted(PARQUET_TESTING.glob("*.parquet")):
        expected_native(path, "parquet_testing_" + path.stem.replace("-", "_"))


def pandas_index():
    """GeoParquet written by pandas from a filtered frame: its index (0, 1, 4) is stored as a
    column `__index_level_0__` named in the `pandas` metadata, which GDAL reads as no field."""
    import geopandas as gpd

    places = gpd.GeoDataFrame(
        {"name": [p[0] for p in PLACES]}, geometry=[p[4] for p in PLACES], crs="EPSG:4326"
    ).iloc[[0, 1, 4]]
    places.to_parquet(OUT / "places_indexed.parquet")
    expected_geopandas(OUT / "places_indexed.parquet", "places_indexed_parquet")


def geoarrow_encodings():
    """GeoParquet 1.1's GeoArrow native encodings as GeoPandas writes them (separated x/y/z
    structs), one file per geometry type with nulls and a projected CRS among them, read back by
    GeoPandas; interleaved coordinates (fixed-size lists) written through pyarrow with GeoPandas'
    metadata; and files RustGIS must refuse or read with a notice: an encoding that does not fit the
    column, and M values."""
    import geopandas as gpd
    import pyarrow as pa
    import pyarrow.parquet as pq

    polygon = PARCELS[0][2]
    files = {
        "point": ("EPSG:4326", [p[4] for p in PLACES[:3]] + [None, shapely.Point()]),
        "point_z": ("EPSG:4326", [shapely.Point(p[4].x, p[4].y, 100.0 + i) for i, p in enumerate(PLACES)]),
        "linestring": ("EPSG:32633", [shapely.LineString([(500000, 5000000), (501000, 5001000)]), None, shapely.LineString([(0, 0), (1.5, 2.25), (3, 0)])]),
        "polygon": ("EPSG:3857", [polygon, None, PARCELS[2][2]]),
        "multipoint": ("EPSG:4326", [shapely.MultiPoint([(1, 2), (3, 4)]), shapely.MultiPoint([(-5.5, 40.25)]), None]),
        "multilinestring": ("EPSG:4326", [ROADS[1][2], None, shapely.MultiLineString([[(0, 0), (1, 1)]])]),
        "multipolygon": ("EPSG:3857", [PARCELS[1][2], shapely.MultiPolygon([polygon]), None]),
        "multipolygon_z": ("EPSG:4326", [shapely.MultiPolygon([shapely.Polygon([(0, 0, 1), (1, 0, 2), (1, 1, 3), (0, 0, 1)])])]),
    }
    for kind, (crs, geometries) in files.items():
        frame = gpd.GeoDataFrame(
            {"name": [f"{kind} {i}" for i in range(len(geometries))], "n": list(range(len(geometries)))}, geometry=geometries, crs=crs
        )
        path = OUT / f"geoarrow_{kind}.parquet"
        frame.to_parquet(path, geometry_encoding="geoarrow")
        expected_geopandas(path, f"geoarrow_{kind}_parquet")

    # Interleaved coordinates, as GeoArrow allows (GeoParquet itself writes separated ones).
    frame = gpd.GeoDataFrame({"owner": [p[0] for p in PARCELS]}, geometry=[p[2] for p in PARCELS], crs="EPSG:3857")
    frame.to_parquet(OUT / "geoarrow_interleaved.parquet", geometry_encoding="geoarrow")
    geo = pq.read_metadata(OUT / "geoarrow_interleaved.parquet").metadata[b"geo"]
    interleaved = pa.array(frame.geometry.to_arrow(geometry_encoding="geoarrow", interleaved=True))
    table = pa.table({"owner": frame["owner"].tolist(), "geometry": interleaved}).replace_schema_metadata({b"geo": geo})
    pq.write_table(table, OUT / "geoarrow_interleaved.parquet")
    expected_geopandas(OUT / "geoarrow_interleaved.parquet", "geoarrow_interleaved_parquet")

    # Metadata that says polygon over a column of lines: refused, naming both.
    table = pq.read_table(OUT / "geoarrow_linestring.parquet")
    geo = json.loads(table.schema.metadata[b"geo"])
    geo["columns"]["geometry"]["encoding"] = "polygon"
    pq.write_table(table.replace_schema_metadata({b"geo": json.dumps(geo).encode()}), OUT / "geoarrow_lying.parquet")

    # XYM points (GeoPandas writes no M): read as x and y, with a notice that M was dropped.
    xym = pa.StructArray.from_arrays([pa.array([1.0, 3.0]), pa.array([2.0, 4.0]), pa.array([10.0, 20.0])], names=["x", "y", "m"])
    geo = {"version": "1.1.0", "primary_column": "geometry", "columns": {"geometry": {"encoding": "point", "geometry_types": ["Point M"]}}}
    table = pa.table({"name": ["a", "b"], "geometry": xym}).replace_schema_metadata({b"geo": json.dumps(geo).encode()})
    pq.write_table(table, OUT / "geoarrow_point_m.parquet")


def parquet_geospatial_types():
    """Parquet's own GEOMETRY and GEOGRAPHY types: GeoParquet 2.0 as GeoPandas writes it (the type
    and the 'geo' metadata agreeing), and files with the type alone that RustGIS must read with a
    notice or refuse: a `crs` no one can read, a 'geo' metadata disagreeing with the type's CRS, two
    geometry columns, and GEOGRAPHY points (which have no edges to draw differently)."""
    import geopandas as gpd
    import pyarrow.parquet as pq

    places = gpd.GeoDataFrame(
        {"name": [p[0] for p in PLACES], "pop": pd_int([p[1] for p in PLACES])},
        geometry=[shapely.Point(p[4].x * 100000, p[4].y * 100000) for p in PLACES],
        crs="EPSG:3857",
    )
    places.to_parquet(OUT / "places_2_0.parquet", schema_version="2.0.0")
    expected_geopandas(OUT / "places_2_0.parquet", "places_2_0_parquet")

    names = {"name": ["a", "b"]}
    points = [shapely.Point(1, 2), shapely.Point(3, 4)]
    pq.write_table(native_table(names, points, crs="my own CRS"), OUT / "native_unreadable_crs.parquet", store_schema=False)
    pq.write_table(native_table(names, points, edges="spherical"), OUT / "native_geography_points.parquet", store_schema=False)
    expected_native(OUT / "native_geography_points.parquet", "native_geography_points_parquet")
    two = native_table(names, points, crs="srid:32633")
    two = two.append_column("outline", native_table({}, [shapely.LineString([(0, 0), (1, 1)])] * 2, crs="srid:32633", name="outline")["outline"])
    pq.write_table(two, OUT / "native_two_columns.parquet", store_schema=False)
    expected_native(OUT / "native_two_columns.parquet", "native_two_columns_parquet")
    # The type says EPSG:5070 and the 'geo' metadata (of GeoPandas, for EPSG:4326) says otherwise.
    geo = json.loads(pq.read_metadata(OUT / "places.parquet").metadata[b"geo"])
    geo["columns"] = {"geometry": {**geo["columns"]["geometry"], "geometry_types": ["Point"]}}
    for key in ("bbox", "covering"):
        geo["columns"]["geometry"].pop(key, None)
    disagreeing = native_table(names, points, crs="srid:5070").replace_schema_metadata({b"geo": json.dumps(geo).encode()})
    pq.write_table(disagreeing, OUT / "native_disagreeing_crs.parquet")
    # The 'geo' metadata says the CRS is unknown (null), and the type names EPSG:32633.
    geo["columns"]["geometry"]["crs"] = None
    unknown = native_table(names, points, crs="srid:32633").replace_schema_metadata({b"geo": json.dumps(geo).encode()})
    pq.write_table(unknown, OUT / "native_geo_crs_null.parquet")
    expected_native(OUT / "native_geo_crs_null.parquet", "native_geo_crs_null_parquet")
    # 'geo' metadata that is not JSON beside a GEOMETRY column.
    broken = native_table(names, points, crs="srid:32633").replace_schema_metadata({b"geo": b"{not JSON"})
    pq.write_table(broken, OUT / "native_broken_geo.parquet")
    expected_native(OUT / "native_broken_geo.parquet", "native_broken_geo_parquet")

    # GeoParquet 1.1 whose 'geo' metadata says the edges are spherical.
    parcels = gpd.GeoDataFrame({"owner": [p[0] for p in PARCELS]}, geometry=[p[2] for p in PARCELS], crs="EPSG:4326")
    parcels.to_parquet(OUT / "parcels_spherical.parquet", schema_version="1.1.0")
    table = pq.read_table(OUT / "parcels_spherical.parquet")
    geo = json.loads(table.schema.metadata[b"geo"])
    geo["columns"]["geometry"]["edges"] = "spherical"
    pq.write_table(table.replace_schema_metadata({**table.schema.metadata, b"geo": json.dumps(geo).encode()}), OUT / "parcels_spherical.parquet")
    expected_geopandas(OUT / "parcels_spherical.parquet", "parcels_spherical_parquet")


def pd_int(values):
    import pandas as pd

    return pd.array(values, dtype="Int64")


GDAL_FILES = OUT / "gdal"


# Curved geometries, as WKT (GDAL parses them from the CSV): arcs, a compound curve, a disc, a
# curved ring with a hole, a multicurve and a multisurface, and a plain line beside them.
CURVES = [
    ("half circle", "CIRCULARSTRING (0 0,1 1,2 0)"),
    ("two arcs", "CIRCULARSTRING (0 0,1 1,2 0,3 -1,4 0)"),
    ("compound", "COMPOUNDCURVE ((-2 0,0 0),CIRCULARSTRING (0 0,1 1,2 0),(2 0,4 0))"),
    ("disc", "CURVEPOLYGON (CIRCULARSTRING (10 0,12 0,10 0))"),
    ("half disc with a hole", "CURVEPOLYGON (COMPOUNDCURVE (CIRCULARSTRING (20 0,22 2,24 0),(24 0,20 0)),(21 0.2,23 0.2,22 1,21 0.2))"),
    ("multicurve", "MULTICURVE ((30 0,31 1),CIRCULARSTRING (32 0,33 1,34 0))"),
    ("multisurface", "MULTISURFACE (((40 0,41 0,41 1,40 0)),CURVEPOLYGON (CIRCULARSTRING (42 0,44 0,42 0)))"),
    ("line", "LINESTRING (50 0,51 1)"),
]


# Columns whose cells GDAL's CSV type detection (AUTODETECT_TYPE=YES) reads in ways worth
# checking: numbers, leading zeros, booleans, dates, times, date-times and mixes of them.
AUTODETECT_COLUMNS = {
    "int": ["0", "-3"], "plus": ["+4", "10"], "neg_zero": ["-0", "1"], "zeros": ["00501", "00502"],
    "lead0_real": ["007.5", "1.5"], "lead0_neg": ["-007", "1"], "dot_real": ["1.", "2."], "lead_dot": [".5", "1"],
    "expo": ["1e5", "2E-3"], "plus_real": ["+1.5", "2"], "int_real": ["1", "2.5"], "inf": ["inf", "-inf"],
    "nan": ["NaN", "1"], "comma": ["1,5", "2"], "hex": ["0x10", "1"], "int64": ["9999999999", "1"],
    "huge": ["99999999999999999999", "1"], "spaced": [" 12 ", "13"], "empty_int": ["", "5"], "all_empty": ["", ""],
    "ws_only": ["  ", "5"], "bools": ["true", "false"], "upper": ["TRUE", "FALSE"], "yes_no": ["Yes", "No"],
    "y_n": ["Y", "N"], "t_f": ["t", "f"], "one_zero": ["1", "0"], "bool_one": ["true", "1"], "bool_empty": ["true", ""],
    "bool_text": ["true", "maybe"], "iso_date": ["2024-05-01", "2024-05-02"], "slash_date": ["2024/05/01", "2024/05/02"],
    "dmy": ["01/05/2024", "02/05/2024"], "short_date": ["2024-5-1", "2024-5-2"], "compact": ["20240501", "20240502"],
    "time": ["12:30", "13:45:10"], "bad_time": ["25:00", "12:00"], "dt_z": ["2024-05-01T12:30:00Z", "2024-05-02T13:00:00Z"],
    "dt_space": ["2024-05-01 12:30:00", "2024-05-02 13:00"], "dt_slash": ["2024/05/01 12:30:00", "2024/05/02 13:00:00"],
    "dt_offset": ["2024-05-01T12:30:00+02:00", "2024-05-01T12:30:00Z"], "date_dt": ["2024-05-01", "2024-05-02 13:00:00"],
    "date_text": ["2024-05-01", "soon"], "time_dt": ["12:30", "2024-05-01 12:30:00"], "real_date": ["1.5", "2024-05-01"],
    "text": ["abc", "def"], "pct": ["5%", "6%"],
}


def csv_autodetect():
    """A CSV of AUTODETECT_COLUMNS, and what GDAL reads from it with AUTODETECT_TYPE=YES
    (expected/autodetect_csv.json) and by default, every column text (expected/autodetect_csv_text.json)."""
    import csv as csv_module

    path = OUT / "autodetect.csv"
    names = list(AUTODETECT_COLUMNS)
    with open(path, "w", encoding="utf-8", newline="") as out:
        writer = csv_module.writer(out)
        writer.writerow(names)
        for row in range(2):
            writer.writerow([AUTODETECT_COLUMNS[name][row] for name in names])
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # GDAL warns of the spaced number it reads as null
        expected(path, "autodetect_csv", AUTODETECT_TYPE="YES")
    expected(path, "autodetect_csv_text")


KML_FOLDERS = """<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
<Document>
  <name>Trip</name>
  <Placemark><name>Start</name><Point><coordinates>2.35,48.85</coordinates></Point></Placemark>
  <Folder>
    <name>Museums</name>
    <Placemark><name>Louvre</name><Point><coordinates>2.3376,48.8606</coordinates></Point></Placemark>
    <Placemark><name>Orsay</name><Point><coordinates>2.3266,48.86</coordinates></Point></Placemark>
    <Folder>
      <name>Small museums</name>
      <Placemark><name>Rodin</name><Point><coordinates>2.3158,48.8553</coordinates></Point></Placemark>
    </Folder>
  </Folder>
  <Folder>
    <name>Walks</name>
    <Placemark><name>Seine</name><LineString><coordinates>2.33,48.857 2.35,48.853 2.37,48.848</coordinates></LineString></Placemark>
  </Folder>
</Document>
</kml>
"""


def png_bytes(width, height, pixel):
    """A PNG of `width` × `height` RGBA pixels, `pixel(col, row)` giving each."""
    import struct
    import zlib

    rows = b"".join(b"\x00" + b"".join(bytes(pixel(col, row)) for col in range(width)) for row in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


KMZ_OVERLAY = """<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>overlay</name>
<Style id="pin"><IconStyle><Icon><href>files/pin.png</href></Icon></IconStyle></Style>
<Placemark><name>Lyon</name><styleUrl>#pin</styleUrl><description><![CDATA[<img src="files/photo.png"/>]]></description>
<Point><coordinates>4.83,45.76</coordinates></Point></Placemark>
<GroundOverlay><name>plan</name><Icon><href>files/plan.png</href></Icon>
<LatLonBox><north>45.8</north><south>45.7</south><east>4.9</east><west>4.75</west></LatLonBox></GroundOverlay>
</Document></kml>
"""


def kmz_overlay():
    """A KMZ with images (a pin, a photo in a description) and a GroundOverlay of a 6 x 4 RGBA
    PNG whose left half is transparent: GDAL (LIBKML) reads the overlay as a feature with its box and
    `icon` (expected/kmz_overlay.json), and as a raster (rasterio, expected/kmz_overlay_raster.json)."""
    path = OUT / "overlay.kmz"
    plan = png_bytes(6, 4, lambda col, row: (40 * col, 60 * row, 200, 0 if col < 3 else 255))
    with zipfile.ZipFile(path, "w") as kmz:
        kmz.writestr("doc.kml", KMZ_OVERLAY)
        kmz.writestr("files/pin.png", png_bytes(2, 2, lambda c, r: (255, 0, 0, 255)))
        kmz.writestr("files/photo.png", png_bytes(3, 3, lambda c, r: (0, 255, 0, 255)))
        kmz.writestr("files/plan.png", plan)
    expected(path, "kmz_overlay")
    import rasterio

    with rasterio.open(path) as raster:
        record = {
            "bands": raster.count,
            "dtypes": list(raster.dtypes),
            "width": raster.width,
            "height": raster.height,
            "transform": list(raster.transform)[:6],
            "crs": str(raster.crs),
            "cells": raster.read().tolist(),
        }
    target = OUT / "expected" / "kmz_overlay_raster.json"
    target.write_text(json.dumps(record, indent=1) + "\n")


def kml_folders():
    """A KML whose placemarks are in a Document, two folders and a folder inside one: GDAL reads
    each as a layer of its own (named as the Document or Folder), expected/kml_folders_<layer>.json."""
    path = OUT / "folders.kml"
    path.write_text(KML_FOLDERS, encoding="utf-8")
    for layer, _ in pyogrio.list_layers(str(path)):
        expected(path, "kml_folders_" + layer.replace(" ", "_"), layer=layer)


def curve_wkb(wkt):
    """ISO WKB (little-endian, 2D) of the curved WKT of CURVES, built here: GDAL reads curved WKT
    but pyogrio hands its geometries over linearised."""
    import re
    import struct

    tokens = re.findall(r"[A-Z]+|\(|\)|,|[-+0-9.eE]+", wkt)
    at = 0
    codes = {"POINT": 1, "LINESTRING": 2, "POLYGON": 3, "MULTILINESTRING": 5, "MULTIPOLYGON": 6, "CIRCULARSTRING": 8,
             "COMPOUNDCURVE": 9, "CURVEPOLYGON": 10, "MULTICURVE": 11, "MULTISURFACE": 12}

    def take(expected=None):
        nonlocal at
        token = tokens[at]
        at += 1
        assert expected is None or token == expected, (expected, token, wkt)
        return token

    def points():
        take("(")
        coords = []
        while True:
            coords.append((float(take()), float(take())))
            if take() == ")":
                return struct.pack("<I", len(coords)) + b"".join(struct.pack("<dd", *c) for c in coords)

    def items(item):
        take("(")
        parts = []
        while True:
            parts.append(item())
            if take() == ")":
                return struct.pack("<I", len(parts)) + b"".join(parts)

    def tagged(default):
        """A geometry: a tag and its body, or a bare body of the `default` type."""
        tag = take() if tokens[at] != "(" else default
        header = struct.pack("<BI", 1, codes[tag])
        if tag in ("LINESTRING", "CIRCULARSTRING"):
            return header + points()
        if tag == "POLYGON":
            return header + items(points)
        if tag == "COMPOUNDCURVE":
            return header + items(lambda: tagged("LINESTRING"))
        if tag in ("CURVEPOLYGON", "MULTICURVE"):
            return header + items(lambda: tagged("LINESTRING"))
        if tag == "MULTISURFACE":
            return header + items(lambda: tagged("POLYGON"))
        raise ValueError(tag)

    return tagged(None)


def curves():
    """Curved geometries in a CSV's WKT column, and in a GeoPackage and a FlatGeobuf GDAL writes
    from their WKB. expected/curves.json holds GDAL's linearisation of each (what pyogrio reads from
    the GeoPackage), which RustGIS's must follow within the sagitta of a 4° step."""
    with open(OUT / "curves.csv", "w", encoding="utf-8", newline="") as out:
        out.write("name,WKT\n")
        for name, wkt in CURVES:
            out.write(f'"{name}","{wkt}"\n')
    geometries = np.array([curve_wkb(wkt) for _, wkt in CURVES], dtype=object)
    names = [np.array([name for name, _ in CURVES], dtype=object)]
    for suffix in ("gpkg", "fgb"):
        target = OUT / f"curves.{suffix}"
        target.unlink(missing_ok=True)
        raw.write(str(target), geometries, names, ["name"], geometry_type="Unknown", crs="EPSG:4326", layer="curves")
    _, _, lines, read_names = raw.read(str(OUT / "curves.gpkg"))
    features = [
        {"geometry": json.loads(json.dumps(mapping(shapely.from_wkb(wkb)))), "properties": {"name": read_names[0][i]}}
        for i, wkb in enumerate(lines)
    ]
    write_expected("curves", "curves.*", "EPSG:4326", 4326, [{"name": "name", "type": "string"}], features)


def gdal_autotest():
    """What GDAL reads from the files of its own test suite kept in gdal/ (see gdal/README.md):
    expected/gdal_<file>.json for a file of one layer, expected/gdal_<file>_<layer>.json for each
    layer of a file of several (a KML's folders, a GPX's five layers), and for a CSV also
    expected/gdal_<file>_autodetect.json, read with AUTODETECT_TYPE=YES. expected/gdal_corpus.json
    lists them by file (and the files GDAL refuses), for rustgis-core/tests/core/gdal_corpus.rs,
    which compares RustGIS's reading of every file with them. The files themselves are GDAL's and
    are never rewritten here."""
    corpus = {}
    for path in sorted(GDAL_FILES.iterdir()):
        if path.name == "README.md":
            continue
        if path.stem in GDAL_REFUSES:
            corpus[path.name] = {"refused": True}
            continue
        stem = "gdal_" + path.name.replace(".", "_")
        names = [name for name, _ in pyogrio.list_layers(path)]
        layers = {}
        for name in names:
            if len(names) == 1:
                expected(path, stem)
                layers[name] = stem
            else:
                target = f"{stem}_{name.replace(' ', '_')}"
                expected(path, target, layer=name)
                layers[name] = target
        entry = {"layers": layers}
        if path.suffix == ".csv":
            expected(path, f"{stem}_autodetect", AUTODETECT_TYPE="YES")
            entry["autodetect"] = f"{stem}_autodetect"
        corpus[path.name] = entry
    target = OUT / "expected" / "gdal_corpus.json"
    target.write_text(json.dumps(corpus, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {target.relative_to(ROOT)}", file=sys.stderr)


# Files GDAL refuses too (RustGIS's tests check it refuses them, naming why).
GDAL_REFUSES = {"truncated"}


def bench(folder):
    """The bench data in every format RustGIS reads, for `cargo bench --bench formats`."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ["ne_10m_land", "us_counties", "cities_all"]:
        source = BENCH / f"{name}.geojson"
        meta, _, geometries, data = raw.read(str(source))
        fields = list(meta["fields"])
        kind = "Point" if name == "cities_all" else "MultiPolygon"
        common = dict(geometry_type=kind, crs="EPSG:4326")
        raw.write(str(folder / f"{name}.shp"), geometries, data, fields, encoding="UTF-8", **common)
        gpkg = folder / f"{name}.gpkg"
        gpkg.unlink(missing_ok=True)
        raw.write(str(gpkg), geometries, data, fields, layer=name, **common)
        if name == "cities_all":
            raw.write(str(folder / f"{name}.csv"), geometries, data, fields, layer_options={"GEOMETRY": "AS_XY"}, **common)
            raw.write(str(folder / f"{name}.kml"), geometries, data, fields, driver="KML", **common)
        import geopandas as gpd

        frame = gpd.read_file(source)
        frame.to_parquet(folder / f"{name}.parquet", schema_version="1.1.0", write_covering_bbox=True, row_group_size=65536)
        print(f"converted {name}", file=sys.stderr)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--bench":
        bench(Path(sys.argv[2]))
        return
    if len(sys.argv) == 2 and sys.argv[1] == "--geoparquet":
        geoparquet()
        geoarrow_encodings()
        parquet_geospatial_types()
        parquet_testing()
        return
    if len(sys.argv) == 2 and sys.argv[1] == "--gdal":
        gdal_autotest()
        return
    if len(sys.argv) > 2 and sys.argv[1] == "--only":
        # Remakes only the fixtures of the named functions (code_page_field_names far_rings ...),
        # leaving the others byte for byte as they are.
        for name in sys.argv[2:]:
            globals()[name]()
        return
    # Everything here is made by this script but GDAL's and Parquet's own files in gdal/ and
    # parquet_testing/.
    OUT.mkdir(parents=True, exist_ok=True)
    for path in OUT.iterdir():
        if path not in (GDAL_FILES, PARQUET_TESTING):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    shapefiles()
    odd_shapefiles()
    code_page_field_names()
    far_rings()
    geojson_without_coordinates()
    attribute_tables()
    csvt_sidecars()
    geopackages()
    csvs()
    kml_and_gpx()
    gpx_track_points()
    kml_folders()
    kmz_overlay()
    csv_autodetect()
    curves()
    geoparquet()
    pandas_index()
    geoarrow_encodings()
    parquet_geospatial_types()
    parquet_testing()
    gdal_autotest()


if __name__ == "__main__":
    main()
