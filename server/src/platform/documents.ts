import type { Readable } from 'node:stream';
import { and, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Db } from './db/client.ts';
import { documents } from './db/schema.ts';
import type { AccessClaims } from './identity/access-token.ts';
import { can } from './policies/index.ts';
import { isSuperAdmin } from './policies/roles.ts';
import type { ObjectStore } from './storage/object-store.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type Visibility = DocumentRow['visibility'];

/**
 * The registry of files users may open by uri. Features store a file through here and hand its uri
 * to the browser; /pdf and /download only ever serve files found in this registry.
 */
export function createDocuments(db: Db, store: ObjectStore) {
  return {
    async save(input: {
      body: Readable | Buffer;
      fileName: string;
      contentType: string;
      ownerId: string | null;
      visibility: Visibility;
      bu?: string | null;
    }): Promise<DocumentRow> {
      const id = crypto.randomUUID();
      const safeName = input.fileName.replace(/[/\\\0]/g, '_').slice(0, 200) || 'file';
      const storageKey = `documents/${id}/${safeName}`;
      const stored = await store.put(storageKey, input.body, input.contentType);
      const [row] = await db
        .insert(documents)
        .values({
          id,
          uri: storageKey,
          storageKey,
          fileName: safeName,
          contentType: input.contentType,
          size: stored.size,
          ownerId: input.ownerId,
          visibility: input.visibility,
          bu: input.bu ?? null,
        })
        .returning();
      return row!;
    },

    async findByUri(uri: string): Promise<DocumentRow | undefined> {
      const rows = await db.select().from(documents).where(eq(documents.uri, uri));
      return rows[0];
    },

    /** Documents the user may read, newest first (all of them for a super admin). */
    async listReadable(user: AccessClaims, limit = 200): Promise<DocumentRow[]> {
      const query = db.select().from(documents);
      const filtered = isSuperAdmin(user)
        ? query
        : query.where(
            or(
              eq(documents.visibility, 'everyone'),
              eq(documents.ownerId, user.sub),
              user.bu ? and(eq(documents.visibility, 'bu'), isNotNull(documents.bu), eq(documents.bu, user.bu)) : undefined,
            ),
          );
      return filtered.orderBy(desc(documents.createdAt)).limit(limit);
    },

    canRead(doc: DocumentRow, user: AccessClaims): boolean {
      return can(user, 'document.read', doc) === true;
    },

    /** The registry row and its stored object. */
    async remove(doc: DocumentRow): Promise<void> {
      await db.delete(documents).where(eq(documents.id, doc.id));
      await store.delete(doc.storageKey).catch(() => {});
    },

    open(doc: DocumentRow) {
      return store.get(doc.storageKey);
    },
  };
}

export type Documents = ReturnType<typeof createDocuments>;
