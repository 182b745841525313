import type { DataAnswer } from '@hangar/contract';
import type { BankExpectedAnswer } from './compute-expected.ts';
import { type BankQuestion, isRefusal } from './types.ts';

export type Asked = Omit<DataAnswer, 'id' | 'createdAt'>;

/**
 * exact: the rows expected (columns and rows equal as the question set's grade.ts compares them),
 * or a refusal where one is expected; wrong: an answer with other rows (or with rows where a
 * refusal is expected); refused: a question back, a failure, or no data where rows are expected.
 */
export type Outcome = 'exact' | 'wrong' | 'refused';
export interface Graded {
  outcome: Outcome;
  /** What came back against what was expected (null when exact and nothing to say). */
  detail: string | null;
}

/** Words an answer may write in a total row's dimension cell instead of leaving it empty. */
const TOTAL_LABELS = new Set(['total', 'totale', 'totales', 'todos', 'tous', 'all', 'group', 'groupe', 'grupo', '合計', '総計']);

const close = (a: unknown, b: unknown) =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) <= 2e-6 + 1e-9 * Math.abs(b) : a === b;
/** Rows whose every measure is empty say nothing (a month one side of a ratio lacks). */
const withValues = (rows: readonly (readonly unknown[])[], measuresFrom: number) =>
  rows.filter((r) => r.slice(measuresFrom).some((v) => v !== null && v !== undefined));
const byDimensions = (measuresFrom: number) => (a: readonly unknown[], b: readonly unknown[]) => {
  const ka = JSON.stringify(a.slice(0, measuresFrom));
  const kb = JSON.stringify(b.slice(0, measuresFrom));
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};
const asTotal = (v: unknown) => (typeof v === 'string' && TOTAL_LABELS.has(v.trim().toLowerCase()) ? null : v);
const short = (rows: readonly (readonly unknown[])[], max = 6) =>
  `${JSON.stringify(rows.slice(0, max))}${rows.length > max ? ` …(${rows.length} rows)` : ''}`;

const EXACT: Graded = { outcome: 'exact', detail: null };

/**
 * The same figures in another layout than the bank's, accepted as exact (README.md): a share as a
 * `share` column beside its parts (`<measure>`, `<measure>_whole`); two periods (or BUs) side by
 * side in one row (`<measure>`, `<measure>_against`, and `difference`, `growth` when shown, which
 * must then be right too). Null when the answer is not one of these, or its figures differ.
 */
function otherLayout(columns: readonly string[], got: readonly (readonly unknown[])[], expected: BankExpectedAnswer): Graded | null {
  const [row] = got;
  if (got.length !== 1 || !row) return null;
  const at = (id: string) => columns.indexOf(id);
  const [first, second] = expected.columns;
  if (expected.columns.length === 1 && first?.endsWith('_share') && at('share') >= 0) {
    const measure = first.slice(0, -'_share'.length);
    const parts = columns.every((c) => c === 'share' || c === measure || c === `${measure}_whole`);
    return parts && close(row[at('share')], expected.rows[0]![0]) ? EXACT : null;
  }
  if (expected.columns.length === 2 && expected.rows.length === 2 && second && at(second) >= 0 && at(`${second}_against`) >= 0) {
    const known = [second, `${second}_against`, 'difference', 'growth'];
    const [v, w] = [row[at(second)], row[at(`${second}_against`)]];
    const [a, b] = expected.rows.map((r) => r[1]);
    if (!columns.every((c) => known.includes(c)) || typeof v !== 'number' || typeof w !== 'number') return null;
    const pair = (close(v, a) && close(w, b)) || (close(v, b) && close(w, a));
    const difference = at('difference') < 0 || close(row[at('difference')], v - w);
    const growth = at('growth') < 0 || close(row[at('growth')], (v - w) / w);
    return pair && difference && growth ? EXACT : null;
  }
  return null;
}

/** The outcome of one bank question, from the answer (or the error the service threw). */
export function gradeBankAnswer(q: BankQuestion, answer: Asked | Error, expected: BankExpectedAnswer | undefined): Graded {
  if (answer instanceof Error) {
    return { outcome: isRefusal(q) ? 'exact' : 'refused', detail: `failed: ${answer.message}` };
  }
  const result = answer.status === 'answered' ? answer.result : null;
  const from = result ? result.columns.findIndex((c) => c.kind === 'measure') : -1;
  const got = result && from >= 0 ? withValues(result.rows, from) : [];
  const reading = answer.understood ? ` (${answer.understood})` : '';
  if (isRefusal(q)) {
    if (!got.length) return EXACT;
    return {
      outcome: 'wrong',
      detail: `answered ${result!.columns.map((c) => c.id).join(', ')} ${short(got)}${reading} instead of refusing (${q.refusal})`,
    };
  }
  if (answer.status !== 'answered') return { outcome: 'refused', detail: `asked back: ${answer.clarification}` };
  if (!got.length) return { outcome: 'refused', detail: `no data${reading}: ${answer.notices.join(' ')}`.trim() };
  if (!expected) throw new Error(`${q.id} has no expected answer: run question-bank/compute-expected.ts`);
  const columns = result!.columns.map((c) => c.id);
  const want = withValues(expected.rows, from);
  const normalised = got.map((r) => r.map((v, j) => (j < from ? asTotal(v) : v)));
  const mismatch = (why: string): Graded => ({
    outcome: 'wrong',
    detail: `${why}: got ${columns.join(', ')} ${short(normalised)}${reading}; expected ${expected.columns.join(', ')} ${short(expected.rows)}`,
  });
  const layout = otherLayout(columns, got, expected);
  if (layout) return layout;
  // The same columns in another order (two measures listed the other way round) are the same answer.
  const dimensions = expected.columns.slice(0, from);
  const sameKinds =
    JSON.stringify([...columns.slice(0, from)].sort()) === JSON.stringify([...dimensions].sort()) &&
    JSON.stringify([...columns.slice(from)].sort()) === JSON.stringify([...expected.columns.slice(from)].sort());
  if (!sameKinds) return mismatch('other columns');
  const order = expected.columns.map((c) => columns.indexOf(c));
  const aligned = normalised.map((r) => order.map((j) => r[j]));
  const [a, b] = q.ordered ? [aligned, want] : [[...aligned].sort(byDimensions(from)), [...want].sort(byDimensions(from))];
  if (a.length !== b.length) return mismatch(`${a.length} rows instead of ${b.length}`);
  for (const [i, row] of b.entries()) {
    if (!row.every((v, j) => close(a[i]![j], v))) return mismatch(`row ${i + 1} differs`);
  }
  return EXACT;
}
