import type { ColumnDef } from './catalogue/index.ts';
import { typeLabel } from './engine/sql.ts';

/** A template workbook: a 'Data' sheet with the exact header row, and an 'Instructions' sheet. */
export async function templateWorkbook(title: string, columns: readonly ColumnDef[], period: string | null): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Hangar';
  const data = wb.addWorksheet('Data');
  data.addRow(columns.map((c) => c.name));
  data.getRow(1).font = { bold: true };
  data.columns.forEach((col, i) => {
    col.width = Math.max(14, columns[i]!.name.length + 4);
  });
  data.views = [{ state: 'frozen', ySplit: 1 }];

  const help = wb.addWorksheet('Instructions');
  help.addRow([title]).font = { bold: true, size: 14 };
  if (period) help.addRow([`Period: ${period}`]);
  help.addRow([]);
  for (const line of [
    'Fill the Data sheet: one row per record under the header row. Keep the header exactly as it is.',
    'Do not rename, add or remove columns. Column names have no spaces.',
    'Leave no empty lines between rows. Dates are yyyy-MM-dd, months yyyy-MM; numbers without thousands separators.',
    'Save as .xlsx (this workbook) or as CSV UTF-8, then upload it in the Ingestion tab.',
  ]) {
    help.addRow([line]);
  }
  help.addRow([]);
  const head = help.addRow(['Column', 'Type', 'Required', 'Description', 'Example']);
  head.font = { bold: true };
  for (const c of columns) {
    const rules = [
      c.allowed ? `one of ${c.allowed.join(', ')}` : '',
      c.min !== undefined ? `at least ${c.min}` : '',
      c.max !== undefined ? `at most ${c.max}` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const note = [c.note, rules, c.codeOf ? `must exist in ${c.codeOf.referential}` : ''].filter(Boolean).join(' — ');
    // The example goes in as text so a value like '=...' or '2026-10' is never read as a formula or a date.
    help.addRow([c.name, typeLabel[c.type], c.required ? 'yes' : 'no', note, { richText: [{ text: c.example }] }]);
  }
  help.getColumn(1).width = 22;
  help.getColumn(2).width = 20;
  help.getColumn(4).width = 70;
  help.getColumn(5).width = 22;
  return Buffer.from(await wb.xlsx.writeBuffer());
}
