import type { SemanticResult } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { buildSemanticLayer } from '../semantic-layer.ts';
import { acceptReading, allowedNumbers } from './narrate.ts';
import { querySchema, readableMeasures } from './prompt.ts';
import { checkModelQuery, looksLikeSql } from './validate.ts';

const layer = buildSemanticLayer();

describe('checkModelQuery', () => {
  it('accepts a query of the layer, with the defaults filled', () => {
    const checked = checkModelQuery(layer, { measures: ['revenue'], dimensions: ['month'], time: { from: '2025-01', to: '2025-03' } });
    expect(checked.problem).toBeNull();
    expect(checked.query).toEqual({
      measures: ['revenue'],
      dimensions: ['month'],
      filters: [],
      time: { from: '2025-01', to: '2025-03' },
      order: null,
      limit: null,
      operation: null,
    });
  });

  it('accepts a ratio over the breakdowns both sides share, and a top N ordered by the measure', () => {
    expect(checkModelQuery(layer, { measures: ['revenue_per_passenger'], dimensions: ['bu'] }).problem).toBeNull();
    const top = checkModelQuery(layer, {
      measures: ['aircraft_movements'],
      dimensions: ['airline_code'],
      order: { by: 'aircraft_movements', direction: 'desc' },
      limit: 5,
    });
    expect(top.problem).toBeNull();
  });

  it.each([
    [null, /not an object/],
    [{ measures: ['revenue'], where: '1=1' }, /does not know \(where\)/],
    [{ measures: ['revenue'], time: { from: '2025-01', to: '2025-02', tz: 'UTC' } }, /\(time\.tz\)/],
    [{ measures: ['revenue'], filters: [{ dimension: 'bu', values: ['SSA'], op: 'not' }] }, /\(filters\[0\]\.op\)/],
    [{ measures: [] }, /measures: Name at least one measure/],
    [{ measures: ['revenue', 'revenue'] }, /a measure is named twice/],
    [{ measures: ['Revenue'] }, /lower-case ids/],
    [{ measures: ['revenue'], dimensions: ['month', 'month'] }, /a breakdown is named twice/],
    [{ measures: ['revenue'], limit: 0 }, /limit/],
    [{ measures: ['revenue'], limit: 2.5 }, /limit/],
    [{ measures: ['revenue'], order: { by: 'month', direction: 'desc' } }, /neither a measure nor a breakdown/],
    [{ measures: ['revenue'], time: { from: '1800-01', to: '1800-02' } }, /not plausible/],
    [{ measures: ['revenue'], time: { from: 'last month', to: '2025-01' } }, /yyyy-MM/],
    [
      { measures: ['revenue', 'departing_passengers'], dimensions: ['account'] },
      /Departing passengers cannot be broken down or filtered by Account/,
    ],
    [{ measures: ['revenue'], filters: [{ dimension: 'account', values: ['1; DELETE FROM x'] }] }, /SQL-like/],
    [{ measures: ['revenue'], filters: [{ dimension: 'account', values: ['x UNION SELECT 1'] }] }, /SQL-like/],
  ])('refuses %j', (raw, message) => {
    const checked = checkModelQuery(layer, raw);
    expect(checked.query).toBeNull();
    expect(checked.problem).toMatch(message);
  });

  it('tells SQL from ordinary values', () => {
    for (const v of ["x' OR '1'='1", 'a -- b', '/* x */', 'DROP TABLE users', 'x;y', 'SELECT * FROM t', 'a\\b'])
      expect(looksLikeSql(v), v).toBe(true);
    for (const v of ["O'Hare", '706100', 'British Airways', 'CC-1', 'Duty free & retail', 'Select lounge', 'Update fees'])
      expect(looksLikeSql(v), v).toBe(false);
  });
});

describe('what the model is offered', () => {
  it('only the measures the scope can read, both sides of a ratio included', () => {
    const finance = readableMeasures(layer, new Map([['Finance', new Set(['SSA'])]]));
    const ids = finance.map((m) => m.id);
    expect(ids).toContain('revenue');
    expect(ids).not.toContain('departing_passengers');
    expect(ids).not.toContain('revenue_per_passenger');
    const both = readableMeasures(
      layer,
      new Map([
        ['Finance', new Set(['SSA'])],
        ['Traffic', new Set(['SSA'])],
      ]),
    ).map((m) => m.id);
    expect(both).toContain('revenue_per_passenger');
    const schema = querySchema(finance, layer) as { properties: { measures: { items: { enum: string[] } } } };
    expect(schema.properties.measures.items.enum).toEqual(ids);
  });
});

describe('the reading a model writes', () => {
  const result: SemanticResult = {
    columns: [
      { id: 'month', label: 'Month', kind: 'dimension', unit: null },
      { id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' },
      { id: 'load_factor', label: 'Load factor', kind: 'measure', unit: '%' },
    ],
    rows: [
      ['2025-01', 1234567.891, 0.8123],
      ['2025-02', 1500000, 0.79],
    ],
    truncated: false,
    sql: '',
  };
  const allowed = allowedNumbers(result, ['Revenue went from 1,234,568 EUR to 1,500,000 EUR (+21.5 %).'], 'en');

  it('keeps numbers of the result however they are written', () => {
    for (const text of [
      'Revenue rose to 1,500,000 EUR in February 2025.',
      'Revenue rose 21.5 % to 1.5 million EUR.',
      'Le chiffre d’affaires passe de 1 234 568 EUR à 1 500 000 EUR.',
      'Load factor was 81.2 % in January and 79 % in February.',
      'Revenue was about 1.23 million in January.',
      'Revenue grew between the two months.',
    ])
      expect(acceptReading(text, allowed), text).toBe(text);
  });

  it('drops a reading with a number the result does not have, an empty one, or a long one', () => {
    expect(acceptReading('Revenue rose to 1,600,000 EUR.', allowed)).toBeNull();
    expect(acceptReading('Revenue rose 35 % in February.', allowed)).toBeNull();
    expect(acceptReading('  ', allowed)).toBeNull();
    expect(acceptReading('Revenue grew. '.repeat(40), allowed)).toBeNull();
  });
});
