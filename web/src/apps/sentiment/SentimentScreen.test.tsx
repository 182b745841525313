import type { SentimentAnalysis } from '@hangar/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { jsonResponse, makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { SentimentScreen } from './SentimentScreen';
import { AT, analysis, BASE, doneAnalysis, errorResponse, result, serve } from './test/sentiment-kit';

// The screen polls a running analysis every second; the tests poll every few milliseconds.
vi.mock('./api', async (importOriginal) => ({ ...(await importOriginal<typeof import('./api')>()), POLL_MS: 5 }));

const LOST =
  'The analysis failed. Please try again; if it fails again, contact an administrator. (The server running it stopped before it finished; nothing was charged.)';

beforeEach(() => {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', apps: ['GenAI/Sentiment Analysis'] }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const sheet = (name = 'passenger-feedback.xlsx') => new File(['Comment\nGreat'], name, { type: 'application/octet-stream' });
const pickFile = (file: File) => fireEvent.change(screen.getByLabelText('Choose a sheet to analyse'), { target: { files: [file] } });
const picker = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const runButton = () => screen.getByRole('button', { name: /Run the analysis/ }) as HTMLButtonElement;

describe('recent analyses', () => {
  it('says there is none yet', async () => {
    serve({});
    renderWithProviders(<SentimentScreen />);
    expect(await screen.findByText('No analysis yet: upload a sheet to start.')).toBeTruthy();
    expect(screen.getByText('Drag and drop your .xlsx or .csv file here, or click to select it')).toBeTruthy();
  });

  it('lists each with its file name, rows and state, a long name truncated with the whole name as its title', async () => {
    const long = `${'Passenger comments Terminal 2 departures '.repeat(6)}2026.xlsx`;
    serve({
      [`GET ${BASE}`]: () => [
        analysis({ id: 'a1', file_name: long, rows: 12_345 }),
        analysis({ id: 'a2', file_name: 'queued.csv', rows: 3, state: 'queued' }),
        doneAnalysis({ id: 'a3', file_name: 'done.xlsx', rows: 1_200 }),
        analysis({ id: 'a4', file_name: 'lost.csv', rows: 40, state: 'failed', error: LOST }),
      ],
    });
    renderWithProviders(<SentimentScreen />);
    const items = await screen.findAllByRole('listitem');
    expect(items.map((i) => i.textContent!.split(' · ').slice(0, 2).join(' · '))).toEqual([
      `${long}12,345 rows · not run yet`,
      'queued.csv3 rows · running',
      'done.xlsx1,200 rows · done',
      'lost.csv40 rows · failed',
    ]);
    const name = within(items[0]!).getByText(long);
    expect(name.className).toContain('truncate');
    expect(name.getAttribute('title')).toBe(long);
    expect(screen.queryByText('No analysis yet: upload a sheet to start.')).toBeNull();
  });

  it('shows why the list could not be read', async () => {
    serve({ [`GET ${BASE}`]: () => errorResponse(503, 'The database is not answering: try again in a minute.') });
    renderWithProviders(<SentimentScreen />);
    expect((await screen.findByRole('alert')).textContent).toBe('The database is not answering: try again in a minute.');
  });
});

describe('upload', () => {
  it('sends the picked file as multipart, then proposes the columns the server proposed', async () => {
    const server = serve({ [`POST ${BASE}`]: () => jsonResponse(analysis(), 201) });
    renderWithProviders(<SentimentScreen />);
    await screen.findByText('No analysis yet: upload a sheet to start.');
    pickFile(sheet());
    await screen.findByRole('region', { name: 'Prepare the analysis' });
    const [post] = server.to(`POST ${BASE}`);
    expect(post!.body).toBeInstanceOf(FormData);
    const sent = (post!.body as FormData).get('file') as File;
    expect(sent.name).toBe('passenger-feedback.xlsx');
    expect(await sent.text()).toBe('Comment\nGreat');
    // The browser writes the multipart boundary: the client must not set a content type.
    expect(new Headers(post!.init?.headers).get('content-type')).toBeNull();

    expect(screen.getByText('passenger-feedback.xlsx')).toBeTruthy();
    expect(screen.getByText('12,345 rows, 5 columns')).toBeTruthy();
    expect(picker('Column with the comments').value).toBe('Comment');
    expect(picker('Date column (optional)').value).toBe('Visited');
    expect(picker('Category column (optional)').value).toBe('Terminal');
    expect(screen.getByText('Security was quick and friendly.')).toBeTruthy();
    fireEvent.change(picker('Column with the comments'), { target: { value: 'Remarks' } });
    expect(screen.getByText('Cold coffee.')).toBeTruthy();
    expect(screen.queryByText('Security was quick and friendly.')).toBeNull();
  });

  it('takes a dropped file too', async () => {
    const server = serve({ [`POST ${BASE}`]: () => jsonResponse(analysis({ file_name: 'dropped.csv' }), 201) });
    renderWithProviders(<SentimentScreen />);
    fireEvent.drop(screen.getByTestId('sentiment-dropzone'), { dataTransfer: { files: [sheet('dropped.csv')] } });
    await screen.findByRole('region', { name: 'Prepare the analysis' });
    expect(((server.to(`POST ${BASE}`)[0]!.body as FormData).get('file') as File).name).toBe('dropped.csv');
  });

  it.each([
    [
      413,
      'feedback.xlsx is larger than 50 MB. Keep only the columns the analysis needs (the comments, a date, a category) or split the file, then upload again.',
    ],
    [415, 'Files of type .pdf are not accepted: upload an .xlsx workbook or a .csv file.'],
    [
      400,
      'No column of this sheet holds free text (comments of several words): put the comments in a column with a header in the first row, then upload again.',
    ],
  ])('shows the server message of a %i in an error box and stays on the upload', async (status, message) => {
    serve({ [`POST ${BASE}`]: () => errorResponse(status, message) });
    renderWithProviders(<SentimentScreen />);
    pickFile(sheet());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('region', { name: 'Prepare the analysis' })).toBeNull();
    expect((screen.getByLabelText('Choose a sheet to analyse') as HTMLInputElement).disabled).toBe(false);
  });
});

describe('setup and run', () => {
  /** The upload's answer, then the analysis as each GET of it answers (the test moves it on). */
  function serveRun(extra: Parameters<typeof serve>[0] = {}) {
    const state: { now: SentimentAnalysis } = { now: analysis() };
    const server = serve({
      [`POST ${BASE}`]: () => jsonResponse(analysis(), 201),
      [`GET ${AT}/estimate`]: () => ({ engine: 'gpt4', rows: 12_345, credits: 12.5, remaining_credit: 4321.6 }),
      [`POST ${AT}/run`]: ({ body }) => {
        const b = body as { text_column: string; date_column: string | null; category_column: string | null; engine: string };
        state.now = analysis({ ...b, state: 'queued', step: 'Waiting to start', credits: 12.5 });
        return jsonResponse(state.now, 202);
      },
      [`GET ${AT}`]: () => state.now,
      [`GET ${AT}/result`]: () => result(),
      ...extra,
    });
    return { server, state };
  }

  async function upload(onCreditsChanged = () => {}) {
    renderWithProviders(<SentimentScreen onCreditsChanged={onCreditsChanged} />);
    pickFile(sheet());
    await screen.findByRole('region', { name: 'Prepare the analysis' });
  }

  it('offers the engines, the offline one free without an estimate, a model with its estimate of credits', async () => {
    const { server } = serveRun();
    await upload();
    const engine = picker('Engine');
    await waitFor(() => expect(engine.options).toHaveLength(3));
    expect([...engine.options].map((o) => [o.textContent, o.disabled])).toEqual([
      ['Offline analyser (lexicon, no language model)', false],
      ['GPT 4o', false],
      ['Gemini (not enabled for your access)', true],
    ]);
    expect(engine.value).toBe('offline');
    expect(screen.getByText(/The offline analyser runs inside the portal/)).toBeTruthy();
    expect(screen.queryByTestId('sentiment-estimate')).toBeNull();

    fireEvent.change(engine, { target: { value: 'gpt4' } });
    await waitFor(() =>
      expect(screen.getByTestId('sentiment-estimate').textContent).toBe(
        'This run holds 12.5 credits while it runs, then is charged what the model really used. You have 4322 left.',
      ),
    );
    const [call] = server.to(`GET ${AT}/estimate`);
    expect(Object.fromEntries(call!.search)).toEqual({ text_column: 'Comment', engine: 'gpt4' });

    fireEvent.change(picker('Column with the comments'), { target: { value: 'Remarks' } });
    await waitFor(() => expect(server.to(`GET ${AT}/estimate`)).toHaveLength(2));
    expect(Object.fromEntries(server.to(`GET ${AT}/estimate`)[1]!.search)).toEqual({ text_column: 'Remarks', engine: 'gpt4' });
  });

  it("shows the estimate's refusal", async () => {
    serveRun({ [`GET ${AT}/estimate`]: () => errorResponse(400, 'The text column "Comment" is not a column of x.csv.') });
    await upload();
    await waitFor(() => expect(picker('Engine').options).toHaveLength(3));
    fireEvent.change(picker('Engine'), { target: { value: 'gpt4' } });
    await waitFor(() =>
      expect(screen.getByTestId('sentiment-estimate').textContent).toBe('The text column "Comment" is not a column of x.csv.'),
    );
  });

  it('posts the chosen columns and engine, follows the queued and running steps, then shows the result', async () => {
    const onCreditsChanged = vi.fn();
    const { server, state } = serveRun();
    await upload(onCreditsChanged);
    await waitFor(() => expect(picker('Engine').options).toHaveLength(3));
    fireEvent.change(picker('Engine'), { target: { value: 'gpt4' } });
    fireEvent.change(picker('Category column (optional)'), { target: { value: '' } });
    await screen.findByText(/This run holds 12.5 credits/);
    fireEvent.click(runButton());

    await screen.findByText('Waiting to start');
    expect(server.to(`POST ${AT}/run`).map((c) => c.body)).toEqual([
      { text_column: 'Comment', date_column: 'Visited', category_column: null, engine: 'gpt4' },
    ]);
    expect(onCreditsChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: /Run the analysis/ })).toBeNull();
    expect(picker('Column with the comments').disabled).toBe(true);
    expect(picker('Engine').disabled).toBe(true);

    state.now = { ...state.now, state: 'running', progress: 0.4, step: 'Asking GPT 4o: 4,900 of 12,345 rows' };
    await screen.findByText('Asking GPT 4o: 4,900 of 12,345 rows');
    expect(screen.getByRole('progressbar', { name: 'Analysis progress' }).getAttribute('aria-valuenow')).toBe('40');

    state.now = { ...state.now, state: 'done', progress: 1, step: 'Done', credits: 7.25 };
    const view = await screen.findByRole('region', { name: 'Sentiment result' });
    expect(within(view).getByText('passenger-feedback.xlsx · Comment · gpt4 · 7.25 credits')).toBeTruthy();
    expect(await within(view).findByTestId('sentiment-distribution')).toBeTruthy();
    // Once on start (the hold) and once at the end (the charge), for the portal's balance.
    expect(onCreditsChanged).toHaveBeenCalledTimes(2);
    const polls = server.to(`GET ${AT}`).length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.to(`GET ${AT}`)).toHaveLength(polls);
  });

  it('says how many rows have more fields than the header and where, and runs only with a fix chosen (issue 33 item 15)', async () => {
    const lines = [4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37];
    const cut = analysis({
      file_name: 'feedback.csv',
      rows: 40,
      ragged_rows: { header_fields: 3, delimiter: ',', wider: { count: 12, lines }, narrower: { count: 1, lines: [41] } },
    });
    const { server } = serveRun({ [`POST ${BASE}`]: () => jsonResponse(cut, 201), [`GET ${AT}`]: () => cut });
    await upload();
    const notice = screen.getByRole('region', { name: 'Some rows do not match the header' });
    expect(within(notice).getByTestId('sentiment-ragged-wider').textContent).toContain(
      '12 of 40 rows have more fields than the header (3): a comment holding a “,” without double quotes around it is split there',
    );
    expect(within(notice).getByTestId('sentiment-ragged-wider').textContent).toContain(`Lines ${lines.join(', ')} of the file.`);
    expect(within(notice).getByTestId('sentiment-ragged-narrower').textContent).toBe(
      '1 row has fewer fields than the header: the missing cells are read as empty. Line 41 of the file.',
    );
    await waitFor(() => expect(picker('Engine').options).toHaveLength(3));
    expect(runButton().disabled).toBe(true);
    fireEvent.click(within(notice).getByRole('checkbox', { name: /take the rest of each of these lines as part of “Comment”/ }));
    expect(runButton().disabled).toBe(false);
    fireEvent.click(runButton());
    await waitFor(() => expect(server.to(`POST ${AT}/run`)).toHaveLength(1));
    expect(server.to(`POST ${AT}/run`)[0]!.body).toMatchObject({ text_column: 'Comment', join_extra_fields: true });
  });

  it('offers to upload the fixed file instead', async () => {
    const cut = analysis({
      ragged_rows: { header_fields: 3, delimiter: ';', wider: { count: 2, lines: [3, 5] }, narrower: { count: 0, lines: [] } },
    });
    serveRun({ [`POST ${BASE}`]: () => jsonResponse(cut, 201), [`GET ${AT}`]: () => cut });
    await upload();
    fireEvent.click(screen.getByRole('button', { name: 'Upload the fixed file' }));
    expect(await screen.findByLabelText('Choose a sheet to analyse')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Prepare the analysis' })).toBeNull();
  });

  it("shows the run's refusal, such as too few credits, and stays ready to run", async () => {
    serveRun({ [`POST ${AT}/run`]: () => errorResponse(402, 'You have 3 credits left; this run needs 12.5.') });
    await upload();
    await waitFor(() => expect(runButton().disabled).toBe(false));
    fireEvent.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toBe('You have 3 credits left; this run needs 12.5.');
    expect(runButton().disabled).toBe(false);
  });

  it('says why Run stays disabled when the engines cannot be read', async () => {
    serveRun({ 'GET /api/sentiment/engines': () => errorResponse(503, 'The model catalogue is not answering.') });
    await upload();
    expect((await screen.findByRole('alert')).textContent).toBe('The model catalogue is not answering.');
    expect(runButton().disabled).toBe(true);
  });

  it('goes back to the upload and the refreshed list with "Analyse another file"', async () => {
    const { server } = serveRun();
    await upload();
    const lists = server.to(`GET ${BASE}`).length;
    fireEvent.click(screen.getByRole('button', { name: 'Analyse another file' }));
    expect(screen.getByLabelText('Choose a sheet to analyse')).toBeTruthy();
    await waitFor(() => expect(server.to(`GET ${BASE}`).length).toBe(lists + 1));
  });
});

describe('a failed analysis', () => {
  it('shows its error, keeps the columns and engine of the run, and runs again', async () => {
    const failed = analysis({
      state: 'failed',
      step: 'Failed',
      error: LOST,
      text_column: 'Remarks',
      date_column: null,
      category_column: 'Terminal',
      engine: 'gpt4',
    });
    let now = failed;
    const server = serve({
      [`GET ${BASE}`]: () => [failed],
      [`GET ${AT}/estimate`]: () => ({ engine: 'gpt4', rows: 12_345, credits: 3, remaining_credit: 100 }),
      [`POST ${AT}/run`]: ({ body }) => {
        now = { ...failed, ...(body as object), state: 'running', step: 'Analysing comments', error: null };
        return jsonResponse({ ...now, state: 'queued', step: 'Waiting to start' }, 202);
      },
      [`GET ${AT}`]: () => now,
    });
    renderWithProviders(<SentimentScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /lost|passenger-feedback/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOST);
    expect(picker('Column with the comments').value).toBe('Remarks');
    expect(picker('Date column (optional)').value).toBe('');
    expect(picker('Category column (optional)').value).toBe('Terminal');
    await waitFor(() => expect(runButton().disabled).toBe(false));
    expect(picker('Engine').value).toBe('gpt4');
    fireEvent.click(runButton());
    await screen.findByText('Analysing comments');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(server.to(`POST ${AT}/run`).map((c) => c.body)).toEqual([
      { text_column: 'Remarks', date_column: null, category_column: 'Terminal', engine: 'gpt4' },
    ]);
  });

  it('shows the error of a run that fails while followed, refreshes the balance and offers Run again', async () => {
    const onCreditsChanged = vi.fn();
    const running = analysis({ state: 'running', step: 'Analysing comments', progress: 0.2, text_column: 'Comment', engine: 'gpt4' });
    let now = running;
    serve({
      [`GET ${BASE}`]: () => [running],
      [`GET ${AT}`]: () => now,
      [`GET ${AT}/estimate`]: () => ({ engine: 'gpt4', rows: 12_345, credits: 3, remaining_credit: 100 }),
    });
    renderWithProviders(<SentimentScreen onCreditsChanged={onCreditsChanged} />);
    fireEvent.click(await screen.findByRole('button', { name: /passenger-feedback/ }));
    await screen.findByText('Analysing comments');
    expect(screen.queryByRole('button', { name: /Run the analysis/ })).toBeNull();
    now = { ...running, state: 'failed', step: 'Failed', error: LOST, credits: 0 };
    expect((await screen.findByRole('alert')).textContent).toBe(LOST);
    await waitFor(() => expect(runButton().disabled).toBe(false));
    expect(onCreditsChanged).toHaveBeenCalledTimes(1);
  });

  it('still says it failed when the server kept no error text', async () => {
    serve({ [`GET ${BASE}`]: () => [analysis({ state: 'failed', step: 'Failed', error: null })] });
    renderWithProviders(<SentimentScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /passenger-feedback/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The analysis failed. Please try again; if it fails again, contact an administrator.',
    );
  });
});
