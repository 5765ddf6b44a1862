#!/usr/bin/env python3
"""The GDAL side of benches/benches/formats.rs: reads each path it is sent on standard input with
pyogrio (GDAL's vector drivers into WKB and numpy columns: the whole file in memory, as RustGIS
reads it) and answers with the number of features, so the bench times GDAL in the same run, on
the same files, as RustGIS. Started by the bench from .venv; not meant to be run by hand.
"""

import sys

from pyogrio import raw

for line in sys.stdin:
    path, _, layer = line.rstrip("\n").partition("\t")
    meta, _, geometries, _ = raw.read(path, layer=layer or None)
    sys.stdout.write(f"{len(geometries)}\n")
    sys.stdout.flush()
