import type { AccessRequestView, CreditRequestView } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import { fakeServer, signInWith } from '../test/admin-test-kit';
import { NotificationsApp } from './NotificationsApp';

const TAB = { id: 73, appId: 'Admin/SuperAdmin', title: 'Notifications', icon: 'bell', externalLink: null };

let credits: CreditRequestView[];
let accesses: AccessRequestView[];

function requestsServer({ conflict = false } = {}) {
  return fakeServer(({ method, url, body }) => {
    if (url === '/api/admin/credits_management/get_all_credits_requests') return jsonResponse({ requests: credits });
    if (url === '/api/admin/permissions_management/get_access_requests') return jsonResponse({ requests: accesses });
    if (url === '/api/admin/notifications/counts') return jsonResponse({ ai: 1, permissions: 1 });
    const decide = /^\/api\/admin\/credits_management\/decide\/(.+)$/.exec(url);
    if (method === 'POST' && decide && conflict)
      return jsonResponse({ message: 'This request has already been decided.' }, 409, 'Conflict');
    if (method === 'POST' && decide) {
      const { decision, comment } = body as { decision: string; comment?: string };
      credits = credits.map((r) =>
        r.id === decide[1]
          ? {
              ...r,
              status: decision === 'approve' ? 'approved' : 'rejected',
              decidedAt: '2026-11-20T10:00:00.000Z',
              decidedBy: 'ada@hangar.local',
              comment: comment ?? null,
            }
          : r,
      );
      return jsonResponse(credits.find((r) => r.id === decide[1]));
    }
    return undefined;
  });
}

beforeEach(() => {
  localStorage.clear();
  signInWith(['Admin/SuperAdmin']);
  credits = [
    {
      id: 'c1',
      askedBy: 'grace@hangar.local',
      askedByName: 'Grace Hopper',
      bu: 'LGW',
      creditAsked: 1500,
      message: 'Quarter-end reporting',
      status: 'pending',
      createdAt: '2026-11-19T08:00:00.000Z',
      decidedAt: null,
      decidedBy: null,
      comment: null,
      can: { decide: true, why: null },
    },
  ];
  accesses = [
    {
      id: 'a1',
      askedBy: 'alan@hangar.local',
      askedByName: 'Alan Turing',
      userBu: 'SSA',
      appId: 'Dashboard/Finance',
      bu: null,
      message: null,
      status: 'pending',
      createdAt: '2026-11-18T08:00:00.000Z',
      decidedAt: null,
      comment: null,
      can: { decide: true, why: null },
    },
  ];
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Notifications (tab 73)', () => {
  it('counts "1 user waiting" in the singular and more in the plural', async () => {
    accesses.push({ ...accesses[0]!, id: 'a2', askedBy: 'ada@hangar.local', askedByName: 'Ada Lovelace' });
    requestsServer();
    renderWithProviders(<NotificationsApp tab={TAB} />);
    expect(await screen.findByText('user waiting')).toBeTruthy();
    expect(screen.getByText('users waiting')).toBeTruthy();
    expect(screen.queryByText(/1 users waiting/)).toBeNull();
  });

  it('leaves a request the admin may not decide visible but locked, with the reason', async () => {
    accesses[0]!.can = { decide: false, why: 'Dashboard/Finance: you can only grant applications you hold yourself.' };
    requestsServer();
    renderWithProviders(<NotificationsApp tab={TAB} />);
    const pending = await screen.findByRole('list', { name: 'Pending requests' });
    const card = within(pending).getByRole('listitem', { name: 'Dashboard/Finance' });
    expect(within(card).getByText(/only grant applications you hold yourself/)).toBeTruthy();
    expect((within(card).getByRole('button', { name: /^Approve/ }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(card).getByRole('button', { name: /^Reject/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('approving sends the decide call and moves the request from Pending to History', async () => {
    const server = requestsServer();
    renderWithProviders(<NotificationsApp tab={TAB} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();

    const pending = await screen.findByRole('list', { name: 'Pending requests' });
    const card = within(pending).getByRole('listitem', { name: '1,500 GenAI credits' });
    expect(within(pending).getByRole('listitem', { name: 'Dashboard/Finance' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Decided requests' })).toBeNull();

    fireEvent.change(within(card).getByLabelText('Comment (optional)'), { target: { value: 'Granted for Q4' } });
    fireEvent.click(within(card).getByRole('button', { name: /^Approve/ }));

    await waitFor(() => expect(server.callsTo('POST', '/api/admin/credits_management/decide/')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/credits_management/decide/')[0]).toMatchObject({
      url: '/api/admin/credits_management/decide/c1',
      body: { decision: 'approve', comment: 'Granted for Q4' },
    });

    await waitFor(() => expect(within(pending).queryByRole('listitem', { name: '1,500 GenAI credits' })).toBeNull());
    expect(within(pending).getByRole('listitem', { name: 'Dashboard/Finance' })).toBeTruthy();
    const history = await screen.findByRole('table', { name: 'Decided requests' });
    expect(within(history).getByText('1,500 GenAI credits')).toBeTruthy();
    expect(within(history).getByText('Approved')).toBeTruthy();
    expect(within(history).getByText('Granted for Q4')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pending (1)' })).toBeTruthy();
  });

  it('sends no comment when none is written, and keeps the request pending when the server refuses', async () => {
    const server = requestsServer({ conflict: true });
    renderWithProviders(<NotificationsApp tab={TAB} />);
    const pending = await screen.findByRole('list', { name: 'Pending requests' });
    const card = within(pending).getByRole('listitem', { name: '1,500 GenAI credits' });
    fireEvent.click(within(card).getByRole('button', { name: /^Reject/ }));
    await waitFor(() => expect(server.callsTo('POST', '/api/admin/credits_management/decide/')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/admin/credits_management/decide/')[0]?.body).toEqual({ decision: 'reject' });
    // The 409 re-reads the lists; the request is still pending on this fake server.
    await waitFor(() => expect(server.calls.filter((c) => c.url.endsWith('get_all_credits_requests'))).toHaveLength(2));
    expect(within(pending).getByRole('listitem', { name: '1,500 GenAI credits' })).toBeTruthy();
  });
});
