#!/usr/bin/env python3
"""The map view (MCP Apps, ui://rustgis/map) in a real browser, against a real server (issue 21).

Headless Chromium (Debian's, driven by Playwright) opens a small host page whose host side is the
official AppBridge (@modelcontextprotocol/ext-apps, bundled into .tools/mcp-apps-host/host.js by
scripts/test.sh). The page loads the view's HTML, read from `rustgis-cli mcp --sample` through the
official MCP Python SDK, in a sandboxed iframe under the CSP of its `_meta.ui.csp`, hands it the
agent's view_map result, and relays every `tools/call` of the view to the same server. The test
then drags, wheels and clicks like a user and checks that each new picture shows the expected
bbox, that a layer hidden in the view is hidden in the session, that a click identifies the
country under it, that the model is told the bbox and the selection, and that the page asked the
network for nothing.

The same view is then relayed to the headless host (`rustgis-relay --sample --http`), through MCP
over HTTP (the SDK's Streamable HTTP client) and through the relay (`rustgis-cli mcp --attach`);
there the layer it hides must be a step of that agent in the host's undo history.

Usage: python scripts/mcp_apps_view_test.py PATH/TO/rustgis-cli PATH/TO/rustgis-relay PATH/TO/host.js
       [--screenshot PNG]
Exits non-zero, naming the failed check, when anything is off.
"""

import argparse
import asyncio
import json
import os
import subprocess
import tempfile

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client
from mcp_checks import check, structured
from playwright.async_api import async_playwright

MAP_VIEW = "ui://rustgis/map"
HOST_URL = "http://rustgis-test.host/"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
HOST_PAGE = """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>MCP Apps test host</title>
<style>body { margin: 0; background: #eee; } iframe { border: 0; width: 960px; height: 440px; background: #fff; }</style>
<script src="host.js"></script></head>
<body><div id="view"></div></body></html>"""
# Where the agent first looks (lon/lat): western Europe and the Mediterranean.
AGENT_BBOX = [-12.0, 34.0, 22.0, 58.0]


def close(a, b, what):
    size = max(abs(a[2] - a[0]), abs(a[3] - a[1]))
    check(all(abs(x - y) <= size * 1e-6 for x, y in zip(a, b)), f"{what}: {a} is {b}")


def shifted(extent, width, dx, dy):
    res = (extent[2] - extent[0]) / width
    return [extent[0] - dx * res, extent[1] + dy * res, extent[2] - dx * res, extent[3] + dy * res]


def zoomed(extent, width, factor, px, py):
    res = (extent[2] - extent[0]) / width
    mx, my = extent[0] + px * res, extent[3] - py * res
    w, h = (extent[2] - extent[0]) / factor, (extent[3] - extent[1]) / factor
    left, top = mx - px * res / factor, my + py * res / factor
    return [left, top - h, left + w, top]


async def open_view(browser, start, host_js, relay_tool_call):
    """A page of the test host showing the view started with `start`; the URLs it fetched."""
    page = await browser.new_page(viewport={"width": 980, "height": 460})
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("console", lambda m: m.type == "error" and print(f"   (console) {m.text}"))

    async def serve(route):
        if route.request.url == HOST_URL:
            await route.fulfill(body=HOST_PAGE, content_type="text/html")
        elif route.request.url == HOST_URL + "host.js":
            await route.fulfill(path=host_js, content_type="text/javascript")
        else:
            await route.abort()

    await page.route("**/*", serve)
    await page.expose_function("relayToolCall", relay_tool_call)
    await page.goto(HOST_URL)
    await page.evaluate("start => startView(start)", start)
    return page, requests


async def without_server_tools(browser, start, host_js):
    """A host that does not pass tool calls on still shows the agent's picture, and says why the
    map does not move."""
    async def refuse(params):
        raise RuntimeError(f"this host passes no tool call on, yet the view asked for {params['name']}")

    page, _ = await open_view(browser, {**start, "serverTools": False}, host_js, refuse)
    view = page.frame_locator("iframe")
    await view.locator("#error").filter(has_text="does not pass").wait_for()
    shown = await page.frames[1].evaluate("document.getElementById('map').dataset.sha256")
    check(shown == start["toolResult"]["structuredContent"]["sha256"],
          "a host without serverTools shows the agent's own picture and says the map cannot move")
    check(await page.evaluate("hostLog.toolCalls.length") == 0, "the view asks such a host for no tool call")
    await page.close()


async def drive_view(browser, session, host_js, full, screenshot=None):
    """Opens the view on `session` in a new page and uses it like a person; `full` tries
    everything, otherwise the first picture, a drag and hiding a layer."""
    tools = {t.name: t for t in (await session.list_tools()).tools}
    for name in ("view_map", "snapshot"):
        check((tools[name].meta or {}).get("ui", {}).get("resourceUri") == MAP_VIEW, f"{name} names the map view")
    resource = (await session.read_resource(MAP_VIEW)).contents[0]
    check(resource.mime_type == "text/html;profile=mcp-app", "the view is an MCP App page")
    csp = (resource.meta or {}).get("ui", {}).get("csp")
    check(csp is not None and not any(csp.values()), f"the view's CSP allows no network origin ({csp})")

    styled = await session.call_tool("run_command", {"command": "style.graduated", "params": {
        "layer": "countries", "field": "pop_est", "classes": 5, "ramp": "viridis"}})
    check(not styled.is_error, "the agent styles the countries by population")
    agent_args = {"bbox": AGENT_BBOX, "width": 800}
    agent_result = await session.call_tool("view_map", agent_args)
    check(not agent_result.is_error, "the agent's view_map draws")

    held = {"gate": None}

    async def relay_tool_call(params):
        if params["name"] == "view_map" and held["gate"] is not None:
            await held["gate"].wait()
        result = await session.call_tool(params["name"], params.get("arguments"))
        return result.model_dump(mode="json", by_alias=True, exclude_none=True)

    start = {
        "html": resource.text,
        "csp": csp,
        "tool": tools["view_map"].model_dump(mode="json", by_alias=True, exclude_none=True),
        "toolInput": agent_args,
        "toolResult": agent_result.model_dump(mode="json", by_alias=True, exclude_none=True),
    }
    if full:
        await without_server_tools(browser, start, host_js)
    page, requests = await open_view(browser, start, host_js, relay_tool_call)
    check(await page.evaluate("hostLog.initialized"), "the view finished ui/initialize with AppBridge")
    view = page.frame_locator("iframe")
    frame = page.frames[1]
    map_box = await view.locator("#map").bounding_box()
    width = await frame.evaluate("document.getElementById('map').clientWidth")

    async def settled(previous_sha):
        """The extent of the view's newest picture, once it differs from `previous_sha`."""
        await frame.wait_for_function(
            "sha => { const m = document.getElementById('map');"
            " return !m.classList.contains('loading') && m.dataset.sha256 && m.dataset.sha256 !== sha; }",
            arg=previous_sha,
        )
        data = await frame.evaluate("() => ({...document.getElementById('map').dataset})")
        return json.loads(data["extent"]), data["sha256"]

    # The agent's 800-pixel picture is shown at once, then one drawn at the view's size.
    extent, sha = await settled(structured(agent_result)["sha256"])
    calls = await page.evaluate("hostLog.toolCalls")
    check(any(c["name"] == "view_map" and c["arguments"]["width"] == width for c in calls),
          f"the view asked view_map for a picture of its own width ({width} px)")
    await view.locator("#layers input").nth(3).wait_for()
    layers = await view.locator("#layers label").all_inner_texts()
    check([t.strip() for t in layers] == ["cities", "boundaries", "coastline", "countries"],
          f"the layer list shows the sample's layers, top first ({layers})")
    legend = await view.locator("#legend").inner_text()
    check("cities" in legend and "countries" in legend, "the legend names the visible layers")
    check(await view.locator("#legend .entry").count() == 5 + 3,
          "the legend has a swatch per population class of the countries and one per other layer")

    await frame.wait_for_function("document.getElementById('backdrop').naturalWidth > 0")
    # Drag: the picture follows the mouse, a spinner shows while the next picture is on its way
    # (the test holds it back), and the next one shows the bbox moved by as much.
    held["gate"] = asyncio.Event()
    x0, y0 = map_box["x"] + 300, map_box["y"] + 200
    await page.mouse.move(x0, y0)
    await page.mouse.down()
    await page.mouse.move(x0 - 60, y0 + 20, steps=4)
    await page.mouse.move(x0 - 120, y0 + 40, steps=4)
    await page.mouse.up()
    await view.locator("#spinner").wait_for(state="visible")
    moved = await view.locator("#picture").bounding_box()
    check(abs(moved["x"] - map_box["x"] + 120) < 1 and abs(moved["y"] - map_box["y"] - 40) < 1,
          "while the picture is on its way, a spinner shows and the old picture has moved with the mouse")
    backdrop = await view.locator("#backdrop").bounding_box()
    check(backdrop["width"] > 2 * map_box["width"]
          and backdrop["x"] <= map_box["x"] and backdrop["y"] <= map_box["y"]
          and backdrop["x"] + backdrop["width"] >= map_box["x"] + map_box["width"]
          and backdrop["y"] + backdrop["height"] >= map_box["y"] + map_box["height"],
          "the project's whole view, drawn once and scaled to the view, fills what the moved picture uncovers")
    if screenshot:
        await page.locator("iframe").screenshot(path=screenshot.replace(".png", "-panning.png"))
    held["gate"].set()
    held["gate"] = None
    expected = shifted(extent, width, -120, 40)
    extent, sha = await settled(sha)
    close(extent, expected, "a drag of 120 px left and 40 px down pans the map by as much")
    check(not await view.locator("#spinner").is_visible(), "the spinner goes when the picture arrives")

    if full:
        # Wheel: one notch up doubles the scale around the mouse.
        px, py = 200, 150
        await page.mouse.move(map_box["x"] + px, map_box["y"] + py)
        await page.mouse.wheel(0, -100)
        expected = zoomed(extent, width, 2, px, py)
        extent, sha = await settled(sha)
        close(extent, expected, "a wheel notch zooms in twice around the mouse")

        # The zoom-out button halves the scale around the centre.
        await view.locator("#zoom-out").click()
        expected = zoomed(extent, width, 0.5, width / 2, map_box["height"] / 2)
        extent, sha = await settled(sha)
        close(extent, expected, "the zoom-out button zooms out twice around the centre")

        # A click identifies the country under it and tells the model.
        res = (extent[2] - extent[0]) / width
        paris_px, paris_py = (2.35 - extent[0]) / res, (extent[3] - 46.8) / res
        check(0 < paris_px < width and 0 < paris_py < map_box["height"], "France is in view")
        await page.mouse.click(map_box["x"] + paris_px, map_box["y"] + paris_py)
        await view.locator("#popup").wait_for(state="visible")
        popup = await view.locator("#popup").inner_text()
        check("countries" in popup and "France" in popup, f"a click on France identifies it ({popup[:40]!r})")
        told = (await page.evaluate("hostLog.modelContext"))[-1]
        selected = told["structuredContent"].get("selected", {})
        check(selected.get("layer") == "countries" and selected.get("attributes", {}).get("name") == "France",
              "the model is told the selected feature")
        close(told["structuredContent"]["bbox"], extent, "the model is told the bbox in view")
        check("France" in told["content"][0]["text"], "the model's text names the selection")

    # Hiding a layer in the view hides it in the session, through the agent's own tools.
    await view.locator("#layers input[data-layer=countries]").uncheck()
    extent_after, sha = await settled(sha)
    listed = structured(await session.call_tool("run_command", {"command": "layer.list"}))["result"]
    countries = next(layer for layer in listed["layers"] if layer["name"] == "countries")
    check(countries["visible"] is False, "a layer unticked in the view is hidden in the session")
    close(extent_after, extent, "hiding a layer keeps the view where it was")
    calls = await page.evaluate("hostLog.toolCalls")
    check({"name": "run_command", "arguments": {"command": "layer.setVisible",
                                                 "params": {"layer": "countries", "visible": False}}} in calls,
          "the view hid the layer with run_command layer.setVisible")
    if full:
        await view.locator("#layers input[data-layer=countries]").check()
        await settled(sha)
    if screenshot:
        await page.locator("iframe").screenshot(path=screenshot)
        print(f"   screenshot written to {screenshot}")
    if full:
        answers = await page.evaluate(
            "async () => [await hostBridge.request({method: 'ping'}), await hostBridge.teardownResource({})]")
        check(answers == [{}, {}], f"the view answers the host's ping and ui/resource-teardown ({answers})")
    errors = await page.evaluate("hostLog.errors")
    check(not errors, f"the host saw no protocol error ({errors})")
    check(requests == [HOST_URL, HOST_URL + "host.js"],
          f"nothing but the host page was fetched: the view used no network ({requests})")
    await page.close()


async def on_the_relay(browser, cli, relay, host_js):
    """The view relayed to the headless host, first through MCP over HTTP, then through
    `rustgis-cli mcp --attach`; the layer it hides is each agent's step in the host's history."""
    with tempfile.TemporaryDirectory() as tmp:
        run_dir = os.path.join(tmp, "run")
        os.mkdir(run_dir, 0o700)
        env = {**os.environ, "XDG_RUNTIME_DIR": run_dir}
        host = subprocess.Popen(
            [relay, "--sample", "--port", "0", "--http", "--http-port", "0",
             "--settings", os.path.join(tmp, "settings"), "--app-data", os.path.join(tmp, "app-data")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env,
        )

        async def undo_names(agent):
            host.stdin.write("edit.undo {}\n")
            host.stdin.flush()
            undone = json.loads(await asyncio.to_thread(host.stdout.readline))["result"]
            check(undone == {"undone": "layer.setVisible", "actor": agent, "command": "edit.undo"},
                  f"the layer hidden in the view is a step of {agent} in the host's history ({undone})")

        try:
            started = json.loads(host.stdout.readline())["result"]
            with open(started["http"]["token_file"]) as f:
                token = f.read().strip()
            print("== the view relayed to MCP over HTTP on rustgis-relay --sample --http")
            client = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
            async with client, streamable_http_client(started["http"]["url"], http_client=client) as (read, write, *_):
                async with ClientSession(read, write) as session:
                    await session.initialize()
                    await drive_view(browser, session, host_js, full=False)
            await undo_names("agent 1")
            print("== the view relayed to the relay through rustgis-cli mcp --attach")
            attach = StdioServerParameters(command=cli, args=["mcp", "--attach", str(started["port"])], env=env)
            async with stdio_client(attach) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                await drive_view(browser, session, host_js, full=False)
            await undo_names("agent 2")
            host.stdin.write("quit\n")
            host.stdin.flush()
            check(host.wait(timeout=30) == 0, "the headless host quits cleanly")
        finally:
            if host.poll() is None:
                host.kill()
                host.wait()


async def main(cli, relay, host_js, screenshot):
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        print("== the view relayed to rustgis-cli mcp --sample (stdio)")
        server = StdioServerParameters(command=cli, args=["mcp", "--sample"])
        async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            await drive_view(browser, session, host_js, full=True, screenshot=screenshot)
        await on_the_relay(browser, cli, relay, host_js)
        await browser.close()
    print("ok   the map view pans, zooms, identifies and hides layers in headless Chromium, over stdio, HTTP and the relay")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cli")
    parser.add_argument("relay")
    parser.add_argument("host_js")
    parser.add_argument("--screenshot", help="write a picture of the view here")
    options = parser.parse_args()
    asyncio.run(main(options.cli, options.relay, options.host_js, options.screenshot))
