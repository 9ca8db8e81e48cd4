import { AppError, ErrorCode } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { walletTransactions } from '../../db/schema';
import { type LockedWallets, lockWallets, postEntry } from '../wallet';
import { depositOf, holdEntryOf, memberOn, otherSide, type PlanRow, type Side } from './plan-row';

// The deposits' money (decision 069), on the ledger like every movement: accepting holds each
// deposit (wallet → hold, one entry per member, with a pending row in their history); settling moves
// each held deposit back to its owner's wallet, or to the other member's. The callers hold the plan's
// row lock, so a plan's deposits are held once and settled once however many requests race.

export const THEIR_BALANCE_TEXT =
  'Their balance no longer covers their deposit. Suggest another deposit, or ask them to add funds.';

const SIDES: readonly Side[] = ['member1', 'member2'];

/**
 * Holds both deposits as the plan is accepted by `acceptor`; the hold entries' ids, to settle by.
 * The acceptor short of funds gets INSUFFICIENT_FUNDS; a proposer who spent theirs since proposing,
 * a conflict that says so. Nothing is written unless both can be held.
 */
export async function holdDeposits(
  tx: Db,
  plan: PlanRow,
  acceptor: Side,
): Promise<{ member1HoldEntryId: string | null; member2HoldEntryId: string | null }> {
  const wallets = await lockWallets(tx, [plan.member1Id, plan.member2Id]);
  for (const side of SIDES) {
    const cents = depositOf(plan, side);
    if (cents === 0) continue;
    const balance = wallets.get(memberOn(plan, side))?.balanceCents ?? 0;
    if (balance < cents)
      throw side === acceptor
        ? new AppError(ErrorCode.INSUFFICIENT_FUNDS)
        : new AppError(ErrorCode.CONFLICT, THEIR_BALANCE_TEXT);
  }
  const held = { member1HoldEntryId: null as string | null, member2HoldEntryId: null as string | null };
  for (const side of SIDES) {
    const cents = depositOf(plan, side);
    if (cents === 0) continue;
    const userId = memberOn(plan, side);
    const entryId = await postEntry(tx, wallets, {
      type: 'escrow_hold',
      createdBy: memberOn(plan, acceptor),
      description: `date plan ${plan.id}: deposit held`,
      legs: [
        { userId, account: 'wallet', amountCents: -cents },
        { userId, account: 'hold', amountCents: cents },
      ],
      history: {
        userId,
        amountCents: -cents,
        transactionType: 'escrow_hold',
        counterpartyId: memberOn(plan, otherSide(side)),
        message: 'Date deposit held',
        status: 'pending',
      },
    });
    if (side === 'member1') held.member1HoldEntryId = entryId;
    else held.member2HoldEntryId = entryId;
  }
  return held;
}

/** Where each side's held deposit goes: back to its owner, or to the other member. */
export type Settlement = Record<Side, 'return' | 'to_other'>;
type Destination = Settlement[Side];

/** A settlement written from one member's side: where their deposit goes, and where the other's. */
export const settlementFrom = (side: Side, mine: Destination, theirs: Destination): Settlement =>
  side === 'member1' ? { member1: mine, member2: theirs } : { member1: theirs, member2: mine };

/**
 * Settles both held deposits as `settlement` says, in one transaction with the plan's new status.
 * A returned deposit's pending history row is voided (the money never left); one that goes over
 * completes the payer's row and gives the receiver a row of their own.
 */
export async function settleDeposits(
  tx: Db,
  plan: PlanRow,
  settlement: Settlement,
  { by }: { by: string | null },
): Promise<void> {
  let wallets: LockedWallets | null = null;
  for (const side of SIDES) {
    const cents = depositOf(plan, side);
    const holdEntryId = holdEntryOf(plan, side);
    if (cents === 0 || !holdEntryId) continue;
    wallets ??= await lockWallets(tx, [plan.member1Id, plan.member2Id]);
    const owner = memberOn(plan, side);
    const other = memberOn(plan, otherSide(side));
    const goesOver = settlement[side] === 'to_other';
    await postEntry(tx, wallets, {
      type: 'escrow_release',
      createdBy: by,
      description: `date plan ${plan.id}: deposit ${goesOver ? 'paid to the other member' : 'returned'}`,
      legs: [
        { userId: owner, account: 'hold', amountCents: -cents },
        { userId: goesOver ? other : owner, account: 'wallet', amountCents: cents },
      ],
      history: goesOver
        ? {
            userId: other,
            amountCents: cents,
            transactionType: 'escrow_release',
            counterpartyId: owner,
            message: 'Date deposit received',
            status: 'completed',
          }
        : undefined,
    });
    await tx
      .update(walletTransactions)
      .set({ status: goesOver ? 'completed' : 'voided' })
      .where(and(eq(walletTransactions.entryId, holdEntryId), eq(walletTransactions.userId, owner)));
  }
}
