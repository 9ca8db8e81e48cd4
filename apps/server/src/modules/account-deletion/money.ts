import { AppError, DELETE_ACCOUNT_MONEY_TEXT, ErrorCode } from '@royal/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { datePlans, escrowWallets, peerTransfers, withdrawals } from '../../db/schema';
import type { Work } from '../../db/transaction';

/**
 * The money rule of Delete Account (decision 052): refused, 409 with what to do, while the member
 * holds money (see holdsMoney).
 */
export async function refuseWhileMoneyIsHeld(work: Work, userId: string) {
  if (await holdsMoney(work, userId)) throw new AppError(ErrorCode.CONFLICT, DELETE_ACCOUNT_MONEY_TEXT);
}

/**
 * Whether the member's wallet holds money (spendable or held), a withdrawal of theirs is pending, or
 * a transfer to or from them, or a date plan's deposit with them, is held: no deletion then, by the member (decision 052) or by the
 * inactivity job (decision 053). The wallet row is locked, so no deposit or transfer lands between
 * this check and the commit.
 */
export async function holdsMoney(work: Work, userId: string): Promise<boolean> {
  const [wallet] = await work.tx
    .select({ balance: escrowWallets.currentBalanceCents, held: escrowWallets.heldCents })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, userId))
    .for('update');
  const [pending] = await work.tx
    .select({
      withdrawals: sql<number>`(select count(*)::int from ${withdrawals} where ${withdrawals.userId} = ${userId} and ${withdrawals.status} = 'pending')`,
      transfers: sql<number>`(select count(*)::int from ${peerTransfers} where ${and(
        or(eq(peerTransfers.senderId, userId), eq(peerTransfers.receiverId, userId)),
        eq(peerTransfers.status, 'held'),
      )})`,
      // A date plan holding either member's deposit (decision 069): the other's money waits on it.
      datePlans: sql<number>`(select count(*)::int from ${datePlans} where ${and(
        or(eq(datePlans.member1Id, userId), eq(datePlans.member2Id, userId)),
        inArray(datePlans.status, ['accepted', 'claimed', 'disputed']),
        sql`${datePlans.member1DepositCents} + ${datePlans.member2DepositCents} > 0`,
      )})`,
    })
    .from(sql`(select 1) as one`);
  const walletHolds = (wallet?.balance ?? 0) > 0 || (wallet?.held ?? 0) > 0;
  return (
    walletHolds ||
    (pending?.withdrawals ?? 0) > 0 ||
    (pending?.transfers ?? 0) > 0 ||
    (pending?.datePlans ?? 0) > 0
  );
}
