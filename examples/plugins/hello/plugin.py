"""An example RustGIS plugin: one JSON request on standard input, JSON lines on standard output.

Requests: {"type": "describe"} or {"type": "run", "command", "params", "layers"}.
Answers: {"type": "progress", "fraction", "message"}, {"type": "notice", "message"}, then
{"type": "result", "value", "layers": [{"name", "geojson"}]} or {"type": "error", "message"}.
"""

import json
import sys


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def coordinates(geometry):
    """Every position of a GeoJSON geometry."""
    if geometry is None:
        return
    if geometry["type"] == "GeometryCollection":
        for part in geometry["geometries"]:
            yield from coordinates(part)
        return
    stack = [geometry["coordinates"]]
    while stack:
        item = stack.pop()
        if item and isinstance(item[0], (int, float)):
            yield item
        else:
            stack.extend(item)


def centres(layer_name, collection):
    features = []
    total = len(collection["features"])
    for index, feature in enumerate(collection["features"]):
        points = list(coordinates(feature.get("geometry")))
        if not points:
            continue
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        centre = [(min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2]
        features.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": centre},
                         "properties": feature.get("properties", {})})
        if index % 100 == 0:
            say({"type": "progress", "fraction": index / max(total, 1), "message": "centres"})
    return {"type": "FeatureCollection", "features": features}


def main():
    request = json.loads(sys.stdin.readline())
    if request["type"] == "describe":
        say({"type": "result", "value": {"name": "hello", "commands": ["greet", "centres"]}})
        return
    command, params = request["command"], request["params"]
    if command == "greet":
        say({"type": "notice", "message": "the hello plugin is here"})
        say({"type": "result", "value": "hello " + params["name"]})
    elif command == "centres":
        name = params["layer"]
        collection = centres(name, request["layers"][name])
        say({"type": "result", "value": len(collection["features"]),
             "layers": [{"name": name + " centres", "geojson": collection}]})
    else:
        say({"type": "error", "message": "the hello plugin has no command " + command})


main()
