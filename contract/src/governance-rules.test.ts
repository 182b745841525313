import { describe, expect, it } from 'vitest';
import {
  applyUploadResult,
  buChoices,
  buSentAs,
  buTitle,
  coverageColour,
  detectFileType,
  detectReferentialType,
  isFailingRow,
  linkedGroupOf,
  periodOptions,
  selectableTypes,
  startUpload,
  uploadButtonState,
  versionsFor,
} from './governance-rules.ts';

const FINANCE = ['GENERAL_LEDGER', 'SUPPLIER_OPEX', 'CUSTOMER_REVENUES', 'CAPEX', 'CAPEX_FORECAST', 'CPXFORECAST', 'BUDGET', 'RECEIVABLES'];

describe('BU choices', () => {
  it('merges SSA and AMA for Finance, sorted, and sends the merge as SSA', () => {
    expect(buChoices(['SSA', 'LGW', 'AMA', 'ANA'], 'Finance')).toEqual(['ANA', 'LGW', 'SSA/AMA']);
    expect(buSentAs('SSA/AMA')).toBe('SSA');
    expect(buSentAs('LGW')).toBe('LGW');
  });
  it('splits the merged choice back outside Finance and Overview', () => {
    expect(buChoices(['SSA/AMA', 'LGW'], 'Traffic')).toEqual(['AMA', 'LGW', 'SSA']);
    expect(buChoices(['SSA/AMA'], 'Overview')).toEqual(['SSA/AMA']);
  });
  it('titles SSA and AMA as SSA/AMA with Finance only', () => {
    expect(buTitle('AMA', 'Finance')).toBe('SSA/AMA');
    expect(buTitle('AMA', 'Retail')).toBe('AMA');
  });
});

describe('period options', () => {
  const today = new Date(Date.UTC(2026, 1, 10)); // 10 Feb 2026
  it('offers the current month and the 3 before, crossing the year', () => {
    const p = periodOptions('Retail', today);
    expect(p.map((o) => [o.month, o.year])).toEqual([
      [2, 2026],
      [1, 2026],
      [12, 2025],
      [11, 2025],
    ]);
    expect(p.every((o) => !o.budget)).toBe(true);
  });
  it('adds the next year as a budget period for Finance', () => {
    const p = periodOptions('Finance', today);
    expect(p).toHaveLength(5);
    expect(p[4]).toMatchObject({ year: 2027, budget: true, wholeYear: true });
  });
  it('offers the previous and the next year for Traffic', () => {
    expect(periodOptions('Traffic', today).map((o) => [o.year, o.budget])).toEqual([
      [2025, false],
      [2027, true],
    ]);
  });
});

describe('file type detection', () => {
  it.each([
    ['2026_10_CAPEX_R1.xlsx', 'CAPEX_FORECAST'],
    ['CAPEX_FORECAST_SSA.csv', 'CAPEX_FORECAST'],
    ['ssa_cpxforecast_2026.xlsx', 'CPXFORECAST'],
    ['Capex october.xlsx', 'CAPEX'],
    ['SSA_GL_2026_10.csv', 'GENERAL_LEDGER'],
    ['supplier costs.xlsx', 'SUPPLIER_OPEX'],
    ['Customer_revenue.xlsx', 'CUSTOMER_REVENUES'],
    ['ssa-receivables-oct.csv', 'RECEIVABLES'],
  ])('%s is %s', (name, type) => {
    expect(detectFileType(name, FINANCE)).toBe(type);
  });
  it('reads MAPPINGLOCAL with or without underscores', () => {
    expect(detectFileType('Mapping_Local_v2.xlsx', [...FINANCE, 'MAPPING_LOCAL'])).toBe('MAPPING_LOCAL');
  });
  it('does not take GL inside a word', () => {
    expect(detectFileType('GLOBAL_report.csv', FINANCE)).toBe('GENERAL_LEDGER'); // first allowed, not the GL rule
    expect(detectFileType('GLOBAL_report.csv', ['CAPEX', 'GENERAL_LEDGER'])).toBe('CAPEX');
  });
  it('falls back to the first allowed type', () => {
    expect(detectFileType('october.csv', ['CAPEX', 'GENERAL_LEDGER'])).toBe('CAPEX');
    expect(detectFileType('october.csv', [])).toBeNull();
  });
  it('matches BUDGET and BUDGET_FISCAL to whichever the BU allows', () => {
    expect(detectFileType('2027_BUDGET.xlsx', ['GENERAL_LEDGER', 'BUDGET_FISCAL'])).toBe('BUDGET_FISCAL');
    expect(detectFileType('2027_BUDGET_FISCAL.xlsx', ['GENERAL_LEDGER', 'BUDGET'])).toBe('BUDGET');
    expect(detectFileType('2027_BUDGET_FISCAL.xlsx', ['BUDGET', 'BUDGET_FISCAL'])).toBe('BUDGET_FISCAL');
  });
  it('a guess the BU does not allow falls back to the first allowed type', () => {
    expect(detectFileType('SSA_GL.csv', ['CAPEX'])).toBe('CAPEX');
  });
  it('compares referential names ignoring underscores and case', () => {
    expect(detectReferentialType('mappinglocal_2026.xlsx', ['MAPPING_USECASE', 'MAPPING_LOCAL'])).toBe('MAPPING_LOCAL');
    expect(detectReferentialType('Mapping_UseCase.csv', ['MAPPING_LOCAL', 'MAPPING_USECASE'])).toBe('MAPPING_USECASE');
  });
});

describe('versions and linked files', () => {
  it('asks versions where the spec says', () => {
    expect(versionsFor('BUDGET', 'LGW')).toEqual(['B0', 'R1', 'R2', 'R3']);
    expect(versionsFor('CPXFORECAST', 'SSA')).toEqual(['B0', 'R1', 'R2', 'R3']);
    expect(versionsFor('RECEIVABLES', 'SCA')).toEqual(['KOS', 'PNH']);
    expect(versionsFor('RECEIVABLES', 'SSA')).toEqual(['SSA', 'AMA']);
    expect(versionsFor('RECEIVABLES', 'LGW')).toEqual([]);
    expect(versionsFor('GENERAL_LEDGER', 'SSA')).toEqual([]);
  });
  const items = [
    { file_type: 'GENERAL_LEDGER', linked: null },
    { file_type: 'CPXFORECAST', linked: 'CPXFORECAST' },
    { file_type: 'CAPEX_FORECAST', linked: 'CPXFORECAST' },
    { file_type: 'RECEIVABLES', linked: 'RECEIVABLES' },
    { file_type: 'RECEIVABLES', linked: 'RECEIVABLES' },
    { file_type: 'SUPPLIER_OPEX', linked: 'GENERAL_LEDGER' },
  ];
  it('offers only selectable types', () => {
    expect(selectableTypes(items)).toEqual(['GENERAL_LEDGER', 'CPXFORECAST', 'CAPEX_FORECAST', 'RECEIVABLES']);
  });
  it('groups repeated types, and CPXFORECAST outside ANA', () => {
    expect(linkedGroupOf(items[3]!, items, 'SCA')).toBe('RECEIVABLES');
    expect(linkedGroupOf(items[2]!, items, 'SSA')).toBe('CPXFORECAST');
    expect(linkedGroupOf(items[2]!, items, 'ANA')).toBeNull();
    expect(linkedGroupOf(items[0]!, items, 'SSA')).toBeNull();
  });
});

describe('quality rules', () => {
  const ok = { file_not_received: 1, file_integrity: 1, data_integrity: 1, mapping_coverage: 95 };
  it('a row fails on any -1', () => {
    expect(isFailingRow(ok)).toBe(false);
    expect(isFailingRow({ ...ok, data_integrity: -1 })).toBe(true);
    expect(isFailingRow({ ...ok, file_integrity: -1 })).toBe(true);
    expect(isFailingRow({ ...ok, file_not_received: -1 })).toBe(true);
  });
  it.each([
    [0, false],
    [0.1, true],
    [29.9, true],
    [30, false],
  ])('coverage %s fails: %s', (c, fails) => {
    expect(isFailingRow({ ...ok, mapping_coverage: c })).toBe(fails);
  });
  it.each([
    [0, 'red'],
    [29.9, 'red'],
    [30, 'orange'],
    [59.9, 'orange'],
    [60, 'light-green'],
    [89.9, 'light-green'],
    [90, 'dark-green'],
    [100, 'dark-green'],
  ] as const)('coverage %s is %s', (c, colour) => {
    expect(coverageColour(c)).toBe(colour);
  });
});

describe('stages and the upload button', () => {
  it('a new upload resets every stage and runs loaded', () => {
    expect(startUpload(true)).toEqual({
      status: { loaded: 'running', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' },
      error: null,
    });
    expect(startUpload(false).status).toEqual({ loaded: 'running', checkfile: 'pending', processed: 'pending' });
  });
  it('an empty result is the Unexpected Error', () => {
    const applied = applyUploadResult(true, undefined);
    expect(applied.status.loaded).toBe('error');
    expect(applied.error).toEqual({
      title: 'Unexpected Error',
      description: 'Please try again later. If the error persists, contact the support team.',
    });
  });
  it('labels the button by stage', () => {
    expect(uploadButtonState({ loaded: 'pending', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' }, true, false)).toBe(
      'load',
    );
    expect(uploadButtonState({ loaded: 'finished', checkfile: 'running', checkKpis: 'pending', processed: 'pending' }, true, false)).toBe(
      'busy',
    );
    expect(uploadButtonState({ loaded: 'finished', checkfile: 'finished', checkKpis: 'running', processed: 'pending' }, true, false)).toBe(
      'checkKpis',
    );
    expect(uploadButtonState({ loaded: 'finished', checkfile: 'finished', checkKpis: 'running', processed: 'pending' }, true, true)).toBe(
      'validating',
    );
    expect(
      uploadButtonState({ loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' }, true, false),
    ).toBe('complete');
    expect(uploadButtonState({ loaded: 'finished', checkfile: 'finished', processed: 'finished' }, false, false)).toBe('complete');
    expect(uploadButtonState({ loaded: 'finished', checkfile: 'error', processed: 'pending' }, false, false)).toBe('error');
  });
});
