// Drives `rustgis-cli mcp --sample --yes --root FOLDER` over stdio with the official MCP TypeScript SDK's client
// (@modelcontextprotocol/client, installed into .tools/mcp-apps-host by test.sh), a client
// nobody here wrote. The SDK validates every successful structured result against its tool's
// outputSchema itself (with Ajv) and throws when one does not fit; this script calls every tool,
// then does the main tasks from the text alone, as a host that shows the model only the text
// would: list the layers, read a table, filter, draw a map, export a layer and read its link; a
// path outside the root is refused with ACCESS_DENIED naming it; then the icons, a prompt's recipe
// followed to its map, the resource templates and completions, and the live project state a
// subscribed client is told of; questions (an overwrite, a network host) answered by the SDK's
// elicitation handler on both eras. Exits non-zero, naming the failed check, when anything is off.
//
// Given the headless host (rustgis-relay) too, the live state is followed over MCP over HTTP as
// well: subscriptions/listen on 2026-07-28, and resources/subscribe refused on the stateless HTTP
// of 2025 with what works instead.
//
// Usage: node scripts/mcp_ts_client.mjs PATH/TO/rustgis-cli PATH/TO/node_modules [PATH/TO/rustgis-relay]

import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [cli, modules, relay] = process.argv.slice(2);
if (!cli || !modules) {
  console.error("usage: node scripts/mcp_ts_client.mjs PATH/TO/rustgis-cli PATH/TO/node_modules");
  process.exit(2);
}
const sdk = (file) => import(pathToFileURL(join(resolve(modules), "@modelcontextprotocol/client/dist", file)).href);
const { Client, StreamableHTTPClientTransport } = await sdk("index.mjs");
const { StdioClientTransport } = await sdk("stdio.mjs");

function check(condition, what) {
  if (!condition) {
    console.error(`FAILED: ${what}`);
    process.exit(1);
  }
  console.log(`ok: ${what}`);
}

const textOf = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");

const folder = realpathSync(mkdtempSync(join(tmpdir(), "rustgis-ts-")));
const transport = new StdioClientTransport({
  command: resolve(cli),
  args: ["mcp", "--sample", "--yes", "--root", folder],
  cwd: folder,
  stderr: "ignore",
});
const client = new Client({ name: "rustgis-ts-check", version: "1" }, { capabilities: {} });
try {
  await client.connect(transport);
  const { tools } = await client.listTools();
  check(tools.every((t) => t.outputSchema?.type === "object"), `every tool declares an outputSchema (${tools.length})`);

  // Every tool once: the SDK validates each successful structured result against its schema.
  const calls = [
    ["run_command", { command: "layer.list" }],
    ["run", { script: 'layer.select {"layer": "cities"}\nlayer.info {}' }],
    ["list_commands", { query: "buffer" }],
    ["describe_command", { command: "table.read" }],
    ["read_table", { layer: "countries", limit: 3 }],
    ["view_map", { width: 160, height: 80 }],
    ["snapshot", { width: 64, height: 64 }],
    ["search_docs", { query: "undo" }],
  ];
  for (const [name, args] of calls) {
    const result = await client.callTool({ name, arguments: args });
    check(!result.isError && result.structuredContent, `${name} succeeds and its result fits its outputSchema`);
  }
  check(new Set(calls.map(([name]) => name)).size === tools.length, "every tool was called");

  // The same tasks from the text alone.
  let text = textOf(await client.callTool({ name: "run_command", arguments: { command: "layer.list" } }));
  check(/\ncountries: Polygon, 177 features/.test(text) && /\ncities: Point, 521 features/.test(text),
    "text only: layer.list names each layer and its feature count on its own line");

  text = textOf(await client.callTool({
    name: "read_table",
    arguments: { layer: "countries", fields: ["name", "gdp_md"], order_by: "gdp_md DESC", limit: 3 },
  }));
  const lines = text.split("\n");
  check(lines[1].startsWith("fid\tname (string)\tgdp_md (") && lines[2].split("\t")[1] === "United States of America",
    "text only: read_table is a header with the types, then the rows");

  const select = { layer: "countries", where: "continent = 'Europe'" };
  text = textOf(await client.callTool({ name: "run_command", arguments: { command: "feature.select", params: select } }));
  const selected = JSON.parse(text.split("\n").find((l) => l.startsWith("result: ")).slice("result: ".length)).selected;
  text = textOf(await client.callTool({ name: "read_table", arguments: { ...select, limit: 100 } }));
  check(text.includes(`of ${selected} matching`) && text.split("\n").length === selected + 2,
    `text only: the filter's ${selected} countries are all in the table`);

  text = textOf(await client.callTool({ name: "view_map", arguments: { width: 320, height: 160 } }));
  check(text.startsWith("320×160 map of [") && text.includes("; labels: "), "text only: view_map says what it shows");

  const path = join(folder, "cities.geojson");
  text = textOf(await client.callTool({
    name: "run_command",
    arguments: { command: "layer.export", params: { layer: "cities", path } },
  }));
  const wrote = text.split("\n").find((l) => l.startsWith("wrote "));
  check(wrote && wrote.includes(`(application/geo+json, ${statSync(path).size} bytes)`),
    "text only: the export names its file, type and size");
  const uri = wrote.split(": ").pop();
  const read = await client.readResource({ uri });
  check(read.contents[0].text === readFileSync(path, "utf8"), "text only: resources/read of the named link is the file");

  const outside = await client.callTool({
    name: "run_command",
    arguments: { command: "layer.export", params: { layer: "cities", path: join(folder, "..", "outside.geojson") } },
  });
  text = textOf(outside);
  check(outside.isError && text.startsWith("ACCESS_DENIED: ") && text.includes(folder),
    "a path outside --root is refused with ACCESS_DENIED naming the root");
  // Icons, prompts, resource templates and completions.
  const icons = client.getServerVersion().icons ?? [];
  check(icons.map((i) => i.mimeType).join() === "image/png,image/svg+xml" && icons.every((i) => i.src.startsWith("data:")),
    "serverInfo carries a PNG and an SVG icon as data: URIs");
  check(tools.every((t) => t.icons?.length === 2), "every tool carries an icon for light and dark themes");
  const { prompts } = await client.listPrompts();
  check(prompts.map((p) => p.name).join() === "map-file,choropleth,print-a4,compare-layers,find-near",
    "prompts/list gives the five prompts");
  const prompt = await client.getPrompt({ name: "choropleth", arguments: { layer: "countries", field: "gdp_md" } });
  const recipe = prompt.messages[0].content.text;
  const script = recipe.split("```")[1].trim();
  check(script.startsWith("style.graduated {") && script.includes('"field": "gdp_md"'), "prompts/get gives a script");
  const ran = await client.callTool({ name: "run", arguments: { script } });
  check(!ran.isError && ran.structuredContent.success, "the choropleth's script runs");
  const look = recipe.split("`").find((span) => span.startsWith("view_map {"));
  const map = await client.callTool({ name: "view_map", arguments: JSON.parse(look.slice("view_map ".length)) });
  check(!map.isError && map.structuredContent.blank === false, "the recipe's map is drawn");
  const { resourceTemplates } = await client.listResourceTemplates();
  check(resourceTemplates.length === 4 && resourceTemplates[0].uriTemplate === "rustgis://layers/{name}",
    "resources/templates/list gives the templates");
  const layer = JSON.parse((await client.readResource({ uri: "rustgis://layers/countries" })).contents[0].text);
  check(layer.features === 177 && layer.style.type === "graduated", "rustgis://layers/countries reads its counts and style");
  try {
    await client.readResource({ uri: "rustgis://layers/rivers" });
    check(false, "an unknown layer is refused");
  } catch (error) {
    check(error.code === -32602, `an unknown layer answers -32602 (${error.code})`);
  }
  const fields = await client.complete({
    ref: { type: "ref/prompt", name: "choropleth" },
    argument: { name: "field", value: "pop" },
    context: { arguments: { layer: "cities" } },
  });
  check(fields.completion.values.join() === "population", "completion/complete gives the layer's fields");
  const commands = await client.complete({
    ref: { type: "ref/resource", uri: "rustgis://commands/{command}" },
    argument: { name: "command", value: "vector.buf" },
  });
  check(commands.completion.values.join() === "vector.buffer", "completion/complete gives command ids");
  const { resources } = await client.listResources();
  const skills = resources.filter((r) => r.uri.startsWith("skill://")).map((r) => r.uri);
  check(skills.length === 4 && skills.includes("skill://choropleth/SKILL.md"), "resources/list lists the skills");
  const skill = (await client.readResource({ uri: "skill://print-layouts/SKILL.md" })).contents[0];
  check(skill.mimeType === "text/markdown" && skill.text.startsWith("---\nname: print-layouts\n"),
    "a skill's SKILL.md reads with its frontmatter");
  // The live project state: a client following rustgis://project/state (subscriptions/listen on a
  // 2026-07-28 connection, resources/subscribe before) is told of a change within a second.
  const STATE = "rustgis://project/state";
  const updates = [];
  client.setNotificationHandler("notifications/resources/updated", (note) => updates.push(note.params));
  const version = client.getNegotiatedProtocolVersion();
  const subscription = version >= "2026-07-28"
    ? await client.listen({ resourceSubscriptions: [STATE] })
    : await client.subscribeResource({ uri: STATE });
  const before = JSON.parse((await client.readResource({ uri: STATE })).contents[0].text).revision;
  await client.callTool({
    name: "run_command",
    arguments: { command: "layer.setVisible", params: { layer: "coastline", visible: false } },
  });
  const waitUntil = Date.now() + 1000;
  while (!updates.some((u) => u.uri === STATE) && Date.now() < waitUntil) {
    await new Promise((done) => setTimeout(done, 10));
  }
  check(updates.some((u) => u.uri === STATE), `a client following ${STATE} (${version}) is told of a change within a second`);
  const state = JSON.parse((await client.readResource({ uri: STATE })).contents[0].text);
  check(state.revision === before + 1 && state.last_change?.command === "layer.setVisible",
    "the state then names the new revision and the change that made it");
  await subscription?.close?.();
} finally {
  await client.close();
  rmSync(folder, { recursive: true, force: true });
}

// The same on a 2026-07-28 connection (the SDK probes for it with versionNegotiation "auto"):
// subscriptions/listen, whose updates carry the revision and the change in _meta.
const modern = new Client({ name: "rustgis-ts-check", version: "1" }, {
  capabilities: {},
  versionNegotiation: { mode: "auto" },
});
try {
  await modern.connect(new StdioClientTransport({ command: resolve(cli), args: ["mcp", "--sample"], stderr: "ignore" }));
  const version = modern.getNegotiatedProtocolVersion();
  check(version === "2026-07-28", `the SDK's probe negotiates 2026-07-28 (${version})`);
  const updates = [];
  modern.setNotificationHandler("notifications/resources/updated", (note) => updates.push(note.params));
  const listening = await modern.listen({ resourceSubscriptions: ["rustgis://project/state"] });
  await modern.callTool({
    name: "run_command",
    arguments: { command: "layer.setVisible", params: { layer: "coastline", visible: false } },
  });
  const waitUntil = Date.now() + 1000;
  while (updates.length === 0 && Date.now() < waitUntil) {
    await new Promise((done) => setTimeout(done, 10));
  }
  const change = updates[0]?._meta?.["rustgis/projectState"]?.change;
  check(change?.command === "layer.setVisible" && change.layers_changed.join() === "coastline",
    "subscriptions/listen tells of the change within a second, naming the command and the layer");
  await listening.close();
} finally {
  await modern.close();
}

// Asking instead of refusing, answered by the SDK's own elicitation handler: on the 2025 era as
// elicitation/create requests, on 2026-07-28 as the input requests of a multi-round-trip call,
// which the SDK fulfils and retries by itself. An overwrite accepted, declined and cancelled, and
// a web layer on a loopback host outside network.allow accepted.
for (const mode of ["legacy", "auto"]) {
  const askFolder = realpathSync(mkdtempSync(join(tmpdir(), "rustgis-ts-ask-")));
  const old = join(askFolder, "old.geojson");
  writeFileSync(old, "OLD");
  const answers = [{ action: "accept", content: { allow: true } }, { action: "decline" }, { action: "cancel" },
    { action: "accept", content: { allow: true } }];
  const asked = [];
  const asker = new Client({ name: "rustgis-ts-check", version: "1" }, {
    capabilities: { elicitation: { form: {} } },
    versionNegotiation: { mode },
  });
  asker.setRequestHandler("elicitation/create", async (request) => {
    asked.push(request.params);
    return answers.shift() ?? { action: "cancel" };
  });
  try {
    await asker.connect(new StdioClientTransport({
      command: resolve(cli), args: ["mcp", "--sample", "--yes", "--root", askFolder], cwd: askFolder, stderr: "ignore",
    }));
    const era = asker.getNegotiatedProtocolVersion();
    const exportOver = { name: "run_command", arguments: { command: "layer.export", params: { layer: "cities", path: old } } };
    const replaced = await asker.callTool(exportOver);
    check(!replaced.isError && asked.length === 1 && asked[0].message.includes(old)
      && readFileSync(old, "utf8").includes("FeatureCollection"),
      `${era}: an overwrite the user accepts in the SDK's elicitation handler replaces the file`);
    for (const code of ["declined", "cancelled"]) {
      writeFileSync(old, "OLD");
      const refused = await asker.callTool(exportOver);
      check(refused.isError && refused.structuredContent?.code === code && readFileSync(old, "utf8") === "OLD",
        `${era}: an overwrite ${code} answers ${code} and leaves the file as it was`);
    }
    const local = await asker.callTool({ name: "run_command", arguments: {
      command: "layer.addXyz", params: { url: "http://127.0.0.1:9/{z}/{x}/{y}.png", name: "local" } } });
    check(!local.isError && asked.length === 4 && asked[3].message.includes("127.0.0.1:9"),
      `${era}: a web layer on a loopback host outside network.allow is asked about, and added on a yes`);
  } finally {
    await asker.close();
    rmSync(askFolder, { recursive: true, force: true });
  }
}

/** Waits up to a second for an update of the state; true when one came. */
async function updated(updates) {
  const waitUntil = Date.now() + 1000;
  while (updates.length === 0 && Date.now() < waitUntil) {
    await new Promise((done) => setTimeout(done, 10));
  }
  return updates.length > 0;
}

if (relay) {
  const tmp = mkdtempSync(join(tmpdir(), "rustgis-ts-http-"));
  mkdirSync(join(tmp, "run"), { mode: 0o700 });
  const host = spawn(resolve(relay), ["--sample", "--port", "0", "--http", "--http-port", "0",
    "--settings", join(tmp, "settings"), "--app-data", join(tmp, "app-data")],
  { env: { ...process.env, XDG_RUNTIME_DIR: join(tmp, "run") }, stdio: ["pipe", "pipe", "ignore"] });
  try {
    const first = await new Promise((done) => createInterface({ input: host.stdout }).once("line", done));
    const started = JSON.parse(first).result;
    const token = readFileSync(started.http.token_file, "utf8").trim();
    const over = (mode) => {
      const transport = new StreamableHTTPClientTransport(new URL(started.http.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      });
      return { transport, client: new Client({ name: "rustgis-ts-check", version: "1" }, {
        capabilities: {},
        versionNegotiation: { mode },
      }) };
    };
    const hide = { command: "layer.setVisible", params: { layer: "coastline", visible: false } };
    const http = over("auto");
    await http.client.connect(http.transport);
    check(http.client.getNegotiatedProtocolVersion() === "2026-07-28", "MCP over HTTP negotiates 2026-07-28");
    const updates = [];
    http.client.setNotificationHandler("notifications/resources/updated", (note) => updates.push(note.params));
    const listening = await http.client.listen({ resourceSubscriptions: ["rustgis://project/state"] });
    await http.client.callTool({ name: "run_command", arguments: hide });
    check(await updated(updates) && updates[0]._meta?.["rustgis/projectState"]?.change?.command === "layer.setVisible",
      "over HTTP, subscriptions/listen tells of the change within a second");
    await listening.close();
    await http.client.close();
    const legacy = over("legacy");
    await legacy.client.connect(legacy.transport);
    try {
      await legacy.client.subscribeResource({ uri: "rustgis://project/state" });
      check(false, "resources/subscribe over stateless HTTP is refused");
    } catch (error) {
      check(String(error.message).includes("subscriptions/listen"),
        `resources/subscribe over stateless HTTP is refused, naming what works (${error.message.slice(0, 60)}…)`);
    }
    await legacy.client.close();
  } finally {
    host.stdin.end("quit\n");
    rmSync(tmp, { recursive: true, force: true });
  }
}
console.log("all checks passed");
