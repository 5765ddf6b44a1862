"""Prompts, resource templates and completions, checked with the official MCP Python SDK over
any transport (stdio, MCP over HTTP, the relay's attach): shared by the scripts that drive RustGIS.

Each prompt's recipe is read as an agent reads it (the fenced script for the `run` tool, then the
`tool {json}` calls around it); every command it names is checked against the server's own
definition (the `rustgis://commands/{command}` resource) and every parameter object and tool call
against its JSON Schema, then the recipe is followed on the World Atlas sample and its map checked.
"""

import json
import os

import jsonschema
import mcp_types as types
from mcp.shared.exceptions import MCPError
from mcp_checks import check, structured

PROMPTS = ["map-file", "choropleth", "print-a4", "compare-layers", "find-near"]
TEMPLATES = [
    "rustgis://layers/{name}",
    "rustgis://layers/{name}/features{?offset,limit}",
    "rustgis://outputs/{file}",
    "rustgis://commands/{command}",
]


def split_command_line(line):
    """`command-id {json}` as (id, rest), as RustGIS splits a script line."""
    line = line.strip()
    for at, char in enumerate(line):
        if char.isspace() or char == "{":
            return line[:at], line[at:].strip()
    return line, ""


class Recipes:
    """Reads recipes and checks what they name against the server's commands and tools."""

    def __init__(self, session, tools):
        self.session = session
        self.tool_schemas = {t.name: t.input_schema for t in tools}
        self.command_schemas = {}

    async def command_schema(self, command):
        """A command's parameter schema, from its resource; None when there is no such command."""
        if command not in self.command_schemas:
            try:
                page = await self.session.read_resource(f"rustgis://commands/{command}")
                self.command_schemas[command] = json.loads(page.contents[0].text)["params"]
            except MCPError as error:
                check(error.code == -32602, f"an unknown command's resource answers -32602 ({error.code})")
                self.command_schemas[command] = None
        return self.command_schemas[command]

    async def check_command(self, errors, command, rest):
        schema = await self.command_schema(command)
        if schema is None:
            errors.append(f"no command {command}")
        elif rest:
            try:
                params = json.loads(rest)
            except json.JSONDecodeError as error:
                errors.append(f"{command}: its parameters are not JSON: {error}")
                return
            errors.extend(f"{command} {rest}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(params))

    async def check_spans(self, errors, steps, part):
        """The inline code of `part`: tool calls become steps; every command named is checked."""
        for span in part.split("`")[1::2]:
            name, rest = split_command_line(span)
            if name in self.tool_schemas and rest.startswith("{"):
                arguments = json.loads(rest)
                errors.extend(f"{name} {rest}: {e.message}"
                              for e in jsonschema.Draft202012Validator(self.tool_schemas[name]).iter_errors(arguments))
                steps.append(("tool", name, arguments))
            elif "." in name and name.split(".")[0].isalpha() and name.split(".")[1][:1].isalpha():
                await self.check_command(errors, name, rest)

    async def steps(self, text):
        """A recipe's steps in order: ("script", text) for each fenced block without a language,
        ("tool", name, arguments) for each `tool {json}` in inline code; and the errors found."""
        errors, steps, outside, fence = [], [], [], None
        for line in text.splitlines():
            if line.lstrip().startswith("```"):
                if fence is None:
                    await self.check_spans(errors, steps, "\n".join(outside))
                    outside, fence = [], (line.lstrip()[3:].strip(), [])
                else:
                    language, body = fence
                    fence = None
                    if language in ("", "text"):
                        for command in body:
                            command = command.strip()
                            if command and not command.startswith("#"):
                                await self.check_command(errors, *split_command_line(command))
                        steps.append(("script", "\n".join(body).strip()))
            elif fence is not None:
                fence[1].append(line)
            else:
                outside.append(line)
        await self.check_spans(errors, steps, "\n".join(outside))
        return steps, errors

    async def follow_text(self, text, what, edit=lambda script: script, may_fail=()):
        """Checks a recipe's steps and follows them; each script's result and the last map's facts."""
        steps, errors = await self.steps(text)
        check(not errors, f"{what}: every command, parameter and tool call it names exists ({errors})")
        results, facts = [], None
        for step in steps:
            if step[0] == "script":
                ran = await self.session.call_tool("run", {"script": edit(step[1])})
                check(not ran.is_error and structured(ran)["success"],
                      f"{what}: its script runs ({structured(ran).get('error')})")
                results.append(structured(ran)["result"])
            else:
                _, tool, args = step
                result = await self.session.call_tool(tool, args)
                check(tool in may_fail or not result.is_error, f"{what}: {tool} {json.dumps(args)}")
                if tool == "view_map":
                    facts = structured(result)
        return results, facts

    async def follow(self, name, arguments, what):
        """Gets the prompt and follows its recipe; the script's result and the last map's facts."""
        got = await self.session.get_prompt(name, arguments)
        check(len(got.messages) == 1 and got.messages[0].role == "user", f"{what}: one user message")
        results, facts = await self.follow_text(got.messages[0].content.text, what)
        check(len(results) == 1, f"{what}: one script")
        return results[0], facts

    async def follow_skill(self, name, what, edit=lambda script: script, may_fail=()):
        """Reads a skill's SKILL.md (listed in resources/list) and follows it."""
        uri = f"skill://{name}/SKILL.md"
        listed = await self.session.list_resources()
        check(any(str(r.uri) == uri for r in listed.resources), f"{what}: resources/list lists {uri}")
        page = await self.session.read_resource(uri)
        text = page.contents[0].text
        check(text.startswith(f"---\nname: {name}\ndescription: "), f"{what}: {uri} starts with its frontmatter")
        return await self.follow_text(text, what, edit, may_fail)


async def layer_info(session, layer):
    result = await session.call_tool("run_command", {"command": "layer.info", "params": {"layer": layer}})
    return structured(result)["result"]


async def check_prompts(session, label, folder=None):
    """prompts/list and prompts/get, each recipe followed. `folder` (a session with file access)
    also maps a file and prints a PDF there."""
    listed = await session.list_prompts()
    check([p.name for p in listed.prompts] == PROMPTS, f"{label}: prompts/list gives the five prompts")
    check(all(any(a.required for a in p.arguments) for p in listed.prompts), f"{label}: each prompt has a required argument")
    recipes = Recipes(session, (await session.list_tools()).tools)

    _, facts = await recipes.follow("choropleth", {"layer": "countries", "field": "pop_est"}, f"{label}: choropleth")
    check(facts and facts["blank"] is False, f"{label}: the choropleth's map is drawn")
    check((await layer_info(session, "countries"))["style"]["type"] == "graduated", f"{label}: countries are graduated")

    _, facts = await recipes.follow("compare-layers", {"layer_a": "countries", "layer_b": "cities"}, f"{label}: compare-layers")
    check(facts and facts["blank"] is False, f"{label}: the comparison's map is drawn")
    inside = await layer_info(session, "cities in countries")
    check(inside["features"] > 400, f"{label}: most cities are in a country ({inside['features']})")

    near, facts = await recipes.follow("find-near", {"layer": "cities", "place": "Paris", "distance": "300 km"},
                                       f"{label}: find-near")
    names = [row["name"] for row in near["rows"]]
    check("Brussels" in names and "Berlin" not in names and facts["blank"] is False,
          f"{label}: the cities within 300 km of Paris are found and drawn ({names})")

    if folder is not None:
        path = os.path.join(folder, "places.geojson")
        with open(path, "w") as f:
            json.dump({"type": "FeatureCollection", "features": [
                {"type": "Feature", "properties": {"name": "a"}, "geometry": {"type": "Point", "coordinates": [10, 50]}},
                {"type": "Feature", "properties": {"name": "b"}, "geometry": {"type": "Point", "coordinates": [12, 48]}},
            ]}, f)
        _, facts = await recipes.follow("map-file", {"path": path}, f"{label}: map-file")
        check(facts["blank"] is False and (await layer_info(session, "places"))["features"] == 2,
              f"{label}: the file is mapped")
        pdf = os.path.join(folder, "page.pdf")
        exported, _ = await recipes.follow("print-a4", {"title": "The world", "path": pdf}, f"{label}: print-a4")
        with open(pdf, "rb") as f:
            head = f.read(5)
        check(head == b"%PDF-" and exported["bytes"] == os.path.getsize(pdf), f"{label}: the A4 layout is a PDF")
        page = await session.read_resource("rustgis://outputs/page.pdf")
        check(page.contents[0].mime_type == "application/pdf", f"{label}: the PDF reads back as rustgis://outputs/page.pdf")

    try:
        await session.get_prompt("choropleth", {"layer": "rivers", "field": "x"})
        check(False, f"{label}: a prompt on a missing layer is refused")
    except MCPError as error:
        check(error.code == -32602 and "countries" in error.message,
              f"{label}: a prompt on a missing layer answers -32602 naming the layers")


async def check_templates(session, label):
    """resources/templates/list and reading each template's resources."""
    listed = await session.list_resource_templates()
    check([t.uri_template for t in listed.resource_templates] == TEMPLATES, f"{label}: resources/templates/list")
    page = await session.read_resource("rustgis://layers/countries")
    info = json.loads(page.contents[0].text)
    check(info["features"] == 177 and info["crs"] == "EPSG:4326" and info["fields"] and "style" in info,
          f"{label}: rustgis://layers/countries has the schema, counts, CRS and style")
    page = await session.read_resource(info["features_uri"].replace("limit=100", "limit=3"))
    features = json.loads(page.contents[0].text)
    check(page.contents[0].mime_type == "application/geo+json" and features["type"] == "FeatureCollection"
          and features["returned"] == 3 and features["total"] == 177 and "offset=3" in features["next"],
          f"{label}: a page of features is GeoJSON with the next page's URI")
    for uri in ("rustgis://layers/rivers", "rustgis://layers/rivers/features"):
        try:
            await session.read_resource(uri)
            check(False, f"{label}: {uri} is refused")
        except MCPError as error:
            check(error.code == -32602 and error.data == {"uri": uri},
                  f"{label}: {uri} answers -32602 (not -32002) with the URI")


async def check_completions(session, label):
    """completion/complete for prompt arguments and template variables."""
    async def values(ref, name, value, context=None):
        result = await session.complete(ref, {"name": name, "value": value}, context)
        return result.completion.values

    choropleth = types.PromptReference(name="choropleth")
    layers = await values(choropleth, "layer", "co")
    check(layers[:2] == ["coastline", "countries"], f"{label}: layer names complete, those that start so first ({layers})")
    fields = await values(choropleth, "field", "pop", {"layer": "countries"})
    check("pop_est" in fields, f"{label}: a layer's fields complete ({fields})")
    check(await values(choropleth, "field", "pop", {"layer": "cities"}) == ["population"],
          f"{label}: the fields are those of the layer in the context")
    check("Paris" in await values(types.PromptReference(name="find-near"), "place", "pari"), f"{label}: places complete")
    commands = await values(types.ResourceTemplateReference(uri="rustgis://commands/{command}"), "command", "vector.buf")
    check(commands == ["vector.buffer"], f"{label}: command ids complete ({commands})")
    layers = await values(types.ResourceTemplateReference(uri="rustgis://layers/{name}"), "name", "cit")
    check("cities" in layers and "countries" not in layers, f"{label}: a template's layer name completes ({layers})")


async def check_skills(session, label, names, folder=None):
    """Follows each named skill (served per the skills extension; read through resources/list and
    resources/read, which the SDK speaks) and checks what it made."""
    recipes = Recipes(session, (await session.list_tools()).tools)
    for name in names:
        what = f"{label}: the {name} skill"
        if name == "choropleth":
            _, facts = await recipes.follow_skill(name, what)
            style = (await layer_info(session, "countries"))["style"]
            check(facts["blank"] is False and style["type"] == "graduated" and style["field"] == "density",
                  f"{what} makes a density choropleth that draws")
        elif name == "print-layouts":
            results, _ = await recipes.follow_skill(
                name, what, edit=lambda script: script.replace('"path": "', f'"path": "{folder}/'))
            pdfs = [os.path.join(folder, f) for f in ("world.pdf", "europe.pdf")]
            check(all(os.path.getsize(p) > 10_000 for p in pdfs) and results[1]["width_mm"] == 420,
                  f"{what} writes the A4 and A3 PDFs")
        elif name == "attach-to-app":
            # A headless host has no window: the picture of the window is refused, as the skill says.
            results, _ = await recipes.follow_skill(name, what, may_fail=("snapshot",))
            check(len(results) == 2 and len(results[0]["layers"]) >= 4, f"{what} looks, then selects and zooms")
        else:
            check(False, f"{what}: no check for it")


async def check_all(session, label, folder=None):
    await check_templates(session, label)
    await check_completions(session, label)
    await check_prompts(session, label, folder)
