import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import type { Application } from '../api';
import { fakeServer, noContent, signInWith } from '../test/admin-test-kit';
import { ApplicationRightsApp } from './ApplicationRightsApp';

const TAB = { id: 69, appId: 'Admin/SuperAdmin', title: 'Application Rights', icon: 'key-round', externalLink: null };
const GRANT_USER = '11111111-1111-4111-8111-111111111111';
const GRANT_GROUP = '22222222-2222-4222-8222-222222222222';

let applications: Application[];

function rightsServer() {
  return fakeServer(({ method, url }) => {
    if (method === 'GET' && url === '/api/admin/rights/applications') return jsonResponse({ applications });
    const revoke = /^\/api\/admin\/rights\/grants\/(.+)$/.exec(url);
    if (method === 'DELETE' && revoke) {
      applications = applications.map((a) => ({ ...a, holders: a.holders.filter((h) => h.grantId !== revoke[1]) }));
      return noContent();
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  signInWith(['Admin/SuperAdmin']);
  applications = [
    {
      appId: 'Dashboard/Finance',
      tabs: [{ id: 22, title: 'Finance' }],
      holders: [
        { grantId: GRANT_USER, userId: 'u1', email: 'grace@hangar.local', groupId: null, group: null },
        { grantId: GRANT_GROUP, userId: null, email: null, groupId: 'g1', group: 'Finance analysts' },
      ],
    },
    { appId: 'GenAI/SecuredGPT', tabs: [{ id: 9, title: 'SecuredGPT' }], holders: [] },
  ];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Application Rights (tab 69)', () => {
  it('revokes a holder only after confirmation, with a DELETE of the grant', async () => {
    const server = rightsServer();
    renderWithProviders(<ApplicationRightsApp tab={TAB} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Application Rights' })).toBeTruthy();
    const holders = await screen.findByRole('table', { name: 'Holders of Dashboard/Finance' });
    expect(within(holders).getByText('Finance analysts')).toBeTruthy();

    fireEvent.click(within(holders).getByRole('button', { name: 'Revoke Dashboard/Finance from grace@hangar.local' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Revoke Dashboard/Finance?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.callsTo('DELETE', '/api/admin/rights/grants')).toHaveLength(0);

    fireEvent.click(within(holders).getByRole('button', { name: 'Revoke Dashboard/Finance from grace@hangar.local' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Revoke Dashboard/Finance?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(server.callsTo('DELETE', '/api/admin/rights/grants')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/api/admin/rights/grants')[0]?.url).toBe(`/api/admin/rights/grants/${GRANT_USER}`);
    await waitFor(() => expect(within(holders).queryByText('grace@hangar.local')).toBeNull());
    expect(within(holders).getByText('Finance analysts')).toBeTruthy();
  });

  it('searches the applications and shows an empty state when nothing matches', async () => {
    rightsServer();
    renderWithProviders(<ApplicationRightsApp tab={TAB} />);
    const nav = await screen.findByRole('navigation', { name: 'Application list' });
    expect(within(nav).getByRole('button', { name: /SecuredGPT/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search applications' }), { target: { value: 'finance analysts' } });
    expect(within(nav).queryByRole('button', { name: /SecuredGPT/ })).toBeNull();
    expect(within(nav).getByRole('button', { name: /Finance/ })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search applications' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No application matches')).toBeTruthy();
  });

  it('tells a local administrator the screen is for super administrators, without calling the API', async () => {
    signInWith(['Admin/Local Admin Management'], 'LGW');
    const server = rightsServer();
    renderWithProviders(<ApplicationRightsApp tab={TAB} />);
    expect(await screen.findByText('Application Rights is for super administrators')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });
});
