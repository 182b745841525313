import { type IngestionItem, linkedGroupOf, type PeriodOption } from '@hangar/contract';

/** A File Checks row: a type can appear once per version. */
export const rowKey = (item: Pick<IngestionItem, 'file_type' | 'version'>) => `${item.file_type}::${item.version ?? ''}`;

/** KPIs are computed and wait for the user's review. */
export const awaitingReview = (item: IngestionItem) => item.status.checkKpis === 'running';

/** The server moves stages in the background; a review waiting for the user moves nothing. */
export const needsPolling = (items: readonly IngestionItem[]) =>
  items.some((item) => Object.entries(item.status).some(([stage, status]) => status === 'running' && stage !== 'checkKpis'));

/** Whether an uploaded (or validated) file is the one this row stands for. */
export const matchesFile = (item: IngestionItem, fileType: string, version: string | null) =>
  item.file_type === fileType && (item.version === null || version === null || item.version === version);

export const isCurrentMonth = (period: PeriodOption, today: Date) =>
  !period.wholeYear && period.month === today.getUTCMonth() + 1 && period.year === today.getUTCFullYear();

export type CheckEntry = { kind: 'single'; item: IngestionItem } | { kind: 'group'; group: string; items: IngestionItem[] };

/** Rows of one linked group gather where the group's first row stands. */
export function groupRows(items: readonly IngestionItem[], bu: string): CheckEntry[] {
  const entries: CheckEntry[] = [];
  const groups = new Map<string, IngestionItem[]>();
  for (const item of items) {
    const group = linkedGroupOf(item, items, bu);
    if (!group) {
      entries.push({ kind: 'single', item });
      continue;
    }
    const members = groups.get(group);
    if (members) members.push(item);
    else {
      const created = [item];
      groups.set(group, created);
      entries.push({ kind: 'group', group, items: created });
    }
  }
  return entries;
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatUploadDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date);
}
