import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { NotificationsArea } from './NotificationsArea';

const fetchMock = vi.fn<typeof fetch>();
let unread = 1;

beforeEach(() => {
  unread = 1;
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }));
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/notifications/read' && init?.method === 'POST') {
      unread = 0;
      return new Response(null, { status: 204 });
    }
    if (url === '/api/notifications') {
      return jsonResponse({
        unread,
        notifications: [
          {
            id: 'n1',
            kind: 'credit_request',
            title: 'Your request for 1,000 credits was approved',
            body: 'Enjoy',
            createdAt: '2026-11-22T10:00:00.000Z',
            read: unread === 0,
          },
        ],
      });
    }
    return jsonResponse({ message: 'nope' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('NotificationsArea', () => {
  it('shows the unread count, lists the outcomes, and marks them read', async () => {
    renderWithProviders(<NotificationsArea sidebarOpen />);
    expect((await screen.findByTestId('notifications-unread')).textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications (1 unread)' }));
    expect(screen.getByText('Your request for 1,000 credits was approved')).toBeTruthy();
    expect(screen.getByText('Enjoy')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mark all as read/ }));
    await waitFor(() => expect(screen.queryByTestId('notifications-unread')).toBeNull());
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/notifications/read' && init?.method === 'POST')).toBe(true);
  });

  it('shows nothing alarming when the list cannot be read', async () => {
    fetchMock.mockImplementation(async () => jsonResponse({ message: 'down' }, 500));
    renderWithProviders(<NotificationsArea sidebarOpen />);
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/No notifications yet/)).toBeTruthy();
  });
});
