import {
  EMAIL_CHANGE_SENT_TEXT,
  EMAIL_CHANGED_TEXT,
  EMAIL_CONFIRMED_TEXT,
  LINK_INVALID_TEXT,
  PASSWORD_RESET_DONE_TEXT,
  RECOVERY_SENT_TEXT,
  SIGN_UP_CHECK_EMAIL_TEXT,
} from '@royal/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cookieFrom, request, type Session, useTestApp } from '../../../test/app';
import { createMember, FACTORY_PASSWORD, signInAs, type TestMember } from '../../../test/factories';
import { emailTokens, outboxEmails, users } from '../../db/schema';
import { hashLinkToken, LINKS_PER_ACCOUNT_PER_HOUR } from './email-links';

const t = useTestApp();
const NEW_PASSWORD = 'Moonlit-Terrace-88';

/** The e-mails queued for an address, newest first. */
const mailsTo = (to: string) =>
  t.app.ctx.db
    .select({ subject: outboxEmails.subject, text: outboxEmails.textBody, html: outboxEmails.htmlBody })
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.createdAt));

/** The token of the newest link in a mail to `to` whose subject is `subject`. */
async function linkToken(to: string, subject: string): Promise<string> {
  const mail = (await mailsTo(to)).find((m) => m.subject === subject);
  const token = mail?.text.match(/token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no "${subject}" link to ${to}`);
  return token;
}

const post = (url: string, body?: unknown, session: Session | null = null) =>
  request(t.app, 'POST', url, { session, ...(body === undefined ? {} : { body }) });
const me = async (session: Session) => (await request(t.app, 'GET', '/api/me', { session })).json();
const signIn = (email: string, password: string) => post('/api/auth/sign-in', { email, password });

let counter = 0;
const freshEmail = () => `recovery-${Date.now()}-${++counter}@example.test`;

async function signUp() {
  const email = freshEmail();
  const res = await post('/api/auth/sign-up', { email, password: NEW_PASSWORD });
  expect(res.statusCode, res.body).toBe(201);
  return { email, res, session: { cookie: cookieFrom(res), userId: res.json().user.id as string } };
}

describe('confirming the e-mail after sign-up', () => {
  it('says to check the e-mail, mails a link, and confirms once from it', async () => {
    const { email, res, session } = await signUp();
    expect(res.json().message).toBe(SIGN_UP_CHECK_EMAIL_TEXT);
    expect(res.json().user.email_confirmed).toBe(false);
    expect(res.json().user.capabilities.message_block.code).toBe('EMAIL_CONFIRMATION_REQUIRED');

    const token = await linkToken(email, 'Confirm your e-mail');
    // Only the hash is stored.
    const [row] = await t.app.ctx.db
      .select({
        hash: emailTokens.tokenHash,
        expiresAt: emailTokens.expiresAt,
        createdAt: emailTokens.createdAt,
      })
      .from(emailTokens)
      .where(eq(emailTokens.userId, session.userId));
    expect(row?.hash).toBe(hashLinkToken(token));
    expect(row?.hash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(24 * 3_600_000);

    // Warm the actor cache, so the confirmation must invalidate it.
    expect((await me(session)).email_confirmed).toBe(false);
    const confirmed = await post('/api/auth/confirm-email', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(EMAIL_CONFIRMED_TEXT);
    expect((await me(session)).email_confirmed).toBe(true);

    const again = await post('/api/auth/confirm-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(LINK_INVALID_TEXT);
  });

  it('refuses an expired link, a made-up one and bad input alike', async () => {
    const { email, session } = await signUp();
    const token = await linkToken(email, 'Confirm your e-mail');
    await t.app.ctx.db
      .update(emailTokens)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000), expiresAt: new Date(Date.now() - 3_600_000) })
      .where(eq(emailTokens.tokenHash, hashLinkToken(token)));
    for (const body of [{ token }, { token: 'A'.repeat(43) }]) {
      const res = await post('/api/auth/confirm-email', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'token', message: LINK_INVALID_TEXT }]);
    }
    for (const body of [{}, { token: 'not a token!' }, { token, extra: 1 }]) {
      expect((await post('/api/auth/confirm-email', body)).statusCode).toBe(400);
    }
    expect((await me(session)).email_confirmed).toBe(false);
  });

  it('holds back messages and payments until confirmed, not the rest of the app', async () => {
    const member = await createMember(t.app, { tier: 2, emailConfirmed: false });
    const session = await signInAs(t.app, member);
    const deposit = await request(t.app, 'POST', '/api/wallet/deposits', {
      session,
      headers: { 'idempotency-key': crypto.randomUUID() },
      body: { amount_cents: 5000 },
    });
    expect(deposit.statusCode).toBe(403);
    expect(deposit.json().error).toEqual({
      code: 'EMAIL_CONFIRMATION_REQUIRED',
      message: 'Confirm your e-mail to make payments',
    });
    const send = await post(`/api/matches/${crypto.randomUUID()}/messages`, { content: 'Hello' }, session);
    expect(send.statusCode).toBe(403);
    expect(send.json().error.message).toBe('Confirm your e-mail to send messages');
    expect((await request(t.app, 'GET', '/api/discovery/feed', { session })).statusCode).toBe(200);
  });

  it('resends the link to an unconfirmed member, a few times an hour, and never to others', async () => {
    const { email, session } = await signUp();
    // Sign-up sent one already.
    for (let i = 1; i < LINKS_PER_ACCOUNT_PER_HOUR; i++) {
      const res = await post('/api/auth/confirm-email/resend', undefined, session);
      expect(res.statusCode, res.body).toBe(202);
    }
    const limited = await post('/api/auth/confirm-email/resend', undefined, session);
    expect(limited.statusCode).toBe(429);
    expect((await mailsTo(email)).filter((m) => m.subject === 'Confirm your e-mail')).toHaveLength(
      LINKS_PER_ACCOUNT_PER_HOUR,
    );
    // Any of the links still confirms.
    expect(
      (await post('/api/auth/confirm-email', { token: await linkToken(email, 'Confirm your e-mail') }))
        .statusCode,
    ).toBe(200);
    const confirmed = await post('/api/auth/confirm-email/resend', undefined, session);
    expect(confirmed.statusCode).toBe(409);
    expect((await post('/api/auth/confirm-email/resend')).statusCode).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const member = await createMember(t.app);
    const known = await post('/api/auth/forgot-password', { email: member.email.toUpperCase() });
    const unknown = await post('/api/auth/forgot-password', { email: freshEmail() });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(RECOVERY_SENT_TEXT);
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect((await post('/api/auth/forgot-password', { email: 'not-an-address' })).statusCode).toBe(400);
  });

  it('replies to a known and an unknown address in the same shape: status, headers and body', async () => {
    const member = await createMember(t.app);
    const known = await post('/api/auth/forgot-password', { email: member.email });
    const unknown = await post('/api/auth/forgot-password', { email: freshEmail() });
    const shape = (res: typeof known) => ({
      status: res.statusCode,
      headers: Object.keys(res.headers)
        .filter((name) => !['date', 'x-request-id'].includes(name))
        .sort()
        .map((name) => [name, name === 'content-length' ? res.headers[name] : typeof res.headers[name]]),
      body: res.json(),
    });
    expect(shape(known)).toEqual(shape(unknown));
    // Neither sets a cookie or says anything of an account.
    expect(known.headers['set-cookie']).toBeUndefined();
    expect(Object.keys(known.json())).toEqual(['message']);
    expect(await mailsTo(member.email)).toHaveLength(1);
  });

  it('mails a 30-minute link that sets the password once and signs out every session', async () => {
    const member = await createMember(t.app);
    const phone = { cookie: cookieFrom(await signIn(member.email, FACTORY_PASSWORD)), userId: member.id };
    const laptop = await signInAs(t.app, member);
    expect((await request(t.app, 'GET', '/api/me', { session: phone })).statusCode).toBe(200);
    await post('/api/auth/forgot-password', { email: member.email });
    const token = await linkToken(member.email, 'Reset your password');
    const [row] = await t.app.ctx.db
      .select({ expiresAt: emailTokens.expiresAt, createdAt: emailTokens.createdAt })
      .from(emailTokens)
      .where(eq(emailTokens.tokenHash, hashLinkToken(token)));
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(30 * 60_000);

    const res = await post('/api/auth/reset-password', { token, new_password: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(PASSWORD_RESET_DONE_TEXT);
    for (const session of [phone, laptop]) {
      expect((await request(t.app, 'GET', '/api/me', { session })).statusCode).toBe(401);
    }
    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await mailsTo(member.email))[0]?.subject).toBe('Your password was reset');

    const reuse = await post('/api/auth/reset-password', { token, new_password: 'Another-Good-Pass-7' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.message).toBe(LINK_INVALID_TEXT);
  });

  it('refuses an expired link, and a weak password without spending the link', async () => {
    const member = await createMember(t.app);
    await post('/api/auth/forgot-password', { email: member.email });
    const token = await linkToken(member.email, 'Reset your password');

    const weak = await post('/api/auth/reset-password', { token, new_password: 'password123' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    const ownEmail = await post('/api/auth/reset-password', { token, new_password: member.email });
    expect(ownEmail.json().error.message).toBe('Password must not be the same as your email');
    expect((await post('/api/auth/reset-password', { token, new_password: '12345' })).statusCode).toBe(400);

    // Thirty-one minutes later (the row back-dated), the link is refused.
    await t.app.ctx.db
      .update(emailTokens)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(emailTokens.tokenHash, hashLinkToken(token)));
    const expired = await post('/api/auth/reset-password', { token, new_password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect((await signIn(member.email, FACTORY_PASSWORD)).statusCode).toBe(200);
  });

  it('resets only the account the link was sent for, whoever is signed in', async () => {
    const owner = await createMember(t.app);
    const other = await createMember(t.app);
    const otherSession = await signInAs(t.app, other);
    await post('/api/auth/forgot-password', { email: owner.email });
    const token = await linkToken(owner.email, 'Reset your password');
    const res = await post('/api/auth/reset-password', { token, new_password: NEW_PASSWORD }, otherSession);
    expect(res.statusCode).toBe(200);
    expect((await signIn(owner.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(other.email, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await request(t.app, 'GET', '/api/me', { session: otherSession })).statusCode).toBe(200);
    // A reset link is no confirmation link, nor the other way round.
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(400);
  });

  it('refuses a link asked for before a password change, and earlier links once a new one is sent', async () => {
    const member = await createMember(t.app);
    await post('/api/auth/forgot-password', { email: member.email });
    const first = await linkToken(member.email, 'Reset your password');
    await post('/api/auth/forgot-password', { email: member.email });
    const second = await linkToken(member.email, 'Reset your password');
    expect(second).not.toBe(first);
    expect(
      (await post('/api/auth/reset-password', { token: first, new_password: NEW_PASSWORD })).statusCode,
    ).toBe(400);

    const session = { cookie: cookieFrom(await signIn(member.email, FACTORY_PASSWORD)), userId: member.id };
    const changed = await post(
      '/api/auth/change-password',
      { current_password: FACTORY_PASSWORD, new_password: NEW_PASSWORD },
      session,
    );
    expect(changed.statusCode).toBe(204);
    const stale = await post('/api/auth/reset-password', {
      token: second,
      new_password: 'Another-Good-Pass-7',
    });
    expect(stale.statusCode).toBe(400);
    expect((await signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sends an account a few links an hour, with the same reply after', async () => {
    const member = await createMember(t.app);
    for (let i = 0; i < LINKS_PER_ACCOUNT_PER_HOUR + 2; i++) {
      const res = await post('/api/auth/forgot-password', { email: member.email });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(RECOVERY_SENT_TEXT);
    }
    expect(await mailsTo(member.email)).toHaveLength(LINKS_PER_ACCOUNT_PER_HOUR);
  });
});

describe('changing the e-mail', () => {
  async function member(): Promise<{ member: TestMember; session: Session }> {
    const m = await createMember(t.app);
    return { member: m, session: await signInAs(t.app, m) };
  }
  const change = (session: Session | null, body: unknown) => post('/api/auth/change-email', body, session);

  it('asks for the password, confirms the new address, then tells the old one', async () => {
    const { member: m, session } = await member();
    const newEmail = freshEmail();
    const res = await change(session, { new_email: newEmail, password: FACTORY_PASSWORD });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(EMAIL_CHANGE_SENT_TEXT);
    // Nothing changes before the link is opened.
    expect((await me(session)).email).toBe(m.email);
    const token = await linkToken(newEmail, 'Confirm your new e-mail address');

    const confirmed = await post('/api/auth/confirm-email', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(EMAIL_CHANGED_TEXT);
    expect((await me(session)).email).toBe(newEmail);
    expect((await mailsTo(m.email))[0]?.subject).toBe('Your e-mail address was changed');
    expect((await signIn(newEmail, FACTORY_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(m.email, FACTORY_PASSWORD)).statusCode).toBe(401);
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(400);
  });

  it('refuses a wrong password, a taken address, the same address, bad input and a signed-out caller', async () => {
    const { member: m, session } = await member();
    const taken = await createMember(t.app);
    const wrong = await change(session, { new_email: freshEmail(), password: 'not-my-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const clash = await change(session, { new_email: taken.email, password: FACTORY_PASSWORD });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('EMAIL_TAKEN');
    expect((await change(session, { new_email: m.email, password: FACTORY_PASSWORD })).statusCode).toBe(400);
    expect((await change(session, { new_email: 'nope', password: FACTORY_PASSWORD })).statusCode).toBe(400);
    expect((await change(null, { new_email: freshEmail(), password: FACTORY_PASSWORD })).statusCode).toBe(
      401,
    );
    expect(await mailsTo(taken.email)).toHaveLength(0);
  });

  it('does not take an address that found an account while the link waited, and keeps the latest request only', async () => {
    const { member: m, session } = await member();
    const first = freshEmail();
    const second = freshEmail();
    await change(session, { new_email: first, password: FACTORY_PASSWORD });
    const firstToken = await linkToken(first, 'Confirm your new e-mail address');
    await change(session, { new_email: second, password: FACTORY_PASSWORD });
    const secondToken = await linkToken(second, 'Confirm your new e-mail address');
    expect((await post('/api/auth/confirm-email', { token: firstToken })).statusCode).toBe(400);

    await t.app.ctx.db
      .update(users)
      .set({ email: second })
      .where(eq(users.email, (await createMember(t.app)).email));
    const clash = await post('/api/auth/confirm-email', { token: secondToken });
    expect(clash.statusCode).toBe(409);
    expect((await me(session)).email).toBe(m.email);
    // Refused without being spent: the row is still open.
    const [open] = await t.app.ctx.db
      .select({ usedAt: emailTokens.usedAt })
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hashLinkToken(secondToken))));
    expect(open?.usedAt).toBeNull();
  });
});

describe('rate limits per address', () => {
  const limited = useTestApp({
    rateLimits: {
      apiPerAddressPerMinute: 100_000,
      authPerAddressPerMinute: 100_000,
      uploadsPerAddressPerMinute: 100_000,
      waitlistPerAddressPerHour: 100_000,
      authMailPerAddressPerHour: 2,
      authFailuresPerAccountPer15Min: 1_000,
      authFailuresPerAccountPerHour: 10_000,
    },
  });

  it('cuts off recovery requests from one address, whatever addresses they name', async () => {
    const ask = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        headers: { origin: 'http://localhost:3000' },
        payload: { email: freshEmail() },
      });
    expect((await ask('203.0.113.7')).statusCode).toBe(202);
    expect((await ask('203.0.113.7')).statusCode).toBe(202);
    const third = await ask('203.0.113.7');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    expect((await ask('203.0.113.8')).statusCode).toBe(202);
  });
});
