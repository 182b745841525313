import { PDFArray, PDFDict, type PDFDocument, PDFName, PDFNumber, PDFRef, PDFStream } from 'pdf-lib';
import { streamText } from './streams.ts';

/**
 * Bold and italic of the text a page draws, in drawing order. pdfjs's text items name their font by
 * an internal id and say nothing of its weight, so the fonts are read from the page itself: the
 * content stream (and the forms it draws) is scanned for `Tf` followed by text, giving the sequence
 * of fonts as the text changes font; text.ts pairs it with the items' own font changes, which come
 * in the same order. Each font's style comes from its name (LiberationSerif-Bold, Arial-ItalicMT)
 * and its descriptor (italic flag, force-bold flag, weight).
 */
export interface FontStyle {
  font: string;
  bold: boolean;
  italic: boolean;
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const TEXT_SHOWING = new Set(['Tj', 'TJ', "'", '"']);

function styleOf(doc: PDFDocument, ref: unknown): FontStyle | null {
  const dict = doc.context.lookup(ref as PDFRef);
  if (!(dict instanceof PDFDict)) return null;
  let font: PDFDict = dict;
  const id = ref instanceof PDFRef ? ref.toString() : String(font.lookup(PDFName.of('BaseFont')));
  const name = String(font.lookup(PDFName.of('BaseFont')) ?? '');
  const descendants = font.lookup(PDFName.of('DescendantFonts'));
  if (descendants instanceof PDFArray) {
    const first = descendants.lookup(0);
    if (first instanceof PDFDict) font = first;
  }
  const descriptor = font.lookup(PDFName.of('FontDescriptor'));
  const number = (key: string) => {
    const v = descriptor instanceof PDFDict ? descriptor.lookup(PDFName.of(key)) : undefined;
    return v instanceof PDFNumber ? v.asNumber() : 0;
  };
  const flags = number('Flags');
  return {
    font: id,
    bold: /bold|black|heavy|semibold|demi/i.test(name) || (flags & (1 << 18)) !== 0 || number('FontWeight') >= 600,
    italic: /italic|oblique/i.test(name) || (flags & (1 << 6)) !== 0,
  };
}

function scan(
  doc: PDFDocument,
  content: string,
  resources: unknown,
  out: FontStyle[],
  depth: number,
  state: { current: FontStyle | null },
) {
  const lookupIn = (kind: string, name: string) => {
    if (!(resources instanceof PDFDict)) return undefined;
    const dict = resources.lookup(PDFName.of(kind));
    return dict instanceof PDFDict ? dict.get(PDFName.of(name)) : undefined;
  };
  let lastName = '';
  let i = 0;
  const n = content.length;
  const code = (k: number) => content.charCodeAt(k);
  while (i < n) {
    const c = code(i);
    if (WHITE.has(c)) i++;
    else if (c === 0x25) while (i < n && code(i) !== 0x0a && code(i) !== 0x0d) i++;
    else if (c === 0x28) {
      let d = 1;
      i++;
      while (i < n && d) {
        const k = code(i);
        if (k === 0x5c) i += 2;
        else {
          if (k === 0x28) d++;
          else if (k === 0x29) d--;
          i++;
        }
      }
    } else if (c === 0x3c) {
      if (code(i + 1) === 0x3c) i += 2;
      else {
        const end = content.indexOf('>', i);
        i = end < 0 ? n : end + 1;
      }
    } else if (DELIM.has(c) && c !== 0x2f) i++;
    else if (c === 0x2f) {
      const start = ++i;
      while (i < n && !WHITE.has(code(i)) && !DELIM.has(code(i))) i++;
      lastName = content.slice(start, i);
    } else {
      const start = i;
      while (i < n && !WHITE.has(code(i)) && !DELIM.has(code(i))) i++;
      const word = content.slice(start, i);
      if (word === 'ID') {
        const m = /\sEI(?=\s|$)/g;
        m.lastIndex = i + 1;
        const found = m.exec(content);
        i = found ? found.index + found[0].length : n;
      } else if (word === 'Tf') {
        state.current = styleOf(doc, lookupIn('Font', lastName));
      } else if (TEXT_SHOWING.has(word)) {
        if (state.current && out.at(-1)?.font !== state.current.font) out.push(state.current);
      } else if (word === 'Do' && depth < 8) {
        const form = doc.context.lookup(lookupIn('XObject', lastName) as PDFRef);
        if (form instanceof PDFStream && form.dict.lookup(PDFName.of('Subtype')) === PDFName.of('Form')) {
          scan(doc, streamText(form), form.dict.lookup(PDFName.of('Resources')) ?? resources, out, depth + 1, state);
        }
      }
    }
  }
}

/** The fonts of a page's text, one entry each time the drawing font changes. */
export function pageFontSequence(doc: PDFDocument, pageIndex: number): FontStyle[] {
  const page = doc.getPage(pageIndex);
  const out: FontStyle[] = [];
  const contents = page.node.Contents();
  const streams = contents && 'asArray' in contents ? (contents as { asArray(): unknown[] }).asArray() : [contents];
  const content = streams.map((s) => streamText(doc.context.lookup(s as PDFRef))).join('\n');
  scan(doc, content, page.node.Resources(), out, 0, { current: null });
  return out;
}
