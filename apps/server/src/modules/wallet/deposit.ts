import {
  AppError,
  type CheckoutReply,
  type DepositBody,
  ErrorCode,
  escrowLimitMessage,
  formatCents,
  NO_WALLET_TEXT,
  pendingDepositsLimitMessage,
  TIERS,
  tierCanDeposit,
} from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { checkouts, escrowWallets } from '../../db/schema';
import type { Work } from '../../db/transaction';
import { openCheckout } from '../payments';
import { runIdempotent } from './idempotency';
import { lockWallets, postEntry } from './ledger';
import type { Keyed } from './reply';

// Deposit: a checkout at the provider; the balance moves only when its verified webhook arrives.

/** How long a checkout stays payable at the provider (Stripe's default session lifetime). */
const OPEN_CHECKOUT_HOURS = 24;

export function requestDeposit(ctx: AppContext, { actor, key, input }: Keyed<DepositBody>) {
  return runIdempotent(
    ctx,
    { userId: actor.id, key, request: { operation: 'deposit', input } },
    async ({ tx }): Promise<CheckoutReply> => {
      const { maxEscrowCents } = TIERS[actor.tier];
      if (!tierCanDeposit(actor.tier)) throw new AppError(ErrorCode.TIER_REQUIRED, NO_WALLET_TEXT);
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
  await postEntry(work.tx, wallets, {
    type: 'deposit',
    description: `checkout ${input.checkoutId}`,
    providerEventId: input.eventId,
    legs: [
      { userId: input.userId, account: 'wallet', amountCents: input.amountCents },
      { platform: 'provider_clearing', amountCents: -input.amountCents },
    ],
    history: { userId: input.userId, amountCents: input.amountCents, transactionType: 'deposit' },
  });
}
