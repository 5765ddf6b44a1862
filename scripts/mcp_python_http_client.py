#!/usr/bin/env python3
"""Drives MCP over HTTP on the headless host with the official MCP Python SDK's Streamable HTTP
client, a client nobody here wrote.

Starts `rustgis-relay --sample --http` in temporary folders, reads its HTTP address and token
file, then initializes, lists tools and resources, runs commands and a script, reads a table and
checks that file commands are refused (no app-granted access), waits on a job with a progress
callback (the reply turns into an event stream) and checks that a client without the
token is turned away. Prompts, resource templates and completions are checked over HTTP and,
given rustgis-cli, through `rustgis-cli mcp --attach` too (scripts/mcp_prompt_checks.py): each
recipe followed to its map on the host's project. A second host, started with --allow-access
--root, refuses a file outside its root (ACCESS_DENIED, naming it) and writes one inside. Exits
non-zero, naming the failed check, when anything is off. On that host too, a 2026-07-28 client that
declares the tasks extension gets a task for a long buffer and polls it to its result.

Usage: python scripts/mcp_python_http_client.py PATH/TO/rustgis-relay [PATH/TO/rustgis-cli]
"""

import asyncio
import json
import os
import subprocess
import sys
import tempfile

import httpx2
from mcp_checks import call_ok, check, structured
from mcp_prompt_checks import check_all, check_skills
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client




async def drive(url, token):
    client = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    async with client, streamable_http_client(url, http_client=client) as (read, write, *_):
        async with ClientSession(read, write) as session:
            info = await session.initialize()
            check(info.server_info.name == "rustgis", "initialize over HTTP answers as rustgis")
            tools = await session.list_tools()
            check({"run_command", "run", "read_table"} <= {t.name for t in tools.tools}, "tools/list over HTTP")
            resources = await session.list_resources()
            check(any(str(r.uri) == "rustgis://docs/http.md" for r in resources.resources), "the docs include http.md")

            await call_ok(session, "run_command", {"command": "layer.list"}, "run_command layer.list",
                          lambda listed: len(listed["result"]["layers"]) == 4)
            script = 'layer.select {"layer": "cities"}\nlayer.setVisible {"visible": false}'
            await call_ok(session, "run", {"script": script}, "run runs a two-line script as one step",
                          lambda ran: ran["success"])

            result = await session.call_tool(
                "read_table", {"layer": "countries", "fields": ["name"], "order_by": "gdp_md DESC", "limit": 1}
            )
            check(structured(result)["rows"][0]["name"] == "United States of America", "read_table over HTTP")

            result = await session.call_tool("run_command", {"command": "project.new"})
            check(result.is_error, "the open project stays the user's: project.new is refused")

            # Before the job's 14,400 cells: the headless host writes its recovery copy of the
            # whole project after each call, which the cells make slow.
            await check_all(session, "HTTP")
            await waits_on_a_job_with_progress(session)


async def waits_on_a_job_with_progress(session):
    """An async buffer of 14,400 cells, then job.wait with a progress callback: the job's progress
    comes as notifications (the reply turns into an event stream), then its status."""
    grid = {"command": "vector.grid", "params": {"extent": [-60, -60, 60, 60], "cell": 1, "name": "big"}}
    await call_ok(session, "run_command", grid, "vector.grid makes 14,400 cells to buffer")
    buffer = {"layer": "big", "distance": 5, "unit": "km", "segments": 16}
    started = await session.call_tool("run_command", {"command": "vector.buffer", "params": buffer, "async": True})
    job = structured(started).get("job")
    check(not started.is_error and isinstance(job, int), "an async buffer answers at once with its job id")
    seen = []

    async def on_progress(progress, total, message):
        seen.append((progress, total, message))

    waited = await session.call_tool(
        "run_command", {"command": "job.wait", "params": {"id": job, "timeout_s": 300}}, progress_callback=on_progress
    )
    check(not waited.is_error and structured(waited)["result"]["state"] == "completed", "job.wait over HTTP ends completed")
    fractions = [progress for progress, _, _ in seen]
    check(len(fractions) >= 2 and all(a < b for a, b in zip(fractions, fractions[1:])),
          f"job.wait over HTTP sends the job's increasing progress before its status ({len(fractions)} notifications)")
    check(all(total == 1 and message for _, total, message in seen), "each notification has total 1 and a message")


async def refused_without_token(url):
    async with httpx2.AsyncClient() as client:
        response = await client.post(
            url,
            json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
            headers={"Accept": "application/json, text/event-stream"},
        )
    check(response.status_code == 401, "a request without the token gets 401")


async def attached(cli, port, env):
    """Prompts, templates and completions through `rustgis-cli mcp --attach`: the relay's socket."""
    params = StdioServerParameters(command=cli, args=["mcp", "--attach", str(port)], env=env)
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        await check_all(session, "attach")
        await check_skills(session, "attach", ["attach-to-app", "choropleth"])


async def roots_over_http(url, token, root):
    """On a host started with --allow-access --root ROOT, a file outside ROOT is refused with
    ACCESS_DENIED naming it; inside it is written."""
    client = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
    async with client, streamable_http_client(url, http_client=client) as (read, write, *_):
        async with ClientSession(read, write) as session:
            await session.initialize()
            outside = os.path.join(os.path.dirname(root), "outside.geojson")
            result = await session.call_tool(
                "run_command", {"command": "layer.export", "params": {"layer": "cities", "path": outside}})
            text = "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")
            check(result.is_error and structured(result).get("code") == "access_denied"
                  and text.startswith("ACCESS_DENIED: ") and root in text and not os.path.exists(outside),
                  "over HTTP, a file outside --root is refused with ACCESS_DENIED naming the root")
            await call_ok(session, "run_command",
                          {"command": "layer.export", "params": {"layer": "cities", "path": "cities.geojson"}},
                          "over HTTP, a relative path is written into the root",
                          lambda done: done["result"]["path"] == os.path.join(root, "cities.geojson"))


V2026 = "2026-07-28"
TASKS = "io.modelcontextprotocol/tasks"


async def rpc(client, url, token, method, params, capabilities):
    """One 2026-07-28 request over stateless HTTP: the version, capabilities and client in its
    _meta, as that version sends them with every request."""
    meta = {
        "io.modelcontextprotocol/protocolVersion": V2026,
        "io.modelcontextprotocol/clientCapabilities": capabilities,
        "io.modelcontextprotocol/clientInfo": {"name": "tasks-check", "version": "1"},
    }
    headers = {"Authorization": f"Bearer {token}", "Accept": "application/json, text/event-stream",
               "MCP-Protocol-Version": V2026, "Mcp-Method": method}
    # The 2026-07-28 routing headers (SEP-2243): the method, and the tool, resource or task named.
    for key in ("name", "uri", "taskId"):
        if key in params:
            headers["Mcp-Name"] = params[key]
    response = await client.post(
        url, json={"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": meta}}, headers=headers)
    if response.status_code != 200:
        check(False, f"{method} over HTTP answers 200, not {response.status_code}: {response.text[:300]}")
    return response.json()


async def tasks_over_http(url, token):
    """A client declaring the tasks extension gets a task for a long buffer over stateless HTTP,
    polls it with tasks/get (each poll its own request) to the result; without the extension the
    same call answers with the result."""
    with_tasks = {"extensions": {TASKS: {}}}
    call = {"name": "run_command",
            "arguments": {"command": "vector.buffer", "params": {"layer": "cities", "distance": 30, "unit": "km"}}}
    async with httpx2.AsyncClient(timeout=60) as client:
        created = (await rpc(client, url, token, "tools/call", call, with_tasks)).get("result", {})
        check(created.get("resultType") == "task" and created.get("status") == "working",
              f"over HTTP a long command answers with a task ({created})")
        task = {"taskId": created.get("taskId")}
        for _ in range(600):
            state = (await rpc(client, url, token, "tasks/get", task, with_tasks)).get("result", {})
            if state.get("status") != "working":
                break
            await asyncio.sleep(0.05)
        check(state.get("status") == "completed" and not state["result"].get("isError"),
              f"over HTTP tasks/get reaches the completed task ({state.get('status')})")
        text = " ".join(c.get("text", "") for c in state["result"].get("content", []))
        check("cities buffer 30 km" in text, "the task's result names the buffer layer it made")
        call["arguments"]["params"]["distance"] = 40
        plain = (await rpc(client, url, token, "tools/call", call, {})).get("result", {})
        check(plain.get("resultType", "complete") == "complete" and "taskId" not in plain,
              "over HTTP a client without the tasks extension gets the result itself")


async def asks_over_http(url, token, root, app_data):
    """On 2026-07-28 over stateless HTTP, an overwrite is asked as an input request (the call
    answers input_required with the question and a requestState); the retry carrying the human's
    yes replaces the file, and the relay's audit log records the question and the answer."""
    old = os.path.join(root, "old.geojson")
    with open(old, "w") as f:
        f.write("OLD")
    eliciting = {"elicitation": {"form": {}}}
    call = {"name": "run_command", "arguments": {"command": "layer.export", "params": {"layer": "cities", "path": old}}}
    async with httpx2.AsyncClient(timeout=60) as client:
        first = (await rpc(client, url, token, "tools/call", call, eliciting)).get("result", {})
        question = first.get("inputRequests", {}).get("rustgis_ask", {})
        check(first.get("resultType") == "input_required" and question.get("method") == "elicitation/create"
              and "replace" in question.get("params", {}).get("message", ""),
              f"over HTTP an overwrite is asked as an input request ({first.get('resultType')})")
        with open(old) as f:
            check(f.read() == "OLD", "nothing is written before the answer")
        retry = {**call, "inputResponses": {"rustgis_ask": {"action": "accept", "content": {"allow": True}}},
                 "requestState": first.get("requestState")}
        done = (await rpc(client, url, token, "tools/call", retry, eliciting)).get("result", {})
        check(not done.get("isError") and done.get("_meta", {}).get("rustgis/asked", {}).get("answer") == "allowed",
              f"the retry with the human's yes runs the export ({done.get('_meta', {}).get('rustgis/asked')})")
        with open(old) as f:
            check("FeatureCollection" in f.read(), "the file was replaced")
    audit = os.path.join(app_data, "mcp-audit")
    lines = [json.loads(line) for name in sorted(os.listdir(audit)) for line in open(os.path.join(audit, name))]
    check(any(line.get("asked", {}).get("answer") == "allowed" for line in lines),
          "the relay's audit log records the question and the answer")


def start_host(relay, tmp, extra=()):
    """`rustgis-relay --sample --http` in `tmp`, and the environment it runs in."""
    run_dir = os.path.join(tmp, "run")
    os.mkdir(run_dir, 0o700)
    env = {**os.environ, "XDG_RUNTIME_DIR": run_dir}
    host = subprocess.Popen(
        [relay, "--sample", "--port", "0", "--http", "--http-port", "0",
         "--settings", os.path.join(tmp, "settings"), "--app-data", os.path.join(tmp, "app-data"), *extra],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
    )
    return host, env


def stop_host(host):
    host.stdin.write("quit\n")
    host.stdin.close()
    host.wait(timeout=30)


def main(relay, cli=None):
    with tempfile.TemporaryDirectory() as tmp:
        host, env = start_host(relay, tmp)
        try:
            started = json.loads(host.stdout.readline())["result"]
            url = started["http"]["url"]
            with open(started["http"]["token_file"]) as f:
                token = f.read().strip()
            asyncio.run(drive(url, token))
            asyncio.run(refused_without_token(url))
            host.stdin.write("edit.undo {}\n")
            host.stdin.flush()
            undone = json.loads(host.stdout.readline())
            check(undone["result"]["actor"] == "agent 1", "the HTTP client's step is agent 1's in the undo history")
            if cli is not None:
                host.stdin.write('layer.remove {"layer": "big"}\n')
                host.stdin.flush()
                check("error" not in json.loads(host.stdout.readline()), "the host removes the job's cells")
                asyncio.run(attached(cli, started["port"], env))
        finally:
            stop_host(host)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = os.path.realpath(tmp)
        root = os.path.join(tmp, "maps")
        os.mkdir(root)
        host, _ = start_host(relay, tmp, ["--allow-access", "--root", root])
        try:
            started = json.loads(host.stdout.readline())["result"]
            with open(started["http"]["token_file"]) as f:
                token = f.read().strip()
            asyncio.run(roots_over_http(started["http"]["url"], token, root))
            asyncio.run(tasks_over_http(started["http"]["url"], token))
            asyncio.run(asks_over_http(started["http"]["url"], token, root, os.path.join(tmp, "app-data")))
        finally:
            stop_host(host)
    print("all checks passed")


if __name__ == "__main__":
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
