import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploadUsage } from '../db/schema.ts';
import { AppError } from '../errors.ts';

const today = () => new Date().toISOString().slice(0, 10);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en')} MB`;

/**
 * A daily upload allowance per user, across features. An upload is admitted while the user has
 * some allowance left (its size is known only once streamed, and each feature caps a file's size);
 * what was stored is then counted. Files refused and discarded are not counted.
 */
export function createUploadQuota(db: Db, bytesPerDay: number) {
  return {
    async usedToday(userId: string): Promise<number> {
      const [row] = await db
        .select({ bytes: uploadUsage.bytes })
        .from(uploadUsage)
        .where(and(eq(uploadUsage.userId, userId), eq(uploadUsage.day, today())));
      return Number(row?.bytes ?? 0);
    },

    /** Throws 429 when today's allowance is spent, marked for the audit log (the error handler writes it with the request). */
    async admit(userId: string): Promise<void> {
      const used = await this.usedToday(userId);
      if (used >= bytesPerDay) {
        throw new AppError(
          'RATE_LIMITED',
          `You have uploaded ${mb(used)} today, your daily allowance of ${mb(bytesPerDay)}. Try again tomorrow, or ask a portal administrator.`,
        ).auditedAs({ action: 'quota.upload_exceeded', details: { usedBytes: used, allowanceBytes: bytesPerDay } });
      }
    },

    async record(userId: string, bytes: number): Promise<void> {
      if (bytes <= 0) return;
      await db
        .insert(uploadUsage)
        .values({ userId, day: today(), bytes })
        .onConflictDoUpdate({ target: [uploadUsage.userId, uploadUsage.day], set: { bytes: sql`${uploadUsage.bytes} + ${bytes}` } });
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
