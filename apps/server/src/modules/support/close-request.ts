import { AppError, ErrorCode, type SupportRequest } from '@royal/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { supportRequests } from '../../db/schema';
import { presentSupportRequest } from './presenter';

/**
 * Marks a request answered, which frees the member's place under the open-request limit. Closing a
 * closed request changes nothing; an unknown one is a 404.
 */
export async function closeSupportRequest(
  ctx: AppContext,
  { requestId }: { requestId: string },
): Promise<SupportRequest> {
  const [closed] = await ctx.db
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
}
