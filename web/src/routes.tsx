import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { NotFoundPage } from './ui/NotFoundPage';
import { Spinner } from './ui/Spinner';

// pdf.js is large and only this page needs it.
const PdfPage = lazy(() => import('./pages/pdf/PdfPage'));
const DownloadPage = lazy(() => import('./pages/download/DownloadPage'));

function Lazy({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center">
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

// "/" is not here: src/shell/boot/start.ts starts it (plain-DOM landing, then the portal).
export const router = createBrowserRouter([
  {
    path: '/pdf',
    element: (
      <Lazy>
        <PdfPage />
      </Lazy>
    ),
  },
  {
    path: '/download',
    element: (
      <Lazy>
        <DownloadPage />
      </Lazy>
    ),
  },
  { path: '*', element: <NotFoundPage /> },
]);
