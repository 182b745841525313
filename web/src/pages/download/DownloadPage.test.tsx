import { DOWNLOAD_TEXTS, SHELL, UNAUTHORIZED_TEXTS } from '@hangar/contract';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { setAccessToken } from '../../api/token-store';
import { makeJwt } from '../../test/helpers';
import DownloadPage from './DownloadPage';
import { downloadFileName } from './download-file';

const fetchMock = vi.fn<typeof fetch>();
let downloadedAs: string[] = [];

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/download', element: <DownloadPage /> }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

function fileResponse(headers: Record<string, string> = {}) {
  return new Response(new Blob(['file body']), { status: 200, headers });
}

beforeEach(() => {
  localStorage.clear();
  downloadedAs = [];
  setAccessToken(makeJwt({ exp: 9_999_999_999 }));
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:mock');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloadedAs.push(this.download);
  });
  vi.spyOn(browser, 'close').mockImplementation(() => {});
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('downloadFileName', () => {
  it('uses the last segment of the uri, decoded', () => {
    expect(downloadFileName('translations/u1/Q1%20report.docx', null)).toBe('Q1 report.docx');
  });

  it('falls back to doc.docx when the uri has no segment', () => {
    expect(downloadFileName('/', null)).toBe('doc.docx');
  });

  it('prefers the Content-Disposition name', () => {
    expect(downloadFileName('a/b.docx', 'server-name.zip')).toBe('server-name.zip');
  });
});

describe('DownloadPage', () => {
  it('shows "No URI provided" without a uri and fetches nothing', () => {
    renderAt('/download');
    expect(screen.getByText(DOWNLOAD_TEXTS.errorTitle)).toBeTruthy();
    expect(screen.getByText(DOWNLOAD_TEXTS.noUri)).toBeTruthy();
    expect(screen.getByText(DOWNLOAD_TEXTS.errorHint)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the 403 view when not signed in', () => {
    localStorage.clear();
    renderAt('/download?uri=files/a.docx');
    expect(screen.getByText(UNAUTHORIZED_TEXTS.code)).toBeTruthy();
    expect(screen.getByText(UNAUTHORIZED_TEXTS.title)).toBeTruthy();
    expect(screen.getByText(UNAUTHORIZED_TEXTS.message)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('downloads with the bearer token, names the file from the uri and closes after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let resolveFetch: (response: Response) => void = () => {};
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (resolveFetch = resolve)));
    renderAt('/download?uri=translations%2Fu1%2FBudget%202026.xlsx');

    expect(screen.getByText(DOWNLOAD_TEXTS.preparing)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/download?uri=translations%2Fu1%2FBudget%202026.xlsx');
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer /);

    await act(async () => resolveFetch(fileResponse()));
    expect(await screen.findByText(DOWNLOAD_TEXTS.started)).toBeTruthy();
    expect(downloadedAs).toEqual(['Budget 2026.xlsx']);

    await act(async () => vi.advanceTimersByTime(SHELL.downloadCloseMs - 100));
    expect(browser.close).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(200));
    expect(browser.close).toHaveBeenCalledOnce();
  });

  it('uses the Content-Disposition file name when present', async () => {
    fetchMock.mockResolvedValueOnce(fileResponse({ 'Content-Disposition': 'attachment; filename="translated_Budget.xlsx"' }));
    renderAt('/download?uri=a/Budget.xlsx');
    await screen.findByText(DOWNLOAD_TEXTS.started);
    expect(downloadedAs).toEqual(['translated_Budget.xlsx']);
  });

  it('shows the status text when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"detail":"gone","message":"gone"}', { status: 404, statusText: 'Not Found' }));
    renderAt('/download?uri=a/b.docx');
    expect(await screen.findByText('Failed to download the file: Not Found')).toBeTruthy();
    expect(screen.getByText(DOWNLOAD_TEXTS.errorHint)).toBeTruthy();
    expect(downloadedAs).toEqual([]);
  });

  it('shows the error view, not the 403 view, for an unknown or refused uri of a signed-in user', async () => {
    fetchMock.mockResolvedValueOnce(new Response('{"detail":"no","message":"no"}', { status: 403, statusText: 'Forbidden' }));
    renderAt('/download?uri=a/unknown.docx');
    expect(await screen.findByText('Failed to download the file: Forbidden')).toBeTruthy();
    expect(screen.getByText(DOWNLOAD_TEXTS.errorTitle)).toBeTruthy();
    expect(screen.getByText(DOWNLOAD_TEXTS.errorHint)).toBeTruthy();
    expect(screen.queryByText(UNAUTHORIZED_TEXTS.message)).toBeNull();
    expect(downloadedAs).toEqual([]);
  });

  it('shows the 403 view when the session has expired (401)', async () => {
    fetchMock.mockResolvedValue(new Response('{"detail":"no","message":"no"}', { status: 401, statusText: 'Unauthorized' }));
    renderAt('/download?uri=a/b.docx');
    expect(await screen.findByText(UNAUTHORIZED_TEXTS.message)).toBeTruthy();
  });

  it('says the download started and links back when the browser keeps the window open', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fetchMock.mockResolvedValueOnce(fileResponse());
    renderAt('/download?uri=a/b.docx');
    await screen.findByText(DOWNLOAD_TEXTS.started);
    // The close timer is set by an effect after that render, which a busy machine may run later:
    // the clock is moved on until it has fired, rather than once, so no test depends on speed.
    await vi.waitFor(async () => {
      await act(async () => vi.advanceTimersByTime(SHELL.downloadCloseMs + 10));
      expect(browser.close).toHaveBeenCalledOnce();
    });
    expect(screen.getByText(DOWNLOAD_TEXTS.startedStays)).toBeTruthy();
    expect(screen.queryByText(DOWNLOAD_TEXTS.started)).toBeNull();
    expect(screen.getByRole('link', { name: DOWNLOAD_TEXTS.backToPortal }).getAttribute('href')).toBe('/');
  });

  it('shows "Unknown error occurred" when the request itself fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAt('/download?uri=a/b.docx');
    expect(await screen.findByText(DOWNLOAD_TEXTS.unknown)).toBeTruthy();
  });
});
