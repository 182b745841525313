import { FileText, Upload } from 'lucide-react';
import { type DragEvent, useId, useState } from 'react';
import { TRANSLATOR_TEXTS } from './texts';

interface DropZoneProps {
  accepted: readonly string[];
  selected: File | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}

/** One file by drop or pick (spec "Translator screen"; the screen takes pastes); the screen checks type and count. */
export function DropZone({ accepted, selected, disabled, onFiles }: DropZoneProps) {
  const inputId = useId();
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...event.dataTransfer.files]);
  }

  return (
    <div className="space-y-2">
      <label
        htmlFor={inputId}
        data-testid="translator-dropzone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-2xl border-2 border-dashed px-4 py-8 text-center transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent ${
          over ? 'border-accent bg-surface' : 'border-line hover:border-accent hover:bg-surface'
        } ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}
      >
        <Upload className="size-8 text-fg-subtle" aria-hidden />
        <span className="font-medium">{TRANSLATOR_TEXTS.dropPrompt}</span>
        <span className="text-fg-muted text-xs">{TRANSLATOR_TEXTS.pasteHint}</span>
        <input
          id={inputId}
          type="file"
          className="sr-only"
          accept={accepted.map((type) => `.${type}`).join(',')}
          disabled={disabled}
          aria-label="Choose a file to translate"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </label>
      <dl className="space-y-1 text-sm">
        <div className="flex gap-2">
          <dt className="shrink-0 text-fg-muted">{TRANSLATOR_TEXTS.acceptedFile}:</dt>
          <dd data-testid="translator-accepted">{accepted.join(', ')}</dd>
        </div>
        <div className="flex min-w-0 gap-2">
          <dt className="shrink-0 text-fg-muted">{TRANSLATOR_TEXTS.selectedFile}:</dt>
          <dd data-testid="translator-selected" className="flex min-w-0 items-start gap-1.5 font-medium [overflow-wrap:anywhere]">
            {selected ? (
              <>
                <FileText className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden />
                {selected.name}
              </>
            ) : (
              <span className="font-normal text-fg-subtle">{TRANSLATOR_TEXTS.noFile}</span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
