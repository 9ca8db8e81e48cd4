import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';

const t = useTestApp();

describe('GET /api/session', () => {
  it('answers a signed-out caller with 200 and no member (the start-up check logs no 401)', async () => {
    const res = await request(t.app, 'GET', '/api/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('treats a forged or unknown session cookie as signed out', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'rc.session_token=no-such-token.forged' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('returns the signed-in member, the same as GET /api/me', async () => {
    const { session } = await signedInMember(t.app, { tier: 3 });
    const res = await request(t.app, 'GET', '/api/session', { session });
    expect(res.statusCode).toBe(200);
    const me = (await request(t.app, 'GET', '/api/me', { session })).json();
    expect(res.json()).toEqual({ user: me });
    expect(res.json().user.tier_level).toBe(3);
  });

  it('forgets the member once they sign out', async () => {
    const { session } = await signedInMember(t.app);
    await request(t.app, 'POST', '/api/auth/sign-out', { session, body: { scope: 'local' } });
    expect((await request(t.app, 'GET', '/api/session', { session })).json()).toEqual({ user: null });
  });
});
