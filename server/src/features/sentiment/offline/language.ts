import { eld } from 'eld/extrasmall';

// Language of a comment. Short feedback is mostly function words: counting the distinctive ones
// of each language decides nearly every comment at almost no cost; eld (n-gram detector) decides the rest.

export const SUPPORTED = ['EN', 'FR', 'ES', 'PT'] as const;
export type Supported = (typeof SUPPORTED)[number];

/** Frequent words that belong to one of the four languages only (shared ones such as "de", "que", "no" are left out). */
const MARKERS: Record<Supported, string[]> = {
  EN: 'the and was were is are it this that with for my our very not but they have had to of at in on too so staff flight'.split(' '),
  FR: 'le les et était est très pas mais avec pour nous vous une des du au aux je il elle ce c qu n j d l été trop personnel vol ont sont'.split(
    ' ',
  ),
  ES: 'el los las y fue es muy pero con para una del al mi nos hay está estaba son han sido vuelo personal me lo nada todo'.split(' '),
  PT: 'o os as e foi é muito mas com para uma do da dos das ao não meu minha nós há está estava são foram voo pessoal tudo nada me'.split(
    ' ',
  ),
};
// Words shared by two languages count for neither.
const OWNER = new Map<string, Supported>();
{
  const seen = new Map<string, number>();
  for (const words of Object.values(MARKERS)) for (const w of new Set(words)) seen.set(w, (seen.get(w) ?? 0) + 1);
  for (const [lang, words] of Object.entries(MARKERS) as [Supported, string[]][])
    for (const w of words) if (seen.get(w) === 1) OWNER.set(w, lang);
}

let eldReady = false;
function eldDetect(text: string): string {
  if (!eldReady) {
    eld.dynamicLangSubset(['en', 'fr', 'es', 'pt', 'de', 'it', 'nl', 'ca']);
    eldReady = true;
  }
  return eld.detect(text).language.toUpperCase();
}

/** ISO 639-1 code in capitals (EN, FR, ES, PT, DE...), or '' when the text says nothing (a number, "ok"). */
export function detectLanguage(tokens: readonly string[], text: string): string {
  const counts: Record<Supported, number> = { EN: 0, FR: 0, ES: 0, PT: 0 };
  for (const t of tokens) {
    const lang = OWNER.get(t);
    if (lang) counts[lang]++;
  }
  const ranked = (Object.entries(counts) as [Supported, number][]).sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked as [[Supported, number], [Supported, number]];
  if ((first[1] >= 2 && first[1] >= 2 * second[1]) || (first[1] === 1 && second[1] === 0)) return first[0];
  if (tokens.length < 2 && first[1] === 0) return '';
  return eldDetect(text) || (first[1] > second[1] ? first[0] : '');
}
