import { GOV_TEXTS, GOVERNANCE, type IngestionItem } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { access, allFinished, awaitingKpis, checksRow, type GovCall, govServer, ingestionItem, openBu, signIn } from '../test/gov-kit';

const NOW = new Date(Date.UTC(2026, 4, 15, 12));
const VALIDATE = '/api/data_gov/ingestion/validate';
const REJECT = '/api/data_gov/ingestion/reject';

let items: IngestionItem[];
let validateAnswer: (call: GovCall) => unknown;
let afterReject: IngestionItem | null = null;
const pendingRow = (i: IngestionItem): IngestionItem =>
  ingestionItem({
    file_type: i.file_type,
    version: i.version,
    status: { loaded: 'pending', checkfile: 'pending', checkKpis: 'pending', processed: 'pending' },
  });

function reviewServer() {
  return govServer({
    'GET /api/data_gov/gouvernance/authorized-bus': () => access({ SSA: ['Finance/Ingestion'] }),
    'GET /api/data_gov/ingestion/data': () => items,
    [`POST ${VALIDATE}`]: (call) => validateAnswer(call),
    [`POST ${REJECT}`]: (call) => {
      // The server discards the file: the row is what the month still has.
      items = items.map((i) =>
        i.tmp_bucket_url === (call.body as { tmp_bucket_url: string }).tmp_bucket_url ? (afterReject ?? pendingRow(i)) : i,
      );
      return { ok: true };
    },
  });
}

const gl = ingestionItem({
  file_type: 'GENERAL_LEDGER',
  status: { ...awaitingKpis },
  tmp_bucket_url: 'gs://tmp/gl.xlsx',
  kpis: {
    Revenue: [
      ['Month', 'Revenue'],
      ['May', '1 200'],
    ],
    Margin: [
      ['Month', 'Margin'],
      ['May', '12%'],
    ],
  },
});
const supplier = ingestionItem({
  file_type: 'SUPPLIER_OPEX',
  version: 'R1',
  status: { ...awaitingKpis },
  tmp_bucket_url: 'gs://tmp/supplier.xlsx',
  kpis: {
    Opex: [
      ['Month', 'Opex'],
      ['May', '300'],
    ],
  },
});

async function openReview(period?: string) {
  await openBu('Finance', 'SSA/AMA');
  if (period) {
    await screen.findByRole('table', { name: 'File Checks' });
    fireEvent.click(screen.getByRole('button', { name: period }));
    await waitFor(() => expect(screen.getByRole('button', { name: period }).getAttribute('aria-pressed')).toBe('true'));
  }
  // A new period mounts a new panel once its data is in.
  return screen.findByRole('region', { name: 'KPI review' });
}

beforeEach(() => {
  afterReject = null;
  localStorage.clear();
  localStorage.setItem(GOVERNANCE.helpStorageKey, 'true');
  signIn();
  items = [gl];
  validateAnswer = () => ({ file_type: 'GENERAL_LEDGER', version: null, status: { ...allFinished }, error: null });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('KPI review', () => {
  it('shows the notice and one table per KPI, the first row as header', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    reviewServer();
    const panel = await openReview();
    expect(within(panel).getByText(GOV_TEXTS.importantNotice)).toBeTruthy();
    expect(panel.textContent).toContain('replaces the data already stored for May 2026');
    const revenue = within(panel).getByRole('table', { name: 'Revenue' });
    expect(
      within(revenue)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Revenue']);
    expect(
      within(revenue)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['May', '1 200']);
    expect(within(panel).getByRole('table', { name: 'Margin' })).toBeTruthy();
  });

  it('asks for confirmation before validating the current month; Escape and an outside click cancel', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const server = reviewServer();
    const panel = await openReview();
    const validate = within(panel).getByRole('button', { name: GOV_TEXTS.buttons.validate });

    fireEvent.click(validate);
    expect(await screen.findByRole('alertdialog', { name: GOV_TEXTS.confirmationRequired })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();

    fireEvent.click(validate);
    await screen.findByRole('alertdialog', { name: GOV_TEXTS.confirmationRequired });
    fireEvent.mouseDown(screen.getByTestId('governance-modal-backdrop'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.callsTo('POST', VALIDATE)).toHaveLength(0);

    fireEvent.click(validate);
    const dialog = await screen.findByRole('alertdialog', { name: GOV_TEXTS.confirmationRequired });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(server.callsTo('POST', VALIDATE)).toHaveLength(1));
    expect(server.callsTo('POST', VALIDATE)[0]?.form).toEqual([
      ['file_asset', 'SSA'],
      ['file_type', 'GENERAL_LEDGER'],
      ['month', '5'],
      ['year', '2026'],
      ['tmp_bucket_url', 'gs://tmp/gl.xlsx'],
    ]);
    expect(await within(checksRow('GENERAL_LEDGER')).findByRole('button', { name: GOV_TEXTS.buttons.complete })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'KPI review' })).toBeNull();
  });

  it('validates a past month directly', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const server = reviewServer();
    const panel = await openReview('Apr 2026');
    fireEvent.click(within(panel).getByRole('button', { name: GOV_TEXTS.buttons.validate }));
    await waitFor(() => expect(server.callsTo('POST', VALIDATE)).toHaveLength(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.callsTo('POST', VALIDATE)[0]?.form).toContainEqual(['month', '4']);
  });

  it('confirms several files one after another, 2 s apart, and applies the last answer', async () => {
    vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
    items = [gl, supplier];
    let answers = 0;
    validateAnswer = () => {
      answers += 1;
      // Only the last answer counts: the first would have put the rows in error.
      return answers === 1
        ? { status: { ...allFinished, processed: 'error' }, error: { title: 'ignored', description: '' } }
        : { status: { ...allFinished }, error: null };
    };
    const server = reviewServer();
    const review = await openReview('Apr 2026');
    fireEvent.click(within(review).getByRole('button', { name: GOV_TEXTS.buttons.validate }));

    await waitFor(() => expect(server.callsTo('POST', VALIDATE)).toHaveLength(1));
    expect(server.callsTo('POST', VALIDATE)[0]?.form).toContainEqual(['file_type', 'GENERAL_LEDGER']);
    expect(within(review).getByRole('button', { name: GOV_TEXTS.buttons.validating })).toBeTruthy();
    expect(within(checksRow('SUPPLIER_OPEX R1')).getByRole('button', { name: GOV_TEXTS.buttons.validating })).toBeTruthy();

    await act(async () => vi.advanceTimersByTime(GOVERNANCE.kpiConfirmDelayMs - 500));
    expect(server.callsTo('POST', VALIDATE)).toHaveLength(1);
    await act(async () => vi.advanceTimersByTime(600));
    await waitFor(() => expect(server.callsTo('POST', VALIDATE)).toHaveLength(2));
    expect(server.callsTo('POST', VALIDATE)[1]?.form).toEqual([
      ['file_asset', 'SSA'],
      ['file_type', 'SUPPLIER_OPEX'],
      ['file_version', 'R1'],
      ['month', '4'],
      ['year', '2026'],
      ['tmp_bucket_url', 'gs://tmp/supplier.xlsx'],
    ]);
    expect(await within(checksRow('GENERAL_LEDGER')).findByRole('button', { name: GOV_TEXTS.buttons.complete })).toBeTruthy();
    expect(within(checksRow('SUPPLIER_OPEX R1')).getByRole('button', { name: GOV_TEXTS.buttons.complete })).toBeTruthy();
  });

  it('rejects: every stage back to pending and the panel closes', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    const server = reviewServer();
    const panel = await openReview();
    fireEvent.click(within(panel).getByRole('button', { name: GOV_TEXTS.buttons.reject }));
    await waitFor(() => expect(server.callsTo('POST', REJECT)).toHaveLength(1));
    expect(server.callsTo('POST', REJECT)[0]?.body).toEqual({
      file_asset: 'SSA',
      file_type: 'GENERAL_LEDGER',
      month: 5,
      year: 2026,
      tmp_bucket_url: 'gs://tmp/gl.xlsx',
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await within(checksRow('GENERAL_LEDGER')).findByRole('button', { name: GOV_TEXTS.buttons.load })).toBeTruthy();
    const statuses = [...checksRow('GENERAL_LEDGER').querySelectorAll('[data-stage]')].map((s) => s.getAttribute('data-status'));
    expect(statuses).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(screen.queryByRole('region', { name: 'KPI review' })).toBeNull();
  });

  it('rejects a re-upload: the row shows the delivery the month already had processed', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    afterReject = ingestionItem({
      file_type: 'GENERAL_LEDGER',
      status: { loaded: 'finished', checkfile: 'finished', checkKpis: 'finished', processed: 'finished' },
      final_filename: 'SSA_GL_2026_05.csv',
      file_url: 'governance/uploads/SSA/finance/1/SSA_GL_2026_05.csv',
    });
    reviewServer();
    const panel = await openReview();
    fireEvent.click(within(panel).getByRole('button', { name: GOV_TEXTS.buttons.reject }));
    expect(await within(checksRow('GENERAL_LEDGER')).findByRole('button', { name: GOV_TEXTS.buttons.complete })).toBeTruthy();
    expect(checksRow('GENERAL_LEDGER').textContent).toContain('SSA_GL_2026_05.csv');
  });
});
