import { ECDH } from 'node:crypto';
import { AppError, ErrorCode, type PushSubscriptionInput } from '@royal/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pushSubscriptions, users } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';

/** Devices one member may have pushes on; a new one past it drops the oldest. */
export const PUSH_DEVICES_MAX = 10;

const KEYS_INVALID_TEXT = 'These are not the keys of a browser’s push subscription';

/**
 * Whether the keys can encrypt a push (RFC 8291): p256dh a point on P-256, auth 16 bytes. The shared
 * schema checks their form; a browser's always pass, keys that do not would fail every push.
 */
function usableKeys({ p256dh, auth }: PushSubscriptionInput['keys']): boolean {
  if (Buffer.from(auth, 'base64url').length !== 16) return false;
  try {
    ECDH.convertKey(Buffer.from(p256dh, 'base64url'), 'prime256v1');
    return Buffer.from(p256dh, 'base64url').length === 65;
  } catch {
    return false;
  }
}

/**
 * Turns pushes on for this device: the subscription is stored, or renewed (its keys, and it counts
 * as the newest) when the endpoint is known. An endpoint stored under another account moves to this
 * member: it is the same browser, signed in to another account now; the pushes still queued for the
 * other account then go nowhere (modules/push/delivery.ts sends a notice only to its owner's device).
 * Past PUSH_DEVICES_MAX the member's oldest devices are dropped. One transaction, under a lock on the
 * member's user row, so that two devices subscribing at once cannot both pass the limit.
 */
export async function subscribeDevice(
  ctx: AppContext,
  { actor, input }: { actor: MemberActor; input: PushSubscriptionInput },
): Promise<void> {
  if (!usableKeys(input.keys))
    throw new AppError(ErrorCode.VALIDATION_FAILED, KEYS_INVALID_TEXT, [
      { path: 'keys', message: KEYS_INVALID_TEXT },
    ]);
  await ctx.transact(async ({ tx }) => {
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${actor.id} for no key update`);
    await tx
      .insert(pushSubscriptions)
      .values({
        userId: actor.id,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId: actor.id,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          createdAt: sql`now()`,
          lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${actor.id} then ${pushSubscriptions.lastSuccessAt} end`,
        },
      });
    await tx.execute(sql`
      delete from ${pushSubscriptions} where ${pushSubscriptions.id} in (
        select id from ${pushSubscriptions} where user_id = ${actor.id}
        order by created_at desc, id desc offset ${PUSH_DEVICES_MAX}::int)`);
  });
}
