import { AppError, ErrorCode, type ReportReason, type ReportReply } from '@royal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { reports } from '../../db/schema';
import type { MemberActor } from '../auth';
import { blockMember, otherMember } from './block';

/** Reports still awaiting the moderators: one of them per reporter and member at a time. */
const UNSETTLED = ['open', 'reviewing'] as const;

/**
 * Files a report for the moderators' queue, and blocks the member too when asked, in one
 * transaction. The reported member is never told who reported them (nor that anyone did).
 */
export async function reportMember(
  ctx: AppContext,
  {
    actor,
    memberId,
    reason,
    details,
    block,
  }: { actor: MemberActor; memberId: string; reason: ReportReason; details: string; block: boolean },
): Promise<ReportReply> {
  return ctx.transact(async (work) => {
    await otherMember(work, actor, memberId, 'report');
    const [pending] = await work.tx
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, actor.id),
          eq(reports.reportedId, memberId),
          inArray(reports.status, UNSETTLED),
        ),
      )
      .for('update');
    if (pending) {
      throw new AppError(
        ErrorCode.CONFLICT,
        'You have already reported this member. Our team is reviewing it.',
      );
    }
    const [filed] = await work.tx
      .insert(reports)
      .values({ reporterId: actor.id, reportedId: memberId, reason, details })
      .returning({ id: reports.id, status: reports.status });
    if (block) await blockMember(ctx, { actor, memberId }, work);
    const { id, status } = filed as { id: string; status: ReportReply['status'] };
    return { id, status, blocked: block };
  });
}
