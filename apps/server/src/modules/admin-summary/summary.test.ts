import { randomUUID } from 'node:crypto';
import { type AdminSummary, adminSummarySchema } from '@royal/shared';
import { and, count, eq, gt, isNotNull, or, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { request, type Session, useTestApp } from '../../../test/app';
import { deleteAccountThroughRoute } from '../../../test/deletion';
import { createMember, signedInMember, signInAs } from '../../../test/factories';
import { fundWallet } from '../../../test/money';
import { profiles } from '../../db/schema';
import { lockWallets, postEntry } from '../wallet';
import { ADMIN_SUMMARY_TTL_MS } from './summary';

// The dashboard's summary cards (issue 37) from real data. Each test starts from an empty database;
// the clock moves past the cache's window before each read that must see a fresh count.
const t = useTestApp({}, { isolation: 'test' });

let clock = Date.now();
beforeEach(() => {
  clock = Math.max(clock, Date.now());
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
const pastTheWindow = () => {
  clock = Date.now() + ADMIN_SUMMARY_TTL_MS + 1;
  vi.setSystemTime(clock);
};

async function summary(session: Session): Promise<AdminSummary> {
  const res = await request(t.app, 'GET', '/api/admin/summary', { session });
  expect(res.statusCode, res.body).toBe(200);
  return adminSummarySchema.strict().parse(res.json());
}

/** Card money as the webhook effects book it (billing/book-revenue.ts): provider clearing to revenue. */
async function bookCardRevenue(type: 'subscription' | 'boost', amountCents: number) {
  await t.app.ctx.db.transaction((tx) =>
    postEntry(tx, new Map(), {
      type,
      providerEventId: `evt_test_${randomUUID()}`,
      legs: [
        { platform: 'platform_revenue', amountCents },
        { platform: 'provider_clearing', amountCents: -amountCents },
      ],
    }),
  );
}

/** A plan paid from the wallet (a sponsorship): revenue, but its money already came in as a deposit. */
async function payFromWallet(userId: string, amountCents: number) {
  await t.app.ctx.db.transaction(async (tx) => {
    const wallets = await lockWallets(tx, [userId]);
    await postEntry(tx, wallets, {
      type: 'subscription',
      legs: [
        { userId, account: 'wallet', amountCents: -amountCents },
        { platform: 'platform_revenue', amountCents },
      ],
      history: { userId, amountCents: -amountCents, transactionType: 'subscription' },
    });
  });
}

describe('GET /api/admin/summary', () => {
  it('equals the figures counted directly from the database, revenue from the ledger', async () => {
    const day = 86_400_000;
    const ahead = new Date(Date.now() + 10 * day);
    const past = new Date(Date.now() - day);
    // Generated members: every tier, running, lapsed and sponsored plans, one still onboarding.
    const made = [];
    for (let i = 0; i < 17; i++) {
      const tier = ([0, 1, 2, 3, 4, 0, 2, 4] as const)[i % 8] ?? 0;
      made.push(
        await createMember(t.app, {
          tier,
          subscriptionActive: tier > 0 && i % 3 !== 0,
          subscriptionEndsAt: tier > 0 && i % 3 !== 0 ? (i % 4 === 0 ? past : ahead) : null,
          sponsored: i % 7 === 0,
          onboarded: i !== 5,
        }),
      );
    }
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    // A member who leaves is no longer counted.
    const leaving = await signedInMember(t.app, { tier: 4, subscriptionActive: true });
    expect((await deleteAccountThroughRoute(t.app, leaving.session)).statusCode).toBe(200);

    // Money: deposits through the webhook path, card-paid plans and boosts as booked, and a plan paid
    // from the wallet (not counted twice).
    const payer = made[1]?.id as string;
    await fundWallet(t.app, payer, 12_500);
    await fundWallet(t.app, made[2]?.id as string, 4_000);
    await bookCardRevenue('subscription', 2_999);
    await bookCardRevenue('subscription', 9_999);
    await bookCardRevenue('boost', 499);
    await payFromWallet(payer, 1_500);

    // Directly from the database, with the rules written out here.
    const { db } = t.app.ctx;
    const n = async (where: ReturnType<typeof and>) =>
      (
        await db
          .select({ n: count() })
          .from(profiles)
          .where(and(isNotNull(profiles.onboardedAt), where))
      )[0]?.n ?? 0;
    const total = await n(undefined);
    const paid = await n(gt(profiles.tierLevel, 0));
    const direct = {
      total_users: total,
      active_subscriptions: await n(
        or(
          and(eq(profiles.tierSubscriptionActive, true), gt(profiles.tierSubscriptionEndsAt, sql`now()`)),
          eq(profiles.isSponsored, true),
        ),
      ),
      paid_users: paid,
      conversion_percent: Math.round((paid / total) * 1000) / 10,
      tier4_users: await n(eq(profiles.tierLevel, 4)),
    };
    const money = await db.execute<{ type: string; cents: string }>(sql`
      select e.transaction_type as type, sum(l.amount_cents)::text as cents
      from ledger_lines l join ledger_entries e on e.id = l.entry_id
      join ledger_accounts a on a.id = l.account_id
      where a.kind = 'provider_clearing' group by 1`);
    const credited = (type: string) => -Number(money.rows.find((row) => row.type === type)?.cents ?? 0);

    pastTheWindow();
    const figures = await summary(admin.session);
    expect(figures).toMatchObject(direct);
    expect(figures.revenue).toEqual({
      deposits_cents: credited('deposit'),
      subscriptions_cents: credited('subscription'),
      boosts_cents: credited('boost'),
      total_cents: credited('deposit') + credited('subscription') + credited('boost'),
    });
    // And what that is, in the amounts paid in above.
    expect(figures.revenue).toEqual({
      deposits_cents: 16_500,
      subscriptions_cents: 12_998,
      boosts_cents: 499,
      total_cents: 29_997,
    });
    // The admin counts as a member; the one still onboarding and the deleted one do not.
    expect(figures.total_users).toBe(17);
    expect(figures.total_users).toBeGreaterThan(figures.paid_users);
    expect(figures.active_subscriptions).toBeGreaterThan(0);
  });

  it('keeps a count for a short window, then counts again', async () => {
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    pastTheWindow();
    const first = await summary(admin.session);
    await createMember(t.app, { tier: 4 });
    expect(await summary(admin.session)).toEqual(first);
    pastTheWindow();
    const second = await summary(admin.session);
    expect(second.total_users).toBe(first.total_users + 1);
    expect(second.tier4_users).toBe(first.tier4_users + 1);
  });

  it('answers zeros on an empty platform without dividing by zero', async () => {
    const admin = await signedInMember(t.app, { roles: ['user', 'admin'] });
    await t.app.ctx.db.update(profiles).set({ onboardedAt: null });
    pastTheWindow();
    expect(await summary(admin.session)).toMatchObject({
      total_users: 0,
      paid_users: 0,
      conversion_percent: 0,
    });
  });

  it('refuses the signed out, members of every tier, promoters and admins without a confirmed second factor', async () => {
    const get = (session: Session | null) => request(t.app, 'GET', '/api/admin/summary', { session });
    expect((await get(null)).statusCode).toBe(401);
    for (const options of [
      ...([0, 1, 2, 3, 4] as const).map((tier) => ({ tier })),
      { roles: ['user' as const, 'promoter' as const] },
    ]) {
      const res = await get(await signInAs(t.app, await createMember(t.app, options)));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const noFactor = await createMember(t.app, { roles: ['user', 'admin'], secondFactor: false });
    expect((await get(await signInAs(t.app, noFactor))).json().error.code).toBe('SECOND_FACTOR_REQUIRED');
    const admin = await createMember(t.app, { roles: ['user', 'admin'] });
    const unconfirmed = await signInAs(t.app, admin, undefined, { secondFactor: false });
    expect((await get(unconfirmed)).json().error.code).toBe('SECOND_FACTOR_UNCONFIRMED');
  });
});
