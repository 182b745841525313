import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter } from 'react-router';
import { RootApp } from './shell/RootApp';
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

export const router = createBrowserRouter([
  { path: '/', element: <RootApp /> },
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
