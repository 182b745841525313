import { and, asc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { multidocsChunks, multidocsFiles } from '../../platform/db/schema.ts';
import type { Section } from '../../platform/documents/index.ts';
import { cosine, type Embedder } from '../../providers/embeddings/openai-compatible.ts';
import { fuseRankings } from './fusion.ts';

export type FileRow = typeof multidocsFiles.$inferSelect;
export interface Passage {
  fileId: string;
  uri: string;
  name: string;
  url: string | null;
  page: number | null;
  heading: string | null;
  text: string;
  rank: number;
}

/** Longest passage stored: long sections are cut at paragraph ends, then sentence ends. */
const CHUNK_CHARS = 1200;
/** A file whose whole text is under this goes to the model whole (no search can miss it). */
export const WHOLE_FILE_CHARS = 6000;
/** Passages searched per question. */
const TOP_K = 8;
/** Candidates each ranking (full-text, embeddings) brings to the fusion. */
const CANDIDATES = 30;
/** Most passages scored by embedding in the process per question (the selected files' passages). */
const MAX_SCORED = 20_000;
/** How long a question waits for a selected attachment still being read, and how often it looks. */
const PENDING_WAIT_MS = 10 * 60_000;
const PENDING_POLL_MS = 300;
/** The upload's own wait looks more often: a small file is read in a fraction of a second. */
const UPLOAD_POLL_MS = 100;

type NewFile = Omit<typeof multidocsFiles.$inferInsert, 'id' | 'createdAt'>;
type Log = { warn(obj: object, msg: string): void };

const toBytes = (v: number[]) => new Uint8Array(Float32Array.from(v).buffer);
/** A bytea as float32s; copied when the driver's buffer is not 4-byte aligned. */
function toVector(b: Uint8Array): Float32Array {
  if (b.byteOffset % 4 === 0) return new Float32Array(b.buffer, b.byteOffset, b.byteLength / 4);
  return new Float32Array(b.slice().buffer);
}

/** Chunks by structure: each section (page, heading) cut into paragraph-sized passages. */
export function chunkSections(sections: Section[]): Section[] {
  const out: Section[] = [];
  for (const s of sections) {
    let current = '';
    const flush = () => {
      if (current.trim()) out.push({ page: s.page, heading: s.heading, text: current.trim() });
      current = '';
    };
    for (const paragraph of s.text.split(/\n\s*\n|\n(?=[A-Z0-9•-])/)) {
      const pieces = paragraph.length > CHUNK_CHARS ? (paragraph.match(/[^.!?]+[.!?]*\s*/g) ?? [paragraph]) : [paragraph];
      for (const piece of pieces) {
        if (current.length + piece.length > CHUNK_CHARS) flush();
        current += (current && !current.endsWith(' ') ? '\n' : '') + piece.slice(0, CHUNK_CHARS);
      }
    }
    flush();
  }
  return out;
}

export function createMultidocsStore(db: Db, opts: { embedder?: Embedder | null; log?: Log } = {}) {
  const embedder = opts.embedder ?? null;
  /** Vectors for the passages, or nulls when no provider is configured or it fails (full-text still works). */
  async function embedAll(chunks: Section[]): Promise<(Uint8Array | null)[]> {
    if (!embedder || !chunks.length) return chunks.map(() => null);
    try {
      const vectors = await embedder.embed(chunks.map((c) => (c.heading ? `${c.heading}\n${c.text}` : c.text)));
      return vectors.map(toBytes);
    } catch (err) {
      opts.log?.warn({ err }, 'multidocs embeddings failed: passages kept for full-text search only');
      return chunks.map(() => null);
    }
  }
  async function insertChunks(
    tx: Parameters<Parameters<Db['transaction']>[0]>[0],
    fileId: string,
    chunks: Section[],
    vectors: (Uint8Array | null)[],
  ) {
    for (let i = 0; i < chunks.length; i += 200) {
      await tx.insert(multidocsChunks).values(
        chunks.slice(i, i + 200).map((c, j) => ({
          fileId,
          ordinal: i + j,
          page: c.page,
          heading: c.heading,
          text: c.text,
          embedding: vectors[i + j] ?? null,
        })),
      );
    }
  }

  const store = {
    /** The file and its passages in one transaction: both or neither. */
    async save(file: NewFile, sections: Section[]): Promise<FileRow> {
      const chunks = chunkSections(sections);
      const vectors = await embedAll(chunks);
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(multidocsFiles).values(file).returning();
        await insertChunks(tx, row!.id, chunks, vectors);
        return row!;
      });
    },

    /** An attachment whose extraction job is queued: no passages yet. */
    async insertPending(file: Omit<NewFile, 'status'>): Promise<FileRow> {
      const [row] = await db
        .insert(multidocsFiles)
        .values({ ...file, status: 'pending' })
        .returning();
      return row!;
    },

    /**
     * A pending attachment becomes searchable: its passages (any left by an earlier, interrupted
     * run replaced) and its status in one transaction. Null when it was deleted meanwhile.
     */
    async complete(id: string, result: { pages: number; method: string; title?: string }, sections: Section[]): Promise<FileRow | null> {
      const chunks = chunkSections(sections);
      const vectors = await embedAll(chunks);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(multidocsFiles)
          .set({ status: 'ready', pages: result.pages, method: result.method, progress: 1, stage: null })
          .where(and(eq(multidocsFiles.id, id), eq(multidocsFiles.status, 'pending')))
          .returning();
        if (!row) return null;
        await tx.delete(multidocsChunks).where(eq(multidocsChunks.fileId, id));
        await insertChunks(tx, id, chunks, vectors);
        return row;
      });
    },

    /** A failed extraction: no passage stays; the row is a tombstone holding the message until it is read. */
    async fail(id: string, error: { code: string; message: string }): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(multidocsChunks).where(eq(multidocsChunks.fileId, id));
        await tx
          .update(multidocsFiles)
          .set({ status: 'failed', error: error.message, errorCode: error.code, documentId: null, stage: null })
          .where(eq(multidocsFiles.id, id));
      });
    },

    async setProgress(id: string, progress: number | null, stage: string): Promise<void> {
      await db
        .update(multidocsFiles)
        .set({ progress, stage })
        .where(and(eq(multidocsFiles.id, id), eq(multidocsFiles.status, 'pending')));
    },

    /**
     * Housekeeping: tombstones nobody came to read, and attachments whose job was lost for good
     * (its retries spent) are failed, so no question waits for them. Answers the rows touched.
     */
    async sweep(opts: { failedBefore: Date; pendingBefore: Date }): Promise<{ removed: number; stuck: FileRow[] }> {
      const removed = await db
        .delete(multidocsFiles)
        .where(and(eq(multidocsFiles.status, 'failed'), lt(multidocsFiles.createdAt, opts.failedBefore)))
        .returning({ id: multidocsFiles.id });
      const stuck = await db
        .select()
        .from(multidocsFiles)
        .where(and(eq(multidocsFiles.status, 'pending'), lt(multidocsFiles.createdAt, opts.pendingBefore)));
      return { removed: removed.length, stuck };
    },

    async byUri(uri: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(multidocsFiles).where(eq(multidocsFiles.uri, uri));
      return row;
    },

    async byId(id: string): Promise<FileRow | undefined> {
      const [row] = await db.select().from(multidocsFiles).where(eq(multidocsFiles.id, id));
      return row;
    },

    async remove(id: string): Promise<void> {
      await db.delete(multidocsFiles).where(eq(multidocsFiles.id, id));
    },

    /** The attachment once its extraction is over, or as it stands after `waitMs`. */
    async waitWhilePending(id: string, waitMs: number): Promise<FileRow | undefined> {
      const deadline = Date.now() + waitMs;
      let row = await store.byId(id);
      while (row?.status === 'pending' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, Math.min(UPLOAD_POLL_MS, Math.max(1, deadline - Date.now()))));
        row = await store.byId(id);
      }
      return row;
    },

    /**
     * The selected files once none is being read: a pending one is waited for (the dual stream's
     * heartbeats keep going meanwhile); a failed one is dropped so it never blocks the others.
     */
    async whenReady(files: FileRow[], waitMs = PENDING_WAIT_MS): Promise<FileRow[]> {
      const deadline = Date.now() + waitMs;
      let current = files;
      while (current.some((f) => f.status === 'pending') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, PENDING_POLL_MS));
        const rows = await db
          .select()
          .from(multidocsFiles)
          .where(
            inArray(
              multidocsFiles.id,
              current.map((f) => f.id),
            ),
          );
        current = rows;
      }
      return current.filter((f) => f.status === 'ready');
    },

    /**
     * The passages to answer from: small files whole; larger ones ranked by full-text search (any
     * of the question's words, stemmed in English) and, when an embedding provider answers, by
     * embedding similarity too, the two rankings merged by reciprocal rank fusion.
     */
    async passages(selected: FileRow[], question: string): Promise<Passage[]> {
      const files = await store.whenReady(selected);
      if (!files.length) return [];
      const ids = files.map((f) => f.id);
      const sizes = await db
        .select({
          fileId: multidocsChunks.fileId,
          chars: sql<number>`sum(length(${multidocsChunks.text}))::int`,
          count: sql<number>`count(*)::int`,
        })
        .from(multidocsChunks)
        .where(inArray(multidocsChunks.fileId, ids))
        .groupBy(multidocsChunks.fileId);
      const small = new Set(sizes.filter((s) => s.chars <= WHOLE_FILE_CHARS).map((s) => s.fileId));
      // Every passage of a small file may be ranked, besides the large files' candidates.
      const limit = CANDIDATES + sizes.filter((s) => small.has(s.fileId)).reduce((n, s) => n + s.count, 0);
      const byId = new Map(files.map((f) => [f.id, f]));
      const words = [...new Set(question.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 40);
      const query = words.join(' | ');
      const out: Passage[] = [];
      const present = (r: { fileId: string; page: number | null; heading: string | null; text: string; rank: number }): Passage => {
        const f = byId.get(r.fileId)!;
        return { ...r, uri: f.uri, name: f.name, url: f.url };
      };
      const columns = {
        id: multidocsChunks.id,
        fileId: multidocsChunks.fileId,
        page: multidocsChunks.page,
        heading: multidocsChunks.heading,
        text: multidocsChunks.text,
      };
      // One fused ranking over every selected file: it orders the large files' passages and ranks
      // the small files' (the offline assistant quotes the best-ranked ones).
      const [fullText, semantic] = await Promise.all([
        query ? store.fullTextRanking(ids, query, limit) : Promise.resolve([]),
        store.embeddingRanking(ids, question, limit),
      ]);
      const fused = fuseRankings([fullText, semantic]);
      const score = new Map(fused.map((f) => [f.id, f.score]));
      if (small.size) {
        const rows = await db
          .select(columns)
          .from(multidocsChunks)
          .where(inArray(multidocsChunks.fileId, [...small]))
          .orderBy(asc(multidocsChunks.fileId), asc(multidocsChunks.ordinal));
        out.push(...rows.map((r) => present({ ...r, rank: score.get(r.id) ?? 0 })));
      }
      const large = new Set(ids.filter((id) => !small.has(id)));
      if (!large.size) return out;
      const best = await db
        .select(columns)
        .from(multidocsChunks)
        .where(
          inArray(
            multidocsChunks.id,
            fused.map((f) => f.id),
          ),
        );
      const rowById = new Map(best.filter((r) => large.has(r.fileId)).map((r) => [r.id, r]));
      let taken = 0;
      for (const f of fused) {
        const r = rowById.get(f.id);
        if (!r || taken >= TOP_K) continue;
        out.push(present({ ...r, rank: f.score }));
        taken++;
      }
      return out;
    },

    /** Passage ids by full-text rank, best first. */
    async fullTextRanking(fileIds: string[], query: string, limit = CANDIDATES): Promise<string[]> {
      const rank = sql`ts_rank(${multidocsChunks.search}, to_tsquery('english', ${query}))`;
      const rows = await db
        .select({ id: multidocsChunks.id })
        .from(multidocsChunks)
        .where(and(inArray(multidocsChunks.fileId, fileIds), sql`${multidocsChunks.search} @@ to_tsquery('english', ${query})`))
        .orderBy(sql`${rank} desc`)
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /**
     * Passage ids by embedding similarity to the question, best first; empty when no provider is
     * configured or it fails (logged: the question is then answered from full-text search alone).
     */
    async embeddingRanking(fileIds: string[], question: string, limit = CANDIDATES): Promise<string[]> {
      if (!embedder) return [];
      let target: number[];
      try {
        [target] = (await embedder.embed([question])) as [number[]];
      } catch (err) {
        opts.log?.warn({ err }, 'multidocs question embedding failed: full-text search only');
        return [];
      }
      const rows = await db
        .select({ id: multidocsChunks.id, embedding: multidocsChunks.embedding })
        .from(multidocsChunks)
        .where(and(inArray(multidocsChunks.fileId, fileIds), isNotNull(multidocsChunks.embedding)))
        .limit(MAX_SCORED);
      return rows
        .map((r) => ({ id: r.id, score: cosine(toVector(r.embedding!), target) }))
        .filter((r) => r.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(0, limit)
        .map((r) => r.id);
    },
  };
  return store;
}
