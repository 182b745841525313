import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, type Metric, Registry } from 'prom-client';
import { bearerToken } from './access.ts';
import type { CompletionListener } from './logging.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: holders of METRICS_TOKEN as a bearer token; without a token configured,
 * only a scraper on the same machine connecting directly (not through a proxy).
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const presented = Buffer.from(bearerToken(request) ?? '');
    const expected = Buffer.from(token);
    return presented.length === expected.length && timingSafeEqual(presented, expected);
  }
  return LOOPBACK.has(request.socket.remoteAddress ?? '') && !request.headers['x-forwarded-for'];
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const DURATION = 'hangar_http_request_duration_seconds';

/** What one method and route saw. */
interface RouteTally {
  labels: { method: string; route: string };
  /** Requests by status not yet handed to the counter. */
  statuses: Map<number, number>;
  /** Durations per bucket (not cumulative); the last slot counts those above every bucket. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * Prometheus metrics at /metrics: process defaults plus request counts and latencies by route.
 * A request adds to plain numbers kept per route and method (prom-client hashes its labels on
 * every call, about 2% of a small request's CPU): the counter receives them when /metrics is
 * read, and the duration histogram is read from them, in prom-client's own format.
 */
export function registerMetrics(
  app: FastifyInstance,
  opts: { token?: string; onRequestCompleted: (listener: CompletionListener) => void },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'hangar_' });
  const tallies = new Map<string, Map<string, RouteTally>>();
  /** In the order first seen, as prom-client lists label sets. */
  const seen: RouteTally[] = [];
  const allTallies = () => seen;
  // Registered by its constructor; its collect() hands over the status counts.
  new Counter({
    name: 'hangar_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
    collect() {
      for (const t of allTallies()) {
        for (const [status, n] of t.statuses) this.inc({ ...t.labels, status: String(status) }, n);
        t.statuses.clear();
      }
    },
  });
  registry.registerMetric(durationHistogram(allTallies) as unknown as Metric);

  opts.onRequestCompleted((request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    let byMethod = tallies.get(route);
    if (!byMethod) {
      byMethod = new Map();
      tallies.set(route, byMethod);
    }
    let t = byMethod.get(method);
    if (!t) {
      t = { labels: { method, route }, statuses: new Map(), buckets: new Array(BUCKETS.length + 1).fill(0), sum: 0, count: 0 };
      byMethod.set(method, t);
      seen.push(t);
    }
    const status = reply.statusCode;
    t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
    const seconds = reply.elapsedTime / 1000;
    let b = 0;
    while (b < BUCKETS.length && seconds > BUCKETS[b]!) b++;
    t.buckets[b]!++;
    t.sum += seconds;
    t.count++;
  });
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    // Answered as if absent: the address of the metrics is not advertised to those who may not read them.
    if (!mayScrape(request, opts.token)) return reply.callNotFound();
    reply.type(registry.contentType).send(await registry.metrics());
  });
}

type Value = { labels: Record<string, string | number>; sharedLabels?: Record<string, string>; value: number; metricName: string };

/** The request duration histogram as prom-client's Histogram presents itself to a registry (same lines, same order of labels). */
function durationHistogram(tallies: () => Iterable<RouteTally>) {
  const forPromString = () => {
    const values: Value[] = [];
    for (const t of tallies()) {
      if (!t.count) continue;
      let cumulative = 0;
      BUCKETS.forEach((le, b) => {
        cumulative += t.buckets[b]!;
        values.push({ labels: { le }, sharedLabels: t.labels, value: cumulative, metricName: `${DURATION}_bucket` });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: t.labels, value: t.count, metricName: `${DURATION}_bucket` },
        { labels: {}, sharedLabels: t.labels, value: t.sum, metricName: `${DURATION}_sum` },
        { labels: {}, sharedLabels: t.labels, value: t.count, metricName: `${DURATION}_count` },
      );
    }
    return { name: DURATION, help: 'HTTP request duration by method and route', type: 'histogram', values, aggregator: 'sum' };
  };
  return {
    name: DURATION,
    help: 'HTTP request duration by method and route',
    type: 'histogram',
    aggregator: 'sum',
    getForPromString: async () => forPromString(),
    get: async () => {
      const data = forPromString();
      return { ...data, values: data.values.map(({ sharedLabels, ...v }) => ({ ...v, labels: { ...v.labels, ...sharedLabels } })) };
    },
    reset() {
      for (const t of tallies()) {
        t.buckets.fill(0);
        t.sum = 0;
        t.count = 0;
      }
    },
  };
}
