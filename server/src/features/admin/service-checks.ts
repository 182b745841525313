import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { ServiceStatus } from '@hangar/contract';
import { AppError } from '../../platform/errors.ts';
import { fetchUserUrl } from '../../platform/outbound-http.ts';

// The cheap checks behind the Services section (tab 74): does a configured address answer, is a
// command installed. Never a paid call, never a credential sent: a GET of the service's address
// through outbound-http.ts (its one client), whose host is allowed because an administrator chose it.

export type Reach = Pick<ServiceStatus, 'reachable' | 'detail'>;

/** One check may take this long; the whole page answers a little after, whatever is still out. */
export const SERVICE_CHECK_TIMEOUT_MS = 2_500;
/** Checks are kept this long, so several admins (or a refresh) cost one request per service. */
export const SERVICE_CHECK_CACHE_MS = 15_000;

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en')} s`;

/**
 * Whether the address answers HTTP: any answer up to 4xx counts (401 and 403 too: the check sends
 * no key, so it cannot tell a good key from a bad one); 5xx, no answer, an unknown host or a
 * timeout do not.
 */
export async function answers(address: string, timeoutMs = SERVICE_CHECK_TIMEOUT_MS): Promise<Reach> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { reachable: 'no', detail: `${address} is not a valid address.` };
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowList = [`${url.hostname.replace(/^\[|\]$/g, '').toLowerCase()}:${port}`];
  const answered = (status: number): Reach =>
    status >= 500
      ? { reachable: 'no', detail: `${url.host} answered with a server error (HTTP ${status}).` }
      : {
          reachable: 'yes',
          detail: `${url.host} answered (HTTP ${status}${status === 401 || status === 403 ? '; the check sends no key, so the key itself is not checked' : ''}).`,
        };
  let timer: NodeJS.Timeout | undefined;
  // fetchUserUrl's own timeout covers the request; this bounds everything else (a slow name lookup).
  const deadline = new Promise<Reach>((resolve) => {
    timer = setTimeout(
      () => resolve({ reachable: 'no', detail: `${url.host} did not answer within ${seconds(timeoutMs)}.` }),
      timeoutMs + 250,
    );
  });
  const check = fetchUserUrl(url.href, { allowList, maxBytes: 64 * 1024, timeoutMs, maxRedirects: 2 }).then(
    (res) => answered(res.status),
    (err: unknown): Reach => {
      if (!(err instanceof AppError)) return { reachable: 'no', detail: `${url.host} did not answer.` };
      // outbound-http.ts turns an error status into a 400 naming it, and a body it would not read into 413/415: all answers.
      const status = /HTTP (\d{3})/.exec(err.message)?.[1];
      if (status) return answered(Number(status));
      if (err.code === 'PAYLOAD_TOO_LARGE' || err.code === 'UNSUPPORTED_MEDIA_TYPE') return answered(200);
      if (/in time/.test(err.message)) return { reachable: 'no', detail: `${url.host} did not answer within ${seconds(timeoutMs)}.` };
      return { reachable: 'no', detail: `${url.host}: ${err.message}` };
    },
  );
  return Promise.race([check, deadline]).finally(() => clearTimeout(timer));
}

/** Whether a command is on the server's PATH (no process started). */
export function installed(command: string, searchPath = process.env.PATH ?? ''): boolean {
  return searchPath
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(path.join(dir, command), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** The commands an engine on this machine needs: reachable when all are installed. */
export function localEngine(commands: readonly string[]): Reach {
  const missing = commands.filter((c) => !installed(c));
  return missing.length
    ? { reachable: 'no', detail: `Not installed on this server: ${missing.join(', ')}.` }
    : { reachable: 'yes', detail: 'Installed on this server.' };
}

/** Address checks shared for SERVICE_CHECK_CACHE_MS: one request per address, whoever asks. */
export function createAddressChecks(timeoutMs = SERVICE_CHECK_TIMEOUT_MS) {
  const cache = new Map<string, { at: number; reach: Promise<Reach> }>();
  return (address: string, fresh = false): Promise<Reach> => {
    const hit = cache.get(address);
    if (hit && !fresh && Date.now() - hit.at < SERVICE_CHECK_CACHE_MS) return hit.reach;
    const reach = answers(address, timeoutMs);
    cache.set(address, { at: Date.now(), reach });
    if (cache.size > 200) cache.delete(cache.keys().next().value!);
    return reach;
  };
}
