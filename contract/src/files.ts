import { z } from 'zod';

/** A uri is an opaque reference into the object store (never a path or URL the server follows). */
export const UriQuery = z.object({ uri: z.string().min(1, 'No URI provided').max(1024) });

/** File name shown to the user: last segment of the uri, else the given default. */
export function fileNameFromUri(uri: string | null | undefined, fallback: string): string {
  if (!uri) return fallback;
  const withoutQuery = uri.split(/[?#]/)[0] ?? '';
  const last = withoutQuery.split('/').filter(Boolean).pop();
  return last ? decodeURIComponent(last) : fallback;
}

export const DocumentSummary = z.object({
  uri: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  shared: z.enum(['private', 'bu', 'everyone']),
  createdAt: z.string(),
});
export type DocumentSummary = z.infer<typeof DocumentSummary>;

export const DocumentListResponse = z.object({ documents: z.array(DocumentSummary) });
