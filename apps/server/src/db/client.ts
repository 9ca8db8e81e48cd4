import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Assume, ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { shareConnectionBudget } from './connection-budget';
import { driverTypes } from './driver-types';
import { queryPreparedOn, type RowShape } from './prepared-query';
import * as schema from './schema';

export type Schema = typeof schema;

/**
 * The raw result of `db.execute(sql)`, narrowed to what both drivers return: PGlite's `Results` and
 * node-postgres' `QueryResult` both carry `rows`. Anything else on them is driver-specific.
 */
export interface DbQueryResultHKT extends PgQueryResultHKT {
  type: RowsResult<Assume<this['row'], Record<string, unknown>>>;
}
export type RowsResult<TRow> = { rows: TRow[] };

/** One database type for both drivers; services never know which engine they run on. */
export type Db = PgDatabase<DbQueryResultHKT, Schema>;

/** The `tx` inside `db.transaction(async (tx) => …)`. A Tx is also a Db, so helpers can take either. */
export type Tx = PgTransaction<DbQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

type HandleBase = {
  db: Db;
  /**
   * Runs a named statement, prepared once per connection (PostgreSQL parses and plans it once).
   * `genericPlan` runs it on connections that always reuse one plan (plan_cache_mode), for
   * statements whose plan does not depend on their values — the feed and the member's own view.
   */
  queryPrepared<T>(
    name: string,
    text: string,
    values: unknown[],
    options?: { genericPlan?: boolean },
  ): Promise<T[]>;
  /** True when a trivial query succeeds; used by /api/health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

/** The raw client is exposed for the migrator and for engine-specific work (advisory locks). */
export type DatabaseHandle =
  | (HandleBase & { kind: 'pglite'; client: PGlite })
  | (HandleBase & { kind: 'postgres'; client: pg.Pool });

export type DatabaseOptions = {
  /** postgres://… — when set, PostgreSQL through a connection pool. */
  databaseUrl?: string;
  /** Folder of the embedded PGlite database; omitted → in-memory (tests). */
  dataDir?: string;
  /** An in-memory PGlite starting from this dumped data folder (tests copy one migrated template). */
  loadDataDir?: Blob;
  /** Called for every statement the app runs through drizzle (statement counts in tests and benchmarks). */
  onStatement?: () => void;
  /**
   * PostgreSQL only: the app's time limits (decision 063). Omitted (tools, tests' scratch databases,
   * benchmark seeding), statements run as long as they take and a connection is waited for.
   */
  timeouts?: DatabaseTimeouts;
};

export type DatabaseTimeouts = {
  /**
   * A request waiting this long for a connection (all busy, or the server gone) fails with 503: all
   * its waits together, however many statements it runs (connection-budget.ts).
   */
  connectMs: number;
  /** statement_timeout: a slow statement is cancelled (57014), which frees its connection. */
  statementMs: number;
  /** idle_in_transaction_session_timeout: a transaction left open (a stuck instance) lets go of its locks. */
  idleInTransactionMs: number;
};

/** pg's settings for the time limits; keepAlive lets a connection whose server vanished be noticed. */
function poolSettings(timeouts: DatabaseTimeouts | undefined): pg.PoolConfig {
  return {
    keepAlive: true,
    ...(timeouts
      ? {
          connectionTimeoutMillis: timeouts.connectMs,
          statement_timeout: timeouts.statementMs,
          idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
        }
      : {}),
  };
}

const statementLogger = (onStatement: (() => void) | undefined) =>
  onStatement ? { logger: { logQuery: () => onStatement() } } : {};

const POOL_MAX = 10;
/** A health check's own statement, and its connect, give up after this long. */
const PING_TIMEOUT_MS = 1_000;

/** pg_trgm: the browse name search's trigram index (migration 0008). */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * The connections that run statements written for a reused plan (the feed): one plan, made once per
 * connection. A generic plan cannot see the values, so it guesses that a range such as `age between
 * $1 and $2` keeps 0.5% of rows and would rather sort a few rows than walk an index in order; sorting
 * and bitmap scans are discouraged here so the ordered walk that stops at the page size wins. The
 * penalty inflates the estimated cost, so JIT compilation (seconds) stays off, and one request never
 * fans out to parallel workers.
 */
export const GENERIC_PLAN_SETTINGS = {
  plan_cache_mode: 'force_generic_plan',
  enable_sort: 'off',
  enable_bitmapscan: 'off',
  jit: 'off',
  max_parallel_workers_per_gather: '0',
} as const;

/**
 * The health checks' own connection to PostgreSQL, outside the pool: "the database answers" must not
 * read as false because every pooled connection is busy with requests (a burst after the other
 * instance went away would then take this one out of the proxy too). Connected on first use, and
 * again after any failure; each check is bounded by `timeoutMs`.
 */
function pingConnection(connectionString: string, timeoutMs: number) {
  let client: Promise<pg.Client> | null = null;
  const connect = async () => {
    const fresh = new pg.Client({
      connectionString,
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      keepAlive: true,
    });
    fresh.on('error', () => {
      client = null;
    });
    await fresh.connect();
    return fresh;
  };
  const ping = async (): Promise<boolean> => {
    client ??= connect();
    const current = client;
    try {
      await (await current).query('select 1');
      return true;
    } catch {
      if (client === current) client = null;
      current.then((c) => c.end()).catch(() => {});
      return false;
    }
  };
  return {
    ping,
    close: async () => {
      const current = client;
      client = null;
      await current?.then((c) => c.end()).catch(() => {});
    },
  };
}

/**
 * A connection PostgreSQL drops (a restart: 57P01, a network cut) must cost the requests using it,
 * never the process. pg emits the loss as an 'error' event when no query of that client is running:
 * on the pool for an idle client, and on the client itself while a request holds it between two
 * statements of a transaction, where pg-pool listens no more. Unheard, either event is an uncaught
 * exception that ends the instance (the PostgreSQL-restart fault test saw one instance die this way).
 * So both are heard here: the request holding the client fails at its next statement ("not
 * queryable"), the pool discards the client on release, and the next query gets a fresh connection
 * once the server is back.
 */
function survivesLostConnections(pool: pg.Pool): void {
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
}

async function pingWith(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await query();
    return true;
  } catch {
    return false;
  }
}

export async function createDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const settings = poolSettings(opts.timeouts);
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: POOL_MAX,
      types: driverTypes,
      ...settings,
    });
    survivesLostConnections(pool);
    if (opts.timeouts) shareConnectionBudget(pool, opts.timeouts.connectMs);
    const db = drizzleNodePg({ client: pool, schema, ...statementLogger(opts.onStatement) });
    let genericPlanPool: pg.Pool | undefined;
    const genericPlans = () => {
      if (!genericPlanPool) {
        genericPlanPool = new pg.Pool({
          connectionString: opts.databaseUrl,
          max: POOL_MAX,
          types: driverTypes,
          ...settings,
          // Only statements written for it run here (the feed, the member's own view): see GENERIC_PLAN_SETTINGS.
          options: Object.entries(GENERIC_PLAN_SETTINGS)
            .map(([name, value]) => `-c ${name}=${value}`)
            .join(' '),
        });
        survivesLostConnections(genericPlanPool);
        if (opts.timeouts) shareConnectionBudget(genericPlanPool, opts.timeouts.connectMs);
      }
      return genericPlanPool;
    };
    // Row shapes of the named statements, learned once for all connections of both pools.
    const shapes = new Map<string, RowShape<unknown>>();
    const health = pingConnection(opts.databaseUrl, PING_TIMEOUT_MS);
    return {
      kind: 'postgres',
      client: pool,
      queryPrepared(name, text, values, options) {
        opts.onStatement?.();
        const target = options?.genericPlan ? genericPlans() : pool;
        return queryPreparedOn(target, shapes, driverTypes, name, text, values);
      },
      // The driver-specific database differs from Db only in the raw result type of execute(), which
      // DbQueryResultHKT narrows to the part both drivers share.
      db: db as unknown as Db,
      ping: health.ping,
      close: async () => {
        await Promise.all([pool.end(), genericPlanPool?.end(), health.close()]);
      },
    };
  }

  if (opts.dataDir) await mkdir(opts.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(opts.dataDir ? { dataDir: opts.dataDir } : opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    // Contrib extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand).
    extensions: PGLITE_EXTENSIONS,
  });
  return pgliteHandle(client, opts.onStatement);
}

/** Wraps an open PGlite client as a database handle. */
function pgliteHandle(client: PGlite, onStatement?: () => void): DatabaseHandle {
  const db = drizzlePglite({ client, schema, ...statementLogger(onStatement) });
  return {
    kind: 'pglite',
    client,
    db: db as unknown as Db,
    async queryPrepared(_name, text, values) {
      onStatement?.();
      return (await client.query(text, values)).rows as never[];
    },
    ping: () => pingWith(() => client.query('select 1')),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
