import type { WithdrawalBody, WithdrawalReply } from '@royal/shared';
import { and, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { walletTransactions, withdrawals } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { pausePoint } from '../../lib/pause-point';
import { type IdempotentReply, runIdempotent } from './idempotency';
import { lockedWallet, lockWallets, postEntry } from './ledger';
import { presentWithdrawal } from './presenter';
import type { Keyed } from './reply';

// Withdrawal, two phases: hold now (with the stored reply), post or release on the payout's result.

const MINUTE_MS = 60_000;

export async function requestWithdrawal(
  ctx: AppContext,
  { actor, key, input }: Keyed<WithdrawalBody>,
): Promise<IdempotentReply> {
  const reply = await runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'withdrawal', input } },
    async ({ tx }): Promise<WithdrawalReply> => {
      const wallets = await lockWallets(tx, [actor.id]);
      const amount = input.amount_cents;
      const entryId = await postEntry(tx, wallets, {
        type: 'withdrawal_hold',
        createdBy: actor.id,
        legs: [
          { userId: actor.id, account: 'wallet', amountCents: -amount },
          { userId: actor.id, account: 'hold', amountCents: amount },
        ],
      });
      const [withdrawal] = await tx
        .insert(withdrawals)
        .values({ userId: actor.id, amountCents: amount, provider: ctx.payments.name, holdEntryId: entryId })
        .returning();
      if (!withdrawal) throw new Error('withdrawal not written');
      await tx.insert(walletTransactions).values({
        userId: actor.id,
        entryId,
        amountCents: -amount,
        transactionType: 'withdrawal',
        status: 'pending',
      });
      await pausePoint(ctx.config, 'withdrawal.before-commit');
      return {
        withdrawal: presentWithdrawal(withdrawal),
        new_balance_cents: lockedWallet(wallets, actor.id).balanceCents,
      };
    },
  );
  await pausePoint(ctx.config, 'withdrawal.after-commit');
  // Also on a replay: the first attempt may have died before asking the provider.
  if (reply.status === 200) await ensurePayoutRequested(ctx, (reply.body as WithdrawalReply).withdrawal.id);
  return reply;
}

/**
 * Asks the provider to pay a pending withdrawal out (idempotent there on our withdrawal id) and notes
 * that it was asked. A failure here leaves the withdrawal pending: the payout job asks again.
 */
export async function ensurePayoutRequested(ctx: AppContext, withdrawalId: string) {
  const [withdrawal] = await ctx.db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (withdrawal?.status !== 'pending' || withdrawal.payoutRequestedAt) return;
  try {
    const { payoutId } = await ctx.payments.requestPayout({
      withdrawalId,
      userId: withdrawal.userId,
      amountCents: withdrawal.amountCents,
    });
    await pausePoint(ctx.config, 'withdrawal.after-payout');
    await ctx.db
      .update(withdrawals)
      .set({ providerPayoutId: payoutId, payoutRequestedAt: new Date() })
      .where(and(eq(withdrawals.id, withdrawalId), isNull(withdrawals.payoutRequestedAt)));
  } catch (error) {
    ctx.log.error({ err: error, withdrawalId }, 'payout request failed; the payout job will retry');
  }
}

/** The job: every pending withdrawal the provider was not (provably) asked about, older than a minute. */
export async function requestPendingPayouts(ctx: AppContext, now = new Date()) {
  const due = await ctx.db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.status, 'pending'),
        isNull(withdrawals.payoutRequestedAt),
        lte(withdrawals.createdAt, new Date(now.getTime() - MINUTE_MS)),
      ),
    )
    .limit(100);
  for (const { id } of due) await ensurePayoutRequested(ctx, id);
  return due.length;
}

/**
 * The payout's verified result: paid moves the held amount out to the provider; failed releases it
 * back to the balance. A withdrawal settles once; the caller flags a later event that contradicts it.
 */
export async function settleWithdrawal(
  work: Work,
  input: { withdrawalId: string; paid: boolean; eventId: string },
): Promise<'settled' | 'unknown' | { alreadySettledAs: 'paid' | 'failed' }> {
  const [withdrawal] = await work.tx
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.id, input.withdrawalId))
    .for('update');
  if (!withdrawal) return 'unknown';
  if (withdrawal.status !== 'pending') return { alreadySettledAs: withdrawal.status };
  const wallets = await lockWallets(work.tx, [withdrawal.userId]);
  const amount = withdrawal.amountCents;
  await postEntry(work.tx, wallets, {
    type: input.paid ? 'withdrawal' : 'withdrawal_void',
    providerEventId: input.eventId,
    description: `withdrawal ${withdrawal.id}`,
    legs: input.paid
      ? [
          { userId: withdrawal.userId, account: 'hold', amountCents: -amount },
          { platform: 'provider_clearing', amountCents: amount },
        ]
      : [
          { userId: withdrawal.userId, account: 'hold', amountCents: -amount },
          { userId: withdrawal.userId, account: 'wallet', amountCents: amount },
        ],
  });
  await work.tx
    .update(withdrawals)
    .set({ status: input.paid ? 'paid' : 'failed' })
    .where(eq(withdrawals.id, withdrawal.id));
  await work.tx
    .update(walletTransactions)
    .set({ status: input.paid ? 'completed' : 'voided' })
    .where(
      and(
        eq(walletTransactions.entryId, withdrawal.holdEntryId),
        eq(walletTransactions.userId, withdrawal.userId),
      ),
    );
  return 'settled';
}
