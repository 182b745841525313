import { BUSINESS_UNITS } from '@hangar/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { govCheckResults, govUploads } from '../../platform/db/schema.ts';
import { allUseCases, type FileTypeDef, fileTypesFor } from './catalogue/index.ts';
import { resultsChanged } from './results-cache.ts';

interface Expected {
  bu: string;
  useCase: string;
  def: FileTypeDef;
  year: number;
  month: number;
  due: Date;
}

/** Files expected by now: the four months before this one, and last year's whole-year files. */
export function expectedFiles(now: Date): Expected[] {
  const out: Expected[] = [];
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  for (const uc of allUseCases()) {
    for (const bu of BUSINESS_UNITS) {
      for (const def of fileTypesFor(uc.name, bu)) {
        if (def.budget) continue; // next year's budget is asked for, not expected on a date
        if (def.grain === 'year') {
          out.push({ bu, useCase: uc.name, def, year: y - 1, month: 12, due: new Date(Date.UTC(y, 0, def.dueDay)) });
          continue;
        }
        for (let back = 1; back <= 4; back++) {
          const period = new Date(Date.UTC(y, m - back, 1));
          const due = new Date(Date.UTC(period.getUTCFullYear(), period.getUTCMonth() + 1, def.dueDay));
          out.push({ bu, useCase: uc.name, def, year: period.getUTCFullYear(), month: period.getUTCMonth() + 1, due });
        }
      }
    }
  }
  return out;
}

/** One expected file's period, to evaluate it alone. */
export interface ExpectedPeriod {
  bu: string;
  useCase: string;
  fileType: string;
  year: number;
  month: number;
}

const isPeriod = (e: Expected, p: ExpectedPeriod) =>
  e.bu === p.bu && e.useCase === p.useCase && e.def.type === p.fileType && e.year === p.year && e.month === p.month;

/**
 * The file-not-received check: for each expected file, received on time (success), late
 * (delayed), missing after its due day (failed), or not due yet (pending). Writes a row only
 * when the answer changed, so the scheduled run can repeat freely. With `only`, just that period:
 * a delivery answers it at once rather than at the next hourly run.
 */
export async function evaluateFileNotReceived(db: Db, now = new Date(), only?: ExpectedPeriod): Promise<number> {
  let written = 0;
  for (const e of expectedFiles(now)) {
    if (only && !isPeriod(e, only)) continue;
    const [first] = await db
      .select({ createdAt: govUploads.createdAt, fileName: govUploads.fileName, objectKey: govUploads.objectKey })
      .from(govUploads)
      .where(
        and(
          eq(govUploads.bu, e.bu),
          eq(govUploads.useCase, e.useCase),
          eq(govUploads.fileType, e.def.type),
          eq(govUploads.year, e.year),
          eq(govUploads.month, e.month),
          isNull(govUploads.supersededAt),
        ),
      )
      .orderBy(govUploads.createdAt)
      .limit(1);
    const due = e.due.toISOString().slice(0, 10);
    const result = first
      ? first.createdAt <= e.due
        ? { status: 'success' as const, value: 1, message: `Received on ${first.createdAt.toISOString().slice(0, 10)}, due ${due}.` }
        : { status: 'delayed' as const, value: 1, message: `Received late on ${first.createdAt.toISOString().slice(0, 10)}, due ${due}.` }
      : now > e.due
        ? { status: 'failed' as const, value: -1, message: `Not received: due ${due}.` }
        : { status: 'pending' as const, value: 0, message: `Not due yet: due ${due}.` };
    const key = and(
      eq(govCheckResults.bu, e.bu),
      eq(govCheckResults.useCase, e.useCase),
      eq(govCheckResults.fileType, e.def.type),
      eq(govCheckResults.year, e.year),
      eq(govCheckResults.month, e.month),
      eq(govCheckResults.check, 'file_not_received'),
      eq(govCheckResults.current, true),
    );
    const [current] = await db
      .select({ status: govCheckResults.status, message: govCheckResults.message, objectKey: govCheckResults.objectKey })
      .from(govCheckResults)
      .where(key);
    // A replaced file is a change too: the row names (and is dated by) the file that counts now.
    const same = current && current.status === result.status && current.message === result.message;
    if (same && current.objectKey === (first?.objectKey ?? null)) continue;
    await db.transaction(async (tx) => {
      await tx.update(govCheckResults).set({ current: false }).where(key);
      await tx.insert(govCheckResults).values({
        bu: e.bu,
        useCase: e.useCase,
        fileType: e.def.type,
        year: e.year,
        month: e.month,
        check: 'file_not_received',
        ...result,
        cause:
          result.status === 'failed' ? `The ${e.def.type} file for ${e.year}-${String(e.month).padStart(2, '0')} was not received.` : null,
        detailedCause: result.status === 'failed' ? `${e.def.label} from ${e.def.source}, expected by ${due}.` : null,
        fix: result.status === 'failed' ? 'Upload the file in the Ingestion tab for this period, or ask the sending team for it.' : null,
        fileName: first?.fileName ?? null,
        objectKey: first?.objectKey ?? null,
      });
    });
    written++;
  }
  if (written) resultsChanged();
  return written;
}
