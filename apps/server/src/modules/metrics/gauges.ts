import type { FastifyBaseLogger } from 'fastify';
import { Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle, Db } from '../../db/client';
import { type OutboxBacklog, outboxBacklog, type QueueBacklog, queueBacklog } from './queries';

/** What the scrape-time gauges read. Structural types: the job queue is composition's, not ours. */
export type GaugeSources = {
  database: DatabaseHandle;
  db: Db;
  jobs: { readonly kind: string };
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Open WebSockets on this instance. */
  sockets: () => number;
};

/**
 * How long one reading of the database serves scrapes (two Prometheus replicas, a curious operator:
 * one set of statements), and how long a scrape waits for it: during a database outage /metrics
 * still answers at once, with what it knows and `royal_metrics_database_read_ok 0`.
 */
export const DATABASE_READING_MS = 5_000;
export const DATABASE_READ_TIMEOUT_MS = 1_000;

type Reading = { ok: boolean; queues: QueueBacklog[]; outboxes: OutboxBacklog[]; setAside: number };

const FAILED: Reading = { ok: false, queues: [], outboxes: [], setAside: 0 };

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The gauges computed when Prometheus scrapes: pool use, open sockets, job queues, outboxes. The
 * database is read once per DATABASE_READING_MS whatever the number of scrapes, and a reading still
 * in flight is shared, never repeated.
 */
export function registerScrapeGauges(
  registry: Registry,
  sources: GaugeSources,
  { readingMs = DATABASE_READING_MS, timeoutMs = DATABASE_READ_TIMEOUT_MS, now = Date.now } = {},
) {
  const registers = [registry];
  let last: { at: number; reading: Promise<Reading> } | undefined;
  /** The statements in flight: a database slower than the timeout is not sent a second set. */
  let running: Promise<Reading> | undefined;
  let warned = false;

  async function read(): Promise<Reading> {
    const jobsOn = sources.jobs.kind !== 'off';
    const [queues, outbox] = await Promise.all([
      jobsOn ? queueBacklog(sources.db) : Promise.resolve([]),
      outboxBacklog(sources.db),
    ]);
    return { ok: true, queues, ...outbox };
  }

  function reading(): Promise<Reading> {
    if (last && now() - last.at < readingMs) return last.reading;
    const at = now();
    running ??= read().finally(() => {
      running = undefined;
    });
    const next = withTimeout(running, timeoutMs).catch((error: unknown) => {
      // Once per outage in the log; the gauge says it at every scrape.
      if (!warned) sources.log.warn({ err: error }, 'metrics: the database reading failed');
      warned = true;
      return FAILED;
    });
    void next.then((r) => {
      if (r.ok) warned = false;
    });
    last = { at, reading: next };
    return next;
  }

  new Gauge({
    name: 'royal_metrics_database_read_ok',
    help: '1 when the last scrape read the queue and outbox figures from the database, 0 when it failed or timed out',
    registers,
    async collect() {
      this.set((await reading()).ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'royal_job_queue_depth',
    help: 'Jobs waiting in each pg-boss queue (all instances: read from the database)',
    labelNames: ['queue'],
    registers,
    async collect() {
      const { queues } = await reading();
      this.reset();
      for (const q of queues) this.labels(q.queue).set(q.queued);
    },
  });
  new Gauge({
    name: 'royal_job_queue_lag_seconds',
    help: 'How long the oldest due job of each queue has waited to start',
    labelNames: ['queue'],
    registers,
    async collect() {
      const { queues } = await reading();
      this.reset();
      for (const q of queues) this.labels(q.queue).set(q.lagSeconds);
    },
  });
  new Gauge({
    name: 'royal_outbox_pending',
    help: 'Rows waiting in an outbox: events to publish, e-mails to send',
    labelNames: ['outbox'],
    registers,
    async collect() {
      const { outboxes } = await reading();
      this.reset();
      for (const o of outboxes) this.labels(o.outbox).set(o.pending);
    },
  });
  new Gauge({
    name: 'royal_outbox_lag_seconds',
    help: 'Age of the oldest row waiting in an outbox (0 when empty)',
    labelNames: ['outbox'],
    registers,
    async collect() {
      const { outboxes } = await reading();
      this.reset();
      for (const o of outboxes) this.labels(o.outbox).set(o.lagSeconds);
    },
  });
  new Gauge({
    name: 'royal_outbox_set_aside',
    help: 'Event rows the relay gave up on after its retries, kept for someone to look at',
    registers,
    async collect() {
      const r = await reading();
      if (r.ok) this.set(r.setAside);
      else this.reset();
    },
  });
  new Gauge({
    name: 'royal_realtime_sockets',
    help: 'WebSockets open on this instance',
    registers,
    collect() {
      this.set(sources.sockets());
    },
  });

  const { database } = sources;
  if (database.kind === 'postgres') {
    // The embedded PGlite is one connection, not a pool: nothing to report there.
    const pool = database.client;
    new Gauge({
      name: 'royal_db_pool_clients',
      help: "Connections of this instance's PostgreSQL pool: total open, idle, and requests waiting for one",
      labelNames: ['state'],
      registers,
      collect() {
        this.labels('total').set(pool.totalCount);
        this.labels('idle').set(pool.idleCount);
        this.labels('waiting').set(pool.waitingCount);
      },
    });
    new Gauge({
      name: 'royal_db_pool_max_clients',
      help: "The most connections this instance's pool opens",
      registers,
      collect() {
        this.set(pool.options.max ?? 10);
      },
    });
  }
}
