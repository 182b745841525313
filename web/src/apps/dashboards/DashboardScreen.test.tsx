import { CHAT_CREDIT_MARKER } from '@hangar/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { TabsProvider, useTabs } from '../../shell/tabs/TabsProvider';
import type { Tab } from '../../shell/tabs/tabs-reducer';
import { recordDownloads, type SavedFile } from '../../test/downloads';
import { makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { setChatMode } from '../chat';
import { DashboardScreen } from './DashboardScreen';
import { catalogue, financeData, SESSION_ID } from './test/dashboard-kit';
import { type Handler, serve } from './test/serve';

// jsdom has no canvas: the chart library is replaced by a recorder of what it was given.
const charts = vi.hoisted(() => ({ options: [] as unknown[] }));
vi.mock('../admin/analytics/echarts-setup', () => ({
  echarts: {
    init: () => ({
      setOption: (option: unknown) => charts.options.push(option),
      resize: () => {},
      dispose: () => {},
      getDataURL: () => `data:image/png;base64,${btoa('PNG-BYTES')}`,
    }),
  },
}));

// The first chart of the file imports the chart module: slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const TOKEN = 'embed-token';
const reportResponse = (key: string) => ({ reports: [{ id: key, embedUrl: `/api/v1/dashboard/${key}/data` }], token: TOKEN });

function routes(over: Record<string, Handler> = {}, minutes = 35): Record<string, Handler> {
  return {
    'GET /api/v1/dashboards': () => catalogue(minutes),
    'POST /api/v1/dashboard/create-session': () => ({ uuid: SESSION_ID }),
    [`GET /api/v1/dashboard/get-session/${SESSION_ID}`]: () => ({ start_time: new Date().toISOString() }),
    [`DELETE /api/v1/dashboard/delete-session/${SESSION_ID}`]: () => undefined,
    [`GET /api/v1/dashboard/finance/${SESSION_ID}`]: () => reportResponse('finance'),
    [`GET /api/v1/dashboard/traffic-operations/${SESSION_ID}`]: () => reportResponse('traffic-operations'),
    'GET /api/v1/dashboard/finance/data': (_b, url) => financeData(url.searchParams.get('from') ? 2 : 1),
    'GET /api/v1/dashboard/traffic-operations/data': () => financeData(),
    'POST /api/v1/dashboard/report-rendered': () => undefined,
    ...over,
  };
}

const tabOf = (id: number, title: string): Tab => ({ id, appId: 'Dashboard/Finance', title, icon: 'bar-chart-3', externalLink: null });

function Harness({ tab }: { tab: Tab }) {
  const { tabs, openTab } = useTabs();
  const open = tabs.some((t) => t.id === tab.id);
  return (
    <>
      <button type="button" onClick={() => openTab(tab)}>
        open
      </button>
      {open && <DashboardScreen tab={tab} />}
      <output data-testid="open-tabs">{JSON.stringify(tabs.map((t) => ({ id: t.id, params: t.params })))}</output>
    </>
  );
}

function renderTab(id: number, title: string) {
  const view = renderWithProviders(
    <TabsProvider>
      <Harness tab={tabOf(id, title)} />
    </TabsProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'open' }));
  return view;
}
const openTabs = () => JSON.parse(screen.getByTestId('open-tabs').textContent!) as { id: number; params?: Record<string, string> }[];
// The chart module is imported when the first chart mounts: slow on a busy machine.
const rendered = () => waitFor(() => expect(screen.getByTestId('dashboard-report').dataset.state).toBe('rendered'), { timeout: 8000 });

let downloads: SavedFile[];
beforeEach(() => {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', apps: ['Dashboard/Finance'], airport: 'SSA' }));
  charts.options = [];
  setChatMode('CLASSIC');
  downloads = recordDownloads();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the dashboard report screen', () => {
  it('lists the BU dashboards of 10–49 in the strip, draws the widgets and posts the render time', async () => {
    const server = serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    const strip = screen.getByRole('tablist', { name: 'Dashboards' });
    // HQ Finance is another section and 1111111 is outside 10–49: neither is in the BU strip.
    expect(
      within(strip)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Finance', 'Airport ID', 'Capex']);
    expect(within(strip).getByRole('tab', { name: 'Finance' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('widget-card').textContent).toBe('3,000 EUR');
    expect(within(screen.getByTestId('widget-table')).getByText('4,500')).toBeTruthy();
    expect(charts.options).toHaveLength(1);
    // The data route was called with the embed token of the report response.
    expect(server.to('GET /api/v1/dashboard/finance/data')[0]!.url.searchParams.get('token')).toBe(TOKEN);
    await waitFor(() => expect(server.to('POST /api/v1/dashboard/report-rendered')).toHaveLength(1));
    const posted = server.to('POST /api/v1/dashboard/report-rendered')[0]!.body as { sessionId: string; renderTime: number };
    expect(posted.sessionId).toBe(SESSION_ID);
    expect(posted.renderTime).toBeGreaterThanOrEqual(0);
    expect(posted.renderTime).toBeLessThan(60);
  });

  it('places widgets on the 12-column grid from their x, y, w and h', async () => {
    serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    const line = screen.getAllByTestId('dashboard-widget').find((w) => w.dataset.widget === 'revenue-by-month')!;
    expect(line.style.getPropertyValue('--col')).toBe('1 / span 6');
    expect(line.style.getPropertyValue('--row')).toBe('3 / span 4');
  });

  it('asks again with the period and shows the new numbers', async () => {
    const server = serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01' } });
    await waitFor(() => expect(screen.getByTestId('widget-card').textContent).toBe('6,000 EUR'));
    const last = server.to('GET /api/v1/dashboard/finance/data').at(-1)!.url.searchParams;
    expect(last.get('from')).toBe('2026-01');
    expect(last.get('to')).toBeNull();
    // The BU filter offers the BUs the numbers come from; the airport the user's token names.
    const bu = screen.getByLabelText('BU') as HTMLSelectElement;
    expect([...bu.options].map((o) => o.value)).toEqual(['', 'AMA', 'SSA']);
    fireEvent.change(bu, { target: { value: 'SSA' } });
    await waitFor(() => expect(server.to('GET /api/v1/dashboard/finance/data').at(-1)!.url.searchParams.get('bu')).toBe('SSA'));
    expect([...(screen.getByLabelText('Airport') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'SSA']);
  });

  it('shows the notices a widget carries', async () => {
    serve(routes({ 'GET /api/v1/dashboard/finance/data': () => financeData(1, ['You may read SSA only: the numbers cover SSA.']) }));
    renderTab(22, 'Finance');
    expect((await screen.findByTestId('widget-notices')).textContent).toBe('You may read SSA only: the numbers cover SSA.');
  });

  it('states the period of every figure', async () => {
    serve(routes());
    renderTab(22, 'Finance');
    expect((await screen.findAllByTestId('widget-period'))[0]!.textContent).toBe('Period: 2025-11 to 2026-01');
    expect(screen.queryByTestId('different-periods')).toBeNull();
  });

  it('says when cards side by side cover different periods', async () => {
    const twoPeriods = financeData();
    twoPeriods.widgets.push({ ...twoPeriods.widgets[0]!, id: 'budget', title: 'Budget', period: '2026-01 to 2026-12' });
    twoPeriods.widgets[0]!.period = '2025-01 to 2025-12';
    serve(routes({ 'GET /api/v1/dashboard/finance/data': () => twoPeriods }));
    renderTab(22, 'Finance');
    expect((await screen.findByTestId('different-periods')).textContent).toBe(
      'The figures on this page cover different periods: Revenue 2025-01 to 2025-12, Budget 2026-01 to 2026-12.',
    );
  });

  it('takes a month-end card at the end of the others’ period as the same period', async () => {
    const withStock = financeData();
    withStock.widgets[0]!.period = '2026-08 to 2026-10';
    withStock.widgets.push({ ...withStock.widgets[0]!, id: 'overdue', title: 'Overdue receivables', period: '2026-10' });
    serve(routes({ 'GET /api/v1/dashboard/finance/data': () => withStock }));
    renderTab(22, 'Finance');
    await screen.findAllByTestId('widget-period');
    expect(screen.queryByTestId('different-periods')).toBeNull();
  });

  it('says once that other currencies are converted, not under every card', async () => {
    const converted = financeData();
    for (const w of converted.widgets)
      w.notices = [`Amounts in other currencies converted to EUR at the monthly rates of FX_RATES (SSA ${w.id}).`];
    serve(routes({ 'GET /api/v1/dashboard/finance/data': () => converted }));
    renderTab(22, 'Finance');
    expect((await screen.findAllByTestId('dashboard-scope')).map((p) => p.textContent)).toEqual([
      'Amounts in other currencies are converted to EUR at the monthly rates of FX_RATES; each figure’s “Where do these numbers come from?” lists the rates files it read.',
    ]);
    expect(screen.queryByTestId('widget-notices')).toBeNull();
  });

  it('says the caller’s scope once for the page, not under every widget', async () => {
    const scoped = financeData();
    for (const w of scoped.widgets) w.notices = [`${w.title}: answered within your access, SSA, AMA only.`];
    serve(routes({ 'GET /api/v1/dashboard/finance/data': () => scoped }));
    renderTab(22, 'Finance');
    expect((await screen.findAllByTestId('dashboard-scope')).map((p) => p.textContent)).toEqual([
      'Every figure on this page is answered within your access, SSA, AMA only.',
    ]);
    expect(screen.queryByTestId('widget-notices')).toBeNull();
  });

  it('says why a dashboard is unavailable instead of drawing an empty frame', async () => {
    const server = serve(routes());
    renderTab(13, 'Airport ID');
    expect((await screen.findByTestId('dashboard-unavailable')).textContent).toContain('No governed data for airport profiles yet.');
    expect(server.calls.some((c) => c.key.includes('/api/v1/dashboard/airport-id'))).toBe(false);
  });

  it('opens the strip of tab 2 on its first dashboard and switches in place', async () => {
    serve(routes());
    renderTab(2, 'BU Dashboards');
    await rendered();
    fireEvent.click(screen.getByRole('tab', { name: 'Airport ID' }));
    expect(await screen.findByTestId('dashboard-unavailable')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Airport ID' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('where the numbers come from, and exports', () => {
  it('lists KPI definitions, deliveries and quality, and links to the Quality tab filtered to the table', async () => {
    serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    const card = screen.getAllByTestId('dashboard-widget')[0]!;
    fireEvent.click(within(card).getByRole('button', { name: 'Where do these numbers come from?' }));
    const popover = screen.getByRole('dialog', { name: 'Where “Revenue” comes from' });
    expect(popover.textContent).toContain('Sum of amounts on revenue accounts (class 7)');
    expect(within(popover).getByTestId('widget-deliveries').textContent).toContain('finance/SSA/GENERAL_LEDGER/2026-01/ledger.parquet');
    expect(within(popover).getByTestId('kpi-quality').textContent).toBe('1 month passed, 1 failed (AMA 2026-01: Data Integrity)');
    fireEvent.click(within(popover).getByRole('button', { name: 'Quality' }));
    expect(openTabs()).toContainEqual({ id: 52, params: { view: 'Quality', kpi: 'Revenue', table: 'GENERAL_LEDGER' } });
    fireEvent.click(within(popover).getByRole('button', { name: 'Lineage' }));
    expect(openTabs()).toContainEqual({ id: 52, params: { view: 'Lineage', kpi: 'Revenue' } });
  });

  it('closes the popover with Escape', async () => {
    serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    fireEvent.click(screen.getAllByRole('button', { name: 'Where do these numbers come from?' })[0]!);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports a widget as formula-safe CSV, and charts (only) as PNG', async () => {
    serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    const [card, line, table] = screen.getAllByTestId('dashboard-widget');
    expect(within(card!).queryByRole('button', { name: 'Export PNG' })).toBeNull();
    expect(within(table!).queryByRole('button', { name: 'Export PNG' })).toBeNull();
    fireEvent.click(within(table!).getByRole('button', { name: 'Export CSV' }));
    const csv = await downloads[0]!.blob.text();
    expect(downloads[0]!.name).toBe('revenue-by-account.csv');
    expect(csv).toBe('"Account","Revenue (EUR)"\r\n"\'=HYPERLINK(""x"")",-1500\r\n"706100",4500\r\n');
    fireEvent.click(within(line!).getByRole('button', { name: 'Export PNG' }));
    expect(downloads[1]!.name).toBe('revenue-by-month.png');
    expect(await downloads[1]!.blob.text()).toBe('PNG-BYTES');
  });
});

describe('the session', () => {
  it('is checked every 30 seconds and, once expired, is deleted and the tab closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const started = new Date(Date.now() - 50_000).toISOString();
    const server = serve(routes({ [`GET /api/v1/dashboard/get-session/${SESSION_ID}`]: () => ({ start_time: started }) }, 1));
    renderTab(22, 'Finance');
    await rendered();
    expect(openTabs().map((t) => t.id)).toContain(22);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    // 80 s after its start: the session of one minute is over.
    await waitFor(() => expect(openTabs().map((t) => t.id)).not.toContain(22));
    // Once when the tab opens (to know when it ends), once 30 seconds later.
    expect(server.to(`GET /api/v1/dashboard/get-session/${SESSION_ID}`)).toHaveLength(2);
    expect(server.to(`DELETE /api/v1/dashboard/delete-session/${SESSION_ID}`).length).toBeGreaterThanOrEqual(1);
  });

  it('stays open while the session lives', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(server.to(`GET /api/v1/dashboard/get-session/${SESSION_ID}`)).toHaveLength(3);
    expect(openTabs().map((t) => t.id)).toContain(22);
    expect(screen.queryByTestId('session-ending')).toBeNull();
  });

  it('says, in its last five minutes, when the session ends and what happens then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const started = new Date(Date.now() - 31 * 60_000).toISOString();
    serve(routes({ [`GET /api/v1/dashboard/get-session/${SESSION_ID}`]: () => ({ start_time: started }) }));
    renderTab(22, 'Finance');
    await rendered();
    expect((await screen.findByTestId('session-ending')).textContent).toBe(
      'This dashboard session ends in 4 minutes (sessions last 35 minutes). The tab then closes; open the dashboard again from the menu to go on.',
    );
    await act(() => vi.advanceTimersByTimeAsync(3.5 * 60_000));
    await waitFor(() => expect(screen.getByTestId('session-ending').textContent).toContain('ends in less than a minute'));
  });

  it('closes the tab when the server no longer knows the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(routes({ [`GET /api/v1/dashboard/get-session/${SESSION_ID}`]: () => new Response('{"message":"expired"}', { status: 404 }) }));
    renderTab(22, 'Finance');
    // Checked when the tab opens: closed at once, without waiting for the next check.
    await waitFor(() => expect(openTabs().map((t) => t.id)).not.toContain(22));
  });
});

describe('the assistant panel', () => {
  it('is offered only on tab 1111111', async () => {
    serve(routes());
    renderTab(22, 'Finance');
    await rendered();
    expect(screen.queryByRole('button', { name: 'Assistant AI' })).toBeNull();
  });

  it('opens in ASSISTANT_OPEN with the welcome text and three examples, and streams an answer without the credit chunk', async () => {
    const server = serve(
      routes({
        'POST /api/nav_chat/askstream': () =>
          new Response(`Aircraft movements by month:\n\n| Month | Movements |\n|---|---|\n| 2026-01 | 120 |\n${CHAT_CREDIT_MARKER}0`, {
            headers: { 'content-type': 'text/plain' },
          }),
      }),
    );
    renderTab(1111111, 'Traffic & Operations');
    await rendered();
    const toggle = screen.getByRole('button', { name: 'Assistant AI' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(toggle);
    const panel = screen.getByRole('complementary', { name: 'Dashboard assistant' });
    expect(panel.textContent).toContain('Ask me where a KPI or a chart is found');
    const examples = within(panel).getAllByRole('listitem');
    expect(examples).toHaveLength(3);
    fireEvent.click(within(panel).getByRole('button', { name: 'Aircraft movements by month' }));
    const answer = await within(panel).findByTestId('assistant-answer');
    await waitFor(() => expect(answer.textContent).toContain('120'));
    expect(answer.textContent).not.toContain(CHAT_CREDIT_MARKER);
    expect(server.to('POST /api/nav_chat/askstream')[0]!.body).toMatchObject({
      message: 'Aircraft movements by month',
      uc: 'Traffic',
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Close the assistant' }));
    expect(screen.queryByRole('complementary', { name: 'Dashboard assistant' })).toBeNull();
  });

  it('closes when the chat returns to classic mode (leaving tab 9)', async () => {
    serve(routes());
    renderTab(1111111, 'Traffic & Operations');
    await rendered();
    fireEvent.click(screen.getByRole('button', { name: 'Assistant AI' }));
    expect(screen.getByRole('complementary', { name: 'Dashboard assistant' })).toBeTruthy();
    act(() => setChatMode('CLASSIC'));
    expect(screen.queryByRole('complementary', { name: 'Dashboard assistant' })).toBeNull();
  });
});
