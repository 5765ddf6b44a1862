#!/usr/bin/env python3
"""Drives `rustgis-cli mcp --sample` with the official MCP Python SDK, a client nobody here wrote.

Lists tools and resources, reads a resource, calls every tool, and checks that the images that
come back decode as PNGs (signature, IHDR size) whose SHA-256 matches what the server reports.
Exits non-zero, naming the failed check, when anything is off.

Usage: python scripts/mcp_python_client.py PATH/TO/rustgis-cli
"""

import asyncio
import base64
import hashlib
import struct
import sys

from mcp_checks import call_ok, check, structured
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



def image_of(result):
    images = [c for c in result.content if getattr(c, "type", "") == "image"]
    check(len(images) == 1 and images[0].mime_type == "image/png", "one PNG image comes back")
    return base64.b64decode(images[0].data)


async def main(cli):
    params = StdioServerParameters(command=cli, args=["mcp", "--sample"])
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            names = {t.name for t in tools.tools}
            check(EXPECTED_TOOLS <= names, f"tools/list has every tool ({sorted(names)})")
            for tool in tools.tools:
                check(tool.input_schema.get("type") == "object", f"{tool.name} has an object input schema")

            resources = await session.list_resources()
            uris = [str(r.uri) for r in resources.resources]
            check("rustgis://docs/commands.md" in uris, "resources/list offers the docs")
            page = await session.read_resource("rustgis://docs/mcp.md")
            check("claude mcp add" in page.contents[0].text, "resources/read returns docs/mcp.md")

            await call_ok(session, "list_commands", {"query": "buffer"}, "list_commands finds a buffer command",
                          lambda found: found["count"] >= 1)
            await call_ok(session, "describe_command", {"command": "table.read"}, "describe_command gives the schema",
                          lambda described: "params" in described)
            await call_ok(session, "run_command", {"command": "layer.list"}, "run_command layer.list",
                          lambda listed: len(listed["result"]["layers"]) == 4)
            script = 'feature.select {"layer": "countries", "where": "continent = \'Europe\'"}\nmap.zoomTo {"layer": "countries"}'
            await call_ok(session, "run", {"script": script}, "run runs a two-line script", lambda ran: ran["success"])

            result = await session.call_tool(
                "read_table", {"layer": "countries", "fields": ["name", "gdp_md"], "order_by": "gdp_md DESC", "limit": 5}
            )
            rows = structured(result)["rows"]
            check(rows[0]["name"] == "United States of America" and len(rows) == 5, "read_table returns the 5 largest economies")

            result = await session.call_tool("view_map", {"width": 640, "height": 400})
            check(not result.is_error, "view_map succeeds")
            data = image_of(result)
            check(png_size(data) == (640, 400), "view_map's PNG is 640×400")
            facts = structured(result)
            check(facts["sha256"] == hashlib.sha256(data).hexdigest(), "view_map's SHA-256 matches the PNG bytes")
            check(facts["blank"] is False, "the world map is not blank")

            result = await session.call_tool("snapshot", {"width": 320, "height": 200})
            check(not result.is_error and png_size(image_of(result)) == (320, 200), "snapshot offscreen returns a 320×200 PNG")

            result = await session.call_tool("snapshot", {"mode": "screen"})
            check(result.is_error, "snapshot screen is refused without a window")

            await call_ok(session, "search_docs", {"query": "undo"}, "search_docs finds pages about undo",
                          lambda found: found["results"])

            result = await session.call_tool("run_command", {"command": "layer.open", "params": {"path": "x.geojson"}})
            check(result.is_error and "--yes" in result.content[0].text, "file commands are refused without --yes")
    print("all checks passed")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    asyncio.run(main(sys.argv[1]))
