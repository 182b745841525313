import { fileNameFromUri } from '@hangar/contract';
import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiBlob } from '../../api/client';
import { getAccessToken } from '../../api/token-store';
import { Logo } from '../../ui/Logo';
import { Spinner } from '../../ui/Spinner';
import { UnauthorizedView } from '../../ui/UnauthorizedView';
import { saveBlob } from '../download/download-file';
import { PdfCanvas } from './PdfCanvas';
import { initialPageFromQuery, openPdf, type PDFDocumentProxy } from './pdfjs';

type PdfState = { status: 'loading' } | { status: 'unauthorized' } | { status: 'ready'; blob: Blob; pdf: PDFDocumentProxy };

export default function PdfPage() {
  const [params] = useSearchParams();
  const uri = params.get('uri');
  const pageParam = params.get('page');
  const [state, setState] = useState<PdfState>(() => (uri && getAccessToken() ? { status: 'loading' } : { status: 'unauthorized' }));
  const [page, setPage] = useState(1);

  useEffect(() => {
    if (!uri || !getAccessToken()) return;
    const abort = new AbortController();
    let loaded: PDFDocumentProxy | undefined;
    apiBlob(`/api/pdf/document?uri=${encodeURIComponent(uri)}`, { signal: abort.signal })
      .then(async ({ blob }) => {
        const pdf = await openPdf(blob);
        loaded = pdf;
        if (abort.signal.aborted) return void pdf.destroy();
        setPage(initialPageFromQuery(pageParam, pdf.numPages));
        setState({ status: 'ready', blob, pdf });
      })
      .catch(() => {
        if (!abort.signal.aborted) setState({ status: 'unauthorized' });
      });
    return () => {
      abort.abort();
      void loaded?.destroy();
    };
  }, [uri, pageParam]);

  if (state.status === 'unauthorized' || !uri) return <UnauthorizedView />;

  const fileName = fileNameFromUri(uri, 'document.pdf');
  const pageCount = state.status === 'ready' ? state.pdf.numPages : 0;
  const navButton =
    'inline-flex size-9 items-center justify-center rounded-lg border border-line transition hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <div className="flex h-full flex-col bg-surface">
      <header className="flex h-16 shrink-0 items-center gap-4 border-line border-b bg-page px-5">
        <Logo size={30} />
        <span className="mx-2 h-6 w-px bg-line" aria-hidden />
        <h1 className="min-w-0 flex-1 truncate font-medium" title={fileName}>
          {fileName}
        </h1>
        {state.status === 'ready' && (
          <nav aria-label="Pages" className="flex items-center gap-2">
            <button
              type="button"
              aria-label="Previous page"
              className={navButton}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              <ChevronLeft className="size-4" aria-hidden />
            </button>
            <span className="min-w-28 text-center text-sm tabular-nums" aria-live="polite">
              Page {page} of {pageCount}
            </span>
            <button
              type="button"
              aria-label="Next page"
              className={navButton}
              disabled={page >= pageCount}
              onClick={() => setPage((p) => p + 1)}
            >
              <ChevronRight className="size-4" aria-hidden />
            </button>
          </nav>
        )}
        <button
          type="button"
          disabled={state.status !== 'ready'}
          onClick={() => state.status === 'ready' && saveBlob(state.blob, fileName)}
          className="inline-flex items-center gap-2 rounded-lg bg-accent px-4 py-2 font-medium text-accent-fg text-sm transition hover:opacity-90 disabled:opacity-40"
        >
          <Download className="size-4" aria-hidden />
          Download
        </button>
      </header>
      <main className="min-h-0 flex-1 overflow-auto p-6">
        {state.status === 'ready' ? (
          <PdfCanvas document={state.pdf} pageNumber={page} />
        ) : (
          <div className="flex h-full items-center justify-center">
            <Spinner label="Loading document..." />
          </div>
        )}
      </main>
    </div>
  );
}
