import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { AppError } from './errors.ts';
import { OUTBOUND_EXCEPTIONS } from './outbound-exceptions.ts';
import { fetchUserUrl, forbiddenRange, INSIDE_NETWORK, isForbiddenAddress } from './outbound-http.ts';
import { readWebPage } from './web-page.ts';

const ARTICLE = `<!doctype html><html><head><title>Runway works | Airport news</title></head><body>
<nav><a href="/">Home</a> <a href="/about">About us</a> Menu item cookie banner</nav>
<article><h1>Runway works</h1>
<p>The northern runway closes for resurfacing from the fourth of May. Flights move to the southern runway during the works.</p>
<p>Night flights are not affected by the closure, and the works end before the summer season begins in June.</p>
<h2>Noise</h2><p>Residents near the southern runway will hear more departures during the six weeks of works.</p></article>
<footer>Copyright footer links privacy</footer></body></html>`;

let server: Server;
let port: number;
let base: string;
const opts = () => ({ allowList: [`127.0.0.1:${port}`], maxBytes: 200_000, timeoutMs: 5000 });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/article') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
    if (req.url === '/json') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    if (req.url === '/big') return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>x</p>'.repeat(50_000));
    if (req.url === '/to-loopback') return res.writeHead(302, { location: 'http://localhost:9/secret' }).end();
    if (req.url === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/to-article') return res.writeHead(302, { location: '/article' }).end();
    res.writeHead(404).end();
  });
  port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the outbound HTTP client (SSRF guard)', () => {
  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isForbiddenAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isForbiddenAddress(a), a).toBe(false);
    // Outside 2000::/3 nothing is assigned; the documentation prefix and names are refused too.
    for (const a of ['::2:0:0:1', '2001:db8::1', 'localhost', '']) expect(isForbiddenAddress(a), a).toBe(true);
  });

  it('marks a refusal for the audit log with the host asked, the address and why', async () => {
    const refusal = (await fetchUserUrl(`http://localhost:${port}/article`, { ...opts(), allowList: [] }).catch((e) => e)) as AppError;
    expect(refusal.audit).toEqual({
      action: 'outbound.refused',
      target: 'localhost',
      details: { reason: expect.stringMatching(/loopback/), address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) },
    });
    const redirected = (await fetchUserUrl(`${base}/to-metadata`, opts()).catch((e) => e)) as AppError;
    expect(redirected.audit).toEqual({
      action: 'outbound.refused',
      target: '169.254.169.254',
      details: { reason: 'linkLocal', address: '169.254.169.254', redirectedFrom: `127.0.0.1:${port}` },
    });
    const scheme = (await fetchUserUrl('file:///etc/passwd', opts()).catch((e) => e)) as AppError;
    expect(scheme.audit).toMatchObject({ action: 'outbound.refused', details: { reason: 'scheme file:' } });
  });

  it('refuses, before connecting, loopback written in the IPv6 forms the old list let through', async () => {
    const noAllow = { ...opts(), allowList: [] };
    const forms = {
      'IPv4-compatible': '[::127.0.0.1]',
      'IPv4-compatible, written out': '[0:0:0:0:0:0:7f00:1]',
      'IPv4-translated (RFC 6145)': '[::ffff:0:7f00:1]',
      '6to4 of 127.0.0.1': '[2002:7f00:1::]',
      'NAT64 local-use prefix': '[64:ff9b:1::7f00:1]',
      'NAT64 well-known prefix': '[64:ff9b::a9fe:a9fe]',
      // Teredo: server 127.0.0.1; then a public server (65.54.227.120) with client 10.0.0.1 stored inverted.
      'Teredo server': '[2001:0:7f00:1::1]',
      'Teredo client': '[2001:0:4136:e378:8000:63bf:f5ff:fffe]',
    };
    for (const [form, host] of Object.entries(forms)) {
      const refusal = await fetchUserUrl(`http://${host}:${port}/article`, noAllow).catch((e: unknown) => e);
      expect(refusal, form).toBeInstanceOf(AppError);
      expect((refusal as AppError).message, form).toBe(INSIDE_NETWORK);
      expect((refusal as AppError).audit, form).toMatchObject({ action: 'outbound.refused', details: { reason: expect.any(String) } });
    }
    expect(forbiddenRange('2001:0:4136:e378:8000:63bf:f5ff:fffe')).toBe('private (IPv4 10.0.0.1 in Teredo client)');
  });

  it('refuses loopback, private and metadata addresses written in the link', async () => {
    const noAllow = { ...opts(), allowList: [] };
    await expect(fetchUserUrl(`${base}/article`, noAllow)).rejects.toThrow(INSIDE_NETWORK);
    await expect(fetchUserUrl('http://10.0.0.5/', noAllow)).rejects.toThrow(INSIDE_NETWORK);
    await expect(fetchUserUrl('http://169.254.169.254/latest/meta-data/', noAllow)).rejects.toThrow(INSIDE_NETWORK);
    await expect(fetchUserUrl('http://[::1]:80/', noAllow)).rejects.toThrow(INSIDE_NETWORK);
  });

  it('refuses a DNS name that resolves inside the network', async () => {
    await expect(fetchUserUrl(`http://localhost:${port}/article`, { ...opts(), allowList: [] })).rejects.toThrow(INSIDE_NETWORK);
  });

  it('checks every redirect again', async () => {
    await expect(fetchUserUrl(`${base}/to-loopback`, opts())).rejects.toThrow(INSIDE_NETWORK);
    await expect(fetchUserUrl(`${base}/to-metadata`, opts())).rejects.toThrow(INSIDE_NETWORK);
    const followed = await fetchUserUrl(`${base}/to-article`, opts());
    expect(followed.url).toBe(`${base}/article`);
  });

  it('refuses other schemes, pages that are not HTML, too large or not answering', async () => {
    await expect(fetchUserUrl('file:///etc/passwd', opts())).rejects.toThrow(/Only http and https/);
    await expect(fetchUserUrl('not a link', opts())).rejects.toThrow(/not a valid link/);
    await expect(readWebPage(`${base}/json`, opts())).rejects.toMatchObject({ status: 415 });
    await expect(readWebPage(`${base}/big`, opts())).rejects.toMatchObject({ status: 413 });
    await expect(readWebPage(`${base}/missing`, opts())).rejects.toThrow(/HTTP 404/);
    const closed = await freePort();
    await expect(readWebPage(`http://127.0.0.1:${closed}/`, { ...opts(), allowList: [`127.0.0.1:${closed}`] })).rejects.toThrow(
      /did not answer/,
    );
  });

  it('reads the article of an allowed page, title kept, menus and footer left out', async () => {
    const page = await readWebPage(`${base}/article`, opts());
    expect(page.title).toMatch(/Runway works/);
    const text = page.paragraphs.map((p) => p.text).join('\n');
    expect(text).toMatch(/resurfacing from the fourth of May/);
    expect(text).not.toMatch(/cookie banner|Copyright footer/);
    expect(page.paragraphs.find((p) => p.text.includes('Residents'))?.heading).toBe('Noise');
  });
});

// IANA's IPv4 special-purpose blocks that are not globally reachable, with multicast and the limited
// broadcast: written down here rather than taken from ipaddr.js, so the test checks the library.
const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  ['255.255.255.255', 32],
];
// Refused as well (ipaddr.js files them as special): AS112, AMT and the retired 6to4 relay anycast.
const ALSO_SPECIAL_V4: [string, number][] = [
  ['192.31.196.0', 24],
  ['192.52.193.0', 24],
  ['192.88.99.0', 24],
  ['192.175.48.0', 24],
];
const toInt = (a: string) => a.split('.').reduce((n, o) => n * 256 + Number(o), 0);
const inBlock = (n: number, [net, prefix]: [string, number]) =>
  Math.floor(n / 2 ** (32 - prefix)) === Math.floor(toInt(net) / 2 ** (32 - prefix));
const dotted = (n: number) => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join('.');
const hex16 = (n: number) => n.toString(16);
const halves = (n: number): [string, string] => [hex16(Math.floor(n / 65536)), hex16(n % 65536)];
const inverted = (n: number): [string, string] => halves(0xffffffff - n);

const blockedV4 = fc
  .constantFrom(...BLOCKED_V4)
  .chain(([net, prefix]) => fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((host) => toInt(net) + host));
const publicV4 = fc.integer({ min: 0, max: 0xffffffff }).filter((n) => ![...BLOCKED_V4, ...ALSO_SPECIAL_V4].some((b) => inBlock(n, b)));
const word = fc.integer({ min: 0, max: 0xffff }).map(hex16);

/** Every IPv6 form that carries an IPv4 address to the network, in the position the form puts it. */
const FORMS: Record<string, (v4: number, rest: { words: string[]; other: number }) => string> = {
  'IPv4-mapped': (v) => `::ffff:${dotted(v)}`,
  'IPv4-mapped, hex': (v) => `::ffff:${halves(v).join(':')}`,
  'IPv4-translated': (v) => `::ffff:0:${halves(v).join(':')}`,
  'IPv4-compatible': (v) => `::${dotted(v)}`,
  'IPv4-compatible, written out': (v) => `0:0:0:0:0:0:${halves(v).join(':')}`,
  'NAT64 well-known': (v) => `64:ff9b::${halves(v).join(':')}`,
  'NAT64 local-use': (v) => `64:ff9b:1::${halves(v).join(':')}`,
  '6to4': (v, { words }) => `2002:${halves(v).join(':')}:${words.join(':')}`,
  'Teredo server': (v, { words, other }) => `2001:0:${halves(v).join(':')}:${words[0]}:${words[1]}:${inverted(other).join(':')}`,
  'Teredo client': (v, { words, other }) => `2001:0:${halves(other).join(':')}:${words[0]}:${words[1]}:${inverted(v).join(':')}`,
};
const rest = fc.record({ words: fc.array(word, { minLength: 5, maxLength: 5 }), other: publicV4 });

describe('addresses that carry an IPv4 address (property)', () => {
  it('refuses every blocked IPv4 range in every form, as written and as a URL writes it', () => {
    fc.assert(
      fc.property(blockedV4, fc.constantFrom(...Object.keys(FORMS)), rest, (v4, form, more) => {
        expect(isForbiddenAddress(dotted(v4)), dotted(v4)).toBe(true);
        const written = FORMS[form]!(v4, more);
        expect(isForbiddenAddress(written), `${form} ${written}`).toBe(true);
        const normalised = new URL(`http://[${written}]/`).hostname.slice(1, -1);
        expect(isForbiddenAddress(normalised), `${form} ${normalised}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('lets a globally routable IPv4 address through in those forms (NAT64, 6to4, Teredo, mapped)', () => {
    fc.assert(
      fc.property(publicV4, fc.constantFrom(...Object.keys(FORMS)), rest, (v4, form, more) => {
        expect(forbiddenRange(dotted(v4)), dotted(v4)).toBeNull();
        expect(forbiddenRange(FORMS[form]!(v4, more)), `${form} ${FORMS[form]!(v4, more)}`).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses a local-use NAT64 address laid out other than /96, whose IPv4 it cannot place', () => {
    expect(forbiddenRange('64:ff9b:1:a9fe:a9:fe00::')).toBe('rfc6052 (layout unknown)');
  });
});

// One outbound path (security issue): a module that opens connections goes through outbound-http.ts
// or is listed in outbound-exceptions.ts with its reason. Tests and their helpers are not read.
const SRC = path.join(import.meta.dirname, '..');
/** Modules that open connections: Node's network modules, HTTP clients and proxies, and the database, storage, model and DuckDB SDKs. */
const NETWORK_MODULE =
  /^(?:(?:node:)?(?:http|https|http2|net|tls|dgram|dns)(?:\/.*)?|(?:undici|got|axios|node-fetch|cross-fetch|superagent|needle|request|ky|ofetch|ws|http-proxy|pg|pg-pool|pg-boss|openid-client|nodemailer|ioredis|redis|@duckdb\/node-api|@electric-sql\/pglite-socket|@fastify\/reply-from|@fastify\/http-proxy)(?:\/.*)?|@(?:aws-sdk|ai-sdk|azure|google-cloud)\/.+)$/;
/** Names too plain to count in any string (a protocol, an event): counted only as module specifiers. */
const PLAIN_NAME = /^(?:http|https|http2|net|tls|dgram|dns|got|request|ky|ws|pg|redis)$/;
const NETWORK_GLOBAL = new Set(['fetch', 'WebSocket', 'EventSource', 'XMLHttpRequest']);
const GLOBAL_OBJECT = new Set(['globalThis', 'global', 'window', 'self']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'test-helpers.ts' ? [full] : [];
  });
}

const inType = (node: ts.Node): boolean => {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) if (ts.isTypeNode(n)) return true;
  return false;
};

/** An identifier read as a value: not a property's or a declaration's name, not an import's, not in a type. */
function isValueReference(id: ts.Identifier): boolean {
  const p = id.parent;
  const named = (n: ts.Node & { name?: ts.Node }) => n.name === id;
  if (ts.isPropertyAccessExpression(p) && named(p)) return false;
  if ((ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) || ts.isMethodDeclaration(p)) && named(p))
    return false;
  if ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p) || ts.isBindingElement(p)) && named(p)) return false;
  if (ts.isImportSpecifier(p) || ts.isExportSpecifier(p) || ts.isImportClause(p) || ts.isNamespaceImport(p) || ts.isQualifiedName(p))
    return false;
  return !inType(id);
}

/** What in a module opens connections: the network modules it loads (statically, dynamically or by name) and the network globals it reads. */
function networkUses(text: string, fileName = 'module.ts'): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const uses = new Set<string>();
  // A global shadowed by the module's own binding (`const fetch = limit + 1`) is not the global.
  const bound = new Set<string>();
  const globals: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
      const spec = node.moduleSpecifier;
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined;
      const named = clause?.namedBindings;
      const typesOnly =
        (ts.isExportDeclaration(node) && node.isTypeOnly) ||
        clause?.isTypeOnly ||
        (!!clause && !clause.name && !!named && ts.isNamedImports(named) && named.elements.every((e) => e.isTypeOnly));
      if (!typesOnly && spec && ts.isStringLiteral(spec) && NETWORK_MODULE.test(spec.text)) uses.add(spec.text);
      return;
    }
    if (ts.isImportTypeNode(node)) return;
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      const loads =
        node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require');
      if (loads && NETWORK_MODULE.test(node.arguments[0].text)) uses.add(node.arguments[0].text);
    }
    // A module named in a string, loaded later (`require(SPECIFIERS[kind])`).
    if (ts.isStringLiteralLike(node) && !inType(node) && NETWORK_MODULE.test(node.text) && !PLAIN_NAME.test(node.text)) uses.add(node.text);
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      GLOBAL_OBJECT.has(node.expression.text) &&
      NETWORK_GLOBAL.has(node.name.text)
    ) {
      uses.add(`${node.expression.text}.${node.name.text}`);
    }
    if (
      (ts.isVariableDeclaration(node) || ts.isParameter(node) || ts.isFunctionDeclaration(node) || ts.isBindingElement(node)) &&
      node.name &&
      ts.isIdentifier(node.name) &&
      NETWORK_GLOBAL.has(node.name.text)
    ) {
      bound.add(node.name.text);
    }
    if (ts.isIdentifier(node) && NETWORK_GLOBAL.has(node.text) && isValueReference(node)) globals.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  for (const name of globals) if (!bound.has(name)) uses.add(name);
  return [...uses].sort();
}

describe('one outbound path', () => {
  it('recognises the ways a module opens connections, and not look-alikes', () => {
    const uses = (text: string) => networkUses(text);
    expect(uses(`import http from 'node:http';`)).toEqual(['node:http']);
    expect(uses(`import { request } from 'https';`)).toEqual(['https']);
    expect(uses(`import { fetch as f } from 'undici';`)).toEqual(['undici']);
    expect(uses(`const { Agent } = await import('undici');`)).toEqual(['undici']);
    expect(uses(`const replyFrom = require('@fastify/reply-from');`)).toEqual(['@fastify/reply-from']);
    expect(uses(`export { connect } from 'node:tls';`)).toEqual(['node:tls']);
    expect(uses(`import 'node:net';`)).toEqual(['node:net']);
    expect(uses(`const M = { openai: '@ai-sdk/openai' };`)).toEqual(['@ai-sdk/openai']);
    expect(uses(`await fetch(url);`)).toEqual(['fetch']);
    expect(uses(`const f = opts.fetch ?? fetch;`)).toEqual(['fetch']);
    expect(uses(`globalThis.fetch(url);`)).toEqual(['globalThis.fetch']);
    expect(uses(`new WebSocket(url);`)).toEqual(['WebSocket']);
    // Types, properties and the module's own bindings are not connections.
    expect(uses(`import type { Socket } from 'node:net'; let s: import('node:net').Socket; type F = typeof fetch;`)).toEqual([]);
    expect(uses(`import { type Agent } from 'undici';`)).toEqual([]);
    expect(uses(`this.o.fetch(url); const x = { fetch: 1 }; interface O { fetch?: F }`)).toEqual([]);
    expect(uses(`const fetch = limit + 1; return fetch;`)).toEqual([]);
    expect(uses(`if (protocol === 'http') emit('request');`)).toEqual([]);
  });

  it('is outbound-http.ts, or a module listed with its reason in outbound-exceptions.ts', () => {
    const found: Record<string, string[]> = {};
    for (const file of sourceFiles(SRC)) {
      const uses = networkUses(readFileSync(file, 'utf8'), file);
      if (uses.length) found[path.relative(SRC, file).split(path.sep).join('/')] = uses;
    }
    expect(found['platform/outbound-http.ts']).toEqual(['node:dns', 'node:http', 'node:https', 'node:net']);
    const unlisted = Object.entries(found).filter(([file]) => file !== 'platform/outbound-http.ts' && !(file in OUTBOUND_EXCEPTIONS));
    expect(
      unlisted.map(([file, uses]) => `${file} (${uses.join(', ')})`),
      'open connections through platform/outbound-http.ts, or list the module with its reason in platform/outbound-exceptions.ts',
    ).toEqual([]);
    const stale = Object.keys(OUTBOUND_EXCEPTIONS).filter((file) => !found[file]);
    expect(stale, 'listed in outbound-exceptions.ts but opening no connection now: remove the entry').toEqual([]);
    for (const [file, reason] of Object.entries(OUTBOUND_EXCEPTIONS)) expect(reason.length, file).toBeGreaterThan(20);
  });
});
