import { SECOND_FACTOR_MAX_ATTEMPTS, TOTP_PERIOD_SECONDS } from '@royal/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, request, type Session, useTestApp } from '../../../test/app';
import {
  createMember,
  FACTORY_PASSWORD,
  FACTORY_TOTP_SECRET,
  signInAs,
  type TestMember,
} from '../../../test/factories';
import { assert, attest, newSoftPasskey } from '../../../test/webauthn';
import { sessions, totpSecrets } from '../../db/schema';
import { CHALLENGE_COOKIE } from './second-factor';
import { totpCode } from './totp';

const t = useTestApp();
const ADMIN_ROUTE = '/api/admin/support-requests';
const PERIOD_MS = TOTP_PERIOD_SECONDS * 1000;

const post = (
  url: string,
  body?: unknown,
  session: Session | null = null,
  headers?: Record<string, string>,
) =>
  request(t.app, 'POST', url, {
    session,
    ...(body === undefined ? {} : { body }),
    ...(headers ? { headers } : {}),
  });
const get = (url: string, session: Session | null = null) => request(t.app, 'GET', url, { session });

function challengeOf(res: { headers: Record<string, unknown> }): string {
  const all = [res.headers['set-cookie']].flat() as string[];
  const cookie = all.find((c) => c.startsWith(`${CHALLENGE_COOKIE}=`));
  if (!cookie) throw new Error('no challenge cookie');
  return cookie.split(';')[0] ?? '';
}

/** Signs in with the password; a two-factor member gets the challenge cookie back. */
async function passwordStep(member: TestMember) {
  const res = await post('/api/auth/sign-in', { email: member.email, password: FACTORY_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

const secondStep = (challenge: string, code: string) =>
  post('/api/auth/sign-in/second-factor', { code }, null, { cookie: challenge });

/** A code of the factory secret for a step no earlier test of this member used. */
const codeAt = (offsetSteps: number) => totpCode(FACTORY_TOTP_SECRET, Date.now() + offsetSteps * PERIOD_MS);

describe('turning two-factor on and off', () => {
  it('asks the password, shows a QR code, turns on with a code and gives ten backup codes once', async () => {
    const member = await createMember(t.app);
    const session = await signInAs(t.app, member, undefined, { secondFactor: false });
    expect((await get('/api/auth/two-factor', session)).json()).toMatchObject({
      enabled: false,
      required: false,
    });

    const wrong = await post('/api/auth/two-factor/enrol', { password: 'not-mine' }, session);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await post('/api/auth/two-factor/enrol', {}, session)).statusCode).toBe(400);
    expect((await post('/api/auth/two-factor/enrol', { password: FACTORY_PASSWORD })).statusCode).toBe(401);

    const enrol = await post('/api/auth/two-factor/enrol', { password: FACTORY_PASSWORD }, session);
    expect(enrol.statusCode, enrol.body).toBe(200);
    const { secret, otpauth_uri, qr_code } = enrol.json();
    expect(otpauth_uri).toMatch(/^otpauth:\/\/totp\/Royal%20Circle:.+secret=/);
    expect(qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // The secret is stored encrypted.
    const [row] = await t.app.ctx.db.select().from(totpSecrets).where(eq(totpSecrets.userId, member.id));
    expect(row?.secretCiphertext).not.toContain(secret);
    expect(row?.confirmedAt).toBeNull();

    const bad = await post('/api/auth/two-factor/confirm', { code: '000000' }, session);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.code).toBe('INVALID_CODE');
    expect((await post('/api/auth/two-factor/confirm', { code: 'x' }, session)).statusCode).toBe(400);

    const confirm = await post('/api/auth/two-factor/confirm', { code: totpCode(secret) }, session);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes: string[] = confirm.json().backup_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect((await get('/api/auth/two-factor', session)).json()).toEqual({
      enabled: true,
      backup_codes_left: 10,
      required: false,
      session_confirmed: true,
    });
    // On already: a new enrolment is refused.
    expect(
      (await post('/api/auth/two-factor/enrol', { password: FACTORY_PASSWORD }, session)).statusCode,
    ).toBe(409);

    // Removing needs a code: a wrong one changes nothing, a backup code does it.
    expect((await post('/api/auth/two-factor/disable', { code: '123456' }, session)).statusCode).toBe(422);
    const off = await post('/api/auth/two-factor/disable', { code: codes[0] }, session);
    expect(off.statusCode, off.body).toBe(204);
    expect((await get('/api/auth/two-factor', session)).json().enabled).toBe(false);
    expect((await post('/api/auth/two-factor/disable', { code: codes[1] }, session)).statusCode).toBe(409);
  });
});

describe('signing in with a second factor', () => {
  it('asks for the code after the password, with no session until then, and takes a code once', async () => {
    const member = await createMember(t.app, { secondFactor: true });
    const first = await passwordStep(member);
    expect(first.json()).toEqual({ second_factor_required: true, methods: ['totp', 'backup_code'] });
    const setCookies = [first.headers['set-cookie']].flat().join('\n');
    expect(setCookies).not.toContain('rc.session_token=');
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);

    // Without the challenge cookie, or with a made-up one, there is nothing to answer.
    expect((await post('/api/auth/sign-in/second-factor', { code: codeAt(0) })).json().error.code).toBe(
      'CHALLENGE_LOCKED',
    );
    expect((await secondStep(`${CHALLENGE_COOKIE}=made-up`, codeAt(0))).statusCode).toBe(401);

    const code = codeAt(0);
    const done = await secondStep(challengeOf(first), code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user.id).toBe(member.id);
    const session = {
      cookie: cookieFrom(done)
        .split('; ')
        .filter((c) => c.startsWith('rc.session_token='))
        .join(''),
      userId: member.id,
    };
    expect((await get('/api/me', session)).statusCode).toBe(200);
    const [row] = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, member.id));
    expect(row?.secondFactorAt).not.toBeNull();

    // The challenge is spent, and the same code is refused on a new sign-in (replay).
    expect((await secondStep(challengeOf(first), code)).statusCode).toBe(401);
    const again = await passwordStep(member);
    const replay = await secondStep(challengeOf(again), code);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.message).toBe('That code was already used. Wait for the next one.');
    // The next step's code is still good (clocks a step ahead are accepted).
    expect((await secondStep(challengeOf(again), codeAt(1))).statusCode).toBe(200);
  });

  it('locks the challenge after five wrong codes: even the right code then needs the password again', async () => {
    const member = await createMember(t.app, { secondFactor: true });
    const challenge = challengeOf(await passwordStep(member));
    for (let i = 1; i <= SECOND_FACTOR_MAX_ATTEMPTS; i++) {
      const res = await secondStep(challenge, '999999');
      expect(res.json().error.code).toBe(
        i < SECOND_FACTOR_MAX_ATTEMPTS ? 'INVALID_CODE' : 'CHALLENGE_LOCKED',
      );
    }
    const right = await secondStep(challenge, codeAt(0));
    expect(right.statusCode).toBe(401);
    expect(right.json().error.code).toBe('CHALLENGE_LOCKED');
    // A new password sign-in gives a new challenge.
    expect((await secondStep(challengeOf(await passwordStep(member)), codeAt(0))).statusCode).toBe(200);
  });

  it('takes a backup code once', async () => {
    const member = await createMember(t.app);
    const session = await signInAs(t.app, member);
    const { secret } = (
      await post('/api/auth/two-factor/enrol', { password: FACTORY_PASSWORD }, session)
    ).json();
    const codes: string[] = (
      await post('/api/auth/two-factor/confirm', { code: totpCode(secret) }, session)
    ).json().backup_codes;
    const backup = codes[3] ?? '';
    expect((await secondStep(challengeOf(await passwordStep(member)), backup.toUpperCase())).statusCode).toBe(
      200,
    );
    const reuse = await secondStep(challengeOf(await passwordStep(member)), backup);
    expect(reuse.statusCode).toBe(422);
    expect((await get('/api/auth/two-factor', session)).json().backup_codes_left).toBe(9);
  });

  it('signs a member without two-factor straight in', async () => {
    const member = await createMember(t.app);
    const res = await passwordStep(member);
    expect(res.json().user.id).toBe(member.id);
  });
});

describe('admin routes need a second factor', () => {
  it('refuses an admin without two-factor with SECOND_FACTOR_REQUIRED', async () => {
    const admin = await createMember(t.app, { roles: ['user', 'admin'], secondFactor: false });
    const res = await get(ADMIN_ROUTE, await signInAs(t.app, admin));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SECOND_FACTOR_REQUIRED');
  });

  it('refuses a session not confirmed with the second factor, even when another one is', async () => {
    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const confirmed = await signInAs(t.app, admin);
    const unconfirmed = await signInAs(t.app, admin, undefined, { secondFactor: false });
    expect((await get(ADMIN_ROUTE, confirmed)).statusCode).toBe(200);
    const res = await get(ADMIN_ROUTE, unconfirmed);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SECOND_FACTOR_UNCONFIRMED');
    // A member is still told the route is for admins, whatever their factors.
    const member = await signInAs(t.app, await createMember(t.app, { secondFactor: true }));
    expect((await get(ADMIN_ROUTE, member)).json().error.code).toBe('FORBIDDEN');
  });

  it('lets an admin in once signed in with the password and the code', async () => {
    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const done = await secondStep(challengeOf(await passwordStep(admin)), codeAt(0));
    expect(done.statusCode, done.body).toBe(200);
    expect((await get(ADMIN_ROUTE, { cookie: cookieFrom(done), userId: admin.id })).statusCode).toBe(200);
  });
});

describe('passkeys', () => {
  async function addPasskey(session: Session, name = 'My phone') {
    const key = newSoftPasskey();
    const options = await post('/api/auth/passkeys/options', { password: FACTORY_PASSWORD }, session);
    expect(options.statusCode, options.body).toBe(200);
    const { challenge_id, options: creation } = options.json();
    const added = await post(
      '/api/auth/passkeys',
      { challenge_id, name, response: attest(key, creation) },
      session,
    );
    expect(added.statusCode, added.body).toBe(201);
    return { key, passkey: added.json() };
  }

  async function passkeySignIn(key: ReturnType<typeof newSoftPasskey>, uv = true) {
    const { challenge_id, options } = (await post('/api/auth/passkey/options')).json();
    return post('/api/auth/passkey/sign-in', { challenge_id, response: assert(key, options, { uv }) });
  }

  it('adds, lists, renames and removes a passkey, and signs in with it instead of the password', async () => {
    const member = await createMember(t.app, { roles: ['user', 'admin'] });
    const session = await signInAs(t.app, member);
    const { key, passkey } = await addPasskey(session);
    expect(passkey.name).toBe('My phone');
    const list = (await get('/api/auth/passkeys', session)).json().passkeys;
    expect(list.map((p: { id: string }) => p.id)).toEqual([passkey.id]);

    const signedIn = await passkeySignIn(key);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.id).toBe(member.id);
    // A passkey sign-in is a confirmed session: admin work is open to it.
    const viaPasskey = { cookie: cookieFrom(signedIn), userId: member.id };
    expect((await get(ADMIN_ROUTE, viaPasskey)).statusCode).toBe(200);

    const renamed = await request(t.app, 'PATCH', `/api/auth/passkeys/${passkey.id}`, {
      session,
      body: { name: 'Laptop' },
    });
    expect(renamed.json().name).toBe('Laptop');
    expect(
      (await request(t.app, 'PATCH', `/api/auth/passkeys/${passkey.id}`, { session, body: { name: '' } }))
        .statusCode,
    ).toBe(400);

    const removed = await request(t.app, 'DELETE', `/api/auth/passkeys/${passkey.id}`, { session });
    expect(removed.statusCode).toBe(204);
    expect((await passkeySignIn(key)).statusCode).toBe(401);
  });

  it('refuses another member’s passkey, a wrong password, a reused challenge and no user verification', async () => {
    const owner = await createMember(t.app);
    const ownerSession = await signInAs(t.app, owner);
    const { key, passkey } = await addPasskey(ownerSession);
    const other = await signInAs(t.app, await createMember(t.app));
    expect(
      (
        await request(t.app, 'PATCH', `/api/auth/passkeys/${passkey.id}`, {
          session: other,
          body: { name: 'Mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await request(t.app, 'DELETE', `/api/auth/passkeys/${passkey.id}`, { session: other })).statusCode,
    ).toBe(404);
    expect((await get('/api/auth/passkeys', other)).json().passkeys).toEqual([]);
    expect((await get('/api/auth/passkeys')).statusCode).toBe(401);
    expect((await post('/api/auth/passkeys/options', { password: 'wrong' }, ownerSession)).statusCode).toBe(
      401,
    );

    const { challenge_id, options } = (await post('/api/auth/passkey/options')).json();
    const response = assert(key, options);
    expect((await post('/api/auth/passkey/sign-in', { challenge_id, response })).statusCode).toBe(200);
    expect((await post('/api/auth/passkey/sign-in', { challenge_id, response })).statusCode).toBe(400);
    expect((await passkeySignIn(key, false)).statusCode).toBe(401);
    expect((await passkeySignIn(newSoftPasskey())).statusCode).toBe(401);
    expect((await post('/api/auth/passkey/sign-in', { challenge_id: 'nope', response })).statusCode).toBe(
      400,
    );
  });
});

describe('sessions', () => {
  it('lists the member’s sessions in words, signs one out, then all others', async () => {
    const member = await createMember(t.app);
    const phone = await post('/api/auth/sign-in', { email: member.email, password: FACTORY_PASSWORD }, null, {
      'user-agent':
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    });
    const phoneSession = { cookie: cookieFrom(phone), userId: member.id };
    const laptop = await signInAs(t.app, member);
    const tablet = await signInAs(t.app, member);

    const list = (await get('/api/me/sessions', laptop)).json().sessions;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ current: true });
    const phoneRow = list.find((s: { device: string }) => s.device === 'Chrome on Android');
    expect(phoneRow).toMatchObject({ location: 'Unknown location', current: false });
    expect(JSON.stringify(list)).not.toMatch(/127\.0\.0\.1|ip/i);

    // Another member cannot close it.
    const stranger = await signInAs(t.app, await createMember(t.app));
    expect(
      (await request(t.app, 'DELETE', `/api/me/sessions/${phoneRow.id}`, { session: stranger })).statusCode,
    ).toBe(404);
    expect((await get('/api/me', phoneSession)).statusCode).toBe(200);

    expect(
      (await request(t.app, 'DELETE', `/api/me/sessions/${phoneRow.id}`, { session: laptop })).statusCode,
    ).toBe(204);
    expect((await get('/api/me', phoneSession)).statusCode).toBe(401);
    expect(
      (await request(t.app, 'DELETE', `/api/me/sessions/${phoneRow.id}`, { session: laptop })).statusCode,
    ).toBe(404);
    expect(
      (await request(t.app, 'DELETE', '/api/me/sessions/not-a-uuid', { session: laptop })).statusCode,
    ).toBe(400);

    const others = await post('/api/me/sessions/sign-out-others', undefined, laptop);
    expect(others.json()).toEqual({ signed_out: 1 });
    expect((await get('/api/me', tablet)).statusCode).toBe(401);
    expect((await get('/api/me', laptop)).statusCode).toBe(200);
    expect((await get('/api/me/sessions')).statusCode).toBe(401);
  });
});
