import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Canary, startCanary } from '../../test/canary.ts';
import { runTool } from './documents/tools.ts';
import { overrideIsolationForTests, sandboxIsolation, spawnSandboxed } from './sandbox.ts';

// The sandbox every outside program runs in (LibreOffice, Tesseract, ffmpeg, Apertium...): the same
// connection to a canary on 127.0.0.1 succeeds outside and fails inside, so the sandbox is what stops it.

let canary: Canary;
beforeAll(async () => {
  canary = await startCanary();
});
afterAll(() => canary.close());
afterEach(() => {
  overrideIsolationForTests(null);
  delete process.env.HANGAR_TEST_SECRET;
  vi.restoreAllMocks();
});

/** bash connects to the canary and sends `GET /<label>` (bash's /dev/tcp: no curl needed). */
const connect = (port: number, label: string) => [
  '-c',
  `exec 3<>/dev/tcp/127.0.0.1/${port} && printf 'GET /${label} HTTP/1.0\\r\\n\\r\\n' >&3 && cat <&3 >/dev/null`,
];

function finished(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const isolated = sandboxIsolation() !== 'none';
if (!isolated) console.warn('sandbox.test.ts: network isolation tests skipped: `unshare --net` does not work on this machine.');

describe('sandboxed programs', () => {
  it.skipIf(!isolated)('reach a server on 127.0.0.1 when run directly, and nothing when sandboxed', async () => {
    const outside = await finished(spawn('bash', connect(canary.port, 'outside'), { stdio: ['ignore', 'pipe', 'pipe'] }));
    expect(outside.code).toBe(0);
    expect(canary.hits).toContain('GET /outside');

    const inside = await finished(spawnSandboxed('bash', connect(canary.port, 'inside'), { stdio: ['ignore', 'pipe', 'pipe'] }));
    expect(inside.code).not.toBe(0);
    expect(inside.stderr).toMatch(/unreachable|refused|No such|cannot/i);
    expect(canary.hits.filter((h) => h.includes('inside'))).toEqual([]);
  });

  it.skipIf(!isolated)('runTool (OCR, ffmpeg, PocketSphinx) runs its program in the sandbox', async () => {
    await expect(runTool('bash', connect(canary.port, 'run-tool'), { timeoutMs: 10_000 })).rejects.toThrow(/exited with/);
    expect(canary.hits.filter((h) => h.includes('run-tool'))).toEqual([]);
  });

  it("gives the program none of the server's environment: PATH, a fresh HOME, LANG", async () => {
    process.env.HANGAR_TEST_SECRET = 'hangar-secret-value-4f1c';
    const child = spawnSandboxed('sh', ['-c', 'env; echo "secret=[$HANGAR_TEST_SECRET]"; echo "home=$HOME"; ls -A "$HOME" | wc -l'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const { code, stdout } = await finished(child);
    expect(code).toBe(0);
    expect(stdout).not.toContain('hangar-secret-value-4f1c');
    expect(stdout).toContain('secret=[]');
    const names = stdout
      .split('\n')
      .map((l) => /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(l)?.[1])
      .filter((n): n is string => !!n && !['secret', 'home', 'PWD', 'SHLVL', 'OLDPWD', '_'].includes(n));
    const allowed = ['PATH', 'HOME', 'LANG', 'TMPDIR', 'TESSDATA_PREFIX', 'OMP_THREAD_LIMIT', 'NODE_COMPILE_CACHE'];
    expect(names.filter((name) => !allowed.includes(name))).toEqual([]);
    expect(names).toEqual(expect.arrayContaining(['PATH', 'HOME', 'LANG']));
    const home = /^home=(.*)$/m.exec(stdout)?.[1];
    expect(home).toMatch(/hangar-sandbox-/);
    expect(home).not.toBe(process.env.HOME);
    // An empty directory of its own, removed once the program has ended.
    expect(stdout.trim().split('\n').at(-1)).toBe('0');
    expect(existsSync(home!)).toBe(false);

    const viaTool = await runTool('sh', ['-c', 'echo "[$HANGAR_TEST_SECRET]"'], { timeoutMs: 10_000 });
    expect(viaTool.stdout.trim()).toBe('[]');
  });

  it('caps the address space (1 GB unless said; none for a V8 process)', async () => {
    const limit = async (memoryMb?: number | null) =>
      (await finished(spawnSandboxed('sh', ['-c', 'ulimit -v'], { stdio: ['ignore', 'pipe', 'pipe'], memoryMb }))).stdout.trim();
    expect(await limit()).toBe(String(1024 * 1024));
    expect(await limit(300)).toBe(String(300 * 1024));
    // No cap: the server's own limit (unlimited unless the machine sets one).
    expect(await limit(null)).toBe(spawnSync('sh', ['-c', 'ulimit -v'], { encoding: 'utf8' }).stdout.trim());
    // A program asking for more than its cap fails instead of taking the server's memory.
    const greedy = await finished(
      spawnSandboxed('sh', ['-c', 'x=$(head -c 400000000 /dev/zero | tr "\\0" a) && echo filled'], {
        stdio: ['ignore', 'pipe', 'pipe'],
        memoryMb: 100,
      }),
    );
    expect(greedy.stdout).not.toContain('filled');
  });

  it('gives ENOENT for a program that is not installed, as spawn does', async () => {
    const child = spawnSandboxed('no-such-program-here', [], { stdio: 'ignore' });
    await expect(finished(child)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('where unshare is not permitted, runs the program anyway and says once in the log how to fix it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    overrideIsolationForTests('none');
    const first = await finished(spawnSandboxed('bash', connect(canary.port, 'fallback'), { stdio: ['ignore', 'pipe', 'pipe'] }));
    await finished(spawnSandboxed('sh', ['-c', 'true'], { stdio: 'ignore' }));
    expect(first.code).toBe(0);
    // Unsandboxed it does reach the network, which is what the warning says.
    expect(canary.hits).toContain('GET /fallback');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/WITH network access.*CAP_SYS_ADMIN.*unshare -rn/s);
  });
});
