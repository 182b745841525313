import type { IngestionItem } from '@hangar/contract';
import { expect } from 'vitest';

// Calls the governance tests share: multipart uploads in the field order the web app sends.

export interface Part {
  file_type: string;
  file_version?: string;
  name: string;
  body: string | Buffer;
}

export function uploadForm(head: Record<string, string>, parts: Part[]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(head)) form.append(k, v);
  for (const p of parts) {
    form.append('file_type', p.file_type);
    if (p.file_version) form.append('file_version', p.file_version);
    form.append('file', new Blob([typeof p.body === 'string' ? p.body : new Uint8Array(p.body)]), p.name);
  }
  return form;
}

export async function postForm(baseUrl: string, path: string, token: string, form: FormData) {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const text = await res.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  const body: any = res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  return { status: res.status, body };
}

export function fieldsForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return form;
}

/** Polls the ingestion items until `done` holds for the item of `fileType` (the pipeline runs in the background). */
export async function waitForItem(
  get: () => Promise<IngestionItem[]>,
  fileType: string,
  done: (item: IngestionItem) => boolean,
  timeoutMs = 30_000,
): Promise<IngestionItem> {
  const start = Date.now();
  let last: IngestionItem | undefined;
  while (Date.now() - start < timeoutMs) {
    last = (await get()).find((i) => i.file_type === fileType);
    if (last && done(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  expect.fail(`${fileType} never reached the expected stage; last seen: ${JSON.stringify(last?.status)} ${JSON.stringify(last?.error)}`);
}

/** A month `back` months before the current one (0 = this month): uploads are accepted for the last four only. */
export function recentMonth(back: number, today = new Date()): { year: number; month: number; y: string; m: string } {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + 1;
  return { year, month, y: String(year), m: String(month) };
}
