import { signIn } from '../server/test/browser.ts';
import { DEMO_PASSWORD, type Proc, rssMb, sleep, startBare, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, type Result } from './result.ts';

const IDLE_MS = 3000;
const TARGET_MB = 150;

async function idleRss(p: Proc, signInFirst: boolean): Promise<number> {
  try {
    await waitHealthy(p);
    if (signInFirst) await signIn(p.url, 'viewer@hangar.local', DEMO_PASSWORD);
    await sleep(IDLE_MS);
    return rssMb(p.pid);
  } finally {
    await stop(p);
  }
}

export async function memory(): Promise<Result> {
  const dataDir = tempDataDir();
  log('memory: portal on a fresh data directory, sign-in, idle');
  const portalMb = await idleRss(await startPortal(dataDir), true);
  // The first start also seeds; a restart on the same directory shows what the seeding leaves behind.
  log('memory: portal restarted on the same directory, sign-in, idle');
  const restartMb = await idleRss(await startPortal(dataDir), true);
  log('memory: bare Fastify, health check, idle');
  const bareMb = await idleRss(await startBare(), false);

  const idle = `${IDLE_MS / 1000} s idle`;
  return {
    name: 'memory',
    measure: 'VmRSS, idle',
    portal: `${portalMb.toFixed(1)} MB`,
    baseline: `${bareMb.toFixed(1)} MB`,
    ratio: portalMb / bareMb,
    target: `portal <= ${TARGET_MB} MB`,
    pass: portalMb <= TARGET_MB,
    details: [
      `portal, first start (seeds a fresh data directory): ${portalMb.toFixed(1)} MB after a sign-in and ${idle}`,
      `portal, restart on that directory: ${restartMb.toFixed(1)} MB after a sign-in and ${idle}`,
      `bare Fastify: ${bareMb.toFixed(1)} MB after its health check and ${idle}`,
    ],
  };
}
