import type { CheckName, QualityDetailRow } from '@hangar/contract';
import { formatDay, formatPercent } from '../ui/format';

// The quality table's columns, shared by the screen and the CSV export so both say the same thing.

export interface QualityColumn {
  label: string;
  /** The cell's text; null shows as 'Not available'. */
  text: (row: QualityDetailRow) => string | null;
}

const orNull = (value: string | null | undefined) => (value?.trim() ? value : null);

export const periodOf = (row: Pick<QualityDetailRow, 'year' | 'month'>) => `${row.year}-${String(row.month).padStart(2, '0')}`;

export function qualityColumns(check: CheckName): QualityColumn[] {
  const columns: QualityColumn[] = [
    { label: 'Table name', text: (r) => orNull(r.table_name) },
    { label: 'Period', text: periodOf },
    { label: 'File name', text: (r) => orNull(r.file_name_sftp) },
    { label: 'Received', text: (r) => formatDay(r.reception_time) },
    { label: 'Status', text: (r) => r.status },
    { label: 'Cause', text: (r) => orNull(r.cause) },
  ];
  if (check === 'mapping_coverage') {
    columns.push(
      { label: 'Reference Name', text: (r) => orNull(r['Reference Name']) },
      { label: 'Coverage', text: (r) => formatPercent(r.value) },
    );
  }
  return columns;
}

/** The export adds what the screen keeps for the details modal. */
export const csvColumns = (check: CheckName): QualityColumn[] => [
  ...qualityColumns(check),
  { label: 'Detailed cause', text: (r) => orNull(r.detailed_cause) },
  { label: 'Fix', text: (r) => orNull(r.detailed_cause_fix) },
  { label: 'Message', text: (r) => orNull(r.message) },
  { label: 'Failing rows', text: (r) => String(r.failing_count) },
];
