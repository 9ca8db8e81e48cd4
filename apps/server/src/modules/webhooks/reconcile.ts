import { and, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checkouts, withdrawals } from '../../db/schema';
import { isProviderCents } from '../payments';
import { flag, payoutContradiction } from './flags';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 7;

/**
 * The reconciliation job: compares our records with the provider's and with the ledger itself, and
 * flags each disagreement once for admins (reconciliation_flags):
 * - a checkout the provider reports paid that we never credited (a lost webhook), or the reverse;
 * - a paid amount that differs from ours;
 * - payouts (withdrawals): one the provider paid while our ledger still holds it, one our ledger
 *   posted (or released) that the provider failed (or paid), an amount that differs, one the provider
 *   made that we have no withdrawal for, and one we posted that the provider has no record of;
 * - an amount in the provider's records that is not a bounded whole number of cents (decision 028);
 * - a wallet row that no longer equals the sum of its ledger accounts.
 * Money is compared as exact integers: the provider's amounts once bounded, the ledger's sums by the
 * database, and reported as the database's text. Returns how many flags it raised.
 */
export async function reconcilePayments(ctx: AppContext, now = new Date()): Promise<number> {
  let raised = 0;
  const raise: Raise = async (kind, reference, detail) => {
    const created = await ctx.transact((work) => flag(work, kind, reference, detail));
    if (created) raised += 1;
    return created;
  };
  /** A provider amount we cannot compare exactly: flagged (logged as an error the first time). */
  const outOfRange = async (reference: string, amount: unknown) => {
    if (await raise('provider_amount_out_of_range', reference, { provider: String(amount) }))
      ctx.log.error(
        { reference, amount: String(amount) },
        'provider amount is not a bounded whole number of cents',
      );
  };

  const recent = await ctx.db
    .select()
    .from(checkouts)
    .where(
      and(
        eq(checkouts.provider, ctx.payments.name),
        isNotNull(checkouts.providerSessionId),
        inArray(checkouts.status, ['open', 'paid', 'expired', 'declined', 'cancelled']),
        gte(checkouts.createdAt, new Date(now.getTime() - WINDOW_DAYS * DAY_MS)),
      ),
    );
  for (const checkout of recent) {
    const record = await ctx.payments.lookupCheckout(checkout.providerSessionId as string);
    if (record === null) continue; // the provider keeps no record we can compare (the sandbox)
    const amount = record.amountCents;
    const amountReadable = amount === null || isProviderCents(amount, 0);
    if (!amountReadable) await outOfRange(checkout.id, amount);
    const oursPaid = checkout.status === 'paid';
    if (record.paid && !oursPaid)
      await raise('provider_paid_not_credited', checkout.id, {
        amount_cents: amountReadable ? amount : null,
      });
    else if (!record.paid && oursPaid) await raise('credited_not_paid_at_provider', checkout.id, {});
    else if (record.paid && amountReadable && amount !== null && amount !== checkout.amountCents)
      await raise('amount_mismatch', checkout.id, {
        ours: checkout.amountCents,
        provider: amount,
      });
  }

  await reconcilePayouts(ctx, new Date(now.getTime() - WINDOW_DAYS * DAY_MS), raise, outOfRange);

  // Compared by the database (bigint against numeric, exactly) and reported as its text: read as
  // JavaScript numbers, two sums past 2^53 that differ by a cent would show as the same number.
  const drifted = await ctx.db.execute<{ user_id: string; balance: string; ledger: string }>(sql`
    select user_id, balance::text as balance, ledger::text as ledger
    from (select w.user_id, w.current_balance_cents + w.held_cents as balance,
            coalesce((select sum(l.amount_cents) from ledger_lines l
                      where l.account_id in (w.wallet_account_id, w.hold_account_id)), 0) as ledger
          from escrow_wallets w) sums
    where balance <> ledger`);
  for (const row of drifted.rows) {
    await raise('wallet_ledger_mismatch', row.user_id, { wallet: row.balance, ledger: row.ledger });
  }
  return raised;
}

type Raise = (kind: string, reference: string, detail: unknown) => Promise<boolean>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Withdrawals against the provider's payouts since `since`, each disagreement raised once. */
async function reconcilePayouts(
  ctx: AppContext,
  since: Date,
  raise: Raise,
  outOfRange: (reference: string, amount: unknown) => Promise<void>,
) {
  const payouts = await ctx.payments.listPayouts(since);
  if (payouts === null) return; // the provider keeps no records we can compare (the sandbox)
  const ids = payouts.map((p) => p.withdrawalId).filter((id): id is string => id !== null && UUID.test(id));
  const payoutIds = payouts.map((p) => p.payoutId);
  const ours = await ctx.db
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.provider, ctx.payments.name),
        or(
          gte(withdrawals.createdAt, since),
          ids.length > 0 ? inArray(withdrawals.id, ids) : undefined,
          payoutIds.length > 0 ? inArray(withdrawals.providerPayoutId, payoutIds) : undefined,
        ),
      ),
    );
  const byId = new Map(ours.map((w) => [w.id, w]));
  const byPayout = new Map(
    ours.filter((w) => w.providerPayoutId).map((w) => [w.providerPayoutId as string, w]),
  );
  const seen = new Set<string>();
  for (const payout of payouts) {
    const amountReadable = isProviderCents(payout.amountCents);
    if (!amountReadable) await outOfRange(payout.payoutId, payout.amountCents);
    const withdrawal =
      (payout.withdrawalId ? byId.get(payout.withdrawalId) : undefined) ?? byPayout.get(payout.payoutId);
    if (!withdrawal) {
      await raise('unknown_payout', payout.payoutId, {
        amount_cents: amountReadable ? payout.amountCents : null,
        status: payout.status,
      });
      continue;
    }
    seen.add(withdrawal.id);
    const detail = { payout_id: payout.payoutId, provider: payout.status, ours: withdrawal.status };
    if (payout.status === 'paid' && withdrawal.status === 'pending')
      await raise('payout_paid_still_held', withdrawal.id, detail);
    const contradiction = payoutContradiction(payout.status, withdrawal.status);
    if (contradiction) await raise(contradiction, withdrawal.id, detail);
    if (amountReadable && payout.amountCents !== withdrawal.amountCents)
      await raise('payout_amount_mismatch', withdrawal.id, {
        ...detail,
        ours_cents: withdrawal.amountCents,
        provider_cents: payout.amountCents,
      });
  }
  for (const withdrawal of ours) {
    if (withdrawal.status === 'paid' && !seen.has(withdrawal.id) && withdrawal.createdAt >= since)
      await raise('payout_posted_not_at_provider', withdrawal.id, { payout_id: withdrawal.providerPayoutId });
  }
}
