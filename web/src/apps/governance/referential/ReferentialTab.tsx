import { buSentAs, detectReferentialType, GOV_TEXTS, GOVERNANCE, type ReferentialItem } from '@hangar/contract';
import { Inbox } from 'lucide-react';
import { useCallback, useMemo, useRef } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { Spinner } from '../../../ui/Spinner';
import { downloadReferentialFile, downloadTemplate } from '../api';
import { FileLoader } from '../loader/FileLoader';
import { type DroppedFile, useDroppedFiles } from '../loader/useDroppedFiles';
import { ReferentialTable } from './ReferentialTable';
import { useReferential } from './useReferential';

const noVersions = () => [];

/** The Referential sub-tab: one file at a time updates a reference (mapping) file. */
export function ReferentialTab({ useCase, bu }: { useCase: string; bu: string }) {
  const sentBu = buSentAs(bu);
  const { items, isLoading, completed, upload } = useReferential(useCase, sentBu);
  const types = useMemo(() => [...new Set(items.map((i) => i.file_type))], [items]);
  const detect = useCallback((name: string) => detectReferentialType(name, types), [types]);
  const dropped = useDroppedFiles({ multiple: false, accept: GOVERNANCE.referentialExtensions, detect, versionsOf: noVersions });
  const rowPicker = useRef<HTMLInputElement>(null);
  const rowTarget = useRef<ReferentialItem | null>(null);

  function confirm(row: DroppedFile) {
    if (!sentBu || !row.type) return;
    dropped.remove([row.id]);
    void upload(row.type, row.file);
  }

  return (
    <div className="space-y-5">
      <FileLoader dropped={dropped} multiple={false} accept={GOVERNANCE.referentialExtensions} types={types} onConfirm={confirm} />
      {/* 'Update Ref File' picks a file for that row; it joins the loader above, typed, to be confirmed. */}
      <input
        ref={rowPicker}
        type="file"
        hidden
        aria-label="Choose the reference file for this row"
        accept={GOVERNANCE.referentialExtensions.map((ext) => `.${ext}`).join(',')}
        onChange={(event) => {
          const target = rowTarget.current;
          if (target) dropped.add([...(event.target.files ?? [])], { type: target.file_type, version: null });
          event.target.value = '';
        }}
      />
      {isLoading ? (
        <div className="flex justify-center py-10">
          <Spinner label={GOV_TEXTS.loading} />
        </div>
      ) : items.length === 0 ? (
        <EmptyState icon={Inbox} title={GOV_TEXTS.noReferential(bu, useCase)} />
      ) : (
        <ReferentialTable
          items={items}
          completed={completed}
          onUpdate={(item) => {
            rowTarget.current = item;
            rowPicker.current?.click();
          }}
          onDownloadTemplate={(item) => void downloadTemplate(sentBu, item.file_type, useCase, item.version)}
          onDownloadFile={(item) => item.file_url && void downloadReferentialFile(item.file_url, item.final_filename)}
        />
      )}
    </div>
  );
}
