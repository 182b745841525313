import { DOWNLOAD_TEXTS, SHELL } from '@hangar/contract';
import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, apiBlob } from '../../api/client';
import { browser } from '../../api/navigation';
import { getAccessToken } from '../../api/token-store';
import { Logo } from '../../ui/Logo';
import { UnauthorizedView } from '../../ui/UnauthorizedView';
import { downloadFileName, saveBlob } from './download-file';

type DownloadState =
  | { step: 'preparing' }
  | { step: 'starting'; blob: Blob; fileName: string }
  | { step: 'started' }
  | { step: 'stayed' }
  | { step: 'error'; message: string }
  | { step: 'unauthorized' };

export function downloadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return `Failed to download the file: ${error.statusText || error.status}`;
  return DOWNLOAD_TEXTS.unknown;
}

function initialState(uri: string | null): DownloadState {
  if (!uri) return { step: 'error', message: DOWNLOAD_TEXTS.noUri };
  if (!getAccessToken()) return { step: 'unauthorized' };
  return { step: 'preparing' };
}

function Card({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-8 bg-surface px-6">
      <Logo size={40} />
      <div className="flex w-full max-w-md flex-col items-center gap-4 rounded-2xl border border-line bg-page p-8 text-center shadow-sm">
        {icon}
        {children}
      </div>
    </main>
  );
}

export default function DownloadPage() {
  const [params] = useSearchParams();
  const uri = params.get('uri');
  const [state, setState] = useState<DownloadState>(() => initialState(uri));

  useEffect(() => {
    if (!uri || !getAccessToken()) return;
    const abort = new AbortController();
    apiBlob(`/download?uri=${encodeURIComponent(uri)}`, { signal: abort.signal })
      .then(({ blob, fileName }) => {
        if (!abort.signal.aborted) setState({ step: 'starting', blob, fileName: downloadFileName(uri, fileName) });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        // Only a signed-out visit (an expired session) gets the 403 view; a signed-in user's
        // unknown or refused uri is a failed download, shown as the spec's error view.
        if (error instanceof ApiError && error.status === 401) setState({ step: 'unauthorized' });
        else setState({ step: 'error', message: downloadErrorMessage(error) });
      });
    return () => abort.abort();
  }, [uri]);

  // Separate steps so "Starting download..." is on screen when the browser takes over.
  useEffect(() => {
    if (state.step === 'starting') {
      saveBlob(state.blob, state.fileName);
      setState({ step: 'started' });
    }
    if (state.step === 'started') {
      // A page the user opened directly cannot be closed by script: the browser ignores close(),
      // so once it has been tried the page says what happened and offers the way back.
      const timer = window.setTimeout(() => {
        browser.close();
        setState({ step: 'stayed' });
      }, SHELL.downloadCloseMs);
      return () => window.clearTimeout(timer);
    }
  }, [state]);

  switch (state.step) {
    case 'unauthorized':
      return <UnauthorizedView />;
    case 'error':
      return (
        <Card icon={<CircleAlert className="size-12 text-red-600 dark:text-red-400" aria-hidden />}>
          <h1 className="font-semibold text-2xl">{DOWNLOAD_TEXTS.errorTitle}</h1>
          <p role="alert" className="break-words font-medium">
            {state.message}
          </p>
          <p className="text-fg-muted text-sm">{DOWNLOAD_TEXTS.errorHint}</p>
        </Card>
      );
    case 'started':
      return (
        <Card icon={<CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />}>
          <p role="status" className="font-medium text-lg">
            {DOWNLOAD_TEXTS.started}
          </p>
        </Card>
      );
    case 'stayed':
      return (
        <Card icon={<CircleCheck className="size-12 text-emerald-600 dark:text-emerald-400" aria-hidden />}>
          <p role="status" className="font-medium text-lg">
            {DOWNLOAD_TEXTS.startedStays}
          </p>
          <a href="/" className="font-medium text-brand underline underline-offset-4 dark:text-accent">
            {DOWNLOAD_TEXTS.backToPortal}
          </a>
        </Card>
      );
    default:
      return (
        <Card icon={<LoaderCircle className="size-12 animate-spin text-brand dark:text-accent" aria-hidden />}>
          <p role="status" className="font-medium text-lg">
            {state.step === 'preparing' ? DOWNLOAD_TEXTS.preparing : DOWNLOAD_TEXTS.starting}
          </p>
        </Card>
      );
  }
}
