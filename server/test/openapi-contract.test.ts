import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRule } from '../src/platform/access.ts';
import { signIn } from './browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from './harness.ts';

// The API description is a contract: for every route, anonymous, a role without the route's
// application and a role with it, the status the server answers is one the document lists, and the
// body matches the schema it gives for that status. A route's list answers carry no other BU's rows.

const ROLES = ['viewer', 'analyst', 'finance.ssa', 'localadmin.lgw', 'admin'] as const;
type Role = (typeof ROLES)[number];
/** BUs whose records each role may see in lists (undefined: any). */
const VISIBLE_BUS: Record<Role, string[] | undefined> = {
  viewer: ['LGW'],
  analyst: ['SSA', 'AMA'],
  'finance.ssa': ['SSA'],
  'localadmin.lgw': ['LGW'],
  admin: undefined,
};

interface Operation {
  method: string;
  url: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}

let t: TestApp;
const tokens = {} as Record<Role, string>;
const apps = {} as Record<Role, string[]>;
let operations: Operation[] = [];
const ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  t = await startTestApp({ HANGAR_DEMO_WAREHOUSE: 'false' });
  for (const role of ROLES) {
    tokens[role] = (await signIn(t.url, `${role}@hangar.local`, DEMO_PASSWORD)).accessToken;
    apps[role] = JSON.parse(Buffer.from(tokens[role].split('.')[1]!, 'base64url').toString()).apps;
  }
  const doc = await (await fetch(`${t.url}/api/docs/json`)).json();
  ajv.addSchema({ components: doc.components }, 'doc');
  for (const [path, item] of Object.entries<Record<string, Operation>>(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      operations.push({ method: method.toUpperCase(), url: path, responses: op.responses as Operation['responses'] });
    }
  }
  operations = operations.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
}, 120_000);
afterAll(() => t?.close());

const ruleOf = (op: Operation): AccessRule | undefined =>
  t.routes.find((r) => r.method === op.method && r.url === op.url.replace(/\{(\w+)\}/g, ':$1'))?.access;

function validatorFor(op: Operation, status: number): ValidateFunction | null {
  const schema = op.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return null;
  const key = `${op.method} ${op.url} ${status}`;
  if (!validators.has(key)) {
    const rebased = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/'));
    validators.set(key, ajv.compile(rebased));
  }
  return validators.get(key)!;
}

async function callAs(role: Role | null, op: Operation) {
  const url = op.url.replace(/\{(\w+)\}/g, () => '00000000-0000-4000-8000-000000000000');
  const hasBody = !['GET', 'DELETE', 'HEAD'].includes(op.method);
  const res = await t.app.inject({
    method: op.method as 'GET',
    url,
    headers: {
      // As a browser on the portal's own address (another loopback name is redirected there first).
      host: new URL(t.url).host,
      ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    payload: hasBody ? '{}' : undefined,
  });
  const json = res.headers['content-type']?.toString().includes('json') ? res.json() : null;
  return { status: res.statusCode, json, text: res.body };
}

/** Differences between the answer and the document, as readable lines (all routes are checked before failing). */
function mismatches(op: Operation, who: string, res: { status: number; json: unknown }): string[] {
  const where = `${op.method} ${op.url} as ${who}`;
  if (!Object.keys(op.responses).includes(String(res.status))) return [`${where} answered ${res.status}, not in the document`];
  const validate = validatorFor(op, res.status);
  if (validate && res.json !== null && !validate(res.json)) {
    return [`${where} (${res.status}) body differs from the document: ${JSON.stringify(validate.errors)?.slice(0, 300)}`];
  }
  return [];
}

/** Every value of a `bu`-like field anywhere in a JSON answer. */
function busIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) busIn(v, found);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'bu' || k === 'userBu') && typeof v === 'string') found.push(v);
      else busIn(v, found);
    }
  }
  return found;
}

describe('the OpenAPI document describes what the server answers', () => {
  it('gives every operation an id, its security and its error answers', () => {
    expect(operations.length).toBeGreaterThan(70);
    const ids = new Set<string>();
    for (const op of operations) {
      const rule = ruleOf(op);
      expect(rule, `${op.method} ${op.url} has no access rule`).toBeDefined();
      expect(Object.keys(op.responses)).toContain('500');
      if (rule !== 'public') expect(Object.keys(op.responses), `${op.method} ${op.url}`).toContain('401');
    }
    for (const op of operations) ids.add(`${op.method}${op.url}`);
    expect(ids.size).toBe(operations.length);
  });

  it('answers an anonymous caller as documented: 401 on every route that is not public', async () => {
    const problems: string[] = [];
    for (const op of operations) {
      const res = await callAs(null, op);
      if (ruleOf(op) !== 'public' && res.status !== 401) problems.push(`${op.method} ${op.url} answered ${res.status} to anonymous`);
      problems.push(...mismatches(op, 'anonymous', res));
    }
    expect(problems).toEqual([]);
  });

  it('answers each demo role as documented: 403 without the application, never 401 with a valid token', async () => {
    const problems: string[] = [];
    for (const op of operations) {
      const rule = ruleOf(op);
      if (rule === 'public') continue;
      for (const role of ROLES) {
        const res = await callAs(role, op);
        const holds = rule === 'authenticated' || (typeof rule === 'object' && rule.anyApp.some((a) => apps[role].includes(a)));
        const where = `${op.method} ${op.url} as ${role}`;
        if (res.status === 401) problems.push(`${where} answered 401 to a valid token`);
        if (!holds && res.status !== 403) problems.push(`${where} answered ${res.status} without the application`);
        if (res.status >= 500) problems.push(`${where} answered ${res.status}: ${res.text.slice(0, 200)}`);
        problems.push(...mismatches(op, role, res));
        if (op.method === 'GET' && res.status === 200 && VISIBLE_BUS[role]) {
          const seen = busIn(res.json).filter((bu) => !VISIBLE_BUS[role]!.includes(bu) && bu !== 'SSA/AMA');
          if (seen.length) problems.push(`${where} shows records of other BUs: ${[...new Set(seen)]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
