import { describe, expect, it } from 'vitest';
import { buildSemanticLayer } from '../semantic-layer.ts';
import { normalize, parseQuestion } from './parser.ts';

// No part of a question vanishes (issue 32, item 1): every content word is used by the reading or
// listed back as not used. "Content" is decided here, by a short list of grammar words written for
// this test, not by the parser's own lists: a meaningful word the parser chose to drop would fail.

const layer = buildSemanticLayer();
const TODAY = new Date(Date.UTC(2026, 10, 15));

/** Words that carry no part of a query in any of the four languages: articles, prepositions, pronouns, question words. */
const GRAMMAR = new Set([
  ...'a an the of in on at for to from by per with and or is are was were what which how much many me show give did do does our we s'.split(
    ' ',
  ),
  ...'le la les l de des du d en au aux par pour et quel quelle quels quelles combien est a'.split(' '),
  ...'el los las del al en por para y que cual cuanto cuantos cuantas es fue'.split(' '),
  ...'o os as do da dos das em no na por e qual quanto quantos quantas foi'.split(' '),
  '-',
]);

const QUESTIONS = [
  'Revenue of SSA by month for August to October 2026',
  'SSA revenue Aug-Oct 2026',
  'opex LGW last month compared to september 2026',
  'What share of SSA retail sales in Sept 2026 came from T1-DF-01?',
  'Total revenue of all airports in October 2026',
  'average monthly revenue in 2025',
  'which shop sold the most in January 2026',
  'revnue of SSA in septmber 2026',
  'was revenue up or down in October 2026?',
  'passengers by airline with a purple unicorn',
  'top 5 airlines by flights last quarter',
  'passengers October 2026 vs same month last year',
  'headcount by department in 2024 and 2025',
  'effectif par département en janvier 2026',
  "chiffre d'affaires retail par mois depuis juin",
  'quelle part des passagers de SSA en 2025 a volé avec easyJet ?',
  'ingresos de SCA el mes pasado comparado con noviembre 2025',
  'los 3 proveedores con más gasto en AMA el año pasado',
  'receita da SSA no mês passado comparada com setembro de 2026',
  'passageiros julho x agosto 2025',
  'passengers by terminal in 2025',
  'passengers by airline in the last 3 months',
];

describe('every word of a question is used or listed back', () => {
  it.each(QUESTIONS)('%s', (question) => {
    const parsed = parseQuestion(question, layer, TODAY);
    const used = new Set((parsed.used ?? []).flatMap((piece) => piece.split(' ')));
    const ignored = new Set(parsed.ignored.flatMap((w) => normalize(w).split(' ')));
    const typos = new Set((parsed.corrections ?? []).map((c) => c.from));
    const lost = normalize(question)
      .split(' ')
      .filter((w) => !GRAMMAR.has(w) && !used.has(w) && !ignored.has(w) && !typos.has(w));
    expect(lost).toEqual([]);
  });
});
