import { MAINTENANCE_TEXTS, SHELL } from '@hangar/contract';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../api/navigation';
import { getAccessToken } from '../api/token-store';
import { jsonResponse, makeJwt } from '../test/helpers';
import { RootApp } from './RootApp';

vi.mock('./Portal', () => ({ Portal: () => <p>portal shown</p> }));

const fetchMock = vi.fn<typeof fetch>();

function serve(health: boolean, jwt: Response) {
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/healthcheck') return jsonResponse({ ok: health, database: health ? 'up' : 'down', version: '1' });
    if (String(input) === '/auth/get-jwt') return jwt;
    return jsonResponse({}, 404, 'Not Found');
  });
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function bootFor(ms: number) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
}

describe('RootApp boot', () => {
  it('keeps the splash at least 1 s, then shows the portal with the fetched token stored', async () => {
    const token = makeJwt({ exp: 9_999_999_999 });
    serve(true, jsonResponse({ access_token: token, token_type: 'Bearer', expires_in: 900 }));
    render(<RootApp />);
    await bootFor(SHELL.splashMinMs - 10);
    expect(screen.getByRole('status', { name: 'Loading Hangar' })).toBeTruthy();
    expect(screen.queryByText('portal shown')).toBeNull();
    await bootFor(20);
    expect(screen.getByText('portal shown')).toBeTruthy();
    expect(getAccessToken()).toBe(token);
    expect(fetchMock).toHaveBeenCalledWith('/auth/get-jwt', expect.objectContaining({ credentials: 'include' }));
  });

  it('shows the maintenance page when the backend is unhealthy', async () => {
    serve(false, jsonResponse({}, 401, 'Unauthorized'));
    render(<RootApp />);
    await bootFor(SHELL.splashMinMs);
    expect(screen.getByText(MAINTENANCE_TEXTS[0])).toBeTruthy();
  });

  it('shows the landing page when not signed in; Login goes to /auth/token', async () => {
    serve(true, jsonResponse({ detail: 'no session', message: 'no session' }, 401, 'Unauthorized'));
    render(<RootApp />);
    await bootFor(SHELL.splashMinMs);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(browser.assign).toHaveBeenCalledWith('/auth/token');
    expect(getAccessToken()).toBeNull();
  });
});
