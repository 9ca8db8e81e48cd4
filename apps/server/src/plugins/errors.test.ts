import { describe, expect, it } from 'vitest';
import { databaseRefusal } from './errors';

/** A driver error as drizzle wraps it: the SQLSTATE sits on the cause. */
const wrapped = (code: string, detail?: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('pg'), { code, detail }) });

describe('database refusals', () => {
  it.each([
    ['23505', undefined, 409, 'CONFLICT'],
    ['23503', 'Key (user_id)=(…) is not present in table "users".', 404, 'NOT_FOUND'],
    ['23503', 'Key (id)=(…) is still referenced from table "photos".', 409, 'CONFLICT'],
    ['40001', undefined, 409, 'CONFLICT'],
    ['40P01', undefined, 409, 'CONFLICT'],
    ['22021', undefined, 400, 'VALIDATION_FAILED'],
    ['22P02', undefined, 400, 'VALIDATION_FAILED'],
    ['23514', undefined, 400, 'VALIDATION_FAILED'],
  ])('%s (%s) → %i %s', (code, detail, status, errorCode) => {
    const refusal = databaseRefusal(wrapped(code, detail));
    expect(refusal?.status).toBe(status);
    expect(refusal?.code).toBe(errorCode);
  });

  it('leaves other errors to the generic 500', () => {
    expect(databaseRefusal(new Error('boom'))).toBeNull();
    expect(databaseRefusal(wrapped('53300'))).toBeNull();
  });
});
