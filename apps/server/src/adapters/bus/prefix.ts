import { createHash } from 'node:crypto';

/**
 * What every Redis name of a deployment starts with: the bus's channel and every key (rate limits,
 * sign-in counters, and whatever comes later through `ctx.redis`). Pub/sub channels ignore Redis's
 * database numbers, so two deployments on one Redis heard each other's events; keys in one database
 * number were shared too. Docs/decisions/032.
 *
 * A deployment is the database it writes to: its instances share one by definition, and two
 * deployments never do. So the default is derived from the database (host, port and name of
 * DATABASE_URL, or the embedded database's folder) and the Redis database number: readable by the
 * database's name, told apart by a short hash of the rest. Credentials and connection options are
 * left out, so a rotated password or a per-instance `application_name` does not split a deployment.
 * Instances that reach one database under different host names must set REDIS_PREFIX.
 */
export function defaultRedisPrefix(input: {
  databaseUrl: string | undefined;
  /** The embedded database's folder, when there is no DATABASE_URL. */
  embeddedDatabaseDir: string;
  redisUrl: string | undefined;
}): string {
  const database = input.databaseUrl ? databaseIdentity(input.databaseUrl) : undefined;
  const identity = [
    database ? `${database.host}/${database.name}` : `embedded:${input.embeddedDatabaseDir}`,
    `redis-db:${redisDatabaseNumber(input.redisUrl)}`,
  ].join('|');
  const hash = createHash('sha256').update(identity).digest('hex').slice(0, 10);
  return `rc:${readable(database?.name ?? 'embedded')}:${hash}:`;
}

/** An explicit REDIS_PREFIX as given, ended by a colon so that the names after it stay apart. */
export const normalizedRedisPrefix = (prefix: string) => (prefix.endsWith(':') ? prefix : `${prefix}:`);

/** The bus's channel in a deployment's names. */
export const realtimeChannel = (prefix: string) => `${prefix}realtime`;

/** Where a PostgreSQL URL points: host (a socket folder given as `?host=` included) and database. */
function databaseIdentity(url: string): { host: string; name: string } {
  const parsed = new URL(url);
  const socket = parsed.searchParams.get('host');
  const host = `${parsed.hostname.toLowerCase()}:${parsed.port || '5432'}${socket ? `?host=${socket}` : ''}`;
  return { host, name: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres' };
}

/** The database number of a Redis URL, as ioredis reads it (`/3`, else `?db=3`); 0 when it names none. */
function redisDatabaseNumber(url: string | undefined): number {
  if (!url) return 0;
  const parsed = new URL(url);
  const db = parsed.pathname.replace(/^\//, '') || parsed.searchParams.get('db') || '0';
  return /^\d+$/.test(db) ? Number(db) : 0;
}

/** A database name fit to read in a key: letters, digits, `_` and `-`, at most 40 characters. */
const readable = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40);
