// Preloaded into the MCP conformance suite (NODE_OPTIONS=--import): adds RustGIS's bearer token
// to every fetch the suite makes to the server under test, because MCP over HTTP refuses
// requests without it and the suite's CLI has no option for headers. Nothing else changes.
const token = process.env.RUSTGIS_MCP_TOKEN;
const base = process.env.RUSTGIS_MCP_URL;
const original = globalThis.fetch;

globalThis.fetch = (input, init = {}) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (token && base && url.startsWith(base)) {
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    headers.set('authorization', `Bearer ${token}`);
    init = { ...init, headers };
  }
  return original(input, init);
};
