import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import {
  createMember,
  FACTORY_PASSWORD,
  FACTORY_TOTP_SECRET,
  signInAs,
  type TestMember,
} from '../../../test/factories';
import { assert, attest, newSoftPasskey } from '../../../test/webauthn';
import { auditLog, outboxEmails, passkeys, sessions, totpSecrets } from '../../db/schema';
import { CHALLENGE_COOKIE } from './second-factor';
import { totpCode } from './totp';

// Renewing backup codes, and an admin's reset of a member's second factor (decision 057).
const t = useTestApp();

const post = (url: string, body?: unknown, session: Session | null = null, cookie?: string) =>
  request(t.app, 'POST', url, {
    session,
    ...(body === undefined ? {} : { body }),
    ...(cookie ? { headers: { cookie } } : {}),
  });
const get = (url: string, session: Session) => request(t.app, 'GET', url, { session });
const renew = (body: unknown, session: Session | null) =>
  post('/api/auth/two-factor/backup-codes', body, session);

/** A factory-enrolled member (FACTORY_TOTP_SECRET), signed in, with ten backup codes. */
async function enrolledMember() {
  const member = await createMember(t.app, { secondFactor: true });
  const session = await signInAs(t.app, member);
  const first = await renew({ password: FACTORY_PASSWORD }, session);
  expect(first.statusCode, first.body).toBe(200);
  return { member, session, codes: first.json().backup_codes as string[] };
}

/** The sign-in's code step with `code`, after a right password. */
async function signInWithCode(member: TestMember, code: string) {
  const first = await post('/api/auth/sign-in', { email: member.email, password: FACTORY_PASSWORD });
  const cookie = ([first.headers['set-cookie']].flat() as string[]).find((c) =>
    c.startsWith(`${CHALLENGE_COOKIE}=`),
  );
  return post('/api/auth/sign-in/second-factor', { code }, null, cookie?.split(';')[0]);
}

describe('renewing backup codes', () => {
  it('gives ten new codes for the password, and the old ones stop working', async () => {
    const { member, session, codes: old } = await enrolledMember();
    const res = await renew({ password: FACTORY_PASSWORD }, session);
    expect(res.statusCode, res.body).toBe(200);
    const fresh: string[] = res.json().backup_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((code) => old.includes(code))).toBe(false);
    expect((await get('/api/auth/two-factor', session)).json().backup_codes_left).toBe(10);

    // An old code opens nothing: not a sign-in, not a renewal, not removal.
    const oldSignIn = await signInWithCode(member, old[0] ?? '');
    expect(oldSignIn.statusCode).toBe(422);
    expect(oldSignIn.json().error.code).toBe('INVALID_CODE');
    expect((await renew({ code: old[1] }, session)).json().error.code).toBe('INVALID_CODE');
    expect((await post('/api/auth/two-factor/disable', { code: old[2] }, session)).statusCode).toBe(422);
    // A new one does.
    expect((await signInWithCode(member, fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('takes a code from the app, or a backup code, which is spent by it', async () => {
    const { session, codes } = await enrolledMember();
    // The current step's code: the server takes one step either side, so a step boundary passing
    // between here and the check still leaves it good (the previous step's code, used before, was
    // out of the window when a boundary passed while a loaded CI machine answered: 1 run in ~100).
    const code = totpCode(FACTORY_TOTP_SECRET, Date.now());
    const byApp = await renew({ code }, session);
    expect(byApp.statusCode, byApp.body).toBe(200);
    // The same app code is not taken twice.
    const replay = await renew({ code }, session);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().error.message).toBe('That code was already used. Wait for the next one.');

    const current: string[] = byApp.json().backup_codes;
    expect(codes).not.toContain(current[0]);
    const byBackup = await renew({ code: current[0] }, session);
    expect(byBackup.statusCode, byBackup.body).toBe(200);
    expect(byBackup.json().backup_codes).not.toContain(current[0]);
  });

  it('refuses a wrong password or code and keeps the codes as they were', async () => {
    const { member, session, codes } = await enrolledMember();
    const wrongPassword = await renew({ password: 'not-mine' }, session);
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    const wrongCode = await renew({ code: '000000' }, session);
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json().error.code).toBe('INVALID_CODE');
    expect((await renew({ code: 'aaaaa-bbbbb' }, session)).json().error.code).toBe('INVALID_CODE');
    // Exactly one proof: neither, or both, is a bad request.
    expect((await renew({}, session)).statusCode).toBe(400);
    expect((await renew({ password: FACTORY_PASSWORD, code: codes[0] }, session)).statusCode).toBe(400);
    expect((await get('/api/auth/two-factor', session)).json().backup_codes_left).toBe(10);
    expect((await signInWithCode(member, codes[0] ?? '')).statusCode).toBe(200);
  });

  it('refuses a member without two-factor, and a signed-out caller', async () => {
    const member = await createMember(t.app);
    const session = await signInAs(t.app, member);
    const res = await renew({ password: FACTORY_PASSWORD }, session);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: 'Two-factor authentication is not on' });
    const signedOut = await renew({ password: FACTORY_PASSWORD }, null);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('an admin resets a member’s second factor', () => {
  const resetUrl = (id: string) => `/api/admin/members/${id}/second-factor/reset`;

  /** An admin who lost their phone: TOTP, backup codes, a passkey and two sessions. */
  async function lostPhone() {
    const member = await createMember(t.app, { roles: ['user', 'admin'] });
    const phone = await signInAs(t.app, member);
    const laptop = await signInAs(t.app, member);
    await renew({ password: FACTORY_PASSWORD }, phone);
    const key = newSoftPasskey();
    const options = (await post('/api/auth/passkeys/options', { password: FACTORY_PASSWORD }, phone)).json();
    const added = await post(
      '/api/auth/passkeys',
      { challenge_id: options.challenge_id, name: 'Lost phone', response: attest(key, options.options) },
      phone,
    );
    expect(added.statusCode, added.body).toBe(201);
    return { member, phone, laptop, key };
  }

  it('removes TOTP, backup codes and passkeys, signs every session out, mails and audits it', async () => {
    const { member, phone, laptop, key } = await lostPhone();
    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const res = await post(resetUrl(member.id), undefined, await signInAs(t.app, admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ totp_removed: true, passkeys_removed: 1, signed_out: 2 });

    for (const session of [phone, laptop]) {
      expect((await get('/api/me', session)).statusCode).toBe(401);
    }
    const db = t.app.ctx.db;
    expect(await db.select().from(totpSecrets).where(eq(totpSecrets.userId, member.id))).toEqual([]);
    expect(await db.select().from(passkeys).where(eq(passkeys.userId, member.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    // The password alone signs them in now, and the lost passkey does not.
    const signIn = await post('/api/auth/sign-in', { email: member.email, password: FACTORY_PASSWORD });
    expect(signIn.json().user.id).toBe(member.id);
    const { challenge_id, options } = (await post('/api/auth/passkey/options')).json();
    expect(
      (await post('/api/auth/passkey/sign-in', { challenge_id, response: assert(key, options) })).statusCode,
    ).toBe(401);

    const [mail] = await db
      .select({ subject: outboxEmails.subject })
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, member.email))
      .orderBy(desc(outboxEmails.createdAt));
    expect(mail?.subject).toBe('Your two-factor authentication was reset');
    const [audit] = await db
      .select({ actorId: auditLog.actorId, ip: auditLog.ip })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'second_factor_reset'), eq(auditLog.targetId, member.id)));
    expect(audit).toEqual({ actorId: admin.id, ip: '127.0.0.1' });
  });

  it('refuses a member who is not an admin with FORBIDDEN, changing nothing', async () => {
    const { member, phone } = await lostPhone();
    const caller = await signInAs(t.app, await createMember(t.app, { secondFactor: true }));
    const res = await post(resetUrl(member.id), undefined, caller);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await get('/api/auth/two-factor', phone)).json().enabled).toBe(true);
    expect((await post(resetUrl(member.id))).statusCode).toBe(401);
  });

  it('refuses an admin without a second factor confirmed in this session, as every admin route', async () => {
    const { member, phone } = await lostPhone();
    const unenrolled = await createMember(t.app, { roles: ['user', 'admin'], secondFactor: false });
    const required = await post(resetUrl(member.id), undefined, await signInAs(t.app, unenrolled));
    expect(required.statusCode).toBe(403);
    expect(required.json().error.code).toBe('SECOND_FACTOR_REQUIRED');

    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const unconfirmed = await signInAs(t.app, admin, undefined, { secondFactor: false });
    const res = await post(resetUrl(member.id), undefined, unconfirmed);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SECOND_FACTOR_UNCONFIRMED');
    expect((await get('/api/auth/two-factor', phone)).json().enabled).toBe(true);
  });

  it('refuses the admin’s own account, an unknown member and a malformed id', async () => {
    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const session = await signInAs(t.app, admin);
    const own = await post(resetUrl(admin.id), undefined, session);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toMatch(/Settings → Security/);
    expect((await get('/api/auth/two-factor', session)).json().enabled).toBe(true);
    const unknown = await post(resetUrl(crypto.randomUUID()), undefined, session);
    expect(unknown.statusCode).toBe(404);
    expect((await post(resetUrl('not-a-uuid'), undefined, session)).statusCode).toBe(400);
  });
});
