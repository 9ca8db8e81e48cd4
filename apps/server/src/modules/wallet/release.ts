import { formatCents, TRANSFER_TYPE_LABELS } from '@royal/shared';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { peerTransfers, profiles, walletTransactions } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { microsecondKey } from '../../lib/cursor';
import { notify } from '../notifications';
import { creditReceiver } from './credit-receiver';
import { lockWallets, postEntry } from './ledger';
import { transferRefusal, transferSenderById } from './policy';

// Releasing held transfers (decision 027): the job that settles each transfer whose cool-off has
// passed, delivered while every rule of a transfer still holds, else returned to its sender.

/** Due held transfers read per page; the run goes on past the page until none is left. */
const RELEASE_PAGE = 200;

type HeldTransfer = typeof peerTransfers.$inferSelect;
export type ReleaseOutcome = { released: number; returned: number };

/**
 * The job: every held transfer whose cool-off has passed is settled on its own, in its own
 * transaction: delivered to its receiver if every rule of a transfer still holds (the route's own
 * `transferRefusal`), returned to its sender with a notice if one does not. One that cannot be
 * settled either way (its sender's wallet is gone) is logged and left held for the next run, and the
 * others go on; the run then fails, so the job's failure shows too. The run walks the due transfers
 * in (release_at, id) order past each page, so a page of such failures cannot hide the rest.
 */
export async function releaseDueTransfers(ctx: AppContext, now = new Date()): Promise<ReleaseOutcome> {
  const outcome: ReleaseOutcome = { released: 0, returned: 0 };
  let failed = 0;
  let after: { key: string; id: string } | null = null;
  for (;;) {
    const page: { id: string; key: string }[] = await ctx.db
      .select({ id: peerTransfers.id, key: microsecondKey(peerTransfers.releaseAt) })
      .from(peerTransfers)
      .where(
        and(
          eq(peerTransfers.status, 'held'),
          lte(peerTransfers.releaseAt, now),
          after
            ? sql`(${peerTransfers.releaseAt}, ${peerTransfers.id}) > (${after.key}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(peerTransfers.releaseAt), asc(peerTransfers.id))
      .limit(RELEASE_PAGE);
    for (const { id } of page) {
      try {
        const settled = await ctx.transact((work) => settleHeldTransfer(ctx, work, id));
        if (settled) outcome[settled] += 1;
      } catch (error) {
        failed += 1;
        ctx.log.error({ err: error, transferId: id }, 'held transfer could not be settled; it stays held');
      }
    }
    const last = page.at(-1);
    if (page.length < RELEASE_PAGE || !last) break;
    after = last;
  }
  if (failed > 0) {
    throw new Error(
      `${failed} due held transfer(s) could not be settled (each logged with its id); ${outcome.released} released, ${outcome.returned} returned`,
    );
  }
  return outcome;
}

/**
 * One due held transfer, under its row lock: delivered or returned, or null when it is no longer held
 * (cancelled, or settled by another run). The status changes in the same transaction as the entry, so
 * a run that dies before its commit leaves it held and the next run settles it once.
 */
async function settleHeldTransfer(
  ctx: AppContext,
  work: Work,
  id: string,
): Promise<keyof ReleaseOutcome | null> {
  const [transfer] = await work.tx
    .select()
    .from(peerTransfers)
    .where(and(eq(peerTransfers.id, id), eq(peerTransfers.status, 'held')))
    .for('update');
  if (!transfer) return null;
  const sender = await transferSenderById(work.tx, transfer.senderId);
  // The hold sits in the sender's ledger account, which only their wallet row can move.
  if (!sender) throw new Error('the sender’s account or wallet is gone: neither delivered nor returned');
  const refusal = await transferRefusal(work.tx, sender, transfer.receiverId);
  if (refusal) {
    await returnToSender(work, transfer);
    ctx.log.info(
      { transferId: transfer.id, reason: refusal.message },
      'held transfer returned to its sender',
    );
    return 'returned';
  }
  await deliverHeldTransfer(work, transfer);
  return 'released';
}

/** A held transfer arrives: from the sender's hold to the receiver's balance. */
async function deliverHeldTransfer(work: Work, transfer: HeldTransfer) {
  const wallets = await lockWallets(work.tx, [transfer.senderId, transfer.receiverId]);
  const entryId = await postEntry(work.tx, wallets, {
    type: 'transfer',
    description: `transfer ${transfer.id} released after cool-off`,
    // Unique: whatever happens to the status check, a transfer is delivered by one entry at most.
    idempotencyKey: `peer-transfer:${transfer.id}:released`,
    legs: [
      { userId: transfer.senderId, account: 'hold', amountCents: -transfer.amountCents },
      { userId: transfer.receiverId, account: 'wallet', amountCents: transfer.amountCents },
    ],
  });
  await settleSenderSide(work, transfer, 'completed');
  const [sender] = await work.tx
    .select({ name: profiles.name })
    .from(profiles)
    .where(eq(profiles.userId, transfer.senderId));
  await creditReceiver(work, transfer, entryId, sender?.name ?? 'A member');
}

/**
 * A held transfer that may not be delivered goes back: a new balanced entry from the sender's hold to
 * their balance (never an edit of the hold), and a notice that does not say why (a block must not
 * be told to the member blocked).
 */
async function returnToSender(work: Work, transfer: HeldTransfer) {
  const wallets = await lockWallets(work.tx, [transfer.senderId]);
  await postEntry(work.tx, wallets, {
    type: 'escrow_release',
    description: `transfer ${transfer.id} returned to its sender`,
    // Unique: a transfer is returned by one entry at most, whatever runs the job.
    idempotencyKey: `peer-transfer:${transfer.id}:returned`,
    legs: [
      { userId: transfer.senderId, account: 'hold', amountCents: -transfer.amountCents },
      { userId: transfer.senderId, account: 'wallet', amountCents: transfer.amountCents },
    ],
  });
  await settleSenderSide(work, transfer, 'returned');
  await notify(work, [
    {
      userId: transfer.senderId,
      type: 'system',
      title: 'Transfer returned',
      message: `Your transfer of ${formatCents(transfer.amountCents)} (${TRANSFER_TYPE_LABELS[transfer.transferType]}) could not be delivered and is back in your balance`,
      link: '/more?wallet=open',
      dedupeKey: `transfer-returned:${transfer.id}`,
    },
  ]);
}

/** The transfer's new status, and the sender's history row with it. */
async function settleSenderSide(work: Work, transfer: HeldTransfer, status: 'completed' | 'returned') {
  await work.tx.update(peerTransfers).set({ status }).where(eq(peerTransfers.id, transfer.id));
  await work.tx
    .update(walletTransactions)
    .set({ status: status === 'completed' ? 'completed' : 'failed' })
    .where(
      and(eq(walletTransactions.transferId, transfer.id), eq(walletTransactions.userId, transfer.senderId)),
    );
}
