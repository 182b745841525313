import { SHELL } from '@hangar/contract';

export function hasAcceptedPolicy(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SHELL.policyCookie}=`));
}

export function rememberPolicyAccepted(): void {
  const maxAge = SHELL.policyCookieDays * 24 * 60 * 60;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in some supported browsers
  document.cookie = `${SHELL.policyCookie}=true; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}
