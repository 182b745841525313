import { describe, expect, it } from 'vitest';
import { parse, query } from './test-kit.ts';

// The periods of a question (issue 32, item 1): ranges without "from", abbreviated ranges, a second
// period in a comparison, and the relative periods analysts type. Read on 15 November 2026.

describe('the issue’s questions, with nothing dropped', () => {
  it('a range written without "from" is every month of it, by month when asked', () => {
    expect(query('Revenue of SSA by month for August to October 2026')).toMatchObject({
      measures: ['revenue'],
      dimensions: ['month'],
      filters: [{ dimension: 'bu', values: ['SSA'] }],
      time: { from: '2026-08', to: '2026-10' },
    });
  });

  it('an abbreviated range is the total of its months', () => {
    expect(query('SSA revenue Aug-Oct 2026')).toMatchObject({ dimensions: [], time: { from: '2026-08', to: '2026-10' }, operation: null });
  });

  it('a second period after "compared to" is the period compared with', () => {
    expect(query('opex LGW last month compared to september 2026')).toMatchObject({
      measures: ['operating_expenses'],
      filters: [{ dimension: 'bu', values: ['LGW'] }],
      time: { from: '2026-10', to: '2026-10' },
      operation: { kind: 'change', against: { from: '2026-09', to: '2026-09' } },
    });
  });
});

describe('periods of every common form the parser did not read', () => {
  it.each([
    ['revenue this month', '2026-11', '2026-11'],
    ['revenue in the last 3 months', '2026-08', '2026-10'],
    ['revenue past six months', '2026-05', '2026-10'],
    ['budget next year', '2027-01', '2027-12'],
    ['revenue this quarter', '2026-10', '2026-11'],
    ['revenue Q4 25', '2025-10', '2025-12'],
    ['revenue 2025 Q2', '2025-04', '2025-06'],
    ['ingresos del 4T 2025', '2025-10', '2025-12'],
    ['revenue third quarter of 2025', '2025-07', '2025-09'],
    ['revenue H1 2026', '2026-01', '2026-06'],
    ['chiffre d affaires du premier semestre 2025', '2025-01', '2025-06'],
    ['revenue since June', '2026-06', '2026-11'],
    ['revenue 2026-09', '2026-09', '2026-09'],
    ['revenue 09/2026', '2026-09', '2026-09'],
    ['SSA rev jan 26', '2026-01', '2026-01'],
    ['revenue December to February 2026', '2025-12', '2026-02'],
    ['receita deste mês', '2026-11', '2026-11'],
    ['ingresos en lo que va de año', '2026-01', '2026-11'],
  ])('%s', (q, from, to) => {
    expect(query(q).time).toEqual({ from, to });
  });

  it('a change against another period: vs, x, compared with, year on year, since, up or down', () => {
    const against = (q: string) => {
      const op = query(q).operation;
      expect(op?.kind, q).toBe('change');
      return op?.kind === 'change' ? op.against : null;
    };
    expect(against('passengers October 2026 vs same month last year')).toEqual({ from: '2025-10', to: '2025-10' });
    expect(against('sales this month vs last year')).toEqual({ from: '2025-11', to: '2025-11' });
    expect(against('revenue growth yoy October 2026')).toEqual({ from: '2025-10', to: '2025-10' });
    expect(against('revenue 2025 vs 2024')).toEqual({ from: '2024-01', to: '2024-12' });
    expect(against('passageiros julho x agosto 2025')).toEqual({ from: '2025-08', to: '2025-08' });
    expect(against('ingresos de SCA el mes pasado comparado con noviembre 2025')).toEqual({ from: '2025-11', to: '2025-11' });
    expect(against('was revenue up or down in October 2026?')).toEqual({ from: '2026-09', to: '2026-09' });
    expect(against('revenue change since June 2026')).toEqual({ from: '2026-06', to: '2026-06' });
    expect(against('compare Q1 and Q2 2026 revenue')).toEqual({ from: '2026-01', to: '2026-03' });
    expect(query('revenue change since June 2026').time).toEqual({ from: '2026-10', to: '2026-10' });
  });

  it('months or years side by side are a breakdown, not a change', () => {
    expect(query('compare net sales January and February 2026')).toMatchObject({ dimensions: ['month'], operation: null });
    expect(query('headcount by department in 2024 and 2025')).toMatchObject({
      dimensions: ['department_code', 'year'],
      time: { from: '2024-01', to: '2025-12' },
    });
  });

  it('refuses days and weeks, and periods it cannot put together, saying why', () => {
    expect(parse('passengers yesterday').clarification).toMatch(/held per month, so "yesterday"/);
    expect(parse('revenue by week in 2025').clarification).toMatch(/held per month/);
    expect(parse('revenue Q1 2026 and June 2025').clarification).toMatch(/several periods/);
    expect(query('revenue March 2026 for LGW, and also June 2025')).toMatchObject({
      dimensions: ['month'],
      filters: [{ dimension: 'bu' }, { dimension: 'month', values: ['2026-03', '2025-06'] }],
    });
  });

  it('a word that is also a month is a month only beside a year or another month', () => {
    expect(query('passengers in 2026, if I may').time).toEqual({ from: '2026-01', to: '2026-12' });
    expect(parse('passengers in 2026, if I may').ignored).toEqual(['may']);
    expect(query('revenue May 2026').time).toEqual({ from: '2026-05', to: '2026-05' });
  });
});
