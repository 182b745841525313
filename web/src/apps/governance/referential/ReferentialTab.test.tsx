import { GOV_TEXTS, GOVERNANCE, type ReferentialItem } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../../api/navigation';
import { jsonResponse } from '../../../test/helpers';
import { access, deferred, dropFiles, type GovCall, govServer, openBu, referentialItem, signIn, xlsx } from '../test/gov-kit';
import { formatLastModified } from './ReferentialTable';

const MAPPING = '/api/data_gov/referentiel/mapping_file';

let items: ReferentialItem[];
let mappingAnswer: (call: GovCall) => unknown;

function referentialServer(extra: Record<string, (call: GovCall) => unknown> = {}) {
  return govServer({
    'GET /api/data_gov/gouvernance/authorized-bus': () => access({ SCA: ['Retail/Referentiel'], ANA: ['Retail/Referentiel'] }),
    'GET /api/data_gov/referentiel/data': () => items,
    [`POST ${MAPPING}`]: (call) => mappingAnswer(call),
    ...extra,
  });
}

const refRow = (type: string) => within(screen.getByRole('table', { name: 'Referential files' })).getByRole('row', { name: type });

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  signIn();
  items = [
    referentialItem({
      file_type: 'MAPPING_STORES',
      status: 'finished',
      last_modified: '2026-03-07T10:00:00Z',
      template: true,
      file_url: 'gs://hangar/retail/mapping_stores.xlsx',
    }),
    referentialItem({
      file_type: 'MAPPING_BRANDS',
      status: 'error',
      error: { title: 'Unknown brand', description: '<b>ACME</b> is not mapped' },
      file_url: 'gs://hangar/referential/mapping_brands.csv',
      final_filename: 'mapping_brands.csv',
    }),
  ];
  mappingAnswer = () => ({ status: 'finished', error: null });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Referential tab', () => {
  it('lists the files with their date, status and actions', async () => {
    const server = referentialServer();
    await openBu('Retail', 'SCA');
    const table = await screen.findByRole('table', { name: 'Referential files' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File Type', 'Last Modified', 'Status', 'Actions']);
    expect(within(refRow('MAPPING_STORES')).getByText('07 / 03 / 2026')).toBeTruthy();
    expect(within(refRow('MAPPING_STORES')).getByRole('button', { name: GOV_TEXTS.buttons.updateRef })).toBeTruthy();
    fireEvent.click(within(refRow('MAPPING_BRANDS')).getByRole('button', { name: GOV_TEXTS.buttons.seeError }));
    expect(screen.getByRole('region', { name: 'Error: Unknown brand' }).textContent).toContain('ACME is not mapped');
    expect(server.callsTo('GET', '/api/data_gov/referentiel/data')[0]?.query).toEqual({ use_case: 'Retail', file_asset: 'SCA' });
  });

  it('formats Last Modified as dd / mm / yyyy', () => {
    expect(formatLastModified('2026-11-02')).toBe('02 / 11 / 2026');
    expect(formatLastModified(null)).toBe('—');
  });

  it('takes one file, auto-typed ignoring underscores and case, and refuses xls', async () => {
    const refused = vi.spyOn(toast, 'error').mockImplementation(() => 1);
    referentialServer();
    await openBu('Retail', 'SCA');
    await screen.findByRole('table', { name: 'Referential files' });
    dropFiles(xlsx('Mapping-Brands_v2.xls'));
    expect(refused).toHaveBeenCalledOnce();
    dropFiles(xlsx('mappingbrands_2026.csv'));
    dropFiles(xlsx('MAPPING_STORES v3.xlsx'));
    const loader = screen.getByRole('table', { name: 'Files to upload' });
    expect(within(loader).getAllByRole('row')).toHaveLength(2);
    expect((screen.getByRole('combobox', { name: 'File type of MAPPING_STORES v3.xlsx' }) as HTMLSelectElement).value).toBe(
      'MAPPING_STORES',
    );
    expect(within(loader).queryByRole('columnheader', { name: 'Version' })).toBeNull();
  });

  it('updates a file: Update Ref File, then Processing, then Process complete', async () => {
    const answer = deferred<unknown>();
    mappingAnswer = () => answer.promise;
    const server = referentialServer();
    await openBu('Retail', 'SCA');
    await screen.findByRole('table', { name: 'Referential files' });
    dropFiles(xlsx('mapping_stores_2026.xlsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm mapping_stores_2026.xlsx' }));
    expect(await within(refRow('MAPPING_STORES')).findByRole('button', { name: GOV_TEXTS.buttons.processing })).toBeTruthy();
    expect(server.callsTo('POST', MAPPING)[0]?.form).toEqual([
      ['file_asset', 'SCA'],
      ['file_type', 'MAPPING_STORES'],
      ['file', 'file:mapping_stores_2026.xlsx'],
    ]);
    await act(async () => answer.resolve({ status: 'finished', error: null }));
    expect(await within(refRow('MAPPING_STORES')).findByRole('button', { name: GOV_TEXTS.buttons.complete })).toBeTruthy();
  });

  it("shows 'Error' with no description when the upload fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mappingAnswer = () => jsonResponse({ message: 'boom' }, 500, 'Internal Server Error');
    referentialServer();
    await openBu('Retail', 'SCA');
    await screen.findByRole('table', { name: 'Referential files' });
    dropFiles(xlsx('mapping_stores.xlsx'));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm mapping_stores.xlsx' }));
    fireEvent.click(await within(refRow('MAPPING_STORES')).findByRole('button', { name: GOV_TEXTS.buttons.seeError }));
    const details = screen.getByRole('region', { name: `Error: ${GOV_TEXTS.mappingErrorTitle}` });
    expect(details.textContent).toBe(GOV_TEXTS.mappingErrorTitle);
  });

  it('downloads Retail files through the signed link and others as a file; the template only where there is one', async () => {
    const opened = vi.spyOn(browser, 'openInNewTab').mockImplementation(() => {});
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:mock');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = referentialServer({
      'POST /api/data_gov/gouvernance/download': () => 'https://storage.example/signed/stores.xlsx',
      'POST /api/data_gov/referentiel/download': () => new Response(new Blob(['csv']), { status: 200 }),
    });
    await openBu('Retail', 'SCA');
    await screen.findByRole('table', { name: 'Referential files' });

    fireEvent.click(within(refRow('MAPPING_STORES')).getByRole('button', { name: 'Actions for MAPPING_STORES' }));
    expect(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadTemplate })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadFile }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('https://storage.example/signed/stores.xlsx'));
    expect(server.callsTo('POST', '/api/data_gov/gouvernance/download')[0]?.body).toEqual({
      gs_url: 'gs://hangar/retail/mapping_stores.xlsx',
    });
    expect(server.callsTo('POST', '/api/data_gov/referentiel/download')).toHaveLength(0);

    fireEvent.click(within(refRow('MAPPING_BRANDS')).getByRole('button', { name: 'Actions for MAPPING_BRANDS' }));
    expect(screen.queryByRole('menuitem', { name: GOV_TEXTS.buttons.downloadTemplate })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadFile }));
    await waitFor(() => expect(saved).toEqual(['mapping_brands.csv']));
    expect(server.callsTo('POST', '/api/data_gov/referentiel/download')[0]?.body).toEqual({
      gs_url: 'gs://hangar/referential/mapping_brands.csv',
    });
  });

  it('logs a failed download and shows nothing', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    referentialServer({ 'POST /api/data_gov/referentiel/download': () => jsonResponse({ message: 'gone' }, 404, 'Not Found') });
    await openBu('Retail', 'SCA');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for MAPPING_BRANDS' }));
    fireEvent.click(screen.getByRole('menuitem', { name: GOV_TEXTS.buttons.downloadFile }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the BU has no referential data', async () => {
    items = [];
    referentialServer();
    await openBu('Retail', 'ANA');
    expect(await screen.findByText(GOV_TEXTS.noReferential('ANA', 'Retail'))).toBeTruthy();
  });
});
