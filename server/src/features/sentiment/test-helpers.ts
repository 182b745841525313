import type { SentimentAnalysis } from '@hangar/contract';
import ExcelJS from 'exceljs';

/** A multipart upload of one sheet. */
export async function uploadSheet(baseUrl: string, token: string, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${baseUrl}/api/sentiment/analyses`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
  return { status: res.status, body: (await res.json()) as any };
}

export async function xlsxOf(rows: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Feedback');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Polls an analysis until it is done or failed. */
export async function finished(baseUrl: string, token: string, id: string, timeoutMs = 60_000): Promise<SentimentAnalysis> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/sentiment/analyses/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const a = (await res.json()) as SentimentAnalysis;
    if (a.state === 'done' || a.state === 'failed') return a;
    if (Date.now() > deadline) throw new Error(`analysis ${id} still ${a.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export const FEEDBACK_ROWS: [string, string, string][] = [
  ['2026-03-02', 'Security', 'The security staff were friendly and the check was quick.'],
  ['2026-03-02', 'Toilets', 'The toilets were dirty and smelled awful.'],
  ['2026-03-09', 'Check-in', 'Personnel impoli au comptoir, très désagréable.'],
  ['2026-03-09', 'Shops', 'Las tiendas son agradables y el café es bueno.'],
  ['2026-03-16', 'Security', 'Filas intermináveis na segurança, mais de uma hora.'],
  ['2026-03-16', 'Transport', 'I took the train from the city centre to the airport.'],
];
