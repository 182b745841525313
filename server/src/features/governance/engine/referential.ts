import type { ReferentialDef } from '../catalogue/types.ts';
import { someOf } from './bounded.ts';
import { csvColumns, readHeader } from './header.ts';
import { ident, literal } from './sql.ts';

export type ReferentialResult = { ok: true; rows: number } | { ok: false; problems: string[] };

/** Checks a referential file (exact columns, keys present and unique) and writes it as Parquet. */
export async function loadReferential(csvPath: string, def: ReferentialDef, parquetPath: string): Promise<ReferentialResult> {
  const header = await readHeader(csvPath);
  if (!header) return { ok: false, problems: ['The file is empty: it has no header row.'] };
  const expected = def.columns.map((c) => c.name);
  const spaced = header.columns.filter((c) => /\s/.test(c));
  const missing = expected.filter((c) => !header.columns.includes(c));
  const extra = header.columns.filter((c) => !expected.includes(c));
  const problems: string[] = [];
  if (spaced.length) problems.push(`Column names must not contain spaces: ${someOf(spaced.map((c) => `"${c}"`))}.`);
  if (missing.length) problems.push(`Missing columns: ${someOf(missing)}.`);
  if (extra.length) problems.push(`Unexpected columns: ${someOf(extra)}.`);
  if (problems.length) return { ok: false, problems };

  const instance = await (await import('@duckdb/node-api')).DuckDBInstance.create(':memory:', { memory_limit: '256MB', threads: '2' });
  const db = await instance.connect();
  try {
    const columns = csvColumns(header);
    try {
      await db.run(
        `CREATE TABLE r AS SELECT ${expected.map((c) => `NULLIF(trim(${ident(c)}), '') AS ${ident(c)}`).join(', ')}
         FROM read_csv(${literal(csvPath)}, delim = ${literal(header.delimiter)}, header = true, auto_detect = false,
           columns = ${columns}, quote = '"', escape = '"', strict_mode = true, max_line_size = 2097152)`,
      );
    } catch {
      return { ok: false, problems: ['The file could not be read as CSV: save it as CSV UTF-8 or .xlsx, following the template.'] };
    }
    const key = def.columns.filter((c) => c.key).map((c) => ident(c.name));
    const required = def.columns.filter((c) => c.required).map((c) => ident(c.name));
    const stats = (
      await db.runAndReadAll(
        `SELECT count(*), ${required.length ? `count(*) FILTER (WHERE ${required.map((r) => `${r} IS NULL`).join(' OR ')})` : '0'},
          count(*) - count(DISTINCT (${key.join(', ')})) FROM r`,
      )
    ).getRows()[0]!;
    const [rows, incomplete, dupes] = stats.map(Number) as [number, number, number];
    if (rows === 0) problems.push('The file has a header but no rows.');
    if (incomplete)
      problems.push(
        `${incomplete} row(s) miss a required value (${def.columns
          .filter((c) => c.required)
          .map((c) => c.name)
          .join(', ')}).`,
      );
    if (dupes) problems.push(`${dupes} row(s) repeat a code that appears earlier in the file.`);
    if (problems.length) return { ok: false, problems };
    await db.run(`COPY r TO ${literal(parquetPath)} (FORMAT parquet)`);
    return { ok: true, rows };
  } finally {
    db.closeSync();
    instance.closeSync();
  }
}
