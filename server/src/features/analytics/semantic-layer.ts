import type { GovUseCase, QuestionLanguage, SemanticDimension, SemanticMeasure } from '@hangar/contract';
import { ident } from '../../platform/sql-text.ts';
import { allUseCases, type FileTypeDef, type KpiDef, kpiValueSql, kpiWhereSql } from '../governance/index.ts';
import { DERIVED_MEASURES, DIMENSION_LABELS, LOCAL_LABELS, ROW_LEVEL_COLUMNS } from './vocabulary.ts';

/**
 * The semantic layer, generated from the governance catalogue: every KPI definition is a measure
 * over the table that holds it, every category column of a governed table a dimension, plus the
 * time (month, year) and the BU every warehouse row belongs to. Nothing here is written by hand
 * but the labels, synonyms and the few ratios across tables (vocabulary.ts).
 */

/** A label in each language a question may be asked in. */
export type Labels = Record<QuestionLanguage, string>;

export interface BaseMeasure {
  id: string;
  label: string;
  labels: Labels;
  unit: string;
  format: string;
  definition: string;
  useCase: GovUseCase;
  kpi: KpiDef;
  table: FileTypeDef;
  /** SQL aggregate over the table's rows (alias-free column names). */
  valueSql: string;
  /** SQL condition on the table's rows the KPI counts. */
  whereSql: string;
  /** Summed over the months of a period (flow), or its last month's snapshot (stock): KpiDef.overTime. */
  overTime: 'flow' | 'stock';
  dimensions: string[];
}

/** A ratio of two measures computed over their shared dimensions (revenue per passenger). */
export interface RatioMeasure {
  id: string;
  label: string;
  labels: Labels;
  unit: string;
  format: string;
  definition: string;
  numerator: string;
  denominator: string;
  dimensions: string[];
}

export type Measure = BaseMeasure | RatioMeasure;
export const isRatio = (m: Measure): m is RatioMeasure => 'numerator' in m;

export interface Dimension {
  id: string;
  label: string;
  labels: Labels;
  kind: 'time' | 'category';
}

/** Dimensions every warehouse table has: its period, the year of it, and the BU that sent it. */
export const COMMON_DIMENSIONS = ['month', 'year', 'bu'] as const;

export const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export interface SemanticLayer {
  measures: Map<string, Measure>;
  dimensions: Map<string, Dimension>;
}

function categoryColumns(table: FileTypeDef): string[] {
  return table.columns
    .filter((c) => c.type === 'string' && c.name !== table.periodColumn && !ROW_LEVEL_COLUMNS.includes(c.name))
    .map((c) => c.name);
}

/** The label in English and, from the vocabulary, in French, Spanish, Portuguese and Japanese (English when it has none). */
const labelsOf = (id: string, label: string): Labels => ({
  en: label,
  ...(LOCAL_LABELS[id] ?? { fr: label, es: label, pt: label, ja: label }),
});

/**
 * The KPI's aggregate over warehouse rows, which span BUs: a distinct count is of each BU's own
 * identifiers (journal entry numbers repeat across BUs: counted once each across the group, the
 * 180 entries of three BUs read as 60).
 */
function warehouseValueSql(kpi: KpiDef): string {
  if (kpi.aggregate !== 'count_distinct' || kpi.per) return kpiValueSql(kpi);
  return `${kpi.negate ? '-1 * ' : ''}count(DISTINCT (bu, ${ident(kpi.column)}))`;
}

export function buildSemanticLayer(): SemanticLayer {
  const measures = new Map<string, Measure>();
  const dimensions = new Map<string, Dimension>();
  const dimension = (id: string, label: string, kind: Dimension['kind']) =>
    dimensions.set(id, { id, label, labels: labelsOf(id, label), kind });
  dimension('month', 'Month', 'time');
  dimension('year', 'Year', 'time');
  dimension('bu', 'BU', 'category');
  for (const useCase of allUseCases()) {
    for (const table of useCase.fileTypes) {
      const columns = categoryColumns(table);
      for (const c of columns) {
        if (!dimensions.has(c)) dimension(c, DIMENSION_LABELS[c] ?? c.replace(/_/g, ' '), 'category');
      }
      for (const kpi of table.kpis ?? []) {
        const id = slug(kpi.name);
        if (measures.has(id)) throw new Error(`Two KPIs make the measure ${id}: name them apart in the catalogue`);
        measures.set(id, {
          id,
          label: kpi.name,
          labels: labelsOf(id, kpi.name),
          unit: kpi.unit,
          format: kpi.format,
          definition: kpi.definition,
          useCase: useCase.name,
          kpi,
          table,
          valueSql: warehouseValueSql(kpi),
          whereSql: kpiWhereSql(kpi),
          overTime: kpi.overTime,
          dimensions: [...COMMON_DIMENSIONS, ...columns],
        });
      }
    }
  }
  for (const d of DERIVED_MEASURES) {
    const num = measures.get(d.numerator);
    const den = measures.get(d.denominator);
    if (!num || !den) throw new Error(`The ratio ${d.id} names a measure the catalogue does not have`);
    // The ratio is summed over the months both sides share (compile.ts): only flows add up that way.
    if (isRatio(num) || isRatio(den) || num.overTime !== 'flow' || den.overTime !== 'flow') {
      throw new Error(`The ratio ${d.id} must divide two flow measures of the catalogue`);
    }
    measures.set(d.id, { ...d, labels: labelsOf(d.id, d.label), dimensions: num.dimensions.filter((x) => den.dimensions.includes(x)) });
  }
  return { measures, dimensions };
}

/** The use cases whose tables a measure reads (both sides of a ratio). */
export function useCasesOf(layer: SemanticLayer, m: Measure): GovUseCase[] {
  if (!isRatio(m)) return [m.useCase];
  return [...new Set([m.numerator, m.denominator].flatMap((id) => useCasesOf(layer, layer.measures.get(id)!)))];
}

export function describeMeasure(layer: SemanticLayer, m: Measure): SemanticMeasure {
  return {
    id: m.id,
    label: m.label,
    unit: m.unit,
    format: m.format,
    definition: m.definition,
    useCase: useCasesOf(layer, m).join(', '),
    kpi: isRatio(m) ? null : m.kpi.name,
    dimensions: m.dimensions,
  };
}

export const describeDimension = (d: Dimension): SemanticDimension => ({ id: d.id, label: d.label, kind: d.kind });
