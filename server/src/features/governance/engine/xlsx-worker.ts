// Runs in a worker thread with memory limits: turns the first sheet of an untrusted workbook into
// a CSV file, streaming (exceljs's reader never holds the sheet whole).

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';

interface Input {
  source: string;
  target: string;
  maxRows: number;
  maxBytes: number;
}

const { source, target, maxRows, maxBytes } = workerData as Input;

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as { result?: unknown; text?: unknown; richText?: { text: string }[]; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return text(v.result);
    if (v.text !== undefined) return text(v.text);
    if (v.error) return '';
    return '';
  }
  return String(value);
}

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

async function run() {
  const out = createWriteStream(target);
  let rows = 0;
  let bytes = 0;
  let width = 0;
  let lastRow = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = (row.values as unknown[]).slice(1).map(text);
      if (rows === 0) width = values.length;
      // Rows missing from the sheet are blank lines of the original: keep them, the checks report them.
      for (let gap = lastRow + 1; gap < row.number && rows > 0; gap++) {
        const blank = `${','.repeat(Math.max(width - 1, 0))}\n`;
        bytes += blank.length;
        if (!out.write(blank)) await once(out, 'drain');
      }
      lastRow = row.number;
      while (values.length < width) values.push('');
      const line = `${values.map(quote).join(',')}\n`;
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
