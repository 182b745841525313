import { GOV_TEXTS, type ReferentialItem } from '@hangar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchReferentialData, govKeys, uploadMappingFile } from '../api';
import { POLL_MS } from '../ingestion/useIngestion';

/** The referential files of one BU and the mapping-file upload that updates them. */
export function useReferential(useCase: string, bu: string) {
  const queryClient = useQueryClient();
  const key = govKeys.referential(useCase, bu);
  const [inFlight, setInFlight] = useState(0);
  // 'Process complete' closes an update made here; other finished files can be updated again.
  const [completed, setCompleted] = useState<ReadonlySet<string>>(() => new Set());

  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchReferentialData(useCase, bu),
    refetchInterval: (q) => (inFlight === 0 && (q.state.data ?? []).some((i) => i.status === 'running') ? POLL_MS : false),
    refetchOnWindowFocus: false,
  });

  const update = (fileType: string, change: Partial<ReferentialItem>) =>
    queryClient.setQueryData<ReferentialItem[]>(key, (old) =>
      old?.map((item) => (item.file_type === fileType ? { ...item, ...change } : item)),
    );

  async function upload(fileType: string, file: File) {
    setInFlight((n) => n + 1);
    setCompleted((current) => new Set([...current].filter((t) => t !== fileType)));
    await queryClient.cancelQueries({ queryKey: key });
    update(fileType, { status: 'running', error: null });
    try {
      const result = await uploadMappingFile(bu, fileType, file);
      update(fileType, { status: result.status, error: result.error });
      if (result.status === 'finished') setCompleted((current) => new Set([...current, fileType]));
      // The new file's name, date and link come from the server.
      void queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      console.error('Referential upload failed', error);
      update(fileType, { status: 'error', error: { title: GOV_TEXTS.mappingErrorTitle, description: '' } });
    }
    setInFlight((n) => n - 1);
  }

  return { items: query.data ?? [], isLoading: query.isLoading, completed, upload };
}
