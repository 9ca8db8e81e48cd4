import { AppError, ErrorCode, type SupportRequest } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { supportRequests } from '../../db/schema';
import { settleClaimForDecision } from '../admin-queues';
import type { MemberActor } from '../auth';
import { presentSupportRequest } from './presenter';

/**
 * Marks a request answered, which frees the member's place under the open-request limit. Closing a
 * closed request changes nothing; an unknown one is a 404. Refused while another admin holds the
 * request's claim (admin-queues); closing releases it.
 */
export async function closeSupportRequest(
  ctx: AppContext,
  { actor, requestId }: { actor: MemberActor; requestId: string },
): Promise<SupportRequest> {
  return ctx.transact(async ({ tx }) => {
    await settleClaimForDecision(tx, { queue: 'support-requests', itemId: requestId, adminId: actor.id });
    const [closed] = await tx
      .update(supportRequests)
      .set({ status: 'closed' })
      .where(eq(supportRequests.id, requestId))
      .returning({
        id: supportRequests.id,
        topic: supportRequests.topic,
        status: supportRequests.status,
        createdAt: supportRequests.createdAt,
      });
    if (!closed) throw new AppError(ErrorCode.NOT_FOUND, 'Support request not found');
    return presentSupportRequest(closed);
  });
}
