import type { SentimentAnalysis } from '@hangar/contract';
import { useMutation } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { uploadSheet } from './api';
import { SENTIMENT_TEXTS } from './texts';

/** One .xlsx or .csv by drop or pick; the server reads it and says what is wrong with it, if anything. */
export function UploadZone({ onUploaded }: { onUploaded: (a: SentimentAnalysis) => void }) {
  const inputId = useId();
  const [over, setOver] = useState(false);
  const upload = useMutation({ mutationFn: uploadSheet, onSuccess: onUploaded });
  const pick = (files: File[]) => {
    if (files.length !== 1) return;
    upload.mutate(files[0]!);
  };
  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (!upload.isPending) pick([...event.dataTransfer.files]);
  };
  return (
    <div className="space-y-2">
      <label
        htmlFor={inputId}
        data-testid="sentiment-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
          over ? 'border-accent bg-surface' : 'border-line hover:border-accent hover:bg-surface'
        }`}
      >
        {upload.isPending ? <Spinner label="Reading the sheet..." /> : <Upload className="size-8 text-fg-subtle" aria-hidden />}
        <span className="font-medium">{SENTIMENT_TEXTS.dropPrompt}</span>
        <span className="text-fg-muted text-xs">{SENTIMENT_TEXTS.limits}</span>
        <input
          id={inputId}
          type="file"
          className="sr-only"
          accept=".xlsx,.csv"
          disabled={upload.isPending}
          aria-label="Choose a sheet to analyse"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            pick(files);
          }}
        />
      </label>
      {upload.error && (
        <p
          role="alert"
          className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
        >
          {upload.error.message}
        </p>
      )}
    </div>
  );
}
