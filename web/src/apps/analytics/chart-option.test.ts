import type { SemanticResult } from '@hangar/contract';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chart-option';

const column = (id: string, kind: 'dimension' | 'measure') => ({ id, label: id, kind, unit: kind === 'measure' ? 'EUR' : null });

describe('chartOption', () => {
  it('draws one line per member when a time series is broken down, with gaps where a member has no month', () => {
    const result: SemanticResult = {
      columns: [column('month', 'dimension'), column('bu', 'dimension'), column('revenue', 'measure')],
      rows: [
        ['2026-08', 'SSA', 10],
        ['2026-08', 'LGW', 30],
        ['2026-09', 'SSA', 20],
      ],
      truncated: false,
      sql: '',
    };
    const option = chartOption('line', result, 'light') as {
      xAxis: { data: string[] };
      series: { name: string; data: (number | null)[] }[];
    };
    expect(option.xAxis.data).toEqual(['2026-08', '2026-09']);
    expect(option.series.map((s) => [s.name, s.data])).toEqual([
      ['SSA', [10, 20]],
      ['LGW', [30, null]],
    ]);
  });

  it('draws each measure as a series over one breakdown', () => {
    const result: SemanticResult = {
      columns: [column('month', 'dimension'), column('revenue', 'measure')],
      rows: [
        ['2026-08', 10],
        ['2026-09', 20],
      ],
      truncated: false,
      sql: '',
    };
    const option = chartOption('line', result, 'dark') as { series: { data: number[] }[] };
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.data).toEqual([10, 20]);
  });
});
