import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadLinks } from './links.ts';

const links = downloadLinks(randomBytes(32));
afterEach(() => vi.useRealTimers());

describe('governance download links', () => {
  it('open only for the user they were made for', () => {
    const token = links.sign('governance/uploads/SSA/finance/x/gl.csv', 'user-a');
    const cookieA = links.bindingCookie('user-a');
    const cookieB = links.bindingCookie('user-b');
    expect(links.verify(token, { bearerUserId: null, cookie: cookieA })).toEqual({
      ok: true,
      objectKey: 'governance/uploads/SSA/finance/x/gl.csv',
      userId: 'user-a',
    });
    expect(links.verify(token, { bearerUserId: 'user-a', cookie: undefined }).ok).toBe(true);
    expect(links.verify(token, { bearerUserId: null, cookie: undefined })).toEqual({ ok: false, reason: 'not_yours' });
    expect(links.verify(token, { bearerUserId: null, cookie: cookieB })).toEqual({ ok: false, reason: 'not_yours' });
    expect(links.verify(token, { bearerUserId: 'user-b', cookie: cookieA })).toEqual({ ok: false, reason: 'not_yours' });
    // A binding cookie is not a link, and a link is not a binding cookie.
    expect(links.verify(cookieA, { bearerUserId: 'user-a', cookie: cookieA })).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify(token, { bearerUserId: null, cookie: token })).toEqual({ ok: false, reason: 'not_yours' });
  });

  it('expire after a minute', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = links.sign('k', 'user-a');
    const cookie = links.bindingCookie('user-a');
    vi.advanceTimersByTime(59_000);
    expect(links.verify(token, { bearerUserId: null, cookie }).ok).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(links.verify(token, { bearerUserId: null, cookie })).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another secret and tampering', () => {
    const token = downloadLinks(randomBytes(32)).sign('k', 'user-a');
    expect(links.verify(token, { bearerUserId: 'user-a', cookie: undefined })).toEqual({ ok: false, reason: 'invalid' });
    expect(links.verify('x.y.z', { bearerUserId: 'user-a', cookie: undefined })).toEqual({ ok: false, reason: 'invalid' });
  });
});
