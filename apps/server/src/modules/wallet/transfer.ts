import {
  AppError,
  ErrorCode,
  ROMANCE_SCAM_WARNING_TEXT,
  TRANSFER_GUARD,
  TRANSFER_NOT_CANCELLABLE_TEXT,
  type TransferReply,
  type transferBodySchema,
} from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { escrowWallets, peerTransfers, walletTransactions } from '../../db/schema';
import { pausePoint } from '../../lib/pause-point';
import type { MemberActor } from '../auth';
import { autoBlockIfSuspect } from '../safety';
import { creditReceiver } from './credit-receiver';
import { transferGuardReason } from './guardrails';
import { runIdempotent } from './idempotency';
import { lockedWallet, lockWallets, postEntry, postEntryLockingLast } from './ledger';
import { transferRefusal } from './policy';
import { presentTransfer } from './presenter';
import type { Keyed } from './reply';

// Peer transfers, with the scam guardrails: sent at once, or held for a cool-off the sender may
// cancel; the release job (release.ts) settles the held ones.

const MINUTE_MS = 60_000;

type TransferInput = z.output<typeof transferBodySchema>;

export function sendTransfer(ctx: AppContext, { actor, key, input }: Keyed<TransferInput>) {
  return runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'transfer', input } },
    async (work): Promise<TransferReply> => {
      const { tx } = work;
      const now = new Date();
      const refusal = await transferRefusal(tx, actor, input.receiver_id);
      if (refusal) throw refusal;
      // A transfer the balance cannot cover says so first, before any romance-scam warning asks the
      // member to confirm it (the ledger checks again, under its locks, when it posts).
      const [mine] = await tx
        .select({ balance: escrowWallets.currentBalanceCents })
        .from(escrowWallets)
        .where(eq(escrowWallets.userId, actor.id));
      if (!mine || mine.balance < input.amount_cents) throw new AppError(ErrorCode.INSUFFICIENT_FUNDS);
      const guard = await transferGuardReason(tx, {
        senderId: actor.id,
        receiverId: input.receiver_id,
        amountCents: input.amount_cents,
        now,
      });
      if (guard && input.confirmed !== true) {
        throw new AppError(ErrorCode.CONFIRMATION_REQUIRED, ROMANCE_SCAM_WARNING_TEXT, { reason: guard });
      }
      const amount = input.amount_cents;
      const held = guard !== null;
      // The transfer's rows are written before the wallets are locked (postEntryLockingLast): two
      // members' transfers then queue only for the balance check and the wallet update.
      const [transfer] = await tx
        .insert(peerTransfers)
        .values({
          senderId: actor.id,
          receiverId: input.receiver_id,
          amountCents: amount,
          transferType: input.transfer_type,
          message: input.message || null,
          status: held ? 'held' : 'completed',
          releaseAt: held ? new Date(now.getTime() + TRANSFER_GUARD.coolOffMinutes * MINUTE_MS) : null,
        })
        .returning();
      if (!transfer) throw new Error('transfer not written');
      const { wallets } = await postEntryLockingLast(
        tx,
        {
          type: held ? 'escrow_hold' : 'transfer',
          createdBy: actor.id,
          legs: held
            ? [
                { userId: actor.id, account: 'wallet', amountCents: -amount },
                { userId: actor.id, account: 'hold', amountCents: amount },
              ]
            : [
                { userId: actor.id, account: 'wallet', amountCents: -amount },
                { userId: input.receiver_id, account: 'wallet', amountCents: amount },
              ],
          history: {
            userId: actor.id,
            amountCents: -amount,
            transactionType: 'transfer',
            counterpartyId: input.receiver_id,
            transferType: input.transfer_type,
            message: transfer.message,
            transferId: transfer.id,
            status: held ? 'pending' : 'completed',
          },
        },
        async (entryId) => {
          if (!held) await creditReceiver(work, transfer, entryId, actor.name);
        },
      );
      await pausePoint(ctx.config, 'transfer.before-commit');
      return {
        transfer: presentTransfer(transfer),
        new_balance_cents: lockedWallet(wallets, actor.id).balanceCents,
      };
    },
  ).then(async (reply) => {
    await pausePoint(ctx.config, 'transfer.after-commit');
    return reply;
  });
}

/** The sender cancels a held transfer during its cool-off: the amount returns to their balance. */
export function cancelTransfer(
  ctx: AppContext,
  { actor, transferId }: { actor: MemberActor; transferId: string },
) {
  return ctx.transact(async (work) => {
    const { tx } = work;
    const [transfer] = await tx
      .select()
      .from(peerTransfers)
      .where(and(eq(peerTransfers.id, transferId), eq(peerTransfers.senderId, actor.id)))
      .for('update');
    if (!transfer) throw new AppError(ErrorCode.NOT_FOUND, 'Transfer not found');
    // Once the cool-off has passed the transfer is due to its receiver, whether or not the release
    // job (once a minute) has reached it yet.
    const due = !transfer.releaseAt || transfer.releaseAt.getTime() <= Date.now();
    if (transfer.status !== 'held' || due)
      throw new AppError(ErrorCode.CONFLICT, TRANSFER_NOT_CANCELLABLE_TEXT);
    const wallets = await lockWallets(tx, [actor.id]);
    await postEntry(tx, wallets, {
      type: 'escrow_release',
      createdBy: actor.id,
      description: `transfer ${transfer.id} cancelled`,
      legs: [
        { userId: actor.id, account: 'hold', amountCents: -transfer.amountCents },
        { userId: actor.id, account: 'wallet', amountCents: transfer.amountCents },
      ],
    });
    const [cancelled] = await tx
      .update(peerTransfers)
      .set({ status: 'cancelled' })
      .where(eq(peerTransfers.id, transfer.id))
      .returning();
    await tx
      .update(walletTransactions)
      .set({ status: 'voided' })
      .where(and(eq(walletTransactions.transferId, transfer.id), eq(walletTransactions.userId, actor.id)));
    if (!cancelled) throw new Error('transfer vanished');
    // Money the guardrails held and its sender took back marks the receiver a suspect (decision 050).
    await autoBlockIfSuspect(work, transfer.receiverId);
    return {
      transfer: presentTransfer(cancelled),
      new_balance_cents: lockedWallet(wallets, actor.id).balanceCents,
    };
  });
}
