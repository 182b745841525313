import { BUSINESS_UNITS, type GovUseCase, type QuestionLanguage, type SemanticColumn, type SemanticQuery } from '@hangar/contract';
import { badRequest } from '../../platform/errors.ts';
import { ident, literal } from '../../platform/sql-text.ts';
import { type BaseMeasure, isRatio, type Measure, type SemanticLayer } from './semantic-layer.ts';

/** One Parquet file of the warehouse, as the registry lists it. */
export interface WarehouseFile {
  bu: string;
  useCase: string;
  fileType: string;
  year: number;
  month: number;
  path: string;
}

/** Which BUs the caller may read, per use case: the only place rows are let through. */
export type Scope = Map<GovUseCase, ReadonlySet<string>>;

export interface CompiledQuery {
  sql: string;
  columns: SemanticColumn[];
  /** Rows to fetch: one more than the cap tells the answer was cut. */
  fetch: number;
  cap: number;
  /** Things the answer must say: scope narrowed, no data for a measure. */
  notices: string[];
  /** The files read, for the quality status of the months used. */
  files: WarehouseFile[];
}

const timeExpr = (m: BaseMeasure, dim: string) => {
  const p = `CAST(${ident(m.table.periodColumn)} AS VARCHAR)`;
  if (dim === 'month') return p;
  if (dim === 'year') return `substr(${p}, 1, 4)`;
  if (dim === 'bu') return 'bu';
  return `CAST(${ident(dim)} AS VARCHAR)`;
};

const list = (values: readonly string[]) => values.map((v) => literal(v)).join(', ');

/**
 * Checks a structured query against the semantic layer and compiles it to DuckDB SQL over the
 * warehouse files the scope lets through. Every value is quoted here; no text of the question or
 * of a model ever becomes SQL.
 */
export function compileQuery(
  layer: SemanticLayer,
  query: SemanticQuery,
  files: readonly WarehouseFile[],
  scope: Scope,
  cap: number,
  /** The language the columns are labelled in: the question's. */
  language: QuestionLanguage = 'en',
): CompiledQuery {
  const measures = query.measures.map((id) => {
    const m = layer.measures.get(id);
    if (!m) throw badRequest(`There is no measure "${id}". Measures: ${[...layer.measures.keys()].join(', ')}.`);
    return m;
  });
  for (const d of [...query.dimensions, ...query.filters.map((f) => f.dimension)]) {
    if (!layer.dimensions.has(d)) throw badRequest(`There is no breakdown "${d}". Breakdowns: ${[...layer.dimensions.keys()].join(', ')}.`);
    for (const m of measures) {
      if (!m.dimensions.includes(d)) {
        throw badRequest(`${m.label} cannot be broken down by ${layer.dimensions.get(d)!.label}: it has ${m.dimensions.join(', ')}.`);
      }
    }
  }
  if (new Set(query.dimensions).size !== query.dimensions.length) throw badRequest('A breakdown is named twice.');
  if (query.time && query.time.from > query.time.to)
    throw badRequest(`The period starts (${query.time.from}) after it ends (${query.time.to}).`);
  const orderable = [...query.measures, ...query.dimensions];
  if (query.order && !orderable.includes(query.order.by)) throw badRequest(`Order by one of ${orderable.join(', ')}.`);

  const notices: string[] = [];
  const used: WarehouseFile[] = [];
  const ctes: string[] = [];
  const dims = query.dimensions;
  const dimList = dims.map((d) => ident(d)).join(', ');

  const buFilter = query.filters.find((f) => f.dimension === 'bu')?.values;
  const baseCte = (m: BaseMeasure, name: string) => {
    const readable = scope.get(m.useCase) ?? new Set<string>();
    const outside = buFilter?.filter((b) => !readable.has(b)) ?? [];
    if (outside.length) {
      notices.push(
        `${m.label}: you do not have access to ${outside.join(', ')}; the answer uses only ${[...readable].join(', ') || 'no BU'}.`,
      );
    } else if (!buFilter && readable.size > 0 && readable.size < BUSINESS_UNITS.length) {
      // Asked for everything ("by BU", "all airports"): the total is the caller's, not the group's.
      notices.push(`${m.label}: answered within your access, ${[...readable].join(', ')} only.`);
    }
    const mine = files.filter(
      (f) =>
        f.useCase === m.useCase &&
        f.fileType === m.table.type &&
        readable.has(f.bu) &&
        (!buFilter || buFilter.includes(f.bu)) &&
        (!query.time || (f.year >= Number(query.time.from.slice(0, 4)) && f.year <= Number(query.time.to.slice(0, 4)))),
    );
    used.push(...mine);
    const select = [...dims.map((d) => `${timeExpr(m, d)} AS ${ident(d)}`), `CAST(${m.valueSql} AS DOUBLE) AS v`].join(', ');
    if (!mine.length) {
      notices.push(`No ${m.label.toLowerCase()} data in your scope for this question.`);
      ctes.push(`${name} AS (SELECT ${[...dims.map((d) => `NULL::VARCHAR AS ${ident(d)}`), 'NULL::DOUBLE AS v'].join(', ')} WHERE FALSE)`);
      return;
    }
    const byBu = new Map<string, string[]>();
    for (const f of mine) byBu.set(f.bu, [...(byBu.get(f.bu) ?? []), f.path]);
    const source = [...byBu]
      // The paths are Hive-style (bu=…/period_month=…): DuckDB would add those folders as columns, ours come from the registry.
      .map(([bu, paths]) => `SELECT ${literal(bu)} AS bu, * FROM read_parquet([${list(paths)}], hive_partitioning = false)`)
      .join(' UNION ALL BY NAME ');
    const where = [m.whereSql];
    if (query.time) where.push(`${timeExpr(m, 'month')} BETWEEN ${literal(query.time.from)} AND ${literal(query.time.to)}`);
    for (const f of query.filters) where.push(`${timeExpr(m, f.dimension)} IN (${list(f.values)})`);
    ctes.push(`${name} AS (SELECT ${select} FROM (${source}) t WHERE ${where.join(' AND ')}${dims.length ? ' GROUP BY ALL' : ''})`);
  };
  const join = (a: string, b: string) => (dims.length ? `${a} FULL JOIN ${b} USING (${dimList})` : `${a} CROSS JOIN ${b}`);
  const measureCte = (m: Measure, name: string) => {
    if (!isRatio(m)) return baseCte(m, name);
    measureCte(layer.measures.get(m.numerator)!, `${name}_n`);
    measureCte(layer.measures.get(m.denominator)!, `${name}_d`);
    const pick = [...dims.map((d) => ident(d)), `${name}_n.v / NULLIF(${name}_d.v, 0) AS v`].join(', ');
    ctes.push(`${name} AS (SELECT ${pick} FROM ${join(`${name}_n`, `${name}_d`)})`);
  };
  for (const [i, m] of measures.entries()) measureCte(m, `m${i}`);

  const from = measures.map((_, i) => `m${i}`).reduce((acc, name) => join(acc, name));
  const select = [...dims.map((d) => ident(d)), ...measures.map((m, i) => `m${i}.v AS ${ident(m.id)}`)].join(', ');
  const timeDims = dims.filter((d) => layer.dimensions.get(d)!.kind === 'time');
  const order = query.order
    ? `${ident(query.order.by)} ${query.order.direction.toUpperCase()} NULLS LAST`
    : timeDims.length
      ? timeDims.map((d) => ident(d)).join(', ')
      : dims.length
        ? `${ident(measures[0]!.id)} DESC NULLS LAST`
        : '';
  const fetch = query.limit ?? cap + 1;
  const sql = `WITH ${ctes.join(',\n')}\nSELECT ${select} FROM ${from}${order ? ` ORDER BY ${order}` : ''} LIMIT ${Math.min(fetch, cap + 1)}`;
  const columns: SemanticColumn[] = [
    ...dims.map((d) => ({ id: d, label: layer.dimensions.get(d)!.labels[language], kind: 'dimension' as const, unit: null })),
    ...measures.map((m) => ({ id: m.id, label: m.labels[language], kind: 'measure' as const, unit: m.unit })),
  ];
  return { sql, columns, fetch: Math.min(fetch, cap + 1), cap, notices: [...new Set(notices)], files: used };
}
