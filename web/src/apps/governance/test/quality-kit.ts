import type { OverviewHqRow, OverviewRow, QualityDetailRow, QualityResponse } from '@hangar/contract';

/** An overview row that passes every check unless told otherwise. */
export function overviewRow(name: string, overrides: Partial<OverviewRow> = {}): OverviewRow {
  return {
    name,
    last_updated: '2024-03-31',
    file_not_received: 1,
    file_integrity: 1,
    data_integrity: 1,
    mapping_coverage: 95,
    file_not_received_messages: '',
    file_integrity_messages: '',
    data_integrity_messages: '',
    mapping_coverage_messages: '',
    ...overrides,
  };
}

export function hqRow(name: string, overrides: Partial<OverviewHqRow> = {}): OverviewHqRow {
  return {
    name,
    last_updated: '2024-03-31',
    file_not_received: 1,
    file_integrity: 1,
    data_integrity: 1,
    mapping_coverage: 1,
    ...overrides,
  };
}

/** A quality result of March 2024 that failed, with a file and a one-row sample, unless told otherwise. */
export function qualityRow(overrides: Partial<QualityDetailRow> = {}): QualityDetailRow {
  return {
    year: 2024,
    month: 3,
    table_name: 'GENERAL_LEDGER',
    cause: 'Missing values',
    detailed_cause: 'Column amount is empty on 2 lines',
    detailed_cause_fix: 'Fill in every amount',
    file_type: 'GENERAL_LEDGER',
    status: 'failed',
    reception_time: '2024-03-05T23:30:00+00:00',
    url: 'uploads/ssa/finance/gl.xlsx',
    file_name_sftp: 'GL_2024_03.xlsx',
    'Table Name': 'General ledger',
    'Reference Name': null,
    value: -1,
    message: 'Data integrity failed',
    failing_count: 2,
    sample: [{ line: 12, column: 'amount', value: '', problem: 'empty' }],
    ...overrides,
  };
}

export const quality = (groups: Partial<QualityResponse>): QualityResponse => ({
  data_integrity: [],
  file_integrity: [],
  file_not_received: [],
  mapping_coverage: [],
  ...groups,
});
