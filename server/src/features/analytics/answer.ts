import type { AnswerChart, QuestionLanguage, SemanticQuery, SemanticResult } from '@hangar/contract';
import type { Correction } from './parser/fuzzy.ts';
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

const LOCALES: Record<QuestionLanguage, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES', pt: 'pt-PT', ja: 'ja-JP' };

export function formatValue(value: number | null, unit: string | null, language: QuestionLanguage): string {
  if (value === null) return '–';
  const locale = LOCALES[language];
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
    partOf: (part: string, pct: string, whole: string, m: string) => `${part} made ${pct} of ${whole ? `${whole}'s ` : ''}${m}.`,
    total: (v: string) => `The total is ${v}.`,
  },
  fr: {
    single: (m: string, v: string) => `${m} : ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} passe de ${a} en ${from} à ${b} en ${to} (${pct}).`,
    peak: (v: string, at: string) => `Le plus haut est ${v} en ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} a la plus forte valeur de ${m} : ${v}.`,
    share: (pct: string) => `Soit ${pct} du total affiché.`,
    none: "Il n'y a pas de données pour cette question dans votre périmètre.",
    partOf: (part: string, pct: string, whole: string, m: string) => `${part} représente ${pct} de ${m}${whole ? ` de ${whole}` : ''}.`,
    total: (v: string) => `Le total est de ${v}.`,
  },
  es: {
    single: (m: string, v: string) => `${m}: ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} pasa de ${a} en ${from} a ${b} en ${to} (${pct}).`,
    peak: (v: string, at: string) => `El máximo fue ${v} en ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} tiene el mayor valor de ${m}: ${v}.`,
    share: (pct: string) => `Es el ${pct} del total mostrado.`,
    none: 'No hay datos para esta pregunta en su ámbito.',
    partOf: (part: string, pct: string, whole: string, m: string) => `${part} supone el ${pct} de ${m}${whole ? ` de ${whole}` : ''}.`,
    total: (v: string) => `El total es ${v}.`,
  },
  pt: {
    single: (m: string, v: string) => `${m}: ${v}.`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m} passou de ${a} em ${from} para ${b} em ${to} (${pct}).`,
    peak: (v: string, at: string) => `O máximo foi ${v} em ${at}.`,
    largest: (m: string, who: string, v: string) => `${who} tem o maior valor de ${m}: ${v}.`,
    share: (pct: string) => `Isso é ${pct} do total mostrado.`,
    none: 'Não há dados para esta pergunta no seu âmbito.',
    partOf: (part: string, pct: string, whole: string, m: string) => `${part} representou ${pct} de ${m}${whole ? ` de ${whole}` : ''}.`,
    total: (v: string) => `O total é ${v}.`,
  },
  ja: {
    single: (m: string, v: string) => `${m}：${v}。`,
    change: (m: string, a: string, from: string, b: string, to: string, pct: string) =>
      `${m}は${from}の${a}から${to}の${b}になりました（${pct}）。`,
    peak: (v: string, at: string) => `最高は${at}の${v}でした。`,
    largest: (m: string, who: string, v: string) => `${m}が最も大きいのは${who}で、${v}です。`,
    share: (pct: string) => `表示合計の${pct}です。`,
    none: 'ご利用範囲には、この質問に該当するデータがありません。',
    partOf: (part: string, pct: string, whole: string, m: string) => `${part}は${whole ? `${whole}の` : ''}${m}の${pct}を占めました。`,
    total: (v: string) => `合計は${v}です。`,
  },
} satisfies Record<QuestionLanguage, unknown>;

const signed = (x: number, language: QuestionLanguage) =>
  `${x > 0 ? '+' : ''}${(x * 100).toLocaleString(LOCALES[language], { maximumFractionDigits: 1 })} %`;

/** The words of an operation's own sentence: a share of its whole, a change against the other period, a total. */
function narrateOperation(result: SemanticResult, language: QuestionLanguage, query: SemanticQuery, layer: SemanticLayer): string | null {
  const op = query.operation;
  const m = layer.measures.get(query.measures[0]!);
  if (!op || !m) return null;
  const t = T[language];
  const col = (id: string) => result.columns.findIndex((c) => c.id === id);
  const dims = result.columns.flatMap((c, i) => (c.kind === 'dimension' ? [i] : []));
  type Row = SemanticResult['rows'][number];
  const who = (r: Row) => dims.map((i) => String(r[i])).join(' ');
  const num = (r: Row, i: number) => r[i] as number;
  const measure = m.labels[language].toLowerCase();
  const fmt = (v: number) => formatValue(v, m.unit, language);
  const largest = (rows: Row[], i: number, by = (v: number) => v) => rows.reduce((a, b) => (by(num(b, i)) > by(num(a, i)) ? b : a));
  if (op.kind === 'share') {
    const i = col('share');
    const rows = result.rows.filter((r) => typeof r[i] === 'number');
    if (i < 0 || !rows.length) return t.none;
    const top = largest(rows, i);
    const pct = `${(num(top, i) * 100).toLocaleString(LOCALES[language], { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`;
    const whole = [...query.filters.flatMap((f) => f.values), ...(dims.length ? [who(top)] : [])].join(' ');
    return t.partOf(op.part.values.join('/'), pct, whole, measure);
  }
  if (op.kind === 'change' && query.time) {
    const [now, then, growth] = [col(m.id), col(`${m.id}_against`), col('growth')];
    const rows = result.rows.filter((r) => typeof r[now] === 'number' && typeof r[then] === 'number');
    if (now < 0 || then < 0 || !rows.length) return t.none;
    const row = dims.length ? largest(rows, growth, Math.abs) : rows[0]!;
    const pct = typeof row[growth] === 'number' ? signed(num(row, growth), language) : '–';
    const span = (s: { from: string; to: string }) => (s.from === s.to ? s.from : UNDERSTOOD[language].to(s.from, s.to));
    const label = dims.length ? `${m.labels[language]} (${who(row)})` : m.labels[language];
    return t.change(label, fmt(num(row, then)), span(op.against), fmt(num(row, now)), span(query.time), pct);
  }
  if (op.kind === 'total') {
    const i = col(m.id);
    const rows = result.rows.filter((r) => typeof r[i] === 'number');
    const last = rows.at(-1);
    if (i < 0 || !last || !dims.length) return null;
    const isTotal = ['Total', '合計'].includes(String(last[dims[0]!]));
    const members = isTotal ? rows.slice(0, -1) : rows;
    const parts = members.length ? [t.largest(measure, who(largest(members, i)), fmt(num(largest(members, i), i)))] : [];
    return [...parts, ...(isTotal ? [t.total(fmt(num(last, i)))] : [])].join(' ') || null;
  }
  return null;
}

/**
 * One or two sentences about the first measure: its value, its change over time, or its largest
 * group; an operation's own sentence when the query has one (the question's query and layer given).
 */
export function narrate(
  result: SemanticResult,
  chart: AnswerChart,
  language: QuestionLanguage,
  asked?: { query: SemanticQuery; layer: SemanticLayer },
): string {
  const t = T[language];
  const own = asked ? narrateOperation(result, language, asked.query, asked.layer) : null;
  if (own) return own;
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
  en: {
    by: (dims: string[]) => ` by ${dims.join(' and ')}`,
    sep: ', ',
    to: (from: string, to: string) => `${from} to ${to}`,
    allMonths: 'all months held',
    top: (n: number) => `top ${n}`,
    share: (part: string) => `share of ${part}`,
    total: 'with the total',
    average: (per: string) => `average per ${per}`,
    against: 'against',
  },
  fr: {
    by: (dims: string[]) => ` par ${dims.join(' et ')}`,
    sep: ', ',
    to: (from: string, to: string) => `${from} à ${to}`,
    allMonths: 'tous les mois disponibles',
    top: (n: number) => `${n} premiers`,
    share: (part: string) => `part de ${part}`,
    total: 'avec le total',
    average: (per: string) => `moyenne par ${per}`,
    against: 'comparé à',
  },
  es: {
    by: (dims: string[]) => ` por ${dims.join(' y ')}`,
    sep: ', ',
    to: (from: string, to: string) => `${from} a ${to}`,
    allMonths: 'todos los meses disponibles',
    top: (n: number) => `${n} primeros`,
    share: (part: string) => `parte de ${part}`,
    total: 'con el total',
    average: (per: string) => `media por ${per}`,
    against: 'frente a',
  },
  pt: {
    by: (dims: string[]) => ` por ${dims.join(' e ')}`,
    sep: ', ',
    to: (from: string, to: string) => `${from} a ${to}`,
    allMonths: 'todos os meses disponíveis',
    top: (n: number) => `${n} primeiros`,
    share: (part: string) => `parte de ${part}`,
    total: 'com o total',
    average: (per: string) => `média por ${per}`,
    against: 'comparado com',
  },
  ja: {
    by: (dims: string[]) => `（${dims.join('・')}別）`,
    sep: '、',
    to: (from: string, to: string) => `${from}〜${to}`,
    allMonths: '保有する全期間',
    top: (n: number) => `上位${n}`,
    share: (part: string) => `${part}の割合`,
    total: '合計あり',
    average: (per: string) => `${per}あたりの平均`,
    against: '比較対象',
  },
} satisfies Record<QuestionLanguage, unknown>;

/**
 * "Departing passengers by Airline, 2026-03 to 2026-05, BU SSA": the query in words, in the
 * question's language, with the words read as others said ("revnue → revenue").
 */
export function inWords(
  layer: SemanticLayer,
  q: SemanticQuery,
  language: QuestionLanguage = 'en',
  corrections: readonly Correction[] = [],
): string {
  const w = UNDERSTOOD[language];
  const dim = (id: string) => layer.dimensions.get(id)!.labels[language];
  const span = (t: { from: string; to: string }) => (t.from === t.to ? t.from : w.to(t.from, t.to));
  const measures = q.measures.map((id) => layer.measures.get(id)!.labels[language]).join(w.sep);
  const by = q.dimensions.length ? w.by(q.dimensions.map(dim)) : '';
  const parts = [q.time ? span(q.time) : w.allMonths, ...q.filters.map((f) => `${dim(f.dimension)} ${f.values.join('/')}`)];
  if (q.limit) parts.push(w.top(q.limit));
  const op = q.operation;
  if (op?.kind === 'share') parts.push(w.share(`${dim(op.part.dimension)} ${op.part.values.join('/')}`));
  if (op?.kind === 'total') parts.push(w.total);
  if (op?.kind === 'average') parts.push(w.average(dim(op.per).toLowerCase()));
  if (op?.kind === 'change') parts.push(`${w.against} ${span(op.against)}`);
  const typos = corrections.length ? ` (${corrections.map((c) => `${c.from} → ${c.to}`).join(', ')})` : '';
  return `${measures}${by}${parts.map((p) => `${w.sep}${p}`).join('')}${typos}`;
}
