import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import { fakeServer, signInWith } from '../test/admin-test-kit';
import { AccessMonitoringApp } from './AccessMonitoringApp';

const TAB = { id: 72, appId: 'Admin/SuperAdmin', title: 'Access Monitoring', icon: 'activity', externalLink: null };

const entry = {
  id: 7,
  at: '2026-11-20T08:30:00.000Z',
  actorEmail: 'ada@hangar.local',
  action: 'auth.sign_in',
  target: null,
  outcome: 'success',
  ip: '10.0.0.4',
  details: { method: 'password' },
};

function auditServer() {
  return fakeServer(({ url }) => {
    if (url.startsWith('/api/admin/audit/export.csv')) return new Response('at,actor\r\n', { headers: { 'Content-Type': 'text/csv' } });
    if (url.startsWith('/api/admin/audit')) return jsonResponse({ entries: [entry], total: 1, page: 1, pageSize: 50 });
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  signInWith(['Admin/SuperAdmin']);
  URL.createObjectURL = vi.fn(() => 'blob:audit');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Access Monitoring (tab 72)', () => {
  it('loads the first page, then builds the query string from the applied filters', async () => {
    const server = auditServer();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderWithProviders(<AccessMonitoringApp tab={TAB} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Access Monitoring' })).toBeTruthy();
    await screen.findByText('auth.sign_in', { selector: 'td' });
    expect(server.calls[0]?.url).toBe('/api/admin/audit?page=1&pageSize=50');

    const filters = screen.getByRole('form', { name: 'Audit filters' });
    fireEvent.change(within(filters).getByLabelText('User'), { target: { value: ' ada@hangar.local ' } });
    fireEvent.change(within(filters).getByLabelText('Action'), { target: { value: 'auth.sign_in_failed' } });
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2026-11-30' } });
    // Nothing is sent until the filters are applied.
    expect(server.calls).toHaveLength(1);
    fireEvent.click(within(filters).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]?.url).toBe(
      '/api/admin/audit?user=ada%40hangar.local&action=auth.sign_in_failed&from=2026-11-01&to=2026-11-30&page=1&pageSize=50',
    );

    // The export carries the same filters, without paging.
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.calls).toHaveLength(3));
    expect(server.calls[2]?.url).toBe(
      '/api/admin/audit/export.csv?user=ada%40hangar.local&action=auth.sign_in_failed&from=2026-11-01&to=2026-11-30',
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(click.mock.contexts[0]).toMatchObject({ download: 'hangar-audit.csv', href: 'blob:audit' });
  });

  it('refuses a period whose start is after its end', async () => {
    const server = auditServer();
    renderWithProviders(<AccessMonitoringApp tab={TAB} />);
    await screen.findByText('auth.sign_in', { selector: 'td' });
    const filters = screen.getByRole('form', { name: 'Audit filters' });
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2026-11-01' } });
    expect(within(filters).getByRole('alert').textContent).toContain('must be on or before');
    expect(within(filters).getByRole<HTMLButtonElement>('button', { name: 'Apply filters' }).disabled).toBe(true);
    expect(server.calls).toHaveLength(1);
  });

  it('shows the details of an event on demand', async () => {
    auditServer();
    renderWithProviders(<AccessMonitoringApp tab={TAB} />);
    const toggle = await screen.findByRole('button', { name: 'Show details of event 7' });
    expect(screen.queryByText('password')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByText('password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hide details of event 7' }).getAttribute('aria-expanded')).toBe('true');
  });
});
