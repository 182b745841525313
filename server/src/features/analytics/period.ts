import type { SemanticQuery } from '@hangar/contract';
import { monthsOf, type WarehouseFile } from './compile.ts';
import { type BaseMeasure, isRatio, type Measure, type SemanticLayer } from './semantic-layer.ts';

/**
 * The period a figure covers, said beside it (issue 32): the months of the files it was computed
 * from, within the period asked; a ratio's months are those both sides hold; a stock read at the
 * end of the period is that month. Figures of different periods side by side say so, instead of
 * setting 2025 traffic beside a 2026 budget without a word.
 */
export interface Covered {
  measure: string;
  label: string;
  from: string;
  to: string;
}

function monthsOfMeasure(layer: SemanticLayer, m: Measure, query: SemanticQuery, files: readonly WarehouseFile[]): string[] {
  if (isRatio(m)) {
    const a = new Set(monthsOfMeasure(layer, layer.measures.get(m.numerator)!, query, files));
    return monthsOfMeasure(layer, layer.measures.get(m.denominator)!, query, files).filter((x) => a.has(x));
  }
  const base = m as BaseMeasure;
  const inPeriod = (x: string) => !query.time || (x >= query.time.from && x <= query.time.to);
  const months = [...new Set(files.filter((f) => f.useCase === base.useCase && f.fileType === base.table.type).flatMap(monthsOf(base)))]
    .filter(inPeriod)
    .sort();
  // A stock without a month breakdown is its last month's figure (compile.ts).
  const snapshot = base.overTime === 'stock' && !query.dimensions.includes('month') && !query.dimensions.includes('year');
  return snapshot ? months.slice(-1) : months;
}

/** Each measure's covered months, first to last; a measure with no month read is left out. */
export function periodsCovered(layer: SemanticLayer, query: SemanticQuery, files: readonly WarehouseFile[]): Covered[] {
  return query.measures.flatMap((id) => {
    const m = layer.measures.get(id)!;
    const months = monthsOfMeasure(layer, m, query, files);
    return months.length ? [{ measure: id, label: m.label, from: months[0]!, to: months.at(-1)! }] : [];
  });
}

const span = (c: { from: string; to: string }) => (c.from === c.to ? c.from : `${c.from} to ${c.to}`);

/** "2026-08 to 2026-10", or each measure's own when they differ ("Departing passengers 2025-01 to 2025-12; …"). */
export function periodText(covered: readonly Covered[]): string | null {
  if (!covered.length) return null;
  const spans = new Set(covered.map(span));
  if (spans.size === 1) return span(covered[0]!);
  return covered.map((c) => `${c.label} ${span(c)}`).join('; ');
}

/** The notice when figures shown together cover different periods. */
export function differentPeriodsNotice(covered: readonly Covered[]): string | null {
  return new Set(covered.map(span)).size > 1
    ? `These figures cover different periods: ${covered.map((c) => `${c.label} ${span(c)}`).join(', ')}.`
    : null;
}
