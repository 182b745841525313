import { z } from 'zod';

// The document translator (tab 3): shapes shared by server/src/features/translation and
// web/src/apps/translator. Routes and texts follow spec/portal.md, "Translator".

/** The methods a user picks; Offline is Apertium on the portal's own machine. */
export const TRANSLATION_METHODS = ['GoogleTranslate', 'TranslationHub', 'ChatGPT', 'Offline'] as const;
export const TranslationMethod = z.enum(TRANSLATION_METHODS);
export type TranslationMethod = z.infer<typeof TranslationMethod>;

/**
 * The methods still offered when remaining credit is 0 or less, and run unpaid then. The spec names
 * GoogleTranslate ("only GoogleTranslate is offered"): its rule is about paid methods. The offline
 * engine runs on the portal's own machine, at no cost to anyone, so it stays usable too (issue 33
 * item 7). pdf is still refused at 0 credit, whatever the method.
 */
export const CREDITLESS_METHODS: readonly TranslationMethod[] = ['GoogleTranslate', 'Offline'];

export const TRANSLATION_TYPES = ['pdf', 'pptx', 'docx'] as const;
export const TranslationFileType = z.enum(TRANSLATION_TYPES);
export type TranslationFileType = z.infer<typeof TranslationFileType>;

/** Page limits (spec section 9): TranslationHub above 20 pages is refused, any other method above 40. */
export const TRANSLATION_PAGE_LIMIT_TEXT = 20;
export const TRANSLATION_PAGE_LIMITS: Record<TranslationMethod, number> = {
  TranslationHub: 20,
  GoogleTranslate: 40,
  ChatGPT: 40,
  Offline: 40,
};
/** Largest upload the translator accepts (a larger one is a 413). */
export const TRANSLATION_MAX_UPLOAD_MB = 50;

export const TRANSLATION_ERROR_TEXT =
  'An error occurred while translating the document. If the problem persists, please check your file and try again.';

export const TranslationSessionResponse = z.object({ id_session: z.string() });
export type TranslationSessionResponse = z.infer<typeof TranslationSessionResponse>;

export const TranslationSessionParams = z.object({ sessionId: z.string().uuid('Unknown translator session') });

/** One method as the screen describes it; an unavailable one says why (engine not configured, no credit). */
export const TranslationMethodInfo = z.object({
  method: TranslationMethod,
  label: z.string(),
  description: z.string(),
  /** 1..5, the spec's quality marks (5/5 premium, 2/5 standard); the offline draft is 1. */
  quality: z.number().int().min(1).max(5),
  available: z.boolean(),
  why: z.string().nullable(),
  /** Credits per page. */
  pricePerPage: z.number().nonnegative(),
  /** Target languages this method can produce (codes of `languages`). */
  targets: z.array(z.string()),
  /** Whether the user picks the source language (GoogleTranslate only). */
  takesSource: z.boolean(),
});
export type TranslationMethodInfo = z.infer<typeof TranslationMethodInfo>;

export const TranslationConfig = z.object({
  /** Language code → name. */
  languages: z.record(z.string(), z.string()),
  available_types: z.array(TranslationFileType),
  /** Per file extension, the methods allowed for it now (credit rules applied). */
  map_options: z.record(z.string(), z.array(TranslationMethod)),
  methods: z.array(TranslationMethodInfo),
  remaining_credit: z.number(),
});
export type TranslationConfig = z.infer<typeof TranslationConfig>;

/** Fields of POST /api/translation/document besides the file. */
export const TranslationEstimateFields = z.object({
  method: TranslationMethod,
  id_session: z.string().uuid('Unknown translator session'),
});

export const TranslationUsage = z.object({
  /** Credits the translation will hold (pages × the method's price), rounded up. */
  usage: z.number().nonnegative(),
  pages: z.number().int().nonnegative(),
  /** True when pages are estimated from words (docx without LibreOffice). */
  pages_estimated: z.boolean(),
  /** The limit for this method; over it the button reads "Too much pages in file". */
  page_limit: z.number().int().positive(),
  file_name: z.string(),
});
export type TranslationUsage = z.infer<typeof TranslationUsage>;

/** Fields of POST /api/translation besides the file. */
export const TranslationRequestFields = z.object({
  method: z.enum(TRANSLATION_METHODS, { error: `Pick a translation method: ${TRANSLATION_METHODS.join(', ')}` }),
  id_session: z.string({ error: 'Open the translator first: the request has no translator session' }).uuid('Unknown translator session'),
  target_language: z.string({ error: 'Pick a translation language' }).min(2, 'Pick a translation language').max(16),
  source_language: z.string().max(16).optional(),
});

export const TRANSLATION_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const TranslationJob = z.object({
  id: z.string(),
  state: z.enum(TRANSLATION_JOB_STATES),
  /** 0..1 */
  progress: z.number().min(0).max(1),
  /** What runs now, for the screen: "Reading the document", "Translating 3 of 12 blocks"... */
  step: z.string(),
  error: z.string().nullable(),
  file_name: z.string(),
  /** Where to fetch the file once done. */
  download_url: z.string().nullable(),
  credits: z.number().nonnegative(),
});
export type TranslationJob = z.infer<typeof TranslationJob>;

export const TranslationJobParams = z.object({ jobId: z.string().uuid('Unknown translation') });
