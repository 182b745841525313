import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Canary, linkedImageDocx, startCanary } from '../../../test/canary.ts';
import { lockedDownOfficeProfile, officeCopyWithoutExternalLinks, stripExternalRelationships } from './external-links.ts';

const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${REL}">${body}</Relationships>`;

async function pkg(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, text] of Object.entries(files)) zip.file(name, text);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
const partsOf = async (bytes: Uint8Array) => {
  const zip = await JSZip.loadAsync(bytes);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) if (!file.dir) out[name] = await file.async('string');
  return out;
};

describe('stripExternalRelationships', () => {
  it('removes every relationship to the outside from every _rels part of a docx, pptx or xlsx, and keeps the rest', async () => {
    const document = '<w:document xmlns:w="w"><w:body><w:p/></w:body></w:document>';
    const bytes = await pkg({
      '[Content_Types].xml': '<Types/>',
      '_rels/.rels': rels(
        `<Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/>` +
          `<Relationship Id="rId9" Type="${R}/hyperlink" Target="https://example.org/root" TargetMode="External"/>`,
      ),
      'word/document.xml': document,
      'word/_rels/document.xml.rels': rels(
        `<Relationship Id="rIdImg" Type="${R}/image" Target="media/image1.png"/>` +
          `<Relationship Id="rIdLinked" Type="${R}/image" Target="http://127.0.0.1:9/linked.png" TargetMode="External"/>` +
          // Single quotes, a > inside a value, spaces around =, the mode spelt with character references.
          `<Relationship Id='rIdQuoted' Type='${R}/image' Target='http://127.0.0.1:9/a>b.png' TargetMode = 'External' />` +
          `<Relationship Id="rIdEncoded" Type="${R}/image" Target="http://127.0.0.1:9/encoded.png" TargetMode="&#69;xter&#x6e;al"/>` +
          // A URL or a UNC path as target without the mode, and a mode that is neither Internal nor External.
          `<Relationship Id="rIdFile" Type="${R}/image" Target="file:///etc/passwd"/>` +
          `<Relationship Id="rIdUnc" Type="${R}/image" Target="\\\\fileserver\\share\\x.png"/>` +
          `<Relationship Id="rIdOdd" Type="${R}/image" Target="media/x.png" TargetMode="external "/>` +
          `<Relationship Id="rIdInternal" Type="${R}/styles" Target="styles.xml" TargetMode="Internal"/>` +
          `<Relationship Id="rIdOpen" Type="${R}/image" Target="http://127.0.0.1:9/open.png" TargetMode="External"></Relationship>`,
      ),
      'word/media/image1.png': 'png bytes',
      'xl/externalLinks/_rels/externalLink1.xml.rels': rels(
        `<Relationship Id="rId1" Type="${R}/externalLinkPath" Target="https://intranet.example/prices.xlsx" TargetMode="External"/>`,
      ),
      'ppt/slides/_rels/slide1.xml.rels': rels(
        `<pr:Relationship xmlns:pr="${REL}" Id="rId2" Type="${R}/video" Target="http://169.254.169.254/latest/meta-data" TargetMode="External"/>`,
      ),
    });
    const { bytes: out, removed, kind } = await stripExternalRelationships(bytes);
    expect(kind).toBe('docx');
    expect(removed.sort()).toEqual(
      [
        'https://example.org/root',
        'http://127.0.0.1:9/linked.png',
        'http://127.0.0.1:9/a>b.png',
        'http://127.0.0.1:9/encoded.png',
        'file:///etc/passwd',
        '\\\\fileserver\\share\\x.png',
        'media/x.png',
        'http://127.0.0.1:9/open.png',
        'https://intranet.example/prices.xlsx',
        'http://169.254.169.254/latest/meta-data',
      ].sort(),
    );
    const parts = await partsOf(out);
    const all = Object.entries(parts)
      .filter(([name]) => name.endsWith('.rels'))
      .map(([, text]) => text)
      .join('\n');
    expect(all).not.toMatch(/127\.0\.0\.1|example\.org|intranet|169\.254|file:|fileserver|rIdOdd/);
    expect(parts['_rels/.rels']).toContain('Target="word/document.xml"');
    expect(parts['word/_rels/document.xml.rels']).toContain('Id="rIdImg"');
    expect(parts['word/_rels/document.xml.rels']).toContain('Id="rIdInternal"');
    expect(parts['word/_rels/document.xml.rels']).toMatch(/^<\?xml[^>]*\?>\n<Relationships xmlns="[^"]+">/);
    expect(parts['word/document.xml']).toBe(document);
    expect(parts['word/media/image1.png']).toBe('png bytes');
  });

  it('refuses what it cannot read as LibreOffice would: a DTD, UTF-16, the same part twice', async () => {
    const dtd = await pkg({
      'word/_rels/document.xml.rels': `<!DOCTYPE r [<!ENTITY m "External">]>${rels(`<Relationship Id="a" Target="http://x/" TargetMode="&m;"/>`)}`,
    });
    await expect(stripExternalRelationships(dtd)).rejects.toThrow(/DTD/);
    const utf16 = new JSZip();
    utf16.file('_rels/.rels', Buffer.from(`\ufeff${rels('')}`, 'utf16le'));
    await expect(stripExternalRelationships(await utf16.generateAsync({ type: 'nodebuffer' }))).rejects.toThrow(/UTF-8/);
    const twice = await pkg({ 'word/_rels/document.xml.rels': rels(''), 'WORD/_rels/document.xml.rels': rels('') });
    await expect(stripExternalRelationships(twice)).rejects.toThrow(/twice/);
  });

  it('writes the package again, so a part stored twice in the zip reaches LibreOffice once, cleaned', async () => {
    const name = 'word/_rels/document.xml.rels';
    const linked = rels(`<Relationship Id="a" Type="${R}/image" Target="http://127.0.0.1:9/x.png" TargetMode="External"/>`);
    for (const order of [
      [linked, rels('')],
      [rels(''), linked],
    ]) {
      // Two entries under names of the same length, the second renamed to the first in the raw bytes.
      const twice = new JSZip();
      twice.file(name, order[0]!);
      twice.file(name.replace('document', 'documenZ'), order[1]!);
      const raw = (await twice.generateAsync({ type: 'nodebuffer', compression: 'STORE' })).toString('latin1');
      const bytes = Buffer.from(raw.replaceAll('documenZ', 'document'), 'latin1');
      expect(bytes.toString('latin1').split(name).length - 1).toBe(4);
      const { bytes: out } = await stripExternalRelationships(bytes);
      expect(out.toString('latin1').split(name).length - 1).toBe(2); // one local header, one directory entry
      expect((await partsOf(out))[name]).not.toContain('External');
    }
  });

  it('copies a file for LibreOffice under the same name: an Office package stripped, anything else as it is, the original untouched', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hangar-links-'));
    try {
      const docx = path.join(dir, 'upload');
      const original = await linkedImageDocx('http://127.0.0.1:9/x.png');
      await writeFile(docx, original);
      const copy = await officeCopyWithoutExternalLinks(docx, path.join(dir, 'copy'));
      expect(copy.path).toBe(path.join(dir, 'copy', 'upload'));
      expect(copy.kind).toBe('docx');
      expect(copy.removed).toEqual(['http://127.0.0.1:9/x.png', 'http://127.0.0.1:9/x.png']);
      expect((await partsOf(await readFile(copy.path)))['word/_rels/document.xml.rels']).not.toContain('External');
      expect((await readFile(docx)).equals(original)).toBe(true);

      const xls = path.join(dir, 'old.xls');
      await writeFile(xls, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2, 3]));
      const plain = await officeCopyWithoutExternalLinks(xls, path.join(dir, 'copy'));
      expect(plain).toMatchObject({ path: path.join(dir, 'copy', 'old.xls'), removed: [], kind: null });
      expect(await readFile(plain.path)).toEqual(await readFile(xls));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// The profile layer alone: LibreOffice with network and the document's links left in place.
const soffice = spawnSync('soffice', ['--version'], { stdio: 'ignore', timeout: 20_000 }).status === 0;
if (!soffice)
  console.warn(
    'external-links.test.ts: the LibreOffice profile test is skipped: soffice is not installed (Debian package libreoffice-writer).',
  );

describe.skipIf(!soffice)('the locked-down LibreOffice profile', () => {
  let canary: Canary;
  let dir: string;
  beforeAll(async () => {
    canary = await startCanary();
    dir = await mkdtemp(path.join(tmpdir(), 'hangar-lo-profile-'));
  });
  afterAll(async () => {
    await canary.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function convert(name: string, profileArg: string): Promise<string[]> {
    const input = path.join(dir, `${name}.docx`);
    await writeFile(input, await linkedImageDocx(`${canary.url}/${name}.png`));
    const code = await new Promise((resolve, reject) =>
      spawn('soffice', [profileArg, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, input], {
        stdio: 'ignore',
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, LANG: 'C.UTF-8' },
        timeout: 60_000,
      })
        .on('error', reject)
        .on('close', resolve),
    );
    expect(code).toBe(0);
    expect(await readdir(dir)).toContain(`${name}.pdf`);
    return canary.hits.filter((h) => h.includes(`/${name}.png`));
  }

  it('keeps LibreOffice from fetching a linked image, which a default profile fetches', { timeout: 120_000 }, async () => {
    // The control: the document does make a default LibreOffice send requests to the canary.
    expect(await convert('default', `-env:UserInstallation=file://${dir}/default-profile`)).not.toEqual([]);
    expect(await convert('locked', await lockedDownOfficeProfile(path.join(dir, 'locked-profile')))).toEqual([]);
  });
});
