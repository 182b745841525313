// Runs in a worker thread with memory limits: turns the first sheet of an untrusted workbook into
// a CSV file, streaming (exceljs's reader never holds the sheet whole).

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { openZipEntry, readZipDirectory } from '../../../platform/zip-directory.ts';

interface Input {
  source: string;
  target: string;
  maxRows: number;
  maxBytes: number;
}

const { source, target, maxRows, maxBytes } = workerData as Input;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date-formatted cell arrives as a Date (exceljs applies the cell's number format and the
 * workbook's 1900 or 1904 date system). Written as the template asks: a date yyyy-MM-dd, a
 * date-time yyyy-MM-dd HH:mm:ss, a time alone (no date part in its format) HH:mm:ss.
 */
function dateText(value: Date, numFmt: string | undefined): string {
  // Serial numbers carry float noise: round to the second.
  const d = new Date(Math.round(value.getTime() / 1000) * 1000);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const format = (numFmt ?? '').replace(/\[[^\]]*]|"[^"]*"/g, '');
  const hasDate = /[yd]/i.test(format) || /m/i.test(format.replace(/h+[^a-z]*m+|m+[^a-z]*s+/gi, ''));
  if (!hasDate && /[hs]/i.test(format)) return time;
  return time === '00:00:00' ? date : `${date} ${time}`;
}

function text(value: unknown, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value, numFmt);
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[]; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return text(v.result, numFmt);
    if (v.text !== undefined) return text(v.text);
    if (v.error) return '';
    return '';
  }
  return String(value);
}

/** exceljs's reader parts used here (not in its typings). */
interface ReaderInternals {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>;
}

/**
 * exceljs's streaming reader walks the zip in stored order and can miss parts while it awaits
 * (upstream issue 683: shared strings come back as indexes, at random). This one opens each part
 * through the central directory, in the order the sheet needs them, and reads the first sheet.
 */
class DirectoryWorkbookReader extends ExcelJS.stream.xlsx.WorkbookReader {
  // biome-ignore lint/suspicious/noExplicitAny: the base class declares AsyncIterator<any>
  override async *parse(): AsyncGenerator<any> {
    const self = this as unknown as ReaderInternals;
    const zip = await readZipDirectory(source, Number.MAX_SAFE_INTEGER);
    if (!zip.ok) throw new Error('not a zip');
    const part = (name: string) => zip.entries.find((e) => e.name === name);
    const open = (name: string) => openZipEntry(source, part(name)!);
    if (part('xl/_rels/workbook.xml.rels')) await self._parseRels(await open('xl/_rels/workbook.xml.rels'));
    if (!part('xl/workbook.xml')) throw new Error('no workbook part');
    await self._parseWorkbook(await open('xl/workbook.xml'));
    if (part('xl/styles.xml')) await self._parseStyles(await open('xl/styles.xml'));
    if (part('xl/sharedStrings.xml')) yield* self._parseSharedStrings(await open('xl/sharedStrings.xml'));
    const first = self.model?.sheets?.[0];
    const target = self.workbookRels?.find((r) => r.Id === first?.rId)?.Target ?? 'worksheets/sheet1.xml';
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (!part(name)) throw new Error('no sheet part');
    yield* self._parseWorksheet(await open(name), /sheet(\d+)\.xml$/.exec(name)?.[1] ?? '1');
  }
}

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

async function run() {
  const out = createWriteStream(target);
  let rows = 0;
  let bytes = 0;
  let width = 0;
  let lastRow = 0;
  const reader = new DirectoryWorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Styles tell date cells from numbers: a date typed in Excel is a number with a date format.
    styles: 'cache',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        values[col - 1] = text(cell.value, cell.numFmt);
      });
      for (let i = 0; i < values.length; i++) values[i] ??= '';
      if (rows === 0) width = values.length;
      // Rows missing from the sheet are blank lines of the original: keep them, the checks report them.
      for (let gap = lastRow + 1; gap < row.number && rows > 0; gap++) {
        const blank = `${gap}${','.repeat(Math.max(width, 1))}\n`;
        bytes += blank.length;
        if (!out.write(blank)) await once(out, 'drain');
      }
      lastRow = row.number;
      while (values.length < width) values.push('');
      // The first column is the sheet's row number: findings name the row Excel shows.
      const line = `${rows === 0 ? '__line' : row.number},${values.map(quote).join(',')}\n`;
      bytes += Buffer.byteLength(line);
      rows++;
      if (rows > maxRows) throw new Error(`LIMIT:The workbook has more than ${maxRows.toLocaleString('en')} rows.`);
      if (bytes > maxBytes) throw new Error('LIMIT:The workbook expands to more data than the portal accepts.');
      if (!out.write(line)) await once(out, 'drain');
    }
    break; // the first sheet holds the data; others (instructions) are ignored
  }
  out.end();
  await once(out, 'finish');
  parentPort?.postMessage({ rows });
}

run().catch((err: Error) => {
  parentPort?.postMessage({ error: err.message });
});
