// The local OpenAI-protocol server as its own process, for the end-to-end suite (STUB_PORT).
import { startStubOpenAI } from './stub-openai.ts';

const stub = await startStubOpenAI(Number(process.env.STUB_PORT));
stub.set({
  chunks: ['Runway ', '2 ', 'is ', '**open**', ' this ', 'morning', '.'],
  usage: { prompt_tokens: 1200, completion_tokens: 300 },
  delayMs: 150,
});
// A long, slow answer (about 8 s) for the test that reloads the page while it streams.
stub.setRules([
  // Multi Docs (e2e/tests/multidocs.spec.ts): an answer citing the first passage.
  {
    whenAsked: 'lost property',
    scenario: { chunks: ['Lost property is kept ', 'ninety days [1].'], usage: { prompt_tokens: 800, completion_tokens: 20 } },
  },
  // Talk to my data (e2e/tests/analytics.spec.ts): the model reads the question into a query and
  // phrases the reading; for the question without a measure the model is down, so the offline parser answers.
  {
    whenAsked: 'revenue by month',
    withTools: true,
    scenario: {
      chunks: [],
      toolCalls: [{ name: 'query_data', arguments: { measures: ['revenue'], dimensions: ['month'] } }],
      usage: { prompt_tokens: 900, completion_tokens: 30 },
    },
  },
  {
    whenAsked: 'revenue by month',
    withTools: false,
    scenario: { chunks: ['Revenue doubled from the first month to the second.'], usage: { prompt_tokens: 300, completion_tokens: 15 } },
  },
  { whenAsked: 'how are things going', withTools: true, scenario: { chunks: [], status: 503 } },
  // The dashboard assistant (e2e/tests/dashboards.spec.ts): the split question read into a query, then phrased.
  {
    whenAsked: 'revenue split by month',
    withTools: true,
    scenario: {
      chunks: [],
      toolCalls: [{ name: 'query_data', arguments: { measures: ['revenue'], dimensions: ['month'] } }],
      usage: { prompt_tokens: 900, completion_tokens: 30 },
    },
  },
  {
    whenAsked: 'revenue split by month',
    withTools: false,
    scenario: { chunks: ['Revenue grew from the first month to the second.'], usage: { prompt_tokens: 300, completion_tokens: 15 } },
  },
  {
    whenAsked: '[slow]',
    scenario: {
      chunks: Array.from({ length: 40 }, (_, i) => `part${i + 1} `).concat(['the end.']),
      usage: { prompt_tokens: 1000, completion_tokens: 400 },
      delayMs: 200,
    },
  },
]);
console.log(`stub OpenAI server on ${stub.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stub.close().then(() => process.exit(0)));
