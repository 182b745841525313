import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../platform/context.ts';
import { formulaSafe, sheetRecords } from './sheet.ts';
import { fileKey } from './store.ts';

// The original sheet with the added columns, as CSV or as a workbook. Both are formula-safe: a
// CSV cell that a spreadsheet would run gets an apostrophe; workbook cells are written as values, never formulas.

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
const NUMBER = /^-?\d{1,15}(\.\d+)?$/;

async function toLocal(ctx: AppContext, id: string, work: string): Promise<string> {
  const file = path.join(work, 'enriched.csv');
  await pipeline((await ctx.store.get(fileKey(id, 'enriched'))).body as NodeJS.ReadableStream, createWriteStream(file));
  return file;
}

export async function enrichedCsv(ctx: AppContext, id: string): Promise<Readable> {
  const work = await mkdtemp(path.join(tmpdir(), 'hangar-sentiment-csv-'));
  const file = await toLocal(ctx, id, work);
  const out = new PassThrough();
  (async () => {
    // A BOM: Excel opens UTF-8 CSV with accents intact.
    out.write('\uFEFF');
    let lines: string[] = [];
    for await (const record of sheetRecords(file, ',')) {
      lines.push(`${(record as string[]).map((c) => quote(formulaSafe(c))).join(',')}\r\n`);
      if (lines.length >= 500) {
        if (!out.write(lines.join(''))) await new Promise((r) => out.once('drain', r));
        lines = [];
      }
    }
    out.end(lines.join(''));
  })()
    .catch((err: Error) => out.destroy(err))
    .finally(() => void rm(work, { recursive: true, force: true }));
  return out;
}

/** The workbook is written once per analysis and kept beside the CSV. */
export async function enrichedXlsx(ctx: AppContext, id: string): Promise<Readable> {
  const key = fileKey(id, 'xlsx');
  const existing = await ctx.store.get(key).catch(() => null);
  if (existing) return existing.body as Readable;
  const work = await mkdtemp(path.join(tmpdir(), 'hangar-sentiment-xlsx-'));
  try {
    const csv = await toLocal(ctx, id, work);
    const target = path.join(work, 'enriched.xlsx');
    // exceljs is large and only these downloads write workbooks: loaded on the first.
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: target, useSharedStrings: false, useStyles: false });
    const sheet = workbook.addWorksheet('Sentiment');
    let header = true;
    for await (const record of sheetRecords(csv, ',')) {
      const values = (record as string[]).map((c) => (!header && NUMBER.test(c) ? Number(c) : c));
      sheet.addRow(values).commit();
      header = false;
    }
    sheet.commit();
    await workbook.commit();
    await ctx.store.put(key, createReadStream(target), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return (await ctx.store.get(key)).body as Readable;
}
