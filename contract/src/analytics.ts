import { z } from 'zod';

// Talk to my data (tab 6): a question becomes a structured query over the semantic layer; the
// server compiles it to SQL itself, adding the caller's scope. Shapes shared by server and web.

const Id = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'Names in a query are lower-case ids from the semantic layer');
const Month = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'Months are written yyyy-MM');

export const SemanticFilter = z.object({
  dimension: Id,
  values: z.array(z.string().min(1).max(200)).min(1).max(50),
});
export type SemanticFilter = z.infer<typeof SemanticFilter>;

/**
 * What is done with the measure's figures beyond its breakdown: operations of the query language,
 * never phrasings of a measure (a share is not the part's value; a total is a row of its own).
 */
export const SemanticOperation = z.discriminatedUnion('kind', [
  /** The part (one filter) as a share of the whole: the same query without that filter. */
  z.object({ kind: z.literal('share'), part: SemanticFilter }),
  /** The rows and, as a last row, the figure over all of them (computed as the measure is, not summed). */
  z.object({ kind: z.literal('total') }),
  /** The average figure per member of a breakdown ("average monthly revenue": per month). */
  z.object({ kind: z.literal('average'), per: Id }),
  /** The query's period against another: both figures, the difference and the growth. */
  z.object({ kind: z.literal('change'), against: z.object({ from: Month, to: Month }) }),
]);
export type SemanticOperation = z.infer<typeof SemanticOperation>;

/** What a question asks, in the semantic layer's names (never SQL). */
export const SemanticQuery = z.object({
  measures: z.array(Id).min(1, 'Name at least one measure').max(4, 'At most four measures at once'),
  dimensions: z.array(Id).max(2, 'At most two breakdowns at once').default([]),
  filters: z.array(SemanticFilter).max(8).default([]),
  /** Inclusive month range; null means every month held. */
  time: z.object({ from: Month, to: Month }).nullable().default(null),
  order: z
    .object({ by: Id, direction: z.enum(['asc', 'desc']) })
    .nullable()
    .default(null),
  limit: z.number().int().min(1).max(1000).nullable().default(null),
  /** One operation on a single measure; null for its plain figures. */
  operation: SemanticOperation.nullable().default(null),
});
export type SemanticQuery = z.infer<typeof SemanticQuery>;
export type SemanticQueryInput = z.input<typeof SemanticQuery>;

export const QUESTION_LANGUAGES = ['en', 'fr', 'es', 'pt', 'ja'] as const;
export type QuestionLanguage = (typeof QUESTION_LANGUAGES)[number];

export const SemanticMeasure = z.object({
  id: Id,
  label: z.string(),
  unit: z.string(),
  format: z.string(),
  definition: z.string(),
  useCase: z.string(),
  /** The KPI this measure is (lineage and quality link), or null for a derived ratio. */
  kpi: z.string().nullable(),
  dimensions: z.array(z.string()),
});
export type SemanticMeasure = z.infer<typeof SemanticMeasure>;

export const SemanticDimension = z.object({
  id: Id,
  label: z.string(),
  kind: z.enum(['time', 'category']),
});
export type SemanticDimension = z.infer<typeof SemanticDimension>;

export const ANSWER_CHARTS = ['card', 'line', 'bar', 'donut', 'table'] as const;
export type AnswerChart = (typeof ANSWER_CHARTS)[number];

export const SemanticColumn = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['dimension', 'measure']),
  unit: z.string().nullable(),
});
export type SemanticColumn = z.infer<typeof SemanticColumn>;

export const SemanticResult = z.object({
  columns: z.array(SemanticColumn),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** More rows existed than the cap: the answer says so. */
  truncated: z.boolean(),
  sql: z.string(),
});
export type SemanticResult = z.infer<typeof SemanticResult>;

export const AskQuestionRequest = z.object({
  question: z
    .string({ error: 'Type a question' })
    .trim()
    .min(3, 'Type a question of a few words')
    .max(500, 'Keep the question under 500 characters'),
});

export const QUESTION_STATUSES = ['answered', 'clarification', 'failed'] as const;

/** An answer as shown and as stored in the history. */
/** A month's checks for one KPI's table and BU: passed, failed (with the checks), not finished, or not delivered. */
export const KPI_MONTH_STATUSES = ['passed', 'failed', 'pending', 'missing'] as const;
export const KpiQualityMonth = z.object({
  bu: z.string(),
  /** YYYY-MM. */
  month: z.string(),
  status: z.enum(KPI_MONTH_STATUSES),
  /** The failed checks' labels (Data Integrity, File Integrity, File Not Sent, Referential). */
  failedChecks: z.array(z.string()),
});
export type KpiQualityMonth = z.infer<typeof KpiQualityMonth>;

/** The quality status of one KPI read for the months the answer used. */
export const KpiQuality = z.object({
  useCase: z.string(),
  kpi: z.string(),
  table: z.string(),
  months: z.array(KpiQualityMonth),
});
export type KpiQuality = z.infer<typeof KpiQuality>;

export const DataAnswer = z.object({
  id: z.string(),
  question: z.string(),
  language: z.enum(QUESTION_LANGUAGES),
  status: z.enum(QUESTION_STATUSES),
  query: SemanticQuery.nullable(),
  /** How the question was read, in words ("Departing passengers by Airline, 2026-03"). */
  understood: z.string().nullable(),
  /** Words of the question that were not used. */
  ignored: z.array(z.string()),
  clarification: z.string().nullable(),
  result: SemanticResult.nullable(),
  chart: z.enum(ANSWER_CHARTS).nullable(),
  narrative: z.string().nullable(),
  /** Scope narrowed, result cut, no data: said with the answer. */
  /** The months the figures cover ("2026-08 to 2026-10", or each measure's when they differ); absent from older answers. */
  period: z.string().nullable().optional(),
  notices: z.array(z.string()),
  /** Warnings: months missing or not validated, months that failed their checks, for the BUs read. */
  quality: z.array(z.string()),
  /** Per KPI read, its checks for each BU and month used; absent from answers stored before it existed. */
  qualityStatus: z.array(KpiQuality).optional(),
  /** The KPIs read, for the lineage and quality links. */
  kpis: z.array(z.object({ useCase: z.string(), kpi: z.string(), table: z.string() })),
  credit: z.number(),
  createdAt: z.string(),
});
export type DataAnswer = z.infer<typeof DataAnswer>;

export const DataAnswerEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('understood'), understood: z.string().nullable(), query: SemanticQuery.nullable() }),
  z.object({ type: z.literal('narrative_chunk'), content: z.string() }),
  z.object({ type: z.literal('answer'), answer: DataAnswer }),
  z.object({ type: z.literal('total_credit'), amount: z.number() }),
  z.object({ type: z.literal('error'), error: z.string() }),
  z.object({ type: z.literal('stream_complete') }),
]);
export type DataAnswerEvent = z.infer<typeof DataAnswerEvent>;

export const QuestionHistoryItem = z.object({
  id: z.string(),
  question: z.string(),
  status: z.enum(QUESTION_STATUSES),
  createdAt: z.string(),
});
export const QuestionHistory = z.object({ items: z.array(QuestionHistoryItem) });

export const SaveQuestionRequest = z.object({
  title: z.string({ error: 'Give the saved question a title' }).trim().min(1, 'Give the saved question a title').max(120),
  question: AskQuestionRequest.shape.question,
});
export const SavedQuestion = z.object({ id: z.string(), title: z.string(), question: z.string(), createdAt: z.string() });
export const SavedQuestions = z.object({ items: z.array(SavedQuestion) });

export const DataCatalogue = z.object({
  measures: z.array(SemanticMeasure),
  dimensions: z.array(SemanticDimension),
  /** Questions to start from, drawn from the user's own KPIs. */
  suggestions: z.array(z.string()),
});
export type DataCatalogue = z.infer<typeof DataCatalogue>;

export const QuestionIdParams = z.object({ id: z.string().uuid('Unknown question') });
