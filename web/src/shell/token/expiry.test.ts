import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { getAccessToken, setAccessToken } from '../../api/token-store';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { decideTokenAction, REFRESH_WINDOW_MS } from './expiry';
import { decodeAccessToken } from './jwt';
import { checkTokenNow } from './useTokenLifecycle';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const tokenExpiringIn = (ms: number) => makeJwt({ sub: 'u1', name: 'Zoë Ändersson', exp: Math.floor((NOW + ms) / 1000) });

describe('decodeAccessToken', () => {
  it('reads exp and UTF-8 claims from the payload', () => {
    const claims = decodeAccessToken(tokenExpiringIn(60_000));
    expect(claims?.exp).toBe(Math.floor((NOW + 60_000) / 1000));
    expect(claims?.name).toBe('Zoë Ändersson');
  });

  it.each([['not-a-jwt'], ['a.b'], ['a.!!!.c'], [makeJwt({ sub: 'no exp' })], [makeJwt({ exp: 'soon' })]])('rejects %s', (token) => {
    expect(decodeAccessToken(token)).toBeNull();
  });
});

describe('decideTokenAction', () => {
  it('keeps a token that expires after the 2-minute window', () => {
    expect(decideTokenAction(tokenExpiringIn(REFRESH_WINDOW_MS + 1000), NOW)).toBe('keep');
    expect(decideTokenAction(tokenExpiringIn(60 * 60_000), NOW)).toBe('keep');
  });

  it('refreshes a token that expires within the next 2 minutes', () => {
    expect(REFRESH_WINDOW_MS).toBe(120_000);
    expect(decideTokenAction(tokenExpiringIn(REFRESH_WINDOW_MS - 1000), NOW)).toBe('refresh');
    expect(decideTokenAction(tokenExpiringIn(30_000), NOW)).toBe('refresh');
  });

  it('refreshes an already expired token (refresh first, log out only if that fails)', () => {
    expect(decideTokenAction(tokenExpiringIn(-10 * 60_000), NOW)).toBe('refresh');
  });

  it('flags an undecodable token as invalid and a missing one as signed out', () => {
    expect(decideTokenAction('garbage', NOW)).toBe('invalid');
    expect(decideTokenAction(null, NOW)).toBe('signed-out');
  });
});

describe('checkTokenNow', () => {
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(browser, 'reload').mockImplementation(() => {});
    vi.spyOn(browser, 'assign').mockImplementation(() => {});
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('does nothing while the token is far from expiry', async () => {
    setAccessToken(tokenExpiringIn(60 * 60_000));
    await checkTokenNow(NOW);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stores the refreshed token when expiry is near', async () => {
    const fresh = tokenExpiringIn(15 * 60_000);
    setAccessToken(tokenExpiringIn(60_000));
    fetchMock.mockResolvedValueOnce(jsonResponse({ access_token: fresh, token_type: 'Bearer', expires_in: 900 }));
    await checkTokenNow(NOW);
    expect(fetchMock).toHaveBeenCalledWith('/auth/refresh', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(getAccessToken()).toBe(fresh);
    expect(browser.assign).not.toHaveBeenCalled();
  });

  it('logs out when the refresh fails', async () => {
    setAccessToken(tokenExpiringIn(60_000));
    fetchMock.mockResolvedValueOnce(jsonResponse({ detail: 'expired', message: 'expired' }, 401, 'Unauthorized'));
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true, logout_url: null }));
    await checkTokenNow(NOW);
    expect(fetchMock).toHaveBeenLastCalledWith('/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(getAccessToken()).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/');
  });

  it('clears an invalid token and reloads the page', async () => {
    setAccessToken('not-a-jwt');
    await checkTokenNow(NOW);
    expect(getAccessToken()).toBeNull();
    expect(browser.reload).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
