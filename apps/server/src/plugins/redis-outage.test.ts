import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../test/app';
import { createMember, FACTORY_PASSWORD, signInAs } from '../../test/factories';
import { hasRedisServer, startPrivateRedis } from '../../test/private-redis';

// Decision 063: with Redis stopped the app keeps serving; reads and ordinary writes are limited per
// instance, sign-in and the other credential routes refuse with 503 until Redis is back.
const redis = hasRedisServer ? await startPrivateRedis() : undefined;
afterAll(() => redis?.stop());

const t = useTestApp({ redisUrl: redis?.url, redisPrefix: `rc-test-${randomUUID().slice(0, 8)}:` });

const signIn = (email: string) =>
  request(t.app, 'POST', '/api/auth/sign-in', { body: { email, password: FACTORY_PASSWORD } });

async function untilRedisReady(timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (t.app.ctx.redis?.status !== 'ready' && Date.now() < deadline) await sleep(25);
}

describe.skipIf(!redis)('a Redis outage', () => {
  it('keeps reads served, refuses sign-in with 503 and Retry-After, and recovers by itself', async () => {
    const member = await createMember(t.app);
    const session = await signInAs(t.app, member);
    expect((await signIn(member.email)).statusCode).toBe(200);

    await redis?.stop();
    const started = Date.now();
    const read = await request(t.app, 'GET', '/api/me', { session });
    expect(read.statusCode).toBe(200);
    const refused = await signIn(member.email);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('2');
    expect(refused.json().error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Royal Circle is briefly unavailable. Please try again in a moment.',
    });
    // Neither waited for Redis: a command fails at once while it is away.
    expect(Date.now() - started).toBeLessThan(1_000);
    // Still ready for the proxy (every instance shares this Redis), and says what is away.
    const ready = await request(t.app, 'GET', '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, failed: [], degraded: ['redis'] });

    await redis?.start();
    await untilRedisReady();
    expect((await signIn(member.email)).statusCode).toBe(200);
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    expect((await request(t.app, 'GET', '/api/health/ready')).json().degraded).toEqual([]);
  });
});
