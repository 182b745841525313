import { HOME_TAB_ID, type MenuResponse, SHELL } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../api/navigation';
import { getAccessToken, setAccessToken } from '../api/token-store';
import { chatRoutes, defaultChatState } from '../apps/chat/test/chat-server';
import { jsonResponse, makeJwt } from '../test/helpers';
import { menuItem } from '../test/menu';
import { renderWithProviders } from '../test/render';
import { Portal } from './Portal';

const MENU: MenuResponse = {
  items: [
    menuItem(HOME_TAB_ID, 'SecuredGPT', 'SecuredGPT', { icon: 'message-square' }),
    menuItem(1, 'HQ Dashboards', 'Dashboards HQ'),
    menuItem(3, 'Translator', 'Generative AI'),
    menuItem(5, 'Prototype lab', 'Generative AI'),
    menuItem(1001, 'Forecast app', 'AI Factory', { externalLink: 'https://apps.example.org/forecast' }),
    menuItem(75, 'User Rights', 'Admin Management', { icon: 'id-card' }),
  ],
  staging: false,
  links: { documentation: 'https://docs.example.org', reportBug: 'https://bugs.example.org/new' },
};

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  // The portal keeps the active tab in the address; each test starts from a plain "/".
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  setAccessToken(
    makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada Lovelace', email: 'ada@hangar.local', apps: ['Dashboard/Traffic'] }),
  );
  // biome-ignore lint/suspicious/noDocumentCookie: the policy was accepted before; this suite is about the portal
  document.cookie = `${SHELL.policyCookie}=true; Path=/`;
  // Tab 9 is the chat: it reads its configuration, models and history (a failed read would log out).
  const chat = chatRoutes(defaultChatState());
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const chatAnswer = await chat(url, init);
    if (chatAnswer) return chatAnswer;
    if (url === '/api/shell/menu') return jsonResponse(MENU);
    if (url === '/api/shell/me')
      return jsonResponse({ email: 'ada@hangar.local', name: 'Ada Lovelace', bu: null, airport: null, apps: [], groups: [] });
    if (url === '/auth/logout') return jsonResponse({ ok: true, logout_url: 'https://idp.example.org/logout' });
    // The credit panel reads these on mount; a failed balance read would log the user out.
    if (url === '/api/credit') return jsonResponse({ remaining_credit: 4000 });
    if (url === '/api/admin/user_management/get_current_user_data')
      return jsonResponse({
        email: 'ada@hangar.local',
        name: 'Ada Lovelace',
        bu: null,
        airport: null,
        creditLimit: 5000,
        remainingCredit: 4000,
      });
    if (url === '/api/admin/credits_management/get_current_user_credits_requests_status') return jsonResponse({ isPending: false });
    return jsonResponse({}, 404, 'Not Found');
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'assign').mockImplementation(() => {});
  vi.spyOn(browser, 'openInNewTab').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const sidebar = () => within(screen.getByRole('navigation', { name: 'Applications' }));

async function renderPortal() {
  renderWithProviders(<Portal />);
  await screen.findByRole('tab', { name: 'SecuredGPT' });
}

describe('Portal', () => {
  it('opens with the home tab, welcome text and favourites', async () => {
    await renderPortal();
    expect(tabNames()).toEqual(['SecuredGPT']);
    expect(screen.getByRole('heading', { name: 'Welcome to Hangar, Ada' })).toBeTruthy();
    const favourite = within(screen.getByTestId('favourite-1'));
    expect(favourite.getByRole('button', { name: /HQ Dashboards/ })).toBeTruthy();
    // The row is filled with applications the user holds (issue 33), not with ones they lack.
    const row = within(screen.getByRole('region', { name: 'Favourite applications' }));
    expect(row.getAllByRole('listitem').map((li) => li.getAttribute('data-testid'))).toEqual([
      'favourite-1',
      'favourite-3',
      'favourite-5',
      'favourite-1001',
    ]);
    expect(row.queryByText('Not in your applications')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Hangar Hub' })).toBeTruthy();
  });

  it('pins an application to the favourites row, first, and keeps it after a reload', async () => {
    await renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Pin Forecast app to favourites' }));
    const row = () => within(screen.getByRole('region', { name: 'Favourite applications' }));
    expect(row().getAllByRole('listitem')[0]!.getAttribute('data-testid')).toBe('favourite-1001');
    expect(screen.getByRole('button', { name: 'Unpin Forecast app from favourites' }).getAttribute('aria-pressed')).toBe('true');
    expect(Object.entries(localStorage).find(([k]) => k.startsWith('hangar.favourites.'))?.[1]).toBe('[1001]');
  });

  it('keeps tabs mounted, shows only the active one and reopens home when the last closes', async () => {
    await renderPortal();
    fireEvent.click(sidebar().getByRole('button', { name: 'User Rights' }));
    expect(tabNames()).toEqual(['SecuredGPT', 'User Rights']);
    expect(screen.getByRole('tab', { name: 'User Rights' }).getAttribute('aria-selected')).toBe('true');
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels).toHaveLength(2);
    expect(panels.map((panel) => panel.hidden)).toEqual([true, false]);
    expect(await screen.findByText('ada@hangar.local')).toBeTruthy();

    // The close buttons are for the mouse (a tablist holds only tabs); the keyboard closes with Delete.
    fireEvent.click(screen.getByTitle('Close User Rights (Delete)'));
    expect(tabNames()).toEqual(['SecuredGPT']);
    fireEvent.click(sidebar().getByRole('button', { name: 'User Rights' }));
    expect(tabNames()).toEqual(['SecuredGPT', 'User Rights']);
    fireEvent.keyDown(screen.getByRole('tab', { name: 'User Rights' }), { key: 'Delete' });
    expect(tabNames()).toEqual(['SecuredGPT']);
    fireEvent.click(screen.getByTitle('Close SecuredGPT (Delete)'));
    expect(tabNames()).toEqual(['SecuredGPT']);
    expect(screen.getByRole('tab', { name: 'SecuredGPT' }).getAttribute('aria-selected')).toBe('true');
  });

  it('groups sections with several items and opens an unimplemented tab as "not available"', async () => {
    await renderPortal();
    const section = sidebar().getByRole('button', { name: 'Generative AI' });
    expect(section.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(section);
    // Tab 5 has no application in this version; the Translator (tab 3) has one.
    fireEvent.click(sidebar().getByRole('button', { name: 'Prototype lab' }));
    expect(screen.getByText('This application is not available yet')).toBeTruthy();
  });

  it('opens items with an external link in a new browser tab, not as a portal tab', async () => {
    await renderPortal();
    fireEvent.click(sidebar().getByRole('button', { name: 'Forecast app' }));
    expect(browser.openInNewTab).toHaveBeenCalledWith('https://apps.example.org/forecast');
    expect(tabNames()).toEqual(['SecuredGPT']);
  });

  it('collapses the sidebar and only then disables "Report a bug"', async () => {
    await renderPortal();
    expect(screen.getByRole('link', { name: 'Report a bug' }).getAttribute('href')).toBe('https://bugs.example.org/new');
    const docs = screen.getByRole('link', { name: 'Project Documentation' });
    expect(docs.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Report a bug' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Report a bug' }).disabled).toBe(true);
  });

  it('Logout Account closes the tabs, logs out on the server, clears the token and follows logout_url', async () => {
    await renderPortal();
    fireEvent.click(sidebar().getByRole('button', { name: 'User Rights' }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout Account' }));
    expect(tabNames()).toEqual(['SecuredGPT']);
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://idp.example.org/logout'));
    expect(fetchMock).toHaveBeenCalledWith('/auth/logout', expect.objectContaining({ method: 'POST', credentials: 'include' }));
    expect(getAccessToken()).toBeNull();
  });

  it('switches theme and remembers it', async () => {
    await renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem('theme')).toBe('light');
  });
});

function narrowScreen(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('Portal on a phone or narrow window', () => {
  it('hides the sidebar behind a menu button; the drawer closes with Escape, the backdrop, its button or a pick', async () => {
    narrowScreen(true);
    await renderPortal();
    expect(screen.queryByRole('navigation', { name: 'Applications' })).toBeNull();
    const menuButton = screen.getByRole('button', { name: 'Open menu' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer.getAttribute('aria-modal')).toBe('true');
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);

    fireEvent.click(menuButton);
    fireEvent.click(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    fireEvent.click(menuButton);
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();

    fireEvent.click(menuButton);
    fireEvent.click(sidebar().getByRole('button', { name: 'User Rights' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(tabNames()).toEqual(['SecuredGPT', 'User Rights']);
  });

  it('keeps the sidebar beside the page on a wide screen, with no menu button', async () => {
    narrowScreen(false);
    await renderPortal();
    expect(screen.getByRole('navigation', { name: 'Applications' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
  });
});

describe('the list of every open tab', () => {
  it('lists the open tabs, switches to one and closes one', async () => {
    await renderPortal();
    fireEvent.click(sidebar().getByRole('button', { name: 'User Rights' }));
    fireEvent.click(sidebar().getByRole('button', { name: 'Generative AI' }));
    fireEvent.click(sidebar().getByRole('button', { name: 'Translator' }));
    const toggle = screen.getByRole('button', { name: 'All open tabs (3)' });
    fireEvent.click(toggle);
    const list = within(screen.getByRole('list', { name: 'Open tabs' }));
    expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SecuredGPT', 'User Rights', 'Translator']);
    expect(document.activeElement?.textContent).toBe('Translator'); // focus starts on the active tab

    fireEvent.click(list.getByRole('button', { name: 'User Rights' }));
    expect(screen.getByRole('tab', { name: 'User Rights' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('list', { name: 'Open tabs' })).toBeNull();
    expect(window.location.search).toBe('?tab=75');

    fireEvent.click(toggle);
    fireEvent.click(within(screen.getByRole('list', { name: 'Open tabs' })).getByRole('button', { name: 'Close Translator' }));
    expect(tabNames()).toEqual(['SecuredGPT', 'User Rights']);
    fireEvent.keyDown(document.activeElement ?? document, { key: 'Escape' });
    expect(screen.queryByRole('list', { name: 'Open tabs' })).toBeNull();
  });
});

describe('the tab strip', () => {
  it('holds only tabs in its tablist (close buttons beside them), and Delete closes the focused tab', async () => {
    await renderPortal();
    fireEvent.click(sidebar().getByRole('button', { name: 'User Rights' }));
    const tablist = screen.getByRole('tablist', { name: 'Open applications' });
    expect(tablist.getAttribute('aria-owns')).toBe('portal-tab-9 portal-tab-75');
    const rights = screen.getByRole('tab', { name: 'User Rights' });
    rights.focus();
    fireEvent.keyDown(rights, { key: 'Delete' });
    expect(tabNames()).toEqual(['SecuredGPT']);
  });
});
