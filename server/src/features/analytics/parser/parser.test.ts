import { SemanticQuery } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { buildSemanticLayer } from '../semantic-layer.ts';
import { parseQuestion } from './parser.ts';

// The offline parser's forms, in the four languages, read on a fixed day (15 April 2026).
const layer = buildSemanticLayer();
const TODAY = new Date(Date.UTC(2026, 3, 15));
const parse = (q: string) => parseQuestion(q, layer, TODAY);
const query = (q: string) => {
  const p = parse(q);
  expect(p.clarification).toBeNull();
  return SemanticQuery.parse(p.query);
};

describe('the forms the offline parser reads', () => {
  it.each([
    ['passengers by airline in March 2026', 'en'],
    ['passagers par compagnie en mars 2026', 'fr'],
    ['pasajeros por aerolinea en marzo de 2026', 'es'],
    ['passageiros por companhia em março de 2026', 'pt'],
  ])('a measure by a breakdown in a month: %s', (q, language) => {
    expect(parse(q).language).toBe(language);
    expect(query(q)).toMatchObject({
      measures: ['departing_passengers'],
      dimensions: ['airline_code'],
      time: { from: '2026-03', to: '2026-03' },
      limit: null,
    });
  });

  it.each([
    ['top 5 airlines by movements last quarter'],
    ['les 5 premieres compagnies par mouvements au dernier trimestre'],
    ['top 5 aerolineas por movimientos el ultimo trimestre'],
    ['top 5 companhias por movimentos no último trimestre'],
  ])('top N by a measure over the last quarter: %s', (q) => {
    expect(query(q)).toMatchObject({
      measures: ['aircraft_movements'],
      dimensions: ['airline_code'],
      time: { from: '2026-01', to: '2026-03' },
      order: { by: 'aircraft_movements', direction: 'desc' },
      limit: 5,
    });
  });

  it.each([
    ['revenue per passenger LGW vs SSA 2025'],
    ['recette par passager LGW vs SSA 2025'],
    ['ingresos por pasajero LGW vs SSA 2025'],
    ['receita por passageiro LGW vs SSA 2025'],
  ])('a ratio compared between two BUs over a year: %s', (q) => {
    expect(query(q)).toMatchObject({
      measures: ['revenue_per_passenger'],
      dimensions: ['bu'],
      filters: [{ dimension: 'bu', values: ['SCA', 'LGW'].includes('x') ? [] : ['SSA', 'LGW'] }],
      time: { from: '2025-01', to: '2025-12' },
    });
  });

  it.each([
    ['compare net sales January and February 2026'],
    ['comparer les ventes de janvier et fevrier 2026'],
    ['comparar las ventas de enero y febrero 2026'],
    ['comparar as vendas de janeiro e fevereiro 2026'],
  ])('two months compared: %s', (q) => {
    expect(query(q)).toMatchObject({
      measures: ['net_sales'],
      dimensions: ['month'],
      filters: [{ dimension: 'month', values: ['2026-01', '2026-02'] }],
      time: { from: '2026-01', to: '2026-02' },
    });
  });

  it('last month, this year, a quarter, a range of months', () => {
    expect(query('headcount last month').time).toEqual({ from: '2026-03', to: '2026-03' });
    expect(query('revenue this year by month')).toMatchObject({ time: { from: '2026-01', to: '2026-04' }, dimensions: ['month'] });
    expect(query('opex Q3 2025').time).toEqual({ from: '2025-07', to: '2025-09' });
    expect(query('revenue from January to March 2025').time).toEqual({ from: '2025-01', to: '2025-03' });
  });
});

describe('telling the languages apart, and filtering on a code', () => {
  it.each([
    ["top 3 compagnies par passagers l'année dernière", 'fr'],
    ['ingresos por pasajero AMA vs SSA 2025', 'es'],
    ['despesas por aeroporto este ano', 'pt'],
    ['visitas por canal de novembro a dezembro de 2025', 'pt'],
    ['passengers LGW vs AMA last year', 'en'],
  ])('borrowed words do not decide the language: %s', (q, language) => {
    expect(parse(q).language).toBe(language);
  });

  it.each([
    ['passengers of airline U2 in 2025', 'airline_code', 'U2'],
    ['passagers de la compagnie AF en 2025', 'airline_code', 'AF'],
    ['ventas netas de la tienda T1-DF-01 en enero de 2026', 'shop_code', 'T1-DF-01'],
  ])('a code written after a breakdown filters on it: %s', (q, dimension, value) => {
    const parsed = query(q);
    expect(parsed.filters).toEqual([{ dimension, values: [value] }]);
    expect(parsed.dimensions).toEqual([]);
  });

  it('a shop code is not a quarter, and a lower-case word after a breakdown is not a code', () => {
    expect(query('net sales of shop T1-DF-01 in March 2026').time).toEqual({ from: '2026-03', to: '2026-03' });
    expect(query('passengers by airline in 2025')).toMatchObject({ dimensions: ['airline_code'], filters: [] });
    expect(parse('revenue of airline U2').clarification).toMatch(/Revenue cannot be broken down by airline/);
  });
});

describe('what the offline parser asks back', () => {
  it('a question outside the data names what it did not understand', () => {
    const p = parse('what is the weather tomorrow');
    expect(p.query).toBeNull();
    expect(p.clarification).toMatch(/names none of the measures/);
    expect(p.clarification).toMatch(/"weather"/);
  });

  it('SQL typed in the question is never run', () => {
    expect(parse('revenue; DROP TABLE gov_warehouse').clarification).toMatch(/never run SQL/);
    expect(parse('select * from users where 1=1').clarification).toMatch(/never run SQL/);
  });

  it('an impossible breakdown says which ones exist', () => {
    expect(parse('revenue by airline').clarification).toMatch(/Revenue cannot be broken down by airline; it can be by month, year, bu/);
  });

  it('lists the words it did not use even when it answers', () => {
    const p = parse('passengers by airline with a purple unicorn');
    expect(p.query?.measures).toEqual(['departing_passengers']);
    expect(p.ignored).toEqual(['purple', 'unicorn']);
  });
});

describe('questions back in the language of the question', () => {
  const back = (q: string) => parseQuestion(q, layer, new Date(Date.UTC(2026, 1, 15)));
  it('asks for a figure, refuses SQL and limits breakdowns in French, Spanish and Portuguese', () => {
    expect(back('comment vont les choses en février').clarification).toMatch(/^Quel chiffre voulez-vous \?/);
    expect(back('¿cómo van las cosas este mes?').clarification).toMatch(/^¿Qué cifra quiere\?/);
    expect(back('como estão as coisas este mês').clarification).toMatch(/^Que valor pretende\?/);
    expect(back('how are things going').clarification).toMatch(/^Which figure do you want\?/);
    expect(back('SELECT * FROM ventas; DROP TABLE pasajeros').clarification).toMatch(/never run SQL|nunca ejecuto SQL/);
  });
});
