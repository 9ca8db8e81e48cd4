import { randomUUID } from 'node:crypto';
import {
  INVITE_INVALID_TEXT,
  INVITE_REQUIRED_TEXT,
  REFERRAL_LIMIT_TEXT,
  REFERRAL_USES_PER_MONTH,
  referralSchema,
} from '@royal/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { request, startTestApp, useTestApp } from '../../../test/app';
import { signedInMember } from '../../../test/factories';
import type { App } from '../../app';
import { invites, profiles, users, waitlist } from '../../db/schema';
import { newInviteCode } from './codes';

// Invite-only sign-up (issue 35, decision 055): the code is consumed in the account's own transaction.
const t = useTestApp({ inviteOnly: true });

const PASSWORD = 'Velvet-Crown-93!';
const email = () => `invitee-${randomUUID().slice(0, 8)}@example.test`;
const signUp = (app: App, address: string, invite_code?: string) =>
  request(app, 'POST', '/api/auth/sign-up', {
    body: { email: address, password: PASSWORD, ...(invite_code === undefined ? {} : { invite_code }) },
  });
const accountOf = async (address: string) =>
  (await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, address)))[0];

/** An invite as approval makes it (for `address`, 14 days), or as given. */
async function invite(values: Partial<typeof invites.$inferInsert> = {}) {
  const code = newInviteCode();
  await t.app.ctx.db
    .insert(invites)
    .values({ code, email: null, expiresAt: new Date(Date.now() + 14 * 86_400_000), ...values });
  return code;
}

describe('invite-only sign-up', () => {
  it('says it is invite-only, and refuses a sign-up without a code or with an unknown one', async () => {
    expect((await request(t.app, 'GET', '/api/sign-up-options')).json()).toEqual({ invite_only: true });
    const address = email();
    const bare = await signUp(t.app, address);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error).toEqual({ code: 'INVITE_REQUIRED', message: INVITE_REQUIRED_TEXT });
    const unknown = await signUp(t.app, address, 'NOPE-NOPE-NOPE-NOPE');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toEqual({ code: 'INVITE_INVALID', message: INVITE_INVALID_TEXT });
    expect(await accountOf(address)).toBeUndefined();
  });

  it('takes an approved invite once, for its own address (any case), and records who used it', async () => {
    const address = email();
    const code = await invite({ email: address });
    const elsewhere = await signUp(t.app, email(), code);
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().error.message).toMatch(/another e-mail address/);

    const res = await signUp(t.app, address.toUpperCase(), code.toLowerCase());
    expect(res.statusCode, res.body).toBe(201);
    const account = await accountOf(address);
    const [row] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(row?.usedBy).toBe(account?.id);
    expect(row?.usedAt).toBeInstanceOf(Date);

    const again = await signUp(t.app, email(), code);
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toEqual({ code: 'INVITE_INVALID', message: INVITE_INVALID_TEXT });
  });

  it('refuses an expired invite and leaves no account', async () => {
    const address = email();
    const code = await invite({ email: address, expiresAt: new Date(Date.now() - 1000) });
    const res = await signUp(t.app, address, code);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('INVITE_INVALID');
    expect(await accountOf(address)).toBeUndefined();
  });

  it('keeps the code unused when the account cannot be made (the e-mail is taken)', async () => {
    const taken = await signedInMember(t.app);
    const code = await invite();
    const res = await signUp(t.app, taken.member.email, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('EMAIL_TAKEN');
    const [row] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(row).toMatchObject({ usedBy: null, usedAt: null });
    expect((await signUp(t.app, email(), code)).statusCode).toBe(201);
  });

  it('makes exactly one account from 50 sign-ups sent at once with the same code', async () => {
    const code = await invite();
    const addresses = Array.from({ length: 50 }, email);
    const replies = await Promise.all(addresses.map((address) => signUp(t.app, address, code)));
    const codes = replies.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 422)).toHaveLength(49);
    const made = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, addresses));
    expect(made).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(invites).where(eq(invites.code, code));
    expect(row?.usedBy).toBe(made[0]?.id);
    // The one account is whole: its profile was written in the same transaction.
    expect(
      await t.app.ctx.db
        .select()
        .from(profiles)
        .where(eq(profiles.userId, made[0]?.id ?? '')),
    ).toHaveLength(1);
  }, 120_000);
});

describe('referral codes', () => {
  it(`gives every member a code usable ${REFERRAL_USES_PER_MONTH} times a month, and stores who invited whom`, async () => {
    const inviter = await signedInMember(t.app, { tier: 1 });
    const res = await request(t.app, 'GET', '/api/me/referral', { session: inviter.session });
    expect(res.statusCode, res.body).toBe(200);
    const referral = referralSchema.parse(res.json());
    expect(referral).toMatchObject({
      uses_left: REFERRAL_USES_PER_MONTH,
      uses_per_month: REFERRAL_USES_PER_MONTH,
    });
    expect(referral.code).toMatch(/^RC-[0-9A-Z]{10}$/);
    expect(referral.share_url).toBe(`http://localhost:3000/signin?invite=${referral.code}`);
    // Asked again: the same code.
    expect((await request(t.app, 'GET', '/api/me/referral', { session: inviter.session })).json().code).toBe(
      referral.code,
    );

    const addresses = Array.from({ length: REFERRAL_USES_PER_MONTH + 2 }, email);
    const replies = await Promise.all(addresses.map((address) => signUp(t.app, address, referral.code)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(REFERRAL_USES_PER_MONTH);
    const refused = replies.filter((r) => r.statusCode === 422);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.json().error).toEqual({ code: 'INVITE_INVALID', message: REFERRAL_LIMIT_TEXT });

    const invited = await t.app.ctx.db
      .select({ invitedBy: profiles.invitedBy })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(inArray(users.email, addresses));
    expect(invited).toEqual(
      Array.from({ length: REFERRAL_USES_PER_MONTH }, () => ({ invitedBy: inviter.member.id })),
    );
    const after = referralSchema.parse(
      (await request(t.app, 'GET', '/api/me/referral', { session: inviter.session })).json(),
    );
    expect(after.uses_left).toBe(0);

    // Last month's referrals do not count against this month.
    await t.app.ctx.db
      .update(profiles)
      .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(profiles.invitedBy, inviter.member.id));
    expect((await signUp(t.app, email(), referral.code)).statusCode).toBe(201);
  }, 60_000);

  it('refuses a signed-out caller', async () => {
    expect((await request(t.app, 'GET', '/api/me/referral')).statusCode).toBe(401);
  });
});

describe('invite-only off (demo mode, tests)', () => {
  it('signs up without a code, and still takes one given', async () => {
    const started = await startTestApp({ inviteOnly: false });
    try {
      expect((await request(started.app, 'GET', '/api/sign-up-options')).json()).toEqual({
        invite_only: false,
      });
      expect((await signUp(started.app, email())).statusCode).toBe(201);
      const code = newInviteCode();
      await started.app.ctx.db.insert(invites).values({ code, expiresAt: new Date(Date.now() + 86_400_000) });
      expect((await signUp(started.app, email(), code)).statusCode).toBe(201);
      expect((await signUp(started.app, email(), code)).statusCode).toBe(422);
      expect(await started.app.ctx.db.select().from(waitlist)).toEqual([]);
    } finally {
      await started.dispose();
    }
  });
});
