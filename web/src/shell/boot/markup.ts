import { LOGO_ARCH_PATH, LOGO_PLANE_PATH, wordmarkSize } from '../../ui/logo-mark.ts';

// The signed-out pages are plain HTML (no React): the landing must paint before any large script
// has loaded (issue 13, first load). Only constant texts go into this markup, never user data.

/** The same mark and wordmark as the React `Logo`. */
export function logoHtml(size: number): string {
  return `<span class="inline-flex items-center gap-2.5"><svg width="${size}" height="${size}" viewBox="0 0 32 32" class="shrink-0 text-brand dark:text-accent" role="img" aria-label="Hangar logo"><rect width="32" height="32" rx="8" fill="currentColor"></rect><path d="${LOGO_ARCH_PATH}" fill="none" stroke="var(--palette-background)" stroke-width="2.4" stroke-linecap="round"></path><path fill="var(--palette-background)" d="${LOGO_PLANE_PATH}"></path></svg><span class="font-semibold tracking-tight text-fg" style="font-size:${wordmarkSize(size)}px">Hangar</span></span>`;
}

/**
 * The splash: written into index.html at build, so it shows before any script runs. The logo fades in
 * once; no endless animation, which on a phone without GPU compositing costs main-thread work every
 * frame while the portal loads (issue 13, first load).
 */
export function splashHtml(): string {
  return `<div role="status" aria-label="Loading Hangar" class="flex h-full items-center justify-center bg-page"><div class="animate-splash">${logoHtml(72)}</div></div>`;
}
