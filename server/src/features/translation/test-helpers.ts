import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TranslationJob } from '@hangar/contract';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/translation');
export const fixture = (name: string) => readFile(path.join(FIXTURES, name));

/** A multipart call with one document and its fields. */
export async function upload(
  baseUrl: string,
  route: string,
  token: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array; name: string } | { bytes: Uint8Array; name: string }[],
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of [file ?? []].flat()) form.append('file', new Blob([new Uint8Array(f.bytes)]), f.name);
  const res = await fetch(`${baseUrl}${route}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const type = res.headers.get('content-type') ?? '';
  const body = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  return { status: res.status, body: body as any, headers: res.headers };
}

/** Polls a job until it is done or failed. */
export async function finished(baseUrl: string, token: string, jobId: string, timeoutMs = 60_000): Promise<TranslationJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/translation/jobs/${jobId}`, { headers: { authorization: `Bearer ${token}` } });
    const job = (await res.json()) as TranslationJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function download(baseUrl: string, token: string, url: string) {
  const res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), disposition: res.headers.get('content-disposition') };
}

/** Starts an offline translation of a checked-in fixture (Spanish unless said). */
export async function startOffline(baseUrl: string, token: string, sessionId: string, name: string, target = 'ES') {
  const fields = { method: 'Offline', id_session: sessionId, target_language: target };
  return upload(baseUrl, '/api/translation', token, fields, { bytes: await fixture(name), name });
}
