import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1+1', `"'+1+1"`],
    ['-2+3', `"'-2+3"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['\rcmd', `"'\rcmd"`],
  ])('prefixes %j with a quote so no spreadsheet runs it', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves other cells as they are, quoted, with inner quotes doubled and null empty', () => {
    expect(csvCell('GL, "final"')).toBe('"GL, ""final"""');
    expect(csvCell('a=b')).toBe('"a=b"');
    expect(csvCell(2024)).toBe('"2024"');
    expect(csvCell(null)).toBe('""');
  });

  it('writes a header then one line per row', () => {
    expect(
      toCsv(
        ['Table', 'Cause'],
        [
          ['GL', '=1'],
          ['HR', null],
        ],
      ),
    ).toBe(`"Table","Cause"\r\n"GL","'=1"\r\n"HR",""`);
  });
});
