import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { notifications } from './db/schema.ts';

export type NotificationKind = (typeof notifications.$inferInsert)['kind'];

/** Messages to one user, written by the features that decide their requests. */
export function createNotifications(db: Db) {
  return {
    async notify(userId: string, n: { kind: NotificationKind; title: string; body?: string }) {
      await db.insert(notifications).values({ userId, kind: n.kind, title: n.title, body: n.body ?? '' });
    },
    list(userId: string) {
      return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(50);
    },
    /** Marks one (or, without an id, every) unread notification of the user as read. */
    async markRead(userId: string, id?: string) {
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), id ? eq(notifications.id, id) : undefined));
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
