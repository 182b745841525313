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
    expect(upstreamUrl(forecast, '_stcore/health').href).toBe('http://10.0.4.12:8501/ai-factory/1001/_stcore/health');
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
});
