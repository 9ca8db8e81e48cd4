import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app';
import { createMember, FACTORY_PASSWORD } from '../../../test/factories';

// A separate app with the production-like limits turned low, so the flood is quick to reach.
const t = useTestApp({
  rateLimits: {
    apiPerAddressPerMinute: 100_000,
    authPerAddressPerMinute: 8,
    uploadsPerAddressPerMinute: 100_000,
    waitlistPerAddressPerHour: 100_000,
    authMailPerAddressPerHour: 100_000,
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
    // The owner retrying meanwhile is refused by the account's ceiling only: once its hour is over,
    // her own address has not filled up with the attempts nobody checked.
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(member.email, FACTORY_PASSWORD, '10.1.0.4')).statusCode).toBe(429);
    }
    await t.app.ctx.signInFailures.perAccount.reset(member.email.toLowerCase());
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.1.0.4')).statusCode).toBe(200);
  });

  it('keeps letting the owner in from an address she signed in from, past the account-wide ceiling', async () => {
    const member = await createMember(t.app);
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.5.0.9')).statusCode).toBe(200);
    // Guessers on six other addresses, each within its own limit, reach the account's ceiling.
    for (let i = 1; i <= 6; i += 1) {
      expect((await attempt(member.email, 'wrong-password', `10.5.1.${i}`)).statusCode).toBe(401);
    }
    const elsewhere = await attempt(member.email, FACTORY_PASSWORD, '10.5.2.1');
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().error.message).toBe(
      'Too many sign-in attempts on this account. Please try again within the hour, or from a network you have signed in from before.',
    );
    // From her own address she still signs in, and her typos there meet only that address's limit.
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.5.0.9')).statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await attempt(member.email, 'wrong-password', '10.5.0.9')).statusCode).toBe(401);
    }
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.5.0.9')).statusCode).toBe(429);
    // Her sign-ins there took nothing back from the guessers' tally: elsewhere is still refused.
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.5.2.2')).statusCode).toBe(429);
  });

  // The password check is slow (scrypt): guesses sent together must not all pass the count before any adds to it.
  const statusesOf = async (guesses: Promise<{ statusCode: number }>[]) =>
    (await Promise.all(guesses)).map((res) => res.statusCode).sort();

  it('counts parallel guesses from one address before checking them, and stays locked after', async () => {
    const member = await createMember(t.app);
    // Six at once: under the per-minute limit of 8, over the account's 3 from one address.
    const guesses = Array.from({ length: 6 }, () => attempt(member.email, 'wrong-password', '10.2.0.1'));
    expect(await statusesOf(guesses)).toEqual([401, 401, 401, 429, 429, 429]);
    const locked = await attempt(member.email, FACTORY_PASSWORD, '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe(
      'Too many sign-in attempts. Please wait a few minutes and try again.',
    );
    // The refused guesses did not count against the account everywhere: the owner still signs in.
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('counts parallel guesses from many addresses against the account-wide ceiling', async () => {
    const member = await createMember(t.app);
    // Three each from four addresses, all at once: twelve guesses, each address within its own limit.
    const guesses = ['10.3.0.1', '10.3.0.2', '10.3.0.3', '10.3.0.4'].flatMap((ip) =>
      Array.from({ length: 3 }, () => attempt(member.email, 'wrong-password', ip)),
    );
    expect(await statusesOf(guesses)).toEqual([...Array(6).fill(401), ...Array(6).fill(429)]);
    expect((await attempt(member.email, FACTORY_PASSWORD, '10.3.0.5')).statusCode).toBe(429);
  });

  it('never counts the owner’s own sign-ins against the account-wide ceiling', async () => {
    const member = await createMember(t.app);
    // More right passwords than the ceiling of 6, each from its own address.
    for (let i = 1; i <= 8; i += 1) {
      expect((await attempt(member.email, FACTORY_PASSWORD, `10.4.0.${i}`)).statusCode).toBe(200);
    }
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

  it('counts a flood from the addresses of one IPv6 /64 as one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        // Every guess from another address of one subscriber's /64.
        remoteAddress: `2001:db8:77:5::${(i + 1).toString(16)}`,
        headers: { origin: 'http://localhost:3000' },
        payload: { email: `flood6-${i}@example.test`, password: 'whatever-1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});
