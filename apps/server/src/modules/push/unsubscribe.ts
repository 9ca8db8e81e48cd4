import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema';
import type { MemberActor } from '../../ports/auth';

/**
 * Turns pushes off for this device: the member's own subscription with this endpoint is deleted.
 * An endpoint that is not theirs (unknown, gone already, or another member's) changes nothing and
 * answers the same, so the route tells nobody whose a device is. Pushes still queued for it go
 * nowhere (modules/push/delivery.ts).
 */
export async function unsubscribeDevice(
  ctx: AppContext,
  { actor, endpoint }: { actor: MemberActor; endpoint: string },
): Promise<void> {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, actor.id)));
}
