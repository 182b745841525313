/**
 * A minimal cookie-keeping HTTP client that follows redirects by hand, enough to walk the
 * OpenID Connect code flow the way a browser does (cookies per host and path, SameSite ignored).
 */
export class CookieClient {
  private readonly cookies = new Map<string, { value: string; path: string; host: string }>();

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  setCookie(name: string, value: string, host: string, path = '/') {
    this.cookies.set(name, { value, host, path });
  }

  private cookieHeader(url: URL): string {
    return [...this.cookies.entries()]
      .filter(([, c]) => c.host === url.host && url.pathname.startsWith(c.path))
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  }

  private store(url: URL, res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const pathAttr = attrs.find((a) => a.toLowerCase().startsWith('path='));
      const expired = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, { value, host: url.host, path: pathAttr ? pathAttr.slice(5) : '/' });
    }
  }

  async fetch(input: string, init: RequestInit = {}): Promise<Response> {
    const url = new URL(input);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie) headers.set('cookie', cookie);
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(url, res);
    return res;
  }

  /** Follows redirects (GET after 302/303), returning the final response and its URL. */
  async navigate(input: string, init: RequestInit = {}, maxHops = 15): Promise<{ res: Response; url: string }> {
    let url = input;
    let res = await this.fetch(url, init);
    for (let hop = 0; hop < maxHops && res.status >= 300 && res.status < 400; hop++) {
      url = new URL(res.headers.get('location')!, url).href;
      res = await this.fetch(url);
    }
    return { res, url };
  }
}

/** Signs in through /auth/token and the issuer's login form; returns the client holding the session. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<{ client: CookieClient; accessToken: string }> {
  const client = new CookieClient();
  const login = await client.navigate(`${baseUrl}/auth/token`);
  const html = await login.res.text();
  const action = /action="([^"]+\/login)"/.exec(html)?.[1];
  if (!action) throw new Error(`No login form at ${login.url}: ${login.res.status} ${html.slice(0, 300)}`);
  const done = await client.navigate(new URL(action, login.url).href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (new URL(done.url).pathname !== '/')
    throw new Error(`Sign-in ended at ${done.url} (${done.res.status}): ${(await done.res.text()).slice(0, 300)}`);
  const jwt = await client.fetch(`${baseUrl}/auth/get-jwt`);
  if (jwt.status !== 200) throw new Error(`get-jwt answered ${jwt.status}`);
  const { access_token } = (await jwt.json()) as { access_token: string };
  return { client, accessToken: access_token };
}
