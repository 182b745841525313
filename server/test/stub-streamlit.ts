import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/**
 * Stands in for a Streamlit server in tests, e2e and benches: its health route (200 "ok", or 503
 * "unavailable" when switched), a page that opens the WebSocket at _stcore/stream and shows what
 * comes back, that WebSocket (echo), /whoami (the headers it received, to check identity) and
 * /set-cookie (two cookies of its own, to check how the portal scopes them) and /probe (what a
 * hostile app's page would try against the portal).
 * Run alone: `npx node server/test/stub-streamlit.ts PORT [BASE_PATH]`.
 */
export interface StubStreamlit {
  url: string;
  port: number;
  setHealthy(healthy: boolean): void;
  /** Headers of the last HTTP request and of the last WebSocket upgrade. */
  last: { http: http.IncomingHttpHeaders | null; upgrade: http.IncomingHttpHeaders | null };
  close(): Promise<void>;
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Stub Streamlit</title>
<style>body{font-family:sans-serif;margin:24px}#state{font-weight:bold}</style></head>
<body><h1>Stub Streamlit app</h1><p>WebSocket: <span id="state">connecting</span></p><p id="who"></p>
<script>
const ws = new WebSocket(new URL('_stcore/stream', location.href).href.replace(/^http/, 'ws'));
ws.onopen = () => ws.send('ping');
ws.onmessage = (e) => { document.getElementById('state').textContent = 'live (echo: ' + e.data + ')'; };
ws.onclose = () => { document.getElementById('state').textContent = 'closed'; };
fetch('whoami').then((r) => r.json()).then((h) => { document.getElementById('who').textContent = 'Signed in as ' + h['x-hangar-user-email']; });
</script></body></html>`;

/**
 * What a hostile app's page would try (issue 31): read the portal's access token and cookies, get a
 * token from the portal's sign-in routes. It writes what it got into #probe.
 */
const PROBE = `<!doctype html><html><head><meta charset="utf-8"><title>Probe</title></head><body><pre id="probe">probing</pre>
<script>
const out = {};
try { out.storage = String(localStorage.getItem('hangar.access_token')); } catch (e) { out.storage = 'denied'; }
try { out.cookie = document.cookie; } catch (e) { out.cookie = 'denied'; }
const attempt = (p) => p.then((r) => r.type + ' ' + r.status).catch(() => 'blocked');
Promise.all([
  attempt(fetch('/auth/get-jwt', { credentials: 'include' })),
  attempt(fetch('/auth/refresh', { method: 'POST', credentials: 'include' })),
  attempt(fetch('whoami')),
]).then(([jwt, refresh, own]) => {
  Object.assign(out, { jwt, refresh, own });
  document.getElementById('probe').textContent = JSON.stringify(out);
});
</script></body></html>`;

export async function startStubStreamlit(opts: { port?: number; basePath?: string } = {}): Promise<StubStreamlit> {
  const base = opts.basePath ?? '';
  let healthy = true;
  const last: StubStreamlit['last'] = { http: null, upgrade: null };
  const server = http.createServer((req, res) => {
    last.http = req.headers;
    const path = (req.url ?? '/').split('?')[0]!;
    const rel = path.startsWith(`${base}/`) ? path.slice(base.length) : null;
    if (rel === '/_stcore/health') {
      res.writeHead(healthy ? 200 : 503, { 'content-type': 'text/plain' });
      return res.end(healthy ? 'ok' : 'unavailable');
    }
    if (rel === '/' || rel === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-frame-options': 'DENY' });
      return res.end(PAGE);
    }
    if (rel === '/probe') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(PROBE);
    }
    if (rel === '/whoami') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(req.headers));
    }
    if (rel === '/set-cookie') {
      res.writeHead(200, { 'set-cookie': ['pref=dark; Path=/; Domain=127.0.0.1; HttpOnly', 'lang=en'], 'content-type': 'text/plain' });
      return res.end('set');
    }
    if (rel === '/echo' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': req.headers['content-type'] ?? 'application/octet-stream' });
      return req.pipe(res);
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
  server.keepAliveTimeout = 65_000;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
  server.on('upgrade', (req, socket, head) => {
    last.upgrade = req.headers;
    if ((req.url ?? '').split('?')[0] !== `${base}/_stcore/stream`) return socket.destroy();
    wss.handleUpgrade(req, socket, head, (ws) => ws.on('message', (data, binary) => ws.send(data, { binary })));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setHealthy: (h) => {
      healthy = h;
    },
    last,
    close: () =>
      new Promise((resolve) => {
        for (const c of wss.clients) c.terminate();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stub = await startStubStreamlit({ port: Number(process.argv[2] ?? 8501), basePath: process.argv[3] ?? '' });
  console.log(`stub Streamlit on ${stub.url}`);
}
