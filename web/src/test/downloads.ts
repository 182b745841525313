import { vi } from 'vitest';

export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Records the files the app saves (an object URL clicked through a download link): jsdom has
 * neither. Returns the list the saves go into; `vi.restoreAllMocks()` in afterEach undoes the spy.
 */
export function recordDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return saved;
}
