import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startNginx } from '../server/test/topology.ts';
import { freePort, startBareChat, stop, waitHealthy } from './procs.ts';

/**
 * CPU per question of the floor (bench/bare-chat.ts) behind the same nginx site, asked the way the
 * portal was: `ask(base, token, message)` for each token, all at once, `warm` questions first, then
 * five measured rounds. Returns milliseconds of the process's own CPU per question.
 */
export async function floorCpuPerQuestion(
  databaseUrl: string,
  stubUrl: string,
  tokens: string[],
  warm: number,
  ask: (base: string, token: string, message: string) => Promise<{ rest: Promise<unknown> }>,
  cpuMs: (pid: number) => number,
): Promise<number> {
  const floor = await startBareChat(databaseUrl, stubUrl);
  const dir = mkdtempSync(path.join(tmpdir(), 'hangar-floor-nginx-'));
  const nginxPort = await freePort();
  const nginx = startNginx(dir, nginxPort, [floor.port]);
  const base = `http://127.0.0.1:${nginxPort}`;
  try {
    await waitHealthy(floor);
    await waitHealthy({ ...floor, port: nginxPort });
    const round = (label: string) => Promise.all(tokens.map(async (t, i) => (await ask(base, t, `${label} ${i}`)).rest));
    for (let asked = 0, r = 0; asked < warm; asked += tokens.length, r++) await round(`floor warm-up ${r}`);
    const cpu0 = cpuMs(floor.pid);
    for (let r = 0; r < 5; r++) await round(`floor ${r}`);
    return (cpuMs(floor.pid) - cpu0) / (5 * tokens.length);
  } finally {
    nginx.kill('SIGTERM');
    await stop(floor);
    rmSync(dir, { recursive: true, force: true });
  }
}
