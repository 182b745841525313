import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeJwt } from '../test/helpers';
import { ApiError, apiFetch, fileNameFromContentDisposition } from './client';
import { browser } from './navigation';
import { getAccessToken, setAccessToken } from './token-store';

const fetchMock = vi.fn<typeof fetch>();
const oldToken = makeJwt({ exp: 1 });
const newToken = makeJwt({ exp: 9_999_999_999 });
const authHeader = (call: number) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers).get('Authorization');

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiFetch', () => {
  it('sends the stored token as a bearer token', async () => {
    setAccessToken(oldToken);
    fetchMock.mockResolvedValueOnce(jsonResponse({ ok: true }));
    await apiFetch('/api/shell/menu');
    expect(authHeader(0)).toBe(`Bearer ${oldToken}`);
  });

  it('includes credentials on /auth calls only', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiFetch('/auth/valid_refresh', { method: 'POST' });
    await apiFetch('/api/credit');
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe('include');
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe('same-origin');
  });

  it('maps an error body to an ApiError with its status and detail', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ detail: 'Unknown document', message: 'Unknown document' }, 404, 'Not Found'));
    const error = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found', message: 'Unknown document' });
  });

  it('reads detail.message when detail is an object', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ detail: { message: 'Too many pages' } }, 400, 'Bad Request'));
    await expect(apiFetch('/api/x')).rejects.toThrow('Too many pages');
  });

  it('on 401 refreshes once and retries with the new token', async () => {
    setAccessToken(oldToken);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ detail: 'expired' }, 401, 'Unauthorized'))
      .mockResolvedValueOnce(jsonResponse({ access_token: newToken, token_type: 'Bearer', expires_in: 900 }))
      .mockResolvedValueOnce(jsonResponse({ items: [] }));
    const response = await apiFetch('/api/shell/menu');
    expect(await response.json()).toEqual({ items: [] });
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/shell/menu', '/auth/refresh', '/api/shell/menu']);
    expect(authHeader(2)).toBe(`Bearer ${newToken}`);
    expect(getAccessToken()).toBe(newToken);
    expect(browser.reload).not.toHaveBeenCalled();
  });

  it('clears the token and reloads when the refresh fails', async () => {
    setAccessToken(oldToken);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({ detail: 'expired' }, 401, 'Unauthorized'))
      .mockResolvedValueOnce(jsonResponse({ detail: 'no session' }, 401, 'Unauthorized'));
    await expect(apiFetch('/api/shell/menu')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getAccessToken()).toBeNull();
    expect(browser.reload).toHaveBeenCalledOnce();
  });

  it('retries only once: a second 401 ends the session', async () => {
    setAccessToken(oldToken);
    fetchMock
      .mockResolvedValueOnce(jsonResponse({}, 401, 'Unauthorized'))
      .mockResolvedValueOnce(jsonResponse({ access_token: newToken, token_type: 'Bearer', expires_in: 900 }))
      .mockResolvedValueOnce(jsonResponse({}, 401, 'Unauthorized'));
    await expect(apiFetch('/api/shell/menu')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getAccessToken()).toBeNull();
    expect(browser.reload).toHaveBeenCalledOnce();
  });
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    ['attachment; filename="report.pdf"', 'report.pdf'],
    ['attachment; filename=plain.docx', 'plain.docx'],
    ['attachment; filename="fallback.txt"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.docx', 'résumé.docx'],
    ['inline', null],
    [null, null],
  ])('%s -> %s', (header, expected) => {
    expect(fileNameFromContentDisposition(header)).toBe(expected);
  });
});
