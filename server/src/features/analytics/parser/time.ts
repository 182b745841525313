import type { QuestionLanguage } from '@hangar/contract';
import { type Reading, words } from './text.ts';

// The periods of a question, in English, French, Spanish and Portuguese (Japanese arrives glossed
// into these words, japanese.ts). Every period is found, not only the first: a range written
// without "from" ("August to October", "Aug-Oct"), a list ("January and February"), a period
// against another ("last month compared to September") and a relative period against the main one
// ("vs last year", "yoy") are all read, and the words used are consumed. The warehouse holds
// months, so a period is a range of months.

export interface Span {
  from: string;
  to: string;
}

/** How a period reads in an "against" position: relative to the main period. */
type Relative = 'yearAgo' | 'previous' | 'lastYear';

interface Atom {
  at: number;
  end: number;
  /** The months covered, once the year is known. */
  span: (year: number) => Span;
  /** The year as written, else null (taken from a neighbour, or the latest such period). */
  year: number | null;
  /** The first month (1-12) when the year is not written, for the latest-past rule. */
  firstMonth: number;
  kind: 'month' | 'range' | 'year' | 'relative';
  relative?: Relative;
  /** Only meaningful against another period ("yoy", "same month last year"). */
  againstOnly?: boolean;
}

export interface TimeRead {
  range: Span | null;
  /** Months named side by side ("compare January and February"): a breakdown by month. */
  months?: string[];
  /** Years named side by side ("2024 and 2025"): a breakdown by year. */
  years?: string[];
  /** The period compared with (a change). */
  against?: Span;
  /** Periods that cannot be combined into one question, as written. */
  unclear?: string[];
}

const MONTHS: readonly (readonly string[])[] = [
  ['january', 'jan', 'janvier', 'janv', 'enero', 'ene', 'janeiro'],
  ['february', 'feb', 'fevrier', 'fev', 'febrero', 'fevereiro'],
  ['march', 'mar', 'mars', 'marzo', 'marco'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr'],
  ['may', 'mai', 'mayo', 'maio'],
  ['june', 'jun', 'juin', 'junio', 'junho'],
  ['july', 'jul', 'juillet', 'juil', 'julio', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'ago'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'setembro', 'set'],
  ['october', 'oct', 'octobre', 'octubre', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'decembre', 'diciembre', 'dezembro', 'dez', 'dic'],
];
export const MONTH_OF = new Map(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
/** Month names that are also common words: a month only beside a year, another month or a range word. */
const AMBIGUOUS_MONTHS = new Set(['mar', 'may', 'set', 'out', 'ago', 'dic', 'ene', 'abr', 'sept']);
const MONTH_WORDS = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|');
/** Full month names per language, for reading typos ("septmber"). */
const FULL_NAMES: Record<Exclude<QuestionLanguage, 'ja'>, string> = {
  en: 'january february march april may june july august september october november december',
  fr: 'janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre',
  es: 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre',
  pt: 'janeiro fevereiro marco abril maio junho julho agosto setembro outubro novembro dezembro',
};
export const MONTH_NAMES: Partial<Record<QuestionLanguage, [string, number][]>> = Object.fromEntries(
  Object.entries(FULL_NAMES).map(([l, names]) => [l, names.split(' ').map((n, i) => [n, i + 1] as [string, number])]),
);

const NUMBER =
  '([0-9]{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|deux|trois|quatre|cinq|six|huit|neuf|dix|douze|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|dois|quatro|sete|oito|nove|dez|doze)';
const NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  deux: 2,
  trois: 3,
  quatre: 4,
  cinq: 5,
  huit: 8,
  neuf: 9,
  dix: 10,
  douze: 12,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  doce: 12,
  dois: 2,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  doze: 12,
};
const count = (w: string) => NUMBERS[w] ?? Number(w);

const YEAR = '(20[0-9]{2})';
/** A year written after a period: "Q3 2025", "Q3 of 2025", "tercer trimestre de 2025". */
const YEAR_AFTER = `(?: (?:- )?(?:of |de |del |do |da |en |em |in )?${YEAR})?`;
/** A year after a quarter or a half, also in two digits ("Q4 25"). */
const YEAR_OF_PART = `(?: (?:- )?(?:of |de |del |do |da |en |em |in )?(20[0-9]{2}|[2-3][0-9]))?`;
const ORDINAL: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  premier: 1,
  '1er': 1,
  deuxieme: 2,
  '2e': 2,
  '2eme': 2,
  troisieme: 3,
  '3e': 3,
  '3eme': 3,
  quatrieme: 4,
  '4e': 4,
  '4eme': 4,
  primer: 1,
  primero: 1,
  segundo: 2,
  tercer: 3,
  tercero: 3,
  cuarto: 4,
  primeiro: 1,
  terceiro: 3,
  quarto: 4,
  '1o': 1,
  '2o': 2,
  '3o': 3,
  '4o': 4,
  '1a': 1,
  '2a': 2,
  '3a': 3,
  '4a': 4,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
};
const ORDINALS = Object.keys(ORDINAL)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** The words of the relative periods below, as written in their patterns. */
const RELATIVE_WORDS = [
  'same month last year same period last year same quarter last year same time last year a year earlier a year ago year over year',
  'year on year meme mois l annee derniere meme periode sur un an en glissement annuel mismo mes del ano pasado periodo interanual',
  'mesmo mes do ano passado homologo homologa previous period prior period before month over month on mom quarter qoq periode',
  'precedente anterior ltm ttm twelve rolling year past month before two ago il y a deux hace dos ha dois dernier precedent passe',
  'ultimo pasado passado this current to date qtd ce en cours este actual curso neste atual corrente mtd ci courant so far cette',
  'annee debut de cumul annuel lo que va del acumulado desde el inicio do no o prior previous derniere an passee',
].join(' ');

const pad = (n: number) => String(n).padStart(2, '0');
export const ym = (y: number, m: number) => `${y}-${pad(m)}`;
const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const fromIndex = (i: number) => ym(Math.floor(i / 12), (i % 12) + 1);
/** A span moved by a number of months. */
export const shiftSpan = (s: Span, by: number): Span => ({ from: fromIndex(index(s.from) + by), to: fromIndex(index(s.to) + by) });
const length = (s: Span) => index(s.to) - index(s.from) + 1;
/** The period of the same length just before. */
export const previousOf = (s: Span): Span => shiftSpan(s, -length(s));
const monthsOf = (s: Span) => Array.from({ length: length(s) }, (_, i) => fromIndex(index(s.from) + i));

/** The words that join periods, and those that open a range or a period "since". */
const RANGE_JOIN = /^(?:-|to|through|thru|until|till|au|a|jusqu a|jusqu au|jusqu en|hasta|ate|al|kara|kara made|made)$/;
const LIST_JOIN = /^(?:and|et|y|e|&|to)$/;
const COMPARE_JOIN =
  /^(?:vs|x|versus|against|comparadas com|comparados com|comparadas con|comparados con|comparees a|compares a|compared to|compared with|compare to|compare with|compared|in comparison with|than|par rapport a|compare a|comparee a|contre|face a|comparado con|comparada con|en comparacion con|frente a|comparado com|comparada com|em comparacao com|em relacao a|contra)$/;
const RANGE_OPEN = /^(?:from|between|du|de|des|desde|entre|dall)$/;
const SINCE_OPEN = /^(?:since|depuis|desde|a partir de|a partir do|a partir da|partir de|starting|starting from|as from|as of)$/;

/** Every word of a period the readers know (never read as a typo of another word). */
export const TIME_WORDS: readonly string[] = [
  ...MONTH_OF.keys(),
  ...Object.keys(ORDINAL),
  ...Object.keys(NUMBERS),
  ...['quarter', 'quarters', 'trimestre', 'trimestres', 'half', 'semestre', 'months', 'mois', 'meses', 'years', 'annees', 'anos'],
  ...['last', 'past', 'previous', 'trailing', 'rolling', 'derniers', 'dernieres', 'ultimos', 'glissants', 'since', 'depuis', 'desde'],
  ...['partir', 'starting', 'from', 'between', 'through', 'thru', 'until', 'till', 'jusqu', 'hasta', 'ate', 'kara', 'made', 'hikaku'],
  ...[RANGE_JOIN, LIST_JOIN, COMPARE_JOIN].flatMap((re) => re.source.match(/[a-z]+/g) ?? []),
  ...[RELATIVE_WORDS].flatMap((p) => p.match(/[a-z]+/g) ?? []),
];

/** Finds the periods of the question, consumes their words, and reads them together. */
export function findTime(reading: Reading, today: Date): (cues: Cues) => TimeRead {
  const y0 = today.getUTCFullYear();
  const m0 = today.getUTCMonth() + 1;
  const now = ym(y0, m0);
  const lastMonth = fromIndex(index(now) - 1);
  const atoms: Atom[] = [];
  const fixed =
    (span: Span, kind: Atom['kind'] = 'relative', extra: Partial<Atom> = {}) =>
    (at: number, end: number) =>
      atoms.push({ at, end, span: () => span, year: Number(span.from.slice(0, 4)), firstMonth: 0, kind, ...extra });
  const find = (pattern: string, make: (h: RegExpExecArray) => (at: number, end: number) => void) => {
    for (const h of reading.takeAll(words(pattern, 'g'))) make(h)(h.index, h.index + h[0].length);
  };
  const quarterOf = (m: number) => Math.floor((m - 1) / 3) * 3 + 1;

  // Relative periods, longest first; those meaning something only against another period first of all.
  find(
    'same month last year|same period last year|same quarter last year|same time last year|a year earlier|a year ago|year over year|year on year|yoy|meme mois l annee derniere|meme periode l annee derniere|meme mois l an dernier|meme periode l an dernier|meme periode de l annee derniere|sur un an|en glissement annuel|mismo mes del ano pasado|mismo periodo del ano pasado|interanual|mesmo mes do ano passado|mesmo periodo do ano passado|homologo|homologa',
    () => fixed({ from: now, to: now }, 'relative', { relative: 'yearAgo', againstOnly: true }),
  );
  find(
    'previous period|prior period|period before|month over month|month on month|mom|quarter over quarter|quarter on quarter|qoq|periode precedente|periodo anterior',
    () => fixed({ from: now, to: now }, 'relative', { relative: 'previous', againstOnly: true }),
  );
  find(
    `(?:last|past|previous|trailing|rolling) ${NUMBER} months|les ${NUMBER} derniers mois|${NUMBER} derniers mois|${NUMBER} mois glissants|(?:los |os )?ultimos ${NUMBER} meses|${NUMBER} ultimos meses`,
    (h) => {
      const n = Math.min(120, count(h.slice(1).find(Boolean)!));
      return fixed({ from: fromIndex(index(now) - n), to: lastMonth });
    },
  );
  find('ltm|ttm|last twelve months|rolling year|rolling twelve months|past year', () =>
    fixed({ from: fromIndex(index(now) - 12), to: lastMonth }),
  );
  find(`(?:last|past|previous) ${NUMBER} years|les ${NUMBER} dernieres annees|(?:los |os )?ultimos ${NUMBER} anos`, (h) => {
    const n = Math.min(10, count(h.slice(1).find(Boolean)!));
    return fixed({ from: ym(y0 - n, 1), to: ym(y0 - 1, 12) });
  });
  find(`(?:last|past|previous) ${NUMBER} quarters|les ${NUMBER} derniers trimestres|(?:los |os )?ultimos ${NUMBER} trimestres`, (h) => {
    const n = Math.min(40, count(h.slice(1).find(Boolean)!));
    const start = ym(y0, quarterOf(m0));
    return fixed({ from: fromIndex(index(start) - 3 * n), to: fromIndex(index(start) - 1) });
  });
  find('month before last|two months ago|il y a deux mois|hace dos meses|ha dois meses', () => {
    const m = fromIndex(index(now) - 2);
    return fixed({ from: m, to: m });
  });
  find(
    'last quarter|previous quarter|past quarter|prior quarter|dernier trimestre|trimestre dernier|trimestre precedent|trimestre passe|ultimo trimestre|trimestre pasado|trimestre anterior|trimestre passado',
    () => {
      const start = fromIndex(index(ym(y0, quarterOf(m0))) - 3);
      return fixed({ from: start, to: fromIndex(index(start) + 2) });
    },
  );
  find(
    'this quarter|current quarter|quarter to date|qtd|ce trimestre|trimestre en cours|este trimestre|trimestre actual|trimestre en curso|neste trimestre|trimestre atual|trimestre corrente',
    () => fixed({ from: ym(y0, quarterOf(m0)), to: now }),
  );
  find(
    'last month|previous month|past month|prior month|le mois dernier|mois dernier|mois precedent|mois passe|mes pasado|mes anterior|ultimo mes|mes passado',
    () => fixed({ from: lastMonth, to: lastMonth }, 'relative', { relative: 'previous' }),
  );
  find(
    'this month|current month|month to date|mtd|ce mois - ci|ce mois|mois en cours|mois courant|este mes|mes actual|mes en curso|neste mes|deste mes|nesse mes|mes atual|mes corrente',
    () => fixed({ from: now, to: now }),
  );
  find('year before last|two years ago|il y a deux ans|hace dos anos|ha dois anos', () =>
    fixed({ from: ym(y0 - 2, 1), to: ym(y0 - 2, 12) }),
  );
  find(
    'year to date|ytd|so far this year|this year so far|this year|current year|cette annee|annee en cours|depuis le debut de l annee|depuis le debut d annee|cumul annuel|en lo que va del ano|en lo que va de ano|este ano|ano en curso|ano actual|acumulado del ano|desde el inicio del ano|neste ano|ano corrente|ano atual|acumulado do ano|no acumulado do ano|desde o inicio do ano',
    () => fixed({ from: ym(y0, 1), to: now }),
  );
  // Future periods: read as asked (a budget has them); the data says when there is nothing yet.
  find('next month|following month|mois prochain|le mois prochain|mes que viene|proximo mes|mes siguiente|proximo mes', () => {
    const m = fromIndex(index(now) + 1);
    return fixed({ from: m, to: m });
  });
  find('next quarter|trimestre prochain|prochain trimestre|proximo trimestre|trimestre que viene|trimestre siguiente', () => {
    const start = fromIndex(index(ym(y0, quarterOf(m0))) + 3);
    return fixed({ from: start, to: fromIndex(index(start) + 2) });
  });
  find(
    'next year|following year|l annee prochaine|annee prochaine|l an prochain|an prochain|el ano que viene|ano que viene|proximo ano|ano siguiente|el proximo ano|o proximo ano|no proximo ano',
    () => fixed({ from: ym(y0 + 1, 1), to: ym(y0 + 1, 12) }),
  );
  find(
    'last year|previous year|prior year|l annee derniere|annee derniere|l an dernier|an dernier|l an passe|an passe|annee precedente|annee passee|el ano pasado|ano pasado|ano anterior|ano passado',
    () => fixed({ from: ym(y0 - 1, 1), to: ym(y0 - 1, 12) }, 'relative', { relative: 'lastYear' }),
  );

  // Quarters and halves, with their year before or after ("Q3 2025", "2025 Q3", "third quarter of 2025").
  const part = (size: 3 | 6, n: number, before?: string, after?: string) => {
    const first = (n - 1) * size + 1;
    const said = before ?? after;
    const year = said && said.length === 2 ? `20${said}` : said;
    return (at: number, end: number) =>
      atoms.push({
        at,
        end,
        span: (y) => ({ from: ym(y, first), to: ym(y, first + size - 1) }),
        year: year ? Number(year) : null,
        firstMonth: first,
        kind: 'range',
      });
  };
  find(`(?:${YEAR} (?:- )?)?(?:q|t)([1-4])${YEAR_OF_PART}`, (h) => part(3, Number(h[2]), h[1], h[3]));
  find(`(?:${YEAR} (?:- )?)?([1-4])(?:q|t)${YEAR_OF_PART}`, (h) => part(3, Number(h[2]), h[1], h[3]));
  find(`(${ORDINALS}) (?:quarter|trimestre)${YEAR_AFTER}`, (h) => part(3, ORDINAL[h[1]!]!, undefined, h[2]));
  find(`(?:${YEAR} (?:- )?)?(?:h|s)([12])${YEAR_OF_PART}`, (h) => part(6, Number(h[2]), h[1], h[3]));
  find(`(${ORDINALS}) (?:half|semestre)${YEAR_AFTER}`, (h) => part(6, ORDINAL[h[1]!]!, undefined, h[2]));

  // Months as numbers ("2026-09", "09/2026") and by name, with the year when written.
  const month = (m: number, year?: string) => (at: number, end: number) =>
    atoms.push({
      at,
      end,
      span: (y) => ({ from: ym(y, m), to: ym(y, m) }),
      year: year ? Number(year) : null,
      firstMonth: m,
      kind: 'month',
    });
  find(`${YEAR}[-/](0?[1-9]|1[0-2])`, (h) => month(Number(h[2]), h[1]));
  find(`(0?[1-9]|1[0-2])/${YEAR}`, (h) => month(Number(h[1]), h[2]));
  // A month with a two-digit year ("jan 26", "dec25", "jan/26"): the data is monthly, so never a day.
  find(`(${MONTH_WORDS})(?: |/)?([2-3][0-9])`, (h) => month(MONTH_OF.get(h[1]!)!, `20${h[2]}`));
  const named = [...reading.free.matchAll(words(`(${MONTH_WORDS})${YEAR_AFTER}`, 'g'))];
  const join = '(?:-|to|and|et|y|e|a|au|hasta|ate|kara|vs)';
  for (const h of named) {
    const name = h[1]!;
    const joined = new RegExp(`(?:(?:${MONTH_WORDS}|${YEAR}) ${join} ${name}|${name} ${join} (?:${MONTH_WORDS}))(?= )`).test(
      reading.free.slice(Math.max(0, h.index - 16), h.index + name.length + 16),
    );
    if (AMBIGUOUS_MONTHS.has(name) && !h[2] && !joined) continue;
    reading.consume(h.index, h[0].length);
    month(MONTH_OF.get(name)!, h[2])(h.index, h.index + h[0].length);
  }
  find(YEAR, (h) => (at: number, end: number) => {
    const y = Number(h[1]);
    atoms.push({ at, end, span: () => ({ from: ym(y, 1), to: ym(y, 12) }), year: y, firstMonth: 1, kind: 'year' });
  });

  atoms.sort((a, b) => a.at - b.at);
  return (cues) => combine(reading, atoms, { y0, m0, lastMonth }, cues);
}

type Join = 'range' | 'list' | 'compare' | 'reverse' | null;

export interface Cues {
  /** The question asks for a change ("growth", "up or down"): two periods are one against the other. */
  change: boolean;
  /** The question compares ("compare Q1 and Q2"). */
  compare: boolean;
  /** Words that carry nothing, between periods. */
  filler: (word: string) => boolean;
}

/** How two periods next to each other are joined, from the unconsumed words between them (consumed when used). */
function joinOf(reading: Reading, a: Atom, b: Atom, filler: (w: string) => boolean): Join {
  const gap = reading.between(a.end, b.at);
  const content = gap.filter((g) => !filler(g.word) || RANGE_JOIN.test(g.word) || LIST_JOIN.test(g.word) || COMPARE_JOIN.test(g.word));
  const text = content.map((g) => g.word).join(' ');
  const use = (join: Join): Join => {
    for (const g of content) reading.consume(g.at, g.word.length);
    return join;
  };
  // Japanese: "先月は9月と比べて" puts the word after the period compared with.
  const after = reading.between(b.end, b.end + 24).find((g) => !filler(g.word));
  if (after?.word === 'hikaku') {
    use('compare');
    reading.consume(after.at, after.word.length);
    return 'compare';
  }
  if (!text) return 'list';
  // The whole gap first ("comparado con"), its words that are not small words then ("and", "to").
  const whole = gap.map((g) => g.word).join(' ');
  if (COMPARE_JOIN.test(whole)) {
    for (const g of gap) reading.consume(g.at, g.word.length);
    return 'compare';
  }
  if (COMPARE_JOIN.test(text)) return use('compare');
  // Japanese: "9月と比べて先月" puts the period compared with first.
  if (text === 'hikaku') return use('reverse');
  if (RANGE_JOIN.test(text)) return use('range');
  if (LIST_JOIN.test(text)) return use('list');
  return null;
}

function combine(reading: Reading, atoms: Atom[], at: { y0: number; m0: number; lastMonth: string }, cues: Cues): TimeRead {
  if (!atoms.length) {
    if (!cues.change) return { range: null };
    const main = { from: at.lastMonth, to: at.lastMonth };
    return { range: main, against: previousOf(main) };
  }
  // Groups of periods joined by words ("August to October", "January and February", "X vs Y").
  const groups: { atoms: Atom[]; joins: Join[] }[] = [];
  for (const a of atoms) {
    const last = groups.at(-1);
    const prev = last?.atoms.at(-1);
    // "yoy", "same month last year" only go against another period: joined by a comparing word, or alone.
    const join = prev ? joinOf(reading, prev, a, cues.filler) : null;
    if (prev && (prev.againstOnly || a.againstOnly) && join !== 'compare') {
      groups.push({ atoms: [a], joins: [] });
      continue;
    }
    if (last && join) {
      last.atoms.push(a);
      last.joins.push(join);
    } else groups.push({ atoms: [a], joins: [] });
  }
  // A year written once for months said without one ("in 2026, August to October").
  const lone = groups.filter((g) => g.atoms.length === 1 && g.atoms[0]!.kind === 'year');
  const yearless = groups.some((g) => g.atoms.some((a) => a.year === null));
  let shared: number | null = null;
  if (lone.length === 1 && yearless && groups.length > 1) {
    shared = lone[0]!.atoms[0]!.year;
    groups.splice(groups.indexOf(lone[0]!), 1);
  }
  const yearOf = (g: Atom[], i: number): number => {
    const a = g[i]!;
    if (a.year !== null) return a.year;
    const later = g.slice(i + 1).find((x) => x.year !== null && x.kind !== 'relative');
    if (later) return later.year!;
    const earlier = [...g.slice(0, i)].reverse().find((x) => x.year !== null && x.kind !== 'relative');
    if (earlier) return earlier.year!;
    if (shared !== null) return shared;
    // The latest such period that has begun: "February" asked in March is this year's.
    return a.firstMonth < at.m0 || (a.kind === 'range' && a.firstMonth <= at.m0) ? at.y0 : at.y0 - 1;
  };
  const spanOf = (g: Atom[], i: number) => g[i]!.span(yearOf(g, i));
  /** Whether the words just before the group open it ("from", "between", "since", "a partir de"); consumed if so. */
  const opened = (g: Atom[], open: RegExp): boolean => {
    const before = reading.between(0, g[0]!.at).filter((w) => !cues.filler(w.word) || open.test(w.word));
    for (const n of [3, 2, 1]) {
      const last = before.slice(-n);
      if (last.length < n || !open.test(last.map((w) => w.word).join(' '))) continue;
      const end = last.at(-1)!;
      if (end.at + end.word.length < g[0]!.at - 4) continue;
      for (const w of last) reading.consume(w.at, w.word.length);
      return true;
    }
    return false;
  };

  const read = groups.map((g): TimeRead & { relative?: Atom } => {
    const spans = g.atoms.map((_, i) => spanOf(g.atoms, i));
    const joins = new Set(g.joins);
    if (g.atoms.length === 1) {
      const a = g.atoms[0]!;
      if (a.againstOnly) return { range: null, relative: a };
      if (opened(g.atoms, SINCE_OPEN)) {
        const since = spans[0]!.from;
        return cues.change
          ? { range: { from: at.lastMonth, to: at.lastMonth }, against: spans[0] }
          : { range: { from: since, to: ym(at.y0, at.m0) } };
      }
      opened(g.atoms, RANGE_OPEN);
      return { range: spans[0]! };
    }
    if (g.atoms.length === 2 && (joins.has('compare') || joins.has('reverse'))) {
      const [a, b] = (joins.has('reverse') ? [...g.atoms].reverse() : g.atoms) as [Atom, Atom];
      const [first, second] = joins.has('reverse') ? [spans[1]!, spans[0]!] : [spans[0]!, spans[1]!];
      let main = first;
      let against = second;
      if (b.againstOnly || b.relative === 'lastYear' || (b.relative === 'previous' && against.from === main.from)) {
        against = relativeTo(main, b);
      } else if (a.againstOnly) {
        main = second;
        against = relativeTo(main, a);
      }
      return { range: main, against };
    }
    if (joins.size === 1 && joins.has('range')) {
      opened(g.atoms, RANGE_OPEN);
      let from = spans[0]!.from;
      const to = spans.at(-1)!.to;
      // "December to February 2026": the first month is of the year before.
      if (from > to && g.atoms[0]!.year === null) from = shiftSpan({ from, to: from }, -12).from;
      if (cues.change && g.atoms.length === 2) return { range: spans[1]!, against: spans[0]! };
      return { range: { from, to } };
    }
    if (joins.size === 1 && joins.has('list')) {
      const between = opened(g.atoms, /^(?:between|entre)$/);
      if (between && g.atoms.length === 2) {
        if (cues.change) return { range: spans[1]!, against: spans[0]! };
        return { range: { from: spans[0]!.from, to: spans[1]!.to } };
      }
      const sorted = [...spans].sort((a, b) => (a.from < b.from ? -1 : 1));
      const range = {
        from: sorted[0]!.from,
        to: sorted
          .map((s) => s.to)
          .sort()
          .at(-1)!,
      };
      if (g.atoms.every((a) => a.kind === 'month')) return { range, months: [...new Set(spans.map((s) => s.from))] };
      if (g.atoms.every((a) => a.kind === 'year')) return { range, years: [...new Set(spans.map((s) => s.from.slice(0, 4)))] };
      if (g.atoms.length === 2 && (cues.change || cues.compare)) return { range: sorted[1]!, against: sorted[0]! };
    }
    return { range: null, unclear: g.atoms.map((a) => reading.text.slice(Math.max(0, a.at - 1), a.end - 1)) };
  });

  const main = read.filter((r) => !r.relative);
  const relative = read.find((r) => r.relative)?.relative;
  const unclear = read.flatMap((r) => r.unclear ?? []);
  if (unclear.length || main.length > 1) {
    return {
      range: null,
      unclear: unclear.length ? unclear : atoms.map((a) => reading.text.slice(Math.max(0, a.at - 1), a.end - 1)),
    };
  }
  const only: TimeRead = main[0] ?? { range: { from: at.lastMonth, to: at.lastMonth } };
  if (relative && only.range && !only.against) return { range: only.range, against: relativeTo(only.range, relative) };
  if (cues.change && only.range && !only.against && !only.months && !only.years)
    return { range: only.range, against: previousOf(only.range) };
  return only;
}

/** A relative period read against the main one: a year before it, or the period just before. */
function relativeTo(main: Span, a: Atom): Span {
  if (a.relative === 'yearAgo') return shiftSpan(main, -12);
  if (a.relative === 'lastYear') {
    // "vs last year" against a month or a quarter is the same months a year before, against a year the year before.
    return shiftSpan(main, -12);
  }
  return previousOf(main);
}

/** The months of a span, listed. */
export const monthsIn = monthsOf;
