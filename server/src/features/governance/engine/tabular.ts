import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';

/** A file the checks can read: CSV text, possibly converted from a workbook. */
export type Tabular = { ok: true; csvPath: string } | { ok: false; message: string };

export const PARSE_LIMITS = {
  workerHeapMb: 256,
  timeoutMs: 120_000,
  maxRows: 5_000_000,
  maxCsvBytes: 4 * 1024 ** 3,
};

/** Puts an uploaded file into CSV form for the checks; never throws for a bad file, it explains. */
export async function toTabular(localPath: string, extension: string, workDir: string): Promise<Tabular> {
  switch (extension) {
    case 'csv':
    case 'txt':
      return { ok: true, csvPath: localPath };
    case 'xlsx':
    case 'xlsm':
      return workbookToCsv(localPath, path.join(workDir, 'sheet.csv'));
    case 'xls':
      return legacyWorkbookToCsv(localPath, workDir);
    default:
      return {
        ok: false,
        message: `A .${extension} file cannot be checked: upload the data as CSV or Excel (.xlsx), following the template.`,
      };
  }
}

function workbookToCsv(source: string, target: string): Promise<Tabular> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), {
      workerData: { source, target, maxRows: PARSE_LIMITS.maxRows, maxBytes: PARSE_LIMITS.maxCsvBytes },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (result: Tabular) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(
      () => finish({ ok: false, message: 'Reading the workbook took too long: split it or save it as CSV, then upload again.' }),
      PARSE_LIMITS.timeoutMs,
    );
    worker.on('message', (m: { rows?: number; error?: string }) => {
      if (m.error === undefined) return finish({ ok: true, csvPath: target });
      finish({ ok: false, message: workbookError(m.error) });
    });
    worker.on('error', (err: Error & { code?: string }) =>
      finish({
        ok: false,
        message:
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'The workbook needs more memory to read than the portal allows: save it as CSV, then upload again.'
            : workbookError(err.message),
      }),
    );
    worker.on('exit', () => finish({ ok: false, message: workbookError('the reader stopped') }));
  });
}

function workbookError(raw: string): string {
  if (raw.startsWith('LIMIT:')) return `${raw.slice(6)} Split it or save it as CSV, then upload again.`;
  return 'The workbook could not be read: it is damaged or not an Excel .xlsx file. Open it in Excel, save it as .xlsx or CSV, then upload again.';
}

const run = promisify(execFile);

/** Old .xls workbooks go through LibreOffice when it is installed. */
async function legacyWorkbookToCsv(source: string, workDir: string): Promise<Tabular> {
  const soffice = ['/usr/bin/soffice', '/usr/bin/libreoffice'].find((p) => existsSync(p));
  if (!soffice) {
    return {
      ok: false,
      message:
        'Old Excel .xls files need LibreOffice on the server, which is not installed: save the file as .xlsx or CSV, then upload again.',
    };
  }
  const outDir = path.join(workDir, 'converted');
  await mkdir(outDir, { recursive: true });
  try {
    await run(soffice, ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', outDir, source], {
      timeout: PARSE_LIMITS.timeoutMs,
      env: { ...process.env, HOME: workDir },
    });
  } catch {
    return { ok: false, message: 'The .xls workbook could not be converted: save it as .xlsx or CSV, then upload again.' };
  }
  const csvPath = path.join(outDir, `${path.basename(source).replace(/\.[^.]+$/, '')}.csv`);
  return existsSync(csvPath)
    ? { ok: true, csvPath }
    : { ok: false, message: 'The .xls workbook could not be converted: save it as .xlsx or CSV.' };
}
