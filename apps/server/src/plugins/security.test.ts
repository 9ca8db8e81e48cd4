import { describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../test/app';

describe('the API rate limit per address', () => {
  const limited = useTestApp({ rateLimits: { ...testConfig().rateLimits, apiPerAddressPerMinute: 2 } });
  const from = (remoteAddress: string) =>
    limited.app.inject({ method: 'GET', url: '/api/me', remoteAddress });

  it('counts the addresses of one IPv6 /64 as one address, as the connection limit does', async () => {
    // One subscriber holds a whole /64: one budget for all of it, not 2^64 of them.
    const codes = [
      (await from('2001:db8:1:2::a')).statusCode,
      (await from('2001:db8:1:2:ffff::b')).statusCode,
      (await from('2001:db8:1:2::c')).statusCode,
    ];
    expect(codes.map((code) => code === 429)).toEqual([false, false, true]);
    // The next /64 and an IPv4 address have budgets of their own; IPv4 written IPv6-mapped is that address.
    expect((await from('2001:db8:1:3::a')).statusCode).not.toBe(429);
    expect((await from('192.0.2.7')).statusCode).not.toBe(429);
    expect((await from('::ffff:192.0.2.7')).statusCode).not.toBe(429);
    expect((await from('192.0.2.7')).statusCode).toBe(429);
  });
});
