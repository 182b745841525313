import { CHECK_EXPLANATIONS, GOV_TEXTS, type OverviewResponse } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../api/token-store';
import { TabsProvider, useTabs } from '../../../shell/tabs/TabsProvider';
import { jsonResponse, makeJwt } from '../../../test/helpers';
import { renderWithProviders } from '../../../test/render';
import { deferred, govServer } from '../test/gov-kit';
import { hqRow, overviewRow } from '../test/quality-kit';
import { OverviewApp } from './OverviewApp';

const OVERVIEW = 'GET /api/data_gov/gouvernance/overview';
const YEARS = 'GET /api/data_gov/gouvernance/get_years';
const ALL_USE_CASES = ['Traffic', 'Finance', 'Retail', 'Communication', 'Carparks', 'Ops', 'HR'];

function signInHolding(useCases: string[]) {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', apps: useCases.map((u) => `Data_gov/${u}`) }));
}

/** The shell's open tabs, as the test reads them. */
function OpenTabs() {
  const { tabs, activeId } = useTabs();
  return <output data-testid="open-tabs">{JSON.stringify({ activeId, tabs: tabs.map((t) => ({ id: t.id, params: t.params })) })}</output>;
}

function renderOverview(tabId = 50) {
  return renderWithProviders(
    <TabsProvider>
      <OverviewApp tab={{ id: tabId, appId: 'Data_gov/Overview', title: 'Overview', icon: 'shield-check', externalLink: null }} />
      <OpenTabs />
    </TabsProvider>,
  );
}

const openTabs = () => JSON.parse(screen.getByTestId('open-tabs').textContent ?? '{}');
const buSelector = () => screen.getByRole('combobox', { name: GOV_TEXTS.buSelection });
const chooseBu = (bu: string) => fireEvent.change(buSelector(), { target: { value: bu } });
const card = (useCase: string) => screen.getByRole('region', { name: useCase });
const cardTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
const tableRow = (useCase: string, table: string) => within(card(useCase)).getByRole('row', { name: new RegExp(`^${table}`) });

beforeEach(() => signInHolding(ALL_USE_CASES));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function serve(overview: OverviewResponse | (() => unknown), years: number[] = [2024]) {
  return govServer({
    [OVERVIEW]: typeof overview === 'function' ? overview : () => overview,
    [YEARS]: () => years,
    'GET /api/shell/menu': () => ({ items: [] }),
  });
}

describe('overview screen', () => {
  it('says it is loading, then asks for a BU among those of the year, SSA and AMA merged, and titles the chosen one', async () => {
    const answer = deferred<unknown>();
    serve(() => answer.promise);
    renderOverview();
    expect(screen.getByText(GOV_TEXTS.loadingOverview)).toBeTruthy();
    answer.resolve({
      overview_data: {
        '2024': { SSA: { Finance: [overviewRow('GL')] }, AMA: { Traffic: [overviewRow('FLIGHTS')] }, LGW: { HR: [overviewRow('STAFF')] } },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu })).toBeTruthy();
    expect(
      within(buSelector())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a BU', 'LGW', 'SSA/AMA']);
    expect(screen.queryByRole('region')).toBeNull();

    chooseBu('SSA/AMA');
    expect(screen.getByRole('heading', { level: 1, name: 'Data Governance - SSA/AMA' })).toBeTruthy();
    expect(cardTitles()).toEqual(['Traffic', 'Finance']);
    expect(screen.getByText('2 use cases')).toBeTruthy();
  });

  it('says there is no data when the year has none, and when the call fails (logged, nothing else shown)', async () => {
    serve({ overview_data: {} });
    const { unmount } = renderOverview();
    expect(await screen.findByText(GOV_TEXTS.noData)).toBeTruthy();
    unmount();

    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    serve(() => jsonResponse({ message: 'boom' }, 500, 'Internal Server Error'));
    renderOverview();
    expect(await screen.findByText(GOV_TEXTS.noData)).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('starts on the latest year and offers the others', async () => {
    serve(
      { overview_data: { '2023': { SCA: { Ops: [overviewRow('GATES')] } }, '2024': { ANA: { Ops: [overviewRow('GATES')] } } } },
      [2023, 2024],
    );
    renderOverview();
    const year = await screen.findByRole('combobox', { name: 'Year:' });
    expect((year as HTMLSelectElement).value).toBe('2024');
    expect(
      within(buSelector())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a BU', 'ANA']);
    fireEvent.change(year, { target: { value: '2023' } });
    expect(
      within(buSelector())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a BU', 'SCA']);
  });

  it('shows only the use cases the user holds', async () => {
    signInHolding(['Traffic', 'HR']);
    serve({ overview_data: { '2024': { SCA: { Traffic: [overviewRow('A')], Finance: [overviewRow('B')], HR: [overviewRow('C')] } } } });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SCA');
    expect(cardTitles()).toEqual(['Traffic', 'HR']);
    expect(screen.getByText('2 use cases')).toBeTruthy();
  });

  it('shows 4 cards, then a "{n} more" divider that reveals the rest', async () => {
    const sixUseCases = Object.fromEntries(ALL_USE_CASES.slice(0, 6).map((u) => [u, [overviewRow('T')]]));
    const fourUseCases = Object.fromEntries(ALL_USE_CASES.slice(0, 4).map((u) => [u, [overviewRow('T')]]));
    serve({ overview_data: { '2024': { SCA: sixUseCases, ANA: fourUseCases } } });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SCA');
    expect(cardTitles()).toEqual(['Traffic', 'Finance', 'Retail', 'Communication']);
    fireEvent.click(screen.getByRole('button', { name: '2 more' }));
    expect(cardTitles()).toEqual(ALL_USE_CASES.slice(0, 6));
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();

    chooseBu('ANA');
    expect(cardTitles()).toHaveLength(4);
    expect(screen.queryByRole('button', { name: /more$/ })).toBeNull();
  });
});

describe('use-case cards', () => {
  const rows = [
    overviewRow('GL', { file_integrity: -1, file_integrity_messages: 'Columns missing: amount' }),
    overviewRow('CAPEX', { mapping_coverage: 12.5 }),
    overviewRow('BUDGET', { mapping_coverage: 0, file_not_received: 0 }),
    overviewRow('RECEIVABLES', { mapping_coverage: null, last_updated: null }),
  ];

  it('counts the failed alerts, highlights failing rows, and says "No alerts" on a clean card', async () => {
    serve({ overview_data: { '2024': { SSA: { Finance: rows, Retail: [overviewRow('EPOS')] } } } });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SSA/AMA');
    expect(within(card('Finance')).getByText('2 failed alerts')).toBeTruthy();
    expect(within(card('Retail')).getByText('No alerts')).toBeTruthy();
    const failing = (table: string) => tableRow('Finance', table).getAttribute('data-failing');
    expect([failing('GL'), failing('CAPEX'), failing('BUDGET'), failing('RECEIVABLES')]).toEqual(['true', 'true', null, null]);

    const gl = tableRow('Finance', 'GL');
    expect(within(gl).getByText('2024-03-31')).toBeTruthy();
    expect(within(gl).getByRole('button', { name: 'File Integrity of GL: failed. Open in Quality' }).getAttribute('title')).toBe(
      'Columns missing: amount',
    );
    expect(within(tableRow('Finance', 'BUDGET')).getByText('Not checked')).toBeTruthy();
    expect(within(tableRow('Finance', 'RECEIVABLES')).getAllByText(GOV_TEXTS.notAvailable)).toHaveLength(2);
  });

  it('explains each column in a keyboard-reachable tooltip at most 200 px wide', async () => {
    serve({ overview_data: { '2024': { SCA: { Finance: rows } } } });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SCA');
    const about = within(card('Finance')).getByRole('button', { name: 'About Referential' });
    const tip = document.getElementById(about.getAttribute('aria-describedby') ?? '');
    expect(tip?.getAttribute('role')).toBe('tooltip');
    expect(tip?.textContent).toBe(CHECK_EXPLANATIONS.mapping_coverage);
    expect(tip?.style.maxWidth).toBe('200px');
    expect(tip?.hidden).toBe(true);
    act(() => about.focus());
    expect(document.activeElement).toBe(about);
    expect(tip?.hidden).toBe(false);
    fireEvent.keyDown(about, { key: 'Escape' });
    expect(tip?.hidden).toBe(true);
    const headerLabel = (header: HTMLElement) => header.querySelector('span')?.firstChild?.textContent;
    expect(within(card('Finance')).getAllByRole('columnheader').map(headerLabel)).toEqual([
      'Table name',
      'End Date',
      'Data Integrity',
      'File Integrity',
      'File not sent',
      'Referential',
    ]);
  });

  it('colours coverage red below 30, orange below 60, light green below 90, else dark green, as percent', async () => {
    const values = [0, 29.9, 30, 59.9, 60, 89.9, 90];
    serve({ overview_data: { '2024': { SCA: { Retail: values.map((v) => overviewRow(`T${v}`, { mapping_coverage: v })) } } } });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SCA');
    const coverage = values.map((v) => within(tableRow('Retail', `T${v}`)).getByRole('button', { name: /Referential of/ }));
    expect(coverage.map((c) => c.getAttribute('data-colour'))).toEqual([
      'red',
      'red',
      'orange',
      'orange',
      'light-green',
      'light-green',
      'dark-green',
    ]);
    expect(coverage.map((c) => c.textContent)).toEqual(['0%', '29.9%', '30%', '59.9%', '60%', '89.9%', '90%']);
  });

  it('opens the use case’s tab on its Quality filter from a failed cell or a coverage value, BU and year included', async () => {
    serve({ overview_data: { '2024': { SSA: { Finance: rows }, AMA: { Traffic: [overviewRow('FLIGHTS', { mapping_coverage: 45 })] } } } });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SSA/AMA');

    fireEvent.click(within(tableRow('Finance', 'GL')).getByRole('button', { name: /File Integrity of GL: failed/ }));
    expect(openTabs()).toMatchObject({
      activeId: 52,
      tabs: [{ id: 9 }, { id: 52, params: { check: 'file_integrity', table: 'GL', bu: 'SSA/AMA', unit: 'SSA', year: '2024' } }],
    });

    // Outside Finance the merged choice splits: the Traffic row is AMA's.
    fireEvent.click(within(tableRow('Traffic', 'FLIGHTS')).getByRole('button', { name: /Referential of FLIGHTS/ }));
    expect(openTabs().activeId).toBe(51);
    expect(openTabs().tabs[2]).toEqual({
      id: 51,
      params: { check: 'mapping_coverage', table: 'FLIGHTS', bu: 'AMA', unit: 'AMA', year: '2024' },
    });

    // Passed cells open nothing.
    expect(within(tableRow('Finance', 'GL')).queryByRole('button', { name: /Data Integrity of GL/ })).toBeNull();
  });
});

describe('SSA and AMA in one Finance card (item 4)', () => {
  it('labels each row with its BU, says which delivery it shows, and opens AMA’s own results', async () => {
    serve({
      overview_data: {
        '2024': {
          SSA: { Finance: [overviewRow('GL', { period: '2024-10', file_name: 'SSA_GL_2024_10.csv' })] },
          AMA: { Finance: [overviewRow('GL', { file_integrity: -1, period: '2024-10', file_name: null })] },
        },
      },
    });
    renderOverview();
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SSA/AMA');
    const rows = within(card('Finance')).getAllByRole('row', { name: /^GL/ });
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'GLSSA2024-10 · SSA_GL_2024_10.csv',
      'GLAMA2024-10 · no file received (failing)',
    ]);
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /File Integrity of GL: failed/ }));
    expect(openTabs().tabs[1]).toEqual({
      id: 52,
      params: { check: 'file_integrity', table: 'GL', bu: 'SSA/AMA', unit: 'AMA', year: '2024' },
    });
  });
});

describe('the demo warehouse (item 15)', () => {
  it('says it is being prepared, how far it is, and reloads when it is done', async () => {
    let status = { preparing: true, done: 12, total: 240 };
    const server = govServer({
      [OVERVIEW]: () => ({ overview_data: {} }),
      [YEARS]: () => [2024],
      'GET /api/shell/menu': () => ({ items: [] }),
      'GET /api/data_gov/gouvernance/demo-status': () => status,
    });
    renderOverview();
    expect(
      await screen.findByText('Demo data is being prepared (12 of 240 deliveries): results are incomplete until it is done.'),
    ).toBeTruthy();
    const overviewCalls = server.callsTo('GET', '/api/data_gov/gouvernance/overview').length;
    status = { preparing: false, done: 240, total: 240 };
    await act(() => new Promise((r) => setTimeout(r, 3200)));
    expect(screen.queryByText(/Demo data is being prepared/)).toBeNull();
    expect(server.callsTo('GET', '/api/data_gov/gouvernance/overview').length).toBeGreaterThan(overviewCalls);
  }, 10_000);
});

describe('overview HQ', () => {
  it('renders overview_hq with all four checks as flags; a -1 coverage fails the row', async () => {
    serve(
      {
        overview_data: { '2024': { SCA: { Finance: [overviewRow('GL')] } } },
        overview_hq: { '2024': { SCA: { Finance: [hqRow('GL', { mapping_coverage: -1 }), hqRow('CAPEX', { mapping_coverage: 0 })] } } },
      },
      [2024],
    );
    renderOverview(49);
    await screen.findByRole('heading', { level: 1, name: GOV_TEXTS.chooseBu });
    chooseBu('SCA');
    expect(within(card('Finance')).getByText('1 failed alert')).toBeTruthy();
    expect(tableRow('Finance', 'GL').getAttribute('data-failing')).toBe('true');
    fireEvent.click(within(tableRow('Finance', 'GL')).getByRole('button', { name: 'Referential of GL: failed. Open in Quality' }));
    expect(openTabs().tabs[1]).toMatchObject({ id: 52, params: { check: 'mapping_coverage', bu: 'SCA' } });
    expect(within(tableRow('Finance', 'CAPEX')).getAllByText('Not checked')).toHaveLength(1);
  });

  it('has no data for a user without the HQ part of the answer', async () => {
    serve({ overview_data: { '2024': { SCA: { Finance: [overviewRow('GL')] } } } });
    renderOverview(49);
    expect(await screen.findByText(GOV_TEXTS.noData)).toBeTruthy();
  });
});
