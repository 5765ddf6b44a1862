// The MCP Apps host of the map view's browser test (scripts/mcp_apps_view_test.py): the official
// host side, AppBridge from @modelcontextprotocol/ext-apps, bundled by esbuild for the page.
//
// `startView` loads the view's HTML in a sandboxed iframe (scripts only: an opaque origin, like a
// desktop host's) under the Content Security Policy the spec builds from the resource's
// `_meta.ui.csp`, answers its `ui/initialize`, sends it the agent's tool call and result, and
// relays its `tools/call` requests to `window.relayToolCall` (unless started with
// `serverTools: false`, as a host that does not pass them on), which the test binds to a real
// `rustgis-cli mcp --sample` through the MCP Python SDK. What the view asks for and tells the
// model is kept in `window.hostLog` for the test to read.
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

/** The CSP of the spec's "Content Security Policy Enforcement", from a resource's `ui.csp`. */
function policy(csp) {
  const list = (key, fallback) => (csp?.[key]?.length ? csp[key].join(" ") : fallback);
  const resources = list("resourceDomains", "");
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' ${resources}`,
    `style-src 'self' 'unsafe-inline' ${resources}`,
    `connect-src 'self' ${list("connectDomains", "")}`,
    `img-src 'self' data: ${resources}`,
    `font-src 'self' ${resources}`,
    `media-src 'self' data: ${resources}`,
    `frame-src ${list("frameDomains", "'none'")}`,
    "object-src 'none'",
    `base-uri ${list("baseUriDomains", "'self'")}`,
  ].join("; ");
}

window.hostLog = { toolCalls: [], modelContext: [], initialized: false, errors: [] };

window.startView = async ({ html, csp, tool, toolInput, toolResult, serverTools = true }) => {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(csp)}">`;
  const iframe = document.createElement("iframe");
  iframe.sandbox = "allow-scripts";
  iframe.title = "RustGIS map view";
  iframe.srcdoc = html.replace("<head>", `<head>${meta}`);
  document.getElementById("view").append(iframe);

  const bridge = new AppBridge(
    null,
    { name: "rustgis-test-host", version: "1" },
    // A host that does not pass tool calls on leaves `serverTools` out.
    { ...(serverTools ? { serverTools: {} } : {}), updateModelContext: { text: {}, structuredContent: {} }, logging: {} },
    { hostContext: { theme: "light", displayMode: "inline", platform: "web", toolInfo: { tool } } },
  );
  bridge.oncalltool = async (params) => {
    hostLog.toolCalls.push(params);
    return window.relayToolCall(params);
  };
  bridge.onupdatemodelcontext = async (params) => {
    hostLog.modelContext.push(params);
    return {};
  };
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${height}px`;
  };
  bridge.onerror = (error) => hostLog.errors.push(String(error));
  window.hostBridge = bridge;
  const initialized = new Promise((resolve) => {
    bridge.oninitialized = resolve;
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  await initialized;
  hostLog.initialized = true;
  await bridge.sendToolInput({ arguments: toolInput });
  await bridge.sendToolResult(toolResult);
};
