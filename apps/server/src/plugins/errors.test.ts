import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseRefusal, outageRefusal, registerErrorHandling } from './errors';

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

describe('dependencies away or too slow', () => {
  const system = (code: string) => Object.assign(new Error(`connect ${code}`), { code });

  it.each([
    ['PostgreSQL shut down by its administrator (a restart)', wrapped('57P01')],
    ['PostgreSQL starting up', wrapped('57P03')],
    ['a connection exception', wrapped('08006')],
    ['too many connections', wrapped('53300')],
    ['connection refused', system('ECONNREFUSED')],
    ['a broken pipe (EPIPE, shaped like a SQLSTATE)', system('EPIPE')],
    [
      'every address of localhost refused',
      Object.assign(new AggregateError([system('ECONNREFUSED'), system('ECONNREFUSED')]), {
        code: 'ECONNREFUSED',
      }),
    ],
    [
      'a connection reset under a drizzle error',
      Object.assign(new Error('Failed query'), { cause: system('ECONNRESET') }),
    ],
    ['the pool waited past its connection timeout', new Error('timeout exceeded when trying to connect')],
    ['the connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    ['Redis away', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
  ])('%s → 503 SERVICE_UNAVAILABLE', (_what, error) => {
    const refusal = outageRefusal(error);
    expect(refusal?.status).toBe(503);
    expect(refusal?.code).toBe('SERVICE_UNAVAILABLE');
    expect(refusal?.message).toBe('Royal Circle is briefly unavailable. Please try again in a moment.');
  });

  it('answers a statement past its timeout (57014) with its own code', () => {
    const refusal = outageRefusal(wrapped('57014'));
    expect(refusal?.status).toBe(503);
    expect(refusal?.code).toBe('SERVICE_TIMEOUT');
    expect(refusal?.message).toBe('Royal Circle is taking too long to answer. Please try again.');
  });

  it('leaves refusals and bugs alone', () => {
    expect(outageRefusal(wrapped('23505'))).toBeNull();
    expect(outageRefusal(new Error('boom'))).toBeNull();
  });
});

describe('the reply to an outage', () => {
  it('is 503 with Retry-After when the database is away, without it when a statement timed out', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/away', async () => {
      throw wrapped('57P01');
    });
    app.get('/slow', async () => {
      throw wrapped('57014');
    });
    const away = await app.inject({ method: 'GET', url: '/away' });
    expect(away.statusCode).toBe(503);
    expect(away.headers['retry-after']).toBe('2');
    expect(away.json().error.code).toBe('SERVICE_UNAVAILABLE');
    // Asking again at once would only add to what made it slow: no Retry-After, no automatic retry.
    const slow = await app.inject({ method: 'GET', url: '/slow' });
    expect(slow.statusCode).toBe(503);
    expect(slow.headers['retry-after']).toBeUndefined();
    expect(slow.json().error.code).toBe('SERVICE_TIMEOUT');
    await app.close();
  });
});
