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

describe('the content security policy', () => {
  const t = useTestApp();

  it('lets pages register our own service worker and read our own manifests, nothing else', async () => {
    for (const url of ['/api/health/live', '/api/no-such-route']) {
      const csp = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const directives = csp.split(';').map((directive) => directive.trim());
      expect(directives, url).toContain("worker-src 'self'");
      expect(directives, url).toContain("manifest-src 'self'");
      // Scripts, the worker's among them, stay our own files.
      expect(directives, url).toContain("script-src 'self'");
    }
  });
});
