import { type ReactNode, Suspense } from 'react';
import { Spinner } from '../ui/Spinner';

/** The boundary of a tab whose screen loads on first open: "Loading <title>..." until it arrives. */
export function TabLoading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex h-full items-center justify-center p-8">
          <Spinner label={`Loading ${title}...`} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}
