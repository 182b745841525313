import { deflateSync, inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFFlateStream,
  PDFName,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { stripTextOperators } from './content-stream.ts';

/**
 * Reading and replacing content streams. Node's zlib does the common case (FlateDecode without
 * predictor): pdf-lib's JavaScript inflate/deflate (pako) cost several times more on every page.
 */
export function streamText(stream: unknown): string {
  if (stream instanceof PDFRawStream) {
    const filter = stream.dict.lookup(PDFName.of('Filter'));
    const plainFlate =
      (filter === PDFName.of('FlateDecode') ||
        (filter instanceof PDFArray && filter.size() === 1 && filter.lookup(0) === PDFName.of('FlateDecode'))) &&
      !stream.dict.has(PDFName.of('DecodeParms'));
    if (plainFlate) {
      try {
        return inflateSync(stream.contents).toString('latin1');
      } catch {
        // A truncated stream: pdf-lib's decoder keeps what it can read.
      }
    }
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  }
  // pdf-lib's own streams (the q / Q it wraps page contents in when it normalises a page).
  if (stream instanceof PDFFlateStream) return Buffer.from(stream.getUnencodedContents()).toString('latin1');
  if (stream instanceof PDFStream) return Buffer.from(stream.getContents()).toString('latin1');
  return '';
}

/** A compressed stream of `content` (latin1), with the given extra dictionary entries. */
export function flateStream(doc: PDFDocument, content: string, dict: PDFDict | null = null): PDFRawStream {
  const entries = dict ? dict.clone(doc.context) : doc.context.obj({});
  for (const key of ['Filter', 'DecodeParms', 'Length']) entries.delete(PDFName.of(key));
  entries.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  return PDFRawStream.of(entries, deflateSync(Buffer.from(content, 'latin1'), { level: 6 }));
}

/** The page's content, all its streams joined. */
export function pageContent(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  return streams.map((s) => `${streamText(s)}\n`).join('');
}

/**
 * Removes the text of every form XObject the resources reach (recursively): text drawn inside a form
 * (a header stamped on each page, LibreOffice's text in shapes) would otherwise stay visible under the
 * translation. A form shared by several pages is edited once; its text is redrawn on each page from
 * the blocks found there.
 */
export function stripFormText(doc: PDFDocument, resources: unknown, done: Set<string>): void {
  if (!(resources instanceof PDFDict)) return;
  const xobjects = resources.lookup(PDFName.of('XObject'));
  if (!(xobjects instanceof PDFDict)) return;
  for (const [, value] of xobjects.entries()) {
    if (!(value instanceof PDFRef) || done.has(value.toString())) continue;
    done.add(value.toString());
    const form = doc.context.lookup(value);
    if (!(form instanceof PDFStream) || form.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
    const { content, removed } = stripTextOperators(streamText(form));
    if (removed) doc.context.assign(value, flateStream(doc, content, form.dict));
    stripFormText(doc, form.dict.lookup(PDFName.of('Resources')), done);
  }
}
