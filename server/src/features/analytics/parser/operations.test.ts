import { describe, expect, it } from 'vitest';
import { parse, query } from './test-kit.ts';

// The operations the parser reads into the query (issue 32, item 2): a share of a whole, a total
// row, an average per member, a ranking by a verb. A share is never the part's own figure.

describe('a share: the part the question says the share came from, of the whole the other filters make', () => {
  it.each([
    ['What share of SSA retail sales in Sept 2026 came from T1-DF-01?'],
    ['T1-DF-01 % of SSA sales september 2026'],
    ['part de T1-DF-01 dans les ventes de SSA en septembre 2026'],
    ['¿qué porcentaje de las ventas de SSA en septiembre de 2026 hizo la tienda T1-DF-01?'],
    ['participação da T1-DF-01 nas vendas da SSA em setembro de 2026'],
    ['2026年9月のSSAの純売上高に占めるT1-DF-01の割合'],
  ])('%s', (q) => {
    expect(query(q)).toMatchObject({
      measures: ['net_sales'],
      dimensions: [],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: { from: '2026-09', to: '2026-09' },
      operation: { kind: 'share', part: { dimension: 'shop_code', values: ['T1-DF-01'] } },
    });
  });

  it('the part said by name, by a verb, or next to the word share', () => {
    expect(query("What share of SSA's 2025 passengers flew easyJet?").operation).toEqual({
      kind: 'share',
      part: { dimension: 'airline_code', values: ['U2'] },
    });
    expect(query("LGW's share of easyJet passengers in 2025").operation).toEqual({
      kind: 'share',
      part: { dimension: 'bu', values: ['LGW'] },
    });
    expect(query("what share of SSA's capex since June went to IT?").operation).toEqual({
      kind: 'share',
      part: { dimension: 'asset_class', values: ['IT'] },
    });
    expect(query('what share of group revenue in October 2026 came from SSA?')).toMatchObject({
      filters: [],
      operation: { kind: 'share', part: { dimension: 'bu', values: ['SSA'] } },
    });
  });

  it('a share by a breakdown is the breakdown; a share of nothing named, or of a ratio, is asked back', () => {
    expect(query('share of passengers by airline in 2025')).toMatchObject({ dimensions: ['airline_code'], operation: null });
    expect(parse('what share of revenue in 2025').clarification).toMatch(/A share of which part/);
    expect(parse('share of U2 in load factor 2025').clarification).toMatch(/Load factor is a ratio/);
  });
});

describe('a total, an average, a ranking', () => {
  it('"total … of all airports" is the BUs and their total', () => {
    expect(query('Total revenue of all airports in October 2026')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['bu'],
      time: { from: '2026-10', to: '2026-10' },
      operation: { kind: 'total' },
    });
    expect(query('ingresos totales de todos los aeropuertos en octubre de 2026').operation).toEqual({ kind: 'total' });
    expect(query('2026年10月の全空港の売上と合計').operation).toEqual({ kind: 'total' });
    // Without a breakdown "total" is the figure itself.
    expect(query('total revenue last quarter')).toMatchObject({ dimensions: [], operation: null });
  });

  it('an average per month, per a breakdown, and the figure itself for a ratio or an average measure', () => {
    expect(query('average monthly revenue in 2025')).toMatchObject({ dimensions: [], operation: { kind: 'average', per: 'month' } });
    expect(query('chiffre d affaires mensuel moyen en 2025').operation).toEqual({ kind: 'average', per: 'month' });
    expect(query('average passengers per airline in 2025')).toMatchObject({
      dimensions: [],
      operation: { kind: 'average', per: 'airline_code' },
    });
    expect(query('average load factor in 2025').operation).toBeNull();
    expect(query('avg basket SSA nov 2025').operation).toBeNull();
  });

  it('a ranking by a number, by a verb, by a superlative', () => {
    expect(query('which shop sold the most in January 2026')).toMatchObject({
      measures: ['net_sales'],
      dimensions: ['shop_code'],
      order: { by: 'net_sales', direction: 'desc' },
      limit: 1,
    });
    expect(query('the 5 shops that sold the most last month')).toMatchObject({ limit: 5, dimensions: ['shop_code'] });
    expect(query('the busiest airport in 2025')).toMatchObject({ measures: ['departing_passengers'], dimensions: ['bu'], limit: 1 });
    expect(query('most punctual airline last month')).toMatchObject({ measures: ['on_time_performance'], limit: 1 });
    expect(query('las 3 aerolíneas con más pasajeros en AMA el año pasado')).toMatchObject({ dimensions: ['airline_code'], limit: 3 });
    expect(query('bottom three airlines by movements in 2025')).toMatchObject({ order: { direction: 'asc' }, limit: 3 });
  });
});

describe('the figure the question is about, not another', () => {
  it.each([
    ['flights by airline last month', 'aircraft_movements'],
    ['rev by BU ytd', 'revenue'],
    ["chiffre d'affaires retail par mois", 'net_sales'],
    ['revenue by shop last month', 'net_sales'],
    ['top 3 customers by revenue at SSA in 2025', 'revenue_by_stream'],
    ['top 5 suppliers by expenses at AMA last month', 'supplier_spend'],
    ['effectif par département en janvier 2026', 'headcount'],
    ['employés par département', 'headcount'],
    ['SSA pax budget 2026', 'budgeted_passengers'],
    ['revenue/pax SSA Dec 2025', 'revenue_per_passenger'],
  ])('%s', (q, measure) => {
    expect(query(q).measures).toEqual([measure]);
  });

  it('actual against budget is both figures', () => {
    expect(query('LGW passengers actual vs budget by month 2025').measures).toEqual(['departing_passengers', 'budgeted_passengers']);
  });

  it('a word that would change the figure is asked back, never dropped', () => {
    expect(parse('passengers by terminal in 2025').clarification).toMatch(/I do not know "terminal"/);
    expect(parse('revenue of Heathrow last month').clarification).toMatch(/I do not know "heathrow"/);
    expect(parse('mishandled bags per 1000 passengers at LGW in 2025').clarification).toMatch(/I do not know/);
    expect(parse('satisfacción de los pasajeros en SSA el trimestre pasado').clarification).toMatch(/No conozco "satisfaccion"/);
    expect(parse('revenue U2 2025').clarification).toMatch(/Which breakdown is "U2" a value of/);
  });
});
