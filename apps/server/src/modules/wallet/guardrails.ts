import { TRANSFER_GUARD } from '@royal/shared';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matches, peerTransfers } from '../../db/schema';

const HOUR_MS = 3_600_000;
/** The window of the large-amount rule: what one sender sent one member in the last day. */
const LARGE_AMOUNT_WINDOW_HOURS = 24;

export type GuardReason = 'new_match' | 'large_amount';

/**
 * Why a transfer needs the sender's confirmation and a cool-off hold (TRANSFER_GUARD), or null. A
 * large amount always does: this transfer with what the sender sent the same member in the last 24
 * hours (so five transfers just under the threshold are not five small ones); otherwise the first
 * transfer to someone matched less than 24 hours ago. Members who never matched are not treated as a
 * new match: the rule targets the scam pattern of a fresh match asking for money.
 */
export async function transferGuardReason(
  tx: Db,
  input: { senderId: string; receiverId: string; amountCents: number; now: Date },
): Promise<GuardReason | null> {
  if (input.amountCents >= TRANSFER_GUARD.confirmAtCents) return 'large_amount';
  const sentBefore = await sentWithinDay(tx, input);
  if (sentBefore + input.amountCents >= TRANSFER_GUARD.confirmAtCents) return 'large_amount';
  const [low, high] = [input.senderId, input.receiverId].sort() as [string, string];
  const since = new Date(input.now.getTime() - TRANSFER_GUARD.newMatchHours * HOUR_MS);
  const [recent] = await tx
    .select({ id: matches.id })
    .from(matches)
    .where(and(eq(matches.user1Id, low), eq(matches.user2Id, high), sql`${matches.createdAt} > ${since}`));
  if (!recent) return null;
  const [earlier] = await tx
    .select({ id: peerTransfers.id })
    .from(peerTransfers)
    .where(
      and(
        eq(peerTransfers.senderId, input.senderId),
        eq(peerTransfers.receiverId, input.receiverId),
        // A transfer still on hold does not count: until one has arrived, every new one is guarded.
        eq(peerTransfers.status, 'completed'),
      ),
    )
    .limit(1);
  return earlier ? null : 'new_match';
}

/**
 * What the sender sent the receiver in the day before `now`, held or delivered (not cancelled, not
 * returned): one range of peer_transfers_pair_idx. The pair's transfers take a transaction lock on
 * the pair first, so transfers sent side by side are counted one after the other: each sees the ones
 * committed before it, and five sent at once cannot each pass as the first.
 */
async function sentWithinDay(tx: Db, input: { senderId: string; receiverId: string; now: Date }) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`peer-transfer:${input.senderId}:${input.receiverId}`}, 0))`,
  );
  const [sent] = await tx
    .select({ cents: sql<string>`coalesce(sum(${peerTransfers.amountCents}), 0)` })
    .from(peerTransfers)
    .where(
      and(
        eq(peerTransfers.senderId, input.senderId),
        eq(peerTransfers.receiverId, input.receiverId),
        gt(peerTransfers.createdAt, new Date(input.now.getTime() - LARGE_AMOUNT_WINDOW_HOURS * HOUR_MS)),
        inArray(peerTransfers.status, ['held', 'completed']),
      ),
    );
  return Number(sent?.cents ?? 0);
}
