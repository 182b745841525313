import type { LineageModel } from './model';
import { walk } from './path';

export const CSV_HEADER = ['source', 'table', 'column', 'kpi'] as const;

/** Spreadsheets run cells starting with these as formulas. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const toCsv = (rows: readonly (readonly string[])[]): string =>
  [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n');

/** One row per column read on the way to the KPI: each edge upstream of it that leaves a table. */
export function upstreamRows(model: LineageModel, kpiNodeId: string, kpiName: string): string[][] {
  const upstream = walk(model.index, kpiNodeId, 'up').nodes;
  const seen = new Set<string>();
  const rows: string[][] = [];
  for (const edge of model.edges) {
    const from = model.byId.get(edge.source.node);
    if (!from || from.kind === 'source' || !upstream.has(edge.target.node)) continue;
    const row = [from.source, edge.source.table, edge.source.column ?? '', kpiName];
    const key = row.join('\u0000');
    if (!seen.has(key)) {
      seen.add(key);
      rows.push(row);
    }
  }
  return rows.sort((a, b) => a.join('\u0000').localeCompare(b.join('\u0000')));
}

/** 'SSA/AMA' and the like must not become folders in the saved name. */
export const safeFileName = (name: string): string => name.replace(/[\\/:*?"<>|]+/g, '-');
