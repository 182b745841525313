/** A Content-Disposition header that survives any file name (ASCII fallback plus the UTF-8 form). */
export const contentDisposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** A user's file name made safe as the last segment of an object key. */
export const safeKeySegment = (name: string) =>
  name
    .replace(/[^\w.\- ]+/g, '_')
    .replace(/^\.+/, '')
    .slice(-150) || 'file';
