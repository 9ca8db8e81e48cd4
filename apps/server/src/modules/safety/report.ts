import { AppError, ErrorCode, type ReportReason, type ReportReply } from '@royal/shared';
import type { AppContext } from '../../context';
import { reports } from '../../db/schema';
import type { MemberActor } from '../auth';
import { autoBlockIfSuspect } from './auto-block';
import { blockMember, otherMember } from './block';

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
    // One unsettled report per reporter and member: the partial unique index
    // reports_one_unsettled_per_pair decides, so two reports sent at the same moment cannot both land.
    const [filed] = await work.tx
      .insert(reports)
      .values({ reporterId: actor.id, reportedId: memberId, reason, details })
      .onConflictDoNothing()
      .returning({ id: reports.id, status: reports.status });
    if (!filed) {
      throw new AppError(
        ErrorCode.CONFLICT,
        'You have already reported this member. Our team is reviewing it.',
      );
    }
    if (block) await blockMember(ctx, { actor, memberId }, work);
    // A third member's report makes a suspect: blocked at once for members with Auto-block on.
    await autoBlockIfSuspect(work, memberId);
    const { id, status } = filed as { id: string; status: ReportReply['status'] };
    return { id, status, blocked: block };
  });
}
