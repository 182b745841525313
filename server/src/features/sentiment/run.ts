import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { SENTIMENT, SENTIMENT_ERRORS } from '@hangar/contract';
import type { AppContext } from '../../platform/context.ts';
import { configuredModels } from '../../providers/llm/catalogue.ts';
import { createLlmAnalyser, creditsFor, EngineFailure } from './engines.ts';
import { RUN_HEARTBEAT_MS } from './lost-runs.ts';
import type { Analysis } from './offline/analyse.ts';
import type { ResultRow } from './results.ts';
import { joinExtraFields, parseDate, sheetRecords } from './sheet.ts';
import { analysisById, fileKey, updateRun } from './store.ts';

export const SENTIMENT_QUEUE = 'sentiment';

const quote = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The run found its analysis no longer running (failed as lost, or deleted): it stops without a word. */
class RunGivenUp extends Error {}

class Output {
  private readonly out: WriteStream;
  private buffer: string[] = [];
  private constructor(out: WriteStream) {
    this.out = out;
  }
  static open(file: string) {
    return new Output(createWriteStream(file));
  }
  async line(s: string) {
    this.buffer.push(s);
    if (this.buffer.length >= 500) await this.flush();
  }
  async flush() {
    if (!this.buffer.length) return;
    const chunk = this.buffer.join('');
    this.buffer = [];
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
  async close() {
    await this.flush();
    this.out.end();
    await once(this.out, 'finish');
  }
}

interface Pending {
  cells: string[];
  row: number;
  text: string;
}

/**
 * Analyses every row of the sheet and writes the enriched sheet (the original columns, then the
 * added ones) and the results the screen reads. The delimiter of the stored sheet is in its row.
 */
export async function analyseSheet(
  sheetPath: string,
  delimiter: string,
  columns: { text: string; date: string | null; category: string | null },
  out: { enriched: string; results: string },
  engine: (texts: string[]) => Promise<Analysis[]>,
  batch: number,
  progress: (done: number) => Promise<void>,
): Promise<number> {
  const enriched = Output.open(out.enriched);
  const results = Output.open(out.results);
  let header: string[] | null = null;
  let idx = { text: -1, date: -1, category: -1 };
  let pending: Pending[] = [];
  let done = 0;
  const flushBatch = async () => {
    const texts = pending.filter((p) => p.text).map((p) => p.text.slice(0, SENTIMENT.maxCommentChars));
    const analyses = texts.length ? await engine(texts) : [];
    let k = 0;
    for (const p of pending) {
      const a = p.text ? analyses[k++]! : null;
      const added = a ? [a.language, a.label, String(a.score), a.keyPhrases.join('; ')] : ['', '', '', ''];
      await enriched.line(`${[...p.cells, ...added].map(quote).join(',')}\n`);
      if (a) {
        const r: ResultRow = {
          r: p.row,
          t: p.text.length > 1000 ? `${p.text.slice(0, 997)}...` : p.text,
          l: a.label,
          s: a.score,
          g: a.language,
          d: idx.date > 0 ? parseDate(p.cells[idx.date - 1] ?? '') : null,
          c: idx.category > 0 ? (p.cells[idx.category - 1] ?? '').trim() || null : null,
          k: a.keyPhrases,
        };
        await results.line(`${JSON.stringify(r)}\n`);
      }
    }
    done += pending.length;
    pending = [];
    await progress(done);
  };
  try {
    for await (const record of sheetRecords(sheetPath, delimiter)) {
      if (!header) {
        header = record.slice(1).map((h, i) => h.trim() || `Column ${i + 1}`);
        const at = (name: string | null) => (name ? header!.indexOf(name) + 1 : -1);
        idx = { text: at(columns.text), date: at(columns.date), category: at(columns.category) };
        await enriched.line(`${[...header, ...SENTIMENT.addedColumns].map(quote).join(',')}\n`);
        continue;
      }
      // A row with more fields than the header runs only once the user chose to take them as part of
      // the comment (service.ts checkRagged): the delimiter was inside it (issue 33 item 15).
      const cells = joinExtraFields(record.slice(1), header.length, idx.text - 1, delimiter);
      while (cells.length < header.length) cells.push('');
      if (cells.every((c) => c.trim() === '')) continue;
      pending.push({ cells, row: Number(record[0]) || 0, text: (cells[idx.text - 1] ?? '').trim() });
      if (pending.length >= batch) await flushBatch();
    }
    if (pending.length) await flushBatch();
  } finally {
    await enriched.close();
    await results.close();
  }
  return done;
}

/** The queue's handler: runs the analysis, settles its credits, or fails cleanly (credits released). */
export async function runSentimentJob(ctx: AppContext, id: string): Promise<void> {
  const row = await analysisById(ctx.db, id);
  if (row?.state !== 'queued') return;
  const log = ctx.app.log.child({ sentimentAnalysis: id });
  const work = await mkdtemp(path.join(tmpdir(), 'hangar-sentiment-'));
  let last = { share: 0, at: 0 };
  // Tells readers the run is alive while a slow batch is out (lost-runs.ts fails silent runs).
  const heartbeat = setInterval(() => void updateRun(ctx.db, id, 'running', {}).catch(() => {}), RUN_HEARTBEAT_MS);
  try {
    if (!(await updateRun(ctx.db, id, 'queued', { state: 'running', step: 'Reading the sheet', progress: 0.01 }))) return;
    const sheet = path.join(work, 'sheet.csv');
    await pipeline((await ctx.store.get(fileKey(id, 'sheet'))).body as NodeJS.ReadableStream, createWriteStream(sheet));
    const model = row.engine === SENTIMENT.offlineEngine ? null : configuredModels(ctx.config).find((m) => m.id === row.engine);
    if (row.engine !== SENTIMENT.offlineEngine && !model) throw new EngineFailure(`The model ${row.engine} is no longer configured.`);
    const llm = model ? createLlmAnalyser(model, ctx.config) : null;
    // The offline analyser's language model (eld, about 90 MB resident) loads with the first offline run, not at start.
    const offline = llm ? null : await import('./offline/analyse.ts');
    const engine = llm ? (texts: string[]) => llm.analyse(texts) : async (texts: string[]) => texts.map(offline!.analyse);
    const step = llm ? `Asking ${model!.title}` : 'Analysing comments';
    const out = { enriched: path.join(work, 'enriched.csv'), results: path.join(work, 'results.ndjson') };
    await analyseSheet(
      sheet,
      row.delimiter,
      { text: row.textColumn!, date: row.dateColumn, category: row.categoryColumn },
      out,
      engine,
      llm ? SENTIMENT.llmBatch : 500,
      async (done) => {
        const share = row.rows ? done / row.rows : 1;
        const now = Date.now();
        if (share < 1 && share - last.share < 0.05 && now - last.at < 1000) return;
        last = { share, at: now };
        await updateRun(ctx.db, id, 'running', {
          progress: Math.min(0.95, Math.max(0.02, share * 0.95)),
          step: `${step}: ${done.toLocaleString('en')} of ${row.rows.toLocaleString('en')} rows`,
        });
      },
    );
    if (!(await updateRun(ctx.db, id, 'running', { progress: 0.97, step: 'Saving the results' }))) throw new RunGivenUp();
    await ctx.store.delete(fileKey(id, 'xlsx')).catch(() => {});
    await ctx.store.put(fileKey(id, 'enriched'), createReadStream(out.enriched), 'text/csv');
    await ctx.store.put(fileKey(id, 'results'), createReadStream(out.results), 'application/x-ndjson');
    const cost = llm && model ? creditsFor(model, { input: llm.usage.inputTokens, output: llm.usage.outputTokens }) : 0;
    if (
      !(await updateRun(ctx.db, id, 'running', {
        state: 'done',
        progress: 1,
        step: 'Done',
        credits: row.reservationId ? Math.min(cost, row.credits) : 0,
      }))
    ) {
      if (row.reservationId) await ctx.credits.release(row.reservationId);
      return;
    }
    if (row.reservationId) {
      await ctx.credits.settle(row.reservationId, cost, {
        model: `sentiment:${row.engine}`,
        inputTokens: llm?.usage.inputTokens ?? 0,
        outputTokens: llm?.usage.outputTokens ?? 0,
      });
    }
  } catch (err) {
    if (err instanceof RunGivenUp) return; // failed as lost meanwhile, its credits released then
    log.warn({ err }, 'sentiment analysis failed');
    if (row.reservationId) await ctx.credits.release(row.reservationId).catch((e) => log.error({ err: e }, 'credit release failed'));
    const message = err instanceof EngineFailure ? `${SENTIMENT_ERRORS.failed} (${err.message})` : SENTIMENT_ERRORS.failed;
    await updateRun(ctx.db, id, 'running', { state: 'failed', step: 'Failed', error: message, credits: 0 }).catch(() => {});
  } finally {
    clearInterval(heartbeat);
    await rm(work, { recursive: true, force: true });
  }
}
