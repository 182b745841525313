import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { GOV_USE_CASES, type GovUseCase, VERSIONS } from '@hangar/contract';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { govWarehouse } from '../../platform/db/schema.ts';
import { readableBus } from '../../platform/policies/governance.ts';
import { permissionMap } from '../../platform/policies/governance-map.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import { fileTypeDef } from '../governance/index.ts';
import type { Scope, WarehouseFile } from './compile.ts';

/** Versions that replace each other (budget, reforecasts): only the latest is read. Others (sub-entities) add up. */
const REVISIONS: readonly string[] = VERSIONS;

export async function scopeOf(ctx: AppContext, actor: Actor): Promise<Scope> {
  const map = await permissionMap(ctx.db, actor.sub);
  return new Map(GOV_USE_CASES.map((u) => [u, new Set(readableBus(actor, map, u))] as [GovUseCase, Set<string>]));
}

interface RegistryRow {
  bu: string;
  useCase: string;
  fileType: string;
  version: string;
  year: number;
  month: number;
  objectKey: string;
}

/** Of several revisions of one file and period, the latest (R3 over R2 over R1 over B0). */
export function latestRevisions<T extends RegistryRow>(rows: T[]): T[] {
  const best = new Map<string, T>();
  const rest: T[] = [];
  for (const r of rows) {
    if (!REVISIONS.includes(r.version)) {
      rest.push(r);
      continue;
    }
    const key = `${r.bu}|${r.useCase}|${r.fileType}|${r.year}|${r.month}`;
    const seen = best.get(key);
    if (!seen || REVISIONS.indexOf(r.version) > REVISIONS.indexOf(seen.version)) best.set(key, r);
  }
  return [...rest, ...best.values()];
}

/**
 * The warehouse's Parquet files as local paths. Objects are immutable (a new delivery gets a new
 * key), so a copy in the cache folder never goes stale; with the local store it is one copy per
 * delivery, with a cloud store it is what lets DuckDB read it.
 */
/**
 * Copies in flight, by target path, shared by every service of the process (the routes', the
 * chat's): two copies of one object must not write the same file at once.
 */
const pending = new Map<string, Promise<string>>();

export function createWarehouseFiles(ctx: AppContext, cacheDir = path.join(ctx.config.HANGAR_DATA_DIR, 'cache', 'warehouse')) {
  async function local(key: string): Promise<string> {
    const target = path.join(cacheDir, key);
    if (
      await stat(target).then(
        () => true,
        () => false,
      )
    )
      return target;
    const inFlight = pending.get(target);
    if (inFlight) return inFlight;
    const fetching = (async () => {
      await mkdir(path.dirname(target), { recursive: true });
      // Unique per copy: another process sharing the data folder may be copying the same object.
      const partial = `${target}.${process.pid}.${randomUUID()}.partial`;
      const { body } = await ctx.store.get(key);
      await pipeline(body, createWriteStream(partial));
      await rename(partial, target);
      return target;
    })().finally(() => pending.delete(target));
    pending.set(target, fetching);
    return fetching;
  }
  return {
    cacheDir,
    /** The files of the BUs and use cases the scope lets through (the compiler checks again). */
    async list(scope: Scope): Promise<WarehouseFile[]> {
      const useCases = [...scope].filter(([, bus]) => bus.size > 0).map(([u]) => u);
      if (!useCases.length) return [];
      const rows = await ctx.db
        .select({
          bu: govWarehouse.bu,
          useCase: govWarehouse.useCase,
          fileType: govWarehouse.fileType,
          version: govWarehouse.version,
          year: govWarehouse.year,
          month: govWarehouse.month,
          objectKey: govWarehouse.objectKey,
          uploadId: govWarehouse.uploadId,
        })
        .from(govWarehouse)
        .where(inArray(govWarehouse.useCase, useCases));
      return Promise.all(
        latestRevisions(rows.filter((r) => scope.get(r.useCase as GovUseCase)?.has(r.bu))).map(async (r) => ({
          bu: r.bu,
          useCase: r.useCase,
          fileType: r.fileType,
          year: r.year,
          month: r.month,
          path: await local(r.objectKey),
          uploadId: r.uploadId,
          months: monthsHeld(r.useCase as GovUseCase, r.bu, r.fileType, r.year, r.month),
        })),
      );
    },
  };
}
export type WarehouseFiles = ReturnType<typeof createWarehouseFiles>;

/** The months a delivery's rows cover: its period, or every month of a whole-year file's year. */
export function monthsHeld(useCase: GovUseCase, bu: string, fileType: string, year: number, month: number): string[] {
  const key = (m: number) => `${year}-${String(m).padStart(2, '0')}`;
  return fileTypeDef(useCase, bu, fileType)?.grain === 'year' ? Array.from({ length: 12 }, (_, i) => key(i + 1)) : [key(month)];
}
