import {
  AppError,
  type CheckoutReply,
  type CursorQuery,
  type DepositBody,
  ErrorCode,
  escrowLimitMessage,
  formatCents,
  NO_WALLET_TEXT,
  pendingDepositsLimitMessage,
  ROMANCE_SCAM_WARNING_TEXT,
  TIERS,
  TRANSFER_GUARD,
  TRANSFER_NOT_CANCELLABLE_TEXT,
  TRANSFER_TYPE_LABELS,
  type TransferReply,
  type transferBodySchema,
  type WalletHistoryPage,
  type WithdrawalBody,
  type WithdrawalReply,
} from '@royal/shared';
import { and, asc, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import {
  checkouts,
  escrowWallets,
  peerTransfers,
  profiles,
  walletTransactions,
  withdrawals,
} from '../../db/schema';
import type { Work } from '../../db/transaction';
import { microsecondKey, timeAndIdCursor } from '../../lib/cursor';
import { pausePoint } from '../../lib/pause-point';
import type { MemberActor } from '../auth';
import { notify } from '../notifications';
import { openCheckout } from '../payments';
import { transferGuardReason } from './guardrails';
import { type IdempotentReply, runIdempotent } from './idempotency';
import { lockedWallet, lockWallets, postEntry, postEntryLockingLast } from './ledger';
import { transferRefusal, transferSenderById } from './policy';
import { presentHistoryItem, presentTransfer, presentWallet, presentWithdrawal } from './presenter';
import type { Keyed } from './reply';

const MINUTE_MS = 60_000;
const HISTORY_PAGE = 20;

// ---------------------------------------------------------------------------------------------
// Reading

export async function getWallet(ctx: AppContext, { actor }: { actor: MemberActor }) {
  const [row] = await ctx.db
    .select({ balanceCents: escrowWallets.currentBalanceCents, heldCents: escrowWallets.heldCents })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, actor.id));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'Wallet not found');
  return presentWallet(row, actor.tier);
}

/** The member's own movements, newest first (wallet_transactions_user_created_idx). */
export async function listHistory(
  ctx: AppContext,
  { actor, query }: { actor: MemberActor; query: CursorQuery },
): Promise<WalletHistoryPage> {
  const limit = query.limit ?? HISTORY_PAGE;
  const after = timeAndIdCursor.decode(query.cursor);
  const rows = await ctx.db
    .select({
      row: walletTransactions,
      counterpartyName: profiles.name,
      key: microsecondKey(walletTransactions.createdAt),
    })
    .from(walletTransactions)
    .leftJoin(profiles, eq(profiles.userId, walletTransactions.counterpartyId))
    .where(
      and(
        eq(walletTransactions.userId, actor.id),
        after
          ? sql`(${walletTransactions.createdAt}, ${walletTransactions.id}) < (${after.t}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row, counterpartyName }) => presentHistoryItem({ ...row, counterpartyName })),
    next_cursor:
      rows.length > limit && last ? timeAndIdCursor.encode({ t: last.key, id: last.row.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Deposit: a checkout at the provider; the balance moves only when its verified webhook arrives.

/** How long a checkout stays payable at the provider (Stripe's default session lifetime). */
const OPEN_CHECKOUT_HOURS = 24;

export function requestDeposit(ctx: AppContext, { actor, key, input }: Keyed<DepositBody>) {
  return runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'deposit', input } },
    async ({ tx }): Promise<CheckoutReply> => {
      const { maxEscrowCents } = TIERS[actor.tier];
      if (maxEscrowCents === 0) throw new AppError(ErrorCode.TIER_REQUIRED, NO_WALLET_TEXT);
      // The wallet row is locked so two deposits asked for at once are checked one after the other.
      const [wallet] = await tx
        .select({ balance: escrowWallets.currentBalanceCents, held: escrowWallets.heldCents })
        .from(escrowWallets)
        .where(eq(escrowWallets.userId, actor.id))
        .for('update');
      if (!wallet) throw new AppError(ErrorCode.NOT_FOUND, 'Wallet not found');
      // Checked when the member asks, counting the deposits still open at the provider (a checkout
      // lives 24 hours there): three checkouts opened side by side cannot together pass the maximum.
      // The webhook then credits what was paid (the money has been taken: refusing it would help
      // nobody). The maximum caps what a member puts in; transfers from others are not refused by
      // the receiver's balance, which would tell the sender something about it.
      const [open] = await tx
        .select({ cents: sql<string>`coalesce(sum(${checkouts.amountCents}), 0)` })
        .from(checkouts)
        .where(
          and(
            eq(checkouts.userId, actor.id),
            eq(checkouts.purpose, 'deposit'),
            eq(checkouts.status, 'open'),
            sql`${checkouts.createdAt} > now() - ${`${OPEN_CHECKOUT_HOURS} hours`}::interval`,
          ),
        );
      const held = wallet.balance + wallet.held;
      const pending = Number(open?.cents ?? 0);
      if (maxEscrowCents !== null && held + input.amount_cents > maxEscrowCents) {
        throw new AppError(ErrorCode.ESCROW_LIMIT, escrowLimitMessage(maxEscrowCents));
      }
      if (maxEscrowCents !== null && held + pending + input.amount_cents > maxEscrowCents) {
        throw new AppError(ErrorCode.ESCROW_LIMIT, pendingDepositsLimitMessage(maxEscrowCents, pending));
      }
      return openCheckout(ctx, tx, {
        userId: actor.id,
        email: actor.email,
        purpose: 'deposit',
        amountCents: input.amount_cents,
        description: `Escrow wallet deposit of ${formatCents(input.amount_cents)}`,
      });
    },
  );
}

/** The verified webhook of a paid deposit: credits the wallet once (the caller recorded the event). */
export async function creditDeposit(
  work: Work,
  input: { userId: string; amountCents: number; checkoutId: string; eventId: string },
) {
  const wallets = await lockWallets(work.tx, [input.userId]);
  if (!wallets.has(input.userId))
    throw new Error(`deposit for a member without a wallet (${input.checkoutId})`);
  const entryId = await postEntry(work.tx, wallets, {
    type: 'deposit',
    description: `checkout ${input.checkoutId}`,
    providerEventId: input.eventId,
    legs: [
      { userId: input.userId, account: 'wallet', amountCents: input.amountCents },
      { platform: 'provider_clearing', amountCents: -input.amountCents },
    ],
  });
  await work.tx.insert(walletTransactions).values({
    userId: input.userId,
    entryId,
    amountCents: input.amountCents,
    transactionType: 'deposit',
  });
}

// ---------------------------------------------------------------------------------------------
// Withdrawal, two phases: hold now (with the stored reply), post or release on the payout's result.

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

// ---------------------------------------------------------------------------------------------
// Peer transfers, with the scam guardrails.

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
      let transfer: typeof peerTransfers.$inferSelect | undefined;
      // The transfer's rows are written before the wallets are locked (postEntryLockingLast): two
      // members' transfers then queue only for the balance check and the wallet update.
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
        },
        async (entryId) => {
          [transfer] = await tx
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
          await tx.insert(walletTransactions).values({
            userId: actor.id,
            entryId,
            amountCents: -amount,
            transactionType: 'transfer',
            counterpartyId: input.receiver_id,
            transferType: input.transfer_type,
            message: transfer.message,
            transferId: transfer.id,
            status: held ? 'pending' : 'completed',
          });
          if (!held) await creditReceiver(work, transfer, entryId, actor.name);
        },
      );
      if (!transfer) throw new Error('transfer not written');
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

/** The receiver's side of an arrived transfer: the history row and a notification. */
async function creditReceiver(
  work: Work,
  transfer: typeof peerTransfers.$inferSelect,
  entryId: string,
  senderName: string,
) {
  await work.tx.insert(walletTransactions).values({
    userId: transfer.receiverId,
    entryId,
    amountCents: transfer.amountCents,
    transactionType: 'transfer',
    counterpartyId: transfer.senderId,
    transferType: transfer.transferType,
    message: transfer.message,
    transferId: transfer.id,
  });
  await notify(work, [
    {
      userId: transfer.receiverId,
      type: 'system',
      title: 'Transfer received',
      message: `${senderName} sent you ${formatCents(transfer.amountCents)} (${TRANSFER_TYPE_LABELS[transfer.transferType]})`,
      actorId: transfer.senderId,
      link: '/more?wallet=open',
      dedupeKey: `transfer:${transfer.id}`,
    },
  ]);
}

/** The sender cancels a held transfer during its cool-off: the amount returns to their balance. */
export function cancelTransfer(
  ctx: AppContext,
  { actor, transferId }: { actor: MemberActor; transferId: string },
) {
  return ctx.transact(async ({ tx }) => {
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
    return {
      transfer: presentTransfer(cancelled),
      new_balance_cents: lockedWallet(wallets, actor.id).balanceCents,
    };
  });
}

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
