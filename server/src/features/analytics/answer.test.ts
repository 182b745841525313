import { SemanticQuery, type SemanticResult } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { chooseChart, inWords, narrate } from './answer.ts';
import { buildSemanticLayer } from './semantic-layer.ts';
import { LOCAL_LABELS } from './vocabulary.ts';

const result = (dims: string[], measure: { id: string; label: string; unit: string }, rows: (string | number)[][]): SemanticResult => ({
  columns: [...dims.map((d) => ({ id: d, label: d, kind: 'dimension' as const, unit: null })), { ...measure, kind: 'measure' as const }],
  rows,
  truncated: false,
  sql: '',
});
const PAX = { id: 'departing_passengers', label: 'Departing passengers', unit: 'pax' };

describe('the chart that helps', () => {
  it('a single value is a card, a time series a line, categories a bar, a share a donut, two breakdowns a table', () => {
    expect(chooseChart(result([], PAX, [[1200]]), 'passengers')).toBe('card');
    expect(
      chooseChart(
        result(['month'], PAX, [
          ['2025-01', 1],
          ['2025-02', 2],
        ]),
        'passengers by month',
      ),
    ).toBe('line');
    expect(
      chooseChart(
        result(['airline_code'], PAX, [
          ['U2', 1],
          ['AF', 2],
        ]),
        'passengers by airline',
      ),
    ).toBe('bar');
    expect(
      chooseChart(
        result(['airline_code'], PAX, [
          ['U2', 1],
          ['AF', 2],
        ]),
        'share of passengers by airline',
      ),
    ).toBe('donut');
    expect(chooseChart(result(['bu', 'month'], PAX, [['SSA', '2025-01', 1]]), 'x')).toBe('table');
    expect(chooseChart(result(['airline_code'], { ...PAX, unit: '%' }, [['U2', 0.5]]), 'share of load factor')).toBe('bar');
    expect(chooseChart(result(['month'], PAX, []), 'x')).toBe('table');
  });
});

describe('the reading computed from the numbers', () => {
  it('states a value, a change with its peak, and the largest group with its share', () => {
    expect(narrate(result([], PAX, [[1200]]), 'card', 'en')).toBe('Departing passengers: 1,200 pax.');
    expect(
      narrate(
        result(['month'], PAX, [
          ['2025-01', 100],
          ['2025-02', 300],
          ['2025-03', 150],
        ]),
        'line',
        'en',
      ),
    ).toBe('Departing passengers went from 100 pax in 2025-01 to 150 pax in 2025-03 (+50 %). The highest was 300 pax in 2025-02.');
    expect(
      narrate(
        result(['airline_code'], PAX, [
          ['U2', 300],
          ['AF', 100],
        ]),
        'bar',
        'en',
      ),
    ).toBe('U2 has the largest departing passengers: 300 pax. That is 75 % of the total shown.');
  });

  it('for a time line broken down by a second dimension, names the largest member of the latest month', () => {
    const byBu = result(['month', 'bu'], PAX, [
      ['2025-01', 'SSA', 900],
      ['2025-01', 'LGW', 1500],
      ['2025-02', 'SSA', 1200],
      ['2025-02', 'LGW', 700],
    ]);
    expect(chooseChart(byBu, 'passengers by month and bu')).toBe('line');
    // Not "went from 900 to 700", a change across two different BUs.
    expect(narrate(byBu, 'line', 'en')).toBe('SSA (2025-02) has the largest departing passengers: 1,200 pax.');
  });

  it('speaks the question language, and says when there is nothing', () => {
    expect(
      narrate(
        result(['airline_code'], PAX, [
          ['U2', 300],
          ['AF', 100],
        ]),
        'bar',
        'fr',
      ),
    ).toMatch(/^U2 a la plus forte valeur de departing passengers : 300 pax\. Soit 75 % du total affiché\.$/);
    expect(narrate(result(['month'], PAX, []), 'table', 'es')).toBe('No hay datos para esta pregunta en su ámbito.');
  });
});

describe('the labels of the question language', () => {
  const layer = buildSemanticLayer();

  it('every measure and breakdown has its own label in French, Spanish and Portuguese', () => {
    for (const item of [...layer.measures.values(), ...layer.dimensions.values()]) {
      expect(LOCAL_LABELS[item.id], item.id).toBeDefined();
      expect(item.labels.en).toBe(item.label);
      for (const language of ['fr', 'es', 'pt'] as const) expect(item.labels[language], `${item.id} ${language}`).toBeTruthy();
    }
  });

  it('says how the question was read in its language', () => {
    const q = SemanticQuery.parse({
      measures: ['departing_passengers'],
      dimensions: ['airline_code'],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: { from: '2025-01', to: '2025-03' },
      limit: 5,
    });
    expect(inWords(layer, q)).toBe('Departing passengers by Airline, 2025-01 to 2025-03, BU SSA, top 5');
    expect(inWords(layer, q, 'fr')).toBe('Passagers au départ par Compagnie, 2025-01 à 2025-03, BU SSA, 5 premiers');
    expect(inWords(layer, q, 'es')).toBe('Pasajeros de salida por Aerolínea, 2025-01 a 2025-03, BU SSA, 5 primeros');
    expect(inWords(layer, q, 'pt')).toBe('Passageiros embarcados por Companhia aérea, 2025-01 a 2025-03, BU SSA, 5 primeiros');
    expect(inWords(layer, SemanticQuery.parse({ measures: ['revenue'] }), 'fr')).toBe('Chiffre d’affaires, tous les mois disponibles');
  });
});
