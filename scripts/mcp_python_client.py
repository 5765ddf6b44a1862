#!/usr/bin/env python3
"""Drives `rustgis-cli mcp --sample` with the official MCP Python SDK, a client nobody here wrote.

Lists tools and resources, reads a resource, calls every tool, and checks that the images that
come back decode as PNGs (signature, IHDR size) whose SHA-256 matches what the server reports.
Every structured result is validated against its tool's outputSchema (with `jsonschema`), and the
main tasks are done again as a client that reads only the text would: list the layers, read a
table, filter, draw a map, and (in a second session with --yes) export a layer and follow the
resource link the text names. The live project state is read, and a stale expected_revision is
refused. Prompts, resource templates and completions are checked too
(scripts/mcp_prompt_checks.py): each prompt's recipe is followed to its map, the file-taking ones
(map a file, print a PDF) in the --yes session. A third session, with --yes --root, lists the files
it may open and is refused (ACCESS_DENIED, naming the roots) a path outside them: absolute, `..`, a
symbolic link, a write below a read-only root. A fourth, with --yes --root and an
elicitation_callback, is asked before a file is replaced and before a file outside the roots is
read (issue 42): the first question is accepted (the file is replaced), the second declined
(nothing read), and a script is never asked about. Exits non-zero, naming the failed check, when
anything is off.

Usage: python scripts/mcp_python_client.py PATH/TO/rustgis-cli
"""

import asyncio
import base64
import hashlib
import json
import os
import struct
import sys
import tempfile

import jsonschema
from mcp import types
from mcp_checks import check, structured
from mcp_prompt_checks import check_all, check_prompts, check_skills
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

EXPECTED_TOOLS = {
    "run_command", "run", "list_commands", "describe_command",
    "read_table", "view_map", "snapshot", "search_docs",
}



def png_size(data):
    check(data[:8] == b"\x89PNG\r\n\x1a\n", "the image starts with the PNG signature")
    check(data[12:16] == b"IHDR", "the PNG's first chunk is IHDR")
    return struct.unpack(">II", data[16:24])



def text_of(result):
    """All a text-only client reads: the result's text blocks."""
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


class Validating:
    """Calls tools and validates each structured result against the tool's outputSchema."""

    def __init__(self, session, tools):
        self.session = session
        self.schemas = {t.name: t.output_schema for t in tools}
        for name, schema in self.schemas.items():
            check((schema or {}).get("type") == "object", f"{name} declares an object outputSchema")

    async def call(self, tool, arguments):
        result = await self.session.call_tool(tool, arguments)
        schema = self.schemas[tool]
        if result.structured_content is not None:
            try:
                jsonschema.validate(result.structured_content, schema)
            except jsonschema.ValidationError as error:
                check(False, f"{tool}'s result validates against its outputSchema: {error.message}")
        return result

    async def ok(self, tool, arguments, what, expect=lambda structured_content: True):
        result = await self.call(tool, arguments)
        check(not result.is_error and expect(structured(result)), what)
        return result


def image_of(result):
    images = [c for c in result.content if getattr(c, "type", "") == "image"]
    check(len(images) == 1 and images[0].mime_type == "image/png", "one PNG image comes back")
    return base64.b64decode(images[0].data)


async def main(cli):
    params = StdioServerParameters(command=cli, args=["mcp", "--sample"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            info = await session.initialize()
            tools = await session.list_tools()
            names = {t.name for t in tools.tools}
            check(EXPECTED_TOOLS <= names, f"tools/list has every tool ({sorted(names)})")
            for tool in tools.tools:
                check(tool.input_schema.get("type") == "object", f"{tool.name} has an object input schema")
            tools = Validating(session, tools.tools)

            resources = await session.list_resources()
            uris = [str(r.uri) for r in resources.resources]
            check("rustgis://docs/commands.md" in uris, "resources/list offers the docs")
            page = await session.read_resource("rustgis://docs/mcp.md")
            check("claude mcp add" in page.contents[0].text, "resources/read returns docs/mcp.md")

            await tools.ok("list_commands", {"query": "buffer"}, "list_commands finds a buffer command",
                           lambda found: found["count"] >= 1)
            await tools.ok("describe_command", {"command": "table.read"}, "describe_command gives the schema",
                           lambda described: "params" in described)
            await tools.ok("run_command", {"command": "layer.list"}, "run_command layer.list",
                           lambda listed: len(listed["result"]["layers"]) == 4)
            script = 'feature.select {"layer": "countries", "where": "continent = \'Europe\'"}\nmap.zoomTo {"layer": "countries"}'
            await tools.ok("run", {"script": script}, "run runs a two-line script", lambda ran: ran["success"])

            result = await tools.call(
                "read_table", {"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}
            )
            rows = structured(result)["rows"]
            check(rows[0]["name"] == "United States of America" and len(rows) == 5, "read_table returns the 5 largest economies")

            await text_only(tools)

            # A picture costs a token per 750 pixels: 640×400 fits the default budget as asked.
            result = await tools.call("view_map", {"width": 640, "height": 400})
            check(not result.is_error, "view_map succeeds")
            data = image_of(result)
            check(png_size(data) == (640, 400), "view_map's PNG is 640×400")
            facts = structured(result)
            check(facts["sha256"] == hashlib.sha256(data).hexdigest(), "view_map's SHA-256 matches the PNG bytes")
            check(facts["blank"] is False, "the world map is not blank")

            # 2048×2048 is 5,593 tokens of picture: over a call's budget of 3,000.
            result = await tools.call("view_map", {"width": 2048, "height": 2048, "max_tokens": 3000})
            drawn = png_size(image_of(result))
            cost = len(text_of(result)) + (drawn[0] * drawn[1] + 749) // 750 * 4
            check(drawn[0] < 2048 and cost <= 3000 * 4 and "instead of the 2048×2048 asked for" in text_of(result),
                  f"a 2048×2048 map is drawn smaller ({drawn[0]}×{drawn[1]}) to stay within a budget of 3,000 tokens, and says so")

            result = await tools.call("snapshot", {"width": 320, "height": 200})
            check(not result.is_error and png_size(image_of(result)) == (320, 200), "snapshot offscreen returns a 320×200 PNG")

            result = await tools.call("snapshot", {"mode": "screen"})
            check(result.is_error, "snapshot screen is refused without a window")

            await tools.ok("search_docs", {"query": "undo"}, "search_docs finds pages about undo",
                           lambda found: found["results"])

            result = await tools.call("run_command", {"command": "layer.open", "params": {"path": "x.geojson"}})
            check(result.is_error and "--yes" in result.content[0].text, "file commands are refused without --yes")

            icons = [(i.mime_type, i.src.split(",")[0]) for i in info.server_info.icons or []]
            check(icons == [("image/png", "data:image/png;base64"), ("image/svg+xml", "data:image/svg+xml;base64")],
                  "serverInfo carries a PNG and an SVG icon as data: URIs")
            check(all(t.icons for t in (await session.list_tools()).tools), "every tool carries icons")
            await check_all(session, "stdio")
            await check_skills(session, "stdio", ["choropleth"])
            await project_state(session, tools)

    with tempfile.TemporaryDirectory() as folder:
        await follows_an_export_link(cli, folder)
    with tempfile.TemporaryDirectory() as folder:
        await roots_are_enforced(cli, os.path.realpath(folder))
    with tempfile.TemporaryDirectory() as folder:
        await asks_instead_of_refusing(cli, os.path.realpath(folder))
    print("all checks passed")


async def project_state(session, tools):
    """The live project state (issue 42): the state resource, since_revision, a stale expected_revision."""
    state = json.loads((await session.read_resource("rustgis://project/state")).contents[0].text)
    listed = structured(await tools.call("run_command", {"command": "layer.list"}))["result"]
    check(state["revision"] == listed["revision"] and len(state["layers"]) == len(listed["layers"]),
          "rustgis://project/state holds the revision and the layers layer.list names")
    seen = state["revision"]
    await tools.ok("run_command", {"command": "layer.setVisible", "params": {"layer": "coastline", "visible": False}},
                   "layer.setVisible hides the coastline")
    listed = structured(await tools.call("run_command", {"command": "layer.list", "params": {"since_revision": seen}}))
    check(listed["result"]["layers_changed"] == ["coastline"] and listed["result"]["revision"] == seen + 1,
          "layer.list with since_revision lists only the layer changed since")
    result = await tools.call("run_command",
                              {"command": "layer.remove", "params": {"layer": "cities", "expected_revision": seen}})
    check(result.is_error and structured(result)["code"] == "stale_revision",
          "a change with a stale expected_revision is refused with stale_revision")


async def text_only(tools):
    """The main tasks as a client that never looks at structured content does them."""
    text = text_of(await tools.call("run_command", {"command": "layer.list"}))
    check("4 layers, bottom to top:" in text and all(f"\n{name}: " in text for name in ("countries", "cities")),
          "text only: layer.list names each layer on its own line")

    text = text_of(await tools.call(
        "read_table", {"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}))
    lines = text.splitlines()
    check(lines[1].startswith("fid\tname (string)\tgdp_md (") and len(lines) >= 7,
          "text only: read_table gives a header with the field types, then the rows")
    check(lines[2].split("\t")[1] == "United States of America", "text only: the first row is the largest economy")

    select = {"layer": "countries", "where": "continent = 'Europe'"}
    text = text_of(await tools.call("run_command", {"command": "feature.select", "params": select}))
    selected = json.loads(next(l for l in text.splitlines() if l.startswith("result: "))[len("result: "):])["selected"]
    text = text_of(await tools.call("read_table", {"layer": "countries", "where": "continent = 'Europe'", "limit": 100}))
    check(f"of {selected} matching" in text and len(text.splitlines()) == selected + 2,
          f"text only: the filter's {selected} countries are all in the table")

    text = text_of(await tools.call("view_map", {"width": 320, "height": 200}))
    check(text.startswith("320×200 map of [") and "; labels: " in text and "SHA-256" in text,
          "text only: view_map says what the map shows, its labels and its checksum")


async def follows_an_export_link(cli, folder):
    """With --yes, an export names its file in the text and links it; the link reads back."""
    params = StdioServerParameters(command=os.path.abspath(cli), args=["mcp", "--sample", "--yes"], cwd=folder)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = Validating(session, (await session.list_tools()).tools)
            path = os.path.join(folder, "cities.geojson")
            result = await tools.call("run_command", {"command": "layer.export", "params": {"layer": "cities", "path": path}})
            check(not result.is_error, "layer.export writes the cities")
            wrote = [l for l in text_of(result).splitlines() if l.startswith("wrote ")]
            check(len(wrote) == 1 and "(application/geo+json, " in wrote[0], "the text names the file written and its type")
            uri = wrote[0].rsplit(": ", 1)[1]
            links = [c for c in result.content if getattr(c, "type", "") == "resource_link"]
            check(len(links) == 1 and str(links[0].uri) == uri and links[0].mime_type == "application/geo+json"
                  and links[0].size == os.path.getsize(path), "a resource link with the file's type and size")
            page = await session.read_resource(uri)
            check(json.loads(page.contents[0].text)["type"] == "FeatureCollection",
                  "resources/read of the link gives the GeoJSON written")
            await check_prompts(session, "stdio --yes", folder)
            await check_skills(session, "stdio --yes", ["print-layouts"], folder)


async def roots_are_enforced(cli, folder):
    """With --yes --root maps --read-only-root shared, files go only below them: a path outside is
    refused with ACCESS_DENIED naming the roots, whatever way it is written."""
    maps, shared, elsewhere = (os.path.join(folder, name) for name in ("maps", "shared", "elsewhere"))
    for path in (maps, shared, elsewhere):
        os.mkdir(path)
    with open(os.path.join(elsewhere, "secret.csv"), "w") as f:
        f.write("lon,lat\n1,2\n")
    os.symlink(os.path.join(elsewhere, "secret.csv"), os.path.join(maps, "link.csv"))
    args = ["mcp", "--sample", "--yes", "--root", maps, "--read-only-root", shared]
    params = StdioServerParameters(command=os.path.abspath(cli), args=args, cwd=folder)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            info = await session.initialize()
            check(maps in (info.instructions or "") and "ACCESS_DENIED" in info.instructions,
                  "the instructions name the roots")
            tools = Validating(session, (await session.list_tools()).tools)
            await tools.ok("run_command", {"command": "layer.export", "params": {"layer": "cities", "path": "cities.geojson"}},
                           "a relative path is written into the first root",
                           lambda done: done["result"]["path"] == os.path.join(maps, "cities.geojson"))
            await tools.ok("run_command", {"command": "files.list", "params": {"pattern": "*.geojson"}},
                           "files.list shows the file written, which RustGIS opens",
                           lambda listed: [(e["path"], e["open_with"]) for e in listed["result"]["entries"]]
                           == [(os.path.join(maps, "cities.geojson"), "layer.open")])
            for what, command, params, says in [
                ("an absolute path elsewhere", "layer.open", {"path": os.path.join(elsewhere, "secret.csv")}, "outside"),
                ("`..` out of the root", "layer.open", {"path": "../elsewhere/secret.csv"}, "resolves to"),
                ("a symbolic link leading outside", "layer.open", {"path": "link.csv"}, "symbolic links"),
                ("a write below a read-only root", "layer.export",
                 {"layer": "cities", "path": os.path.join(shared, "x.geojson")}, "read-only"),
                ("a project saved elsewhere", "project.save", {"path": os.path.join(elsewhere, "p.rgis")}, "outside"),
            ]:
                result = await tools.call("run_command", {"command": command, "params": params})
                text = text_of(result)
                check(result.is_error and structured(result).get("code") == "access_denied"
                      and text.startswith("ACCESS_DENIED: ") and maps in text and says in text,
                      f"{command} with {what} is refused with ACCESS_DENIED naming the roots")
            check(not os.path.exists(os.path.join(shared, "x.geojson")), "nothing was written below the read-only root")


async def asks_instead_of_refusing(cli, folder):
    """With an elicitation_callback, a refusal only the human's yes would lift is asked: the first
    question (replacing a file) is accepted, the second (a file outside the roots) declined, the
    third (which layer 'Countries' meant) answered with a layer, the fourth (a web layer on a
    loopback host outside network.allow) accepted."""
    maps, elsewhere = os.path.join(folder, "maps"), os.path.join(folder, "elsewhere")
    for path in (maps, elsewhere):
        os.mkdir(path)
    old = os.path.join(maps, "old.geojson")
    with open(old, "w") as f:
        f.write("OLD")
    secret = os.path.join(elsewhere, "secret.csv")
    with open(secret, "w") as f:
        f.write("lon,lat\n1,2\n")
    answers = [
        types.ElicitResult(action="accept", content={"allow": True}),
        types.ElicitResult(action="decline"),
        types.ElicitResult(action="accept", content={"layer": "countries"}),
        types.ElicitResult(action="accept", content={"allow": True}),
    ]
    asked = []

    async def answer(context, params):
        asked.append(params)
        fields = params.requested_schema["properties"]
        check(fields.get("allow", {}).get("type") == "boolean" or fields.get("layer", {}).get("enum"),
              "the question's form is one boolean, allow, or one layer of those offered")
        return answers[len(asked) - 1] if len(asked) <= len(answers) else types.ElicitResult(action="cancel")

    args = ["mcp", "--sample", "--yes", "--root", maps]
    params = StdioServerParameters(command=os.path.abspath(cli), args=args, cwd=folder)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, elicitation_callback=answer) as session:
            await session.initialize()
            tools = Validating(session, (await session.list_tools()).tools)
            await tools.ok("run_command", {"command": "layer.export", "params": {"layer": "cities", "path": old}},
                           "an overwrite the user accepts is written",
                           lambda done: done["result"]["path"] == old)
            check(len(asked) == 1 and old in asked[0].message and "replace" in asked[0].message,
                  "the question names the file to be replaced")
            with open(old) as f:
                check("FeatureCollection" in f.read(), "the accepted overwrite replaced the file")
            result = await tools.call("run_command", {"command": "layer.open", "params": {"path": secret}})
            check(len(asked) == 2 and secret in asked[1].message, "a file outside the roots is asked about")
            check(result.is_error and structured(result).get("code") == "declined",
                  "a declined read answers declined")
            layers = structured(await tools.call("run_command", {"command": "layer.list"}))["result"]["layers"]
            check(all(layer["name"] != "secret" for layer in layers), "the declined file was not opened")
            result = await tools.call("run_command", {"command": "script.exec", "params": {"source": "1"}})
            check(result.is_error and len(asked) == 2, "a script is refused without a question")
            await tools.ok("run_command", {"command": "layer.info", "params": {"layer": "Countries"}},
                           "a layer name that differs only in case runs with the layer the user chose",
                           lambda done: done["result"]["name"] == "countries")
            check(len(asked) == 3 and asked[2].requested_schema["properties"]["layer"]["enum"] == ["countries"],
                  "the question offers the layers the name may have meant")
            local = "http://127.0.0.1:9/{z}/{x}/{y}.png"
            await tools.ok("run_command", {"command": "layer.addXyz", "params": {"url": local, "name": "local"}},
                           "a web layer on a loopback host the user lets through is added",
                           lambda done: done["result"]["layer"] == "local")
            check(len(asked) == 4 and "127.0.0.1:9" in asked[3].message and "loopback" in asked[3].message,
                  "the question names the host and why the network guard refuses it")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    asyncio.run(main(sys.argv[1]))
