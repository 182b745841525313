import { AccessTokenResponse } from '@hangar/contract';
import { errorFromResponse } from './errors';
import { browser } from './navigation';
import { clearAccessToken, getAccessToken, setAccessToken } from './token-store';

export { ApiError } from './errors';

/** Paths under /auth carry the refresh cookie, so they are sent with credentials. */
function isAuthPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}

function buildInit(path: string, init: RequestInit): RequestInit {
  const headers = new Headers(init.headers);
  const token = getAccessToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  return { ...init, headers, credentials: isAuthPath(path) ? 'include' : (init.credentials ?? 'same-origin') };
}

let refreshInFlight: Promise<string> | null = null;

/**
 * Exchanges the refresh cookie for a new access token and stores it. Concurrent callers share
 * one request: the server rotates the refresh token, so a second parallel refresh would be
 * seen as reuse.
 */
export function refreshAccessToken(): Promise<string> {
  refreshInFlight ??= (async () => {
    try {
      const response = await fetch('/auth/refresh', { method: 'POST', credentials: 'include' });
      if (!response.ok) throw await errorFromResponse(response);
      const { access_token } = AccessTokenResponse.parse(await response.json());
      setAccessToken(access_token);
      return access_token;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

function endSession(): void {
  clearAccessToken();
  browser.reload();
}

/**
 * The one fetch of the app. On a 401 from an API call it refreshes the token once and retries
 * once; when that fails too the session is over: the token is cleared and the page reloaded.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(path, buildInit(path, init));
  if (response.status !== 401 || isAuthPath(path) || !getAccessToken()) {
    if (!response.ok) throw await errorFromResponse(response);
    return response;
  }
  try {
    await refreshAccessToken();
  } catch {
    endSession();
    throw await errorFromResponse(response);
  }
  const retried = await fetch(path, buildInit(path, init));
  if (retried.status === 401) {
    endSession();
  }
  if (!retried.ok) throw await errorFromResponse(retried);
  return retried;
}

/** Anything that validates a parsed body: the contract's zod schemas fit. */
export interface Parser<T> {
  parse(input: unknown): T;
}

export async function apiJson<T>(path: string, schema: Parser<T>, init?: RequestInit): Promise<T> {
  const response = await apiFetch(path, init);
  return schema.parse(await response.json());
}

export interface DownloadedFile {
  blob: Blob;
  /** The file name from Content-Disposition, when the server sent one. */
  fileName: string | null;
}

export async function apiBlob(path: string, init?: RequestInit): Promise<DownloadedFile> {
  const response = await apiFetch(path, init);
  return { blob: await response.blob(), fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')) };
}

export function fileNameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // Badly encoded: fall through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const value = (plain?.[2] ?? plain?.[1])?.trim();
  return value ? value : null;
}
