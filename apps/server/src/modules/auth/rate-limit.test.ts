import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createMember, FACTORY_PASSWORD } from '../../../test/factories';

// A separate app with the production-like limits turned low, so the flood is quick to reach.
const t = useTestApp({
  rateLimits: {
    apiPerAddressPerMinute: 100_000,
    authPerAddressPerMinute: 8,
    authFailuresPerAccountPer15Min: 3,
  },
});

describe('sign-in rate limits', () => {
  it('locks an account after repeated failures, even for the right password', async () => {
    const member = await createMember(t.app);
    const attempt = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: ip,
        headers: { origin: 'http://localhost:3000' },
        payload: { email: member.email, password },
      });
    // Different addresses, so only the per-account counter can stop them.
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) {
      expect((await attempt('wrong-password', ip)).statusCode).toBe(401);
    }
    const locked = await attempt(FACTORY_PASSWORD, '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
  });

  it('cuts off a flood from one address across many accounts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        remoteAddress: '192.0.2.50',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: `flood-${i}@example.test`, password: 'whatever-1' },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('RATE_LIMITED');
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8).every((s) => s === 429)).toBe(true);
  });
});
