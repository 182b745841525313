import type { AnswerChart, QuestionLanguage, SemanticQuery, SemanticResult } from '@hangar/contract';
import type { SemanticLayer } from './semantic-layer.ts';

// The reading of a result: which chart helps, and one or two sentences computed from the numbers
// (largest, change, share) in the question's language. A model may rephrase them; it never makes
// the numbers.

const SHARE_WORDS = /\b(share|split|breakdown|mix|part|parts|repartition|reparticion|distribucion|distribuicao|participacao)\b/;
const isAdditive = (unit: string | null) => unit !== '%' && unit !== null;

export function chooseChart(result: SemanticResult, question: string): AnswerChart {
  const dims = result.columns.filter((c) => c.kind === 'dimension');
  const measure = result.columns.find((c) => c.kind === 'measure');
  if (!result.rows.length) return 'table';
  if (!dims.length) return result.rows.length === 1 ? 'card' : 'table';
  if (dims[0]!.id === 'month' || dims[0]!.id === 'year') return result.rows.length > 1 ? 'line' : 'card';
  if (dims.length > 1 || result.rows.length > 50) return 'table';
  if (SHARE_WORDS.test(question.toLowerCase()) && isAdditive(measure?.unit ?? null) && result.rows.length <= 8) return 'donut';
  return 'bar';
}

export function formatValue(value: number | null, unit: string | null, language: QuestionLanguage): string {
  if (value === null) return '–';
  const locale = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT' }[language];
  if (unit === '%') return `${(value * 100).toLocaleString(locale, { maximumFractionDigits: 1 })} %`;
  const digits = Math.abs(value) < 100 && !Number.isInteger(value) ? 2 : 0;
  const text = value.toLocaleString(locale, { maximumFractionDigits: digits, minimumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

const T = {
  en: {
    single: (m: string, v: string) => `${m}: ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} went from ${a} in ${from} to ${b} in ${to} (${pct}).`,
    peak: (v: string, at: string) => `The highest was ${v} in ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} has the largest ${m}: ${v}.`,
    share: (pct: string) => `That is ${pct} of the total shown.`,
    none: 'There is no data for this question in your scope.',
  },
  fr: {
    single: (m: string, v: string) => `${m} : ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} passe de ${a} en ${from} à ${b} en ${to} (${pct}).`,
    peak: (v: string, at: string) => `Le plus haut est ${v} en ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} a la plus forte valeur de ${m} : ${v}.`,
    share: (pct: string) => `Soit ${pct} du total affiché.`,
    none: "Il n'y a pas de données pour cette question dans votre périmètre.",
  },
  es: {
    single: (m: string, v: string) => `${m}: ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} pasa de ${a} en ${from} a ${b} en ${to} (${pct}).`,
    peak: (v: string, at: string) => `El máximo fue ${v} en ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} tiene el mayor valor de ${m}: ${v}.`,
    share: (pct: string) => `Es el ${pct} del total mostrado.`,
    none: 'No hay datos para esta pregunta en su ámbito.',
  },
  pt: {
    single: (m: string, v: string) => `${m}: ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} passou de ${a} em ${from} para ${b} em ${to} (${pct}).`,
    peak: (v: string, at: string) => `O máximo foi ${v} em ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} tem o maior valor de ${m}: ${v}.`,
    share: (pct: string) => `Isso é ${pct} do total mostrado.`,
    none: 'Não há dados para esta pergunta no seu âmbito.',
  },
} satisfies Record<QuestionLanguage, unknown>;

const signed = (x: number, language: QuestionLanguage) =>
  `${x > 0 ? '+' : ''}${(x * 100).toLocaleString({ en: 'en-GB', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT' }[language], { maximumFractionDigits: 1 })} %`;

/** One or two sentences about the first measure: its value, its change over time, or its largest group. */
export function narrate(result: SemanticResult, chart: AnswerChart, language: QuestionLanguage): string {
  const t = T[language];
  const dimIndex = result.columns.findIndex((c) => c.kind === 'dimension');
  const mIndex = result.columns.findIndex((c) => c.kind === 'measure');
  const m = result.columns[mIndex]!;
  const rows = result.rows.filter((r) => typeof r[mIndex] === 'number');
  if (!rows.length) return t.none;
  const value = (r: (typeof rows)[number]) => r[mIndex] as number;
  const fmt = (v: number) => formatValue(v, m.unit, language);
  if (chart === 'card' || dimIndex < 0) return t.single(m.label, fmt(value(rows[0]!)));
  const label = (r: (typeof rows)[number]) => String(r[dimIndex]);
  const byIndex = result.columns.findIndex((c, i) => c.kind === 'dimension' && i !== dimIndex);
  if (chart === 'line' && byIndex >= 0) {
    // A line per member of the breakdown: a first-to-last change over rows of different members
    // would mean nothing, so the reading names the largest member of the latest period.
    const latest = rows.reduce((a, b) => (label(b) > label(a) ? b : a));
    const inLatest = rows.filter((r) => label(r) === label(latest));
    const top = inLatest.reduce((a, b) => (value(b) > value(a) ? b : a));
    return t.largest(m.label.toLowerCase(), `${String(top[byIndex])} (${label(top)})`, fmt(value(top)));
  }
  if (chart === 'line') {
    const first = rows[0]!;
    const last = rows.at(-1)!;
    const peak = rows.reduce((a, b) => (value(b) > value(a) ? b : a));
    const pct = value(first) === 0 ? '–' : signed((value(last) - value(first)) / Math.abs(value(first)), language);
    return `${t.change(m.label, fmt(value(first)), label(first), fmt(value(last)), label(last), pct)} ${t.peak(fmt(value(peak)), label(peak))}`;
  }
  const top = rows.reduce((a, b) => (value(b) > value(a) ? b : a));
  const sentence = t.largest(m.label.toLowerCase(), label(top), fmt(value(top)));
  const total = rows.reduce((s, r) => s + value(r), 0);
  if (!isAdditive(m.unit) || rows.length < 2 || total <= 0 || rows.some((r) => value(r) < 0)) return sentence;
  return `${sentence} ${t.share(`${((value(top) / total) * 100).toFixed(0)} %`)}`;
}

const UNDERSTOOD = {
  en: { by: 'by', and: 'and', to: 'to', allMonths: 'all months held', top: (n: number) => `top ${n}` },
  fr: { by: 'par', and: 'et', to: 'à', allMonths: 'tous les mois disponibles', top: (n: number) => `${n} premiers` },
  es: { by: 'por', and: 'y', to: 'a', allMonths: 'todos los meses disponibles', top: (n: number) => `${n} primeros` },
  pt: { by: 'por', and: 'e', to: 'a', allMonths: 'todos os meses disponíveis', top: (n: number) => `${n} primeiros` },
} satisfies Record<QuestionLanguage, unknown>;

/** "Departing passengers by Airline, 2026-03 to 2026-05, BU SSA": the query in words, in the question's language. */
export function inWords(layer: SemanticLayer, q: SemanticQuery, language: QuestionLanguage = 'en'): string {
  const w = UNDERSTOOD[language];
  const dim = (id: string) => layer.dimensions.get(id)!.labels[language];
  const measures = q.measures.map((id) => layer.measures.get(id)!.labels[language]).join(', ');
  const by = q.dimensions.length ? ` ${w.by} ${q.dimensions.map(dim).join(` ${w.and} `)}` : '';
  const time = q.time ? (q.time.from === q.time.to ? `, ${q.time.from}` : `, ${q.time.from} ${w.to} ${q.time.to}`) : `, ${w.allMonths}`;
  const filters = q.filters.map((f) => `, ${dim(f.dimension)} ${f.values.join('/')}`).join('');
  const top = q.limit ? `, ${w.top(q.limit)}` : '';
  return `${measures}${by}${time}${filters}${top}`;
}
