import { SHELL } from '@hangar/contract';
import type { KoaContextWithOIDC } from 'oidc-provider';

const esc = (s: unknown) =>
  String(s ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Page frame of the identity provider, in the portal's look (stylesheet served at /interaction-assets). */
export function idpPage(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)} · Hangar</title>
  <script src="/interaction-assets/theme.js"></script>
  <link rel="stylesheet" href="/interaction-assets/idp.css">
</head>
<body>
  <main class="card">
    <div class="brand"><img class="mark" src="/favicon.svg" alt="" width="36" height="36"><span>Hangar</span></div>
    ${body}
  </main>
</body>
</html>`;
}

export function loginPage(opts: { uid: string; email?: string; error?: string; clientName: string }): string {
  return idpPage(
    'Sign in',
    `<h1>Sign in</h1>
    <p class="muted">to continue to ${esc(opts.clientName)}</p>
    ${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
    <form method="post" action="/interaction/${esc(opts.uid)}/login" autocomplete="on">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required autofocus autocomplete="username" value="${esc(opts.email)}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" required autocomplete="current-password">
      <button type="submit">Sign in</button>
    </form>
    <p class="muted small">Use your Hangar account. Forgotten password? Ask a portal administrator.</p>`,
  );
}

export async function logoutPage(ctx: KoaContextWithOIDC, form: string): Promise<void> {
  ctx.body = idpPage(
    'Sign out',
    `<h1>Sign out</h1>
    <p class="muted">Signing you out of Hangar…</p>
    ${form}
    <button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Sign out</button>
    <script src="/interaction-assets/auto-logout.js"></script>`,
  );
}

export async function postLogoutPage(ctx: KoaContextWithOIDC): Promise<void> {
  ctx.body = idpPage('Signed out', '<h1>You are signed out</h1><p><a href="/">Back to Hangar</a></p>');
}

export function errorPage(message: string): string {
  return idpPage(
    'Sign-in problem',
    `<h1>Sign-in problem</h1>
    <p class="error" role="alert">${esc(message)}</p>
    <p><a href="/">Back to Hangar</a> and try again.</p>`,
  );
}

export async function providerErrorPage(ctx: KoaContextWithOIDC, out: { error?: string; error_description?: string }): Promise<void> {
  ctx.type = 'html';
  ctx.body = errorPage(String(out.error_description ?? out.error ?? 'The sign-in request could not be completed.'));
}

// Light by default; dark when the portal's theme choice says so, or, with no choice made, when the
// system prefers dark (the portal's choice is in this origin's local storage, read by theme.js).
const DARK_VARS =
  'color-scheme:dark;--bg:#202123;--card:#343540;--fg:#fff;--muted:#c5c9d3;--field:#202123;--field-line:#8a8f9c;--button:#C6DEF0;--button-fg:#1A4283;--button-hover:#e1eef8;--link:#C6DEF0;--shadow:none;--focus:#C6DEF0';
export const IDP_CSS = `
:root{color-scheme:light;--bg:linear-gradient(160deg,#C6DEF0,#fff 60%);--card:#fff;--fg:#1A4283;--muted:#4f5f7a;--field:#fff;--field-line:#8796ad;--button:#1A4384;--button-fg:#fff;--button-hover:#14346a;--link:#1A4384;--shadow:0 10px 40px rgba(26,67,132,.18);--focus:#1A4384}
:root[data-theme=dark]{${DARK_VARS}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){${DARK_VARS}}}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--bg);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg)}
.card{width:min(400px,92vw);background:var(--card);border-radius:16px;box-shadow:var(--shadow);padding:32px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.3rem;margin-bottom:20px}.mark{width:36px;height:36px;border-radius:10px}
h1{font-size:1.4rem;margin:0 0 4px}.muted{color:var(--muted);margin:0 0 16px}.small{font-size:.85rem;margin-top:16px}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}input{width:100%;padding:10px 12px;border:1px solid var(--field-line);border-radius:8px;font-size:1rem;background:var(--field);color:var(--fg)}
input:focus{outline:2px solid var(--focus);outline-offset:1px}button{margin-top:20px;width:100%;padding:11px;border:0;border-radius:8px;background:var(--button);color:var(--button-fg);font-size:1rem;font-weight:600;cursor:pointer}
button:hover{background:var(--button-hover)}.error{background:#fdecec;color:#9b1c1c;border:1px solid #f5c2c2;padding:10px 12px;border-radius:8px}a{color:var(--link)}
`;

/** Applies the portal's theme choice before the page paints (an external file: the CSP allows no inline script). */
export const THEME_JS = `try{var t=localStorage.getItem(${JSON.stringify(SHELL.themeStorageKey)});if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t);}catch(e){}`;

export const AUTO_LOGOUT_JS = `document.addEventListener('DOMContentLoaded',function(){var b=document.querySelector('button[name="logout"]');if(b)b.click();});`;
