import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checkouts } from '../../db/schema';
import { flag } from './dispatch';

const DAY_MS = 86_400_000;
const WINDOW_DAYS = 7;

/**
 * The reconciliation job: compares our records with the provider's and with the ledger itself, and
 * flags each disagreement once for admins (reconciliation_flags):
 * - a checkout the provider reports paid that we never credited (a lost webhook), or the reverse;
 * - a paid amount that differs from ours;
 * - a wallet row that no longer equals the sum of its ledger accounts.
 * Returns how many flags it raised.
 */
export async function reconcilePayments(ctx: AppContext, now = new Date()): Promise<number> {
  let raised = 0;
  const raise = async (kind: string, reference: string, detail: unknown) => {
    if (await ctx.transact((work) => flag(work, kind, reference, detail))) raised += 1;
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
    const oursPaid = checkout.status === 'paid';
    if (record.paid && !oursPaid)
      await raise('provider_paid_not_credited', checkout.id, { amount_cents: record.amountCents });
    else if (!record.paid && oursPaid) await raise('credited_not_paid_at_provider', checkout.id, {});
    else if (record.paid && record.amountCents !== null && record.amountCents !== checkout.amountCents)
      await raise('amount_mismatch', checkout.id, {
        ours: checkout.amountCents,
        provider: record.amountCents,
      });
  }

  const drifted = await ctx.db.execute<{ user_id: string; balance: string; ledger: string }>(sql`
    select w.user_id, w.current_balance_cents + w.held_cents as balance,
      coalesce((select sum(l.amount_cents) from ledger_lines l
                where l.account_id in (w.wallet_account_id, w.hold_account_id)), 0) as ledger
    from escrow_wallets w
    where w.current_balance_cents + w.held_cents <> coalesce((select sum(l.amount_cents) from ledger_lines l
                where l.account_id in (w.wallet_account_id, w.hold_account_id)), 0)`);
  for (const row of drifted.rows) {
    await raise('wallet_ledger_mismatch', row.user_id, {
      wallet: Number(row.balance),
      ledger: Number(row.ledger),
    });
  }
  return raised;
}
