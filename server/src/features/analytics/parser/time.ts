// Time expressions of the offline parser, in English, French, Spanish and Portuguese. Text is
// already lower case without accents. Each finder returns the range it read and the words it used.

export interface TimeRange {
  from: string;
  to: string;
}
export interface TimeFound {
  range: TimeRange;
  /** The months named one by one ("compare January and February"): asked as a breakdown by month. */
  months?: string[];
  words: string[];
}

const MONTHS: readonly (readonly string[])[] = [
  ['january', 'jan', 'janvier', 'janv', 'enero', 'janeiro'],
  ['february', 'feb', 'fevrier', 'fev', 'febrero', 'fevereiro'],
  ['march', 'mar', 'mars', 'marzo', 'marco'],
  ['april', 'apr', 'avril', 'avr', 'abril'],
  ['may', 'mai', 'mayo', 'maio'],
  ['june', 'jun', 'juin', 'junio', 'junho'],
  ['july', 'jul', 'juillet', 'juil', 'julio', 'julho'],
  ['august', 'aug', 'aout', 'agosto'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setembro'],
  ['october', 'oct', 'octobre', 'octubre', 'outubro'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'decembre', 'diciembre', 'dezembro', 'dez'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, i) => names.map((n) => [n, i + 1] as const)));
const MONTH_WORDS = [...MONTH_OF.keys()].sort((a, b) => b.length - a.length).join('|');

const LAST_QUARTER =
  /\b(last quarter|previous quarter|dernier trimestre|trimestre dernier|trimestre precedent|ultimo trimestre|trimestre pasado|trimestre anterior)\b/;
const LAST_MONTH = /\b(last month|previous month|mois dernier|mois precedent|mes pasado|mes anterior|ultimo mes|mes passado)\b/;
const THIS_YEAR = /\b(this year|year to date|ytd|cette annee|depuis le debut de l annee|este ano|este año|neste ano)\b/;
const LAST_YEAR =
  /\b(last year|previous year|l annee derniere|annee derniere|annee precedente|el ano pasado|ano pasado|ano passado|o ano passado)\b/;
// Not inside a code ("T1-DF-01" is a shop, not the first quarter).
const QUARTER = /(?<![a-z0-9-])(?:q|t)([1-4])(?![a-z0-9-])(?:\s+(?:de\s+|of\s+)?(20[0-9]{2}))?\b/;

const pad = (n: number) => String(n).padStart(2, '0');
const ym = (y: number, m: number) => `${y}-${pad(m)}`;
const shift = (y: number, m: number, by: number) => {
  const t = y * 12 + (m - 1) + by;
  return [Math.floor(t / 12), (t % 12) + 1] as const;
};

/** Finds the period a question asks about; `today` anchors "last month" and friends. */
export function findTime(text: string, today: Date): TimeFound | null {
  const y0 = today.getUTCFullYear();
  const m0 = today.getUTCMonth() + 1;
  let hit = LAST_QUARTER.exec(text);
  if (hit) {
    const q = Math.floor((m0 - 1) / 3); // the current quarter, 0-based
    const [y, m] = shift(y0, q * 3 + 1, -3);
    return { range: { from: ym(y, m), to: ym(...shift(y, m, 2)) }, words: [hit[0]] };
  }
  hit = LAST_MONTH.exec(text);
  if (hit) {
    const [y, m] = shift(y0, m0, -1);
    return { range: { from: ym(y, m), to: ym(y, m) }, words: [hit[0]] };
  }
  hit = THIS_YEAR.exec(text);
  if (hit) return { range: { from: ym(y0, 1), to: ym(y0, m0) }, words: [hit[0]] };
  hit = LAST_YEAR.exec(text);
  if (hit) return { range: { from: ym(y0 - 1, 1), to: ym(y0 - 1, 12) }, words: [hit[0]] };
  hit = QUARTER.exec(text);
  if (hit) {
    const y = hit[2] ? Number(hit[2]) : y0;
    const first = (Number(hit[1]) - 1) * 3 + 1;
    return { range: { from: ym(y, first), to: ym(y, first + 2) }, words: [hit[0]] };
  }
  // Named months, each with its year or the year written after the last of them, else the latest past one.
  const named = [...text.matchAll(new RegExp(`\\b(${MONTH_WORDS})\\b(?:\\s+(?:de\\s+|of\\s+)?(20[0-9]{2}))?`, 'g'))].filter(
    // "mar" and "may" are also words: keep them only beside a year or another month.
    (h) => h[1]!.length > 3 || h[2] || /\b(and|et|y|e|to|a|au|hasta|ate)\b/.test(text),
  );
  const yearAlone = /\b(20[0-9]{2})\b/.exec(text);
  if (named.length) {
    const lastYear =
      named
        .map((h) => h[2])
        .filter(Boolean)
        .at(-1) ?? yearAlone?.[1];
    const months = named.map((h) => {
      const m = MONTH_OF.get(h[1]!)!;
      const y = h[2] ? Number(h[2]) : lastYear ? Number(lastYear) : m < m0 ? y0 : y0 - 1;
      return ym(y, m);
    });
    const sorted = [...months].sort();
    const range = { from: sorted[0]!, to: sorted.at(-1)! };
    const compare = /\b(compare|comparer|compara|comparar|vs|versus)\b/.test(text);
    const between = !compare && /\b(from|de|du|desde|entre|between)\b/.test(text) && /\b(to|a|au|hasta|ate|and|et|y|e)\b/.test(text);
    const words = named.map((h) => h[0]);
    if (months.length > 1 && !between) return { range, months: [...new Set(months)], words };
    return { range, words };
  }
  if (yearAlone) {
    const years = [...text.matchAll(/\b(20[0-9]{2})\b/g)].map((h) => Number(h[1]));
    const from = Math.min(...years);
    const to = Math.max(...years);
    return { range: { from: ym(from, 1), to: ym(to, 12) }, words: years.map(String) };
  }
  return null;
}
