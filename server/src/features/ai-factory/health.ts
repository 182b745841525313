import type { AiFactoryAppStatus, AiFactoryState } from '@hangar/contract';
import { type RegisteredApp, upstreamUrl } from './registry.ts';

/**
 * An app's real state, from Streamlit's own health route (GET {base}/_stcore/health: 200 "ok",
 * 503 "unavailable"). Sleeping: it answers 503 (Streamlit is up but its server is not ready), or it
 * does not answer and has a wake hook (a scale-to-zero host parks it). Down: anything else, with why.
 */
export interface Probe {
  state: AiFactoryState;
  reason: string | null;
  wakeable: boolean;
  checkedAt: Date;
}

const CACHE_MS = 2000;

export function createHealth(opts: { timeoutMs: number }) {
  const cache = new Map<number, Promise<Probe>>();

  async function probeNow(app: RegisteredApp): Promise<Probe> {
    const checkedAt = new Date();
    if (!app.upstream) return { state: 'not_deployed', reason: app.notDeployedReason, wakeable: false, checkedAt };
    const sleeping = (reason: string): Probe => ({ state: 'sleeping', reason, wakeable: true, checkedAt });
    const down = (reason: string): Probe => ({ state: 'down', reason, wakeable: false, checkedAt });
    try {
      const res = await fetch(upstreamUrl(app, '_stcore/health')!, { signal: AbortSignal.timeout(opts.timeoutMs), redirect: 'manual' });
      const text = (await res.text()).trim().slice(0, 100);
      if (res.status === 200) return { state: 'running', reason: null, wakeable: false, checkedAt };
      if (res.status === 503) return sleeping(`The app is starting or asleep (its health check answers "${text || 'unavailable'}").`);
      return down(
        `The app's health check answered HTTP ${res.status}: is the upstream a Streamlit server, with basePath matching its server.baseUrlPath?`,
      );
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      if (app.wakeUrl) return sleeping('The app is asleep: its host stopped it while unused.');
      return down(
        timedOut
          ? `The app did not answer within ${opts.timeoutMs} ms.`
          : `The app does not answer at its address (${app.upstream.host}): it is stopped or unreachable.`,
      );
    }
  }

  return {
    /** The state, at most CACHE_MS old: many users' pings cost one probe. */
    probe(app: RegisteredApp, fresh = false): Promise<Probe> {
      const hit = cache.get(app.id);
      if (hit && !fresh) return hit;
      const p = probeNow(app);
      cache.set(app.id, p);
      setTimeout(() => {
        if (cache.get(app.id) === p) cache.delete(app.id);
      }, CACHE_MS).unref();
      return p;
    },
    /**
     * Wakes a sleeping app: POSTs its wake hook when it has one, then asks for its page (a host that
     * starts apps on demand starts it on that request), then probes again.
     */
    async wake(app: RegisteredApp): Promise<Probe> {
      if (!app.upstream) return probeNow(app);
      const signal = () => AbortSignal.timeout(Math.max(opts.timeoutMs, 5000));
      if (app.wakeUrl) await fetch(app.wakeUrl, { method: 'POST', signal: signal() }).catch(() => undefined);
      await fetch(upstreamUrl(app, '')!, { signal: signal(), redirect: 'manual' })
        .then((r) => r.body?.cancel())
        .catch(() => undefined);
      return this.probe(app, true);
    },
  };
}
export type Health = ReturnType<typeof createHealth>;

export function statusOf(app: RegisteredApp, p: Probe): AiFactoryAppStatus {
  return {
    id: app.id,
    appName: app.name,
    title: app.title,
    description: app.description,
    icon: app.icon,
    state: p.state,
    reason: p.reason,
    wakeable: p.wakeable,
    checkedAt: p.checkedAt.toISOString(),
  };
}
