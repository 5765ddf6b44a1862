#!/usr/bin/env python3
"""GDAL reads back what RustGIS writes: rustgis-cli opens GDAL-made fixtures and exports them to
every format it writes, then GDAL (pyogrio) reads both the fixture and RustGIS's file and this
script checks they hold the same features: geometries (topologically equal) and values.

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
]


def read(path, layer=None, member=None, **options):
    source = f"/vsizip/{path}/{member}" if member else str(path)
    meta, _, geometries, data = raw.read(source, layer=layer, force_2d=True, **options)
    fields = {name.lower(): column for name, column in zip(meta["fields"], data)}
    return meta, [None if g is None else shapely.from_wkb(g) for g in geometries], fields


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
    _, want_geometries, want_fields = read(FIXTURES / fixture, layer=source_layer)
    _, got_geometries, got_fields = read(workdir / target, layer=layer, member=member, **how)
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
    print(f"ok: GDAL reads {target} (written by RustGIS from {fixture}) as it reads the fixture", file=sys.stderr)


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
    if failures:
        print(f"{failures} of {len(CASES)} files RustGIS wrote do not read back in GDAL as written", file=sys.stderr)
        sys.exit(1)
    print(f"all {len(CASES)} files RustGIS wrote read back in GDAL as written", file=sys.stderr)


if __name__ == "__main__":
    main()
