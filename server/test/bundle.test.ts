import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENCRYPTED_PDF } from '../src/platform/pdf/text.ts';
import { signIn } from './browser.ts';
import { freePort } from './harness.ts';

// `npm start` runs the server's bundle (server/dist/<stamp>/main.js, start.mjs and bundle.mjs): every
// path the server derives from its own location must resolve from it as from the sources.
const SERVER = path.resolve(import.meta.dirname, '..');
const WEB_INDEX = path.resolve(SERVER, '../web/dist/index.html');
const START_ARGS: string[] = JSON.parse(readFileSync(path.join(SERVER, 'package.json'), 'utf8'))
  .scripts.start.split(/\s+/)
  .slice(1);
const PASSWORD = 'bundle-test-password';
const dataDir = mkdtempSync(path.join(tmpdir(), 'hangar-bundle-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitHealthy(port: number, output: () => string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child?.exitCode !== null) throw new Error(`the bundled server exited:\n${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/healthcheck`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the bundled server did not become healthy:\n${output()}`);
}

describe('the server bundle that `npm start` runs', () => {
  it('starts on a fresh database, serves the web app, answers a signed-in request and runs a worker thread', async () => {
    const built = spawnSync(process.execPath, ['bundle.mjs'], { cwd: SERVER, encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
    const dir = /server bundle: (\S+)/.exec(built.stdout)?.[1];
    expect(dir && existsSync(path.resolve(SERVER, '..', dir, 'main.js'))).toBe(true);

    const port = await freePort();
    const env: Record<string, string | undefined> = { ...process.env, HANGAR_BUNDLE: undefined, DATABASE_URL: undefined };
    child = spawn(process.execPath, START_ARGS, {
      cwd: SERVER,
      env: {
        ...env,
        PORT: String(port),
        HANGAR_DATA_DIR: dataDir,
        HANGAR_DEMO_PASSWORD: PASSWORD,
        HANGAR_DEMO_WAREHOUSE: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const base = `http://localhost:${port}`;

    // A fresh data directory: migrations (drizzle/, found from the bundle) ran, the demo was seeded.
    await waitHealthy(port, () => output);
    expect(output).toContain(`Hangar is running at ${base}`);
    expect(output).not.toMatch(/running the sources instead/);

    // The web app from web/dist, or the server's own answer when it is not built yet (unit stage of a fresh clone).
    const page = await fetch(`${base}/translator`);
    if (existsSync(WEB_INDEX)) {
      expect(page.status).toBe(200);
      expect(await page.text()).toBe(readFileSync(WEB_INDEX, 'utf8'));
    } else {
      expect(page.status).toBe(503);
      expect(await page.text()).toMatch(/web app is not built yet/);
    }

    const { accessToken } = await signIn(base, 'analyst@hangar.local', PASSWORD);
    const auth = { authorization: `Bearer ${accessToken}` };
    const menu = await fetch(`${base}/api/shell/menu`, { headers: auth });
    expect(menu.status).toBe(200);
    expect(JSON.stringify(await menu.json())).toContain('GenAI/Translator');

    // The pdf reader runs in a worker thread loaded by path (worker-entry.ts, then pdf/tasks.ts): only
    // pdfjs in that worker can tell an encrypted file.
    const session = await fetch(`${base}/api/translation/clear_session`, { headers: auth });
    const { id_session } = (await session.json()) as { id_session: string };
    const form = new FormData();
    form.set('method', 'Offline');
    form.set('id_session', id_session);
    const pdf = readFileSync(path.join(SERVER, 'test/fixtures/translation/encrypted.pdf'));
    form.append('file', new Blob([new Uint8Array(pdf)]), 'encrypted.pdf');
    const estimate = await fetch(`${base}/api/translation/document`, { method: 'POST', headers: auth, body: form });
    const body = (await estimate.json()) as { message?: string };
    expect(estimate.status, JSON.stringify(body)).toBe(400);
    expect(JSON.stringify(body)).toContain(ENCRYPTED_PDF);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }, 180_000);
});
