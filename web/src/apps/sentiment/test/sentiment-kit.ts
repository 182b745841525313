import type { SentimentAnalysis, SentimentComment, SentimentEngine, SentimentResult } from '@hangar/contract';
import { vi } from 'vitest';
import { jsonResponse } from '../../../test/helpers';

export const BASE = '/api/sentiment/analyses';
export const ID = '5d0c2f7e-3b4a-4e1f-9c8d-7a6b5e4d3c21';
export const AT = `${BASE}/${ID}`;

/** An uploaded sheet as POST /api/sentiment/analyses answers it: the server proposed its columns. */
export function analysis(over: Partial<SentimentAnalysis> = {}): SentimentAnalysis {
  return {
    id: ID,
    file_name: 'passenger-feedback.xlsx',
    rows: 12_345,
    columns: [
      { name: 'Id', kind: 'number', samples: ['1', '2'] },
      { name: 'Comment', kind: 'text', samples: ['Security was quick and friendly.', 'The queue at passport control was endless.'] },
      { name: 'Visited', kind: 'date', samples: ['2026-01-03'] },
      { name: 'Terminal', kind: 'category', samples: ['T1', 'T2'] },
      { name: 'Remarks', kind: 'text', samples: ['Cold coffee.'] },
    ],
    proposed: { text: 'Comment', date: 'Visited', category: 'Terminal' },
    ragged_rows: null,
    text_column: null,
    date_column: null,
    category_column: null,
    engine: null,
    state: 'uploaded',
    progress: 0,
    step: '',
    error: null,
    credits: 0,
    created_at: '2026-11-24T09:30:00.000Z',
    ...over,
  };
}

/** The same analysis once a run finished with the proposed columns. */
export function doneAnalysis(over: Partial<SentimentAnalysis> = {}): SentimentAnalysis {
  return analysis({
    text_column: 'Comment',
    date_column: 'Visited',
    category_column: 'Terminal',
    engine: 'gpt4',
    state: 'done',
    progress: 1,
    step: 'Done',
    credits: 7.25,
    ...over,
  });
}

/** GET /api/sentiment/engines: the offline analyser, a model the user may use and one they may not. */
export const ENGINES: SentimentEngine[] = [
  { id: 'offline', title: 'Offline analyser (lexicon, no language model)', offline: true, available: true, reason: null },
  { id: 'gpt4', title: 'GPT 4o', offline: false, available: true, reason: null },
  { id: 'gemini', title: 'Gemini', offline: false, available: false, reason: 'not enabled for your access' },
];

export function comment(row: number, text: string, label: SentimentComment['label'], score: number): SentimentComment {
  return { row, text, label, score, language: 'EN', date: '2026-01-03', category: 'T1', key_phrases: ['passport control'] };
}

/** A finished analysis's picture with no filter. */
export function result(over: Partial<SentimentResult> = {}): SentimentResult {
  const worst = comment(4, 'The queue at passport control was endless and the staff were rude.', 'negative', -0.82);
  const best = comment(2, 'Security was quick and friendly, a pleasure.', 'positive', 0.91);
  return {
    total: 1_200,
    matching: 1_200,
    distribution: { positive: 600, neutral: 240, negative: 360 },
    over_time: [
      { period: '2026-01', positive: 300, neutral: 120, negative: 180 },
      { period: '2026-02', positive: 300, neutral: 120, negative: 180 },
    ],
    time_unit: 'month',
    by_category: [
      { category: 'T1', positive: 400, neutral: 100, negative: 100 },
      { category: 'T2', positive: 200, neutral: 140, negative: 260 },
    ],
    by_language: [
      { language: 'EN', positive: 500, neutral: 200, negative: 300 },
      { language: '?', positive: 100, neutral: 40, negative: 60 },
    ],
    most_positive: [best],
    most_negative: [worst],
    key_phrases: [
      { phrase: 'passport control', count: 41, score: -0.6 },
      { phrase: 'friendly staff', count: 17, score: 0.7 },
    ],
    comments: [best, worst],
    languages: ['EN', 'FR'],
    categories: ['T1', 'T2'],
    ...over,
  };
}

type Call = { key: string; search: URLSearchParams; init: RequestInit | undefined; body: unknown };
type Handler = (call: Call) => unknown;

/**
 * A fetch that answers the routes given (method and path); every call is recorded with its query
 * and its parsed JSON body. An unknown route answers 404 the way the server does.
 */
export function serve(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const all: Record<string, Handler> = {
    'GET /api/sentiment/engines': () => ENGINES,
    [`GET ${BASE}`]: () => [],
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
      const call = { key, search: url.searchParams, init, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body };
      calls.push(call);
      const handler = all[key];
      if (!handler) return errorResponse(404, `No route for ${key}`);
      const answer = await handler(call);
      return answer instanceof Response ? answer : answer === undefined ? new Response(null, { status: 204 }) : jsonResponse(answer);
    }),
  );
  return { calls, to: (key: string) => calls.filter((c) => c.key === key) };
}

/** The server's error body (contract ErrorBody). */
export function errorResponse(status: number, message: string): Response {
  const code = {
    400: 'BAD_REQUEST',
    402: 'PAYMENT_REQUIRED',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
  }[status];
  return jsonResponse({ error: { code, message, requestId: 'req-1' }, detail: message, message }, status);
}
