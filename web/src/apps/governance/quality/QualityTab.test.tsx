import { CHECK_EXPLANATIONS, GOV_TEXTS, type QualityResponse } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../api/navigation';
import { renderWithProviders } from '../../../test/render';
import { GovernanceApp } from '../GovernanceApp';
import { access, govServer, openBu, signIn } from '../test/gov-kit';
import { quality, qualityRow } from '../test/quality-kit';

const AUTH = 'GET /api/data_gov/gouvernance/authorized-bus';
const YEARS = 'GET /api/data_gov/gouvernance/get_years';
const QUALITY = 'POST /api/data_gov/gouvernance/quality';
const DOWNLOAD = 'POST /api/data_gov/gouvernance/download';

beforeEach(signIn);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(answer: QualityResponse | null, years = [2023, 2024]) {
  return govServer({
    [AUTH]: () => access({ SSA: ['Finance/Quality', 'Finance/Ingestion'], AMA: ['Finance/Quality'] }),
    [YEARS]: () => years,
    [QUALITY]: () => answer,
    [DOWNLOAD]: () => 'https://portal.test/api/data_gov/file?token=t1',
    'GET /api/data_gov/ingestion/data': () => [],
  });
}

/** Opens Finance on SSA/AMA, Quality, and waits for the results. */
async function openQuality() {
  await openBu('Finance', 'SSA/AMA');
  await screen.findByRole('tablist', { name: 'Quality checks' });
}

const results = () => screen.queryByRole('table', { name: / results$/ });
const bodyRows = () =>
  within(results() as HTMLElement)
    .getAllByRole('row')
    .slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const filter = (label: string) => screen.getByRole('combobox', { name: label });
const pick = (label: string, value: string) => fireEvent.change(filter(label), { target: { value } });
const checkTab = (name: RegExp) => screen.getByRole('tab', { name });

describe('quality tab', () => {
  it('explains the checks, asks for the latest year with the merged BU sent as SSA, and opens on Data Integrity', async () => {
    const server = serve(quality({ data_integrity: [qualityRow()] }));
    await openQuality();
    expect(screen.getByRole('tab', { name: 'Quality' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(CHECK_EXPLANATIONS.file_not_received)).toBeTruthy();
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/quality')[0]?.body).toEqual({ asset: 'SSA', use_case: 'Finance', year: 2024 });
    expect(
      within(screen.getByRole('tablist', { name: 'Quality checks' }))
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Data Integrity (1)', 'File Integrity (0)', 'File Not Sent (0)', 'Referential (0)']);
    expect(checkTab(/^Data Integrity/).getAttribute('aria-selected')).toBe('true');
  });

  it('shows dates as yyyy-MM-dd and empty cells as "Not available"', async () => {
    serve(quality({ data_integrity: [qualityRow({ file_name_sftp: null, cause: '  ' })] }));
    await openQuality();
    const cells = within(bodyRows()[0] as HTMLElement)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['GENERAL_LEDGER', '2024-03', GOV_TEXTS.notAvailable, '2024-03-05', 'Failed', GOV_TEXTS.notAvailable]);
  });

  it('says there are no errors at all, none for the tab, or none for the filter (listing it)', async () => {
    serve(quality({}));
    await openQuality();
    expect(screen.getByText(GOV_TEXTS.noErrors)).toBeTruthy();
    cleanup();

    serve(quality({ file_integrity: [qualityRow({ table_name: 'GL' })] }));
    await openQuality();
    expect(screen.getByText('There are no "Data Integrity" errors to report at this time.')).toBeTruthy();
    fireEvent.click(checkTab(/^File Integrity/));
    pick('Table name', 'GL');
    pick('Status', 'success');
    expect(screen.getByText('No data available for filter (Table name: GL, Status: success)')).toBeTruthy();
  });

  it('reads a failed call as no results (logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    govServer({
      [AUTH]: () => access({ SSA: ['Finance/Quality'] }),
      [YEARS]: () => [2024],
      [QUALITY]: () => new Response('{}', { status: 500 }),
    });
    await openQuality();
    expect(screen.getByText(GOV_TEXTS.noErrors)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('filters by table name, status, year (as a number) and month, and searches every field whatever the case', async () => {
    serve(
      quality({
        data_integrity: [
          qualityRow({ table_name: 'GL', status: 'failed', year: 2024, month: 3 }),
          qualityRow({ table_name: 'GL', status: 'success', year: 2023, month: 3 }),
          qualityRow({ table_name: 'CAPEX', status: 'failed', year: 2024, month: 4, detailed_cause_fix: 'Re-export from SAP' }),
          qualityRow({ table_name: 'HR', status: 'delayed', year: 2024, month: 4, sample: [{ line: 3, column: 'grade', value: 'Zeta' }] }),
        ],
      }),
    );
    await openQuality();
    expect(firstCells()).toEqual(['GL', 'GL', 'CAPEX', 'HR']);
    pick('Table name', 'GL');
    expect(firstCells()).toEqual(['GL', 'GL']);
    pick('Year', '2023');
    expect(firstCells()).toEqual(['GL']);
    pick('Table name', '');
    pick('Year', '');
    pick('Status', 'failed');
    expect(firstCells()).toEqual(['GL', 'CAPEX']);
    pick('Month', '4');
    expect(firstCells()).toEqual(['CAPEX']);
    expect(
      within(filter('Month'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Mar', 'Apr']);
    pick('Status', '');
    pick('Month', '');

    const search = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'sap' } });
    expect(firstCells()).toEqual(['CAPEX']);
    fireEvent.change(search, { target: { value: 'ZETA' } });
    expect(firstCells()).toEqual(['HR']);
    fireEvent.change(search, { target: { value: 'Delayed' } });
    expect(firstCells()).toEqual(['HR']);
  });

  it('shows 10 rows a page with numbered page buttons and ellipses', async () => {
    const rows = Array.from({ length: 95 }, (_, i) => qualityRow({ table_name: `T${String(i + 1).padStart(2, '0')}` }));
    serve(quality({ data_integrity: rows }));
    await openQuality();
    const pages = () => screen.getByRole('navigation', { name: 'Pages' });
    expect(bodyRows()).toHaveLength(10);
    expect(pages().textContent).toBe('12345…10');
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(pages().textContent).toBe('1…456…10');
    expect(firstCells()[0]).toBe('T41');
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(firstCells()).toEqual(['T91', 'T92', 'T93', 'T94', 'T95']);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    // A filter starts again from page 1.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'T1' } });
    expect(firstCells()).toEqual(['T10', 'T11', 'T12', 'T13', 'T14', 'T15', 'T16', 'T17', 'T18', 'T19']);
  });

  it('opens a row’s error details, and its "Download file" asks for the link and opens it', async () => {
    const opened = vi.spyOn(browser, 'openInNewTab').mockImplementation(() => {});
    const server = serve(
      quality({
        mapping_coverage: [
          qualityRow({ table_name: 'GL', value: 12.5, 'Reference Name': 'Accounts' }),
          qualityRow({ table_name: 'CAPEX', url: null, sample: [] }),
        ],
      }),
    );
    await openQuality();
    fireEvent.click(checkTab(/^Referential/));
    expect(within(bodyRows()[0] as HTMLElement).getByText('12.5%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Error details of GL, 2024-03' }));
    const dialog = screen.getByRole('dialog', { name: 'Referential - GL' });
    for (const text of ['Missing values', 'Column amount is empty on 2 lines', 'Fill in every amount', 'amount', '12']) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    expect(within(within(dialog).getByRole('table', { name: 'Failing rows sample' })).getAllByRole('row')).toHaveLength(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download file' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://portal.test/api/data_gov/file?token=t1'));
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/download')[0]?.body).toEqual({ gs_url: 'uploads/ssa/finance/gl.xlsx' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    // A click anywhere on the row opens it too.
    fireEvent.click(within(bodyRows()[1] as HTMLElement).getAllByRole('cell')[3] as HTMLElement);
    const noFile = screen.getByRole('dialog', { name: 'Referential - CAPEX' });
    expect(within(noFile).queryByRole('button', { name: 'Download file' })).toBeNull();
  });

  it('exports the filtered rows as CSV with formula-like cells neutralised', async () => {
    let saved: Blob | null = null;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:mock';
    });
    URL.revokeObjectURL = vi.fn();
    serve(
      quality({
        data_integrity: [
          qualityRow({ table_name: 'GL', cause: '=HYPERLINK("http://evil")' }),
          qualityRow({ table_name: 'HR', cause: '@SUM(A1)' }),
        ],
      }),
    );
    await openQuality();
    pick('Table name', 'GL');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const text = await (saved as unknown as Blob).text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"Table name","Period","File name","Received","Status","Cause"');
    expect(lines[1]).toContain(`"GL","2024-03","GL_2024_03.xlsx","2024-03-05","failed","'=HYPERLINK(""http://evil"")"`);
  });

  it('shows per check each table’s monthly history as squares, newest right, and filters on the latest status', async () => {
    serve(
      quality({
        file_not_received: [
          qualityRow({ table_name: 'GL', month: 3, status: 'delayed' }),
          qualityRow({ table_name: 'GL', month: 1, status: 'success' }),
          qualityRow({ table_name: 'GL', month: 2, status: 'failed' }),
          qualityRow({ table_name: 'HR', month: 3, status: 'success' }),
        ],
      }),
    );
    await openQuality();
    fireEvent.click(screen.getByRole('button', { name: 'By check' }));
    const group = screen.getByRole('region', { name: 'File Not Sent' });
    const squares = within(group).getByRole('list', { name: 'File Not Sent history of GL' });
    expect(
      within(squares)
        .getAllByRole('listitem')
        .map((s) => [s.getAttribute('title'), s.getAttribute('data-status')]),
    ).toEqual([
      ['2024-01: Success', 'success'],
      ['2024-02: Failed', 'failed'],
      ['2024-03: Delayed', 'delayed'],
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'success' } });
    expect(within(group).queryByRole('list', { name: 'File Not Sent history of GL' })).toBeNull();
    expect(within(group).getByRole('list', { name: 'File Not Sent history of HR' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Data Integrity' })).getByText(GOV_TEXTS.noData)).toBeTruthy();
  });
});

/** The use-case tab as the shell shows it, with a button that reopens it with other params. */
function Harness({ first, second }: { first: Record<string, string>; second: Record<string, string> }) {
  const [params, setParams] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setParams({ ...second })}>
        reopen
      </button>
      <GovernanceApp tab={{ id: 52, appId: 'Data_gov/Finance', title: 'Finance', icon: 'shield-check', externalLink: null, params }} />
    </>
  );
}

describe('opened from the overview', () => {
  it('goes to the BU’s Quality tab with the check, table and year preselected, and follows new params', async () => {
    const server = serve(
      quality({
        mapping_coverage: [qualityRow({ table_name: 'GL', year: 2023 }), qualityRow({ table_name: 'CAPEX', year: 2023 })],
        file_integrity: [qualityRow({ table_name: 'CAPEX', year: 2023 })],
      }),
    );
    renderWithProviders(
      <Harness
        first={{ check: 'mapping_coverage', table: 'GL', bu: 'SSA/AMA', year: '2023' }}
        second={{ check: 'file_integrity', table: 'CAPEX', bu: 'SSA/AMA', year: '2023' }}
      />,
    );
    await screen.findByRole('tablist', { name: 'Quality checks' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Finance - SSA/AMA');
    expect(checkTab(/^Referential/).getAttribute('aria-selected')).toBe('true');
    expect((filter('Table name') as HTMLSelectElement).value).toBe('GL');
    expect((filter('Year') as HTMLSelectElement).value).toBe('2023');
    expect(firstCells()).toEqual(['GL']);
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/quality')[0]?.body).toEqual({ asset: 'SSA', use_case: 'Finance', year: 2023 });

    fireEvent.click(screen.getByRole('tab', { name: 'Ingestion' }));
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    await screen.findByRole('tablist', { name: 'Quality checks' });
    expect(checkTab(/^File Integrity/).getAttribute('aria-selected')).toBe('true');
    expect((filter('Table name') as HTMLSelectElement).value).toBe('CAPEX');
  });

  it('shows AMA’s results for AMA’s row under SSA/AMA, and lets the user switch between the two (item 4)', async () => {
    const server = serve(quality({ file_integrity: [qualityRow({ table_name: 'GL', year: 2023 })] }));
    renderWithProviders(
      <Harness
        first={{ check: 'file_integrity', table: 'GL', bu: 'SSA/AMA', unit: 'AMA', year: '2023' }}
        second={{ check: 'file_integrity', table: 'GL', bu: 'SSA/AMA', unit: 'SSA', year: '2023' }}
      />,
    );
    await screen.findByRole('tablist', { name: 'Quality checks' });
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/quality')[0]?.body).toEqual({ asset: 'AMA', use_case: 'Finance', year: 2023 });
    const unit = screen.getByRole('combobox', { name: 'Business unit' }) as HTMLSelectElement;
    expect(unit.value).toBe('AMA');
    expect([...unit.options].map((o) => o.value)).toEqual(['SSA', 'AMA']);
    fireEvent.change(unit, { target: { value: 'SSA' } });
    await waitFor(() => expect(server.callsTo('POST', '/api/data_gov/gouvernance/quality').at(-1)?.body).toMatchObject({ asset: 'SSA' }));
  });
});
