import { z } from 'zod';

// Sentiment analysis on spreadsheets (tab 4, issue 18 part 2): upload a sheet, choose its columns,
// run an engine as a job, read the picture and download the sheet with the added columns.

export const SENTIMENT = {
  /** Comments files are text: 50 MB holds several hundred thousand comments. */
  maxUploadMb: 50,
  maxRows: 500_000,
  acceptedExtensions: ['xlsx', 'csv'],
  /** Comments sent to a chat model per call. */
  llmBatch: 25,
  /** Comments longer than this are cut before analysis (the downloaded sheet keeps them whole). */
  maxCommentChars: 5_000,
  offlineEngine: 'offline',
  /** Columns added to the downloaded sheet, in this order. */
  addedColumns: ['sentiment_language', 'sentiment', 'sentiment_score', 'sentiment_key_phrases'],
} as const;

export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;
export const SentimentLabel = z.enum(SENTIMENT_LABELS);
export type SentimentLabel = z.infer<typeof SentimentLabel>;

export const SENTIMENT_ERRORS = {
  noTextColumn:
    'No column of this sheet holds free text (comments of several words): put the comments in a column with a header in the first row, then upload again.',
  emptySheet: 'The sheet has no rows under its header: put the comments in the first sheet, one per row, then upload again.',
  failed: 'The analysis failed. Please try again; if it fails again, contact an administrator.',
} as const;

export const SentimentColumn = z.object({
  name: z.string(),
  /** What the column looks like from its first rows, to propose the pickers. */
  kind: z.enum(['text', 'date', 'category', 'number', 'empty']),
  samples: z.array(z.string()),
});
export type SentimentColumn = z.infer<typeof SentimentColumn>;

export const SentimentEngine = z.object({
  id: z.string(),
  title: z.string(),
  /** The embedded lexicon analyser: runs inside the portal, no language model, no credits. */
  offline: z.boolean(),
  available: z.boolean(),
  reason: z.string().nullable(),
});
export type SentimentEngine = z.infer<typeof SentimentEngine>;

export const SENTIMENT_STATES = ['uploaded', 'queued', 'running', 'done', 'failed'] as const;

/**
 * Rows of an uploaded CSV whose field count differs from the header's (issue 33 item 15). Most often
 * a comment holding the delimiter without double quotes around it: the row has more fields, and the
 * comment would be cut there. The run asks which fix the user wants (SentimentRunBody.join_extra_fields).
 */
const RowsAt = z.object({
  count: z.number().int().nonnegative(),
  /** Lines of the uploaded file (the header is line 1) of the first of those rows. */
  lines: z.array(z.number().int()),
});
export const SentimentRaggedRows = z.object({
  /** Fields of the header row. */
  header_fields: z.number().int(),
  /** The CSV's delimiter, to name it ("," or ";"). */
  delimiter: z.string(),
  /** Rows with more fields than the header (a comment cut at the delimiter). */
  wider: RowsAt,
  /** Rows with fewer fields: their missing cells are read as empty. */
  narrower: RowsAt,
});
export type SentimentRaggedRows = z.infer<typeof SentimentRaggedRows>;
/** How many line numbers each list of SentimentRaggedRows holds at most. */
export const SENTIMENT_RAGGED_LINES = 20;

export const SentimentAnalysis = z.object({
  id: z.string(),
  file_name: z.string(),
  rows: z.number().int().nonnegative(),
  columns: z.array(SentimentColumn),
  proposed: z.object({ text: z.string(), date: z.string().nullable(), category: z.string().nullable() }),
  /** Rows whose field count differs from the header's; null when every row matches (and for workbooks). */
  ragged_rows: SentimentRaggedRows.nullable(),
  text_column: z.string().nullable(),
  date_column: z.string().nullable(),
  category_column: z.string().nullable(),
  engine: z.string().nullable(),
  state: z.enum(SENTIMENT_STATES),
  progress: z.number().min(0).max(1),
  step: z.string(),
  error: z.string().nullable(),
  /** Credits held (while running) or charged (done) for a chat model; 0 offline. */
  credits: z.number().nonnegative(),
  created_at: z.string(),
});
export type SentimentAnalysis = z.infer<typeof SentimentAnalysis>;

export const SentimentAnalysisParams = z.object({ id: z.string().uuid('Unknown analysis') });

export const SentimentRunBody = z.object({
  text_column: z.string().min(1, 'Choose the column that holds the comments.'),
  date_column: z.string().nullish(),
  category_column: z.string().nullish(),
  engine: z.string().min(1),
  /**
   * Rows with more fields than the header: true takes the extra fields as part of the text column
   * (the delimiter was inside the comment; for a text column at the end, the rest of the line). A
   * sheet with such rows is not run without it: the other fix is to quote the comments and upload again.
   */
  join_extra_fields: z.boolean().optional(),
});
export type SentimentRunBody = z.infer<typeof SentimentRunBody>;

export const SentimentEstimateQuery = z.object({ text_column: z.string().min(1), engine: z.string().min(1) });
export const SentimentEstimate = z.object({
  engine: z.string(),
  rows: z.number().int().nonnegative(),
  /** Credits the run holds before it starts (0 for the offline analyser). */
  credits: z.number().nonnegative(),
  remaining_credit: z.number(),
});
export type SentimentEstimate = z.infer<typeof SentimentEstimate>;

export const SentimentFilter = z.object({
  label: SentimentLabel.optional(),
  language: z.string().max(8).optional(),
  category: z.string().max(500).optional(),
  /** yyyy-mm-dd, inclusive, on the date column. */
  from: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'from: use yyyy-mm-dd')
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'to: use yyyy-mm-dd')
    .optional(),
  q: z.string().max(200).optional(),
});
export type SentimentFilter = z.infer<typeof SentimentFilter>;

const Counts = z.object({ positive: z.number(), neutral: z.number(), negative: z.number() });
export const SentimentComment = z.object({
  row: z.number().int(),
  text: z.string(),
  label: SentimentLabel,
  score: z.number(),
  language: z.string(),
  date: z.string().nullable(),
  category: z.string().nullable(),
  key_phrases: z.array(z.string()),
});
export type SentimentComment = z.infer<typeof SentimentComment>;

export const SentimentResult = z.object({
  total: z.number().int(),
  matching: z.number().int(),
  distribution: Counts,
  /** One point per day, week or month, depending on the span of the dates. */
  over_time: z.array(Counts.extend({ period: z.string() })),
  time_unit: z.enum(['day', 'week', 'month']).nullable(),
  by_category: z.array(Counts.extend({ category: z.string() })),
  by_language: z.array(Counts.extend({ language: z.string() })),
  most_positive: z.array(SentimentComment),
  most_negative: z.array(SentimentComment),
  key_phrases: z.array(z.object({ phrase: z.string(), count: z.number().int(), score: z.number() })),
  /** The first matching comments, in sheet order. */
  comments: z.array(SentimentComment),
  languages: z.array(z.string()),
  categories: z.array(z.string()),
});
export type SentimentResult = z.infer<typeof SentimentResult>;

export const SentimentDownloadQuery = z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') });
