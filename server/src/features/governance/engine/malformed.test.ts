import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { text, zip } from '../../../../test/zip.ts';
import { fileTypeDef } from '../catalogue/index.ts';
import { generateRows } from '../demo/files.ts';
import { runChecks } from './checks.ts';
import { toTabular } from './tabular.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'gov-malformed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const rss = () => process.memoryUsage().rss;

async function workbook(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Data');
  // Numbers as Excel numbers, as a user's workbook has them.
  for (const [n, r] of rows.entries()) sheet.addRow(r.map((v, i) => (n > 0 && (i === 1 || i === 6) ? Number(v) : v)));
  wb.addWorksheet('Instructions').addRow(['ignored']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** An xlsx whose one shared string inflates to `mb` megabytes. */
async function bomb(mb: number): Promise<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, 'A');
  return zip([
    {
      name: '[Content_Types].xml',
      chunks: text(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      chunks: text(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      chunks: text(
        '<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      chunks: text(
        '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/sharedStrings.xml',
      chunks: function* () {
        yield Buffer.from(
          '<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>',
        );
        for (let i = 0; i < mb; i++) yield chunk;
        yield Buffer.from('</t></si></sst>');
      },
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      chunks: text(
        '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
      ),
    },
  ]);
}

describe('workbooks', () => {
  it('reads the first sheet of an xlsx into the same checks as a CSV', async () => {
    const source = path.join(dir, 'gl.xlsx');
    writeFileSync(source, await workbook(generateRows(GL, { year: 2026, month: 10, size: 10 })));
    const tab = await toTabular(source, 'xlsx', dir);
    expect(tab.ok).toBe(true);
    if (!tab.ok) return;
    const report = await runChecks({
      csvPath: tab.csvPath,
      format: tab.format,
      def: GL,
      period: { year: 2026, month: 10 },
      referentials: new Map(),
      stagedPath: path.join(dir, 's.parquet'),
    });
    expect(report.fileIntegrity.findings).toEqual([]);
    expect(report.dataIntegrity.findings).toEqual([]);
    expect(report.rows).toBe(20);
  });

  it('explains a truncated workbook', async () => {
    const whole = await workbook(generateRows(GL, { year: 2026, month: 10, size: 50 }));
    const source = path.join(dir, 'cut.xlsx');
    writeFileSync(source, whole.subarray(0, Math.floor(whole.length / 2)));
    const tab = await toTabular(source, 'xlsx', path.join(dir));
    expect(tab).toEqual({ ok: false, message: expect.stringMatching(/The workbook is damaged or is not an Excel workbook/) });
  });

  it('stops a zip bomb renamed .xlsx from its directory, before anything is inflated', async () => {
    const source = path.join(dir, 'bomb.xlsx');
    writeFileSync(source, await bomb(700));
    const before = rss();
    const tab = await toTabular(source, 'xlsx', dir);
    expect(tab.ok).toBe(false);
    if (!tab.ok) expect(tab.message).toMatch(/^The workbook unpacks to \d+ MB from a 1 MB file, more than the portal unpacks/);
    expect(rss() - before).toBeLessThan(200 * 1024 * 1024);
  }, 120_000);

  it('refuses .xls without LibreOffice, and other documents, with what to do instead', async () => {
    const pdf = await toTabular(path.join(dir, 'x.pdf'), 'pdf', dir);
    expect(pdf).toEqual({
      ok: false,
      message: 'A .pdf file cannot be checked: upload the data as CSV or Excel (.xlsx), following the template.',
    });
  });
});

describe('hostile CSV', () => {
  it('refuses a 1 GB line quickly, with bounded memory', async () => {
    const source = path.join(dir, 'long-line.csv');
    const out = createWriteStream(source);
    out.write(`${GL.columns.map((c) => c.name).join(',')}\n`);
    const mb = Buffer.alloc(1024 * 1024, 'a');
    for (let i = 0; i < 1024; i++) if (!out.write(mb)) await once(out, 'drain');
    out.end();
    await once(out, 'finish');
    const before = rss();
    const tab = await toTabular(source, 'csv', dir);
    expect(tab).toEqual({ ok: false, message: 'Line 2 is longer than 2 MB: the file is not a CSV with one record per line.' });
    expect(rss() - before).toBeLessThan(300 * 1024 * 1024);
    rmSync(source);
  }, 120_000);
});
