import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { fakeServer, signInWith } from '../admin/test/admin-test-kit';
import { UserRightsApp } from './UserRightsApp';

const TAB = { id: 75, appId: 'portal', title: 'User Rights', icon: 'id-card', externalLink: null };
const ME = { email: 'ada@hangar.local', name: 'Ada Lovelace', bu: null, airport: null, apps: ['Dashboard/Traffic'], groups: [] };
const GRACE = {
  id: 'u2',
  email: 'grace@hangar.local',
  name: 'Grace Hopper',
  bu: 'LGW',
  airport: 'LGW',
  disabled: false,
  creditLimit: 5000,
  remainingCredit: 1200,
  createdAt: '2026-10-01T09:00:00.000Z',
  can: { edit: true, credits: true, disable: true, endSessions: true, why: null },
};

function server() {
  return fakeServer(({ url }) => {
    if (url === '/api/shell/me') return jsonResponse(ME);
    if (url.startsWith('/api/admin/user_management/users?')) return jsonResponse({ users: [GRACE], total: 1, page: 1, pageSize: 8 });
    if (url === '/api/admin/rights/users/u2')
      return jsonResponse({
        user: GRACE,
        groups: [{ id: 'g1', name: 'Finance analysts' }],
        rights: [
          {
            appId: 'Dashboard/Finance',
            sources: [
              { kind: 'direct', group: null },
              { kind: 'group', group: 'Finance analysts' },
            ],
          },
          { appId: 'Data_gov/Overview', sources: [{ kind: 'derived', group: null }] },
        ],
      });
    return undefined;
  });
}

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('User Rights (tab 75)', () => {
  it('shows a non-admin their own rights, with no user picker and no admin call', async () => {
    signInWith(['Dashboard/Traffic']);
    const api = server();
    renderWithProviders(<UserRightsApp tab={TAB} />);
    expect(screen.getByRole('heading', { level: 1, name: 'User Rights' })).toBeTruthy();
    expect(await screen.findByText('ada@hangar.local')).toBeTruthy();
    expect(screen.getByText('Dashboard/Traffic')).toBeTruthy();
    expect(screen.queryByRole('button', { name: "A user's rights" })).toBeNull();
    expect(api.calls.map((c) => c.url)).toEqual(['/api/shell/me']);
  });

  it("lets an admin pick a user and see each right's sources", async () => {
    signInWith(['Admin/Local Admin Management'], 'LGW');
    server();
    renderWithProviders(<UserRightsApp tab={TAB} />);
    fireEvent.click(await screen.findByRole('button', { name: "A user's rights" }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'User' }), { target: { value: 'grace' } });
    const results = await screen.findByRole('list', { name: 'Matching users' });
    fireEvent.click(within(results).getByRole('button', { name: /Grace Hopper/ }));

    const table = await screen.findByRole('table', { name: 'Applications of grace@hangar.local' });
    const finance = within(table).getByText('Dashboard/Finance').closest('tr')!;
    expect(within(finance).getByText('Direct grant')).toBeTruthy();
    expect(within(finance).getByText('Through group Finance analysts')).toBeTruthy();
    const overview = within(table).getByText('Data_gov/Overview').closest('tr')!;
    expect(within(overview).getByText('Derived: dashboard holders get Data_gov/Overview')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('Finance analysts', { selector: 'li' })).toBeTruthy());
  });
});
