import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { lockedDownOfficeProfile, officeCopyWithoutExternalLinks } from '../../../platform/office/external-links.ts';
import { sandboxed } from '../../../platform/sandbox.ts';
import { readZipDirectory } from '../../../platform/zip-directory.ts';
import { normalizeCsv } from './normalize.ts';
import { plainCsv } from './plain-csv.ts';

/** How an uploaded file was read: shown with the check results, so the steward sees the decision. */
export interface FileFormat {
  source: 'csv' | 'workbook';
  encoding: 'UTF-8' | 'Windows-1252';
  delimiter: string;
  /** Lines holding NUL bytes (a sample) and how many NUL bytes were removed in all. */
  nulLines: number[];
  nulCount: number;
  /**
   * Where the checks find each record's line in the uploaded file: 'column', the CSV's first column
   * (`__line`, written by the rewrite); 'position', the CSV is the uploaded plain file itself, one
   * record per line, so record n (0-based) is line n + 2.
   */
  lines: 'column' | 'position';
  /** For 'position': how many records the file holds, which the reader must find. */
  records?: number;
}

/**
 * A file the checks can read: CSV text and where its line numbers are (see FileFormat.lines).
 * Only the checks read 'position' files; other readers get the normalised rewrite.
 */
export type Tabular = { ok: true; csvPath: string; format: FileFormat } | { ok: false; message: string };

export const PARSE_LIMITS = {
  workerHeapMb: 256,
  timeoutMs: 120_000,
  maxRows: 5_000_000,
  maxCsvBytes: 4 * 1024 ** 3,
};

/**
 * Zip limits checked on the central directory before a workbook is opened. Office files have a
 * few dozen parts and inflate some 5 to 30 times; a bomb has thousands of parts or inflates hundreds of times.
 */
export const ZIP_LIMITS = {
  maxEntries: 2_000,
  maxRatio: 100,
  maxUncompressedBytes: 2 * 1024 ** 3,
  /** Small files may inflate more (a nearly empty workbook): the ratio applies above this. */
  ratioFloorBytes: 16 * 1024 ** 2,
};

export const DAMAGED_WORKBOOK =
  'The workbook is damaged or is not an Excel workbook: open it in Excel (or LibreOffice), save it as .xlsx or CSV, then upload again.';

/** Puts an uploaded file into CSV form for the checks; never throws for a bad file, it explains. */
export async function toTabular(localPath: string, extension: string, workDir: string, opts: { inPlace?: boolean } = {}): Promise<Tabular> {
  switch (extension) {
    case 'csv':
    case 'txt':
      return csvToTabular(localPath, workDir, opts.inPlace);
    case 'xlsx':
    case 'xlsm':
      return openWorkbook(localPath, path.join(workDir, 'sheet.csv'));
    case 'xls':
      return legacyWorkbookToCsv(localPath, workDir, opts.inPlace);
    default:
      return {
        ok: false,
        message: `A .${extension} file cannot be checked: upload the data as CSV or Excel (.xlsx), following the template.`,
      };
  }
}

/**
 * A plain UTF-8 file is read where it is when `inPlace` (the checks; they fall back on the rewrite
 * if the reader disagrees with the scan); anything else is rewritten with its line numbers.
 */
async function csvToTabular(source: string, workDir: string, inPlace = false): Promise<Tabular> {
  const plain = inPlace ? await plainCsv(source) : null;
  if (plain) {
    const { delimiter, records } = plain;
    return {
      ok: true,
      csvPath: source,
      format: { source: 'csv', encoding: 'UTF-8', delimiter, nulLines: [], nulCount: 0, lines: 'position', records },
    };
  }
  return normalizedCsv(source, path.join(workDir, 'normalized.csv'));
}

/** The rewrite: UTF-8, each record led by its line in the uploaded file. */
export async function normalizedCsv(source: string, csvPath: string): Promise<Tabular> {
  const { longLine, ...n } = await normalizeCsv(source, csvPath);
  if (longLine) return { ok: false, message: `Line ${longLine} is longer than 2 MB: the file is not a CSV with one record per line.` };
  return { ok: true, csvPath, format: { source: 'csv', ...n, lines: 'column' } };
}

const mb = (bytes: number) => `${Math.ceil(bytes / 1024 ** 2).toLocaleString('en')} MB`;

/** Refuses zip bombs and zips that are not workbooks before any part is inflated. */
async function openWorkbook(source: string, target: string): Promise<Tabular> {
  const size = (await stat(source)).size;
  const zip = await readZipDirectory(source, ZIP_LIMITS.maxEntries);
  if (!zip.ok) {
    return {
      ok: false,
      message:
        zip.reason === 'too_many_entries'
          ? `The workbook has more than ${ZIP_LIMITS.maxEntries.toLocaleString('en')} parts, which no spreadsheet needs: save the data as CSV, then upload again.`
          : DAMAGED_WORKBOOK,
    };
  }
  if (!zip.entries.some((e) => e.name === 'xl/workbook.xml')) {
    return { ok: false, message: `${DAMAGED_WORKBOOK} (It has no workbook part.)` };
  }
  const allowed = Math.min(ZIP_LIMITS.maxUncompressedBytes, Math.max(ZIP_LIMITS.ratioFloorBytes, size * ZIP_LIMITS.maxRatio));
  if (zip.totalUncompressed > allowed) {
    return {
      ok: false,
      message: `The workbook unpacks to ${mb(zip.totalUncompressed)} from a ${mb(size)} file, more than the portal unpacks (${mb(allowed)}): save the data as CSV, then upload again.`,
    };
  }
  // The CSV written from the sheet is bounded by what the parts declared, not only by the global cap.
  const maxBytes = Math.min(PARSE_LIMITS.maxCsvBytes, Math.max(ZIP_LIMITS.ratioFloorBytes, 2 * zip.totalUncompressed));
  const converted = await workbookToCsv(source, target, maxBytes);
  return converted.ok
    ? { ...converted, format: { source: 'workbook', encoding: 'UTF-8', delimiter: ',', nulLines: [], nulCount: 0, lines: 'column' } }
    : converted;
}

type Converted = { ok: true; csvPath: string } | { ok: false; message: string };

function workbookToCsv(source: string, target: string, maxBytes: number): Promise<Converted> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./xlsx-worker.ts', import.meta.url), {
      workerData: { source, target, maxRows: PARSE_LIMITS.maxRows, maxBytes },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (result: Converted) => {
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
  return DAMAGED_WORKBOOK;
}

const run = promisify(execFile);

/** Old .xls workbooks go through LibreOffice when it is installed. */
async function legacyWorkbookToCsv(source: string, workDir: string, inPlace = false): Promise<Tabular> {
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
    // The workbook is a user's: LibreOffice reads a copy without external relationships (if it is
    // a zip package after all), with a profile refusing links and recalculation, without network
    // or the server's environment (platform/office/external-links.ts, platform/sandbox.ts).
    const input = await officeCopyWithoutExternalLinks(source, path.join(workDir, 'soffice-input'));
    const profile = await lockedDownOfficeProfile(path.join(workDir, 'soffice-profile'));
    const args = [profile, '--headless', '--norestore', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76', '--outdir', outDir];
    const box = sandboxed(soffice, [...args, input.path], { home: workDir, memoryMb: 2048 });
    await run(box.command, box.args, { timeout: PARSE_LIMITS.timeoutMs, env: box.env });
  } catch {
    return { ok: false, message: 'The .xls workbook could not be converted: save it as .xlsx or CSV, then upload again.' };
  }
  const csvPath = path.join(outDir, `${path.basename(source).replace(/\.[^.]+$/, '')}.csv`);
  if (!existsSync(csvPath)) return { ok: false, message: 'The .xls workbook could not be converted: save it as .xlsx or CSV.' };
  const tabular = await csvToTabular(csvPath, workDir, inPlace);
  return tabular.ok ? { ...tabular, format: { ...tabular.format, source: 'workbook' } } : tabular;
}
