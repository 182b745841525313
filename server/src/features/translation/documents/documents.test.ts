import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeOfficeWorkers } from '../../../platform/office/in-worker.ts';
import { officeText, readOffice } from '../../../platform/office/package.ts';
import { docx, pptx, wordParagraph, words } from '../../../platform/office/test-fixtures.ts';
import type { SegmentEngine } from '../../../providers/translate/engine.ts';
import { translateDocument } from '../translate-document.ts';
import { countPages } from './pages.ts';
import { sniffDocument } from './sniff.ts';
import { sofficeAvailable } from './soffice.ts';

// The translator charges and limits what it translates: the parts a document uses, its visible text.
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hangar-translation-documents-'));
});
afterAll(async () => {
  await closeOfficeWorkers();
  await rm(dir, { recursive: true, force: true });
});

const saved = async (name: string, bytes: Buffer) => {
  const file = path.join(dir, name);
  await writeFile(file, bytes);
  return file;
};

/** An engine that upper-cases every segment and remembers what it was sent. */
function shoutingEngine() {
  const sent: string[] = [];
  const engine: SegmentEngine = {
    kind: 'segments',
    translate: async ({ segments }) => {
      sent.push(...segments);
      return segments.map((s) => s.toUpperCase());
    },
  };
  return { engine, sent };
}

const translate = (bytes: Buffer, type: 'docx' | 'pptx', engine: SegmentEngine) =>
  translateDocument({ bytes, type, fileName: `x.${type}`, engine, source: 'en', target: 'es', progress: async () => {} });

describe('the translator reads what the document really holds', () => {
  it('refuses a zip named .docx without [Content_Types].xml (415, with what to do)', async () => {
    const bytes = await docx({ body: wordParagraph('Looks like Word'), contentTypes: false });
    const file = await saved('bare.docx', bytes);
    await expect(sniffDocument(file, bytes.subarray(0, 1024), bytes.length)).rejects.toMatchObject({
      status: 415,
      message: expect.stringMatching(/no \[Content_Types\]\.xml part\. Open it in Word, PowerPoint or LibreOffice/),
    });
  });

  it('charges and translates only the slide a deck lists, not the 299 more it holds', async () => {
    const bytes = await pptx({ listed: 1, held: 300, text: (n) => `Slide ${n} ${words(60)}` });
    const file = await saved('deck.pptx', bytes);
    expect(await sniffDocument(file, bytes.subarray(0, 1024), bytes.length)).toBe('pptx');
    expect(await countPages(file, bytes, 'pptx')).toEqual({ pages: 1, estimated: false });
    const { engine, sent } = shoutingEngine();
    const out = await translate(bytes, 'pptx', engine);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^Slide 1 /);
    const slides = await readOffice(out, 'pptx');
    expect(officeText(slides)['slides/slide1']?.join('')).toMatch(/^SLIDE 1 LOREM0/);
    // The unlisted slides are copied untouched.
    expect(await slides.zip.file('ppt/slides/slide2.xml')!.async('string')).toContain('Slide 2 lorem0');
  });

  it('does not translate hidden text, and charges the comments it translates by their words (past the 40-page limit)', async () => {
    const bytes = await docx({
      body: wordParagraph('One visible line.') + wordParagraph(words(30_000, 'hidden'), true),
      comments: wordParagraph(words(20_600, 'remark')),
    });
    const file = await saved('hidden.docx', bytes);
    const { engine, sent } = shoutingEngine();
    const out = await translate(bytes, 'docx', engine);
    expect(sent.join(' ')).not.toContain('hidden');
    const translatedWords = sent.join(' ').split(/\s+/).length;
    expect(translatedWords).toBe(3 + 20_600);
    // Charged what is translated: 41 page equivalents of 500 words (LibreOffice lays the body out on 1 page).
    expect(await countPages(file, bytes, 'docx')).toEqual({ pages: Math.ceil(translatedWords / 500), estimated: !sofficeAvailable() });
    const result = await readOffice(out, 'docx');
    expect(result.zip.file('word/document.xml')).toBeTruthy();
    const body = await result.zip.file('word/document.xml')!.async('string');
    expect(body).toContain('ONE VISIBLE LINE.');
    expect(body).toContain('hidden0 hidden1'); // left as it was, still hidden
    expect(officeText(result).comments?.join(' ')).toContain('REMARK1');
  }, 120_000);
});
