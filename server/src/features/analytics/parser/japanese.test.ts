import { QUESTION_LANGUAGES } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { inWords } from '../answer.ts';
import { CLARIFY } from './clarify-texts.ts';
import { query as answered, layer, parse } from './test-kit.ts';

// Japanese, the chat's fifth language: no spaces, so the vocabulary is matched inside the text;
// months as 1月…12月, years as 2026年, relative periods (先月, 今年, 昨年, 第3四半期).
const query = (q: string) => {
  expect(parse(q).language).toBe('ja');
  return answered(q);
};

describe('Japanese questions', () => {
  it('is a question language with its own questions back', () => {
    expect(QUESTION_LANGUAGES).toContain('ja');
    expect(Object.keys(CLARIFY)).toContain('ja');
    expect(parse('天気はどうですか').clarification).toMatch(/^どの数値をお求めですか/);
    expect(parse('天気はどうですか').ignored).toEqual(['天気']);
  });

  it.each([
    ['2025年の月別旅客数', { measures: ['departing_passengers'], dimensions: ['month'], time: { from: '2025-01', to: '2025-12' } }],
    ['先月の空港別売上', { measures: ['revenue'], dimensions: ['bu'], time: { from: '2026-10', to: '2026-10' } }],
    ['今年の従業員数', { measures: ['headcount'], time: { from: '2026-01', to: '2026-11' } }],
    ['昨年の発着回数', { measures: ['aircraft_movements'], time: { from: '2025-01', to: '2025-12' } }],
    ['2025年第3四半期の営業費用', { measures: ['operating_expenses'], time: { from: '2025-07', to: '2025-09' } }],
    [
      'SSAの2026年9月の純売上高',
      { measures: ['net_sales'], filters: [{ dimension: 'bu', values: ['SSA'] }], time: { from: '2026-09', to: '2026-09' } },
    ],
    ['2026年8月から10月までのSSAの売上', { measures: ['revenue'], time: { from: '2026-08', to: '2026-10' } }],
    ['過去3か月の旅客数', { time: { from: '2026-08', to: '2026-10' } }],
    ['上位5航空会社の旅客数 2025年', { dimensions: ['airline_code'], limit: 5 }],
    ['2026年1月に最も売れた店舗', { measures: ['net_sales'], dimensions: ['shop_code'], limit: 1 }],
    ['月平均の売上 2025年', { operation: { kind: 'average', per: 'month' } }],
  ])('%s', (q, expected) => {
    expect(query(q)).toMatchObject(expected);
  });

  it('a period against another, said either way round', () => {
    const change = { kind: 'change', against: { from: '2026-09', to: '2026-09' } };
    expect(query('先月のSSAの売上は9月と比べてどうでしたか').operation).toEqual(change);
    expect(query('9月と比べて先月の売上').operation).toEqual(change);
    expect(query('2026年10月の売上は前年同月比でどうでしたか').operation).toEqual({
      kind: 'change',
      against: { from: '2025-10', to: '2025-10' },
    });
  });

  it('a share of a whole, and the reading in Japanese', () => {
    const q = query('2026年9月のSSAの純売上高に占めるT1-DF-01の割合');
    expect(q.operation).toEqual({ kind: 'share', part: { dimension: 'shop_code', values: ['T1-DF-01'] } });
    expect(inWords(layer, q, 'ja')).toBe('純売上高、2026-09、BU SSA、店舗 T1-DF-01の割合');
  });

  it('a word it does not know that changes the figure is asked back in Japanese', () => {
    const p = parse('先月の成田空港の売上');
    expect(p.query).toBeNull();
    expect(p.clarification).toMatch(/「成田」が分からず/);
  });
});
