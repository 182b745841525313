import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

export async function openPdf(blob: Blob): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(await blob.arrayBuffer()) }).promise;
}

/** The `page` query is 1-based; missing, 0 or junk means the first page. */
export function initialPageFromQuery(value: string | null, pageCount: number): number {
  const page = Number.parseInt(value ?? '', 10);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, Math.max(pageCount, 1));
}
