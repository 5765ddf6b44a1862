"""Helpers shared by the scripts that drive RustGIS with the official MCP Python SDK."""

import json


def check(condition, what):
    """Prints `ok: what`, or exits non-zero naming the failed check."""
    if not condition:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}")


def structured(result):
    """A tool result's structured content, or the JSON of its last text block."""
    if result.structured_content is not None:
        return result.structured_content
    texts = [c.text for c in result.content if getattr(c, "type", "") == "text"]
    return json.loads(texts[-1]) if texts else {}


async def call_ok(session, tool, arguments, what, expect=lambda structured_content: True):
    """Calls a tool and checks that it succeeds and that `expect` holds for its structured content."""
    result = await session.call_tool(tool, arguments)
    check(not result.is_error and expect(structured(result)), what)
    return result
