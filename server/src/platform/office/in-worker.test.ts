import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractOffice } from '../documents/office.ts';
import { closeOfficeWorkers, countOffice, readOfficeContent, readOfficeSegments, writeOfficeTranslation } from './in-worker.ts';
import { officeText, readOffice } from './package.ts';
import { docx, lyingDocx, manyPartsDocx, pptx, wordParagraph, words } from './test-fixtures.ts';

// The one office reader (Multi Docs and the translator), in its capped worker: hostile packages are
// refused with a message a person can act on, and only the text a document really shows is read.
const MB = 1024 * 1024;
const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/translation');

/**
 * How far the process's resident memory rose above its level before `run` (worker threads count: they
 * live in this process). The kernel's peak when it rose during the call, else the highest sample.
 */
async function rssGrowth(run: () => Promise<unknown>): Promise<number> {
  const before = process.memoryUsage().rss;
  const peakBefore = process.resourceUsage().maxRSS * 1024;
  let sampled = before;
  const timer = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 5);
  try {
    await run();
  } finally {
    clearInterval(timer);
  }
  sampled = Math.max(sampled, process.memoryUsage().rss);
  const peakAfter = process.resourceUsage().maxRSS * 1024;
  return (peakAfter > peakBefore ? peakAfter : sampled) - before;
}

afterAll(() => closeOfficeWorkers());

describe('hostile packages', () => {
  it('refuses a docx whose parts declare 1 KB and inflate to 300 MB, without the process growing by what it would inflate', async () => {
    const bytes = await lyingDocx(300);
    expect(bytes.length).toBeLessThan(MB);
    // The worker started and its modules loaded first, so the measure is the refusal alone.
    await readOfficeContent(await docx({ body: wordParagraph('Warm up') }), 'docx');
    let refusal: unknown;
    const growth = await rssGrowth(async () => {
      refusal = await extractOffice(bytes, 'docx').catch((err) => err);
    });
    expect(refusal).toMatchObject({ status: 400, message: expect.stringMatching(/unpack to more data than they declare.*save it again/) });
    expect(growth).toBeLessThan(100 * MB);
    // The translator's count reads through the same reader.
    await expect(countOffice(bytes, 'docx')).rejects.toThrow(/unpack to more data than they declare/);
  }, 60_000);

  it('refuses a docx of 100,000 parts from its zip directory', async () => {
    const bytes = manyPartsDocx(100_000);
    await expect(extractOffice(bytes, 'docx')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/more than 5,000 parts, far more than any docx/),
    });
  });

  it('refuses a zip named .docx without [Content_Types].xml, and a pptx named .docx', async () => {
    const bare = await docx({ body: wordParagraph('A plain zip with a Word-like part'), contentTypes: false });
    await expect(extractOffice(bare, 'docx')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/not a Word document: it has no \[Content_Types\]\.xml part\. Open it in Word or LibreOffice/),
    });
    const deck = await pptx({ listed: 1, held: 1, text: () => 'A slide' });
    await expect(extractOffice(deck, 'docx')).rejects.toThrow(/holds a PowerPoint document: rename it \.pptx/);
  });
});

describe('what a document really shows', () => {
  it('leaves hidden (w:vanish) text out, and reads comments, counting the words it reads', async () => {
    const bytes = await docx({
      body: wordParagraph('The visible line.') + wordParagraph(words(3000, 'secret'), true),
      comments: wordParagraph(words(1200, 'remark')),
    });
    const content = await readOfficeContent(bytes, 'docx');
    const all = content.parts.flatMap((p) => p.texts).join(' ');
    expect(all).toContain('The visible line.');
    expect(all).not.toContain('secret');
    expect(content.parts.find((p) => p.label === 'comments')?.texts.join(' ')).toContain('remark1');
    expect(content.words).toBe(3 + 1200);
    const extracted = await extractOffice(bytes, 'docx');
    expect(extracted.sections.map((s) => s.text).join(' ')).not.toContain('secret');
  });

  it('reads only the slides presentation.xml lists, with their slide numbers', async () => {
    const bytes = await pptx({ listed: 2, held: 300, text: (n) => `Slide ${n} says hello` });
    const content = await readOfficeContent(bytes, 'pptx');
    expect(content.slides).toBe(2);
    expect(content.parts.map((p) => [p.label, p.page])).toEqual([
      ['slides/slide1', 1],
      ['slides/slide2', 2],
    ]);
    expect((await extractOffice(bytes, 'pptx')).pages).toBe(2);
  });

  it('writes a translation in the worker that the reader finds in place', async () => {
    const bytes = await readFile(path.join(fixtures, 'report.docx'));
    const segments = await readOfficeSegments(bytes, 'docx');
    // Upper-cases text outside tags (entities kept), so every translated word is recognisable.
    const shout = (s: string) => s.replace(/(^|>)([^<]*)/g, (_, a, t: string) => a + t.toUpperCase().replace(/&AMP;/g, '&amp;'));
    const out = await writeOfficeTranslation(bytes, 'docx', segments.map(shout), 'es-ES');
    const text = JSON.stringify(officeText(await readOffice(out, 'docx')));
    expect(text).toContain('CONFIDENTIAL INTERNAL DOCUMENT');
    expect(text).not.toContain('Confidential internal document');
  });
});
