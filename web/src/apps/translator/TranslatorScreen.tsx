import { TRANSLATION_PAGE_LIMITS, type TranslationMethod, type TranslationUsage } from '@hangar/contract';
import { CheckCircle2, RotateCw, WalletCards } from 'lucide-react';
import { type ClipboardEvent, useEffect, useState } from 'react';
import { saveBlob } from '../../pages/download/download-file';
import { Spinner } from '../../ui/Spinner';
import { estimateUsage } from './api';
import { DropZone } from './DropZone';
import { acceptedTypes, checkPickedFiles, extensionOf, isOutOfCredit, methodsFor, offeredWithoutCredit } from './file-rules';
import { MethodCards } from './MethodCards';
import { Pickers } from './Pickers';
import { TranslateButton } from './TranslateButton';
import { TRANSLATOR_TEXTS } from './texts';
import { translationErrorText, useTranslationRun } from './useTranslationRun';
import { useTranslatorSession } from './useTranslatorSession';

export interface TranslatorScreenProps {
  /** The live balance from the portal; the session's configuration is used until it is known. */
  remainingCredit?: number | null;
  /** Called after a translation, which spends credit. */
  onCreditsChanged?: () => void;
  /** Inside the chat's TRANSLATOR modal: no page title. */
  embedded?: boolean;
}

/** The document translator (spec "Translator screen"), used by tab 3 and by the chat's TRANSLATOR modal. */
export function TranslatorScreen({ remainingCredit, onCreditsChanged, embedded = false }: TranslatorScreenProps) {
  const { session, retry, reloadConfig } = useTranslatorSession();
  const config = session.status === 'ready' ? session.config : undefined;
  const sessionId = session.status === 'ready' ? session.sessionId : null;
  const remaining = remainingCredit ?? config?.remaining_credit ?? null;
  const outOfCredit = isOutOfCredit(remaining);

  const [file, setFile] = useState<File | null>(null);
  const [method, setMethod] = useState<TranslationMethod | ''>('');
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [usage, setUsage] = useState<TranslationUsage | null>(null);
  const [estimating, setEstimating] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const translation = useTranslationRun(onCreditsChanged);

  // The server's map of methods follows the balance: read it again when the balance crosses zero.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on a change of the out-of-credit state only
  useEffect(() => {
    if (config && outOfCredit !== isOutOfCredit(config.remaining_credit)) reloadConfig();
  }, [outOfCredit]);

  const accepted = acceptedTypes(config, remaining);
  const allowed = file ? methodsFor(config, extensionOf(file.name), remaining) : [];
  // Allowed methods, plus the unavailable ones disabled with their reason; at zero credit only those free then.
  const offered = file
    ? (config?.methods ?? []).filter(
        (m) => (allowed.includes(m.method) || !m.available) && (!outOfCredit || offeredWithoutCredit(m.method)),
      )
    : [];
  const methodInfo = offered.find((m) => m.method === method);

  // A pick that the credit rules no longer allow is dropped.
  useEffect(() => {
    if (method && !allowed.includes(method)) setMethod('');
    if (file && !accepted.includes(extensionOf(file.name) as (typeof accepted)[number])) setFile(null);
  });

  // Usage and pages are estimated as soon as a file and a method are chosen.
  useEffect(() => {
    if (!file || !method || !sessionId) return;
    const abort = new AbortController();
    setEstimating(true);
    estimateUsage(file, method, sessionId, abort.signal).then(
      (estimate) => {
        setUsage(estimate);
        setEstimating(false);
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        setEstimating(false);
        translation.setError(translationErrorText(error));
      },
    );
    return () => abort.abort();
  }, [file, method, sessionId, translation.setError]);

  function pickFiles(files: File[]) {
    const check = checkPickedFiles(files, accepted);
    if (!check.ok) {
      setPickError(
        check.reason === 'count'
          ? TRANSLATOR_TEXTS.oneFile
          : check.reason === 'empty'
            ? TRANSLATOR_TEXTS.emptyFile
            : TRANSLATOR_TEXTS.wrongType(accepted),
      );
      return;
    }
    // Spec section 4: a new file resets the method, the usage and the pages.
    setPickError(null);
    setFile(check.file);
    setMethod('');
    setUsage(null);
    setEstimating(false);
    translation.reset();
  }

  function pickMethod(next: TranslationMethod) {
    setMethod(next);
    setUsage(null);
    translation.reset();
    const info = offered.find((m) => m.method === next);
    if (info && target && !info.targets.includes(target)) setTarget('');
    if (!info?.takesSource) setSource('');
  }

  const pageLimit = usage?.page_limit ?? (method ? TRANSLATION_PAGE_LIMITS[method] : Number.POSITIVE_INFINITY);
  const overLimit = usage !== null && usage.pages > pageLimit;

  function translate() {
    // Spec section 5: nothing is sent when the file, session, language or method is missing.
    if (!file || !method || !target || !sessionId || !methodInfo?.available) return;
    if (outOfCredit && !offeredWithoutCredit(method)) return;
    if (overLimit || translation.running) return;
    void translation.run({
      file,
      method,
      sessionId,
      targetLanguage: target,
      sourceLanguage: methodInfo.takesSource ? source || null : null,
    });
  }

  const error = pickError ?? translation.error;
  const showButton = Boolean(file && method && target);

  // A file pasted anywhere in the screen is taken as if dropped.
  function onPaste(event: ClipboardEvent<HTMLDivElement>) {
    const files = [...event.clipboardData.files];
    if (files.length === 0 || !config || translation.running) return;
    event.preventDefault();
    pickFiles(files);
  }

  return (
    <div className={embedded ? '' : 'h-full overflow-y-auto'} onPaste={onPaste}>
      <div className={`mx-auto w-full max-w-3xl space-y-6 ${embedded ? '' : 'px-4 py-6 sm:px-6'}`}>
        <section className="space-y-2">
          {!embedded && <h2 className="font-semibold text-xl">{TRANSLATOR_TEXTS.title}</h2>}
          <p>{TRANSLATOR_TEXTS.welcome}</p>
          <p className="font-medium">{TRANSLATOR_TEXTS.pageLimit}</p>
        </section>

        {session.status === 'loading' && <Spinner label={TRANSLATOR_TEXTS.preparing} />}
        {session.status === 'error' && (
          <div role="alert" className={errorBoxClass}>
            {TRANSLATOR_TEXTS.setupFailed} {session.message}{' '}
            <button type="button" onClick={retry} className="inline-flex items-center gap-1 font-medium underline">
              <RotateCw className="size-3.5" aria-hidden /> {TRANSLATOR_TEXTS.retry}
            </button>
          </div>
        )}

        {config && (
          <>
            <MethodCards methods={config.methods} />
            {outOfCredit && (
              <p data-testid="translator-no-credit" className={`flex items-start gap-3 ${errorBoxClass}`}>
                <WalletCards className="mt-0.5 size-5 shrink-0" aria-hidden />
                {TRANSLATOR_TEXTS.noCredit}
              </p>
            )}
            <DropZone accepted={accepted} selected={file} disabled={translation.running} onFiles={pickFiles} />
            <Pickers
              offered={offered}
              method={method}
              onMethod={pickMethod}
              languages={config.languages}
              source={source}
              onSource={setSource}
              target={target}
              onTarget={setTarget}
              disabled={translation.running}
            />
            {usage && (
              <p className="text-fg-muted text-sm" data-testid="translator-usage">
                {usage.pages} page{usage.pages === 1 ? '' : 's'}
                {usage.pages_estimated ? ` (${TRANSLATOR_TEXTS.pagesEstimated})` : ''} · {Math.round(usage.usage)} credit
                {overLimit ? ` · this method accepts up to ${pageLimit} pages` : ''}
              </p>
            )}
            {showButton && (
              <TranslateButton
                usage={usage ? usage.usage : null}
                overLimit={overLimit}
                estimating={estimating}
                progress={translation.progress}
                onClick={translate}
              />
            )}
            {error && (
              <p role="alert" data-testid="translator-error" className={errorBoxClass}>
                {error}
              </p>
            )}
            {translation.done && (
              <div className="flex items-start gap-2 text-sm" data-testid="translator-done">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                <p className="min-w-0 [overflow-wrap:anywhere]">
                  {TRANSLATOR_TEXTS.downloaded(translation.done.name)}{' '}
                  <button
                    type="button"
                    className="font-medium underline"
                    onClick={() => translation.done && saveBlob(translation.done.blob, translation.done.name)}
                  >
                    {TRANSLATOR_TEXTS.downloadAgain}
                  </button>
                </p>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

const errorBoxClass =
  'rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm [overflow-wrap:anywhere] dark:border-red-900 dark:bg-red-950 dark:text-red-100';
