import { type DataAnswer, type QuestionLanguage, SemanticQuery } from '@hangar/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { analyticsQuestions } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/policies/roles.ts';
import { chooseChart, inWords, narrate } from './answer.ts';
import { compileQuery, type WarehouseFile } from './compile.ts';
import { type Parsed, parseQuestion } from './parser/parser.ts';
import { differentPeriodsNotice, periodsCovered, periodText } from './period.ts';
import { heldMonths, kpiQuality } from './quality.ts';
import { runCompiled } from './run.ts';
import { buildSemanticLayer, isRatio, type Measure, type SemanticLayer } from './semantic-layer.ts';
import { createWarehouseFiles, scopeOf } from './warehouse.ts';

const ROW_CAP = 1000;
const TIMEOUT_MS = 10_000;

const monthsBetween = (from: string, to: string) => {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  while (`${y}-${String(m).padStart(2, '0')}` <= to && out.length < 120) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
};

/** Months of a monthly table asked for but not (yet) validated for a BU that delivers it. */
function missingMonths(files: WarehouseFile[], q: SemanticQuery, today: Date): string[] {
  if (!q.time) return [];
  const current = today.toISOString().slice(0, 7);
  const asked = monthsBetween(q.time.from, [q.time.to, current].sort()[0]!).filter((m) => m < current);
  const warnings: string[] = [];
  const tables = new Map<string, WarehouseFile[]>();
  for (const f of files) tables.set(`${f.fileType}|${f.bu}`, [...(tables.get(`${f.fileType}|${f.bu}`) ?? []), f]);
  for (const [key, fs] of tables) {
    const [table, bu] = key.split('|');
    // A whole-year file holds its twelve months: none of them is missing.
    const held = new Set(fs.flatMap(heldMonths));
    const missing = asked.filter((m) => !held.has(m));
    if (missing.length) warnings.push(`${bu} has no validated ${table} for ${missing.join(', ')}: those months are not in the numbers.`);
  }
  return warnings;
}

const baseMeasures = (layer: SemanticLayer, m: Measure): Measure[] =>
  isRatio(m) ? [m.numerator, m.denominator].flatMap((id) => baseMeasures(layer, layer.measures.get(id)!)) : [m];

export function createAnalyticsService(ctx: AppContext) {
  const layer = buildSemanticLayer();
  const warehouse = createWarehouseFiles(ctx);

  async function store(userId: string, answer: Omit<DataAnswer, 'id' | 'createdAt'>): Promise<DataAnswer> {
    const [row] = await ctx.db
      .insert(analyticsQuestions)
      .values({
        userId,
        question: answer.question,
        language: answer.language,
        status: answer.status,
        answer,
        creditMilli: Math.round(answer.credit * 1000),
      })
      .returning({ id: analyticsQuestions.id, createdAt: analyticsQuestions.createdAt });
    return { ...answer, id: row!.id, createdAt: row!.createdAt.toISOString() };
  }

  /**
   * Reads the question (the offline parser, or `understand`: the model path) and runs it within the
   * caller's scope; nothing is stored.
   */
  async function read(
    actor: Actor,
    question: string,
    today = new Date(),
    understand?: () => Promise<Parsed>,
  ): Promise<Omit<DataAnswer, 'id' | 'createdAt'>> {
    const parsed = understand ? await understand() : parseQuestion(question, layer, today);
    const empty = {
      question,
      language: parsed.language as QuestionLanguage,
      ignored: parsed.ignored,
      result: null,
      chart: null,
      narrative: null,
      notices: [],
      quality: [],
      kpis: [],
      credit: 0,
    };
    if (!parsed.query) {
      return { ...empty, status: 'clarification', query: null, understood: null, clarification: parsed.clarification };
    }
    const query = SemanticQuery.parse(parsed.query);
    const scope = await scopeOf(ctx, actor);
    const compiled = compileQuery(layer, query, await warehouse.list(scope), scope, ROW_CAP, parsed.language);
    const result = await runCompiled(compiled, { warehouseDir: warehouse.cacheDir, timeoutMs: TIMEOUT_MS });
    const chart = chooseChart(result, question);
    const covered = periodsCovered(layer, query, compiled.files);
    const notices = [...compiled.notices, ...[differentPeriodsNotice(covered)].filter((n): n is string => n !== null)];
    if (result.truncated)
      notices.push(`The answer has more than ${ROW_CAP} rows: the first ${ROW_CAP} are shown. Narrow the period or the breakdown.`);
    const kpis = query.measures
      .flatMap((id) => baseMeasures(layer, layer.measures.get(id)!))
      .map((m) => (isRatio(m) ? null : { useCase: m.useCase, kpi: m.kpi.name, table: m.table.type }))
      .filter((k): k is NonNullable<typeof k> => k !== null);
    const checked = await kpiQuality(ctx.db, kpis, compiled.files, query, today);
    return {
      ...empty,
      status: 'answered',
      query,
      understood: inWords(layer, query, parsed.language, parsed.corrections),
      clarification: null,
      result,
      chart,
      narrative: narrate(result, chart, parsed.language, { query, layer }),
      period: periodText(covered),
      notices,
      quality: [...missingMonths(compiled.files, query, today), ...checked.warnings],
      qualityStatus: checked.status,
      kpis,
    };
  }

  return {
    layer,
    /** Reads the question, runs it within the caller's scope, and stores the answer in the history. */
    async ask(actor: Actor, question: string, today = new Date()): Promise<DataAnswer> {
      return store(actor.sub, await read(actor, question, today));
    },
    read,
    store,

    async history(userId: string) {
      return ctx.db
        .select({
          id: analyticsQuestions.id,
          question: analyticsQuestions.question,
          status: analyticsQuestions.status,
          createdAt: analyticsQuestions.createdAt,
        })
        .from(analyticsQuestions)
        .where(eq(analyticsQuestions.userId, userId))
        .orderBy(desc(analyticsQuestions.createdAt))
        .limit(100);
    },

    async answer(userId: string, id: string): Promise<DataAnswer> {
      const [row] = await ctx.db
        .select({ id: analyticsQuestions.id, answer: analyticsQuestions.answer, createdAt: analyticsQuestions.createdAt })
        .from(analyticsQuestions)
        .where(and(eq(analyticsQuestions.id, id), eq(analyticsQuestions.userId, userId)));
      if (!row) throw new AppError('NOT_FOUND', 'This question is not in your history.');
      return { ...(row.answer as DataAnswer), id: row.id, createdAt: row.createdAt.toISOString() };
    },

    async forget(userId: string, id: string): Promise<void> {
      const gone = await ctx.db
        .delete(analyticsQuestions)
        .where(and(eq(analyticsQuestions.id, id), eq(analyticsQuestions.userId, userId)))
        .returning({ id: analyticsQuestions.id });
      if (!gone.length) throw new AppError('NOT_FOUND', 'This question is not in your history.');
    },
  };
}
export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
