import { describe, expect, it } from 'vitest';
import { filterKpis } from './search';

const entries = ['Passengers', 'Aircraft movements', 'PAX per movement', 'Revenue'].map((kpi_name) => ({ kpi_name }));
const names = (query: string) => filterKpis(entries, query).map((e) => e.kpi_name);

describe('filterKpis', () => {
  it('keeps KPI names containing the query, ignoring case', () => {
    expect(names('MOVEMENT')).toEqual(['Aircraft movements', 'PAX per movement']);
    expect(names('pa')).toEqual(['Passengers', 'PAX per movement']);
    expect(names('venu')).toEqual(['Revenue']);
  });

  it('keeps all for an empty or blank query and none for no match', () => {
    expect(names('')).toHaveLength(4);
    expect(names('   ')).toHaveLength(4);
    expect(names('cargo')).toEqual([]);
  });
});
