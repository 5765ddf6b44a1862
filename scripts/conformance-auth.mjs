// Preloaded into the MCP conformance suite (NODE_OPTIONS=--import): adds RustGIS's bearer token
// to every request the suite makes to the server under test, because MCP over HTTP refuses
// requests without it and the suite's CLI has no option for headers. Nothing else changes.
// The suite sends through fetch, undici's request (its global dispatcher gets one interceptor
// adding the header) and, for its header checks (SEP-2243), node:http's request: each is wrapped.
import http from 'node:http';
import { createRequire } from 'node:module';
import { realpathSync } from 'node:fs';

const token = process.env.RUSTGIS_MCP_TOKEN;
const base = process.env.RUSTGIS_MCP_URL;

if (token && base) {
  const original = globalThis.fetch;
  globalThis.fetch = (input, init = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(base)) {
      const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set('authorization', `Bearer ${token}`);
      init = { ...init, headers };
    }
    return original(input, init);
  };

  // The suite's own undici (resolved from its entry script), when it has one.
  let undici = null;
  try {
    undici = createRequire(realpathSync(process.argv[1]))('undici');
  } catch {
    // A suite without undici sends everything through fetch.
  }
  if (undici?.getGlobalDispatcher) {
    const origin = new URL(base).origin;
    const withToken = (dispatch) => (options, handler) => {
      const target = `${options.origin ?? ''}`;
      if (target.replace(/\/$/, '') === origin) {
        const headers = options.headers;
        let set;
        if (Array.isArray(headers)) {
          set = headers.some((h, i) => i % 2 === 0 && `${h}`.toLowerCase() === 'authorization')
            ? headers
            : [...headers, 'authorization', `Bearer ${token}`];
        } else {
          const has = headers && Object.keys(headers).some((k) => k.toLowerCase() === 'authorization');
          set = has ? headers : { ...(headers ?? {}), authorization: `Bearer ${token}` };
        }
        options = { ...options, headers: set };
      }
      return dispatch(options, handler);
    };
    undici.setGlobalDispatcher(undici.getGlobalDispatcher().compose(withToken));
  }

  const target = new URL(base);
  const request = http.request;
  http.request = (options, ...rest) => {
    const port = `${options?.port ?? ''}`;
    if (options && typeof options === 'object' && !(options instanceof URL) && options.hostname === target.hostname
        && port === target.port) {
      const headers = { ...(options.headers ?? {}) };
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')) {
        headers.authorization = `Bearer ${token}`;
      }
      options = { ...options, headers };
    }
    return request(options, ...rest);
  };
}
