/** Full-page navigations, behind functions so tests can observe them (jsdom cannot navigate). */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Navigates without leaving the current page in history (back skips it). */
  replace(url: string): void {
    window.location.replace(url);
  },
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  close(): void {
    window.close();
  },
};
