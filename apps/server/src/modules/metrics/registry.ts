import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { MetricsPort } from '../../ports/metrics';
import { PAYMENT_FAILURE_KINDS, paymentFailureKind } from './payment-failures';

/** From a 1 ms answer to a 5 s one: PERF.md's budget is a 50 ms p99, the alert's 500 ms. */
export const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/**
 * The process's own figures (CPU, memory, handles, GC, nodejs_eventloop_lag_*): one set per process,
 * however many apps it builds (tests build dozens, and each set would keep its own event-loop
 * monitor running for good), read beside each app's registry. Created on the first scrape.
 */
let processFigures: Registry | undefined;
function processRegistry(): Registry {
  if (!processFigures) {
    processFigures = new Registry();
    collectDefaultMetrics({ register: processFigures });
  }
  return processFigures;
}

/** One request's figures under its series: the route's pattern, never the raw URL. */
type Series = {
  duration: Histogram.Internal<string>;
  errors: Counter.Internal;
  byClass: Map<string, Counter.Internal>;
};

export type AppMetrics = ReturnType<typeof createMetrics>;

/**
 * This app's registry (one per app: tests build many in one process, and prom-client's global
 * default registry would refuse the second app's names) and the counters the app moves.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'],
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request arriving to the reply sent, by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: DURATION_BUCKETS,
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'HTTP requests answered with a 5xx status, by method and route pattern',
    labelNames: ['method', 'route'],
    registers,
  });
  const jobRuns = new Counter({
    name: 'royal_job_runs_total',
    // `queue`, not `job`: Prometheus's own target label is `job`.
    help: 'Background job runs on this instance, by queue (the job name) and outcome',
    labelNames: ['queue', 'outcome'],
    registers,
  });
  const jobFailures = new Counter({
    name: 'royal_job_failures_total',
    help: 'Background job runs that failed (pg-boss retries them), by queue (the job name)',
    labelNames: ['queue'],
    registers,
  });
  const paymentFailures = new Counter({
    name: 'royal_payment_failures_total',
    help: 'Failed payments reported by the provider and applied once, by kind',
    labelNames: ['kind'],
    registers,
  });
  // Every kind from zero: increase() then sees the first failure too.
  for (const kind of PAYMENT_FAILURE_KINDS) paymentFailures.labels(kind).inc(0);

  // Label lookups hashed once per route, not per request.
  const series = new Map<string, Series>();
  function seriesOf(method: string, route: string): Series {
    const key = `${method} ${route}`;
    let found = series.get(key);
    if (!found) {
      found = {
        duration: duration.labels(method, route),
        errors: errors.labels(method, route),
        byClass: new Map(),
      };
      found.errors.inc(0);
      series.set(key, found);
    }
    return found;
  }

  const port: MetricsPort = {
    paymentEventApplied(event) {
      const kind = paymentFailureKind(event);
      if (kind) paymentFailures.labels(kind).inc();
    },
    jobRan(name, outcome) {
      jobRuns.labels(name, outcome).inc();
      jobFailures.labels(name).inc(outcome === 'failed' ? 1 : 0);
    },
  };

  return {
    registry,
    /** What the rest of the app reports through (AppContext.metrics). */
    port,
    /** One answered request; `route` undefined when no route matched (one series for all of those). */
    observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number) {
      const methodLabel = METHODS.has(method) ? method : 'OTHER';
      const routeLabel = route ?? 'unmatched';
      const s = seriesOf(methodLabel, routeLabel);
      s.duration.observe(seconds);
      const statusClass = STATUS_CLASSES[Math.floor(statusCode / 100) - 1] ?? 'other';
      let counter = s.byClass.get(statusClass);
      if (!counter) {
        counter = requests.labels(methodLabel, routeLabel, statusClass);
        s.byClass.set(statusClass, counter);
      }
      counter.inc();
      if (statusCode >= 500) s.errors.inc();
    },
    /** The exposition text: this app's figures, then the process's. */
    async text(): Promise<string> {
      const [own, process] = await Promise.all([registry.metrics(), processRegistry().metrics()]);
      return `${own}\n${process}`;
    },
    contentType: registry.contentType,
  };
}
