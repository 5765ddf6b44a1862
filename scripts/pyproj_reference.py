"""PROJ's answers, through pyproj, for RustGIS's CRS tests.

Reads a JSON request on standard input and writes the answers as JSON on standard output:

    {"data_dir": "...",            # a folder holding the proj.db RustGIS is built with
     "grids": ["..."],             # folders of grids both sides may use (optional)
     "transform": [{"from": CRS, "to": CRS, "points": [[x, y], ...]}, ...],
     "equivalent": [[CRS, CRS], ...],
     "geometries": [{"from": CRS, "to": CRS, "geojson": GEOMETRY}, ...]}

Every CRS is a definition pyproj reads (a code, WKT, PROJJSON, a PROJ string). Points are
moved with always_xy=True (x = longitude or easting), the order RustGIS uses; a point PROJ
cannot move comes back as null. `equivalent` answers whether each pair is the same CRS as
pyproj compares them (axis order ignored). `geometries` moves GeoJSON geometries vertex by
vertex (shapely), as a reference drawing.
"""

import json
import math
import sys

import pyproj
import pyproj.datadir
import shapely.geometry
import shapely.ops


def main() -> None:
    request = json.load(sys.stdin)
    pyproj.datadir.set_data_dir(request["data_dir"])
    for folder in request.get("grids", []):
        pyproj.datadir.append_data_dir(folder)
    pyproj.network.set_network_enabled(False)
    answers = {"proj": pyproj.proj_version_str, "transform": [], "equivalent": []}
    for case in request.get("transform", []):
        try:
            transformer = pyproj.Transformer.from_crs(
                pyproj.CRS.from_user_input(case["from"]),
                pyproj.CRS.from_user_input(case["to"]),
                always_xy=True,
            )
        except pyproj.exceptions.ProjError as error:
            answers["transform"].append({"error": str(error)})
            continue
        points = []
        for x, y in case["points"]:
            try:
                u, v = transformer.transform(x, y, errcheck=True)
            except pyproj.exceptions.ProjError:
                points.append(None)
                continue
            points.append([u, v] if math.isfinite(u) and math.isfinite(v) else None)
        answers["transform"].append({"points": points, "operation": transformer.description})
    for a, b in request.get("equivalent", []):
        crs_a, crs_b = pyproj.CRS.from_user_input(a), pyproj.CRS.from_user_input(b)
        answers["equivalent"].append(
            {"equal": crs_a.equals(crs_b, ignore_axis_order=True), "a": crs_a.name, "b": crs_b.name}
        )
    answers["geometries"] = []
    for case in request.get("geometries", []):
        transformer = pyproj.Transformer.from_crs(
            pyproj.CRS.from_user_input(case["from"]), pyproj.CRS.from_user_input(case["to"]), always_xy=True
        )
        moved = shapely.ops.transform(transformer.transform, shapely.geometry.shape(case["geojson"]))
        answers["geometries"].append(shapely.geometry.mapping(moved))
    json.dump(answers, sys.stdout)


if __name__ == "__main__":
    main()
