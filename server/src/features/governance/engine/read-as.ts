import type { DuckDBConnection } from '@duckdb/node-api';
import type { FileTypeDef } from '../catalogue/types.ts';
import type { Finding } from './checks.ts';
import { ident, literal } from './sql.ts';
import type { FileFormat } from './tabular.ts';

// How a file was read: the decisions taken for the whole file, and how the steward is told.

/** NUL bytes are removed before reading (the database refuses them): the finding keeps their lines. */
export function nulFinding(format: FileFormat): Finding {
  return {
    problem: `NUL bytes (${format.nulCount}), which text files do not contain: the file was saved by a program that wrote binary data into it`,
    count: format.nulLines.length,
    sample: format.nulLines.map((line) => ({ line })),
  };
}

/**
 * The decimal mark is a file-level decision: a file whose decimal columns use commas (and never a
 * point as decimal mark) is read with decimal commas, as Excel writes CSV in France, Spain or Portugal.
 */
export async function usesDecimalComma(db: DuckDBConnection, def: FileTypeDef, source: string): Promise<boolean> {
  const decimals = def.columns.filter((c) => c.type === 'decimal');
  if (!decimals.length) return false;
  const any = (re: string) =>
    decimals.map((c) => `count(*) FILTER (WHERE regexp_matches(trim(${ident(c.name)}), ${literal(re)}))`).join(' + ');
  const [comma, point] = (
    await db.runAndReadAll(`SELECT ${any('^[+-]?[0-9.]*[0-9],[0-9]+$')}, ${any('^[+-]?[0-9,]*[0-9]?\\.[0-9]+$')} FROM ${source}`)
  )
    .getRows()[0]!
    .map(Number) as [number, number];
  return comma > 0 && point === 0;
}

export function describeFormat(format: FileFormat, decimalComma: boolean): string {
  if (format.source === 'workbook' && format.delimiter === ',' && format.encoding === 'UTF-8')
    return 'Read from the first sheet of the workbook.';
  const separator = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'vertical bar' }[format.delimiter] ?? `"${format.delimiter}"`;
  const encoding = format.encoding === 'UTF-8' ? 'UTF-8' : `${format.encoding} (converted to UTF-8)`;
  return `Read as ${separator}-separated text, ${decimalComma ? 'decimal comma' : 'decimal point'}, encoding ${encoding}.`;
}
