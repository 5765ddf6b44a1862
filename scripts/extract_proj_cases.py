"""Extracts PROJ's own CRS-to-CRS test cases into rustgis-core/tests/fixtures/proj/.

    python3 scripts/extract_proj_cases.py PROJ_GIT_DIR

PROJ_GIT_DIR is a clone of https://github.com/OSGeo/PROJ (MIT). From tag 9.6.2 (the PROJ built
into RustGIS) it reads the cs2cs tests of test/cli/test_cs2cs_*.yaml and the gie cases of
test/gie/*.gie whose transformation is one CRS to another (`crs_src`/`crs_dst`, or cs2cs
arguments that are two CRS definitions), with their inputs, expected outputs and tolerance
(gie's, or the precision cs2cs printed), and copies the test grids those cases use from
data/tests. Cases with options RustGIS has no equivalent for (--area, --bbox, -t, -E, init
files, 3D or time-dependent coordinates) are listed as skipped with the reason.
"""

import json
import os
import re
import shlex
import subprocess
import sys

import yaml

TAG = "9.6.2"
OUT = os.path.join(os.path.dirname(__file__), "..", "rustgis-core", "tests", "fixtures", "proj")
CLI_FILES = [
    "test/cli/test_cs2cs_various.yaml",
    "test/cli/test_cs2cs_datumfile.yaml",
    "test/cli/test_cs2cs_ntv2.yaml",
    "test/cli/test_cs2cs_ignf.yaml",
]
# Grid file names cs2cs tests use, and the file in data/tests each is copied from
# (data/CMakeLists.txt copies them the same way for PROJ's own tests).
GRID_SOURCES = {
    "ntv2_0.gsb": "ntv2_0_downsampled.gsb",
    "egm96_15.gtx": "egm96_15_downsampled.gtx",
}
KEPT_GRIDS_LIMIT = 400_000  # bytes: larger test grids are not copied, their cases are skipped


def git_show(repo: str, path: str) -> bytes:
    return subprocess.run(["git", "-C", repo, "show", f"{TAG}:{path}"], check=True, capture_output=True).stdout


def grid_size(repo: str, name: str):
    source = GRID_SOURCES.get(name, name)
    out = subprocess.run(["git", "-C", repo, "cat-file", "-s", f"{TAG}:data/tests/{source}"], capture_output=True)
    return int(out.stdout) if out.returncode == 0 else None


DMS = re.compile(r"""^([-+]?\d+(?:\.\d+)?)d(?:(\d+(?:\.\d+)?)')?(?:([\d.]+)"?)?([NSEW])?$""")


def parse_number(token: str):
    """A cs2cs coordinate: decimal, or d/'/" with a hemisphere letter; None for '*'."""
    if token == "*" or token.lower() in ("inf", "-inf"):
        return None
    match = DMS.match(token)
    if match:
        degrees, minutes, seconds, hemisphere = match.groups()
        value = abs(float(degrees)) + float(minutes or 0) / 60 + float(seconds or 0) / 3600
        if degrees.startswith("-") or hemisphere in ("S", "W"):
            value = -value
        return value
    return float(token)


def precision_of(token: str) -> float:
    """Half the last printed digit, in the token's own unit (degrees for d/'/")."""
    if token == "*":
        return 0.0
    match = DMS.match(token)
    decimals = len(token.split(".")[1].rstrip('"NSEW')) if "." in token else 0
    step = 10.0 ** (-decimals)
    if match:
        unit = 3600.0 if match.group(3) is not None else 60.0 if match.group(2) is not None else 1.0
        return step / unit / 2
    return step / 2


def parse_cli_args(args: str):
    """(from, to, options) of cs2cs arguments, or a reason they are skipped."""
    tokens = shlex.split(args)
    options = {}
    crs_tokens = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in ("-f", "-w", "-W", "-d"):
            options[t] = tokens[i + 1]
            i += 2
            continue
        if re.match(r"^-[wWd]\d+$", t):
            options[t[:2]] = t[2:]
            i += 1
            continue
        if t in ("-I", "-r", "-s"):
            options[t] = True
            i += 1
            continue
        if t.startswith("-") and not t.startswith("-0") and not re.match(r"^-\d", t):
            return None, None, None, f"cs2cs option {t}"
        crs_tokens.append(t)
        i += 1
    if "+to" in crs_tokens:
        at = crs_tokens.index("+to")
        source, target = " ".join(crs_tokens[:at]), " ".join(crs_tokens[at + 1:])
    elif len(crs_tokens) == 2:
        source, target = crs_tokens
    else:
        return None, None, None, "not two CRS definitions"
    for definition in (source, target):
        if "+init=" in definition or "init=" in definition:
            return None, None, None, "an init file"
        if "+proj=" not in definition and not re.match(r"^(EPSG|IGNF|ESRI|urn):", definition, re.I):
            return None, None, None, f"'{definition}' is not a CRS definition"
        if "+proj=geocent" in definition or "+geoidgrids" in definition:
            return None, None, None, "a 3D or vertical CRS"
    if "-I" in options:
        source, target = target, source
    return source, target, options, None


def grids_of(definition: str):
    match = re.search(r"\+nadgrids=([^ ]+)", definition)
    if not match:
        return []
    return [g.lstrip("@") for g in match.group(1).strip('"').split(",") if g.lstrip("@") not in ("null",)]


def cli_cases(repo: str):
    cases, skipped = [], []
    for path in CLI_FILES:
        suite = yaml.safe_load(git_show(repo, path))
        for test in suite.get("tests", []):
            args = test.get("args", "")
            comment = str(test.get("comment", "")).strip()
            source, target, options, reason = parse_cli_args(args)
            if reason is None and (test.get("sub") or test.get("skipif")):
                reason = "a test run under conditions"
            # A `tmpdir` holding only proj.db is PROJ's "grid missing" scenario.
            no_grids = bool(test.get("tmpdir"))
            lines_in = str(test.get("in", "")).strip().splitlines()
            lines_out = str(test.get("out", "")).strip().splitlines()
            if reason is None and len(lines_in) != len(lines_out):
                reason = "output lines do not pair with input lines"
            if reason is None:
                for grid in grids_of(source) + grids_of(target):
                    if "dir with space" in grid:
                        reason = "a grid in a folder with a space"
                    elif grid_size(repo, grid) is None:
                        reason = f"grid {grid} is not in data/tests"
                    elif grid_size(repo, grid) > KEPT_GRIDS_LIMIT:
                        reason = f"grid {grid} is larger than the {KEPT_GRIDS_LIMIT} bytes kept"
            if reason is not None:
                skipped.append({"file": path, "comment": comment, "args": args, "reason": reason})
                continue
            points = []
            try:
                pairs = list(zip(lines_in, lines_out))
                parsed = [(a, b) for a, b in pairs]
            except ValueError:
                parsed = []
            for line_in, line_out in parsed:
                ins = line_in.split()
                outs = line_out.replace("\t", " ").split()
                if len(ins) < 2 or len(outs) < 2:
                    continue
                try:
                    xy_in = [parse_number(ins[0]), parse_number(ins[1])]
                    xy_out = [parse_number(outs[0]), parse_number(outs[1])]
                except ValueError:
                    points = None
                    break
                if "-r" in options:
                    xy_in.reverse()
                if "-s" in options:
                    xy_out.reverse()
                tolerance = max(precision_of(outs[0]), precision_of(outs[1]))
                points.append({
                    "in": xy_in,
                    "out": None if None in xy_out else xy_out,
                    "tolerance": tolerance,
                    "dms": "d" in outs[0],
                })
            if not points:
                skipped.append({"file": path, "comment": comment, "args": args, "reason": "coordinates cs2cs prints in a form not parsed here"})
                continue
            cases.append({
                "file": path, "comment": comment, "from": source, "to": target, "no_grids": no_grids,
                "grids": sorted(set(grids_of(source) + grids_of(target))), "points": points,
            })
    return cases, skipped


def gie_cases(repo: str):
    cases, skipped = [], []
    listing = subprocess.run(["git", "-C", repo, "ls-tree", "--name-only", TAG, "test/gie/"],
                             check=True, capture_output=True, text=True).stdout.split()
    for path in listing:
        text = git_show(repo, path).decode()
        source = target = None
        tolerance = 0.0
        for raw in text.splitlines():
            line = raw.split("#")[0].strip()
            if not line:
                continue
            word, _, rest = line.partition(" ")
            rest = rest.strip()
            if word == "operation":
                source = target = None
            elif word == "crs_src":
                source = rest
            elif word == "crs_dst":
                target = rest
            elif word == "tolerance":
                m = re.match(r"([\d.eE+-]+)\s*([a-z*]*)", rest)
                value, unit = (m.group(1), m.group(2) or "m") if m else ("0", "m")
                tolerance = float(value) * {"mm": 1e-3, "cm": 1e-2, "m": 1.0, "km": 1e3, "*": 1.0}.get(unit, 1.0)
            elif word == "accept" and source and target:
                pending = [float(v) for v in rest.split()]
            elif word in ("direction", "roundtrip", "require_grid") and source and target:
                if word == "require_grid":
                    required = rest
            elif word == "expect" and source and target:
                expected = rest.split()
                entry = {"file": path, "from": source, "to": target}
                if len(pending) > 2 or len(expected) > 2:
                    skipped.append({**entry, "reason": "3D or time-dependent coordinates"})
                    continue
                cases.append({**entry, "grids": [], "points": [
                    {"in": pending, "out": [float(v) for v in expected], "tolerance_m": tolerance}
                ]})
    return cases, skipped


def main() -> None:
    repo = sys.argv[1]
    os.makedirs(os.path.join(OUT, "grids"), exist_ok=True)
    cli, cli_skipped = cli_cases(repo)
    gie, gie_skipped = gie_cases(repo)
    grids = sorted({g for case in cli for g in case["grids"]})
    for grid in grids:
        data = git_show(repo, f"data/tests/{GRID_SOURCES.get(grid, grid)}")
        with open(os.path.join(OUT, "grids", grid), "wb") as out:
            out.write(data)
    commit = subprocess.run(["git", "-C", repo, "rev-parse", f"{TAG}^{{commit}}"],
                            check=True, capture_output=True, text=True).stdout.strip()
    fixture = {
        "source": f"OSGeo/PROJ tag {TAG} (commit {commit}), MIT licence",
        "files": CLI_FILES + sorted({c["file"] for c in gie + gie_skipped}),
        "cases": cli + gie,
        "skipped": cli_skipped + gie_skipped,
        "grids": grids,
    }
    with open(os.path.join(OUT, "cases.json"), "w") as out:
        json.dump(fixture, out, indent=1)
    print(f"{len(cli) + len(gie)} cases, {len(cli_skipped) + len(gie_skipped)} skipped, grids {grids}")


if __name__ == "__main__":
    main()
