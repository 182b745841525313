/**
 * The source language of a document for the offline engine (the spec asks for it only with
 * GoogleTranslate): the language whose most common words appear most often. Enough to tell apart
 * the four languages Apertium serves here; English when nothing matches.
 */
const COMMON: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'for', 'with', 'are', 'this', 'be', 'by', 'has', 'have'],
  es: ['el', 'la', 'de', 'que', 'y', 'en', 'los', 'las', 'del', 'por', 'con', 'una', 'para', 'es', 'se'],
  fr: ['le', 'la', 'les', 'de', 'des', 'et', 'est', 'une', 'du', 'que', 'pour', 'dans', 'qui', 'pas', 'sur'],
  pt: ['o', 'a', 'os', 'de', 'do', 'da', 'que', 'e', 'em', 'uma', 'para', 'com', 'não', 'dos', 'das'],
};
const SETS = Object.fromEntries(Object.entries(COMMON).map(([k, v]) => [k, new Set(v)]));

export function detectLanguage(text: string): string {
  const words = text
    .replace(/<[^>]*>/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean)
    .slice(0, 5000);
  let best = 'en';
  let bestScore = 0;
  for (const [lang, set] of Object.entries(SETS)) {
    const score = words.reduce((n, w) => n + (set.has(w) ? 1 : 0), 0);
    if (score > bestScore) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}
