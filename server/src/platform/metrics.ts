import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: holders of METRICS_TOKEN as a bearer token; without a token configured,
 * only a scraper on the same machine connecting directly (not through a proxy).
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const presented = Buffer.from(/^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
    const expected = Buffer.from(token);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
}

/** Prometheus metrics at /metrics: process defaults plus request counts and latencies by route. */
export function registerMetrics(app: FastifyInstance, opts: { token?: string } = {}): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'hangar_' });
  const requests = new Counter({
    name: 'hangar_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'hangar_http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // Answered as if absent: the address of the metrics is not advertised to those who may not read them.
    if (!mayScrape(request, opts.token)) return reply.callNotFound();
    reply.type(registry.contentType).send(await registry.metrics());
  });
}
