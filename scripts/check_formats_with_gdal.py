#!/usr/bin/env python3
"""GDAL reads back what RustGIS writes: rustgis-cli opens GDAL-made fixtures and exports them to
every format it writes, then GDAL (pyogrio) reads both the fixture and RustGIS's file and this
script checks they hold the same features: geometries (topologically equal) and values.
GeoParquet files are read back by GeoPandas and pyarrow instead (the pyogrio wheels' GDAL has no
Parquet driver), which also check the CRS: the EPSG code GeoPandas finds in RustGIS's PROJJSON is
the one GDAL finds in the fixture.

Run from scripts/test.sh (which installs pyogrio into .venv):

    .venv/bin/python scripts/check_formats_with_gdal.py target/debug/rustgis-cli
"""

import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pyogrio
import shapely
from pyogrio import raw

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "rustgis-core" / "tests" / "fixtures" / "formats"

# (fixture, file RustGIS writes, how GDAL opens it)
CASES = [
    ("places.shp", "places.shp", {}),
    ("places.shp", "places.zip", {"member": "places.shp"}),
    ("places.shp", "places.gpkg", {"layer": "src"}),
    ("places.shp", "places.csv", {"X_POSSIBLE_NAMES": "lon", "Y_POSSIBLE_NAMES": "lat", "AUTODETECT_TYPE": "YES", "export": {"csv_geometry": "xy"}}),
    ("places.shp", "places_wkt.csv", {"GEOM_POSSIBLE_NAMES": "WKT", "AUTODETECT_TYPE": "YES", "KEEP_GEOM_COLUMNS": "NO"}),
    ("places.shp", "places.kml", {}),
    ("places.shp", "places.kmz", {}),
    ("places.shp", "places.gpx", {"layer": "waypoints"}),
    ("parcels.shp", "parcels.shp", {}),
    ("parcels.shp", "parcels.gpkg", {"layer": "src"}),
    ("parcels.shp", "parcels.csv", {"GEOM_POSSIBLE_NAMES": "WKT", "AUTODETECT_TYPE": "YES", "KEEP_GEOM_COLUMNS": "NO"}),
    ("parcels.shp", "parcels.kml", {}),
    ("roads.shp", "roads.shp", {}),
    ("roads.shp", "roads.gpkg", {"layer": "src"}),
    ("roads.shp", "roads.kml", {}),
    ("roads.shp", "roads.gpx", {"layer": "tracks"}),
    ("survey.gpkg", "survey_parcels.shp", {"open": {"table": "parcels"}}),
    ("places.shp", "places.parquet", {}),
    ("parcels.shp", "parcels.parquet", {}),
    ("roads.shp", "roads.geoparquet", {}),
    ("esri_utm.shp", "esri_utm.parquet", {}),
    ("survey.gpkg", "survey_parcels.parquet", {"open": {"table": "parcels"}}),
]


def read(path, layer=None, member=None, **options):
    if path.suffix in (".parquet", ".geoparquet"):
        return read_geoparquet(path)
    source = f"/vsizip/{path}/{member}" if member else str(path)
    meta, _, geometries, data = raw.read(source, layer=layer, force_2d=True, **options)
    fields = {name.lower(): column for name, column in zip(meta["fields"], data)}
    return meta, [None if g is None else shapely.from_wkb(g) for g in geometries], fields


def read_geoparquet(path):
    """GeoPandas and pyarrow read a GeoParquet file, in the shape `read` gives."""
    import geopandas as gpd
    import pyarrow.parquet as pq

    frame = gpd.read_parquet(path)
    geo = json.loads(pq.read_metadata(path).metadata[b"geo"])
    assert geo["version"] in ("1.0.0", "1.1.0"), f"{path.name}: GeoParquet version {geo['version']}"
    table = pq.read_table(path)
    skip = {frame.geometry.name, "bbox"}
    fields = {name.lower(): table.column(name).to_pylist() for name in table.column_names if name not in skip}
    meta = {"crs": f"EPSG:{frame.crs.to_epsg()}" if frame.crs is not None else None}
    return meta, list(frame.geometry), fields


def plain(value):
    if value is None:
        return None
    if isinstance(value, np.datetime64):
        return None if np.isnat(value) else str(value.astype("datetime64[D]"))
    if isinstance(value, (float, np.floating)):
        return None if math.isnan(value) else float(value)
    if isinstance(value, (int, np.integer)):
        return float(value)
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if hasattr(value, "isoformat"):  # dates as pyarrow gives them
        return value.isoformat()[:10]
    if isinstance(value, str):
        if value == "":
            return None
        try:
            return float(value)
        except ValueError:
            return value.replace("/", "-") if len(value) == 10 and value[4] in "/-" else value
    return value


def check(cli, workdir, fixture, target, how):
    how = dict(how)
    open_params = {"path": str(FIXTURES / fixture), "name": "src", **how.pop("open", {})}
    export_params = {"layer": "src", "path": str(workdir / target), **how.pop("export", {})}
    script = f"layer.open {json.dumps(open_params)}\nlayer.export {json.dumps(export_params)}\n"
    done = subprocess.run([cli, "run", "-e", script], capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"rustgis-cli could not write {target}: {done.stderr}{done.stdout}")
    member = how.pop("member", None)
    layer = how.pop("layer", None)
    source_layer = open_params.get("table")
    want_meta, want_geometries, want_fields = read(FIXTURES / fixture, layer=source_layer)
    got_meta, got_geometries, got_fields = read(workdir / target, layer=layer, member=member, **how)
    if target.endswith("parquet"):
        assert got_meta["crs"] == want_meta["crs"], f"{target}: GeoPandas finds {got_meta['crs']}, GDAL finds {want_meta['crs']} in {fixture}"
    assert len(got_geometries) == len(want_geometries), f"{target}: {len(got_geometries)} features, GDAL read {len(want_geometries)} from {fixture}"
    for i, (want, got) in enumerate(zip(want_geometries, got_geometries)):
        if want is None or want.is_empty:
            assert got is None or got.is_empty, f"{target} feature {i}: {got} where {fixture} has none"
            continue
        assert got is not None and got.equals(want), f"{target} feature {i}: {got} != {want}"
    for name, want_column in want_fields.items():
        if name not in got_fields:
            if target.endswith(".gpx") and name != "name":
                continue  # GPX keeps only its own fields as GDAL reads them (the rest are extensions)
            raise AssertionError(f"{target}: GDAL finds no field {name!r}; it has {sorted(got_fields)}")
        for i, (want, got) in enumerate(zip(want_column, got_fields[name])):
            want, got = plain(want), plain(got)
            same = want == got or (isinstance(want, float) and isinstance(got, float) and abs(want - got) <= 1e-9 * max(1.0, abs(want)))
            assert same, f"{target} feature {i} field {name}: GDAL reads {got!r}, {fixture} has {want!r}"
    reader = "GeoPandas" if target.endswith("parquet") else "GDAL"
    print(f"ok: {reader} reads {target} (written by RustGIS from {fixture}) as GDAL reads the fixture", file=sys.stderr)


# EPSG codes whose .prj RustGIS writes: GDAL must read each back as the same code.
# The first eleven are written by hand; the rest come from the EPSG tables (crs-definitions).
PRJ_CODES = [4326, 4258, 4269, 3857, 3035, 27700, 2154, 32633, 32733, 25832, 26910, 5070, 3031, 28992, 2056, 3067]

# EPSG codes written to GeoParquet as PROJJSON, one per projection method RustGIS translates:
# GeoPandas (PROJ) must read each as a CRS that projects like EPSG's own definition of the code.
PROJJSON_CODES = [4326, 3857, 32633, 27700, 2154, 3035, 5070, 3031, 28992, 2056, 3067, 2193, 4258]


def write_in_crs(cli, target, code):
    """rustgis-cli opens places.shp as if it were in EPSG:`code` and exports it to `target`."""
    script = (
        f"layer.open {json.dumps({'path': str(FIXTURES / 'places.shp'), 'name': 'src', 'crs': f'EPSG:{code}'})}\n"
        f"layer.export {json.dumps({'layer': 'src', 'path': str(target)})}\n"
    )
    done = subprocess.run([cli, "run", "-e", script], capture_output=True, text=True)
    if done.returncode != 0:
        raise AssertionError(f"rustgis-cli could not write {target.name}: {done.stderr}{done.stdout}")
    return target


def check_prj(cli, workdir, code):
    target = write_in_crs(cli, workdir / f"prj_{code}.shp", code)
    crs = pyogrio.read_info(str(target))["crs"]
    assert crs == f"EPSG:{code}", f"GDAL reads the .prj RustGIS wrote for EPSG:{code} as {crs}"
    print(f"ok: GDAL reads the .prj RustGIS wrote for EPSG:{code} as EPSG:{code}", file=sys.stderr)


def check_projjson(cli, workdir, code):
    import geopandas as gpd
    from pyproj import CRS, Transformer

    target = write_in_crs(cli, workdir / f"projjson_{code}.parquet", code)
    got = gpd.read_parquet(target).crs
    want = CRS.from_epsg(code)
    named = got.to_json_dict().get("id")
    assert named == {"authority": "EPSG", "code": code}, f"the PROJJSON of EPSG:{code} names {named}"
    # The same projection: points across the CRS's area of use land within a millimetre.
    area = want.area_of_use
    lons = np.linspace(area.west, area.east, 7)
    lats = np.linspace(area.south, area.north, 7)
    lon, lat = (a.ravel() for a in np.meshgrid(lons, lats))
    ours = Transformer.from_crs(got.geodetic_crs, got, always_xy=True).transform(lon, lat)
    theirs = Transformer.from_crs(want.geodetic_crs, want, always_xy=True).transform(lon, lat)
    worst = float(np.nanmax(np.hypot(ours[0] - theirs[0], ours[1] - theirs[1])))
    assert worst < 1e-3, f"the PROJJSON of EPSG:{code} projects {worst:.3g} m away from EPSG's definition"
    print(f"ok: GeoPandas reads the PROJJSON RustGIS wrote for EPSG:{code} as EPSG:{code} (within {worst:.1e} m)", file=sys.stderr)


def main():
    cli = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "debug" / "rustgis-cli")
    failures = 0
    with tempfile.TemporaryDirectory() as temp:
        for fixture, target, how in CASES:
            try:
                check(cli, Path(temp), fixture, target, how)
            except Exception as e:  # report every case, then fail
                failures += 1
                print(f"FAILED: {target}: {e}", file=sys.stderr)
        for what, checker, codes in ((".prj", check_prj, PRJ_CODES), ("PROJJSON", check_projjson, PROJJSON_CODES)):
            for code in codes:
                try:
                    checker(cli, Path(temp), code)
                except Exception as e:
                    failures += 1
                    print(f"FAILED: {what} of EPSG:{code}: {e}", file=sys.stderr)
    if failures:
        print(f"{failures} of {len(CASES) + len(PRJ_CODES) + len(PROJJSON_CODES)} files RustGIS wrote do not read back in GDAL as written", file=sys.stderr)
        sys.exit(1)
    print(
        f"all {len(CASES)} files RustGIS wrote, the .prj of {len(PRJ_CODES)} CRSs and the PROJJSON of "
        f"{len(PROJJSON_CODES)}, read back in GDAL and GeoPandas as written",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
