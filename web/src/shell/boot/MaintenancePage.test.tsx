import { MAINTENANCE_TEXTS, SHELL } from '@hangar/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { jsonResponse } from '../../test/helpers';
import { MaintenancePage } from './MaintenancePage';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MaintenancePage', () => {
  it('shows the three maintenance texts', () => {
    render(<MaintenancePage />);
    expect(screen.getByRole('heading', { name: "We're currently down for maintenance" })).toBeTruthy();
    for (const text of MAINTENANCE_TEXTS) expect(screen.getByText(text)).toBeTruthy();
  });

  it('re-checks health every 60 s and reloads once healthy', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: false, database: 'down', version: '1' }));
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true, database: 'up', version: '1' }));
    render(<MaintenancePage />);

    await act(async () => vi.advanceTimersByTime(SHELL.healthPollMs - 1));
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/healthcheck', expect.anything());
    expect(browser.reload).not.toHaveBeenCalled();

    await act(async () => vi.advanceTimersByTimeAsync(SHELL.healthPollMs));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(browser.reload).toHaveBeenCalledOnce();
  });
});
