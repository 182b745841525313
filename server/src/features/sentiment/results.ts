import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import type { SentimentComment, SentimentFilter, SentimentLabel, SentimentResult } from '@hangar/contract';

// The result screen's figures, computed from the stored per-row results under the chosen filters.

/** One analysed row as stored (short keys: a sheet of 100,000 rows stays a few MB). */
export interface ResultRow {
  r: number;
  t: string;
  l: SentimentLabel;
  s: number;
  g: string;
  d: string | null;
  c: string | null;
  k: string[];
}

type Counts = { positive: number; neutral: number; negative: number };
const zero = (): Counts => ({ positive: 0, neutral: 0, negative: 0 });
const TOP = 5;
const COMMENTS = 50;
const PHRASES = 30;

const comment = (r: ResultRow): SentimentComment => ({
  row: r.r,
  text: r.t,
  label: r.l,
  score: r.s,
  language: r.g,
  date: r.d,
  category: r.c,
  key_phrases: r.k,
});

function timeUnit(first: string, last: string): 'day' | 'week' | 'month' {
  const days = (Date.parse(last) - Date.parse(first)) / 86_400_000;
  return days <= 62 ? 'day' : days <= 365 ? 'week' : 'month';
}

function periodOf(date: string, unit: 'day' | 'week' | 'month'): string {
  if (unit === 'day') return date;
  if (unit === 'month') return date.slice(0, 7);
  // The Monday of the date's week.
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Keeps the n best by a score without sorting everything. */
function pushTop(list: ResultRow[], row: ResultRow, better: (a: ResultRow, b: ResultRow) => boolean) {
  if (list.length < TOP) {
    list.push(row);
    list.sort((a, b) => (better(a, b) ? -1 : 1));
  } else if (better(row, list[TOP - 1]!)) {
    list[TOP - 1] = row;
    list.sort((a, b) => (better(a, b) ? -1 : 1));
  }
}

export async function summarise(lines: Readable, filter: SentimentFilter): Promise<SentimentResult> {
  const q = filter.q?.trim().toLowerCase();
  const distribution = zero();
  const byDate = new Map<string, Counts>();
  const byCategory = new Map<string, Counts>();
  const byLanguage = new Map<string, Counts>();
  const phrases = new Map<string, { count: number; sum: number }>();
  const positive: ResultRow[] = [];
  const negative: ResultRow[] = [];
  const comments: SentimentComment[] = [];
  const languages = new Set<string>();
  const categories = new Set<string>();
  let total = 0;
  let matching = 0;
  let first = '';
  let last = '';
  for await (const line of createInterface({ input: lines, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line) continue;
    const r = JSON.parse(line) as ResultRow;
    total++;
    if (r.g) languages.add(r.g);
    if (r.c && categories.size < 500) categories.add(r.c);
    if (filter.label && r.l !== filter.label) continue;
    if (filter.language && r.g !== filter.language) continue;
    if (filter.category && r.c !== filter.category) continue;
    if ((filter.from || filter.to) && (!r.d || (filter.from && r.d < filter.from) || (filter.to && r.d > filter.to))) continue;
    if (q && !r.t.toLowerCase().includes(q)) continue;
    matching++;
    distribution[r.l]++;
    const bump = (map: Map<string, Counts>, key: string) => {
      const c = map.get(key) ?? zero();
      c[r.l]++;
      map.set(key, c);
    };
    if (r.d) {
      bump(byDate, r.d);
      if (!first || r.d < first) first = r.d;
      if (!last || r.d > last) last = r.d;
    }
    if (r.c) bump(byCategory, r.c);
    bump(byLanguage, r.g || '?');
    for (const p of r.k) {
      const e = phrases.get(p);
      if (e) {
        e.count++;
        e.sum += r.s;
      } else if (phrases.size < 200_000) phrases.set(p, { count: 1, sum: r.s });
    }
    if (r.s > 0) pushTop(positive, r, (a, b) => a.s > b.s);
    if (r.s < 0) pushTop(negative, r, (a, b) => a.s < b.s);
    if (comments.length < COMMENTS) comments.push(comment(r));
  }
  const unit = first ? timeUnit(first, last) : null;
  const overTime = new Map<string, Counts>();
  if (unit) {
    for (const [date, c] of byDate) {
      const key = periodOf(date, unit);
      const o = overTime.get(key) ?? zero();
      o.positive += c.positive;
      o.neutral += c.neutral;
      o.negative += c.negative;
      overTime.set(key, o);
    }
  }
  const size = (c: Counts) => c.positive + c.neutral + c.negative;
  return {
    total,
    matching,
    distribution,
    over_time: [...overTime].sort((a, b) => a[0].localeCompare(b[0])).map(([period, c]) => ({ period, ...c })),
    time_unit: unit,
    by_category: [...byCategory]
      .sort((a, b) => size(b[1]) - size(a[1]))
      .slice(0, 30)
      .map(([category, c]) => ({ category, ...c })),
    by_language: [...byLanguage].sort((a, b) => size(b[1]) - size(a[1])).map(([language, c]) => ({ language, ...c })),
    most_positive: positive.map(comment),
    most_negative: negative.map(comment),
    key_phrases: [...phrases]
      .filter(([, e]) => e.count > 1 || matching < 50)
      .sort((a, b) => b[1].count - a[1].count)
      .slice(0, PHRASES)
      .map(([phrase, e]) => ({ phrase, count: e.count, score: Math.round((e.sum / e.count) * 1000) / 1000 })),
    comments,
    languages: [...languages].sort(),
    categories: [...categories].sort(),
  };
}
