import { BUSINESS_UNITS } from '@hangar/contract';
import { allUseCases } from '../../governance/index.ts';
import type { SemanticLayer } from '../semantic-layer.ts';
import { VALUE_WORDS } from '../vocabulary.ts';
import { bareCode, codeAsWritten } from './codes.ts';
import type { Phrase } from './phrases.ts';
import { normalize, phrasePattern, type Reading, words } from './text.ts';

// The values a question filters on: BUs ("SSA", "BU SSA"), codes written after their breakdown's
// name ("airline U2"), values said in words ("easyJet", "the app"), and codes standing alone
// ("came from T1-DF-01") when the measure has one breakdown they can be a value of.

export interface Value {
  code: string;
  /** Where it was read (for the part of a share: the value next to "from"). */
  at: number;
  /** Where its words end. */
  end: number;
}

export interface Values {
  bus: Value[];
  values: Map<string, Value[]>;
  /** Codes that could be a value of several breakdowns: asked back. */
  unplaced: string[];
}

const JOIN = '(?:and|et|y|e|,)';

/** Finds the BUs, the codes after a breakdown's name and the values said in words; consumes them. */
export function readValues(reading: Reading, phrases: Phrase[], question: string, filler: (w: string) => boolean): Values {
  const values = new Map<string, Value[]>();
  const add = (dimension: string, code: string, at: number, end: number) =>
    values.set(dimension, [...(values.get(dimension) ?? []), { code, at, end }]);

  // BUs, with the word naming one ("BU SSA", "l'aéroport de LGW") as part of the filter, not a breakdown.
  const buWord = phrases
    .filter((p) => p.target === 'bu' && !/s$/.test(p.text) && !/^(all|every|each|tous|todos|chaque|cada)\b/.test(p.text))
    .map((p) => phrasePattern(p.text))
    .join('|');
  const bus: Value[] = [];
  for (const bu of BUSINESS_UNITS) {
    const code = bu.toLowerCase();
    for (const h of reading.takeAll(words(`(?:(?:${buWord})(?: (?:de|of|do|da|del|d))? )?${code}(?: (?:${buWord}))?`, 'g'))) {
      const at = h.index + h[0].indexOf(code);
      bus.push({ code: bu, at, end: at + code.length });
    }
  }

  // "airline U2", "compagnie AF", "shop T1-DF-01 and T2-DF-01": codes written after a breakdown's name.
  for (const p of phrases) {
    if (p.kind !== 'dimension' || p.target === 'bu') continue;
    const pattern = words(`${phrasePattern(p.text)} ((?:[a-z0-9][a-z0-9_-]*)(?: ${JOIN} [a-z0-9][a-z0-9_-]*)*)`, 'g');
    for (const hit of [...reading.free.matchAll(pattern)]) {
      const codes = hit[1]!.split(new RegExp(` ${JOIN} `));
      if (codes.some((c) => filler(c) || !codeAsWritten(question, c))) continue;
      reading.consume(hit.index, hit[0].length);
      for (const c of codes) add(p.target, codeAsWritten(question, c)!, hit.index, hit.index + hit[0].length);
    }
  }

  // Values said in words: "easyJet", "Air France", "the app", "website".
  const said = Object.entries(VALUE_WORDS)
    .flatMap(([dimension, byCode]) =>
      Object.entries(byCode).flatMap(([code, list]) => list.map((w) => ({ dimension, code, w: normalize(w) }))),
    )
    .sort((a, b) => b.w.length - a.w.length);
  for (const v of said) {
    for (const h of reading.takeAll(words(phrasePattern(v.w), 'g'))) add(v.dimension, v.code, h.index, h.index + h[0].length);
  }
  // A code in brackets beside its name ("easyJet (U2)", "U2 (easyJet)") is the same value said twice.
  for (const list of values.values()) {
    for (const v of list) {
      const twice = reading.peek(words(v.code.toLowerCase()));
      if (twice && Math.abs(twice.index - v.end) <= 2) reading.consume(twice.index, v.code.length);
      if (twice && Math.abs(v.at - (twice.index + v.code.length)) <= 2) reading.consume(twice.index, v.code.length);
    }
  }
  return { bus, values, unplaced: [] };
}

/** A code's form: letters as A, digits as 9 ("CC-OPS-01" is "AA-AAA-99"). */
const shape = (code: string) => code.replace(/[A-Za-z]/g, 'A').replace(/[0-9]/g, '9');

/**
 * What the catalogue says of each breakdown's values: the values allowed, when it lists them
 * (asset classes, currencies), and the forms of its examples ("CC-OPS-01" for a cost centre).
 */
const CATALOGUE = (() => {
  const allowed = new Map<string, Set<string>>();
  const shapes = new Map<string, Set<string>>();
  for (const useCase of allUseCases()) {
    for (const table of useCase.fileTypes) {
      for (const c of table.columns) {
        if (c.allowed) allowed.set(c.name, new Set([...(allowed.get(c.name) ?? []), ...c.allowed]));
        shapes.set(c.name, new Set([...(shapes.get(c.name) ?? []), shape(c.example)]));
      }
    }
  }
  return { allowed, shapes };
})();

/** The breakdowns a code standing alone can be a value of, for these measures (never a BU, a currency, an id or a name). */
export function codeDimensions(layer: SemanticLayer, measures: string[]): string[] {
  if (!measures.length) return [];
  const of = (id: string) =>
    layer.measures
      .get(id)!
      .dimensions.filter((d) => d !== 'bu' && d !== 'currency' && !/_id$|_name$/.test(d) && layer.dimensions.get(d)!.kind === 'category');
  return of(measures[0]!).filter((d) => measures.every((id) => of(id).includes(d)));
}

/**
 * Codes standing alone ("what share came from T1-DF-01", "went to IT"): a value of the measure's
 * one breakdown, or of the one whose listed values hold it; else asked back.
 */
export function readBareCodes(
  reading: Reading,
  found: Values,
  layer: SemanticLayer,
  measures: string[],
  question: string,
  known: (w: string) => boolean,
): void {
  const shouted = (question.match(/[A-Z]/g)?.length ?? 0) > (question.match(/[a-z]/g)?.length ?? 0);
  for (const h of [...reading.free.matchAll(/(?<= )[a-z0-9][a-z0-9_-]*(?= )/g)]) {
    const code = bareCode(question, h[0]);
    // A small word in capitals ("IT") is a code unless the whole question is in capitals.
    if (!code || /^[0-9]+$/.test(h[0]) || (known(h[0]) && (shouted || code.length < 2))) continue;
    if (BUSINESS_UNITS.includes(code as (typeof BUSINESS_UNITS)[number])) continue;
    const options = codeDimensions(layer, measures);
    const listed = options.filter((d) => CATALOGUE.allowed.get(d)?.has(code));
    const open = options.filter((d) => !CATALOGUE.allowed.has(d));
    // Several breakdowns could hold it: the one whose catalogue example has its form, if only one has.
    const formed = open.filter((d) => CATALOGUE.shapes.get(d)?.has(shape(code)));
    const dimension =
      listed.length === 1
        ? listed[0]
        : listed.length
          ? undefined
          : open.length === 1
            ? open[0]
            : formed.length === 1
              ? formed[0]
              : undefined;
    if (dimension) {
      reading.consume(h.index, h[0].length);
      found.values.set(dimension, [...(found.values.get(dimension) ?? []), { code, at: h.index, end: h.index + h[0].length }]);
    } else if (!known(h[0])) found.unplaced.push(code);
  }
}
