import { describe, expect, it } from 'vitest';
import { csvCell, safeFileName, toCsv, upstreamRows } from './csv';
import { trafficGraph } from './fixtures';
import { buildModel } from './model';

describe('CSV export', () => {
  it('prefixes cells that a spreadsheet would run as formulas with a single quote', () => {
    expect(csvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=a,b')).toBe(`"'=a,b"`);
  });

  it('writes the header then one line per row', () => {
    expect(toCsv([['AODB', 'FLIGHTS', 'PAX', 'Passengers']])).toBe('source,table,column,kpi\r\nAODB,FLIGHTS,PAX,Passengers');
  });

  it("lists the columns read on the way to the KPI, through Traffic's PowerBI measures", () => {
    const { tables, edges } = trafficGraph();
    const model = buildModel(tables, edges);
    expect(upstreamRows(model, 'k-pax', 'Passengers')).toEqual([
      ['AODB', 'FLIGHTS', 'FLIGHT_ID', 'Passengers'],
      ['AODB', 'FLIGHTS', 'PAX', 'Passengers'],
      ['PowerBI measures', 'Total PAX', '', 'Passengers'],
    ]);
    expect(toCsv(upstreamRows(model, 'k-occ', 'Stand occupancy'))).toBe(
      "source,table,column,kpi\r\nAODB,FLIGHTS,'=cmd|calc,Stand occupancy\r\nAODB,STANDS,STAND,Stand occupancy",
    );
  });

  it("keeps the merged BU's slash out of file names", () => {
    expect(safeFileName('lineage-SSA/AMA-Finance-Net: revenue.csv')).toBe('lineage-SSA-AMA-Finance-Net- revenue.csv');
  });
});
