import { HOME_TAB_ID, type MenuItem } from '@hangar/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.hoisted(() => vi.fn());
vi.mock('sonner', () => ({ toast: { error: toastError } }));

import { notHeldMessage, TabsProvider, useTabs } from './TabsProvider';
import { rememberLinkedTab } from './tab-address';
import { tabsStorageKey } from './tab-storage';

const item = (id: number, title: string): MenuItem => ({
  id,
  appId: `App/${id}`,
  title,
  description: '',
  icon: 'files',
  section: 'S',
  externalLink: null,
});
const MENU = { items: [item(HOME_TAB_ID, 'SecuredGPT'), item(70, 'User'), item(75, 'User Rights')], staging: false, links: {} };

function Probe() {
  const { tabs, activeId, openTab, closeTab } = useTabs();
  return (
    <>
      <button type="button" onClick={() => openTab({ ...MENU.items[1]!, externalLink: null })}>
        open 70
      </button>
      <button type="button" onClick={() => openTab({ ...MENU.items[2]!, externalLink: null })}>
        open 75
      </button>
      <button type="button" onClick={() => closeTab(activeId)}>
        close active
      </button>
      <output aria-label="tabs">{tabs.map((t) => t.id).join(',')}</output>
      <output aria-label="active">{activeId}</output>
    </>
  );
}

function mount(userId: string | null, menu: unknown = MENU) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (menu) client.setQueryData(['shell', 'menu'], menu);
  return render(
    <QueryClientProvider client={client}>
      <TabsProvider userId={userId}>
        <Probe />
      </TabsProvider>
    </QueryClientProvider>,
  );
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent;
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

function goBack() {
  // jsdom's history.back() is asynchronous and does not always fire popstate; emulate what the browser does.
  return act(async () => {
    window.history.back();
    await new Promise((r) => setTimeout(r, 20));
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  toastError.mockReset();
});
afterEach(cleanup);

describe('the active tab in the address', () => {
  it('writes ?tab= on load (replacing the entry) and pushes one entry per tab switch', async () => {
    const before = window.history.length;
    mount('u1');
    await waitFor(() => expect(window.location.search).toBe(`?tab=${HOME_TAB_ID}`));
    expect(window.history.length).toBe(before);
    click('open 70');
    expect(window.location.search).toBe('?tab=70');
    click('open 75');
    expect(window.location.search).toBe('?tab=75');
    expect(window.history.length).toBe(before + 2);
  });

  it('moves between tabs with back and forward', async () => {
    mount('u1');
    click('open 70');
    click('open 75');
    await goBack();
    await waitFor(() => expect(shown('active')).toBe('70'));
    expect(shown('tabs')).toBe(`${HOME_TAB_ID},70,75`);
    await goBack();
    await waitFor(() => expect(shown('active')).toBe(String(HOME_TAB_ID)));
  });

  it('reopens a tab the user holds when history returns to it after it was closed', async () => {
    mount('u1');
    click('open 70');
    click('open 75');
    act(() => {
      window.history.pushState(null, '', '/?tab=70');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown('active')).toBe('70');
    click('close active'); // closing replaces the entry, so back does not land on the closed tab
    expect(shown('tabs')).toBe(`${HOME_TAB_ID},75`);
    act(() => {
      window.history.pushState(null, '', '/?tab=70');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown('tabs')).toBe(`${HOME_TAB_ID},75,70`);
    expect(shown('active')).toBe('70');
  });

  it('opens the tab a link names when the user holds it', async () => {
    window.history.replaceState(null, '', '/?tab=75');
    mount('u1');
    await waitFor(() => expect(shown('active')).toBe('75'));
    expect(window.location.search).toBe('?tab=75');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('opens the tab a link named before the sign-in round trip (remembered for this browser tab)', async () => {
    window.history.replaceState(null, '', '/?tab=75');
    rememberLinkedTab();
    window.history.replaceState(null, '', '/'); // where the sign-in ends
    mount('u1');
    await waitFor(() => expect(shown('active')).toBe('75'));
    expect(window.location.search).toBe('?tab=75');
    expect(sessionStorage.getItem('hangar.linkedTab')).toBeNull();
  });

  it('says so when the link names a tab the user does not hold, and shows the home tab', async () => {
    window.history.replaceState(null, '', '/?tab=69');
    mount('u1');
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(notHeldMessage(69), expect.anything()));
    // Named, with the way out: asking for the application it needs.
    expect(notHeldMessage(69)).toBe('The link asks for Application Rights (tab 69), which is not among your applications.');
    const options = toastError.mock.calls.at(-1)![1] as { action?: { label: string } };
    expect(options.action?.label).toBe('Ask for access');
    expect(shown('tabs')).toBe(String(HOME_TAB_ID));
    expect(window.location.search).toBe(`?tab=${HOME_TAB_ID}`);
  });
});

describe('tabs across reloads', () => {
  it('restores the open tabs and the active one for the same user only', async () => {
    const first = mount('u1');
    click('open 70');
    click('open 75');
    click('open 70');
    first.unmount();
    window.history.replaceState(null, '', '/');

    mount('u1');
    expect(shown('tabs')).toBe(`${HOME_TAB_ID},70,75`);
    expect(shown('active')).toBe('70');
    cleanup();
    window.history.replaceState(null, '', '/');

    mount('u2');
    expect(shown('tabs')).toBe(String(HOME_TAB_ID));
  });

  it('the address wins over the stored active tab', () => {
    localStorage.setItem(
      tabsStorageKey('u1'),
      JSON.stringify({ tabs: [{ ...MENU.items[0] }, { ...MENU.items[1] }, { ...MENU.items[2] }], activeId: 70 }),
    );
    window.history.replaceState(null, '', '/?tab=75');
    mount('u1');
    expect(shown('active')).toBe('75');
  });

  it('closes restored tabs the user no longer holds once the menu is known', async () => {
    localStorage.setItem(
      tabsStorageKey('u1'),
      JSON.stringify({ tabs: [{ ...MENU.items[0] }, { ...item(69, 'Application Rights') }, { ...MENU.items[1] }], activeId: 69 }),
    );
    mount('u1');
    await waitFor(() => expect(shown('tabs')).toBe(`${HOME_TAB_ID},70`));
    expect(shown('active')).toBe(String(HOME_TAB_ID));
  });
});
