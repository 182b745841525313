import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/free-port.ts';
import { fetchUserUrl, INSIDE_NETWORK, isForbiddenAddress } from './outbound-http.ts';
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
