import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import { fakeServer, signInWith } from '../test/admin-test-kit';
import { AdminBadges } from './AdminBadges';
import { COUNTS_POLL_MS } from './useAdminNotificationCounts';

const COUNTS = '/api/admin/notifications/counts';

beforeEach(() => localStorage.clear());

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AdminBadges', () => {
  it('shows each count with its title and hides a badge at 0', async () => {
    signInWith(['Admin/Local Admin Management'], 'LGW');
    fakeServer(({ url }) => (url === COUNTS ? jsonResponse({ ai: 3, permissions: 0 }) : undefined));
    renderWithProviders(<AdminBadges />);
    const ai = await screen.findByTitle('Pending credit requests');
    expect(ai.textContent).toBe('3');
    expect(screen.queryByTitle('Pending access requests')).toBeNull();
  });

  it('shows both badges when both kinds wait', async () => {
    signInWith(['Admin/SuperAdmin']);
    fakeServer(({ url }) => (url === COUNTS ? jsonResponse({ ai: 2, permissions: 5 }) : undefined));
    renderWithProviders(<AdminBadges />);
    expect((await screen.findByTitle('Pending access requests')).textContent).toBe('5');
    expect(screen.getByTitle('Pending credit requests').textContent).toBe('2');
    expect(screen.getByRole('img', { name: 'Pending access requests: 5' })).toBeTruthy();
  });

  it('renders nothing at 0 and 0', async () => {
    signInWith(['Admin/SuperAdmin']);
    const server = fakeServer(({ url }) => (url === COUNTS ? jsonResponse({ ai: 0, permissions: 0 }) : undefined));
    const { container } = renderWithProviders(<AdminBadges />);
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await act(async () => {});
    expect(container.textContent).toBe('');
    expect(screen.queryByTestId('admin-badges')).toBeNull();
  });

  it('does not poll for a user without an admin application', async () => {
    signInWith(['Dashboard/Finance']);
    const server = fakeServer(() => jsonResponse({ ai: 9, permissions: 9 }));
    const { container } = renderWithProviders(<AdminBadges />);
    await act(async () => {});
    expect(server.calls).toHaveLength(0);
    expect(container.textContent).toBe('');
  });

  it('logs a failed read and shows no badge (counts as zero)', async () => {
    signInWith(['Admin/SuperAdmin']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer(() => new Response('upstream down', { status: 502 }));
    const { container } = renderWithProviders(<AdminBadges />);
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });

  it('polls the counts every 60 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInWith(['Admin/SuperAdmin']);
    let ai = 1;
    const server = fakeServer(({ url }) => (url === COUNTS ? jsonResponse({ ai, permissions: 0 }) : undefined));
    renderWithProviders(<AdminBadges />);
    expect((await screen.findByTitle('Pending credit requests')).textContent).toBe('1');
    ai = 4;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COUNTS_POLL_MS);
    });
    await waitFor(() => expect(screen.getByTitle('Pending credit requests').textContent).toBe('4'));
    expect(server.calls.filter((c) => c.url === COUNTS).length).toBeGreaterThanOrEqual(2);
    expect(COUNTS_POLL_MS).toBe(60_000);
  });
});
