import { AppError, ErrorCode, type SupportRequest } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { supportRequests } from '../../db/schema';
import { writeAudit } from '../../lib/audit';
import { settleClaimForDecision } from '../admin-queues';
import type { MemberActor } from '../auth';
import { presentSupportRequest } from './presenter';

/**
 * Marks a request answered, which frees the member's place under the open-request limit, with its
 * audit row in the same transaction. Closing a closed request changes nothing and records nothing;
 * an unknown one is a 404. Refused while another admin holds the request's claim (admin-queues);
 * closing releases it.
 */
export async function closeSupportRequest(
  ctx: AppContext,
  { actor, requestId, ip }: { actor: MemberActor; requestId: string; ip: string | null },
): Promise<SupportRequest> {
  return ctx.transact(async ({ tx }) => {
    await settleClaimForDecision(tx, { queue: 'support-requests', itemId: requestId, adminId: actor.id });
    const columns = {
      id: supportRequests.id,
      topic: supportRequests.topic,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
      userId: supportRequests.userId,
    };
    const [current] = await tx
      .select(columns)
      .from(supportRequests)
      .where(eq(supportRequests.id, requestId))
      .for('update');
    if (!current) throw new AppError(ErrorCode.NOT_FOUND, 'Support request not found');
    if (current.status === 'closed') return presentSupportRequest(current);
    const [closed] = await tx
      .update(supportRequests)
      .set({ status: 'closed' })
      .where(eq(supportRequests.id, requestId))
      .returning(columns);
    if (!closed) throw new Error('support request update returned no row');
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'support_request.close',
      reasonCode: 'admin_closed',
      targetType: 'support_request',
      targetId: requestId,
      memberId: current.userId,
      data: { member_id: current.userId, before: current.status, after: closed.status },
      ip,
    });
    return presentSupportRequest(closed);
  });
}
