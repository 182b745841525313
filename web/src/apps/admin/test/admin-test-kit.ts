import { vi } from 'vitest';
import { setAccessToken } from '../../../api/token-store';
import { jsonResponse, makeJwt } from '../../../test/helpers';

let signedIn: { apps: string[]; bu: string | null } = { apps: [], bu: null };

/** Signs in (as far as the client can tell) with these applications. */
export function signInWith(apps: string[], bu: string | null = null) {
  signedIn = { apps, bu };
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Admin', email: 'ada@hangar.local', apps, bu }));
}

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response> | undefined;

/**
 * A fetch stand-in: each request goes through the handlers until one answers (404 otherwise), and
 * every call is recorded with its method, URL and parsed JSON body.
 */
export function fakeServer(...handlers: Handler[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method: (init?.method ?? 'GET').toUpperCase(), url: String(input), body };
    // The abilities every admin screen reads: answered from the signed-in apps, and not listed among the calls.
    if (call.method === 'GET' && call.url === '/api/me/abilities') return jsonResponse(abilitiesOf(signedIn));
    calls.push(call);
    for (const handler of handlers) {
      const response = await handler(call);
      if (response) return response;
    }
    return jsonResponse({ message: `No route for ${call.method} ${call.url}` }, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    /** Calls whose method matches and whose URL starts with the prefix. */
    callsTo: (method: string, prefix: string) => calls.filter((c) => c.method === method && c.url.startsWith(prefix)),
  };
}

/** What the server answers at /api/me/abilities for these applications (its policies, in short). */
export function abilitiesOf({ apps, bu }: { apps: string[]; bu: string | null }) {
  const everyBu = apps.includes('Admin/SuperAdmin');
  const isAdmin = everyBu || (apps.includes('Admin/Local Admin Management') && bu !== null);
  return { admin: { isAdmin, everyBu, bu, applicationRights: everyBu, groups: everyBu, grantableApps: [] } };
}

export const noContent = () => new Response(null, { status: 204 });
