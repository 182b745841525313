import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../../../test/harness.ts';
import { STUB_EMBEDDING_DIMENSIONS } from '../../../test/stub-embeddings.ts';
import { startStubOpenAI } from '../../../test/stub-openai.ts';
import type { Database } from '../../platform/db/client.ts';
import { multidocsChunks, users } from '../../platform/db/schema.ts';
import type { Section } from '../../platform/documents/index.ts';
import { cosine, createEmbedder } from '../../providers/embeddings/openai-compatible.ts';
import { fuseRankings } from './fusion.ts';
import { createMultidocsStore, type FileRow, WHOLE_FILE_CHARS } from './store.ts';

// Hybrid search (issue 15): full-text in the database plus embeddings from an OpenAI-compatible
// endpoint (the local stub), merged by reciprocal rank fusion; embeddings failing never fail a question.

const FILLER = [
  'Baggage handlers load every suitcase onto the belt before boarding closes; oversized luggage goes to counter nine.',
  'Aircraft are towed from stand twelve to the de-icing pad when frost is forecast; jets wait behind the holding line.',
  'Crews sign in at the operations desk two hours before departure and collect their briefing pack from the duty manager.',
  'Delayed flights are announced on the screens and by the gate agent; passengers receive meal vouchers after three hours.',
];
/** The passage the question paraphrases: not one word of the question appears in it. */
const TARGET = 'Automobile tariffs increase from March onwards at every terminal garage.';
const QUESTION = 'When do car fees rise?';

let dir: string;
let database: Database;
let drop: () => Promise<void>;
let openai: Awaited<ReturnType<typeof startStubOpenAI>>;
let userId: string;
const warnings: string[] = [];
const log = { warn: (_obj: object, msg: string) => warnings.push(msg) };

/** A document well over the whole-file size, so its passages are searched (one per page), the target alone on page 5. */
function sections(): Section[] {
  const out: Section[] = [];
  for (let page = 1; page <= 8; page++) {
    const body = Array.from({ length: 8 }, (_, i) => FILLER[(page + i) % FILLER.length]).join(' ');
    out.push({ page, heading: null, text: page === 5 ? TARGET : body });
  }
  expect(out.reduce((n, s) => n + s.text.length, 0)).toBeGreaterThan(WHOLE_FILE_CHARS);
  return out;
}
const newFile = (name: string) => ({
  uri: `test/${crypto.randomUUID()}`,
  userId,
  sessionId: 'hybrid-session',
  documentId: null,
  name,
  title: name,
  kind: 'pdf',
  url: null,
  pages: 8,
  additionalTime: 2,
  method: 'text layer',
});
const embedderFor = () =>
  createEmbedder({ MULTIDOCS_EMBEDDING_URL: openai.baseUrl, MULTIDOCS_EMBEDDING_MODEL: 'stub-embed', MULTIDOCS_EMBEDDING_KEY: 'k-embed' });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hangar-hybrid-'));
  // PGlite, or a fresh PostgreSQL database when TEST_DATABASE_URL is set (bytea read by the pg driver).
  ({ database, drop } = await testDatabase(dir));
  openai = await startStubOpenAI();
  const [user] = await database.db.insert(users).values({ email: 'hybrid@hangar.local', name: 'Hybrid' }).returning();
  userId = user!.id;
}, 60_000);
afterAll(async () => {
  await database?.close();
  await drop?.();
  await openai?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('hybrid search', () => {
  it('finds a paraphrase that shares no word with the question only when embeddings are on', async () => {
    const withEmbeddings = createMultidocsStore(database.db, { embedder: embedderFor(), log });
    const file: FileRow = await withEmbeddings.save(newFile('garages.pdf'), sections());
    // Every passage got its vector, through the endpoint's wire protocol with the configured key.
    const stored = await database.db
      .select({ e: multidocsChunks.embedding })
      .from(multidocsChunks)
      .where(isNotNull(multidocsChunks.embedding));
    expect(stored.length).toBe(8);
    expect(stored[0]!.e!.byteLength).toBe(STUB_EMBEDDING_DIMENSIONS * 4);
    const call = openai.requests.find((r) => r.url.endsWith('/embeddings'))!;
    expect(call.headers.authorization).toBe('Bearer k-embed');
    expect(call.body.model).toBe('stub-embed');

    const fullTextOnly = createMultidocsStore(database.db);
    const withoutHits = await fullTextOnly.passages([file], QUESTION);
    expect(withoutHits.some((p) => p.text.includes('Automobile tariffs'))).toBe(false);

    const hybrid = await withEmbeddings.passages([file], QUESTION);
    expect(hybrid[0]?.text).toContain('Automobile tariffs');
    expect(hybrid[0]?.page).toBe(5);
    expect(hybrid.length).toBeLessThanOrEqual(8);
  });

  it('keeps the full-text ranking when both agree, and fuses the two by reciprocal rank', async () => {
    const store = createMultidocsStore(database.db, { embedder: embedderFor(), log });
    const file = await store.save(newFile('ops.pdf'), sections());
    const hits = await store.passages([file], 'Which counter takes oversized luggage?');
    expect(hits[0]?.text).toMatch(/oversized luggage/);
    expect(hits.every((p, i) => i === 0 || p.rank <= hits[i - 1]!.rank)).toBe(true);
    // The fusion itself: an item both lists hold beats either list's lone first.
    const fused = fuseRankings([
      ['a', 'b', 'c'],
      ['d', 'b', 'a'],
    ]);
    expect(fused.map((f) => f.id).slice(0, 2)).toEqual(['a', 'b']);
    expect(fused.find((f) => f.id === 'd')!.score).toBeCloseTo(1 / 61);
    expect(cosine([1, 0], [1, 0])).toBe(1);
    expect(cosine([1, 0], [1, 0, 0])).toBe(0);
  });

  it('falls back to full-text search with a log line when the embedding endpoint fails, at upload and at question time', async () => {
    const store = createMultidocsStore(database.db, { embedder: embedderFor(), log });
    openai.failEmbeddings(500);
    try {
      warnings.length = 0;
      const file = await store.save(newFile('outage.pdf'), sections());
      expect(warnings.some((w) => /embeddings failed/.test(w))).toBe(true);
      const hits = await store.passages([file], 'Where do crews collect the briefing pack?');
      expect(hits[0]?.text).toMatch(/briefing pack/);
      expect(warnings.some((w) => /question embedding failed/.test(w))).toBe(true);
      // An endpoint that does not answer at all is the same: no question fails for it.
      const unreachable = createMultidocsStore(database.db, {
        embedder: createEmbedder({ MULTIDOCS_EMBEDDING_URL: 'http://127.0.0.1:9/v1', MULTIDOCS_EMBEDDING_MODEL: 'm' }),
        log,
      });
      expect((await unreachable.passages([file], 'Where do crews collect the briefing pack?'))[0]?.text).toMatch(/briefing pack/);
    } finally {
      openai.failEmbeddings(0);
    }
  });

  it('is off without a configured endpoint', () => {
    expect(createEmbedder({ MULTIDOCS_EMBEDDING_MODEL: 'text-embedding-3-small' })).toBeNull();
  });
});
