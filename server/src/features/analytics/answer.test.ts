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

  it('every measure and breakdown has its own label in French, Spanish, Portuguese and Japanese', () => {
    for (const item of [...layer.measures.values(), ...layer.dimensions.values()]) {
      expect(LOCAL_LABELS[item.id], item.id).toBeDefined();
      expect(item.labels.en).toBe(item.label);
      for (const language of ['fr', 'es', 'pt', 'ja'] as const) expect(item.labels[language], `${item.id} ${language}`).toBeTruthy();
    }
    expect(layer.measures.get('departing_passengers')!.labels.ja).toBe('出発旅客数');
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
    expect(inWords(layer, q, 'ja')).toBe('出発旅客数（航空会社別）、2025-01〜2025-03、BU SSA、上位5');
  });

  it('says which words were read as others, and the operation asked', () => {
    const change = SemanticQuery.parse({
      measures: ['revenue'],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: { from: '2026-10', to: '2026-10' },
      operation: { kind: 'change', against: { from: '2026-09', to: '2026-09' } },
    });
    expect(inWords(layer, change, 'en', [{ from: 'revnue', to: 'revenue' }])).toBe(
      'Revenue, 2026-10, BU SSA, against 2026-09 (revnue → revenue)',
    );
    expect(inWords(layer, change, 'ja')).toBe('収益、2026-10、BU SSA、比較対象 2026-09');
  });
});

describe('the sentences of the operations', () => {
  const layer = buildSemanticLayer();
  const column = (id: string, label: string, unit: string | null, kind: 'dimension' | 'measure' = 'measure') => ({ id, label, kind, unit });
  const asked = (input: Parameters<typeof SemanticQuery.parse>[0]) => ({ query: SemanticQuery.parse(input), layer });

  it('a share names the part, the whole and the share', () => {
    const result: SemanticResult = {
      columns: [
        column('share', 'Share of net sales', '%'),
        column('net_sales', 'Net sales, T1-DF-01', 'EUR'),
        column('net_sales_whole', 'Net sales, all', 'EUR'),
      ],
      rows: [[0.12, 12_000, 100_000]],
      truncated: false,
      sql: '',
    };
    const query = {
      measures: ['net_sales'],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: { from: '2026-09', to: '2026-09' },
      operation: { kind: 'share' as const, part: { dimension: 'shop_code', values: ['T1-DF-01'] } },
    };
    expect(narrate(result, 'card', 'en', asked(query))).toBe("T1-DF-01 made 12.0 % of SSA's net sales.");
    expect(narrate(result, 'card', 'fr', asked(query))).toBe('T1-DF-01 représente 12,0 % de ventes nettes de SSA.');
    expect(narrate(result, 'card', 'ja', asked(query))).toBe('T1-DF-01はSSAの純売上高の12.0 %を占めました。');
  });

  it('a change gives both figures and the growth', () => {
    const result: SemanticResult = {
      columns: [
        column('revenue', 'Revenue, 2026-10', 'EUR'),
        column('revenue_against', 'Revenue, 2026-09', 'EUR'),
        column('difference', 'Difference', 'EUR'),
        column('growth', 'Change', '%'),
      ],
      rows: [[1100, 1000, 100, 0.1]],
      truncated: false,
      sql: '',
    };
    const query = {
      measures: ['revenue'],
      time: { from: '2026-10', to: '2026-10' },
      operation: { kind: 'change' as const, against: { from: '2026-09', to: '2026-09' } },
    };
    expect(narrate(result, 'card', 'en', asked(query))).toBe('Revenue went from 1,000 EUR in 2026-09 to 1,100 EUR in 2026-10 (+10 %).');
  });

  it('a total names the largest member without counting the total row as one', () => {
    const result: SemanticResult = {
      columns: [column('bu', 'BU', null, 'dimension'), column('revenue', 'Revenue', 'EUR')],
      rows: [
        ['SSA', 300],
        ['LGW', 100],
        ['Total', 400],
      ],
      truncated: false,
      sql: '',
    };
    const query = { measures: ['revenue'], dimensions: ['bu'], operation: { kind: 'total' as const } };
    expect(narrate(result, 'bar', 'en', asked(query))).toBe('SSA has the largest revenue: 300 EUR. The total is 400 EUR.');
  });
});
