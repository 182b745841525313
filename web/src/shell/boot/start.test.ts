import { MAINTENANCE_TEXTS, SHELL } from '@hangar/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { getAccessToken } from '../../api/token-store';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { splashHtml } from './markup';
import { takeSigningIn } from './signing-in';
import { startRoot } from './start';

const mountPortal = vi.fn();
vi.mock('../../app/portal-app', () => ({ mountPortal }));

const fetchMock = vi.fn<typeof fetch>();
let root: HTMLElement;

function serve(health: boolean, jwt: Response) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/healthcheck') return jsonResponse({ ok: health, database: health ? 'up' : 'down', version: '1' });
    if (String(input) === '/auth/get-jwt') return jwt;
    return jsonResponse({}, 404, 'Not Found');
  });
}

const byRole = (role: string, name: string) =>
  [...root.querySelectorAll<HTMLElement>(role === 'button' ? 'button' : `[role="${role}"]`)].find(
    (el) => (el.getAttribute('aria-label') ?? el.textContent?.trim()) === name,
  );

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.dataset.theme = 'light';
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'replace').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
  root = document.createElement('div');
  // What index.html holds before any script runs.
  root.innerHTML = splashHtml();
  document.body.append(root);
});

afterEach(() => {
  root.remove();
  fetchMock.mockReset();
  mountPortal.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('startRoot on "/"', () => {
  it('keeps the splash at least 1 s, then mounts the portal with the fetched token stored', async () => {
    const token = makeJwt({ exp: 9_999_999_999 });
    serve(true, jsonResponse({ access_token: token, token_type: 'Bearer', expires_in: 900 }));
    const started = startRoot(root);
    await vi.advanceTimersByTimeAsync(SHELL.splashMinMs - 10);
    expect(byRole('status', 'Loading Hangar')).toBeTruthy();
    expect(mountPortal).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    await started;
    expect(mountPortal).toHaveBeenCalledWith(root);
    expect(getAccessToken()).toBe(token);
    expect(fetchMock).toHaveBeenCalledWith('/auth/get-jwt', expect.objectContaining({ credentials: 'include' }));
  });

  it('shows the maintenance page while unhealthy, checks every 60 s and reloads once healthy', async () => {
    serve(false, jsonResponse({}, 401, 'Unauthorized'));
    const started = startRoot(root);
    await vi.advanceTimersByTimeAsync(SHELL.splashMinMs);
    await started;
    expect(root.querySelector('h1')?.textContent).toBe(MAINTENANCE_TEXTS[0]);
    for (const text of MAINTENANCE_TEXTS.slice(1)) expect(root.textContent).toContain(text);
    expect(byRole('status', 'Loading Hangar')).toBeUndefined();

    await vi.advanceTimersByTimeAsync(SHELL.healthPollMs);
    expect(browser.reload).not.toHaveBeenCalled();
    serve(true, jsonResponse({}, 401, 'Unauthorized'));
    await vi.advanceTimersByTimeAsync(SHELL.healthPollMs);
    expect(browser.reload).toHaveBeenCalledOnce();
    expect(mountPortal).not.toHaveBeenCalled();
  });

  it('shows the landing when signed out; Login goes to /auth/token in place of the landing, remembering a linked tab', async () => {
    window.history.replaceState(null, '', '/?tab=75');
    serve(true, jsonResponse({ detail: 'no session', message: 'no session' }, 401, 'Unauthorized'));
    const started = startRoot(root);
    await vi.advanceTimersByTimeAsync(SHELL.splashMinMs);
    await started;
    expect(root.querySelector('h1')?.textContent).toBe('Welcome to Hangar');
    byRole('button', 'Login')?.click();
    expect(browser.replace).toHaveBeenCalledWith('/auth/token');
    expect(sessionStorage.getItem('hangar.linkedTab')).toBe('75');
    expect(getAccessToken()).toBeNull();
    expect(mountPortal).not.toHaveBeenCalled();
    // The next start (back from the sign-in form) knows Login was pressed, once.
    expect(takeSigningIn()).toBe(true);
    expect(takeSigningIn()).toBe(false);
  });

  it("the landing's theme button switches and stores the theme, as the portal's does", async () => {
    serve(true, jsonResponse({}, 401, 'Unauthorized'));
    const started = startRoot(root);
    await vi.advanceTimersByTimeAsync(SHELL.splashMinMs);
    await started;
    byRole('button', 'Switch to dark theme')?.click();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(SHELL.themeStorageKey)).toBe('dark');
    expect(byRole('button', 'Switch to light theme')?.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
  });

  it('a malformed token answer counts as unreachable: without a stored token, the landing', async () => {
    serve(true, jsonResponse({ access_token: 42 }));
    const started = startRoot(root);
    await vi.advanceTimersByTimeAsync(SHELL.splashMinMs);
    await started;
    expect(byRole('button', 'Login')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });
});
