// The local OpenAI-protocol server as its own process, for the end-to-end suite (STUB_PORT).
import { startStubOpenAI } from './stub-openai.ts';

const stub = await startStubOpenAI(Number(process.env.STUB_PORT));
stub.set({
  chunks: ['Runway ', '2 ', 'is ', '**open**', ' this ', 'morning', '.'],
  usage: { prompt_tokens: 1200, completion_tokens: 300 },
  delayMs: 150,
});
console.log(`stub OpenAI server on ${stub.baseUrl}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stub.close().then(() => process.exit(0)));
