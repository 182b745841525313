import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';
import JSZip from 'jszip';

// Real docx, pptx and hostile zips built in tests (office reader, Multi Docs, translator): honest
// packages with JSZip, and the zips no office program writes (lying sizes, 100,000 entries) by hand.

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const contentTypes = (overrides: Record<string, string>) =>
  `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${Object.entries(
    overrides,
  )
    .map(([part, type]) => `<Override PartName="/${part}" ContentType="${type}"/>`)
    .join('')}</Types>`;

const relationships = (rels: { id: string; type: string; target: string }[]) =>
  `${XML}<Relationships xmlns="${REL}">${rels.map((r) => `<Relationship Id="${r.id}" Type="${R}/${r.type}" Target="${r.target}"/>`).join('')}</Relationships>`;

/** `n` words of English-looking text. */
export const words = (n: number, word = 'lorem') => Array.from({ length: n }, (_, i) => `${word}${i % 10}`).join(' ');

export const wordParagraph = (text: string, hidden = false) =>
  `<w:p><w:r>${hidden ? '<w:rPr><w:vanish/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

/** A docx whose body holds `body` (w:p elements), with comments when given, optionally without [Content_Types].xml. */
export async function docx(input: { body: string; comments?: string; contentTypes?: boolean }): Promise<Buffer> {
  const zip = new JSZip();
  const wordml = 'application/vnd.openxmlformats-officedocument.wordprocessingml';
  if (input.contentTypes !== false) {
    zip.file(
      '[Content_Types].xml',
      contentTypes({
        'word/document.xml': `${wordml}.document.main+xml`,
        ...(input.comments ? { 'word/comments.xml': `${wordml}.comments+xml` } : {}),
      }),
    );
  }
  zip.file('_rels/.rels', relationships([{ id: 'rId1', type: 'officeDocument', target: 'word/document.xml' }]));
  zip.file('word/document.xml', `${XML}<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${input.body}<w:sectPr/></w:body></w:document>`);
  if (input.comments) {
    zip.file('word/_rels/document.xml.rels', relationships([{ id: 'rId1', type: 'comments', target: 'comments.xml' }]));
    zip.file(
      'word/comments.xml',
      `${XML}<w:comments xmlns:w="${W}"><w:comment w:id="0" w:author="A" w:date="2026-01-01T00:00:00Z">${input.comments}</w:comment></w:comments>`,
    );
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/**
 * A pptx holding `held` slides whose presentation.xml lists only the first `listed` (every slide
 * has a relationship from presentation.xml; only sldIdLst says which are in the deck).
 */
export async function pptx(input: { listed: number; held: number; text: (slide: number) => string }): Promise<Buffer> {
  const zip = new JSZip();
  const pml = 'application/vnd.openxmlformats-officedocument.presentationml';
  const slides = Array.from({ length: input.held }, (_, i) => i + 1);
  zip.file(
    '[Content_Types].xml',
    contentTypes({
      'ppt/presentation.xml': `${pml}.presentation.main+xml`,
      ...Object.fromEntries(slides.map((n) => [`ppt/slides/slide${n}.xml`, `${pml}.slide+xml`])),
    }),
  );
  zip.file('_rels/.rels', relationships([{ id: 'rId1', type: 'officeDocument', target: 'ppt/presentation.xml' }]));
  zip.file(
    'ppt/presentation.xml',
    `${XML}<p:presentation xmlns:p="${P}" xmlns:r="${R}" xmlns:a="${A}"><p:sldIdLst>${slides
      .slice(0, input.listed)
      .map((n) => `<p:sldId id="${255 + n}" r:id="rId${n}"/>`)
      .join('')}</p:sldIdLst><p:sldSz cx="9144000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>`,
  );
  zip.file(
    'ppt/_rels/presentation.xml.rels',
    relationships(slides.map((n) => ({ id: `rId${n}`, type: 'slide', target: `slides/slide${n}.xml` }))),
  );
  for (const n of slides) {
    zip.file(
      `ppt/slides/slide${n}.xml`,
      `${XML}<p:sld xmlns:p="${P}" xmlns:a="${A}" xmlns:r="${R}"><p:cSld><p:spTree><p:sp><p:txBody><a:bodyPr/><a:p><a:r><a:rPr lang="en-GB"/><a:t>${input.text(n)}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    );
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

interface RawEntry {
  name: string;
  /** The bytes as stored (deflated when method is 8). */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** The uncompressed size both headers declare. */
  size: number;
}

/** A zip written by hand, so its headers can say what no zip library would write. */
export function handZip(entries: RawEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(e.method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(e.crc, 16);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, e.data);
    centrals.push(central, name);
    offset += 30 + name.length + e.data.length;
  }
  const directory = Buffer.concat(centrals);
  // Over 65,535 entries the count lives in a zip64 end record, found through its locator.
  const zip64: Buffer[] = [];
  if (entries.length > 0xffff) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    record.writeBigUInt64LE(BigInt(entries.length), 24);
    record.writeBigUInt64LE(BigInt(entries.length), 32);
    record.writeBigUInt64LE(BigInt(directory.length), 40);
    record.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + directory.length), 8);
    locator.writeUInt32LE(1, 16);
    zip64.push(record, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, ...zip64, end]);
}

/** An honest deflated entry. */
export function entry(name: string, text: string): RawEntry {
  const bytes = Buffer.from(text);
  return { name, data: deflateRawSync(bytes), method: 8, crc: crc32(bytes), size: bytes.length };
}

/** The minimal docx parts around a document.xml entry. */
export const docxFrame = () => [
  entry(
    '[Content_Types].xml',
    contentTypes({ 'word/document.xml': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml' }),
  ),
  entry('_rels/.rels', relationships([{ id: 'rId1', type: 'officeDocument', target: 'word/document.xml' }])),
];

/**
 * A docx whose word/document.xml declares 1 KB in both headers while its data inflates to `megabytes`
 * MB of zeros (about 1 KB of deflate per MB), deflated as a stream so building it holds 1 MB at a time.
 */
export async function lyingDocx(megabytes: number): Promise<Buffer> {
  const deflate = createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < megabytes; i++) if (!deflate.write(zeros)) await new Promise((r) => deflate.once('drain', r));
  deflate.end();
  await done;
  const body = { name: 'word/document.xml', data: Buffer.concat(chunks), method: 8 as const, crc: 0, size: 1024 };
  return handZip([...docxFrame(), body]);
}

/** A docx with `count` extra empty parts besides a real document. */
export function manyPartsDocx(count: number): Buffer {
  const empty = { data: Buffer.alloc(0), method: 0 as const, crc: 0, size: 0 };
  const filler = Array.from({ length: count }, (_, i) => ({ name: `word/media/p${i}.xml`, ...empty }));
  return handZip([
    ...docxFrame(),
    entry('word/document.xml', `${XML}<w:document xmlns:w="${W}"><w:body>${wordParagraph('Hello world')}</w:body></w:document>`),
    ...filler,
  ]);
}
