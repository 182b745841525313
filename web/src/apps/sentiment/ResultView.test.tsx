import { focusManager } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../api/token-store';
import { recordDownloads, type SavedFile } from '../../test/downloads';
import { makeJwt } from '../../test/helpers';
import { renderWithProviders } from '../../test/render';
import { SentimentScreen } from './SentimentScreen';
import { AT, BASE, comment, doneAnalysis, errorResponse, result, serve } from './test/sentiment-kit';

let downloads: SavedFile[];
beforeEach(() => {
  setAccessToken(makeJwt({ exp: Math.floor(Date.now() / 1000) + 3600, name: 'Ada', apps: ['GenAI/Sentiment Analysis'] }));
  downloads = recordDownloads();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Opens the finished analysis from the recent list; the result route answers with `answer`. */
async function openResult(routes: Parameters<typeof serve>[0] = {}, analysis = doneAnalysis()) {
  const server = serve({
    [`GET ${BASE}`]: () => [analysis],
    [`GET ${AT}`]: () => analysis,
    [`GET ${AT}/result`]: () => result(),
    ...routes,
  });
  renderWithProviders(<SentimentScreen />);
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(analysis.file_name) }));
  const view = await screen.findByRole('region', { name: 'Sentiment result' });
  await within(view).findByTestId('sentiment-distribution');
  return { server, view };
}

const card = (title: string | RegExp) => screen.getByRole('heading', { name: title }).parentElement!;
const lastQuery = (server: ReturnType<typeof serve>) => Object.fromEntries(server.to(`GET ${AT}/result`).at(-1)!.search);

describe('the result', () => {
  it('shows the distribution, by category and language, the key phrases and the most positive and negative comments', async () => {
    const { server } = await openResult();
    expect(lastQuery(server)).toEqual({});
    expect(screen.getByRole('heading', { name: 'Distribution (1,200 of 1,200 comments)' })).toBeTruthy();
    expect(
      within(screen.getByTestId('sentiment-distribution'))
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Positive: 600 (50%)', 'Neutral: 240 (20%)', 'Negative: 360 (30%)']);
    expect(screen.getByRole('img', { name: '600 positive, 240 neutral, 360 negative' })).toBeTruthy();

    expect(screen.getByRole('heading', { name: 'Over time (by month)' })).toBeTruthy();
    expect(screen.getByTitle('2026-01: 300 positive, 120 neutral, 180 negative')).toBeTruthy();
    const terminals = within(card('By Terminal')).getAllByRole('listitem');
    expect(terminals.map((i) => i.textContent)).toEqual(['T1600', 'T2600']);
    expect(within(card('By language')).getByText('Undetermined')).toBeTruthy();
    expect(within(card('Key phrases')).getByTitle('41 comments, average score -0.6').textContent).toBe('passport control 41');

    expect(within(card('Most negative')).getByText('The queue at passport control was endless and the staff were rude.')).toBeTruthy();
    expect(within(card('Most negative')).getByText('Negative -0.82')).toBeTruthy();
    expect(within(card('Most positive')).getByText('Security was quick and friendly, a pleasure.')).toBeTruthy();
    expect(within(card('Most positive')).queryByText(/endless/)).toBeNull();
  });

  it('says when the comments listed are only the first ones', async () => {
    await openResult();
    expect(screen.getByRole('heading', { name: 'Comments (the first 2; the download has them all)' })).toBeTruthy();
    cleanup();
    await openResult({ [`GET ${AT}/result`]: () => result({ total: 2, matching: 2 }) });
    expect(screen.getByRole('heading', { name: 'Comments' })).toBeTruthy();
  });

  it('wraps a long comment and a long file name anywhere, and cuts a long category with its whole name as title', async () => {
    const longWord = 'unbelievably-'.repeat(40);
    const longCategory = 'Terminal 2 South Pier departures lounge level 3 '.repeat(4).trim();
    const longName = `${'quarterly passenger survey '.repeat(8)}.xlsx`;
    await openResult(
      {
        [`GET ${AT}/result`]: () =>
          result({
            most_negative: [comment(9, longWord, 'negative', -0.5)],
            by_category: [{ category: longCategory, positive: 1, neutral: 0, negative: 0 }],
          }),
      },
      doneAnalysis({ file_name: longName }),
    );
    expect(within(card('Most negative')).getByText(longWord).className).toContain('[overflow-wrap:anywhere]');
    const category = within(card('By Terminal')).getByText(longCategory);
    expect(category.className).toContain('truncate');
    expect(category.getAttribute('title')).toBe(longCategory);
    expect(screen.getByText(new RegExp(`^${longName}`)).className).toContain('[overflow-wrap:anywhere]');
  });

  it('shows why the result cannot be read', async () => {
    serve({
      [`GET ${BASE}`]: () => [doneAnalysis()],
      [`GET ${AT}`]: () => doneAnalysis(),
      [`GET ${AT}/result`]: () => errorResponse(404, 'The results are no longer available: run the analysis again.'),
    });
    renderWithProviders(<SentimentScreen />);
    fireEvent.click(await screen.findByRole('button', { name: /passenger-feedback/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('The results are no longer available: run the analysis again.');
  });
});

describe('filters', () => {
  it('asks the result again with the sentiment, language, terminal, period and text chosen', async () => {
    const { server } = await openResult({
      [`GET ${AT}/result`]: ({ search }) =>
        search.size === 0 ? result() : result({ matching: 12, distribution: { positive: 0, neutral: 0, negative: 12 } }),
    });
    fireEvent.change(screen.getByRole('combobox', { name: 'Sentiment' }), { target: { value: 'negative' } });
    await screen.findByRole('heading', { name: 'Distribution (12 of 1,200 comments)' });
    expect(lastQuery(server)).toEqual({ label: 'negative' });

    const language = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...language.options].map((o) => o.value)).toEqual(['', 'EN', 'FR']);
    fireEvent.change(language, { target: { value: 'FR' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Terminal' }), { target: { value: 'T2' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Comment contains' }), { target: { value: 'queue' } });
    await waitFor(() =>
      expect(lastQuery(server)).toEqual({
        label: 'negative',
        language: 'FR',
        category: 'T2',
        from: '2026-01-01',
        to: '2026-03-31',
        q: 'queue',
      }),
    );

    fireEvent.change(screen.getByRole('combobox', { name: 'Sentiment' }), { target: { value: '' } });
    await waitFor(() =>
      expect(lastQuery(server)).toEqual({ language: 'FR', category: 'T2', from: '2026-01-01', to: '2026-03-31', q: 'queue' }),
    );
  });

  it('offers no date or category filter when the run had no such column', async () => {
    await openResult({}, doneAnalysis({ date_column: null, category_column: null }));
    expect(screen.queryByLabelText('From')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Terminal' })).toBeNull();
  });

  it('says when no comment matches', async () => {
    await openResult({
      [`GET ${AT}/result`]: ({ search }) =>
        search.size === 0 ? result() : result({ matching: 0, distribution: { positive: 0, neutral: 0, negative: 0 }, comments: [] }),
    });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Comment contains' }), { target: { value: 'zeppelin' } });
    expect(await screen.findByText('No comment matches these filters.')).toBeTruthy();
  });
});

describe('downloads and reruns', () => {
  it('downloads the enriched sheet as xlsx and csv under the names the server gives', async () => {
    const { server } = await openResult({
      [`GET ${AT}/download`]: ({ search }) =>
        new Response(`sheet as ${search.get('format')}`, {
          headers: { 'content-disposition': `attachment; filename="passenger-feedback_sentiment.${search.get('format')}"` },
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download .xlsx' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Download .csv' }));
    await waitFor(() => expect(downloads).toHaveLength(2));
    expect(server.to(`GET ${AT}/download`).map((c) => c.search.toString())).toEqual(['format=xlsx', 'format=csv']);
    expect(downloads.map((d) => d.name)).toEqual(['passenger-feedback_sentiment.xlsx', 'passenger-feedback_sentiment.csv']);
    expect(await downloads[1]!.blob.text()).toBe('sheet as csv');
  });

  it("shows the download's refusal", async () => {
    await openResult({ [`GET ${AT}/download`]: () => errorResponse(409, 'The analysis has not finished: download once it is done.') });
    fireEvent.click(screen.getByRole('button', { name: 'Download .csv' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The analysis has not finished: download once it is done.');
    expect(downloads).toHaveLength(0);
  });

  it('goes back to the setup with the columns and engine of the run to change them', async () => {
    const { server } = await openResult(
      { [`GET ${AT}/estimate`]: () => ({ engine: 'gpt4', rows: 12_345, credits: 3, remaining_credit: 100 }) },
      doneAnalysis({ category_column: null }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change columns or engine' }));
    await screen.findByRole('region', { name: 'Prepare the analysis' });
    expect((screen.getByRole('combobox', { name: 'Column with the comments' }) as HTMLSelectElement).value).toBe('Comment');
    expect((screen.getByRole('combobox', { name: 'Category column (optional)' }) as HTMLSelectElement).value).toBe('');
    const engine = screen.getByRole('combobox', { name: 'Engine' }) as HTMLSelectElement;
    await waitFor(() => expect(engine.options).toHaveLength(3));
    expect(engine.value).toBe('gpt4');
    // Coming back to the window refetches the (done) analysis: the setup stays until it runs again.
    const reads = server.to(`GET ${AT}`).length;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(server.to(`GET ${AT}`).length).toBeGreaterThan(reads));
    expect(screen.getByRole('region', { name: 'Prepare the analysis' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Sentiment result' })).toBeNull();
    focusManager.setFocused(undefined);
  });
});
