// Postgres error codes that services turn into domain answers (e.g. a unique violation on
// matches_pair_key means "already matched"). Drizzle wraps driver errors, so the code is looked
// for along the `cause` chain; both pg and PGlite put the SQLSTATE in `code`.

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';

type PgLikeError = { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };

function* causes(error: unknown): Generator<PgLikeError> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    yield current as PgLikeError;
    current = (current as PgLikeError).cause;
  }
}

/** The SQLSTATE of a database error, or undefined when the error did not come from Postgres. */
export function pgErrorCode(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** The violated constraint's name, when the driver reports it. */
export function pgConstraint(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.constraint === 'string') return e.constraint;
  }
  return undefined;
}

/** The database's detail text (e.g. which key is still referenced), when the driver reports it. */
export function pgDetail(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.detail === 'string') return e.detail;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  pgErrorCode(error) === PG_UNIQUE_VIOLATION &&
  (constraint === undefined || pgConstraint(error) === constraint);

export const isCheckViolation = (error: unknown) => pgErrorCode(error) === PG_CHECK_VIOLATION;

/**
 * The SQLSTATEs of a database that cannot serve right now: class 08 (connection exceptions), 53300
 * (too many connections), 57P01-57P03 (shut down by an administrator or a crash, not yet accepting
 * connections: a restart).
 */
const PG_UNAVAILABLE = /^(08...|53300|57P0[123])$/;
/** Network failures reaching any service (PostgreSQL, Redis), as Node names them. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** What pg says without a code: pg-pool waiting past connectionTimeoutMillis, pg losing its connection. */
const PG_DRIVER_UNAVAILABLE =
  /timeout exceeded when trying to connect|Connection terminated|connection error and is not queryable/;

/** An error and every error inside it (its causes; each address an AggregateError tried). */
export function* errorTree(error: unknown, depth = 0): Generator<{ code?: unknown; message?: unknown }> {
  if (depth > 5 || typeof error !== 'object' || error === null) return;
  yield error;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  yield* errorTree(cause, depth + 1);
  // Node's AggregateError: every address of a host refused (localhost is ::1 and 127.0.0.1).
  if (Array.isArray(errors)) for (const inner of errors) yield* errorTree(inner, depth + 1);
}

/**
 * Whether the database cannot serve right now (restarting, refusing, out of reach, no connection
 * within the wait): the statement did not run, and another one a moment later would meet the same.
 * A network failure counts whichever service it came from (the error handler relies on that for
 * Redis). Node's EPIPE looks like a SQLSTATE, so an unknown code does not end the search.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const sqlState = pgErrorCode(error);
  if (sqlState && PG_UNAVAILABLE.test(sqlState)) return true;
  for (const e of errorTree(error)) {
    if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && PG_DRIVER_UNAVAILABLE.test(e.message)) return true;
  }
  return false;
}
