// The question bank's shapes. A bank question is written the way an analyst of the group types
// it, with the answer a person computed for it by hand-written DuckDB SQL over the warehouse's
// Parquet files (views in views.ts), or the refusal it must get. See README.md.

/** The languages the bank is written in (Japanese too: the parser is expected to refuse it for now). */
export const BANK_LANGUAGES = ['en', 'fr', 'es', 'pt', 'ja'] as const;
export type BankLanguage = (typeof BANK_LANGUAGES)[number];

/** What the analyst wants to know. */
export const INTENTS = [
  /** One figure for a period (and filters). */
  'total',
  /** The figure per value of a category (airline, shop, BU...). */
  'breakdown',
  /** Per-BU figures plus their total (a row whose BU is empty). */
  'breakdown-total',
  /** The figure per month over a period. */
  'trend',
  /** Two or more periods, BUs, airlines, or measures side by side. */
  'compare',
  /** One part's share of a whole, a fraction in a column named `<measure>_share`. */
  'share',
  /** The first N of a ranking, in order. */
  'top-n',
  /** Must get a question back, or "no data" with a reason. */
  'refusal',
] as const;
export type Intent = (typeof INTENTS)[number];

/** How it is typed. */
export const PHRASINGS = ['plain', 'terse', 'typo', 'relative', 'range', 'comparison', 'share', 'top-n'] as const;
export type Phrasing = (typeof PHRASINGS)[number];

/** Demo users a question can be asked as (demo-warehouse.ts); the head office when absent. */
export type BankUser = 'admin' | 'financeSsa';

interface Base {
  /** `<intent key>.<language><n>`: never renumbered (the held-out split hashes it). */
  id: string;
  question: string;
  language: BankLanguage;
  intent: Intent;
  /** The semantic layer's measure the question is about; null when it names none the layer has. */
  measure: string | null;
  phrasing: Phrasing;
  asUser?: BankUser;
}
export interface AnsweredBankQuestion extends Base {
  /** Hand-written DuckDB SQL over views.ts; columns named as the answer names them: dimensions, then measures. */
  sql: string;
  /** Rows compared in this order (top N); otherwise as a set. */
  ordered?: boolean;
}
export interface RefusedBankQuestion extends Base {
  /** Why no figure is the right answer (outside the data, no common month, SQL...). */
  refusal: string;
}
export type BankQuestion = AnsweredBankQuestion | RefusedBankQuestion;
export const isRefusal = (q: BankQuestion): q is RefusedBankQuestion => 'refusal' in q;
export const isAnswered = (q: BankQuestion): q is AnsweredBankQuestion => 'sql' in q;

/** One intent: its expected answer once, asked in several languages and phrasings. */
export interface IntentSpec {
  /** Short and unique: the ids are `<key>.<language><n>`. */
  key: string;
  intent: Intent;
  measure: string | null;
  sql?: string;
  ordered?: boolean;
  refusal?: string;
  asUser?: BankUser;
  ask: readonly (readonly [BankLanguage, Phrasing, string])[];
}

/** The questions of a list of intents, numbered per language in the order written. */
export function intents(specs: readonly IntentSpec[]): BankQuestion[] {
  const out: BankQuestion[] = [];
  for (const s of specs) {
    if ((s.sql === undefined) === (s.refusal === undefined)) throw new Error(`${s.key}: give either sql or refusal`);
    const n = new Map<BankLanguage, number>();
    for (const [language, phrasing, question] of s.ask) {
      n.set(language, (n.get(language) ?? 0) + 1);
      const base = {
        id: `${s.key}.${language}${n.get(language)}`,
        question,
        language,
        intent: s.intent,
        measure: s.measure,
        phrasing,
        ...(s.asUser ? { asUser: s.asUser } : {}),
      };
      out.push(
        s.refusal !== undefined ? { ...base, refusal: s.refusal } : { ...base, sql: s.sql!, ...(s.ordered ? { ordered: true } : {}) },
      );
    }
  }
  return out;
}
