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

export const IDP_CSS = `
:root{color-scheme:light dark;--navy:#1A4384;--sky:#C6DEF0}
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:grid;place-items:center;background:linear-gradient(160deg,var(--sky),#fff 60%);font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1A4283}
.card{width:min(400px,92vw);background:#fff;border-radius:16px;box-shadow:0 10px 40px rgba(26,67,132,.18);padding:32px}
.brand{display:flex;align-items:center;gap:10px;font-weight:700;font-size:1.3rem;margin-bottom:20px}.mark{width:36px;height:36px;border-radius:10px}
h1{font-size:1.4rem;margin:0 0 4px}.muted{color:#5b6b86;margin:0 0 16px}.small{font-size:.85rem;margin-top:16px}
label{display:block;font-weight:600;font-size:.9rem;margin:12px 0 4px}input{width:100%;padding:10px 12px;border:1px solid #b9c7dc;border-radius:8px;font-size:1rem}
input:focus{outline:2px solid var(--navy);outline-offset:1px}button{margin-top:20px;width:100%;padding:11px;border:0;border-radius:8px;background:var(--navy);color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button:hover{background:#14346a}.error{background:#fdecec;color:#9b1c1c;border:1px solid #f5c2c2;padding:10px 12px;border-radius:8px}a{color:var(--navy)}
@media (prefers-color-scheme:dark){body{background:#202123;color:#fff}.card{background:#343540;box-shadow:none}.muted{color:#c5c9d3}input{background:#202123;color:#fff;border-color:#555}a{color:#C6DEF0}}
`;

export const AUTO_LOGOUT_JS = `document.addEventListener('DOMContentLoaded',function(){var b=document.querySelector('button[name="logout"]');if(b)b.click();});`;
