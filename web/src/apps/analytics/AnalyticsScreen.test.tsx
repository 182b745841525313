import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { TabsProvider, useTabs } from '../../shell/tabs/TabsProvider';
import { recordDownloads, type SavedFile } from '../../test/downloads';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { AnalyticsScreen } from './AnalyticsScreen';
import { resultCsv } from './format';
import { ANSWER_ID, CATALOGUE, monthlyAnswer } from './test/analytics-kit';

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

type Handler = (body: unknown) => unknown;
const BASE = '/api/generative_analytics';

/** A fetch that answers the app's routes; each call is recorded with its parsed JSON body. */
function serve(routes: Record<string, Handler>) {
  const calls: { key: string; body: unknown }[] = [];
  const all: Record<string, Handler> = {
    [`GET ${BASE}/catalogue`]: () => CATALOGUE,
    [`GET ${BASE}/history`]: () => ({ items: [] }),
    [`GET ${BASE}/saved`]: () => ({ items: [] }),
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(String(input), 'http://localhost').pathname}`;
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body });
      const handler = all[key];
      if (!handler) return jsonResponse({ message: `No route for ${key}` }, 404, 'Not Found');
      const answer = await handler(body);
      return answer instanceof Response ? answer : answer === undefined ? new Response(null, { status: 204 }) : jsonResponse(answer);
    }),
  );
  return { calls, to: (key: string) => calls.filter((c) => c.key === key) };
}

function OpenTabs() {
  const { tabs } = useTabs();
  return <output data-testid="open-tabs">{JSON.stringify(tabs.map((t) => ({ id: t.id, params: t.params })))}</output>;
}

function renderScreen() {
  return renderWithProviders(
    <TabsProvider>
      <AnalyticsScreen />
      <OpenTabs />
    </TabsProvider>,
  );
}

const box = () => screen.getByLabelText('Your question') as HTMLTextAreaElement;
function typeAndEnter(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  fireEvent.keyDown(box(), { key: 'Enter' });
}

let downloads: SavedFile[];
beforeEach(() => {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', apps: ['Talk_to_my_data', 'Data_gov/Finance'] }));
  downloads = recordDownloads();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the screen', () => {
  it('is a region of the portal’s main landmark, not a second main (issue 33)', async () => {
    serve({});
    const { container } = renderScreen();
    expect(container.querySelectorAll('main')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Talk to my data' })).toBeTruthy();
  });
});

describe('asking', () => {
  it('offers the catalogue suggestions as chips and asks one when clicked', async () => {
    const server = serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    renderScreen();
    const chips = await screen.findByTestId('analytics-suggestions');
    fireEvent.click(within(chips).getByRole('button', { name: 'Revenue by month this year' }));
    await screen.findByTestId('analytics-answer');
    expect(server.to(`POST ${BASE}/ask`).map((c) => c.body)).toEqual([{ question: 'Revenue by month this year' }]);
  });

  it('sends the typed question with Enter, says it is reading, and shows the server message when it fails', async () => {
    let release: (r: Response) => void = () => {};
    serve({ [`POST ${BASE}/ask`]: () => new Promise<Response>((resolve) => (release = resolve)) });
    renderScreen();
    typeAndEnter('revenue by month');
    expect(await screen.findByText('Reading your data...')).toBeTruthy();
    release(jsonResponse({ message: 'The warehouse took too long: ask for fewer months.' }, 503, 'Service Unavailable'));
    expect((await screen.findByRole('alert')).textContent).toBe('The warehouse took too long: ask for fewer months.');
  });

  it('does not send with Shift+Enter or an empty box', async () => {
    const server = serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    renderScreen();
    fireEvent.keyDown(box(), { key: 'Enter' });
    fireEvent.change(box(), { target: { value: 'revenue' } });
    fireEvent.keyDown(box(), { key: 'Enter', shiftKey: true });
    await screen.findByTestId('analytics-suggestions');
    expect(server.to(`POST ${BASE}/ask`)).toHaveLength(0);
  });
});

describe('the answer', () => {
  it('shows the reading, how it was read, notices and quality as warnings, the chart and the rows 20 a page', async () => {
    serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    renderScreen();
    typeAndEnter('revenue by month');
    await screen.findByTestId('analytics-answer');
    expect(screen.getByTestId('analytics-narrative').textContent).toContain('Revenue went from');
    expect(screen.getByTestId('analytics-understood').textContent).toBe('Revenue by Month');
    expect(screen.getByTestId('analytics-period').textContent).toBe('2025-11 to 2026-01');
    expect(screen.getByTestId('analytics-notices').textContent).toContain('You may read SSA only');
    expect(screen.getByTestId('analytics-quality').textContent).toContain('2025-07 is missing for SSA.');
    expect(screen.getByRole('img', { name: 'Chart: Revenue by Month' })).toBeTruthy();
    await waitFor(() => expect(charts.options.length).toBeGreaterThan(0));
    const option = charts.options.at(-1) as { xAxis: { data: string[] }; series: { type: string; data: number[] }[] };
    expect(option.xAxis.data.slice(0, 2)).toEqual(['2024-01', '2024-02']);
    expect(option.series.map((s) => s.type)).toEqual(['line']);
    expect(option.series[0]!.data).toHaveLength(25);
    const table = screen.getByTestId('analytics-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Month', 'Revenue (EUR)']);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('2024-011,234,567.89');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(within(screen.getByTestId('analytics-table')).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
  });

  it('says when there is no data, as a warning and in the reading, without an empty table or chart', async () => {
    serve({
      [`POST ${BASE}/ask`]: () =>
        monthlyAnswer({
          result: { ...monthlyAnswer().result!, rows: [] },
          chart: 'table',
          narrative: 'There is no data for this question in your scope.',
          notices: ['No revenue data in your scope for this question.'],
          quality: [],
        }),
    });
    renderScreen();
    typeAndEnter('revenue by month');
    expect((await screen.findByTestId('analytics-notices')).textContent).toBe('No revenue data in your scope for this question.');
    expect(screen.getByTestId('analytics-narrative').textContent).toBe('There is no data for this question in your scope.');
    expect(screen.queryByTestId('analytics-table')).toBeNull();
    expect(screen.queryByTestId('analytics-chart')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).toBeNull();
  });

  it('shows a single value as a card with its unit', async () => {
    serve({
      [`POST ${BASE}/ask`]: () =>
        monthlyAnswer({
          chart: 'card',
          result: {
            columns: [{ id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' }],
            rows: [[98765.4]],
            truncated: false,
            sql: 'SELECT 1',
          },
        }),
    });
    renderScreen();
    typeAndEnter('revenue last month');
    const card = await screen.findByTestId('analytics-card');
    expect(card.textContent).toBe('Revenue98,765.4 EUR');
    expect(screen.queryByTestId('analytics-chart')).toBeNull();
  });

  it('shows a clarification as the question back, with the words not used', async () => {
    serve({
      [`POST ${BASE}/ask`]: () =>
        monthlyAnswer({
          status: 'clarification',
          clarification: 'Which figure do you mean? Revenue, Departing passengers…',
          ignored: ['how', 'things'],
          result: null,
          chart: null,
          narrative: null,
        }),
    });
    renderScreen();
    typeAndEnter('how are things');
    const clarification = await screen.findByTestId('analytics-clarification');
    expect(clarification.textContent).toContain('Which figure do you mean?');
    expect(within(clarification).getByTestId('analytics-ignored').textContent).toBe('Words I did not use: “how”, “things”');
    expect(screen.queryByTestId('analytics-table')).toBeNull();
  });

  it('explains how it was computed, with the SQL to copy', async () => {
    serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderScreen();
    typeAndEnter('revenue by month');
    const computed = await screen.findByTestId('analytics-computed');
    expect(computed.textContent).toContain('MeasuresRevenue');
    expect(computed.textContent).toContain('Filtersbu = SSA');
    expect(computed.textContent).toContain('Periodevery month held');
    expect(within(computed).getByTestId('analytics-sql').textContent).toContain('SELECT month, sum(amount)');
    fireEvent.click(within(computed).getByRole('button', { name: 'Copy SQL' }));
    await within(computed).findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(monthlyAnswer().result!.sql);
  });

  it("shows each KPI's checks for the months used: passed, failed with the checks, missing", async () => {
    const answer = monthlyAnswer({
      qualityStatus: [
        {
          useCase: 'Finance',
          kpi: 'Revenue',
          table: 'GENERAL_LEDGER',
          months: [
            { bu: 'SSA', month: '2025-01', status: 'passed', failedChecks: [] },
            { bu: 'SSA', month: '2025-02', status: 'failed', failedChecks: ['Data Integrity', 'Referential'] },
            { bu: 'SSA', month: '2025-03', status: 'missing', failedChecks: [] },
          ],
        },
      ],
    });
    serve({ [`POST ${BASE}/ask`]: () => answer });
    renderScreen();
    typeAndEnter('revenue by month');
    expect((await screen.findByTestId('kpi-quality')).textContent).toBe(
      '1 month passed, 1 failed (SSA 2025-02: Data Integrity, Referential), 1 missing (SSA 2025-03)',
    );
  });

  it('shows no quality status for an answer stored before it existed', async () => {
    serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    renderScreen();
    typeAndEnter('revenue by month');
    await screen.findByTestId('analytics-kpis');
    expect(screen.queryByTestId('kpi-quality')).toBeNull();
  });

  it('opens the KPI use case governance tab from Lineage and Quality', async () => {
    serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    renderScreen();
    typeAndEnter('revenue by month');
    const kpis = await screen.findByTestId('analytics-kpis');
    fireEvent.click(within(kpis).getByRole('button', { name: 'Lineage' }));
    expect(JSON.parse(screen.getByTestId('open-tabs').textContent!)).toContainEqual({
      id: 52,
      params: { view: 'Lineage', kpi: 'Revenue' },
    });
    fireEvent.click(within(kpis).getByRole('button', { name: 'Quality' }));
    expect(JSON.parse(screen.getByTestId('open-tabs').textContent!)).toContainEqual({
      id: 52,
      params: { view: 'Quality', kpi: 'Revenue', table: 'GENERAL_LEDGER' },
    });
  });
});

describe('export', () => {
  it('saves the rows as CSV, text guarded against formulas and numbers kept as numbers', async () => {
    const answer = monthlyAnswer({
      result: {
        columns: [
          { id: 'account', label: 'Account', kind: 'dimension', unit: null },
          { id: 'revenue', label: 'Revenue', kind: 'measure', unit: 'EUR' },
        ],
        rows: [
          ['=HYPERLINK("x")', -12.5],
          ['Fuel', 40],
        ],
        truncated: false,
        sql: 'SELECT 1',
      },
      chart: 'table',
    });
    serve({ [`POST ${BASE}/ask`]: () => answer });
    renderScreen();
    typeAndEnter('revenue by account');
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(downloads.map((d) => d.name)).toEqual(['revenue-by-month.csv']);
    expect(resultCsv(answer.result!)).toBe('"Account","Revenue (EUR)"\r\n"\'=HYPERLINK(""x"")",-12.5\r\n"Fuel",40');
    expect(await downloads[0]!.blob.text()).toContain('"\'=HYPERLINK(""x"")",-12.5');
  });
});

describe('export of the chart', () => {
  it('saves the drawn chart as PNG', async () => {
    serve({ [`POST ${BASE}/ask`]: () => monthlyAnswer() });
    renderScreen();
    typeAndEnter('revenue by month');
    const png = await screen.findByRole('button', { name: 'Export PNG' });
    await waitFor(() => expect((png as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(png);
    expect(downloads.map((d) => d.name)).toEqual(['revenue-by-month.png']);
    expect(downloads[0]!.blob.type).toBe('image/png');
    expect(await downloads[0]!.blob.text()).toBe('PNG-BYTES');
  });
});

describe('history and saved questions', () => {
  it('reopens an answer from the history, deletes one, and saves, asks again and removes a saved question', async () => {
    let history = [{ id: ANSWER_ID, question: 'revenue by month', status: 'answered', createdAt: '2026-11-24T10:00:00.000Z' }];
    let saved: { id: string; title: string; question: string; createdAt: string }[] = [];
    const server = serve({
      [`GET ${BASE}/history`]: () => ({ items: history }),
      [`GET ${BASE}/history/${ANSWER_ID}`]: () => monthlyAnswer(),
      [`DELETE ${BASE}/history/${ANSWER_ID}`]: () => {
        history = [];
        return undefined;
      },
      [`GET ${BASE}/saved`]: () => ({ items: saved }),
      [`POST ${BASE}/saved`]: (body) => {
        const { title, question } = body as { title: string; question: string };
        saved = [{ id: 'b3c1d9e2-0000-4000-8000-000000000001', title, question, createdAt: '2026-11-24T10:05:00.000Z' }];
        return saved[0];
      },
      [`DELETE ${BASE}/saved/b3c1d9e2-0000-4000-8000-000000000001`]: () => {
        saved = [];
        return undefined;
      },
      [`POST ${BASE}/ask`]: (body) => monthlyAnswer({ question: (body as { question: string }).question }),
    });
    renderScreen();
    const historyList = await screen.findByTestId('analytics-history');
    fireEvent.click(await within(historyList).findByText('revenue by month'));
    await screen.findByTestId('analytics-answer');
    expect(box().value).toBe('revenue by month');
    expect(server.to(`POST ${BASE}/ask`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save question' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Monthly revenue' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const savedList = screen.getByTestId('analytics-saved');
    fireEvent.click(await within(savedList).findByText('Monthly revenue'));
    await waitFor(() => expect(server.to(`POST ${BASE}/ask`).map((c) => c.body)).toEqual([{ question: 'revenue by month' }]));
    expect(server.to(`POST ${BASE}/saved`).map((c) => c.body)).toEqual([{ title: 'Monthly revenue', question: 'revenue by month' }]);

    fireEvent.click(within(savedList).getByRole('button', { name: 'Remove Monthly revenue' }));
    await within(savedList).findByText('Save a question to ask it again later.');
    fireEvent.click(within(historyList).getByRole('button', { name: 'Remove revenue by month' }));
    await within(historyList).findByText('Your questions appear here.');
  });
});
