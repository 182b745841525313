/** JSON calls to a test app with a bearer token; the body is parsed when the answer is JSON. */
export function apiCaller(baseUrl: () => string) {
  return async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    const json = res.headers.get('content-type')?.includes('json');
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
    const parsed: any = text && json ? JSON.parse(text) : text || null;
    return { status: res.status, body: parsed, headers: res.headers };
  };
}
