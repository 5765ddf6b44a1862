#!/usr/bin/env python3
"""Checks what the MCP Inspector's CLI printed for scripts/inspector_cli.sh (FOLDER, TRANSPORT):
every tool declares an outputSchema and every structured result validates against its tool's;
the text content carries the data a text-only host needs; docs are listed and read; a failing
call is a tool error that names the cause. Exits 1 naming each failed check."""

import json
import sys
from pathlib import Path

import jsonschema

folder, transport = Path(sys.argv[1]), sys.argv[2]
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)


def load(name):
    text = (folder / f"{name}.json").read_text()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        failures.append(f"{name}: the Inspector printed no JSON: {text[:300]!r}")
        return {}


tools = {tool["name"]: tool for tool in load("tools").get("tools", [])}
for name in ["run_command", "run", "list_commands", "describe_command", "read_table", "view_map", "snapshot", "search_docs"]:
    check(name in tools, f"tools/list has {name}")
for name, tool in tools.items():
    check("outputSchema" in tool, f"{name} declares an outputSchema")


def text_of(result):
    return "\n".join(item.get("text", "") for item in result.get("content", []) if item.get("type") == "text")


def validated(name, tool):
    result = load(name)
    check(result.get("isError") is False, f"{name}: the call succeeded ({text_of(result)[:200]})")
    schema = tools.get(tool, {}).get("outputSchema")
    if schema and "structuredContent" in result:
        try:
            jsonschema.validate(result["structuredContent"], schema)
        except jsonschema.ValidationError as error:
            failures.append(f"{name}: the structured result does not validate against {tool}'s outputSchema: {error.message}")
    return result, text_of(result)


_, text = validated("layer_list", "run_command")
check("countries: Polygon, 177 features" in text, f"layer.list's text lists the layers: {text[:300]!r}")
_, text = validated("read_table", "read_table")
check("Shanghai" in text and "518 more" in text, f"read_table's text holds the rows and how to page: {text[:300]!r}")
_, text = validated("list_commands", "list_commands")
check("vector.buffer" in text, f"list_commands' text names vector.buffer: {text[:300]!r}")
_, text = validated("describe", "describe_command")
check("distance" in text, f"describe_command's text names the parameters: {text[:300]!r}")
_, text = validated("search_docs", "search_docs")
check("graduated" in text.lower(), f"search_docs' text finds graduated styles: {text[:300]!r}")
result, text = validated("view_map", "view_map")
images = [item for item in result.get("content", []) if item.get("type") == "image"]
check(len(images) == 1 and images[0].get("mimeType") == "image/png", "view_map sends one PNG")
check("320" in text, f"view_map's text states the map's size: {text[:300]!r}")
_, text = validated("run", "run")
check("countries" in text, f"run's text carries the script's result: {text[:300]!r}")

error = load("error")
check(error.get("isError") is True, "an unknown command is a tool error")
check("layer.nosuch" in text_of(error), f"the error names the command: {text_of(error)[:300]!r}")

resources = [r["uri"] for r in load("resources").get("resources", [])]
check("rustgis://docs/commands.md" in resources, "resources/list has the command catalogue")
contents = load("read").get("contents", [])
check(bool(contents) and "layer.open" in contents[0].get("text", ""), "resources/read gives the catalogue's text")

if failures:
    print(f"MCP Inspector CLI over {transport}: {len(failures)} check(s) failed:", file=sys.stderr)
    for failure in failures:
        print(f"  - {failure}", file=sys.stderr)
    sys.exit(1)
print(f"MCP Inspector CLI over {transport}: tools, results, schemas, docs and errors as expected")
