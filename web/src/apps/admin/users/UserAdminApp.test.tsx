import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import type { AdminUserView } from '../api';
import { fakeServer, signInWith } from '../test/admin-test-kit';
import { UserAdminApp } from './UserAdminApp';

const TAB = { id: 70, appId: 'Admin/SuperAdmin', title: 'User', icon: 'users', externalLink: null };

const user = (id: string, email: string, name: string, extra: Partial<AdminUserView> = {}): AdminUserView => ({
  id,
  email,
  name,
  bu: 'LGW',
  airport: 'LGW',
  disabled: false,
  creditLimit: 5000,
  remainingCredit: 4200,
  createdAt: '2026-10-01T09:00:00.000Z',
  can: { edit: true, credits: true, disable: true, endSessions: true, why: null },
  ...extra,
});

let users: AdminUserView[];

function usersRoute() {
  return fakeServer(({ method, url, body }) => {
    const [path, search = ''] = url.split('?');
    if (method === 'GET' && path === '/api/admin/user_management/users') {
      const q = new URLSearchParams(search).get('q')?.toLowerCase() ?? '';
      const found = users.filter((u) => !q || u.email.includes(q) || u.name.toLowerCase().includes(q));
      return jsonResponse({ users: found, total: found.length, page: 1, pageSize: 25 });
    }
    const patch = /^\/api\/admin\/user_management\/users\/([^/]+)$/.exec(path ?? '');
    if (method === 'PATCH' && patch) {
      users = users.map((u) => (u.id === patch[1] ? { ...u, ...(body as Partial<AdminUserView>) } : u));
      return jsonResponse(users.find((u) => u.id === patch[1]));
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  signInWith(['Admin/SuperAdmin']);
  users = [
    user('u1', 'ada@hangar.local', 'Ada Lovelace'),
    user('u2', 'grace.hopper.with.a.very.long.address@lgw.hangar.example', 'Grace Hopper', { remainingCredit: 300 }),
  ];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('User (tab 70)', () => {
  it('lists users under the tab heading, truncating long emails with a tooltip', async () => {
    usersRoute();
    renderWithProviders(<UserAdminApp tab={TAB} />);
    expect(screen.getByRole('heading', { level: 1, name: 'User' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Ada Lovelace');
    const long = within(table).getByText('grace.hopper.with.a.very.long.address@lgw.hangar.example');
    expect(long.getAttribute('title')).toBe('grace.hopper.with.a.very.long.address@lgw.hangar.example');
    expect(long.className).toContain('truncate');
    expect(screen.getByText('1–2 of 2 users')).toBeTruthy();
  });

  it('searches through the users route', async () => {
    const server = usersRoute();
    renderWithProviders(<UserAdminApp tab={TAB} />);
    await screen.findByText('Grace Hopper');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'grace' } });
    await waitFor(() => expect(server.calls.some((c) => c.url.includes('q=grace'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).toBeNull());
    expect(screen.getByText('Grace Hopper')).toBeTruthy();
    const search = server.calls.find((c) => c.url.includes('q=grace'));
    expect(search?.url).toBe('/api/admin/user_management/users?q=grace&sort=email&order=asc&page=1&pageSize=25');
  });

  it('disables a user only after confirmation, with a PATCH of disabled: true', async () => {
    const server = usersRoute();
    renderWithProviders(<UserAdminApp tab={TAB} />);
    await screen.findByText('Ada Lovelace');

    // Cancelling sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Disable ada@hangar.local' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Disable this user?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('PATCH', '/api/admin/')).toHaveLength(0);

    // Confirming sends the PATCH and the row shows the new state.
    fireEvent.click(screen.getByRole('button', { name: 'Disable ada@hangar.local' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Disable this user?' });
    expect(within(dialog).getByText('ada@hangar.local')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable user' }));
    await waitFor(() => expect(server.callsTo('PATCH', '/api/admin/')).toHaveLength(1));
    expect(server.callsTo('PATCH', '/api/admin/')[0]).toMatchObject({
      url: '/api/admin/user_management/users/u1',
      body: { disabled: true },
    });
    expect(await screen.findByRole('button', { name: 'Enable ada@hangar.local' })).toBeTruthy();
  });

  it('offers only what the server says the admin may do, and says why not', async () => {
    users = [
      user('me', 'ada@hangar.local', 'Ada Lovelace', {
        can: { edit: false, credits: false, disable: false, endSessions: true, why: 'You cannot change your own account.' },
      }),
      user('u2', 'grace@hangar.local', 'Grace Hopper'),
    ];
    usersRoute();
    renderWithProviders(<UserAdminApp tab={TAB} />);
    await screen.findByText('Ada Lovelace');
    for (const name of ['Edit ada@hangar.local', 'Adjust credits of ada@hangar.local', 'Disable ada@hangar.local']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.title).toBe('You cannot change your own account.');
    }
    expect((screen.getByRole('button', { name: 'Edit grace@hangar.local' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows the server message when the list cannot be loaded', async () => {
    fakeServer(() => jsonResponse({ message: 'You need Admin/SuperAdmin or Admin/Local Admin Management.' }, 403, 'Forbidden'));
    renderWithProviders(<UserAdminApp tab={TAB} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You need Admin/SuperAdmin or Admin/Local Admin Management.');
  });
});
