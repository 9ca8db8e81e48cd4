import { createHash } from 'node:crypto';
import { AppError, ErrorCode, isAppError } from '@royal/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { BusMessage } from '../../adapters/bus';
import type { AppContext } from '../../context';
import { idempotencyKeys } from '../../db/schema';
import type { Work } from '../../db/transaction';

/** A money route's reply as first given, kept with its Idempotency-Key. */
export type IdempotentReply = { status: number; body: unknown; replayed: boolean };

export type IdempotentRequest = {
  userId: string;
  key: string;
  /** The route and its validated input: the same key with a different request is refused. */
  request: { operation: string; input: unknown };
};

/** What a key's row keeps of its request, to refuse the key reused for another (also record_transfer's input). */
export const requestHashOf = (request: IdempotentRequest['request']) =>
  createHash('sha256').update(JSON.stringify(request)).digest('base64url');

/**
 * Runs a money operation at most once per (member, Idempotency-Key), in one transaction with the
 * stored reply:
 * - the key row is inserted first; a concurrent duplicate blocks on its primary key until the first
 *   commits, then finds the row and returns the same reply (or rolls back, and then runs itself);
 * - a refusal the member caused (a 4xx AppError) is stored like a success, so every repeat gets the
 *   identical answer; the operation's writes are rolled back to a savepoint first;
 * - anything else (a crash, a provider outage, a 5xx) rolls the key back too, so a retry runs again.
 */
export async function runIdempotent(
  ctx: AppContext,
  { userId, key, request }: IdempotentRequest,
  operation: (work: Work) => Promise<unknown>,
): Promise<IdempotentReply> {
  const requestHash = requestHashOf(request);
  return ctx.transact(async (work) => {
    const inserted = await work.tx
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length === 0) {
      const [first] = await work.tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first || first.statusCode === null) throw new Error('idempotency key row without its reply');
      if (first.requestHash !== requestHash) throw new AppError(ErrorCode.IDEMPOTENCY_CONFLICT);
      return { status: first.statusCode, body: first.reply, replayed: true };
    }

    let status = 200;
    let body: unknown;
    // Events of a refused operation must not go out: they are collected here and only handed to the
    // unit of work when the savepoint survives.
    const events: BusMessage[] = [];
    try {
      body = await work.tx.transaction((savepoint) =>
        operation({ tx: savepoint, publish: (message) => events.push(message) }),
      );
      for (const event of events) work.publish(event);
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      status = error.status;
      body = error.toBody();
    }
    await work.tx
      .update(idempotencyKeys)
      .set({ statusCode: status, reply: body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return { status, body, replayed: false };
  });
}

/** How long a stored reply answers a repeated key; clients retry within minutes, not weeks. */
export const IDEMPOTENCY_RETENTION_DAYS = 30;

/** The job: forgets keys older than the retention (idempotency_keys_created_idx). */
export async function purgeIdempotencyKeys(ctx: AppContext, now = new Date()) {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_DAYS * 86_400_000);
  const purged = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return purged.length;
}
