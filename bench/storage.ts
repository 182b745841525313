import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStore } from '../server/src/platform/storage/object-store.ts';
import { log, median, type Result } from './result.ts';

const SMALL = 4 * 1024;
const LARGE = 8 * 1024 * 1024;
const SMALL_OPS = 400;
const LARGE_OPS = 12;
const ROUNDS = 3;
const TARGET = 2;

/**
 * The local object store's put and get against the least a durable local write needs (the body
 * written and flushed to a temp file, then renamed into place) and a plain readFile. Since issue 19
 * a put also writes and renames a small sidecar, which is what this measures. Set
 * STORAGE_BENCH_MODULE to another local-store.ts (an older checkout) to measure that one instead.
 */
export async function storage(): Promise<Result> {
  const module = process.env.STORAGE_BENCH_MODULE ?? '../server/src/platform/storage/local-store.ts';
  const { LocalObjectStore } = (await import(module)) as { LocalObjectStore: new (root: string) => ObjectStore };
  const root = await mkdtemp(path.join(os.tmpdir(), 'hangar-bench-storage-'));
  try {
    const store = new LocalObjectStore(path.join(root, 'store'));
    const rawDir = path.join(root, 'raw');
    await mkdir(path.join(rawDir, 'tmp'), { recursive: true });
    const rawPut = async (key: string, body: Buffer) => {
      const tmp = path.join(rawDir, 'tmp', randomUUID());
      await writeFile(tmp, body, { flush: true });
      const file = path.join(rawDir, key);
      await mkdir(path.dirname(file), { recursive: true });
      await rename(tmp, file);
    };
    const rawGet = (key: string) => readFile(path.join(rawDir, key));
    const storePut = (key: string, body: Buffer) => store.put(key, body, 'application/vnd.apache.parquet');
    const storeGet = async (key: string) => {
      const { body } = await store.get(key);
      for await (const _ of body);
    };

    const timed = async (ops: number, op: (i: number) => Promise<unknown>) => {
      const started = performance.now();
      for (let i = 0; i < ops; i++) await op(i);
      return ops / ((performance.now() - started) / 1000);
    };
    const figures: Record<string, number[]> = {};
    const add = (name: string, value: number) => {
      figures[name] = [...(figures[name] ?? []), value];
    };
    const small = randomBytes(SMALL);
    const large = randomBytes(LARGE);
    for (let round = 0; round < ROUNDS; round++) {
      log(`round ${round + 1}/${ROUNDS}`);
      const key = (size: string, i: number) => `warehouse/bu=SSA/use_case=finance/file_type=GL/r${round}/${size}-${i}.parquet`;
      // Alternated, so a burst of load on the shared machine weighs on both sides.
      add('raw small put', await timed(SMALL_OPS, (i) => rawPut(key('s', i), small)));
      add('store small put', await timed(SMALL_OPS, (i) => storePut(key('s', i), small)));
      add('raw small get', await timed(SMALL_OPS, (i) => rawGet(key('s', i))));
      add('store small get', await timed(SMALL_OPS, (i) => storeGet(key('s', i))));
      add('raw 8 MiB put', await timed(LARGE_OPS, (i) => rawPut(key('l', i), large)));
      add('store 8 MiB put', await timed(LARGE_OPS, (i) => storePut(key('l', i), large)));
      add('raw 8 MiB get', await timed(LARGE_OPS, (i) => rawGet(key('l', i))));
      add('store 8 MiB get', await timed(LARGE_OPS, (i) => storeGet(key('l', i))));
    }
    const m = (name: string) => median(figures[name]!);
    const ratio = m('raw small put') / m('store small put');
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    return {
      name: 'storage (local object store)',
      measure: '4 KiB puts/s',
      portal: m('store small put').toFixed(0),
      baseline: `${m('raw small put').toFixed(0)} (flushed write + rename)`,
      ratio,
      target: `≤ ${TARGET}x`,
      pass: ratio <= TARGET,
      details: [
        `module: ${module}`,
        ...['small put', 'small get', '8 MiB put', '8 MiB get'].map(
          (op) =>
            `${op}: store ${m(`store ${op}`).toFixed(0)}/s, raw ${m(`raw ${op}`).toFixed(0)}/s, ratio ${(m(`raw ${op}`) / m(`store ${op}`)).toFixed(2)}x (median of ${ROUNDS})`,
        ),
        `load average: ${load}`,
      ],
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
