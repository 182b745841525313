import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../api/navigation';
import { jsonResponse } from '../../test/helpers';
import { AdminApiError, adminErrorMessage, adminJson, adminSend, auditQuery, listUsers, UNEXPECTED_RESPONSE } from './api';
import { fakeServer, signInWith } from './test/admin-test-kit';

beforeEach(() => {
  localStorage.clear();
  signInWith(['Admin/SuperAdmin']);
  vi.spyOn(browser, 'reload').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const text = (body: string, status: number, type = 'text/plain') => new Response(body, { status, headers: { 'Content-Type': type } });

async function failure(response: Response): Promise<AdminApiError> {
  fakeServer(() => response);
  const error = await adminSend('/api/admin/groups', 'POST', { name: 'Finance' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AdminApiError);
  return error as AdminApiError;
}

describe('the admin error rule (spec section 8)', () => {
  it("shows the server's message field when the body is JSON", async () => {
    const error = await failure(
      jsonResponse(
        {
          error: { code: 'CONFLICT', message: 'A group named Finance already exists.', requestId: 'r1' },
          detail: 'A group named Finance already exists.',
          message: 'A group named Finance already exists.',
        },
        409,
        'Conflict',
      ),
    );
    expect(error.message).toBe('A group named Finance already exists.');
    expect(error.status).toBe(409);
  });

  it('reads `message`, not `detail`', () => {
    expect(adminErrorMessage(400, { kind: 'json', value: { detail: 'the detail', message: 'the message' } })).toBe('the message');
  });

  it('shows "Erreur {status}" when the body is not JSON', async () => {
    expect((await failure(text('Internal Server Error', 500))).message).toBe('Erreur 500');
    expect((await failure(text('<html><body>Bad gateway</body></html>', 502, 'text/html'))).message).toBe('Erreur 502');
    expect((await failure(new Response(null, { status: 503 }))).message).toBe('Erreur 503');
  });

  it('shows "Erreur {status}" for a JSON object without a message', async () => {
    expect((await failure(jsonResponse({ error: 'boom' }, 500, 'Internal Server Error'))).message).toBe('Erreur 500');
  });

  it('shows "Réponse inattendue du serveur" for a JSON answer that is not an object', async () => {
    expect((await failure(jsonResponse(['nope'], 500))).message).toBe(UNEXPECTED_RESPONSE);
    expect((await failure(jsonResponse('nope', 400))).message).toBe(UNEXPECTED_RESPONSE);
    expect((await failure(jsonResponse(null, 403))).message).toBe(UNEXPECTED_RESPONSE);
    expect(UNEXPECTED_RESPONSE).toBe('Réponse inattendue du serveur');
  });

  it('treats an OK answer that is not the expected object as unexpected', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeServer(() => jsonResponse([{ id: 1 }]));
    await expect(listUsers({})).rejects.toThrow(UNEXPECTED_RESPONSE);
    fakeServer(() => jsonResponse({ users: 'not a list' }));
    await expect(listUsers({})).rejects.toThrow(UNEXPECTED_RESPONSE);
    fakeServer(() => text('not json', 200));
    await expect(adminJson('/api/admin/groups', { parse: (v: unknown) => v })).rejects.toThrow(UNEXPECTED_RESPONSE);
    expect(warn).toHaveBeenCalledWith('Unexpected answer from /api/admin/user_management/users', expect.anything());
  });

  it('sends the bearer token through the shared client', async () => {
    const server = fakeServer(() => jsonResponse({ users: [], total: 0, page: 1, pageSize: 25 }));
    await listUsers({ q: 'ada', page: 1 });
    const headers = new Headers(server.fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toMatch(/^Bearer /);
    expect(server.calls[0]?.url).toBe('/api/admin/user_management/users?q=ada&page=1');
  });
});

describe('auditQuery', () => {
  it('keeps only the filters that are set, in a stable order', () => {
    expect(auditQuery({})).toBe('');
    expect(auditQuery({ user: ' ', action: '', page: 2, pageSize: 50 })).toBe('?page=2&pageSize=50');
    expect(auditQuery({ user: 'ada@hangar.local', action: 'auth.', from: '2026-11-01', to: '2026-11-30' })).toBe(
      '?user=ada%40hangar.local&action=auth.&from=2026-11-01&to=2026-11-30',
    );
  });
});
