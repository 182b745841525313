import { CREDIT_TEXTS, SHELL } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { getAccessToken, setAccessToken } from '../../api/token-store';
import { makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { Portal } from '../Portal';
import { CREDIT_POLL_MS, CREDIT_RESTRICTED_TAB_IDS, OUT_OF_CREDIT_TITLE } from './constants';
import { CREDIT_URLS, type CreditServerState, creditServer } from './credit-test-server';

let state: CreditServerState;
let server: ReturnType<typeof creditServer>;

function serve(overrides: Partial<CreditServerState> = {}) {
  state = { remaining: 4000, limit: 5000, pending: false, createStatus: 201, ...overrides };
  server = creditServer(state);
  vi.stubGlobal('fetch', server.fetchMock);
}

beforeEach(() => {
  // The portal keeps the active tab in the address; each test starts from a plain "/".
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Lovelace', email: 'ada@hangar.local' }));
  // biome-ignore lint/suspicious/noDocumentCookie: the policy was accepted before; this suite is about credits
  document.cookie = `${SHELL.policyCookie}=true; Path=/`;
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.spyOn(browser, 'openInNewTab').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sidebar = () => within(screen.getByRole('navigation', { name: 'Applications' }));
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

async function renderPortal() {
  renderWithProviders(<Portal />);
  await screen.findByRole('tab', { name: 'SecuredGPT' });
  await screen.findByTestId('credit-panel');
}

describe('out-of-credit banner', () => {
  it('shows the exact spec text as an alert at 0', async () => {
    serve({ remaining: 0 });
    await renderPortal();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(CREDIT_TEXTS.exhausted);
    expect(banner.textContent).toBe(
      'You have run out of credits. Your application usage is now limited. For additional credits, please use the Send request button at the bottom of the sidebar.',
    );
  });

  it('shows below 0 too, and not while anything remains (0.5)', async () => {
    serve({ remaining: 0.5 });
    await renderPortal();
    expect(screen.getByText('1 / 5,000 credits')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();

    serve({ remaining: -20 });
    await renderPortal();
    expect((await screen.findByRole('alert')).textContent).toBe(CREDIT_TEXTS.exhausted);
  });
});

describe('credit-restricted menu items', () => {
  it('lists the restricted tabs of the server configuration', () => {
    expect([...CREDIT_RESTRICTED_TAB_IDS].sort((a, b) => a - b)).toEqual([4, 6, 7, 9]);
  });

  it('at 0 are disabled with a title and do not open; home and unrestricted items stay usable', async () => {
    serve({ remaining: 0 });
    await renderPortal();
    await screen.findByRole('alert');
    for (const name of ['Multi Docs', 'Talk to my data']) {
      const button = sidebar().getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('title')).toBe(OUT_OF_CREDIT_TITLE);
      fireEvent.click(button);
    }
    expect(tabNames()).toEqual(['SecuredGPT']);

    const home = sidebar().getByRole('button', { name: 'SecuredGPT' });
    expect(home.getAttribute('aria-disabled')).toBeNull();
    // The translator stays open at zero: its GoogleTranslate method costs nothing.
    expect(sidebar().getByRole('button', { name: 'Translator' }).getAttribute('aria-disabled')).toBeNull();
    const rights = sidebar().getByRole('button', { name: 'User Rights' });
    expect(rights.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(rights);
    expect(tabNames()).toEqual(['SecuredGPT', 'User Rights']);
  });

  it('are usable while credit remains', async () => {
    serve({ remaining: 0.5 });
    await renderPortal();
    const translator = sidebar().getByRole('button', { name: 'Translator' });
    expect(translator.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(translator);
    expect(tabNames()).toEqual(['SecuredGPT', 'Translator']);
  });
});

describe('credit balance reads', () => {
  it('logs the user out when the balance cannot be read', async () => {
    serve({ balanceStatus: 500 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<Portal />);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://idp.example.org/logout'));
    expect(server.fetchMock).toHaveBeenCalledWith('/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(getAccessToken()).toBeNull();
    expect(error).toHaveBeenCalled();
  });

  it('re-reads the balance every 60 s and on window focus, and the banner follows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve({ remaining: 300 });
    await renderPortal();
    expect(screen.getByText('300 / 5,000 credits')).toBeTruthy();
    const readsAtStart = server.calls(CREDIT_URLS.balance);

    state.remaining = 0;
    await act(() => vi.advanceTimersByTimeAsync(CREDIT_POLL_MS));
    await waitFor(() => expect(screen.getByText('0 / 5,000 credits')).toBeTruthy());
    expect(server.calls(CREDIT_URLS.balance)).toBe(readsAtStart + 1);
    expect(screen.getByRole('alert').textContent).toBe(CREDIT_TEXTS.exhausted);

    // Credits granted while the user was in another window: focus brings them in.
    state.remaining = 2500;
    await act(() => vi.advanceTimersByTimeAsync(10_000)); // past the 5 s during which a fresh read is reused
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new FocusEvent('focus'));
    });
    await waitFor(() => expect(screen.getByText('2,500 / 5,000 credits')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
