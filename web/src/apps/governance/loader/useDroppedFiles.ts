import { GOVERNANCE } from '@hangar/contract';
import { useCallback, useRef, useState } from 'react';
import { toast } from 'sonner';

export interface DroppedFile {
  id: number;
  file: File;
  type: string | null;
  version: string | null;
}

export interface DroppedFilesOptions {
  /** Several files at once (ingestion) or one (referential). */
  multiple: boolean;
  accept: readonly string[];
  detect: (fileName: string) => string | null;
  versionsOf: (type: string) => string[];
}

const extensionOf = (name: string) => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** The loader's rows: files are checked (type, 2 GB limit), auto-typed, and wait for confirmation. */
export function useDroppedFiles({ multiple, accept, detect, versionsOf }: DroppedFilesOptions) {
  const [rows, setRows] = useState<DroppedFile[]>([]);
  const nextId = useRef(1);

  const add = useCallback(
    (files: readonly File[], preset?: { type: string; version: string | null }) => {
      const accepted: DroppedFile[] = [];
      for (const file of files) {
        if (!accept.includes(extensionOf(file.name))) {
          toast.error(`${file.name} was not added: only ${accept.join(', ')} files are accepted.`);
          continue;
        }
        if (file.size > GOVERNANCE.maxUploadBytes) {
          toast.error(`${file.name} was not added: files larger than 2 GB cannot be uploaded.`);
          continue;
        }
        const type = preset?.type ?? detect(file.name);
        const versions = type ? versionsOf(type) : [];
        const version = preset?.version && versions.includes(preset.version) ? preset.version : (versions[0] ?? null);
        accepted.push({ id: nextId.current++, file, type, version });
      }
      if (accepted.length === 0) return;
      setRows((current) => (multiple ? [...current, ...accepted] : accepted.slice(-1)));
    },
    [accept, detect, versionsOf, multiple],
  );

  const setType = useCallback(
    (id: number, type: string) =>
      setRows((current) => current.map((row) => (row.id === id ? { ...row, type, version: versionsOf(type)[0] ?? null } : row))),
    [versionsOf],
  );

  const setVersion = useCallback(
    (id: number, version: string) => setRows((current) => current.map((row) => (row.id === id ? { ...row, version } : row))),
    [],
  );

  const remove = useCallback((ids: readonly number[]) => setRows((current) => current.filter((row) => !ids.includes(row.id))), []);

  return { rows, add, setType, setVersion, remove };
}

export type DroppedFiles = ReturnType<typeof useDroppedFiles>;
