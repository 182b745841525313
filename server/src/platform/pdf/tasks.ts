// What platform/pdf runs in its worker thread (see in-worker.ts): the untrusted file is parsed there.
export { rewritePdf } from './rewrite.ts';
export { extractPdfBlocks, pdfPageCount } from './text.ts';
