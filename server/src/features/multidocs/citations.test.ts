import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MultidocsEvent } from '@hangar/contract';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.ts';
import { extractOffice } from '../../platform/documents/office.ts';
import { closeOfficeWorkers } from '../../platform/office/in-worker.ts';
import { citationsOf, PREVIEW_NO_MATCH, PREVIEW_PASSAGES, previewLines } from './answer.ts';
import type { Passage } from './store.ts';

// Issue 33, items 9 and 11: a docx passage is cited by the section heading it sits under (a docx
// has no pages before layout, so "page 1" for all of it was wrong), and the preview lists the
// passages found for the question, not every passage of every small file.
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/multidocs');

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const para = (text: string, style?: string, outline?: number) =>
  `<w:p>${style || outline !== undefined ? `<w:pPr>${style ? `<w:pStyle w:val="${style}"/>` : ''}${outline !== undefined ? `<w:outlineLvl w:val="${outline}"/>` : ''}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A docx as French Word writes it: localised style ids (Titre1), named "heading 1" in styles.xml. */
async function frenchDocx(): Promise<Buffer> {
  const zip = new JSZip();
  const wordml = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  zip.file(
    '[Content_Types].xml',
    `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${wordml}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${wordml}.styles+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `${XML}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `${XML}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/></Relationships>`,
  );
  zip.file(
    'word/styles.xml',
    `${XML}<w:styles xmlns:w="${W}">
      <w:style w:type="paragraph" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
      <w:style w:type="paragraph" w:styleId="Titre"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>
      <w:style w:type="paragraph" w:styleId="Titre1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/></w:style>
      <w:style w:type="paragraph" w:styleId="Titre2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/></w:style>
      <w:style w:type="paragraph" w:styleId="Encadre"><w:name w:val="Encadré"/><w:basedOn w:val="Titre1"/></w:style>
    </w:styles>`,
  );
  zip.file(
    'word/document.xml',
    `${XML}<w:document xmlns:w="${W}"><w:body>${[
      para('Manuel des escales', 'Titre'),
      para('Ce manuel décrit les règles des escales.'),
      para('Carburant', 'Titre1'),
      para('Avitaillement', 'Titre2'),
      para("L'avitaillement utilise le réseau hydrant aux portes 12 à 20."),
      // Styled as a heading but set back to body text by its own outline level.
      para('Une remarque en corps de texte.', 'Titre1', 9),
      para('Objets trouvés', 'Encadre'),
      para('Les objets trouvés sont gardés quatre-vingt-dix jours.'),
    ].join('')}<w:sectPr/></w:body></w:document>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

afterAll(() => closeOfficeWorkers());

describe('docx passages carry their section heading, not page 1', () => {
  it('reads the headings LibreOffice writes (Heading 1 style, direct outline levels)', async () => {
    const { sections } = await extractOffice(await readFile(path.join(FIXTURES, 'handbook.docx')), 'docx');
    expect(sections.map((s) => [s.page, s.heading])).toEqual([
      [null, 'Ground handling'],
      [null, 'Fuel policy'],
      [null, 'Lost property'],
    ]);
    expect(sections[2]!.text).toBe('Lost property is kept for ninety days at the information desk in Terminal 2, then given to charity.');
  });

  it("tells headings by their style's name when the ids are localised, through basedOn, and a body outline level wins", async () => {
    const { sections } = await extractOffice(await frenchDocx(), 'docx');
    expect(sections.map((s) => [s.heading, s.text])).toEqual([
      ['Manuel des escales', 'Ce manuel décrit les règles des escales.'],
      // A chapter and its first subsection with nothing between: one section, named by the subsection.
      ['Avitaillement', "Carburant\nL'avitaillement utilise le réseau hydrant aux portes 12 à 20.\nUne remarque en corps de texte."],
      ['Objets trouvés', 'Les objets trouvés sont gardés quatre-vingt-dix jours.'],
    ]);
    expect(sections.every((s) => s.page === null)).toBe(true);
  });

  it('cites a docx passage as "name, section \'Heading\'" in the preview and to the model', () => {
    const passage: Passage = {
      fileId: 'f',
      uri: 'documents/h.docx',
      name: 'handbook.docx',
      url: null,
      page: null,
      heading: 'Lost property',
      text: 'Lost property is kept for ninety days.',
      rank: 0.5,
    };
    const citations = citationsOf([passage]);
    expect(citations[0]).toMatchObject({ page: null, heading: 'Lost property' });
    expect(previewLines(citations)).toEqual(["[1] handbook.docx, section 'Lost property': Lost property is kept for ninety days.\n"]);
  });
});

describe('the preview lists the passages found for the question', () => {
  const passage = (n: number, rank: number): Passage => ({
    fileId: 'f',
    uri: 'documents/r.pdf',
    name: 'r.pdf',
    url: null,
    page: n,
    heading: null,
    text: `Passage ${n}`,
    rank,
  });

  it('leaves out passages of a small file that the search did not find, keeping the numbers the answer cites', () => {
    const lines = previewLines(citationsOf([passage(1, 0), passage(2, 0.03), passage(3, 0), passage(4, 0.01)]));
    expect(lines).toEqual(['[2] r.pdf, page 2: Passage 2\n', '[4] r.pdf, page 4: Passage 4\n']);
  });

  it('lists at most the best PREVIEW_PASSAGES, and says so when nothing matches', () => {
    const many = Array.from({ length: 20 }, (_, i) => passage(i + 1, (i + 1) / 100));
    const lines = previewLines(citationsOf(many));
    expect(lines).toHaveLength(PREVIEW_PASSAGES);
    expect(lines[0]).toMatch(/^\[13\] /);
    expect(previewLines(citationsOf([passage(1, 0), passage(2, 0)]))).toEqual([`${PREVIEW_NO_MATCH}\n`]);
  });
});

describe('Multi Docs answers over a docx', () => {
  let t: TestApp;
  let analyst: string;
  beforeAll(async () => {
    // No language model configured: the offline assistant answers, as on a fresh install.
    t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false', MULTIDOCS_UPLOAD_WAIT_MS: '120000' });
    analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  }, 120_000);
  afterAll(() => t?.close());

  it('previews only the section found, cited by its heading, and the answer quotes it as "section \'Lost property\'"', async () => {
    const form = new FormData();
    form.set('sessionId', 'md-docx-headings');
    form.append(
      'file',
      new Blob([new Uint8Array(await readFile(path.join(FIXTURES, 'handbook.docx')))], {
        type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      }),
      'handbook.docx',
    );
    const up = await fetch(`${t.url}/api/multidocs_chat/upload-file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}` },
      body: form,
    });
    expect(up.status).toBe(200);
    const { uri } = (await up.json()) as { uri: string };
    const ask = new FormData();
    ask.set('sessionId', 'md-docx-headings');
    ask.set('texts', JSON.stringify([{ uri }, { text: 'How long is lost property kept?' }]));
    const res = await fetch(`${t.url}/api/multidocs_chat/dual-stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyst}` },
      body: ask,
    });
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as MultidocsEvent);
    const preview = events
      .filter((e) => e.type === 'preview_chunk')
      .map((e) => e.content)
      .join('');
    expect(preview).toContain("handbook.docx, section 'Lost property': Lost property is kept for ninety days");
    expect(preview).not.toContain('page 1');
    // The other sections are in the model's context (the file is small) but not what was found.
    expect(preview).not.toContain('Baggage carts');
    expect(preview).not.toContain('hydrant');
    const answer = events
      .filter((e) => e.type === 'ask_chunk')
      .map((e) => e.content)
      .join('');
    expect(answer).toContain("— handbook.docx, section 'Lost property'");
  });
});
