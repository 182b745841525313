/**
 * The one form of an email address the portal compares and stores: Unicode-compatible characters
 * folded (NFKC), spaces of every kind and invisible characters trimmed, lower case. Sign-in, its
 * rate limit, user creation and look-ups all use it, so "a@b", " A@B " and "a@b\u2002" are one account.
 */
export function normalizeEmail(input: string): string {
  return input
    .normalize('NFKC')
    .replace(/^[\s\u200B-\u200D\u2060\uFEFF]+|[\s\u200B-\u200D\u2060\uFEFF]+$/gu, '')
    .toLowerCase();
}
