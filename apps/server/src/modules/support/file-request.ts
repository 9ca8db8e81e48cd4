import {
  AppError,
  ErrorCode,
  SUPPORT_OPEN_LIMIT_TEXT,
  SUPPORT_OPEN_REQUESTS_MAX,
  type SupportRequest,
  type SupportTopic,
} from '@royal/shared';
import { and, count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { supportRequests, users } from '../../db/schema';
import type { MemberActor } from '../auth';
import { presentSupportRequest } from './presenter';

/**
 * Files a support request for the team, unless the member already has SUPPORT_OPEN_REQUESTS_MAX
 * waiting for a reply (409). The member's row is locked first, so requests sent at the same moment
 * are counted one after the other and cannot all pass on the same count.
 */
export async function fileSupportRequest(
  ctx: AppContext,
  { actor, topic, message }: { actor: MemberActor; topic: SupportTopic; message: string },
): Promise<SupportRequest> {
  return ctx.transact(async ({ tx }) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [open] = await tx
      .select({ n: count() })
      .from(supportRequests)
      .where(and(eq(supportRequests.userId, actor.id), eq(supportRequests.status, 'open')));
    if ((open?.n ?? 0) >= SUPPORT_OPEN_REQUESTS_MAX) {
      throw new AppError(ErrorCode.CONFLICT, SUPPORT_OPEN_LIMIT_TEXT);
    }
    const [filed] = await tx.insert(supportRequests).values({ userId: actor.id, topic, message }).returning({
      id: supportRequests.id,
      topic: supportRequests.topic,
      status: supportRequests.status,
      createdAt: supportRequests.createdAt,
    });
    if (!filed) throw new Error('support request insert returned no row');
    return presentSupportRequest(filed);
  });
}
