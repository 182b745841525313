import { once } from 'node:events';
import { request } from 'node:http';
import { GOVERNANCE } from '@hangar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { govUploads } from '../../platform/db/schema.ts';
import { recentMonth } from './test-helpers.ts';

const P1 = recentMonth(1);

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await signIn(t.url, 'finance.ssa@hangar.local', DEMO_PASSWORD)).accessToken;
}, 60_000);
afterAll(() => t?.close());

/** Streams a multipart upload of `size` bytes without holding it in memory. */
function streamUpload(size: number): Promise<{ status: number; body: string }> {
  const boundary = '----hangar-limit';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = `${field('file_asset', 'SSA')}${field('use_case', 'Finance')}${field('month', P1.m)}${field('year', P1.y)}${field('file_type', 'GENERAL_LEDGER')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    const req = request(
      `${t.url}/api/data_gov/ingestion/file`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    (async () => {
      req.write(head);
      const chunk = Buffer.alloc(4 * 1024 * 1024, 0x41);
      for (let sent = 0; sent < size; ) {
        const piece = chunk.subarray(0, Math.min(chunk.length, size - sent));
        sent += piece.length;
        if (!req.write(piece)) await once(req, 'drain');
      }
      req.end(tail);
    })().catch(reject);
  });
}

describe('the 2 GB upload limit', () => {
  it('refuses a file one byte over 2 GB with 413, keeping nothing of it', async () => {
    const res = await streamUpload(GOVERNANCE.maxUploadBytes + 1);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('huge.csv is larger than 2 GB (2147483648 bytes). Split it by period or BU.');
    expect(await t.ctx.db.select().from(govUploads)).toEqual([]);
    expect(await t.ctx.store.list('governance/uploads/')).toEqual([]);
  }, 180_000);
});
