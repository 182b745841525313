import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Canary, linkedImageDocx, startCanary } from '../../../../test/canary.ts';
import { pdfPageCount } from '../../../platform/pdf/text.ts';
import { convertToPdf } from './pages.ts';
import { sofficeAvailable } from './soffice.ts';

// The estimate (POST /api/translation/document) lays a docx out with LibreOffice. A docx whose image
// is linked from an address (TargetMode="External") made soffice send OPTIONS and GET requests there:
// a blind SSRF. The canary on 127.0.0.1 must get nothing from convertToPdf.

const available = sofficeAvailable();
if (!available) console.warn('convert-to-pdf.test.ts skipped: soffice is not installed (Debian package libreoffice-writer).');

describe.skipIf(!available)('convertToPdf on a docx with a linked image', () => {
  let canary: Canary;
  let dir: string;
  beforeAll(async () => {
    canary = await startCanary();
    dir = await mkdtemp(path.join(tmpdir(), 'hangar-ssrf-'));
  });
  afterAll(async () => {
    await canary.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends no request to the linked address, lays the document out, and leaves the file as it was', { timeout: 120_000 }, async () => {
    // The control: the same document converted as before (soffice with the server's network and a
    // default profile) does reach the canary, so a silent canary below is the fix, not the document.
    const control = path.join(dir, 'control');
    await mkdir(control);
    await writeFile(path.join(control, 'upload'), await linkedImageDocx(`${canary.url}/control.png`));
    await new Promise((resolve, reject) =>
      spawn(
        'soffice',
        [
          `-env:UserInstallation=file://${control}/profile`,
          '--headless',
          '--norestore',
          '--convert-to',
          'pdf',
          '--outdir',
          control,
          `${control}/upload`,
        ],
        { stdio: 'ignore', env: { ...process.env, HOME: control }, timeout: 60_000 },
      )
        .on('error', reject)
        .on('close', resolve),
    );
    expect(canary.hits.filter((h) => h.includes('/control.png')).length).toBeGreaterThan(0);

    // As the estimate does: the upload is stored as `upload`, without an extension.
    const out = path.join(dir, 'estimate');
    await mkdir(out);
    const upload = path.join(dir, 'upload');
    const bytes = await linkedImageDocx(`${canary.url}/estimate.png`);
    await writeFile(upload, bytes);
    await convertToPdf(upload, out);
    expect(canary.hits.filter((h) => h.includes('/estimate.png'))).toEqual([]);
    expect(await readdir(out)).toContain('upload.pdf');
    expect(await pdfPageCount(await readFile(path.join(out, 'upload.pdf')))).toBe(1);
    expect((await readFile(upload)).equals(bytes)).toBe(true);
  });
});
