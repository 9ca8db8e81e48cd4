import { AppError, ErrorCode, type TierLevel, TRANSFER_NOT_CANCELLABLE_TEXT } from '@royal/shared';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { peerTransfers, walletTransactions } from '../../db/schema';
import { collectingWork, publishRecorded, type Work } from '../../db/transaction';
import { pausePoint } from '../../lib/pause-point';
import type { MemberActor } from '../auth';
import { actorPhoto, announceNotification, announceNotifications } from '../notifications';
import { autoBlockIfSuspect } from '../safety';
import type { IdempotentReply } from './idempotency';
import { lockedWallet, lockWallets, postEntry } from './ledger';
import { presentTransfer } from './presenter';
import type { Keyed } from './reply';
import {
  runTransferStatement,
  type TransferEventsBody,
  type TransferInput,
  transferValues,
} from './transfer-statement';

// Peer transfers, with the scam guardrails: sent at once, or held for a cool-off the sender may
// cancel; the release job (release.ts) settles the held ones.

/**
 * Sends a transfer: one statement (transfer-statement.ts, decision 067) runs it whole, at most once
 * per Idempotency-Key, and commits it with its key's reply, a refusal included. The receiver's notice
 * is announced once it has committed, from what the statement returned (nothing is read back).
 */
export async function sendTransfer(
  ctx: AppContext,
  { actor, key, input }: Keyed<TransferInput>,
): Promise<IdempotentReply> {
  const { values, notice } = transferValues(actor, key, input, new Date());
  // Where the restart test stops a server before the transfer commits: nothing is written yet.
  await pausePoint(ctx.config, 'transfer.before-commit');
  const reply = await ctx.transactSingleStatement(async (unit) => {
    const row = await runTransferStatement(ctx, values);
    if (row.key_conflict) throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT);
    const events = collectingWork(unit.tx);
    // The notice as the receiver's list will show it, from what the statement wrote and returned.
    if (row.notification_id)
      announceNotification(events, {
        id: row.notification_id,
        userId: notice.userId,
        type: notice.type,
        title: notice.title,
        message: notice.message,
        link: notice.link ?? null,
        isRead: false,
        createdAt: new Date(row.notice_created_at),
        actorId: actor.id,
        actorName: actor.name,
        ...actorPhoto(row.notice_photo_id, actor.tier, row.receiver_tier as TierLevel),
      });
    publishRecorded(unit, row.outbox_id === null ? null : Number(row.outbox_id), events.messages);
    return { status: row.reply_status, body: row.reply_body, replayed: row.replayed };
  });
  await pausePoint(ctx.config, 'transfer.after-commit');
  return reply;
}

/** A transfer's events rebuilt from its outbox row (the delivery worker): the receiver's notice as it now reads. */
export async function transferEventsRecipe(body: unknown, work: Work): Promise<void> {
  await announceNotifications(work, (body as TransferEventsBody).notification_ids);
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
