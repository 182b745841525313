import { GOV_TEXTS, GOVERNANCE, type IngestionItem, type UploadResult } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../api/navigation';
import { jsonResponse } from '../../../test/helpers';
import {
  access,
  allFinished,
  awaitingKpis,
  checksRow,
  deferred,
  dropFiles,
  type GovCall,
  govServer,
  ingestionItem,
  openBu,
  pending,
  periodButtons,
  signIn,
  xlsx,
} from '../test/gov-kit';

const NOW = new Date(Date.UTC(2026, 4, 15, 12));
const DATA = 'GET /api/data_gov/ingestion/data';
const UPLOAD = 'POST /api/data_gov/ingestion/file';

let items: IngestionItem[];
let uploadAnswer: (call: GovCall) => unknown;

function ingestionServer(extra: Record<string, (call: GovCall) => unknown> = {}) {
  return govServer({
    'GET /api/data_gov/gouvernance/authorized-bus': () =>
      access({
        SSA: ['Finance/Ingestion', 'Traffic/Ingestion', 'Retail/Ingestion'],
        AMA: ['Finance/Ingestion'],
        ANA: ['Traffic/Ingestion'],
      }),
    [DATA]: () => items,
    [UPLOAD]: (call) => uploadAnswer(call),
    ...extra,
  });
}

const selectValue = (label: string) => (screen.getByRole('combobox', { name: label }) as HTMLSelectElement).value;
const optionsOf = (label: string) =>
  within(screen.getByRole('combobox', { name: label }))
    .getAllByRole('option')
    .map((o) => o.textContent);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  localStorage.clear();
  localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  signIn();
  items = [
    ingestionItem({ file_type: 'GENERAL_LEDGER' }),
    ingestionItem({ file_type: 'BUDGET' }),
    ingestionItem({ file_type: 'RECEIVABLES', version: 'AMA' }),
  ];
  uploadAnswer = () => [];
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('month selector', () => {
  it('offers the current month and the 3 before, plus next year for Finance, sent as BUDGET', async () => {
    const server = ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    expect(periodButtons().map((b) => b.textContent)).toEqual(['May 2026', 'Apr 2026', 'Mar 2026', 'Feb 2026', '2027']);
    expect(periodButtons()[0]?.getAttribute('aria-pressed')).toBe('true');
    await screen.findByRole('table', { name: 'File Checks' });
    expect(server.callsTo('GET', '/api/data_gov/ingestion/data')[0]?.query).toEqual({
      use_case: 'Finance',
      asset: 'SSA',
      year: '2026',
      month: '5',
    });

    fireEvent.click(screen.getByRole('button', { name: '2027' }));
    await waitFor(() => expect(server.callsTo('GET', '/api/data_gov/ingestion/data')).toHaveLength(2));
    expect(server.callsTo('GET', '/api/data_gov/ingestion/data')[1]?.query).toEqual({
      use_case: 'Finance',
      asset: 'SSA',
      year: '2027',
      month: '1',
      use_case_type: 'BUDGET',
    });
  });

  it('offers Traffic the previous and the next year', async () => {
    ingestionServer();
    await openBu('Traffic', 'SSA');
    expect(periodButtons().map((b) => b.textContent)).toEqual(['2025', '2027']);
  });

  it('ignores a choice made while the data loads', async () => {
    const answer = deferred<IngestionItem[]>();
    const server = ingestionServer({ [DATA]: () => answer.promise });
    await openBu('Retail', 'SSA');
    expect(periodButtons().map((b) => b.textContent)).toEqual(['May 2026', 'Apr 2026', 'Mar 2026', 'Feb 2026']);
    await waitFor(() => expect(server.callsTo('GET', '/api/data_gov/ingestion/data')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Apr 2026' }));
    expect(screen.getByRole('button', { name: 'May 2026' }).getAttribute('aria-pressed')).toBe('true');
    answer.resolve(items);
    await screen.findByRole('table', { name: 'File Checks' });
    fireEvent.click(screen.getByRole('button', { name: 'Apr 2026' }));
    expect(screen.getByRole('button', { name: 'Apr 2026' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('multi-file loader', () => {
  it('auto-types dropped files and offers the versions of their type', async () => {
    ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    dropFiles(xlsx('SSA_GL_2026_05.xlsx'), xlsx('budget 2026.xlsx'), xlsx('Receivables May.xlsx'));
    expect(selectValue('File type of SSA_GL_2026_05.xlsx')).toBe('GENERAL_LEDGER');
    expect(optionsOf('File type of SSA_GL_2026_05.xlsx')).toEqual(['GENERAL_LEDGER', 'BUDGET', 'RECEIVABLES']);
    expect(within(screen.getByRole('table', { name: 'Files to upload' })).getAllByText(GOV_TEXTS.noVersions)).toHaveLength(1);
    expect(selectValue('File type of budget 2026.xlsx')).toBe('BUDGET');
    expect(optionsOf('Version of budget 2026.xlsx')).toEqual(['B0', 'R1', 'R2', 'R3']);
    expect(selectValue('Version of budget 2026.xlsx')).toBe('B0');
    // SSA receivables are filed per airport.
    expect(optionsOf('Version of Receivables May.xlsx')).toEqual(['SSA', 'AMA']);

    fireEvent.change(screen.getByRole('combobox', { name: 'File type of SSA_GL_2026_05.xlsx' }), { target: { value: 'BUDGET' } });
    expect(selectValue('Version of SSA_GL_2026_05.xlsx')).toBe('B0');
    fireEvent.click(screen.getByRole('button', { name: 'Remove SSA_GL_2026_05.xlsx' }));
    expect(screen.queryByText('SSA_GL_2026_05.xlsx')).toBeNull();
  });

  it('refuses other file kinds and files over 2 GB with a toast', async () => {
    const refused = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    const huge = xlsx('huge GL.xlsx');
    Object.defineProperty(huge, 'size', { value: GOVERNANCE.maxUploadBytes + 1 });
    dropFiles(xlsx('setup.exe'), huge);
    expect(refused).toHaveBeenCalledTimes(2);
    expect(String(refused.mock.calls[1]?.[0])).toContain('larger than 2 GB');
    expect(screen.queryByRole('table', { name: 'Files to upload' })).toBeNull();
  });

  it('says when no type or version is available', async () => {
    items = [];
    ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    expect(await screen.findByText(GOV_TEXTS.noIngestion('SSA/AMA', 'Finance'))).toBeTruthy();
    dropFiles(xlsx('anything.xlsx'));
    expect(screen.getByText(GOV_TEXTS.noOptions)).toBeTruthy();
    expect(screen.getByText(GOV_TEXTS.noVersions)).toBeTruthy();
    // Without a type, confirming does nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Confirm anything.xlsx' }));
    expect(screen.getByText('anything.xlsx')).toBeTruthy();
  });
});

describe('upload', () => {
  const glResult: UploadResult = {
    file_type: 'GENERAL_LEDGER',
    version: null,
    status: { ...awaitingKpis },
    file_id: 'f-1',
    kpis: {
      Revenue: [
        ['Month', 'Value'],
        ['May', '100'],
      ],
    },
    tmp_bucket_url: 'gs://tmp/gl.xlsx',
    error: null,
  };

  it('sends the fields in order, applies the answer and blinks the row', async () => {
    const answer = deferred<UploadResult[]>();
    uploadAnswer = () => answer.promise;
    const server = ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    dropFiles(xlsx('GL May.xlsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm GL May.xlsx' }));

    await waitFor(() => expect(server.callsTo('POST', '/api/data_gov/ingestion/file')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/data_gov/ingestion/file')[0]?.form).toEqual([
      ['file_asset', 'SSA'],
      ['use_case', 'Finance'],
      ['month', '5'],
      ['year', '2026'],
      ['day', String(NOW.getDate())],
      ['file_type', 'GENERAL_LEDGER'],
      ['file', 'file:GL May.xlsx'],
    ]);
    expect(screen.queryByRole('table', { name: 'Files to upload' })).toBeNull();
    // Loaded is running: the row blinks and its button waits.
    await waitFor(() => expect(checksRow('GENERAL_LEDGER').getAttribute('data-blinking')).toBe('true'));
    expect((within(checksRow('GENERAL_LEDGER')).getByRole('button', { name: 'Load File' }) as HTMLButtonElement).disabled).toBe(true);

    items = items.map((i) => (i.file_type === 'GENERAL_LEDGER' ? { ...i, ...glResult } : i));
    await act(async () => answer.resolve([glResult]));
    expect(await within(checksRow('GENERAL_LEDGER')).findByRole('button', { name: 'Check KPIs' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Revenue' })).toBeTruthy();
  });

  it('uploads a linked group in one request, each file with its type and version', async () => {
    items = [
      ingestionItem({ file_type: 'CPXFORECAST', linked: 'CPXFORECAST' }),
      ingestionItem({ file_type: 'CAPEX_FORECAST', linked: 'CPXFORECAST' }),
    ];
    const server = ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    const group = await screen.findByRole('button', { name: /CPXFORECAST/ });
    expect(group.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(group);
    expect(checksRow('CAPEX_FORECAST')).toBeTruthy();

    dropFiles(xlsx('CPXFORECAST_2026.xlsx'), xlsx('CAPEX_R1_2026.xlsx'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Version of CAPEX_R1_2026.xlsx' }), { target: { value: 'R1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm CPXFORECAST_2026.xlsx' }));
    await waitFor(() => expect(server.callsTo('POST', '/api/data_gov/ingestion/file')).toHaveLength(1));
    expect(server.callsTo('POST', '/api/data_gov/ingestion/file')[0]?.form?.slice(5)).toEqual([
      ['file_type', 'CPXFORECAST'],
      ['file_version', 'B0'],
      ['file', 'file:CPXFORECAST_2026.xlsx'],
      ['file_type', 'CAPEX_FORECAST'],
      ['file_version', 'R1'],
      ['file', 'file:CAPEX_R1_2026.xlsx'],
    ]);
    expect(screen.queryByRole('table', { name: 'Files to upload' })).toBeNull();
  });

  it('shows Unexpected Error when the answer is empty', async () => {
    ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    dropFiles(xlsx('GL.xlsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm GL.xlsx' }));
    const seeError = await within(checksRow('GENERAL_LEDGER')).findByRole('button', { name: GOV_TEXTS.buttons.seeError });
    fireEvent.click(seeError);
    const details = screen.getByRole('region', { name: `Error: ${GOV_TEXTS.unexpectedErrorTitle}` });
    expect(details.textContent).toContain(GOV_TEXTS.unexpectedErrorDescription);
    expect(checksRow('GENERAL_LEDGER').querySelector('[data-stage="loaded"]')?.getAttribute('data-status')).toBe('error');
  });

  it('polls every second while the server moves a stage, and stops at the KPI review', async () => {
    items = [ingestionItem({ file_type: 'GENERAL_LEDGER', status: { ...pending, loaded: 'finished', checkfile: 'running' } })];
    const server = ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    items = [ingestionItem({ file_type: 'GENERAL_LEDGER', status: { ...awaitingKpis }, kpis: { Margin: [['KPI'], ['3%']] } })];
    expect(await screen.findByRole('button', { name: 'Check KPIs' }, { timeout: 3000 })).toBeTruthy();
    const polls = server.callsTo('GET', '/api/data_gov/ingestion/data').length;
    expect(polls).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 1500));
    expect(server.callsTo('GET', '/api/data_gov/ingestion/data')).toHaveLength(polls);
  });
});

describe('File Checks', () => {
  it('labels the action by stage and expands sanitised errors and reference messages', async () => {
    items = [
      ingestionItem({ file_type: 'GENERAL_LEDGER', final_filename: 'a-very-long-file-name-that-keeps-going-and-going-2026-05.xlsx' }),
      ingestionItem({ file_type: 'SUPPLIER_OPEX', status: { ...awaitingKpis }, kpis: {} }),
      ingestionItem({ file_type: 'CUSTOMER_REVENUES', status: { ...allFinished }, uploaded_by: 'grace@hangar.local' }),
      ingestionItem({ file_type: 'CAPEX', status: { ...pending, loaded: 'running' } }),
      ingestionItem({
        file_type: 'BUDGET',
        version: 'B0',
        status: { ...pending, loaded: 'finished', checkfile: 'error' },
        error: { title: 'Wrong columns', description: '<p>Column <b>Amount</b> is missing<img src="x" onerror="alert(1)"></p>' },
        check_ref_messages: '<ul><li>Unknown account 4711</li></ul><script>alert(1)</script>',
      }),
    ];
    ingestionServer();
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    const headers = within(screen.getByRole('table', { name: 'File Checks' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['File Type', 'File Name', 'Version', 'Date Uploaded', 'Uploaded By', 'Status', 'Actions']);

    expect(within(checksRow('GENERAL_LEDGER')).getByRole('button', { name: 'Load File' })).toBeTruthy();
    expect(within(checksRow('SUPPLIER_OPEX')).getByRole('button', { name: 'Check KPIs' })).toBeTruthy();
    expect((within(checksRow('CUSTOMER_REVENUES')).getByRole('button', { name: 'Process complete' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect((within(checksRow('CAPEX')).getByRole('button', { name: 'Load File' }) as HTMLButtonElement).disabled).toBe(true);
    expect(checksRow('CAPEX').querySelector('[data-stage="loaded"]')?.getAttribute('data-status')).toBe('running');

    const budget = checksRow('BUDGET B0');
    expect(within(budget).getByRole('button', { name: 'Load File' }).className).toContain('bg-red-700');
    fireEvent.click(within(budget).getByRole('button', { name: GOV_TEXTS.buttons.seeError }));
    const details = screen.getByRole('region', { name: 'Error: Wrong columns' });
    expect(details.textContent).toContain('Column Amount is missing');
    expect(details.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(screen.getByText('Unknown account 4711')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it('leaves the version column to Finance and Traffic', async () => {
    ingestionServer();
    await openBu('Retail', 'SSA');
    await screen.findByRole('table', { name: 'File Checks' });
    expect(screen.queryByRole('columnheader', { name: 'Version' })).toBeNull();
  });

  it('downloads the template (no version for AMA) and logs only the status text of a failure', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    const server = ingestionServer({
      'GET /api/data_gov/ingestion/template': () =>
        fail ? jsonResponse({ message: 'nope' }, 404, 'Not Found') : new Response(new Blob(['xlsx']), { status: 200 }),
    });
    await openBu('Finance', 'SSA/AMA');
    await screen.findByRole('table', { name: 'File Checks' });
    fireEvent.click(within(checksRow('RECEIVABLES AMA')).getByRole('button', { name: 'Actions for RECEIVABLES AMA' }));
    fireEvent.click(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadTemplate }));
    await waitFor(() => expect(saved).toEqual(['RECEIVABLES_template.xlsx']));
    expect(server.callsTo('GET', '/api/data_gov/ingestion/template')[0]?.query).toEqual({
      file_asset: 'SSA',
      file_type: 'RECEIVABLES',
      uc: 'finance',
    });

    fail = true;
    fireEvent.click(within(checksRow('RECEIVABLES AMA')).getByRole('button', { name: 'Actions for RECEIVABLES AMA' }));
    fireEvent.click(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadTemplate }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Download failed: Not Found'));
  });

  it('opens the stored file through the signed link the server returns', async () => {
    items = [ingestionItem({ file_type: 'GENERAL_LEDGER', file_url: 'gs://bucket/finance/gl.xlsx' })];
    const opened = vi.spyOn(browser, 'openInNewTab').mockImplementation(() => {});
    const server = ingestionServer({ 'POST /api/data_gov/gouvernance/download': () => 'https://storage.example/signed/gl.xlsx' });
    await openBu('Finance', 'SSA/AMA');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for GENERAL_LEDGER' }));
    fireEvent.click(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadFile }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://storage.example/signed/gl.xlsx'));
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/download')[0]?.body).toEqual({ gs_url: 'gs://bucket/finance/gl.xlsx' });
  });
});
