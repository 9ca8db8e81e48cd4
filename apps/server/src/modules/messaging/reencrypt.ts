import { and, asc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { messages } from '../../db/schema';
import { sealMessage } from '../../lib/message-crypto';
import { messageColumns } from './message-rows';
import { messageText } from './sealing';

// Key rotation (decision 008): stored messages sealed again with the current key, by the start-up
// pass (legacy plain text) and `npm run messages:keys` (messages-cli.ts).

/**
 * Encrypts with the current key the messages still held under an old key (after a rotation) or as
 * legacy plain text (written before encryption at rest), in batches of one transaction each;
 * returns how many were rewritten. `legacyOnly` (the start-up pass) leaves old-key rows alone: the
 * rotation command moves those.
 */
export async function reencryptMessages(
  ctx: Pick<AppContext, 'db' | 'messageKeys'>,
  { legacyOnly = false, batchSize = 500 }: { legacyOnly?: boolean; batchSize?: number } = {},
): Promise<{ reencrypted: number; unreadable: string[] }> {
  const ring = ctx.messageKeys;
  const unreadable: string[] = [];
  const pending = legacyOnly
    ? isNotNull(messages.legacyContent)
    : (or(sql`${messages.keyId} <> ${ring.current.id}`, isNotNull(messages.legacyContent)) as SQL);
  let reencrypted = 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const batch = await ctx.db
      .select(messageColumns)
      .from(messages)
      .where(and(pending, sql`${messages.id} > ${after}::uuid`))
      .orderBy(asc(messages.id))
      .limit(batchSize);
    const last = batch.at(-1);
    if (!last) return { reencrypted, unreadable };
    after = last.id;
    await ctx.db.transaction(async (tx) => {
      for (const row of batch) {
        let text: string;
        try {
          text = messageText(ctx, row);
        } catch {
          // Left as it is (and reported): re-encrypting a placeholder would destroy the evidence.
          unreadable.push(row.id);
          continue;
        }
        const sealed = sealMessage(ring, { id: row.id, matchId: row.matchId }, text);
        await tx
          .update(messages)
          .set({ ...sealed, legacyContent: null })
          .where(eq(messages.id, row.id));
        reencrypted += 1;
      }
    });
  }
}
