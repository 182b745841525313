import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.STORAGE).toBe('local');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.HANGAR_DATA_DIR).toBe(path.resolve('./data'));
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ HANGAR_SEED: 'maybe' }, 'HANGAR_SEED'],
    [{ STORAGE: 's3' }, 'S3_BUCKET'],
    [{ OIDC_ISSUER: 'https://login.example.com' }, 'OIDC_CLIENT_ID'],
    [{ HANGAR_DEMO_PASSWORD: 'short' }, 'HANGAR_DEMO_PASSWORD'],
  ])('fails naming the bad key for %o', (env, key) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(new RegExp(`^Invalid configuration:\\n  ${key}:`));
  });

  it('reads a YAML file, lets the environment win, and rejects unknown keys', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hangar-cfg-'));
    const file = path.join(dir, 'hangar.yaml');
    writeFileSync(file, 'PORT: 9000\nHANGAR_SEED: none\n');
    expect(loadConfig({ HANGAR_CONFIG: file })).toMatchObject({ PORT: 9000, HANGAR_SEED: 'none' });
    expect(loadConfig({ HANGAR_CONFIG: file, PORT: '9100' }).PORT).toBe(9100);
    writeFileSync(file, 'PROT: 9000\n');
    expect(() => loadConfig({ HANGAR_CONFIG: file })).toThrow(/Unknown config key PROT/);
  });
});
