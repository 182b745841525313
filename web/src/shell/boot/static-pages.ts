import { barChart, logIn, messageSquare, moon, shieldCheck, sun, wrench } from 'virtual:boot-icons';
import { MAINTENANCE_TEXTS, SHELL } from '@hangar/contract';
import { browser } from '../../api/navigation';
import { checkHealth, startLogin } from '../../api/session';
import { rememberLinkedTab } from '../tabs/tab-address';
import { applyTheme, readStoredTheme, storeTheme } from '../theme/theme';
import { logoHtml } from './markup';
import { markSigningIn } from './signing-in';

// The landing and maintenance pages in plain DOM: a signed-out visitor loads neither React nor the
// portal (issue 13, first load). Their texts are constants; nothing here comes from a user.

const HIGHLIGHTS = [
  { icon: messageSquare, title: 'Secured AI assistant', text: 'Chat, translate and question your documents; data stays internal.' },
  { icon: barChart, title: 'Dashboards', text: 'Head-office and business-unit reporting in one place.' },
  { icon: shieldCheck, title: 'Data governance', text: 'Quality, ingestion and lineage of the data you rely on.' },
];

const THEME_BUTTON_CLASS =
  'inline-flex size-9 items-center justify-center rounded-lg border border-line text-fg-muted transition hover:bg-surface hover:text-fg';

/** The portal's ThemeToggle, for pages drawn without React: same label, icon and storage. */
function themeToggle(): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = THEME_BUTTON_CLASS;
  const show = (theme: 'light' | 'dark') => {
    const label = theme === 'light' ? 'Switch to dark theme' : 'Switch to light theme';
    button.setAttribute('aria-label', label);
    button.title = label;
    button.innerHTML = (theme === 'light' ? moon : sun)('size-4.5');
  };
  show(readStoredTheme());
  button.addEventListener('click', () => {
    const next = document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark';
    applyTheme(next);
    storeTheme(next);
    show(next);
  });
  return button;
}

export function showLanding(root: HTMLElement): void {
  const highlights = HIGHLIGHTS.map(
    ({ icon, title, text }) =>
      `<li class="rounded-2xl border border-line bg-surface p-5 text-left">${icon('mb-3 size-6 text-brand dark:text-accent')}<p class="font-semibold">${title}</p><p class="mt-1 text-fg-muted text-sm">${text}</p></li>`,
  ).join('');
  root.innerHTML = `<div class="flex min-h-full flex-col bg-page">
<header class="flex items-center justify-between px-8 py-5">${logoHtml(36)}</header>
<main class="mx-auto flex w-full max-w-5xl flex-1 flex-col items-center justify-center gap-10 px-6 pb-16 text-center">
<div class="space-y-4"><p class="font-medium text-fg-subtle text-sm uppercase tracking-[0.2em]">Data &amp; AI portal</p>
<h1 class="font-semibold text-4xl tracking-tight sm:text-5xl">Welcome to Hangar</h1>
<p class="mx-auto max-w-2xl text-fg-muted text-lg">The group's portal for dashboards, generative AI and data governance. Sign in with your corporate account to continue.</p></div>
<button type="button" data-login class="inline-flex items-center gap-2 rounded-xl bg-accent px-8 py-3 font-semibold text-accent-fg text-base shadow-sm transition hover:opacity-90">${logIn('size-5')}Login</button>
<ul class="grid w-full gap-4 sm:grid-cols-3">${highlights}</ul>
</main></div>`;
  root.querySelector('header')?.append(themeToggle());
  root.querySelector('[data-login]')?.addEventListener('click', () => {
    // A /?tab= link followed while signed out opens its tab once signed in.
    rememberLinkedTab();
    markSigningIn();
    startLogin();
  });
}

/** Shown while the backend is unhealthy; checks again every 60 s and reloads once it answers. */
export function showMaintenance(root: HTMLElement): () => void {
  const [title, expected, autoRefresh] = MAINTENANCE_TEXTS;
  root.innerHTML = `<main class="flex min-h-full flex-col items-center justify-center gap-8 bg-page px-6 text-center">${logoHtml(48)}
<div class="flex size-20 items-center justify-center rounded-full bg-surface-strong text-brand dark:text-fg">${wrench('size-9')}</div>
<div class="max-w-xl space-y-3"><h1 class="font-semibold text-3xl tracking-tight"></h1><p class="text-fg-muted text-lg"></p><p class="text-fg-subtle text-sm"></p></div></main>`;
  const [heading, first, second] = root.querySelectorAll('h1, p');
  if (heading) heading.textContent = title;
  if (first) first.textContent = expected;
  if (second) second.textContent = autoRefresh;
  const timer = window.setInterval(async () => {
    if (await checkHealth()) browser.reload();
  }, SHELL.healthPollMs);
  return () => window.clearInterval(timer);
}
