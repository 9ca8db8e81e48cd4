import {
  type Access,
  AppError,
  accessRefusal,
  ErrorCode,
  maxVisibleTier,
  paymentBlock,
  RECEIVER_UNAVAILABLE_TEXT,
  type TierLevel,
  TRANSFER_SELF_TEXT,
} from '@royal/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escrowWallets, profiles } from '../../db/schema';
import { type MemberActor, planRulesOf } from '../auth';
import { reachableBy } from '../members';

/** Who may send money: the transfer route's access, asked again when a held transfer is released. */
export const TRANSFER_ACCESS = { tier: 1 } as const satisfies Access;

/** The sender of a transfer, as its rules read them. */
export type TransferSender = Pick<MemberActor, 'id' | 'tier' | 'rules'>;

/**
 * Why `sender` may not send money to `receiverId` now, or null: every rule of a transfer, asked by
 * the transfer route and asked again when a held transfer's cool-off ends (a block, a hidden profile,
 * a lapsed plan or a deleted account during the cool-off sends the money back instead).
 *
 * The sender holds the route's access and may pay (a confirmed e-mail). The receiver is a member the sender could meet in the app
 * (the members' rule `reachableBy`: visible to them, no block either way, and within their tier
 * range or matched with them), who is not an Observer and has a wallet. Anyone else reads as
 * unknown, alike: a transfer must not tell whether an id exists, nor reveal the name of a hidden or
 * higher-tier member (their masked teaser hands out the id), nor open a message channel to them
 * beside the matches.
 */
export async function transferRefusal(
  tx: Db,
  sender: TransferSender,
  receiverId: string,
): Promise<AppError | null> {
  const own = senderRefusal(sender, receiverId);
  if (own) return own;
  const [receiver] = await tx
    .select({ id: profiles.userId })
    .from(profiles)
    .innerJoin(escrowWallets, eq(escrowWallets.userId, profiles.userId))
    .where(
      and(
        eq(profiles.userId, receiverId),
        payableBy({ id: sender.id, tier: sender.tier, maxTier: maxVisibleTier(sender.rules) }),
      ),
    );
  return receiver ? null : new AppError(ErrorCode.NOT_FOUND, RECEIVER_UNAVAILABLE_TEXT);
}

/** The sender's part of the rules, which needs no database: the route's access, a payment block, oneself. */
export function senderRefusal(sender: TransferSender, receiverId: string): AppError | null {
  const access = accessRefusal(sender.rules, TRANSFER_ACCESS) ?? paymentBlock(sender.rules);
  if (access) return new AppError(access.code, access.message);
  if (sender.id === receiverId) return new AppError(ErrorCode.VALIDATION_FAILED, TRANSFER_SELF_TEXT);
  return null;
}

/**
 * The receiver's part, as a condition on `profiles` (joined with the receiver's wallet by the
 * caller): a member the sender could meet in the app, not an Observer. Also read by the transfer
 * statement (transfer-statement.ts), where the sender is its input's columns.
 */
export function payableBy(sender: {
  id: string | SQL;
  tier: TierLevel | SQL;
  maxTier: TierLevel | SQL;
}): SQL {
  return and(reachableBy(sender), sql`${profiles.tierLevel} > 0`) as SQL;
}

/**
 * A member as the rules of a transfer read them now (their plan and roles, as the request's actor
 * has them), or null when their account or wallet is gone.
 */
export async function transferSenderById(tx: Db, userId: string): Promise<TransferSender | null> {
  const rules = (await planRulesOf(tx, [userId], { roles: true })).get(userId);
  if (!rules) return null;
  const [wallet] = await tx
    .select({ userId: escrowWallets.userId })
    .from(escrowWallets)
    .where(eq(escrowWallets.userId, userId));
  return wallet ? { id: userId, tier: rules.tier_level, rules } : null;
}
