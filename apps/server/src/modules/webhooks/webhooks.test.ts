import { randomUUID } from 'node:crypto';
import { MAX_MONEY_CENTS } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_AUTH_SECRET, useTestApp } from '../../../test/app';
import { onPostgres } from '../../../test/database';
import { signedInMember } from '../../../test/factories';
import { balanceOf, expectLedgerConsistent, fundWallet } from '../../../test/money';
import { checkouts, escrowWallets, reconciliationFlags } from '../../db/schema';
import { type PaymentEvent, type SandboxProvider, sandboxWebhookSecret, signPayload } from '../payments';
import { PLATFORM_ACCOUNTS } from '../wallet';
import { reconcilePayments } from './reconcile';

const t = useTestApp();
const sandbox = () => t.app.ctx.payments as SandboxProvider;

function post(body: string, signature?: string, provider = 'sandbox') {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/webhooks/${provider}`,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });
}

async function openDeposit(userId: string, amountCents: number) {
  const [row] = await t.app.ctx.db
    .insert(checkouts)
    .values({ userId, purpose: 'deposit', amountCents, provider: 'sandbox' })
    .returning({ id: checkouts.id });
  if (!row) throw new Error('no checkout');
  return row.id;
}

const paid = (checkoutId: string, amountCents: number, id = `evt_${randomUUID()}`): PaymentEvent => ({
  id,
  created: Math.floor(Date.now() / 1000),
  type: 'checkout.paid',
  checkoutId,
  amountCents,
});

describe('the webhook route', () => {
  it('credits a correctly signed event once, however often it is delivered', async () => {
    const { member } = await signedInMember(t.app, { tier: 2 });
    const checkoutId = await openDeposit(member.id, 2500);
    const { body, signature } = sandbox().sign(paid(checkoutId, 2500));
    const first = await post(body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'applied' });
    const second = await post(body, signature);
    expect(second.json()).toEqual({ received: true, outcome: 'duplicate' });
    // A different event claiming the same checkout does not pay it twice either.
    const other = sandbox().sign(paid(checkoutId, 2500));
    await post(other.body, other.signature);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2500, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
  });

  it('takes an event whose text holds what member input may not (a C1 control, a bidi override)', async () => {
    // The provider's signature authenticates the body, and a customer's name garbled from
    // Windows-1252 reaches JSON as a raw U+0085: refusing it would leave the deposit uncredited.
    const { member } = await signedInMember(t.app, { tier: 2 });
    const checkoutId = await openDeposit(member.id, 2500);
    const event = {
      ...paid(checkoutId, 2500),
      customer_name: 'Jos\u0085 \u202eAna',
    } as unknown as PaymentEvent;
    const { body, signature } = sandbox().sign(event);
    const res = await post(body, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'applied' });
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2500, held: 0 });
  });

  it('credits nothing for a forged, wrongly signed, tampered or stale event', async () => {
    const { member } = await signedInMember(t.app, { tier: 2 });
    const checkoutId = await openDeposit(member.id, 2500);
    const event = paid(checkoutId, 2500);
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const attempts = [
      post(body),
      post(body, 'nonsense'),
      post(body, signPayload(body, 'whsec_someone_else')),
      post(JSON.stringify({ ...event, amountCents: 250000 }), sandbox().sign(event).signature),
      // A few seconds past the 300 s tolerance: the check runs a moment after \`now\`, so one second
      // past it (+301) was taken for 300 whenever a second ticked over in between.
      post(body, sandbox().sign(event, now - 305).signature),
      post(body, sandbox().sign(event, now + 305).signature),
      // The sandbox's own signature on the Stripe route (not the configured provider) is refused too.
      post(body, sandbox().sign(event).signature, 'stripe'),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 0, held: 0 });
    // Within the tolerance it is accepted.
    const fresh = sandbox().sign(event, now - 200);
    expect((await post(fresh.body, fresh.signature)).statusCode).toBe(200);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 2500, held: 0 });
  });

  it('ignores a late "expired" after "paid", and flags a checkout it does not know', async () => {
    const { member } = await signedInMember(t.app, { tier: 2 });
    const checkoutId = await openDeposit(member.id, 1000);
    const p = sandbox().sign(paid(checkoutId, 1000));
    await post(p.body, p.signature);
    const expired = sandbox().sign({
      id: `evt_${randomUUID()}`,
      created: Math.floor(Date.now() / 1000) - 60,
      type: 'checkout.failed',
      checkoutId,
      outcome: 'expired',
    });
    await post(expired.body, expired.signature);
    const [row] = await t.app.ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(row?.status).toBe('paid');
    const unknown = randomUUID();
    const stray = sandbox().sign(paid(unknown, 1000));
    expect((await post(stray.body, stray.signature)).statusCode).toBe(200);
    const flags = await t.app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(eq(reconciliationFlags.reference, unknown));
    expect(flags.map((f) => f.kind)).toEqual(['unknown_checkout']);
  });

  it.skipIf(!onPostgres)(
    'the same event 10 times at once, among its out-of-order siblings, credits once',
    async () => {
      const { member } = await signedInMember(t.app, { tier: 3 });
      const checkoutId = await openDeposit(member.id, 4200);
      const event = sandbox().sign(paid(checkoutId, 4200));
      const cancelled = sandbox().sign({
        id: `evt_${randomUUID()}`,
        created: Math.floor(Date.now() / 1000) - 5,
        type: 'checkout.failed',
        checkoutId,
        outcome: 'cancelled',
      });
      const deliveries = [
        ...Array.from({ length: 10 }, () => post(event.body, event.signature)),
        post(cancelled.body, cancelled.signature),
        post(cancelled.body, cancelled.signature),
      ];
      const replies = await Promise.all(deliveries.reverse());
      expect(new Set(replies.map((r) => r.statusCode))).toEqual(new Set([200]));
      const outcomes = replies.map((r) => r.json().outcome);
      expect(outcomes.filter((o) => o === 'applied').length).toBeLessThanOrEqual(2);
      expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 4200, held: 0 });
      await expectLedgerConsistent(t.app.ctx.db);
    },
  );
});

describe('money amounts from the provider', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const flagsOn = (reference: string) =>
    t.app.ctx.db.select().from(reconciliationFlags).where(eq(reconciliationFlags.reference, reference));

  it('credits no signed amount that is not a bounded whole number of cents: flagged once, logged as an error', async () => {
    const { member } = await signedInMember(t.app, { tier: 4 });
    const errors = vi.spyOn(t.app.ctx.log, 'error');
    // Each amount as the provider's JSON spells it: past the ceiling of any payment of ours, the
    // largest integer JavaScript holds exactly (which a second deposit would push past it), above
    // 2^53 (JSON.parse has already rounded it), and a fraction.
    const amounts = [String(MAX_MONEY_CENTS + 1), String(2 ** 53 - 1), '9007199254740993', '1234.5'];
    for (const amount of amounts) {
      const checkoutId = await openDeposit(member.id, 1000);
      const body = JSON.stringify(paid(checkoutId, 1)).replace('"amountCents":1', `"amountCents":${amount}`);
      const res = await post(body, signPayload(body, sandboxWebhookSecret(TEST_AUTH_SECRET)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
      // Delivered again: the event was recorded, nothing more happens.
      expect((await post(body, signPayload(body, sandboxWebhookSecret(TEST_AUTH_SECRET)))).json()).toEqual({
        received: true,
        outcome: 'duplicate',
      });
      expect((await flagsOn(checkoutId)).map((f) => f.kind)).toEqual(['provider_amount_out_of_range']);
      const [row] = await t.app.ctx.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      expect(row?.status).toBe('open');
    }
    expect(errors).toHaveBeenCalledTimes(amounts.length);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: 0, held: 0 });
    await expectLedgerConsistent(t.app.ctx.db);
    // A bounded amount is credited as before.
    await fundWallet(t.app, member.id, MAX_MONEY_CENTS);
    expect(await balanceOf(t.app.ctx.db, member.id)).toEqual({ balance: MAX_MONEY_CENTS, held: 0 });
  });

  /**
   * A wallet row and ledger lines beyond 2^53 cents, written straight to the database (no provider
   * amount can take a wallet there any more): the ledger's lines exactly `ledgerCents`, the row `walletCents`.
   */
  async function walletBeyondExactRange(userId: string, ledgerCents: bigint, walletCents: bigint) {
    await t.app.ctx.transact(async ({ tx }) => {
      const [wallet] = await tx.select().from(escrowWallets).where(eq(escrowWallets.userId, userId));
      if (!wallet) throw new Error('no wallet');
      await tx.execute(sql`insert into ledger_accounts (id, kind)
        values (${PLATFORM_ACCOUNTS.provider_clearing}, 'provider_clearing') on conflict do nothing`);
      const entry = await tx.execute<{ id: string }>(
        sql`insert into ledger_entries (transaction_type) values ('deposit') returning id`,
      );
      const entryId = entry.rows[0]?.id;
      await tx.execute(sql`insert into ledger_lines (entry_id, account_id, amount_cents) values
        (${entryId}, ${wallet.walletAccountId}, ${ledgerCents.toString()}::bigint),
        (${entryId}, ${PLATFORM_ACCOUNTS.provider_clearing}, ${(-ledgerCents).toString()}::bigint)`);
      await tx.execute(
        sql`update escrow_wallets set current_balance_cents = ${walletCents.toString()}::bigint where user_id = ${userId}`,
      );
    });
  }

  it('reconciliation reports a wallet and its ledger as the exact integers they are, not rounded to equal numbers', async () => {
    const { member } = await signedInMember(t.app, { tier: 4 });
    await walletBeyondExactRange(member.id, 2n ** 53n + 1n, 2n ** 53n);
    await reconcilePayments(t.app.ctx);
    const [flagged] = await t.app.ctx.db
      .select()
      .from(reconciliationFlags)
      .where(
        and(
          eq(reconciliationFlags.reference, member.id),
          eq(reconciliationFlags.kind, 'wallet_ledger_mismatch'),
        ),
      );
    // The row back to its ledger first, for the file's later whole-database checks.
    await t.app.ctx.db.execute(
      sql`update escrow_wallets set current_balance_cents = 9007199254740993 where user_id = ${member.id}`,
    );
    expect(flagged?.detail).toEqual({ wallet: '9007199254740992', ledger: '9007199254740993' });
  });

  it('a posting that would take a wallet past the integers JavaScript holds exactly is refused, not rounded', async () => {
    const { member } = await signedInMember(t.app, { tier: 4 });
    await walletBeyondExactRange(member.id, 2n ** 53n - 1001n, 2n ** 53n - 1001n);
    await expectLedgerConsistent(t.app.ctx.db);
    // 2^53 - 1 exactly: still credited.
    await fundWallet(t.app, member.id, 1000);
    await expect(fundWallet(t.app, member.id, 1001)).rejects.toThrow(/exact/);
    await expectLedgerConsistent(t.app.ctx.db);
  });
});
