import { SemanticQuery } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { inWords } from '../answer.ts';
import { buildSemanticLayer } from '../semantic-layer.ts';
import { correct, distance } from './fuzzy.ts';
import { parseQuestion } from './parser.ts';

// Typos read as the word meant, and only then (issue 32, item 8): a word is never turned into a
// measure, a breakdown or a month it is not, and the reading says what was read as what.
const layer = buildSemanticLayer();
const TODAY = new Date(Date.UTC(2026, 10, 15));
const parse = (q: string) => parseQuestion(q, layer, TODAY);

describe('the edit distance', () => {
  it('counts inserts, deletes, replacements and a swap of two letters as one edit each', () => {
    expect(distance('revnue', 'revenue', 2)).toBe(1);
    expect(distance('ocotber', 'october', 2)).toBe(1);
    expect(distance('reveune', 'revenue', 2)).toBe(1);
    expect(distance('pasengres', 'passengers', 3)).toBe(2);
    expect(distance('cat', 'elephant', 2)).toBe(3);
  });
});

describe('the rule', () => {
  const words = new Map([
    ['revenue', 'revenue'],
    ['passengers', 'departing_passengers'],
    ['passenger', 'departing_passengers'],
    ['sales', 'net_sales'],
    ['staff', 'headcount'],
    ['spend', 'supplier_spend'],
    ['costs', 'operating_expenses'],
    ['coats', 'x'],
  ]);
  it('reads a word of 5 letters or more one edit away, two from 9 letters, with one meaning', () => {
    expect(correct('revnue', words, new Set())).toBe('revenue');
    expect(correct('pasengres', words, new Set())).toBe('passengers');
    expect(correct('passanger', words, new Set())).toBe('passenger');
  });
  it('never a short word, two edits under 9 letters, another first letter, a known word, or between two meanings', () => {
    expect(correct('sals', words, new Set())).toBeNull();
    expect(correct('rvnue', words, new Set())).toBeNull();
    expect(correct('evenue', words, new Set())).toBeNull();
    expect(correct('staff', words, new Set())).toBeNull();
    expect(correct('stuff', words, new Set(['stuff']))).toBeNull();
    expect(correct('coxts', words, new Set())).toBeNull();
  });
});

describe('typos in questions', () => {
  it('reads a misspelt measure and month, and says so with the reading', () => {
    const p = parse('revnue of SSA in septmber 2026');
    expect(p.query).toMatchObject({ measures: ['revenue'], time: { from: '2026-09', to: '2026-09' } });
    expect(p.corrections).toEqual([
      { from: 'revnue', to: 'revenue' },
      { from: 'septmber', to: 'september' },
    ]);
    expect(inWords(layer, SemanticQuery.parse(p.query), p.language, p.corrections)).toBe(
      'Revenue, 2026-09, BU SSA (revnue → revenue, septmber → september)',
    );
  });

  it.each([
    ['pasajeors SSA 2025', 'departing_passengers'],
    ['opertaing expenses last month', 'operating_expenses'],
    ['chiffre d afaires par mois', 'revenue'],
    ['vistas digitales enero 2026', 'digital_visits'],
    ['passagers par aéroprt en 2025', 'departing_passengers'],
  ])('%s', (q, measure) => {
    expect(parse(q).query?.measures).toEqual([measure]);
    expect(parse(q).corrections).toHaveLength(1);
  });

  it.each([['¿cómo van las cosas este mes?'], ['show me stuff'], ['employers by department'], ['what is the speed of the scales']])(
    'a word of the language is never read as a measure: %s',
    (q) => {
      const p = parse(q);
      expect(p.query).toBeNull();
      expect(p.corrections).toEqual([]);
    },
  );

  it('a month typed too short to be read is asked back, never left out of the period', () => {
    const p = parse('gastos operativos LGW enro 2026');
    expect(p.query).toBeNull();
    expect(p.clarification).toMatch(/No conozco "enro"/);
  });

  it('a word is never read as a month it is not ("género" is not "enero"), nor a name as a word', () => {
    expect(parse('plantilla por género').query).toBeNull();
    expect(parse('plantilla por género').corrections).toEqual([]);
    expect(parse('pasengers by airline in Paris').clarification).toMatch(/I do not know "paris"/);
  });
});

describe('the words analysts use', () => {
  it.each([
    ['flights last month', 'aircraft_movements'],
    ['vols par compagnie en 2025', 'aircraft_movements'],
    ['effectif de SSA', 'headcount'],
    ['employés de SSA', 'headcount'],
    ['staff at LGW', 'headcount'],
    ['turnover 2025', 'revenue'],
    ['CA retail 2025', 'net_sales'],
    ['parking revenue 2025', 'parking_revenue'],
    ['punctuality by airline', 'on_time_performance'],
    ['remplissage par compagnie 2025', 'load_factor'],
    ['receivables at SSA', 'overdue_receivables'],
  ])('%s', (q, measure) => {
    expect(parse(q).query?.measures).toEqual([measure]);
  });
});
