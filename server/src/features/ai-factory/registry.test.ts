import { describe, expect, it } from 'vitest';
import { createRegistry, upstreamUrl } from './registry.ts';

describe('AI Factory registry', () => {
  it('lists every catalogue entry, deployed or not, with the reason and how to register', () => {
    const r = createRegistry({
      '1001': { upstream: 'http://10.0.4.12:8501', basePath: '/ai-factory/1001' },
      '1004': { reason: 'Moving clusters.' },
    });
    expect(r.apps.map((a) => a.id)).toEqual([999, ...Array.from({ length: 14 }, (_, i) => 1000 + i)]);
    const forecast = r.find('passenger-forecast')!;
    expect(forecast.upstream?.href).toBe('http://10.0.4.12:8501/');
    expect(upstreamUrl(forecast, '_stcore/health')?.href).toBe('http://10.0.4.12:8501/ai-factory/1001/_stcore/health');
    expect(r.find('1001')).toBe(forecast);
    expect(r.byId(1004)!.notDeployedReason).toMatch(/^Moving clusters\. An administrator registers it .*AI_FACTORY_APPS/);
    expect(r.byId(1005)!.notDeployedReason).toMatch(/not deployed on this portal yet/);
    expect(r.find('nope')).toBeNull();
  });

  it.each([
    [{ '42': { upstream: 'http://a:1' } }, /42 is not an AI Factory id/],
    [{ '1001': { upstream: 'ftp://a' } }, /1001\.upstream.*http/],
    [{ '1001': { upstream: 'http://a:1/app' } }, /no path: put the path in basePath/],
    [{ '1001': { upstream: 'http://a:1', basePath: 'ai-factory/1001/' } }, /basePath/],
    [{ '1001': { upstream: 'http://a:1', extra: 1 } }, /1001/],
    [[], /AI_FACTORY_APPS/],
  ])('refuses %j with a message naming the key', (raw, message) => {
    expect(() => createRegistry(raw)).toThrow(message);
    expect(() => createRegistry(raw)).toThrow(/AI_FACTORY_APPS/);
  });

  // Issue 31: with basePath "", `/ai-factory/1001/%5C127.0.0.1:18083/x` was fetched from 127.0.0.1:18083.
  describe('the upstream address never leaves the app', () => {
    const r = createRegistry({
      '1001': { upstream: 'http://10.0.4.12:8501' },
      '1003': { upstream: 'http://10.0.4.13:8501', basePath: '/ai-factory/1003' },
    });
    const root = r.byId(1001)!;
    const based = r.byId(1003)!;
    it.each([
      '\\127.0.0.1:18083/x',
      '%5C127.0.0.1:18083/x',
      '%5c%5c127.0.0.1/x',
      '/127.0.0.1:18083/x',
      '//127.0.0.1:18083/x',
      '\t/x',
      'a/%0d%0aHost:evil',
      '@127.0.0.1/x',
      'http://127.0.0.1/x',
    ])('%s stays on the registered host or is refused', (path) => {
      const url = upstreamUrl(root, path);
      if (url) expect(url.origin).toBe('http://10.0.4.12:8501');
      expect(upstreamUrl(root, path.replace(/^\//, ''))?.origin ?? 'http://10.0.4.12:8501').toBe('http://10.0.4.12:8501');
    });
    it.each(['\\127.0.0.1:18083/x', '%5C127.0.0.1/x', '%5c%5chost/x', 'a\u0000b', 'a\rb'])('refuses %j', (path) => {
      expect(upstreamUrl(root, path)).toBeNull();
    });
    it.each(['../x', '..%2f..%2fx', '%2e%2e/x', '%2E%2E/%2e%2e/admin', 'a/../../x'])('refuses %s climbing out of the base path', (path) => {
      expect(upstreamUrl(based, path)).toBeNull();
    });
    it('keeps paths inside the app, encoded as sent', () => {
      expect(upstreamUrl(based, 'static/js/main.js')?.href).toBe('http://10.0.4.13:8501/ai-factory/1003/static/js/main.js');
      expect(upstreamUrl(based, 'a/../b')?.href).toBe('http://10.0.4.13:8501/ai-factory/1003/b');
      expect(upstreamUrl(based, '')?.href).toBe('http://10.0.4.13:8501/ai-factory/1003/');
      expect(upstreamUrl(root, 'file%20name.csv')?.href).toBe('http://10.0.4.12:8501/file%20name.csv');
    });
  });
});
