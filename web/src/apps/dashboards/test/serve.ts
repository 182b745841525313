import { vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';

export type Handler = (body: unknown, url: URL) => unknown;

/** A fetch that answers the screen's routes; each call is recorded with its URL and parsed JSON body. */
export function serve(routes: Record<string, Handler>) {
  const calls: { key: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, url, body });
      const handler = routes[key];
      if (!handler) return jsonResponse({ message: `No route for ${key}` }, 404, 'Not Found');
      const answer = await handler(body, url);
      return answer instanceof Response ? answer : answer === undefined ? new Response(null, { status: 204 }) : jsonResponse(answer);
    }),
  );
  return { calls, to: (key: string) => calls.filter((c) => c.key === key) };
}
