import type { DataAnswer } from '@hangar/contract';
import type { ExpectedAnswer } from './compute-expected.ts';
import { isClarified, type SetQuestion } from './questions.ts';

export type Asked = Omit<DataAnswer, 'id' | 'createdAt'>;

const close = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 2e-6 + 1e-9 * Math.abs(b) : a === b;
/** Rows whose every measure is empty say nothing (a month one side of a ratio lacks): neither side must show them. */
const withValues = (rows: readonly (readonly unknown[])[], measuresFrom: number) =>
  rows.filter((r) => r.slice(measuresFrom).some((v) => v !== null));
const byDimensions = (measuresFrom: number) => (a: readonly unknown[], b: readonly unknown[]) => {
  const ka = JSON.stringify(a.slice(0, measuresFrom));
  const kb = JSON.stringify(b.slice(0, measuresFrom));
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/** Null when the answer is right; else what is wrong with it, for the test message and the benchmark. */
export function gradeAnswer(q: SetQuestion, answer: Asked, expected: ExpectedAnswer | undefined): string | null {
  if (isClarified(q)) return answer.status === 'clarification' ? null : `answered (${answer.understood}) instead of asking back`;
  if (answer.status !== 'answered' || !answer.result) return `asked back: ${answer.clarification}`;
  if (!expected) return 'no expected answer: run compute-expected.ts';
  if (answer.language !== q.language) return `read as ${answer.language}, not ${q.language}`;
  const columns = answer.result.columns.map((c) => c.id);
  if (JSON.stringify(columns) !== JSON.stringify(expected.columns))
    return `columns ${columns.join(', ')} instead of ${expected.columns.join(', ')} (${answer.understood})`;
  const from = answer.result.columns.findIndex((c) => c.kind === 'measure');
  let got = withValues(answer.result.rows, from);
  let want = withValues(expected.rows, from);
  if (!q.ordered) [got, want] = [[...got].sort(byDimensions(from)), [...want].sort(byDimensions(from))];
  if (got.length !== want.length) return `${got.length} rows instead of ${want.length} (${answer.understood})`;
  for (const [i, row] of want.entries()) {
    if (!row.every((v, j) => close(got[i]![j], v))) return `row ${i + 1} is ${JSON.stringify(got[i])}, not ${JSON.stringify(row)}`;
  }
  return null;
}
