import { describe, expect, it } from 'vitest';
import { allUseCases } from './catalogue/index.ts';
import { WAREHOUSE_PARTITIONS, warehouseKey } from './warehouse-layout.ts';

const delivery = { id: '0b1e', bu: 'SSA', useCase: 'Finance', fileType: 'GENERAL_LEDGER', version: '', year: 2025, month: 3 };

describe('warehouseKey', () => {
  it('places a delivery in Hive-style folders by BU, use case, file type, month and version', () => {
    expect(warehouseKey(delivery)).toBe(
      'warehouse/bu=SSA/use_case=finance/file_type=GENERAL_LEDGER/period_month=2025-03/version=default/0b1e.parquet',
    );
    expect(warehouseKey({ ...delivery, useCase: 'Finance', fileType: 'BUDGET', version: 'R2', month: 12 })).toBe(
      'warehouse/bu=SSA/use_case=finance/file_type=BUDGET/period_month=2025-12/version=R2/0b1e.parquet',
    );
  });

  it('refuses a value a Hive reader would split or misread', () => {
    for (const bad of ['A/B', 'x=y', 'has space', '']) {
      expect(() => warehouseKey({ ...delivery, bu: bad })).toThrow('Cannot place');
    }
  });

  it('uses partition names no file type has as a column (DuckDB lets the folder value win over the column)', () => {
    const clashes = allUseCases().flatMap((u) =>
      u.fileTypes.flatMap((t) =>
        t.columns.filter((c) => (WAREHOUSE_PARTITIONS as readonly string[]).includes(c.name)).map((c) => `${t.type}.${c.name}`),
      ),
    );
    expect(clashes).toEqual([]);
    // Not vacuous: the catalogue does have the obvious names, which is why the month is period_month.
    const names = allUseCases().flatMap((u) => u.fileTypes.flatMap((t) => t.columns.map((c) => c.name)));
    expect(names).toEqual(expect.arrayContaining(['period', 'month']));
  });
});
