import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { testDatabase } from './harness.ts';

// The built web app as the server sends it: compressed copies from the build, and caching by kind.
const script = `export const x = ${JSON.stringify('a'.repeat(4000))};`;
let built: BuiltApp;
let dataDir: string;
let drop: () => Promise<void>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hangar-web-assets-'));
  const webDist = path.join(dataDir, 'dist');
  mkdirSync(path.join(webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Hangar</title>');
  writeFileSync(path.join(webDist, 'assets/app-1a2b.js'), script);
  writeFileSync(path.join(webDist, 'assets/app-1a2b.js.br'), brotliCompressSync(script));
  const config = { ...loadConfig({ HANGAR_DATA_DIR: dataDir, LOG_LEVEL: 'silent', HANGAR_SEED: 'none' }), webDist };
  const db = await testDatabase(dataDir);
  drop = db.drop;
  built = await buildApp(config, { database: db.database });
});
afterAll(async () => {
  await built?.app.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const res = await built.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 4);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await built.app.inject({ url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(script);
  });

  it('revalidates the page itself on every load, whatever the address asks for', async () => {
    const res = await built.app.inject({ url: '/?tab=75' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>Hangar</title>');
  });
});
