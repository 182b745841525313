/** Builds an unsigned JWT whose payload the client can decode (the client never verifies). */
export function makeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) => {
    const utf8 = String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value)));
    return btoa(utf8).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  };
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

export function jsonResponse(body: unknown, status = 200, statusText = 'OK'): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });
}
