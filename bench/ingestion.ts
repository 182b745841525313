import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import { fileTypeDef, referentialDef } from '../server/src/features/governance/catalogue/index.ts';
import { generateReferential, generateRows, toCsv } from '../server/src/features/governance/demo/files.ts';
import { runChecks } from '../server/src/features/governance/engine/checks.ts';
import { loadReferential } from '../server/src/features/governance/engine/referential.ts';
import { readable } from '../server/src/features/governance/engine/test-kit.ts';
import { signIn } from '../server/test/browser.ts';
import { DEMO_PASSWORD, rssMb, sleep, startPortal, stop, tempDataDir, waitHealthy } from './procs.ts';
import { log, median, type Result } from './result.ts';

const GL = fileTypeDef('Finance', 'SSA', 'GENERAL_LEDGER')!;
const PERIOD = { year: 2026, month: 10 };
const TARGET_RATIO = 3;

/** CPU time of this process in ms, DuckDB's threads included: it moves far less than wall time on a shared machine. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function timed(fn: () => Promise<unknown>, cpu?: number[]): Promise<number> {
  const t = performance.now();
  const c = cpuMs();
  await fn();
  cpu?.push(cpuMs() - c);
  return performance.now() - t;
}

async function rawRead(csv: string): Promise<void> {
  const db = await (await DuckDBInstance.create(':memory:', { threads: '2' })).connect();
  await db.run(`CREATE TABLE raw AS SELECT * FROM read_csv('${csv}', header = true)`);
  db.closeSync();
}

/**
 * Ingestion: DuckDB's raw read_csv of a 1,000,000-row general ledger (the floor) against the full
 * check pipeline on the same file; a 300,000-row xlsx end to end; a 2 GB upload through the portal.
 */
export async function ingestion(): Promise<Result> {
  const dir = tempDataDir();
  log('ingestion: generating a 1,000,000-row general ledger');
  const csv = path.join(dir, 'gl.csv');
  writeFileSync(csv, toCsv(generateRows(GL, { ...PERIOD, size: 500_000 })));
  const refDef = referentialDef('Finance', 'MAPPING_LOCAL')!;
  const refCsv = path.join(dir, 'ref.csv');
  writeFileSync(refCsv, toCsv(generateReferential(refDef)));
  const refParquet = path.join(dir, 'ref.parquet');
  await loadReferential((await readable(refCsv, dir, 'csv', false)).csvPath, refDef, refParquet);
  // The pipeline as an upload runs it: a plain UTF-8 file is scanned and read where it is (others are
  // rewritten with their line numbers first), then checked. The scan and the checks are timed apart too.
  const scanMs: number[] = [];
  const pipeline = async () => {
    const t = performance.now();
    const tab = await readable(csv, dir);
    scanMs.push(performance.now() - t);
    return runChecks({
      ...tab,
      def: GL,
      period: PERIOD,
      referentials: new Map([['MAPPING_LOCAL', refParquet]]),
      stagedPath: path.join(dir, 'staged.parquet'),
    });
  };

  log('ingestion: raw read_csv vs the pipeline, 3 runs each');
  await rawRead(csv); // warm the page cache
  const raw: number[] = [];
  const full: number[] = [];
  const rawCpu: number[] = [];
  const fullCpu: number[] = [];
  for (let i = 0; i < 3; i++) {
    raw.push(await timed(() => rawRead(csv), rawCpu));
    full.push(await timed(pipeline, fullCpu));
  }
  const report = await pipeline();
  if (!report.dataIntegrity.passed || report.rows !== 1_000_000) throw new Error('the benchmark file did not pass its checks');
  const ratio = median(full) / median(raw);

  log('ingestion: a 300,000-row xlsx end to end');
  const xlsx = path.join(dir, 'gl.xlsx');
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: xlsx, useSharedStrings: false, useStyles: false });
  const sheet = writer.addWorksheet('Data');
  for (const [n, r] of generateRows(GL, { ...PERIOD, size: 150_000 }).entries()) {
    sheet.addRow(n === 0 ? r : r.map((v, i) => (i === 1 || i === 6 ? Number(v) : v))).commit();
  }
  sheet.commit();
  await writer.commit();
  const xlsxRun = JSON.parse(
    execFileSync(process.execPath, [path.join(import.meta.dirname, 'ingestion-xlsx.ts'), xlsx, dir], { encoding: 'utf8' }),
  ) as { seconds: number; peakMb: number; rows: number };
  if (xlsxRun.rows !== 300_000) throw new Error(`the xlsx read ${xlsxRun.rows} rows`);
  const xlsxSeconds = xlsxRun.seconds;

  const upload = await bigUpload();

  return {
    name: 'Ingestion: full check pipeline against DuckDB read_csv (1,000,000-row general ledger)',
    measure: 'time, median of 3',
    portal: `${(median(full) / 1000).toFixed(2)} s`,
    baseline: `${(median(raw) / 1000).toFixed(2)} s`,
    ratio,
    target: `≤ ${TARGET_RATIO}x; xlsx < 10 s and < 500 MB; 2 GB upload flat`,
    pass: ratio <= TARGET_RATIO && xlsxSeconds < 10 && xlsxRun.peakMb < 500 && upload.growthMb < 100,
    details: [
      `1,000,000 rows (${(statSync(csv).size / 1024 / 1024).toFixed(0)} MB): raw read_csv ${raw.map((x) => x.toFixed(0)).join('/')} ms, pipeline ${full.map((x) => x.toFixed(0)).join('/')} ms: ${ratio.toFixed(2)}x (target ≤ ${TARGET_RATIO}x)`,
      `  of which the file scan ${scanMs
        .slice(0, 3)
        .map((x) => x.toFixed(0))
        .join('/')} ms; CPU time (DuckDB's threads included) raw ${rawCpu.map((x) => x.toFixed(0)).join('/')} ms, pipeline ${fullCpu
        .map((x) => x.toFixed(0))
        .join('/')} ms: ${(median(fullCpu) / median(rawCpu)).toFixed(2)}x`,
      `300,000-row xlsx (${(statSync(xlsx).size / 1024 / 1024).toFixed(0)} MB) end to end: ${xlsxSeconds.toFixed(1)} s (target < 10 s), peak resident memory ${xlsxRun.peakMb.toFixed(0)} MB (target < 500 MB)`,
      `2 GB upload through the portal: ${upload.seconds.toFixed(1)} s, portal memory ${upload.startMb.toFixed(0)} MB before, peak ${upload.peakMb.toFixed(0)} MB (growth ${upload.growthMb.toFixed(0)} MB, target < 100 MB)`,
    ],
  };
}

/** Streams 2 GB of multipart body to the upload route and watches the portal's memory. */
async function bigUpload(): Promise<{ seconds: number; startMb: number; peakMb: number; growthMb: number }> {
  log('ingestion: a 2 GB upload through the portal');
  const portal = await startPortal(tempDataDir(), { HANGAR_DEMO_WAREHOUSE: 'false' });
  try {
    await waitHealthy(portal);
    const { accessToken } = await signIn(portal.url, 'finance.ssa@hangar.local', DEMO_PASSWORD);
    await sleep(1000);
    const startMb = rssMb(portal.pid);
    let peakMb = startMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, rssMb(portal.pid));
    }, 100);
    const boundary = `----hangar${Date.now()}`;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head =
      field('file_asset', 'SSA') +
      field('use_case', 'Finance') +
      field('month', '10') +
      field('year', '2026') +
      field('file_type', 'GENERAL_LEDGER') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const size = 2 * 1024 ** 3 - 1024; // just under the limit
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${portal.url}/api/data_gov/ingestion/file`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${accessToken}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': Buffer.byteLength(head) + size + Buffer.byteLength(tail),
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      (async () => {
        req.write(head);
        // The upload's content is sniffed: a file named .pdf must start like one.
        const magic = Buffer.from('%PDF-1.7\n');
        req.write(magic);
        const chunk = Buffer.alloc(1024 * 1024, 0x25);
        let sent = magic.length;
        while (sent < size) {
          const piece = size - sent >= chunk.length ? chunk : chunk.subarray(0, size - sent);
          sent += piece.length;
          if (!req.write(piece)) await once(req, 'drain');
        }
        req.end(tail);
      })().catch(reject);
    });
    clearInterval(sampler);
    if (status !== 200) throw new Error(`the 2 GB upload answered ${status}`);
    return { seconds: (performance.now() - started) / 1000, startMb, peakMb, growthMb: peakMb - startMb };
  } finally {
    await stop(portal);
  }
}
