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
