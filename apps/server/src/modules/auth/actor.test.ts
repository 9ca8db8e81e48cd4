import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cookieFrom,
  request,
  TEST_AUTH_SECRET,
  useCountedApp,
  useTestApp,
  useTwoInstances,
} from '../../../test/app';
import { createMember, FACTORY_PASSWORD, signedInMember, signInAs } from '../../../test/factories';
import { profiles, sessions, userRoles } from '../../db/schema';
import { SESSION_SETTINGS } from './auth';
import { signSessionToken } from './session-cookie';

const t = useTestApp();
const DAY = 86_400_000;

/** The raw value of the session cookie in a `Cookie` header. */
const cookieValue = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));

describe('the actor resolver agrees with Better Auth', () => {
  it('on a real session, a forged signature, an unknown token, an expired and a deleted session', async () => {
    const member = await createMember(t.app);
    const real = await request(t.app, 'POST', '/api/auth/sign-in', {
      body: { email: member.email, password: FACTORY_PASSWORD },
    });
    const cookie = cookieFrom(real);
    const token = cookieValue(cookie).split('.')[0] as string;
    const expired = await signInAs(t.app, member, new Date(Date.now() - 1000));
    const deleted = await signInAs(t.app, member);
    const deletedToken = cookieValue(deleted.cookie).split('.')[0] as string;
    await t.app.ctx.db.delete(sessions).where(eq(sessions.token, deletedToken));

    const cases: [string, string][] = [
      ['real', cookieValue(cookie)],
      ['forged signature', `${token}.${'A'.repeat(43)}=`],
      ['unknown token', signSessionToken('no-such-token', TEST_AUTH_SECRET)],
      ['signed with another secret', signSessionToken(token, 'another-secret-another-secret-000000')],
      ['expired', cookieValue(expired.cookie)],
      ['deleted', cookieValue(deleted.cookie)],
    ];
    for (const [label, value] of cases) {
      const headers = new Headers({ cookie: `rc.session_token=${encodeURIComponent(value)}` });
      const ours = await t.app.ctx.actors.resolve(value, () => headers, { fresh: true });
      const theirs = await t.app.ctx.auth.getSession(headers);
      expect(ours?.actor.id ?? null, label).toBe(theirs?.userId ?? null);
      expect(ours?.actor.sessionId ?? null, label).toBe(theirs?.sessionId ?? null);
    }
    expect((await t.app.ctx.actors.resolve(cookieValue(cookie), () => new Headers()))?.actor.id).toBe(
      member.id,
    );
    // With the real cookie now cached, forged signatures of its token still get nowhere.
    for (const [label, value] of cases.slice(1, 4)) {
      expect(await t.app.ctx.actors.resolve(value, () => new Headers()), label).toBeNull();
    }
  });

  it('refuses an expired session at the API', async () => {
    const member = await createMember(t.app);
    const old = await signInAs(t.app, member, new Date(Date.now() - 1000));
    expect((await request(t.app, 'GET', '/api/me', { session: old })).statusCode).toBe(401);
  });

  it('lets Better Auth extend a session due for its daily refresh and passes the new cookie on', async () => {
    const member = await createMember(t.app);
    // Issued 2 days ago: Better Auth extends a session once a day of use.
    const issuedExpiry = new Date(Date.now() + SESSION_SETTINGS.expiresInSeconds * 1000 - 2 * DAY);
    const session = await signInAs(t.app, member, issuedExpiry);
    const res = await request(t.app, 'GET', '/api/me', { session });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/rc\.session_token=.+Max-Age=2592000/);
    const token = cookieValue(session.cookie).split('.')[0] as string;
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(issuedExpiry.getTime() + DAY);
    // The next request is not due again.
    const next = await request(t.app, 'GET', '/api/me', { session });
    expect(next.headers['set-cookie']).toBeUndefined();
  });

  it('records activity at most once a minute, after answering', async () => {
    const { member, session } = await signedInMember(t.app, {
      lastActive: new Date(Date.now() - 5 * 60_000),
    });
    const lastActive = async () =>
      (
        await t.app.ctx.db
          .select({ at: profiles.lastActive })
          .from(profiles)
          .where(eq(profiles.userId, member.id))
      )[0]?.at.getTime() ?? 0;
    expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(200);
    await expect.poll(lastActive).toBeGreaterThan(Date.now() - 10_000);
    const first = await lastActive();
    for (let i = 0; i < 3; i += 1) await request(t.app, 'GET', '/api/notifications', { session });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await lastActive()).toBe(first);
  });
});

describe('statements per resolution', () => {
  const counted = useCountedApp();

  it('costs one statement on a miss and none on a cache hit', async () => {
    const member = await createMember(counted.app, { lastActive: new Date() });
    const session = await signInAs(counted.app, member);
    const value = cookieValue(session.cookie);
    counted.statements = 0;
    expect((await counted.app.ctx.actors.resolve(value, () => new Headers()))?.actor.id).toBe(member.id);
    expect(counted.statements).toBe(1);
    counted.statements = 0;
    expect((await counted.app.ctx.actors.resolve(value, () => new Headers()))?.actor.id).toBe(member.id);
    expect(counted.statements).toBe(0);
  });
});

describe('the actor cache across two instances', () => {
  const two = useTwoInstances({ actorCacheTtlMs: 60 * 60_000 });

  it('forgets a signed-out session on every instance at once', async () => {
    const { a, b } = two;
    const member = await createMember(a, { tier: 2 });
    const signIn = await request(a, 'POST', '/api/auth/sign-in', {
      body: { email: member.email, password: FACTORY_PASSWORD },
    });
    const session = { cookie: cookieFrom(signIn), userId: member.id };
    expect((await request(a, 'GET', '/api/me', { session })).statusCode).toBe(200);
    expect((await request(b, 'GET', '/api/me', { session })).statusCode).toBe(200);
    expect((await request(a, 'POST', '/api/auth/sign-out', { session, body: {} })).statusCode).toBe(204);
    expect((await request(b, 'GET', '/api/me', { session })).statusCode).toBe(401);
    expect((await request(a, 'GET', '/api/me', { session })).statusCode).toBe(401);
  });

  it('applies a role or tier change on the next request once it is announced', async () => {
    const { a, b } = two;
    const { member, session } = await signedInMember(a, { tier: 1 });
    expect((await request(b, 'GET', '/api/me', { session })).json().tier_level).toBe(1);
    await a.ctx.transact(async ({ tx, publish }) => {
      await tx.update(profiles).set({ tierLevel: 3 }).where(eq(profiles.userId, member.id));
      await tx.insert(userRoles).values({ userId: member.id, role: 'promoter' });
      publish({ kind: 'actor.invalidate', userIds: [member.id] });
    });
    const me = (await request(b, 'GET', '/api/me', { session })).json();
    expect(me.tier_level).toBe(3);
    expect(me.roles).toContain('promoter');
  });

  it('does not keep a session read that was under way when its member was forgotten', async () => {
    const { a } = two;
    const { member, session } = await signedInMember(a);
    const cookie = cookieValue(session.cookie);
    // The read starts (its statement is on its way), and the member signs out meanwhile.
    const reading = a.ctx.actors.resolve(cookie, () => new Headers());
    a.ctx.actors.forget([member.id]);
    expect((await reading)?.actor.id).toBe(member.id);
    await a.ctx.db.delete(sessions).where(eq(sessions.userId, member.id));
    // The next request reads the session again, and finds it gone.
    expect(await a.ctx.actors.resolve(cookie, () => new Headers())).toBeNull();
  });

  it('keeps serving the cached member until then (the cache is real)', async () => {
    const { a, b } = two;
    const { member, session } = await signedInMember(a, { tier: 1 });
    const feed = () => request(b, 'GET', '/api/discovery/feed', { session });
    expect((await feed()).statusCode).toBe(200);
    await a.ctx.db.update(profiles).set({ ghostMode: true }).where(eq(profiles.userId, member.id));
    // Not announced: instance b still holds the member as they were.
    expect(
      (await b.ctx.actors.resolve(cookieValue(session.cookie), () => new Headers()))?.actor.ghostMode,
    ).toBe(false);
    await b.ctx.actors.invalidate([member.id]);
    expect(
      (await b.ctx.actors.resolve(cookieValue(session.cookie), () => new Headers()))?.actor.ghostMode,
    ).toBe(true);
  });
});
