import {
  applyUploadResult,
  GOV_TEXTS,
  GOVERNANCE,
  type IngestionItem,
  type PeriodOption,
  pendingStages,
  type StageError,
  type StageStatusMap,
  startUpload,
  type UploadResult,
} from '@hangar/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BLOCKS_TAB_OPENING } from '../../../shell/tabs/TabsProvider';
import {
  fetchIngestionData,
  govKeys,
  type ReviewFields,
  rejectKpis,
  type StageOutcome,
  type UploadPart,
  uploadIngestionFiles,
  validateKpis,
} from '../api';
import { matchesFile, needsPolling, rowKey } from './rows';

export const POLL_MS = 1000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const UNEXPECTED: StageError = { title: GOV_TEXTS.unexpectedErrorTitle, description: GOV_TEXTS.unexpectedErrorDescription };

type LocalState = { status: StageStatusMap; error: StageError | null };

/**
 * The File Checks rows of one BU and period, and what the user does to them: upload, validate
 * and reject. Polls while the server moves stages; pauses while an upload or a review is in flight.
 */
export function useIngestion(useCase: string, bu: string, period: PeriodOption) {
  const kpiReview = useCase === 'Finance';
  const queryClient = useQueryClient();
  const key = govKeys.ingestion(useCase, bu, period);
  const [inFlight, setInFlight] = useState(0);
  const [review, setReview] = useState<{ keys: ReadonlySet<string>; items: IngestionItem[] } | null>(null);
  // Failures only the client knows of (no answer from the server): kept over the polled data until the row is uploaded again.
  const [failures, setFailures] = useState<ReadonlyMap<string, LocalState>>(() => new Map());

  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchIngestionData(useCase, bu, period),
    meta: { [BLOCKS_TAB_OPENING]: true },
    refetchInterval: (q) => (inFlight === 0 && !review && needsPolling(q.state.data ?? []) ? POLL_MS : false),
    refetchOnWindowFocus: false,
  });

  const items = useMemo(() => (query.data ?? []).map((item) => ({ ...item, ...failures.get(rowKey(item)) })), [query.data, failures]);

  const update = (keys: ReadonlySet<string>, change: (item: IngestionItem) => IngestionItem) =>
    queryClient.setQueryData<IngestionItem[]>(key, (old) => old?.map((item) => (keys.has(rowKey(item)) ? change(item) : item)));

  const remember = (keys: Iterable<string>, state: LocalState | null) =>
    setFailures((current) => {
      const next = new Map(current);
      for (const k of keys) {
        if (state) next.set(k, state);
        else next.delete(k);
      }
      return next;
    });

  async function begin(keys: ReadonlySet<string>, change: (item: IngestionItem) => IngestionItem) {
    setInFlight((n) => n + 1);
    remember(keys, null);
    await queryClient.cancelQueries({ queryKey: key });
    update(keys, change);
  }

  async function upload(parts: readonly UploadPart[]) {
    const sent = (query.data ?? []).filter((item) => parts.some((p) => matchesFile(item, p.fileType, p.version)));
    const keys = new Set(sent.map(rowKey));
    await begin(keys, (item) => ({ ...item, ...startUpload(kpiReview) }));
    let results: UploadResult[] = [];
    try {
      results = await uploadIngestionFiles(bu, useCase, period, new Date().getDate(), parts);
    } catch (error) {
      console.error('Upload failed', error);
    }
    const failed: string[] = [];
    update(keys, (item) => {
      const result = results.find((r) => matchesFile(item, r.file_type, r.version));
      const applied = applyUploadResult(kpiReview, result);
      if (!result) failed.push(rowKey(item));
      return {
        ...item,
        status: applied.status,
        error: applied.error,
        file_id: applied.fileId,
        tmp_bucket_url: applied.tmpBucketUrl,
        kpis: result?.kpis ?? null,
      };
    });
    const { status, error } = applyUploadResult(kpiReview, undefined);
    remember(failed, { status, error });
    setInFlight((n) => n - 1);
  }

  const fieldsOf = (item: IngestionItem): ReviewFields => ({
    file_asset: bu,
    file_type: item.file_type,
    file_version: item.version,
    month: period.month,
    year: period.year,
    tmp_bucket_url: item.tmp_bucket_url ?? '',
  });

  /** Confirms every file under review, one after another with a pause between; the last answer is applied to all. */
  async function validate(toValidate: readonly IngestionItem[]) {
    const keys = new Set(toValidate.map(rowKey));
    setReview({ keys, items: [...toValidate] });
    await begin(keys, (item) => ({ ...item, status: { ...item.status, checkKpis: 'finished', processed: 'running' } }));
    let outcome: StageOutcome | null = null;
    try {
      for (const [index, item] of toValidate.entries()) {
        if (index > 0) await sleep(GOVERNANCE.kpiConfirmDelayMs);
        outcome = await validateKpis(fieldsOf(item));
      }
      const last = outcome;
      if (last) update(keys, (item) => ({ ...item, ...last }));
    } catch (error) {
      console.error('KPI validation failed', error);
      const failedState = (item: IngestionItem): LocalState => ({
        status: { ...item.status, checkKpis: 'finished', processed: 'error' },
        error: UNEXPECTED,
      });
      update(keys, (item) => ({ ...item, ...failedState(item) }));
      setFailures((current) => new Map([...current, ...toValidate.map((item) => [rowKey(item), failedState(item)] as const)]));
    }
    setReview(null);
    setInFlight((n) => n - 1);
  }

  async function reject(toReject: readonly IngestionItem[]) {
    const keys = new Set(toReject.map(rowKey));
    await begin(keys, (item) => item);
    for (const item of toReject) {
      try {
        await rejectKpis(fieldsOf(item));
      } catch (error) {
        console.error('KPI rejection failed', error);
      }
    }
    // The rejected file is gone: nothing of it stays on the row.
    update(keys, (item) => ({
      ...item,
      status: pendingStages(kpiReview),
      error: null,
      kpis: null,
      tmp_bucket_url: null,
      file_id: null,
      file_url: null,
      url: null,
      final_filename: null,
      uploaded_by: null,
      date: null,
      check_ref_messages: null,
    }));
    setInFlight((n) => n - 1);
    // The server knows what the month still has (a delivery processed before the rejected one): show it.
    void queryClient.invalidateQueries({ queryKey: key });
  }

  return {
    items,
    isLoading: query.isLoading,
    kpiReview,
    /** Rows being validated, and the KPIs they showed, kept on screen until the answers are in. */
    review,
    uploading: inFlight > 0,
    upload,
    validate,
    reject,
  };
}
