import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createMember, FACTORY_PASSWORD } from '../../../test/factories';

// A separate app with the production-like limits turned low, so the flood is quick to reach.
const t = useTestApp({
  rateLimits: {
    apiPerAddressPerMinute: 100_000,
    authPerAddressPerMinute: 8,
    uploadsPerAddressPerMinute: 100_000,
    authFailuresPerAccountPer15Min: 3,
    authFailuresPerAccountPerHour: 6,
  },
});

describe('sign-in rate limits', () => {
  const attempt = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: ip,
      headers: { origin: 'http://localhost:3000' },
      payload: { email, password },
    });

  it('locks a guessing address out of an account, even for the right password, but not the owner', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(member.email, 'wrong-password', '10.0.0.66')).statusCode).toBe(401);
    }
    const locked = await attempt(member.email, FACTORY_PASSWORD, '10.0.0.66');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('RATE_LIMITED');
    // The stranger's failures do not lock the owner out: from her own address she signs in.
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.0.0.7')).statusCode).toBe(200);
  });

  it('locks the account everywhere past the slower account-wide ceiling', async () => {
    const member = await createMember(t.app);
    // Six failures spread over three addresses: none reaches its own limit of 3.
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      for (let i = 0; i < 2; i += 1) {
        expect((await attempt(member.email, 'wrong-password', ip)).statusCode).toBe(401);
      }
    }
    const locked = await attempt(member.email, FACTORY_PASSWORD, '10.1.0.4');
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
