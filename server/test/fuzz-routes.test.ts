import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn } from './browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness.ts';
import { arbitraryFor, type JsonSchema } from './schema-arbitrary.ts';

// Every documented route, called with bodies, queries and path values drawn from its own OpenAPI
// schemas (and values that ignore them): no answer is a 5xx, and no error says more than a person
// needs (no stack, no SQL, no file paths).

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 12);
const LEAK =
  /node_modules|\s+at\s+\S+\s+\(|Failed query|ZodError|SQLSTATE|syntax error at|relation "|duplicate key value|\/work\/|file:\/\//i;

interface Parameter {
  in: 'query' | 'path';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: JsonSchema | null;
}

let t: TestApp;
let admin = '';
let analyst = '';
const operations: Operation[] = [];
let components: Record<string, JsonSchema> = {};

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false', CHAT_RATE_LIMIT_PER_MINUTE: '100000' });
  admin = (await signIn(t.url, 'admin@hangar.local', DEMO_PASSWORD)).accessToken;
  analyst = (await signIn(t.url, 'analyst@hangar.local', DEMO_PASSWORD)).accessToken;
  const doc = await (await fetch(`${t.url}/api/docs/json`)).json();
  components = doc.components?.schemas ?? {};
  for (const [path, item] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema ?? null,
      });
    }
  }
}, 120_000);
afterAll(() => t?.close());

function requestFor(op: Operation) {
  const params = op.parameters.filter((p) => p.in === 'path');
  const query = op.parameters.filter((p) => p.in === 'query');
  return fc.record({
    path: fc.tuple(...params.map((p) => arbitraryFor(p.schema, components)), fc.constant(0)),
    query: fc.tuple(...query.map((p) => fc.option(arbitraryFor(p.schema, components), { nil: undefined })), fc.constant(0)),
    body: op.body ? arbitraryFor(op.body, components) : fc.constant(undefined),
    as: fc.constantFrom('admin', 'analyst'),
  });
}

it('answers every documented route without a 5xx or an internal detail, whatever the input', async () => {
  const problems: string[] = [];
  for (const op of operations) {
    await fc.assert(
      fc.asyncProperty(requestFor(op), async (input) => {
        let url = op.path;
        op.parameters
          .filter((p) => p.in === 'path')
          .forEach((p, i) => {
            url = url.replace(`{${p.name}}`, encodeURIComponent(String(input.path[i])));
          });
        const qs = new URLSearchParams();
        op.parameters
          .filter((p) => p.in === 'query')
          .forEach((p, i) => {
            const v = input.query[i];
            if (v !== undefined) qs.set(p.name, typeof v === 'string' ? v : JSON.stringify(v));
          });
        const res = await t.app.inject({
          method: op.method as 'GET',
          url: qs.size ? `${url}?${qs}` : url,
          headers: {
            authorization: `Bearer ${input.as === 'admin' ? admin : analyst}`,
            ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          payload: input.body !== undefined ? JSON.stringify(input.body) : undefined,
        });
        const where = `${op.method} ${op.path} with ${JSON.stringify(input).slice(0, 300)}`;
        if (res.statusCode >= 500) problems.push(`${where} -> ${res.statusCode}: ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400 && LEAK.test(res.body))
          problems.push(`${where} -> ${res.statusCode} says too much: ${res.body.slice(0, 300)}`);
      }),
      { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.FUZZ_SEED ?? 20261124) },
    );
  }
  expect(problems).toEqual([]);
}, 600_000);
