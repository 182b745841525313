import { isRatio, type SemanticLayer } from '../semantic-layer.ts';
import { ACTUAL_WORDS, BUDGET_WORDS, MEASURE_DOMAINS, MEASURE_VERBS } from '../vocabulary.ts';
import type { Named } from './operations.ts';
import type { Phrase } from './phrases.ts';
import { cue, normalize, phrasePattern, type Reading, words } from './text.ts';
import type { Values } from './values.ts';
import * as W from './words.ts';

// The measures and breakdowns a question names: by their words (longest first, every language),
// by a verb or a superlative ("which shop sold the most", "the busiest airport"), and read as
// another measure when the question names its domain ("retail revenue" is net sales, "pax budget"
// the budgeted passengers).

export interface MeasuresRead {
  measures: string[];
  dimensions: string[];
  named: Named[];
  /** A superlative read ("the busiest"): a ranking, first or last. */
  superlative: { words: string; direction: 'asc' | 'desc' } | null;
}

const LATIN = ['en', 'fr', 'es', 'pt'] as const;

export function readMeasures(reading: Reading, layer: SemanticLayer, phrases: Phrase[], found: Values): MeasuresRead {
  const named: Named[] = [];
  for (const p of phrases) {
    for (const h of reading.takeAll(words(phrasePattern(p.text), 'g')))
      named.push({ target: p.target, kind: p.kind, text: p.text, at: h.index });
  }
  named.sort((a, b) => a.at - b.at);
  let measures = [...new Set(named.filter((n) => n.kind === 'measure').map((n) => n.target))];
  const dimensions = [...new Set(named.filter((n) => n.kind === 'dimension').map((n) => n.target))];
  // A measure named by its catalogue label "Capex by asset class" is asked by that breakdown.
  for (const n of named.filter((x) => x.kind === 'measure' && x.text.includes(' by '))) {
    const by = phrases.find((p) => p.kind === 'dimension' && p.text === n.text.split(' by ')[1]);
    if (by && layer.measures.get(n.target)!.dimensions.includes(by.target) && !dimensions.includes(by.target)) dimensions.push(by.target);
  }

  // A superlative ranks by the measure it implies; a verb names a measure. Both only when none is named.
  let superlative: MeasuresRead['superlative'] = null;
  for (const s of W.SUPERLATIVES) {
    const hit = reading.take(words(cue(s.words)));
    if (!hit) continue;
    superlative ??= { words: hit[0], direction: s.direction };
    if (!measures.length) measures.push(s.measure);
  }
  for (const [id, byLanguage] of Object.entries(MEASURE_VERBS)) {
    const verbs = LATIN.flatMap((l) => byLanguage[l] ?? []).map((v) => phrasePattern(normalize(v)));
    if (reading.take(words(verbs.join('|'))) && !measures.length) measures.push(id);
  }

  // "retail revenue", revenue by shop: the shops' net sales; revenue by customer: the customer revenues.
  const by = new Set([...dimensions, ...found.values.keys()]);
  for (const d of MEASURE_DOMAINS) {
    if (!measures.includes(d.measure)) continue;
    const said = d.words.length ? reading.take(words(d.words.map((w) => phrasePattern(normalize(w))).join('|'))) : null;
    if (said || d.dimensions.some((x) => by.has(x))) measures = measures.map((m) => (m === d.measure ? d.becomes : m));
  }
  // Passengers with a budget word: the budgeted passengers, beside the actual ones when compared ("actual vs budget").
  if (measures.includes('departing_passengers')) {
    const budget = measures.includes('budget_by_account_class') || reading.take(words(BUDGET_WORDS.map(normalize).join('|')));
    if (budget) {
      const actual = reading.take(words(ACTUAL_WORDS.map(normalize).join('|'))) || reading.peek(words(cue(W.COMPARE_WORDS)));
      measures = measures.filter((m) => m !== 'budget_by_account_class' && (actual || m !== 'departing_passengers'));
      measures.push('budgeted_passengers');
    }
  }
  measures = [...new Set(measures)];
  // A breakdown by name the measure has only by id ("customers" of the receivables, which hold customer ids).
  for (const [i, d] of dimensions.entries()) {
    const id = d.replace(/_name$/, '_id');
    if (
      id !== d &&
      measures.length &&
      measures.every((m) => !layer.measures.get(m)!.dimensions.includes(d) && layer.measures.get(m)!.dimensions.includes(id))
    ) {
      dimensions[i] = id;
    }
  }
  // "revenue per passenger" said as two measures: the ratio the layer defines for them.
  if (measures.length === 2 && reading.peek(words('per|par|por'))) {
    const ratio = [...layer.measures.values()].find((m) => isRatio(m) && m.numerator === measures[0] && m.denominator === measures[1]);
    if (ratio) {
      measures.splice(0, 2, ratio.id);
      reading.take(words('per|par|por'));
    }
  }
  if (measures.length && measures.every((id) => layer.measures.get(id)!.unit === 'EUR')) {
    reading.take(words('in eur|en eur|em eur|in euros|en euros|em euros|eur|euro|euros'));
  }
  return { measures, dimensions, named, superlative };
}
