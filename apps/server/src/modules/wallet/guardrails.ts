import { TRANSFER_GUARD } from '@royal/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { matches, peerTransfers } from '../../db/schema';

const HOUR_MS = 3_600_000;

export type GuardReason = 'new_match' | 'large_amount';

/**
 * Why a transfer needs the sender's confirmation and a cool-off hold (TRANSFER_GUARD), or null. A
 * large amount always does; otherwise the first transfer to someone matched less than 24 hours ago.
 * Members who never matched are not treated as a new match: the rule targets the scam pattern of a
 * fresh match asking for money.
 */
export async function transferGuardReason(
  tx: Db,
  input: { senderId: string; receiverId: string; amountCents: number; now: Date },
): Promise<GuardReason | null> {
  if (input.amountCents >= TRANSFER_GUARD.confirmAtCents) return 'large_amount';
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
