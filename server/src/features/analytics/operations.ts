import type { QuestionLanguage, SemanticColumn, SemanticQuery } from '@hangar/contract';
import { badRequest } from '../../platform/errors.ts';
import { ident, literal } from '../../platform/sql-text.ts';
import { type CompiledQuery, compileParts, dimensionColumn, type Scope, type WarehouseFile } from './compile.ts';
import { isRatio, type SemanticLayer } from './semantic-layer.ts';

/**
 * The query language's operations (issue 32): a share, a total, an average per member, a change
 * against another period. Each is composed from the plain query's parts, compiled as any question
 * is (scope, stocks, ratios over shared months), so an operation can never give another measure's
 * figure: "what share came from T1-DF-01" is the shop's sales over the whole, not the shop's sales.
 */

const WORDS = {
  en: {
    total: 'Total',
    share: (m: string) => `Share of ${m.toLowerCase()}`,
    whole: (m: string) => `${m}, all`,
    average: (m: string, per: string) => `Average ${m.toLowerCase()} per ${per.toLowerCase()}`,
    difference: 'Difference',
    growth: 'Change',
  },
  fr: {
    total: 'Total',
    share: (m: string) => `Part de ${m.toLowerCase()}`,
    whole: (m: string) => `${m}, ensemble`,
    average: (m: string, per: string) => `${m} moyen par ${per.toLowerCase()}`,
    difference: 'Écart',
    growth: 'Évolution',
  },
  es: {
    total: 'Total',
    share: (m: string) => `Parte de ${m.toLowerCase()}`,
    whole: (m: string) => `${m}, total`,
    average: (m: string, per: string) => `${m} medio por ${per.toLowerCase()}`,
    difference: 'Diferencia',
    growth: 'Variación',
  },
  pt: {
    total: 'Total',
    share: (m: string) => `Parte de ${m.toLowerCase()}`,
    whole: (m: string) => `${m}, total`,
    average: (m: string, per: string) => `${m} médio por ${per.toLowerCase()}`,
    difference: 'Diferença',
    growth: 'Variação',
  },
  ja: {
    total: '合計',
    share: (m: string) => `${m}の割合`,
    whole: (m: string) => `${m}（全体）`,
    average: (m: string, per: string) => `${per}あたりの平均${m}`,
    difference: '差',
    growth: '増減率',
  },
} satisfies Record<QuestionLanguage, unknown>;

const span = (t: { from: string; to: string }) => (t.from === t.to ? t.from : `${t.from} to ${t.to}`);

export function compileOperation(
  layer: SemanticLayer,
  query: SemanticQuery,
  files: readonly WarehouseFile[],
  scope: Scope,
  cap: number,
  language: QuestionLanguage,
): CompiledQuery {
  const op = query.operation!;
  if (query.measures.length !== 1) {
    throw badRequest('A share, a total, an average or a change is asked of one measure at a time: ask for each measure on its own.');
  }
  const m = layer.measures.get(query.measures[0]!)!;
  const w = WORDS[language];
  const dims = query.dimensions;
  const plain: SemanticQuery = { ...query, operation: null, order: null, limit: null };
  const dimCols = dims.map((d) => dimensionColumn(layer, d, language));
  const dimSelect = dims.map((d) => `a.${ident(d)}`);
  const using = (a: string, b: string) =>
    dims.length ? `${a} FULL JOIN ${b} USING (${dims.map((d) => ident(d)).join(', ')})` : `${a} CROSS JOIN ${b}`;
  const v = ident(m.id);
  const measureCol = (id: string, label: string, unit: string | null): SemanticColumn => ({ id, label, kind: 'measure', unit });
  const fetch = Math.min(query.limit ?? cap + 1, cap + 1);
  const finish = (parts: ReturnType<typeof compileParts>[], body: string, columns: SemanticColumn[], order: string): CompiledQuery => ({
    sql: `WITH ${parts.flatMap((p) => p.ctes).join(',\n')},\n${body}${order ? ` ORDER BY ${order}` : ''} LIMIT ${fetch}`,
    columns,
    fetch,
    cap,
    notices: [...new Set(parts.flatMap((p) => p.notices))],
    files: parts.flatMap((p) => p.files),
  });
  const defaultOrder = (measureId: string) =>
    dims.find((d) => layer.dimensions.get(d)!.kind === 'time')
      ? ident(dims.find((d) => layer.dimensions.get(d)!.kind === 'time')!)
      : dims.length
        ? `${ident(measureId)} DESC NULLS LAST`
        : '';

  switch (op.kind) {
    case 'share': {
      if (isRatio(m) || m.unit === '%') {
        throw badRequest(
          `${m.label} is a ratio: a share of it has no meaning. Ask for the share of a total, such as net sales or passengers.`,
        );
      }
      if (!m.dimensions.includes(op.part.dimension)) {
        throw badRequest(`${m.label} cannot be split by ${layer.dimensions.get(op.part.dimension)?.label ?? op.part.dimension}.`);
      }
      if (dims.includes(op.part.dimension)) throw badRequest('The part of a share cannot also be a breakdown of it.');
      const whole = compileParts(layer, plain, files, scope, 'w_');
      const part = compileParts(layer, { ...plain, filters: [...plain.filters, op.part] }, files, scope, 'p_');
      const body = `whole AS (${whole.select}), part AS (${part.select})
SELECT ${[...dimSelect.map((d, i) => `${d} AS ${ident(dims[i]!)}`), `part.${v} / NULLIF(a.${v}, 0) AS share`, `part.${v} AS ${v}`, `a.${v} AS ${ident(`${m.id}_whole`)}`].join(', ')}
FROM whole a ${dims.length ? `LEFT JOIN part USING (${dims.map((d) => ident(d)).join(', ')})` : 'CROSS JOIN part'}`;
      const columns = [
        ...dimCols,
        measureCol('share', w.share(m.labels[language]), '%'),
        measureCol(m.id, `${m.labels[language]}, ${op.part.values.join(', ')}`, m.unit),
        measureCol(`${m.id}_whole`, w.whole(m.labels[language]), m.unit),
      ];
      return finish([whole, part], body, columns, defaultOrder('share'));
    }
    case 'total': {
      if (!dims.length) throw badRequest('A total is of rows: ask it with a breakdown ("revenue by BU with the total").');
      const rows = compileParts(layer, plain, files, scope, 'r_');
      // The total row is the measure over everything (a ratio's ratio, a stock's last month), not a sum of the rows.
      const all = compileParts(layer, { ...plain, dimensions: [] }, files, scope, 't_');
      const body = `rows AS (${rows.select}), total AS (${all.select})
SELECT * EXCLUDE (_last) FROM (
  SELECT ${[...dims.map((d) => ident(d)), v, '0 AS _last'].join(', ')} FROM rows
  UNION ALL
  SELECT ${[...dims.map((_, i) => (i === 0 ? `${literal(w.total)} AS ${ident(dims[0]!)}` : `NULL AS ${ident(dims[i]!)}`)), v, '1 AS _last'].join(', ')} FROM total
)`;
      const inner = defaultOrder(m.id);
      return finish([rows, all], body, [...dimCols, measureCol(m.id, m.labels[language], m.unit)], `_last${inner ? `, ${inner}` : ''}`);
    }
    case 'average': {
      if (!m.dimensions.includes(op.per)) {
        throw badRequest(`${m.label} cannot be averaged per ${layer.dimensions.get(op.per)?.label ?? op.per}.`);
      }
      if (dims.includes(op.per)) throw badRequest('An average per member of a breakdown cannot also be broken down by it.');
      const members = compileParts(layer, { ...plain, dimensions: [...dims, op.per] }, files, scope, 'a_');
      const perLabel = layer.dimensions.get(op.per)!.labels[language];
      const body = `members AS (${members.select})
SELECT ${[...dims.map((d) => ident(d)), `avg(${v}) AS ${v}`, `count(${v}) AS members`].join(', ')} FROM members${dims.length ? ' GROUP BY ALL' : ''}`;
      const columns = [
        ...dimCols,
        measureCol(m.id, w.average(m.labels[language], perLabel), m.unit),
        measureCol('members', perLabel, null),
      ];
      return finish([members], body, columns, defaultOrder(m.id));
    }
    case 'change': {
      if (!query.time) throw badRequest('Say which period to compare with the other: for example "October 2026 against September 2026".');
      if (op.against.from > op.against.to)
        throw badRequest(`The period compared with starts (${op.against.from}) after it ends (${op.against.to}).`);
      const now = compileParts(layer, plain, files, scope, 'n_');
      const then = compileParts(layer, { ...plain, time: op.against }, files, scope, 'b_');
      const body = `now_ AS (${now.select}), then_ AS (${then.select})
SELECT ${[
        ...dims.map((d) => ident(d)),
        `now_.${v} AS ${v}`,
        `then_.${v} AS ${ident(`${m.id}_against`)}`,
        `now_.${v} - then_.${v} AS difference`,
        `(now_.${v} - then_.${v}) / NULLIF(abs(then_.${v}), 0) AS growth`,
      ].join(', ')} FROM ${using('now_', 'then_')}`;
      const columns = [
        ...dimCols,
        measureCol(m.id, `${m.labels[language]}, ${span(query.time)}`, m.unit),
        measureCol(`${m.id}_against`, `${m.labels[language]}, ${span(op.against)}`, m.unit),
        measureCol('difference', w.difference, m.unit),
        measureCol('growth', w.growth, '%'),
      ];
      return finish([now, then], body, columns, defaultOrder(m.id));
    }
  }
}
