import { GOV_TEXTS } from '@hangar/contract';
import { Check, FileUp, Trash2 } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { fieldClass, tdClass, thClass } from '../ui/styles';
import type { DroppedFile, DroppedFiles } from './useDroppedFiles';

interface FileLoaderProps {
  dropped: DroppedFiles;
  multiple: boolean;
  accept: readonly string[];
  /** The types offered in the dropdown. */
  types: readonly string[];
  /** Versions of a type; without it the loader has no version column (referential). */
  versionsOf?: (type: string) => string[];
  onConfirm: (row: DroppedFile) => void;
  disabled?: boolean;
}

/** Drop zone (click or drop) and the table of dropped files waiting for their type, version and confirmation. */
export function FileLoader({ dropped, multiple, accept, types, versionsOf, onConfirm, disabled = false }: FileLoaderProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const noun = multiple ? 'files' : 'a file';

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (!disabled) dropped.add([...event.dataTransfer.files]);
  }

  return (
    <div className="space-y-3">
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="governance-drop-zone"
        className={`flex w-full flex-col items-center gap-1.5 rounded-2xl border-2 border-dashed px-4 py-6 text-center transition disabled:cursor-not-allowed disabled:opacity-60 ${
          over ? 'border-accent bg-surface' : 'border-line hover:bg-surface'
        }`}
      >
        <FileUp className="size-7 text-fg-subtle" aria-hidden />
        <span className="font-medium text-sm">Drag and drop {noun} here, or click to choose</span>
        <span className="text-fg-muted text-xs">
          {accept.join(', ')} · up to 2 GB{multiple ? ' · one file per row' : ''}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        multiple={multiple}
        accept={accept.map((ext) => `.${ext}`).join(',')}
        aria-label={`Choose ${noun} to upload`}
        className="hidden"
        onChange={(event) => {
          dropped.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {dropped.rows.length > 0 && (
        <div className="overflow-x-auto rounded-2xl border border-line">
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm" aria-label="Files to upload">
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  File name
                </th>
                <th scope="col" className={thClass}>
                  File type
                </th>
                {versionsOf && (
                  <th scope="col" className={thClass}>
                    Version
                  </th>
                )}
                <th scope="col" className={`${thClass} w-24`}>
                  <span className="sr-only">Confirm or remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {dropped.rows.map((row) => (
                <LoaderRow key={row.id} row={row} dropped={dropped} types={types} versionsOf={versionsOf} onConfirm={onConfirm} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function LoaderRow({
  row,
  dropped,
  types,
  versionsOf,
  onConfirm,
}: Pick<FileLoaderProps, 'dropped' | 'types' | 'versionsOf' | 'onConfirm'> & { row: DroppedFile }) {
  const name = row.file.name;
  const versions = row.type && versionsOf ? versionsOf(row.type) : [];
  return (
    <tr>
      <td className={`${tdClass} max-w-[16rem]`}>
        <span className="block truncate" title={name}>
          {name}
        </span>
      </td>
      <td className={tdClass}>
        {types.length === 0 ? (
          <span className="text-fg-muted">{GOV_TEXTS.noOptions}</span>
        ) : (
          <select
            aria-label={`File type of ${name}`}
            value={row.type ?? ''}
            onChange={(event) => dropped.setType(row.id, event.target.value)}
            className={fieldClass}
          >
            {!row.type && (
              <option value="" disabled>
                Choose a type
              </option>
            )}
            {types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </td>
      {versionsOf && (
        <td className={tdClass}>
          {versions.length === 0 ? (
            <span className="text-fg-muted">{GOV_TEXTS.noVersions}</span>
          ) : (
            <select
              aria-label={`Version of ${name}`}
              value={row.version ?? versions[0]}
              onChange={(event) => dropped.setVersion(row.id, event.target.value)}
              className={fieldClass}
            >
              {versions.map((version) => (
                <option key={version} value={version}>
                  {version}
                </option>
              ))}
            </select>
          )}
        </td>
      )}
      <td className={tdClass}>
        <div className="flex items-center justify-end gap-1">
          <button
            type="button"
            onClick={() => onConfirm(row)}
            aria-label={`Confirm ${name}`}
            title="Confirm and upload"
            className="rounded-lg p-1.5 text-emerald-700 transition hover:bg-emerald-50 dark:text-emerald-300 dark:hover:bg-emerald-950"
          >
            <Check className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            onClick={() => dropped.remove([row.id])}
            aria-label={`Remove ${name}`}
            title="Remove"
            className="rounded-lg p-1.5 text-red-700 transition hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-950"
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </td>
    </tr>
  );
}
