import type { Page } from '@playwright/test';

export interface OverflowReport {
  scrollWidth: number;
  clientWidth: number;
  /** Elements that stick out of the window and cannot be scrolled to (selector-like descriptions). */
  offenders: string[];
}

/**
 * What a user at this width cannot reach: the page scrolls sideways, or an element sticks out of the
 * window without a horizontally scrollable container of its own (a wide table inside a scroller is fine).
 */
export function horizontalOverflow(page: Page): Promise<OverflowReport> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    const insideWindow = (r: DOMRect) => r.left >= -1 && r.right <= width + 1;
    // A tab panel scrolls (vertically, so sideways too by CSS rules), but a page that needs sideways
    // scrolling of the whole panel is what this check is about: only scrollers inside it count.
    const pageLevel = (el: Element) => el.matches('[role="tabpanel"], main, #root, #root > div');
    const scrollsSideways = (el: Element) => !pageLevel(el) && /(auto|scroll)/.test(getComputedStyle(el).overflowX);
    const nameOf = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const label = el.getAttribute('aria-label') ?? el.getAttribute('data-testid') ?? (el.textContent ?? '').trim().slice(0, 40);
      const r = el.getBoundingClientRect();
      return `${el.tagName.toLowerCase()}${id} "${label}" [${Math.round(r.left)}..${Math.round(r.right)}]`;
    };
    const offenders: string[] = [];
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || insideWindow(r)) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      let reachable = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (scrollsSideways(p) && insideWindow(p.getBoundingClientRect())) {
          reachable = true;
          break;
        }
      }
      // Only the outermost offender is worth naming: its children stick out with it.
      if (!reachable && !el.parentElement?.closest('[data-overflow-reported]')) {
        offenders.push(nameOf(el));
        el.setAttribute('data-overflow-reported', '');
      }
    }
    for (const el of document.querySelectorAll('[data-overflow-reported]')) el.removeAttribute('data-overflow-reported');
    for (const panel of document.querySelectorAll('[role="tabpanel"]:not([hidden]), main')) {
      if (panel.scrollWidth > panel.clientWidth + 1)
        offenders.push(`${nameOf(panel)} scrolls sideways (${panel.scrollWidth} > ${panel.clientWidth})`);
    }
    return { scrollWidth: scroller.scrollWidth, clientWidth: scroller.clientWidth, offenders };
  });
}
