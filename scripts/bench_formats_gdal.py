#!/usr/bin/env python3
"""The GDAL side of benches/benches/formats.rs: reads each path it is sent on standard input with
pyogrio (GDAL's vector drivers into WKB and numpy columns: the whole file in memory, as RustGIS
reads it) and answers with the number of features, so the bench times GDAL in the same run, on
the same files, as RustGIS. GeoParquet is read by GeoPandas (pyarrow's C++ reader, shapely's WKB
decoder) instead: the pyogrio wheels' GDAL has no Parquet driver. Started by the bench from
.venv; not meant to be run by hand.
"""

import sys

from pyogrio import raw

for line in sys.stdin:
    path, _, layer = line.rstrip("\n").partition("\t")
    if path.endswith(".parquet"):
        import geopandas

        count = len(geopandas.read_parquet(path))
    else:
        # GDAL's CSV driver finds points only in columns it is told of, and types only when asked
        # to infer them, as RustGIS does.
        options = dict(X_POSSIBLE_NAMES="X", Y_POSSIBLE_NAMES="Y", AUTODETECT_TYPE="YES") if path.endswith(".csv") else {}
        meta, _, geometries, _ = raw.read(path, layer=layer or None, **options)
        count = len(geometries)
    sys.stdout.write(f"{count}\n")
    sys.stdout.flush()
