import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { officeSegments, officeText, readOffice, writeOffice } from './package.ts';
import { splitTranslation } from './paragraphs.ts';
import { buildXml, parseXml } from './xml-codec.ts';

const fixtures = path.resolve(import.meta.dirname, '../../../test/fixtures/translation');
/** A fake engine: upper-cases text outside tags, so every translated word is recognisable. */
const shout = (segment: string) => segment.replace(/(^|>)([^<]*)/g, (_, a, t: string) => a + t.toUpperCase().replace(/&AMP;/g, '&amp;'));

describe('OOXML walker', () => {
  it('round-trips a part unchanged', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="x"><w:body><w:p><w:r><w:t xml:space="preserve">A &amp; B &lt;c&gt; </w:t></w:r></w:p><w:sectPr/></w:body></w:document>';
    // Only the line break after the declaration goes (insignificant whitespace outside the root).
    expect(buildXml(parseXml(xml))).toBe(xml.replace('?>\n', '?>'));
  });

  it('finds text in every part of a docx made by LibreOffice, and writes it back with runs and language', async () => {
    const doc = await readOffice(await readFile(path.join(fixtures, 'report.docx')), 'docx');
    const text = officeText(doc);
    const all = JSON.stringify(text);
    for (const sentence of [
      'Confidential internal document', // header
      'The board of directors approved this page.', // footer
      'The meeting has been postponed', // footnote
      'Please check the budget', // comment
      'The market is growing.', // table
      'The red house is near the river.', // text box
      'increased by twelve percent', // bold run
    ])
      expect(all).toContain(sentence);
    expect(Object.keys(text)).toEqual(expect.arrayContaining(['document', 'header1', 'footer1', 'footnotes', 'comments']));
    // The bold run is its own marked piece.
    const body = officeSegments(doc).find((s) => s.includes('quarterly'))!;
    expect(body).toMatch(/<span data-r="1">increased by twelve percent<\/span>/);

    const out = await writeOffice(doc, officeSegments(doc).map(shout), 'es-ES');
    const again = await readOffice(out, 'docx');
    const translated = JSON.stringify(officeText(again));
    expect(translated).toContain('CONFIDENTIAL INTERNAL DOCUMENT');
    expect(translated).toContain('THE RED HOUSE IS NEAR THE RIVER.');
    expect(translated).not.toMatch(/The (meeting|market|board|red house|quarterly)/);
    const documentXml = await again.zip.file('word/document.xml')!.async('string');
    expect(documentXml).toMatch(
      /<w:b\/>[\s\S]*?<w:lang w:val="es-ES"\/><\/w:rPr><w:t xml:space="preserve">INCREASED BY TWELVE PERCENT<\/w:t>/,
    );
  });

  it('finds slides and speaker notes of a pptx', async () => {
    const doc = await readOffice(await readFile(path.join(fixtures, 'deck.pptx')), 'pptx');
    const text = officeText(doc);
    expect(text['slides/slide1']?.join(' ')).toContain('The quarterly report');
    expect(text['notesSlides/notesSlide1']?.join(' ')).toContain('The meeting has been postponed');
    const out = await writeOffice(doc, officeSegments(doc).map(shout), 'fr-FR');
    const slide = await (await readOffice(out, 'pptx')).zip.file('ppt/slides/slide1.xml')!.async('string');
    expect(slide).toContain('lang="fr-FR"');
    expect(slide).toContain('INCREASED');
  });

  it('puts text left outside the markers into the run before it', () => {
    expect(splitTranslation('El <span data-r="1">informe</span> dice &amp; más', 2)).toEqual(['El ', 'informe dice & más']);
    expect(splitTranslation('<span data-r="0">a</span>', 3)).toEqual(['a', '', '']);
  });
});
